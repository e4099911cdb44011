#!/bin/sh
# The debian-system check and its builds fail when they should:
# - the check, with its AppArmor profile made to allow the denied
#   directory (one boot, patched), fails its aa-denied test and still
#   passes the one for the allowed directory;
# - make deb KCONFIG=/nonexistent stops before building anything, naming
#   the file and what to give instead;
# - build-image.sh with apt sources that name no mirror stops before
#   building anything, naming the cause and the fix.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# named, so that a run by hand does not take the debian-system check's folder
tap_init tooling-debian-system

# the profile, with its deny rule turned into an allow rule
sed 's|^  audit deny /sys/fs/bpf/denied/\*\* w,$|  /sys/fs/bpf/denied/** w,|' \
	"$TOP/guest/system/pin_at.apparmor" > "$check_dir/pin_at.apparmor"
grep -q '^  /sys/fs/bpf/denied/\*\* w,$' "$check_dir/pin_at.apparmor" ||
	die "could not turn the deny rule of guest/system/pin_at.apparmor into an allow rule (its text changed?)"
rc=0
RESULTS=$check_dir/results DEBIAN_SYSTEM_KERNELS=patched \
	DEBIAN_SYSTEM_PROFILE=$check_dir/pin_at.apparmor \
	"$TOP/scripts/checks/debian-system.sh" > "$check_dir/check.tap" 2> "$check_dir/check.err" || rc=$?
if [ "$rc" != 0 ] && grep -q '^not ok [0-9]* - patched: aa-denied: ' "$check_dir/check.tap"; then
	ok "with the denied directory allowed, the check fails: $(grep '^not ok [0-9]* - patched: aa-denied: ' "$check_dir/check.tap" | sed 's/^not ok [0-9]* - //')"
else
	not_ok "with the denied directory allowed, the check's aa-denied test did not fail (status $rc): $check_dir/check.tap"
	sed 's/^/# /' "$check_dir/check.tap"
fi
if grep -q '^ok [0-9]* - patched: aa-allowed: ' "$check_dir/check.tap" &&
   grep -q '^ok [0-9]* - patched: boot: ' "$check_dir/check.tap"; then
	ok "and the rest of the boot still passes (boot, aa-allowed)"
else
	not_ok "the boot with the broken profile failed elsewhere too: $check_dir/check.tap"
fi

# make deb KCONFIG=FILE: a missing FILE is named before anything builds
s=$(date +%s)
rc=0
make -s -C "$TOP" deb KCONFIG=/nonexistent > "$check_dir/kconfig.out" 2>&1 || rc=$?
secs=$(($(date +%s) - s))
if [ "$rc" != 0 ] && [ "$secs" -le 5 ] &&
   grep -q 'KCONFIG=/nonexistent: no such file; give a kernel config, such as /boot/config-' "$check_dir/kconfig.out"; then
	ok "make deb KCONFIG=/nonexistent stops in $secs s: $(head -n 1 "$check_dir/kconfig.out" | sed 's/^[^ ]*: //')"
else
	not_ok "make deb KCONFIG=/nonexistent: status $rc after $secs s"
	sed 's/^/# /' "$check_dir/kconfig.out"
fi

# no mirror in the apt sources
mkdir -p "$check_dir/apt/sources.list.d"
rc=0
APT_ETC=$check_dir/apt SYSTEM=$check_dir/system \
	"$TOP/scripts/build/build-image.sh" > "$check_dir/mirror.out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && [ ! -e "$check_dir/system" ] &&
   grep -q "no 'deb' source for .* cannot tell which Debian mirror to use (add one for a reachable Debian mirror)" "$check_dir/mirror.out"; then
	ok "build-image.sh without a mirror in the apt sources stops at once: $(sed 's/^[^ ]*: error: //' "$check_dir/mirror.out")"
else
	not_ok "build-image.sh without a mirror: status $rc"
	sed 's/^/# /' "$check_dir/mirror.out"
fi
tap_done
