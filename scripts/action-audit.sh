#!/usr/bin/env bash
# action-audit.sh — the GitHub Action's audit step (action.yml, `mode:
# audit`): `gowrap audit` of the module in INPUT_AUDIT_DIR (relative to
# GITHUB_WORKSPACE; default the workspace) for each target of
# INPUT_AUDIT_TARGETS (GOOS/GOARCH, one per line; none: the runner's own),
# with the packages and build flags of INPUT_AUDIT_PACKAGES (words; none:
# audit's default) and the reviewed verdicts of INPUT_REVIEWED (a file, else
# the module's gowrap-audit.toml). Each row that needs a person becomes a
# workflow command on stdout (`gowrap audit --format github`: ::error for
# defective, ::warning for unknown and unresolved, ::notice when accepted),
# every row a line of the job summary ($GITHUB_STEP_SUMMARY), and with
# INPUT_SARIF (a directory) one SARIF file per target,
# gowrap-audit-GOOS-GOARCH.sarif, for github/codeql-action/upload-sarif.
# A usage error (2) or a refused reviewed-verdicts file (118) stops the step
# at once; otherwise every target is audited and the step exits with the
# first error's code (109: nothing audited for that target), else 1 when a target has
# a defective row not accepted, else 3 when one has an unknown or
# unresolved one, else 0.
set -euo pipefail

command -v gowrap >/dev/null 2>&1 || {
	echo "gowrap: cannot audit: gowrap is not on PATH, so no install step ran before this one in this job (fix: run the gowrap action with mode: install earlier in this job, after actions/setup-go)" >&2
	exit 2
}
ws="${GITHUB_WORKSPACE:-$PWD}"
dir="$ws"
if [ -n "${INPUT_AUDIT_DIR:-}" ]; then
	case "$INPUT_AUDIT_DIR" in /*) dir="$INPUT_AUDIT_DIR" ;; *) dir="$ws/$INPUT_AUDIT_DIR" ;; esac
fi
cd "$dir" || {
	echo "gowrap: cannot audit: audit-dir $dir is not a directory (fix: name the module's directory relative to the workspace)" >&2
	exit 2
}

# shellcheck source=action-lines.sh
source "$(dirname "${BASH_SOURCE[0]}")/action-lines.sh"

args=()
if [ -n "${INPUT_REVIEWED:-}" ]; then
	case "$INPUT_REVIEWED" in /*) args+=(--reviewed "$INPUT_REVIEWED") ;; *) args+=(--reviewed "$ws/$INPUT_REVIEWED") ;; esac
fi
read -r -a pkgs <<<"${INPUT_AUDIT_PACKAGES:-}"
sarif=
if [ -n "${INPUT_SARIF:-}" ]; then
	case "$INPUT_SARIF" in /*) sarif="$INPUT_SARIF" ;; *) sarif="$ws/$INPUT_SARIF" ;; esac
	mkdir -p "$sarif"
fi
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"

# md: a cell's text with what would end or break a Markdown table cell escaped.
md() {
	local s="$1"
	s="${s//&/&amp;}"
	s="${s//</&lt;}"
	s="${s//|/\\|}"
	printf '%s' "$s"
}

# audit_one TARGET ("" for the runner's own): annotations, summary, SARIF; its exit code.
audit_one() {
	local t="$1" env=() rc=0 out name
	[ -z "$t" ] || env=(GOOS="${t%/*}" GOARCH="${t#*/}")
	env "${env[@]}" gowrap audit --format github "${args[@]}" ${pkgs[@]+"${pkgs[@]}"} || rc=$?
	case "$rc" in 0 | 1 | 3) ;; *) return "$rc" ;; esac
	if [ -n "$sarif" ]; then
		name="$(env "${env[@]}" go env GOOS)-$(env "${env[@]}" go env GOARCH)"
		env "${env[@]}" gowrap audit --format sarif "${args[@]}" ${pkgs[@]+"${pkgs[@]}"} \
			>"$sarif/gowrap-audit-$name.sarif" 2>/dev/null || true
	fi
	out="$(env "${env[@]}" gowrap audit --ids "${args[@]}" ${pkgs[@]+"${pkgs[@]}"} 2>/dev/null)" || true
	{
		printf '### gowrap audit %s: %s\n\n' "${t:-$(go env GOOS)/$(go env GOARCH)}" \
			"$(case $rc in 0) echo "✅ every CPU-feature package fixed, right or accepted" ;; 1) echo "❌ defective, not fixed" ;; *) echo "⚠️ unknown or not audited" ;; esac)"
		printf '| package | module | verdict | why | content id | review |\n|---|---|---|---|---|---|\n'
		local pkg mod kind vw id rev
		while IFS=$'\t' read -r pkg mod kind vw id rev; do
			[ -n "$pkg" ] || continue
			printf '| `%s` | %s | **%s** | %s | %s | %s |\n' "$(md "$pkg")" "$(md "$mod")" "$(md "${vw%%: *}")" \
				"$(md "$([ "${vw#*: }" != "$vw" ] && printf '%s' "${vw#*: }")")" "$(md "${id:-}")" "$(md "${rev:-}")"
		done <<<"$out"
		echo
	} >>"$summary"
	return "$rc"
}

final=0
targets=()
while IFS= read -r t; do targets+=("$t"); done < <(lines INPUT_AUDIT_TARGETS)
[ ${#targets[@]} -gt 0 ] || targets=("")
for t in "${targets[@]}"; do
	case "$t" in "" | */*) ;; *)
		echo "gowrap: cannot audit: target $t is not GOOS/GOARCH (fix: one target a line, e.g. linux/arm64)" >&2
		exit 2 ;;
	esac
	rc=0
	audit_one "$t" || rc=$?
	case "$rc" in
	0) ;;
	1) [ "$final" -eq 0 ] || [ "$final" -eq 3 ] && final=1 ;;
	3) [ "$final" -eq 0 ] && final=3 ;;
	2 | 118) exit "$rc" ;; # the same for every target: said once
	*) case "$final" in 0 | 1 | 3) final=$rc ;; esac ;;
	esac
done
exit "$final"
