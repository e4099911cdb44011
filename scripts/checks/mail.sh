#!/bin/sh
# patches/ is the mail that git send-email would send of the applied
# series: byte for byte what export-series makes of the commits in
# $KSRC (cover letter, Message-Ids and notes included), every patch
# with the [$SUBJECT_PREFIX n/m] tag, To bpf@vger.kernel.org, and
# threaded to the cover letter.
#   checks/mail.sh [PATCHES_DIR]
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"
PATCHES=$(cd "${1:-$PATCHES}" && pwd)
tap_init

fmt=$check_dir/format-patch
format_series "$fmt" --cover-letter --cover-from-description=subject
want=$(($(grep -c . "$PATCHES/series") + 1))
if (cd "$fmt" && for p in 0*.patch; do cmp -s "$p" "$PATCHES/$p" || exit 1; done) &&
   [ "$(ls "$fmt" | wc -l)" = "$want" ]; then
	ok "patches/ and the cover letter are byte for byte git format-patch of the applied series"
else
	not_ok "patches/ differs from git format-patch of the applied series (hand-edited? run make export-series)"
	diff -r "$fmt" "$PATCHES" | head -n 20 | sed 's/^/# /'
fi

cover_id=$(sed -n 's/^Message-Id: //p' "$PATCHES/0000-cover-letter.patch")
threaded=0
for p in "$PATCHES"/0*.patch; do
	case $p in */0000-*) continue ;; esac
	grep -q "^In-Reply-To: $cover_id$" "$p" && grep -q "^References: $cover_id$" "$p" &&
		grep -q '^Message-Id: <' "$p" &&
		grep -q "^Subject: \[$SUBJECT_PREFIX [0-9]*/[0-9]*\]" "$p" &&
		grep -q '^To: .*bpf@vger.kernel.org' "$p" && threaded=$((threaded + 1))
done
if [ -n "$cover_id" ] && [ "$threaded" = "$((want - 1))" ]; then
	ok "every patch has a Message-Id, the [$SUBJECT_PREFIX n/m] tag, To bpf@ and replies to the cover letter"
else
	not_ok "only $threaded patches are threaded to the cover letter ${cover_id:-(which has no Message-Id)}"
fi
tap_done
