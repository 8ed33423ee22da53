/* macros.c - the macros graph bodies name whose expansion is an integer expression (loop
 * bounds, counts, sizes another build's -D flags would change), read from one more parse. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

/* Is v an integer expression #if evaluates as C does: integer literals, operators and
 * parentheses, no identifier (which #if would read as 0), no floating literal? */
static int ppint(const char *v)
{
	int digits = 0;
	for (const char *c = v; *c;) {
		if (isdigit((unsigned char)*c)) {
			int hex = c[0] == '0' && (c[1] == 'x' || c[1] == 'X');
			c += hex ? 2 : 0;
			while (hex ? isxdigit((unsigned char)*c) : isdigit((unsigned char)*c))
				c++;
			while (*c == 'u' || *c == 'U' || *c == 'l' || *c == 'L')
				c++;
			if (isalnum((unsigned char)*c) || *c == '.' || *c == '_')
				return 0;
			digits = 1;
		} else if (strchr(" \t()+-*/%<>=!&|^~?:", *c))
			c++;
		else
			return 0;
	}
	return digits;
}

typedef struct {
	P *p;
	const char **name; /* the candidates, by number */
	int *line;
	Macros *m;
} MacroCtx;

static enum CXChildVisitResult macrovar(CXCursor c, CXCursor parent, CXClientData data)
{
	MacroCtx *mc = data;
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	char *name = cxstr(mc->p->a, clang_getCursorSpelling(c));
	if (strncmp(name, "dagcc_macro_", 12))
		return CXChildVisit_Continue;
	int k = atoi(name + 12);
	CXEvalResult r = clang_Cursor_Evaluate(c);
	if (!r)
		return CXChildVisit_Continue;
	if (clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
		const char *v = clang_EvalResult_getAsStr(r);
		if (v && strcmp(v, mc->name[k]) && ppint(v)) {
			Macros *m = mc->m;
			agrow(m->arena, &m->macro, &m->cap, m->nmacro + 1, sizeof *m->macro);
			m->macro[m->nmacro++] = (Macro){astrdup(m->arena, mc->name[k]),
							astrdup(m->arena, v), mc->line[k]};
		}
	}
	clang_EvalResult_dispose(r);
	return CXChildVisit_Continue;
}

/* The macros graph bodies name whose expansion, at the end of the input, is an integer
 * expression: the loop bounds, counts and sizes a build with other -D flags or headers would
 * change. Read from one more parse of the input, with each name the bodies spell stringified
 * after its last line (a name that is no object-like macro stringifies to itself). */
void macrovalues(P *p, CXIndex index, const FrontendOpts *o, const char **args, int nargs,
		 const Ast *ast)
{
	const char *t = p->o.maintext;
	MacroCtx mc = {p, NULL, NULL, o->macros};
	int n = 0, cap = 0, capl = 0;
	unsigned lpos = 0; /* the bodies are in file order: lines are counted once */
	int lline = 1;
	for (int i = 0; i < ast->nfn; i++) {
		const GraphFn *g = &ast->fn[i];
		for (unsigned k = g->begin; k < g->end && k < p->o.mainlen;) {
			char c = t[k];
			if (c == '/' && t[k + 1] == '/') {
				while (k < g->end && t[k] != '\n')
					k++;
			} else if (c == '/' && t[k + 1] == '*') {
				for (k += 2; k + 1 < g->end && !(t[k] == '*' && t[k + 1] == '/');
				     k++)
					;
				k += 2;
			} else if (c == '"' || c == '\'') {
				for (k++; k < g->end && t[k] != c; k++)
					k += t[k] == '\\';
				k++;
			} else if (isalpha((unsigned char)c) || c == '_') {
				unsigned e = k;
				while (e < g->end && (isalnum((unsigned char)t[e]) || t[e] == '_'))
					e++;
				char *id = astrndup(p->a, t + k, e - k);
				int seen = 0;
				for (int j = 0; j < n && !seen; j++)
					seen = !strcmp(mc.name[j], id);
				if (!seen) {
					agrow(p->a, &mc.name, &cap, n + 1, sizeof *mc.name);
					agrow(p->a, &mc.line, &capl, n + 1, sizeof *mc.line);
					for (; lpos < k; lpos++)
						lline += t[lpos] == '\n';
					mc.line[n] = lline;
					mc.name[n++] = id;
				}
				k = e;
			} else if (isdigit((unsigned char)c)) {
				while (k < g->end && (isalnum((unsigned char)t[k]) || t[k] == '.'))
					k++;
			} else
				k++;
		}
	}
	if (!n)
		return;
	Buf b = {0};
	bput(&b, t, p->o.mainlen);
	bputs(&b, "\n#define dagcc_str_(x) #x\n#define dagcc_xstr_(x) dagcc_str_(x)\n");
	for (int k = 0; k < n; k++)
		bprintf(&b,
			"#ifdef %s\nstatic const char *dagcc_macro_%d = dagcc_xstr_(%s);\n#endif\n",
			mc.name[k], k, mc.name[k]);
	struct CXUnsavedFile u = {o->input, b.s, (unsigned long)b.len};
	Tu tu = {0};
	if (opentu(index, o, args, nargs, &u, &tu, CXTranslationUnit_None) == CXError_Success)
		clang_visitChildren(clang_getTranslationUnitCursor(tu.tu), macrovar, &mc);
	if (tu.tu)
		clang_disposeTranslationUnit(tu.tu);
	bfree(&b);
}
