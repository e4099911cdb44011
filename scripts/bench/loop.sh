#!/bin/sh
# make bench, table 2: the developer loop, in wall-clock seconds.
#   - cold make on a fresh clone of HEAD (packages already installed),
#     only with BENCH_COLD=1: it takes 10 minutes or more
#   - make again with nothing changed
#   - make check again with nothing changed (BENCH_CHECK=0 leaves it out)
#   - touch kernel/bpf/syscall.c, make: kernel rebuild, boot, selftests
#     (the compiler cache has the object: an unchanged file), 3 times
#   - the same with a comment added to it: a compile the cache cannot
#     serve; the file is restored and made again afterwards
#   - guest boot to the first test output, TCG (and KVM if kvm-probe
#     says a guest boots with it here)
#   - boot to result, TCG: from starting the runner to its exit with
#     test_progs -t bpf_obj_pinning's status, for vmrun (initramfs) and
#     for vng (the host's filesystem over 9p, virtme-init, udev)
# Every make runs in a clean environment (env -i), as a user would type
# it, without the MAKEFLAGS of the make that runs this; the cold one also
# without BUILD and PREFIX, the others with this run's BUILD and PREFIX.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"
# shellcheck source=scripts/lib/bench.sh
. "$TOP/scripts/lib/bench.sh"

out=$RESULTS/bench
mkdir -p "$out"
clone=

edited=
cleanup() {
	[ -z "$clone" ] || rm -rf "$clone"
	[ -z "$edited" ] || git -C "$KSRC" checkout -q -- kernel/bpf/syscall.c
}
trap cleanup EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }

# timed_make LOG DIR [VAR=VALUE...]: seconds taken by make in DIR in a
# clean environment plus the given variables
timed_make() {
	log=$1 dir=$2
	shift 2
	s=$(now)
	env -i PATH="$PATH" HOME="${HOME:-/root}" "$@" make -C "$dir" >"$log" 2>&1 ||
		die "make in $dir failed, log: $log"
	since "$s"
}
prefix=$PREFIX

# boot_times ACCEL N: N lines "READY FIRST", the seconds from starting
# vmrun to the guest's "vmrun-start" line (init is about to run the
# command) and to test_progs' first subtest line. test_progs 6.1 prints
# a serial test's subtest lines when the whole test has finished, so
# FIRST includes all subtests of the first test.
boot_times() {
	i=0
	while [ "$i" -lt "$2" ]; do
		i=$((i + 1))
		s=$(now)
		e=$(ACCEL=$1 "$TOP/scripts/vmrun" -t 120 -- test_progs -t "$TP_TESTS" 2>&1 |
			while IFS= read -r line; do
				case $line in
				"vmrun-start "*) printf '%s ' "$(now)" ;;
				"#"[0-9]*/[0-9]*" "*) now; break ;;
				esac
			done)
		case $e in
		*" "?*) ;;
		*) die "no guest start or no test output from boot $i under $1" ;;
		esac
		echo "$e" | awk -v a="$s" '{ printf "%.3f %.3f\n", $1 - a, $2 - a }'
	done
}

# boot_rows ACCEL: the two rows of boot_times' medians
boot_rows() {
	cut -d' ' -f1 "$out/boot.$1" > "$out/boot.$1.ready"
	cut -d' ' -f2 "$out/boot.$1" > "$out/boot.$1.first"
	bench_row "<=" "boot to init running the command, $1" \
		"$(median < "$out/boot.$1.ready")" "$(spread < "$out/boot.$1.ready")" - " s" %.2f
	bench_row "<=" "boot to first test output, $1 (median of 5)" \
		"$(median < "$out/boot.$1.first")" "$(spread < "$out/boot.$1.first")" 3 " s" %.2f
}

# result_times RUNNER N: N lines, the seconds from starting RUNNER
# (vmrun or vng) to its exit after test_progs -t bpf_obj_pinning; a run
# that does not pass stops the bench.
result_times() {
	i=0
	while [ "$i" -lt "$2" ]; do
		i=$((i + 1))
		s=$(now)
		case $1 in
		vmrun) "$TOP/scripts/vmrun" -t 120 -- test_progs -t bpf_obj_pinning ;;
		vng) (cd "$TPOUT" && "$TOP/scripts/vng-run" -t 120 -- sh -c \
			'mount -t bpf bpf /sys/fs/bpf && exec ./test_progs -t bpf_obj_pinning') ;;
		esac > "$out/result.$1.out" 2>&1 ||
			die "$1 run $i failed: $out/result.$1.out"
		since "$s"
		echo
	done
}

rows=$out/loop.txt
: > "$rows"
step "the loop: make with nothing changed, then touch $KSRC/kernel/bpf/syscall.c and make (the patched kernel is rebuilt), boots under TCG (and KVM if usable), vmrun and vng runs$([ "${BENCH_COLD:-0}" = 1 ] && echo '; first a cold make in a fresh clone')"
if [ "${BENCH_COLD:-0}" = 1 ]; then
	[ -z "$(git -C "$TOP" status --porcelain)" ] ||
		step "warning: uncommitted changes are not in the clone"
	clone=$(mktemp -d)
	git clone -q "$TOP" "$clone/repo"
	step "cold make in a fresh clone ($clone/repo), with an empty compiler cache: about 15 minutes"
	r=$(timed_make "$out/cold.log" "$clone/repo" CCACHE_DIR="$clone/ccache")
	rm -rf "$clone"
	clone=
	bench_row "<=" "cold make, fresh clone, empty compiler cache (packages installed)" "$r" - - " s" %.1f >> "$rows"
fi

step "make with nothing changed (after one make that brings everything up to date)"
timed_make "$out/warmup.log" "$TOP" BUILD="$BUILD" PREFIX="$prefix" > /dev/null
r=$(timed_make "$out/rerun.log" "$TOP" BUILD="$BUILD" PREFIX="$prefix")
bench_row "<=" "make again, nothing changed (build, boot, test)" "$r" - 3 " s" %.1f >> "$rows"

if [ "${BENCH_CHECK:-1}" = 1 ]; then
	[ -d "$RESULTS/selftests" ] ||
		step "no make check ran in this clone yet: the next one is a cold make check (about half an hour; BENCH_CHECK=0 leaves it out)"
	step "make check with nothing changed"
	s=$(now)
	env -i PATH="$PATH" HOME="${HOME:-/root}" BUILD="$BUILD" PREFIX="$prefix" \
		make -C "$TOP" check >"$out/check.log" 2>&1 ||
		die "make check failed, log: $out/check.log"
	bench_row "<=" "make check again, nothing changed" "$(since "$s")" - 10 " s" %.1f >> "$rows"
fi

# three times: one loop moves by a few seconds from run to run (the
# page cache, the guest's boot), and the row has a target
step "touch kernel/bpf/syscall.c, make, 3 times"
for i in 1 2 3; do
	touch "$KSRC/kernel/bpf/syscall.c"
	timed_make "$out/touch.log" "$TOP" BUILD="$BUILD" PREFIX="$prefix"
	echo
	grep -q '^Summary: [1-9][0-9]*/[1-9][0-9]* PASSED, 0 SKIPPED, 0 FAILED' "$out/touch.log" ||
		die "no passing test_progs summary after the rebuild: $out/touch.log"
done > "$out/touch.times"
bench_row "<=" "touch syscall.c, make (median of 3)" "$(median < "$out/touch.times")" \
	"$(spread < "$out/touch.times")" 15 " s" %.1f >> "$rows"

step "edit kernel/bpf/syscall.c (a comment more), make"
git -C "$KSRC" diff --quiet -- kernel/bpf/syscall.c ||
	die "$KSRC/kernel/bpf/syscall.c has uncommitted changes: commit or restore them first"
edited=1
printf '\n/* make bench, %s */\n' "$(date +%s.%N)" >> "$KSRC/kernel/bpf/syscall.c"
r=$(timed_make "$out/edit.log" "$TOP" BUILD="$BUILD" PREFIX="$prefix")
grep -q '^Summary: [1-9][0-9]*/[1-9][0-9]* PASSED, 0 SKIPPED, 0 FAILED' "$out/edit.log" ||
	die "no passing test_progs summary after the rebuild: $out/edit.log"
bench_row "<=" "edit syscall.c, make (compile, build, boot, test)" "$r" - - " s" %.1f >> "$rows"
git -C "$KSRC" checkout -q -- kernel/bpf/syscall.c
edited=
step "syscall.c restored: make again"
timed_make "$out/restore.log" "$TOP" BUILD="$BUILD" PREFIX="$prefix" > /dev/null

step "guest boot to first test output, TCG, 5 boots"
boot_times tcg 5 > "$out/boot.tcg"
boot_rows tcg >> "$rows"
if "$TOP/scripts/kvm-probe" "$BZ_PATCHED" "$INITRAMFS"; then
	boot_times kvm 5 > "$out/boot.kvm"
	boot_rows kvm >> "$rows"
else
	bench_row "<=" "boot to first test output, kvm" - - 3 " s" |
		sed 's/NO DATA$/not measured: scripts\/kvm-probe found KVM unusable here/' >> "$rows"
fi

step "boot to result, TCG, vmrun and vng, 5 runs each"
for r in vmrun vng; do
	result_times $r 5 > "$out/result.$r"
	bench_row "<=" "boot to result, $r, TCG (median of 5)" \
		"$(median < "$out/result.$r")" "$(spread < "$out/result.$r")" - " s" %.2f >> "$rows"
done

echo
echo "Table 2: developer loop, wall-clock seconds"
bench_header step seconds
cat "$rows"
