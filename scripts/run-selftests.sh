#!/bin/sh
# make's main job, after the builds: the project's selftests in the VM
# on the patched kernel (scripts/checks/selftests.sh), ending with a
# verdict line of its own. A run that passed is printed again instead
# of booting while nothing that chose how it ran has changed (the
# kernel, the initramfs, the scripts, ACCEL, VMRUN_TIMEOUT), and this
# says so; RERUN=1 boots anyway. A run that failed is never replayed:
# the next make boots again. make check always boots (its selftests
# check).
#   run-selftests.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/lib.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

kernel=${1:-$BZ_PATCHED}
kept=$RESULTS/run
# a key of its own for each results folder (the tooling's tests use one)
name=run/$(echo "$kept" | tr / _)
[ -f "$kernel" ] || die "kernel $kernel not found (make kernel)"
key=$(key_of -s "accel=${ACCEL:-tcg} timeout=${VMRUN_TIMEOUT:-}" "$kernel" "$INITRAMFS" \
	"$TOP/scripts/checks/selftests.sh" "$TOP/scripts/vmrun" "$TOP/scripts/splat-scan" \
	"$TOP/scripts/lib" "$TOP/scripts/lib.sh")

# The verdict, after the TAP: what passed, in words that do not read as
# test_progs' own "Summary: TESTS/SUBTESTS".
verdict() { # status tap
	n_ok=$(grep -c '^ok ' "$2" || true)
	n_bad=$(grep -c '^not ok ' "$2" || true)
	if [ "$1" = 0 ]; then
		echo "make: PASS: all $n_ok checks of the selftests run passed on the patched kernel (build/results/selftests/)"
	else
		echo "make: FAIL: $n_bad of $((n_ok + n_bad)) checks of the selftests run failed (the 'not ok' lines above; files in build/results/selftests/)"
	fi
}

if [ -z "${RERUN:-}" ] && key_fresh "$name" "$key" && [ -f "$kept/out" ]; then
	step "nothing changed since the run of $(key_time "$name"), which passed: its result follows (RERUN=1 boots again)"
	cat "$kept/out"
	verdict 0 "$kept/out"
	exit 0
fi
mkdir -p "$kept"
key_forget "$name"
rc=0
CHECK_NAME=selftests "$TOP/scripts/checks/selftests.sh" "$kernel" > "$kept/out" || rc=$?
cat "$kept/out"
verdict "$rc" "$kept/out"
[ "$rc" != 0 ] || key_record "$name" "$key"
exit "$rc"
