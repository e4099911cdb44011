#!/bin/sh
# Runs shellcheck -x -S warning (settings in .shellcheckrc) on every shell
# script of the tooling: one TAP test per script.
set -eu
. "$(dirname "$0")/../lib.sh"
command -v shellcheck >/dev/null || die "shellcheck is not installed (make deps)"
tap_init shellcheck

cd "$TOP"
for f in $(git ls-files | while read -r f; do
	case $f in *.sh | scripts/vmrun | scripts/kvm-probe | guest/* | .ci/run) echo "$f" ;; esac
done); do
	if shellcheck -x -S warning "$f" > "$check_dir/last.out" 2>&1; then
		ok "shellcheck $f"
	else
		not_ok "shellcheck $f"
		sed 's/^/# /' "$check_dir/last.out" | head -n 20
	fi
done
tap_done
