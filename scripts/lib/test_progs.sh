# shellcheck shell=sh
# test_progs: the project's test lists, subtest names and results, and
# their TAP. Sourced after scripts/lib.sh.
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

# The project's test_progs tests (PROJECT_TESTS of mk/tests.mk), in the
# form test_progs -t takes.
TP_TESTS=$(echo "$PROJECT_TESTS" | tr ' ' ,)
[ -n "$TP_TESTS" ] || die "PROJECT_TESTS of mk/tests.mk is empty"
# 6.1's own tests that pin and get, as mk/tests.mk lists them; with an
# arch of the matrix, those that run there (mk/arches.mk)
upstream_tests() { # [arch]
	if [ -n "${1:-}" ]; then eval "echo \$UPSTREAM_$1"; else echo "$UPSTREAM_TESTS"; fi
}
# The matrix's arches besides x86_64 (mk/arches.mk), as ARCHES narrows it
# (make exports CROSS_ARCHES; a script run alone gets the file's).
cross_arches() {
	echo "$CROSS_ARCHES"
}

# Every subtest, as "test/subtest", that the sources of the TP_TESTS in
# the series tree ($KSRC) declare: by test__start_subtest("name") or in
# a table of { "name", test_fn } entries.
subtest_names() {
	for t in $(echo "$TP_TESTS" | tr , ' '); do
		f=$TOP/tests/prog_tests/$t.c
		[ -f "$f" ] || f=$KSRC/tools/testing/selftests/bpf/prog_tests/$t.c
		[ -f "$f" ] || die "$t.c is in neither tests/prog_tests nor the tree's prog_tests"
		sed -n -e 's/.*test__start_subtest("\([a-z0-9_-]*\)").*/\1/p' \
		       -e 's/^\t{ "\([a-z0-9_-]*\)", test_[a-z0-9_]* },$/\1/p' \
			"$f" | sed "s|^|$t/|"
	done
}

# Result of subtest $2 ("test/subtest") in test_progs log $1: OK, FAIL,
# SKIP or MISSING.
subtest_result() {
	[ -f "$1" ] || { echo MISSING; return; }
	r=$(sed -n "s|^#[0-9]*/[0-9]* *$2:\([A-Z]*\).*|\1|p" "$1" | tail -n 1)
	echo "${r:-MISSING}"
}

# TAP for a test_progs run of $TP_TESTS whose output is in LOG and whose
# runner exited STATUS: one test per subtest the sources declare (a
# skipped or missing one fails), then one for the run, which must exit 0
# with nothing skipped or failed. PREFIX goes before each test's name.
tap_test_progs() { # log status [prefix]
	for n in $(subtest_names); do
		r=$(subtest_result "$1" "$n")
		if [ "$r" = OK ]; then ok "${3:-}$n"; else not_ok "${3:-}$n: $r"; fi
	done
	summary=$(grep -s '^Summary:' "$1" || true)
	echo "${summary:-test_progs printed no summary}" >&2
	if [ "$2" = 0 ] && echo "$summary" | grep -q ' 0 SKIPPED, 0 FAILED$'; then
		ok "${3:-}test_progs run: $summary"
	else
		not_ok "${3:-}test_progs run (runner status $2): ${summary:-no summary}; log: $1"
	fi
}
