#!/bin/sh
# Every recipe of README.md and docs/*.md, run as written. A recipe is a
# fenced block whose info string is "sh"; the other blocks (output,
# synopses, the make commands of the quick start) are not run, so a
# command meant to be typed as it stands goes in an "sh" block. The
# blocks of one file run in its order, in one shell (sh -eu), as a
# reader follows the file: from the top of a copy of the repository
# (its tracked files and the new ones), where they may write what they
# like (one copy for each file: the files run side by side). A copy's
# build folder links to what make already built here (the kernels, the
# guest, test_progs, the examples, the fetched packages, the kernel
# tree), so that a recipe finds it built. One TAP test per recipe;
# a file's recipes after a failed one are not run, and fail.
#   checks/recipes.sh [FILE...]   (default: README.md docs/*.md)
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

[ $# -gt 0 ] || set -- "$TOP/README.md" "$TOP"/docs/*.md
# A copy of the repository for each file, whose build folder links to
# what make built here: each entry of $BUILD, but for the files every
# make writes there and the checks' results and caches, which are the
# copy's own. The recipes make nothing that is shared: their make
# commands only fetch (libbpf-1.4.6, b4), which is up to date here.
make_copy() { # dir
	rm -rf "$1"
	mkdir -p "$1/build"
	repo_copy "$1"
	for e in "$BUILD"/*; do
		case ${e##*/} in env.sh | results | cache | .*) continue ;; esac
		ln -s "$e" "$1/build/${e##*/}"
	done
}

# "LINE" then the recipe's lines, for each sh block of file $1, as
# files $2.N (N from 1), with $2.N.line its first line's number
extract() { # file prefix
	awk -v p="$2" '
		/^```sh[ \t]*$/ { n++; f = p "." n; print NR + 1 > (f ".line"); on = 1; next }
		on && /^```/ { on = 0; close(f); next }
		on { print > f }' "$1"
}

for doc in "$@"; do
	rel=${doc#"$TOP"/}
	base=$check_dir/$(echo "$rel" | tr / _)
	extract "$doc" "$base"
	[ -f "$base.1" ] || continue
	# The file's recipes as one script, run by one shell: each recipe
	# starts where the one before left the current directory and the
	# variables. A line in $base.done says which recipes ended.
	: > "$base.done"
	n=1
	while [ -f "$base.$n" ]; do
		cat "$base.$n"
		printf '\necho %s >> %s\n' "$n" "$base.done"
		n=$((n + 1))
	done > "$base.run"
done
# The files' recipes run side by side, each file's in its own shell.
for doc in "$@"; do
	base=$check_dir/$(echo "${doc#"$TOP"/}" | tr / _)
	[ -f "$base.run" ] || continue
	make_copy "$base.repo"
	(start=$(date +%s)
	 rc=0
	 # (git's automatic gc after a commit of the kernel tree would go on
	 # packing in the background, behind the check's back: off here)
	 (cd "$base.repo" && env -u BUILD -u PREFIX -u RESULTS -u CACHE -u CHECK_NAME -u ARCHES -u CROSS_ARCHES \
		GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=gc.auto GIT_CONFIG_VALUE_0=0 \
		timeout 600 sh -eu "$base.run") > "$base.out" 2>&1 < /dev/null || rc=$?
	 echo "$rc $(($(date +%s) - start))" > "$base.status") &
done
wait
for doc in "$@"; do
	rel=${doc#"$TOP"/}
	base=$check_dir/$(echo "$rel" | tr / _)
	[ -f "$base.status" ] || continue
	read -r rc secs < "$base.status"
	n=1
	while [ -f "$base.$n" ]; do
		what="$rel:$(cat "$base.$n.line")"
		last=$(tail -n 1 "$base.done")
		if grep -qx "$n" "$base.done"; then
			ok "$what: the recipe ran as written"
		elif [ "$n" = "$((${last:-0} + 1))" ]; then
			not_ok "$what: the recipe failed (status $rc; the file's recipes took $secs s)"
			sed 's/^/# | /' "$base.$n" | head -n 20
			tail -n 15 "$base.out" | sed 's/^/# /'
		else
			not_ok "$what: not run, after the recipe that failed"
		fi
		n=$((n + 1))
	done
done
[ "$tap_n" -gt 0 ] || not_ok "no recipe found in $*"
tap_done
