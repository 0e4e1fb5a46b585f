#!/usr/bin/env bash
# bench/run.sh — `make bench`: every benchmark, each printing its own ratios
# against an anchor measured in the same run. Arguments are passed to none;
# run bench/shim.sh, bench/symcheck.sh or bench/patches.sh directly to change
# their round counts.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== bench/shim.sh"
bash bench/shim.sh
echo
echo "== bench/symcheck.sh"
bash bench/symcheck.sh
echo
echo "== bench/patches.sh"
bash bench/patches.sh
