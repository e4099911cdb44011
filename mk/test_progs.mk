# Focused test_progs: the runner and its helpers from the kernel tree's
# BPF selftests, a generated tests.h that lists only the tests named
# here, and the tree's own (patched) libbpf, linked statically so the
# binary runs in a busybox initramfs. The tests are this project's and
# 6.1's own that pin and get. The 6.1 selftests Makefile builds all or
# nothing, so the BPF objects these tests load are built here the same
# way: clang -target bpf with the selftests' flags, vmlinux.h from the
# built kernel's BTF, skeletons from the tree's bpftool.
#
#   make -f mk/test_progs.mk KSRC=<kernel tree> OUT=<output dir> \
#	VMLINUX=<the kernel's vmlinux> BPFTOOL=<the tree's bpftool>
#
# Cross: CROSS_COMPILE=aarch64-linux-gnu- ARCH=arm64 SYSROOT=<dir> (the
# libraries of scripts/build/fetch-sysroot.sh), BPF_ARCH and BPF_ENDIAN
# for the BPF objects, VMLINUX that arch's kernel; mk/arches.mk has the
# values and the Makefile's initramfs-A passes them.
#
# Objects carry -MMD dependencies, so a rerun only rebuilds what changed.

HERE	:= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
KSRC	?= $(error KSRC (kernel tree) is not set)
OUT	?= $(error OUT (output directory) is not set)
# VMLINUX and BPFTOOL are needed only when TESTS has upstream tests
# (series-check builds the project's tests of each patch alone).
VMLINUX	?=
BPFTOOL	?=
include $(HERE)/mk/tests.mk
include $(HERE)/mk/arches.mk
include $(HERE)/mk/coverage.mk
TESTS	?= $(PROJECT_TESTS) $(PROBE_TESTS) $(UPSTREAM_TESTS)
# what the upstream tests load through a skeleton (BPF_OBJS: by name)
SKELS	:= test_link_pinning test_unpriv_bpf_disabled
# the project's own BPF test, outside the series: tests/lsm/
LSM_PROGS ?= lsm_mknod lsm_deny
override KSRC := $(abspath $(KSRC))
override OUT := $(abspath $(OUT))

SELFTESTS	:= $(KSRC)/tools/testing/selftests/bpf
LIBBPF_SRC	:= $(KSRC)/tools/lib/bpf
LIBBPF_OUT	:= $(OUT)/libbpf
LIBBPF_A	:= $(LIBBPF_OUT)/libbpf.a
# libbpf's install_headers puts bpf/*.h here (DESTDIR=$(OUT), prefix=)
LIBBPF_INC	:= $(OUT)/include
GEN		:= $(OUT)/gen

HELPERS	:= test_progs cgroup_helpers trace_helpers network_helpers \
	   testing_helpers cap_helpers
OBJS	:= $(patsubst %,$(OUT)/obj/%.o,$(HELPERS)) \
	   $(patsubst %,$(OUT)/obj/prog_tests/%.o,$(TESTS))
# a test's source: the project's tests/prog_tests/ or the tree's prog_tests/
PROJECT_SRC	:= $(HERE)/tests/prog_tests
test_src	= $(firstword $(wildcard $(PROJECT_SRC)/$(1).c) $(SELFTESTS)/prog_tests/$(1).c)
TEST_SRCS := $(foreach t,$(TESTS),$(call test_src,$(t)))

# -O0 as in the selftests Makefile: -O2 warnings in unchanged helpers
# would break -Werror.
CFLAGS	:= -g -O0 -Wall -Werror -MMD -MP
# BPF objects: the selftests Makefile's BPF_CFLAGS and CLANG_CFLAGS for
# this target (clang's own system includes after ours, alu32 on).
BPF_ARCH ?= x86
BPF_ENDIAN ?= little
CLANG	?= clang
# (worked out once, when first used)
CLANG_SYS_INCLUDES = $(eval CLANG_SYS_INCLUDES := $(shell $(CLANG) -v -E - </dev/null 2>&1 | \
	sed -n '/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter \1|p }'))$(CLANG_SYS_INCLUDES)
BPF_CFLAGS = -g -Werror -D__TARGET_ARCH_$(BPF_ARCH) -m$(BPF_ENDIAN)-endian \
	-I$(GEN) -I$(LIBBPF_INC) -I$(SELFTESTS) -I$(KSRC)/tools/include/uapi \
	$(CLANG_SYS_INCLUDES) -Wno-compare-distinct-pointer-types \
	-DENABLE_ATOMICS_TESTS -MMD -MP
ifneq ($(CROSS_COMPILE),)
override CC := $(CROSS_COMPILE)gcc
SYSROOT	?= $(error SYSROOT is not set for a cross build)
MULTIARCH := $(shell $(CC) -print-multiarch)
SYS_INC	:= -I$(SYSROOT)/usr/include
SYS_LIB	:= -L$(SYSROOT)/usr/lib/$(MULTIARCH) -L$(SYSROOT)/lib/$(MULTIARCH)
LIBBPF_CROSS := CROSS_COMPILE=$(CROSS_COMPILE) ARCH=$(ARCH) CC=$(CC) \
	LD=$(CROSS_COMPILE)ld AR=$(CROSS_COMPILE)ar EXTRA_CFLAGS="$(SYS_INC)" \
	LDFLAGS="$(SYS_LIB) -Wl,-rpath-link,$(SYSROOT)/usr/lib/$(MULTIARCH):$(SYSROOT)/lib/$(MULTIARCH)"
endif
CPPFLAGS := $(SYS_INC) -I$(GEN) -I$(SELFTESTS) -I$(LIBBPF_INC) -I$(KSRC)/tools/lib \
	    -I$(KSRC)/tools/include -I$(KSRC)/tools/include/uapi
LDLIBS	:= $(SYS_LIB) $(LIBBPF_A) -lelf -lz -lzstd -lpthread -lrt
# COVERAGE=1: libbpf built with --coverage (gcov), for the coverage check
ifeq ($(COVERAGE),1)
LIBBPF_COV := EXTRA_CFLAGS=--coverage
LDLIBS	+= --coverage
endif

.PHONY: all libbpf
ifneq ($(filter $(UPSTREAM_TESTS),$(TESTS)),)
all: $(OUT)/test_progs $(patsubst %,$(OUT)/%.bpf.o,$(BPF_OBJS)) \
	$(patsubst %,$(OUT)/%,$(LSM_PROGS))
else
all: $(OUT)/test_progs
endif

# libbpf's own Makefile knows its dependencies; let it decide what to do.
# It warns on every build that tools/include/uapi/linux/bpf.h differs
# from include/uapi/linux/bpf.h: Debian's 6.1 tree ships the two
# different already, and the series check's headers column proves that
# each patch leaves that difference as it was; that one line is dropped
# here. Its stderr goes to a temporary file: an up-to-date build writes
# nothing under build/.
libbpf:
	@mkdir -p $(LIBBPF_OUT)
	@err=$$(mktemp); rc=0; $(MAKE) -s -C $(LIBBPF_SRC) OUTPUT=$(LIBBPF_OUT)/ DESTDIR=$(OUT) \
		prefix= $(LIBBPF_CROSS) $(LIBBPF_COV) all install_headers \
		2>$$err || rc=$$?; \
	grep -v "^Warning: Kernel ABI header at 'tools/include/uapi/linux/bpf.h' differs" \
		$$err >&2; rm -f $$err; exit $$rc
$(LIBBPF_A): libbpf

# TESTS, rewritten (when the makefile is read) only when it changes:
# tests.h and the link follow a change of the list even when the new
# tests' sources are older.
TESTS_LIST := $(GEN)/tests.list
ifneq ($(strip $(file < $(TESTS_LIST))),$(strip $(TESTS)))
$(shell mkdir -p $(GEN))
$(file > $(TESTS_LIST),$(strip $(TESTS)))
endif

# Same generator as the selftests Makefile, over our test files only.
$(GEN)/prog_tests/tests.h: $(TEST_SRCS) $(TESTS_LIST) $(HERE)/mk/test_progs.mk
	@mkdir -p $(@D)
	{ echo '/* Generated header, do not edit */'; \
	  sed -n -E 's/^void (serial_)?test_([a-zA-Z0-9_]+)\((void)?\).*/DEFINE_TEST(\2)/p' \
		$(TEST_SRCS) | sort; } > $@.tmp
	mv $@.tmp $@

$(OUT)/obj/%.o: $(SELFTESTS)/%.c $(GEN)/prog_tests/tests.h | libbpf
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

# the project's own tests (the shorter stem wins over the rule above)
$(OUT)/obj/prog_tests/%.o: $(PROJECT_SRC)/%.c $(GEN)/prog_tests/tests.h | libbpf
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CPPFLAGS) -I$(HERE)/tests -c $< -o $@

# vmlinux.h is rewritten only when the kernel's BTF gives another one:
# a relink after a change to a function's body (the edit loop) leaves
# the types as they were, and the BPF objects, skeletons, test_progs and
# the initramfs then stay as they are. The stamp records the dump.
$(GEN)/vmlinux.h: $(GEN)/vmlinux.h.stamp ;
$(GEN)/vmlinux.h.stamp: $(VMLINUX)
	$(if $(VMLINUX),,$(error VMLINUX (the built kernel's vmlinux) is not set))
	$(if $(BPFTOOL),,$(error BPFTOOL (the tree's bpftool) is not set))
	@mkdir -p $(@D)
	$(BPFTOOL) btf dump file $< format c > $(GEN)/vmlinux.h.tmp
	if cmp -s $(GEN)/vmlinux.h.tmp $(GEN)/vmlinux.h; then rm $(GEN)/vmlinux.h.tmp; \
	else mv $(GEN)/vmlinux.h.tmp $(GEN)/vmlinux.h; fi
	touch $@

BPF_CC	= $(CLANG) $(BPF_CFLAGS) -O2 -target bpf -mcpu=v3 -c $< -o $@

$(OUT)/%.bpf.o: $(SELFTESTS)/progs/%.c $(GEN)/vmlinux.h | libbpf
	$(BPF_CC)

$(OUT)/%.bpf.o: $(HERE)/tests/lsm/%.bpf.c $(GEN)/vmlinux.h | libbpf
	$(BPF_CC)

$(GEN)/%.skel.h: $(OUT)/%.bpf.o
	$(if $(BPFTOOL),,$(error BPFTOOL (the tree's bpftool) is not set))
	$(BPFTOOL) gen object $(OUT)/$*.linked.o $<
	$(BPFTOOL) gen skeleton $(OUT)/$*.linked.o name $* > $@.tmp
	mv $@.tmp $@

# each test that includes a skeleton, on that skeleton
$(OUT)/obj/prog_tests/link_pinning.o: $(GEN)/test_link_pinning.skel.h
$(OUT)/obj/prog_tests/unpriv_bpf_disabled.o: $(GEN)/test_unpriv_bpf_disabled.skel.h

$(OUT)/%: $(HERE)/tests/lsm/%.c $(GEN)/%.skel.h $(LIBBPF_A)
	$(CC) $(CFLAGS) $(CPPFLAGS) -static -o $@ $< $(LDLIBS)

$(OUT)/test_progs: $(OBJS) $(LIBBPF_A)
	$(CC) -static -o $@.tmp $(OBJS) $(LDLIBS)
	mv $@.tmp $@

# Every file made here is kept, the steps on the way too (BPF objects,
# skeletons): make deletes an intermediate file after the first build,
# and the next make, whose .d files name it, makes it again and relinks
# what includes it.
.SECONDARY:

-include $(OBJS:.o=.d) $(wildcard $(OUT)/*.bpf.d) $(patsubst %,$(OUT)/%.d,$(LSM_PROGS))
