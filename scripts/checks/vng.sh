#!/bin/sh
# The selftests under the real virtme-ng (vng 1.35, TCG) on the patched
# kernel, the one bzImage vmrun boots too, with this machine's
# filesystem: test_progs -t $TP_TESTS as built in $TPOUT, one TAP test
# per subtest. Then the exit status through vng and scripts/vng-run: 0
# (the selftests), a non-zero code, a panic (vng says 255, vng-run 125)
# and a kernel report in an otherwise good run (125).
#   checks/vng.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

kernel=${1:-$BZ_PATCHED}
tap_init vng
[ -x "$TPOUT/test_progs" ] || die "$TPOUT/test_progs missing (make test_progs)"
vngrun() { # name args...
	n=$1
	shift
	"$TOP/scripts/vng-run" -k "$kernel" -l "$check_dir/$n.log" -t 300 "$@"
}

step "test_progs -t $TP_TESTS under vng ($kernel)"
rc=0
(cd "$TPOUT" && vngrun test_progs -- sh -c \
	"mount -t bpf bpf /sys/fs/bpf && exec ./test_progs -t $TP_TESTS") \
	> "$check_dir/test_progs.out" 2> "$check_dir/test_progs.err" || rc=$?
tap_test_progs "$check_dir/test_progs.out" "$rc" "vng: "
[ "$rc" = 0 ] || sed -n 's/^vng-run: /# /p' "$check_dir/test_progs.err"

expect_status 3 "vng passes the guest command's status 3 through" vngrun exit3 -- sh -c 'exit 3'
expect_status 125 "a panic in the guest fails the run" \
	vngrun panic -- sh -c 'echo c > /proc/sysrq-trigger; sleep 60'
if grep -q "vng's status was 255" "$check_dir/last.out" &&
   grep -q 'Kernel panic - not syncing: sysrq triggered crash' "$check_dir/last.out"; then
	ok "on a panic vng exits 255 and the scan names the panic"
else
	not_ok "on a panic: no 255 from vng, or no panic in the report"
	sed 's/^/# /' "$check_dir/last.out" | tail -n 20
fi
expect_status 125 "a kernel report fails a run whose command succeeded" \
	vngrun warning -- sh -c 'echo "WARNING: injected by checks/vng.sh" > /dev/kmsg'
if grep -q "^vng-run: | .*warning.log:[0-9]*: WARNING: injected by checks/vng.sh" "$check_dir/last.out"; then
	ok "the scan names the injected WARNING, with the console log's line"
else
	not_ok "the scan did not name the injected WARNING"
	sed 's/^/# /' "$check_dir/last.out" | tail -n 20
fi
tap_done
