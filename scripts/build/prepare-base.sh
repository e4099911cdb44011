#!/bin/sh
# Unpack Debian's linux-source-6.1 into $KSRC as a git repository with a
# single commit tagged "base". Reruns are no-ops once the tag exists.
set -eu
. "$(dirname "$0")/../lib.sh"

if git -C "$KSRC" rev-parse -q --verify refs/tags/base >/dev/null 2>&1; then
	exit 0
fi
[ ! -e "$KSRC" ] || die "$KSRC exists but has no 'base' tag; remove it and rerun"
{ git config user.name && git config user.email; } >/dev/null ||
	die "git has no user.name or user.email: the series is applied with git am, which needs an identity (git config --global user.name ...; user.email ...)"

trap 'rm -rf "$KSRC.tmp"' EXIT
tmp=$(unpack_to_tmp "$TARBALL" "$KSRC")
version=$(make -s -C "$tmp" kernelversion)
step "committing the Linux $version tree (about 30 s)"
cd "$tmp"
git init -q
git config gc.auto 0
# -f: Debian's top-level .gitignore has '/*' (then only '!/debian/'),
# which ignores everything else.
git add -f -A
git commit -q -m "Debian linux-source-6.1 $version" \
	-m "Unpacked from $(basename "$TARBALL") of Debian package linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)."
git tag base
git branch -m series
cd "$TOP"
mv "$tmp" "$KSRC"
trap - EXIT
