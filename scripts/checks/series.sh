#!/bin/sh
# Bisectability and hygiene of the series, patch by patch, in the
# worktree $KSRC_WALK (objects in $KOBJ_WALK; make kernel-base builds the
# base there first):
#   applies    git am of this patch on top of the previous ones
#   kernel     incremental bzImage build with the config fragment
#              (this and the next four say "same" for a patch that
#              changes only tools/ and Documentation/: the kernel's
#              sources are those of the row before, which built them)
#   w1         the kernel .c files the series touches, rebuilt with W=1:
#              no warning that the base build does not have
#   sparse     the same files through sparse (C=2): no new warning
#   clang      the same files built with LLVM=1 (Debian's clang): no
#              new warning
#   nosyscall  vmlinux of tinyconfig + config/nosyscall.config (the
#              networking core, no bpf(2)) builds: the stubs of
#              include/linux/bpf.h
#   libbpf     libbpf build, once a patch has touched tools/lib/bpf
#   selftest   focused test_progs build, once the selftest is in
#   checkpatch the checkpatch check's result for the patch
#   headers    uapi bpf.h vs tools/ copy: same difference as in base
#   docs       scripts/bpf_doc.py syscall renders (rst2man --strict), and
#              every .rst the patch touches parses (rst2html --strict)
# The results are $check_dir/rows, "PATCH CELL..." a line in the order
# of $columns; the table ($check_dir/table.txt) and the TAP are both
# written from them. One TAP test per patch (its row), one for the bpf(2)
# page of the last state, and one per mutant of scripts/mutant.sh, run
# last in the same worktree. A row that passed is reused while the patches
# up to it, the fragments and the scripts are the same: a change to one
# patch rebuilds from that patch on. The base's warnings are reused the
# same way.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"
# shellcheck source=scripts/lib/kbuild.sh
. "$TOP/scripts/lib/kbuild.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"
tap_init

wt=$KSRC_WALK
obj=$KOBJ_WALK
rows=$check_dir/rows
columns="applies kernel w1 sparse clang nosyscall libbpf selftest checkpatch headers docs"
cache=$CACHE/series
mkdir -p "$cache"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086 # FRAGMENT is a list
cat $FRAGMENT "$TOP/config/nosyscall.config" "$0" "$TOP/scripts/lib.sh" "$TOP"/scripts/lib/*.sh \
	"$TOP/scripts/checks/checkpatch.sh" "$TOP/config/checkpatch.waivers" "$TOP/scripts/build/build-kernel.sh" \
	"$TOP/mk/test_progs.mk" "$TOP/mk/tests.mk" > "$tmp/scripts"
# the tools whose versions change the results: a new compiler, sparse
# or pahole makes every row again
for t in gcc clang sparse pahole; do
	printf '%s: %s\n' "$t" "$($t --version 2>&1 | head -n 1)"
done >> "$tmp/scripts"
base_key=$( (git -C "$KSRC" rev-parse base; cat "$tmp/scripts") | key_of -)
# The key of the row of patch number $1: the scripts and patches 1..$1,
# without the mail headers that name the whole series (its Message-Ids).
row_key() {
	(cat "$tmp/scripts"; head -n "$1" "$PATCHES/series" | while read -r q; do
		sed '1,/^$/{/^\(Message-Id\|In-Reply-To\|References\): /d}' "$PATCHES/$q"
	done) | key_of -
}

# "column=cell" for each cell of a row, so that a failing row says
# which column failed.
named_cells() { # cell...
	for c in $columns; do
		printf ' %s=%s' "$c" "$1"
		shift
	done
}
# The table, for people, and the TAP, a test per row: a row with no
# FAIL passes.
report_tap() {
	# shellcheck disable=SC2086 # the column names, one word each
	render_table "$rows" 62 patch $columns > "$check_dir/table.txt"
	# shellcheck disable=SC2086 # the cells, one word each
	while read -r p cells; do
		case " $cells " in
		*" FAIL "*) not_ok "series $p:$(named_cells $cells)" ;;
		*) ok "series $p: $cells" ;;
		esac
	done < "$rows"
	[ "$(grep -c . "$rows")" = "$(grep -c . "$PATCHES/series")" ] ||
		not_ok "series-check stopped before the last patch"
	# Like mainline, the series documents path_fd and BPF_F_PATH_FD at
	# their definitions in the uapi header, not in the command text the
	# page is made of: the page must still render and describe both.
	if grep -qx '\.B \\fBBPF_OBJ_PIN\\fP' "$check_dir/bpf.2" 2>/dev/null &&
	   grep -qx '\.B \\fBBPF_OBJ_GET\\fP' "$check_dir/bpf.2"; then
		ok "bpf(2) page of the series' tip, rendered by scripts/bpf_doc.py, describes BPF_OBJ_PIN and BPF_OBJ_GET"
	else
		not_ok "the rendered bpf(2) page ($check_dir/bpf.2) lacks BPF_OBJ_PIN or BPF_OBJ_GET"
	fi
	cat "$check_dir/table.txt" >&2
	# last, on the series' tip in the same worktree: the mutants
	RESULTS=$check_dir "$TOP/scripts/mutant.sh" "$wt" "$obj" 2>&1 >"$tmp/mutant.tap" |
		sed 's/^/    mutant: /' >&2 || true
	sed -n 's/^\(not \)\{0,1\}ok [0-9]* - /\1ok - /p' "$tmp/mutant.tap" > "$check_dir/mutant.rows"
	tap_from "$check_dir/mutant.rows"
	grep -q . "$check_dir/mutant.rows" || not_ok "the mutant check reported nothing (see stderr)"
	tap_done
}

# The first patch whose row must be made again; 0 if none.
first=0
i=0
while read -r p; do
	i=$((i + 1))
	[ -f "$cache/row-$(row_key $i)" ] || { first=$i; break; }
done < "$PATCHES/series"
: > "$rows"
if [ "$first" = 0 ]; then
	n=$(grep -c . "$PATCHES/series")
	i=0
	while [ "$i" -lt "$n" ]; do
		i=$((i + 1))
		cat "$cache/row-$(row_key $i)" >> "$rows"
	done
	cp "$cache/row-$(row_key "$n").bpf.2" "$check_dir/bpf.2"
	step "the series and the scripts are as when every row passed: rows reused"
	report_tap
	exit
fi
[ -f "$BZ_BASE" ] || die "$BZ_BASE is missing: make kernel-base"

PATH=/usr/bin:$PATH	# Debian's python3 with ply and docutils
git -C "$wt" am --abort >/dev/null 2>&1 || true
# Each row that passed leaves a ref to its commit. Resuming from the one
# before the first row to make again checks out only the files that
# differ from the worktree's state, so the builds stay incremental; from
# base, every file the series touches would be new to make.
ref() { echo "refs/series-rows/$(row_key "$1")"; }
resume=
[ "$first" -le 1 ] || resume=$(git -C "$wt" rev-parse -q --verify "$(ref $((first - 1)))" || true)
[ -n "$resume" ] && [ -f "$cache/base-$base_key.clang" ] ||
	git -C "$wt" checkout -q -f --detach base

headers="$wt/include/uapi/linux/bpf.h $wt/tools/include/uapi/linux/bpf.h"
git -C "$KSRC" show base:include/uapi/linux/bpf.h > "$tmp/base.h"
git -C "$KSRC" show base:tools/include/uapi/linux/bpf.h > "$tmp/base.tools.h"
uapi_diff "$tmp/base.h" "$tmp/base.tools.h" > "$tmp/base.diff"

# Plain docutils cannot parse Sphinx's toctree: for an index page, check
# that every entry names an existing page; parse any other page strictly.
check_rst() {
	if grep -q '^\.\. toctree::' "$1"; then
		awk '/^\.\. toctree::/ { t = 1; next } t && /^[^ \t]/ && NF { t = 0 }
		     t && /^   [^ :]/ { print $1 }' "$1" | while read -r e; do
			e=${e%.rst}
			[ -f "$(dirname "$1")/$e.rst" ] || { echo "$1: toctree entry $e: no such page" >&2; exit 1; }
		done
	else
		rst2html --strict --halt=warning --syntax-highlight=none "$1" > /dev/null
	fi
}
# The checkpatch column is the checkpatch check's result for the patch:
# make check runs that check first (mk/checks.mk), so checkpatch runs
# once. Run alone, this runs it.
if [ -f "$RESULTS/checkpatch/check.tap" ]; then
	cp "$RESULTS/checkpatch/check.tap" "$tmp/checkpatch"
else
	RESULTS=$tmp "$TOP/scripts/checks/checkpatch.sh" > "$tmp/checkpatch" 2>/dev/null || true
fi

# The kernel (not tools/) .c files that any patch of the series touches.
kobjs=$(sed -n 's|^diff --git a/\([^ ]*\)\.c b/.*|\1.o|p' "$PATCHES"/0*.patch |
	grep -v '^tools/' | sort -u)
[ -n "$kobjs" ] || die "the series touches no kernel .c file: nothing for W=1/sparse/clang"
# The warnings (and errors) of building $kobjs in object directory $1 with
# make arguments $2..., without line and column numbers, so that a
# warning that only moved does not count as new.
obj_warnings() {
	o=$1
	shift
	for f in $kobjs; do rm -f "$o/$f"; done
	# shellcheck disable=SC2086 # the objects, one word each
	{ kbuild_make "$*" -C "$wt" O="$o" -j"$NPROC" $kobjs 2>&1 >/dev/null ||
		echo "make: error: building $kobjs with $* failed"; } |
		grep -E '(warning|error):' | sed -E 's/:[0-9]+:([0-9]+:)? /: /' | sort -u || true
}
# One column: "ok" when the build of $kobjs with $3... gives no warning
# that $1 (the base's list) lacks; the new ones are kept in $2.new and
# printed.
no_new_warnings() {
	base=$1
	out=$2
	shift 2
	obj_warnings "$@" > "$out"
	comm -13 "$base" "$out" > "$out.new"
	if [ -s "$out.new" ]; then
		sed 's/^/    new: /' "$out.new" >&2
		echo FAIL
	else
		echo ok
	fi
}

if [ ! -f "$cache/base-$base_key.clang" ]; then
	step "the base: bzImage, warnings with W=1, sparse and clang, and without BPF_SYSCALL"
	"$TOP/scripts/build/build-kernel.sh" "$wt" "$obj" > /dev/null
	KMAKEARGS=LLVM=1 TARGET=prepare "$TOP/scripts/build/build-kernel.sh" "$wt" "$KOBJ_CLANG"
	obj_warnings "$obj" W=1 > "$cache/base-$base_key.w1"
	obj_warnings "$obj" C=2 > "$cache/base-$base_key.sparse"
	FRAGMENT="$TOP/config/nosyscall.config" TARGET=vmlinux \
		"$TOP/scripts/build/build-kernel.sh" "$wt" "$KOBJ_NOSYS" ||
		die "the base does not build without CONFIG_BPF_SYSCALL"
	obj_warnings "$KOBJ_CLANG" LLVM=1 > "$cache/base-$base_key.clang"
fi
for w in w1 sparse clang; do
	cp "$cache/base-$base_key.$w" "$tmp/$w.base"
done
[ -z "$resume" ] || git -C "$wt" checkout -q -f --detach "$resume"

# Whether patch $1 changes a file of the kernel build: any file outside
# tools/ and Documentation/.
touches_kernel() {
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$1" |
		grep -q -v -e '^tools/' -e '^Documentation/'
}
# The kernel cells of a row: kb w1 sp cl ns.
kernel_cells() {
	kb=ok
	"$TOP/scripts/build/build-kernel.sh" "$wt" "$obj" > /dev/null 2>"$tmp/kb" ||
		{ kb=FAIL; cat "$tmp/kb" >&2; }
	w1=$(no_new_warnings "$tmp/w1.base" "$tmp/w1" "$obj" W=1)
	sp=$(no_new_warnings "$tmp/sparse.base" "$tmp/sparse" "$obj" C=2)
	cl=$(no_new_warnings "$tmp/clang.base" "$tmp/clang" "$KOBJ_CLANG" LLVM=1)
	ns=ok
	FRAGMENT="$TOP/config/nosyscall.config" TARGET=vmlinux \
		"$TOP/scripts/build/build-kernel.sh" "$wt" "$KOBJ_NOSYS" 2>"$tmp/ns" ||
		{ ns=FAIL; cat "$tmp/ns" >&2; }
}

libbpf=no
selftest=no
i=0
while read -r p; do
	[ -n "$p" ] || continue
	i=$((i + 1))
	grep -q '^diff --git a/tools/lib/bpf/' "$PATCHES/$p" && libbpf=yes
	if [ "$i" -lt "$first" ]; then
		# passed before with the same patches up to here: apply only
		[ -n "$resume" ] || git -C "$wt" am -q "$PATCHES/$p" ||
			die "$p applied before and does not now"
		cat "$cache/row-$(row_key $i)" >> "$rows"
		continue
	fi
	step "checking $p"
	ap=FAIL kb=- w1=- sp=- cl=- ns=- lb=- st=- cp=FAIL hd=- dc=-
	if git -C "$wt" am -q "$PATCHES/$p" > "$tmp/am" 2>&1; then
		ap=ok
		if touches_kernel "$PATCHES/$p"; then
			kernel_cells
		else
			# the kernel's sources are those of the row before
			kb=same w1=same sp=same cl=same ns=same
		fi
		if [ "$libbpf" = yes ]; then
			lb=ok
			mkdir -p "$LIBBPF_CHECK"
			make -s -j"$NPROC" -C "$wt/tools/lib/bpf" OUTPUT="$LIBBPF_CHECK/" >"$tmp/lb" 2>&1 ||
				{ lb=FAIL; cat "$tmp/lb" >&2; }
		fi
		# the tests of mk/test_progs.mk that this patch's tree has
		tests=$(for t in $SERIES_TESTS; do
			[ ! -f "$wt/tools/testing/selftests/bpf/prog_tests/$t.c" ] || echo "$t"
		done)
		[ -n "$tests" ] && selftest=yes
		if [ "$selftest" = yes ]; then
			st=ok
			make -s -j"$NPROC" -f "$TOP/mk/test_progs.mk" KSRC="$wt" OUT="$TPOUT_CHECK" \
				TESTS="$(echo $tests)" >"$tmp/st" 2>&1 ||
				{ st=FAIL; cat "$tmp/st" >&2; }
		fi
		# shellcheck disable=SC2086
		uapi_diff $headers > "$tmp/now.diff"
		cmp -s "$tmp/base.diff" "$tmp/now.diff" && hd=ok || hd=FAIL
		dc=ok
		python3 "$wt/scripts/bpf_doc.py" --filename "$wt/include/uapi/linux/bpf.h" syscall > "$tmp/syscall.rst" &&
			rst2man --strict --halt=warning "$tmp/syscall.rst" > "$tmp/bpf.2" || dc=FAIL
		for f in $(sed -n 's|^diff --git a/\(.*\.rst\) b/.*|\1|p' "$PATCHES/$p"); do
			check_rst "$wt/$f" || dc=FAIL
		done
	else
		cat "$tmp/am" >&2
		git -C "$wt" am --abort >/dev/null 2>&1 || true
	fi
	grep -q "^ok [0-9]* - checkpatch $p: clean" "$tmp/checkpatch" && cp=ok
	echo "$p $ap $kb $w1 $sp $cl $ns $lb $st $cp $hd $dc" > "$tmp/row"
	cat "$tmp/row" >> "$rows"
	case "$ap $kb $w1 $sp $cl $ns $lb $st $cp $hd $dc" in
	*FAIL*) ;;
	*)	# a row that passed is kept, with the page of its state
		cp "$tmp/bpf.2" "$cache/row-$(row_key $i).bpf.2"
		cp "$tmp/row" "$cache/row-$(row_key $i)"
		git -C "$wt" update-ref "$(ref $i)" HEAD ;;
	esac
	[ "$ap" = ok ] || break
done < "$PATCHES/series"
# The rendered page of the last state, for people to read.
cp "$tmp/bpf.2" "$check_dir/bpf.2" 2>/dev/null || true
report_tap
