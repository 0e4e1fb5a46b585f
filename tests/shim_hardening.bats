#!/usr/bin/env bats
# tests/shim_hardening.bats — the shim against a hostile machine and cmd/go's
# exact rules: cache trust, toolchain switches from the command line, go env
# answers, signals on the spawn path, cmd/go's per-subcommand flags, paths
# as bytes, the log, loops and argv[0]. Each test names the item it covers.

load helpers/common
load helpers/shim

setup() {
	shim_setup
}

# A second local user, for the attacks another user can make.
other_user() {
	id gwother >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin gwother >/dev/null 2>&1
	id gwother >/dev/null 2>&1 || fail "cannot create the second user gwother (fix: run the tests as root)"
}

# A directory both users can reach: /tmp itself is sticky, this one 0755.
shared_dir() {
	SHARED="$(mktemp -d /tmp/gwshared.XXXXXX)"
	chmod 0755 "$SHARED"
}

# internal/cpu's and p's export data for an ios/arm64 `go list` through the
# shim with the caller's overlay my.json, in $1 (a make_msg_module dir).
list_msg() {
	GOOS=ios GOARCH=arm64 sgo list -C "$1" -overlay=my.json -deps -export \
		-f '{{.ImportPath}} {{.Export}}' ./p
}

# A merged overlay ($1) turned into an attacker's: the caller's p/p.go entry
# (relative, or absolute as older gowrap wrote it) now replaced by $2 (an
# absolute path to the attacker's file, written relative to the module
# directory when the key is relative), padded with spaces to exactly the size
# of $1.
forge_same_size() {
	local want have forged key val
	want="$(stat -c %s "$1")"
	key="$(jq -r '.Replace | keys[] | select(endswith("p/p.go"))' "$1")"
	val="$2"
	[[ "$key" == /* ]] || val="../$(basename "$2")"
	forged="$(jq -c --arg k "$key" --arg v "$val" '.Replace[$k] = $v' "$1")"
	have="${#forged}"
	[ "$have" -le "$want" ] || { echo "forged overlay too long" >&2; return 1; }
	printf '%s%*s' "$forged" $((want - have)) ''
}

teardown() {
	[ -n "${SHARED:-}" ] && rm -rf "$SHARED"
	common_teardown
}

# --- item 1: trust nothing another user can write ----------------------------

@test "item 1 (trust): another user's merged overlay planted in a world-writable cache is refused (106), never used" {
	other_user
	shared_dir
	make_msg_module "$SHARED/m"
	chmod -R a+rX "$SHARED/m"
	printf '{"Replace":{"p/p.go":"p_replacement.go"}}\n' >"$SHARED/m/my.json"
	# the merged file this call will use: its name and bytes follow from
	# public facts (cache path, GOROOT, the module's files); here the attacker
	# gets them by making the same call once in a scratch cache at that path
	GOWRAP_CACHE="$SHARED/cache" list_msg "$SHARED/m" >/dev/null
	ref="$(log_field overlay | jq -r .)"
	name="$(basename "$ref")"
	cp "$ref" "$SHARED/ref.json"
	ref="$SHARED/ref.json"
	rm -rf "$SHARED/cache"
	# the attacker's code, and their overlay under that name and size
	sed 's/caller-overlay-text/ATTACKER-CODE-HERE!/' "$SHARED/m/p_replacement.go" >"$SHARED/evil.go"
	chmod a+r "$SHARED/evil.go"
	forge_same_size "$ref" "$SHARED/evil.go" >"$SHARED/forged"
	assert [ "$(stat -c %s "$SHARED/forged")" = "$(stat -c %s "$ref")" ]
	chmod a+r "$SHARED/forged"
	# a cache others may write (a shared /tmp path, a group-writable workspace)
	mkdir -m 0777 "$SHARED/cache"
	chmod 0777 "$SHARED/cache"
	runuser -u gwother -- mkdir -m 0755 "$SHARED/cache/merged"
	runuser -u gwother -- cp "$SHARED/forged" "$SHARED/cache/merged/$name"
	run env GOWRAP_CACHE="$SHARED/cache" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" \
		go list -C "$SHARED/m" -overlay=my.json -deps -export -f '{{.ImportPath}} {{.Export}}' ./p
	echo "$output"
	if [ "$status" -eq 0 ]; then # (what an unhardened shim does: say so)
		pexp="$(echo "$output" | awk '$1=="example.com/msg/p"{print $2}')"
		echo "p export: $pexp"; grep -aq ATTACKER-CODE-HERE "$pexp" && echo "the attacker code was compiled in" || true
	fi
	assert_failure 106
	refute_glob "$output" "*ATTACKER*"
	assert_glob "$output" "gowrap: untrusted cache entry: $SHARED/cache is writable by others \(mode 0777\) \(fix: *"
	assert [ "$(log_field exit)" = 106 ]
	# a cache directory another user made (and owns) is refused the same way
	mkdir -m 0755 "$SHARED/theirs"
	chown gwother "$SHARED/theirs"
	runuser -u gwother -- mkdir -m 0755 "$SHARED/theirs/merged"
	runuser -u gwother -- cp "$SHARED/forged" "$SHARED/theirs/merged/$name"
	run env GOWRAP_CACHE="$SHARED/theirs" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" \
		go list -C "$SHARED/m" -overlay=my.json -deps -export -f '{{.ImportPath}} {{.Export}}' ./p
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$SHARED/theirs is owned by uid $(id -u gwother), not by you*"
	# our own 0700 cache with their merged/ inside (planted while it was open)
	mkdir -m 0700 "$SHARED/mine"
	mkdir -m 0755 "$SHARED/mine/merged"
	cp "$SHARED/forged" "$SHARED/mine/merged/$name"
	chown -R gwother "$SHARED/mine/merged"
	run env GOWRAP_CACHE="$SHARED/mine" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" \
		go list -C "$SHARED/m" -overlay=my.json -deps -export -f '{{.ImportPath}} {{.Export}}' ./p
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$SHARED/mine/merged is owned by uid $(id -u gwother)*"
}

@test "item 1 (trust): a directory above the cache that others may write (no sticky bit) is refused" {
	shared_dir
	mkdir -m 0777 "$SHARED/open"
	chmod 0777 "$SHARED/open"
	run env GOWRAP_CACHE="$SHARED/open/cache" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$SHARED/open \(above the cache\) is writable by others without the sticky bit*"
	# sticky (as /tmp) is fine
	chmod 1777 "$SHARED/open"
	run env GOWRAP_CACHE="$SHARED/open/cache" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_success
}

@test "item 1 (trust): a same-user tampered merged overlay of the right size is rewritten, not used" {
	make_msg_module "$TMP/m"
	printf '{"Replace":{"p/p.go":"p_replacement.go"}}\n' >"$TMP/m/my.json"
	list_msg "$TMP/m" >/dev/null
	merged="$(log_field overlay | jq -r .)"
	cp "$merged" "$TMP/good"
	sed 's/caller-overlay-text/TAMPERED-TEXT-HERE!/' "$TMP/m/p_replacement.go" >"$TMP/evil.go"
	forge_same_size "$merged" "$TMP/evil.go" >"$TMP/forged"
	cp "$TMP/forged" "$merged"
	assert [ "$(stat -c %s "$merged")" = "$(stat -c %s "$TMP/good")" ]
	out="$(list_msg "$TMP/m")"
	pexp="$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	grep -aq caller-overlay-text "$pexp"
	refute grep -aq TAMPERED "$pexp"
	cmp "$merged" "$TMP/good"
}

@test "item 1 (trust): a memo file or an overlay file not the caller's alone is refused (106)" {
	other_user
	export GOOS=ios GOARCH=arm64
	sgo list internal/cpu >/dev/null
	memo="$(ls "$GOWRAP_CACHE"/memo/* | head -n 1)"
	chmod 0666 "$memo"
	run sgo list internal/cpu
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$memo is writable by others \(mode 0666\)*"
	chmod 0600 "$memo"
	run sgo list internal/cpu
	assert_success
	# a replacement file handed to another user (who may now rewrite it)
	ov="$(jq -r '.overlay' <"$GOWRAP_LOG" | tail -n 1)"
	f="$(jq -r '.Replace[]' "$ov" | head -n 1)"
	chown gwother "$f"
	run sgo list internal/cpu
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$f is owned by uid $(id -u gwother)*"
	# the overlay's directory opened to others (a memo hit: its files did not change)
	chown root "$f"
	rm -rf "$GOWRAP_CACHE/memo"
	sgo list internal/cpu >/dev/null
	chmod 0777 "$(dirname "$f")"
	run sgo list internal/cpu
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*$(dirname "$f") is writable by others \(mode 0777\)*"
}

@test "item 1 (trust): a symlinked GOWRAP_CACHE to the caller's own 0700 directory is accepted" {
	mkdir -m 0700 "$TMP/real-cache"
	ln -s "$TMP/real-cache" "$TMP/link-cache"
	out="$(GOWRAP_CACHE="$TMP/link-cache" GOOS=ios GOARCH=arm64 sgo list -export -f '{{.Export}}' internal/cpu)"
	has_marker "$out"
	assert [ -d "$TMP/real-cache/overlay" ]
	assert [ -L "$TMP/link-cache" ]
	# a symlink inside the cache is never followed
	ov="$(jq -r '.overlay' <"$GOWRAP_LOG" | tail -n 1)"
	f="$(jq -r '.Replace[]' "$ov" | head -n 1)"
	cp "$f" "$TMP/elsewhere.go"
	ln -sf "$TMP/elsewhere.go" "$f"
	run env GOWRAP_CACHE="$TMP/link-cache" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	echo "$output"
	assert_failure 106
	assert_glob "$output" "*is a symlink*"
}

# --- item 3: ask go only what is used ----------------------------------------

@test "item 3 (go env): a legal GOFLAGS holding a newline reaches go; the overlay still applies" {
	make_args_module "$TMP/a"
	cd "$TMP/a"
	export GOFLAGS=$'-mod=mod\n-trimpath' GOOS=ios GOARCH=arm64
	run sgo list -export -f '{{.Export}}' internal/cpu
	echo "$output"
	assert_success
	has_marker "$output"
	assert [ "$(log_field memo)" = '"miss"' ]
	# and it is memoized like any other GOFLAGS
	run sgo list -export -f '{{.Export}}' internal/cpu
	assert_success
	assert [ "$(log_field memo)" = '"hit"' ]
	# the same with a tab and GOFLAGS' -tags on its own line (Catalyst)
	export GOFLAGS=$'-trimpath\n\t-tags=ios' GOOS=darwin
	run sgo list -export -f '{{.Export}}' internal/cpu
	assert_success
	has_marker "$output"
}

# --- items 4 and 9: the spawn path behaves as the exec path ------------------

# A module whose package s imports t: two compile actions, so an interrupted
# go stops before the second (cmd/go's builder checks base.Interrupted
# between actions). The -toolexec tool $TMP/tool announces go's pid in
# $READY on its first run, records what it inherited, waits $DELAY s, then
# runs the real tool.
make_two_step() {
	mkdir -p "$TMP/s/t"
	printf 'module example.com/s\n\ngo 1.21\n' >"$TMP/s/go.mod"
	printf 'package s\n\nimport "example.com/s/t"\n\nfunc F() int { return t.G() }\n' >"$TMP/s/s.go"
	printf 'package t\n\nfunc G() int { return 1 }\n' >"$TMP/s/t/t.go"
	cat >"$TMP/tool" <<-'EOM'
	#!/usr/bin/env bash
	if [ ! -e "$READY" ] && mkdir "$READY.lock" 2>/dev/null; then
		grep '^SigIgn' /proc/self/status >"$READY.sigign"
		tr '\0' '\n' </proc/$PPID/cmdline | head -n 1 >"$READY.argv0"
		echo "$PPID" >"$READY.tmp" && mv "$READY.tmp" "$READY"
		sleep "${DELAY:-2}"
	fi
	exec "$@"
	EOM
	chmod +x "$TMP/tool"
}

@test "item 4 (signals): SIGINT to the shim's pid alone ends an injected build as it ends go's (spawn path)" {
	make_two_step
	cd "$TMP/s"
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 SIG=INT TO=pid
	rm -rf "$TMP"/ready*
	d="$(signal_status "$REAL_GO" build -a -toolexec="$TMP/tool" -o /dev/null .)"
	rm -rf "$TMP"/ready*
	s="$(PATH="$(shim_path)" signal_status go build -a -toolexec="$TMP/tool" -o /dev/null .)"
	echo "direct=$d shim=$s"
	assert [ "$d" != 0 ]
	assert [ "$d" != never-ready ]
	assert [ "$d" = "$s" ]
	assert [ "$(log_field injected)" = true ]
}

@test "item 4 (signals): dispositions the shim inherited (nohup: HUP, INT, QUIT, PIPE ignored) reach go unchanged" {
	make_two_step
	cd "$TMP/s"
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 DELAY=0
	ign() { perl -e '$SIG{$_}="IGNORE" for qw(HUP INT QUIT PIPE); exec @ARGV or die' -- "$@"; }
	rm -rf "$TMP"/ready*
	ign "$REAL_GO" build -a -toolexec="$TMP/tool" -o /dev/null .
	d="$(cat "$TMP/ready.sigign")"
	rm -rf "$TMP"/ready*
	PATH="$(shim_path)" ign go build -a -toolexec="$TMP/tool" -o /dev/null .
	s="$(cat "$TMP/ready.sigign")"
	echo "direct=$d shim=$s"
	assert [ "$d" = "$s" ]
	assert [ "$(log_field injected)" = true ]
	# and without anything ignored, nothing is ignored through the shim either
	rm -rf "$TMP"/ready*
	"$REAL_GO" build -a -toolexec="$TMP/tool" -o /dev/null .
	d="$(cat "$TMP/ready.sigign")"
	rm -rf "$TMP"/ready*
	PATH="$(shim_path)" go build -a -toolexec="$TMP/tool" -o /dev/null .
	assert [ "$d" = "$(cat "$TMP/ready.sigign")" ]
}

@test "item 4 (signals): go killed by a core-dumping signal: the shim re-raises it without a core of its own" {
	[ "$(cat /proc/sys/kernel/core_pattern)" = core ] ||
		fail "core_pattern is $(cat /proc/sys/kernel/core_pattern), so no core file shows (fix: sysctl -w kernel.core_pattern=core)"
	ulimit -c unlimited || fail "cannot raise RLIMIT_CORE (fix: allow ulimit -c unlimited for the test user)"
	make_two_step
	mkdir -p "$TMP/d" "$TMP/w"
	cd "$TMP/s"
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 DELAY=30 GOTRACEBACK=crash
	for how in direct shim; do
		rm -rf "$TMP"/ready* "$TMP"/w/core* "$TMP"/s/core*
		if [ $how = direct ]; then
			(cd "$TMP/w" && exec "$REAL_GO" build -C "$TMP/s" -a -toolexec="$TMP/tool" -o /dev/null .) &
		else
			(cd "$TMP/w" && PATH="$(shim_path)" exec go build -C "$TMP/s" -a -toolexec="$TMP/tool" -o /dev/null .) &
		fi
		pid=$!
		for i in $(seq 1 300); do [ -e "$READY" ] && break; sleep 0.1; done
		kill -ABRT "$(cat "$READY")"
		st=0
		wait "$pid" || st=$?
		pkill -KILL -P "$(cat "$READY")" 2>/dev/null || true
		eval "${how}_st=$st"
		# go's core lands in its -C directory, the shim's in its own
		eval "${how}_cores=$(ls "$TMP/w" "$TMP/s" | grep -c '^core' || true)"
	done
	echo "direct: $direct_st $direct_cores cores; shim: $shim_st $shim_cores cores"
	assert [ "$direct_st" = 134 ]
	assert [ "$shim_st" = 134 ]
	assert [ "$direct_cores" = 1 ]
	assert [ "$shim_cores" = 1 ]
}

@test "item 9 (argv[0]): go gets the caller's argv[0] on the exec path and on the spawn path alike" {
	make_two_step
	cd "$TMP/s"
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 DELAY=0
	unset GOWRAP_LOG
	rm -rf "$TMP"/ready*
	# (no -o: nothing to verify, so without a log the shim execs go)
	PATH="$(shim_path)" go build -a -toolexec="$TMP/tool" .
	exec_argv0="$(cat "$TMP/ready.argv0")"
	rm -rf "$TMP"/ready*
	GOWRAP_LOG="$TMP/log.jsonl" PATH="$(shim_path)" go build -a -toolexec="$TMP/tool" .
	assert [ "$(GOWRAP_LOG="$TMP/log.jsonl" log_field injected)" = true ]
	spawn_argv0="$(cat "$TMP/ready.argv0")"
	echo "exec=$exec_argv0 spawn=$spawn_argv0"
	assert [ "$exec_argv0" = go ]
	assert [ "$spawn_argv0" = go ]
}

@test "item 4 (signals): a SIGTERM arriving between fork and wait is forwarded, never lost" {
	command -v strace >/dev/null || fail "strace not installed (fix: run bash scripts/setup.sh)"
	make_two_step
	cd "$TMP/s"
	export READY="$TMP/ready" GOOS=ios GOARCH=arm64 CGO_ENABLED=0 DELAY=8
	PATH="$(shim_path)" go list . >/dev/null # memo warm: the spawn of go is the shim's only fork
	rm -rf "$TMP"/ready*
	# strace holds the shim 2 s inside fork (after the child exists, before
	# the shim knows its pid); the signal arrives in that gap.
	perl -e '$SIG{TERM}="DEFAULT"; exec @ARGV or die' -- env PATH="$(shim_path)" \
		strace -o /dev/null -e trace=clone,clone3,fork,vfork \
		-e inject=clone,clone3,fork,vfork:delay_exit=2000000 \
		go build -a -toolexec="$TMP/tool" -o /dev/null . &
	tracer=$!
	shim=""
	for i in $(seq 1 50); do
		shim="$(pgrep -P "$tracer" -x go | head -n 1)"
		[ -n "$shim" ] && break
		sleep 0.05
	done
	sleep 0.5
	start=$SECONDS
	kill -TERM "$shim"
	st=0
	wait "$tracer" || st=$?
	echo "status=$st after $((SECONDS - start)) s"
	[ -e "$READY" ] && pkill -KILL -P "$(cat "$READY")" 2>/dev/null || true
	assert [ "$st" = 143 ]
	assert [ $((SECONDS - start)) -lt 7 ]
}

# --- item 8: loops end ---------------------------------------------------------

@test "item 8 (loops): a wrapper given as GOWRAP_GO or found on PATH that runs the shim again ends with 101" {
	# GOWRAP_GO=wrapper that execs `go` (the shim, first on PATH) again
	printf '#!/usr/bin/env bash\nexec go "$@"\n' >"$TMP/wrap"
	chmod +x "$TMP/wrap"
	run timeout 20 env GOWRAP_GO="$TMP/wrap" PATH="$(shim_path)" go version
	echo "$output"
	assert_failure 101
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: the shim runs itself: $TMP/wrap ran the same go command again*\(fix: *"
	# the same on the injected (spawn) path
	run timeout 20 env GOWRAP_GO="$TMP/wrap" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" go list internal/cpu
	assert_failure 101
	# a wrapper named go on PATH after the shim, running go as a child (no exec)
	mkdir -p "$TMP/wbin"
	printf '#!/usr/bin/env bash\ngo "$@"\nexit $?\n' >"$TMP/wbin/go"
	chmod +x "$TMP/wbin/go"
	run timeout 20 env PATH="$SHIM_DIR:$TMP/wbin:$(path_without "$SHIM_DIR")" go version
	echo "$output"
	assert_failure 101
	# a wrapper that changes the arguments every time ends too (depth bound)
	printf '#!/usr/bin/env bash\nexec go "$@" x\n' >"$TMP/wrapx"
	chmod +x "$TMP/wrapx"
	run timeout 60 env GOWRAP_GO="$TMP/wrapx" PATH="$(shim_path)" go version
	assert_failure 101
	assert_glob "$output" "*64 go calls nested under the shim*"
}

@test "item 8 (loops): nested legitimate go calls through the shim still work (a -toolexec tool running go, as garble does)" {
	# (go run, go test and go generate put $GOROOT/bin first on their
	# children's PATH, so a go those start bypasses the shim; a -toolexec
	# tool, a cgo CC wrapper or a gomobile binary reaches it.)
	mkdir -p "$TMP/s"
	printf 'module example.com/s\n\ngo 1.21\n' >"$TMP/s/go.mod"
	printf 'package s\n\nfunc F() int { return 1 }\n' >"$TMP/s/s.go"
	cat >"$TMP/tool" <<-'EOM'
	#!/usr/bin/env bash
	if mkdir "$OUT.lock" 2>/dev/null; then
		go list -export -f '{{.Export}}' internal/cpu >"$OUT" || exit 3
		go list -export -f '{{.Export}}' internal/cpu >"$OUT.again" || exit 4
		GOOS=linux go version >/dev/null || exit 5
	fi
	exec "$@"
	EOM
	chmod +x "$TMP/tool"
	cd "$TMP/s"
	export OUT="$TMP/export.txt" GOOS=ios GOARCH=arm64 CGO_ENABLED=0
	run sgo build -a -toolexec="$TMP/tool" .
	echo "$output"
	assert_success
	has_marker "$(cat "$OUT")"
	cmp "$OUT" "$OUT.again"
	assert [ "$(grep -c '"subcommand":"list".*"injected":true' "$GOWRAP_LOG")" -eq 2 ]
	grep -q '"subcommand":"build".*"injected":true' "$GOWRAP_LOG"
}

# --- item 7: the log never blocks ---------------------------------------------

@test "item 7 (log): GOWRAP_LOG naming a FIFO without a reader, /dev/full or a directory: the call runs, promptly" {
	mkfifo "$TMP/fifo"
	mkdir -p "$TMP/logdir"
	want="$(dgo version)"
	for log in "$TMP/fifo" /dev/full "$TMP/logdir"; do
		# pass-through (exec path)
		start=$SECONDS
		run timeout 20 env GOWRAP_LOG="$log" PATH="$(shim_path)" go version
		echo "$log: $status $output"
		assert_success
		assert [ "$output" = "$want" ]
		# injected, spawned and waited for (a log line after go)
		run timeout 40 env GOWRAP_LOG="$log" GOOS=ios GOARCH=arm64 PATH="$(shim_path)" \
			go list -export -f '{{.Export}}' internal/cpu
		assert_success
		has_marker "$output"
		assert [ $((SECONDS - start)) -lt 30 ]
	done
	# a FIFO with a reader still gets the line
	(timeout 20 cat "$TMP/fifo" >"$TMP/got") &
	reader=$!
	sleep 0.3
	GOWRAP_LOG="$TMP/fifo" sgo version >/dev/null
	wait "$reader" || true
	jq -e '.subcommand == "version"' "$TMP/got"
}

# --- item 5: cmd/go's exact flag model per subcommand --------------------------

# A module at $TMP/pq with packages p and q, each with a test.
make_pq() {
	mkdir -p "$TMP/pq/p" "$TMP/pq/q"
	printf 'module example.com/pq\n\ngo 1.21\n' >"$TMP/pq/go.mod"
	for x in p q; do
		printf 'package %s\n\nfunc F() int { return 1 }\n' "$x" >"$TMP/pq/$x/$x.go"
		printf 'package %s\n\nimport "testing"\n\nfunc TestF(t *testing.T) { _ = F() }\n' "$x" >"$TMP/pq/$x/${x}_test.go"
	done
	printf 'package pq\n' >"$TMP/pq/pq.go"
	printf 'package pq\n\nimport "testing"\n\nfunc TestPQ(t *testing.T) {}\n' >"$TMP/pq/pq_test.go"
}

@test "item 5 (flags): go test -artifacts (Go 1.26, boolean): a -tags ios after two packages is go's, and the Catalyst test binaries get the marker" {
	make_pq
	cd "$TMP/pq"
	export GOOS=darwin GOARCH=arm64 CGO_ENABLED=0
	mkdir -p "$TMP/out"
	run sgo test -c -o "$TMP/out/" -artifacts ./p ./q -tags ios
	echo "$output"
	assert_success
	assert [ "$(log_field injected)" = true ]
	has_marker "$TMP/out/p.test"
	has_marker "$TMP/out/q.test"
	# and each file written into the -o directory is checked
	assert [ "$(log_field verified)" = true ]
	assert_glob "$(log_field output)" "\"$TMP/out/[pq].test\""
}

@test "item 5 (flags): go vet -c N (an int there) and analyzer flags with values: the -tags ios after them is seen" {
	make_pq
	cd "$TMP/pq"
	export GOOS=darwin GOARCH=arm64 CGO_ENABLED=0
	run sgo vet -c 3 -tags ios ./p
	echo "$output"
	assert_success
	assert [ "$(log_field injected)" = true ]
	run sgo vet -printf.funcs Logf -unusedresult.funcs fmt.Sprint -tags ios ./p
	assert_success
	assert [ "$(log_field injected)" = true ]
	# vet's boolean analyzer flags take no value: ./p is the package, and a
	# -tags after it is not vet's (go passes it nowhere; nothing injected)
	run sgo vet -printf ./p -tags ios
	assert [ "$(log_field injected)" = false ]
}

@test "item 5 (flags): the -test. prefix only for the flags go test registers with it" {
	make_pq
	cd "$TMP/pq"
	export GOOS=darwin GOARCH=arm64 CGO_ENABLED=0
	# -test.count is registered: 1 is its value, ./p ./q are packages and
	# the -tags ios after them is go's
	run sgo test -n -test.count 1 ./p ./q -tags ios
	assert_success
	assert [ "$(log_field injected)" = true ]
	# -test.vet is not: go takes it as unknown, off as its value, and ./q
	# (a second non-flag) starts the test binary's arguments, -tags ios too
	run sgo test -n -test.vet off ./p ./q -tags ios
	assert_success
	assert [ "$(log_field injected)" = false ]
}

# --- item 6: paths are bytes -----------------------------------------------------

@test "item 6 (paths): a caller's relative overlay in a directory whose name is not UTF-8 is applied as go applies it" {
	d="$TMP/m-$(printf '\xff\xfe')-dir"
	make_msg_module "$d"
	printf '{"Replace":{"p/p.go":"p_replacement.go"}}\n' >"$d/my.json"
	# what go itself does with it (no shim, no iOS): the caller's text
	want="$(cd "$d" && dgo list -overlay=my.json -export -f '{{.Export}}' ./p)"
	grep -aq caller-overlay-text "$want"
	out="$(list_msg "$d")"
	assert [ "$(log_field injected)" = true ]
	pexp="$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	grep -aq caller-overlay-text "$pexp"
	refute grep -aq original-message-text "$pexp"
	has_marker "$(echo "$out" | awk '$1=="internal/cpu"{print $2}')"
}

@test "item 6 (paths): the caller's -overlay path is opened as go opens it (a/link/../ov.json goes through the link)" {
	make_msg_module "$TMP/m"
	mkdir -p "$TMP/m/a" "$TMP/elsewhere/sub"
	ln -s "$TMP/elsewhere/sub" "$TMP/m/a/link"
	# the file go reads: $TMP/elsewhere/ov.json (link's target's parent)
	printf '{"Replace":{"%s":"%s"}}\n' "$TMP/m/p/p.go" "$TMP/m/p_replacement.go" >"$TMP/elsewhere/ov.json"
	# a lexical clean would read this one instead
	printf '{"Replace":{}}\n' >"$TMP/m/a/ov.json"
	cd "$TMP/m"
	want="$(dgo list -overlay=a/link/../ov.json -export -f '{{.Export}}' ./p)"
	grep -aq caller-overlay-text "$want"
	out="$(GOOS=ios GOARCH=arm64 sgo list -overlay=a/link/../ov.json -deps -export -f '{{.ImportPath}} {{.Export}}' ./p)"
	pexp="$(echo "$out" | awk '$1=="example.com/msg/p"{print $2}')"
	grep -aq caller-overlay-text "$pexp"
	has_marker "$(echo "$out" | awk '$1=="internal/cpu"{print $2}')"
	# keys and values inside it are still cleaned
	printf '{"Replace":{"%s/m/./p/../p/p.go":"%s/m//p_replacement.go"}}\n' "$TMP" "$TMP" >"$TMP/elsewhere/ov.json"
	GOOS=ios GOARCH=arm64 sgo list -overlay=a/link/../ov.json -e ./p >/dev/null
	jq -e --arg k "$TMP/m/p/p.go" --arg v "$TMP/m/p_replacement.go" '.Replace[$k] == $v' "$(log_field overlay | jq -r .)"
}

# --- item 2: toolchain switches from the command line ----------------------------

# A file-based module proxy at $TMP/proxy serving example.com/tool@v1.0.0, a
# command whose go.mod says `go $1` (and `toolchain go$1` when $2 is set).
make_proxy_tool() {
	local v=example.com/tool@v1.0.0 d="$TMP/proxy/example.com/tool/@v"
	mkdir -p "$d" "$TMP/src/$v"
	printf 'module example.com/tool\n\ngo %s\n' "$1" >"$TMP/src/$v/go.mod"
	[ -n "${2:-}" ] && printf '\ntoolchain go%s\n' "$1" >>"$TMP/src/$v/go.mod"
	printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("tool") }\n' >"$TMP/src/$v/main.go"
	cp "$TMP/src/$v/go.mod" "$d/v1.0.0.mod"
	printf 'v1.0.0\n' >"$d/list"
	printf '{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}\n' >"$d/v1.0.0.info"
	(cd "$TMP/src" && python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1], "w")
for f in sys.argv[2:]:
    z.write(f)
z.close()' "$d/v1.0.0.zip" "$v/go.mod" "$v/main.go")
	# the module cache the run's Go 1.27.3 was downloaded into (scripts/fetch-testdeps.sh)
	real_modcache=$(dgo env GOMODCACHE)
	export GOPROXY="file://$TMP/proxy" GOSUMDB=off GONOSUMDB='*' GOMODCACHE="$TMP/modcache" \
		GOPATH="$TMP/gopath" GOTOOLCHAIN=auto
}

@test "item 2 (toolchain switch): go install/run pkg@version whose go.mod needs a newer go is refused (113), never built on the wrong GOROOT" {
	make_proxy_tool 1.27.3 toolchain
	mkdir -p "$TMP/w"
	cd "$TMP/w"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	# its go.mod is not known yet: a switch cannot be ruled out
	run sgo install example.com/tool@v1.0.0
	echo "$output"
	assert_failure 113
	assert_equal "${#lines[@]}" 1
	assert_glob "$output" "gowrap: cannot tell which toolchain will compile: \`go install example.com/tool@v1.0.0\` may switch toolchains*not in the module cache yet*\(fix: choose the toolchain for this call: GOTOOLCHAIN=local*"
	assert [ "$(log_field exit)" = 113 ]
	assert [ ! -e "$GOPATH/bin" ]
	# once it is: go 1.27.3 > go1.26.8, the go command would switch
	# (go1.26.8 refuses to download the rest, but the go.mod lands in the cache)
	GOTOOLCHAIN=local dgo mod download example.com/tool@v1.0.0 || true
	assert [ -f "$GOMODCACHE/cache/download/example.com/tool/@v/v1.0.0.mod" ]
	run sgo install example.com/tool@v1.0.0
	echo "$output"
	assert_failure 113
	assert_glob "$output" "*example.com/tool@v1.0.0's go.mod says go 1.27.3, newer than go1.26.8 here*"
	run sgo run -exec /bin/true example.com/tool@v1.0.0 arg
	assert_failure 113
	# a query names no single go.mod
	run sgo install example.com/tool@latest
	assert_failure 113
	assert_glob "$output" "*the version is a query*"
	# no switch possible: passed on to go as before (GOTOOLCHAIN=local builds with go1.26.8,
	# which refuses the module in its own words)
	run env GOTOOLCHAIN=local PATH="$(shim_path)" go install example.com/tool@v1.0.0
	assert [ "$status" -ne 113 ]
	assert_glob "$output" "*requires go >= 1.27.3*"
	# naming the toolchain: a module-cache GOROOT is still 105
	run env GOTOOLCHAIN=go1.27.3 GOMODCACHE="$real_modcache" \
		PATH="$(shim_path)" go install example.com/tool@v1.0.0
	echo "$output"
	assert_failure 105
}

@test "item 2 (install): go install pkg@version for ios needing no switch is overlaid, and the installed command (GOPATH/bin/ios_arm64) is verified" {
	make_proxy_tool 1.21
	mkdir -p "$TMP/w"
	cd "$TMP/w"
	export GOOS=ios GOARCH=arm64 CGO_ENABLED=1 CC="$APPLE/bin/cc-ios-arm64"
	GOTOOLCHAIN=local dgo mod download example.com/tool@v1.0.0
	run sgo install example.com/tool@v1.0.0
	echo "$output"
	assert_success
	assert [ -f "$GOPATH/bin/ios_arm64/tool" ]
	assert [ "$(log_field verified)" = true ]
	assert [ "$(log_field output)" = "\"$GOPATH/bin/ios_arm64/tool\"" ]
	"$SYMCHECK" "$GOPATH/bin/ios_arm64/tool"
	# a go that drops the overlay (what a wrong GOROOT key amounts to) fails 110
	make_dropgo "$TMP/dropgo"
	rm -f "$GOPATH/bin/ios_arm64/tool"
	run env GOWRAP_GO="$TMP/dropgo" PATH="$(shim_path)" go install example.com/tool@v1.0.0
	echo "$output"
	assert_failure 110
	assert_glob "$output" "gowrap: installed command lacks the gowrap marker: $GOPATH/bin/ios_arm64/tool*"
	# a local main package too
	make_args_module "$TMP/app"
	cd "$TMP/app"
	run sgo install .
	assert_success
	assert [ "$(log_field output)" = "\"$GOPATH/bin/ios_arm64/args\"" ]
	assert [ "$(log_field verified)" = true ]
}
