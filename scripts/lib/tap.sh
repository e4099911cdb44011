# shellcheck shell=sh
# TAP for the checks: tap_init, ok, not_ok, skip, tap_from, tap_done,
# expect_status. Sourced after scripts/lib.sh, which it needs.

# A check (scripts/checks/, tests/tooling/) reports in TAP on stdout and
# keeps its files in $RESULTS/<check>/: tap_init, then one ok, not_ok or
# skip per test, then tap_done, which prints the plan and fails if any
# test failed. A skip is never a pass. The check's name is the one its
# entry in mk/checks.mk gives it, which the runner passes as CHECK_NAME;
# run by hand, a check is named after its script. tap_init consumes
# CHECK_NAME, so that a check script run by a check names itself. A
# script that reports in TAP but is no check names its folder:
# tap_init NAME.
tap_init() {
	check_dir=$RESULTS/${1:-${CHECK_NAME:-$(basename "$0" .sh)}}
	unset CHECK_NAME
	rm -rf "$check_dir"
	mkdir -p "$check_dir"
	tap_n=0
	tap_bad=0
}
tap_line() { echo "$*" | tee -a "$check_dir/result.tap"; }
ok() { tap_n=$((tap_n + 1)); tap_line "ok $tap_n - $*"; }
not_ok() { tap_n=$((tap_n + 1)); tap_bad=$((tap_bad + 1)); tap_line "not ok $tap_n - $*"; }
skip() { tap_n=$((tap_n + 1)); tap_line "ok $tap_n - # SKIP $*"; }
# ok or not_ok for each line "ok - TEXT" or "not ok - TEXT" of file $1.
tap_from() {
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok "${line#ok - }" ;;
		"not ok - "*) not_ok "${line#not ok - }" ;;
		esac
	done < "$1"
}
tap_done() {
	tap_line "1..$tap_n"
	[ "$tap_bad" = 0 ]
}
# ok or not_ok: the command's exit status is $1. Its output is kept in
# $check_dir/last.out and shown when it is not.
#   expect_status STATUS DESCRIPTION COMMAND...
expect_status() {
	want=$1
	what=$2
	shift 2
	got=0
	"$@" > "$check_dir/last.out" 2>&1 || got=$?
	if [ "$got" = "$want" ]; then
		ok "$what"
	else
		not_ok "$what: exit status $got, not $want"
		sed 's/^/# /' "$check_dir/last.out" | tail -n 20
	fi
}
# A table for people, from a check's results: a header line of the
# given column names, then each line of the results file ("NAME
# CELL..."), the first column WIDTH wide, the others 10. A check writes
# its results first and makes both its table and its TAP from them.
#   render_table RESULTS WIDTH COLUMN...
render_table() {
	rt_file=$1
	rt_width=$2
	shift 2
	{
		printf "%-${rt_width}s" "$1"
		shift
		printf ' %-10s' "$@"
		echo
		while read -r rt_name rt_cells; do
			printf "%-${rt_width}s" "$rt_name"
			# shellcheck disable=SC2086 # the cells, one word each
			printf ' %-10s' $rt_cells
			echo
		done < "$rt_file"
	}
}
