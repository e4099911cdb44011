#!/bin/sh
# make bench, table 2: the developer loop, in wall-clock seconds.
#   - cold make on a fresh clone of HEAD (packages already installed);
#     BENCH_COLD=0 leaves it out
#   - make again with nothing changed
#   - touch kernel/bpf/syscall.c, make: kernel rebuild, boot, selftests
#   - guest boot to the first test output, TCG (and KVM if kvm-probe
#     says a guest boots with it here)
# Every make runs in a clean environment (env -i), as a user would type
# it: not with the BUILD, PREFIX or MAKEFLAGS of the make that runs this.
set -eu
. "$(dirname "$0")/lib.sh"

out=$BUILD/results/bench
mkdir -p "$out"
clone=

cleanup() { [ -z "$clone" ] || rm -rf "$clone"; }
trap cleanup EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# timed_make LOG DIR: seconds taken by a clean-environment make in DIR
timed_make() {
	s=$(now)
	env -i PATH="$PATH" HOME="$HOME" make -C "$2" >"$1" 2>&1 ||
		die "make in $2 failed, log: $1"
	since "$s"
}

# boot_times ACCEL N: N lines, each the seconds from starting vmrun to
# the guest's first subtest line
boot_times() {
	i=0
	while [ "$i" -lt "$2" ]; do
		i=$((i + 1))
		s=$(now)
		e=$(ACCEL=$1 "$TOP/scripts/vmrun" -t 120 -- test_progs -t bpf_obj_pinning 2>&1 |
			while IFS= read -r line; do
				case $line in "#1/1 "*) now; break ;; esac
			done)
		[ -n "$e" ] || die "no test output from boot $i under $1"
		awk -v a="$s" -v b="$e" 'BEGIN { printf "%.2f\n", b - a }'
	done
}

rows=$out/loop.txt
: > "$rows"
if [ "${BENCH_COLD:-1}" = 1 ]; then
	[ -z "$(git -C "$TOP" status --porcelain)" ] ||
		step "warning: uncommitted changes are not in the clone"
	clone=$(mktemp -d)
	git clone -q "$TOP" "$clone/repo"
	step "cold make in a fresh clone ($clone/repo): about 10 minutes"
	r=$(timed_make "$out/cold.log" "$clone/repo")
	rm -rf "$clone"
	clone=
	bench_row "<=" "cold make, fresh clone (packages installed)" "$r" - - " s" >> "$rows"
fi

step "make with nothing changed"
r=$(timed_make "$out/rerun.log" "$TOP")
bench_row "<=" "make again, nothing changed" "$r" - 30 " s" >> "$rows"

step "touch kernel/bpf/syscall.c, make"
touch "$KSRC/kernel/bpf/syscall.c"
r=$(timed_make "$out/touch.log" "$TOP")
grep -q '^Summary: .* 0 FAILED' "$out/touch.log" ||
	die "no passing test_progs summary after the rebuild: $out/touch.log"
bench_row "<=" "touch syscall.c, make (build, boot, test)" "$r" - 180 " s" >> "$rows"

step "guest boot to first test output, TCG, 5 boots"
boot_times tcg 5 > "$out/boot.tcg"
bench_row "<=" "boot to first test output, TCG (median of 5)" \
	"$(median < "$out/boot.tcg")" "$(spread < "$out/boot.tcg")" 3 " s" >> "$rows"
if "$TOP/scripts/kvm-probe" "$KOBJ/arch/x86/boot/bzImage" "$BUILD/initramfs.cpio"; then
	boot_times kvm 5 > "$out/boot.kvm"
	bench_row "<=" "boot to first test output, KVM (median of 5)" \
		"$(median < "$out/boot.kvm")" "$(spread < "$out/boot.kvm")" 3 " s" >> "$rows"
else
	bench_row "<=" "boot to first test output, KVM" - - 3 " s" |
		sed 's/NO DATA$/not measured: scripts\/kvm-probe found KVM unusable here/' >> "$rows"
fi

echo
echo "Table 2: developer loop, wall-clock seconds"
bench_header step seconds
cat "$rows"
