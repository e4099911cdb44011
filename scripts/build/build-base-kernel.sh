#!/bin/sh
# The unpatched kernel: tag base of $KSRC, checked out in the worktree
# $KSRC_BASE (which checks/series.sh then takes patch by patch), built
# with the same fragment in $KOBJ_BASE and kept as $BZ_BASE. Nothing is
# done when $BZ_BASE was built from the same base, fragment and script.
set -eu
. "$(dirname "$0")/../lib.sh"

key=$( (git -C "$KSRC" rev-parse base; cat $FRAGMENT "$TOP/scripts/build/build-kernel.sh") |
	sha256sum | cut -d' ' -f1)
if [ -f "$BZ_BASE" ] && [ "$(cat "$BZ_BASE.key" 2>/dev/null)" = "$key" ]; then
	exit 0
fi
[ -d "$KSRC_BASE" ] || git -C "$KSRC" worktree add -q --detach "$KSRC_BASE" base
git -C "$KSRC_BASE" am --abort >/dev/null 2>&1 || true
git -C "$KSRC_BASE" checkout -q -f --detach base
step "building the unpatched kernel"
"$TOP/scripts/build/build-kernel.sh" "$KSRC_BASE" "$KOBJ_BASE" > /dev/null
mkdir -p "$IMAGES"
cp "$KOBJ_BASE/${BZ_PATCHED#"$KOBJ"/}" "$BZ_BASE"
echo "$key" > "$BZ_BASE.key"
echo "$BZ_BASE"
