/* recompile.c - the output's recompile check: does the overlapped program compile with the
 * input's flags, and whose errors are they when it does not. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* The errors clang finds in text, compiled as the input (without __DAGCC__): how many (-1: it
 * cannot be parsed), reported with what prefixes and suffixes each message if report. */
static int errors(const FrontendOpts *o, const char *text, size_t len, int report, const char *pre,
		  const char *post)
{
	Arena *a = arena_new();
	P p = {.a = a, .file = o->input};
	int nargs;
	const char **args = parseflags(&p, o, 0, &nargs);
	loadclang();
	CXIndex index = clang_createIndex(0, 0);
	struct CXUnsavedFile u = {o->input, text, (unsigned long)len};
	Tu t = {0};
	int n = opentu(index, o, args, nargs, &u, &t, CXTranslationUnit_None) == CXError_Success ?
			0 :
			-1;
	for (unsigned i = 0; n >= 0 && i < clang_getNumDiagnostics(t.tu); i++) {
		CXDiagnostic d = clang_getDiagnostic(t.tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			unsigned line, col;
			clang_getPresumedLocation(clang_getDiagnosticLocation(d), NULL, &line,
						  &col);
			char *msg = cxstr(a, clang_getDiagnosticSpelling(d));
			if (report)
				error((Loc){o->input, (int)line, (int)col}, "%s%s%s", pre, msg,
				      post);
			n++;
		}
		clang_disposeDiagnostic(d);
	}
	if (t.tu)
		clang_disposeTranslationUnit(t.tu);
	clang_disposeIndex(index);
	arena_free(a);
	return n;
}

/* Does out, the overlapped form of the input src, compile with the input's flags? clang's errors
 * are reported (at the input's lines, through the #line directives dagcc writes): as the
 * input's own when the input does not compile either (outside dagcc, the DSL's calls are
 * macros: a collective's bare name is no function), else as dagcc's. */
int compiles(const FrontendOpts *o, const char *out, size_t outlen, const char *src, size_t srclen)
{
	if (errors(o, out, outlen, 0, "", "") == 0)
		return 1;
	if (errors(o, src, srclen, 1, "", " (the program does not compile without dagcc either)") >
	    0)
		return 0;
	if (errors(o, out, outlen, 1, "the overlapped program would not compile: ",
		   " (a dagcc bug: please report it, with this file)") < 0)
		error((Loc){o->input, 0, 0},
		      "the overlapped program cannot be parsed (a dagcc bug: please report it, with this file)");
	return 0;
}
