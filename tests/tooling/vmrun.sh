#!/bin/sh
# scripts/vmrun itself: the guest's exit status comes back, a forged
# exit line is ignored, a kernel report (WARNING) in the console fails
# a good run, "quiet" is off, and a kernel that panics or a guest that
# hangs fails within its timeout, with the console tail shown. -A: the
# status comes back from each arch of the matrix, and an arch vmrun does
# not know is refused by name.
#   tests/tooling/vmrun.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"
tap_init
kernel=${1:-$BZ_PATCHED}
vmrun() { "$TOP/scripts/vmrun" -k "$kernel" "$@"; }

expect_status 3 "vmrun passes the guest's exit status 3" vmrun -t 60 -- sh -c 'exit 3'
expect_status 0 "vmrun returns 0 for a guest command that succeeds" vmrun -t 60 -- true
expect_status 7 "vmrun ignores an exit line with a wrong nonce" \
	vmrun -t 60 -- sh -c 'echo vmrun-exit 0123456789abcdef 0; exit 7'

rc=0
vmrun -t 60 -l "$check_dir/warning.log" -- sh -c \
	'echo "WARNING: injected by tests/tooling/vmrun.sh" > /dev/kmsg' > "$check_dir/warning.out" 2>&1 || rc=$?
if [ "$rc" = 125 ] && grep -q "^vmrun: | .*warning.log:[0-9]*: WARNING: injected" "$check_dir/warning.out"; then
	ok "vmrun fails a run whose command succeeded but whose kernel log has a WARNING"
else
	not_ok "vmrun on a kernel log with a WARNING: status $rc"
fi
if grep -qE '^(\[ *[0-9.]+\] )?Command line: .*console=ttyS0' "$check_dir/warning.log" &&
   ! grep -qE '^(\[ *[0-9.]+\] )?Command line: .* quiet( |$)' "$check_dir/warning.log"; then
	ok "the guest's command line has no quiet, and the console log holds the boot"
else
	not_ok "the console log has no boot command line, or it says quiet"
fi

start=$(date +%s)
rc=0
vmrun -t 60 -a "rdinit=/nonexistent init=/nonexistent" -- true > "$check_dir/panic.out" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
if [ "$rc" = 125 ] && grep -q 'vmrun: | .*Kernel panic' "$check_dir/panic.out" && [ "$secs" -le 60 ]; then
	ok "vmrun fails on a kernel panic (no init) in ${secs}s and shows the console tail"
else
	not_ok "vmrun on a kernel that panics: status $rc after ${secs}s"
fi

start=$(date +%s)
rc=0
vmrun -t 15 -- sleep 600 > "$check_dir/hang.out" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
if [ "$rc" = 125 ] && grep -q 'timed out after 15s' "$check_dir/hang.out" && [ "$secs" -le 30 ]; then
	ok "vmrun fails a hung guest after its 15s timeout (${secs}s)"
else
	not_ok "vmrun on a hung guest: status $rc after ${secs}s"
fi
arches=$(cross_arches) || die "cannot read the arch matrix (mk/arches.mk)"
for a in $arches; do
	expect_status 3 "vmrun -A $a passes the guest's exit status 3" \
		"$TOP/scripts/vmrun" -A "$a" -t 120 -- sh -c 'exit 3'
done
rc=0
"$TOP/scripts/vmrun" -A sparc64 -- true > "$check_dir/arch.out" 2>&1 || rc=$?
if [ "$rc" = 1 ] && grep -q "ARCH must be one of $ALL_ARCHES (mk/arches.mk), not sparc64" "$check_dir/arch.out"; then
	ok "vmrun -A sparc64 is refused, naming the arch"
else
	not_ok "vmrun -A sparc64: status $rc: $(cat "$check_dir/arch.out")"
fi
tap_done
