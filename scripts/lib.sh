# shellcheck shell=sh
# Shared settings and helpers for the scripts under scripts/ and
# tests/tooling/. Sourced, not run: every path can be overridden from the
# environment.

# The repository: the nearest directory above the script with this file.
TOP=$(cd "$(dirname "$0")" && while [ ! -f scripts/lib.sh ] && [ "$PWD" != / ]; do cd ..; done && pwd)
# The facts of mk/*.mk (paths, test lists, the arch matrix), from the
# file make writes of them (mk/env.mk): made again, by one make call,
# only when an .mk file or the Makefile is newer than it.
BUILD=${BUILD:-$TOP/build}
env_sh=$BUILD/env.sh
if [ ! -f "$env_sh" ] || [ -n "$(find "$TOP/Makefile" "$TOP/mk" -newer "$env_sh" 2>/dev/null | head -n 1)" ]; then
	make -s --no-print-directory -C "$TOP" BUILD="$BUILD" env >&2 ||
		{ echo "lib.sh: error: make could not write $env_sh" >&2; exit 1; }
fi
# shellcheck source=/dev/null # generated: NAME=${NAME:-value} lines
. "$env_sh"
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
FRAGMENT=${FRAGMENT:-$TOP/config/minimal.config}
# shellcheck disable=SC2034 # for the scripts that source this file
NPROC=$(nproc)

# An interrupted script exits through its EXIT trap, which removes its
# temporary files and undoes half-done work.
trap 'exit 130' INT TERM

# Progress and errors go to stderr, prefixed with the script's name.
me=$(basename "$0")
step() { printf '==> %s: %s\n' "$me" "$*" >&2; }
die() { printf '%s: error: %s\n' "$me" "$*" >&2; exit 1; }
# A new console log path for a guest run by RUNNER that was not given
# one: $RESULTS/runs/RUNNER-<time>-<pid>.log. The newest 200 logs there
# are kept.
run_log() { # runner
	mkdir -p "$RESULTS/runs"
	# shellcheck disable=SC2012 # names are ours: no spaces
	ls -t "$RESULTS/runs" | tail -n +200 | sed "s|^|$RESULTS/runs/|" | xargs rm -f
	echo "$RESULTS/runs/$1-$(date +%Y%m%d-%H%M%S)-$$.log"
}
# The arguments as one shell command line, each single-quoted: what a
# guest's shell runs (vmrun's /vmrun/cmd, vng's command string).
shell_quote() {
	for q_arg in "$@"; do
		# the X keeps trailing newlines from the command substitution
		q_arg=$(printf '%sX' "$q_arg" | sed "s/'/'\\\\''/g")
		printf "'%s' " "${q_arg%X}"
	done
}

# A check (scripts/checks/, tests/tooling/) reports in TAP on stdout and
# keeps its files in $RESULTS/<check>/: tap_init NAME, then one ok,
# not_ok or skip per test, then tap_done, which prints the plan and
# fails if any test failed. A skip is never a pass.
tap_init() {
	check_dir=$RESULTS/$1
	rm -rf "$check_dir"
	mkdir -p "$check_dir"
	tap_n=0
	tap_bad=0
}
tap_line() { echo "$*" | tee -a "$check_dir/result.tap"; }
ok() { tap_n=$((tap_n + 1)); tap_line "ok $tap_n - $*"; }
not_ok() { tap_n=$((tap_n + 1)); tap_bad=$((tap_bad + 1)); tap_line "not ok $tap_n - $*"; }
skip() { tap_n=$((tap_n + 1)); tap_line "ok $tap_n - # SKIP $*"; }
# ok or not_ok for each line "ok - TEXT" or "not ok - TEXT" of file $1.
tap_from() {
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok "${line#ok - }" ;;
		"not ok - "*) not_ok "${line#not ok - }" ;;
		esac
	done < "$1"
}
tap_done() {
	tap_line "1..$tap_n"
	[ "$tap_bad" = 0 ]
}
# ok or not_ok: the command's exit status is $1. Its output is kept in
# $check_dir/last.out and shown when it is not.
#   expect_status STATUS DESCRIPTION COMMAND...
expect_status() {
	want=$1
	what=$2
	shift 2
	got=0
	"$@" > "$check_dir/last.out" 2>&1 || got=$?
	if [ "$got" = "$want" ]; then
		ok "$what"
	else
		not_ok "$what: exit status $got, not $want"
		sed 's/^/# /' "$check_dir/last.out" | tail -n 20
	fi
}

# sha256 of the patches listed in patches/series, in order.
series_hash() {
	[ -f "$PATCHES/series" ] || die "$PATCHES/series is missing"
	while read -r p; do
		[ -n "$p" ] || continue
		[ -f "$PATCHES/$p" ] || die "patch $p listed in series is missing"
		cat "$PATCHES/$p"
	done < "$PATCHES/series" | sha256sum | cut -d' ' -f1
}

# The project's test_progs tests (PROJECT_TESTS of mk/tests.mk), in the
# form test_progs -t takes.
TP_TESTS=$(echo "$PROJECT_TESTS" | tr ' ' ,)
[ -n "$TP_TESTS" ] || die "PROJECT_TESTS of mk/tests.mk is empty"
# 6.1's own tests that pin and get, as mk/tests.mk lists them; with an
# arch of the matrix, those that run there (mk/arches.mk)
upstream_tests() { # [arch]
	if [ -n "${1:-}" ]; then eval "echo \$UPSTREAM_$1"; else echo "$UPSTREAM_TESTS"; fi
}
# The matrix's arches besides x86_64 (mk/arches.mk), as ARCHES narrows it
# (make exports CROSS_ARCHES; a script run alone gets the file's).
cross_arches() {
	echo "$CROSS_ARCHES"
}

# Every subtest, as "test/subtest", that the sources of the TP_TESTS in
# the series tree ($KSRC) declare: by test__start_subtest("name") or in
# a table of { "name", test_fn } entries.
subtest_names() {
	for t in $(echo "$TP_TESTS" | tr , ' '); do
		f=$TOP/tests/prog_tests/$t.c
		[ -f "$f" ] || f=$KSRC/tools/testing/selftests/bpf/prog_tests/$t.c
		[ -f "$f" ] || die "$t.c is in neither tests/prog_tests nor the tree's prog_tests"
		sed -n -e 's/.*test__start_subtest("\([a-z0-9_-]*\)").*/\1/p' \
		       -e 's/^\t{ "\([a-z0-9_-]*\)", test_[a-z0-9_]* },$/\1/p' \
			"$f" | sed "s|^|$t/|"
	done
}

# Result of subtest $2 ("test/subtest") in test_progs log $1: OK, FAIL,
# SKIP or MISSING.
subtest_result() {
	r=$(sed -n "s|^#[0-9]*/[0-9]* *$2:\([A-Z]*\).*|\1|p" "$1" | tail -n 1)
	echo "${r:-MISSING}"
}
# guest/part prints "guest-status NAME STATUS LAST-LINE" after each part
# of a guest run: the last STATUS of part NAME in LOG (a number, or
# "absent"), empty if the part never reported; and its LAST-LINE.
guest_status() { # log name
	sed -n "s/^guest-status $2 \([0-9a-z]*\)\( .*\)\{0,1\}$/\1/p" "$1" | tail -n 1
}
guest_last() { # log name
	sed -n "s/^guest-status $2 [0-9a-z]* //p" "$1" | tail -n 1
}
# TAP for the runner's own status of a guest run: 0, or it failed the
# run (a kernel report, a panic, a timeout; see the console LOG).
tap_run_status() { # status what log
	if [ "$1" = 0 ]; then
		ok "$2: the guest run ended cleanly (vmrun status 0)"
	else
		not_ok "$2: the guest run: vmrun status $1 (log: $3)"
	fi
}
# TAP for a test_progs run of $TP_TESTS whose output is in LOG and whose
# runner exited STATUS: one test per subtest the sources declare (a
# skipped or missing one fails), then one for the run, which must exit 0
# with nothing skipped or failed. PREFIX goes before each test's name.
tap_test_progs() { # log status [prefix]
	for n in $(subtest_names); do
		r=$(subtest_result "$1" "$n")
		if [ "$r" = OK ]; then ok "${3:-}$n"; else not_ok "${3:-}$n: $r"; fi
	done
	summary=$(grep '^Summary:' "$1" || true)
	echo "${summary:-test_progs printed no summary}" >&2
	if [ "$2" = 0 ] && echo "$summary" | grep -q ' 0 SKIPPED, 0 FAILED$'; then
		ok "${3:-}test_progs run: $summary"
	else
		not_ok "${3:-}test_progs run (runner status $2): ${summary:-no summary}; log: $1"
	fi
}

# A clone of $KSRC in directory $1 on a new branch $3 at base, with only
# the files that the patches in directory $2 touch checked out: git am
# of those patches works as in a full tree, in a second instead of the
# minute a checkout of the whole tree takes.
#   scratch_clone DIR PATCHES_DIR BRANCH
scratch_clone() {
	git clone -q --shared --no-checkout "$KSRC" "$1"
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|/\1|p' "$2"/0*.patch | sort -u |
		git -C "$1" sparse-checkout set --no-cone --stdin
	git -C "$1" checkout -q -B "$3" base
}

# True if the running kernel is Linux 6.5 or later (has BPF_F_PATH_FD).
host_has_path_fd() {
	v=$(uname -r)
	major=${v%%.*}
	minor=${v#*.}
	minor=${minor%%[!0-9]*}
	[ "$major" -gt 6 ] || { [ "$major" = 6 ] && [ "$minor" -ge 5 ]; }
}

# Unpack kernel tarball $1 into the new directory $2.tmp and print that
# path; the caller renames it to $2 when it is complete, so a failed or
# interrupted run never leaves a half-made tree at $2. The caller's EXIT
# trap should remove $2.tmp.
unpack_to_tmp() {
	[ -f "$1" ] || die "$1 not found: install its Debian package (make deps)"
	rm -rf "$2.tmp"
	mkdir -p "$2.tmp"
	step "unpacking $1"
	tar -xJf "$1" -C "$2.tmp" --strip-components=1
	echo "$2.tmp"
}

# The series' place in the mail: the tree it is for and its version.
SUBJECT_PREFIX="PATCH bpf-next v4"

# git format-patch of base..HEAD of $KSRC into directory $1, as mail that
# git send-email would send: every message threaded to the cover letter,
# To the lists and Cc the people that scripts/get_maintainer.pl names for
# the whole series, each patch's changelog (its git note) below its
# "---". The files are the same whoever runs it and whatever
# else the repository holds: no commit ids, a fixed abbreviation length
# for blob ids (git's default grows with the number of objects), and
# Message-Ids and the cover letter's Date made from the commits rather
# than from the clock. Extra arguments are passed on (--cover-letter ...).
format_series() {
	out=$1
	shift
	git -C "$KSRC" diff base..HEAD > "$out.diff"
	# One --to per list and one --cc per person, so that git folds the
	# headers as git send-email would send them. get_maintainer.pl's
	# order of people comes from a Perl hash: a fixed hash seed makes it
	# the same on every run. The subsystem's list comes first.
	set -- "$@" --to=bpf@vger.kernel.org
	while read -r addr; do
		[ -z "$addr" ] || [ "$addr" = bpf@vger.kernel.org ] || set -- "$@" --to="$addr"
	done <<-EOF
	$(cd "$KSRC" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git --no-git-fallback --no-rolestats --no-m --no-r "$out.diff")
	EOF
	while read -r addr; do
		[ -z "$addr" ] || set -- "$@" --cc="$addr"
	done <<-EOF
	$(cd "$KSRC" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git --no-git-fallback --no-rolestats --no-l "$out.diff")
	EOF
	rm -f "$out.diff"
	# the VFS people who reviewed mainline's posting of the same change
	for addr in "Christian Brauner <brauner@kernel.org>" \
		"Aleksa Sarai <cyphar@cyphar.com>" \
		"Lennart Poettering <lennart@poettering.net>" \
		linux-fsdevel@vger.kernel.org; do
		set -- "$@" --cc="$addr"
	done
	case "$*" in
	*--to=*--cc=*) ;;
	*) die "get_maintainer.pl named no lists or no people" ;;
	esac
	# the cover letter's text as the branch description, for this
	# command only: no check writes the tree's git config
	git -C "$KSRC" -c core.abbrev=12 \
		-c "branch.series.description=$(cat "$PATCHES/cover.txt")" \
		format-patch -q -o "$out" --zero-commit \
		--subject-prefix="$SUBJECT_PREFIX" --thread=shallow --notes "$@" base..HEAD
	stable_mail_ids "$out"
}

# Replace the clock-made Message-Ids of the mail in directory $1 (and
# their uses in In-Reply-To/References) by ids made from the tree of the
# series tip and each message's number, and give a cover letter the Date
# of the last patch.
stable_mail_ids() {
	tree=$(git -C "$KSRC" rev-parse --short=12 'HEAD^{tree}')
	domain=$(git -C "$KSRC" log -1 --format=%ae | sed 's/.*@//')
	script=
	for f in "$1"/0*.patch; do
		num=$(basename "$f" | cut -c1-4)
		old=$(sed -n 's/^Message-Id: <\(.*\)>$/\1/p' "$f")
		[ -n "$old" ] || die "$f has no Message-Id"
		script="${script}s|<$old>|<bpf-path-fd-${SUBJECT_PREFIX##* }-$num-$tree@$domain>|g;"
	done
	last=$(ls "$1"/0*.patch | tail -n 1)
	date=$(sed -n 's/^Date: //p' "$last" | head -n 1)
	for f in "$1"/0*.patch; do
		sed -i "$script" "$f"
		case $f in
		*/0000-cover-letter.patch) sed -i "1,/^$/s|^Date: .*|Date: $date|" "$f" ;;
		esac
	done
}

# The lines in which a uapi bpf.h ($1) and its tools/ copy ($2) differ,
# without diff's line numbers (so that an edit elsewhere in the file does
# not count as a change of the difference).
uapi_diff() {
	for f in "$1" "$2"; do
		[ -f "$f" ] || die "$f is missing"
	done
	diff "$1" "$2" | grep '^[<>]' || true
}

# Median of the numbers on standard input, "-" if there are none.
median() {
	sort -g | awk '{ v[NR] = $1 }
		END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
		      else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# "min..max" of the numbers on standard input, to 3 decimals, "-" if
# there are none.
spread() {
	sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 }
		END { if (NR) printf "%.3f..%.3f\n", lo, hi; else print "-" }'
}

# One row of a benchmark table: label, value, spread (the range of the
# samples the value is the median of), target and a verdict saying
# whether value meets target under comparison $1 (">=" or "<=") and, if
# not, by how much ($6 is the unit: "%" or " s"). The value is compared
# as given and shown with printf format $7 (default %.3f).
bench_row() {
	awk -v op="$1" -v label="$2" -v v="$3" -v sp="$4" -v t="$5" -v unit="$6" \
	    -v fmt="${7:-%.3f}" 'BEGIN {
		if (v == "-") verdict = "NO DATA";
		else if (t == "-") verdict = "(context)";
		else if (op == ">=" && v + 0 >= t + 0) verdict = "met";
		else if (op == "<=" && v + 0 <= t + 0) verdict = "met";
		else if (unit == "%") verdict = sprintf("MISSED by %.1f%%", (t - v) / t * 100);
		else verdict = sprintf("MISSED by %.1f%s", v - t, unit);
		shown = v == "-" ? v : sprintf(fmt, v)
		printf "%-46s %8s %-13s %7s  %s\n", label, shown, sp, (t == "-" ? "-" : op t), verdict
	}'
}
bench_header() { printf '%-46s %8s %-13s %7s  %s\n' "$1" "$2" range target verdict; }
