# tests/helpers/shim.bash — helpers for tests/shim.bats: run go with and
# without the shim, small Go modules, and the marker check.

REAL_GO="$(real_go)"
REAL_GOROOT="$("$REAL_GO" env GOROOT)"

# Every shim suite's setup: a clean target environment, the log in $TMP.
shim_setup() {
	common_setup
	export GOFLAGS= GOOS= GOARCH= CGO_ENABLED=
	unset GOFLAGS GOOS GOARCH CGO_ENABLED
	export GOWRAP_LOG="$TMP/log.jsonl"
}

# make_dropgo PATH: a go that silently drops -overlay (what an overlay keyed
# on the wrong GOROOT amounts to), for the verification tests.
make_dropgo() {
	cat >"$1" <<-EOM
	#!/usr/bin/env bash
	args=()
	for a in "\$@"; do [[ "\$a" == -overlay=* ]] || args+=("\$a"); done
	exec "$REAL_GO" "\${args[@]}"
	EOM
	chmod +x "$1"
}

# PATH with the shim first (as `gowrap shellenv` arranges it).
shim_path() { echo "$SHIM_DIR:$(path_without "$SHIM_DIR")"; }

# Run go through the shim / directly; $status/$output as bats `run` gives.
sgo() { PATH="$(shim_path)" go "$@"; }
dgo() { PATH="$(path_without "$SHIM_DIR")" go "$@"; }

# A module at $1 with package main printing its arguments as JSON and
# exiting with the status in $EXIT (default 0).
# make_sleeper_module DIR: a program that touches $READY, then sleeps 60 s
# (the target of the signal tests).
make_sleeper_module() {
	make_args_module "$1"
	cat >"$1/main.go" <<-'EOM'
	package main

	import (
		"os"
		"time"
	)

	func main() {
		os.WriteFile(os.Getenv("READY"), nil, 0o644)
		time.Sleep(60 * time.Second)
	}
	EOM
}

make_args_module() {
	mkdir -p "$1"
	cat >"$1/go.mod" <<-'EOM'
	module example.com/args

	go 1.21
	EOM
	cat >"$1/main.go" <<-'EOM'
	package main

	import (
		"encoding/json"
		"os"
		"strconv"
	)

	func main() {
		b, _ := json.Marshal(os.Args[1:])
		os.Stdout.Write(append(b, '\n'))
		code, _ := strconv.Atoi(os.Getenv("EXIT"))
		os.Exit(code)
	}
	EOM
}

# A module at $1 whose package p holds a string the caller's overlay changes.
make_msg_module() {
	mkdir -p "$1/p"
	printf 'module example.com/msg\n\ngo 1.21\n' >"$1/go.mod"
	cat >"$1/p/p.go" <<-'EOM'
	package p

	import "os"

	var Msg = "original-message-text"

	func Hello() string { return Msg + os.Getenv("X") }
	EOM
	cat >"$1/p_replacement.go" <<-'EOM'
	package p

	import "os"

	var Msg = "caller-overlay-text"

	func Hello() string { return Msg + os.Getenv("X") }
	EOM
}

# Export data of internal/cpu for the target in the environment, via $1 (sgo|dgo).
cpu_export() { "$1" list -export -f '{{.Export}}' internal/cpu; }

# Does the export file name the marker function?
# (grep reads all of nm's output: -q would make `go tool nm` die of SIGPIPE.)
has_marker() { "$REAL_GO" tool nm "$1" | grep ' T internal/cpu\.gowrapMarker' >/dev/null; }

# Last line of the log as one field: log_field KEY (raw JSON value).
log_field() { tail -n 1 "$GOWRAP_LOG" | jq -c ".$1"; }

# A wrapper "go" that records its argv (one per line) in $ARGV_FILE, then
# runs the real go. Put it in GOWRAP_GO.
make_recording_go() {
	cat >"$1" <<-EOM
	#!/usr/bin/env bash
	printf '%s\n' "\$@" >"\${ARGV_FILE:-/dev/null}"
	exec "$REAL_GO" "\$@"
	EOM
	chmod +x "$1"
}

# Start "$@" in its own process group with SIGINT/SIGTERM at default (bats
# runs background jobs with SIGINT ignored), wait for $READY to appear, send
# signal $SIG to the group ($TO=group) or to the leader only ($TO=pid), and
# print the exit status the shell sees.
signal_status() {
	local pid st=0 i
	rm -f "$READY"
	perl -e '$SIG{INT}="DEFAULT"; $SIG{TERM}="DEFAULT"; setpgrp(0,0); exec @ARGV or die' -- "$@" &
	pid=$!
	for i in $(seq 1 600); do
		[ -e "$READY" ] && break
		sleep 0.1
	done
	[ -e "$READY" ] || { kill -KILL -- "-$pid" 2>/dev/null; echo "never-ready"; return; }
	if [ "$TO" = group ]; then kill "-$SIG" -- "-$pid"; else kill "-$SIG" "$pid"; fi
	wait "$pid" || st=$?
	# With CHECK_GONE, $READY holds the pid of the go process (written by
	# the tool go runs): it must not outlive the command we signalled.
	local gone=""
	if [ -n "${CHECK_GONE:-}" ]; then
		local gp
		gp="$(cat "$READY")"
		gone=":alive"
		for i in $(seq 1 50); do
			kill -0 "$gp" 2>/dev/null || { gone=":gone"; break; }
			sleep 0.1
		done
	fi
	kill -KILL -- "-$pid" 2>/dev/null || true
	echo "$st$gone"
}
