#!/bin/sh
# Debian packages of the kernel, with kbuild's bindeb-pkg: linux-image-
# RELEASE (the kernel, System.map and config in /boot; the maintainer
# scripts run /etc/kernel/*.d, where initramfs-tools makes the initrd),
# linux-headers-RELEASE, linux-libc-dev (the uapi headers: the patched
# <linux/bpf.h>) and linux-image-RELEASE-dbg (vmlinux).
#   build-deb.sh patched   the series (branch series of $KSRC): release
#                          6.1.192$DEB_LOCALVERSION, into $DEB
#   build-deb.sh base      the same at tag base, checked out in the
#                          worktree $DEB_SRC_BASE: 6.1.192$DEB_BASE_LOCALVERSION,
#                          into $DEB_BASE
# The config is the patched kernel's fragments and config/distro.config
# ($K_FRAGS_deb, mk/kernels.mk) on top of tinyconfig, made and built by
# build-kernel.sh in DIR/kbuild, where DIR is where the packages go
# (dpkg-buildpackage writes them beside the object directory). The
# version is Debian's of the base tree with a suffix after it
# ($DEB_VERSION_SUFFIX, $DEB_BASE_VERSION_SUFFIX: 6.1.192-3+bpfpathfd1),
# above Debian's own linux-libc-dev of the same kernel, which the
# patched one replaces.
#
# KCONFIG=FILE (patched only): FILE, a whole config such as a Debian
# kernel's /boot/config-*, instead of the fragments, in $DEB_KCONFIG
# (docs/debian-system.md says how long that takes). The paths of the
# packages are printed, one a line.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/kbuild.sh
. "$TOP/scripts/lib/kbuild.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

which=${1:-}
kconfig=${KCONFIG:-}
case $which in
patched)
	src=$KSRC
	out=$DEB
	lv=$DEB_LOCALVERSION
	suffix=$DEB_VERSION_SUFFIX
	if [ -n "$kconfig" ]; then
		[ -f "$kconfig" ] || die "KCONFIG=$kconfig: no such file (give a kernel config, such as /boot/config-$(uname -r))"
		kconfig=$(cd "$(dirname "$kconfig")" && pwd)/$(basename "$kconfig")
		out=$DEB_KCONFIG
	fi ;;
base)
	[ -z "$kconfig" ] || die "KCONFIG is for make deb (the patched kernel) only"
	src=$DEB_SRC_BASE
	out=$DEB_BASE
	lv=$DEB_BASE_LOCALVERSION
	suffix=$DEB_BASE_VERSION_SUFFIX ;;
*) die "usage: $me patched|base" ;;
esac
if [ -n "${MAKE_DRY_RUN:-}" ]; then
	step "make -n: would build the $which tree's packages into $out if anything changed"
	exit 0
fi
git -C "$KSRC" rev-parse -q --verify base >/dev/null ||
	die "$KSRC has no tag base (make base)"
obj=$out/kbuild
mkdir -p "$obj"

if [ "$which" = base ]; then
	# a worktree of its own, so that the series check's one is left alone
	if [ ! -d "$src" ]; then
		step "checking out tag base in $src"
		# -f: also when a worktree of this path was registered and its
		# folder removed since
		git -C "$KSRC" worktree add -f -q --detach "$src" base
	fi
	if [ "$(git -C "$src" rev-parse HEAD)" != "$(git -C "$KSRC" rev-parse 'base^{commit}')" ] ||
	   [ -n "$(git -C "$src" status --porcelain -uno)" ]; then
		git -C "$src" checkout -q -f --detach base
	fi
fi

# 6.1.192, and Debian's revision of the tree's package (from the base
# commit's message, which prepare-base.sh wrote)
kver=$(make -s -C "$src" kernelversion)
debver=$(git -C "$KSRC" log -1 --format=%b base | sed -n 's/.*linux-source-6\.1 \([^ ]*[0-9]\)\.$/\1/p')
[ -n "$debver" ] || debver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
	die "cannot tell the Debian version of the base tree (install linux-source-6.1)"
version=$debver$suffix
release=$kver$lv
# The packages' maintainer: the git identity the series is applied with
# (mkdebian would take root@ this host's name)
DEBEMAIL="$(git config user.name) <$(git config user.email)>"
export DEBEMAIL
# KDEB_COMPRESS: zstd (dpkg 1.21) instead of xz; the -dbg package holds
# vmlinux with its debug info, which xz takes a minute over.
args="LOCALVERSION=$lv KDEB_PKGVERSION=$version KDEB_COMPRESS=zstd"
debs="linux-image-${release}_${version}_amd64.deb linux-headers-${release}_${version}_amd64.deb
	linux-libc-dev_${version}_amd64.deb linux-image-${release}-dbg_${version}_amd64.deb"

if [ -n "$kconfig" ]; then
	# A whole config: copied, its version-specific lines made this
	# tree's by olddefconfig, and its build-time key files left out
	# (Debian's name files that only Debian's build has).
	if ! cmp -s "$kconfig" "$obj/.config.kconfig"; then
		step "configuring $obj from $kconfig"
		rm -f "$obj/.config.kconfig"
		cp "$kconfig" "$obj/.config"
		"$src/scripts/config" --file "$obj/.config" --set-str LOCALVERSION "" \
			--disable LOCALVERSION_AUTO --set-str SYSTEM_TRUSTED_KEYS "" \
			--set-str SYSTEM_REVOCATION_KEYS "" --disable MODULE_SIG_ALL
		# shellcheck disable=SC2086 # make arguments, one word each
		kbuild_make "$args" -C "$src" O="$obj" -s olddefconfig > "$obj/config.log" 2>&1 ||
			die "olddefconfig failed, see $obj/config.log"
		cp "$kconfig" "$obj/.config.kconfig"
	fi
	step "building packages of the patched tree with $kconfig in $obj (hours on 2 cores: docs/debian-system.md)"
	log=$obj/build.log
	rc=0
	# shellcheck disable=SC2046 # -jN, or nothing with make's job server
	kbuild_make "$args" -C "$src" O="$obj" $(kbuild_jobs) bindeb-pkg > "$log" 2>&1 || rc=$?
	[ "$rc" = 0 ] || { grep -E 'error:|\*\*\*' "$log" | head -20 >&2; die "kernel build failed, full log in $log"; }
else
	# the packages are rebuilt when one is missing: build-kernel.sh's
	# key of this target is forgotten (its name as build-kernel.sh makes it)
	for d in $debs; do
		[ -f "$out/$d" ] || key_forget "kbuild/$(echo "$obj" | tr / _)-bindeb-pkg"
	done
	step "packages of the $which tree: $release, version $version"
	# shellcheck disable=SC2154 # from build/env.sh (mk/kernels.mk)
	FRAGMENT="$K_FRAGS_deb" KMAKEARGS="$args" TARGET=bindeb-pkg \
		"$TOP/scripts/build/build-kernel.sh" "$src" "$obj" >/dev/null
fi

for d in $debs; do
	[ -f "$out/$d" ] || die "bindeb-pkg made no $out/$d (see $obj/build.log)"
done
# what is not this version's (an earlier revision) goes
for f in "$out"/*.deb "$out"/*.buildinfo "$out"/*.changes; do
	[ -f "$f" ] || continue
	case $f in
	*"_${version}_amd64".*) ;;
	*) rm -f "$f" ;;
	esac
done
step "packages of $release ($version) in $out:"
for d in $debs; do
	echo "$out/$d"
done
