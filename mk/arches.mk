# The matrix: the architectures the patched kernel is cross-built for
# with Debian's gcc and booted on under QEMU (TCG), besides x86_64, which
# every check uses. For each arch A:
#   KARCH_A	the kernel's ARCH=		CROSS_A   its CROSS_COMPILE=
#   KIMAGE_A	the image make builds
#   BPF_ARCH_A	__TARGET_ARCH_ of BPF objects	BPF_ENDIAN_A  their byte order
#   UPSTREAM_A	6.1's tests (mk/tests.mk) that run on A
# ARCHES narrows the matrix for a quick local run (make check
# ARCHES=arm64; ARCHES=x86_64 leaves only x86_64). CI runs all of it.
# mk/paths.mk has each arch's paths, scripts/vmrun its QEMU machine.
MATRIX		:= arm64 s390x
ARCHES		?= $(MATRIX)
# the arches this run builds and boots besides x86_64, each once
CROSS_ARCHES	:= $(sort $(filter-out x86_64,$(ARCHES)))
$(foreach a,$(CROSS_ARCHES),$(if $(filter $(a),$(MATRIX)),,\
	$(error ARCHES: $(a) is not one of x86_64 $(MATRIX))))

KARCH_arm64	:= arm64
CROSS_arm64	:= aarch64-linux-gnu-
KIMAGE_arm64	:= Image
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
BPF_ARCH_s390x	:= s390
BPF_ENDIAN_s390x := big
UPSTREAM_s390x	:= pinning btf
