/* asmfix.c — see asmfix.h. */
#include "compat.h"
#include "asmfix.h"
#include "classify.h"
#include "fsutil.h"
#include "render.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define PENDING "gowrap_sysctl_trampoline.s"
#define CLAIMED "gowrap_sysctl_trampoline.s.claimed"

static void dir_of(struct sb *dir, const char *file)
{
	const char *slash = strrchr(file, '/');
	if (slash)
		sb_add(dir, file, (size_t)(slash - file));
	else
		sb_adds(dir, ".");
}

int dp_asm_pending(const char *ofile, struct sb *err)
{
	struct sb dir = SB_INIT, path = SB_INIT, body = SB_INIT;
	struct gw_err e;
	dir_of(&dir, ofile);
	gw_path_join(&path, dir.buf, PENDING);
	dp_render_trampoline(&body);
	int rc = gw_write_atomic(path.buf, body.buf, body.len, 0644, &e);
	if (rc < 0)
		sb_addf(err, "cannot write %s: %s", path.buf, e.why);
	sb_release(&dir);
	sb_release(&path);
	sb_release(&body);
	return rc < 0 ? -1 : 0;
}

int dp_asm_apply(char **argv, int argc, struct sb *path, struct sb *err)
{
	const char *ofile = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-gensymabis") == 0)
			return 0; /* the symbols' ABIs: the trampoline's are local */
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			ofile = argv[++i];
	}
	const char *src = argc > 1 ? argv[argc - 1] : "";
	size_t sl = strlen(src);
	if (!ofile || sl < 3 || strcmp(src + sl - 2, ".s") != 0)
		return 0;
	struct sb dir = SB_INIT, pending = SB_INIT, claimed = SB_INIT, body = SB_INIT, tramp = SB_INIT;
	int rc = 0;
	dir_of(&dir, ofile);
	gw_path_join(&pending, dir.buf, PENDING);
	gw_path_join(&claimed, dir.buf, CLAIMED);
	if (rename(pending.buf, claimed.buf) != 0) {
		if (errno != ENOENT)
			sb_addf(err, "cannot claim %s: %s", pending.buf, strerror(errno));
		rc = errno == ENOENT ? 0 : -1;
		goto out;
	}
	if (sb_read_file(&body, src, 8u << 20) < 0 || sb_read_file(&tramp, claimed.buf, 1u << 16) < 0) {
		sb_addf(err, "cannot read %s or %s", src, claimed.buf);
		rc = -1;
		goto out;
	}
	/* a last line without its newline would join the trampoline's first */
	if (body.len && body.buf[body.len - 1] != '\n')
		sb_adds(&body, "\n");
	sb_add(&body, tramp.buf, tramp.len);
	sb_reset(path);
	gw_path_join(path, dir.buf, "gowrap_");
	sb_adds(path, dp_base(src));
	struct gw_err e;
	if (gw_write_atomic(path->buf, body.buf, body.len, 0644, &e) < 0) {
		sb_addf(err, "cannot write %s: %s", path->buf, e.why);
		rc = -1;
		goto out;
	}
	argv[argc - 1] = path->buf;
	rc = 1;
out:
	sb_release(&dir);
	sb_release(&pending);
	sb_release(&claimed);
	sb_release(&body);
	sb_release(&tramp);
	return rc;
}
