# Every path the build writes, defined once. The Makefile includes this
# file, and mk/env.mk writes its values to build/env.sh for the scripts.
# Each is "?=": a variable of the same name in the environment (or on
# make's command line) moves it for make and the scripts alike.

BUILD		?= $(TOP)/build
# the series as mail (the repository's own)
PATCHES		?= $(TOP)/patches
PREFIX		?= $(BUILD)/prefix

# kernel trees (source, objects) and the bzImage of each kernel
KSRC		?= $(BUILD)/linux
KOBJ		?= $(BUILD)/kbuild
# the worktree that the series check walks patch by patch from tag base
# (and the mutants use), and its objects; make kernel-base builds the
# unpatched kernel there first. Laid out in build/check/ as build/linux
# and build/kbuild are in build/, so that ccache, which hashes paths
# relative to the object directory, finds the patched tree's objects for
# the files the series does not change
KSRC_WALK	?= $(BUILD)/check/linux
KOBJ_WALK	?= $(BUILD)/check/kbuild
KOBJ_CLANG	?= $(BUILD)/check/kbuild-clang
KOBJ_NOSYS	?= $(BUILD)/check/kbuild-nosyscall
# the compiler cache of every gcc kernel build (scripts/lib/kbuild.sh):
# ccache's own default place, outside the clone, so that a fresh clone
# (or a rerun after rm -rf build) takes the objects an earlier one
# compiled; build/ccache when there is no home directory
CCACHE_DIR	?= $(if $(XDG_CACHE_HOME),$(XDG_CACHE_HOME)/ccache,$(if $(HOME),$(HOME)/.cache/ccache,$(BUILD)/ccache))
KOBJ_DEBUG	?= $(BUILD)/kbuild-debug
KSRC_612	?= $(BUILD)/linux-6.12
KOBJ_612	?= $(BUILD)/kbuild-6.12
IMAGES		?= $(BUILD)/images
BZ_PATCHED	?= $(KOBJ)/$(KIMAGE_PATH_x86_64)
BZ_BASE		?= $(IMAGES)/bzImage-6.1-unpatched
BZ_DEBUG	?= $(KOBJ_DEBUG)/$(KIMAGE_PATH_x86_64)
BZ_612		?= $(KOBJ_612)/$(KIMAGE_PATH_x86_64)

# userspace
TPOUT		?= $(BUILD)/selftests
TPOUT_CHECK	?= $(BUILD)/selftests-check
LIBBPF_OBJ	?= $(BUILD)/libbpf-obj
LIBBPF_CHECK	?= $(BUILD)/libbpf-check
EXAMPLES	?= $(BUILD)/examples
EXAMPLES_SHARED	?= $(BUILD)/examples-shared
BPFTOOL		?= $(BUILD)/bpftool
BENCH_BIN	?= $(BUILD)/bench
TESTS_BIN	?= $(BUILD)/tests
INITRAMFS	?= $(BUILD)/initramfs.cpio
# the coverage guest: test_progs with libbpf built --coverage
TPOUT_COV	?= $(BUILD)/selftests-cov
INITRAMFS_COV	?= $(BUILD)/initramfs-cov.cpio
# Each arch of mk/arches.mk: its patched kernel's objects and image
# (x86_64's are the ones above), and its guest: Debian's libraries and
# busybox for that arch, test_progs with its BPF objects, the hostile
# tests, the initramfs.
KOBJ_x86_64	?= $(KOBJ)
IMG_x86_64	?= $(BZ_PATCHED)
INITRAMFS_x86_64 ?= $(INITRAMFS)
$(foreach a,$(MATRIX),\
	$(eval KOBJ_$(a) ?= $$(BUILD)/kbuild-$(a))\
	$(eval IMG_$(a) ?= $$(KOBJ_$(a))/$(KIMAGE_PATH_$(a)))\
	$(eval SYSROOT_$(a) ?= $$(BUILD)/sysroot-$(a))\
	$(eval TPOUT_$(a) ?= $$(BUILD)/selftests-$(a))\
	$(eval TESTS_$(a) ?= $$(BUILD)/tests-$(a))\
	$(eval INITRAMFS_$(a) ?= $$(BUILD)/initramfs-$(a).cpio))

# packages from other Debian suites, and what the checks write
APT		?= $(BUILD)/apt
DEBS		?= $(BUILD)/debs
TOOLS		?= $(BUILD)/tools
# the b4 that scripts/b4 runs: Debian 13's package, unpacked in $(TOOLS)/b4
B4_DEB		?= 0.14.2-2
LIBBPF_146	?= $(BUILD)/libbpf-1.4.6
RESULTS		?= $(BUILD)/results
# results that are reused while their inputs are unchanged
CACHE		?= $(BUILD)/cache
# the series as Debian quilt patches with DEP-3 headers (make
# export-debian); Debian source packages, a directory per version, and
# their private apt setup (in CACHE: the debian-quilt check fetches them)
DEBIAN_PATCHES	?= $(BUILD)/debian-patches
DEBIAN_SRC	?= $(CACHE)/debian-src
# Debian packages of the kernel (make deb, docs/debian-system.md): DEB
# holds the patched tree's, built in DEB/kbuild from KSRC; DEB_BASE the
# unpatched tree's, built in DEB_BASE/kbuild from DEB_SRC_BASE, a
# worktree at tag base of its own. Each tree is ../../linux from its
# object directory, so that ccache, which hashes paths relative to the
# object directory, gives the unpatched build the patched one's objects. DEB_KCONFIG: make deb KCONFIG=FILE. SYSTEM: the Debian 12
# image of the debian-system check, and the kernels and initrds taken
# out of its /boot.
DEB		?= $(BUILD)/deb
DEB_BASE	?= $(DEB)/base
DEB_SRC_BASE	?= $(DEB)/linux
DEB_KCONFIG	?= $(BUILD)/deb-kconfig
SYSTEM		?= $(BUILD)/system
