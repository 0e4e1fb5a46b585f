/* runcmd.c — see runcmd.h. */
#include "compat.h"
#include "runcmd.h"
#include "exitcodes.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Set only around gw_run_wait's spawn: what the child must restore before
 * exec (the dispositions and signal mask this process inherited). */
struct child_signals {
	const int *sigs;
	const struct sigaction *act;
	int n;
	const sigset_t *mask;
};
static const struct child_signals *child_sig;
static const char *child_path; /* gw_run_wait_as: the file to execute */

static void child_exec(const struct gw_cmd *cmd, int errpipe)
{
	if (cmd->dir && chdir(cmd->dir) < 0)
		goto fail;
	if (cmd->null_stdin) {
		int fd = open("/dev/null", O_RDONLY);
		if (fd < 0 || dup2(fd, 0) < 0)
			goto fail;
		if (fd != 0)
			close(fd);
	}
	execve(child_path ? child_path : cmd->argv[0], cmd->argv, cmd->envp ? cmd->envp : environ);
fail:;
	int e = errno;
	ssize_t w = write(errpipe, &e, sizeof e);
	(void)w;
	_exit(127);
}

/* Spawn; returns pid or -1. out_fd/err_fd receive read ends when capturing. */
static pid_t spawn(const struct gw_cmd *cmd, int *out_fd, int *err_fd)
{
	int ep[2], op[2] = { -1, -1 }, rp[2] = { -1, -1 };
	if (gw_pipe_cloexec(ep) < 0)
		return -1;
	if ((cmd->out && gw_pipe_cloexec(op) < 0) || (cmd->err && gw_pipe_cloexec(rp) < 0)) {
		int e = errno;
		close(ep[0]); close(ep[1]);
		if (op[0] >= 0) { close(op[0]); close(op[1]); }
		errno = e;
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		int e = errno;
		close(ep[0]); close(ep[1]);
		if (op[0] >= 0) { close(op[0]); close(op[1]); }
		if (rp[0] >= 0) { close(rp[0]); close(rp[1]); }
		errno = e;
		return -1;
	}
	if (pid == 0) {
		/* The child gets the dispositions and mask we inherited, not our
		 * forwarding handlers: an inherited SIG_IGN (nohup, `cmd &`) reaches
		 * it unchanged, and a signal held while we were starting it is
		 * delivered now, with the disposition it would have had. */
		if (child_sig) {
			for (int i = 0; i < child_sig->n; i++)
				sigaction(child_sig->sigs[i], &child_sig->act[i], NULL);
			sigprocmask(SIG_SETMASK, child_sig->mask, NULL);
		}
		if (op[1] >= 0)
			dup2(op[1], 1);
		if (rp[1] >= 0)
			dup2(rp[1], 2);
		child_exec(cmd, ep[1]);
	}
	close(ep[1]);
	if (op[1] >= 0)
		close(op[1]);
	if (rp[1] >= 0)
		close(rp[1]);
	int e = 0;
	ssize_t r;
	do
		r = read(ep[0], &e, sizeof e);
	while (r < 0 && errno == EINTR);
	close(ep[0]);
	if (r == (ssize_t)sizeof e) {
		if (op[0] >= 0) close(op[0]);
		if (rp[0] >= 0) close(rp[0]);
		int st;
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		errno = e;
		return -1;
	}
	*out_fd = op[0];
	*err_fd = rp[0];
	return pid;
}

static void drain(int out_fd, struct sb *out, int err_fd, struct sb *err, size_t limit)
{
	struct pollfd p[2];
	size_t got[2] = { 0, 0 };
	struct sb *dst[2] = { out, err };
	int n;
	for (;;) {
		n = 0;
		int idx[2];
		if (out_fd >= 0) { p[n].fd = out_fd; p[n].events = POLLIN; idx[n++] = 0; }
		if (err_fd >= 0) { p[n].fd = err_fd; p[n].events = POLLIN; idx[n++] = 1; }
		if (!n)
			return;
		if (poll(p, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		for (int i = 0; i < n; i++) {
			if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char buf[8192];
			ssize_t r = read(p[i].fd, buf, sizeof buf);
			if (r < 0 && errno == EINTR)
				continue;
			int k = idx[i];
			if (r <= 0) {
				close(p[i].fd);
				if (k == 0) out_fd = -1; else err_fd = -1;
				continue;
			}
			/* Past the limit we keep reading (so the child never blocks) but drop bytes. */
			if (got[k] < limit) {
				size_t take = (size_t)r;
				if (take > limit - got[k])
					take = limit - got[k];
				sb_add(dst[k], buf, take);
			}
			got[k] += (size_t)r;
		}
	}
}

int gw_run(const struct gw_cmd *cmd)
{
	int out_fd = -1, err_fd = -1;
	pid_t pid = spawn(cmd, &out_fd, &err_fd);
	if (pid < 0)
		return -1;
	drain(out_fd, cmd->out, err_fd, cmd->err, cmd->limit ? cmd->limit : (64u << 20));
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

static volatile sig_atomic_t fwd_pid;

static void forward(int sig)
{
	int e = errno;
	if (fwd_pid > 0)
		kill((pid_t)fwd_pid, sig);
	errno = e;
}

/* Everything a user or a supervisor sends to end or poke a command. INT and
 * QUIT too: a terminal sends them to the whole group (go then gets them
 * twice, which cmd/go's handler absorbs), but exec.CommandContext, CI
 * runners and IDEs send them to our pid alone, and go must see them. */
static const int fwd_sigs[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2 };
#define NFWD ((int)(sizeof fwd_sigs / sizeof fwd_sigs[0]))

int gw_run_wait(const struct gw_cmd *cmd)
{
	return gw_run_wait_as(NULL, cmd);
}

int gw_run_wait_as(const char *path, const struct gw_cmd *cmd)
{
	struct sigaction fw = { 0 }, old[NFWD];
	sigset_t block, oldmask;
	fw.sa_handler = forward;
	sigemptyset(&fw.sa_mask);
	fw.sa_flags = SA_RESTART;
	sigemptyset(&block);
	for (int i = 0; i < NFWD; i++)
		sigaddset(&block, fwd_sigs[i]);

	/* Held from before the fork until the child's pid is known, so a signal
	 * in that gap is delivered (and forwarded) afterwards, never lost. */
	sigprocmask(SIG_BLOCK, &block, &oldmask);
	fwd_pid = 0;
	for (int i = 0; i < NFWD; i++)
		sigaction(fwd_sigs[i], &fw, &old[i]);
	struct child_signals cs = { fwd_sigs, old, NFWD, &oldmask };
	child_sig = &cs;
	child_path = path;

	int dummy1 = -1, dummy2 = -1;
	struct gw_cmd c = *cmd;
	c.out = NULL;
	c.err = NULL;
	pid_t pid = spawn(&c, &dummy1, &dummy2);
	child_sig = NULL;
	child_path = NULL;
	int st = -1, e = errno;
	if (pid > 0) {
		fwd_pid = pid;
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		while (waitpid(pid, &st, 0) < 0) {
			if (errno != EINTR) {
				e = errno;
				st = -1;
				break;
			}
		}
		sigprocmask(SIG_BLOCK, &block, NULL);
		fwd_pid = 0;
	}
	for (int i = 0; i < NFWD; i++)
		sigaction(fwd_sigs[i], &old[i], NULL);
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	errno = e;
	return st;
}

int gw_status_code(int wstatus)
{
	if (WIFEXITED(wstatus))
		return WEXITSTATUS(wstatus);
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return GW_EXIT_INTERNAL;
}

void gw_exit_like(int wstatus)
{
	if (WIFSIGNALED(wstatus)) {
		int sig = WTERMSIG(wstatus);
		/* Die of the same signal so our parent's wait status matches exactly. */
		signal(sig, SIG_DFL);
		sigset_t s;
		sigemptyset(&s);
		sigaddset(&s, sig);
		sigprocmask(SIG_UNBLOCK, &s, NULL);
		if (sig != SIGKILL && sig != SIGSTOP) {
			struct sigaction sa = { 0 };
			sa.sa_handler = SIG_DFL;
			sigaction(sig, &sa, NULL);
		}
		/* No core file from us over the child's (same name in the same
		 * directory with core_pattern "core"): the status still says which
		 * signal, and go already wrote its core if it was to. */
		struct rlimit no_core = { 0, 0 };
		setrlimit(RLIMIT_CORE, &no_core);
		kill(getpid(), sig);
		_exit(128 + sig);
	}
	exit(gw_status_code(wstatus));
}
