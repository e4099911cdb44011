# The arches, each one block, x86_64 (the host's, which every check
# uses) like the others: the matrix is the ones the patched kernel is
# cross-built for with Debian's gcc and booted on under QEMU (TCG). For
# each arch A:
#   KARCH_A	the kernel's ARCH=		CROSS_A   its CROSS_COMPILE=
#   KIMAGE_A	the image make builds		KIMAGE_PATH_A  where, in the objects
#   QEMU_A	QEMU's binary			QEMU_MACHINE_A its machine options
#   CONSOLE_A	the serial console of the guest
#   PKGS_A	the Debian packages the arch needs (scripts/build/install-deps.sh)
#   BPF_ARCH_A	__TARGET_ARCH_ of BPF objects	BPF_ENDIAN_A  their byte order
#   UPSTREAM_A	6.1's tests (mk/tests.mk) that run on A
# mk/paths.mk derives each arch's paths from this; scripts/vmrun boots
# any of them by name. A new arch is one block here, its name in
# MATRIX, and config/arch-A.config.
# ARCHES narrows the matrix for a quick local run (make check
# ARCHES=arm64; ARCHES=x86_64 leaves only x86_64). CI runs all of it.
MATRIX		:= arm64 s390x
ARCHES		?= $(MATRIX)
# the arches this run builds and boots besides x86_64, each once
CROSS_ARCHES	:= $(sort $(filter-out x86_64,$(ARCHES)))
$(foreach a,$(CROSS_ARCHES),$(if $(filter $(a),$(MATRIX)),,\
	$(error ARCHES: $(a) is not one of x86_64 $(MATRIX))))

ALL_ARCHES	:= x86_64 $(MATRIX)

KARCH_x86_64	:= x86
CROSS_x86_64	:=
KIMAGE_x86_64	:= bzImage
KIMAGE_PATH_x86_64 := arch/x86/boot/bzImage
QEMU_x86_64	:= qemu-system-x86_64
QEMU_MACHINE_x86_64 :=
CONSOLE_x86_64	:= ttyS0
# i686 cross compiler: the 32-bit callers of the compat32 check
PKGS_x86_64	:= qemu-system-x86 gcc-i686-linux-gnu libc6-dev-i386-cross
BPF_ARCH_x86_64	:= x86
BPF_ENDIAN_x86_64 := little
UPSTREAM_x86_64	:= $(UPSTREAM_TESTS)

KARCH_arm64	:= arm64
CROSS_arm64	:= aarch64-linux-gnu-
KIMAGE_arm64	:= Image
KIMAGE_PATH_arm64 := arch/arm64/boot/Image
QEMU_arm64	:= qemu-system-aarch64
# the default pointer authentication is about 5x slower under TCG
QEMU_MACHINE_arm64 := -M virt -cpu max,pauth-impdef=on
CONSOLE_arm64	:= ttyAMA0
# the C library is only a Recommends of the compiler
PKGS_arm64	:= gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm
BPF_ARCH_arm64	:= arm64
BPF_ENDIAN_arm64 := little
# unpriv_bpf_disabled attaches fentry to a kernel function: 6.1's arm64
# JIT leaves that to ftrace direct calls, which arm64 does not have in
# 6.1, and the attach fails with ENOTSUPP (524).
UPSTREAM_arm64	:= pinning link_pinning test_bpffs btf

# Big-endian. link_pinning and unpriv_bpf_disabled load skeletons, and
# 6.1's bpftool cannot generate one from a big-endian object (its libbpf
# opens objects of the host's byte order only). 6.1's own DENYLIST.s390x
# lists test_bpffs ("iterator") and unpriv_bpf_disabled ("fentry").
KARCH_s390x	:= s390
CROSS_s390x	:= s390x-linux-gnu-
KIMAGE_s390x	:= bzImage
KIMAGE_PATH_s390x := arch/s390/boot/bzImage
QEMU_s390x	:= qemu-system-s390x
QEMU_MACHINE_s390x := -M s390-ccw-virtio -cpu max
# the SCLP VT220 console (config/arch-s390x.config): QEMU wires -serial to it
CONSOLE_s390x	:= ttysclp0
# qemu-system-s390x is a virtual package; qemu-system-misc provides it
PKGS_s390x	:= gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-system-misc
BPF_ARCH_s390x	:= s390
BPF_ENDIAN_s390x := big
UPSTREAM_s390x	:= pinning btf
