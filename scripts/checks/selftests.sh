#!/bin/sh
# The project's test_progs tests ($TP_TESTS) in the VM on a kernel, in
# one boot (guest/selftests-suite):
#   - one after the other: one TAP test per subtest that the test sources
#     declare (a skipped or missing subtest fails), and one for test_progs'
#     own status;
#   - under test_progs -j: the run passes, nothing skipped;
#   - the series' test, then in the same process the probe worker_fd0_cwd
#     (tests/prog_tests/): fd 0 and the current directory are still the
#     worker's own after bpf_obj_pinning, fd0-path-fd included;
#   - the probe, given another file than its fd 0, fails: it can tell.
# The console log is kept as $RESULTS/selftests/test_progs.log, and each
# part's output as $RESULTS/selftests/PART.log.
#   checks/selftests.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

kernel=${1:-$BZ_PATCHED}
tap_init
log=$check_dir/test_progs.log
step "running test_progs -t $TP_TESTS in the VM ($kernel), then with -j, then the worker probe"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -l "$log" -- selftests-suite "$TP_TESTS" >/dev/null 2>"$check_dir/runner.err" || rc=$?
tap_run_status "$rc" "selftests" "$log"
if ! guest_started "$log"; then
	not_ok "selftests: none of the $(subtest_names | grep -c .) subtests ran: the guest never reached its command (the reason is above)"
	tap_done
	exit
fi
for p in serial parallel worker probe; do
	guest_part_log "$log" "$p" > "$check_dir/$p.log"
done
tap_test_progs "$check_dir/serial.log" "$(guest_status "$log" serial)"
summary=$(grep '^Summary:' "$check_dir/parallel.log" || true)
if [ "$(guest_status "$log" parallel)" = 0 ] && echo "$summary" | grep -q ' 0 SKIPPED, 0 FAILED$'; then
	ok "test_progs -j -t $TP_TESTS: $summary"
else
	not_ok "test_progs -j -t $TP_TESTS: status $(guest_status "$log" parallel), ${summary:-no summary} (log: $check_dir/parallel.log)"
fi
r=$(subtest_result "$check_dir/worker.log" bpf_obj_pinning/fd0-path-fd)
# (test_progs repeats a failed test's line under "All error logs")
w=$(sed -n 's/^#[0-9]* *worker_fd0_cwd:\([A-Z]*\).*/\1/p' "$check_dir/worker.log" | tail -n 1)
if [ "$(guest_status "$log" worker)" = 0 ] && [ "$r" = OK ] && [ "$w" = OK ]; then
	ok "after bpf_obj_pinning (fd0-path-fd $r) the same worker still has its own fd 0 and current directory"
else
	not_ok "the worker after bpf_obj_pinning: fd0-path-fd ${r}, worker_fd0_cwd ${w:-MISSING} (log: $check_dir/worker.log)"
fi
w=$(sed -n 's/^#[0-9]* *worker_fd0_cwd:\([A-Z]*\).*/\1/p' "$check_dir/probe.log" | tail -n 1)
if [ "$w" = FAIL ] && grep -q 'fd0_is_the_workers' "$check_dir/probe.log"; then
	ok "the probe fails when fd 0 is not the file it is told of"
else
	not_ok "the probe did not fail on a wrong fd 0: ${w:-MISSING} (log: $check_dir/probe.log)"
fi
tap_done
