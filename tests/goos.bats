#!/usr/bin/env bats
# Every rule of deps/table.c proven on every GOOS its families cover
# (tests/goos/proofs.tsv): android apart from linux (android compiles
# linux's files, but code that asks runtime.GOOS decides otherwise there),
# ios apart from the darwin code it was read from. A "run" row builds the
# probe for its target through the shim and without it and runs both under
# qemu-user (android: tests/helpers/android_run.bash, glibc's loader
# standing in for /system/bin/linker{,64} through qemu's -L prefix, so qemu
# itself gives the program its auxiliary vector; arm64 without cgo, arm with
# the runnable stand-in NDK compiler); gowrap audit must give the row's verdict by
# the row's rule, and what the program reads must agree: a right rule reads
# what std's internal/cpu reads without the shim, a defect rule does not,
# and through the shim both do. Std is the reference (its HWCap is the
# runtime's); on android its ATOMICS is off by policy (golang/go#28431), so
# ATOMICS is compared there by the tests below, not against std.

load helpers/common
load helpers/android_run
bats_require_minimum_version 1.5.0

TABLE="$BATS_TEST_DIRNAME/goos/proofs.tsv"
HWCAP_ARCHES="arm64 arm ppc64 ppc64le s390x loong64 mips64 mips64le"

setup_file() {
	export D="$BATS_FILE_TMPDIR"
}

setup() {
	common_setup
	export GOWRAP_CACHE="$D/cache" GOFLAGS=-mod=mod GOPROXY=off GONOSUMDB=* GOSUMDB=off
}

# rows [RULE]: the table's rows (comments and blank lines aside).
rows() {
	grep -v '^#' "$TABLE" | grep -v '^$' | awk -F'\t' -v r="${1:-}" 'r == "" || $1 == r'
}

# family_of GOOS/GOARCH: the family dp_family gives the target (deps.h).
family_of() {
	local goos="${1%/*}" goarch="${1#*/}" a
	[ "$goos" = ios ] && { echo ios; return; }
	for a in $HWCAP_ARCHES; do
		if [ "$a" = "$goarch" ]; then
			case "$goos" in linux | android) echo "$goos"; return ;; esac
		fi
	done
	echo other
}

# field KEY WHAT: a key=value of a row's WHAT.
field() {
	printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# run_on GOOS/GOARCH CPU BINARY: the program's output lines (stdout and
# stderr), under the qemu for the target.
run_on() {
	local t="$1" cpu="$2" bin="$3"
	case "$t" in
	android/*) android_run "${t#android/}" "$cpu" "$bin" 2>&1 ;;
	linux/arm64) qemu-aarch64 -cpu "$cpu" "$bin" 2>&1 ;;
	linux/arm) qemu-arm -cpu "$cpu" "$bin" 2>&1 ;;
	linux/amd64) "$bin" 2>&1 ;;
	*) echo "goos.bats: no runner for $t" ;;
	esac
}

# build_for GOOS/GOARCH OUT [ARGS]: go build for the target with the go PATH
# finds (the caller puts the shim first, or not); android through the
# runner's compiler (arm64 without cgo: the one android target Go links
# internally).
build_for() {
	local t="$1" out="$2"
	shift 2
	case "$t" in
	android/*) ANDROID_CGO=0 android_build "${t#android/}" "$out" "$@" ;;
	*) env GOOS="${t%/*}" GOARCH="${t#*/}" GOARM=7 CGO_ENABLED=0 go build -o "$out" "$@" ;;
	esac
}

# agree GOOS OUTPUT: 0 when every "name: ..." line reads what "std: ..." reads
# (on android without ATOMICS), else 1; at least one line besides std's.
agree() {
	local goos="$1" out="$2" std others
	out="$(printf '%s\n' "$out" | grep -E '^[a-z/]+: ')"
	[ "$goos" = android ] && out="$(printf '%s\n' "$out" | sed 's/ ATOMICS=[a-z]*//')"
	std="$(printf '%s\n' "$out" | sed -n 's/^std: //p')"
	others="$(printf '%s\n' "$out" | grep -v '^std: ' | sed 's/^[a-z/]*: //' | sort -u)"
	[ -n "$std" ] && [ -n "$others" ] || return 2
	[ "$others" = "$std" ]
}

# package_of FIXTURE: the package whose verdict a fixture's row is about.
package_of() {
	case "$1" in
	goosprobe/xsys) echo golang.org/x/sys/cpu ;;
	goosprobe/cpuid) echo github.com/klauspost/cpuid/v2 ;;
	hwcapprobe) echo github.com/metacubex/cpu ;;
	esac
}

# prove RULE: every run row of RULE, as the header says. Fails naming the row.
prove() {
	local rule="$1" n=0 line where=
	# RULE-where: the RULE's rows that say where the module comes from
	case "$rule" in *-where) rule="${rule%-where}" where=1 ;; esac
	while IFS=$'\t' read -r r target how what verdict; do
		case "$what" in *edit=replace* | *edit=vendor* | *edit=work*) [ -n "$where" ] || continue ;; *) [ -z "$where" ] || continue ;; esac
		[ "$how" = run ] || continue
		n=$((n + 1))
		prove_row "$r" "$target" "$what" "$verdict" "$n"
	done < <(rows "$rule")
	[ "$n" -gt 0 ] || fail "no run row for $rule"
}

prove_row() {
	local rule="$1" target="$2" what="$3" verdict="$4" n="$5"
	local goos="${target%/*}" goarch="${target#*/}" fx pin tags edit cpu pkg d out
	fx="$(field fixture "$what")" pin="$(field pin "$what")" tags="$(field tags "$what")"
	edit="$(field edit "$what")" cpu="$(field cpu "$what")" pkg="$(package_of "$fx")"
	local row="$rule $target ($what)"
	export GOFLAGS=-mod=mod
	d="$BATS_TEST_TMPDIR/row$n"
	mkdir -p "$d"
	# the fixture's whole directory: goosprobe's modules share ../std
	cp -R "$GOWRAP_ROOT/tests/fixtures/${fx%%/*}" "$d/"
	d="$d/$fx"
	cd "$d"
	[ -z "$pin" ] || go mod edit -require="$pin"
	local src
	src="$(go env GOMODCACHE)/${pin%@*}@${pin#*@}"
	case "$edit" in
	android-case | replace | work)
		cp -R "$src" "$d/sys"
		chmod -R u+w "$d/sys"
		if [ "$edit" = android-case ]; then
			# a fork's backport: android added to archInit's doinit case
			sed -i 's/^\tcase "linux", "netbsd", "openbsd"/\tcase "linux", "android", "netbsd", "openbsd"/' "$d/sys/cpu/cpu_arm64.go"
			grep -q '"linux", "android", "netbsd"' "$d/sys/cpu/cpu_arm64.go" || fail "$row: the edit changed nothing"
		fi
		if [ "$edit" = work ]; then
			go work init . ./sys
			export GOFLAGS= # -mod=mod is refused in workspace mode
		else
			go mod edit -replace="${pin%@*}=./sys"
		fi
		;;
	vendor)
		go mod vendor
		export GOFLAGS=-mod=vendor
		;;
	esac
	local env=(GOOS="$goos" GOARCH="$goarch" GOARM=7 CGO_ENABLED=0)
	[ "$target" != android/arm ] || env=(GOOS=android GOARCH=arm GOARM=7 CGO_ENABLED=1)
	local tf=()
	[ -z "$tags" ] || tf=(-tags "$tags")

	# the verdict, by this rule
	out="$(env "${env[@]}" "$GOWRAP" audit --json "${tf[@]}" . 2>&1)" || true
	local got
	got="$(printf '%s' "$out" | jq -r --arg p "$pkg" '.packages[] | select(.import_path == $p) | "\(.verdict)|\(.why)"')"
	case "$verdict" in
	fix) [[ "$got" == "fixed by gowrap|"*"(rule $rule, "* ]] || fail "$row: audit says '$got', want fixed by rule $rule" ;;
	right) [[ "$got" == "right on its own|rule $rule ("* ]] || fail "$row: audit says '$got', want right by rule $rule" ;;
	esac

	# without the shim
	PATH="$(path_without "$SHIM_DIR")" build_for "$target" plain "${tf[@]}" . >plain.out 2>&1 ||
		fail "$row: plain build: $(cat plain.out)"
	out="$(run_on "$target" "$cpu" ./plain)"
	printf '%s\n' "$out" | grep -q '^std: ' || fail "$row: the plain build printed no std line: $out"
	printf '%s\n' "$out" | grep '^std: ' | grep -q '=true' || fail "$row: std sees no feature under $cpu: $out"
	local st=0
	agree "$goos" "$out" || st=$?
	[ $st -ne 2 ] || fail "$row: the plain build printed no line to compare: $out"
	if [ "$verdict" = fix ]; then
		[ $st -ne 0 ] || fail "$row: without the shim it already reads what std reads: $out"
	else
		[ $st -eq 0 ] || fail "$row: right by $rule, but without the shim it does not read what std reads: $out"
	fi

	# through the shim
	PATH="$SHIM_DIR:$PATH" GOWRAP_LOG="$d/log" build_for "$target" shim "${tf[@]}" . >shim.out 2>&1 ||
		fail "$row: shim build: $(cat shim.out)"
	out="$(run_on "$target" "$cpu" ./shim)"
	agree "$goos" "$out" || fail "$row: through the shim it does not read what std reads: $out"
	if [ "$verdict" = fix ]; then
		grep -q "\"deps\":\\[[^]]*\"$pkg\"" "$d/log" || fail "$row: the log does not name $pkg: $(cat "$d/log")"
	else
		grep -q "\"$pkg\"" "$d/log" && fail "$row: right on its own, yet the log names $pkg: $(cat "$d/log")"
		cmp -s plain shim || fail "$row: right on its own, yet the shim's build differs from the plain one"
	fi
	cd "$BATS_TEST_TMPDIR"
}

# coverage: every rule of deps/table.c (sweep_table --rules) and each family
# it covers, without a row of that family in $TABLE; also a row whose
# verdict is not its rule's role. Prints "RULE@FAMILY" / "RULE(VERDICT)".
coverage() {
	local rules="$1" rule fams role f r target how what verdict has
	while IFS=$'\t' read -r rule fams role; do
		for f in ${fams//,/ }; do
			has=0
			while IFS=$'\t' read -r r target how what verdict; do
				[ "$(family_of "$target")" = "$f" ] && has=1
				case "$role:$verdict" in defect:fix | right:right) ;; *) echo "$r($verdict)" ;; esac
			done < <(rows "$rule")
			[ $has -eq 1 ] || echo "$rule@$f"
		done
	done <<<"$rules"
}

@test "proofs table: every rule has a row for every GOOS its families cover, every row names a rule of its target's family, a test that exists, or a target Go has not" {
	run "$BUILD_DIR/unit/sweep_table" --rules
	assert_success
	local rules="$output"
	run coverage "$rules"
	assert_output ""
	# the check can fail: a rule whose android row is dropped is named
	grep -v $'^xsys-auxv-android\t' "$TABLE" >"$BATS_TEST_TMPDIR/t.tsv"
	TABLE="$BATS_TEST_TMPDIR/t.tsv" run coverage "$rules"
	assert_output "xsys-auxv-android@android"
	local dist
	dist="$(GOFLAGS= go tool dist list)"
	while IFS=$'\t' read -r r target how what verdict; do
		printf '%s\n' "$rules" | cut -f1 | grep -qxF "$r" || fail "row names no rule: $r"
		printf '%s\n' "$rules" | awk -F'\t' -v r="$r" '$1 == r { print $2 }' | tr , '\n' |
			grep -qxF "$(family_of "$target")" || fail "$r: $target is not of the rule's families"
		case "$how" in
		run) grep -qE "^\s*prove $r$" "$BATS_TEST_FILENAME" || fail "$r: no test here runs its run rows" ;;
		test)
			local suite="${what%%: *}" title="${what#*: }"
			[ -f "$BATS_TEST_DIRNAME/$suite" ] || fail "$r: no suite $suite"
			grep -qF "@test \"$title" "$BATS_TEST_DIRNAME/$suite" || fail "$r: no test in $suite starts '$title'" ;;
		none)
			if printf '%s\n' "$dist" | grep -qxF "$target"; then fail "$r: $target is a Go port, yet the row says none"; fi
			[ -n "$what" ] || fail "$r: a none row says why" ;;
		read) [ -n "$what" ] || fail "$r: a read row says what was read" ;;
		*) fail "$r: HOW is $how" ;;
		esac
	done < <(rows)
}

@test "xsys-android: x/sys v0.12.0 and v0.29.0 on android/arm64 (qemu max): without the shim no feature but FP and ASIMD; through the shim what std reads" {
	prove xsys-android
}

@test "xsys-android: x/sys v0.29.0 vendored, replaced by a local copy, in a workspace: fixed the same way" {
	prove xsys-android-where
}

@test "xsys-android-windows: x/sys v0.41.0 (windows in archInit's doinit case) on android/arm64: fixed the same way" {
	prove xsys-android-windows
}

@test "xsys-android-case: a local copy of v0.29.0 with android added to archInit's doinit case is right on android/arm64; nothing added" {
	prove xsys-android-case
}

@test "xsys-android-case-windows: the same edit of v0.41.0 is right; nothing added" {
	prove xsys-android-case-windows
}

@test "xsys-auxv-android: x/sys v0.47.0 on android/arm64 and v0.29.0 on android/arm (GOARM=7, cgo) read what std reads on their own; the shim adds nothing (byte-identical)" {
	prove xsys-auxv-android
}

@test "xsys-auxv: x/sys v0.29.0 on linux/arm64 and linux/arm reads what std reads on its own" {
	prove xsys-auxv
}

@test "hwcap-arm64 on android/arm64 (qemu cortex-a53): the copy reads nothing without the shim, what std reads through it" {
	prove hwcap-arm64
}

@test "hwcap-arm on android/arm (GOARM=7, cgo, qemu cortex-a15): both copies read nothing without the shim, VFPv4, IDIVA and V7Atomics through it" {
	prove hwcap-arm
}

@test "cpuid-linkname, cpuid-auxv and cpuid-auxv-read (-tags nounsafe): cpuid v2.3.0 and v2.4.2 on linux/arm64 and android/arm64 read what std reads on their own" {
	prove cpuid-linkname
	prove cpuid-auxv
	prove cpuid-auxv-read
}

@test "xsys-other on linux/amd64 (this machine, no qemu): what the kernel's CPUID flags say" {
	prove xsys-other
}

@test "android/arm64, x/sys v0.29.0 through the shim: ATOMICS stays off as std's internal/cpu has it (v0.47.0 says on), the rest as v0.47.0 under -cpu max and cortex-a53; GODEBUG=cpu.aes=off still applies" {
	local v cpu
	for v in v0.29.0 v0.47.0; do
		mkdir -p "$BATS_TEST_TMPDIR/$v"
		cp -R "$GOWRAP_ROOT/tests/fixtures/goosprobe" "$BATS_TEST_TMPDIR/$v/"
		(cd "$BATS_TEST_TMPDIR/$v/goosprobe/xsys" && go mod edit -require=golang.org/x/sys@$v &&
			PATH="$SHIM_DIR:$PATH" build_for android/arm64 probe .) ||
			fail "build of $v"
	done
	for cpu in max cortex-a53; do
		local old new
		old="$(run_on android/arm64 $cpu "$BATS_TEST_TMPDIR/v0.29.0/goosprobe/xsys/probe" | sed -n 's/^xsys: //p')"
		new="$(run_on android/arm64 $cpu "$BATS_TEST_TMPDIR/v0.47.0/goosprobe/xsys/probe" | sed -n 's/^xsys: //p')"
		[[ "$old" == *" AES=true "* ]] || fail "$cpu: v0.29.0 through the shim: $old"
		[[ "$old" == *" ATOMICS=false"* ]] || fail "$cpu: v0.29.0 through the shim sets ATOMICS: $old"
		assert_equal "${old/ ATOMICS=false/}" "$(printf '%s' "$new" | sed 's/ ATOMICS=[a-z]*//')"
	done
	# the CPU models differ where they should: a53 has no LSE atomics
	[[ "$(run_on android/arm64 max "$BATS_TEST_TMPDIR/v0.47.0/goosprobe/xsys/probe")" == *"xsys: android/arm64"*" ATOMICS=true"* ]] ||
		fail "v0.47.0 under -cpu max reads no ATOMICS"
	[[ "$(run_on android/arm64 cortex-a53 "$BATS_TEST_TMPDIR/v0.47.0/goosprobe/xsys/probe")" == *"xsys: android/arm64"*" ATOMICS=false"* ]] ||
		fail "v0.47.0 under cortex-a53 reads ATOMICS"
	# the fix runs before processOptions: GODEBUG still turns a feature off
	GODEBUG=cpu.aes=off run android_run arm64 max "$BATS_TEST_TMPDIR/v0.29.0/goosprobe/xsys/probe"
	assert_line --regexp '^xsys: android/arm64 AES=false PMULL=true '
}
