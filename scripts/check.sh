#!/bin/sh
# make check: run the checks and sum their TAP into the last line,
# "N passed, N failed, N skipped"; the status is non-zero on any failure.
# Each check is one script (scripts/checks/, tests/tooling/) that takes
# its inputs as arguments, reports in TAP on stdout and keeps its files
# in $RESULTS/<check>/. Their inputs (the kernels, the initramfs, the
# installed libbpf) are make targets that make check builds first.
#   check.sh [PATTERN...]   only the checks whose names match a pattern
#   check.sh --plan [PATTERN...]   print the plan and stop
# CHECK_JOBS (default 2) checks run at once; output comes in list order.
set -eu
. "$(dirname "$0")/lib.sh"

# The checks, "NAME COMMAND" a line, as mk/checks.mk defines them (make
# writes the list; ARCHES narrows its arch-A entries).
list=$BUILD/checks.list
[ -f "$list" ] || make -s --no-print-directory -C "$TOP" env >&2 ||
	die "make could not write $list"
[ -s "$list" ] || die "$list names no check"
checks() { cat "$list"; }
selected() {
	[ $# = 1 ] && return 0
	name=$1
	shift 1
	for pat in "$@"; do
		# shellcheck disable=SC2254 # the patterns are globs
		case $name in $pat) return 0 ;; esac
	done
	return 1
}

plan_only=
[ "${1:-}" != --plan ] || { plan_only=y; shift; }
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || :; rm -rf "$tmp"' EXIT
mkdir -p "$RESULTS"
jobs=${CHECK_JOBS:-2}

# Each check runs in the background, at most $jobs at once, and leaves
# its TAP, stderr, time and status in $tmp.
run_one() { # name command...
	name=$1
	shift
	start=$(date +%s)
	rc=0
	"$@" > "$tmp/$name.tap" 2> "$tmp/$name.err" < /dev/null || rc=$?
	echo $(($(date +%s) - start)) > "$tmp/$name.time"
	# kept beside the check's own files (tap_init made the directory,
	# unless the check died before it)
	mkdir -p "$RESULTS/$name"
	cp "$tmp/$name.err" "$RESULTS/$name/stderr.log"
	echo "$rc" > "$tmp/$name.rc"
	echo "==> check.sh: $name ended ($(cat "$tmp/$name.time") s, status $rc)" >&2
}
ended() { find "$tmp" -name '*.rc' | wc -l; }
checks > "$tmp/all"
while read -r name cmd; do
	selected "$name" "$@" && echo "$name"
done < "$tmp/all" > "$tmp/plan"
[ -s "$tmp/plan" ] || die "no check matches: $*"
echo "==> check.sh: plan: $(grep -c . "$tmp/plan") checks, $jobs at a time: $(tr '\n' ' ' < "$tmp/plan")" >&2
if [ -n "$plan_only" ]; then
	cat "$tmp/plan"
	exit 0
fi
started=0
while read -r name cmd; do
	selected "$name" "$@" || continue
	echo "$name" >> "$tmp/list"
	while [ $((started - $(ended))) -ge "$jobs" ]; do
		sleep 1
	done
	echo "==> check.sh: starting $name" >&2
	# shellcheck disable=SC2086 # the command line from the list
	run_one "$name" $cmd &
	started=$((started + 1))
done < "$tmp/all"
[ "$started" -gt 0 ] || die "no check matches: $*"
wait

passed=0
failed=0
skipped=0
# the sum of all checks' TAP (names of their own: lib/tap.sh's ok/skip
# are for a check's own tests)
sum_pass() { passed=$((passed + 1)); echo "PASS: $*"; }
sum_fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
sum_skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
while read -r name; do
	echo "--- $name ($(cat "$tmp/$name.time") s)"
	tap=$tmp/$name.tap
	rc=$(cat "$tmp/$name.rc")
	while IFS= read -r line; do
		case $line in
		"ok "*" - # SKIP "*) sum_skip "${line#* - # SKIP }" ;;
		"ok "*) sum_pass "${line#* - }" ;;
		"not ok "*) sum_fail "${line#* - }" ;;
		"#"*) echo "    $line" ;;
		esac
	done < "$tap"
	# A check that stopped early, or failed without saying what, fails.
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap" | tail -n 1)
	ran=$(grep -cE '^(not )?ok [0-9]+ ' "$tap" || true)
	bad=$(grep -c '^not ok ' "$tap" || true)
	if [ -z "$plan" ] || [ "$plan" != "$ran" ] || [ "$ran" = 0 ]; then
		sum_fail "$name: $ran tests against a plan of ${plan:-none} (status $rc)"
	elif [ "$rc" != 0 ] && [ "$bad" = 0 ]; then
		sum_fail "$name: exited with status $rc, no test failed"
	fi
	if [ "$rc" != 0 ] || grep -q '^not ok ' "$tap"; then
		echo "$name" >> "$tmp/failed"
	fi
done < "$tmp/list"

# Why each failed check failed: its failing tests with their diagnostic
# lines, the error lines of its stderr, and where everything is kept.
if [ -s "$tmp/failed" ]; then
	echo "=== failures"
	while read -r name; do
		echo "--- $name: files in $RESULTS/$name/"
		awk '/^not ok / { p = 1; print "  " $0; next }
			p && /^#/ { print "    " $0; next } { p = 0 }' "$tmp/$name.tap"
		grep -E 'error|FAIL|not ok|vmrun:|splat' "$tmp/$name.err" | head -n 20 | sed 's/^/    | /' || true
		echo "    stderr: $RESULTS/$name/stderr.log"
	done < "$tmp/failed"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
