#!/usr/bin/env bash
# setup.sh — installs what gowrap's build, tests and demo need, and nothing
# when it is all there already. Debian/Ubuntu: apt-get (as root, or via sudo).
# macOS: installs nothing; checks each Homebrew formula, Go and Xcode, prints
# the one `brew install ...` line for what is missing and exits 1 if anything
# is (the tests use Xcode's own clang, lipo and xcodebuild there). Last, on
# every system: the Go modules and the go1.27.3 toolchain the tests use
# (scripts/fetch-testdeps.sh), through the module proxy.
set -euo pipefail

# The cross glibc (loaders, libraries, crt files and headers of arm64, armhf
# and i386): tests/helpers/android_run.bash runs GOOS=android programs under
# qemu-user with glibc's loader standing in for Android's, linked by the
# stand-in NDK compiler tests/helpers/android/bin/android-runcc.
debs=(build-essential pkg-config git clang lld llvm musl-dev musl-tools libcjson-dev libgit2-dev libzip-dev
	bats bats-assert bats-support python3 hyperfine strace shellcheck qemu-user jq xxd file
	groff-base mandoc man-db
	libc6-arm64-cross libc6-armhf-cross libc6-i386-cross
	libc6-dev-arm64-cross libc6-dev-armhf-cross libc6-dev-i386-cross)

if [ "$(uname -s)" = Darwin ]; then
	# Build: cjson libgit2 libzip pkg-config. Tests: bats-core + its two
	# libraries (from the bats-core tap), llvm (llvm-nm/llvm-strip/llvm-objdump
	# for the fixtures), coreutils (timeout), hyperfine (make bench).
	formulae=(cjson libgit2 libzip pkg-config bats-core bats-core/bats-core/bats-support
		bats-core/bats-core/bats-assert llvm coreutils hyperfine)
	if ! command -v brew >/dev/null 2>&1; then
		echo "gowrap setup: Homebrew not found (fix: install it from https://brew.sh, then run bash scripts/setup.sh again)" >&2
		exit 1
	fi
	missing=()
	for f in "${formulae[@]}"; do
		brew list --versions "${f##*/}" >/dev/null 2>&1 || missing+=("$f")
	done
	command -v go >/dev/null 2>&1 || missing+=(go)
	bad=0
	if [ ${#missing[@]} -gt 0 ]; then
		echo "gowrap setup: missing Homebrew formulae; run:" >&2
		echo "brew install ${missing[*]}"
		bad=1
	fi
	if ! xcrun --sdk iphoneos --show-sdk-path >/dev/null 2>&1; then
		echo "gowrap setup: Xcode with the iOS SDK not found (fix: install Xcode, then sudo xcode-select -s /Applications/Xcode.app)" >&2
		bad=1
	fi
	[ $bad -eq 0 ] || exit 1
	exec bash "$(dirname "$0")/fetch-testdeps.sh"
fi
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "gowrap setup: no apt-get here: install by hand: ${debs[*]}" >&2
	command -v go >/dev/null 2>&1 && exec bash "$(dirname "$0")/fetch-testdeps.sh"
	exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
export DEBIAN_FRONTEND=noninteractive
# The Go side (modules, go1.27.3, act's build: fetch-testdeps.sh) needs only
# go and the network, apt-get only the network and dpkg: on a fresh machine
# the two run side by side instead of one after the other (act's build alone
# is over a minute of both cores). Its output is kept and shown when it ends.
# fetch-testdeps.sh installs the SARIF multitool with npm: on a machine
# without npm it comes from Debian first (this kind of machine has it).
if ! command -v npm >/dev/null 2>&1; then
	"${sudo[@]}" apt-get update -qq
	"${sudo[@]}" apt-get install -y -qq nodejs npm >/dev/null
fi
fetch_pid=
fetch_log=
if command -v go >/dev/null 2>&1; then
	fetch_log=$(mktemp)
	bash "$(dirname "$0")/fetch-testdeps.sh" >"$fetch_log" 2>&1 &
	fetch_pid=$!
	# If apt-get fails (set -e), the fetch must not outlive this script.
	trap 'kill "$fetch_pid" 2>/dev/null || true; rm -f "$fetch_log"' EXIT
fi
updated=0
install() {
	local missing=() p
	for p in "$@"; do
		dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ $updated -eq 0 ]; then
		"${sudo[@]}" apt-get update -qq
		updated=1
	fi
	echo "gowrap setup: installing ${missing[*]}" >&2
	"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}
install "${debs[@]}"
# libFuzzer's runtime ships separately from clang on Debian, named by clang's major version.
major=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
if [ -n "$major" ] && ! ls /usr/lib/llvm-"$major"/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
	install "libclang-rt-$major-dev"
fi
# qemu-user 10 for loong64 (tests/deps_arch.bats): Debian 12's qemu 7.2 shows
# no LSX/LASX on la464. And for 386 (tests/helpers/android_run.bash): qemu
# 7.2's qemu-i386 reloads %gs from one process-wide GDT entry when a signal
# handler returns, so a thread of a multithreaded program then runs on the
# newest thread's TLS; 10's keeps each thread's. Only its qemu-loongarch64
# and qemu-i386 are taken, from bookworm-backports, into QEMU10_DIR; the
# system's qemu stays as it is.
QEMU10_DIR=/usr/local/lib/gowrap-test/qemu10
QEMU10_BINS=(qemu-loongarch64 qemu-i386)
if [ ! -x "$QEMU10_DIR/qemu-loongarch64" ] || [ ! -x "$QEMU10_DIR/qemu-i386" ]; then
	codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
	if [ "$codename" = bookworm ]; then
		src=/etc/apt/sources.list.d/gowrap-bookworm-backports.sources
		if ! grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
			printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
				"${sudo[@]}" tee "$src" >/dev/null
			"${sudo[@]}" apt-get update -qq
		fi
		qtmp=$(mktemp -d)
		(cd "$qtmp" && apt-get download -qq qemu-user/bookworm-backports 2>/dev/null && dpkg-deb -x qemu-user_*.deb x)
		"${sudo[@]}" mkdir -p "$QEMU10_DIR"
		for q in "${QEMU10_BINS[@]}"; do
			"${sudo[@]}" cp "$qtmp/x/usr/bin/$q" "$QEMU10_DIR/$q"
		done
		rm -rf "$qtmp"
	else
		for q in "${QEMU10_BINS[@]}"; do
			command -v "$q" >/dev/null 2>&1 || continue
			"${sudo[@]}" mkdir -p "$QEMU10_DIR"
			"${sudo[@]}" ln -sf "$(command -v "$q")" "$QEMU10_DIR/$q"
		done
	fi
fi
if [ -z "$fetch_pid" ]; then
	echo "gowrap setup: no go on PATH (fix: install Go 1.21 or newer from go.dev/dl)" >&2
	exit 1
fi
# Every module and toolchain the tests use, so they run offline afterwards
# (from an empty GOMODCACHE too: .ci/run starts from one): started above.
st=0
wait "$fetch_pid" || st=$?
trap - EXIT
cat "$fetch_log" >&2
rm -f "$fetch_log"
exit $st
