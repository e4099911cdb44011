#!/bin/sh
# Every line the series changes in the files of mk/coverage.mk that can
# run must have run in the tests: the debug kernel (gcov on those kernel
# objects) boots the coverage guest (guest/coverage-suite: the project's
# tests with a libbpf built --coverage, the unprivileged checks and an
# LSM refusing a pin),
# which prints the counters on the console; gcov reads them here with
# the build's notes files. One TAP test per file, failing on a changed
# line that ran zero times; the per-line table is
# $RESULTS/coverage/table.txt, gcov's own output beside it.
#   checks/coverage.sh [DEBUG_BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

kernel=${1:-$BZ_DEBUG}
[ -f "$kernel" ] || die "$kernel is missing (make kernel-debug)"
[ -f "$INITRAMFS_COV" ] || die "$INITRAMFS_COV is missing (make initramfs-cov)"
tap_init
out=$check_dir
rm -rf "$out/gcov"
files="$COVERAGE_KERNEL $COVERAGE_LIBBPF"

# Where each file's notes (.gcno) are, and the end of its counters'
# path in the guest.
objdir() {
	case $1 in
	tools/lib/bpf/*) echo "$TPOUT_COV/libbpf/staticobjs" ;;
	*) echo "$KOBJ_DEBUG/$(dirname "$1")" ;;
	esac
}
# where its compiler ran: gcov finds the source by the path it had there
srcdir() {
	case $1 in
	tools/lib/bpf/*) echo "$KSRC/tools/lib/bpf" ;;
	*) echo "$KOBJ_DEBUG" ;;
	esac
}
suffix() {
	b=$(basename "$1" .c).gcda
	case $1 in
	tools/lib/bpf/*) echo "staticobjs/$b" ;;
	*) echo "$(dirname "$1")/$b" ;;
	esac
}

# A C file the series changes that is not measured fails.
for f in $(git -C "$KSRC" diff --name-only base..series -- 'kernel/*.c' 'tools/lib/bpf/*.c'); do
	case " $files " in
	*" $f "*) ok "coverage: $f is measured" ;;
	*) not_ok "coverage: $f is changed by the series but not in mk/coverage.mk" ;;
	esac
done

step "coverage run on $kernel, log in $out/console.log"
rc=0
# shellcheck disable=SC2046 # one suffix a word
"$TOP/scripts/vmrun" -k "$kernel" -i "$INITRAMFS_COV" -t 900 -l "$out/console.log" -- \
	coverage-suite "$TP_TESTS" $(for f in $files; do suffix "$f"; done) >/dev/null 2>"$out/vmrun.err" || rc=$?
tap_run_status "$rc" "coverage" "$out/console.log"
tap_parts "$out/console.log" "coverage: " test_progs obj_unpriv lsm_deny

printf '%-24s %6s %8s  %s\n' file line count source > "$out/table.txt"
for f in $files; do
	s=$(suffix "$f")
	dir=$out/gcov/$(dirname "$f")
	mkdir -p "$dir"
	b=$(basename "$f" .c)
	awk -v s="$s" '$0 == "coverage-end " s { exit } p { print } $0 == "coverage-file " s { p = 1 }' \
		"$out/console.log" | base64 -d > "$dir/$b.gcda" 2>/dev/null || true
	cp "$(objdir "$f")/$b.gcno" "$dir/" 2>/dev/null || true
	if [ ! -s "$dir/$b.gcda" ] || [ ! -s "$dir/$b.gcno" ] ||
	   ! (cd "$(srcdir "$f")" && gcov -t -o "$dir" "$KSRC/$f" > "$dir/$b.c.gcov" 2>"$dir/gcov.err") ||
	   ! grep -q ':    1:' "$dir/$b.c.gcov"; then
		not_ok "coverage $f: no counters ($s not in the console log, or gcov failed: $dir)"
		continue
	fi
	# the lines the series adds or changes, by their number in the new file
	lines=$(git -C "$KSRC" diff -U0 base..series -- "$f" |
		sed -n 's/^@@ -[0-9,]* +\([0-9]*\)\(,\([0-9]*\)\)\{0,1\} @@.*/\1 \3/p' |
		while read -r start count; do
			i=0
			while [ "$i" -lt "${count:-1}" ]; do
				echo $((start + i))
				i=$((i + 1))
			done
		done)
	# gcov: "COUNT:LINE:SOURCE", COUNT "-" (no code), "#####" (never
	# run) or a number, with "*" when part of the line's code did not run
	run=0 missed=0 nocode=0 missing=
	for l in $lines; do
		line=$(awk -F: -v l="$l" '{ n = $2; gsub(/ /, "", n) } n == l {
			c = $1; gsub(/ /, "", c); src = $0; sub(/^[^:]*:[^:]*:/, "", src)
			print c "\t" src; exit }' "$dir/$b.c.gcov")
		c=${line%%	*}
		src=${line#*	}
		case $c in
		-) nocode=$((nocode + 1)) ;;
		'#####'|'====='|'') missed=$((missed + 1)); missing="$missing $l" ;;
		*) run=$((run + 1)) ;;
		esac
		printf '%-24s %6s %8s  %s\n' "$f" "$l" "${c:-?}" "$src" >> "$out/table.txt"
	done
	if [ "$run" -gt 0 ] && [ "$missed" = 0 ]; then
		ok "coverage $f: all $run changed lines with code ran ($nocode without code)"
	else
		not_ok "coverage $f: changed lines never run:${missing:- none, but none ran either} ($out/table.txt)"
	fi
done
cat "$out/table.txt" >&2
tap_done
