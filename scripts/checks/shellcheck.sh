#!/bin/sh
# Runs shellcheck -x -S warning (settings in .shellcheckrc) on every shell
# script in the repository, found by its first line (#!.../sh, bash,
# dash or a "shellcheck shell=" directive) or its .sh name, so that none
# is missed by a list of names: one TAP test per script.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
command -v shellcheck >/dev/null || die "shellcheck is not installed (make deps)"
tap_init

cd "$TOP"
is_shell() {
	case $1 in *.sh) return 0 ;; esac
	head -n 2 "$1" 2>/dev/null | grep -qE '^#!(/usr)?/bin/(env )?(ba|da)?sh|^#!/bin/busybox sh|^# shellcheck shell=(sh|bash|dash)'
}
for f in $(git ls-files | while read -r f; do
	[ -f "$f" ] && is_shell "$f" && echo "$f"
done); do
	if shellcheck -x -S warning "$f" > "$check_dir/last.out" 2>&1; then
		ok "shellcheck $f"
	else
		not_ok "shellcheck $f"
		sed 's/^/# /' "$check_dir/last.out" | head -n 20
	fi
done
tap_done
