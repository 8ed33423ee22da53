/* text.c - growable text buffers, numbers as short text, reading whole files, and the source
 * files diagnostics quote, read once each. Uses arena.c. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ir.h"

void bput(Buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap)
		agrowz(NULL, &b->s, &b->cap, b->len + n + 1 < 256 ? 256 : b->len + n + 1, 1);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

void bputs(Buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

void bprintf(Buf *b, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if ((size_t)n < sizeof small) {
		bput(b, small, (size_t)n);
		return;
	}
	char *big = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	bput(b, big, (size_t)n);
	free(big);
}

/* The length of the well-formed UTF-8 sequence (RFC 3629) at s, or 0. */
static int utf8len(const unsigned char *s)
{
	unsigned char c = s[0];
	int n = c < 0x80	       ? 1 :
		c >= 0xc2 && c <= 0xdf ? 2 :
		c >= 0xe0 && c <= 0xef ? 3 :
		c >= 0xf0 && c <= 0xf4 ? 4 :
					 0;
	unsigned char lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
	unsigned char hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
	for (int k = 1; k < n; k++, lo = 0x80, hi = 0xbf)
		if (s[k] < lo || s[k] > hi)
			return 0;
	return n;
}

/* s quoted, with C's and JSON's escapes. For JSON and DOT the text is always valid UTF-8: a
 * byte that is not part of a well-formed UTF-8 sequence stands for the character of the same
 * number (the byte read as Latin-1), written \u0080 to \u00ff in JSON and as that character's
 * UTF-8 in DOT, which has no such escape. */
enum { QC, QJSON, QDOT };
static void quote(Buf *b, const char *s, int how)
{
	bput(b, "\"", 1);
	for (;;) {
		const char *run = s;
		while ((unsigned char)*s >= 32 && *s != 127 && *s != '"' && *s != '\\') {
			int n = how != QC ? utf8len((const unsigned char *)s) : 1;
			if (!n)
				break;
			s += n;
		}
		bput(b, run, (size_t)(s - run));
		unsigned char c = (unsigned char)*s;
		if (!c)
			break;
		if (c == '"' || c == '\\')
			bprintf(b, "\\%c", c);
		else if (c == '\n')
			bputs(b, "\\n");
		else if (c == '\t')
			bputs(b, "\\t");
		else if (c >= 0x80 && how == QDOT)
			bput(b, (char[]){(char)(0xc0 | c >> 6), (char)(0x80 | (c & 0x3f))}, 2);
		else
			bprintf(b, "\\u%04x", c);
		s++;
	}
	bput(b, "\"", 1);
}

void bputq(Buf *b, const char *s)
{
	quote(b, s, QC);
}

void bputjq(Buf *b, const char *s)
{
	quote(b, s, QJSON);
}

void bputdq(Buf *b, const char *s)
{
	quote(b, s, QDOT);
}

void bfree(Buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

/* The bytes of f, up to MAXFILE (else EFBIG), or with stopnul up to the first chunk holding a
 * NUL byte (a text ends there: what follows is never read). */
static char *readall(FILE *f, size_t *len, int stopnul)
{
	Buf b = {0};
	char tmp[65536];
	size_t n;
	int big = 0;
	while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) {
		if (b.len + n > MAXFILE) {
			big = 1;
			break;
		}
		bput(&b, tmp, n);
		if (stopnul && memchr(tmp, 0, n))
			break;
	}
	int bad = ferror(f) || big;
	fclose(f);
	if (bad) {
		bfree(&b);
		if (big)
			errno = EFBIG;
		return NULL;
	}
	if (!b.s)
		bput(&b, "", 0);
	if (len)
		*len = b.len;
	return b.s;
}

char *readfile(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	return f ? readall(f, len, 0) : NULL;
}

/* A file's bytes, NUL-terminated, to read only. A regular file whose length leaves room for the
 * NUL in its last page is mapped (the rest of that page reads as zeros): no copy, and no pages
 * of our own to fault in, which at 100 MB is a tenth of a second. Other files are read, up to
 * the first NUL byte (the text ends there). Over MAXFILE bytes: 0, errno EFBIG. */
int mapfile(const char *path, Text *t)
{
	*t = (Text){0};
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	struct stat st;
	long page = sysconf(_SC_PAGESIZE);
	int reg = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	if (reg && st.st_size > MAXFILE) {
		close(fd);
		errno = EFBIG;
		return 0;
	}
	if (reg && st.st_size > 0 && page > 0 && st.st_size % page != 0) {
		void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			close(fd);
			*t = (Text){p, (size_t)st.st_size, 1};
			return 1;
		}
	}
	FILE *f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return 0;
	}
	t->s = readall(f, &t->len, 1);
	return t->s != NULL;
}

void unmapfile(Text *t)
{
	if (t->mapped)
		munmap((void *)t->s, t->len);
	else
		free((void *)t->s);
	*t = (Text){0};
}

/* Source files for the caret lines and the input's text, read once each. */
static struct {
	char *name;
	Text text;
} srcs[16];
static int nsrc;

const char *srctext(const char *file, size_t *len)
{
	int i;
	for (i = 0; i < nsrc; i++)
		if (strcmp(srcs[i].name, file) == 0)
			break;
	if (i == nsrc) {
		if (nsrc == (int)(sizeof srcs / sizeof srcs[0]))
			return NULL;
		if (!mapfile(file, &srcs[i].text))
			return NULL;
		srcs[i].name = strdup(file);
		nsrc++;
	}
	*len = srcs[i].text.len;
	return srcs[i].text.s;
}

const char *srcline(const char *file, int line, size_t *len)
{
	if (!file || line < 1)
		return NULL;
	size_t n;
	const char *p = srctext(file, &n);
	if (!p)
		return NULL;
	const char *end = p + n;
	for (int l = 1; l < line; l++) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	const char *e = memchr(p, '\n', (size_t)(end - p));
	*len = (size_t)((e ? e : end) - p);
	return p;
}

/* The shortest text that reads back as v, into buf (64 bytes); its length. An integer below
 * 9e15 prints as %g does with exactly its significant digits (61440 is 6.144e+04), without
 * going through printf. */
static int numtext(char *buf, double v)
{
	if (fabs(v) < 9e15 && v == (double)(int64_t)v) {
		char d[24];
		int n = 0, len = 0;
		uint64_t x = (uint64_t)fabs(v);
		do
			d[n++] = (char)('0' + x % 10);
		while ((x /= 10));
		int sig = n; /* significant digits: no trailing zeros */
		while (sig > 1 && d[n - sig] == '0')
			sig--;
		if (v < 0)
			buf[len++] = '-';
		if (sig == n) {
			while (n)
				buf[len++] = d[--n];
		} else {
			buf[len++] = d[n - 1];
			if (sig > 1)
				buf[len++] = '.';
			for (int k = 1; k < sig; k++)
				buf[len++] = d[n - 1 - k];
			len += snprintf(buf + len, 16, "e+%02d", n - 1);
		}
		buf[len] = 0;
		return len;
	}
	int len = 0;
	for (int prec = 1; prec <= 17; prec++) {
		len = snprintf(buf, 64, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return len;
}

void bputnum(Buf *b, double v)
{
	char tmp[64];
	bput(b, tmp, (size_t)numtext(tmp, v));
}

void bputi(Buf *b, int64_t v)
{
	char d[INTTEXT];
	int n = inttext(d, v);
	bput(b, d + INTTEXT - n, (size_t)n);
}

const char *closeparen(const char *p, int nocomment)
{
	for (int depth = 0; *p; p++) {
		if (*p == '"' || *p == '\'') {
			char q = *p;
			while (*++p && *p != q)
				p += p[0] == '\\' && p[1];
			if (!*p)
				return NULL;
		} else if (nocomment && *p == '/' && (p[1] == '/' || p[1] == '*')) {
			return NULL;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')' && --depth == 0) {
			return p + 1;
		}
	}
	return NULL;
}
