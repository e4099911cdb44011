#!/bin/sh
# Build a static bpftool from the patched tree, against the tree's own
# (patched) libbpf, for the guest: $BUILD/bpftool/bpftool.
# No skeleton-based subcommands (they need clang and a vmlinux BTF), no
# disassembler (needs libbfd); map/prog/link show/dump are all there.
set -eu
. "$(dirname "$0")/../lib.sh"

out=$BPFTOOL
mkdir -p "$out"
# bpftool's Makefile probes features on every run (seconds): nothing to
# do when no file of the parts of the tree it builds from, nor this
# script, is newer than the binary.
if [ -x "$out/bpftool" ] && [ -z "$(find "$0" "$KSRC/tools/bpf/bpftool" "$KSRC/tools/lib/bpf" \
	"$KSRC/tools/include" "$KSRC/tools/build" "$KSRC/tools/scripts" "$KSRC/include/uapi/linux/bpf.h" \
	-newer "$out/bpftool" -print -quit)" ]; then
	echo "$out/bpftool"
	exit 0
fi
step "building bpftool in $out"
# LIBS is spelled out because a static libelf also needs -lzstd, which
# bpftool's Makefile of this tree does not add.
make -s -j"$NPROC" -C "$KSRC/tools/bpf/bpftool" OUTPUT="$out/" VMLINUX_BTF= VMLINUX_H= \
	feature-libbfd=0 feature-libbfd-liberty=0 feature-libbfd-liberty-z=0 \
	EXTRA_LDFLAGS=-static \
	LIBS="$out/libbpf/libbpf.a -lelf -lz -lzstd -lcap" >"$out/build.log" 2>&1 ||
	{ tail -20 "$out/build.log" >&2; die "bpftool build failed (log: $out/build.log)"; }
touch "$out/bpftool"
echo "$out/bpftool"
