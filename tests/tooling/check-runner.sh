#!/bin/sh
# make check's runner, tried on a copy of the repository (its tracked
# files, with a build directory of its own): a check added by one entry
# in mk/checks.mk shows up in the plan, and when that check fails on
# purpose, the summary names its failing test, the test's diagnostic,
# the error line of its stderr and where that stderr is kept; a check
# that failed runs again, one that passed is reused until a file
# changes or RERUN=1 is given. Through
# make check: the plan comes first, and a check whose need fails to
# build is a failure that says it did not run.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init tooling-check-runner

copy=$check_dir/repo
mkdir -p "$copy"
# what git tracks and what it would track (new files not yet committed)
(cd "$TOP" && git ls-files -z --cached --others --exclude-standard |
	xargs -0 -I{} sh -c '[ ! -e "$1" ] || printf "%s\0" "$1"' sh {} |
	cpio -0pdm --quiet "$copy") || die "cannot copy the repository"
cat > "$copy/tests/tooling/demo-fail.sh" <<'DEMO'
#!/bin/sh
echo "not ok 1 - demo: the widget is 3, not 4"
echo "# expected 4 from the widget"
echo "demo-fail.sh: error: the widget broke" >&2
echo "1..1"
exit 1
DEMO
chmod +x "$copy/tests/tooling/demo-fail.sh"
# a check that passes and counts its runs (under results/, which the
# runner's look for changed files leaves out)
cat > "$copy/tests/tooling/demo-pass.sh" <<'DEMO'
#!/bin/sh
echo run >> "$BUILD/results/demo-pass.runs"
echo "ok 1 - demo: the widget is 4"
echo "1..1"
DEMO
chmod +x "$copy/tests/tooling/demo-pass.sh"
cat >> "$copy/mk/checks.mk" <<'MK'
$(eval $(call check,demo-pass,$(TT)/demo-pass.sh,))
$(eval $(call check,demo-added,$(TT)/demo-fail.sh,))
$(eval $(call check,demo-unbuilt,$(TT)/demo-fail.sh,demo-broken-need))
demo-broken-need:
	@echo "demo-broken-need: error: this need does not build" >&2; exit 1
MK
run() { env -u RERUN BUILD="$copy/build" PREFIX="$copy/build/prefix" "$@"; }

run make -s --no-print-directory -C "$copy" env > "$check_dir/env.out" 2>&1 ||
	die "make env in the copy failed ($check_dir/env.out)"
run sh "$copy/scripts/check.sh" --plan > "$check_dir/plan.out" 2>&1 || true
if grep -qx demo-added "$check_dir/plan.out" && grep -q '^==> check.sh: plan: .* demo-added' "$check_dir/plan.out"; then
	ok "a check added by one line in mk/checks.mk is in the plan"
else
	not_ok "the added check is not in the plan ($check_dir/plan.out)"
fi

rc=0
run sh "$copy/scripts/check.sh" demo-added > "$check_dir/run.out" 2>&1 || rc=$?
summary=$(sed -n '/^=== failures$/,$p' "$check_dir/run.out")
stderr_log=$copy/build/results/demo-added/stderr.log
if [ "$rc" != 0 ] && [ "$(tail -n 1 "$check_dir/run.out")" = "0 passed, 1 failed, 0 skipped" ] &&
   echo "$summary" | grep -q 'not ok 1 - demo: the widget is 3, not 4' &&
   echo "$summary" | grep -q '# expected 4 from the widget' &&
   echo "$summary" | grep -q 'error: the widget broke' &&
   echo "$summary" | grep -qF "stderr: $stderr_log" && grep -q 'the widget broke' "$stderr_log"; then
	ok "a check that fails on purpose: the summary gives its test, diagnostic, error line and stderr's path"
else
	not_ok "the failure summary lacks the reason (status $rc; $check_dir/run.out)"
	tail -n 15 "$check_dir/run.out" | sed 's/^/# /'
fi
# A check that failed runs again; one that passed is reused until a
# file changes, and RERUN=1 runs it anyway.
rc=0
run sh "$copy/scripts/check.sh" demo-added > "$check_dir/rerun.out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && ! grep -q 'reused' "$check_dir/rerun.out" &&
   [ "$(tail -n 1 "$check_dir/rerun.out")" = "0 passed, 1 failed, 0 skipped" ]; then
	ok "a check that failed runs again on the next make check, never reused"
else
	not_ok "the failed check's second run (status $rc; $check_dir/rerun.out)"
fi
runs=$copy/build/results/demo-pass.runs
pass_run() { # name [env...]
	n=$1
	shift
	run env "$@" sh "$copy/scripts/check.sh" demo-pass > "$check_dir/$n.out" 2>&1 &&
		[ "$(tail -n 1 "$check_dir/$n.out")" = "1 passed, 0 failed, 0 skipped" ]
}
if pass_run pass1 && pass_run pass2 && [ "$(grep -c . "$runs")" = 1 ] &&
   grep -q '^# # reused: nothing demo-pass reads changed since its run of .* passed' "$check_dir/pass2.out"; then
	ok "a check that passed is reused, and says so, while nothing changed"
else
	not_ok "the passed check was not reused ($check_dir/pass1.out, $check_dir/pass2.out, $runs)"
fi
touch "$copy/tests/tooling/demo-pass.sh"
if pass_run pass3 && [ "$(grep -c . "$runs")" = 2 ] && ! grep -q reused "$check_dir/pass3.out"; then
	ok "a file of the repository newer than the check's last pass runs it again"
else
	not_ok "a changed file did not run the check again ($check_dir/pass3.out, $runs)"
fi
if pass_run pass4 RERUN=1 && [ "$(grep -c . "$runs")" = 3 ]; then
	ok "RERUN=1 runs a check that would be reused"
else
	not_ok "RERUN=1 did not run the check ($check_dir/pass4.out, $runs)"
fi

rc=0
run make -s --no-print-directory -C "$copy" check CHECKS_ONLY=demo-unbuilt > "$check_dir/make.out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && head -n 1 "$check_dir/make.out" | grep -q '^==> check.sh: plan: 1 checks: demo-unbuilt' &&
   grep -q '^not ok 1 demo-unbuilt # did not run' "$check_dir/make.out" &&
   grep -q 'demo-broken-need: error: this need does not build' "$check_dir/make.out" &&
   [ "$(grep -v '^make: \*\*\*' "$check_dir/make.out" | tail -n 1)" = "0 passed, 1 failed, 0 skipped" ] &&
   [ ! -f "$copy/build/results/demo-unbuilt/status" ]; then
	ok "make check prints the plan first; a check whose need fails to build fails as not run, after the build's error"
else
	not_ok "make check with a need that fails to build: status $rc ($check_dir/make.out)"
	tail -n 15 "$check_dir/make.out" | sed 's/^/# /'
fi
tap_done
