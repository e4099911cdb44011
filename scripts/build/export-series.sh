#!/bin/sh
# Regenerate patches/ from the commits base..series in $KSRC, with the
# cover letter text from patches/cover.txt (first paragraph: subject).
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"

cd "$KSRC"
git diff --quiet HEAD || die "$KSRC has uncommitted changes: commit them first"
n=$(git rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "no commits on top of base in $KSRC"
[ -f "$PATCHES/cover.txt" ] || die "$PATCHES/cover.txt (cover letter text) is missing"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# format_series (lib.sh) keeps the files identical whoever regenerates
# them; the base is the unpacked Debian tree, named in the cover letter
# rather than by a local commit id.
format_series "$tmp" --cover-letter --cover-from-description=subject
for p in "$tmp"/0*.patch; do
	case $p in */0000-cover-letter.patch) ;; *) basename "$p" ;; esac
done > "$tmp/series"

rm -f "$PATCHES"/0*.patch
cp "$tmp"/0*.patch "$tmp/series" "$PATCHES/"
echo "$(series_hash) $(git rev-parse HEAD)" > .git/series.stamp
step "wrote $n patches and a cover letter to $PATCHES"
