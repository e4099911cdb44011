#!/bin/sh
# The GitHub Actions workflow (.github/workflows/check.yml) is what
# scripts/ci/gen-workflow.sh makes of `make ci-jobs` today, and the
# workflow validator from the npm registry (@action-validator/cli, its
# own copy under $TOOLS) accepts it and rejects a broken copy of it.
#   checks/ci-workflow.sh
set -eu
. "$(dirname "$0")/../lib.sh"
# shellcheck source=scripts/lib/tap.sh
. "$TOP/scripts/lib/tap.sh"
tap_init

wf=$TOP/.github/workflows/check.yml
"$TOP/scripts/ci/gen-workflow.sh" > "$check_dir/check.yml"
if cmp -s "$check_dir/check.yml" "$wf"; then
	ok "ci-workflow: $wf is generated from make ci-jobs ($(make -s --no-print-directory -C "$TOP" ci-jobs | wc -l) jobs)"
else
	not_ok "ci-workflow: $wf differs from what make ci-jobs gives: run make ci-workflow"
	diff "$wf" "$check_dir/check.yml" | head -n 20 | sed 's/^/# /'
fi

av=$TOOLS/action-validator
version=0.6.0
bin=$av/node_modules/.bin/action-validator
if [ ! -x "$bin" ] || [ "$(cat "$av/.version" 2>/dev/null)" != "$version" ]; then
	command -v npm >/dev/null || die "npm is not installed (make deps)"
	step "installing @action-validator/cli $version from the npm registry into $av"
	rm -rf "$av"
	mkdir -p "$av"
	npm install --no-audit --no-fund --prefix "$av" \
		"@action-validator/cli@$version" "@action-validator/core@$version" \
		> "$check_dir/npm.log" 2>&1 || die "npm install failed ($check_dir/npm.log)"
	echo "$version" > "$av/.version"
fi
if "$bin" "$wf" > "$check_dir/validator.out" 2>&1; then
	ok "ci-workflow: action-validator $version accepts $wf"
else
	not_ok "ci-workflow: action-validator rejects $wf"
	head -n 30 "$check_dir/validator.out" | sed 's/^/# /'
fi
# the control: the same validator fails a workflow whose job lost runs-on
sed 's/^    runs-on: /    runs-onn: /' "$wf" > "$check_dir/broken.yml"
if ! "$bin" "$check_dir/broken.yml" > "$check_dir/broken.out" 2>&1; then
	ok "ci-workflow: control: the validator rejects a broken copy"
else
	not_ok "ci-workflow: control: the validator accepted $check_dir/broken.yml"
fi
tap_done
