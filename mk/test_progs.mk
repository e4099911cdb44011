# Focused test_progs: the runner and its helpers from the kernel tree's
# BPF selftests, a generated tests.h that lists only this project's
# tests, and the tree's own (patched) libbpf, linked statically so the
# binary runs in a busybox initramfs.
#
#   make -f mk/test_progs.mk KSRC=<kernel tree> OUT=<output dir>
#
# Objects carry -MMD dependencies, so a rerun only rebuilds what changed.

KSRC	?= $(error KSRC (kernel tree) is not set)
OUT	?= $(error OUT (output directory) is not set)
TESTS	?= bpf_obj_pinning bpf_obj_path_fd
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
TEST_SRCS := $(patsubst %,$(SELFTESTS)/prog_tests/%.c,$(TESTS))

# -O0 as in the selftests Makefile: -O2 warnings in unchanged helpers
# would break -Werror.
CFLAGS	:= -g -O0 -Wall -Werror -MMD -MP
CPPFLAGS := -I$(GEN) -I$(SELFTESTS) -I$(LIBBPF_INC) -I$(KSRC)/tools/lib \
	    -I$(KSRC)/tools/include -I$(KSRC)/tools/include/uapi
LDLIBS	:= $(LIBBPF_A) -lelf -lz -lzstd -lpthread -lrt

.PHONY: all libbpf print-tests
all: $(OUT)/test_progs

print-tests:
	@echo $(TESTS)

# libbpf's own Makefile knows its dependencies; let it decide what to do.
libbpf:
	@mkdir -p $(LIBBPF_OUT)
	$(MAKE) -s -C $(LIBBPF_SRC) OUTPUT=$(LIBBPF_OUT)/ DESTDIR=$(OUT) \
		prefix= all install_headers
$(LIBBPF_A): libbpf

# Same generator as the selftests Makefile, over our test files only.
$(GEN)/prog_tests/tests.h: $(TEST_SRCS) mk/test_progs.mk
	@mkdir -p $(@D)
	{ echo '/* Generated header, do not edit */'; \
	  sed -n -E 's/^void (serial_)?test_([a-zA-Z0-9_]+)\((void)?\).*/DEFINE_TEST(\2)/p' \
		$(TEST_SRCS) | sort; } > $@.tmp
	mv $@.tmp $@

$(OUT)/obj/%.o: $(SELFTESTS)/%.c $(GEN)/prog_tests/tests.h | libbpf
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(CPPFLAGS) -c $< -o $@

$(OUT)/test_progs: $(OBJS) $(LIBBPF_A)
	$(CC) -static -o $@.tmp $(OBJS) $(LDLIBS)
	mv $@.tmp $@

-include $(OBJS:.o=.d)
