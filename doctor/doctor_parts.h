/* doctor_parts.h — what doctor.c asks of patches.c, for this folder only. */
#ifndef GOWRAP_DOCTOR_PARTS_H
#define GOWRAP_DOCTOR_PARTS_H

struct jw;
struct sb;

/* gowrap doctor's GOWRAP_PATCHES rows: JSON into w, text lines into text,
 * refusals into problems. 0 none set, 1 all usable, -1 one is refused or
 * unreadable. */
int doctor_patches(struct jw *w, struct sb *text, struct sb *problems, const char *goroot,
		   const char *goversion);

#endif
