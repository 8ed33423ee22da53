/* dagcc - the driver: read the options, run the pipeline, write what was asked for. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../passes/ir.h"

static const char usage[] =
	"usage: dagcc [options] input.c [-o output] [-- compiler flags]\n"
	"\n"
	"  -o FILE             write the output here (default: standard output for ir)\n"
	"  -I DIR, -D NAME[=V], -U NAME, -std=STD\n"
	"                      passed to the C parser, as is everything after --\n"
	"  -p BUILD_DIR        take the compiler flags from BUILD_DIR/compile_commands.json\n"
	"  --emit=ir           write the DAG as textual IR\n"
	"  --from-ir           the input is textual IR\n"
	"  --assume NAME=VALUE bind an identifier used in counts, loop bounds and costs\n"
	"  --stats             print JSON counts of the extracted graphs and exit\n"
	"  --help              print this and exit\n"
	"  --version           print the version and exit\n";

typedef struct {
	FrontendOpts fe;
	const char *output;
	const char *emit;
	int fromir, stats;
} Opts;

static void addarg(FrontendOpts *fe, const char *a)
{
	const char **p = realloc(fe->args, (size_t)(fe->nargs + 1) * sizeof *p);
	if (!p)
		fatal("out of memory");
	fe->args = p;
	fe->args[fe->nargs++] = a;
}

static void assume(FrontendOpts *fe, const char *s)
{
	const char *eq = strchr(s, '=');
	char *end;
	if (!eq || eq == s)
		fatal("--assume wants NAME=VALUE, not '%s'", s);
	for (const char *c = s; c < eq; c++)
		if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (c > s && *c >= '0' && *c <= '9')))
			fatal("--assume: '%.*s' is not an identifier", (int)(eq - s), s);
	errno = 0;
	long long v = strtoll(eq + 1, &end, 0);
	if (errno || end == eq + 1 || *end)
		fatal("--assume: '%s' is not an integer", eq + 1);
	Assume *a = realloc(fe->assume, (size_t)(fe->nassume + 1) * sizeof *a);
	if (!a)
		fatal("out of memory");
	fe->assume = a;
	fe->assume[fe->nassume++] = (Assume){strndup(s, (size_t)(eq - s)), v};
}

static void parseopts(int argc, char **argv, Opts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
#define VALUE(flag)                                                            \
	(strcmp(a, flag) == 0 ? (i + 1 < argc ? (val = argv[++i]) :            \
						(fatal("%s needs a value", flag), NULL)) : \
				(strncmp(a, flag "=", strlen(flag) + 1) == 0 ? (val = a + strlen(flag) + 1) : NULL))
		if (strcmp(a, "--") == 0) {
			while (++i < argc)
				addarg(&o->fe, argv[i]);
		} else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			fputs(usage, stdout);
			exit(0);
		} else if (strcmp(a, "--version") == 0) {
			printf("dagcc %s\n", DAGCC_VERSION);
			exit(0);
		} else if (strcmp(a, "-o") == 0) {
			if (i + 1 >= argc)
				fatal("-o needs a file name");
			o->output = argv[++i];
		} else if (strcmp(a, "-p") == 0) {
			if (i + 1 >= argc)
				fatal("-p needs a build directory");
			o->fe.builddir = argv[++i];
		} else if ((a[0] == '-' && (a[1] == 'I' || a[1] == 'D' || a[1] == 'U')) ) {
			addarg(&o->fe, a);
			if (!a[2]) {
				if (i + 1 >= argc)
					fatal("%s needs a value", a);
				addarg(&o->fe, argv[++i]);
			}
		} else if (strncmp(a, "-std=", 5) == 0) {
			addarg(&o->fe, a);
		} else if (VALUE("--emit")) {
			o->emit = val;
		} else if (VALUE("--assume")) {
			assume(&o->fe, val);
		} else if (strcmp(a, "--from-ir") == 0) {
			o->fromir = 1;
		} else if (strcmp(a, "--stats") == 0) {
			o->stats = 1;
		} else if (a[0] == '-' && a[1]) {
			fatal("unknown option '%s' (see dagcc --help)", a);
		} else if (o->fe.input) {
			fatal("more than one input: '%s' and '%s'", o->fe.input, a);
		} else {
			o->fe.input = a;
		}
#undef VALUE
	}
	if (!o->fe.input)
		fatal("no input file (see dagcc --help)");
	if (!o->emit)
		o->emit = "c";
	if (strcmp(o->emit, "ir") != 0) {
		if (strcmp(o->emit, "c") && strcmp(o->emit, "json") && strcmp(o->emit, "dot") &&
		    strcmp(o->emit, "trace"))
			fatal("unknown --emit=%s (c, ir, json, dot or trace)", o->emit);
		if (!o->stats)
			fatal("--emit=%s is not implemented yet; this version writes --emit=ir and --stats",
			      o->emit);
	}
}

/* Writes through a temporary file so that a failed run leaves no output behind. */
static void writeout(const Opts *o, const Module *m)
{
	if (!o->output || strcmp(o->output, "-") == 0) {
		printir(stdout, m);
		if (fflush(stdout) != 0)
			fatal("cannot write the output");
		return;
	}
	size_t n = strlen(o->output);
	char *tmp = malloc(n + 16);
	if (!tmp)
		fatal("out of memory");
	snprintf(tmp, n + 16, "%s.tmpXXXXXX", o->output);
	int fd = mkstemp(tmp);
	if (fd < 0)
		fatal("cannot create %s: %s", o->output, strerror(errno));
	FILE *f = fdopen(fd, "w");
	if (!f)
		fatal("cannot write %s", o->output);
	printir(f, m);
	int bad = ferror(f) | (fclose(f) != 0);
	if (bad || rename(tmp, o->output) != 0) {
		unlink(tmp);
		fatal("cannot write %s", o->output);
	}
	free(tmp);
}

int main(int argc, char **argv)
{
	Opts o = {0};
	parseopts(argc, argv, &o);
	Module m = {0};
	int ok = o.fromir ? parseir(o.fe.input, &m) : extract(&o.fe, &m);
	for (int i = 0; ok && i < m.ngraph; i++)
		ok = check(m.graph[i]) == 0;
	if (ok && o.stats)
		printstats(stdout, &m);
	else if (ok)
		writeout(&o, &m);
	freemodule(&m);
	for (int i = 0; i < o.fe.nassume; i++)
		free((char *)o.fe.assume[i].name);
	free(o.fe.assume);
	free(o.fe.args);
	return ok && nerrors == 0 ? 0 : 1;
}
