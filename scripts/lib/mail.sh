# shellcheck shell=sh
# The series as mail and as commits: its hash, format-patch, stable ids,
# scratch clones, the uapi difference. Sourced after scripts/lib.sh,
# which it needs.

# shellcheck source=scripts/lib/uptodate.sh
. "$TOP/scripts/lib/uptodate.sh"

# The key (scripts/lib/uptodate.sh) of the patches listed in
# patches/series, in order.
series_hash() {
	[ -f "$PATCHES/series" ] || die "$PATCHES/series is missing"
	sh_files=
	while read -r p; do
		[ -n "$p" ] || continue
		[ -f "$PATCHES/$p" ] || die "patch $p listed in series is missing"
		sh_files="$sh_files $PATCHES/$p"
	done < "$PATCHES/series"
	# shellcheck disable=SC2086 # the patch files, one word each
	key_of $sh_files
}

# A clone of $KSRC in directory $1 on a new branch $3 at base, with only
# the files that the patches in directory $2 touch checked out: git am
# of those patches works as in a full tree, in a second instead of the
# minute a checkout of the whole tree takes.
#   scratch_clone DIR PATCHES_DIR BRANCH
scratch_clone() {
	git clone -q --shared --no-checkout "$KSRC" "$1"
	sed -n 's|^diff --git a/\([^ ]*\) b/.*|/\1|p' "$2"/0*.patch | sort -u |
		git -C "$1" sparse-checkout set --no-cone --stdin
	git -C "$1" checkout -q -B "$3" base
}

# The series' place in the mail: the tree it is for and its version.
SUBJECT_PREFIX="PATCH bpf-next v5"

# git format-patch of base..HEAD of $KSRC into directory $1, as mail that
# git send-email would send: every message threaded to the cover letter,
# To the lists and Cc the people that scripts/get_maintainer.pl names for
# the whole series, each patch's changelog (its git note) below its
# "---". The files are the same whoever runs it and whatever
# else the repository holds: no commit ids, a fixed abbreviation length
# for blob ids (git's default grows with the number of objects), and
# Message-Ids and the cover letter's Date made from the commits rather
# than from the clock. Extra arguments are passed on (--cover-letter ...).
format_series() {
	out=$1
	shift
	git -C "$KSRC" diff base..HEAD > "$out.diff"
	# One --to per list and one --cc per person, so that git folds the
	# headers as git send-email would send them. get_maintainer.pl's
	# order of people comes from a Perl hash: a fixed hash seed makes it
	# the same on every run. The subsystem's list comes first.
	set -- "$@" --to=bpf@vger.kernel.org
	while read -r addr; do
		[ -z "$addr" ] || [ "$addr" = bpf@vger.kernel.org ] || set -- "$@" --to="$addr"
	done <<-EOF
	$(cd "$KSRC" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git --no-git-fallback --no-rolestats --no-m --no-r "$out.diff")
	EOF
	while read -r addr; do
		[ -z "$addr" ] || set -- "$@" --cc="$addr"
	done <<-EOF
	$(cd "$KSRC" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 perl scripts/get_maintainer.pl \
		--no-git --no-git-fallback --no-rolestats --no-l "$out.diff")
	EOF
	rm -f "$out.diff"
	# the VFS people who reviewed mainline's posting of the same change
	for addr in "Christian Brauner <brauner@kernel.org>" \
		"Aleksa Sarai <cyphar@cyphar.com>" \
		"Lennart Poettering <lennart@poettering.net>" \
		linux-fsdevel@vger.kernel.org; do
		set -- "$@" --cc="$addr"
	done
	case "$*" in
	*--to=*--cc=*) ;;
	*) die "get_maintainer.pl named no lists or no people" ;;
	esac
	# the cover letter's text as the branch description, for this
	# command only: no check writes the tree's git config
	git -C "$KSRC" -c core.abbrev=12 \
		-c "branch.series.description=$(cat "$PATCHES/cover.txt")" \
		format-patch -q -o "$out" --zero-commit \
		--subject-prefix="$SUBJECT_PREFIX" --thread=shallow --notes "$@" base..HEAD
	stable_mail_ids "$out"
}

# Replace the clock-made Message-Ids of the mail in directory $1 (and
# their uses in In-Reply-To/References) by ids made from the tree of the
# series tip and each message's number, and give a cover letter the Date
# of the last patch.
stable_mail_ids() {
	tree=$(git -C "$KSRC" rev-parse --short=12 'HEAD^{tree}')
	domain=$(git -C "$KSRC" log -1 --format=%ae | sed 's/.*@//')
	script=
	for f in "$1"/0*.patch; do
		num=$(basename "$f" | cut -c1-4)
		old=$(sed -n 's/^Message-Id: <\(.*\)>$/\1/p' "$f")
		[ -n "$old" ] || die "$f has no Message-Id"
		script="${script}s|<$old>|<bpf-path-fd-${SUBJECT_PREFIX##* }-$num-$tree@$domain>|g;"
	done
	last=$(ls "$1"/0*.patch | tail -n 1)
	date=$(sed -n 's/^Date: //p' "$last" | head -n 1)
	for f in "$1"/0*.patch; do
		sed -i "$script" "$f"
		case $f in
		*/0000-cover-letter.patch) sed -i "1,/^$/s|^Date: .*|Date: $date|" "$f" ;;
		esac
	done
}

# The lines in which a uapi bpf.h ($1) and its tools/ copy ($2) differ,
# without diff's line numbers (so that an edit elsewhere in the file does
# not count as a change of the difference).
uapi_diff() {
	for f in "$1" "$2"; do
		[ -f "$f" ] || die "$f is missing"
	done
	diff "$1" "$2" | grep '^[<>]' || true
}
