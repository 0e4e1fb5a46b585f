# tests/helpers/seenmod.bash — the module audit_review.bats and
# audit_sarif.bats audit: tests/fixtures/seenprobe (templexxx/cpu v0.0.9,
# defective on linux/arm64) plus a package of arm64 assembly that reads an
# ID register, which no rule speaks of (unknown). seen_module makes it in
# $TMP/m, sets M to it and cd's there, for linux/arm64 with cgo, offline.
seen_module() {
	export GOFLAGS= GOPROXY=off CGO_ENABLED=1 GOOS=linux GOARCH=arm64
	unset GITHUB_WORKSPACE
	M="$TMP/m"
	mkdir -p "$M/asmx"
	cp "$BATS_TEST_DIRNAME/fixtures/seenprobe/"{go.mod,go.sum,main.go} "$M/"
	chmod u+w "$M"/*
	sed -i 's#^import (#import (\n\t_ "gowrap.test/seenprobe/asmx"#' "$M/main.go"
	printf 'package asmx\n\nfunc probe() uint64\n' >"$M/asmx/x.go"
	printf '#include "textflag.h"\n\nTEXT \xc2\xb7probe(SB), NOSPLIT, $0-8\n\tMRS ID_AA64ISAR0_EL1, R0\n\tMOVD R0, ret+0(FP)\n\tRET\n' >"$M/asmx/x_arm64.s"
	cd "$M"
}
