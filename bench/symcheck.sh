#!/usr/bin/env bash
# bench/symcheck.sh — symcheck against llvm-nm --arch=all and strings on a
# large fat Mach-O, all measured in the same run (hyperfine when installed,
# else a timing loop), plus symcheck's peak RSS.
#
# The fixture: a Go program pulling in net/http, crypto/tls, go/types,
# debug/*, image/*, archive/* and more (~15 MB per slice), built for iOS arm64 (with the test marker
# overlay, then llvm-strip'd so symcheck must fall back to the pclntab) and
# for the iOS simulator x86_64 (symbol table kept), joined with llvm-lipo.
# Built once into $BENCH_DIR (default build/bench). Runs: $RUNS (default 15).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
SYMCHECK="${SYMCHECK:-$root/build/symcheck}"
BENCH_DIR="${BENCH_DIR:-$root/build/bench}"
RUNS="${RUNS:-15}"
[ -x "$SYMCHECK" ] || { echo "bench: $SYMCHECK missing (run make)" >&2; exit 2; }
mkdir -p "$BENCH_DIR"
export GOWRAP_FIXTURES="$BENCH_DIR/fx"
# shellcheck source=../tests/helpers/fixtures.bash
source "$root/tests/helpers/fixtures.bash"
fx_init
fat="$BENCH_DIR/big-fat"
if [ ! -s "$fat" ]; then
	src="$BENCH_DIR/src"
	mkdir -p "$src"
	cat >"$src/go.mod" <<'GO'
module example.com/big

go 1.21
GO
	cat >"$src/main.go" <<'GO'
package main

import (
	"archive/tar"
	"archive/zip"
	"compress/bzip2"
	"crypto/tls"
	"crypto/x509"
	"debug/dwarf"
	"debug/elf"
	"debug/macho"
	"go/doc"
	"go/format"
	"go/types"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/big"
	"net/mail"
	"net/rpc"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httputil"
	"net/smtp"
	"os"
	"regexp"
	"text/tabwriter"
)

import "C"

func main() {
	_ = http.ListenAndServe(":0", httputil.NewSingleHostReverseProxy(nil))
	_, _ = tls.Dial("tcp", "x:1", nil)
	_, _ = sql.Open("x", "")
	b, _ := json.Marshal(map[string]int{"a": 1})
	_ = xml.Unmarshal(b, new(struct{}))
	_ = template.Must(template.New("x").Parse("{{.}}")).Execute(os.Stdout, 1)
	_ = smtp.SendMail("x:1", nil, "a", nil, nil)
	fmt.Println(regexp.MustCompile("a+").MatchString("aa"), tabwriter.AlignRight)
	fmt.Println(tar.NewReader(nil), zip.NewWriter(nil), bzip2.NewReader(nil), x509.NewCertPool())
	_, _ = dwarf.New(nil, nil, nil, nil, nil, nil, nil, nil)
	_, _ = elf.Open("x")
	_, _ = macho.Open("x")
	fmt.Println(doc.IsPredeclared("x"), new(types.Config), new(big.Int), mail.ParseAddress)
	_, _ = format.Source(nil)
	_, _ = gif.Decode(nil)
	_, _ = jpeg.Decode(nil)
	_, _ = png.Decode(nil)
	_, _ = rpc.Dial("tcp", "x:1")
}
GO
	ov="$(fx_marker_overlay "$BENCH_DIR/ov")"
	echo "bench: building the fixture (two Go iOS builds)..." >&2
	(cd "$src" && GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$FX_APPLE/bin/cc-ios-arm64" \
		go build -trimpath -overlay="$ov" -o "$BENCH_DIR/big-arm64" .)
	(cd "$src" && GOOS=ios GOARCH=amd64 CGO_ENABLED=1 CC="$FX_APPLE/bin/cc-iossimulator-amd64" \
		go build -trimpath -o "$BENCH_DIR/big-amd64" .)
	llvm-strip -o "$BENCH_DIR/big-arm64-strip" "$BENCH_DIR/big-arm64"
	fx_lipo -create "$BENCH_DIR/big-arm64-strip" "$BENCH_DIR/big-amd64" -output "$fat.tmp"
	mv "$fat.tmp" "$fat"
fi
size=$(stat -c %s "$fat")
echo "fixture: $fat ($((size / 1024 / 1024)) MiB; $("$SYMCHECK" "$fat" | tr '\n' ';'))"
"$SYMCHECK" "$fat" >/dev/null

median_ms() { # command... -> median wall time in ms over $RUNS runs
	local i t0 t1 ts=()
	for ((i = 0; i < RUNS; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1 || true
		t1=$(date +%s%N)
		ts+=($(((t1 - t0) / 1000)))
	done
	printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f\n", m/1000}'
}

if command -v hyperfine >/dev/null; then
	json="$BENCH_DIR/hyperfine.json"
	hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$json" --style none \
		-n symcheck "$SYMCHECK $fat" \
		-n llvm-nm "llvm-nm --arch=all $fat" \
		-n strings "strings $fat" >/dev/null 2>&1 ||
		hyperfine --warmup 3 --runs "$RUNS" --export-json "$json" --style none \
			-n symcheck "$SYMCHECK $fat >/dev/null" \
			-n llvm-nm "llvm-nm --arch=all $fat >/dev/null" \
			-n strings "strings $fat >/dev/null" >/dev/null
	read -r s n g < <(python3 -c '
import json, sys
r = {x["command"]: x["median"] * 1000 for x in json.load(open(sys.argv[1]))["results"]}
print("%.2f %.2f %.2f" % (r["symcheck"], r["llvm-nm"], r["strings"]))' "$json")
	how="hyperfine, $RUNS runs, 3 warmup"
else
	s=$(median_ms "$SYMCHECK" "$fat")
	n=$(median_ms llvm-nm --arch=all "$fat")
	g=$(median_ms strings "$fat")
	how="shell loop, $RUNS runs"
fi
rss="?"
if [ -x /usr/bin/time ]; then
	rss=$(/usr/bin/time -v "$SYMCHECK" "$fat" 2>&1 >/dev/null | awk -F: '/Maximum resident/ {gsub(/ /, "", $2); print $2}')
fi
echo "median wall time ($how):"
printf '  symcheck          %8.2f ms\n' "$s"
printf '  llvm-nm --arch=all %7.2f ms   (symcheck is %.1fx faster)\n' "$n" "$(echo "$n / $s" | bc -l)"
printf '  strings           %8.2f ms   (symcheck is %.1fx faster)\n' "$g" "$(echo "$g / $s" | bc -l)"
echo "symcheck peak RSS: ${rss} KiB (file: $((size / 1024)) KiB)"
