#!/bin/sh
# The series' test must catch the bug the series exists to avoid: each
# tests/mutants/NAME.patch applied on top of the whole series in the
# series check's worktree, the kernel rebuilt there (incrementally), the
# series' test run on it in the VM: the subtests NAME.expect lists must
# FAIL, every other one must pass. The worktree is put back at the
# series' tip afterwards. A result is reused while the series, the
# mutant, the expectation, test_progs and this script are the same.
#   scripts/mutant.sh WORKTREE OBJDIR      (series.sh runs it last)
set -eu
. "$(dirname "$0")/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

[ $# = 2 ] || die "usage: $me WORKTREE OBJDIR"
wt=$1
obj=$2
tap_init mutant
cache=$CACHE/mutant
mkdir -p "$cache"
tests=$(echo "$SERIES_TESTS" | tr ' ' ,)
tip=$(git -C "$KSRC" rev-parse 'series^{tree}')
# series.sh leaves its worktree at the tip; a rebuild of the unpatched
# kernel since (make kernel-base) leaves it at base
if [ "$(git -C "$wt" rev-parse 'HEAD^{tree}')" != "$tip" ]; then
	step "$wt is not at the series' tip: checking out the series"
	git -C "$wt" checkout -q -f --detach series || die "cannot check out the series in $wt"
fi
[ -f "$INITRAMFS" ] || die "$INITRAMFS is missing (make initramfs)"
restore() { git -C "$wt" checkout -q -f HEAD; }
trap restore EXIT

for m in "$TOP"/tests/mutants/*.patch; do
	name=$(basename "$m" .patch)
	want=$(sed 's/#.*//' "${m%.patch}.expect" | grep . || true)
	key=$(key_of -s "$tip" "$m" "${m%.patch}.expect" "$0" "$TPOUT/test_progs")
	if [ -f "$cache/$key" ]; then
		cat "$cache/$key"
		continue
	fi
	log=$check_dir/$name.log
	if ! git -C "$wt" apply "$m" 2>"$check_dir/$name.apply"; then
		echo "not ok - mutant $name: does not apply on the series' tip ($check_dir/$name.apply)"
		continue
	fi
	step "mutant $name: building the kernel in $obj"
	if ! "$TOP/scripts/build/build-kernel.sh" "$wt" "$obj" >/dev/null 2>"$check_dir/$name.build"; then
		echo "not ok - mutant $name: the kernel does not build ($check_dir/$name.build)"
		restore
		continue
	fi
	cp "$obj/${BZ_PATCHED#"$KOBJ"/}" "$check_dir/bzImage-$name"
	restore
	rc=0
	"$TOP/scripts/vmrun" -k "$check_dir/bzImage-$name" -l "$log" -- \
		test_progs -t "$tests" >/dev/null 2>"$check_dir/$name.runner" || rc=$?
	# test_progs fails, as it must; the guest itself must end cleanly
	bad=
	for n in $(subtest_names | grep -E "^($(echo "$tests" | tr , '|'))/"); do
		r=$(subtest_result "$log" "$n")
		if echo "$want" | grep -qx "$n"; then
			[ "$r" = FAIL ] || bad="$bad $n=$r(want FAIL)"
		else
			[ "$r" = OK ] || bad="$bad $n=$r(want OK)"
		fi
	done
	if [ "$rc" = 125 ] || [ -z "$(subtest_names)" ]; then
		line="not ok - mutant $name: the guest run failed (vmrun status $rc, log: $log)"
	elif [ -n "$bad" ]; then
		line="not ok - mutant $name:$bad (log: $log)"
	else
		line="ok - mutant $name: $(echo "$want" | tr '\n' ' ')failed on it, the rest passed"
	fi
	echo "$line"
	case $line in ok*) echo "$line" > "$cache/$key" ;; esac
done > "$check_dir/rows"
tap_from "$check_dir/rows"
[ "$tap_n" -gt 0 ] || not_ok "no mutant in tests/mutants/"
tap_done
