#!/usr/bin/env bats
# gowrap audit --format sarif and --format github (README "Audit in CI:
# SARIF and annotations"): the module of tests/audit_review.bats
# (tests/fixtures/seenprobe's, plus a package of its own whose arm64
# assembly no rule speaks of) audited offline for linux/arm64; every SARIF
# file validated by Microsoft's SARIF multitool (validate, with GitHub's
# ingestion rules: --rule-kind "Sarif;Gh"), which scripts/fetch-testdeps.sh
# installs beside the module cache; the validator itself shown to reject a
# broken file.

load helpers/common
load helpers/seenmod
bats_require_minimum_version 1.5.0

MT_VERSION=5.7.0

setup() {
	common_setup
	seen_module
}

# mt_path: the multitool scripts/fetch-testdeps.sh installed (a missing
# prerequisite fails, never skips).
mt_path() {
	local pkg=sarif-multitool-linux m
	[ "$(uname -s)" != Darwin ] || pkg=sarif-multitool-darwin
	m="$(dirname "$(GOFLAGS='' go env GOMODCACHE)")/gowrap-testbin/sarif-multitool-$MT_VERSION/node_modules/@microsoft/$pkg/Sarif.Multitool"
	if ! "$m" --version 2>&1 | grep -q "^SARIF Multitool $MT_VERSION+"; then
		echo "the SARIF multitool $MT_VERSION is not at $m (fix: run bash scripts/setup.sh, which installs it)" >&2
		return 1
	fi
	echo "$m"
}

# validate FILE: the multitool's validate verb with GitHub's rules; fails
# printing each error it reports (its exit status is 0 either way: the
# verdict is in the SARIF log it writes, read here).
validate() {
	local mt
	mt=$(mt_path) || return 1
	"$mt" validate --rule-kind "Sarif;Gh" --log ForceOverwrite -o "$1.validation" "$1" >"$1.validate.out" 2>&1 ||
		{ cat "$1.validate.out" >&2; return 1; }
	python3 - "$1.validation" <<'PY'
import json, sys
log = json.load(open(sys.argv[1], encoding="utf-8-sig"))
run = log["runs"][0]
bad = [r["message"].get("text", r.get("ruleId")) for r in run.get("results", []) if r.get("level", "warning") == "error"]
inv = run.get("invocations", [{}])[0]
if not inv.get("executionSuccessful", False):
    bad.append("validation did not run: %s" % inv)
for b in bad:
    print("SARIF error:", b)
sys.exit(1 if bad else 0)
PY
}

review() { # PKG ID REASON
	printf '[[Reviewed]]\npackage = "%s"\ncontent = "%s"\nreason = "%s"\n\n' "$1" "$2" "$3" >>"$M/gowrap-audit.toml"
}

id() {
	"$GOWRAP" audit --json 2>/dev/null | python3 -c '
import json, sys
for p in json.load(sys.stdin)["packages"]:
    if p["import_path"] == sys.argv[1]:
        print(p["content"])' "$1"
}

@test "the validator rejects broken SARIF: a result without its message, another version, a location without artifactLocation's uri (GitHub's rule)" {
	run --separate-stderr "$GOWRAP" audit --format sarif
	assert_failure 1
	echo "$output" >"$TMP/good.sarif"
	validate "$TMP/good.sarif"
	python3 - "$TMP" <<'PY'
import json, sys, copy
d = json.load(open(sys.argv[1] + "/good.sarif"))
a = copy.deepcopy(d); del a["runs"][0]["results"][0]["message"]
b = copy.deepcopy(d); b["version"] = "2.2.0"
c = copy.deepcopy(d); del c["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
for n, x in (("nomsg", a), ("version", b), ("nouri", c)):
    json.dump(x, open(sys.argv[1] + "/" + n + ".sarif", "w"))
PY
	local f
	for f in nomsg version nouri; do
		run validate "$TMP/$f.sarif"
		assert_failure
		assert_line --partial "SARIF error:"
	done
}

@test "SARIF 2.1.0 that GitHub ingests: one rule per verdict that needs a person, a result per such row (defective: error, unknown: warning), none for passing rows; go.mod's require line and the module cache file; a local package's own file" {
	run --separate-stderr "$GOWRAP" audit --format sarif
	assert_failure 1
	echo "$output" >"$TMP/a.sarif"
	validate "$TMP/a.sarif"
	local line
	line=$(grep -n 'github.com/templexxx/cpu v0.0.9' go.mod | cut -d: -f1)
	python3 - "$TMP/a.sarif" "$line" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0" and d["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
(run,) = d["runs"]
drv = run["tool"]["driver"]
assert drv["name"] == "gowrap", drv
assert [r["id"] for r in drv["rules"]] == ["defective-not-fixed", "unknown-cpu-feature-code", "unresolved-package"]
assert run["automationDetails"]["id"] == "gowrap-audit/linux/arm64/"
res = {r["properties"]["import_path"]: r for r in run["results"]}
assert sorted(res) == ["github.com/templexxx/cpu", "gowrap.test/seenprobe/asmx"], sorted(res)
t = res["github.com/templexxx/cpu"]
assert t["ruleId"] == "defective-not-fixed" and t["ruleIndex"] == 0 and t["level"] == "error", t
loc = t["locations"][0]["physicalLocation"]
assert loc["artifactLocation"] == {"uri": "go.mod", "uriBaseId": "%SRCROOT%"}, loc
assert loc["region"]["startLine"] == int(sys.argv[2]), loc
rel = t["relatedLocations"][0]["physicalLocation"]["artifactLocation"]
assert rel == {"uri": "github.com/templexxx/cpu@v0.0.9/cpu_arm64.go", "uriBaseId": "%GOMODCACHE%"}, rel
assert t["message"]["text"].startswith("github.com/templexxx/cpu (github.com/templexxx/cpu@v0.0.9) on linux/arm64: defective, not fixed: rule cpu11-arm64: ")
assert t["properties"]["content"].startswith("sha256:") and "suppressions" not in t
assert t["partialFingerprints"] == {"gowrapPackage/v1": "linux/arm64|github.com/templexxx/cpu"}
a = res["gowrap.test/seenprobe/asmx"]
assert a["level"] == "warning" and a["ruleId"] == "unknown-cpu-feature-code", a
assert a["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "asmx/x.go", "uriBaseId": "%SRCROOT%"}, a
assert "relatedLocations" not in a
PY
	# linux/amd64: every row passes: no result, exit 0, still valid
	GOARCH=amd64 run --separate-stderr "$GOWRAP" audit --format sarif
	assert_success
	echo "$output" >"$TMP/b.sarif"
	validate "$TMP/b.sarif"
	python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["runs"][0]["results"] == []' "$TMP/b.sarif"
}

@test "reviewed rows keep their result with an external suppression whose justification is the reason (valid SARIF); a changed content has none" {
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "arm64 takes no path by these flags here"
	review gowrap.test/seenprobe/asmx "$(id gowrap.test/seenprobe/asmx)" "EL0 reads are emulated by Linux"
	run --separate-stderr "$GOWRAP" audit --format sarif
	assert_success
	echo "$output" >"$TMP/r.sarif"
	validate "$TMP/r.sarif"
	python3 - "$TMP/r.sarif" <<'PY'
import json, sys
res = {r["properties"]["import_path"]: r for r in json.load(open(sys.argv[1]))["runs"][0]["results"]}
t = res["github.com/templexxx/cpu"]
assert t["suppressions"] == [{"kind": "external", "status": "accepted", "justification": "arm64 takes no path by these flags here"}], t
assert t["level"] == "error" and t["message"]["text"].endswith("Accepted by review: arm64 takes no path by these flags here")
assert res["gowrap.test/seenprobe/asmx"]["suppressions"][0]["justification"] == "EL0 reads are emulated by Linux"
PY
	printf '\tMRS ID_AA64PFR0_EL1, R1\n' >>"$M/asmx/x_arm64.s"
	run --separate-stderr "$GOWRAP" audit --format sarif
	assert_failure 3
	echo "$output" >"$TMP/c.sarif"
	validate "$TMP/c.sarif"
	python3 - "$TMP/c.sarif" <<'PY'
import json, sys
res = {r["properties"]["import_path"]: r for r in json.load(open(sys.argv[1]))["runs"][0]["results"]}
a = res["gowrap.test/seenprobe/asmx"]
assert "suppressions" not in a and "was for other content" in a["message"]["text"], a
assert "suppressions" in res["github.com/templexxx/cpu"]
PY
}

@test "a package go cannot resolve (-e) is a result of its own rule; the module under GITHUB_WORKSPACE is named from the workspace" {
	printf '\nrequire example.com/gone v1.0.0\n' >>"$M/go.mod"
	sed -i 's#^import (#import (\n\t_ "example.com/gone/pkg"#' "$M/main.go"
	mkdir -p "$TMP/ws" && mv "$M" "$TMP/ws/sub" && M="$TMP/ws/sub" && cd "$M"
	GITHUB_WORKSPACE="$TMP/ws/" GOARCH=amd64 run --separate-stderr "$GOWRAP" audit -e --format sarif
	assert_failure 3
	echo "$output" >"$TMP/u.sarif"
	validate "$TMP/u.sarif"
	python3 - "$TMP/u.sarif" <<'PY'
import json, sys
(r,) = json.load(open(sys.argv[1]))["runs"][0]["results"]
assert r["ruleId"] == "unresolved-package" and r["ruleIndex"] == 2 and r["level"] == "warning", r
assert r["message"]["text"] == "example.com/gone/pkg on linux/amd64: not audited: go could not resolve it (go list -e)", r
assert r["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "sub/go.mod", "uriBaseId": "%SRCROOT%"}, r
PY
}

@test "--format github: one workflow command per row that needs a person (::error, ::warning; ::notice when accepted), file and line in the repository, data escaped" {
	local line
	line=$(grep -n 'github.com/templexxx/cpu v0.0.9' go.mod | cut -d: -f1)
	run --separate-stderr "$GOWRAP" audit --format github
	assert_failure 1
	assert_equal "${#lines[@]}" 2
	assert_line --regexp "^::error file=go.mod,line=$line,title=gowrap audit linux/arm64%3A defective%2C not fixed::github.com/templexxx/cpu \\(github.com/templexxx/cpu@v0.0.9\\) on linux/arm64: defective, not fixed: rule cpu11-arm64: .* Content id sha256:[0-9a-f]{64}\\.\$"
	assert_line --regexp '^::warning file=asmx/x.go,line=1,title=gowrap audit linux/arm64%3A unknown::gowrap.test/seenprobe/asmx '
	review github.com/templexxx/cpu "$(id github.com/templexxx/cpu)" "100% reviewed"
	run --separate-stderr "$GOWRAP" audit --format github
	assert_failure 3
	assert_line --regexp "^::notice file=go.mod,line=$line,title=gowrap audit linux/arm64%3A defective%2C not fixed \\(accepted\\)::.* Accepted by review: 100%25 reviewed\$"
}
