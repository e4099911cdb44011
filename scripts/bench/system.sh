#!/bin/sh
# make bench, table 3: the Debian 12 system (docs/debian-system.md), in
# wall-clock seconds.
#   - the image built cold: mmdebstrap downloads and installs every
#     package, apt installs the kernel packages, initramfs-tools makes
#     both initrds, mkfs.ext4 -d (into a directory of its own, so the
#     image the check uses stays; BENCH_IMAGE=0 leaves it out: it needs
#     the mirror, and the network's speed counts)
#   - boot to "systemctl is-system-running --wait" under TCG, on the
#     patched kernel's package: the guest's uptime when it returns, and
#     from starting QEMU to the guest powered off (median of 3)
#   - the debian-system check, warm (the image built; both boots), into
#     a results directory of its own
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/bench.sh
. "$TOP/scripts/lib/bench.sh"

out=$RESULTS/bench
mkdir -p "$out"
rows=$out/system.txt
: > "$rows"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }'; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${BENCH_IMAGE:-1}" = 1 ]; then
	step "the Debian 12 image, cold (mmdebstrap from the mirror: a few minutes)"
	s=$(now)
	SYSTEM=$work/system "$TOP/scripts/build/build-image.sh" > "$out/image.log" 2>&1 ||
		die "the cold image build failed: $out/image.log"
	r=$(since "$s")
	mb=$(du -m "$work/system/debian12.img" | cut -f1)
	rm -rf "$work/system"
	bench_row "<=" "image built cold (mmdebstrap, $mb MB on disk)" "$r" - - " s" %.1f >> "$rows"
fi

step "boot to is-system-running, TCG, 3 boots"
i=0
: > "$out/system-boot.up"
: > "$out/system-boot.wall"
while [ "$i" -lt 3 ]; do
	i=$((i + 1))
	share=$work/boot$i
	mkdir -p "$share/out"
	cat > "$share/start" <<-'EOF'
	systemctl is-system-running --wait > out/state 2>&1
	cut -d' ' -f1 /proc/uptime > out/uptime
	EOF
	s=$(now)
	"$TOP/scripts/system-run" -s "$share" -l "$out/system-boot.log" > /dev/null ||
		die "boot $i failed: $out/system-boot.log"
	since "$s" >> "$out/system-boot.wall"
	echo >> "$out/system-boot.wall"
	[ "$(cat "$share/out/state")" = running ] ||
		die "boot $i: is-system-running says $(cat "$share/out/state")"
	cat "$share/out/uptime" >> "$out/system-boot.up"
done
bench_row "<=" "is-system-running, guest uptime (median of 3)" \
	"$(median < "$out/system-boot.up")" "$(spread < "$out/system-boot.up")" - " s" %.1f >> "$rows"
bench_row "<=" "QEMU start to power off (median of 3)" \
	"$(median < "$out/system-boot.wall")" "$(spread < "$out/system-boot.wall")" - " s" %.1f >> "$rows"

step "the debian-system check, warm"
s=$(now)
RESULTS=$work/results "$TOP/scripts/checks/debian-system.sh" > "$out/system-check.tap" 2> "$out/system-check.err" ||
	die "the debian-system check failed: $out/system-check.tap"
bench_row "<=" "debian-system check, warm (two boots)" "$(since "$s")" - 90 " s" %.1f >> "$rows"

echo
echo "Table 3: the Debian 12 system, wall-clock seconds"
bench_header step seconds
cat "$rows"
