#!/bin/sh
# The project's test_progs tests ($TP_TESTS) in the VM on a kernel: one
# TAP test per subtest that the test sources declare (a skipped or
# missing subtest fails), and one for test_progs' own status. The
# console log is kept as $RESULTS/selftests/test_progs.log.
#   checks/selftests.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"

kernel=${1:-$BZ_PATCHED}
tap_init selftests
log=$check_dir/test_progs.log
step "running test_progs -t $TP_TESTS in the VM ($kernel)"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -l "$log" -- test_progs -t "$TP_TESTS" >/dev/null 2>&1 || rc=$?
names=$(subtest_names)
for n in $names; do
	r=$(subtest_result "$log" "$n")
	if [ "$r" = OK ]; then ok "$n"; else not_ok "$n: $r"; fi
done
summary=$(grep '^Summary:' "$log" || true)
echo "${summary:-test_progs printed no summary}" >&2
if [ "$rc" = 0 ] && echo "$summary" | grep -q ' 0 SKIPPED, 0 FAILED$'; then
	ok "test_progs run: $summary"
else
	not_ok "test_progs run (vmrun status $rc): ${summary:-no summary}; console log: $log"
fi
tap_done
