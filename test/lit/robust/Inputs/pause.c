/* pause.c - LD_PRELOAD'ed by kill.py: the process that is about to close a file named like
 * $PAUSE_GLOB (dagcc, its output's temporary written but not yet complete) or to run a command
 * with such a file among its arguments (dagcc-cc's child, the compiler writing its temporary
 * object) writes its pid to the descriptor $PAUSE_FD and waits until a signal ends it. So the
 * signal comes while the temporary exists and its maker is still at work, every time. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int matches(const char *path)
{
	const char *glob = getenv("PAUSE_GLOB"), *base = strrchr(path, '/');
	return glob && fnmatch(glob, base ? base + 1 : path, 0) == 0;
}

static void stop(void)
{
	const char *fd = getenv("PAUSE_FD");
	char line[32];
	int n = snprintf(line, sizeof line, "%d\n", (int)getpid());
	if (fd && write(atoi(fd), line, (size_t)n) != n)
		_exit(126);
	for (;;)
		pause();
}

int fclose(FILE *f)
{
	char link[64], path[4096];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fileno(f));
	ssize_t n = readlink(link, path, sizeof path - 1);
	if (n > 0) {
		path[n] = 0;
		if (matches(path))
			stop();
	}
	int (*real)(FILE *) = (int (*)(FILE *))dlsym(RTLD_NEXT, "fclose");
	return real(f);
}

int execvp(const char *file, char *const argv[])
{
	for (int i = 1; argv[i]; i++)
		if (matches(argv[i]))
			stop();
	int (*real)(const char *, char *const[]) =
		(int (*)(const char *, char *const[]))dlsym(RTLD_NEXT, "execvp");
	return real(file, argv);
}
