# shellcheck shell=sh
# The conformance check's results (scripts/checks/conformance.sh), made
# from the console logs of its boots, OUT/KERNEL.log. The check makes the
# table and the TAP from the rows these print.

# conformance_init OUT OLD KERNELS GUEST_KERNELS X86 UPSTREAM: OUT the
# check's directory, OLD the subtests of tests/expected-unpatched, then
# the columns of the subtests' rows, the guest kernels (the columns of
# the upstream rows), the x86_64 ones among them and 6.1's tests.
conformance_init() {
	out=$1 old=$2 kernels=$3 gk=$4 x86=$5 up=$6
}

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
# The results of the project's subtests: "SUBTEST KIND CELL..." a line,
# a cell per kernel of $kernels, from $out/KERNEL.log.
subtest_rows() {
	for n in $(subtest_names); do
		printf '%s %s' "$n" "$(kind "$n")"
		for k in $kernels; do
			r=$(subtest_result "$out/$k.log" "$n")
			want=$(expect "$k" "$n")
			if [ "$want" = PASS ] && [ "$r" = OK ]; then
				printf ' PASS'
			elif [ "$want" = FAIL ] && failed_because "$out/$k.log" "$n" "$msg"; then
				printf ' FAIL'
			else
				[ "$r" = FAIL ] && [ "$want" = FAIL ] && r="FAIL:why"
				printf ' %s' "$r!"
			fi
		done
		echo
	done
}

runs_on() { # kernel test
	case " $x86 " in *" $1 "*) return 0 ;; esac
	grep -q "^$1 \(.* \)\{0,1\}$2\( \|$\)" "$out/arch-tests"
}
# 6.1's tests that fail on 6.12 for reasons of their own, with why
known=$(sed -e '/^#/d' -e '/^$/d' -e 's/\t.*//' "$TOP/tests/expected-upstream-6.12")
# a test's own result line, "#N name:OK" with nothing skipped; on the
# mainline kernel a test with known failures may fail in those only
upstream_cell() { # kernel log test
	if ! runs_on "$1" "$3"; then echo -; return; fi
	want=
	[ "$1" != 6.12 ] || want=$(echo "$known" | grep "^$3/" | sort || true)
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
# The results of 6.1's own tests and the two x86_64-only rows:
# "TEST CELL..." a line, a cell per kernel of $gk (the guest kernels).
upstream_rows() {
	for t in $up; do
		printf '%s' "$t"
		for k in $gk; do
			printf ' %s' "$(upstream_cell "$k" "$out/$k.log" "$t")"
		done
		echo
	done
	printf '%s' test_bpftool_metadata.sh
	for k in $gk; do
		if ! runs_on "$k" test_bpftool_metadata.sh; then
			printf ' %s' -
		elif [ "$(guest_status "$out/$k.log" bpftool_metadata)" = 0 ] &&
		   grep -q '^selftests: bpftool_metadata \[PASS\]' "$out/$k.log"; then
			printf ' %s' PASS
		else
			printf ' %s' "FAIL!"
		fi
	done
	echo
	# path_mknod's calls for a pin outside BPF FS: none with patch 1
	# (mainline has it as e7d85427ef89), one without it
	printf '%s' lsm_path_mknod_on_pin_outside_bpffs
	for k in $gk; do
		if ! runs_on "$k" lsm_mknod; then
			printf ' %s' -
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
		printf ' %s' "$r"
	done
	echo
}
