#!/bin/sh
# make check's runner, tried on a copy of the repository (its tracked
# files and the new ones, with a build folder of its own), through make
# check as a person runs it, with demo checks added by one line each in
# mk/checks.mk:
#   - the plan comes first and names an added check; make check-list
#     lists it with its timeout;
#   - a check that fails on purpose: the summary gives its failing test,
#     the test's diagnostic, the error line of its stderr and where that
#     stderr is kept, and the last line counts tests;
#   - a check that failed runs again; one that passed is reused while
#     nothing it reads changes, also on the very next run; it runs again
#     when a file it reads changes, not when another file does; RERUN=1
#     runs it;
#   - a check whose need fails to build counts as one failed test named
#     after it, after the build's error;
#   - a check that hangs is killed at its timeout, and says so.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

copy=$check_dir/repo
mkdir -p "$copy"
repo_copy "$copy"
demo() { # name: a check script of the copy, from stdin
	cat > "$copy/tests/tooling/$1.sh"
	chmod +x "$copy/tests/tooling/$1.sh"
}
demo demo-fail <<'DEMO'
#!/bin/sh
echo "not ok 1 - demo: the widget is 3, not 4"
echo "# expected 4 from the widget"
echo "demo-fail.sh: error: the widget broke" >&2
echo "1..1"
exit 1
DEMO
# passes, counts its runs (in build/, which the runner never takes for
# a file a check reads: what is read there comes from its needs) and
# reads a file of its own, named as "$TOP/..." as the checks do
demo demo-pass <<'DEMO'
#!/bin/sh
TOP=$(cd "$(dirname "$0")/../.." && pwd)
echo run >> "${BUILD:-$TOP/build}/demo-pass.runs"
cat "$TOP/tests/tooling/demo-input" > /dev/null
echo "ok 1 - demo: the widget is 4"
echo "1..1"
DEMO
echo 4 > "$copy/tests/tooling/demo-input"
demo demo-hang <<'DEMO'
#!/bin/sh
echo "ok 1 - demo: started"
sleep 600
echo "1..1"
DEMO
cat >> "$copy/mk/checks.mk" <<'MK'
$(eval $(call check,demo-pass,60,$(TT)/demo-pass.sh,))
$(eval $(call check,demo-added,60,$(TT)/demo-fail.sh,))
$(eval $(call check,demo-unbuilt,60,$(TT)/demo-fail.sh,demo-broken-need))
$(eval $(call check,demo-hang,3,$(TT)/demo-hang.sh,))
demo-broken-need:
	@echo "demo-broken-need: error: this need does not build" >&2; exit 1
MK
mkc() { # name [VAR=value...]: make check in the copy, its output in NAME.out
	n=$1
	shift
	rc=0
	env -u RERUN -u BUILD -u PREFIX -u RESULTS -u CACHE -u ARCHES -u CROSS_ARCHES "$@" \
		make -s --no-print-directory -C "$copy" check > "$check_dir/$n.out" 2>&1 || rc=$?
	echo "$rc"
}
last() { grep -v '^make' "$check_dir/$1.out" | tail -n 1; }

rc=$(mkc added CHECKS_ONLY=demo-added)
summary=$(sed -n '/^=== failures$/,$p' "$check_dir/added.out")
stderr_log=$copy/build/results/demo-added/stderr.log
if head -n 1 "$check_dir/added.out" | grep -q '^==> check.sh: plan: 1 checks: demo-added$'; then
	ok "the plan comes first and names a check added by one line in mk/checks.mk"
else
	not_ok "the plan is not the first line, or lacks the added check ($check_dir/added.out)"
fi
if make -s --no-print-directory -C "$copy" check-list 2>/dev/null | grep -q "^demo-hang	3	-	"; then
	ok "make check-list lists an added check with its timeout"
else
	not_ok "make check-list does not list demo-hang with its timeout"
fi
if [ "$rc" != 0 ] && [ "$(last added)" = "0 passed, 1 failed, 0 skipped" ] &&
   echo "$summary" | grep -q 'not ok 1 - demo: the widget is 3, not 4' &&
   echo "$summary" | grep -q '# expected 4 from the widget' &&
   echo "$summary" | grep -q 'error: the widget broke' &&
   echo "$summary" | grep -qF "stderr: $stderr_log" && grep -q 'the widget broke' "$stderr_log"; then
	ok "a check that fails on purpose: the summary gives its test, diagnostic, error line and stderr's path"
else
	not_ok "the failure summary lacks the reason (status $rc; $check_dir/added.out)"
	tail -n 15 "$check_dir/added.out" | sed 's/^/# /'
fi
rc=$(mkc again CHECKS_ONLY=demo-added)
if [ "$rc" != 0 ] && ! grep -q 'reused' "$check_dir/again.out" && [ "$(last again)" = "0 passed, 1 failed, 0 skipped" ]; then
	ok "a check that failed runs again on the next make check, never reused"
else
	not_ok "the failed check's second run (status $rc; $check_dir/again.out)"
fi

runs=$copy/build/demo-pass.runs
pass() { # name [VAR=value...]: make check of demo-pass passes; the count of its runs
	n=$1
	shift
	rc=$(mkc "$n" CHECKS_ONLY=demo-pass "$@")
	[ "$rc" = 0 ] && [ "$(last "$n")" = "1 passed, 0 failed, 0 skipped" ] || echo "failed"
	grep -c . "$runs"
}
if [ "$(pass pass1)" = 1 ] && [ "$(pass pass2)" = 1 ] &&
   grep -q '^# # reused: nothing demo-pass reads changed since its run of .* passed' "$check_dir/pass2.out"; then
	ok "a check that passed is reused on the very next run, and says so"
else
	not_ok "the passed check was not reused ($check_dir/pass1.out, $check_dir/pass2.out)"
fi
echo "an unrelated change" >> "$copy/docs/layout.md"
touch "$copy/tests/tooling/demo-fail.sh"
if [ "$(pass pass3)" = 1 ]; then
	ok "a change to files the check does not read leaves it reused"
else
	not_ok "a change to an unrelated file ran the check again ($check_dir/pass3.out)"
fi
echo 5 > "$copy/tests/tooling/demo-input"
if [ "$(pass pass4)" = 2 ] && grep -q 'starting demo-pass (tests/tooling/demo-input changed since its last pass' "$check_dir/pass4.out"; then
	ok "a change to a file the check's script names as \"\$TOP/...\" runs it again, and names the file"
else
	not_ok "a changed input did not run the check again ($check_dir/pass4.out)"
fi
if [ "$(pass pass5 RERUN=1)" = 3 ]; then
	ok "RERUN=1 runs a check that would be reused"
else
	not_ok "RERUN=1 did not run the check ($check_dir/pass5.out)"
fi

rc=$(mkc unbuilt CHECKS_ONLY=demo-unbuilt)
if [ "$rc" != 0 ] && grep -q '^not ok 1 demo-unbuilt # 1 failed' "$check_dir/unbuilt.out" &&
   grep -q 'demo-unbuilt did not run: a target it needs failed to build' "$check_dir/unbuilt.out" &&
   grep -q 'demo-broken-need: error: this need does not build' "$check_dir/unbuilt.out" &&
   [ "$(last unbuilt)" = "0 passed, 1 failed, 0 skipped" ]; then
	ok "a check whose need fails to build is one failed test named after it, after the build's error"
else
	not_ok "make check with a need that fails to build: status $rc ($check_dir/unbuilt.out)"
	tail -n 15 "$check_dir/unbuilt.out" | sed 's/^/# /'
fi

start=$(date +%s)
rc=$(mkc hang CHECKS_ONLY=demo-hang)
secs=$(($(date +%s) - start))
if [ "$rc" != 0 ] && [ "$secs" -lt 60 ] &&
   grep -q 'not ok - demo-hang: killed at its timeout of 3 s' "$check_dir/hang.out" &&
   [ "$(last hang)" = "1 passed, 1 failed, 0 skipped" ]; then
	ok "a check that hangs is killed at its timeout ($secs s in all) and fails saying so"
else
	not_ok "the hanging check: status $rc after $secs s ($check_dir/hang.out)"
	tail -n 15 "$check_dir/hang.out" | sed 's/^/# /'
fi
tap_done
