/* darwin.h — the darwin-parity overlay's files: this GOROOT's own darwin
 * feature detection, retargeted to the iOS family.
 *
 * Promise: from the verified bytes of cpu_darwin.go and cpu_arm64_darwin.go
 * (a row of ov_darwin_rows) and the constraint C of cpu_arm64_other.go's row,
 * ov_darwin_render makes
 *   - cpu_darwin_ios_gowrap.go: cpu_darwin.go (the sysctl plumbing the runtime
 *     pushes into internal/cpu on darwin and ios alike, runtime/os_darwin.go)
 *     with its //go:build expression replaced by `C && darwin && ios`;
 *   - cpu_arm64_darwin_ios_gowrap.go: cpu_arm64_darwin.go with the same build
 *     line, a call to the marker as osInit's first statement, and the marker
 *     function appended (templates/cpu_arm64_darwin_marker.go.tmpl).
 * No other byte differs from the GOROOT's. With cpu_arm64_other.go narrowed
 * to `C && !(darwin && ios)` the three files split C's targets exactly, and
 * `darwin && ios` is the iOS family as Go sees it (GOOS=ios sets both tags;
 * Catalyst is darwin with the ios tag): netbsd or windows built with the ios
 * tag keep the empty osInit, since the runtime serves sysctl only on darwin
 * and ios. */
#ifndef GOWRAP_OV_DARWIN_H
#define GOWRAP_OV_DARWIN_H

#include "report.h"
#include "strbuf.h"
#include "variants.h"

/* The suffix cpu_arm64_other.go's build line gets under darwin parity. */
#define OV_DARWIN_OTHER_SUFFIX " && !(darwin && ios)"

/* darwin / a64: the GOROOT's files (darwin ignored when row->darwin_blob is
 * NULL). darwin_out stays empty when the release has no cpu_darwin.go. */
int ov_darwin_render(const struct ov_darwin_files *row, const char *other_constraint,
		     const struct sb *darwin, const struct sb *a64, struct sb *darwin_out,
		     struct sb *a64_out, struct gw_err *e);

#endif
