#!/bin/sh
# Does b4 take our mail? b4 0.14.2 (Debian 13's, unpacked under
# $BUILD/tools/b4) reads the cover letter and the patches as one mbox,
# offline; then git am of what b4 wrote must give, on base, the same
# tree and the same commit messages as git am of patches/.
#   b4-check.sh [PATCHES_DIR]
# TAP on stdout; b4's and git's output in $BUILD/results/b4/.
set -eu
. "$(dirname "$0")/lib.sh"

dir=${1:-$PATCHES}
out=$BUILD/results/b4
rm -rf "$out"
mkdir -p "$out"
"$TOP/scripts/fetch-debs.sh" trixie "$BUILD/tools/b4" b4=0.14.2-2 >/dev/null
b4() {
	# no user configuration, no network
	HOME=$out PYTHONPATH=$BUILD/tools/b4/usr/lib/python3/dist-packages \
		/usr/bin/python3 "$BUILD/tools/b4/usr/bin/b4" --offline-mode "$@"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
bad=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $*"; }

want=$(grep -c . "$dir/series")
for p in 0000-cover-letter.patch $(cat "$dir/series"); do
	cat "$dir/$p"
	echo
done > "$out/series.mbox"

echo "1..4"
rc=0
(cd "$out" && b4 am -o am -m series.mbox) > "$out/b4-am.log" 2>&1 || rc=$?
found=$(sed -n 's/^Total patches: //p' "$out/b4-am.log")
mbx=$(ls "$out"/am/*.mbx 2>/dev/null || true)
if [ "$rc" = 0 ] && [ "${found:-0}" = "$want" ] && [ -n "$mbx" ]; then
	ok "b4 $(b4 --version) am finds all $want patches"
else
	not_ok "b4 am (status $rc) found ${found:-no} patches of $want and wrote ${mbx:-no mbox} (log: $out/b4-am.log)"
fi
if ls "$out"/am/*.cover >/dev/null 2>&1; then
	ok "b4 am finds the cover letter"
else
	not_ok "b4 am found no cover letter (log: $out/b4-am.log)"
fi

# git am of b4's output onto base, beside the branch made from patches/.
scratch=$tmp/scratch
git clone -q --shared --no-checkout "$KSRC" "$scratch"
git -C "$scratch" checkout -q -B b4 base
rc=0
[ -n "$mbx" ] && git -C "$scratch" am -q "$mbx" > "$out/git-am.log" 2>&1 || rc=$?
if [ -n "$mbx" ] && [ "$rc" = 0 ] &&
   [ "$(git -C "$scratch" rev-parse 'HEAD^{tree}')" = "$(git -C "$KSRC" rev-parse 'series^{tree}')" ]; then
	ok "git am of b4's mbox gives the tree of git am patches/"
else
	not_ok "git am of b4's mbox (status $rc) differs from the series tree (log: $out/git-am.log)"
fi
msgs() { git -C "$1" log --format='%an <%ae>%n%s%n%n%b' "base..$2"; }
if [ -n "$mbx" ] && [ "$rc" = 0 ] && [ "$(msgs "$scratch" HEAD)" = "$(msgs "$KSRC" series)" ]; then
	ok "and the same authors and commit messages"
else
	not_ok "the commits from b4's mbox have other authors or messages"
fi
[ "$bad" = 0 ]
