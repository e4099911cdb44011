#!/bin/sh
# Install the Debian 12 packages the build and the VM need, if missing.
set -eu
. "$(dirname "$0")/../lib.sh"

# linux-source-6.1: the base tree; linux-source-6.12: the mainline
# reference kernel of the conformance run; build tools for the kernel (bc, bison,
# flex, libelf-dev, libssl-dev, dwarves for BTF) and for libbpf/test_progs
# (zlib, zstd, libcap); qemu and busybox-static for the guest; cpio for
# the initramfs; python3-ply/python3-git for checkpatch's SPDX check;
# python3-docutils for the rst and man page checks; sparse, clang, llvm
# and lld for series-check's per-patch sparse and LLVM=1 builds; the
# Debian 12 dependencies of Debian 13's b4 0.14.2 (checks/b4.sh unpacks
# b4 itself under build/); libbpf1, Debian 12's own libbpf 1.1, for the
# negative control of checks/libbpf-abi.sh.
PKGS="linux-source-6.1 linux-source-6.12 build-essential file bc bison flex libelf-dev libssl-dev
dwarves zlib1g-dev libzstd-dev libcap-dev pkg-config qemu-system-x86
busybox-static cpio python3 python3-ply python3-git python3-docutils git
xz-utils sparse clang llvm lld python3-dkim python3-dnspython python3-requests
python3-patatt git-filter-repo libbpf1"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	exit 0
fi
[ "$(id -u)" = 0 ] || die "missing packages:$missing (run as root, or install them)"
step "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
