#!/bin/sh
# Bisectability and hygiene of the series, patch by patch, in a worktree
# of $KSRC ($BUILD/linux-check, objects in $BUILD/kbuild-check):
#   applies    git am of this patch on top of the previous ones
#   kernel     incremental bzImage build with the config fragment
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
res=$BUILD/results
mkdir -p "$res" "$BUILD/images"
report=$res/series-check.txt
key=$( (series_hash; cat "$FRAGMENT" "$0" "$TOP/scripts/build-kernel.sh" "$TOP/mk/test_progs.mk") | sha256sum | cut -d' ' -f1)
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

step "building the base kernel (unpatched)"
"$TOP/scripts/build-kernel.sh" "$wt" "$obj" > /dev/null
cp "$obj/arch/x86/boot/bzImage" "$BUILD/images/bzImage-6.1-unpatched"

bad=0
libbpf=no
selftest=no
printf '%-62s %-8s %-7s %-7s %-8s %-10s %-8s %s\n' patch applies kernel libbpf selftest checkpatch headers docs > "$report"
while read -r p; do
	[ -n "$p" ] || continue
	step "checking $p"
	ap=FAIL kb=- lb=- st=- cp=FAIL hd=- dc=-
	if git -C "$wt" am -q "$PATCHES/$p" > "$tmp/am" 2>&1; then
		ap=ok
		kb=ok
		"$TOP/scripts/build-kernel.sh" "$wt" "$obj" > /dev/null 2>"$tmp/kb" ||
			{ kb=FAIL; cat "$tmp/kb" >&2; }
		grep -q '^diff --git a/tools/lib/bpf/' "$PATCHES/$p" && libbpf=yes
		if [ "$libbpf" = yes ]; then
			lb=ok
			mkdir -p "$BUILD/libbpf-check"
			make -s -C "$wt/tools/lib/bpf" OUTPUT="$BUILD/libbpf-check/" >"$tmp/lb" 2>&1 ||
				{ lb=FAIL; cat "$tmp/lb" >&2; }
		fi
		[ -f "$wt/tools/testing/selftests/bpf/prog_tests/bpf_obj_pinning.c" ] && selftest=yes
		if [ "$selftest" = yes ]; then
			st=ok
			make -s -f "$TOP/mk/test_progs.mk" KSRC="$wt" OUT="$BUILD/selftests-check" >"$tmp/st" 2>&1 ||
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
	printf '%-62s %-8s %-7s %-7s %-8s %-10s %-8s %s\n' "$p" "$ap" "$kb" "$lb" "$st" "$cp" "$hd" "$dc" >> "$report"
	case "$ap $kb $lb $st $cp $hd $dc" in *FAIL*) bad=1 ;; esac
	[ "$ap" = ok ] || break
done < "$PATCHES/series"
# The rendered page of the last state, for people to read.
cp "$tmp/bpf.2" "$res/bpf.2" 2>/dev/null || true

cat "$report"
[ "$bad" = 0 ] || die "series check failed (report: $report)"
echo "$key" > "$res/series-check.ok"
