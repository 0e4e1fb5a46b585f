#!/usr/bin/env bash
# bench/run.sh — `make bench`: every benchmark, each printing its own ratios
# against an anchor measured in the same run. Arguments are passed to neither;
# run bench/shim.sh or bench/symcheck.sh directly to change their round counts.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== bench/shim.sh"
bash bench/shim.sh
echo
echo "== bench/symcheck.sh"
bash bench/symcheck.sh
