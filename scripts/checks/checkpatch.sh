#!/bin/sh
# scripts/checkpatch.pl --strict on every patch of $PATCHES/series: one
# TAP test per patch, failing on any error, warning or check, with one
# exception, said out loud: checkpatch warns on every new file ("does
# MAINTAINERS need updating?"); that warning is waived only when
# get_maintainer.pl shows the new file is already covered by a
# MAINTAINERS entry.
#   checks/checkpatch.sh [PATCHES_DIR]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
PATCHES=$(cd "${1:-$PATCHES}" && pwd)
tap_init checkpatch

# checkpatch's SPDX check runs "python3"; use Debian's, which has ply.
PATH=/usr/bin:$PATH
cd "$KSRC"
# A clean patch: no output and status 0. Otherwise checkpatch's own
# count must match the report lines, or something else went wrong.
ran_cleanly() {
	if [ -z "$total" ]; then
		[ "$rc" = 0 ] && [ -z "$out" ]
	else
		[ "$(($total))" = "$(echo "$issues" | grep -c .)" ]
	fi
}

while read -r p; do
	[ -n "$p" ] || continue
	rc=0
	out=$(./scripts/checkpatch.pl --strict --terse --show-types "$PATCHES/$p" 2>&1) || rc=$?
	issues=$(echo "$out" | grep -E ': (ERROR|WARNING|CHECK):' || true)
	total=$(echo "$out" | sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks, .*/\1 + \2 + \3/p')
	if ! ran_cleanly; then
		not_ok "checkpatch $p: checkpatch status $rc, unexpected output"
		echo "$out" | sed 's/^/# /'
		continue
	fi
	waived=
	if echo "$issues" | grep -q ':FILE_PATH_CHANGES:'; then
		uncovered=
		for f in $(awk '/^diff --git /{f=$4} /^new file mode/{sub("^b/","",f); print f}' "$PATCHES/$p"); do
			# every path matches "THE REST"; a real entry must match too
			./scripts/get_maintainer.pl --no-git --sections -f "$f" 2>/dev/null |
				grep -v -E '^(THE REST|[A-Z]:)' | grep -q '[A-Za-z]' ||
				uncovered="$uncovered $f"
		done
		if [ -z "$uncovered" ]; then
			issues=$(echo "$issues" | grep -v ':FILE_PATH_CHANGES:' || true)
			waived=" (new-file MAINTAINERS warning waived: covered by an existing entry)"
		fi
	fi
	if [ -n "$issues" ]; then
		not_ok "checkpatch $p"
		echo "$issues" | sed 's/^/# /'
	else
		ok "checkpatch $p: clean$waived"
	fi
done < "$PATCHES/series"
[ "$tap_n" = "$(grep -c . "$PATCHES/series")" ] || not_ok "checkpatch reported on $tap_n of the patches"
tap_done
