#!/bin/sh
# Run the project's test_progs tests in the VM on a kernel and check the
# result: every subtest OK, none skipped, test_progs' own status zero.
#   run-selftests.sh [BZIMAGE [LOG]]
set -eu
. "$(dirname "$0")/lib.sh"

kernel=${1:-$KOBJ/arch/x86/boot/bzImage}
log=${2:-$BUILD/results/test_progs.log}
mkdir -p "$(dirname "$log")"

step "running test_progs -t $TP_TESTS in the VM ($(basename "$kernel"))"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -l "$log" -- test_progs -t "$TP_TESTS" >/dev/null || rc=$?
summary=$(grep '^Summary:' "$log" || true)
grep -E '^#[0-9]+(/[0-9]+)? ' "$log" >&2 || true
[ -n "$summary" ] || die "test_progs printed no summary (vmrun status $rc); console log: $log"
echo "$summary"
[ "$rc" = 0 ] || die "test_progs failed with status $rc; console log: $log"
echo "$summary" | grep -q ' 0 SKIPPED, 0 FAILED$' ||
	die "skipped or failed tests: a skip is not a pass; console log: $log"
