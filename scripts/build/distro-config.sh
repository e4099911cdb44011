#!/bin/sh
# Hold config/distro.config to what its markers say of each line, against
# Debian's own config: the /boot/config-* of bookworm's linux-image
# package DISTRO_KERNEL (mk/paths.mk), fetched once with the private apt
# setup (fetch-debs.sh) into $DEBS.
#   ## debian            the line is in Debian's config as it is here
#                        ("# CONFIG_X is not set": X is not set there)
#   ## debian, built in  CONFIG_X=y here, CONFIG_X=m there
#   ## ours              not compared
#   distro-config.sh [DEBIAN_CONFIG]
# Prints "N lines as in Debian's config-RELEASE" and exits 0, or names
# each line that is not and exits 1. Debian's config is kept as
# $DEBS/config-RELEASE.
set -eu
. "$(dirname "$0")/../lib.sh"

frag=$TOP/config/distro.config
debconf=${1:-}
if [ -z "$debconf" ]; then
	name=${DISTRO_KERNEL%%=*}
	debconf=$DEBS/config-${name#linux-image-}
	if [ ! -f "$debconf" ]; then
		deb=$("$TOP/scripts/build/fetch-debs.sh" "$DISTRO_KERNEL_SUITE" - "$DISTRO_KERNEL")
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./boot/${debconf##*/}" > "$debconf.tmp" ||
			die "$deb has no /boot/${debconf##*/}"
		mv "$debconf.tmp" "$debconf"
	fi
fi
[ -s "$debconf" ] || die "$debconf: no such config"

awk -v debconf="$debconf" '
	BEGIN {
		while ((getline line < debconf) > 0) {
			if (line ~ /^CONFIG_/) {
				eq = index(line, "=")
				deb[substr(line, 1, eq - 1)] = substr(line, eq + 1)
			} else if (line ~ /^# CONFIG_[A-Za-z0-9_]* is not set$/) {
				split(line, w, " ")
				deb[w[2]] = "n"
			}
		}
	}
	/^## / { mode = substr($0, 4); next }
	/^CONFIG_/ || /^# CONFIG_[A-Za-z0-9_]* is not set$/ {
		if (/^#/) { split($0, w, " "); opt = w[2]; val = "n" }
		else { eq = index($0, "="); opt = substr($0, 1, eq - 1); val = substr($0, eq + 1) }
		# an option absent from a config is not set there
		have = (opt in deb) ? deb[opt] : "n"
		if (mode == "debian") {
			n++
			if (have != val) { printf "%s:%d: %s, but Debian has %s\n", FILENAME, NR, $0, (have == "n" ? "it not set" : opt "=" have); bad++ }
		} else if (mode == "debian, built in") {
			n++
			if (val != "y" || have != "m") { printf "%s:%d: %s, but Debian has %s (this section is for its modules)\n", FILENAME, NR, $0, (have == "n" ? "it not set" : opt "=" have); bad++ }
		} else if (mode != "ours") {
			printf "%s:%d: %s is under no marker (## debian, ## debian, built in, ## ours)\n", FILENAME, NR, $0; bad++
		}
	}
	END {
		if (bad) exit 1
		printf "%d lines as in Debian'"'"'s %s\n", n, debconf
	}' "$frag"
