#!/bin/sh
# The patched kernel on another architecture under QEMU (TCG): the
# project's test_progs tests, obj_fuzz against its model and obj_unpriv,
# all cross-built static for that arch. One TAP test a subtest (as in
# checks/selftests.sh), one for each hostile test.
#   checks/arch.sh ARCH        (arm64)
set -eu
. "$(dirname "$0")/../lib.sh"

[ $# = 1 ] || die "usage: $me ARCH"
arch=$1
tap_init "arch-$arch"
log=$check_dir/guest.log
step "test_progs, obj_fuzz and obj_unpriv on $arch"
rc=0
"$TOP/scripts/vmrun" -A "$arch" -l "$log" -t 900 -- sh -c '
	test_progs -t "$0"; echo "arch-status test_progs $?"
	obj_fuzz 20000 1; echo "arch-status obj_fuzz $?"
	obj_unpriv; echo "arch-status obj_unpriv $?"' "$TP_TESTS" >/dev/null 2>&1 || rc=$?
s=$(guest_status "$log" arch-status test_progs)
tap_test_progs "$log" "${s:-missing}" "$arch: "
for p in obj_fuzz obj_unpriv; do
	s=$(guest_status "$log" arch-status "$p")
	if [ "$s" = 0 ]; then
		ok "$arch: $p: $(grep "^$p: " "$log" | tail -n 1)"
	else
		not_ok "$arch: $p: status ${s:-missing} (log: $log)"
	fi
done
tap_run_status "$rc" "$arch" "$log"
tap_done
