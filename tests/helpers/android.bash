# tests/helpers/android.bash — the Android library the suites check
# (tests/android.bats, tests/action.bats), loaded after helpers/common.
#
# The probe (tests/fixtures/leanprobe: github.com/metacubex/utls v1.8.7, a
# copy of Go's internal/cpu; golang.org/x/sys v0.41.0;
# github.com/klauspost/cpuid/v2 v2.3.0) built by a given go command as an
# android/arm64 -buildmode=c-shared library with the stand-in NDK compiler
# (tests/helpers/android: clang + musl headers + stub headers, linked with lld
# against stub libraries; a real aarch64 ELF shared object that never runs),
# and packed as gomobile packs an .aar or as an .apk; android_so_of builds
# another module so (tests/android.bats: tests/fixtures/xsysandroid).

ANDROID_PROBE="$GOWRAP_ROOT/tests/fixtures/leanprobe"
ANDROID_NDKCC="$GOWRAP_ROOT/tests/helpers/android/bin/cc-android-arm64"

# android_so DIR GO [VAR=VALUE...]: DIR/libgojni.so, the probe built by GO
# with the variables given (e.g. PATH with a shim first, GOWRAP_LOG) on
# first use; go's output in DIR/out, its status in DIR/rc (kept for a test
# to assert, never swallowed). Prints the library's path.
android_so() {
	if [ ! -e "$1/rc" ]; then
		require_modules github.com/metacubex/utls@v1.8.7 golang.org/x/sys@v0.41.0 \
			github.com/klauspost/cpuid/v2@v2.3.0 >&2 || return 1
	fi
	android_so_of "$ANDROID_PROBE" "$@"
}

# android_so_of SRC DIR GO [VAR=VALUE...]: the same for the module in SRC.
android_so_of() {
	local src="$1" d="$2" go="$3"
	shift 3
	if [ ! -e "$d/rc" ]; then
		mkdir -p "$d"
		(cd "$src" && env "$@" GOOS=android GOARCH=arm64 CGO_ENABLED=1 CC="$ANDROID_NDKCC" \
			"$go" build -buildmode=c-shared -o "$d/libgojni.so" . >"$d/out" 2>&1; echo $? >"$d/rc")
	fi
	echo "$d/libgojni.so"
}

# android_pack aar|apk SO OUT: gomobile's .aar layout (jni/<abi>/libgojni.so,
# classes.jar, AndroidManifest.xml, R.txt), or an .apk's (lib/<abi>/, the
# library stored uncompressed as Android wants it).
android_pack() {
	python3 - "$@" <<'PY'
import io, sys, zipfile
kind, so, out = sys.argv[1:]
with zipfile.ZipFile(out, "w") as z:
    z.writestr("AndroidManifest.xml", '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="go.probe"/>\n')
    if kind == "aar":
        jar = io.BytesIO()
        with zipfile.ZipFile(jar, "w") as j:
            j.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
        z.writestr("classes.jar", jar.getvalue())
        z.writestr("R.txt", "")
        z.write(so, "jni/arm64-v8a/libgojni.so", zipfile.ZIP_DEFLATED)
    else:
        z.writestr("classes.dex", b"dex\n035\0")
        z.write(so, "lib/arm64-v8a/libgojni.so", zipfile.ZIP_STORED)
PY
}
