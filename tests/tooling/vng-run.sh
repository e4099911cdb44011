#!/bin/sh
# scripts/vng-run itself, under the real virtme-ng (vng 1.35, TCG) on
# the patched kernel: the guest command's exit status comes back through
# vng (3), a panic fails the run (vng says 255, vng-run 125, and names
# the panic), and so does a kernel report in an otherwise good run (125,
# with the console log's line).
#   tests/tooling/vng-run.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

kernel=${1:-$BZ_PATCHED}
tap_init
vngrun() { # name args...
	n=$1
	shift
	"$TOP/scripts/vng-run" -k "$kernel" -l "$check_dir/$n.log" -t 300 "$@"
}

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
	vngrun warning -- sh -c 'echo "WARNING: injected by tests/tooling/vng-run.sh" > /dev/kmsg'
if grep -q "^vng-run: | .*warning.log:[0-9]*: WARNING: injected by tests/tooling/vng-run.sh" "$check_dir/last.out"; then
	ok "the scan names the injected WARNING, with the console log's line"
else
	not_ok "the scan did not name the injected WARNING"
	sed 's/^/# /' "$check_dir/last.out" | tail -n 20
fi
tap_done
