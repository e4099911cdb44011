#!/bin/sh
# The series as a distribution kernel team takes it: make export-debian's
# quilt patches, pushed with quilt on top of Debian's own patch stack of
# the linux source package that linux-source-6.1 was built from, must
# apply without fuzz or offset and give the files of build/linux's
# series branch.
#   checks/debian-quilt.sh [PATCHES_DIR]
# The source package (about 140 MB) is fetched once per version with a
# private apt setup (scripts/build/fetch-source.sh) into $DEBIAN_SRC;
# DEBIAN_LINUX_VERSION=V takes another version than linux-source-6.1's.
# It is unpacked with dpkg-source --skip-patches, Debian's
# debian/patches/series is pushed with quilt, the exported patches are
# added to it as a kernel team adds them, and pushed one by one. Before
# them, a copy of the first one with a context line changed must be
# refused: the check can fail. When the archive does not serve the
# source package, the steps on Debian's stack are skipped (with apt's
# reason) and the patches are pushed on tag base instead, which is
# linux-source-6.1's tree: Debian's tree with its stack applied.
# TAP on stdout; the export, the logs and (when the check fails) the
# tree in $RESULTS/debian-quilt/.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"

dir=$(cd "${1:-$PATCHES}" && pwd)
command -v quilt >/dev/null && command -v dpkg-source >/dev/null ||
	die "quilt or dpkg-source (dpkg-dev) is not installed: make deps"
version=${DEBIAN_LINUX_VERSION:-$(dpkg-query -W -f='${source:Version}' linux-source-6.1 2>/dev/null || :)}
[ -n "$version" ] || die "linux-source-6.1 is not installed, so the version of Debian's linux is unknown: make deps"
git -C "$KSRC" rev-parse -q --verify series >/dev/null || die "$KSRC has no branch series: make series"
tap_init
out=$check_dir
work=$out/work
export_dir=$out/debian-patches
tree=$work/linux
# what is compared with the series branch; and any other file a patch touches
paths="kernel/bpf include/uapi/linux/bpf.h include/linux/bpf.h tools/include/uapi/linux/bpf.h
tools/lib/bpf tools/testing/selftests/bpf/prog_tests/bpf_obj_pinning.c"
secs() { echo $(($(date +%s) - $1)); }

# quilt in the tree, with no quiltrc or QUILT_* settings of the user's
q() {
	(cd "$tree" &&
	 unset QUILT_PUSH_ARGS QUILT_PATCH_OPTS QUILT_SERIES QUILT_DIFF_ARGS QUILT_PC &&
	 QUILT_PATCHES=debian/patches quilt --quiltrc - "$@")
}
# those of paths $3... that revision $1 of $KSRC has, into directory $2
archive() { # rev dir path...
	a_rev=$1
	a_dir=$2
	shift 2
	a_list=
	for p in "$@"; do
		! git -C "$KSRC" cat-file -e "$a_rev:$p" 2>/dev/null || a_list="$a_list $p"
	done
	mkdir -p "$a_dir"
	# shellcheck disable=SC2086 # the paths, one word each
	[ -z "$a_list" ] || git -C "$KSRC" archive "$a_rev" -- $a_list | tar -x -C "$a_dir"
}
# the files that differ between directory $1 (revision $2's) and the
# tree, under paths $3..., one a line
differ() { # dir rev path...
	d_dir=$1
	d_rev=$2
	shift 2
	for p in "$@"; do
		[ -e "$d_dir/$p" ] || [ -e "$tree/$p" ] || continue
		diff -rq "$d_dir/$p" "$tree/$p" 2>&1 | sed \
			-e "s|^Files $d_dir/\([^ ]*\) and .*|\1|" \
			-e "s|^Only in $d_dir/\(.*\): \(.*\)|\1/\2 (only in $d_rev)|" \
			-e "s|^Only in $tree/\(.*\): \(.*\)|\1/\2 (only in the quilt tree)|" \
			-e "s|^diff: $d_dir/\(.*\): No such.*|\1 (not in $d_rev)|" \
			-e "s|^diff: $tree/\(.*\): No such.*|\1 (not in the quilt tree)|"
	done
}
# "N files (the first five, ...) differ": the lines of file $1
summary() {
	awk '{ n++; if (n <= 5) l = l (n > 1 ? ", " : "") $0 }
		END { printf "%d %s (%s%s) %s\n", n, (n > 1 ? "files" : "file"), l,
			(n > 5 ? ", ..." : ""), (n > 1 ? "differ" : "differs") }' "$1"
}

# 1. the export
if DEBIAN_PATCHES=$export_dir "$TOP/scripts/build/export-debian.sh" "$dir" > "$out/export.log" 2>&1; then
	topic_series=$(sed '/^#/d' "$export_dir/series")
	ok "make export-debian writes $(echo "$topic_series" | grep -c .) quilt patches and their series lines (in $export_dir)"
else
	not_ok "make export-debian failed: $(tail -n 1 "$out/export.log")"
	tap_done
	exit 1
fi
extra=$(echo "$topic_series" | sed "s|^|$export_dir/|" | xargs sed -n 's|^+++ b/||p' | sort -u)
for f in $extra; do
	for p in $paths; do
		case $f in "$p" | "$p"/*) continue 2 ;; esac
	done
	paths="$paths $f"
done

# 2. Debian's source package, and 3. its own patch stack
rm -rf "$work"
mkdir -p "$work"
dest=$DEBIAN_SRC/linux_$version
cached=
[ ! -f "$dest/.suite" ] || cached=", cached"
start=$(date +%s)
if dsc=$("$TOP/scripts/build/fetch-source.sh" "linux=$version" "$dest" 2> "$out/fetch.log"); then
	ok "Debian's linux $version source package, from $(cat "$dest/.suite") ($(du -sh "$dest" | cut -f1)$cached, $(secs "$start") s)"
	start=$(date +%s)
	step "unpacking $dsc (dpkg-source --skip-patches -x)"
	dpkg-source --skip-patches -x "$dsc" "$tree" > "$out/dpkg-source.log" 2>&1 ||
		die "dpkg-source -x $dsc failed ($out/dpkg-source.log): remove $dest to fetch it again"
	unpacked=$(secs "$start")
	start=$(date +%s)
	step "quilt push -a: Debian's patch stack (seconds)"
	if q push -a --fuzz=0 > "$out/quilt-debian.log" 2>&1; then
		ok "Debian's patch stack applies with quilt push -a --fuzz=0: $(q applied | grep -c .) patches (unpacked in $unpacked s, pushed in $(secs "$start") s)"
	else
		not_ok "Debian's patch stack does not apply with quilt: $(grep -m 1 -i 'does not apply\|FAILED' "$out/quilt-debian.log") ($out/quilt-debian.log)"
		tap_done || :
		exit 1
	fi
	# shellcheck disable=SC2086 # the paths, one word each
	archive base "$work/base" $paths
	# shellcheck disable=SC2086
	differ "$work/base" base $paths > "$out/differ-base.txt"
	if [ ! -s "$out/differ-base.txt" ]; then
		ok "with Debian's stack, the compared paths are linux-source-6.1's (tag base)"
	else
		not_ok "with Debian's stack, $(summary "$out/differ-base.txt") from linux-source-6.1's (tag base)"
	fi
else
	# apt's first error, without the mirror's address
	why=$(grep -E -m 1 '^E: |error:' "$out/fetch.log" || tail -n 1 "$out/fetch.log")
	why=$(echo "$why" | sed -e 's| *\[IP: [^]]*\]||' -e 's|[a-z]*://[^ ]*/||g' -e 's/  */ /g')
	skip "Debian's linux $version source package: cannot be fetched ($why)"
	skip "Debian's patch stack of linux $version: no source package; the patches go on tag base, linux-source-6.1's tree with that stack applied"
	# shellcheck disable=SC2086
	archive base "$tree" $paths
	mkdir -p "$tree/debian/patches"
	: > "$tree/debian/patches/series"
fi

# 4. The check can fail: a copy of the first patch with one context
# line of its first hunk changed, alone in a series of its own, must be
# refused, and the tree left as it was.
first=$(echo "$topic_series" | head -n 1)
refuse=$work/refuse
mkdir -p "$refuse"
awk '/^@@ / { h = 1 } h == 1 && /^ / && !done { $0 = " X" substr($0, 2); done = 1 } { print }' \
	"$export_dir/$first" > "$refuse/broken.patch"
echo broken.patch > "$refuse/series"
target=$(sed -n 's|^+++ b/||p' "$refuse/broken.patch" | head -n 1)
before=$(cksum < "$tree/$target")
rc=0
(cd "$tree" && unset QUILT_PUSH_ARGS QUILT_PATCH_OPTS QUILT_DIFF_ARGS &&
 QUILT_PATCHES=$refuse QUILT_SERIES=$refuse/series QUILT_PC=.pc-refuse \
	quilt --quiltrc - push --fuzz=0) > "$out/quilt-refuse.log" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q 'does not apply' "$out/quilt-refuse.log" &&
   [ "$(cksum < "$tree/$target")" = "$before" ] && [ ! -d "$tree/.pc-refuse/broken.patch" ]; then
	ok "quilt refuses a copy of ${first##*/} with one context line changed, and leaves $target as it was"
else
	not_ok "quilt did not refuse a copy of ${first##*/} with one context line changed (status $rc, $out/quilt-refuse.log)"
fi
rm -rf "$tree/.pc-refuse"

# 5. The exported patches, added to Debian's series as a kernel team
# adds them, pushed one by one.
top_dir=${first%%/*}
cp -R "$export_dir/$top_dir" "$tree/debian/patches/"
cat "$export_dir/series" >> "$tree/debian/patches/series"
for p in $topic_series; do
	start=$(date +%s)
	rc=0
	q push --fuzz=0 > "$out/quilt-push.log" 2>&1 || rc=$?
	cat "$out/quilt-push.log" >> "$out/quilt-series.log"
	top=$(q top 2>/dev/null || :)
	# "FILE: Hunk #N succeeded at L (offset K lines)." for each such hunk
	offsets=$(awk '/^patching file / { f = $3 }
		/^Hunk #.*(offset|fuzz)/ { printf "%s%s: %s", s, f, $0; s = " " }' "$out/quilt-push.log")
	if [ "$rc" = 0 ] && [ "$top" = "$p" ] && [ -z "$offsets" ]; then
		ok "quilt push --fuzz=0 $p: applies, no offset ($(secs "$start") s)"
	elif [ "$rc" = 0 ] && [ "$top" = "$p" ]; then
		not_ok "quilt push $p applies only with offsets: $offsets"
	else
		not_ok "quilt push --fuzz=0 $p: $(grep -m 1 -E 'does not apply|FAILED|No patch' "$out/quilt-push.log" || echo "status $rc, top is $top") ($out/quilt-series.log)"
		break
	fi
done
rm -f "$out/quilt-push.log"
# DEP-3, as quilt reads each header: the fields a kernel team looks for
bad=
for p in $topic_series; do
	q header "$p" > "$out/header" 2>&1 || :
	for field in '^Description: .' '^ .' '^Origin: backport, commit:[0-9a-f]\{12,40\}$' \
		'^Applied-Upstream: [0-9.]*, commit:[0-9a-f]\{12,40\}$' '^Forwarded: not-needed$'; do
		grep -q "$field" "$out/header" || bad="$bad ${p##*/}:$field"
	done
done
rm -f "$out/header"
if [ -z "$bad" ]; then
	ok "quilt header of each patch has DEP-3's Description (with a long part), Origin: backport, Applied-Upstream and Forwarded"
else
	not_ok "DEP-3 fields missing from quilt header:$bad"
fi

# 6. The files, against the series branch
# shellcheck disable=SC2086
archive series "$work/series" $paths
for p in $paths; do
	differ "$work/series" series "$p" > "$out/differ.txt"
	if [ ! -s "$out/differ.txt" ]; then
		ok "$p: the same as build/linux's series branch"
	else
		not_ok "$p: $(summary "$out/differ.txt") from build/linux's series branch"
		cat "$out/differ.txt" >> "$out/differ-series.txt"
	fi
done
rm -f "$out/differ.txt"

if tap_done; then
	rm -rf "$work"
else
	step "the quilt tree is kept in $tree"
	exit 1
fi
