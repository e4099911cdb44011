#!/bin/sh
# Userspace on the series: the tree's libbpf (kept for the selftests and
# bpftool, installed in PREFIX for the checks) reports 1.1 and has the
# new API when built with only pkg-config's flags; the examples, built
# against Debian's libbpf 1.4.6 as a C programmer builds them, natively
# (host >= 6.5, root) and in the guest, and their message on the
# unpatched kernel; the tree's bpftool finding objects pinned through
# path_fd.
#   checks/userspace.sh [PATCHED_BZIMAGE [UNPATCHED_BZIMAGE]]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

patched=${1:-$BZ_PATCHED}
unpatched=${2:-$BZ_BASE}
tap_init
vmrun() { "$TOP/scripts/vmrun" -t 120 "$@"; }

# shellcheck disable=SC2046 # pkg-config's flags are words
cc -o "$check_dir/outside" "$TOP/tests/outside.c" \
	$(PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --cflags --libs libbpf) ||
	die "tests/outside.c does not build with pkg-config's flags"
expect_status 0 "the tree's libbpf, built against with only pkg-config flags: new API, reports 1.1" \
	env LD_LIBRARY_PATH="$PREFIX/lib" "$check_dir/outside"

native_examples() {
	cd /tmp && unshare -m sh -c 'mount --make-rprivate / &&
		mount -t bpf bpf /sys/fs/bpf && mkdir /sys/fs/bpf/ex &&
		"$0/detached_pin" && "$0/opath_pin" /sys/fs/bpf/ex && "$0/delegate_pin"' "$EXAMPLES_SHARED"
}
if "$TOP/scripts/native-probe"; then
	expect_status 0 "examples natively on the host (Linux $(uname -r))" native_examples
else
	skip "examples natively: $("$TOP/scripts/native-probe" 2>&1)"
fi

expect_status 0 "examples in the guest (patched kernel)" vmrun -k "$patched" -- examples-suite

msg="this kernel does not support BPF_F_PATH_FD: needs Linux 6.5 or this series"
for e in detached_pin "opath_pin /sys/fs/bpf" delegate_pin; do
	rc=0
	# shellcheck disable=SC2086 # $e is a command and its argument
	vmrun -k "$unpatched" -- $e > "$check_dir/unpatched.out" 2>&1 || rc=$?
	if [ "$rc" = 2 ] && grep -q "^$msg$" "$check_dir/unpatched.out"; then
		ok "${e%% *} on the unpatched kernel exits 2 with: $msg"
	else
		not_ok "${e%% *} on the unpatched kernel: status $rc"
	fi
done

rc=0
vmrun -k "$patched" -- bpftool-pinned > "$check_dir/bpftool.out" 2>&1 || rc=$?
if [ "$rc" = 0 ] && grep -q 'name example_map' "$check_dir/bpftool.out" &&
   grep -q 'name example_prog' "$check_dir/bpftool.out"; then
	ok "bpftool map/prog show pinned finds objects pinned through path_fd"
else
	not_ok "bpftool show pinned (status $rc)"
fi
tap_done
