#!/bin/sh
# make bench, table 1: the cost of BPF_OBJ_PIN and BPF_OBJ_GET in the
# guest (bench/pin_bench.c), on the patched and the unpatched 6.1 kernel,
# by how the name is given and at directory depth 1 and 16.
#
# The machine is shared and noisy, so absolute figures are context only.
# The kernels boot in turn, BOOTS times each; every boot prints the
# median of RUNS timed loops of ITERS operations. A ratio is computed
# within one boot (opath/abs) or within one pair of consecutive boots
# (patched/unpatched), and the table shows the median of those ratios.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/bench.sh
. "$TOP/scripts/lib/bench.sh"

boots=${BOOTS:-5}
[ "$boots" -ge 1 ] 2>/dev/null || die "BOOTS must be a number >= 1"
iters=${ITERS:-5000}
runs=${RUNS:-7}
out=$RESULTS/bench
[ -f "$BZ_PATCHED" ] || die "$BZ_PATCHED missing: make kernel"
[ -f "$BZ_BASE" ] || die "$BZ_BASE missing: make kernel-base"
rm -rf "$out/syscall"
mkdir -p "$out/syscall"

i=0
while [ "$i" -lt "$boots" ]; do
	i=$((i + 1))
	for k in patched unpatched; do
		img=$BZ_PATCHED
		[ "$k" = patched ] || img=$BZ_BASE
		log=$out/syscall/$k.$i.log
		step "boot $i of $boots, $k kernel: pin_bench $iters $runs"
		rc=0
		"$TOP/scripts/vmrun" -k "$img" -t 600 -l "$log" -- \
			pin_bench "$iters" "$runs" >/dev/null || rc=$?
		[ "$rc" = 0 ] || die "pin_bench failed on the $k kernel (status $rc), console log: $log"
	done
done

# value KERNEL BOOT MODE DEPTH OP: operations per second, or nothing
value() {
	sed -n "s/^RESULT $3 $4 $5 \([0-9]*\)$/\1/p" "$out/syscall/$1.$2.log"
}

# The modes without BPF_F_PATH_FD must be there on both kernels, the fd
# modes on the patched one: a missing row is a failed benchmark.
for k in patched unpatched; do
	modes="abs cwd"
	[ "$k" = patched ] && modes="abs cwd opath detached"
	for m in $modes; do
		for d in 1 16; do
			for op in pin get; do
				i=0
				while [ "$i" -lt "$boots" ]; do
					i=$((i + 1))
					[ -n "$(value $k $i $m $d $op)" ] ||
						die "no $m $d $op result from boot $i of the $k kernel: $out/syscall/$k.$i.log"
				done
			done
		done
	done
done

# per_boot KERNEL MODE DEPTH OP [KERNEL2 MODE2]: one line per boot, the
# value or its ratio to the value of (KERNEL2, MODE2) at the same depth
# and operation in the same boot number
per_boot() {
	i=0
	while [ "$i" -lt "$boots" ]; do
		i=$((i + 1))
		a=$(value "$1" $i "$2" "$3" "$4")
		if [ $# -eq 4 ]; then
			echo "$a"
		else
			b=$(value "$5" $i "$6" "$3" "$4")
			[ "${b:-0}" != 0 ] || die "no $6 $3 $4 result, or 0, in boot $i of the $5 kernel"
			awk -v a="$a" -v b="$b" 'BEGIN { printf "%.6f\n", a / b }'
		fi
	done
}
# ratio_row LABEL TARGET KERNEL MODE DEPTH OP KERNEL2 MODE2
ratio_row() {
	label=$1 target=$2
	shift 2
	per_boot "$@" > "$out/syscall/ratios"
	bench_row ">=" "$label" "$(median < "$out/syscall/ratios")" \
		"$(spread < "$out/syscall/ratios")" "$target" %
}

echo
echo "Table 1: map pin+unlink and get+close, operations per second in the guest"
echo "(TCG; median of $boots boots x median of $runs loops of $iters)"
printf '%-10s %-9s %5s %12s %12s\n' kernel mode depth pin+unlink get+close
for k in patched unpatched; do
	for d in 1 16; do
		for m in abs cwd opath detached; do
			[ -n "$(value $k 1 $m $d pin)" ] || continue
			printf '%-10s %-9s %5s %12.0f %12.0f\n' $k $m $d \
				"$(per_boot $k $m $d pin | median)" "$(per_boot $k $m $d get | median)"
		done
	done
done
echo
bench_header "ratio, median of the per-boot ratios" value
for d in 1 16; do
	for m in abs cwd; do
		for op in pin get; do
			ratio_row "patched/unpatched, $m, depth $d, $op" 0.98 \
				patched $m $d $op unpatched $m
		done
	done
done
for d in 1 16; do
	t=-
	[ "$d" = 16 ] && t=1.00
	for op in pin get; do
		ratio_row "opath/abs (patched), depth $d, $op" $t patched opath $d $op patched abs
	done
	for op in pin get; do
		ratio_row "detached/abs (patched), depth $d, $op" - patched detached $d $op patched abs
	done
done
