# The checks of make check, each defined once, here, on one line:
#   $(call check,NAME,TIMEOUT,COMMAND,NEEDS[,READS])
# NAME is the check's name (its results go to $(RESULTS)/NAME; make
# check-NAME runs it); TIMEOUT, in seconds, is when the runner kills it;
# COMMAND is a script of scripts/checks/ or tests/tooling/ and its
# arguments; NEEDS are the make targets it needs built first; READS are
# the files it reads that nothing else names (see below). A new check is
# one script and one line here.
#
# The Makefile turns each line into a target run-NAME that needs NEEDS
# and runs scripts/check.sh run NAME TIMEOUT READS -- COMMAND. A check
# that passed is reused while what it reads is unchanged: the files its
# command names, and every file those name as "$TOP/..." (so a script
# and the scripts it runs), the outputs of its NEEDS (OUT_target below),
# and READS.
#
# The order is the order make check asks for them in (make -j, one job
# per core): the series first, the longest and the first whose needs are
# built, then the rest roughly slowest first.
CHECKS :=
define check
CHECKS += $(1)
CHECK_TIMEOUT_$(1) := $(2)
CHECK_CMD_$(1) := $(3)
CHECK_NEEDS_$(1) := $(4)
CHECK_READS_$(1) := $(5)
endef
CK := $(TOP)/scripts/checks
TT := $(TOP)/tests/tooling
CROSS_INITRAMFS := $(CROSS_ARCHES:%=initramfs-%)

# What each make target a check may need leaves behind, for the checks'
# keys: a file that changes when the target's result does.
OUT_series	:= $(KSRC)/.git/series.stamp
OUT_kernel	:= $(BZ_PATCHED)
OUT_kernel-base	:= $(BZ_BASE)
OUT_kernel-debug := $(BZ_DEBUG) $(KOBJ_DEBUG)/.config
OUT_kernel-6.12	:= $(BZ_612)
OUT_initramfs	:= $(INITRAMFS)
OUT_initramfs-cov := $(INITRAMFS_COV)
OUT_test_progs	:= $(TPOUT)/test_progs
OUT_examples	:= $(EXAMPLES) $(EXAMPLES_SHARED)
OUT_libbpf	:= $(PREFIX)
OUT_libbpf-1.4.6 := $(LIBBPF_146)
OUT_system-image := $(SYSTEM)/key
$(foreach a,$(MATRIX),$(eval OUT_kernel-$(a) := $(IMG_$(a)))$(eval OUT_initramfs-$(a) := $(INITRAMFS_$(a))))

$(eval $(call check,series,3600,$(CK)/series.sh,kernel-base initramfs,$(PATCHES) $(TOP)/config $(TOP)/tests/mutants $(TOP)/tests/prog_tests))
$(eval $(call check,recipes,900,$(CK)/recipes.sh,kernel kernel-base initramfs test_progs examples libbpf-1.4.6,$(TOP)/README.md $(TOP)/docs))
$(eval $(call check,hostile-debug,1800,$(CK)/hostile.sh debug $(BZ_DEBUG) $(KOBJ_DEBUG)/.config,kernel-debug initramfs))
$(eval $(call check,coverage,1200,$(CK)/coverage.sh $(BZ_DEBUG),kernel-debug initramfs-cov,$(TOP)/mk/coverage.mk))
$(eval $(call check,hostile-patched,900,$(CK)/hostile.sh patched $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,conformance,1800,$(CK)/conformance.sh $(BZ_PATCHED) $(BZ_BASE) $(if $(WITH_612),$(BZ_612)),kernel kernel-base $(if $(WITH_612),kernel-6.12) initramfs test_progs $(CROSS_INITRAMFS),$(TOP)/tests/expected-upstream-6.12))
$(eval $(call check,selftests,600,$(CK)/selftests.sh $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,userspace,600,$(CK)/userspace.sh $(BZ_PATCHED) $(BZ_BASE),kernel kernel-base initramfs examples libbpf))
$(eval $(call check,libbpf-abi,600,$(CK)/libbpf-abi.sh $(BZ_PATCHED),kernel initramfs libbpf libbpf-1.4.6))
$(eval $(call check,vng,600,$(CK)/vng.sh $(BZ_PATCHED),kernel test_progs))
$(eval $(call check,compat32,900,$(CK)/compat32.sh $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,errno-table,600,$(CK)/errno-table.sh $(BZ_PATCHED) $(BZ_BASE),kernel kernel-base initramfs))
$(foreach a,$(CROSS_ARCHES),$(eval $(call check,arch-$(a),900,$(CK)/arch.sh $(a),initramfs-$(a))))
$(eval $(call check,debian-system,900,$(CK)/debian-system.sh,system-image,$(TOP)/config/distro.config))
$(eval $(call check,checkpatch,300,$(CK)/checkpatch.sh $(PATCHES),series))
$(eval $(call check,mail,300,$(CK)/mail.sh $(PATCHES),series))
$(eval $(call check,mainline-diff,300,$(CK)/mainline-diff.sh,series,$(PATCHES)/cover.txt))
$(eval $(call check,b4,300,$(CK)/b4.sh $(PATCHES),series))
$(eval $(call check,debian-quilt,900,$(CK)/debian-quilt.sh $(PATCHES),series,$(PATCHES)))
$(eval $(call check,shellcheck,300,$(CK)/shellcheck.sh,deps,$(TOP)/scripts $(TOP)/tests $(TOP)/guest $(TOP)/.ci $(TOP)/examples $(TOP)/bench))
$(eval $(call check,ci-workflow,300,$(CK)/ci-workflow.sh,deps,$(TOP)/Makefile $(TOP)/mk))
$(eval $(call check,tooling-vmrun,600,$(TT)/vmrun.sh $(BZ_PATCHED),kernel initramfs $(CROSS_INITRAMFS)))
$(eval $(call check,tooling-vng-run,600,$(TT)/vng-run.sh $(BZ_PATCHED),kernel))
$(eval $(call check,tooling-shell,600,$(TT)/shell.sh,kernel test_progs examples,$(TOP)/Makefile))
$(eval $(call check,tooling-guest-failures,600,$(TT)/guest-failures.sh,kernel initramfs,$(TOP)/Makefile $(TOP)/scripts/run-selftests.sh))
$(eval $(call check,tooling-splat-scan,300,$(TT)/splat-scan.sh,))
$(eval $(call check,tooling-apply-series,300,$(TT)/apply-series.sh,series,$(PATCHES)))
$(eval $(call check,tooling-checkpatch-waiver,300,$(TT)/checkpatch-waiver.sh,series,$(PATCHES)))
$(eval $(call check,tooling-b4-unthreaded,300,$(TT)/b4-unthreaded.sh,series,$(PATCHES)))
$(eval $(call check,tooling-debian-system,900,$(TT)/debian-system.sh,system-image))
$(eval $(call check,tooling-check-runner,600,$(TT)/check-runner.sh,deps,$(TOP)/Makefile $(TOP)/mk))
