#!/bin/sh
# Apply patches/ with git am onto the base tree, on branch "series".
# The tree is left untouched when it already holds exactly this series
# (so a rerun rebuilds nothing), and reset to base when a patch fails.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"

git -C "$KSRC" rev-parse -q --verify refs/tags/base >/dev/null ||
	die "$KSRC is not a prepared base tree: run scripts/build/prepare-base.sh"
cd "$KSRC"
want=$(series_hash)
stamp=.git/series.stamp
head=$(git rev-parse HEAD)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want $head" ]; then
	git diff --quiet HEAD ||
		step "note: $KSRC has uncommitted changes, building them"
	exit 0
fi

# Never throw away work that is not in patches/.
git diff --quiet HEAD ||
	die "$KSRC has uncommitted changes: commit them and run 'make export-series', or discard them"
if [ "$head" != "$(git rev-parse base)" ] &&
   { [ ! -f "$stamp" ] || [ "$(cut -d' ' -f2 "$stamp")" != "$head" ]; }; then
	die "$KSRC has commits that are not in patches/: run 'make export-series' or 'git -C $KSRC reset --hard base'"
fi

step "applying $(grep -c . "$PATCHES/series") patches onto base"
rm -f "$stamp"
git checkout -q -f -B series base
log=$(mktemp)
applied=
# Failed or interrupted half-way: back to base, nothing half-applied.
reset_to_base() {
	git am --abort >/dev/null 2>&1 || true
	git checkout -q -f -B series base
}
trap 'rm -f "$log"; [ -n "$applied" ] || reset_to_base' EXIT
while read -r p; do
	[ -n "$p" ] || continue
	if ! git am -q "$PATCHES/$p" >"$log" 2>&1; then
		reset_to_base
		# git's advice about --continue/--skip no longer applies
		grep -v -E '^(hint:|When you have|If you prefer|To restore)' "$log" >&2 || true
		die "patch $p does not apply; the tree is back at base"
	fi
	# A patch's changelog below its "---" (git format-patch --notes) is
	# not part of the commit: keep it as the commit's git note, so that
	# export-series writes it out again.
	notes=$(awk '/^---$/ { d = 1; next } d && /^Notes:$/ { n = 1; next }
		n && /^    / { print substr($0, 5); next } n && NF { exit }' "$PATCHES/$p")
	[ -z "$notes" ] || git notes add -f -m "$notes" HEAD
	step "applied $p"
done < "$PATCHES/series"
echo "$want $(git rev-parse HEAD)" > "$stamp"
applied=y
