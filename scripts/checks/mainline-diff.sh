#!/bin/sh
# "The code is mainline's", checked: every function and definition the
# series changes, taken from the series' tree and from mainline's code
# as Debian ships it (linux-source-6.12, which has the feature), split
# into C tokens with the comments left out, and compared. Each item is
# then "same" (same tokens, same comments), "comments" (same tokens,
# comments worded anew) or "differs". patches/cover.txt lists every
# item with its status, in lines such as
#   2/4 syscall.c:bpf_obj_pin()            comments
# and the check fails on any item whose status is not the one listed
# there, on an item the cover letter does not list, and on a listed one
# the check does not know. It also checks that the series' test keeps
# mainline's test and subtest names (CI deny-lists match them). Last, it
# tests itself: a copy of the series' bpf.c with the attr fields set in
# another order has to be caught as an undeclared difference.
#   checks/mainline-diff.sh [COVER_TXT]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"
tap_init

cover=${1:-$PATCHES/cover.txt}
[ -f "$cover" ] || die "$cover is missing"
out=$check_dir
ours=$out/series

# ITEM PATCHES FILE SELECTOR... : how to find each item in a file (the
# same path in both trees). Selectors, for extract_item below:
#   func NAME      a function definition, up to its closing brace
#   struct NAME    a struct definition and its NAME__last_field define
#   proto NAME     a prototype, up to its semicolon
#   enum NAME      an enumerator's line and the comment just above it
#   block TEXT RE  from the line holding TEXT (~ for a space) through the
#                  next line that matches RE
#   file           the whole file
items() {
	cat <<-'EOF'
	inode.c:bpf_obj_do_pin()		1/4,2/4	kernel/bpf/inode.c	func bpf_obj_do_pin
	inode.c:bpf_obj_pin_user()		2/4	kernel/bpf/inode.c	func bpf_obj_pin_user
	inode.c:bpf_obj_do_get()		2/4	kernel/bpf/inode.c	func bpf_obj_do_get
	inode.c:bpf_obj_get_user()		2/4	kernel/bpf/inode.c	func bpf_obj_get_user
	linux/bpf.h:bpf_obj_pin_user()		2/4	include/linux/bpf.h	proto bpf_obj_pin_user
	linux/bpf.h:bpf_obj_get_user()		2/4	include/linux/bpf.h	proto bpf_obj_get_user
	syscall.c:BPF_OBJ_LAST_FIELD		2/4	kernel/bpf/syscall.c	block #define~BPF_OBJ_LAST_FIELD ^$
	syscall.c:bpf_obj_pin()			2/4	kernel/bpf/syscall.c	func bpf_obj_pin
	syscall.c:bpf_obj_get()			2/4	kernel/bpf/syscall.c	func bpf_obj_get
	uapi/bpf.h:BPF_F_PATH_FD		2/4	include/uapi/linux/bpf.h	enum BPF_F_PATH_FD
	uapi/bpf.h:BPF_OBJ_*-struct		2/4	include/uapi/linux/bpf.h	block used~by~BPF_OBJ_*~commands ^\t};
	tools-uapi/bpf.h:BPF_F_PATH_FD		2/4	tools/include/uapi/linux/bpf.h	enum BPF_F_PATH_FD
	tools-uapi/bpf.h:BPF_OBJ_*-struct	2/4	tools/include/uapi/linux/bpf.h	block used~by~BPF_OBJ_*~commands ^\t};
	bpf.c:bpf_obj_pin_opts()		3/4	tools/lib/bpf/bpf.c	func bpf_obj_pin_opts
	bpf.c:bpf_obj_pin()			3/4	tools/lib/bpf/bpf.c	func bpf_obj_pin
	bpf.c:bpf_obj_get_opts()		3/4	tools/lib/bpf/bpf.c	func bpf_obj_get_opts
	bpf.h:struct-bpf_obj_pin_opts		3/4	tools/lib/bpf/bpf.h	struct bpf_obj_pin_opts
	bpf.h:struct-bpf_obj_get_opts		3/4	tools/lib/bpf/bpf.h	struct bpf_obj_get_opts
	bpf.h:bpf_obj_pin_opts()		3/4	tools/lib/bpf/bpf.h	proto bpf_obj_pin_opts
	libbpf.map:LIBBPF_1.3.0			3/4	tools/lib/bpf/libbpf.map	block LIBBPF_1.3.0~{ ^}
	Makefile:LIBBPF_VERSION			3/4	tools/lib/bpf/Makefile	block VERSION_SCRIPT~:= ^LIBBPF_MAJOR_VERSION
	bpf_obj_pinning.c			4/4	tools/testing/selftests/bpf/prog_tests/bpf_obj_pinning.c	file
	EOF
}
files=$(items | awk '{ print $3 }' | sort -u)
# (mainline's Makefile too, for its version)

# Mainline's files: from $KSRC_612 when it is unpacked (make kernel-6.12),
# else from the tarball, only these files, kept while it is the same.
tarball=${MAINLINE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=$CACHE/mainline-diff
key=$(key_of -s "$files" "$tarball")
if [ -f "$KSRC_612/Makefile" ]; then
	src612=$KSRC_612
else
	[ -f "$tarball" ] || die "$tarball not found: install linux-source-6.12 (make deps)"
	src612=$cache/linux-6.12
	if [ ! -f "$src612/Makefile" ] || ! key_fresh mainline-files "$key"; then
		step "unpacking mainline's files from $tarball"
		rm -rf "$src612"
		mkdir -p "$src612"
		top=$(tar -tJf "$tarball" | head -n 1 | cut -d/ -f1)
		# shellcheck disable=SC2046 # the file names, one word each
		tar -xJf "$tarball" -C "$src612" --strip-components=1 \
			$(printf '%s\n' Makefile $files | sed "s|^|$top/|")
		key_record mainline-files "$key"
	fi
fi
mainline_version=$(sed -n '1,5{s/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p}' "$src612/Makefile" | paste -sd.)

# The series' files: the tip of its branch in $KSRC (SERIES_FILES=DIR
# takes them from a directory instead, as the self-test below does).
copy_series_files() { # dir
	for f in $files; do
		mkdir -p "$1/$(dirname "$f")"
		if [ -n "${SERIES_FILES:-}" ]; then
			cp "$SERIES_FILES/$f" "$1/$f"
		else
			git -C "$KSRC" show "series:$f" > "$1/$f"
		fi
	done
}

# The text of an item: selector (the 4th field of items) in file $1.
extract_item() { # file selector args...
	f=$1
	shift
	awk -v kind="$1" -v a="$2" -v b="${3:-}" '
	function start(line) {
		if (kind == "func")
			return line ~ ("^[a-z].*[ *]" a "\\(") && line !~ /;[ \t]*$/
		if (kind == "struct")
			return line ~ ("^struct " a " \\{")
		if (kind == "proto")
			return line ~ ("[ *]" a "\\(")
		if (kind == "file")
			return 1
		if (kind == "block") {
			t = a
			gsub(/~/, " ", t)
			return index(line, t) > 0
		}
		return 0
	}
	function stop(line) {
		if (kind == "func")
			return line ~ /^}/
		if (kind == "struct")
			return line ~ ("^#define " a "__last_field")
		if (kind == "proto")
			return line ~ /;[ \t]*$/
		if (kind == "block")
			return line ~ b
		return 0
	}
	kind == "enum" {
		# comment lines right above the enumerator, then its line
		if ($0 ~ /^\/\*.*\*\/$/) { above = above $0 "\n"; next }
		if ($0 ~ ("^\t" a "[ \t]*=")) { printf "%s%s\n", above, $0; found = 1; exit }
		above = ""
		next
	}
	!on && start($0) { on = 1; found = 1; print; if (kind != "block" && kind != "file" && stop($0)) exit; next }
	on { print; if (stop($0)) exit }
	END { if (!found) exit 3 }' "$f"
}

# C tokens of stdin, one a line, comments left out ("#" lines of a
# Makefile too, with make=1).
tokens() { # [make]
	awk -v make="${1:-}" '
	BEGIN { c = 0 }
	{
		line = $0
		if (make != "") sub(/#.*/, "", line)
		s = ""
		while (line != "") {
			if (c) {
				i = index(line, "*/")
				if (!i) { line = ""; break }
				line = substr(line, i + 2)
				c = 0
				continue
			}
			i = index(line, "/*")
			j = index(line, "//")
			if (j && (!i || j < i)) { s = s " " substr(line, 1, j - 1); line = ""; break }
			if (!i) { s = s " " line; line = ""; break }
			s = s " " substr(line, 1, i - 1)
			line = substr(line, i + 2)
			c = 1
		}
		gsub(/[^A-Za-z0-9_]/, " & ", s)
		n = split(s, t, /[ \t]+/)
		for (k = 1; k <= n; k++) if (t[k] != "") print t[k]
	}'
}
# The comments of stdin, with whitespace and comment markers squeezed out.
comments() {
	awk '
	{
		line = $0
		while (line != "") {
			if (c) {
				i = index(line, "*/")
				if (!i) { printf "%s ", line; line = ""; break }
				printf "%s ", substr(line, 1, i - 1)
				line = substr(line, i + 2); c = 0; continue
			}
			i = index(line, "/*"); j = index(line, "//")
			if (j && (!i || j < i)) { printf "%s ", substr(line, j + 2); break }
			if (!i) break
			line = substr(line, i + 2); c = 1
		}
	}' | tr -s ' \t*' ' ' | sed 's/^ //; s/ $//'
}

# Each item's status into $1/status: "ITEM PATCHES STATUS".
compare_items() { # dir
	items | while read -r item patches file sel a b; do
		base=$1/items/$(echo "$item" | tr '/*:()' '_____')
		mkdir -p "$(dirname "$base")"
		for side in ours theirs; do
			if [ "$side" = ours ]; then tree=$1/tree; else tree=$src612; fi
			if ! extract_item "$tree/$file" "$sel" "$a" "$b" > "$base.$side"; then
				echo "$item $patches missing-in-$side"
				continue 2
			fi
		done
		mk=
		case $file in *Makefile) mk=1 ;; esac
		tokens "$mk" < "$base.ours" > "$base.ours.tok"
		tokens "$mk" < "$base.theirs" > "$base.theirs.tok"
		if ! cmp -s "$base.ours.tok" "$base.theirs.tok"; then
			st=differs
		elif [ "$(comments < "$base.ours")" != "$(comments < "$base.theirs")" ]; then
			st=comments
		else
			st=same
		fi
		echo "$item $patches $st"
	done > "$1/status"
}

# The statuses the cover letter lists: lines "  N/4 ITEM STATUS".
declared() { # cover
	sed -n -E 's%^ *([0-9,/]+) +([^ ]+) +(same|comments|differs)$%\2 \1 \3%p' "$1"
}

# TAP for dir $1's statuses against cover letter $2; the "not ok" lines
# name each item whose status is not the declared one.
judge() { # dir cover
	declared "$2" | sort > "$1/declared"
	sort "$1/status" > "$1/status.sorted"
	bad=0
	while read -r item patches st; do
		want=$(awk -v i="$item" '$1 == i { print $3 }' "$1/declared")
		if [ -z "$want" ]; then
			echo "not ok - $item ($patches): $st, and the cover letter does not list it"
			bad=1
		elif [ "$want" != "$st" ]; then
			echo "not ok - $item ($patches): $st, the cover letter says $want"
			bad=1
		else
			echo "ok - $item ($patches): $st, as the cover letter says"
		fi
	done < "$1/status.sorted"
	awk '{ print $1 }' "$1/status.sorted" > "$1/known"
	while read -r item patches st; do
		grep -qxF "$item" "$1/known" ||
			{ echo "not ok - the cover letter lists $item, which the check does not know"; bad=1; }
	done < "$1/declared"
	return "$bad"
}

step "comparing the series' code with mainline's ($mainline_version)"
mkdir -p "$ours/tree"
copy_series_files "$ours/tree"
compare_items "$ours"
judge "$ours" "$cover" > "$out/judged" || :
tap_from "$out/judged"
# the statuses, for people
column -t "$ours/status" > "$out/table.txt"
cat "$out/table.txt" >&2

# CI deny-lists name tests and subtests: mainline's must all be there.
names() { # file
	sed -n -e 's/^void \(serial_\)\{0,1\}test_\([a-z0-9_]*\)(.*/\2/p' \
		-e 's/.*test__start_subtest("\([^"]*\)").*/\1/p' "$1" | sort -u
}
t=tools/testing/selftests/bpf/prog_tests/bpf_obj_pinning.c
missing=$(names "$src612/$t" | grep -vxF -f "$(names "$ours/tree/$t" > "$out/names.ours"; echo "$out/names.ours")" || true)
if [ -z "$missing" ] && [ -s "$out/names.ours" ]; then
	ok "mainline's test and subtest names are all in the series' test: $(names "$src612/$t" | tr '\n' ' ')"
else
	not_ok "mainline's names missing from the series' test: ${missing:-(no names read)}"
fi

# The check tested: v4's order of the attr fields in bpf_obj_pin_opts()
# is a difference the cover letter does not declare.
mutant=$out/self-test
rm -rf "$mutant"
mkdir -p "$mutant/tree"
cp -R "$ours/tree/." "$mutant/tree/"
awk '/^int bpf_obj_pin_opts\(/ { on = 1 }
	on && /attr.path_fd = / { held = $0; next }
	on && /attr.bpf_fd = fd;/ { print; print held; on = 0; next }
	{ print }' "$ours/tree/tools/lib/bpf/bpf.c" > "$mutant/tree/tools/lib/bpf/bpf.c"
compare_items "$mutant"
if ! judge "$mutant" "$cover" > "$mutant/judged" &&
   grep -qxF 'not ok - bpf.c:bpf_obj_pin_opts() (3/4): differs, the cover letter says same' "$mutant/judged" &&
   [ "$(grep -c '^not ok' "$mutant/judged")" = 1 ]; then
	ok "self-test: a copy of the series with the attr fields of bpf_obj_pin_opts() reordered fails on that item alone"
else
	not_ok "self-test: the reordered copy was not caught as exactly one undeclared difference"
	sed 's/^/# /' "$mutant/judged"
fi
tap_done
