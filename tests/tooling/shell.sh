#!/bin/sh
# make shell, as a person uses it: in a terminal (a tmux pane), the
# interactive shell on the patched kernel comes up with the BPF FS
# mounted and test_progs and the examples on PATH; a pin made there with
# an example shows up in the BPF FS; exit powers the guest off and make
# ends with status 0. Without a terminal, make shell and scripts/vng-run
# refuse at once and name the command to use instead.
#   tests/tooling/shell.sh
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

# Without a terminal: a refusal within seconds, naming vng-run -B.
refuses() { # what command...
	what=$1
	shift
	start=$(date +%s)
	rc=0
	"$@" < /dev/null > "$check_dir/refusal.out" 2>&1 || rc=$?
	secs=$(($(date +%s) - start))
	if [ "$rc" != 0 ] && [ "$secs" -lt 10 ] && grep -q 'vng-run -B -- CMD' "$check_dir/refusal.out"; then
		ok "$what without a terminal refuses in ${secs} s and names vng-run -B"
	else
		not_ok "$what without a terminal: status $rc after $secs s"
		sed 's/^/# /' "$check_dir/refusal.out"
	fi
}
refuses "make shell" make -s --no-print-directory -C "$TOP" shell
refuses "scripts/vng-run" "$TOP/scripts/vng-run"

# In a terminal: tmux runs make shell in a pane of its own server.
sock=$check_dir/tmux.sock
tm() { tmux -S "$sock" "$@"; }
trap 'tm kill-server 2>/dev/null || :' EXIT
pane=$check_dir/pane.txt
tm new-session -d -x 160 -y 50 \
	"make -s --no-print-directory -C '$TOP' shell; echo \"make-shell-exit=\$?\"; sleep 300"
# wait up to TIMEOUT seconds for TEXT in the pane; keeps the pane
wait_for() { # text timeout
	i=0
	while [ "$i" -lt "$2" ]; do
		tm capture-pane -p -S -500 > "$pane" 2>/dev/null || :
		grep -qF "$1" "$pane" && return 0
		sleep 1
		i=$((i + 1))
	done
	return 1
}
if wait_for 'on PATH: test_progs' 180; then
	ok "make shell in a terminal: the shell's banner came up"
else
	not_ok "make shell in a terminal: no banner within 180 s"
	tail -n 30 "$pane" | sed 's/^/# /'
fi
marker=pin-seen-$$
tm send-keys "cd /tmp && opath_pin /sys/fs/bpf && ls /sys/fs/bpf/example_map && grep -q ' /sys/fs/bpf bpf ' /proc/mounts && command -v test_progs && echo $marker" Enter
if wait_for "$marker" 60 && grep -q 'OK: pinned relative to an O_PATH directory fd' "$pane"; then
	ok "in the shell: opath_pin pinned into the BPF FS at /sys/fs/bpf, and test_progs is on PATH"
else
	not_ok "in the shell: the pin (or the BPF FS, or test_progs) is not there"
	tail -n 30 "$pane" | sed 's/^/# /'
fi
tm send-keys "exit" Enter
if wait_for 'make-shell-exit=0' 60; then
	ok "exit powers the guest off and make shell ends with status 0"
else
	not_ok "after exit: make shell did not end with status 0"
	tail -n 30 "$pane" | sed 's/^/# /'
fi
tap_done
