#!/bin/sh
# Build the guest's initramfs: static busybox, guest/init and the test
# binaries and shell scripts given as arguments (installed in /bin), and
# BPF objects (*.bpf.o) in /root, the directory the command runs in,
# where the tests that load them by name look.
#   build-initramfs.sh OUT.cpio FILE...
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

[ $# -ge 1 ] || die "usage: $me OUT.cpio [BINARY...]"
out=$1
shift
# BUSYBOX: another arch's static busybox (scripts/build/fetch-sysroot.sh)
busybox=${BUSYBOX:-/bin/busybox}
file -L "$busybox" 2>/dev/null | grep -q 'statically linked' ||
	die "$busybox is not a static binary: install busybox-static"

# Made again only when an input changed: the same inputs give the same
# file (and a run of the same kernel and initramfs, the same result).
key=$(key_of -s "$*" "$0" "$busybox" "$TOP/guest/init" "$TOP/guest/part" "$@")
name=initramfs/$(basename "$out")
if [ -f "$out" ] && key_fresh "$name" "$key"; then
	exit 0
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/proc" "$stage/sys" "$stage/dev" \
	"$stage/tmp" "$stage/root" "$stage/vmrun" "$stage/mnt"
cp "$busybox" "$stage/bin/busybox"
cp "$TOP/guest/init" "$stage/init"
cp "$TOP/guest/part" "$stage/bin/part"
for b in "$@"; do
	[ -f "$b" ] || die "$b not found"
	case $b in
	*.bpf.o)
		file "$b" | grep -q 'eBPF' || die "$b is not a BPF object"
		cp "$b" "$stage/root/"
		continue ;;
	esac
	[ "$(head -c 9 "$b")" = '#!/bin/sh' ] ||
		file -L "$b" | grep -q 'statically linked' || die "$b is not a static binary or sh script"
	cp "$b" "$stage/bin/"
done
# The same inputs give the same bytes: entries in one order, each with
# one time, so that a rebuild of an unchanged guest changes no key.
find "$stage" -exec touch -h -d @0 {} +
(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) > "$out.tmp"
mv "$out.tmp" "$out"
key_record "$name" "$key"
