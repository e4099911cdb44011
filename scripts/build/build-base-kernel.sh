#!/bin/sh
# The unpatched kernel: tag base of $KSRC, checked out in the worktree
# $KSRC_WALK (which checks/series.sh then takes patch by patch), built
# with the same fragment in $KOBJ_WALK and kept as $BZ_BASE. Nothing is
# done when $BZ_BASE was built from the same base, fragment and script.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

# shellcheck disable=SC2086 # FRAGMENT is a list
key=$(key_of -s "$(git -C "$KSRC" rev-parse base)" $FRAGMENT "$TOP/scripts/build/build-kernel.sh")
if [ -f "$BZ_BASE" ] && key_fresh kernel-base "$key"; then
	exit 0
fi
if [ -n "${MAKE_DRY_RUN:-}" ]; then
	step "make -n: would build the unpatched kernel in $KOBJ_WALK"
	exit 0
fi
[ -d "$KSRC_WALK" ] || git -C "$KSRC" worktree add -q --detach "$KSRC_WALK" base
git -C "$KSRC_WALK" am --abort >/dev/null 2>&1 || true
git -C "$KSRC_WALK" checkout -q -f --detach base
step "building the unpatched kernel"
"$TOP/scripts/build/build-kernel.sh" "$KSRC_WALK" "$KOBJ_WALK" > /dev/null
mkdir -p "$IMAGES"
cp "$KOBJ_WALK/${BZ_PATCHED#"$KOBJ"/}" "$BZ_BASE"
key_record kernel-base "$key"
echo "$BZ_BASE"
