#!/bin/sh
# Bisectability and hygiene of the series, patch by patch, in a worktree
# of $KSRC ($BUILD/linux-check, objects in $BUILD/kbuild-check):
#   applies    git am of this patch on top of the previous ones
#   kernel     incremental bzImage build with the config fragment
#   w1         the kernel .c files the series touches, rebuilt with W=1:
#              no warning that the base build does not have
#   sparse     the same files through sparse (C=2): no new warning
#   clang      the same files built with LLVM=1 (Debian's clang): no
#              new warning
#   nosyscall  vmlinux with CONFIG_BPF_SYSCALL=n (config/nosyscall.config)
#              builds, for the stubs in include/linux/bpf.h
#   libbpf     libbpf build, once a patch has touched tools/lib/bpf
#   selftest   focused test_progs build, once the selftest is in
#   checkpatch scripts/checkpatch.pl --strict (see checkpatch-series.sh)
#   headers    uapi bpf.h vs tools/ copy: same difference as in base
#   docs       scripts/bpf_doc.py syscall renders (rst2man --strict), and
#              every .rst the patch touches parses (rst2html --strict)
# The base build is kept as $BUILD/images/bzImage-6.1-unpatched for the
# conformance run. A report that passed for the same series, fragment
# and scripts is reused.
set -eu
. "$(dirname "$0")/lib.sh"

wt=$BUILD/linux-check
obj=$BUILD/kbuild-check
obj_clang=$BUILD/kbuild-check-clang
obj_nosys=$BUILD/kbuild-check-nosyscall
res=$BUILD/results
mkdir -p "$res" "$BUILD/images"
report=$res/series-check.txt
key=$( (series_hash; cat "$FRAGMENT" "$TOP/config/nosyscall.config" "$0" "$TOP/scripts/lib.sh" \
	"$TOP/scripts/checkpatch-series.sh" "$TOP/scripts/build-kernel.sh" "$TOP/mk/test_progs.mk") |
	sha256sum | cut -d' ' -f1)
if [ -f "$res/series-check.ok" ] && [ "$(cat "$res/series-check.ok")" = "$key" ] &&
   [ -f "$BUILD/images/bzImage-6.1-unpatched" ]; then
	cat "$report"
	echo "(series unchanged since this report passed: reused)"
	exit 0
fi
rm -f "$res/series-check.ok"

PATH=/usr/bin:$PATH	# Debian's python3 with ply and docutils
[ -d "$wt" ] || git -C "$KSRC" worktree add -q --detach "$wt" base
git -C "$wt" am --abort >/dev/null 2>&1 || true
git -C "$wt" checkout -q -f --detach base

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
headers="$wt/include/uapi/linux/bpf.h $wt/tools/include/uapi/linux/bpf.h"
# shellcheck disable=SC2086
uapi_diff $headers > "$tmp/base.diff"

# Plain docutils cannot parse Sphinx's toctree: for an index page, check
# that every entry names an existing page; parse any other page strictly.
check_rst() {
	if grep -q '^\.\. toctree::' "$1"; then
		awk '/^\.\. toctree::/ { t = 1; next } t && /^[^ \t]/ && NF { t = 0 }
		     t && /^   [^ :]/ { print $1 }' "$1" | while read -r e; do
			e=${e%.rst}
			[ -f "$(dirname "$1")/$e.rst" ] || { echo "$1: toctree entry $e: no such page" >&2; exit 1; }
		done
	else
		rst2html --strict --halt=warning --syntax-highlight=none "$1" > /dev/null
	fi
}
"$TOP/scripts/checkpatch-series.sh" > "$tmp/checkpatch" 2>&1 || true

# The kernel (not tools/) .c files that any patch of the series touches.
kobjs=$(sed -n 's|^diff --git a/\([^ ]*\)\.c b/.*|\1.o|p' "$PATCHES"/0*.patch |
	grep -v '^tools/' | sort -u)
[ -n "$kobjs" ] || die "the series touches no kernel .c file: nothing for W=1/sparse/clang"
# The warnings (and errors) of building $kobjs in object directory $1 with
# make arguments $2..., without line and column numbers, so that a
# warning that only moved does not count as new.
obj_warnings() {
	o=$1
	shift
	for f in $kobjs; do rm -f "$o/$f"; done
	# shellcheck disable=SC2086
	{ make -C "$wt" O="$o" -j"$NPROC" "$@" $kobjs 2>&1 >/dev/null ||
		echo "make: error: building $kobjs with $* failed"; } |
		grep -E '(warning|error):' | sed -E 's/:[0-9]+:([0-9]+:)? /: /' | sort -u || true
}
# One column: "ok" when the build of $kobjs with $3... gives no warning
# that $1 (the base's list) lacks; the new ones are kept in $2.new and
# printed.
no_new_warnings() {
	base=$1
	out=$2
	shift 2
	obj_warnings "$@" > "$out"
	comm -13 "$base" "$out" > "$out.new"
	if [ -s "$out.new" ]; then
		sed 's/^/    new: /' "$out.new" >&2
		echo FAIL
	else
		echo ok
	fi
}

step "building the base kernel (unpatched)"
"$TOP/scripts/build-kernel.sh" "$wt" "$obj" > /dev/null
cp "$obj/arch/x86/boot/bzImage" "$BUILD/images/bzImage-6.1-unpatched"
step "the base's warnings: W=1, sparse, clang; the base without BPF_SYSCALL"
KMAKEARGS=LLVM=1 TARGET=prepare "$TOP/scripts/build-kernel.sh" "$wt" "$obj_clang"
obj_warnings "$obj" W=1 > "$tmp/w1.base"
obj_warnings "$obj" C=2 > "$tmp/sparse.base"
obj_warnings "$obj_clang" LLVM=1 > "$tmp/clang.base"
FRAGMENT="$FRAGMENT $TOP/config/nosyscall.config" TARGET=vmlinux \
	"$TOP/scripts/build-kernel.sh" "$wt" "$obj_nosys" ||
	die "the base does not build without CONFIG_BPF_SYSCALL"

bad=0
libbpf=no
selftest=no
row() { printf '%-62s %-7s %-6s %-6s %-6s %-6s %-9s %-6s %-8s %-10s %-7s %s\n' "$@"; }
row patch applies kernel w1 sparse clang nosyscall libbpf selftest checkpatch headers docs > "$report"
while read -r p; do
	[ -n "$p" ] || continue
	step "checking $p"
	ap=FAIL kb=- w1=- sp=- cl=- ns=- lb=- st=- cp=FAIL hd=- dc=-
	if git -C "$wt" am -q "$PATCHES/$p" > "$tmp/am" 2>&1; then
		ap=ok
		kb=ok
		"$TOP/scripts/build-kernel.sh" "$wt" "$obj" > /dev/null 2>"$tmp/kb" ||
			{ kb=FAIL; cat "$tmp/kb" >&2; }
		w1=$(no_new_warnings "$tmp/w1.base" "$tmp/w1" "$obj" W=1)
		sp=$(no_new_warnings "$tmp/sparse.base" "$tmp/sparse" "$obj" C=2)
		cl=$(no_new_warnings "$tmp/clang.base" "$tmp/clang" "$obj_clang" LLVM=1)
		ns=ok
		FRAGMENT="$FRAGMENT $TOP/config/nosyscall.config" TARGET=vmlinux \
			"$TOP/scripts/build-kernel.sh" "$wt" "$obj_nosys" 2>"$tmp/ns" ||
			{ ns=FAIL; cat "$tmp/ns" >&2; }
		grep -q '^diff --git a/tools/lib/bpf/' "$PATCHES/$p" && libbpf=yes
		if [ "$libbpf" = yes ]; then
			lb=ok
			mkdir -p "$BUILD/libbpf-check"
			make -s -C "$wt/tools/lib/bpf" OUTPUT="$BUILD/libbpf-check/" >"$tmp/lb" 2>&1 ||
				{ lb=FAIL; cat "$tmp/lb" >&2; }
		fi
		# the tests of mk/test_progs.mk that this patch's tree has
		tests=$(for t in $(make -s -f "$TOP/mk/test_progs.mk" KSRC="$wt" OUT=/ print-tests); do
			[ ! -f "$wt/tools/testing/selftests/bpf/prog_tests/$t.c" ] || echo "$t"
		done)
		[ -n "$tests" ] && selftest=yes
		if [ "$selftest" = yes ]; then
			st=ok
			make -s -f "$TOP/mk/test_progs.mk" KSRC="$wt" OUT="$BUILD/selftests-check" \
				TESTS="$(echo $tests)" >"$tmp/st" 2>&1 ||
				{ st=FAIL; cat "$tmp/st" >&2; }
		fi
		# shellcheck disable=SC2086
		uapi_diff $headers > "$tmp/now.diff"
		cmp -s "$tmp/base.diff" "$tmp/now.diff" && hd=ok || hd=FAIL
		dc=ok
		python3 "$wt/scripts/bpf_doc.py" --filename "$wt/include/uapi/linux/bpf.h" syscall > "$tmp/syscall.rst" &&
			rst2man --strict --halt=warning "$tmp/syscall.rst" > "$tmp/bpf.2" || dc=FAIL
		for f in $(sed -n 's|^diff --git a/\(.*\.rst\) b/.*|\1|p' "$PATCHES/$p"); do
			check_rst "$wt/$f" || dc=FAIL
		done
	else
		cat "$tmp/am" >&2
		git -C "$wt" am --abort >/dev/null 2>&1 || true
	fi
	grep -q "^checkpatch: $p: clean" "$tmp/checkpatch" && cp=ok
	row "$p" "$ap" "$kb" "$w1" "$sp" "$cl" "$ns" "$lb" "$st" "$cp" "$hd" "$dc" >> "$report"
	case "$ap $kb $w1 $sp $cl $ns $lb $st $cp $hd $dc" in *FAIL*) bad=1 ;; esac
	[ "$ap" = ok ] || break
done < "$PATCHES/series"
# The rendered page of the last state, for people to read.
cp "$tmp/bpf.2" "$res/bpf.2" 2>/dev/null || true

cat "$report"
[ "$bad" = 0 ] || die "series check failed (report: $report)"
echo "$key" > "$res/series-check.ok"
