#!/bin/sh
# The project's test_progs tests ($TP_TESTS) in the VM on a kernel: one
# TAP test per subtest that the test sources declare (a skipped or
# missing subtest fails), and one for test_progs' own status. The
# console log is kept as $RESULTS/selftests/test_progs.log.
#   checks/selftests.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

kernel=${1:-$BZ_PATCHED}
tap_init selftests
log=$check_dir/test_progs.log
step "running test_progs -t $TP_TESTS in the VM ($kernel)"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -l "$log" -- test_progs -t "$TP_TESTS" >/dev/null 2>"$check_dir/runner.err" || rc=$?
tap_test_progs "$log" "$rc"
tap_done
