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
# the unpatched tree (a worktree at tag base, which the series check
# then takes patch by patch) and its objects: laid out in build/check/
# as build/linux and build/kbuild are in build/, so that ccache, which
# hashes paths relative to the object directory, finds the patched
# tree's objects for the files the series does not change
KSRC_BASE	?= $(BUILD)/check/linux
KOBJ_BASE	?= $(BUILD)/check/kbuild
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
LIBBPF_146	?= $(BUILD)/libbpf-1.4.6
RESULTS		?= $(BUILD)/results
# results that are reused while their inputs are unchanged
CACHE		?= $(BUILD)/cache
