# shellcheck shell=sh
# The guest's reports: guest/part's status lines and the runner's
# status, as TAP. Sourced after scripts/lib.sh.
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

# guest/part prints "guest-status NAME STATUS LAST-LINE" after each part
# of a guest run: the last STATUS of part NAME in LOG (a number, or
# "absent"), empty if the part never reported; and its LAST-LINE.
guest_status() { # log name
	sed -n "s/^guest-status $2 \([0-9a-z]*\)\( .*\)\{0,1\}$/\1/p" "$1" | tail -n 1
}
guest_last() { # log name
	sed -n "s/^guest-status $2 [0-9a-z]* //p" "$1" | tail -n 1
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
# run (a kernel report, a panic, a timeout; see the console LOG).
tap_run_status() { # status what log
	if [ "$1" = 0 ]; then
		ok "$2: the guest run ended cleanly (vmrun status 0)"
	else
		not_ok "$2: the guest run: vmrun status $1 (log: $3)"
	fi
}
