#!/usr/bin/env bash
# demo.sh — the README's main command (`make demo`): builds examples/aeslib the
# way gomobile does for every Apple platform (8 parallel c-archive builds, each
# with the driver's own GOFLAGS=-tags=...), with gowrap's `go` shim first on
# PATH, assembles Aes.xcframework and prints symcheck's verdict for every slice.
# On Linux the Apple toolchain is the stand-in in tests/helpers/apple.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${DEMO_OUT:-$root/build/demo}"
eval "$("$root/build/gowrap" shellenv)"
export GOWRAP_LOG="$out/gowrap.log"
rm -rf "$out"
mkdir -p "$out"
echo "== go on PATH: $(command -v go)  ($(go version))" >&2
echo "== gowrap doctor" >&2
"$root/build/gowrap" doctor >&2 || true
echo "== building Aes.xcframework (ios, iossimulator x2, tvos, maccatalyst x2, macos x2) through the shim" >&2
xc=$(bash "$root/tests/helpers/pipeline.sh" "$root/examples/aeslib" "$out" Aes)
echo "== what the shim did (GOWRAP_LOG)" >&2
python3 - "$GOWRAP_LOG" >&2 <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r.get("subcommand") != "build":
        continue
    print("  %-14s injected=%-5s verified=%-5s %s" % (r.get("target"), r.get("injected"), r.get("verified"), r.get("reason") or r.get("overlay") or ""))
PY
echo "== symcheck $xc" >&2
exec "$root/build/symcheck" "$xc"
