#!/bin/sh
# Install the Debian 12 packages the build and the VM need, if missing.
set -eu
. "$(dirname "$0")/../lib.sh"

# linux-source-6.1: the base tree; linux-source-6.12: the mainline
# reference kernel of the conformance run; build tools for the kernel (bc, bison,
# flex, libelf-dev, libssl-dev, dwarves for BTF, ccache: scripts/lib/kbuild.sh) and for libbpf/test_progs
# (zlib, zstd, libcap); qemu and busybox-static for the guest; cpio for
# the initramfs; python3-ply/python3-git for checkpatch's SPDX check;
# python3-docutils for the rst and man page checks; sparse, clang, llvm
# and lld for series-check's per-patch sparse and LLVM=1 builds; the
# Debian 12 dependencies of Debian 13's b4 0.14.2 (checks/b4.sh unpacks
# b4 itself under build/); libbpf1, Debian 12's own libbpf 1.1, for the
# negative control of checks/libbpf-abi.sh; udev, which virtme-init runs
# in the vng guest to name its virtio-serial ports. Then virtme-ng 1.35
# (vng) from Debian 13: an Architecture: all package whose dependencies
# Debian 12 has, fetched with a private apt setup (fetch-debs.sh) and
# installed with apt-get install ./file.deb. The system's apt sources
# are never changed. Each arch's own packages (its QEMU, its cross
# compiler and C library) are PKGS_A of mk/arches.mk. npm (when there
# is none) for the CI workflow's validator; the shellcheck package for
# the shellcheck check; tmux, the terminal tooling-shell drives make
# shell in; quilt and dpkg-dev (dpkg-source) for the debian-quilt check;
# rsync (bindeb-pkg installs the uapi headers with it), mmdebstrap and
# zstd for make deb and the Debian 12 image (docs/debian-system.md).
PKGS="linux-source-6.1 linux-source-6.12 build-essential file bc bison flex libelf-dev libssl-dev ccache
dwarves zlib1g-dev libzstd-dev libcap-dev pkg-config
busybox-static cpio python3 python3-ply python3-git python3-docutils git
xz-utils lz4 sparse clang llvm lld python3-dkim python3-dnspython python3-requests
python3-patatt git-filter-repo libbpf1 udev shellcheck tmux quilt dpkg-dev
rsync mmdebstrap zstd
$(for a in $ALL_ARCHES; do eval "echo \$PKGS_$a"; done)"
VNG_DEB=1.35-1
VNG_VERSION=1.35

# one dpkg-query for all of them (one a package takes a second)
# shellcheck disable=SC2086 # the packages, one word each
installed=$(dpkg-query -W -f='${Package} ${Status}\n' $PKGS 2>/dev/null |
	sed -n 's/^\([^ ]*\) install ok installed$/\1/p')
# shellcheck disable=SC2086 # the packages, one word each
missing=$(printf '%s\n' $PKGS | grep -vxF -e "${installed:-/}" | tr '\n' ' ' || true)
missing=${missing:+ }${missing% }
# npm fetches the workflow validator of checks/ci-workflow.sh; a node
# installed another way serves as well
command -v npm >/dev/null || missing="$missing npm"
# the package's version, and vng's own ("virtme-ng 1.35")
vng_ok() {
	[ "$(dpkg-query -W -f='${Version}' virtme-ng 2>/dev/null)" = "$VNG_DEB" ] &&
		command -v vng >/dev/null
}
if [ -z "$missing" ] && vng_ok; then
	exit 0
fi
[ "$(id -u)" = 0 ] || die "missing packages:$missing${missing:+ }virtme-ng=$VNG_DEB (run as root, or install them)"
export DEBIAN_FRONTEND=noninteractive
if [ -n "$missing" ]; then
	step "installing:$missing"
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if ! vng_ok; then
	deb=$("$TOP/scripts/build/fetch-debs.sh" trixie - "virtme-ng=$VNG_DEB")
	step "installing $(basename "$deb")"
	apt-get install -y -qq --no-install-recommends "$deb" >/dev/null
	vng_ok || die "virtme-ng $VNG_VERSION is not installed (or vng not on PATH) after installing $deb"
fi
