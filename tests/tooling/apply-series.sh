#!/bin/sh
# scripts/build/apply-series.sh on a patch that does not apply: the patch
# is named, git's message shown, and the tree left clean at base, with
# nothing half-applied. Runs on a scratch clone of $KSRC.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"
tap_init

scratch=$check_dir/scratch
cp -r "$PATCHES" "$check_dir/bad"
scratch_clone "$scratch" "$check_dir/bad" series
# break the kernel patch: a context line that is not in the base
sed -i 's/^-#define BPF_OBJ_LAST_FIELD file_flags$/-#define BPF_OBJ_LAST_FIELD broken/' \
	"$check_dir"/bad/0002-*.patch
grep -q 'BPF_OBJ_LAST_FIELD broken' "$check_dir"/bad/0002-*.patch ||
	die "could not break patch 0002 (its text changed?)"
rc=0
KSRC=$scratch PATCHES=$check_dir/bad "$TOP/scripts/build/apply-series.sh" > "$check_dir/out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q 'patch 0002-.* does not apply' "$check_dir/out" &&
   grep -q 'patch does not apply' "$check_dir/out"; then
	ok "a patch that does not apply is named, with git's error"
else
	not_ok "apply-series on a broken patch: status $rc"
	sed 's/^/# /' "$check_dir/out"
fi
if [ "$(git -C "$scratch" rev-parse HEAD)" = "$(git -C "$scratch" rev-parse base)" ] &&
   [ -z "$(git -C "$scratch" status --porcelain --untracked-files=no)" ] &&
   [ ! -d "$scratch/.git/rebase-apply" ]; then
	ok "and the tree is left clean at base, no git am in progress"
else
	not_ok "the tree is not clean at base after the failed apply"
fi
rm -rf "$scratch"
tap_done
