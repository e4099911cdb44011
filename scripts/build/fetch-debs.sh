#!/bin/sh
# Fetch .deb files of exact versions from a Debian suite other than the
# system's (bookworm-backports, trixie) and unpack them, without
# touching the system's apt setup: the sources list, package lists and
# cache are private to $BUILD/apt.
#   fetch-debs.sh SUITE DEST NAME=VERSION...
# FETCH_ARCH=arm64 (s390x, ...) fetches that architecture's packages,
# with lists of their own; the system's dpkg never learns of the arch.
# Each package is downloaded once into $BUILD/debs and unpacked with
# dpkg -x into DEST (made anew when a package in it changed; DEST "-"
# unpacks nothing). The paths of the .deb files are printed, one a line.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"
# shellcheck source=scripts/lib/apt.sh
. "$TOP/scripts/lib/apt.sh"

[ $# -ge 3 ] || die "usage: $me SUITE DEST NAME=VERSION..."
suite=$1
dest=$2
shift 2

arch=${FETCH_ARCH:-$(dpkg --print-architecture)}
apt=$APT/$suite
[ -z "${FETCH_ARCH:-}" ] || apt=$APT/$suite-$arch
debs=$DEBS
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$debs"
# The Debian archive this machine's apt already uses for the suite, or
# for the release's own suite (scripts/lib/apt.sh).
mirror=$(apt_mirror "$suite")
# written only when it differs, so that a rerun writes nothing in build/
[ "$(cat "$apt/sources.list" 2>/dev/null)" = "deb $mirror $suite main" ] ||
	echo "deb $mirror $suite main" > "$apt/sources.list"
aptopts="-q -o Dir::Etc::SourceList=$apt/sources.list -o Dir::Etc::SourceParts=/dev/null
	-o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache
	-o Dir::State::status=/dev/null -o APT::Sandbox::User=root
	-o APT::Architecture=$arch -o APT::Architectures::=$arch"

files=
for spec in "$@"; do
	name=${spec%%=*}
	version=${spec#*=}
	[ "$name" != "$spec" ] || die "$spec: expected NAME=VERSION"
	# apt-get download names the file NAME_VERSION_ARCH.deb, with an
	# epoch's ':' written as %3a.
	stem=$debs/${name}_$(echo "$version" | sed 's/:/%3a/')
	file=$(ls "${stem}_$arch.deb" "${stem}_all.deb" 2>/dev/null | head -n 1)
	if [ -z "$file" ]; then
		if [ ! -f "$apt/lists/.updated" ]; then
			step "apt-get update for $suite (private lists in $apt)"
			# shellcheck disable=SC2086
			apt-get $aptopts update >/dev/null ||
				die "apt-get update of $suite from $mirror failed (is the mirror reachable?)"
			touch "$apt/lists/.updated"
		fi
		step "downloading $name=$version from $suite"
		# shellcheck disable=SC2086
		if ! (cd "$debs" && apt-get $aptopts download "$name:$arch=$version" >/dev/null); then
			# the lists may predate the version: refresh them once
			step "refreshing the package lists of $suite"
			apt-get $aptopts update >/dev/null ||
				die "apt-get update of $suite from $mirror failed (is the mirror reachable?)"
			(cd "$debs" && apt-get $aptopts download "$name:$arch=$version" >/dev/null) ||
				die "cannot download $name:$arch=$version from $suite (is the version still in the archive?)"
		fi
		file=$(ls "${stem}_$arch.deb" "${stem}_all.deb" 2>/dev/null | head -n 1)
		[ -n "$file" ] || die "$name=$version: no .deb in $debs after download"
	fi
	deb=$file
	files="$files $deb"
done

# Unpack into a fresh directory when the set of packages changed.
# shellcheck disable=SC2086 # the .deb files, one word each
key=$(key_of $files)
if [ "$dest" != - ] && { [ ! -d "$dest" ] || ! key_fresh "debs/$(echo "$dest" | tr / _)" "$key"; }; then
	rm -rf "$dest.tmp"
	mkdir -p "$dest.tmp"
	for f in $files; do
		dpkg -x "$f" "$dest.tmp" || die "dpkg -x $f failed"
	done
	rm -rf "$dest"
	mv "$dest.tmp" "$dest"
	key_record "debs/$(echo "$dest" | tr / _)" "$key"
fi
for f in $files; do
	echo "$f"
done
