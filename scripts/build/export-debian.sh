#!/bin/sh
# Write the series as a Debian kernel team takes it: the patches of
# patches/series as quilt patches with DEP-3 headers, in
# $DEBIAN_PATCHES/$DEBIAN_TOPIC/, and $DEBIAN_PATCHES/series, the lines
# to add to Debian's debian/patches/series. Made from the mail in
# patches/ (git mailinfo reads From and Subject) and patches/cover.txt:
# its table "  N/T <mainline id>  subject" gives each patch's mainline
# commit, and its bullets "- N/T ...", up to the first "Changes since"
# line, say where patch N differs from mainline. A file that would not
# change is not written again.
#   export-debian.sh [PATCHES_DIR]
set -eu
. "$(dirname "$0")/../lib.sh"

src=$(cd "${1:-$PATCHES}" && pwd)
out=$DEBIAN_PATCHES
# where Debian's kernel keeps backported features: debian/patches/features/all/
topic=${DEBIAN_TOPIC:-features/all/bpf-path-fd}
# the mainline release that has the commits
upstream=6.5
cover=$src/cover.txt
[ -f "$src/series" ] && [ -f "$cover" ] || die "$src has no series or no cover.txt"
total=$(grep -c . "$src/series")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/$topic"

# The bullets of cover.txt that name patch $1, before the changelog
# ("Changes since"): "- N/T: text", "- N/T words: text" or
# "- N/T, M/T: text", continued on indented lines. Each is printed
# without its patch numbers, as "- text" and "  text" lines.
bullets() {
	awk -v n="$1" '
		/^Changes since/ { exit }
		/^- / { on = 0; t = substr($0, 3)
			while (match(t, /^[0-9]+\/[0-9]+/)) {
				if (substr(t, 1, index(t, "/") - 1) == n) on = 1
				t = substr(t, RLENGTH + 1)
				if (match(t, /^(, *| and )[0-9]+\/[0-9]+/)) sub(/^(, *| and )/, "", t)
			}
			sub(/^:? */, "", t)
			if (on) print "- " t
			next }
		on && /^[ \t]+[^ \t]/ { t = $0; sub(/^[ \t]+/, "", t); print "  " t; next }
		{ on = 0 }' "$cover"
}



{
	echo "# BPF_F_PATH_FD: pin and get BPF objects relative to a directory fd (Linux $upstream)"
	n=0
	while read -r p; do
		n=$((n + 1))
		[ -f "$src/$p" ] || die "$src/series names $p, which is not in $src"
		id=$(sed -n "s|^  $n/$total  *\([0-9a-f]\{12,40\}\) .*|\1|p" "$cover" | head -n 1)
		[ -n "$id" ] || die "$cover: its table names no mainline commit for $n/$total (a line \"  $n/$total <id>  <subject>\")"
		git mailinfo "$tmp/msg" "$tmp/patch" < "$src/$p" > "$tmp/info" ||
			die "git mailinfo cannot read $src/$p"
		author=$(sed -n 's/^Author: //p' "$tmp/info")
		email=$(sed -n 's/^Email: //p' "$tmp/info")
		subject=$(sed -n 's/^Subject: //p' "$tmp/info")
		[ -n "$author" ] && [ -n "$subject" ] || die "$src/$p has no From or no Subject"
		bullets "$n" > "$tmp/bullets"
		{
			echo "From: $author <$email>"
			echo "Subject: $subject"
			echo "Description: $subject"
			echo " This is mainline's $id (Linux $upstream), backported to Linux 6.1."
			if [ -s "$tmp/bullets" ]; then
				echo " Where it differs from mainline (from the series' cover letter):"
				echo " ."
				sed 's/^/ /' "$tmp/bullets"
			else
				echo " Its code is mainline's, applied to 6.1's context."
			fi
			echo "Origin: backport, commit:$id"
			echo "Applied-Upstream: $upstream, commit:$id"
			echo "Forwarded: not-needed"
			echo
			# the diff only: from the first "diff --git" to the signature
			# ("-- " and git's version) that ends format-patch's mail
			awk '/^diff --git / { on = 1 }
				on { l[++n] = $0; if ($0 == "-- ") sig = n }
				END { if (sig) n = sig - 1; for (i = 1; i <= n; i++) print l[i] }' "$tmp/patch"
		} > "$tmp/$topic/$p"
		grep -q '^diff --git ' "$tmp/$topic/$p" || die "$src/$p has no diff"
		echo "$topic/$p"
	done < "$src/series"
} > "$tmp/series"

# Copy what changed; remove patches of the topic that the series no
# longer has.
mkdir -p "$out/$topic"
changed=0
for f in $(sed '/^#/d' "$tmp/series") series; do
	if ! cmp -s "$tmp/$f" "$out/$f"; then
		cp "$tmp/$f" "$out/$f.new"
		mv -f "$out/$f.new" "$out/$f"
		changed=$((changed + 1))
	fi
done
for f in "$out/$topic"/*; do
	[ -e "$f" ] || continue
	[ -f "$tmp/$topic/${f##*/}" ] || { rm -f "$f"; changed=$((changed + 1)); }
done
if [ "$changed" = 0 ]; then
	step "$out is up to date ($total patches in $topic/, and series)"
else
	step "wrote $changed file(s) of $out: $total patches in $topic/, and series (the lines for debian/patches/series)"
fi
