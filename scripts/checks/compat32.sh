#!/bin/sh
# A 32-bit caller on the 64-bit kernel (CONFIG_IA32_EMULATION): in the
# guest on the patched kernel, tests/attr_layout as an x86_64 and as an
# i686 program (the same offsets for pathname, bpf_fd, file_flags and
# path_fd, then a pin and a get through path_fd 0), and the i686 builds
# of obj_fuzz (against its model) and obj_unpriv. One TAP test a part,
# and one that the two layouts agree.
#   checks/compat32.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"

kernel=${1:-$BZ_PATCHED}
tap_init
log=$check_dir/guest.log
calls=${FUZZ_CALLS:-20000}
parts="attr_layout attr_layout32 obj_fuzz32 obj_unpriv32"
step "32-bit callers in the guest ($kernel)"
rc=0
"$TOP/scripts/vmrun" -k "$kernel" -l "$log" -t 900 -- compat32-suite "$calls" >/dev/null 2>"$check_dir/runner.err" || rc=$?
# shellcheck disable=SC2086 # one part a word
tap_parts "$log" "" $parts
layout() { sed -n "s/^attr_layout: $1-bit \(.* at [0-9]*, [0-9]* bytes\)$/\1/p" "$log"; }
if [ "$(layout 64 | grep -c .)" = 4 ] && [ "$(layout 64)" = "$(layout 32)" ]; then
	ok "the i686 and x86_64 layouts of the pin/get attr agree: $(layout 32 | tr '\n' ';')"
else
	not_ok "the i686 and x86_64 layouts differ, or were not printed (log: $log)"
fi
tap_run_status "$rc" compat32 "$log"
tap_done
