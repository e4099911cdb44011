#!/bin/sh
# Differential run: the same test_progs binary on
#   patched    6.1 with the series             expected: all PASS
#   unpatched  6.1 base, same config           expected: tests/expected-unpatched
#                                              PASS, every other subtest FAIL
#   mainline   Debian's 6.12, same fragment    expected: all PASS
#   native     this machine's kernel, if >= 6.5 and we are root: all PASS
# and on the patched kernel cross-built for each arch of the matrix
# (mk/arches.mk; ARCHES narrows it), with that arch's own build of the
# same test_progs sources: all PASS. One table of subtest by kernel
# ($RESULTS/conformance/table.txt).
# One TAP test per subtest: every kernel gave its expected result.
# In the same boots (never natively: they change sysctls and unmount
# debugfs) guest/upstream-suite runs 6.1's own tests that pin and get,
# which must pass on all three kernels, bpftool's metadata script, and
# tests/lsm/lsm_mknod: a pin outside BPF FS fails with EPERM everywhere,
# and the path_mknod LSM hook sees it only on the unpatched kernel. On
# another arch, the upstream tests that run there pass, and the cells of
# the others, and of the two x86_64-only rows, are "-" (not built there;
# mk/arches.mk says why). ($RESULTS/conformance/upstream.txt)
# Each guest run must end with vmrun status 0: a kernel report in its
# console fails it.
#   checks/conformance.sh [PATCHED_BZIMAGE UNPATCHED_BZIMAGE MAINLINE_BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"

[ $# = 0 ] || [ $# = 3 ] || die "usage: $me [PATCHED_BZIMAGE UNPATCHED_BZIMAGE MAINLINE_BZIMAGE]"
[ $# = 3 ] || set -- "$BZ_PATCHED" "$BZ_BASE" "$BZ_612"
for k in "$@"; do
	[ -f "$k" ] || die "$k is missing (make kernel kernel-base kernel-6.12)"
done
tap_init conformance
out=$check_dir
tp=$TPOUT/test_progs
old=$(sed 's/#.*//' "$TOP/tests/expected-unpatched" | tr -s ' \t' '\n' | grep . || true)

up=$(upstream_tests)
arches=$(cross_arches) || die "cannot read the arch matrix (mk/arches.mk)"
commas() { echo "$*" | tr ' ' ,; }
# One boot of column COL: the project's tests, then guest/upstream-suite
# with the upstream tests TESTS. test_progs' exit status must be 0 where
# every test is expected to pass: the project's tests but on the
# unpatched kernel, the upstream ones but on mainline (known-FAILs).
guest() { # col tests vmrun-option...
	col=$1
	tests=$2
	shift 2
	rc=0
	"$TOP/scripts/vmrun" "$@" -l "$out/$col.log" -t 900 -- sh -c \
		'part project test_progs -t "$1"; upstream-suite "$2"' \
		sh "$TP_TESTS" "$(commas "$tests")" >/dev/null 2>>"$out/runner.err" || rc=$?
	tap_run_status "$rc" "conformance: the $col kernel" "$out/$col.log"
	p=$(guest_status "$out/$col.log" project)
	u=$(guest_status "$out/$col.log" upstream)
	[ "$col" != unpatched ] || p="${p:+0}"
	[ "$col" != mainline ] || u="${u:+0}"
	if [ "$p" = 0 ] && [ "$u" = 0 ]; then
		ok "conformance: the $col kernel: test_progs exited 0 where all must pass"
	else
		not_ok "conformance: the $col kernel: test_progs exit statuses ${p:-missing} (project), ${u:-missing} (upstream)"
	fi
}
x86="patched unpatched mainline"
step "booting the $x86 kernels: $TP_TESTS, then $up"
guest patched "$up" -k "$1"
guest unpatched "$up" -k "$2"
guest mainline "$up" -k "$3"
kernels=$x86
# the arch's upstream tests, for each arch: "arch test test ..."
: > "$out/arch-tests"
for a in $arches; do
	a_up=$(upstream_tests "$a")
	echo "$a $a_up" >> "$out/arch-tests"
	step "booting the patched kernel on $a: $TP_TESTS, then $a_up"
	guest "$a" "$a_up" -A "$a"
done

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
kernels="$kernels $arches"

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
# the unpatched kernel refuses BPF_F_PATH_FD: the failing assertion shows -EINVAL
msg='-22'

# Each subtest is either a regression check (tests/expected-unpatched:
# it passes without the series too) or evidence of the feature (it must
# fail without the series); the table says which, and both are checked.
kind() { # subtest
	if echo "$old" | grep -qx "$1"; then echo regression; else echo evidence; fi
}
{
	printf '%-46s %-10s' subtest kind
	for k in $kernels; do printf ' %-10s' "$k"; done
	echo
	for n in $(subtest_names); do
		printf '%-46s %-10s' "$n" "$(kind "$n")"
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
# "kernel=cell" for each cell, so that a failing row names its columns
named() { # cells...
	for k in $kernels; do
		printf ' %s=%s' "$k" "$1"
		shift
	done
}
# shellcheck disable=SC2086 # the cells, one word each
tail -n +2 "$out/table.txt" | while read -r n kd cells; do
	case $cells in
	*!*) echo "not ok - conformance $n ($kd):$(named $cells)" ;;
	*) echo "ok - conformance $n ($kd) as expected on $kernels" ;;
	esac
done > "$out/rows"

# The upstream rows: the guest kernels only.
gk="$x86 $arches"
runs_on() { # kernel test
	case " $x86 " in *" $1 "*) return 0 ;; esac
	grep -q "^$1 \(.* \)\{0,1\}$2\( \|$\)" "$out/arch-tests"
}
# 6.1's tests that fail on 6.12 for reasons of their own, with why
known=$(sed -e '/^#/d' -e '/^$/d' -e 's/\t.*//' "$TOP/tests/expected-upstream-mainline")
# a test's own result line, "#N name:OK" with nothing skipped; on the
# mainline kernel a test with known failures may fail in those only
upstream_cell() { # kernel log test
	if ! runs_on "$1" "$3"; then echo -; return; fi
	want=
	[ "$1" != mainline ] || want=$(echo "$known" | grep "^$3/" | sort || true)
	if [ -z "$want" ]; then
		if grep -qE "^#[0-9]+ +$3:OK$" "$2"; then echo PASS
		else r=$(sed -n -E "s/^#[0-9]+ +$3:([A-Z]+).*/\\1/p" "$2" | tail -n 1); echo "${r:-MISSING}!"
		fi
		return
	fi
	# The listed subtests may fail (btf/BTF ID is a race there); any
	# other failing subtest is a regression.
	got=$(sed -n -E "s/^#[0-9]+\\/[0-9]+ +($3\\/.*):FAIL$/\\1/p" "$2" | sort -u)
	if grep -qE "^#[0-9]+ +$3:OK$" "$2"; then echo PASS
	elif grep -qE "^#[0-9]+ +$3:FAIL$" "$2" && [ -n "$got" ] &&
	     [ -z "$(echo "$got" | grep -vxF "$want")" ]; then echo known-FAIL
	else echo "FAIL:other!"
	fi
}
{
	printf '%-46s' upstream
	for k in $gk; do printf ' %-10s' "$k"; done
	echo
	for t in $up; do
		printf '%-46s' "$t"
		for k in $gk; do
			printf ' %-10s' "$(upstream_cell "$k" "$out/$k.log" "$t")"
		done
		echo
	done
	printf '%-46s' test_bpftool_metadata.sh
	for k in $gk; do
		if ! runs_on "$k" test_bpftool_metadata.sh; then
			printf ' %-10s' -
		elif [ "$(guest_status "$out/$k.log" bpftool_metadata)" = 0 ] &&
		   grep -q '^selftests: bpftool_metadata \[PASS\]' "$out/$k.log"; then
			printf ' %-10s' PASS
		else
			printf ' %-10s' "FAIL!"
		fi
	done
	echo
	# path_mknod's calls for a pin outside BPF FS: none with patch 1
	# (mainline has it as e7d85427ef89), one without it
	printf '%-46s' lsm_path_mknod_on_pin_outside_bpffs
	for k in $gk; do
		if ! runs_on "$k" lsm_mknod; then
			printf ' %-10s' -
			continue
		fi
		calls=$(sed -n 's/^lsm_mknod: control [1-9][0-9]* pin-errno EPERM pin-calls \([0-9]*\)$/\1/p' \
			"$out/$k.log" | tail -n 1)
		if [ "$(guest_status "$out/$k.log" lsm_mknod)" != 0 ] || [ -z "$calls" ]; then
			r="FAIL!"
		elif [ "$calls" = 0 ]; then
			r=not-called
		else
			r=called
		fi
		want=not-called
		[ "$k" != unpatched ] || want=called
		[ "$r" = "$want" ] || r="${r%!}!"
		printf ' %-10s' "$r"
	done
	echo
} > "$out/upstream.txt"
cat "$out/upstream.txt" >&2
echo "upstream: 6.1's tests pass on both 6.1 kernels; on 6.12 only the subtests of" \
	"tests/expected-upstream-mainline may fail (known-FAIL); the LSM hook sees the refused pin only without patch 1;" \
	"- is a test not built for that arch (mk/arches.mk)" >&2
# a row's kernels that ran its test (its cells other than -)
ran_on() { # cells...
	for k in $gk; do
		[ "$1" = - ] || printf ' %s' "$k"
		shift
	done
}
# shellcheck disable=SC2086 # ran_on takes the cells, one word each
tail -n +2 "$out/upstream.txt" | while read -r n cells; do
	case $cells in
	*!*) echo "not ok - conformance upstream $n: $cells" ;;
	*) echo "ok - conformance upstream $n as expected on$(ran_on $cells)" ;;
	esac
done >> "$out/rows"
tap_from "$out/rows"
[ "$(grep -c . "$out/rows")" = "$(($(subtest_names | grep -c .) + $(echo $up | wc -w) + 2))" ] ||
	not_ok "conformance: rows missing"
# a stale entry would mark nothing and pass silently
subtest_names > "$out/subtests"
for n in $old; do
	grep -qx "$n" "$out/subtests" ||
		not_ok "conformance: tests/expected-unpatched names $n, which no test declares"
done
tap_done
