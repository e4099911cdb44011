# The test lists, defined once: mk/test_progs.mk builds them and the
# Makefile puts what the guest needs into its initramfs.

# the series' own test_progs test (its last patch), in the kernel tree
SERIES_TESTS	:= bpf_obj_pinning
# the project's conformance tests, outside the series: tests/prog_tests/
CONFORMANCE_TESTS := bpf_obj_path_fd
PROJECT_TESTS	:= $(SERIES_TESTS) $(CONFORMANCE_TESTS)
# built in but run only where named (scripts/checks/selftests.sh): a
# probe that the tests before it left the worker's fd 0 and cwd alone
PROBE_TESTS	:= worker_fd0_cwd
# 6.1's own tests that pin and get
UPSTREAM_TESTS	:= pinning link_pinning test_bpffs btf unpriv_bpf_disabled
# the BPF objects each test loads by file name from the current directory
BPF_OBJS_pinning := test_pinning test_pinning_invalid
BPF_OBJS_btf	:= test_btf_newkv test_btf_nokv
# $(call bpf_objs,TESTS): the BPF objects of those tests
bpf_objs	= $(foreach t,$(1),$(BPF_OBJS_$(t)))
# all of them, and test_bpftool_metadata.sh's (x86_64 only)
BPF_OBJS	:= $(call bpf_objs,$(UPSTREAM_TESTS)) metadata_used metadata_unused
