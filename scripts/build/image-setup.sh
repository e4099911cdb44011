#!/bin/sh
# mmdebstrap's last customize hook for the debian-system image
# (build-image.sh), run as root in its mount namespace with the root
# file system at ROOT: what a person installing a machine sets up, and
# the check's harness.
#   image-setup.sh ROOT
# - the root file system in /etc/fstab (virtio-blk's /dev/vda), a host
#   name, root without a password (a login on the serial console, as
#   make system gives it);
# - guest/system/dstest.service and dstest-start, enabled: with "dstest"
#   on the kernel command line the check's guest program runs from the
#   host's 9p share.
set -eu
root=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
[ -d "$root/etc" ] || { echo "image-setup.sh: $root is no root file system" >&2; exit 1; }

printf '%s\n' '# the virtio-blk disk QEMU gives the machine (scripts/system-run)' \
	'/dev/vda / ext4 errors=remount-ro 0 1' > "$root/etc/fstab"
echo debian12 > "$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tdebian12\n' > "$root/etc/hosts"
chroot "$root" passwd -q -d root
install -m 644 "$top/guest/system/dstest.service" "$root/etc/systemd/system/"
install -m 755 "$top/guest/system/dstest-start" "$root/usr/local/sbin/"
chroot "$root" systemctl -q enable dstest.service
