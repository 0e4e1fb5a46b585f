/* doctor.h — `gowrap doctor`: is gowrap working here, and if not, why and
 * what to do. The only header of doctor/ that other folders include.
 *
 * Promise: dr_doctor only reads (the overlay generator runs with dry_run,
 * a GOWRAP_PATCHES set is applied in memory, the enable rows ask, never
 * write). It prints the chain a build here goes through — the shim on PATH
 * or enable's launcher, the real go and the toolchain that really compiles
 * after any GOTOOLCHAIN switch, whether overlays are allowed for its GOROOT,
 * the internal/cpu variant and feature set, the patches, the cache — as
 * text, or as one JSON object when json is set, and returns 0 when an iOS
 * build here would get a working overlay (or needs none), 1 with each
 * problem and its fix when one would be refused or not reach the shim. go,
 * when not NULL, is a go an IDE runs: whether it reaches gowrap, or why not. */
#ifndef GOWRAP_DOCTOR_H
#define GOWRAP_DOCTOR_H

int dr_doctor(int json, const char *go);

#endif
