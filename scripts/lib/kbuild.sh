# shellcheck shell=sh
# kbuild_cc: the compiler every kernel build of the project passes to
# kbuild (CC=), so that an object directory is never rebuilt because two
# scripts named the compiler differently. Sourced after scripts/lib.sh.
#
# gcc runs through ccache (clang, LLVM=1, as it is): the unpatched 6.1
# tree differs from the patched one only in the files that include a
# header or file the series changes, so make kernel-base and the series
# check's patch-by-patch builds take most objects from the cache that
# make kernel filled. The cache is $CCACHE_DIR, ccache's own default
# place (~/.cache/ccache, mk/paths.mk), which every clone shares: a
# fresh clone compiles only what no clone compiled before. Depend mode hashes the headers that the
# compiler's -MMD file lists, instead of running the preprocessor again
# on every miss; paths under $BUILD are hashed relative to the object
# directory (build/linux beside build/kbuild, build/check/linux beside
# build/check/kbuild: the same relative layout), and the absolute
# -fmacro-prefix-map= of an O= build is left out of the hash, since it
# maps either tree to the same relative __FILE__. An object taken from
# the cache keeps the debug info source paths of the tree that compiled
# it; BTF does not use them. ccache hashes the object's own path for
# the gcov objects of the debug kernel, which record it.
#   kbuild_cc KMAKEARGS   prints "ccache [CROSS_COMPILE]gcc", or nothing
kbuild_cc() {
	case " $1 " in
	*" LLVM=1 "*) return 0 ;;
	esac
	# shellcheck disable=SC2086 # make arguments, one word each
	printf 'ccache %sgcc\n' "$(printf '%s\n' $1 | sed -n 's/^CROSS_COMPILE=//p')"
}
# kbuild_kcflags KMAKEARGS   prints the KCFLAGS of a gcc build (with
# the caller's own $KCFLAGS first), or only the caller's for clang.
# -fno-var-tracking: gcc's record of where each local variable lives,
# instruction by instruction, costs about an eighth of the compile time
# of an object with debug info (measured on eight large objects of the
# patched kernel), and nothing here reads it: BTF is made from types
# and prototypes, and the reports splat-scan reads come from the line
# table and the unwinder (ORC on x86). DEBUG_INFO_REDUCED passes the
# same flag, but also drops the struct types that BTF needs.
kbuild_kcflags() {
	case " $1 " in
	*" LLVM=1 "*) printf '%s\n' "${KCFLAGS:-}" ;;
	*) printf '%s\n' "${KCFLAGS:+$KCFLAGS }-fno-var-tracking" ;;
	esac
}
# kbuild_ld KMAKEARGS   prints the linker of a native gcc build,
# ld.lld, or nothing: LLVM=1 brings its own, and a cross build keeps GNU
# ld (LLVM 14's lld cannot link s390x). A one-file change relinks vmlinux
# five times (vmlinux.o, the BTF and the two kallsyms passes, the final
# one): with GNU ld that is 3.5 of the 11.5 s x86 kbuild takes after
# touching kernel/bpf/syscall.c, with ld.lld 1.5 s. The kernel documents
# gcc with LD=ld.lld as supported (Documentation/kbuild/llvm.rst), and
# every LLVM=1 kernel build links with it.
kbuild_ld() {
	case " $1 " in
	*" LLVM=1 "* | *" CROSS_COMPILE="*) ;;
	*) echo ld.lld ;;
	esac
}
# kbuild_vars KMAKEARGS   the variables every make of a kernel tree
# gets, from the three above: "NAME=value" a line, the empty ones left
# out. build-kernel.sh's up-to-date key is made from the same lines.
kbuild_vars() {
	kb_v=$(kbuild_cc "$1")
	[ -z "$kb_v" ] || echo "CC=$kb_v"
	kb_v=$(kbuild_kcflags "$1")
	[ -z "$kb_v" ] || echo "KCFLAGS=$kb_v"
	kb_v=$(kbuild_ld "$1")
	[ -z "$kb_v" ] || echo "LD=$kb_v"
}
# kbuild_make KMAKEARGS MAKEARG...   runs make MAKEARG... KMAKEARGS and
# kbuild_vars: every make of a kernel tree goes through it, so that an
# object is never rebuilt (nor .config made again, which records the
# linker) because one script passed them and another did not.
kbuild_make() {
	kb_vars=$(kbuild_vars "$1")
	kb_args=$1
	shift
	# shellcheck disable=SC2086 # make arguments, one word each
	set -- "$@" $kb_args
	# the variables one a line: a value may hold spaces ("ccache gcc")
	kb_ifs=$IFS
	IFS='
'
	# shellcheck disable=SC2086
	set -- "$@" $kb_vars
	IFS=$kb_ifs
	if [ -n "${MAKE_JOBSERVER:-}" ]; then
		MAKEFLAGS=$MAKE_JOBSERVER make "$@"
	else
		make "$@"
	fi
}
# kbuild_jobs: the -j of a kernel build: none when it joins the job
# server of the make that ran it (lib.sh), else one job per core.
kbuild_jobs() {
	[ -n "${MAKE_JOBSERVER:-}" ] || echo "-j$NPROC"
}
export CCACHE_DIR CCACHE_BASEDIR="$BUILD" CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1 \
	CCACHE_IGNOREOPTIONS='-fmacro-prefix-map=*' CCACHE_MAXSIZE=8G
