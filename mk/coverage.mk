# What the coverage check measures: the files the series changes whose
# lines run, in the kernel (built with gcov into the debug kernel) and
# in libbpf (built with --coverage into a test_progs of its own).
COVERAGE_KERNEL	:= kernel/bpf/inode.c kernel/bpf/syscall.c
COVERAGE_LIBBPF	:= tools/lib/bpf/bpf.c
# kbuild's switch for one object; on make's command line it reaches
# every directory, so a same-named file elsewhere is profiled too
# (harmless: only these files are reported).
COVERAGE_KMAKEARGS := $(foreach f,$(COVERAGE_KERNEL),GCOV_PROFILE_$(basename $(notdir $(f))).o=y)
