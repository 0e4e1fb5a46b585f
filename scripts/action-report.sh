#!/usr/bin/env bash
# action-report.sh — the GitHub Action's report step (action.yml, `mode:
# report`): `gowrap report` over the shim's log (GOWRAP_LOG, set by the
# install step), the files in INPUT_CHECK and the saved `symcheck --json`
# outputs in INPUT_SYMCHECK_JSON (one per line each; blank lines ignored),
# into the job summary ($GITHUB_STEP_SUMMARY). Relative paths are relative
# to GITHUB_WORKSPACE: a composite step ignores the job's
# defaults.run.working-directory, so that is the one directory a user can
# count on. Exits as gowrap report does: 0 nothing failed, 110 verification
# failed, 2 an input file unusable — and 2 when there is no gowrap to run (no
# install step before this one): the action used wrongly, like a bad mode.
set -euo pipefail

command -v gowrap >/dev/null 2>&1 || {
	echo "gowrap: cannot write the gowrap report: gowrap is not on PATH, so no install step ran before this one in this job (fix: run the gowrap action with mode: install earlier in this job, after actions/setup-go)" >&2
	exit 2
}
if [ -n "${GITHUB_WORKSPACE:-}" ]; then
	cd "$GITHUB_WORKSPACE"
fi

args=()
# shellcheck source=action-lines.sh
source "$(dirname "${BASH_SOURCE[0]}")/action-lines.sh"
while IFS= read -r f; do
	args+=(--symcheck-json "$f")
done < <(lines INPUT_SYMCHECK_JSON)
args+=(--)
while IFS= read -r f; do
	args+=("$f")
done < <(lines INPUT_CHECK)

rc=0
gowrap report "${args[@]}" || rc=$?
if [ "$rc" -eq 110 ]; then
	# An annotation, so the failure shows on the run's page, not only in the log.
	echo "::error title=gowrap::verification failed: see the job summary"
fi
exit "$rc"
