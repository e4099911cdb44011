# shellcheck shell=sh
# Up-to-date keys, the one way every cache of the tooling tells whether
# a result it kept is still good (make check's passed checks, make's
# last run, the series check's rows, the mutants, kernel and initramfs
# builds, fetched packages, the KVM probe). Sourced after scripts/lib.sh.
#
# A key is the sha256 of what made a result: strings (a command line, a
# version, a commit id) and the contents of files. A result is kept with
# the key it was made from, and reused while the key is the same:
#
#   key=$(key_of -s "$cmd" "$TOP/scripts/foo.sh" "$BUILD/thing")
#   if key_fresh foo "$key"; then reuse; else make it; key_record foo "$key"; fi
#
# A path that is a directory stands for every file under it; a path that
# does not exist counts as "missing", so that a key changes when a file
# appears or goes. Contents are read once: the sha256 of each file is
# kept in $CACHE/digests, under its size, mtime and inode, and read
# again only when one of those changes.

# "DIGEST PATH" for each path on stdin, in that order.
digests() {
	dg_idx=$CACHE/digests
	mkdir -p "$CACHE"
	[ -f "$dg_idx" ] || : > "$dg_idx"
	dg_tmp=$(mktemp -d)
	cat > "$dg_tmp/paths"
	# "SIGNATURE PATH" of each file, SIGNATURE its size, mtime and inode
	tr '\n' '\0' < "$dg_tmp/paths" | xargs -0 -r stat -c '%s:%.9Y:%i %n' > "$dg_tmp/stat"
	# the files whose signature the index does not hold
	# (FILENAME, not NR == FNR: the index may be empty)
	awk 'FILENAME == ARGV[1] { known[$1 " " $2] = 1; next }
		!(($2 " " $1) in known) { print $2 }' "$dg_idx" "$dg_tmp/stat" > "$dg_tmp/new"
	if [ -s "$dg_tmp/new" ]; then
		tr '\n' '\0' < "$dg_tmp/new" | xargs -0 -r sha256sum > "$dg_tmp/sums"
		# the index again: these files' new lines, the others' old ones
		awk 'FILENAME == ARGV[1] { sum[$2] = $1; next }
			FILENAME == ARGV[2] { if ($2 in sum) print $2, $1, sum[$2]; next }
			!($1 in sum) { print }' "$dg_tmp/sums" "$dg_tmp/stat" "$dg_idx" > "$dg_tmp/idx"
		# (another script may be writing the index too: the last one
		# wins, and a lost line costs one sha256sum later)
		mv "$dg_tmp/idx" "$dg_idx.$$" && mv "$dg_idx.$$" "$dg_idx"
	fi
	awk 'FILENAME == ARGV[1] { d[$1 " " $2] = $3; next }
		{ print d[$2 " " $1], $2 }' "$dg_idx" "$dg_tmp/stat"
	rm -rf "$dg_tmp"
}

# The key of strings (-s STRING), of what comes on stdin (-, for text
# made on the fly: its digest is not kept) and of paths (files, or
# directories: every file under them), in the order given.
key_of() {
	ko_tmp=$(mktemp)
	while [ $# -gt 0 ]; do
		case $1 in
		-s)
			printf 's %s\n' "$2"
			shift 2 ;;
		-)
			printf 'i %s\n' "$(sha256sum | cut -d' ' -f1)"
			shift ;;
		*)
			if [ -d "$1" ]; then
				find "$1" -type f | LC_ALL=C sort | digests | sed 's/^/f /'
			elif [ -e "$1" ]; then
				echo "$1" | digests | sed 's/^/f /'
			else
				printf 'missing %s\n' "$1"
			fi
			shift ;;
		esac
	done > "$ko_tmp"
	# paths relative to the repository: a key does not depend on the
	# path the clone is seen through
	sed -i "s| $TOP/| |" "$ko_tmp"
	sha256sum < "$ko_tmp" | cut -d' ' -f1
	# KEY_LIST=FILE keeps what the key was made of, a line each
	if [ -n "${KEY_LIST:-}" ]; then mv "$ko_tmp" "$KEY_LIST"; else rm -f "$ko_tmp"; fi
}
# What differs between two KEY_LIST files: the first path (or string)
# whose line is not in both, for messages.
key_changed() { # old new
	kc=$( { [ -f "$1" ] && grep -vxF -f "$1" "$2"; } | head -n 1)
	case $kc in
	"f "*) kc=${kc#f }; echo "${kc#* }" ;;
	"missing "*) echo "${kc#missing } (gone)" ;;
	"s "*) echo "the command, the host or the packages" ;;
	*) echo "what it reads" ;;
	esac
}

# Whether result NAME was recorded with KEY ($CACHE/keys/NAME).
key_fresh() { # name key
	[ "$(cat "$CACHE/keys/$1" 2>/dev/null)" = "$2" ]
}
# Record KEY for NAME; with TIME (seconds since the epoch), the record
# is dated then, for a cache that also asks which files changed since a
# build began (key_time, find -newer "$(key_file NAME)").
key_record() { # name key [time]
	mkdir -p "$(dirname "$CACHE/keys/$1")"
	echo "$2" > "$CACHE/keys/$1.new" && mv "$CACHE/keys/$1.new" "$CACHE/keys/$1"
	[ -z "${3:-}" ] || touch -d "@$3" "$CACHE/keys/$1"
}
key_file() { # name
	echo "$CACHE/keys/$1"
}
key_forget() { # name
	rm -f "$CACHE/keys/$1"
}
# When NAME's key was recorded, for messages.
key_time() { # name
	date -r "$CACHE/keys/$1" '+%F %T'
}
