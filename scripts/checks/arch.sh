#!/bin/sh
# The hostile-input tests on another arch of the matrix (mk/arches.mk),
# cross-built static, on the patched kernel cross-built for it, under
# QEMU (TCG): obj_fuzz agrees with its model and obj_unpriv passes. (The
# conformance check runs test_progs there, as a column of its table.)
#   checks/arch.sh ARCH        (arm64, s390x)
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"

[ $# = 1 ] || die "usage: $me ARCH"
arch=$1
tap_init
log=$check_dir/guest.log
step "obj_fuzz and obj_unpriv on $arch"
rc=0
"$TOP/scripts/vmrun" -A "$arch" -l "$log" -t 900 -- arch-suite 20000 >/dev/null 2>"$check_dir/runner.err" || rc=$?
tap_parts "$log" "$arch: " obj_fuzz obj_unpriv
tap_run_status "$rc" "$arch" "$log"
tap_done
