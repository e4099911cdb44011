#!/bin/sh
# The errno table of docs/pinning-relative.md, executed. Each row of the
# tables under its "## Errors" names its errno (or "none": the call
# succeeds) and the case of tests/errno_cases.c that makes its calls;
# errno_cases prints what each case got and knows nothing of the table.
# The rows of "## Errors" run on the patched kernel (one boot, every
# case) and natively when scripts/native-probe says the host kernel
# can (a private mount and network namespace with a BPF FS of its own);
# those of its "### On a kernel without the feature" run on the
# unpatched 6.1 (a second boot). One TAP test per row and kernel: the
# case gave the row's errno. A row whose case errno_cases does not know
# fails, and so does a case that no row names. A case may skip natively
# only (the host refuses a BPF LSM program, or fs.file-max is the
# host's), never in a guest.
# Then the check shows it can fail: a copy of the doc with one errno
# changed and one case renamed, read against the same results, must
# fail on both.
# Files in $RESULTS/errno-table/: rows (the table as read), patched.txt,
# unpatched.txt, native.txt (each case's result), the console logs.
#   checks/errno-table.sh [PATCHED_BZIMAGE UNPATCHED_BZIMAGE]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/guest.sh
. "$TOP/scripts/lib/guest.sh"

[ $# = 0 ] || [ $# = 2 ] || die "usage: $me [PATCHED_BZIMAGE UNPATCHED_BZIMAGE]"
[ $# != 0 ] || set -- "$BZ_PATCHED" "$BZ_BASE"
for k in "$@"; do
	[ -f "$k" ] || die "$k is missing (make kernel kernel-base)"
done
doc=$TOP/docs/pinning-relative.md
cases=$TESTS_BIN/errno_cases
[ -x "$cases" ] || die "$cases is missing (make initramfs)"
tap_init
out=$check_dir

# The rows of DOC's tables under "## Errors", one a line:
#   KERNELS WANT CASE LINE
# KERNELS: "feature" under "## Errors", "nofeature" under its "### On a
# kernel without the feature", "unknown" under another heading; WANT:
# the first `E...` of the errno cell, OK for "none", "?" for neither;
# CASE: the NAME of `errno_cases/NAME` in the last cell, "-" if none.
table_rows() { # doc
	awk '
	/^## / { sec = $0 == "## Errors" ? "feature" : ""; prev = ""; next }
	/^### / && sec != "" {
		sec = $0 == "### On a kernel without the feature" ? "nofeature" : "unknown"
		next
	}
	sec == "" { next }
	/^\|/ && prev !~ /^\|/ { prev = $0; next }	# a header
	/^\|[-| :]*$/ { prev = $0; next }		# its rule
	/^\|/ {
		n = split($0, cell, "|")
		want = "?"
		if (match(cell[2], /`E[A-Z0-9]+`/))
			want = substr(cell[2], RSTART + 1, RLENGTH - 2)
		else if (cell[2] ~ /^[ `]*none[ `]*$/)
			want = "OK"
		name = "-"
		if (match(cell[n - 1], /`errno_cases\/[a-z0-9_]+`/))
			name = substr(cell[n - 1], RSTART + 13, RLENGTH - 14)
		print sec, want, name, NR
	}
	{ prev = $0 }
	' "$1"
}

# The result of case $2 in results file $1 ("NAME RESULT..." lines).
result() { # file case
	sed -n "s/^$2 //p" "$1" | tail -n 1
}

# Compare the rows of file $1 with the results; one line per finding:
# "ok - TEXT", "not ok - TEXT" or "skip - REASON".
compare() { # rows
	while read -r kernels want name line; do
		where="line $line, errno_cases/$name"
		if [ "$name" = - ]; then
			echo "not ok - errno-table: the row at line $line names no errno_cases case"
			continue
		fi
		if ! grep -qx "$name" "$out/cases"; then
			echo "not ok - errno-table: the row at line $line names errno_cases/$name, which errno_cases does not know"
			continue
		fi
		case $kernels in
		feature) envs="patched native" ;;
		nofeature) envs=unpatched ;;
		*)
			echo "not ok - errno-table: the row at line $line is under a heading the check does not know"
			continue ;;
		esac
		if [ "$want" = "?" ]; then
			echo "not ok - errno-table: the row at line $line has no errno (\`E...\`) or none in its first cell"
			continue
		fi
		for env in $envs; do
			if [ "$env" = native ] && [ -n "$native_skip" ]; then
				echo "skip - errno-table native: $where: $native_skip"
				continue
			fi
			got=$(result "$out/$env.txt" "$name")
			case $got in
			"$want") echo "ok - errno-table $env: $where: $want" ;;
			"SKIP "*)
				if [ "$env" = native ]; then
					echo "skip - errno-table native: $where: ${got#SKIP }"
				else
					echo "not ok - errno-table $env: $where: skipped in the guest: ${got#SKIP }"
				fi ;;
			"") echo "not ok - errno-table $env: $where: no result (see $out/$env.*)" ;;
			*) echo "not ok - errno-table $env: $where: got $got, the doc says $want" ;;
			esac
		done
	done < "$1"
	while read -r name; do
		awk -v n="$name" '$3 == n { found = 1 } END { exit !found }' "$1" ||
			echo "not ok - errno-table: errno_cases/$name is named by no row of the table"
	done < "$out/cases"
}

"$cases" list > "$out/cases"
table_rows "$doc" > "$out/rows"
[ -s "$out/rows" ] || die "no table rows under \"## Errors\" in $doc"
# the cases of the rows for a kernel without the feature, one a word
old_cases=$(awk '$1 == "nofeature" { print $3 }' "$out/rows" | sort -u | tr '\n' ' ')

# Each guest run: its console log, and the result lines of the cases.
guest() { # name kernel errno_cases-arguments...
	g=$1
	k=$2
	shift 2
	step "booting the $g kernel: errno_cases $*"
	rc=0
	"$TOP/scripts/vmrun" -k "$k" -l "$out/$g.log" -- errno_cases -s "$@" \
		>/dev/null 2>>"$out/vmrun.err" || rc=$?
	tap_run_status "$rc" "errno-table $g" "$out/$g.log"
	while read -r name; do
		r=$(result "$out/$g.log" "$name")
		[ -z "$r" ] || echo "$name $r"
	done < "$out/cases" > "$out/$g.txt"
}
guest patched "$1" run-all
# shellcheck disable=SC2086 # the case names, one word each
guest unpatched "$2" run $old_cases

native_skip=
if "$TOP/scripts/native-probe" 2>"$out/native.err"; then
	step "running errno_cases natively on $(uname -r)"
	(cd /tmp && unshare -m -n sh -c 'mount --make-rprivate / &&
		mount -t bpf bpf /sys/fs/bpf && exec "$0" run-all' "$cases") \
		> "$out/native.txt" 2>>"$out/native.err" || true
else
	native_skip=$(cat "$out/native.err")
	: > "$out/native.txt"
fi

# In the guest every case runs, those of no row for it included.
bad=$(awk '$2 == "SKIP" || $2 == "ERROR" { print $1 }' "$out/patched.txt" | tr '\n' ' ')
if [ "$(grep -c . "$out/patched.txt")" = "$(grep -c . "$out/cases")" ] && [ -z "$bad" ]; then
	ok "errno-table patched: all $(grep -c . "$out/cases") cases ran"
else
	not_ok "errno-table patched: not every case ran: ${bad:-some gave no result} ($out/patched.txt)"
fi
compare "$out/rows" > "$out/compare.out"
while IFS= read -r line; do
	case $line in
	"ok - "*) ok "${line#ok - }" ;;
	"not ok - "*) not_ok "${line#not ok - }" ;;
	"skip - "*) skip "${line#skip - }" ;;
	esac
done < "$out/compare.out"

# Can it fail? The first row with an errno gets another errno, and the
# case of another row, the only one that names it, is renamed, in a copy
# of the doc.
read -r bad_line bad_errno <<EOF
$(awk '$1 == "feature" && $2 ~ /^E/ { print $4, $2; exit }' "$out/rows")
EOF
other=EINVAL
[ "$bad_errno" != EINVAL ] || other=ENOENT
read -r ren_line ren_case <<EOF
$(awk -v bad="$bad_line" 'NR == FNR { n[$3]++; next }
	n[$3] == 1 && $4 != bad && $3 != "-" { print $4, $3; exit }' "$out/rows" "$out/rows")
EOF
if [ -z "$bad_line" ] || [ -z "$ren_case" ]; then
	die "no row to change in a copy of $doc: a row with an errno, and a case that one other row alone names"
fi
sed -e "${bad_line}s/\`$bad_errno\`/\`$other\`/" \
	-e "${ren_line}s|errno_cases/$ren_case\`|errno_cases/${ren_case}_renamed\`|" \
	"$doc" > "$out/mutant.md"
table_rows "$out/mutant.md" > "$out/mutant.rows"
compare "$out/mutant.rows" > "$out/mutant.out"
if grep -q "^not ok - errno-table patched: line $bad_line, .*: got $bad_errno, the doc says $other$" "$out/mutant.out" &&
   grep -q "^not ok - errno-table: the row at line $ren_line names errno_cases/${ren_case}_renamed, which errno_cases does not know$" "$out/mutant.out" &&
   grep -q "^not ok - errno-table: errno_cases/$ren_case is named by no row of the table$" "$out/mutant.out"; then
	ok "errno-table fails on a copy of the doc with line $bad_line's $bad_errno made $other and errno_cases/$ren_case renamed"
else
	not_ok "errno-table does not fail as it should on $out/mutant.md (line $bad_line's $bad_errno made $other, errno_cases/$ren_case renamed): $out/mutant.out"
fi
tap_done
