#!/bin/sh
# The runner of make check. The checks are the entries of mk/checks.mk
# (make writes them to build/checks.list, "NAME COMMAND" a line); each
# is a script that reports in TAP on stdout. Its TAP, its stderr and its
# status ("STATUS SECONDS") are kept in $RESULTS/NAME/ as check.tap,
# stderr.log and status.
#   check.sh --begin [PATTERN...]  print the plan; forget the planned
#                                  checks' earlier statuses
#   check.sh --run NAME            run one check (make's run-NAME)
#   check.sh --sum [PATTERN...]    sum the planned checks' results
#   check.sh --plan [PATTERN...]   print the plan and stop
#   check.sh [PATTERN...]          --begin, --run each (CHECK_JOBS at
#                                  once, default 2), --sum
# make check is --begin, then a make -j of run-NAME targets (a check
# starts as soon as what it needs is built), then --sum. The sum is TAP
# as kselftest's runner prints it: the plan first, one test per check,
# each check's own TAP nested under it as "# " lines; then the failed
# checks with their reasons, and last "N passed, N failed, N skipped",
# counted over the checks' own tests. A check with no status did not
# run (a target it needs failed to build) and fails.
set -eu
. "$(dirname "$0")/lib.sh"

list=$BUILD/checks.list
[ -f "$list" ] || make -s --no-print-directory -C "$TOP" env >&2 ||
	die "make could not write $list"
[ -s "$list" ] || die "$list names no check"
selected() { # name pattern...
	[ $# = 1 ] && return 0
	name=$1
	shift 1
	for pat in "$@"; do
		# shellcheck disable=SC2254 # the patterns are globs
		case $name in $pat) return 0 ;; esac
	done
	return 1
}
# the names of the checks matching the patterns, in list order
plan() {
	while read -r name cmd; do
		! selected "$name" "$@" || echo "$name"
	done < "$list"
}
say_plan() {
	plan "$@" > "$tmp/plan"
	[ -s "$tmp/plan" ] || die "no check matches: $*"
	echo "==> check.sh: plan: $(grep -c . "$tmp/plan") checks: $(tr '\n' ' ' < "$tmp/plan")" >&2
}

# A check that passed is not run again while nothing it could read has
# changed since it started, as make does not rebuild what is up to
# date: its stamp ($CACHE/checks/NAME, made when it started, kept only
# when it passed) holds its command line, the host's kernel, the time of
# the last package change, and the commits (HEAD, base, series) and
# uncommitted changes of the kernel trees; and no file of the repository or of build/ may be
# newer than the stamp. Not looked at there: the checks' own results and
# caches, the compiler cache, the files every make writes (build/env.sh,
# build/checks.list) and the kernel source trees, whose changes reach a
# check through the builds its needs made (make check builds them
# first) or through the stamp's commits. RERUN=1 runs every check.
stamp_key() { # command
	echo "$1"
	uname -r
	stat -c %Y /var/lib/dpkg/status 2>/dev/null || :
	# The series check's worktree ($KSRC_BASE) is left out: it moves
	# while that check runs, and what it holds comes from these refs.
	for t in "$KSRC" "$KSRC_612"; do
		[ -d "$t" ] || continue
		git -C "$t" rev-parse HEAD 2>/dev/null || :
		git -C "$t" rev-parse -q --verify base 2>/dev/null || :
		git -C "$t" rev-parse -q --verify series 2>/dev/null || :
		git -C "$t" status --porcelain -uno 2>/dev/null | sha256sum
	done
}
# A directory's time moves when any entry is made or removed (make
# makes and renames build/.checks.list.* every time): only files count.
changed_since() { # stamp: print the first file newer than it, if any
	dirs=$TOP
	case $BUILD/ in "$TOP"/*) ;; *) dirs="$dirs $BUILD" ;; esac
	# shellcheck disable=SC2086 # one or two directories
	find $dirs \( -path "$TOP/.git" -o -path "$RESULTS" -o -path "$CACHE" \
		-o -path "$CCACHE_DIR" -o -path "$KSRC" -o -path "$KSRC_BASE" -o -path "$KSRC_612" \
		-o -path "$BUILD/env.sh" -o -path "$BUILD/checks.list" -o -name '.checks.list.*' \) \
		-prune -o ! -type d -newer "$1" -print -quit 2>/dev/null
}
# A TAP that passed: a plan, as many tests as it says, none failed.
tap_passed() { # tap
	planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1)
	[ -n "$planned" ] && [ "$planned" != 0 ] &&
		[ "$(grep -cE '^(not )?ok [0-9]+ ' "$1")" = "$planned" ] && ! grep -q '^not ok ' "$1"
}

# One check: its output goes to files beside $RESULTS (the check's own
# tap_init makes $RESULTS/NAME anew) and is moved in when it ends.
run_one() { # name
	name=$1
	cmd=$(awk -v n="$name" '$1 == n { $1 = ""; print substr($0, 2); exit }' "$list")
	[ -n "$cmd" ] || die "$name is not a check of $list"
	run=$RESULTS/.run
	stamps=$CACHE/checks
	mkdir -p "$run" "$stamps" "$RESULTS/$name"
	stamp=$stamps/$name
	stamp_key "$cmd" > "$run/$name.key"
	why="no earlier pass"
	if [ -n "${RERUN:-}" ]; then
		why="RERUN=1"
	elif [ -f "$stamp" ] && [ -f "$stamp.tap" ]; then
		why="its command, the host or a kernel tree's commits changed"
		if cmp -s "$run/$name.key" "$stamp"; then
			why=$(changed_since "$stamp")
			[ -z "$why" ] || why=${why#"$TOP"/}" changed since its last pass"
		fi
	fi
	if [ -z "$why" ]; then
		when=$(date -r "$stamp" '+%F %T')
		{ echo "# reused: nothing $name reads changed since its run of $when passed (RERUN=1 runs it)"
		  cat "$stamp.tap"; } > "$RESULTS/$name/check.tap"
		echo "check.sh: $name reused the result of its run of $when" > "$RESULTS/$name/stderr.log"
		echo "0 0" > "$RESULTS/$name/status"
		echo "==> check.sh: $name: nothing it reads changed since its run of $when passed: reused (RERUN=1 runs it)" >&2
		rm -f "$run/$name.key"
		: > "$tmp/ended.$name"
		return
	fi
	rm -f "$stamp" "$stamp.tap"
	# made before the check starts, so that a file changed while it runs
	# is newer than the stamp
	mv "$run/$name.key" "$stamp.new"
	echo "==> check.sh: starting $name ($why)" >&2
	start=$(date +%s)
	rc=0
	# shellcheck disable=SC2086 # the command line from the list
	$cmd > "$run/$name.tap" 2> "$run/$name.err" < /dev/null || rc=$?
	mkdir -p "$RESULTS/$name"
	mv "$run/$name.tap" "$RESULTS/$name/check.tap"
	mv "$run/$name.err" "$RESULTS/$name/stderr.log"
	secs=$(($(date +%s) - start))
	echo "$rc $secs" > "$RESULTS/$name/status"
	if [ "$rc" = 0 ] && tap_passed "$RESULTS/$name/check.tap"; then
		cp "$RESULTS/$name/check.tap" "$stamp.tap"
		mv "$stamp.new" "$stamp"
	else
		rm -f "$stamp.new"
	fi
	echo "==> check.sh: $name ended ($secs s, status $rc)" >&2
	: > "$tmp/ended.$name"
}

# The sum, from the files of each planned check.
sum() {
	passed=0
	failed=0
	skipped=0
	: > "$tmp/failed"
	echo "TAP version 13"
	echo "1..$(grep -c . "$tmp/plan")"
	n=0
	while read -r name; do
		n=$((n + 1))
		d=$RESULTS/$name
		if [ ! -f "$d/status" ]; then
			echo "# $name: did not run (a target it needs failed to build: make's output above; make check-$name retries)"
			echo "not ok $n $name # did not run"
			failed=$((failed + 1))
			echo "$name" >> "$tmp/failed"
			continue
		fi
		read -r rc secs < "$d/status"
		tap=$d/check.tap
		echo "# $name ($secs s)"
		sed 's/^/# /' "$tap"
		# shellcheck disable=SC2046 # three numbers
		set -- $(awk '/^ok .* - # SKIP / { s++; next } /^ok / { p++ } /^not ok / { f++ }
			END { print p + 0, s + 0, f + 0 }' "$tap")
		p=$1 s=$2 f=$3
		passed=$((passed + p))
		skipped=$((skipped + s))
		failed=$((failed + f))
		# A check that stopped early, or failed without saying what, fails.
		planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap" | tail -n 1)
		ran=$(grep -cE '^(not )?ok [0-9]+ ' "$tap" || true)
		why=
		if [ -z "$planned" ] || [ "$planned" != "$ran" ] || [ "$ran" = 0 ]; then
			why="$ran tests against a plan of ${planned:-none} (status $rc)"
		elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
			why="exited with status $rc, no test failed"
		fi
		[ -z "$why" ] || { failed=$((failed + 1)); echo "# $name: $why"; }
		if [ "$rc" != 0 ] || [ "$f" != 0 ] || [ -n "$why" ]; then
			echo "not ok $n $name # exit=$rc${why:+: $why}"
			echo "$name" >> "$tmp/failed"
		else
			echo "ok $n $name"
		fi
	done < "$tmp/plan"

	# Why each failed check failed: its failing tests with their
	# diagnostic lines, the error lines of its stderr, where it is all kept.
	if [ -s "$tmp/failed" ]; then
		echo "=== failures"
		while read -r name; do
			d=$RESULTS/$name
			echo "--- $name: files in $d/"
			if [ ! -f "$d/status" ]; then
				echo "    did not run: a target it needs failed to build (make's output above)"
				continue
			fi
			awk '/^not ok / { p = 1; print "  " $0; next }
				p && /^#/ { print "    " $0; next } { p = 0 }' "$d/check.tap"
			grep -E 'error|FAIL|not ok|vmrun:|splat' "$d/stderr.log" | head -n 20 | sed 's/^/    | /' || true
			echo "    stderr: $d/stderr.log"
		done < "$tmp/failed"
	fi
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ]
}

tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || :; rm -rf "$tmp"' EXIT
mkdir -p "$RESULTS"
mode=all
case ${1:-} in
--plan|--begin|--sum|--run) mode=${1#--}; shift ;;
esac
case $mode in
plan)
	say_plan "$@"
	cat "$tmp/plan" ;;
begin)
	say_plan "$@"
	while read -r name; do rm -f "$RESULTS/$name/status"; done < "$tmp/plan" ;;
run)
	[ $# = 1 ] || die "usage: $me --run NAME"
	run_one "$1" ;;
sum)
	plan "$@" > "$tmp/plan"
	[ -s "$tmp/plan" ] || die "no check matches: $*"
	sum ;;
all)
	say_plan "$@"
	jobs=${CHECK_JOBS:-2}
	while read -r name; do rm -f "$RESULTS/$name/status"; done < "$tmp/plan"
	started=0
	while read -r name; do
		while [ $((started - $(find "$tmp" -name 'ended.*' | wc -l))) -ge "$jobs" ]; do
			sleep 1
		done
		run_one "$name" &
		started=$((started + 1))
	done < "$tmp/plan"
	wait
	sum ;;
esac
