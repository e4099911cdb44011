# The kernels, each defined once. For each kernel K of KERNELS:
#   K_TARGET_K  its make target
#   K_SRC_K     its source tree      K_OBJ_K  its objects (mk/paths.mk)
#   K_ARCH_K    its arch, a block of mk/arches.mk: ARCH=, CROSS_COMPILE=
#               and the image come from there
#   K_FRAGS_K   config fragments, merged in order on top of tinyconfig
#   K_ARGS_K    more kbuild arguments
#   K_NEEDS_K   the make targets it needs first
#   K_PREP_K    a command that makes its source tree first, if any
# Its image is $(K_OBJ_K)/$(KIMAGE_PATH_<arch>) (mk/paths.mk names the
# ones the checks boot). The unpatched kernel, make kernel-base, is the
# patched kernel's entry built at tag base by
# scripts/build/build-base-kernel.sh, in the series check's worktree.
# A new kernel is one entry here (and its checks in mk/checks.mk).
KERNELS		:= patched debug 612 $(MATRIX)

# the fragments of every kernel; vng.config only where vng boots it
K_FRAGS_common	:= $(TOP)/config/minimal.config

# 6.1 with the series: what make runs and most checks boot, vmrun or vng
K_TARGET_patched := kernel
K_SRC_patched	:= $(KSRC)
K_OBJ_patched	:= $(KOBJ)
K_ARCH_patched	:= x86_64
K_FRAGS_patched	:= $(K_FRAGS_common) $(TOP)/config/vng.config
K_NEEDS_patched	:= series

# The Debian packages of make deb and make deb-base are this kernel with
# what a Debian 12 system needs, Debian's values (config/distro.config);
# scripts/build/build-deb.sh builds them with bindeb-pkg (mk/system.mk).
K_FRAGS_deb	:= $(K_FRAGS_patched) $(TOP)/config/distro.config

# the same with KASAN, lockdep, kmemleak... and gcov for the coverage check
K_TARGET_debug	:= kernel-debug
K_SRC_debug	:= $(KSRC)
K_OBJ_debug	:= $(KOBJ_DEBUG)
K_ARCH_debug	:= x86_64
K_FRAGS_debug	:= $(K_FRAGS_common) $(TOP)/config/debug.config
K_ARGS_debug	:= $(COVERAGE_KMAKEARGS)
K_NEEDS_debug	:= series

# Debian's linux-source-6.12, which has the feature (WITH_612 below
# says when the checks boot it)
K_TARGET_612 := kernel-6.12
K_SRC_612	:= $(KSRC_612)
K_OBJ_612	:= $(KOBJ_612)
K_ARCH_612	:= x86_64
K_FRAGS_612 := $(K_FRAGS_patched)
K_NEEDS_612 := deps
K_PREP_612	:= scripts/build/prepare-mainline.sh

# each arch of the matrix: the patched kernel, cross-built
$(foreach a,$(MATRIX),\
	$(eval K_TARGET_$(a) := kernel-$(a))\
	$(eval K_SRC_$(a) := $$(KSRC))\
	$(eval K_OBJ_$(a) := $$(KOBJ_$(a)))\
	$(eval K_ARCH_$(a) := $(a))\
	$(eval K_FRAGS_$(a) := $$(K_FRAGS_common) $(TOP)/config/arch-$(a).config)\
	$(eval K_NEEDS_$(a) := series))

# kbuild's arguments for kernel K: its arch's, then its own
k_makeargs = $(strip $(if $(CROSS_$(K_ARCH_$(1))),ARCH=$(KARCH_$(K_ARCH_$(1))) \
	CROSS_COMPILE=$(CROSS_$(K_ARCH_$(1)))) $(K_ARGS_$(1)))

# The conformance table's reference for mainline's semantics: the host's
# own kernel (its native column), when scripts/native-probe says it can
# be (Linux 6.5 or later, and a private mount namespace with a BPF FS;
# native-probe keeps its answer while the host kernel is the same);
# otherwise Debian's 6.12, built here and booted as the 6.12 column
# (a kernel build: about a quarter of a cold make check on 2 cores).
# WITH_612=1 adds 6.12 in any case, WITH_612= leaves it out (the
# check then fails if there is no native column either).
HOST_PATH_FD	:= $(shell $(TOP)/scripts/native-probe 2>/dev/null && echo yes)
WITH_612	?= $(if $(HOST_PATH_FD),,1)
