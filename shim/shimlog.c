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

static void kv(struct sb *s, const char *k, const char *v)
{
	sb_addc(s, ',');
	sb_add_json_str(s, k);
	sb_addc(s, ':');
	if (v)
		sb_add_json_str(s, v);
	else
		sb_adds(s, "null");
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
	struct sb s = SB_INIT;
	sb_adds(&s, "{\"time\":");
	sb_add_json_str(&s, when);
	sb_addf(&s, ",\"pid\":%ld", (long)getpid());
	kv(&s, "subcommand", l->subcommand);
	struct sb t = SB_INIT;
	if (l->goos && l->goarch)
		sb_addf(&t, "%s/%s", l->goos, l->goarch);
	kv(&s, "target", t.len ? t.buf : NULL);
	sb_release(&t);
	kv(&s, "tags", l->tags);
	sb_addf(&s, ",\"injected\":%s", l->injected ? "true" : "false");
	kv(&s, "overlay", l->overlay);
	kv(&s, "goroot", l->goroot);
	kv(&s, "goversion", l->goversion);
	if (l->reason)
		kv(&s, "reason", l->reason);
	if (l->dir)
		kv(&s, "dir", l->dir);
	if (l->output)
		kv(&s, "output", l->output);
	if (l->memo >= 0)
		sb_addf(&s, ",\"memo\":%s", l->memo ? "\"hit\"" : "\"miss\"");
	sb_adds(&s, ",\"verified\":");
	sb_adds(&s, l->verified < 0 ? "null" : l->verified ? "true" : "false");
	if (l->exit_known)
		sb_addf(&s, ",\"exit\":%d", l->exit_code);
	if (l->extra)
		sb_adds(&s, l->extra);
	sb_adds(&s, "}\n");
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
