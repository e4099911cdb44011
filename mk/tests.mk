# The test lists, defined once: mk/test_progs.mk builds them and the
# Makefile puts what the guest needs into its initramfs.

# the project's test_progs tests, in the series
PROJECT_TESTS	:= bpf_obj_pinning bpf_obj_path_fd
# 6.1's own tests that pin and get
UPSTREAM_TESTS	:= pinning link_pinning test_bpffs btf unpriv_bpf_disabled
# the BPF objects those load by file name from the current directory:
# pinning's and btf's, and test_bpftool_metadata.sh's (x86_64 only)
TEST_BPF_OBJS	:= test_pinning test_pinning_invalid test_btf_newkv test_btf_nokv
BPF_OBJS	:= $(TEST_BPF_OBJS) metadata_used metadata_unused
