# Homebrew formula for gowrap, built from this repository's main branch.
#
#   brew install --HEAD ./Formula/gowrap.rb
#
# PLACEHOLDER: the URL below is where the repository is expected to be
# published; replace it with the real one before offering this through a tap.
class Gowrap < Formula
  desc "Go shim that gives iOS builds hardware AES/PMULL/SHA detection via go build -overlay"
  homepage "https://github.com/gowrap/gowrap"
  head "https://github.com/gowrap/gowrap.git", branch: "main" # PLACEHOLDER URL

  depends_on "pkg-config" => :build
  depends_on "cjson"
  depends_on "go" => :recommended
  depends_on "libgit2"
  depends_on "libzip" # symcheck's .aar/.apk reader

  def install
    system "make", "install", "PREFIX=#{prefix}", "GOWRAP_VERSION=#{version}"
  end

  def caveats
    <<~EOS
      gowrap's go shim is installed in #{opt_libexec}/gowrap.
      Put it first on PATH (add this to your shell's profile):
        eval "$(gowrap shellenv)"
      Then `gowrap doctor` explains what it found.
    EOS
  end

  test do
    assert_match "gowrap", shell_output("#{bin}/gowrap --version")
    assert_match "symcheck", shell_output("#{bin}/symcheck --version")
    # A real Go program built for macOS: a Mach-O symcheck must read. It
    # carries no gowrap marker (not an iOS build), so symcheck --expect
    # forbidden passes on it.
    (testpath/"go.mod").write "module example.com/hello\n\ngo 1.21\n"
    (testpath/"main.go").write "package main\n\nfunc main() { println(\"hello\") }\n"
    go = Formula["go"].opt_bin/"go"
    system go, "build", "-o", testpath/"hello", "."
    assert_match "no marker: forbidden: ok", shell_output("#{bin}/symcheck --expect forbidden #{testpath}/hello")
    # The overlay for Homebrew's own Go toolchain (GOROOT under the Cellar's
    # libexec, reached through the bin/go symlink): applied, or not-needed on
    # a Go that has the upstream fix (golang/go@8058a577).
    goroot = shell_output("#{go} env GOROOT").strip
    info = JSON.parse(shell_output("#{bin}/gowrap overlay --goroot #{goroot} --json"))
    assert_includes %w[applied not-needed], info["status"]
  end
end
