# shellcheck shell=sh
# The guest's reports: guest/part's status lines and the runner's
# status, as TAP. Sourced after scripts/lib.sh.
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

# guest/part prints "guest-status NAME STATUS LAST-LINE" after each part
# of a guest run: the last STATUS of part NAME in LOG (a number, or
# "absent"), empty if the part never reported; and its LAST-LINE.
guest_status() { # log name
	[ -f "$1" ] || return 0
	sed -n "s/^guest-status $2 \([0-9a-z]*\)\( .*\)\{0,1\}$/\1/p" "$1" | tail -n 1
}
guest_last() { # log name
	[ -f "$1" ] || return 0
	sed -n "s/^guest-status $2 [0-9a-z]* //p" "$1" | tail -n 1
}
# The output of part NAME in LOG: the lines after the status line of the
# part before it (or from the start) up to its own status line.
guest_part_log() { # log name
	[ -f "$1" ] || return 0
	awk -v n="$2" '$1 == "guest-status" { if ($2 == n) { printf "%s", buf; exit } buf = ""; next }
		{ buf = buf $0 "\n" }' "$1"
}
# One TAP test per part NAME of LOG: ok with the part's last line when
# it exited 0, not_ok with its status (or "missing") and the log's path.
#   tap_parts LOG PREFIX NAME...
tap_parts() {
	tp_log=$1
	tp_prefix=$2
	shift 2
	for tp_name in "$@"; do
		tp_status=$(guest_status "$tp_log" "$tp_name")
		if [ "$tp_status" = 0 ]; then
			ok "$tp_prefix$tp_name: $(guest_last "$tp_log" "$tp_name")"
		else
			not_ok "$tp_prefix$tp_name: status ${tp_status:-missing} (log: $tp_log)"
		fi
	done
}
# TAP for the runner's own status of a guest run: 0, or it failed the
# run (a kernel report, a panic, a timeout, QEMU's own error, a bad
# option). On a failure the test says the runner's reason (its "error:"
# line in ERRFILE, the runner's stderr, default $check_dir/runner.err),
# and the diagnostic lines below it show the end of ERRFILE: QEMU's
# message or the console's last lines. The console log is named only
# when there is one.
tap_run_status() { # status what log [errfile]
	rs_err=${4:-$check_dir/runner.err}
	if [ "$1" = 0 ]; then
		ok "$2: the guest run ended cleanly (vmrun status 0)"
		return
	fi
	rs_why=$(grep -h 'error: ' "$rs_err" 2>/dev/null | tail -n 1)
	[ -n "$rs_why" ] || rs_why=$(grep -h . "$rs_err" 2>/dev/null | tail -n 1)
	not_ok "$2: the guest run failed (vmrun status $1): ${rs_why:-the runner said nothing}"
	[ ! -s "$rs_err" ] || tail -n 15 "$rs_err" | sed 's/^/# /'
	if [ -s "$3" ]; then echo "# console log: $3"; else echo "# no console log: the guest did not start"; fi
}
# Whether a guest run reached its command (vmrun's guest printed its
# start line): the parts of a run that never started are one failure,
# not one per test.
guest_started() { # log
	grep -q '^vmrun-start ' "$1" 2>/dev/null
}
