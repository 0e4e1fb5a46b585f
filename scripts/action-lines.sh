# scripts/action-lines.sh — sourced by the Action's steps
# (action-report.sh, action-audit.sh): their one reading of a multi-line
# input.
#
# lines VAR: the non-blank lines of $VAR, surrounding blanks trimmed.
lines() {
	local l
	while IFS= read -r l || [ -n "$l" ]; do
		l="${l#"${l%%[![:space:]]*}"}"
		l="${l%"${l##*[![:space:]]}"}"
		if [ -n "$l" ]; then printf '%s\n' "$l"; fi
	done <<<"${!1:-}"
}
