#!/bin/sh
# Run guest/hostile-suite (selftests, fuzzer, stress, unprivileged
# checks, kmemleak scan) on a kernel, normally the debug one, and fail on
# a failed part or on any report in the kernel log: BUG, WARNING, KASAN,
# lockdep, debugobjects, refcount, kmemleak, oops, panic.
#   debug-check.sh BZIMAGE [SEED]
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $me BZIMAGE [SEED]"
seed=${2:-${SEED:-1}}
log=$BUILD/results/debug-check.log
mkdir -p "$(dirname "$log")"
step "hostile suite on $1 (seed $seed), log in $log"
rc=0
"$TOP/scripts/vmrun" -k "$1" -t 1200 -l "$log" -- hostile-suite "$seed" >/dev/null 2>&1 || rc=$?
grep -E '^(obj_fuzz|obj_stress|obj_unpriv|Summary|hostile-suite: FAILED)' "$log" || true
reports=$(grep -nE 'BUG:|WARNING:|KASAN|possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|ODEBUG:|refcount_t:|unreferenced object|Oops|Kernel panic|blocked for more than' "$log" || true)
if [ -n "$reports" ]; then
	echo "$reports" | head -n 20
	die "the kernel log has reports (full log: $log)"
fi
[ "$rc" = 0 ] || die "hostile suite failed with status $rc (log: $log)"
# On a debug kernel, make sure the detectors were really there.
config=$(dirname "$1")/../../../.config
if grep -q '^CONFIG_KASAN=y' "$config" 2>/dev/null; then
	for banner in 'KernelAddressSanitizer initialized' 'Lock dependency validator' \
		      'kmemleak: Kernel memory leak detector initialized' \
		      'hostile-suite: kmemleak report follows'; do
		grep -q "$banner" "$log" || die "debug kernel without '$banner' in its log"
	done
	echo "debug-check: KASAN, lockdep and kmemleak were active"
fi
echo "debug-check: every part passed and the kernel log has no report"
