#!/bin/sh
# Build bzImage from a kernel tree with the minimal config fragment.
#   build-kernel.sh [SRC [OBJ]]   (default: $KSRC, $KOBJ)
# FRAGMENT may name several fragments, merged in order on top of
# tinyconfig (the debug kernel: "minimal.config debug.config"); a later
# fragment's setting of an option wins. KMAKEARGS are passed to every
# make (LLVM=1 for clang) and TARGET (default bzImage) is what is built.
# The config is made again only when the fragment changed; the build
# itself is an ordinary incremental kbuild run in the object directory.
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/kbuild.sh
. "$TOP/scripts/lib/kbuild.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

src=$(cd "${1:-$KSRC}" && pwd)
target=${TARGET:-bzImage}
if [ -n "${MAKE_DRY_RUN:-}" ]; then
	step "make -n: would build $target of $src in ${2:-$KOBJ} if anything changed"
	exit 0
fi
# gcc through ccache, and its flags (scripts/lib/kbuild.sh)
kmake() {
	kbuild_make "${KMAKEARGS:-}" -C "$src" O="$obj" "$@"
}
obj=${2:-$KOBJ}
mkdir -p "$obj"
obj=$(cd "$obj" && pwd)

# Objects record absolute source paths: a moved tree needs a clean build.
if [ -f "$obj/.config" ] && [ "$(cat "$obj/.source" 2>/dev/null)" != "$src" ]; then
	step "$obj was built from another source tree; cleaning it"
	find "$obj" -mindepth 1 -delete
fi
# (written only when it changes: a build with nothing to do writes
# nothing, so that make check can tell its checks' inputs unchanged)
[ "$(cat "$obj/.source" 2>/dev/null)" = "$src" ] || echo "$src" > "$obj/.source"
frag=$(mktemp)
trap 'rm -f "$frag"' EXIT

# shellcheck disable=SC2086
{ cat $FRAGMENT; [ -z "${KMAKEARGS:-}" ] || echo "# make arguments: $KMAKEARGS"; } > "$frag"
if [ ! -f "$obj/.config" ] || ! cmp -s "$frag" "$obj/.config.fragment"; then
	step "configuring $obj: tinyconfig +$(for f in $FRAGMENT; do printf ' %s' "$(basename "$f")"; done)"
	rm -f "$obj/.config.fragment"
	kmake -s tinyconfig >/dev/null
	# shellcheck disable=SC2086
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $FRAGMENT >/dev/null 2>&1
	kmake -s olddefconfig >"$obj/config.log" 2>&1
	# merge_config only warns when an option cannot be set; fail instead.
	# Each option's last setting in the fragments is the one that counts.
	missing=$(sed -n 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p; /^CONFIG_/p' \
			"$frag" | awk -F= '{ v[$1] = $0; if (!($1 in o)) o[$1] = NR }
			END { for (k in v) print o[k], v[k] }' | sort -n | cut -d' ' -f2 |
		while read -r opt; do
			case $opt in
			*=n) ! grep -q "^${opt%=n}=" "$obj/.config" || printf ' %s' "$opt" ;;
			*) grep -qx "$opt" "$obj/.config" || printf ' %s' "$opt" ;;
			esac
		done)
	[ -z "$missing" ] || die "options of $FRAGMENT not set in .config:$missing"
	cp "$frag" "$obj/.config.fragment"
fi

# Nothing to do when this target was built from the same configuration
# and compiler flags, and no file of the source tree changed since that
# build started: kbuild itself takes 10 s or more to find that out, this
# a second.
name=kbuild/$(echo "$obj" | tr / _)-$target
key=$(key_of -s "$(kbuild_vars "${KMAKEARGS:-}")" "$obj/.config.fragment" "$obj/.config")
if key_fresh "$name" "$key" &&
   [ -z "$(find "$src" -path "$src/.git" -prune -o -newer "$(key_file "$name")" -print -quit)" ]; then
	step "$target in $obj is up to date"
	case ${KMAKEARGS:-} in
	*ARCH=*) ;;
	*) [ "$target" != bzImage ] || echo "$obj/${BZ_PATCHED#"$KOBJ"/}" ;;
	esac
	exit 0
fi
key_forget "$name"

if [ -f "$obj/vmlinux" ]; then
	step "building $target in $obj${KMAKEARGS:+ ($KMAKEARGS)} (incremental)"
else
	step "building $target in $obj${KMAKEARGS:+ ($KMAKEARGS)} (cold: 10 to 15 minutes on 2 cores, more beside another build)"
fi
log=$obj/build.log
started=$(date +%s)
# Full output to the log; every 100th line to the terminal as progress.
# shellcheck disable=SC2046 # -jN, or nothing with make's job server
{ rc=0; kmake $(kbuild_jobs) "$target" 2>&1 || rc=$?; echo $rc >"$log.rc"; } |
	tee "$log" | awk 'NR % 100 == 0 { print "    [" NR " lines] " $0; fflush() }' >&2
if [ "$(cat "$log.rc")" != 0 ]; then
	grep -E 'error:|\*\*\*' "$log" | head -20 >&2 || true
	die "kernel build failed, full log in $log"
fi
# dated when the build started, so that a file changed during it is newer
key_record "$name" "$key" "$started"
# (nothing to count when make runs silently, as under "make -s")
n=$(grep -cE '^\s*(CC|LD|BTF)\b' "$log" || true)
step "$target in $obj built in $(($(date +%s) - started)) s ($n objects rebuilt)"
# the x86 image's path (a cross build's is IMG_A of mk/paths.mk)
case ${KMAKEARGS:-} in
*ARCH=*) ;;
*) [ "$target" != bzImage ] || echo "$obj/${BZ_PATCHED#"$KOBJ"/}" ;;
esac
