# shellcheck shell=sh
# What every script under scripts/ and tests/tooling/ needs: the
# repository, the facts of mk/*.mk (build/env.sh), progress and errors,
# guest log paths, quoting. Sourced, not run. The rest is by topic under
# scripts/lib/ (tap, guest, test_progs, mail, bench), each sourced by the
# scripts that use it.

# A make that a script runs is its own, with its own -j, but for the
# kernel builds: when make runs a script as a recursive recipe (the
# kernel rules of the Makefile, marked "+"), its job server is kept in
# MAKE_JOBSERVER, and kbuild_make (scripts/lib/kbuild.sh) joins it, so
# that make -jN runs N jobs in all rather than N per kernel build. Under
# make -n such a script runs too: MAKE_DRY_RUN says so, and it only says
# what it would do. Both pass on to the scripts it runs.
case " ${MAKEFLAGS:-} " in
*" --jobserver-auth="*)
	MAKE_JOBSERVER=$(printf '%s\n' "$MAKEFLAGS" | tr ' ' '\n' |
		grep -E -- '^-j[0-9]*$|^--jobserver-auth=' | tr '\n' ' ')
	export MAKE_JOBSERVER ;;
esac
case ${MAKEFLAGS:-} in
-* | '') ;;
*) case ${MAKEFLAGS%% *} in *n*) MAKE_DRY_RUN=1; export MAKE_DRY_RUN ;; esac ;;
esac
unset MAKEFLAGS MFLAGS MAKELEVEL
# The repository: the nearest directory above the script with this file.
TOP=$(cd "$(dirname "$0")" && while [ ! -f scripts/lib.sh ] && [ "$PWD" != / ]; do cd ..; done && pwd)
# The facts of mk/*.mk (paths, test lists, the arch matrix), from the
# file make writes of them (mk/env.mk): made again, by one make call,
# only when an .mk file or the Makefile is newer than it.
BUILD=${BUILD:-$TOP/build}
env_sh=$BUILD/env.sh
if [ ! -f "$env_sh" ] || [ -n "$(find "$TOP/Makefile" "$TOP/mk" -newer "$env_sh" 2>/dev/null | head -n 1)" ]; then
	make -s --no-print-directory -C "$TOP" BUILD="$BUILD" env >&2 ||
		{ echo "lib.sh: error: make could not write $env_sh" >&2; exit 1; }
fi
# shellcheck source=/dev/null # generated: NAME=${NAME-value} lines
. "$env_sh"
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}
# the patched kernel's fragments (mk/kernels.mk): also the unpatched
# kernel's and the series check's
FRAGMENT=${FRAGMENT:-$K_FRAGS_patched}
# shellcheck disable=SC2034 # for the scripts that source this file
NPROC=$(nproc)

# An interrupted script exits through its EXIT trap, which removes its
# temporary files and undoes half-done work.
trap 'exit 130' INT TERM

# Progress and errors go to stderr, prefixed with the script's name.
me=$(basename "$0")
step() { printf '==> %s: %s\n' "$me" "$*" >&2; }
die() { printf '%s: error: %s\n' "$me" "$*" >&2; exit 1; }
# A new console log path for a guest run by RUNNER that was not given
# one: $RESULTS/runs/RUNNER-<time>-<pid>.log. The newest 200 logs there
# are kept.
run_log() { # runner
	mkdir -p "$RESULTS/runs"
	# shellcheck disable=SC2012 # names are ours: no spaces
	ls -t "$RESULTS/runs" | tail -n +200 | sed "s|^|$RESULTS/runs/|" | xargs rm -f
	echo "$RESULTS/runs/$1-$(date +%Y%m%d-%H%M%S)-$$.log"
}
# The arguments as one shell command line, each single-quoted: what a
# guest's shell runs (vmrun's /vmrun/cmd, vng's command string).
shell_quote() {
	for q_arg in "$@"; do
		# the X keeps trailing newlines from the command substitution
		q_arg=$(printf '%sX' "$q_arg" | sed "s/'/'\\\\''/g")
		printf "'%s' " "${q_arg%X}"
	done
}

# A copy of the repository in directory $1 (which exists): the files git
# tracks and those it would track (new ones not yet committed), with
# their times, without build/ or .git. The tooling tests and the recipes
# check work in such a copy.
repo_copy() { # dir
	(cd "$TOP" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 -I{} sh -c '[ ! -e "$1" ] || printf "%s\0" "$1"' sh {} |
		cpio -0pdm --quiet "$1") || die "cannot copy the repository into $1"
}

# Unpack kernel tarball $1 into the new directory $2.tmp and print that
# path; the caller renames it to $2 when it is complete, so a failed or
# interrupted run never leaves a half-made tree at $2. The caller's EXIT
# trap should remove $2.tmp.
unpack_to_tmp() {
	[ -f "$1" ] || die "$1 not found: install its Debian package (make deps)"
	rm -rf "$2.tmp"
	mkdir -p "$2.tmp"
	step "unpacking $1"
	tar -xJf "$1" -C "$2.tmp" --strip-components=1
	echo "$2.tmp"
}
