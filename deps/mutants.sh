#!/usr/bin/env bash
# deps/mutants.sh [name...] — the mutation check of deps/ (dev tool, not run
# by CI): for each mutation, a scratch copy of the committed tree gets one
# change, is rebuilt, and the named tests/deps.bats tests must FAIL on it.
# Prints one line per mutation: "caught" or "SURVIVED". Exit 1 if any survived.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
T=deps/templates/dp_hwcap_linux.go.tmpl
X=deps/templates/dp_xsys_ios.go.tmpl
# name|file|old|new|DEPS_SETUP|bats -f filter   (old/new: python string literals)
muts=(
"population-missing|$T|'\t\tHWCap = gowrapAuxvValue(gowrapGetAuxv(), gowrapAT_HWCAP)\n'|''|linux|utls copy reports|auxv lookup"
"wrong-tag|$T|'gowrapAT_HWCAP = 16'|'gowrapAT_HWCAP = 26'|linux|utls copy reports|auxv lookup"
"no-stop-at-AT_NULL|$T|'\t\tif auxv[i] == gowrapAT_NULL {\n\t\t\tbreak\n\t\t}\n'|''|none|auxv lookup"
"step-by-one-word|$T|'i += 2'|'i++'|none|auxv lookup"
"skip-first-entry|$T|'i := 0; i+1'|'i := 2; i+1'|none|auxv lookup"
"overrun-odd-length|$T|'i+1 < len(auxv)'|'i < len(auxv)'|none|auxv lookup"
"init-not-initializer|$T|'var _ = gowrapFillHWCap()'|'func init() { gowrapFillHWCap() }'|linux|utls copy reports|auxv lookup"
"identity-unchanged|deps/toolexec.c|'printf(\"%s gowrap-deps=%s\\\\n\", out.buf, id);'|'{ (void)id; printf(\"%s\\\\n\", out.buf); }'|linux|without the shim|utls copy reports"
"identity-with-path|deps/toolexec.c|'printf(\"%s gowrap-deps=%s\\\\n\", out.buf, id);'|'printf(\"%s gowrap-deps=%s%s\\\\n\", out.buf, id, getenv(\"GOWRAP_CACHE\"));'|linux|fresh GOCACHE"
"fix-file-outside-objdir|deps/toolexec.c|'gw_path_join(&path, dir.buf, name);'|'gw_path_join(&path, getenv(\"GOWRAP_CACHE\"), name);'|linux|fresh GOCACHE"
"toolexec-fixes-std|deps/toolexec.c|'if (std)'|'if (std && 0)'|linux|exactly the copy"
"gate-always-acts|shim/deps.c|'if (!d->pkgs.len) {'|'if (0) {'|none|without a copy"
"postcheck-only-this-call|shim/deps.c|'if (i >= nfixed && !present[i])'|'if (i >= nfixed)'|none|post-build check"
"xsys-from-init|$X|'var _ = gowrapIOS()'|'func init() { gowrapIOS() }'|ios|variable initialization"
)
want=("$@")
rc=0
for m in "${muts[@]}"; do
	IFS='|' read -r name file old new setup filters <<<"$m"
	if [ ${#want[@]} -gt 0 ] && [[ " ${want[*]} " != *" $name "* ]]; then continue; fi
	t="$work/$name"
	mkdir -p "$t"
	git -C "$root" archive HEAD | tar -x -C "$t"
	python3 - "$t/$file" "$old" "$new" <<'PY' || { echo "$name: mutation does not apply"; rc=1; continue; }
import ast, sys
p, old, new = sys.argv[1], ast.literal_eval(sys.argv[2]), ast.literal_eval(sys.argv[3])
s = open(p).read()
assert s.count(old) == 1, (p, old, s.count(old))
open(p, "w").write(s.replace(old, new))
PY
	make -C "$t" -j2 -s >/dev/null 2>&1 || { echo "$name: caught (does not build)"; continue; }
	IFS='|' read -r -a fl <<<"$filters"
	failed=()
	for f in "${fl[@]}"; do
		if ! (cd "$t" && DEPS_SETUP="$setup" bats -f "$f" tests/deps.bats >"$t/bats-$RANDOM.log" 2>&1); then
			failed+=("$f")
		fi
	done
	if [ ${#failed[@]} -gt 0 ]; then
		echo "$name: caught by: ${failed[*]}"
	else
		echo "$name: SURVIVED"
		rc=1
	fi
	rm -rf "$t"
done
exit $rc
