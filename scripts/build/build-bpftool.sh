#!/bin/sh
# Build a static bpftool from the patched tree, against the tree's own
# (patched) libbpf, for the guest: $BUILD/bpftool/bpftool.
# No skeleton-based subcommands (they need clang and a vmlinux BTF), no
# disassembler (needs libbfd); map/prog/link show/dump are all there.
set -eu
. "$(dirname "$0")/../lib.sh"

out=$BPFTOOL
mkdir -p "$out"
step "building bpftool in $out"
# LIBS is spelled out because a static libelf also needs -lzstd, which
# bpftool's Makefile of this tree does not add.
make -s -C "$KSRC/tools/bpf/bpftool" OUTPUT="$out/" VMLINUX_BTF= VMLINUX_H= \
	feature-libbfd=0 feature-libbfd-liberty=0 feature-libbfd-liberty-z=0 \
	EXTRA_LDFLAGS=-static \
	LIBS="$out/libbpf/libbpf.a -lelf -lz -lzstd -lcap" >"$out/build.log" 2>&1 ||
	{ tail -20 "$out/build.log" >&2; die "bpftool build failed (log: $out/build.log)"; }
echo "$out/bpftool"
