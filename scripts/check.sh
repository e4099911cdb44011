#!/bin/sh
# The runner of make check's checks. make is the scheduler: mk/checks.mk
# defines each check once (its name, timeout, command, the make targets
# it needs and the files it reads), and make check is
#   check.sh begin NAME...                      the plan, first
#   make -k -j run-NAME...                      each check once its needs
#                                               are built
#   check.sh sum NAME...                        the results, summed
# where run-NAME is
#   check.sh run NAME TIMEOUT 'READS' -- COMMAND [ARG...]
# A check is a command that reports in TAP on stdout and keeps its files
# in $RESULTS/NAME/ (CHECK_NAME in its environment names it; see
# scripts/lib/tap.sh). The runner keeps its TAP (check.tap), its stderr
# (stderr.log) and its status ("STATUS SECONDS") there too.
#
# A check that passed is reused while nothing it reads has changed: its
# key (scripts/lib/uptodate.sh) is made of its command line, its
# timeout, the host's kernel release, the packages installed, and the
# contents of the files it reads: the files its command names, the
# runner's libraries, the outputs of the targets it needs and its READS
# (make passes those two). RERUN=1 runs every check.
#
# A check that runs past its TIMEOUT (seconds) is killed, with what it
# started, and fails with a test that says so. The sum counts tests: a
# check that did not run (a target it needs failed to build), that
# reported fewer tests than its plan, or that exited non-zero with no
# failed test, adds one failed test named after it.
set -eu
. "$(dirname "$0")/lib.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

usage() {
	die "usage: $me begin NAME... | run NAME TIMEOUT READS -- COMMAND [ARG...] | sum NAME..."
}

# A TAP that passed: a plan, as many tests as it says, none failed.
tap_passed() { # tap
	planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1)
	[ -n "$planned" ] && [ "$planned" != 0 ] &&
		[ "$(grep -cE '^(not )?ok [0-9]+ ' "$1")" = "$planned" ] && ! grep -q '^not ok ' "$1"
}

begin() {
	[ $# -gt 0 ] || die "no check to run"
	echo "==> $me: plan: $# checks: $*" >&2
	for name in "$@"; do rm -f "$RESULTS/$name/status"; done
}

# The files a command names: its words that are paths, and from each
# script among them every "$TOP/..." path it names outside build/, and
# so on: a check script, the scripts it runs and the files they name.
named_files() { # word...
	nf=$(mktemp -d)
	for w in "$@"; do [ ! -e "$w" ] || echo "$w"; done > "$nf/todo"
	: > "$nf/seen"
	while [ -s "$nf/todo" ]; do
		f=$(head -n 1 "$nf/todo")
		sed -i 1d "$nf/todo"
		! grep -qxF "$f" "$nf/seen" || continue
		echo "$f" >> "$nf/seen"
		[ -f "$f" ] && [ "$(head -c 2 "$f")" = '#!' ] || continue
		# shellcheck disable=SC2016 # the text $TOP/, as scripts write it
		# (not build/: what a check reads there are the outputs of its
		# needs, which make passes)
		grep -o '\$TOP/[A-Za-z0-9_./-]*' "$f" | sed "s|^\\\$TOP|$TOP|" |
			while read -r p; do
				case $p/ in "$BUILD"/* | "$TOP"/build/*) continue ;; esac
				[ ! -e "$p" ] || echo "$p"
			done >> "$nf/todo"
	done
	sort -u "$nf/seen"
	rm -rf "$nf"
}

# The key of a check: what it is and everything it reads.
check_key() { # timeout reads command...
	ck_timeout=$1
	ck_reads=$2
	shift 2
	set -f
	# shellcheck disable=SC2046 # the files, one word each
	key_of -s "$*" -s "$ck_timeout" -s "$(uname -r)" /var/lib/dpkg/status \
		"$TOP/scripts/lib.sh" "$TOP/scripts/lib" "$TOP/scripts/check.sh" "$BUILD/env.sh" \
		$(named_files "$@") $ck_reads
	set +f
}

run() { # name timeout reads -- command...
	[ $# -ge 5 ] && [ "$4" = -- ] || usage
	name=$1
	timeout=$2
	reads=$3
	shift 4
	out=$RESULTS/$name
	mkdir -p "$out" "$RESULTS/.run"
	key=$(KEY_LIST=$RESULTS/.run/$name.reads check_key "$timeout" "$reads" "$@")
	if [ -z "${RERUN:-}" ] && key_fresh "checks/$name" "$key" && [ -f "$CACHE/checks/$name.tap" ]; then
		when=$(key_time "checks/$name")
		{ echo "# reused: nothing $name reads changed since its run of $when passed (RERUN=1 runs it)"
		  cat "$CACHE/checks/$name.tap"; } > "$out/check.tap"
		echo "$me: $name reused the result of its run of $when" > "$out/stderr.log"
		echo "0 0" > "$out/status"
		echo "==> $me: $name: nothing it reads changed since its run of $when passed: reused" >&2
		return
	fi
	why="no earlier pass"
	if [ -n "${RERUN:-}" ]; then
		why="RERUN=1"
	elif [ -f "$CACHE/keys/checks/$name" ]; then
		why="$(key_changed "$CACHE/checks/$name.reads" "$RESULTS/.run/$name.reads" |
			sed "s|^$TOP/||") changed since its last pass"
	fi
	key_forget "checks/$name"
	echo "==> $me: starting $name ($why; timeout ${timeout} s)" >&2
	run=$RESULTS/.run/$name
	start=$(date +%s)
	rc=0
	CHECK_NAME=$name timeout -k 30 "$timeout" "$@" > "$run.tap" 2> "$run.err" < /dev/null || rc=$?
	secs=$(($(date +%s) - start))
	if { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } && [ "$secs" -ge "$timeout" ]; then
		echo "not ok - $name: killed at its timeout of $timeout s (mk/checks.mk), with what it started" >> "$run.tap"
		echo "$me: error: $name ran past its timeout of $timeout s and was killed" >> "$run.err"
	fi
	mkdir -p "$out"
	mv "$run.tap" "$out/check.tap"
	mv "$run.err" "$out/stderr.log"
	echo "$rc $secs" > "$out/status"
	if [ "$rc" = 0 ] && tap_passed "$out/check.tap"; then
		mkdir -p "$CACHE/checks"
		cp "$out/check.tap" "$CACHE/checks/$name.tap"
		mv "$RESULTS/.run/$name.reads" "$CACHE/checks/$name.reads"
		key_record "checks/$name" "$key"
	fi
	echo "==> $me: $name ended ($secs s, status $rc)" >&2
}

# Each check's TAP as the sum reads it: its own, plus one failed test
# when it failed without saying so (no plan, fewer tests than its plan,
# a non-zero status), or did not run at all.
judged_tap() { # name
	jt_d=$RESULTS/$1
	if [ ! -f "$jt_d/status" ]; then
		echo "not ok 1 - $1 did not run: a target it needs failed to build (make's error is above; make check-$1 retries)"
		echo "1..1"
		return
	fi
	read -r jt_rc _ < "$jt_d/status"
	cat "$jt_d/check.tap"
	jt_planned=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$jt_d/check.tap" | tail -n 1)
	jt_ran=$(grep -cE '^(not )?ok [0-9]+ ' "$jt_d/check.tap" || true)
	jt_failed=$(grep -cE '^not ok ' "$jt_d/check.tap" || true)
	# (a check with a failed test fails already: nothing to add)
	[ "$jt_failed" = 0 ] || return 0
	if [ -z "$jt_planned" ] || [ "$jt_planned" != "$jt_ran" ] || [ "$jt_ran" = 0 ]; then
		echo "not ok - $1: $jt_ran tests against a plan of ${jt_planned:-none} (status $jt_rc)"
	elif [ "$jt_rc" != 0 ]; then
		echo "not ok - $1: exited with status $jt_rc, no test failed"
	fi
}

sum() {
	[ $# -gt 0 ] || die "no check to sum"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	passed=0
	failed=0
	skipped=0
	echo "TAP version 13"
	echo "1..$#"
	n=0
	for name in "$@"; do
		n=$((n + 1))
		judged_tap "$name" > "$tmp/$name.tap"
		secs=-
		[ ! -f "$RESULTS/$name/status" ] || read -r rc secs < "$RESULTS/$name/status"
		echo "# $name ($secs s)"
		sed 's/^/# /' "$tmp/$name.tap"
		read -r p s f <<-EOF
		$(awk '/^ok .* - # SKIP / { s++; next } /^ok / { p++ } /^not ok / { f++ }
			END { print p + 0, s + 0, f + 0 }' "$tmp/$name.tap")
		EOF
		passed=$((passed + p))
		skipped=$((skipped + s))
		failed=$((failed + f))
		if [ "$f" = 0 ]; then
			echo "ok $n $name"
		else
			echo "not ok $n $name # $f failed"
			echo "$name" >> "$tmp/failed"
		fi
	done
	# Why each failed check failed: its failing tests with their
	# diagnostic lines, the error lines of its stderr, where it is all kept.
	if [ -s "$tmp/failed" ]; then
		echo "=== failures"
		while read -r name; do
			d=$RESULTS/$name
			echo "--- $name: files in $d/"
			awk '/^not ok / { p = 1; print "  " $0; next }
				p && /^#/ { print "    " $0; next } { p = 0 }' "$tmp/$name.tap"
			if [ -f "$d/stderr.log" ]; then
				grep -E 'error|FAIL|not ok|vmrun:|splat' "$d/stderr.log" | head -n 20 | sed 's/^/    | /' || true
				echo "    stderr: $d/stderr.log"
			fi
		done < "$tmp/failed"
	fi
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ]
}

[ $# -gt 0 ] || usage
mode=$1
shift
case $mode in
begin) begin "$@" ;;
run) run "$@" ;;
sum) sum "$@" ;;
*) usage ;;
esac
