# BPF_F_PATH_FD series for Debian's linux-source-6.1: apply, build, boot,
# test. Build steps are scripts in scripts/build/, checks are scripts in
# scripts/checks/ (and the tooling's own tests in tests/tooling/); each
# does nothing when its outputs are up to date, so a rerun is quick.
# Every kernel is a target: `make -n check` shows the plan.
#
#   make           everything; ends with test_progs' summary
#   make check     the test suite; ends with "N passed, N failed, N skipped"
#   make check ARCHES=arm64   the same with a narrower arch matrix (mk/arches.mk)
#   make help      the other targets

TOP := $(CURDIR)
# (the .mk files below have rules of their own)
.DEFAULT_GOAL := all
# Targets that do not need each other are made side by side, two jobs
# per core: each check of make check is a job, so that a check starts
# as soon as what it needs is built while the rest is still building,
# and a kernel build joins the same job server (scripts/lib.sh), so the
# compiles share the job slots with the checks. Two per core: a guest
# under TCG, a vng boot over 9p or a check's sleeps leave a core partly
# idle, and a compile waits on the disk. A make -jN of the command line
# wins; a sub-make shares its parent's.
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS)),0)
MAKEFLAGS += -j$(shell echo $$(( $$(nproc) * 2 )))
endif
env_before := $(.VARIABLES)
include mk/tests.mk
include mk/arches.mk
include mk/paths.mk
include mk/coverage.mk
include mk/kernels.mk
include mk/system.mk
include mk/env.mk
include mk/checks.mk
# the scripts take these from the environment over mk/env.mk's file
export BUILD PREFIX ARCHES CROSS_ARCHES

PKGCONF	:= PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig
# Debian's libbpf-dev 1.4.6 (bookworm-backports) unpacked into
# $(LIBBPF_146): what a C programmer on Debian 12 builds against.
LIBBPF_146_VERSION := 1:1.4.6-1~bpo12+1
MULTIARCH := $(shell gcc -print-multiarch)
PKGCONF_146 := PKG_CONFIG_PATH=$(LIBBPF_146)/usr/lib/$(MULTIARCH)/pkgconfig \
	PKG_CONFIG="pkg-config --define-variable=prefix=$(LIBBPF_146)/usr"
GUEST_BINS := $(TPOUT)/test_progs $(EXAMPLES)/detached_pin \
	$(EXAMPLES)/opath_pin $(EXAMPLES)/delegate_pin $(BPFTOOL)/bpftool \
	$(BENCH_BIN)/pin_bench $(TESTS_BIN)/obj_fuzz $(TESTS_BIN)/obj_stress \
	$(TESTS_BIN)/obj_unpriv $(TESTS_BIN)/attr_layout $(TESTS_BIN)/attr_layout32 \
	$(TESTS_BIN)/obj_fuzz32 $(TESTS_BIN)/obj_unpriv32 $(TESTS_BIN)/errno_cases \
	guest/hostile-suite guest/upstream-suite guest/conformance-suite guest/selftests-suite \
	guest/compat32-suite guest/examples-suite guest/bpftool-pinned $(TPOUT)/lsm_mknod \
	$(KSRC)/tools/testing/selftests/bpf/test_bpftool_metadata.sh \
	$(patsubst %,$(TPOUT)/%.bpf.o,$(BPF_OBJS))
B	:= scripts/build
C	:= scripts/checks

.PHONY: all deps base series kernel kernel-base kernel-debug kernel-6.12 \
	kernels $(MATRIX:%=kernel-%) $(MATRIX:%=initramfs-%) test_progs libbpf libbpf-1.4.6 examples bpftool b4 bench-bin hostile-bin \
	initramfs test_progs-cov initramfs-cov coverage run check check-list $(CHECKS:%=check-%) $(CHECKS:%=run-%) test-tooling series-check conformance debug-check \
	b4-check abi-check bench export-series export-debian ci-jobs ci-workflow arch-check checkpatch vng shell clean help

all: run

help:
	@echo "make, make run     deps, base tree, series, kernel, test_progs, run in the VM"
	@echo "  RERUN=1          boot and run even when nothing changed since the last run (make check too)"
	@echo "make check         every check (scripts/checks/, tests/tooling/), summed"
	@echo "  ARCHES=arm64     narrows the arch matrix (default: $(MATRIX)); ARCHES=x86_64 leaves x86_64 only"
	@echo "make test-tooling  the tooling's own tests (vmrun, splat-scan, apply-series, the waiver, b4, the check runner)"
	@echo "make check-NAME    one check of mk/checks.mk and what it needs (make check-list lists them)"
	@echo "make vng           test_progs -t bpf_obj_pinning under virtme-ng (vng, TCG) on the patched kernel"
	@echo "make shell         an interactive shell on the patched kernel (vng): BPF FS, test_progs, examples"
	@echo "make deps          install missing Debian packages (apt-get)"
	@echo "make base          unpack linux-source-6.1 into build/linux (tag 'base')"
	@echo "make series        git am patches/ onto base (branch 'series')"
	@echo "make kernel        the patched kernel: $(BZ_PATCHED)"
	@echo "make kernel-base   the unpatched 6.1 kernel: $(BZ_BASE)"
	@echo "make kernel-debug  the patched kernel with config/debug.config (KASAN, lockdep, kmemleak...)"
	@echo "make kernel-6.12   Debian's linux-source-6.12 (has the feature), same fragment"
	@echo "make kernel-A      the patched kernel cross-built for A, one of: $(MATRIX)"
	@echo "make initramfs-A   A's guest: cross-built static test_progs, hostile tests, busybox"
	@echo "make test_progs    build patched libbpf and a focused static test_progs"
	@echo "make libbpf        the tree's libbpf into PREFIX (build/prefix), for the ABI check only"
	@echo "make libbpf-1.4.6  Debian's libbpf-dev 1.4.6 (bookworm-backports) unpacked into build/"
	@echo "make examples      examples/ built with pkg-config against libbpf 1.4.6"
	@echo "make bpftool       static bpftool from the patched tree, for the guest"
	@echo "make b4            b4 0.14.2 (Debian 13's) for scripts/b4, which runs it"
	@echo "make series-check  per patch: applies, builds (gcc W=1, sparse, clang, !BPF_SYSCALL), checkpatch, docs"
	@echo "make conformance   same test_progs on patched, unpatched, 6.12 and native kernels, and each arch"
	@echo "make debug-check   selftests, fuzzer, stress, unprivileged checks on the debug kernel"
	@echo "make coverage      every changed line of the series' kernel and libbpf code run by the tests (gcov)"
	@echo "make b4-check      b4 0.14.2 takes patches/ as mail, and git am of its output is the series"
	@echo "make abi-check     patched libbpf vs Debian's 1.4.6, both ways, natively and in the guest"
	@echo "make bench         syscall cost and developer-loop tables; BENCH_COLD=1 adds a cold make in a"
	@echo "                   fresh clone, BENCH_CHECK=0 leaves out make check (cold on a clone where none ran)"
	@echo "make deb           the patched kernel as Debian packages, in $(DEB) (KCONFIG=FILE: with that config)"
	@echo "make deb-base      the same of the unpatched tree, in $(DEB_BASE)"
	@echo "make system-image  a Debian 12 image with both installed (mmdebstrap): $(SYSTEM)/debian12.img"
	@echo "make system        a login on it under QEMU, patched kernel (SYSTEM_KERNEL=unpatched: the other)"
	@echo "make export-series regenerate patches/ from the commits in build/linux"
	@echo "make export-debian the series as Debian quilt patches with DEP-3 headers, in $(DEBIAN_PATCHES)"
	@echo "make ci-jobs       the CI jobs (one per arch) and their make commands"
	@echo "make ci-workflow   regenerate .github/workflows/check.yml from them"
	@echo "make arch-check CHECK_ARCH=A   the checks arch A takes part in, as its CI job (A: $(MATRIX))"
	@echo "make checkpatch    scripts/checkpatch.pl --strict on every patch"
	@echo "make clean         remove build/"

deps:
	@$(B)/install-deps.sh

base: deps
	@$(B)/prepare-base.sh

series: base
	@$(B)/apply-series.sh

# The kernels of mk/kernels.mk, one rule for all. "+": the build joins
# make's job server (scripts/lib.sh), so make -jN runs N jobs in all; it
# runs under make -n too, and then only says what it would build.
define kernel_rule
$(K_TARGET_$(1)): $(K_NEEDS_$(1))
	$(if $(K_PREP_$(1)),@$(K_PREP_$(1)))
	+@FRAGMENT="$(K_FRAGS_$(1))" KMAKEARGS="$(call k_makeargs,$(1))" TARGET=$(KIMAGE_$(K_ARCH_$(1))) \
		$(B)/build-kernel.sh $(K_SRC_$(1)) $(K_OBJ_$(1)) >/dev/null
endef
$(foreach k,$(KERNELS),$(eval $(call kernel_rule,$(k))))

# After the patched kernel, always: the unpatched tree differs from it
# only where the series' files are included, and the rest of its objects
# come from the compiler cache that make kernel filled (scripts/lib/
# kbuild.sh).
kernel-base: series | kernel
	+@$(B)/build-base-kernel.sh >/dev/null

kernels: kernel kernel-base kernel-debug kernel-6.12 $(CROSS_ARCHES:%=kernel-%)

# In the whole make check (the make of all its run-NAME targets), the
# two kernels that the series check and most others need build first,
# then the guest; the other kernels after them. Only an order: no
# kernel needs another, and a narrower make check builds none it does
# not need. The guest is a minute's work that the series check, the
# longest, waits for: it goes before the long kernel builds.
ifeq ($(filter run-%,$(MAKECMDGOALS)),$(CHECKS:%=run-%))
kernel-debug kernel-6.12 deb $(CROSS_ARCHES:%=kernel-%): | kernel kernel-base initramfs
endif

# Each arch of the matrix (mk/arches.mk): the patched kernel cross-built
# with Debian's gcc, and a guest with test_progs (the project's tests and
# the arch's upstream ones, with their BPF objects) and the hostile tests,
# all static, cross-built against Debian's libraries for the arch, and
# that arch's busybox. vmlinux.h comes from the arch's own kernel.
define arch_rules
initramfs-$(1): kernel-$(1) bpftool deps
	@$(B)/fetch-sysroot.sh $(1) $(SYSROOT_$(1))
	@echo "==> building libbpf, BPF objects and test_progs for $(1) in $(TPOUT_$(1))" >&2
	@$$(MAKE) -s --no-print-directory -f mk/test_progs.mk KSRC=$(KSRC) OUT=$(TPOUT_$(1)) \
		TESTS="$(PROJECT_TESTS) $(UPSTREAM_$(1))" LSM_PROGS= \
		CROSS_COMPILE=$(CROSS_$(1)) ARCH=$(KARCH_$(1)) SYSROOT=$(SYSROOT_$(1)) \
		VMLINUX=$(KOBJ_$(1))/vmlinux BPFTOOL=$(BPFTOOL)/bpftool \
		BPF_ARCH=$(BPF_ARCH_$(1)) BPF_ENDIAN=$(BPF_ENDIAN_$(1))
	@$$(MAKE) -s --no-print-directory -C tests KSRC=$(KSRC) OUT=$(TESTS_$(1)) \
		CC=$(CROSS_$(1))gcc $(TESTS_$(1))/obj_fuzz $(TESTS_$(1))/obj_unpriv
	@BUSYBOX=$(SYSROOT_$(1))/bin/busybox $(B)/build-initramfs.sh $(INITRAMFS_$(1)) \
		$(TPOUT_$(1))/test_progs $(TESTS_$(1))/obj_fuzz $(TESTS_$(1))/obj_unpriv \
		guest/upstream-suite guest/conformance-suite guest/arch-suite \
		$(patsubst %,$(TPOUT_$(1))/%.bpf.o,$(call bpf_objs,$(UPSTREAM_$(1))))
endef
$(foreach a,$(MATRIX),$(eval $(call arch_rules,$(a))))

# Userspace.
# vmlinux.h for the BPF objects comes from the patched kernel's BTF.
test_progs: series kernel bpftool
	@echo "==> building libbpf, BPF objects and test_progs in $(TPOUT)" >&2
	@$(MAKE) -s --no-print-directory -f mk/test_progs.mk KSRC=$(KSRC) OUT=$(TPOUT) \
		VMLINUX=$(KOBJ)/vmlinux BPFTOOL=$(BPFTOOL)/bpftool

libbpf: series
	@$(B)/install-libbpf.sh >/dev/null

libbpf-1.4.6: deps
	@$(B)/fetch-debs.sh bookworm-backports $(LIBBPF_146) \
		libbpf1=$(LIBBPF_146_VERSION) libbpf-dev=$(LIBBPF_146_VERSION) >/dev/null

# Against Debian's libbpf 1.4.6, as a C programmer builds them: static
# for the guest, shared (with an rpath to that libbpf) for the host.
examples: libbpf-1.4.6
	@$(PKGCONF_146) $(MAKE) -s --no-print-directory -C examples OUT=$(EXAMPLES) STATIC=1
	@$(PKGCONF_146) $(MAKE) -s --no-print-directory -C examples OUT=$(EXAMPLES_SHARED)
	@echo "==> examples (libbpf 1.4.6): static in $(EXAMPLES), shared in $(EXAMPLES_SHARED)" >&2

bpftool: series
	@$(B)/build-bpftool.sh >/dev/null

# b4 0.14.2 for scripts/b4 (Debian 12's 0.12 crashes on this mail)
b4: deps
	@$(B)/fetch-debs.sh trixie $(TOOLS)/b4 b4=$(B4_DEB) >/dev/null
	@echo "==> b4 $(B4_DEB) in $(TOOLS)/b4: run it as scripts/b4" >&2

bench-bin: libbpf-1.4.6
	@$(PKGCONF_146) $(MAKE) -s --no-print-directory -C bench OUT=$(BENCH_BIN)

hostile-bin: series
	@$(MAKE) -s --no-print-directory -C tests KSRC=$(KSRC) OUT=$(TESTS_BIN)

initramfs: test_progs examples bpftool bench-bin hostile-bin
	@$(B)/build-initramfs.sh $(INITRAMFS) $(GUEST_BINS)

# The coverage guest: the project's tests with a libbpf built --coverage,
# the unprivileged checks and tests/lsm/lsm_deny (an LSM refusing a pin),
# for the debug kernel (gcov on the objects of mk/coverage.mk).
test_progs-cov: series
	@echo "==> building libbpf (--coverage) and test_progs in $(TPOUT_COV)" >&2
	@$(MAKE) -s --no-print-directory -f mk/test_progs.mk KSRC=$(KSRC) OUT=$(TPOUT_COV) \
		TESTS="$(PROJECT_TESTS)" LSM_PROGS= COVERAGE=1

initramfs-cov: test_progs-cov test_progs hostile-bin
	@$(B)/build-initramfs.sh $(INITRAMFS_COV) $(TPOUT_COV)/test_progs \
		$(TESTS_BIN)/obj_unpriv $(TPOUT)/lsm_deny guest/coverage-suite

# The main job: the selftests in the VM on the patched kernel (the last
# run's result again when nothing it depends on changed; RERUN=1 boots).
run: kernel initramfs
	@scripts/run-selftests.sh $(BZ_PATCHED)

# The same under virtme-ng, with this machine's filesystem: test_progs
# runs from where it was built. A developer types the vng line itself;
# scripts/vng-run adds a timeout and the splat scan of the console.
vng: kernel test_progs
	@cd $(TPOUT) && if $(TOP)/scripts/vng-run -k $(BZ_PATCHED) -- \
		$(TOP)/guest/vng-selftests bpf_obj_pinning; \
	then echo "make vng: PASS (test_progs -t bpf_obj_pinning under vng; the console's 'modules.order not found'" \
		"and test_progs' 'bpf_testmod.ko' lines are expected: this kernel has no modules, and these tests need none)"; \
	else echo "make vng: FAIL (see the console log named above)"; exit 1; fi

# An interactive shell on the patched kernel (scripts/vng-run without a
# command): the BPF FS mounted, test_progs and the examples on PATH. It
# needs a terminal, so without one it refuses before building anything.
ifneq ($(filter shell,$(MAKECMDGOALS)),)
ifneq ($(shell [ -t 0 ] && [ -t 2 ] && echo tty),tty)
$(error make shell needs a terminal; for one command on the patched kernel: scripts/vng-run -B -- CMD [ARG...])
endif
endif
shell: kernel test_progs examples
	@$(TOP)/scripts/vng-run -k $(BZ_PATCHED)

# The checks of mk/checks.mk. make check prints the plan, then makes
# run-NAME for every check (-k: a build that fails stops only the checks
# that need it), each as soon as its needs are built, and sums the
# results (scripts/check.sh). make is the only scheduler: each run-NAME
# runs one check, with the name, timeout, command and reads of its entry.
# CHECKS_ONLY (make patterns: tooling-%) narrows the plan; make
# check-NAME is make check CHECKS_ONLY=NAME.
CHECKS_ONLY ?=
CHECKS_RUN := $(if $(CHECKS_ONLY),$(filter $(CHECKS_ONLY),$(CHECKS)),$(CHECKS))
check:
	$(if $(CHECKS_RUN),,$(error CHECKS_ONLY=$(CHECKS_ONLY) matches no check of mk/checks.mk))
	@scripts/check.sh begin $(CHECKS_RUN)
	@$(MAKE) -k -s --no-print-directory $(CHECKS_RUN:%=run-%) || :
	@scripts/check.sh sum $(CHECKS_RUN)

define run_rule
run-$(1): $(CHECK_NEEDS_$(1))
	@scripts/check.sh run $(1) $(CHECK_TIMEOUT_$(1)) \
		'$(strip $(CHECK_READS_$(1)) $(foreach n,$(CHECK_NEEDS_$(1)),$(OUT_$(n))))' \
		-- $(CHECK_CMD_$(1))
endef
$(foreach c,$(CHECKS),$(eval $(call run_rule,$(c))))
# The series check's checkpatch column is the checkpatch check's result.
run-series: | run-checkpatch

# The list of checks, as mk/checks.mk has it after ARCHES.
check-list:
	@printf '%s\t%s\t%s\t%s\n' check timeout needs command
	@$(foreach c,$(CHECKS),printf '%s\t%s\t%s\t%s\n' '$(c)' '$(CHECK_TIMEOUT_$(c))' '$(or $(CHECK_NEEDS_$(c)),-)' '$(patsubst $(TOP)/%,%,$(CHECK_CMD_$(c)))';)

$(CHECKS:%=check-%):
	@$(MAKE) --no-print-directory check CHECKS_ONLY=$(@:check-%=%)

test-tooling:
	@$(MAKE) --no-print-directory check CHECKS_ONLY=tooling-%

# the names some checks are known by
series-check: check-series
conformance: check-conformance
coverage: check-coverage
debug-check: check-hostile-debug
b4-check: check-b4
abi-check: check-libbpf-abi
checkpatch: check-checkpatch

# The tables are kept in $(RESULTS)/bench/tables.txt (progress on stderr).
bench: kernel kernel-base initramfs system-image
	@mkdir -p $(RESULTS)/bench
	@{ scripts/bench/syscall.sh && scripts/bench/loop.sh && scripts/bench/system.sh; } > $(RESULTS)/bench/tables.txt.new
	@mv $(RESULTS)/bench/tables.txt.new $(RESULTS)/bench/tables.txt
	@cat $(RESULTS)/bench/tables.txt
	@echo "==> bench: the tables are in $(RESULTS)/bench/tables.txt" >&2

export-series:
	@$(B)/export-series.sh

# The series as a distribution kernel team takes it: quilt patches with
# DEP-3 headers and the lines for debian/patches/series, made from
# patches/ (the debian-quilt check pushes them on Debian's own stack).
export-debian:
	@$(B)/export-debian.sh

# CI on another engine: one job per arch of the matrix, each the make
# command a person types. .github/workflows/check.yml is generated from
# this list (make ci-workflow), and checks/ci-workflow.sh fails when
# they disagree or the validator rejects the file.
ci-jobs:
	@echo "x86_64	make check ARCHES=x86_64"
	@$(foreach a,$(MATRIX),echo "$(a)	make arch-check CHECK_ARCH=$(a)";)

ci-workflow:
	@scripts/ci/gen-workflow.sh > .github/workflows/check.yml
	@echo "==> wrote .github/workflows/check.yml" >&2

# One arch of the matrix, as its CI job runs it: the checks it takes
# part in (its own, the conformance table's column, vmrun's boot).
arch-check:
	$(if $(filter $(CHECK_ARCH),$(MATRIX)),,$(error CHECK_ARCH must be one of: $(MATRIX)))
	@$(MAKE) --no-print-directory check ARCHES=$(CHECK_ARCH) \
		CHECKS_ONLY="arch-$(CHECK_ARCH) conformance tooling-vmrun"

clean:
	rm -rf $(BUILD)

# Names people try first (tests/ is also a directory, so make would
# call it up to date).
.PHONY: test tests
test tests:
	@echo "make: the test suite is 'make check'; 'make help' lists the targets" >&2
	@exit 1

# A target that does not exist: say where the list is.
.DEFAULT:
	@echo "make: no target '$@': 'make help' lists them (the tests: make check)" >&2
	@exit 1
