#!/bin/sh
# make bench: two tables.
#  1. pin/get syscall cost in the guest (bench/pin_bench.c), patched and
#     unpatched 6.1, by mode and depth, with the ratios
#     patched/unpatched (abs, cwd) and opath/abs (patched).
#  2. the developer loop: cold make of a fresh clone (BENCH_COLD=0 skips
#     it), a rerun with no change, touch kernel/bpf/syscall.c + make, and
#     guest boot to the first test output under TCG (and KVM if usable).
# The machine is shared and noisy: each syscall figure is the median of
# BOOTS VM boots x 5 runs, the kernels alternating boot by boot; compare
# ratios, not absolute numbers.
set -eu
. "$(dirname "$0")/lib.sh"

boots=${BOOTS:-3}
iters=${ITERS:-2000}
out=$BUILD/results/bench
mkdir -p "$out"
rm -f "$out"/*.txt
patched=$KOBJ/arch/x86/boot/bzImage
unpatched=$BUILD/images/bzImage-6.1-unpatched
[ -f "$unpatched" ] || die "$unpatched missing: run make series-check first"

i=0
while [ "$i" -lt "$boots" ]; do
	i=$((i + 1))
	for k in patched unpatched; do
		eval img=\$$k
		step "syscall bench: $k kernel, boot $i of $boots"
		"$TOP/scripts/vmrun" -k "$img" -t 600 -- pin_bench "$iters" 5 2>&1 |
			sed -n "s/^RESULT /$k /p" >> "$out/syscall.txt"
	done
done

# median of the values of one (kernel mode depth op) key
med() {
	awk -v k="$1 $2 $3 $4" '$1" "$2" "$3" "$4 == k { print $5 }' "$out/syscall.txt" |
		sort -n | awk '{ v[NR] = $1 } END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.3f", a / b }'; }
verdict() { # ratio target
	awk -v r="$1" -v t="$2" 'BEGIN { if (r == "-") print "no data"; else if (r >= t) print "met"; else printf "missed by %.1f%%", (t - r) / t * 100 }'
}

echo
echo "Table 1: pin+unlink and get+close of a map, operations per second (median)"
printf '%-10s %-9s %5s %12s %12s\n' kernel mode depth pin+unlink get+close
for k in patched unpatched; do
	for d in 1 16; do
		for m in abs cwd opath detached; do
			p=$(med "$k" "$m" "$d" pin)
			[ "$p" = - ] && continue
			printf '%-10s %-9s %5s %12.0f %12.0f\n' "$k" "$m" "$d" "$p" "$(med "$k" "$m" "$d" get)"
		done
	done
done
echo
printf '%-32s %5s %8s %8s %-8s %s\n' ratio depth pin get target verdict
for d in 1 16; do
	for m in abs cwd; do
		for op in pin get; do
			eval r_$op="$(ratio "$(med patched "$m" "$d" $op)" "$(med unpatched "$m" "$d" $op)")"
		done
		printf '%-32s %5s %8s %8s %-8s %s / %s\n' "patched/unpatched ($m)" "$d" "$r_pin" "$r_get" ">=0.98" \
			"$(verdict "$r_pin" 0.98)" "$(verdict "$r_get" 0.98)"
	done
	for op in pin get; do
		eval r_$op="$(ratio "$(med patched opath "$d" $op)" "$(med patched abs "$d" $op)")"
	done
	target=-
	[ "$d" = 16 ] && target=">=1.00"
	printf '%-32s %5s %8s %8s %-8s %s\n' "opath/abs (patched)" "$d" "$r_pin" "$r_get" "$target" \
		"$([ "$d" = 16 ] && echo "$(verdict "$r_pin" 1) / $(verdict "$r_get" 1)" || echo "(context)")"
done

# Table 2: the developer loop.
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
tverdict() { # seconds target
	awk -v r="$1" -v t="$2" 'BEGIN { if (r == "-") print "no data"; else if (r <= t) print "met"; else printf "missed by %.1f s", r - t }'
}
t() { date +%s.%N; }
echo
echo "Table 2: developer loop, wall-clock seconds"
printf '%-52s %8s %8s %s\n' step seconds target verdict
if [ "${BENCH_COLD:-1}" = 1 ]; then
	clone=$(mktemp -d)
	git clone -q "$TOP" "$clone/repo"
	step "cold make in a fresh clone ($clone/repo), a few minutes"
	s=$(t); (cd "$clone/repo" && make >"$out/cold.log" 2>&1) || die "cold make failed: $out/cold.log"
	e=$(t)
	rm -rf "$clone"
	printf '%-52s %8s %8s %s\n' "cold make, fresh clone (packages installed)" "$(secs "$s" "$e")" "-" "(context)"
else
	printf '%-52s %8s %8s %s\n' "cold make, fresh clone" "-" "-" "skipped (BENCH_COLD=0)"
fi
s=$(t); make -C "$TOP" >"$out/rerun.log" 2>&1 || die "make failed: $out/rerun.log"; e=$(t)
r=$(secs "$s" "$e")
printf '%-52s %8s %8s %s\n' "make again, nothing changed" "$r" "30" "$(tverdict "$r" 30)"
touch "$KSRC/kernel/bpf/syscall.c"
s=$(t); make -C "$TOP" >"$out/touch.log" 2>&1 || die "make failed: $out/touch.log"; e=$(t)
r=$(secs "$s" "$e")
printf '%-52s %8s %8s %s\n' "touch kernel/bpf/syscall.c, make (build + test)" "$r" "180" "$(tverdict "$r" 180)"

boot_time() { # accel
	s=$(t)
	ACCEL=$1 "$TOP/scripts/vmrun" -t 120 -- test_progs -t bpf_obj_pinning 2>/dev/null |
		while IFS= read -r line; do
			case $line in "#1/1 "*) t; break ;; esac
		done > "$out/boot.$1"
	e=$(cat "$out/boot.$1")
	[ -n "$e" ] && secs "$s" "$e" || echo -
}
b1=$(boot_time tcg); b2=$(boot_time tcg); b3=$(boot_time tcg)
b=$(printf '%s\n' "$b1" "$b2" "$b3" | sort -n | sed -n 2p)
printf '%-52s %8s %8s %s\n' "boot to first test output, TCG (median of 3)" "$b" "3" "$(tverdict "$b" 3)"
if "$TOP/scripts/kvm-probe" "$patched" "$BUILD/initramfs.cpio"; then
	printf '%-52s %8s %8s %s\n' "boot to first test output, KVM" "$(boot_time kvm)" "3" ""
else
	printf '%-52s %8s %8s %s\n' "boot to first test output, KVM" "-" "-" "KVM not usable here (scripts/kvm-probe)"
fi
