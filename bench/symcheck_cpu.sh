#!/usr/bin/env bash
# bench/symcheck_cpu.sh [ROUNDS] [REV] — symcheck's CPU on the acceptance
# fixture set against REV's symcheck (default e54d89a, before every name of a
# slice was read), both built in this run.
#
# The set: six Mach-O files of tests/helpers/fixtures.bash, one of each kind
# symcheck reads (iOS arm64 executable with the marker, without it, stripped
# so the marker is found in the pclntab only; iOS simulator x86_64; a fat
# executable; a c-archive). Two measures, each printed per file and for the
# set with its ratio (this tree / REV):
#   - instructions (valgrind --tool=callgrind, when installed): the same on
#     a loaded machine as on an idle one;
#   - CPU time (user + system of the child, from wait4), symcheck of the six
#     files in one run and of each file alone, the two binaries alternated
#     run by run (A B A B ...) after 3 warm-up rounds: medians of ROUNDS
#     (default 40).
# REV is built from `git archive` in a scratch directory; the fixtures in
# $GOWRAP_FIXTURES (default build/bench/fx, kept).
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
bench_init
ROUNDS="${1:-40}"
REV="${2:-e54d89a}"
bench_need "$BUILD/symcheck"
export GOWRAP_FIXTURES="${GOWRAP_FIXTURES:-$BUILD/bench/fx}"
mkdir -p "$GOWRAP_FIXTURES"
# shellcheck source=../tests/helpers/fixtures.bash
source "$ROOT/tests/helpers/fixtures.bash"
SET=(ios-arm64-marker ios-arm64-stock ios-arm64-marker-strip iossim-amd64 fat-exe a-ios-arm64)
files=()
for n in "${SET[@]}"; do files+=("$(fx_path "$n")"); done

echo "bench: building $REV's symcheck..." >&2
mkdir -p "$W/anchor"
git -C "$ROOT" archive "$REV" | tar -x -C "$W/anchor"
make -C "$W/anchor" -j2 build/symcheck >"$W/anchor.log" 2>&1 || { tail -5 "$W/anchor.log" >&2; exit 1; }
A="$W/anchor/build/symcheck" B="$BUILD/symcheck"
echo "symcheck: $B (this tree) against $A ($REV)"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b / a }'; }

if command -v valgrind >/dev/null; then
	ir() { # a stock slice fails (exit 1): only the count matters here
		{ valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } |
			awk '/Collected/ {print $4}'
	}
	echo "instructions (callgrind):"
	printf '  %-24s %12s %12s %7s\n' file "$REV" "this tree" ratio
	ta=0 tb=0
	for f in "${files[@]}"; do
		a=$(ir "$A" "$f") b=$(ir "$B" "$f")
		ta=$((ta + a)) tb=$((tb + b))
		printf '  %-24s %12d %12d %7s\n' "$(basename "$f")" "$a" "$b" "$(ratio "$a" "$b")"
	done
	printf '  %-24s %12d %12d %7s\n' "each alone, summed" "$ta" "$tb" "$(ratio "$ta" "$tb")"
	a=$(ir "$A" "${files[@]}") b=$(ir "$B" "${files[@]}")
	printf '  %-24s %12d %12d %7s\n' "the six in one run" "$a" "$b" "$(ratio "$a" "$b")"
fi

# The CPU harness: SPEC lines "name<TAB>argv..." run round-robin; per
# command the median of its CPU (user + system) and wall time in ms.
cat >"$W/cpuh.c" <<'EOC'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
static int cmpd(const void *a, const void *b)
{ double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv)
{
	if (argc != 3) return 2;
	int rounds = atoi(argv[2]), n = 0;
	FILE *f = fopen(argv[1], "r");
	char line[16384], *name[32], **av[32];
	double *cpu[32], *wall[32];
	while (f && n < 32 && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		char **v = calloc(256, sizeof *v); int k = 0;
		for (char *s = strtok(line, "\t"); s && k < 255; s = strtok(NULL, "\t")) v[k++] = strdup(s);
		name[n] = v[0]; av[n] = v + 1;
		cpu[n] = calloc(rounds, sizeof(double)); wall[n] = calloc(rounds, sizeof(double));
		n++;
	}
	int devnull = open("/dev/null", O_WRONLY);
	for (int r = -3; r < rounds; r++)
		for (int i = 0; i < n; i++) {
			struct timespec a, b; struct rusage ru; int st;
			clock_gettime(CLOCK_MONOTONIC, &a);
			pid_t p = fork();
			if (p == 0) { dup2(devnull, 1); dup2(devnull, 2); execv(av[i][0], av[i]); _exit(127); }
			wait4(p, &st, 0, &ru);
			clock_gettime(CLOCK_MONOTONIC, &b);
			if (!WIFEXITED(st) || WEXITSTATUS(st) > 1) { fprintf(stderr, "bench: %s failed (status %d)\n", name[i], st); return 1; }
			if (r < 0) continue;
			cpu[i][r] = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
			wall[i][r] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
		}
	for (int i = 0; i < n; i++) {
		qsort(cpu[i], rounds, sizeof(double), cmpd); qsort(wall[i], rounds, sizeof(double), cmpd);
		printf("%s %.3f %.3f\n", name[i], cpu[i][rounds / 2], wall[i][rounds / 2]);
	}
	return 0;
}
EOC
"${CC:-cc}" -O2 -o "$W/cpuh" "$W/cpuh.c"
{
	printf 'A-set\t%s' "$A"; printf '\t%s' "${files[@]}"; echo
	printf 'B-set\t%s' "$B"; printf '\t%s' "${files[@]}"; echo
	for f in "${files[@]}"; do
		printf 'A-%s\t%s\t%s\n' "$(basename "$f")" "$A" "$f"
		printf 'B-%s\t%s\t%s\n' "$(basename "$f")" "$B" "$f"
	done
} >"$W/spec"
"$W/cpuh" "$W/spec" "$ROUNDS" >"$W/out"
echo "CPU time, user + system, median of $ROUNDS alternated runs (wall in parentheses), ms:"
printf '  %-24s %18s %18s %7s\n' file "$REV" "this tree" ratio
for n in set "${SET[@]}"; do
	read -r ca wa < <(awk -v k="A-$n" '$1 == k {print $2, $3}' "$W/out")
	read -r cb wb < <(awk -v k="B-$n" '$1 == k {print $2, $3}' "$W/out")
	label="$n"
	[ "$n" = set ] && label="the six in one run"
	printf '  %-24s %8.2f (%7.2f) %8.2f (%7.2f) %7s\n' "$label" "$ca" "$wa" "$cb" "$wb" "$(ratio "$ca" "$cb")"
done
