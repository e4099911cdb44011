#!/bin/sh
# make check: every check counts as one test; the last line is
# "N passed, N failed, N skipped" and the status is non-zero on any failure.
#  - checkpatch --strict on each patch
#  - patches/ is exactly what export-series makes from the applied tree
#  - the two uapi bpf.h copies differ after the series as in the base
#  - vmrun: exit status passthrough, panic and hang detection
#  - every subtest of our test_progs tests OK in the VM on the patched kernel
#  - series-check: each patch applies, builds, is checkpatch-clean, ...
#  - conformance: patched, unpatched, mainline 6.12 and native kernels
#  - hostile inputs: fuzzer, stress and unprivileged checks on the
#    patched and the debug (KASAN, lockdep, kmemleak) kernels
#  - userspace: installed libbpf, examples, bpftool
set -eu
. "$(dirname "$0")/lib.sh"

passed=0
failed=0
skipped=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# A skip is reported as such and never counted as a pass.
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
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
[ "$(grep -c '^checkpatch: ' "$results/checkpatch.txt")" = "$(grep -c . "$PATCHES/series")" ] ||
	{ fail "checkpatch-series did not report on every patch"; cat "$results/checkpatch.txt"; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The MAINTAINERS waiver must refuse a new file no entry covers: the
# docs patch, adding CREDITS (only "THE REST") instead of its .rst.
mkdir "$tmp/uncovered"
sed 's|Documentation/bpf/pinning\.rst|CREDITS|g' "$PATCHES"/0006-*.patch \
	> "$tmp/uncovered/0006-uncovered.patch" || :
echo 0006-uncovered.patch > "$tmp/uncovered/series"
rc=0; PATCHES=$tmp/uncovered "$TOP/scripts/checkpatch-series.sh" > "$tmp/out" 2>&1 || rc=$?
if grep -q '^checkpatch: 0006-uncovered.patch: FAIL$' "$tmp/out" && grep -q ':FILE_PATH_CHANGES:' "$tmp/out"; then
	pass "the MAINTAINERS waiver refuses a new file that only THE REST covers"
else
	fail "the MAINTAINERS waiver accepted a new file that no entry covers"; cat "$tmp/out"
fi
# As export-series makes them, with the cover letter from cover.txt:
# the same bytes, Message-Ids and the cover letter's Date included.
git -C "$KSRC" config branch.series.description "$(cat "$PATCHES/cover.txt")"
format_series "$tmp/fmt" --cover-letter --cover-from-description=subject
if (cd "$tmp/fmt" && for p in 0*.patch; do cmp -s "$p" "$PATCHES/$p" || exit 1; done) &&
   [ "$(ls "$tmp/fmt" | wc -l)" = "$(($(grep -c . "$PATCHES/series") + 1))" ]; then
	pass "patches/ and the cover letter are byte for byte git format-patch of the applied series"
else
	fail "patches/ differs from git format-patch of the applied series (hand-edited? run make export-series)"
	diff -r "$tmp/fmt" "$PATCHES" | head -n 20
fi
# Mail that git send-email would send: threaded to the cover letter.
cover_id=$(sed -n 's/^Message-Id: //p' "$PATCHES/0000-cover-letter.patch")
threaded=0
for p in "$PATCHES"/0*.patch; do
	case $p in */0000-*) continue ;; esac
	grep -q "^In-Reply-To: $cover_id$" "$p" && grep -q "^References: $cover_id$" "$p" &&
		grep -q '^Message-Id: <' "$p" && grep -q "^Subject: \[$SUBJECT_PREFIX [0-9]*/[0-9]*\]" "$p" &&
		grep -q '^To: .*bpf@vger.kernel.org' "$p" && threaded=$((threaded + 1))
done
if [ -n "$cover_id" ] && [ "$threaded" = "$(grep -c . "$PATCHES/series")" ]; then
	pass "every patch has a Message-Id, the [$SUBJECT_PREFIX n/m] tag, To bpf@ and replies to the cover letter"
else
	fail "only $threaded patches are threaded to the cover letter ${cover_id:-(which has no Message-Id)}"
fi

# A patch that does not apply: named, git's message shown, tree at base.
scratch=$tmp/scratch
rc=0
{ git clone -q --shared --no-checkout "$KSRC" "$scratch" &&
  git -C "$scratch" checkout -q -B series base &&
  cp -r "$PATCHES" "$tmp/bad" &&
  sed -i 's/^-#define BPF_OBJ_LAST_FIELD file_flags$/-#define BPF_OBJ_LAST_FIELD broken/' "$tmp/bad"/0002-*.patch &&
  KSRC=$scratch PATCHES=$tmp/bad "$TOP/scripts/apply-series.sh"; } > "$tmp/out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q 'patch 0002-.* does not apply' "$tmp/out" &&
   grep -q 'patch does not apply' "$tmp/out" &&
   [ "$(git -C "$scratch" rev-parse HEAD)" = "$(git -C "$scratch" rev-parse base)" ] &&
   [ -z "$(git -C "$scratch" status --porcelain --untracked-files=no)" ] &&
   [ ! -d "$scratch/.git/rebase-apply" ]; then
	pass "a patch that does not apply is named, git's error shown, tree left clean at base"
else
	fail "apply-series on a broken patch (status $rc)"; cat "$tmp/out"
fi
rm -rf "$scratch"

for rev in base series; do
	git -C "$KSRC" show "$rev:include/uapi/linux/bpf.h" > "$tmp/$rev.h"
	git -C "$KSRC" show "$rev:tools/include/uapi/linux/bpf.h" > "$tmp/$rev.tools.h"
	uapi_diff "$tmp/$rev.h" "$tmp/$rev.tools.h" > "$tmp/$rev.diff"
done
if cmp -s "$tmp/base.diff" "$tmp/series.diff"; then
	pass "uapi bpf.h and tools/ copy differ after the series exactly as in base ($(wc -l < "$tmp/base.diff") lines)"
else
	fail "uapi bpf.h and its tools/ copy went out of sync"
fi

# TAP from a check script on stdin: each "ok" a pass, each "not ok" a
# failure, each "# SKIP" a skip; the lines are shown as they count.
count_tap() {
	while IFS= read -r line; do
		case $line in
		"ok "*"# SKIP"*) skip "${line#ok * - # SKIP }" ;;
		"ok "*) pass "${line#ok * - }" ;;
		"not ok "*) fail "${line#not ok * - }" ;;
		esac
	done
}

echo "--- mail: b4 0.14.2 takes the series"
rc=0; "$TOP/scripts/b4-check.sh" > "$tmp/tap" 2> "$tmp/err" || rc=$?
count_tap < "$tmp/tap"
[ "$rc" = 0 ] || { fail "b4-check (status $rc)"; tail -n 5 "$tmp/err"; }

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
	[ "$r" = OK ] && pass "$n" || fail "$n: $r"
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
page=$results/bpf.2
if grep -q 'BPF_F_PATH_FD' "$page" 2>/dev/null && grep -q 'path_fd' "$page" &&
   grep -q 'ordinary directory' "$page"; then
	pass "bpf(2) page rendered by scripts/bpf_doc.py documents path_fd and BPF_F_PATH_FD"
else
	fail "the rendered bpf(2) page ($page) lacks the BPF_F_PATH_FD text"
fi

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

echo "--- hostile inputs: fuzzer, stress, unprivileged (patched and debug kernels)"
hostile() { # label bzimage
	hlog=$BUILD/results/debug-check-$1.log
	rm -f "$BUILD/results/debug-check.log" "$hlog"
	rc=0; "$TOP/scripts/debug-check.sh" "$2" > "$tmp/hs" 2>&1 || rc=$?
	cp "$BUILD/results/debug-check.log" "$hlog" 2>/dev/null || : > "$hlog"
	for part in obj_fuzz obj_stress obj_unpriv; do
		line=$(grep "^$part: " "$hlog" | tail -n 1)
		if [ -n "$line" ] && ! grep -q "^hostile-suite: FAILED: $part" "$hlog"; then
			pass "$1: $line"
		else
			fail "$1: $part failed or did not run: ${line:-no output} (log: $hlog)"
		fi
	done
	[ "$rc" = 0 ] && pass "$1: hostile suite passed, kernel log free of reports" ||
		{ fail "$1: hostile suite or kernel log (log: $hlog)"; tail -n 25 "$tmp/hs"; }
}
hostile patched "$KOBJ/arch/x86/boot/bzImage"
hostile debug "$BUILD/kbuild-debug/arch/x86/boot/bzImage"

echo "--- userspace: installed libbpf, examples, bpftool"
prefix=${PREFIX:-$BUILD/prefix}
pc="env PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config"
rc=0
# shellcheck disable=SC2046
cc -o "$tmp/outside" "$TOP/tests/outside.c" $($pc --cflags --libs libbpf) > "$tmp/out" 2>&1 &&
	LD_LIBRARY_PATH=$prefix/lib "$tmp/outside" >> "$tmp/out" 2>&1 || rc=$?
[ "$rc" = 0 ] && pass "outside program built with only pkg-config flags sees the new API, reports libbpf 1.1 and runs" ||
	{ fail "outside program (status $rc)"; cat "$tmp/out"; }

ex=$BUILD/examples-shared
if [ "$(id -u)" = 0 ] && host_has_path_fd; then
	rc=0
	(cd /tmp && LD_LIBRARY_PATH=$prefix/lib unshare -m sh -c 'mount --make-rprivate / &&
		mount -t bpf bpf /sys/fs/bpf && mkdir /sys/fs/bpf/ex &&
		"$0/detached_pin" && "$0/opath_pin" /sys/fs/bpf/ex && "$0/delegate_pin"' "$ex") > "$tmp/out" 2>&1 || rc=$?
	[ "$rc" = 0 ] && pass "examples natively on the host (Linux $(uname -r))" ||
		{ fail "examples natively (status $rc)"; cat "$tmp/out"; }
else
	skip "examples natively: host kernel $(uname -r) < 6.5 or not root"
fi

rc=0; "$vmrun" -t 120 -- sh -c 'detached_pin && mkdir /sys/fs/bpf/ex && opath_pin /sys/fs/bpf/ex &&
	delegate_pin' > "$tmp/out" 2>&1 || rc=$?
[ "$rc" = 0 ] && pass "examples in the guest (patched kernel)" ||
	{ fail "examples in the guest (status $rc)"; cat "$tmp/out"; }

msg="this kernel does not support BPF_F_PATH_FD: needs Linux 6.5 or this series"
for e in detached_pin "opath_pin /sys/fs/bpf" delegate_pin; do
	rc=0; "$vmrun" -t 120 -k "$BUILD/images/bzImage-6.1-unpatched" -- $e > "$tmp/out" 2>&1 || rc=$?
	if [ "$rc" = 2 ] && grep -q "^$msg$" "$tmp/out"; then
		pass "${e%% *} on the unpatched kernel exits 2 with: $msg"
	else
		fail "${e%% *} on the unpatched kernel: status $rc"; cat "$tmp/out"
	fi
done

rc=0; "$vmrun" -t 120 -- sh -c 'mkdir /sys/fs/bpf/ex && opath_pin /sys/fs/bpf/ex >/dev/null &&
	bpftool map show pinned /sys/fs/bpf/ex/example_map &&
	bpftool prog show pinned /sys/fs/bpf/ex/example_prog' > "$tmp/out" 2>&1 || rc=$?
if [ "$rc" = 0 ] && grep -q 'name example_map' "$tmp/out" && grep -q 'name example_prog' "$tmp/out"; then
	pass "bpftool map/prog show pinned finds objects pinned through path_fd"
else
	fail "bpftool show pinned (status $rc)"; cat "$tmp/out"
fi

echo "--- libbpf ABI: both ways against Debian's libbpf 1.4.6"
rc=0; "$TOP/scripts/libbpf-abi-check.sh" "$KOBJ/arch/x86/boot/bzImage" > "$tmp/tap" 2> "$tmp/err" || rc=$?
count_tap < "$tmp/tap"
[ "$rc" = 0 ] || { fail "libbpf-abi-check (status $rc)"; tail -n 5 "$tmp/err"; }

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
