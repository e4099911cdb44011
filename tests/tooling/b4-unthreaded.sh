#!/bin/sh
# checks/b4.sh must fail on mail that is not threaded to its cover
# letter: patches/ with the In-Reply-To and References headers removed
# (the Message-Ids kept), and patches/ without Message-Ids either, as
# the v2 posting was.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

# unthreaded HEADERS...: checks/b4.sh on patches/ without those headers
unthreaded() {
	what=$1
	shift
	dir=$check_dir/$what
	mkdir -p "$dir"
	cp "$PATCHES/series" "$PATCHES"/0*.patch "$dir/"
	for h in "$@"; do
		sed -i "/^$h: /d" "$dir"/0*.patch
	done
	rc=0
	RESULTS=$dir "$TOP/scripts/checks/b4.sh" "$dir" > "$dir.out" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -q '^not ok 1 - b4 ' "$dir.out"; then
		ok "checks/b4.sh fails on mail $what: $(sed -n 's/^not ok 1 - //p' "$dir.out")"
	else
		not_ok "checks/b4.sh passed mail $what (status $rc)"
		sed 's/^/# /' "$dir.out"
	fi
}
unthreaded without-replies In-Reply-To References
unthreaded without-ids Message-Id In-Reply-To References
tap_done
