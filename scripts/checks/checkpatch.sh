#!/bin/sh
# scripts/checkpatch.pl --strict on every patch of $PATCHES/series: one
# TAP test per patch, failing on any error, warning or check, with two
# kinds of exceptions, said out loud: checkpatch warns on every new file
# ("does MAINTAINERS need updating?"), and that warning is waived only
# when get_maintainer.pl shows the new file is already covered by a
# MAINTAINERS entry; and a report that config/checkpatch.waivers names,
# by patch, type and line, with its reason, is waived. A waiver that no
# report used fails the check.
#   checks/checkpatch.sh [PATCHES_DIR [WAIVERS]]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
PATCHES=$(cd "${1:-$PATCHES}" && pwd)
waivers=${2:-$TOP/config/checkpatch.waivers}
[ -f "$waivers" ] || die "$waivers is missing"
tap_init
# the waivers, "PATCH TYPE LINE -- REASON", blanks squeezed
grep -v '^#' "$waivers" | tr -s ' \t' '  ' | grep . > "$check_dir/waivers" || :
: > "$check_dir/waivers.used"

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
			waived="; the new-file MAINTAINERS warning waived: covered by an existing entry"
		fi
	fi
	# the reports that config/checkpatch.waivers names
	kept=
	while IFS= read -r issue; do
		[ -n "$issue" ] || continue
		n=$(echo "$issue" | cut -d: -f2)
		type=$(echo "$issue" | sed -n 's/^[^:]*:[0-9]*: [A-Z]*:\([A-Z_]*\):.*/\1/p')
		text=$(sed -n "${n}s/^+//p" "$PATCHES/$p" | tr -s ' \t' '  ' | sed 's/^ //; s/ $//')
		w=$(awk -v k="${p%%-*} $type $text -- " 'index($0, k) == 1' "$check_dir/waivers" | head -n 1)
		if [ -n "$text" ] && [ -n "$w" ]; then
			echo "$w" >> "$check_dir/waivers.used"
			waived="$waived; $type on line $n waived: ${w#* -- }"
		else
			kept="$kept$issue
"
		fi
	done <<-EOF
	$issues
	EOF
	issues=$(printf '%s' "$kept")
	if [ -n "$issues" ]; then
		not_ok "checkpatch $p"
		echo "$issues" | sed 's/^/# /'
	else
		ok "checkpatch $p: ${waived:+clean but for waived reports}${waived:-clean}"
	fi
done < "$PATCHES/series"
[ "$tap_n" = "$(grep -c . "$PATCHES/series")" ] || not_ok "checkpatch reported on $tap_n of the patches"
while IFS= read -r w; do
	grep -qxF "$w" "$check_dir/waivers.used" ||
		not_ok "checkpatch: a waiver that no report used: $w"
done < "$check_dir/waivers"
tap_done
