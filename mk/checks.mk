# The checks of make check, each defined once, here: its name, its
# command (a script of scripts/checks/ or tests/tooling/ with its
# arguments) and the make targets it needs built first. From this list
# come make check's prerequisites, one target per check (make
# check-NAME), the plan scripts/check.sh runs (build/checks.list, written
# by make) and docs/checks.md's order. A new check is one script and one
# line here. The order is the order make check asks for them in (make
# -j, one job per core): the series first, the longest and the first
# whose needs are built, then the rest roughly slowest first.
#   $(call check,NAME,COMMAND,NEEDS)
CHECKS :=
define check
CHECKS += $(1)
CHECK_CMD_$(1) := $(2)
CHECK_NEEDS_$(1) := $(3)
endef
CK := $(TOP)/scripts/checks
TT := $(TOP)/tests/tooling
CROSS_INITRAMFS := $(CROSS_ARCHES:%=initramfs-%)

$(eval $(call check,series,$(CK)/series.sh,kernel-base initramfs))
$(eval $(call check,hostile-debug,$(CK)/hostile.sh debug $(BZ_DEBUG) $(KOBJ_DEBUG)/.config,kernel-debug initramfs))
$(eval $(call check,coverage,$(CK)/coverage.sh $(BZ_DEBUG),kernel-debug initramfs-cov))
$(eval $(call check,hostile-patched,$(CK)/hostile.sh patched $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,conformance,$(CK)/conformance.sh $(BZ_PATCHED) $(BZ_BASE) $(if $(MAINLINE_612),$(BZ_612)),kernel kernel-base $(if $(MAINLINE_612),kernel-6.12) initramfs $(CROSS_INITRAMFS)))
$(eval $(call check,selftests,$(CK)/selftests.sh $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,userspace,$(CK)/userspace.sh $(BZ_PATCHED) $(BZ_BASE),kernel kernel-base initramfs libbpf))
$(eval $(call check,libbpf-abi,$(CK)/libbpf-abi.sh $(BZ_PATCHED),kernel initramfs libbpf libbpf-1.4.6))
$(eval $(call check,vng,$(CK)/vng.sh $(BZ_PATCHED),kernel test_progs))
$(eval $(call check,compat32,$(CK)/compat32.sh $(BZ_PATCHED),kernel initramfs))
$(eval $(call check,errno-table,$(CK)/errno-table.sh $(BZ_PATCHED) $(BZ_BASE),kernel kernel-base initramfs))
$(foreach a,$(CROSS_ARCHES),$(eval $(call check,arch-$(a),$(CK)/arch.sh $(a),initramfs-$(a))))
$(eval $(call check,checkpatch,$(CK)/checkpatch.sh $(PATCHES),series))
$(eval $(call check,mail,$(CK)/mail.sh $(PATCHES),series))
$(eval $(call check,uapi-sync,$(CK)/uapi-sync.sh base series,series))
$(eval $(call check,mainline-diff,$(CK)/mainline-diff.sh,series))
$(eval $(call check,b4,$(CK)/b4.sh $(PATCHES),series))
$(eval $(call check,shellcheck,$(CK)/shellcheck.sh,deps))
$(eval $(call check,ci-workflow,$(CK)/ci-workflow.sh,deps))
$(eval $(call check,tooling-vmrun,$(TT)/vmrun.sh $(BZ_PATCHED),kernel initramfs $(CROSS_INITRAMFS)))
$(eval $(call check,tooling-vng-run,$(TT)/vng-run.sh $(BZ_PATCHED),kernel))
$(eval $(call check,tooling-splat-scan,$(TT)/splat-scan.sh,))
$(eval $(call check,tooling-apply-series,$(TT)/apply-series.sh,series))
$(eval $(call check,tooling-checkpatch-waiver,$(TT)/checkpatch-waiver.sh,series))
$(eval $(call check,tooling-b4-unthreaded,$(TT)/b4-unthreaded.sh,series))
$(eval $(call check,tooling-check-runner,$(TT)/check-runner.sh,deps))
