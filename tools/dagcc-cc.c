/* dagcc-cc - a C compiler wrapper: CC="dagcc-cc gcc" (or CC=dagcc-cc, the compiler from $DAGCC_CC,
 * else cc) builds each source that holds DAGCC_GRAPH functions from its overlapped form.
 *
 * For such a source, dagcc runs with the command's preprocessor flags (-I -D -U -std= and the
 * like, plus $DAGCC_FLAGS and each -Xdagcc ARG) and writes the overlapped program to a pipe; the
 * compiler reads it from standard input ("-x c -") with the same flags and the same object
 * name, and "-iquote DIR" so that #include "..." still finds the source's neighbours. No file
 * is written beside the source, every command line names the user's source, and a depfile
 * (-MD, -MMD) is given the source back in front of the headers the compiler listed. dagcc's
 * diagnostics point at the source (the overlapped file has #line directives); its exit status,
 * or the compiler's, is the wrapper's. -E of a graph source preprocesses its overlapped form,
 * followed by a comment naming what made it (dagcc's version and binary, its options, a hash of
 * the files dagcc read: the target and profiles too), so that a cache keyed on the preprocessor's
 * output (ccache) misses when any of them changes, and fails when dagcc does. Every other
 * command (linking objects, -M, sources without DAGCC_GRAPH) runs unchanged. Compiling and
 * linking in one command compiles each graph source to a temporary object in $TMPDIR first. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tmpfiles.h"

typedef struct {
	char **v;
	int n, cap;
} Args;

static _Noreturn void die(const char *fmt, const char *s)
{
	fprintf(stderr, "dagcc-cc: error: ");
	fprintf(stderr, fmt, s);
	fprintf(stderr, "\n");
	exit(1);
}

static void push(Args *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? 2 * a->cap : 32;
		a->v = realloc(a->v, (size_t)a->cap * sizeof *a->v);
		if (!a->v)
			die("%s", "out of memory");
	}
	a->v[a->n++] = (char *)s;
	a->v[a->n] = NULL;
}

static void pushall(Args *a, const Args *b)
{
	for (int i = 0; i < b->n; i++)
		push(a, b->v[i]);
}

static int has(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(s, *list))
			return 1;
	return 0;
}

/* gcc's options whose value is the next argument (so it is no input file) */
static const char *const separate[] = {"-o",
				       "-x",
				       "-I",
				       "-D",
				       "-U",
				       "-include",
				       "-imacros",
				       "-isystem",
				       "-iquote",
				       "-idirafter",
				       "-iprefix",
				       "-iwithprefix",
				       "-isysroot",
				       "-MF",
				       "-MT",
				       "-MQ",
				       "-L",
				       "-l",
				       "-u",
				       "-T",
				       "-Xlinker",
				       "-Xassembler",
				       "-Xpreprocessor",
				       "-Xclang",
				       "-Xdagcc",
				       "-aux-info",
				       "--param",
				       "-e",
				       "-z",
				       "-target",
				       "-arch",
				       "-MJ",
				       "--sysroot",
				       NULL};
/* those of them, and the flags, that shape what the preprocessor sees: dagcc parses with them */
static const char *const ppvalue[] = {
	"-I",	      "-D",	  "-U",		  "-include",  "-imacros",  "-isystem", "-iquote",
	"-idirafter", "-iprefix", "-iwithprefix", "-isysroot", "--sysroot", "-target",	NULL};
static const char *const ppflag[] = {"-nostdinc", "-ansi", "-undef", "-pthread", NULL};

static int ppjoined(const char *a)
{
	return (a[1] == 'I' || a[1] == 'D' || a[1] == 'U') || !strncmp(a, "-std=", 5) ||
	       !strncmp(a, "--sysroot=", 10) || !strncmp(a, "--target=", 9);
}

/* Runs argv; with out, its standard output is read into *out (*outlen bytes); with in, inlen
 * bytes of in are its standard input. Returns its exit status (128 + a signal's number). */
static int run(char **argv, char **out, size_t *outlen, const char *in, size_t inlen)
{
	int po[2] = {-1, -1}, pi[2] = {-1, -1};
	if ((out && pipe(po) != 0) || (in && pipe(pi) != 0))
		die("%s", "cannot make a pipe");
	fflush(stdout);
	pid_t pid = tmpfork(); /* a signal that kills us stops it too */
	if (pid < 0)
		die("%s", "cannot fork");
	if (pid == 0) {
		if (out)
			dup2(po[1], 1), close(po[0]), close(po[1]);
		if (in)
			dup2(pi[0], 0), close(pi[0]), close(pi[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "dagcc-cc: error: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (in) {
		close(pi[0]);
		/* the compiler reads all of it (a pipe's buffer is smaller than a source); one that
		 * exits first (false, a bad flag) makes write fail with EPIPE rather than kill us
		 * with SIGPIPE, so its status is the build's */
		void (*old)(int) = signal(SIGPIPE, SIG_IGN);
		for (size_t off = 0; off < inlen;) {
			ssize_t w = write(pi[1], in + off, inlen - off);
			if (w <= 0)
				break; /* it stopped reading: its status says why */
			off += (size_t)w;
		}
		close(pi[1]);
		signal(SIGPIPE, old);
	}
	if (out) {
		close(po[1]);
		size_t cap = 1 << 16;
		*out = malloc(cap);
		*outlen = 0;
		for (ssize_t r; *out;) {
			if (*outlen == cap)
				*out = realloc(*out, cap *= 2);
			if (!*out || (r = read(po[0], *out + *outlen, cap - *outlen)) <= 0)
				break;
			*outlen += (size_t)r;
		}
		close(po[0]);
		if (!*out)
			die("%s", "out of memory");
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die("%s", "cannot wait for a child");
	tmpwait();
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Does the file at path name DAGCC_GRAPH? (dagcc then reads it; one that only mentions it in
 * a comment comes out as it went in.) */
static int hasgraph(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0; /* the compiler says why */
	static char buf[1 << 16];
	const char *key = "DAGCC_GRAPH";
	size_t keep = 0, n, k = strlen(key) - 1;
	int found = 0;
	while (!found && (n = fread(buf + keep, 1, sizeof buf - keep - 1, f)) > 0) {
		size_t len = keep + n;
		buf[len] = 0;
		found = strstr(buf, key) != NULL;
		keep = len < k ? len : k; /* the key may lie across two reads */
		memmove(buf, buf + len - keep, keep);
	}
	fclose(f);
	return found;
}

/* s with its suffix (after the basename's last '.') replaced by suf */
static char *resuffix(const char *s, const char *suf)
{
	const char *base = strrchr(s, '/') ? strrchr(s, '/') + 1 : s;
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot > base ? (size_t)(dot - s) : strlen(s);
	char *r = malloc(stem + strlen(suf) + 1);
	if (!r)
		die("%s", "out of memory");
	memcpy(r, s, stem);
	strcpy(r + stem, suf);
	return r;
}

static char *dirof(const char *s)
{
	const char *slash = strrchr(s, '/');
	char *d = !slash ? strdup(".") : slash == s ? strdup("/") : strndup(s, (size_t)(slash - s));
	if (!d)
		die("%s", "out of memory");
	return d;
}

/* s as make reads a file name (dagcc -MD's rules, which are gcc's) */
static void mkquote(FILE *f, const char *s)
{
	for (const char *c = s; *c; c++) {
		if (*c == ' ' || *c == '\t') {
			for (const char *b = c; b > s && b[-1] == '\\'; b--)
				fputc('\\', f);
			fputc('\\', f);
		} else if (*c == '$')
			fputc('$', f);
		else if (*c == '#')
			fputc('\\', f);
		fputc(*c, f);
	}
}

/* The compiler's depfile for a source read from standard input lists its headers only: the
 * source goes in first, after the targets, and the file is replaced whole. */
static void fixdeps(const char *path, const char *src)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return;
	char *text = NULL;
	size_t len = 0, cap = 0, n;
	do {
		if (len == cap && !(text = realloc(text, cap = cap ? 2 * cap : 4096)))
			die("%s", "out of memory");
	} while ((n = fread(text + len, 1, cap - len, f)) > 0 && (len += n));
	fclose(f);
	/* the first ':' that ends the targets (one followed by a blank, a newline or the end) */
	size_t colon = 0;
	while (colon < len &&
	       !(text[colon] == ':' && (colon + 1 == len || text[colon + 1] == ' ' ||
					text[colon + 1] == '\n' || text[colon + 1] == '\\')))
		colon++;
	if (colon == len) {
		free(text);
		return;
	}
	char *tmp = malloc(strlen(path) + 16);
	if (!tmp)
		die("%s", "out of memory");
	sprintf(tmp, "%s.tmpXXXXXX", path);
	int slot, fd = tmpopen(tmp, 0, &slot);
	FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!out)
		die("cannot rewrite the depfile %s", path);
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	fwrite(text, 1, colon + 1, out);
	fputc(' ', out);
	mkquote(out, src);
	fwrite(text + colon + 1, 1, len - colon - 1, out);
	if (ferror(out) | (fclose(out) != 0) || rename(tmp, path) != 0) {
		unlink(tmp);
		die("cannot rewrite the depfile %s", path);
	}
	tmpdone(slot);
	free(tmp);
	free(text);
}

/* FNV-1a, 64 bits, of n bytes of s onto h */
static unsigned long long fnv(unsigned long long h, const void *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ ((const unsigned char *)s)[i]) * 1099511628211ull;
	return h;
}

static unsigned long long fnvfile(unsigned long long h, const char *path)
{
	FILE *f = fopen(path, "rb");
	h = fnv(h, path, strlen(path) + 1);
	if (!f)
		return fnv(h, "-", 1);
	static char buf[1 << 16];
	for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;)
		h = fnv(h, buf, n);
	fclose(f);
	return h;
}

/* The hash of the files a depfile (dagcc's -MD rule) names after the source, and how many. */
static unsigned long long fnvdeps(const char *depfile, int *nfile)
{
	unsigned long long h = 14695981039346656037ull;
	FILE *f = fopen(depfile, "rb");
	*nfile = 0;
	if (!f)
		return h;
	char name[4096];
	size_t n = 0;
	int c, colon = 0, nsrc = 0; /* the first name after the colon is the source */
	while ((c = fgetc(f)) != EOF) {
		if (c == '\\') { /* an escaped blank, or a line continued */
			int next = fgetc(f);
			if (next == '\n')
				c = ' ';
			else if (next == ' ' || next == '#' || next == '\\')
				c = next == '\\' ? '\\' : next | 0x100;
			else
				ungetc(next, f);
		} else if (c == '$') {
			int next = fgetc(f);
			if (next != '$')
				ungetc(next, f);
		}
		int blank = c == ' ' || c == '\t' || c == '\n';
		if (!blank && !(c == ':' && !colon) && n + 1 < sizeof name) {
			name[n++] = (char)(c & 0xff);
			continue;
		}
		name[n] = 0;
		if (n && colon && nsrc++)
			h = fnvfile(h, name), ++*nfile;
		colon |= c == ':';
		n = 0;
	}
	name[n] = 0;
	if (n && colon && nsrc++)
		h = fnvfile(h, name), ++*nfile;
	fclose(f);
	return h;
}

/* prog as found in $PATH (itself when it names a directory), or NULL */
static char *which(const char *prog)
{
	if (strchr(prog, '/'))
		return strdup(prog);
	const char *path = getenv("PATH");
	for (const char *d = path ? path : ""; *d;) {
		size_t n = strcspn(d, ":");
		char *full = malloc(n + strlen(prog) + 2);
		if (!full)
			die("%s", "out of memory");
		sprintf(full, "%.*s/%s", (int)n, n ? d : ".", prog);
		if (access(full, X_OK) == 0)
			return full;
		free(full);
		d += n + (d[n] == ':');
	}
	return NULL;
}

static const char *dagccpath(const char *self)
{
	const char *env = getenv("DAGCC");
	if (env && *env)
		return env;
	static char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 8);
	if (n <= 0 && strchr(self, '/'))
		n = (ssize_t)snprintf(path, sizeof path - 8, "%s", self);
	if (n > 0) {
		path[n] = 0;
		char *slash = strrchr(path, '/');
		if (slash) {
			strcpy(slash + 1, "dagcc");
			if (access(path, X_OK) == 0)
				return path;
		}
	}
	return "dagcc";
}

/* A compiler named before the command ("dagcc-cc gcc -c a.c"): no option, and no input file
 * (a name without a '.', or a program) */
static int iscompiler(const char *a)
{
	if (a[0] == '-' || a[0] == '@')
		return 0;
	const char *base = strrchr(a, '/') ? strrchr(a, '/') + 1 : a;
	struct stat st;
	size_t n = strlen(a);
	return !strchr(base, '.') || (n > 2 && strcmp(a + n - 2, ".c") && stat(a, &st) == 0 &&
				      S_ISREG(st.st_mode) && access(a, X_OK) == 0);
}

/* One argument of the command: an option with its value (val, when separate), or an input. */
typedef struct {
	char *a, *val;
	const char *x; /* inputs: the -x in force ("" none) */
	int input, graph;
} Arg;

/* Is the option a (with its value) for the linker only? (left out when compiling alone) */
static int linkonly(const Arg *o)
{
	const char *a = o->a;
	return !strncmp(a, "-l", 2) || !strncmp(a, "-L", 2) || !strncmp(a, "-Wl,", 4) ||
	       !strcmp(a, "-Xlinker") || !strcmp(a, "-shared") || !strcmp(a, "-static") ||
	       !strcmp(a, "-pie") || !strcmp(a, "-rdynamic") || !strcmp(a, "-T") ||
	       !strcmp(a, "-u") || !strcmp(a, "-e") || !strcmp(a, "-z");
}

static void pusharg(Args *c, const Arg *o)
{
	push(c, o->a);
	if (o->val)
		push(c, o->val);
}

/* static: what main allocates stays reachable until exit (the leak checker's view) */
static Args cc; /* the compiler, as named */
static Arg *arg; /* the command, but -o and -Xdagcc */
static Args pp; /* the flags dagcc parses with */
static Args dflags; /* dagcc's own: $DAGCC_FLAGS, then each -Xdagcc */
static char *envflags;
static char **tmpobj; /* by argument: a graph source's temporary object, when linking */

static int narg;

/* s inside a C comment: an end of comment in it is broken by a space */
static void commented(FILE *f, const char *s)
{
	for (; *s; s++) {
		fputc(*s, f);
		if (s[0] == '*' && s[1] == '/')
			fputc(' ', f);
	}
}

/* prog as found in $PATH, its size and time, onto f (a comment) */
static void putbinary(FILE *f, const char *prog)
{
	struct stat st;
	char *bin = which(prog);
	if (!bin || stat(bin, &st) != 0)
		memset(&st, 0, sizeof st);
	commented(f, bin ? bin : prog);
	fprintf(f, ": %lld bytes, modified %lld.%09ld", (long long)st.st_size,
		(long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	free(bin);
}

/* What made an overlapped form, onto f: dagcc's version and binary, its options, a hash of the
 * files it read but the source (the target, profiles, headers: its -MD rule in depfile), and
 * the compiler's binary. */
static void putkey(FILE *f, const char *self, const char *depfile)
{
	char *version = NULL;
	size_t vlen = 0;
	char *v[] = {(char *)self, "--version", NULL};
	if (run(v, &version, &vlen, NULL, 0) != 0)
		vlen = 0;
	while (vlen && (version[vlen - 1] == '\n' || version[vlen - 1] == '\r'))
		vlen--;
	int nfile;
	unsigned long long h = fnvdeps(depfile, &nfile);
	fprintf(f, "%.*s (", (int)vlen, version ? version : "");
	putbinary(f, self);
	fputs("), options:", f);
	if (!dflags.n)
		fputs(" none", f);
	for (int k = 0; k < dflags.n; k++) {
		fputc(' ', f);
		commented(f, dflags.v[k]);
	}
	fprintf(f, "; the %d files dagcc read: FNV-1a %016llx; compiled by ", nfile, h);
	putbinary(f, cc.v[0]);
	free(version);
}

/* -E of a graph source: its overlapped form (text) preprocessed with the command's flags, to
 * output or standard output, then the key in a comment. */
static int preprocessed(const char *src, const char *self, const char *text, size_t len,
			const char *depfile, const char *output)
{
	Args c = {0};
	pushall(&c, &cc);
	char *dir = dirof(src);
	push(&c, "-iquote");
	push(&c, dir);
	for (int f = 0; f < narg; f++)
		if (!arg[f].input && !linkonly(&arg[f]))
			pusharg(&c, &arg[f]);
	if (output && !strcmp(output, "-"))
		output = NULL; /* standard output */
	if (output)
		push(&c, "-o"), push(&c, output);
	push(&c, "-x");
	push(&c, "c");
	push(&c, "-");
	char *out = NULL;
	size_t outlen = 0;
	int status = run(c.v, output ? NULL : &out, &outlen, text, len);
	free(c.v);
	free(dir);
	FILE *f = status ? NULL : output ? fopen(output, "ab") : stdout;
	if (!status && !f)
		die("cannot write %s", output);
	if (f) {
		if (out)
			fwrite(out, 1, outlen, f);
		fprintf(f, "/* dagcc-cc: the overlapped form of ");
		commented(f, src);
		fputs(", by ", f);
		putkey(f, self, depfile);
		fputs(" */\n", f);
		if ((f != stdout && fclose(f) != 0) || (f == stdout && fflush(f) != 0))
			status = 1;
	}
	free(out);
	return status;
}

/* A temporary file in $TMPDIR named dagcc-cc-XXXXXX and suffix */
static char *tmpname(const char *suffix)
{
	const char *env = getenv("TMPDIR");
	const char *tmp = env && *env ? env : "/tmp";
	char *name = malloc(strlen(tmp) + 32);
	if (!name)
		die("%s", "out of memory");
	sprintf(name, "%s/dagcc-cc-XXXXXX%s", tmp, suffix);
	int slot, fd = tmpopen(name, (int)strlen(suffix), &slot); /* removed at the end */
	if (fd < 0)
		die("cannot make a temporary file in %s", tmp);
	close(fd);
	return name;
}

/* --dagcc-key: the key of what dagcc would make with these options (for ccache's
 * compiler_check, which runs it without the source): dagcc reads an empty one; fails as it does
 * (a target it rejects). */
static int printkey(const char *self)
{
	char *src = tmpname(".c"), *depfile = tmpname(".d");
	Args d = {0};
	push(&d, self);
	push(&d, src);
	push(&d, "-o");
	push(&d, "/dev/null");
	pushall(&d, &dflags);
	push(&d, "-MMD");
	push(&d, "-MF");
	push(&d, depfile);
	push(&d, "-MT");
	push(&d, "key");
	int status = run(d.v, NULL, NULL, NULL, 0);
	free(d.v);
	if (!status) {
		fputs("dagcc-cc key: ", stdout);
		putkey(stdout, self, depfile);
		fputs("\n", stdout);
	}
	unlink(src);
	unlink(depfile);
	free(src);
	free(depfile);
	return status;
}

int main(int argc, char **argv)
{
	int i = 1;
	if (i < argc && iscompiler(argv[i]))
		push(&cc, argv[i++]);
	else {
		const char *env = getenv("DAGCC_CC");
		push(&cc, env && *env ? env : "cc");
	}
	arg = calloc((size_t)argc + 1, sizeof *arg);
	const char *output = NULL, *mf = NULL, *x = "";
	int compileonly = 0, passthrough = 0, md = 0, asm_ = 0, ninput = 0, preprocess = 0;
	envflags = getenv("DAGCC_FLAGS") ? strdup(getenv("DAGCC_FLAGS")) : NULL;
	for (char *t = envflags ? strtok(envflags, " \t\n") : NULL; t; t = strtok(NULL, " \t\n"))
		push(&dflags, t);
	if (i + 1 == argc && !strcmp(argv[i], "--dagcc-key"))
		return printkey(dagccpath(argv[0]));
	for (; i < argc; i++) {
		char *a = argv[i];
		char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "-Xdagcc")) {
			if (!val)
				die("%s", "-Xdagcc needs a value");
			push(&dflags, val);
			i++;
			continue;
		}
		if (a[0] != '-' || !a[1]) {
			if (a[0] == '@')
				passthrough = 1; /* a response file: not read */
			arg[narg++] = (Arg){a, NULL, x, 1, 0};
			ninput++;
			continue;
		}
		if (!strcmp(a, "-o") && val) {
			output = val, i++;
			continue;
		}
		if (!strncmp(a, "-o", 2) && a[2] && strncmp(a, "-obj", 4)) {
			output = a + 2;
			continue;
		}
		if (!strcmp(a, "-c") || !strcmp(a, "-S"))
			compileonly = 1, asm_ |= a[1] == 'S';
		else if (!strcmp(a, "-E"))
			preprocess = 1;
		else if (!strcmp(a, "-M") || !strcmp(a, "-MM") || !strcmp(a, "-fsyntax-only") ||
			 !strcmp(a, "-v") || !strncmp(a, "-print", 6) || !strncmp(a, "-dump", 5) ||
			 !strncmp(a, "--print", 7) || !strcmp(a, "--version") ||
			 !strcmp(a, "--help"))
			passthrough = 1;
		else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD"))
			md = 1;
		else if (!strncmp(a, "-MF", 3))
			mf = a[3] ? a + 3 : val;
		else if (!strncmp(a, "-x", 2)) {
			x = a[2] ? a + 2 : val ? val : "";
			if (!strcmp(x, "none"))
				x = "";
		}
		int sep = has(a, separate) && val;
		arg[narg++] = (Arg){a, sep ? val : NULL, NULL, 0, 0};
		if (has(a, ppvalue) && val)
			push(&pp, a), push(&pp, val);
		else if (ppjoined(a) || has(a, ppflag) ||
			 (!sep && strncmp(a, "-MF", 3) && strncmp(a, "-MT", 3) &&
			  strncmp(a, "-MQ", 3) && !strncmp(a, "-i", 2) && a[2]))
			push(&pp, a);
		i += sep;
	}
	/* the graph sources: C (by -x c, or a .c name), holding DAGCC_GRAPH */
	int ngraph = 0;
	for (int k = 0; !passthrough && k < narg; k++) {
		const char *in = arg[k].a;
		size_t n = strlen(in);
		int c = arg[k].input && (!strcmp(arg[k].x, "c") ||
					 (!arg[k].x[0] && n > 2 && !strcmp(in + n - 2, ".c")));
		if (c && hasgraph(in))
			arg[k].graph = 1, ngraph++;
	}
	passthrough |= preprocess && (ngraph != 1 || ninput != 1); /* -E: of one graph source */
	/* several sources and one -o with -c: the compiler's error, as it would say it */
	if (!ngraph || passthrough || (compileonly && output && ninput > 1)) {
		Args all = {0};
		pushall(&all, &cc);
		for (int k = 1; k < argc; k++)
			if (!strcmp(argv[k], "-Xdagcc") && k + 1 < argc)
				k++;
			else if (!(k == 1 && cc.v[0] == argv[1]))
				push(&all, argv[k]);
		execvp(all.v[0], all.v);
		die("cannot run %s", all.v[0]);
	}
	const char *self = dagccpath(argv[0]);
	tmpobj = calloc((size_t)narg + 1, sizeof *tmpobj);
	int status = 0;
	for (int k = 0; k < narg && !status; k++) {
		if (!arg[k].graph)
			continue;
		const char *src = arg[k].a;
		Args d = {0};
		push(&d, self);
		push(&d, src);
		push(&d, "-o");
		push(&d, "-");
		pushall(&d, &dflags);
		char *depfile = NULL;
		if (preprocess) { /* the files dagcc reads, for the key */
			depfile = tmpname(".d");
			push(&d, "-MMD");
			push(&d, "-MF");
			push(&d, depfile);
			push(&d, "-MT");
			push(&d, "key");
		}
		push(&d, "--");
		pushall(&d, &pp);
		char *text;
		size_t len;
		status = run(d.v, &text, &len, NULL, 0);
		free(d.v);
		if (status || preprocess) {
			if (!status)
				status = preprocessed(src, self, text, len, depfile, output);
			if (depfile)
				unlink(depfile);
			free(depfile);
			free(text);
			break;
		}
		/* the overlapped program, compiled as the source would have been: to its object,
		 * with the command's flags; when linking, to a temporary object, without the
		 * linker's flags and without a depfile */
		Args c = {0};
		pushall(&c, &cc);
		char *dir = dirof(src), *named = NULL;
		push(&c, "-iquote");
		push(&c, dir);
		for (int f = 0; f < narg; f++)
			if (!arg[f].input &&
			    (compileonly || (!linkonly(&arg[f]) && strncmp(arg[f].a, "-M", 2))))
				pusharg(&c, &arg[f]);
		const char *obj = output;
		if (compileonly && !obj) {
			const char *base = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
			obj = named = resuffix(base, asm_ ? ".s" : ".o");
		} else if (!compileonly) {
			push(&c, "-c");
			obj = tmpobj[k] = tmpname(".o");
		}
		push(&c, "-o");
		push(&c, obj);
		push(&c, "-x");
		push(&c, "c");
		push(&c, "-");
		status = run(c.v, NULL, NULL, text, len);
		free(text);
		free(c.v);
		if (!status && compileonly && md) {
			char *d = mf ? NULL : resuffix(obj, ".d");
			fixdeps(mf ? mf : d, src);
			free(d);
		}
		free(dir);
		free(named);
	}
	/* the rest: with -c, the other sources as they are; linking, the command with the
	 * temporary objects in the graph sources' places */
	int rest = !compileonly && !preprocess && !status;
	for (int k = 0; k < narg && !status; k++)
		rest |= arg[k].input && !arg[k].graph;
	if (rest) {
		Args c = {0};
		pushall(&c, &cc);
		for (int k = 0; k < narg; k++) {
			if (!tmpobj[k] && !(compileonly && arg[k].graph)) {
				pusharg(&c, &arg[k]);
				continue;
			}
			if (!tmpobj[k])
				continue;
			push(&c, "-x");
			push(&c, "none");
			push(&c, tmpobj[k]);
			if (arg[k].x[0])
				push(&c, "-x"), push(&c, arg[k].x);
		}
		if (output)
			push(&c, "-o"), push(&c, output);
		status = run(c.v, NULL, NULL, NULL, 0);
		free(c.v);
	}
	for (int k = 0; k < narg; k++)
		if (tmpobj[k])
			unlink(tmpobj[k]);
	return status;
}
