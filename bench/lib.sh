# bench/lib.sh — how every bench script starts (sourced, not run).
#
# bench_init: cd to the repository; set ROOT, BUILD (GOWRAP_BUILD or
# build/), SHIM_DIR, W (a scratch directory removed on exit) and NOSHIM_PATH
# (PATH without the shim, for the anchor: the real go without gowrap).
# bench_need FILE...: stop with "run make first" unless each is executable.
# bench_harness: $W/harness, which times commands round-robin (A B C A B C
# ...) so drifting machine load hits every command alike. `$W/harness SPEC
# ROUNDS`: SPEC's lines are "name<TAB>VAR=val...<TAB>--<TAB>argv..."; every
# command runs once per round (after 3 warm-up rounds), in order, from the
# harness's directory; it prints "name median_ms p25 p75" per command and
# stops at the first command that fails.
# bench_nullgo REAL_GO: $W/nullgo, a stand-in go that does nothing but answer
# `go env NAME...` as REAL_GO does for the four names the shim asks (one
# value per line), padded to a real go's size: the shim only reads small
# candidates (to spot other shim copies), and a real go is > 10 MB.

bench_init() {
	cd "$(dirname "${BASH_SOURCE[1]}")/.."
	ROOT="$PWD"
	BUILD="${GOWRAP_BUILD:-$ROOT/build}"
	SHIM_DIR="$BUILD/shim"
	W="$(mktemp -d)"
	trap 'rm -rf "$W"' EXIT
	NOSHIM_PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$SHIM_DIR" | paste -sd: -)"
}

bench_need() {
	local f
	for f in "$@"; do
		[ -x "$f" ] || { echo "bench: $f is missing (fix: run make first)" >&2; exit 1; }
	done
}

bench_harness() {
	cat >"$W/harness.c" <<'EOC'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
extern char **environ;
struct cmd { char *name; char **argv; char **envp; double *t; };
static int cmpd(const void *a, const void *b)
{ double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv)
{
	if (argc != 3) return 2;
	int rounds = atoi(argv[2]);
	FILE *f = fopen(argv[1], "r");
	struct cmd c[16]; int n = 0; char line[8192];
	while (n < 16 && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		char *tok[256]; int k = 0;
		for (char *s = strtok(line, "\t"); s && k < 255; s = strtok(NULL, "\t")) tok[k++] = strdup(s);
		int envc = 0; while (environ[envc]) envc++;
		c[n].name = tok[0];
		c[n].envp = calloc(envc + k + 1, sizeof(char *));
		int e = 0, i = 1;
		for (; i < k && strcmp(tok[i], "--"); i++) c[n].envp[e++] = tok[i];
		for (int j = 0; j < envc; j++) {
			size_t l = strcspn(environ[j], "="); int dup = 0;
			for (int q = 0; q < e; q++) if (!strncmp(c[n].envp[q], environ[j], l + 1)) dup = 1;
			if (!dup) c[n].envp[e++] = environ[j];
		}
		c[n].argv = calloc(k, sizeof(char *));
		for (int j = 0, a = i + 1; a < k; a++) c[n].argv[j++] = tok[a];
		c[n].t = calloc(rounds, sizeof(double));
		n++;
	}
	int devnull = open("/dev/null", O_WRONLY);
	for (int r = -3; r < rounds; r++) /* 3 warm-up rounds */
		for (int i = 0; i < n; i++) {
			struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
			pid_t p = fork();
			if (p == 0) { dup2(devnull, 1); dup2(devnull, 2); execve(c[i].argv[0], c[i].argv, c[i].envp); _exit(127); }
			int st; waitpid(p, &st, 0);
			clock_gettime(CLOCK_MONOTONIC, &b);
			if (!WIFEXITED(st) || WEXITSTATUS(st)) { fprintf(stderr, "bench: %s failed (status %d)\n", c[i].name, st); return 1; }
			if (r >= 0) c[i].t[r] = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
		}
	for (int i = 0; i < n; i++) {
		qsort(c[i].t, rounds, sizeof(double), cmpd);
		printf("%s %.3f %.3f %.3f\n", c[i].name, c[i].t[rounds / 2], c[i].t[rounds / 4], c[i].t[3 * rounds / 4]);
	}
	return 0;
}
EOC
	"${CC:-cc}" -O2 -o "$W/harness" "$W/harness.c"
}

# bench_static OUT SRC: a static program, linked against musl when musl-gcc is
# here (as make links the shim, the Makefile's SHIM_LIBC): glibc's static
# start-up alone costs about 0.6 ms an exec here, musl's 0.1 ms, so a floor or
# stand-in built on glibc would hide half a millisecond in every anchor.
bench_static() {
	local cc="${CC:-cc}"
	command -v musl-gcc >/dev/null && cc=musl-gcc
	"$cc" -static -O2 -o "$1" "$2" 2>/dev/null || {
		echo "bench: static linking unavailable; $(basename "$1") is dynamically linked" >&2
		"${CC:-cc}" -O2 -o "$1" "$2"
	}
}

bench_nullgo() {
	local reply
	reply="$(env "$1" env GOROOT GOVERSION GOMODCACHE GOTOOLCHAIN |
		sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | awk '{printf "%s\\n", $0}')"
	cat >"$W/nullgo.c" <<EOC
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "env"))
		fputs("$reply", stdout);
	return 0;
}
EOC
	bench_static "$W/nullgo" "$W/nullgo.c"
	truncate -s 16M "$W/nullgo"
}
