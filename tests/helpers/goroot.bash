# tests/helpers/goroot.bash — GOROOTs for the overlay tests, built from the
# real toolchains and never editing them.
#
#   gr_go127_modcache         path of Go 1.27.3 in GOMODCACHE (downloads it once
#                             with GOTOOLCHAIN=go1.27.3 when missing)
#   gr_full_copy SRC DST      cp -a a whole GOROOT (usable as GOROOT with its
#                             bin/go: module-cache toolchains lack exec bits)
#   gr_mini_copy SRC DST      VERSION + src/internal/cpu only: enough for the
#                             generator, ~100 KB, for tests that never compile
#   gr_make_upstream_fixed D  edit D's internal/cpu to golang/go@8058a577's
#                             structure (ios no longer selects
#                             cpu_arm64_other.go; the darwin files cover ios)
#   gr_go DIR ARGS...         run DIR/bin/go with GOROOT=DIR, no GOFLAGS
#   gr_go127_install SDK BIN  `gowrap toolchain install go1.27.3 --sdk SDK
#                             --bin BIN` (its output and status are the
#                             install's); under tests/run.sh SDK and BIN are
#                             the run's one shared install (GOWRAP_TEST_SHARED),
#                             so the 253 MB tree is laid out once per run and
#                             every later install is the idempotent no-op
#   gr_go127_root             a real Go 1.27.3 GOROOT to compile with: the
#                             run's shared install, else a copy for this file

gr_go127_modcache() {
	local mc dir
	mc=$(go env GOMODCACHE)
	dir="$mc/golang.org/toolchain@v0.0.1-go1.27.3.$(go env GOHOSTOS)-$(go env GOHOSTARCH)"
	if [ ! -x "$dir/bin/go" ]; then
		GOTOOLCHAIN=go1.27.3 go version >/dev/null 2>&1 || return 1
	fi
	echo "$dir"
}

gr_full_copy() {
	local src="$1" dst="$2"
	cp -a "$src" "$dst"
	chmod -R u+w "$dst"
	chmod +x "$dst"/bin/* "$dst"/pkg/tool/*/*
}

gr_mini_copy() {
	local src="$1" dst="$2"
	mkdir -p "$dst/src/internal"
	cp -a "$src/src/internal/cpu" "$dst/src/internal/cpu"
	[ -f "$src/VERSION" ] && cp "$src/VERSION" "$dst/VERSION"
	chmod -R u+w "$dst"
}

gr_make_upstream_fixed() {
	local cpu="$1/src/internal/cpu"
	sed -i 's/ && (!darwin || ios)/ \&\& !darwin/' "$cpu/cpu_arm64_other.go"
	sed -i 's|^//go:build darwin && !ios$|//go:build darwin|' "$cpu/cpu_darwin.go"
	sed -i 's|^//go:build arm64 && darwin && !ios$|//go:build arm64 \&\& darwin|' "$cpu/cpu_arm64_darwin.go"
}

gr_go() {
	local root="$1"
	shift
	GOROOT="$root" GOFLAGS= GOTOOLCHAIN=local "$root/bin/go" "$@"
}

# _gr_locked CMD...: CMD under the run-wide lock (mkdir is atomic on every
# filesystem and every OS the suites run on; flock(1) is Linux-only).
_gr_locked() {
	local lock="$GOWRAP_TEST_SHARED/go127.lock" rc=0 i=0
	until mkdir "$lock" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 1200 ] || { echo "goroot: $lock held for 10 minutes" >&2; return 1; }
		sleep 0.5
	done
	"$@" || rc=$?
	rmdir "$lock"
	return $rc
}

gr_go127_install() {
	local sdk="$1" bin="$2"
	if [ -n "${GOWRAP_TEST_SHARED:-}" ]; then
		sdk="$GOWRAP_TEST_SHARED/sdk" bin="$GOWRAP_TEST_SHARED/sdkbin"
		_gr_locked env -u GOSUMDB "$GOWRAP" toolchain install go1.27.3 --sdk "$sdk" --bin "$bin"
	else
		env -u GOSUMDB "$GOWRAP" toolchain install go1.27.3 --sdk "$sdk" --bin "$bin"
	fi
}

# gr_go127_bin SDKBIN: where gr_go127_install put the launcher.
gr_go127_bin() {
	if [ -n "${GOWRAP_TEST_SHARED:-}" ]; then echo "$GOWRAP_TEST_SHARED/sdkbin"; else echo "$1"; fi
}

gr_go127_root() {
	local d
	if [ -n "${GOWRAP_TEST_SHARED:-}" ]; then
		gr_go127_install - - >/dev/null || return 1
		echo "$GOWRAP_TEST_SHARED/sdk/go1.27.3"
		return
	fi
	d="$BATS_FILE_TMPDIR/go1.27.3"
	[ -x "$d/bin/go" ] || gr_full_copy "$(gr_go127_modcache)" "$d" || return 1
	echo "$d"
}
