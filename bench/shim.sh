#!/usr/bin/env bash
# bench/shim.sh — what the go shim costs, as median ratios measured in one run.
#
#   pass-through  `go version`: shim vs a floor (static C program that only
#                 execs the real go) and vs the real go itself
#   ios build     cached GOOS=ios GOARCH=arm64 `go build crypto/aes` through the
#                 shim vs the real go given the same -overlay by hand
#   host build    cached host `go build crypto/aes` through the shim vs direct
#
# Commands are timed round-robin (A B C A B C ...) by a small C harness built
# here, so drifting machine load hits every command alike; each figure is the
# median of many runs. Usage: bench/shim.sh [rounds-fast] [rounds-build]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_init
FAST="${1:-400}"
SLOW="${2:-60}"
bench_need "$SHIM_DIR/go" "$BUILD/gowrap"

REAL_GO="$(PATH="$NOSHIM_PATH" command -v go)"
CC="${CC:-cc}"

# The floor: nothing but exec, statically linked (no dynamic loader at all).
cat >"$W/floor.c" <<EOC
#include <unistd.h>
int main(int argc, char **argv) { (void)argc; execv("$REAL_GO", argv); return 127; }
EOC
"$CC" -static -O2 -o "$W/floor" "$W/floor.c" 2>/dev/null || {
	echo "bench: static linking unavailable; floor is dynamically linked" >&2
	"$CC" -O2 -o "$W/floor" "$W/floor.c"
}

# A stand-in go that does nothing (answers `go env NAME...` like the real one:
# one value per line), to isolate what the shim itself adds on the injected
# path (memo hit).
ENVREPLY="$(env GOOS=ios GOARCH=arm64 "$REAL_GO" env GOROOT GOVERSION GOMODCACHE GOTOOLCHAIN |
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | awk '{printf "%s\\n", $0}')"
cat >"$W/nullgo.c" <<EOC
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "env"))
		fputs("$ENVREPLY", stdout);
	return 0;
}
EOC
"$CC" -static -O2 -o "$W/nullgo" "$W/nullgo.c" 2>/dev/null || "$CC" -O2 -o "$W/nullgo" "$W/nullgo.c"
# Real go binaries are > 10 MB and the shim only reads small candidates (to
# spot other shim copies), so pad the stand-in to a real go's size.
truncate -s 16M "$W/nullgo"

# The harness: spec lines "name<TAB>VAR=val...<TAB>--<TAB>argv..."; runs every
# command once per round, in order, prints "name median_ms p25 p75" per command.
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
"$CC" -O2 -o "$W/harness" "$W/harness.c"

export GOWRAP_CACHE="$W/cache" GOTOOLCHAIN=local
unset GOWRAP_LOG GOFLAGS GOOS GOARCH GOWRAP_GO
SPATH="$SHIM_DIR:$NOSHIM_PATH"
cd "$W"
printf 'module bench\n\ngo 1.21\n' >go.mod
IOS=(GOOS=ios GOARCH=arm64 CGO_ENABLED=0)
# Warm every cache: Go's build cache for both targets, gowrap's overlay and memo.
OVERLAY="$(PATH="$SPATH" "$BUILD/gowrap" overlay --json | sed -E 's/.*"overlay":"([^"]*)".*/\1/')"
env "${IOS[@]}" PATH="$SPATH" go build crypto/aes
env "${IOS[@]}" "$REAL_GO" build -overlay="$OVERLAY" crypto/aes
"$REAL_GO" build crypto/aes
env "${IOS[@]}" GOWRAP_GO="$W/nullgo" "$SHIM_DIR/go" build crypto/aes

t=$'\t'
{
	echo "floor${t}PATH=$SPATH${t}--${t}$W/floor${t}version"
	echo "shim${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}version"
	echo "real${t}PATH=$SPATH${t}--${t}$REAL_GO${t}version"
	echo "null-direct${t}PATH=$SPATH${t}--${t}$W/nullgo${t}build${t}crypto/aes"
	echo "null-shim-ios${t}GOOS=ios${t}GOARCH=arm64${t}GOWRAP_GO=$W/nullgo${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
} >fast.spec
{
	echo "ios-shim${t}GOOS=ios${t}GOARCH=arm64${t}CGO_ENABLED=0${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
	echo "ios-hand${t}GOOS=ios${t}GOARCH=arm64${t}CGO_ENABLED=0${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}-overlay=$OVERLAY${t}crypto/aes"
	echo "host-shim${t}PATH=$SPATH${t}--${t}$SHIM_DIR/go${t}build${t}crypto/aes"
	echo "host-real${t}PATH=$SPATH${t}--${t}$REAL_GO${t}build${t}crypto/aes"
} >slow.spec

echo "# go $("$REAL_GO" env GOVERSION), $(nproc) CPUs; medians in ms (p25 p75); $FAST / $SLOW rounds"
"$W/harness" fast.spec "$FAST" | tee fast.out
"$W/harness" slow.spec "$SLOW" | tee slow.out
med() { awk -v n="$1" '$1==n{print $2}' fast.out slow.out; }
ratio() { awk -v a="$(med "$1")" -v b="$(med "$2")" 'BEGIN{printf "%.3f", a/b}'; }
echo
printf 'pass-through go version: shim/floor = %s (target <= 1.05)\n' "$(ratio shim floor)"
printf 'pass-through go version: shim/real  = %s (for scale: floor/real = %s)\n' "$(ratio shim real)" "$(ratio floor real)"
printf 'cached ios/arm64 build:  shim/hand-given -overlay = %s (target <= 1.05)\n' "$(ratio ios-shim ios-hand)"
printf 'cached host build:       shim/direct = %s (target <= 1.02)\n' "$(ratio host-shim host-real)"
printf 'shim cost on the injected path (memo hit, go replaced by a no-op): %s ms\n' \
	"$(awk -v a="$(med null-shim-ios)" -v b="$(med null-direct)" 'BEGIN{printf "%.3f", a-b}')"
