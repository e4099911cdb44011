#!/bin/sh
# The Debian 12 system of the debian-system check (docs/debian-system.md):
# - mmdebstrap makes a bookworm root file system (variant apt, plus
#   $SYSTEM_PKGS) from the mirrors this machine's apt sources name, with
#   bookworm-backports beside them for Debian's libbpf 1.4.6
#   ($SYSTEM_LIBBPF); in its own mount namespace (--mode=unshare as
#   root), so that no mount outlives it;
# - in a customize hook, apt installs the packages of make deb and make
#   deb-base, as a user installs them (apt-get install ./FILE.deb): both
#   linux-image packages, whose maintainer scripts run initramfs-tools,
#   and the patched linux-libc-dev; image-setup.sh adds the rest;
# - the kernels and initrds of its /boot are copied out, for QEMU;
# - mkfs.ext4 -d makes the disk image of the directory: no loop device,
#   no mount. It is $SYSTEM_IMAGE_MB MB, sparse.
#   build-image.sh
# Files in $SYSTEM: debian12.img, boot/, packages.txt (the packages and
# versions in the image), sources.list (the image's apt sources), key.
# Nothing is done while the key is the same: the suites and mirrors, the
# package lists, what the .deb files install, and this script and the
# files it puts in the image. A package the archive has updated
# since comes in at the next rebuild (rm $SYSTEM/key). The paths of the
# image and of boot/ are printed.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/debs.sh
. "$TOP/scripts/lib/debs.sh"
# shellcheck source=scripts/lib/apt.sh
. "$TOP/scripts/lib/apt.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

# The archives, first of all: without one there is nothing to build.
codename=$(apt_codename)
mirror=$(apt_mirror "$codename")
sources="deb $mirror $codename main"
for s in updates security; do
	uri=$(apt_uri "$codename-$s")
	[ -z "$uri" ] || sources="$sources
deb $uri $codename-$s main"
done
sources="$sources
deb $mirror $codename-backports main"

# the packages of make deb and make deb-base
deb_releases
debs="$(deb_one "$DEB/linux-image-${rel}_*_amd64.deb")
$(deb_one "$DEB/linux-libc-dev_*_amd64.deb")
$(deb_one "$DEB_BASE/linux-image-${rel_base}_*_amd64.deb")"

img=$SYSTEM/debian12.img
boot=$SYSTEM/boot
# What a package installs: its name, version and the checksums of its
# files, but for its changelog, which bindeb-pkg dates anew each time it
# packages the same kernel (so are the .deb's own bytes).
deb_digest() { # deb
	dd_tmp=$(mktemp -d)
	dpkg-deb -x "$1" "$dd_tmp" || die "dpkg-deb -x $1 failed"
	{ dpkg-deb -f "$1" Package Version
	  (cd "$dd_tmp" && find . -type f ! -path './usr/share/doc/*' | LC_ALL=C sort |
		xargs -r sha256sum); } | sha256sum | cut -d' ' -f1
	rm -rf "$dd_tmp"
}
digests=$(for d in $debs; do deb_digest "$d"; done)
key=$(key_of -s "$sources" -s "$SYSTEM_PKGS $SYSTEM_LIBBPF $SYSTEM_IMAGE_MB" -s "$digests" \
	"$0" "$TOP/scripts/build/image-setup.sh" "$TOP/guest/system/dstest.service" \
	"$TOP/guest/system/dstest-start")
if [ -f "$img" ] && [ "$(cat "$SYSTEM/key" 2>/dev/null)" = "$key" ]; then
	step "$img is up to date"
	echo "$img"
	echo "$boot"
	exit 0
fi
command -v mmdebstrap >/dev/null || die "mmdebstrap is not installed (make deps)"

mkdir -p "$SYSTEM"
rm -f "$SYSTEM/key"
tmp=$SYSTEM/tmp
cleanup() { rm -rf "$tmp"; }
trap cleanup EXIT
rm -rf "$tmp"
mkdir -p "$tmp"
root=$tmp/root
# the .deb files go into the image's /tmp, named as they are
names=
for d in $debs; do
	names="$names /tmp/$(basename "$d")"
done

started=$(date +%s)
step "mmdebstrap: $codename with $SYSTEM_PKGS $SYSTEM_LIBBPF, then $(echo "$names" | sed 's|/tmp/||g') (a few minutes)"
# the mirrors, one argument each
set --
while IFS= read -r line; do
	set -- "$@" "$line"
done <<EOF
$sources
EOF
log=$SYSTEM/mmdebstrap.log
# shellcheck disable=SC2086 # $debs and $names: paths without spaces
mmdebstrap --mode=unshare --variant=apt --quiet \
	--include="$SYSTEM_PKGS $SYSTEM_LIBBPF" \
	--customize-hook="copy-in $(echo $debs) /tmp" \
	--customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $names" \
	--customize-hook="rm -f$(for n in $names; do printf ' "$1"%s' "$n"; done)" \
	--customize-hook="\"$TOP/scripts/build/image-setup.sh\" \"\$1\"" \
	"$codename" "$root" "$@" > "$log" 2>&1 ||
	{ tail -n 30 "$log" >&2; die "mmdebstrap failed (the whole log: $log)"; }
step "root file system made in $(($(date +%s) - started)) s: $(du -sm "$root" | cut -f1) MB"

for r in "$rel" "$rel_base"; do
	for f in "vmlinuz-$r" "initrd.img-$r"; do
		[ -s "$root/boot/$f" ] || die "the image has no /boot/$f: the package's maintainer scripts or initramfs-tools failed (see $log)"
	done
done
dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Package} ${Version}\n' > "$tmp/packages.txt"
cp "$root/etc/apt/sources.list" "$tmp/sources.list" 2>/dev/null || echo "$sources" > "$tmp/sources.list"

step "mkfs.ext4 -d: $img (${SYSTEM_IMAGE_MB} MB, sparse)"
rm -f "$tmp/img"
mkfs.ext4 -q -F -L debian12 -d "$root" "$tmp/img" "${SYSTEM_IMAGE_MB}M" ||
	die "mkfs.ext4 -d $root failed"
rm -rf "$boot"
mkdir -p "$boot"
cp "$root/boot/vmlinuz-$rel" "$root/boot/initrd.img-$rel" \
	"$root/boot/vmlinuz-$rel_base" "$root/boot/initrd.img-$rel_base" "$boot/"
mv "$tmp/packages.txt" "$tmp/sources.list" "$SYSTEM/"
mv "$tmp/img" "$img"
echo "$key" > "$SYSTEM/key"
step "$img: $(du -m "$img" | cut -f1) MB on disk, made in $(($(date +%s) - started)) s"
echo "$img"
echo "$boot"
