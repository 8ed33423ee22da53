/* flags.c - the parser's flags: dagcc's include directory, the build's from
 * BUILD_DIR/compile_commands.json, and the user's. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"

#ifndef DAGCC_SOURCE_INCLUDE_DIR
#define DAGCC_SOURCE_INCLUDE_DIR ""
#endif

/* dagcc's include directory: beside the installed binary, else the source tree's. */
static const char *includedir(Arena *a)
{
	char *dir = afmt(a, "%s/../include", exedir());
	if (access(afmt(a, "%s/dagcc.h", dir), R_OK) == 0)
		return dir;
	return DAGCC_SOURCE_INCLUDE_DIR;
}

static int samefile(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

/* Flags from BUILD_DIR/compile_commands.json for the input: the compiler, -c, -o and the
 * source itself dropped; relative include paths made absolute (they are relative to the
 * command's directory, not ours). */
static void dbflags(P *p, const FrontendOpts *o, const char ***args, int *nargs, int *cap)
{
	loadclang();
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(o->builddir, &err);
	if (err != CXCompilationDatabase_NoError)
		fatal("cannot read %s/compile_commands.json", o->builddir);
	const char *path = afmt(p->a, "%s/compile_commands.json", o->builddir);
	size_t jn;
	char *json = readfile(path, &jn);
	/* libclang reads a truncated compile_commands.json up to the damage and prints its
	 * error, but goes on */
	int whole = json && jsonwhole(json, jn);
	free(json);
	if (!whole) {
		clang_CompilationDatabase_dispose(db);
		fatal("%s is not well-formed JSON (cut short?): regenerate it "
		      "(cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)",
		      path);
	}
	char abs[PATH_MAX];
	const char *key = realpath(o->input, abs) ? abs : o->input;
	CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, key);
	/* the database may offer a command guessed from a neighbour; take only the input's own */
	CXCompileCommand cmd = NULL;
	char *dir = NULL;
	for (unsigned i = 0; cmds && !cmd && i < clang_CompileCommands_getSize(cmds); i++) {
		CXCompileCommand c = clang_CompileCommands_getCommand(cmds, i);
		dir = cxstr(p->a, clang_CompileCommand_getDirectory(c));
		char *file = cxstr(p->a, clang_CompileCommand_getFilename(c));
		if (samefile(file[0] == '/' ? file : afmt(p->a, "%s/%s", dir, file), o->input))
			cmd = c;
	}
	if (!cmd) {
		clang_CompileCommands_dispose(cmds);
		clang_CompilationDatabase_dispose(db);
		fatal("no compile command for %s in %s/compile_commands.json", o->input,
		      o->builddir);
	}
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	static const char *const pathflags[] = {"-I", "-isystem", "-iquote", "-idirafter",
						"-include"};
	for (unsigned i = 1; i < n; i++) {
		char *arg = cxstr(p->a, clang_CompileCommand_getArg(cmd, i));
		if (strcmp(arg, "-c") == 0)
			continue;
		if (strcmp(arg, "-o") == 0) {
			i++;
			continue;
		}
		if (arg[0] != '-') {
			char *full = arg[0] == '/' ? arg : afmt(p->a, "%s/%s", dir, arg);
			if (samefile(full, o->input))
				continue;
		}
		for (size_t f = 0; f < sizeof pathflags / sizeof pathflags[0]; f++) {
			size_t fl = strlen(pathflags[f]);
			if (strncmp(arg, pathflags[f], fl) != 0)
				continue;
			if (arg[fl] == 0 && i + 1 < n) {
				agrow(p->a, args, cap, *nargs + 1, sizeof(char *));
				(*args)[(*nargs)++] = arg;
				arg = cxstr(p->a, clang_CompileCommand_getArg(cmd, ++i));
				if (arg[0] != '/')
					arg = afmt(p->a, "%s/%s", dir, arg);
			} else if (arg[fl] && arg[fl] != '/' && strcmp(pathflags[f], "-I") == 0) {
				arg = afmt(p->a, "-I%s/%s", dir, arg + fl);
			}
			break;
		}
		agrow(p->a, args, cap, *nargs + 1, sizeof(char *));
		(*args)[(*nargs)++] = arg;
	}
	clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
}

/* The parser's flags: dagcc's include directory, the build's and the user's; with
 * -D__DAGCC__ when dagcc reads the input (not when it checks its output). */
const char **parseflags(P *p, const FrontendOpts *o, int dagcc, int *nargs)
{
	const char **args = NULL;
	int cap = 0;
	*nargs = 0;
	agrow(p->a, &args, &cap, 4, sizeof(char *));
	if (dagcc)
		args[(*nargs)++] = "-D__DAGCC__";
	args[(*nargs)++] = "-I";
	args[(*nargs)++] = includedir(p->a);
	if (o->builddir)
		dbflags(p, o, &args, nargs, &cap);
	for (int i = 0; i < o->nargs; i++) {
		agrow(p->a, &args, &cap, *nargs + 1, sizeof(char *));
		args[(*nargs)++] = o->args[i];
	}
	return args;
}
