#!/bin/sh
# guest/hostile-suite (the selftests, the fuzzer against its model, the
# stress test, the unprivileged checks, a kmemleak scan) on a kernel,
# and the kernel log scanned for reports by scripts/splat-scan (BUG,
# WARNING, KASAN, lockdep, debugobjects, refcount, kmemleak, oops,
# panic, hung tasks: config/splat.deny). With the
# kernel's .config given and KASAN in it, the detectors' banners must
# be in the log too. TAP: the suite's own tests, then the log's.
#   checks/hostile.sh NAME BZIMAGE [CONFIG]     (SEED=n picks the seed,
#   CALLS=n the fuzzer's calls: 100000, or 20000 on a KASAN kernel,
#   where each call costs several times more and the paths are the same)
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

[ $# -ge 2 ] || die "usage: $me NAME BZIMAGE [CONFIG]"
name=$1
kernel=$2
config=${3:-}
seed=${SEED:-1}
calls=${CALLS:-100000}
if [ -z "${CALLS:-}" ] && [ -n "$config" ] && grep -q '^CONFIG_KASAN=y' "$config"; then
	calls=20000
fi
tap_init
log=$check_dir/console.log
step "hostile suite on $kernel (seed $seed, $calls fuzzer calls), log in $log"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -t 1200 -l "$log" -- hostile-suite "$TP_TESTS" "$seed" "$calls" >/dev/null 2>"$check_dir/runner.err" || rc=$?

# each part of the suite, by its guest/part line
tap_parts "$log" "$name: " test_progs obj_fuzz obj_stress obj_unpriv
[ "$rc" = 0 ] || not_ok "$name: the guest exited with status $rc (log: $log)"

scan=0
"$TOP/scripts/splat-scan" "$log" > "$check_dir/splats" 2>&1 || scan=$?
if [ "$scan" = 0 ] && grep -q '^hostile-suite: kernel log ends' "$log"; then
	ok "$name: the kernel log has no report"
else
	not_ok "$name: the kernel log has reports, or was not printed (splat-scan status $scan, log: $log)"
	head -n 20 "$check_dir/splats" | sed 's/^/# /'
fi
if [ -n "$config" ] && grep -q '^CONFIG_KASAN=y' "$config"; then
	for banner in 'KernelAddressSanitizer initialized' 'Lock dependency validator' \
		      'kmemleak: Kernel memory leak detector initialized' \
		      'hostile-suite: kmemleak report follows'; do
		if grep -q "$banner" "$log"; then
			ok "$name: the log has '$banner'"
		else
			not_ok "$name: a debug kernel without '$banner' in its log"
		fi
	done
fi
tap_done
