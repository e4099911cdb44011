#!/bin/sh
# Differential run: the same test_progs binary on
#   patched    6.1 with the series             expected: all PASS
#   unpatched  6.1 base, same config           expected: tests/expected-unpatched
#                                              PASS, every other subtest FAIL
#   mainline   Debian's 6.12, same fragment    expected: all PASS
#   native     this machine's kernel, if >= 6.5 and we are root: all PASS
# and one table of subtest by kernel ($RESULTS/conformance/table.txt).
# One TAP test per subtest: every kernel gave its expected result.
#   checks/conformance.sh [PATCHED_BZIMAGE UNPATCHED_BZIMAGE MAINLINE_BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"

[ $# = 0 ] || [ $# = 3 ] || die "usage: $me [PATCHED_BZIMAGE UNPATCHED_BZIMAGE MAINLINE_BZIMAGE]"
[ $# = 3 ] || set -- "$BZ_PATCHED" "$BZ_BASE" "$BZ_612"
for k in "$@"; do
	[ -f "$k" ] || die "$k is missing (make kernel kernel-base kernel-6.12)"
done
tap_init conformance
out=$check_dir
tp=$TPOUT/test_progs
old=$(sed 's/#.*//' "$TOP/tests/expected-unpatched" | tr -s ' \t' '\n' | grep . || true)

"$TOP/scripts/vmrun" -k "$1" -l "$out/patched.log" -- test_progs -t "$TP_TESTS" >/dev/null 2>&1 || true
"$TOP/scripts/vmrun" -k "$2" -l "$out/unpatched.log" -- test_progs -t "$TP_TESTS" >/dev/null 2>&1 || true
"$TOP/scripts/vmrun" -k "$3" -l "$out/mainline.log" -- test_progs -t "$TP_TESTS" >/dev/null 2>&1 || true
kernels="patched unpatched mainline"

# Natively: a private mount namespace with its own BPF FS (the cgroup2
# mount of the link subtest's cgroup helpers stays in it too), and a
# private network namespace, so nothing a test attaches reaches the host's.
host=$(uname -r)
if [ "$(id -u)" = 0 ] && host_has_path_fd; then
	(cd /tmp && unshare -m -n sh -c 'mount --make-rprivate / &&
		mount -t bpf bpf /sys/fs/bpf && exec "$0" -t "$1"' "$tp" "$TP_TESTS") \
		> "$out/native.log" 2>&1 || true
	kernels="$kernels native"
else
	echo "native: not run (host kernel $host < 6.5, or not root)" > "$out/native.log"
	step "native column left out: host kernel $host < 6.5 or not root"
fi

expect() { # kernel subtest
	if [ "$1" = unpatched ] && ! echo "$old" | grep -qx "$2"; then
		echo FAIL
	else
		echo PASS
	fi
}

# True if subtest $2 failed in log $1 with message $3 in its own output,
# the lines between the previous result line and its own. A subtest that
# is missing, skipped or fails for another reason is not the expected FAIL.
failed_because() {
	awk -v n="$2:FAIL" -v m="$3" '
		/^#[0-9]+(\/[0-9]+)? / { if ($2 == n) { ok = seen; exit } seen = 0; next }
		index($0, m) { seen = 1 }
		END { exit !ok }' "$1"
}
msg='kernel supports BPF_F_PATH_FD (Linux 6.5+)'

{
	printf '%-46s' subtest
	for k in $kernels; do printf ' %-10s' "$k"; done
	echo
	for n in $(subtest_names); do
		printf '%-46s' "$n"
		for k in $kernels; do
			r=$(subtest_result "$out/$k.log" "$n")
			want=$(expect "$k" "$n")
			if [ "$want" = PASS ] && [ "$r" = OK ]; then
				printf ' %-10s' PASS
			elif [ "$want" = FAIL ] && failed_because "$out/$k.log" "$n" "$msg"; then
				printf ' %-10s' FAIL
			else
				[ "$r" = FAIL ] && [ "$want" = FAIL ] && r="FAIL:why"
				printf ' %-10s' "$r!"
			fi
		done
		echo
	done
} > "$out/table.txt"
cat "$out/table.txt" >&2
echo "unpatched: an expected FAIL must fail with '$msg' ('FAIL:why!' if not)" >&2
# A cell marked ! differs from its expected value.
tail -n +2 "$out/table.txt" | while read -r n cells; do
	case $cells in
	*!*) echo "not ok - conformance $n: $cells" ;;
	*) echo "ok - conformance $n as expected on $kernels" ;;
	esac
done > "$out/rows"
tap_from "$out/rows"
[ "$(grep -c . "$out/rows")" = "$(subtest_names | grep -c .)" ] || not_ok "conformance: rows missing"
tap_done
