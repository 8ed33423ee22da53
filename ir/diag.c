/* diag.c - clang-style diagnostics: file:line:col: severity: message, the source line (text.c
 * keeps it) and a caret; and the clock that times passes. */
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "ir.h"

enum { SHOWLINE = 200 }; /* the most bytes of a source line a diagnostic shows */

int nerrors;
int nwarnings;

static void diag(const char *severity, Loc loc, const char *fmt, va_list ap)
{
	fflush(stdout);
	if (loc.file && loc.line > 0)
		fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col);
	else if (loc.file)
		fprintf(stderr, "%s: ", loc.file);
	else
		fprintf(stderr, "dagcc: ");
	fprintf(stderr, "%s: ", severity);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	size_t len;
	const char *line = srcline(loc.file, loc.line, &len);
	if (!line || loc.col < 1)
		return;
	if (len && line[len - 1] == '\r')
		len--;
	/* a long line is shown as a window of it around the caret, "..." where it is cut (not
	 * inside a UTF-8 character) */
	size_t at = (size_t)loc.col - 1 < len ? (size_t)loc.col - 1 : len, from = 0, to = len;
	if (len > SHOWLINE) {
		from = at > SHOWLINE / 2 ? at - SHOWLINE / 2 : 0;
		to = from + SHOWLINE < len ? from + SHOWLINE : len;
		from = to - SHOWLINE;
		while (from > 0 && (line[from] & 0xc0) == 0x80)
			from++;
		while (to < len && (line[to] & 0xc0) == 0x80)
			to--;
	}
	fprintf(stderr, "%s%.*s%s\n", from ? "..." : "", (int)(to - from), line + from,
		to < len ? "..." : "");
	if (from)
		fputs("   ", stderr);
	for (size_t i = from; i < at; i++)
		fputc(line[i] == '\t' ? '\t' : ' ', stderr);
	fputs("^\n", stderr);
}

/* A diagnostic of severity "error", "warning" or "note", counted in d and, the first error, kept
 * there; the user's (d NULL) printed and counted in nerrors or nwarnings. */
void report(Diags *d, const char *severity, Loc loc, const char *fmt, va_list ap)
{
	int err = !strcmp(severity, "error"), warn = !strcmp(severity, "warning");
	if (!d) {
		diag(severity, loc, fmt, ap);
		nerrors += err;
		nwarnings += warn;
		return;
	}
	if (err && !d->errors) {
		int n = vsnprintf(d->first, KEEPLEN, fmt, ap);
		if (n >= 0 && n < KEEPLEN && loc.file && loc.line > 0)
			snprintf(d->first + n, (size_t)(KEEPLEN - n), " (%s:%d:%d)", loc.file,
				 loc.line, loc.col);
	}
	d->errors += err;
	d->warnings += warn;
}

void derror(Diags *d, Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(d, "error", loc, fmt, ap);
	va_end(ap);
}

void dwarning(Diags *d, Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(d, "warning", loc, fmt, ap);
	va_end(ap);
}

void dnote(Diags *d, Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	report(d, "note", loc, fmt, ap);
	va_end(ap);
}

int errorsin(const Diags *d)
{
	return d ? d->errors : nerrors;
}

int warningsin(const Diags *d)
{
	return d ? d->warnings : nwarnings;
}

void error(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("error", loc, fmt, ap);
	va_end(ap);
	nerrors++;
}

void fatalerror(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("fatal error", loc, fmt, ap);
	va_end(ap);
	nerrors++;
}

void warning(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("warning", loc, fmt, ap);
	va_end(ap);
	nwarnings++;
}

void note(Loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag("note", loc, fmt, ap);
	va_end(ap);
}

/* An error at the first NUL byte of t, if it has one before its end. */
int nulbyte(const char *path, const Text *t)
{
	const char *nul = memchr(t->s, 0, t->len), *line = t->s;
	if (!nul)
		return 0;
	int n = 1;
	for (const char *p = t->s; (p = memchr(p, '\n', (size_t)(nul - p))); line = ++p)
		n++;
	error((Loc){path, n, (int)(nul - line) + 1}, "unexpected NUL byte");
	return 1;
}

double monotime(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
