#!/bin/sh
# scripts/splat-scan against fixture logs in tests/tooling/splat/: a
# clean log passes, each kind of report fails (status 1), an allow entry
# with its reason lets its line through (and not one that allows all),
# a report mid-line or with a caller id is found, and what cannot be judged
# (no log, an empty log, a log without the kernel banner, a malformed
# list) fails with status 2.
set -eu
. "$(dirname "$0")/../../scripts/lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

F=$TOP/tests/tooling/splat
scan() { "$TOP/scripts/splat-scan" "$@"; }
# the line the scanner must point at, besides its status
expect_line() { # what status log line
	expect_status "$2" "$1" scan "$3"
	if grep -q "^$3:$4: " "$check_dir/last.out"; then
		ok "$1: line $4 reported"
	else
		not_ok "$1: line $4 not reported"
		sed 's/^/# /' "$check_dir/last.out"
	fi
}

expect_status 0 "a clean log passes, WARNING and BUG mid-line included" scan "$F/clean.log"
expect_line "a WARN() splat fails" 1 "$F/warn.log" 2
expect_line "CRLF console lines are scanned" 1 "$F/crlf.log" 3
SPLAT_ALLOW=$F/allow-eol.list expect_status 0 "the CR of a CRLF line is gone before matching" \
	scan "$F/allowed-crlf.log"
expect_line "a report that starts mid-line, after test output, fails" 1 "$F/midline.log" 2
expect_line "a report with printk's caller id fails" 1 "$F/caller.log" 2
expect_line "a KASAN report fails" 1 "$F/kasan.log" 3
expect_line "a hung task fails" 1 "$F/hung.log" 2
expect_line "a soft lockup fails" 1 "$F/softlockup.log" 2
expect_line "a panic fails" 1 "$F/panic.log" 3
expect_line "a kmemleak report fails" 1 "$F/kmemleak.log" 3
expect_status 1 "one bad log among clean ones fails" scan "$F/clean.log" "$F/warn.log" "$F/clean.log"
expect_status 1 "the allowed fixture line fails under the repo's lists" scan "$F/allowed.log"
SPLAT_ALLOW=$F/allow.list expect_status 0 "an allow entry with a reason lets its line pass" \
	scan "$F/allowed.log"
if grep -q "allowed (the fixture says so): WARNING: fixture-only" "$check_dir/last.out"; then
	ok "an allowed line is still shown, with its reason"
else
	not_ok "an allowed line is not shown with its reason"
fi
SPLAT_ALLOW=$F/allow-noreason.list expect_status 2 "an allow entry without a reason is refused" \
	scan "$F/clean.log"
SPLAT_ALLOW=$F/allow-caret.list expect_status 2 "an allow entry of ^ alone is refused" \
	scan "$F/warn.log"
SPLAT_ALLOW=$F/allow-dotstar.list expect_status 2 "an allow entry of ^.* is refused" \
	scan "$F/warn.log"
SPLAT_DENY=$F/deny-unanchored.list expect_status 2 "an unanchored deny pattern is refused" \
	scan "$F/clean.log"
cp "$F/warn.log" "$check_dir/a=b.log"
expect_status 1 "a log named a=b.log is read as a file" scan "$check_dir/a=b.log"
expect_status 2 "a missing log fails closed" scan "$F/no-such.log"
expect_status 2 "an empty log fails closed" scan "$F/empty.log"
expect_status 2 "a log without the kernel banner (quiet) fails closed" scan "$F/quiet.log"
expect_status 0 "-p: a partial log (vng's shell) needs no banner" scan -p "$F/quiet.log"
expect_status 1 "-p: a partial log is still scanned" scan -p "$F/hung.log"
expect_status 2 "-p: an empty partial log still fails closed" scan -p "$F/empty.log"
expect_status 2 "no log at all is a usage error" scan
tap_done
