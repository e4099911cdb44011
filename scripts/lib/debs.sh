# shellcheck shell=sh
# The packages of make deb and make deb-base (scripts/build/build-deb.sh)
# as the image build and the debian-system check look for them. Sourced
# after scripts/lib.sh.
#   deb_releases        sets kver, rel and rel_base: the tree's kernel
#                       version, and the releases of the two packages
#   deb_one GLOB        the one file GLOB names, or stop
# shellcheck disable=SC2034 # for the scripts that source this file
deb_releases() {
	kver=$(make -s -C "$KSRC" kernelversion)
	rel=$kver$DEB_LOCALVERSION
	rel_base=$kver$DEB_BASE_LOCALVERSION
}
deb_one() { # glob
	# shellcheck disable=SC2086 # a glob
	set -- $1
	[ $# = 1 ] && [ -f "$1" ] || die "no single $1 (make deb deb-base)"
	echo "$1"
}
