#!/bin/sh
# include/uapi/linux/bpf.h and its copy in tools/ must differ after the
# series exactly as they do in the base (the 6.1 stable base already
# differs in lines that stable backports touched in one file only).
#   checks/uapi-sync.sh [BASE_REV [TIP_REV]]   (default: base, series)
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
# shellcheck source=scripts/lib/mail.sh
. "$TOP/scripts/lib/mail.sh"
tap_init uapi-sync

for rev in "${1:-base}" "${2:-series}"; do
	git -C "$KSRC" show "$rev:include/uapi/linux/bpf.h" > "$check_dir/$rev.h"
	git -C "$KSRC" show "$rev:tools/include/uapi/linux/bpf.h" > "$check_dir/$rev.tools.h"
	uapi_diff "$check_dir/$rev.h" "$check_dir/$rev.tools.h" > "$check_dir/$rev.diff"
done
if cmp -s "$check_dir/${1:-base}.diff" "$check_dir/${2:-series}.diff"; then
	ok "uapi bpf.h and its tools/ copy differ after the series exactly as in base ($(wc -l < "$check_dir/${1:-base}.diff") lines)"
else
	not_ok "uapi bpf.h and its tools/ copy went out of sync"
	diff "$check_dir/${1:-base}.diff" "$check_dir/${2:-series}.diff" | head -n 20 | sed 's/^/# /'
fi
tap_done
