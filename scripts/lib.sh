# Shared settings and helpers for the scripts in this directory.
# Sourced, not run: every path can be overridden from the environment.

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
KSRC=${KSRC:-$BUILD/linux}
KOBJ=${KOBJ:-$BUILD/kbuild}
TPOUT=${TPOUT:-$BUILD/selftests}
PATCHES=${PATCHES:-$TOP/patches}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
FRAGMENT=${FRAGMENT:-$TOP/config/minimal.config}
NPROC=$(nproc)

# An interrupted script exits through its EXIT trap, which removes its
# temporary files and undoes half-done work.
trap 'exit 130' INT TERM

# Progress and errors go to stderr, prefixed with the script's name.
me=$(basename "$0")
step() { printf '==> %s: %s\n' "$me" "$*" >&2; }
die() { printf '%s: error: %s\n' "$me" "$*" >&2; exit 1; }

# sha256 of the patches listed in patches/series, in order.
series_hash() {
	[ -f "$PATCHES/series" ] || die "$PATCHES/series is missing"
	while read -r p; do
		[ -n "$p" ] || continue
		[ -f "$PATCHES/$p" ] || die "patch $p listed in series is missing"
		cat "$PATCHES/$p"
	done < "$PATCHES/series" | sha256sum | cut -d' ' -f1
}

# The bpf_obj_pinning subtests, in order, as declared in the test source
# of tree $1 (default $KSRC), plus the final leak check.
subtest_names() {
	sed -n 's/^\t{ "\([a-z0-9_]*\)", test_[a-z0-9_]* },$/\1/p' \
		"${1:-$KSRC}/tools/testing/selftests/bpf/prog_tests/bpf_obj_pinning.c"
	echo no_leaks
}

# Result of subtest $2 in test_progs log $1: OK, FAIL, SKIP or MISSING.
subtest_result() {
	r=$(sed -n "s|^#[0-9]*/[0-9]* *bpf_obj_pinning/$2:\([A-Z]*\).*|\1|p" "$1" | tail -n 1)
	echo "${r:-MISSING}"
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

# git format-patch of base..HEAD of $KSRC into directory $1, with the
# options that make the files the same whoever runs it and whatever else
# the repository holds: no commit ids, a fixed prefix, and a fixed
# abbreviation length for blob ids (git's default grows with the number
# of objects). Extra arguments are passed on (--cover-letter ...).
format_series() {
	out=$1
	shift
	git -C "$KSRC" -c core.abbrev=12 format-patch -q -o "$out" --zero-commit \
		--subject-prefix="PATCH v2" "$@" base..HEAD
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
