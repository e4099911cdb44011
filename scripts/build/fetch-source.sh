#!/bin/sh
# Fetch a Debian source package of an exact version (its .dsc and the
# files it names) without touching the system's apt setup: a private
# apt under $DEBIAN_SRC/apt adds "deb-src" lines for the release's own
# suites that this machine's apt sources name (CODENAME,
# CODENAME-updates, CODENAME-security), from the mirrors they name.
#   fetch-source.sh NAME=VERSION DEST
# DEST is made once per version (a name with the version in it is the
# cache key) and then reused; the .dsc's path is printed, and the suite
# that carries the version is written to DEST/.suite.
# Everything goes under $DEBIAN_SRC, which is in $CACHE: a check runs
# this, and make check reuses a check's result only while no file
# outside $CACHE and $RESULTS is newer than its stamp.
set -eu
. "$(dirname "$0")/../lib.sh"

[ $# = 2 ] || die "usage: $me NAME=VERSION DEST"
name=${1%%=*}
version=${1#*=}
[ "$name" != "$1" ] || die "$1: expected NAME=VERSION"
dest=$2
# the .dsc's name: the version without its epoch
dsc=$dest/${name}_${version#*:}.dsc
if [ -f "$dest/.suite" ] && [ -f "$dsc" ]; then
	echo "$dsc"
	exit 0
fi

apt=$DEBIAN_SRC/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || die "/etc/os-release names no VERSION_CODENAME"
# "URI SUITE" for each suite of the release that a "deb" source of this
# machine names: deb822 .sources stanzas and one-line sources.list.
pairs=$( {
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'BEGIN { RS = "" }
			{ t = u = s = ""; on = 1
			  n = split($0, l, "\n")
			  for (i = 1; i <= n; i++) {
				if (l[i] ~ /^Types:/) t = l[i]
				else if (l[i] ~ /^URIs:/) u = l[i]
				else if (l[i] ~ /^Suites:/) s = l[i]
				else if (l[i] ~ /^Enabled:[ \t]*no/) on = 0
			  }
			  if (!on || t !~ /[ \t]deb([ \t]|$)/) next
			  nu = split(u, us, /[ \t]+/); ns = split(s, ss, /[ \t]+/)
			  for (i = 2; i <= nu; i++) for (j = 2; j <= ns; j++) print us[i], ss[j]
			}' "$f"
	done
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk '$1 == "deb" { sub(/ \[[^]]*\]/, ""); print $2, $3 }'
} | awk -v c="$codename" '$2 == c || $2 == c "-updates" || $2 == c "-security"' | sort -u)
[ -n "$pairs" ] ||
	die "no 'deb' source for $codename, $codename-updates or $codename-security in /etc/apt/sources.list{,.d}: cannot tell which Debian mirror to use"
list=$(echo "$pairs" | awk '{ print "deb-src", $1, $2, "main" }')
# written only when it differs, so that a rerun writes nothing
[ "$(cat "$apt/sources.list" 2>/dev/null)" = "$list" ] || echo "$list" > "$apt/sources.list"
aptopts="-q -o Dir::Etc::SourceList=$apt/sources.list -o Dir::Etc::SourceParts=/dev/null
	-o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache
	-o Dir::State::status=/dev/null -o APT::Sandbox::User=root"

step "apt-get update of the deb-src lists of: $(echo "$pairs" | awk '{ print $2 }' | sort -u | tr '\n' ' ')(private lists in $apt)"
# shellcheck disable=SC2086 # the options, one word each
apt-get $aptopts update >/dev/null ||
	die "apt-get update of the deb-src lists failed (is the mirror reachable? $apt/sources.list)"
# Which suite carries NAME VERSION: each suite's Sources index, read
# through apt (the lists may be kept compressed).
# shellcheck disable=SC2086
suites=$(apt-get $aptopts indextargets --format '$(FILENAME) $(RELEASE)' 'Identifier: Sources' |
	while read -r file suite; do
		[ -f "$file" ] || continue
		/usr/lib/apt/apt-helper cat-file "$file" |
			awk -v p="$name" -v v="$version" 'BEGIN { RS = "" }
				$0 ~ ("(^|\n)Package: " p "\n") && index($0, "\nVersion: " v "\n") { f = 1 }
				END { exit !f }' && echo "$suite"
	done | sort -u | tr '\n' ' ')
suites=${suites% }
[ -n "$suites" ] ||
	die "no suite of $apt/sources.list has source package $name $version (is the version still in the archive?)"

rm -rf "$dest.tmp"
trap 'rm -rf "$dest.tmp"' EXIT
mkdir -p "$dest.tmp"
step "downloading source package $name=$version from $suites (once: cached in $dest)"
# shellcheck disable=SC2086
(cd "$dest.tmp" && apt-get $aptopts source --download-only "$name=$version" >/dev/null) ||
	die "cannot download source package $name=$version (from $suites)"
[ -f "$dest.tmp/${dsc##*/}" ] || die "$name=$version: no ${dsc##*/} after the download"
echo "$suites" > "$dest.tmp/.suite"
rm -rf "$dest"
mv "$dest.tmp" "$dest"
echo "$dsc"
