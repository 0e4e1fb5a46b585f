#!/usr/bin/env bash
# tests/run.sh — runs bats suites and ends with the line CI reads.
#
#   bash tests/run.sh [SUITE...]      every tests/*.bats, or the ones named
#   bash tests/run.sh --all SUITE...  these first, then every other tests/*.bats
#
# A SUITE may be given as BUILD_DIR:tests/x.bats to run it against another
# build tree (GOWRAP_BUILD), e.g. build-asan:tests/verify.bats; with --all it
# then runs against that tree only (`make check`: verify under ASan+UBSan).
#
# Each suite is its own bats process (--timing), BATS_JOBS of them at a time
# (default 2: the suites spend much of their time waiting on go builds'
# serial steps, qemu and child processes, so two keep a 2-core machine busy),
# heaviest first so the last one to start is a short one. A suite's TAP is
# printed whole when it ends, so two suites never interleave lines.
# At the end: each suite's wall and CPU time, the ten slowest tests, the
# fifteen costliest in CPU, and one line
# "N passed, N failed, N skipped". Exit 0 only if nothing failed, every
# suite ran all the tests its plan announced, and at least one test ran.
#
# One fixture directory (GOWRAP_FIXTURES) for the whole run, so suites in
# different bats processes build each fixture once (tests/helpers/fixtures.bash
# writes by rename, so two suites building the same one at once is safe), and
# one Go 1.27.3 GOROOT (GOWRAP_TEST_SHARED, tests/helpers/goroot.bash).
set -u
cd "$(dirname "$0")/.."

# Heaviest first (measured on the 2-core machine; see CONTRIBUTING.md). A
# suite not listed runs after these, in name order. Suites whose cold
# builds are the same (android's and act's android/arm64 library; deps'
# and verify_ios_deps' iOS archives; deps_arch's and verify_arch's plain
# arch builds) are kept apart, so the second finds the first's in the build
# cache instead of compiling it beside it.
ORDER="overlay deps_ci deps deps_arch compose patches_ship patches e2e shim_hardening shim verify_arch goos verify verify_ios_deps android cacheprog toolchain act"
ORDER="$ORDER action portability cli docs unit sweep layout errshape common"

# --one SUITE OUTDIR: run one suite, leave NAME.tap, NAME.rc, NAME.secs.
if [ "${1:-}" = --one ]; then
	spec="$2" out="$3" build=
	case "$spec" in *:*) build="${spec%%:*}" spec="${spec#*:}" ;; esac
	name=$(basename "$spec" .bats)
	[ -n "$build" ] && name="$name@$(basename "$build")"
	start=$(date +%s)
	if [ -n "$build" ]; then
		GOWRAP_BUILD="$(cd "$build" && pwd)" bats --tap --timing "$spec" >"$out/$name.tap" 2>&1
	else
		bats --tap --timing "$spec" >"$out/$name.tap" 2>&1
	fi
	echo $? >"$out/$name.rc"
	echo $(($(date +%s) - start)) >"$out/$name.secs"
	# CPU seconds of everything the suite ran (its children, waited for):
	# on a machine the suites share, wall time says little of what a suite
	# costs; its CPU time does.
	times >"$out/$name.times" # the builtin in this shell: a pipe's subshell has no children
	tail -1 "$out/$name.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d\n", t }' >"$out/$name.cpu"
	echo "# finished $name in $(cat "$out/$name.secs") s ($(cat "$out/$name.cpu") s CPU)" >&2
	exit 0
fi

all=0
if [ "${1:-}" = --all ]; then all=1; shift; fi
suites=("$@")
if [ ${#suites[@]} -eq 0 ] || [ $all -eq 1 ]; then
	named=" "
	for spec in "${suites[@]}"; do named+="$(basename "${spec#*:}" .bats) "; done
	for n in $ORDER; do
		[ -f "tests/$n.bats" ] && [[ "$named" != *" $n "* ]] && suites+=("tests/$n.bats")
	done
	for f in tests/*.bats; do
		n=$(basename "$f" .bats)
		case " $ORDER " in *" $n "*) ;; *) [[ "$named" != *" $n "* ]] && suites+=("$f") ;; esac
	done
fi
jobs=${BATS_JOBS:-2}
out=$(mktemp -d)
trap 'chmod -R u+w "$out" 2>/dev/null; rm -rf "$out"' EXIT
if [ -z "${GOWRAP_FIXTURES:-}" ]; then
	export GOWRAP_FIXTURES="$out/fixtures"
	mkdir -p "$GOWRAP_FIXTURES"
fi
# One Go 1.27.3 GOROOT for the run (tests/helpers/goroot.bash).
export GOWRAP_TEST_SHARED="$out/shared"
mkdir -p "$GOWRAP_TEST_SHARED"
# Each test's CPU seconds (tests/helpers/common.bash's common_teardown);
# a GOWRAP_TEST_CPU set by the caller keeps them after the run.
export GOWRAP_TEST_CPU="${GOWRAP_TEST_CPU:-$out/tests.cpu}"
: >"$GOWRAP_TEST_CPU"

t0=$(date +%s)
printf '%s\n' "${suites[@]}" | xargs -P "$jobs" -I{} bash tests/run.sh --one {} "$out"
wall=$(($(date +%s) - t0))

passed=0 failed=0 skipped=0 bad=0
for spec in "${suites[@]}"; do
	name=$(basename "${spec#*:}" .bats)
	case "$spec" in *:*) name="$name@$(basename "${spec%%:*}")" ;; esac
	tap="$out/$name.tap"
	echo "# --- $name"
	cat "$tap"
	p=$(grep -cE '^ok [0-9]+ ' "$tap")
	s=$(grep -cE '^ok [0-9]+ .*# skip' "$tap")
	f=$(grep -cE '^not ok [0-9]+ ' "$tap")
	plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap" | head -1)
	passed=$((passed + p - s)) skipped=$((skipped + s)) failed=$((failed + f))
	if [ "$(cat "$out/$name.rc")" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "# $name: bats exited $(cat "$out/$name.rc") with no failing test"
		bad=1
	fi
	if [ -z "$plan" ] || [ $((p + f)) -ne "$plan" ]; then
		echo "# $name: planned ${plan:-no} tests, ran $((p + f))"
		bad=1
	fi
done

echo
echo "# suite times (wall s, CPU s), $jobs at a time, ${wall} s in all:"
for spec in "${suites[@]}"; do
	name=$(basename "${spec#*:}" .bats)
	case "$spec" in *:*) name="$name@$(basename "${spec%%:*}")" ;; esac
	printf '%s %s %s\n' "$(cat "$out/$name.secs")" "$(cat "$out/$name.cpu" 2>/dev/null || echo 0)" "$name"
done | sort -k2,2rn | awk '{printf "#   %6d %6d  %s\n", $1, $2, $3; c += $2} END {printf "#   CPU %d s in all\n", c}'
echo "# ten slowest tests (ms):"
for spec in "${suites[@]}"; do
	name=$(basename "${spec#*:}" .bats)
	case "$spec" in *:*) name="$name@$(basename "${spec%%:*}")" ;; esac
	sed -n "s/^\(not \)\{0,1\}ok [0-9]* \(.*\) in \([0-9]*\)ms$/\3 $name: \2/p" "$out/$name.tap"
done | sort -rn | head -10 | awk '{ms=$1; $1=""; printf "#   %8d %s\n", ms, $0}'
echo "# fifteen costliest tests (CPU s; a suite's setup_file is its CPU less its tests'):"
sort -t "$(printf '\t')" -k1,1rn "$GOWRAP_TEST_CPU" | head -15 | awk -F '\t' '{printf "#   %6.1f %s: %s\n", $1, $2, $3}'
echo
echo "${passed} passed, ${failed} failed, ${skipped} skipped"
if [ "$failed" -ne 0 ] || [ "$bad" -ne 0 ] || [ "$passed" -eq 0 ]; then
	exit 1
fi
