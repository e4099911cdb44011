#!/bin/sh
# Does b4 take our mail? b4 0.14.2 (Debian 13's, Architecture: all, its
# dependencies from Debian 12; unpacked under $TOOLS/b4) reads the cover
# letter and the patches, in series order, as one mbox, offline, and is
# given the cover letter's Message-Id, as "b4 am MSGID" is used on a
# list archive: it then keeps only the messages threaded to the cover
# letter. It must find every patch and the cover letter, without a
# warning, and git am of the mbox it writes must give, on base, the same
# tree and commits (author, date, subject, body) as git am of the files.
#   checks/b4.sh [PATCHES_DIR]
# TAP on stdout; the mbox, b4's log and output, git's output in
# $RESULTS/b4/.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"

dir=$(cd "${1:-$PATCHES}" && pwd)
[ -f "$dir/series" ] && [ -f "$dir/0000-cover-letter.patch" ] ||
	die "$dir has no series file or no cover letter"
tap_init
out=$check_dir
b4dir=$TOOLS/b4
"$TOP/scripts/build/fetch-debs.sh" trixie "$b4dir" "b4=$B4_DEB" >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/run"

# b4 runs outside any repository, sees none of the user's configuration
# (it reads its settings with git config and keeps a cache in $HOME),
# and cannot reach the network: --offline-mode, and a proxy that refuses
# whatever HTTP request would still be made.
b4() {
	(cd "$tmp/run" &&
	 unset XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME GIT_CONFIG_GLOBAL GIT_DIR GIT_WORK_TREE &&
	 HOME=$tmp/home GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES=$tmp \
	 http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 \
		"$TOP/scripts/b4" "$@")
}
version=$(b4 --version) || die "b4 in $b4dir does not run (its Debian 12 dependencies: make deps)"

want=$(grep -c . "$dir/series")
for p in 0000-cover-letter.patch $(cat "$dir/series"); do
	cat "$dir/$p"
	echo
done > "$out/series.mbox"
cover_id=$(sed -n '1,/^$/s/^Message-I[dD]: *<\(.*\)>$/\1/p' "$dir/0000-cover-letter.patch")

rc=0
b4 --offline-mode am -o "$out/am" -m "$out/series.mbox" ${cover_id:+"$cover_id"} \
	> "$out/b4-am.log" 2>&1 || rc=$?
found=$(sed -n 's/^Total patches: \([0-9]*\)$/\1/p' "$out/b4-am.log")
mbx=$(ls "$out"/am/*.mbx 2>/dev/null || true)
# b4 can say "Total patches: 6", write nothing and still exit 0.
if [ "$rc" = 0 ] && [ "${found:-0}" = "$want" ] && [ "$(echo "$mbx" | grep -c .)" = 1 ]; then
	ok "b4 $version --offline-mode am finds all $want patches threaded to the cover letter"
else
	not_ok "b4 $version am (status $rc): \"$(tail -n 1 "$out/b4-am.log")\" (Total patches: ${found:-none} of $want; mbox: ${mbx:-none})"
	mbx=
fi
if [ -n "$cover_id" ] && grep -qF "$cover_id" "$out"/am/*.cover 2>/dev/null; then
	ok "b4 am finds the cover letter <$cover_id>"
else
	not_ok "b4 am found no cover letter ${cover_id:+<$cover_id>}${cover_id:-(it has no Message-Id)}"
fi
warn='^ *(WARNING|ERROR|CRITICAL)|^Could not|are missing'
if [ -n "$mbx" ] && ! grep -Eq "$warn" "$out/b4-am.log"; then
	ok "b4 am reports no warning or error"
else
	not_ok "b4 am warns: $(grep -E -m 1 "$warn" "$out/b4-am.log" || echo "(no mbox)")"
fi

# In a scratch clone: git am of the files (branch direct) and of b4's
# mbox (branch b4), both on base.
if [ -n "$mbx" ]; then
	scratch=$tmp/scratch
	scratch_clone "$scratch" "$dir" direct
	set --
	for p in $(cat "$dir/series"); do
		set -- "$@" "$dir/$p"
	done
	git -C "$scratch" am -q "$@" > "$out/git-am-direct.log" 2>&1 ||
		die "git am of $dir on base failed ($out/git-am-direct.log)"
	git -C "$scratch" checkout -q -B b4 base
	rc=0
	git -C "$scratch" am -q "$mbx" > "$out/git-am-b4.log" 2>&1 || rc=$?
fi
if [ -n "$mbx" ] && [ "$rc" = 0 ] &&
   [ "$(git -C "$scratch" rev-parse 'b4^{tree}')" = "$(git -C "$scratch" rev-parse 'direct^{tree}')" ]; then
	ok "git am of b4's mbox on base gives the tree of git am of the patches"
else
	not_ok "git am of b4's mbox does not give the tree of git am of the patches (${mbx:+$out/git-am-b4.log}${mbx:-no mbox})"
fi
commits() { git -C "$scratch" log --reverse --format='%an <%ae> %ad%n%B%n--' "base..$1"; }
if [ -n "$mbx" ] && [ "$rc" = 0 ] &&
   commits b4 > "$out/commits-b4.txt" && commits direct > "$out/commits-direct.txt" &&
   cmp -s "$out/commits-b4.txt" "$out/commits-direct.txt"; then
	ok "and the same $want commits: authors, dates, subjects and bodies"
else
	not_ok "the commits from b4's mbox differ from git am of the patches, or there is no mbox"
fi
tap_done
