#!/bin/sh
# A cross sysroot for ARCH (arm64, s390x): Debian 12's libelf, zlib and zstd
# (the -dev packages for headers and static libraries, the runtime ones
# because libbpf's build links its shared library too) and that arch's
# busybox-static, fetched by fetch-debs.sh and unpacked with dpkg -x.
# The system's dpkg never learns of the architecture.
#   fetch-sysroot.sh ARCH DEST
set -eu
. "$(dirname "$0")/../lib.sh"

[ $# = 2 ] || die "usage: $me ARCH DEST"
FETCH_ARCH=$1 "$TOP/scripts/build/fetch-debs.sh" bookworm "$2" \
	libelf-dev=0.188-2.1 libelf1=0.188-2.1 \
	zlib1g-dev=1:1.2.13.dfsg-1 zlib1g=1:1.2.13.dfsg-1 \
	libzstd-dev=1.5.4+dfsg2-5 libzstd1=1.5.4+dfsg2-5 \
	busybox-static=1:1.35.0-4+deb12u1+b1 >/dev/null
