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
KSRC_BASE	?= $(BUILD)/linux-check
KOBJ_BASE	?= $(BUILD)/kbuild-check
KOBJ_CLANG	?= $(BUILD)/kbuild-check-clang
KOBJ_NOSYS	?= $(BUILD)/kbuild-check-nosyscall
KOBJ_DEBUG	?= $(BUILD)/kbuild-debug
KSRC_612	?= $(BUILD)/linux-6.12
KOBJ_612	?= $(BUILD)/kbuild-6.12
IMAGES		?= $(BUILD)/images
BZ_PATCHED	?= $(KOBJ)/arch/x86/boot/bzImage
BZ_BASE		?= $(IMAGES)/bzImage-6.1-unpatched
BZ_DEBUG	?= $(KOBJ_DEBUG)/arch/x86/boot/bzImage
BZ_612		?= $(KOBJ_612)/arch/x86/boot/bzImage
# the patched kernel cross-built for each arch of mk/arches.mk
KOBJ_arm64	?= $(BUILD)/kbuild-arm64
IMG_arm64	?= $(KOBJ_arm64)/arch/arm64/boot/Image
KOBJ_s390x	?= $(BUILD)/kbuild-s390x
IMG_s390x	?= $(KOBJ_s390x)/arch/s390/boot/bzImage

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
# each arch's guest: Debian's libraries and busybox for that arch,
# test_progs with its BPF objects, the hostile tests, the initramfs
SYSROOT_arm64	?= $(BUILD)/sysroot-arm64
TPOUT_arm64	?= $(BUILD)/selftests-arm64
TESTS_arm64	?= $(BUILD)/tests-arm64
INITRAMFS_arm64	?= $(BUILD)/initramfs-arm64.cpio
SYSROOT_s390x	?= $(BUILD)/sysroot-s390x
TPOUT_s390x	?= $(BUILD)/selftests-s390x
TESTS_s390x	?= $(BUILD)/tests-s390x
INITRAMFS_s390x	?= $(BUILD)/initramfs-s390x.cpio

# packages from other Debian suites, and what the checks write
APT		?= $(BUILD)/apt
DEBS		?= $(BUILD)/debs
TOOLS		?= $(BUILD)/tools
LIBBPF_146	?= $(BUILD)/libbpf-1.4.6
RESULTS		?= $(BUILD)/results
# results that are reused while their inputs are unchanged
CACHE		?= $(BUILD)/cache
