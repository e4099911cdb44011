# BPF_F_PATH_FD series for Debian's linux-source-6.1: apply, build, boot,
# test. Every step is a script in scripts/ that does nothing when its
# outputs are up to date, so a rerun with no change takes seconds.
#
#   make           everything; ends with test_progs' summary
#   make check     the test suite; ends with "N passed, N failed, N skipped"
#   make help      the other targets

BUILD ?= $(CURDIR)/build
export BUILD

KSRC	:= $(BUILD)/linux
KOBJ	:= $(BUILD)/kbuild
TPOUT	:= $(BUILD)/selftests
INITRAMFS := $(BUILD)/initramfs.cpio
# where "make libbpf" installs the patched libbpf (headers, libs, .pc)
PREFIX	?= $(BUILD)/prefix
export PREFIX
PKGCONF	:= PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig
GUEST_BINS := $(TPOUT)/test_progs $(BUILD)/examples/detached_pin \
	$(BUILD)/examples/opath_pin $(BUILD)/examples/delegate_pin $(BUILD)/bpftool/bpftool $(BUILD)/bench/pin_bench \
	$(BUILD)/tests/obj_fuzz $(BUILD)/tests/obj_stress $(BUILD)/tests/obj_unpriv \
	guest/hostile-suite
DEBUG_KOBJ := $(BUILD)/kbuild-debug

.PHONY: all deps base series kernel test_progs libbpf examples bpftool \
	bench-bin hostile-bin initramfs run check series-check mainline \
	conformance debug-kernel debug-check bench export-series checkpatch \
	b4-check abi-check \
	clean help

all: run

help:
	@echo "make               deps, base tree, series, kernel, test_progs, run in the VM"
	@echo "make check         checkpatch, header sync, runner tests, selftests in the VM"
	@echo "make deps          install missing Debian packages (apt-get)"
	@echo "make base          unpack linux-source-6.1 into build/linux (tag 'base')"
	@echo "make series        git am patches/ onto base (branch 'series')"
	@echo "make kernel        build build/kbuild/arch/x86/boot/bzImage"
	@echo "make test_progs    build patched libbpf and a focused static test_progs"
	@echo "make libbpf        install patched libbpf + libbpf.pc into PREFIX (default build/prefix)"
	@echo "make examples      build examples/ with pkg-config against that libbpf"
	@echo "make bpftool       static bpftool from the patched tree, for the guest"
	@echo "make series-check  per patch: applies, kernel/libbpf/selftest build, checkpatch, headers, docs"
	@echo "make mainline      build Debian's linux-source-6.12 (has the feature) with the same fragment"
	@echo "make conformance   same test_progs on patched, unpatched, mainline and native kernels"
	@echo "make debug-kernel  the kernel again with config/debug.config (KASAN, lockdep, kmemleak...)"
	@echo "make debug-check   selftests, fuzzer, stress, unprivileged checks on it; clean log required"
	@echo "make bench         syscall cost and developer-loop tables (BENCH_COLD=0: no cold build)"
	@echo "make b4-check      b4 0.14.2 takes patches/ as mail, and git am of its output is the series"
	@echo "make abi-check     patched libbpf vs Debian's 1.4.6, both ways, natively and in the guest"
	@echo "make export-series regenerate patches/ from the commits in build/linux"
	@echo "make checkpatch    scripts/checkpatch.pl --strict on every patch"
	@echo "make clean         remove build/"

deps:
	@scripts/install-deps.sh

base: deps
	@scripts/prepare-base.sh

series: base
	@scripts/apply-series.sh

kernel: series
	@scripts/build-kernel.sh >/dev/null

test_progs: series
	@echo "==> building libbpf and test_progs in $(TPOUT)" >&2
	@$(MAKE) -s --no-print-directory -f mk/test_progs.mk KSRC=$(KSRC) OUT=$(TPOUT)

libbpf: series
	@scripts/install-libbpf.sh >/dev/null

# Static for the guest, shared to run on the host like any program.
examples: libbpf
	@$(PKGCONF) $(MAKE) -s --no-print-directory -C examples OUT=$(BUILD)/examples STATIC=1
	@$(PKGCONF) $(MAKE) -s --no-print-directory -C examples OUT=$(BUILD)/examples-shared

bpftool: series
	@scripts/build-bpftool.sh >/dev/null

bench-bin: libbpf
	@$(PKGCONF) $(MAKE) -s --no-print-directory -C bench OUT=$(BUILD)/bench

hostile-bin: series
	@$(MAKE) -s --no-print-directory -C tests KSRC=$(KSRC) OUT=$(BUILD)/tests

initramfs: test_progs examples bpftool bench-bin hostile-bin
	@scripts/build-initramfs.sh $(INITRAMFS) $(GUEST_BINS)

run: kernel initramfs
	@scripts/run-selftests.sh

series-check: series
	@scripts/series-check.sh

mainline: deps
	@scripts/prepare-mainline.sh
	@scripts/build-kernel.sh $(BUILD)/linux-6.12 $(BUILD)/kbuild-6.12 >/dev/null

conformance: kernel initramfs series-check mainline
	@scripts/conformance.sh $(KOBJ)/arch/x86/boot/bzImage \
		$(BUILD)/images/bzImage-6.1-unpatched \
		$(BUILD)/kbuild-6.12/arch/x86/boot/bzImage

debug-kernel: series
	@FRAGMENT="config/minimal.config config/debug.config" \
		scripts/build-kernel.sh $(KSRC) $(DEBUG_KOBJ) >/dev/null

debug-check: debug-kernel initramfs
	@scripts/debug-check.sh $(DEBUG_KOBJ)/arch/x86/boot/bzImage

# check.sh runs series-check, conformance and debug-check itself, to
# count their results.
check: kernel initramfs mainline debug-kernel
	@scripts/check.sh

bench: kernel initramfs series-check
	@scripts/bench-syscall.sh
	@scripts/bench-loop.sh

b4-check: series
	@scripts/b4-check.sh

abi-check: kernel initramfs libbpf
	@scripts/libbpf-abi-check.sh

export-series:
	@scripts/export-series.sh

checkpatch: series
	@scripts/checkpatch-series.sh

clean:
	rm -rf $(BUILD)
