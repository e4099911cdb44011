# The series on a Debian 12 system (docs/debian-system.md): the kernel
# as Debian packages (make deb, make deb-base), a bookworm image they
# are installed into (make system-image), the debian-system check that
# boots it, and make system, a login on it.

# The packages: linux-image-6.1.192-bpf-path-fd and the rest, version
# Debian's of the base tree with a suffix (6.1.192-3+bpfpathfd1); the
# unpatched tree's, for the differential, beside them.
DEB_LOCALVERSION	:= -bpf-path-fd
DEB_VERSION_SUFFIX	:= +bpfpathfd1
DEB_BASE_LOCALVERSION	:= -unpatched
DEB_BASE_VERSION_SUFFIX	:= +unpatched1
# Debian's own kernel of the same 6.1.192, whose /boot/config-* the
# values of config/distro.config come from (scripts/build/distro-config.sh)
DISTRO_KERNEL		:= linux-image-6.1.0-57-amd64=6.1.192-3
DISTRO_KERNEL_SUITE	:= bookworm-security

# What /sys/kernel/security/lsm says on Debian 12 with Debian's own
# kernel (linux-image-6.1.0-57-amd64, booted: docs/debian-system.md),
# and so on the packages of make deb: the debian-system check expects it
DEBIAN_LSM		:= lockdown,capability,landlock,yama,apparmor,tomoyo,bpf

# The image (scripts/build/build-image.sh): bookworm from the mirror the
# machine's apt sources name, with these packages, and Debian's libbpf
# 1.4.6 from bookworm-backports; then the kernel packages, installed in
# the image with apt as a user installs them.
SYSTEM_PKGS	:= systemd-sysv udev dbus apparmor apparmor-utils bpftool gcc make \
	pkg-config libc6-dev libelf-dev zlib1g-dev initramfs-tools zstd kmod procps
SYSTEM_LIBBPF	= libbpf1=$(LIBBPF_146_VERSION) libbpf-dev=$(LIBBPF_146_VERSION)
# its size (the file is sparse: the disk it takes is what is in it)
SYSTEM_IMAGE_MB	:= 2048

# make deb KCONFIG=FILE: a missing FILE stops make before it builds
# anything
ifneq ($(KCONFIG),)
ifeq ($(wildcard $(KCONFIG)),)
$(error KCONFIG=$(KCONFIG): no such file; give a kernel config, such as /boot/config-$(shell uname -r) (docs/debian-system.md))
endif
endif

# Kernel builds, marked "+" as the Makefile's are: kbuild joins make's
# job server (scripts/lib/kbuild.sh), and bindeb-pkg hands it on through
# dpkg-buildpackage to the make of debian/rules, which builds the kernel.
.PHONY: deb deb-base system-image system
deb: series
	+@KCONFIG="$(KCONFIG)" scripts/build/build-deb.sh patched

# after make deb, always: the unpatched tree's objects come from the
# compiler cache that make deb filled, except where the series reaches
deb-base: series | deb
	+@scripts/build/build-deb.sh base

system-image: deb deb-base
	@scripts/build/build-image.sh >/dev/null

# A login on the image (root, no password), on the patched kernel;
# SYSTEM_KERNEL=unpatched boots the other. Changes are not kept.
SYSTEM_KERNEL ?= patched
system: system-image
	@scripts/system-run -I -K $(SYSTEM_KERNEL)
