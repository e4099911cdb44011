#!/bin/sh
# A guest run that fails says why, where the reader looks, and is not
# replayed: make's main job (make run) made to fail on purpose, with its
# results (and so the key of its last run) in a folder of this check's
# own:
#   - ACCEL=foo: vmrun refuses the option; the output names it, has no
#     sed error and names no console log that does not exist;
#   - VMRUN_TIMEOUT=1: the guest cannot boot in a second; the output
#     says "timed out";
#   - after those failures a plain run boots (a failure is never
#     replayed), passes, and the run after it replays that pass.
#   tests/tooling/guest-failures.sh
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

mkrun() { # name [VAR=value...]
	n=$1
	shift
	rc=0
	env -u RERUN RESULTS="$check_dir/results" "$@" \
		make -s --no-print-directory -C "$TOP" run > "$check_dir/$n.out" 2>&1 || rc=$?
	echo "$rc"
}
# no sed error, and every console log path it names exists
clean_output() { # file
	! grep -q '^sed: ' "$1" &&
		! grep -o 'log: /[^ )]*' "$1" | cut -d' ' -f2 | while read -r f; do [ -f "$f" ] || echo "$f"; done | grep -q .
}
failed_with() { # name status text
	if [ "$2" != 0 ] && grep -qF "$3" "$check_dir/$1.out" && grep -q '^make: FAIL: ' "$check_dir/$1.out" &&
	   clean_output "$check_dir/$1.out"; then
		ok "make run, $1: fails with \"$3\" and make's verdict, no sed error, no missing log named"
	else
		not_ok "make run, $1: status $2, or the cause is not in the output"
		tail -n 20 "$check_dir/$1.out" | sed 's/^/# /'
	fi
}
rm -rf "$check_dir/results"
rc=$(mkrun accel-foo ACCEL=foo)
failed_with accel-foo "$rc" "ACCEL must be tcg, kvm or auto"
rc=$(mkrun timeout VMRUN_TIMEOUT=1)
failed_with timeout "$rc" "timed out after 1s"
rc=$(mkrun boots)
if [ "$rc" = 0 ] && ! grep -q 'nothing changed' "$check_dir/boots.out" && grep -q '^make: PASS: ' "$check_dir/boots.out"; then
	ok "make run after the failures boots again (a failure is never replayed) and passes"
else
	not_ok "make run after the failures: status $rc, or it replayed"
	tail -n 20 "$check_dir/boots.out" | sed 's/^/# /'
fi
rc=$(mkrun replays)
if [ "$rc" = 0 ] && grep -q 'nothing changed since the run of' "$check_dir/replays.out" &&
   grep -q '^make: PASS: ' "$check_dir/replays.out"; then
	ok "make run with nothing changed replays the run that passed, with its verdict"
else
	not_ok "make run with nothing changed: status $rc, no replay"
	tail -n 20 "$check_dir/replays.out" | sed 's/^/# /'
fi
tap_done
