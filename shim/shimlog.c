/* shimlog.c — see shimlog.h. */
#include "compat.h"
#include "shimlog.h"
#include "report.h"
#include "strbuf.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void shim_log_init(struct shim_log *l)
{
	memset(l, 0, sizeof *l);
	l->verified = -1;
	l->memo = -1;
}

/* "patches": each GOWRAP_PATCHES file with its id and what it did. */
static void log_patches(struct jw *w, const struct shim_log *l)
{
	jw_arr(w, "patches");
	for (size_t i = 0; i < l->npatches; i++) {
		const char *p = l->patches[i], *t1 = strchr(p, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		struct sb st = SB_INIT, id = SB_INIT;
		sb_add(&st, p, (size_t)(t1 - p));
		sb_add(&id, t1 + 1, (size_t)(t2 - t1 - 1));
		jw_obj(w, NULL);
		jw_str(w, "file", t2 + 1);
		jw_str(w, "id", id.buf);
		jw_str(w, "state", st.buf);
		jw_end(w);
		sb_release(&st);
		sb_release(&id);
	}
	jw_end(w);
}

void shim_log_write(const struct shim_log *l)
{
	const char *path = getenv("GOWRAP_LOG");
	if (!path || !*path)
		return;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	struct tm tm;
	gmtime_r(&ts.tv_sec, &tm);
	char when[80];
	snprintf(when, sizeof when, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ", tm.tm_year + 1900,
		 tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (long)(ts.tv_nsec / 1000000) % 1000);
	struct sb s = SB_INIT, t = SB_INIT;
	struct jw w;
	jw_init(&w, &s, 0);
	jw_obj(&w, NULL);
	jw_str(&w, "time", when);
	jw_int(&w, "pid", (long long)getpid());
	jw_str(&w, "subcommand", l->subcommand);
	if (l->goos && l->goarch)
		sb_addf(&t, "%s/%s", l->goos, l->goarch);
	jw_str(&w, "target", t.len ? t.buf : NULL);
	sb_release(&t);
	jw_str(&w, "tags", l->tags);
	jw_bool(&w, "injected", l->injected);
	jw_str(&w, "overlay", l->overlay);
	jw_str(&w, "goroot", l->goroot);
	jw_str(&w, "goversion", l->goversion);
	if (l->reason)
		jw_str(&w, "reason", l->reason);
	if (l->dir)
		jw_str(&w, "dir", l->dir);
	if (l->output)
		jw_str(&w, "output", l->output);
	if (l->memo >= 0)
		jw_str(&w, "memo", l->memo ? "hit" : "miss");
	if (l->verified < 0)
		jw_str(&w, "verified", NULL);
	else
		jw_bool(&w, "verified", l->verified);
	if (l->exit_known)
		jw_int(&w, "exit", l->exit_code);
	if (l->patches)
		log_patches(&w, l);
	if (l->fields)
		l->fields(&w, l->fields_arg);
	jw_end(&w);
	sb_addc(&s, '\n');
	/* Never block, never stop the call: O_NONBLOCK makes a FIFO without a
	 * reader fail at once (ENXIO) and a full pipe refuse the write instead
	 * of waiting; a directory, a full disk or any other failure only costs
	 * the line. Only a regular file, FIFO or character device is written. */
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0644);
	struct stat st;
	if (fd >= 0 && (fstat(fd, &st) < 0 ||
			!(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))) {
		close(fd);
		fd = -1;
	}
	if (fd >= 0) {
		/* One write: O_APPEND makes it land whole at the end. */
		ssize_t w = write(fd, s.buf, s.len);
		(void)w;
		close(fd);
	}
	sb_release(&s);
}
