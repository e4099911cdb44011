#!/bin/sh
# The MAINTAINERS waiver of checks/checkpatch.sh must refuse a new file
# that no entry but "THE REST" covers: the series' patch that adds a
# file, made to add it as the top-level CREDITS instead, has to fail
# with FILE_PATH_CHANGES.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

dir=$check_dir/uncovered
mkdir -p "$dir"
new=$(grep -l '^new file mode' "$PATCHES"/0*.patch | head -n 1)
[ -n "$new" ] || die "no patch of $PATCHES adds a file: nothing to turn into an uncovered one"
file=$(awk '/^diff --git /{f=$4} /^new file mode/{sub("^b/","",f); print f; exit}' "$new")
sed "s|$file|CREDITS|g" "$new" > "$dir/0001-uncovered.patch"
echo 0001-uncovered.patch > "$dir/series"
rc=0
: > "$dir/no-waivers"
RESULTS=$check_dir "$TOP/scripts/checks/checkpatch.sh" "$dir" "$dir/no-waivers" > "$check_dir/out" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q '^not ok 1 - checkpatch 0001-uncovered.patch$' "$check_dir/out" &&
   grep -q ':FILE_PATH_CHANGES:' "$check_dir/out"; then
	ok "the MAINTAINERS waiver refuses a new file that only THE REST covers"
else
	not_ok "the MAINTAINERS waiver accepted a new file that no entry covers (status $rc)"
	sed 's/^/# /' "$check_dir/out"
fi
tap_done
