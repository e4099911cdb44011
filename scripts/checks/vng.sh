#!/bin/sh
# The selftests under the real virtme-ng (vng 1.35, TCG) on the patched
# kernel, the one bzImage vmrun boots too, with this machine's
# filesystem: test_progs -t $TP_TESTS as built in $TPOUT, one TAP test
# per subtest, and its exit status 0 through vng and scripts/vng-run.
# (tests/tooling/vng-run.sh tests vng-run itself.)
#   checks/vng.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

kernel=${1:-$BZ_PATCHED}
tap_init
[ -x "$TPOUT/test_progs" ] || die "$TPOUT/test_progs missing (make test_progs)"
vngrun() { # name args...
	n=$1
	shift
	"$TOP/scripts/vng-run" -k "$kernel" -l "$check_dir/$n.log" -t 300 "$@"
}

step "test_progs -t $TP_TESTS under vng ($kernel)"
rc=0
(cd "$TPOUT" && vngrun test_progs -- "$TOP/guest/vng-selftests" "$TP_TESTS") \
	> "$check_dir/test_progs.out" 2> "$check_dir/test_progs.err" || rc=$?
tap_test_progs "$check_dir/test_progs.out" "$rc" "vng: "
[ "$rc" = 0 ] || sed -n 's/^vng-run: /# /p' "$check_dir/test_progs.err"

tap_done
