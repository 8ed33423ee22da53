/* json.c - the one JSON reader: the profiles the runtime writes (passes/profile.c reads them
 * with it) and compile_commands.json, checked whole before libclang reads it (frontend/flags.c).
 *
 * A reader for the JSON the runtime writes: objects, arrays, strings, numbers, true, false,
 * null; errors name the file and byte offset. Lax (compile_commands.json), it takes what
 * libclang's reader of that file takes as well: a comma before the closing bracket, bare words
 * ([A-Za-z0-9+-.]) for values and any value for a key, any escape and any byte in a string,
 * and up to 256 levels of values inside the outermost. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

enum { MAXDEPTH = 256 }; /* of the values skipped (the runtime's nest 3 deep) */

/* where j stands, as a clang-style error with the line and a caret under the byte (quiet: j
 * fails, and reads as at its end from then on) */
void jsonbad(Json *j, const char *what)
{
	if (!j->what) {
		j->failed = 1;
		j->p = j->e;
		return;
	}
	int line = 1, col = 1;
	for (const char *q = j->s; q < j->p && *q; q++)
		if (*q == '\n')
			line++, col = 1;
		else
			col++;
	error((Loc){j->path, line, col}, "%s: %s", j->what, what);
	exit(1);
}

/* the byte j stands at; 0 at the end (lax: NUL is a byte like any other) */
static int at(const Json *j)
{
	return j->lax && j->p >= j->e ? 0 : *j->p;
}

void jsonws(Json *j)
{
	while (at(j) == ' ' || at(j) == '\n' || at(j) == '\t' || at(j) == '\r' ||
	       (j->lax && j->p < j->e && isspace((unsigned char)*j->p)))
		j->p++;
}

int jsoneat(Json *j, char c)
{
	jsonws(j);
	if (at(j) != c || (j->lax && j->p >= j->e))
		return 0;
	j->p++;
	return 1;
}

/* the four hex digits at p, read one at a time (the text may end inside them); -1 if they
 * are not four hex digits */
static long hex4(const char *p)
{
	long v = 0;
	for (int k = 0; k < 4; k++) {
		int c = (unsigned char)p[k];
		if (!isxdigit(c))
			return -1;
		v = v * 16 + (isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
	}
	return v;
}

/* the \uXXXX escape j stands on (at its 'u'; a UTF-16 surrogate pair is two), into b as
 * UTF-8; j stays on its last digit. 0 when it is bad (quiet: j has failed) */
static int uescape(Json *j, Buf *b)
{
	long u = hex4(j->p + 1);
	if (u < 0 || u == 0) {
		jsonbad(j, u ? "bad escape: \\u needs four hex digits" :
			       "bad escape: \\u0000 (a string cannot hold NUL)");
		return 0;
	}
	if (u >= 0xdc00 && u <= 0xdfff) {
		jsonbad(j, "bad escape: a low surrogate without a high one before it");
		return 0;
	}
	if (u >= 0xd800 && u <= 0xdbff) {
		long lo = j->p[5] == '\\' && j->p[6] == 'u' ? hex4(j->p + 7) : -1;
		if (lo < 0xdc00 || lo > 0xdfff) {
			jsonbad(j, "bad escape: a high surrogate without a low one after it");
			return 0;
		}
		u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
		j->p += 6;
	}
	j->p += 4;
	char d[4];
	int n = 0;
	if (u < 0x80) {
		d[n++] = (char)u;
	} else if (u < 0x800) {
		d[n++] = (char)(0xc0 | u >> 6);
	} else {
		if (u < 0x10000) {
			d[n++] = (char)(0xe0 | u >> 12);
		} else {
			d[n++] = (char)(0xf0 | u >> 18);
			d[n++] = (char)(0x80 | (u >> 12 & 0x3f));
		}
		d[n++] = (char)(0x80 | (u >> 6 & 0x3f));
	}
	if (u >= 0x80)
		d[n++] = (char)(0x80 | (u & 0x3f));
	bput(b, d, (size_t)n);
	return 1;
}

char *jsonstr(Json *j)
{
	if (!jsoneat(j, '"')) {
		jsonbad(j, "expected a string");
		return NULL;
	}
	Buf b = {0};
	for (; j->lax ? j->p < j->e && *j->p != '"' : *j->p != '"'; j->p++) {
		if (!*j->p && !j->lax) {
			jsonbad(j, "unterminated string");
			break;
		}
		char c = *j->p;
		if (c == '\\' && j->lax) {
			if (++j->p == j->e)
				break;
			c = *j->p;
		} else if (c == '\\') {
			c = *++j->p;
			if (c == 'u') {
				if (!uescape(j, &b))
					break;
				continue;
			}
			if (!c) {
				jsonbad(j, "unterminated string");
				break;
			}
			c = c == 'n' ? '\n' :
			    c == 't' ? '\t' :
			    c == 'r' ? '\r' :
			    c == 'b' ? '\b' :
			    c == 'f' ? '\f' :
				       c;
		}
		bput(&b, &c, 1);
	}
	if (j->failed || (j->lax && j->p == j->e))
		jsonbad(j, "unterminated string");
	else
		j->p++;
	bput(&b, "", 1);
	return b.s;
}

double jsonnum(Json *j)
{
	jsonws(j);
	char *end;
	double v = strtod(j->p, &end);
	if (end == j->p || !isfinite(v))
		jsonbad(j, "expected a number");
	j->p = end;
	return v;
}

/* a bare word (lax): a number, true, or anything else libclang takes unquoted */
static void word(Json *j)
{
	const char *b = j->p;
	while (j->p < j->e &&
	       (isalnum((unsigned char)*j->p) || *j->p == '-' || *j->p == '+' || *j->p == '.'))
		j->p++;
	if (j->p == b)
		jsonbad(j, "expected a value");
}

/* a value, depth levels inside those skipped: past MAXDEPTH an error, not a stack overflow */
void jsonskip(Json *j, int depth)
{
	jsonws(j);
	if (j->lax ? depth > MAXDEPTH : (*j->p == '{' || *j->p == '[') && depth >= MAXDEPTH) {
		jsonbad(j, "nested too deeply (over 256 levels)");
		return;
	}
	if (at(j) == '"' && !(j->lax && j->p >= j->e)) {
		free(jsonstr(j));
	} else if (jsoneat(j, '{')) {
		if (jsoneat(j, '}'))
			return;
		do {
			if (j->lax && jsoneat(j, '}'))
				return;
			if (j->lax)
				jsonskip(j, depth + 1);
			else
				free(jsonstr(j));
			if (!jsoneat(j, ':'))
				jsonbad(j, "expected ':'");
			jsonskip(j, depth + 1);
		} while (jsoneat(j, ','));
		if (!jsoneat(j, '}'))
			jsonbad(j, "expected '}'");
	} else if (jsoneat(j, '[')) {
		if (jsoneat(j, ']'))
			return;
		do {
			if (j->lax && jsoneat(j, ']'))
				return;
			jsonskip(j, depth + 1);
		} while (jsoneat(j, ','));
		if (!jsoneat(j, ']'))
			jsonbad(j, "expected ']'");
	} else if (j->lax) {
		word(j);
	} else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
		j->p += 4;
	} else if (!strncmp(j->p, "false", 5)) {
		j->p += 5;
	} else {
		jsonnum(j);
	}
}

int jsonwhole(const char *text, size_t len)
{
	Json j = {.s = text, .p = text, .e = text + len, .lax = 1};
	jsonskip(&j, 0);
	jsonws(&j);
	return !j.failed && j.p == j.e;
}
