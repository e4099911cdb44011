#!/bin/sh
# Differential run: the same test_progs binary on
#   patched    6.1 with the series             expected: all PASS
#   unpatched  6.1 base, same config           expected: tests/expected-unpatched
#                                              PASS, every other subtest FAIL
#   6.12       Debian's 6.12, same fragment    expected: all PASS
#              (when given: mk/kernels.mk's WITH_612)
#   native     this machine's kernel, if >= 6.5 and we are root: all PASS
# At least one of 6.12 and native must be there: the reference for
# mainline's semantics.
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
#   checks/conformance.sh [PATCHED_BZIMAGE UNPATCHED_BZIMAGE [MAINLINE_BZIMAGE]]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"
# shellcheck source=scripts/lib/test_progs.sh
. "$TOP/scripts/lib/test_progs.sh"
# shellcheck source=scripts/lib/conformance.sh
. "$TOP/scripts/lib/conformance.sh"

[ $# = 0 ] || [ $# = 2 ] || [ $# = 3 ] ||
	die "usage: $me [PATCHED_BZIMAGE UNPATCHED_BZIMAGE [MAINLINE_BZIMAGE]]"
# shellcheck disable=SC2086 # WITH_612 is 1 or empty
[ $# != 0 ] || set -- "$BZ_PATCHED" "$BZ_BASE" ${WITH_612:+"$BZ_612"}
for k in "$@"; do
	[ -f "$k" ] || die "$k is missing (make kernel kernel-base${3:+ kernel-6.12})"
done
tap_init
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
	"$TOP/scripts/vmrun" "$@" -l "$out/$col.log" -t 900 -- \
		conformance-suite "$TP_TESTS" "$(commas "$tests")" >/dev/null 2>>"$out/runner.err" || rc=$?
	tap_run_status "$rc" "conformance: the $col kernel" "$out/$col.log"
	p=$(guest_status "$out/$col.log" project)
	u=$(guest_status "$out/$col.log" upstream)
	[ "$col" != unpatched ] || p="${p:+0}"
	[ "$col" != 6.12 ] || u="${u:+0}"
	if [ "$p" = 0 ] && [ "$u" = 0 ]; then
		ok "conformance: the $col kernel: test_progs exited 0 where all must pass"
	else
		not_ok "conformance: the $col kernel: test_progs exit statuses ${p:-missing} (project), ${u:-missing} (upstream)"
	fi
}
x86="patched unpatched${3:+ 6.12}"
step "booting the $x86 kernels: $TP_TESTS, then $up"
guest patched "$up" -k "$1"
guest unpatched "$up" -k "$2"
[ $# != 3 ] || guest 6.12 "$up" -k "$3"
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
if "$TOP/scripts/native-probe"; then
	(cd /tmp && unshare -m -n sh -c 'mount --make-rprivate / &&
		mount -t bpf bpf /sys/fs/bpf && exec "$0" -t "$1"' "$tp" "$TP_TESTS") \
		> "$out/native.log" 2>&1 || true
	kernels="$kernels native"
else
	"$TOP/scripts/native-probe" > "$out/native.log" 2>&1 || true
	step "native column left out: $(cat "$out/native.log")"
fi
refs=
[ $# != 3 ] || refs="6.12"
case " $kernels " in *" native "*) refs="$refs${refs:+, }native ($host)" ;; esac
if [ -n "$refs" ]; then
	ok "conformance: kernels with mainline's BPF_F_PATH_FD are columns: $refs"
else
	not_ok "conformance: no column with mainline's BPF_F_PATH_FD: $(cat "$out/native.log"), and 6.12 was not given (make check WITH_612=1)"
fi
kernels="$kernels $arches"

conformance_init "$out" "$old" "$kernels" "$x86 $arches" "$x86" "$up"
subtest_rows > "$out/subtests.rows"
# (the kind column is the first of the cells)
# shellcheck disable=SC2086 # the kernels, one word each
render_table "$out/subtests.rows" 46 subtest kind $kernels > "$out/table.txt"
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
while read -r n kd cells; do
	case $cells in
	*!*) not_ok "conformance $n ($kd):$(named $cells)" ;;
	*) ok "conformance $n ($kd) as expected on $kernels" ;;
	esac
done < "$out/subtests.rows"

# The upstream rows: the guest kernels only.
upstream_rows > "$out/upstream.rows"
# shellcheck disable=SC2086 # the kernels, one word each
render_table "$out/upstream.rows" 46 upstream $gk > "$out/upstream.txt"
cat "$out/upstream.txt" >&2
echo "upstream: 6.1's tests pass on both 6.1 kernels; on 6.12 only the subtests of" \
	"tests/expected-upstream-6.12 may fail (known-FAIL); the LSM hook sees the refused pin only without patch 1;" \
	"- is a test not built for that arch (mk/arches.mk)" >&2
# a row's kernels that ran its test (its cells other than -)
ran_on() { # cells...
	for k in $gk; do
		[ "$1" = - ] || printf ' %s' "$k"
		shift
	done
}
# shellcheck disable=SC2086 # ran_on takes the cells, one word each
while read -r n cells; do
	case $cells in
	*!*) not_ok "conformance upstream $n: $cells" ;;
	*) ok "conformance upstream $n as expected on$(ran_on $cells)" ;;
	esac
done < "$out/upstream.rows"
[ "$(cat "$out/subtests.rows" "$out/upstream.rows" | grep -c .)" = "$(($(subtest_names | grep -c .) + $(echo $up | wc -w) + 2))" ] ||
	not_ok "conformance: rows missing"
# a stale entry would mark nothing and pass silently
subtest_names > "$out/subtests"
for n in $old; do
	grep -qx "$n" "$out/subtests" ||
		not_ok "conformance: tests/expected-unpatched names $n, which no test declares"
done
tap_done
