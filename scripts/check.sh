#!/bin/sh
# make check: every check counts as one test; the last line is
# "N passed, N failed" and the status is non-zero on any failure.
#  - checkpatch --strict on each patch
#  - patches/ is exactly what export-series makes from the applied tree
#  - the two uapi bpf.h copies differ after the series as in the base
#  - vmrun: exit status passthrough, panic and hang detection
#  - every bpf_obj_pinning subtest OK in the VM on the patched kernel
#  - series-check: each patch applies, builds, is checkpatch-clean, ...
#  - conformance: patched, unpatched, mainline 6.12 and native kernels
set -eu
. "$(dirname "$0")/lib.sh"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
results=$BUILD/results
mkdir -p "$results"
vmrun=$TOP/scripts/vmrun

echo "--- series"
"$TOP/scripts/checkpatch-series.sh" > "$results/checkpatch.txt" 2>&1 || true
while read -r line; do
	case $line in
	"checkpatch: "*": clean"*) pass "$line" ;;
	"checkpatch: "*) fail "$line" ;;
	esac
done < "$results/checkpatch.txt"
grep '^    ' "$results/checkpatch.txt" || true

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$KSRC" format-patch -q -o "$tmp" --zero-commit --subject-prefix="PATCH v2" base..series
if (cd "$tmp" && for p in 0*.patch; do cmp -s "$p" "$PATCHES/$p" || exit 1; done) &&
   [ "$(ls "$tmp" | wc -l)" = "$(grep -c . "$PATCHES/series")" ]; then
	pass "patches/ matches git format-patch of the applied series"
else
	fail "patches/ differs from git format-patch of the applied series (hand-edited? run make export-series)"
fi

uapi_diff() {
	git -C "$KSRC" show "$1:include/uapi/linux/bpf.h" > "$tmp/a.h"
	git -C "$KSRC" show "$1:tools/include/uapi/linux/bpf.h" > "$tmp/b.h"
	# the lines that differ, without their line numbers
	diff "$tmp/a.h" "$tmp/b.h" | grep '^[<>]' || true
}
if [ "$(uapi_diff base)" = "$(uapi_diff series)" ]; then
	pass "uapi bpf.h and tools/ copy differ after the series exactly as in base ($(uapi_diff base | wc -l) lines)"
else
	fail "uapi bpf.h and its tools/ copy went out of sync"
fi

echo "--- vmrun"
rc=0; "$vmrun" -t 60 -- sh -c 'exit 3' > "$tmp/out" 2>&1 || rc=$?
[ "$rc" = 3 ] && pass "vmrun passes the guest's exit status 3" ||
	fail "vmrun returned $rc for a guest command that exits 3"
rc=0; "$vmrun" -t 60 -- true > "$tmp/out" 2>&1 || rc=$?
[ "$rc" = 0 ] && pass "vmrun returns 0 for a guest command that succeeds" ||
	fail "vmrun returned $rc for 'true'"
rc=0; "$vmrun" -t 60 -- sh -c 'echo vmrun-exit 0123456789abcdef 0; exit 7' > "$tmp/out" 2>&1 || rc=$?
[ "$rc" = 7 ] && pass "vmrun ignores an exit line with a wrong nonce" ||
	fail "vmrun returned $rc for a command that printed a fake exit line and exited 7"
start=$(date +%s)
rc=0; "$vmrun" -t 60 -a "rdinit=/nonexistent init=/nonexistent" -- true > "$tmp/out" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
if [ "$rc" = 125 ] && grep -q 'vmrun: | .*Kernel panic' "$tmp/out" && [ "$secs" -le 60 ]; then
	pass "vmrun fails on a kernel panic (no init) in ${secs}s and shows the console tail"
else
	fail "vmrun on a kernel that panics: status $rc after ${secs}s"; cat "$tmp/out"
fi
start=$(date +%s)
rc=0; "$vmrun" -t 15 -- sleep 600 > "$tmp/out" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
if [ "$rc" = 125 ] && grep -q 'timed out after 15s' "$tmp/out" && [ "$secs" -le 30 ]; then
	pass "vmrun fails a hung guest after its 15s timeout (${secs}s)"
else
	fail "vmrun on a hung guest: status $rc after ${secs}s"; cat "$tmp/out"
fi

echo "--- selftests (patched kernel, in the VM)"
log=$results/test_progs.log
rc=0; "$TOP/scripts/run-selftests.sh" "$KOBJ/arch/x86/boot/bzImage" "$log" > "$tmp/out" 2>&1 || rc=$?
# Every subtest the source declares must have run and be OK; a skip or
# a missing subtest is a failure, never a pass.
names=$(subtest_names)
[ "$(echo "$names" | wc -l)" -gt 1 ] || fail "no subtests found in the test source"
for n in $names; do
	r=$(subtest_result "$log" "$n")
	[ "$r" = OK ] && pass "bpf_obj_pinning/$n" || fail "bpf_obj_pinning/$n: $r"
done
[ "$rc" = 0 ] && pass "test_progs run: $(grep '^Summary:' "$log")" ||
	{ fail "test_progs run (status $rc), console log: $log"; tail -n 20 "$tmp/out"; }

echo "--- series-check (per patch, in build/linux-check)"
rc=0; "$TOP/scripts/series-check.sh" > "$tmp/sc" 2>"$tmp/sc.err" || rc=$?
rows=$(grep '^0[0-9]*-.*\.patch ' "$tmp/sc" || true)
[ -n "$rows" ] || fail "series-check produced no report (status $rc): $(tail -n 5 "$tmp/sc.err")"
echo "$rows" | while read -r row; do
	case $row in
	"") ;;
	*FAIL*) echo "FAIL: series-check $row" ;;
	*) echo "PASS: series-check $row" ;;
	esac
done > "$tmp/sc.res"
passed=$((passed + $(grep -c '^PASS' "$tmp/sc.res" || true)))
failed=$((failed + $(grep -c '^FAIL' "$tmp/sc.res" || true)))
[ "$(echo "$rows" | grep -c .)" = "$(grep -c . "$PATCHES/series")" ] ||
	fail "series-check stopped before the last patch"
cat "$tmp/sc.res"
[ "$rc" = 0 ] || { fail "series-check status $rc"; tail -n 20 "$tmp/sc.err"; }

echo "--- conformance (same test_progs on four kernels)"
rc=0; "$TOP/scripts/conformance.sh" "$KOBJ/arch/x86/boot/bzImage" \
	"$BUILD/images/bzImage-6.1-unpatched" \
	"$BUILD/kbuild-6.12/arch/x86/boot/bzImage" > "$tmp/cf" 2>&1 || rc=$?
cat "$tmp/cf"
for n in $(subtest_names); do
	row=$(grep "^$n " "$tmp/cf" || true)
	case $row in
	"") fail "conformance $n: no row" ;;
	*!*) fail "conformance $n: a kernel differs from its expected result" ;;
	*) pass "conformance $n as expected on every kernel" ;;
	esac
done
[ "$rc" = 0 ] && pass "conformance run" || fail "conformance run (status $rc)"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
