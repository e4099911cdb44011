#!/bin/sh
# make's main job, after the builds: the project's selftests in the VM
# on the patched kernel (scripts/checks/selftests.sh), ending with
# test_progs' summary. When the kernel, the initramfs and the scripts
# that run them are the same as for the last run, that run's result is
# printed again instead of booting (make's rule: nothing changed,
# nothing to do), and this says so; RERUN=1 boots anyway. make check
# always boots (its selftests check).
#   run-selftests.sh [BZIMAGE]
set -eu
. "$(dirname "$0")/lib.sh"

kernel=${1:-$BZ_PATCHED}
kept=$RESULTS/run
key=$(for f in "$kernel" "$INITRAMFS" "$TOP/scripts/checks/selftests.sh" "$TOP/scripts/vmrun" \
		"$TOP/scripts/lib/test_progs.sh" "$TOP/scripts/lib/tap.sh"; do
	sha256sum < "$f" || die "$f is missing"
done | sha256sum | cut -d' ' -f1)
if [ -z "${RERUN:-}" ] && [ -f "$kept/key" ] && [ "$(cat "$kept/key")" = "$key" ]; then
	step "nothing changed since the run of $(date -r "$kept/key" '+%F %T'): its result follows (RERUN=1 boots again)"
	cat "$kept/out"
	exit "$(cat "$kept/status")"
fi
mkdir -p "$kept"
rm -f "$kept/key"
rc=0
"$TOP/scripts/checks/selftests.sh" "$kernel" > "$kept/out" || rc=$?
cat "$kept/out"
echo "$rc" > "$kept/status"
echo "$key" > "$kept/key"
exit "$rc"
