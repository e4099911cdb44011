#!/bin/sh
# Build the patched tree's libbpf (static and shared) and install its
# headers, libraries and libbpf.pc into PREFIX (default $BUILD/prefix),
# with the tree's uapi linux/bpf.h, btf.h and bpf_common.h, so that
#   PKG_CONFIG_PATH=PREFIX/lib/pkgconfig pkg-config --cflags --libs libbpf
# is all an outside program needs (the system's linux/bpf.h predates
# BPF_F_PATH_FD).
set -eu
. "$(dirname "$0")/../lib.sh"

prefix=$PREFIX
case $prefix in /*) ;; *) die "PREFIX must be an absolute path" ;; esac
obj=$LIBBPF_OBJ
mkdir -p "$obj"
# The .pc file has the prefix in it: remake it when the prefix changes.
if [ "$(cat "$obj/.prefix" 2>/dev/null)" != "$prefix" ]; then
	rm -f "$obj/libbpf.pc"
	echo "$prefix" > "$obj/.prefix"
fi

step "building libbpf and installing it into $prefix"
# Installed into a temporary DESTDIR first, then only the files that
# differ are copied into PREFIX: an up-to-date build writes nothing under
# build/ (make check runs a check again when a file there is newer). Its
# stderr goes to a temporary file too, without libbpf's warning that the
# tools/ copy of bpf.h differs (see mk/test_progs.mk).
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
rc=0
make -s -j"$NPROC" -C "$KSRC/tools/lib/bpf" OUTPUT="$obj/" prefix="$prefix" \
	DESTDIR="$stage" libdir_relative=lib install >/dev/null 2>"$stage/make.err" || rc=$?
grep -v "^Warning: Kernel ABI header at 'tools/include/uapi/linux/bpf.h' differs" "$stage/make.err" >&2 || true
[ "$rc" = 0 ] || die "libbpf build failed (status $rc)"
install -d "$stage$prefix/include/linux"
for h in bpf.h bpf_common.h btf.h; do
	install -m 644 "$KSRC/tools/include/uapi/linux/$h" "$stage$prefix/include/linux/$h"
done
(cd "$stage$prefix" && find . ! -type d) | while read -r f; do
	if [ -L "$stage$prefix/$f" ]; then
		[ "$(readlink "$stage$prefix/$f")" = "$(readlink "$prefix/$f" 2>/dev/null)" ] && continue
	else
		[ ! -L "$prefix/$f" ] && cmp -s "$stage$prefix/$f" "$prefix/$f" && continue
	fi
	mkdir -p "$(dirname "$prefix/$f")"
	rm -f "$prefix/$f"
	cp -P -p "$stage$prefix/$f" "$prefix/$f"
done
echo "$prefix/lib/pkgconfig"
