#!/bin/sh
# Unpack Debian's linux-source-6.12 (a mainline tree that already has
# BPF_F_PATH_FD) into $BUILD/linux-6.12, the reference kernel of the
# conformance run. No git: nothing is applied to it.
set -eu
. "$(dirname "$0")/../lib.sh"

tarball=${MAINLINE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
dst=$KSRC_612
[ -f "$dst/Makefile" ] && exit 0
trap 'rm -rf "$dst.tmp"' EXIT
tmp=$(unpack_to_tmp "$tarball" "$dst")
mv "$tmp" "$dst"
trap - EXIT
