#!/usr/bin/env bash
# census_sweep.sh — hold the census's evidence rules to the other published
# versions of the modules they were read in (deps/README.md, "The census":
# "Not yet: the census's own modules held to the versions other apps pin").
#
# Each rule of deps/evidence.c names the versions it was read in; this asks
# `gowrap audit` what it decides for the other versions the Go module proxy
# serves, one scratch module per module version, on the census's five
# targets. Nothing under the repository is written: scratch modules and the
# audits' raw output go under the output directory.
#
# Usage: tools/census_sweep.sh [-o DIR] [-n NEWEST] [MODULE...]
#   -o DIR     scratch root (default /tmp/census-sweep); each version's module
#              is DIR/MODULE@VERSION, its audits DIR/MODULE@VERSION/audit.GOOS-GOARCH.{out,err}
#   -n NEWEST  how many of the newest release versions to take (default 12);
#              the ruled versions are always taken as well
#   MODULE     only these modules of the table below (default: all)
#   GOWRAP     the audit binary (default: build/gowrap beside this script)
#
# Output (stdout), one TSV line per module, version, target and package row:
#   module  version  target  package  verdict-word  rule-or--  exit
# verdict-word: right, nochoice, otherarch, defective, fixed, unknown (the
# rule column then names the rule the reason names, if any), absent (no row
# of the module on that target; the package column is the one imported), or
# error (download, tidy or audit's go list failed; the rule column holds the
# one-line reason, "needs newer go: ..." when a go.mod asks for a Go newer
# than the one on PATH). A failed version listing is one error line with
# version and target "-".
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=/tmp/census-sweep
newest=12
while getopts 'o:n:h' opt; do
	case $opt in
	o) out=$OPTARG ;;
	n) newest=$OPTARG ;;
	*) sed -n '2,29p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
gowrap=${GOWRAP:-$here/../build/gowrap}
[ -x "$gowrap" ] || { echo "census_sweep: $gowrap missing: run make" >&2; exit 2; }

# module | package imported | ruled versions (evidence.c's `versions`: the
# ones the rule was read in). compress-cpuinfo's lines were read in v1.17.9
# and v1.18.0; its row is internal/cpuinfo, which zstd imports.
table='github.com/minio/sha256-simd|github.com/minio/sha256-simd|v1.0.1
github.com/jaypipes/ghw|github.com/jaypipes/ghw/pkg/cpu|v0.27.0
github.com/zcalusic/sysinfo|github.com/zcalusic/sysinfo|v1.1.3
github.com/containerd/platforms|github.com/containerd/platforms|v0.2.1
lukechampine.com/blake3|lukechampine.com/blake3|v1.3.0 v1.4.1
github.com/shirou/gopsutil/v4|github.com/shirou/gopsutil/v4/cpu|v4.25.1
github.com/tklauser/go-sysconf|github.com/tklauser/go-sysconf|v0.3.12
github.com/klauspost/compress|github.com/klauspost/compress/zstd|v1.17.9 v1.18.0
github.com/pierrec/lz4/v4|github.com/pierrec/lz4/v4|v4.1.34
github.com/RoaringBitmap/roaring/v2|github.com/RoaringBitmap/roaring/v2|v2.30.0
github.com/goccy/go-json|github.com/goccy/go-json|v0.12.0
github.com/mmcloughlin/geohash|github.com/mmcloughlin/geohash|v0.10.0
github.com/prometheus/procfs|github.com/prometheus/procfs|v0.23.0
github.com/shoenig/go-m1cpu|github.com/shoenig/go-m1cpu|v0.1.6
github.com/shirou/gopsutil/v3|github.com/shirou/gopsutil/v3/cpu|'

targets='ios/arm64 android/arm64 android/arm linux/arm64 linux/amd64'

# The toolchain on PATH only (no switching: a version needing a newer Go is
# recorded as such); -mod=mod so go list and tidy may write the scratch
# go.mod/go.sum; no go.work of an enclosing directory.
export GOTOOLCHAIN=local GOWORK=off
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"

tab=$'\t'
# One line, tabs flattened, so a reason fits a TSV column.
oneline() { head -n 1 | tr '\t\r' '  '; }

emit() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@"; }

# Every target of one version gets the same error line.
fail_all() { # module version package reason
	local t
	for t in $targets; do emit "$1" "$2" "$t" "$3" error "$4" -; done
}

# The verdict text of audit's text output (deps/audit.h's DP_AUDIT_*) -> a word.
word_of() {
	case $1 in
	"right on its own"*) echo right ;;
	"reads CPU information no code chooses from"*) echo nochoice ;;
	"detection for another architecture"*) echo otherarch ;;
	"defective, not fixed"*) echo defective ;;
	"fixed by gowrap"*) echo fixed ;;
	"unknown"*) echo unknown ;;
	"not audited"*) echo error ;;
	*) echo unknown ;;
	esac
}

# The first `rule NAME` in a verdict text: evidence.c's "rule NAME: ...",
# table.c's "rule NAME (...)" and a fix's "FIX (rule NAME, ...)" alike. Every
# rule name holds a hyphen, which keeps prose ("no rule for", "rule read in")
# out.
rule_of() {
	local r
	r=$(printf '%s\n' "$1" | grep -oE -m1 'rule [A-Za-z0-9_]+(-[A-Za-z0-9_.]*[A-Za-z0-9_])+' | head -n 1 | cut -d' ' -f2 || true)
	echo "${r:--}"
}

sweep_version() { # module package version
	local mod=$1 pkg=$2 ver=$3
	local dir=$out/$mod@$ver
	mkdir -p "$dir"
	# A fresh module each run: what tidy writes depends only on the version.
	rm -f "$dir/go.mod" "$dir/go.sum" "$dir"/audit.*
	printf 'module censussweep\n\ngo 1.26\n\nrequire %s %s\n' "$mod" "$ver" >"$dir/go.mod"
	printf 'package main\n\nimport _ "%s"\n\nfunc main() {}\n' "$pkg" >"$dir/main.go"

	# The version's own tree first: without its package, tidy would look the
	# package up in another version and silently upgrade.
	local js srcdir
	if ! js=$(cd "$dir" && go mod download -json "$mod@$ver" 2>"$dir/download.err"); then
		fail_all "$mod" "$ver" "$pkg" "download: $( (jq -r '.Error // empty' <<<"$js" 2>/dev/null; cat "$dir/download.err") | grep . | oneline)"
		return
	fi
	srcdir=$(jq -r '.Dir' <<<"$js")
	if ! ls "$srcdir${pkg#"$mod"}"/*.go >/dev/null 2>&1; then
		fail_all "$mod" "$ver" "$pkg" "no package $pkg in $mod@$ver"
		return
	fi

	if ! (cd "$dir" && go mod tidy) >"$dir/tidy.out" 2>"$dir/tidy.err"; then
		local why
		if grep -q 'requires go >=' "$dir/tidy.err"; then
			why="needs newer go: $(grep -m1 'requires go >=' "$dir/tidy.err" | oneline)"
		else
			why="tidy: $(grep -m1 . "$dir/tidy.err" | oneline)"
		fi
		fail_all "$mod" "$ver" "$pkg" "$why"
		return
	fi
	# Another module of the graph may require a newer version of this one.
	local sel
	sel=$(cd "$dir" && go list -m -f '{{.Version}}' "$mod" 2>/dev/null || echo '?')
	if [ "$sel" != "$ver" ]; then
		fail_all "$mod" "$ver" "$pkg" "tidy selected $mod $sel, not $ver"
		return
	fi

	local t goos goarch rc f found pkgcol modcol verdict
	for t in $targets; do
		goos=${t%/*} goarch=${t#*/}
		f=$dir/audit.$goos-$goarch
		rc=0
		(cd "$dir" && GOOS=$goos GOARCH=$goarch CGO_ENABLED=1 "$gowrap" audit -e .) >"$f.out" 2>"$f.err" || rc=$?
		echo "$rc" >"$f.rc"
		found=0
		# Rows of this module only (its module@version column), or an
		# unresolved package of it ("not audited", module column "-").
		while IFS=$tab read -r pkgcol modcol _ verdict; do
			if [ "${modcol%@*}" = "$mod" ] ||
				{ [ "$modcol" = - ] && { [ "$pkgcol" = "$mod" ] || [ "${pkgcol#"$mod"/}" != "$pkgcol" ]; }; }; then
				found=1
				local w r
				w=$(word_of "$verdict")
				if [ "$w" = error ]; then r=$(printf '%s' "$verdict" | oneline); else r=$(rule_of "$verdict"); fi
				emit "$mod" "$ver" "$t" "$pkgcol" "$w" "$r" "$rc"
			fi
		done < <(sort "$f.out")
		if [ "$found" = 0 ]; then
			# 0, 1 and 3 are audit's own answers (README "Exit codes"); anything
			# else (109: go list failed) means nothing was audited.
			case $rc in
			0 | 1 | 3) emit "$mod" "$ver" "$t" "$pkg" absent - "$rc" ;;
			*) emit "$mod" "$ver" "$t" "$pkg" error "audit: $(grep -m1 . "$f.err" | oneline)" "$rc" ;;
			esac
		fi
	done
}

mkdir -p "$out"
# A go.mod above the scratch modules would make them one module.
[ ! -e "$out/go.mod" ] || { echo "census_sweep: $out/go.mod would swallow the scratch modules" >&2; exit 2; }

while IFS='|' read -r mod pkg ruled; do
	if [ $# -gt 0 ]; then
		want=0
		for m in "$@"; do [ "$m" = "$mod" ] && want=1; done
		[ "$want" = 1 ] || continue
	fi
	# The versions the proxy serves (semver order); pre-releases (a '-')
	# skipped. A refused listing still sweeps the ruled versions.
	if list=$(cd "$out" && go list -m -versions "$mod" 2>"$out/list.err"); then
		releases=$(tr ' ' '\n' <<<"$list" | tail -n +2 | grep -v -- - | tail -n "$newest" || true)
	else
		emit "$mod" - - "$pkg" error "list: $(grep -m1 . "$out/list.err" | oneline)" -
		releases=
	fi
	# go list's order is semver's; sort -V agrees for vX.Y.Z.
	versions=$(printf '%s\n' $releases $ruled | sort -V -u)
	for ver in $versions; do
		sweep_version "$mod" "$pkg" "$ver"
	done
done <<<"$table"
