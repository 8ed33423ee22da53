/* target.c - hardware profiles (loadtarget), read from targets/NAME.target data files.
 *
 * A profile is lines of `key value  # source: where the value comes from`; every key below is
 * required, each exactly once, and a value without its source is an error. --target takes a
 * profile name (looked up beside the installed dagcc, then in the source tree) or a path. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ir/ir.h"

#ifndef DAGCC_SOURCE_TARGET_DIR
#define DAGCC_SOURCE_TARGET_DIR ""
#endif

const char *exedir(void)
{
	static char dir[PATH_MAX];
	if (!dir[0]) {
		ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
		if (n <= 0)
			return ".";
		dir[n] = 0;
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = 0;
	}
	return dir;
}

enum {
	K_NODES,
	K_GPN,
	K_ARCH,
	K_BF16,
	K_F16,
	K_F32,
	K_F64,
	K_I8,
	K_MEMBW,
	K_INTRA,
	K_INTER,
	K_KERNEL,
	NKEY
};
static const char *const keyname[NKEY] = {"nodes",     "gpus_per_node", "arch",	     "flops_bf16",
					  "flops_f16", "flops_f32",	"flops_f64", "flops_i8",
					  "mem_bw",    "intra_bw",	"inter_bw",  "kernel_us"};

/* `KIND.RANKS.lat_us VALUE` and `KIND.RANKS.bw VALUE` (bytes/s): a measured collective of
 * one kind on groups of RANKS (dagcc --calibrate writes them), us = lat_us + bytes / bw in
 * place of the NCCL model. Both are needed. */
static void collkey(Diags *d, Target *t, Loc loc, const char *key, const char *value,
		    const char *hash)
{
	char kind[64], what[64];
	int ranks, used = 0;
	const char *dot = strchr(key, '.');
	snprintf(kind, sizeof kind, "%.*s", (int)(dot - key), key);
	int k = 0;
	while (k < NKIND && (strcmp(kindname[k], kind) || !iscollective((NodeKind)k)))
		k++;
	if (k == NKIND || sscanf(dot + 1, "%d.%63s%n", &ranks, what, &used) != 2 || dot[1 + used] ||
	    ranks < 1 || ranks > 1 << 20 || (strcmp(what, "lat_us") && strcmp(what, "bw"))) {
		derror(d, loc, "unknown key '%s' in target profile", key);
		return;
	}
	const char *src = hash ? strstr(hash, "source:") : NULL;
	if (!src || !src[7] || strspn(src + 7, " \t\r") == strlen(src + 7)) {
		derror(d, loc, "'%s' has no source: write '# source: where the value comes from'",
		       key);
		return;
	}
	char *e;
	errno = 0;
	double v = strtod(value, &e);
	int lat = !strcmp(what, "lat_us");
	if (errno || *e || !(v >= 0) || v > 1e18 || (!lat && v < 1e6)) {
		derror(d, loc, "'%s' needs %s, not '%s'", key,
		       lat ? "a number of microseconds" : "a rate of at least 1e6 per second",
		       value);
		return;
	}
	int i = 0;
	while (i < t->ncoll && !(t->coll[i].kind == k && t->coll[i].ranks == ranks))
		i++;
	if (i == t->ncoll) {
		if (t->ncoll == (int)(sizeof t->coll / sizeof t->coll[0])) {
			derror(d, loc, "too many collective lines in target profile");
			return;
		}
		t->coll[t->ncoll++] = (CollFit){k, ranks, -1, -1, 0, 0, 0, 0};
	}
	double *slot = lat ? &t->coll[i].lat_us : &t->coll[i].bw;
	if (*slot >= 0)
		derror(d, loc, "'%s' given twice", key);
	*slot = v;
}

static int parse(Diags *d, const char *path, const char *text, Target *t)
{
	int seen[NKEY] = {0}, line = 0, before = errorsin(d);
	double val[NKEY] = {0};
	for (const char *p = text; *p;) {
		line++;
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char buf[512];
		snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1),
			 p);
		p += len + (end != NULL);
		char *hash = strchr(buf, '#'), *s = buf;
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s || *s == '#' || *s == '\r')
			continue;
		Loc loc = {path, line, (int)(s - buf) + 1};
		char key[64], value[64];
		if (sscanf(s, "%63s %63s", key, value) != 2) {
			derror(d, loc, "expected 'key value  # source: ...'");
			continue;
		}
		int k = 0;
		while (k < NKEY && strcmp(keyname[k], key) != 0)
			k++;
		if (k == NKEY && strchr(key, '.')) {
			collkey(d, t, loc, key, value, hash);
			continue;
		}
		if (k == NKEY) {
			derror(d, loc, "unknown key '%s' in target profile", key);
			continue;
		}
		if (seen[k]++) {
			derror(d, loc, "'%s' given twice", key);
			continue;
		}
		const char *src = hash ? strstr(hash, "source:") : NULL;
		if (!src || !src[7] || strspn(src + 7, " \t\r") == strlen(src + 7)) {
			derror(d, loc,
			       "'%s' has no source: write '# source: where the value comes from'",
			       key);
			continue;
		}
		if (k == K_ARCH) {
			if (!strcmp(value, "volta"))
				t->arch = ARCH_VOLTA;
			else if (!strcmp(value, "ampere"))
				t->arch = ARCH_AMPERE;
			else if (!strcmp(value, "hopper"))
				t->arch = ARCH_HOPPER;
			else
				derror(d, loc, "unknown arch '%s' (volta, ampere or hopper)",
				       value);
			continue;
		}
		char *e;
		errno = 0;
		val[k] = strtod(value, &e);
		if (errno || *e || !(val[k] > 0) || val[k] > 1e18)
			derror(d, loc, "'%s' needs a positive number, not '%s'", key, value);
		else if ((k == K_NODES || k == K_GPN) &&
			 (val[k] != floor(val[k]) || val[k] > 1 << 20))
			derror(d, loc, "'%s' needs a whole number up to 1048576, not '%s'", key,
			       value);
		else if (k != K_NODES && k != K_GPN && k != K_KERNEL && val[k] < 1e6)
			derror(d, loc, "'%s' needs a rate of at least 1e6 per second, not '%s'",
			       key, value);
	}
	for (int k = 0; k < NKEY; k++)
		if (!seen[k])
			derror(d, (Loc){path, 0, 0}, "target profile has no '%s'", keyname[k]);
	for (int i = 0; i < t->ncoll; i++)
		if (t->coll[i].lat_us < 0 || t->coll[i].bw < 0)
			derror(d, (Loc){path, 0, 0},
			       "target profile has '%s.%d.%s' without '%s.%d.%s'",
			       kindname[t->coll[i].kind], t->coll[i].ranks,
			       t->coll[i].bw < 0 ? "lat_us" : "bw", kindname[t->coll[i].kind],
			       t->coll[i].ranks, t->coll[i].bw < 0 ? "bw" : "lat_us");
	if (errorsin(d) != before)
		return 0;
	t->nodes = (int)val[K_NODES];
	t->gpus_per_node = (int)val[K_GPN];
	if ((double)t->nodes * t->gpus_per_node > 1 << 20) {
		derror(d, (Loc){path, 0, 0}, "nodes times gpus_per_node must be at most 1048576");
		return 0;
	}
	t->flops[DT_BF16] = val[K_BF16];
	t->flops[DT_F16] = val[K_F16];
	t->flops[DT_F32] = t->flops[DT_I32] = t->flops[DT_I64] = val[K_F32];
	t->flops[DT_F64] = val[K_F64];
	t->flops[DT_I8] = t->flops[DT_U8] = val[K_I8];
	t->mem_bw = val[K_MEMBW];
	t->intra_bw = val[K_INTRA];
	t->inter_bw = val[K_INTER];
	t->kernel_us = val[K_KERNEL];
	return 1;
}

/* A profile's text; NULL if it cannot be read or is over a megabyte (errno EFBIG). */
static char *readprofile(const char *path)
{
	enum { MAXPROFILE = 1 << 20 };
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *text = xmalloc(MAXPROFILE + 1);
	size_t n = fread(text, 1, MAXPROFILE + 1, f);
	int bad = ferror(f);
	fclose(f);
	if (bad || n > MAXPROFILE) {
		free(text);
		errno = bad ? EIO : EFBIG;
		return NULL;
	}
	text[n] = 0;
	return text;
}

int loadtarget(const char *nameorpath, Target *t, Diags *d)
{
	memset(t, 0, sizeof *t);
	size_t n = strlen(nameorpath);
	int ispath = strchr(nameorpath, '/') || (n > 7 && !strcmp(nameorpath + n - 7, ".target"));
	char path[PATH_MAX];
	char *text = NULL;
	if (ispath) {
		snprintf(path, sizeof path, "%s", nameorpath);
		text = readprofile(path);
	} else {
		const char *dirs[2] = {"/../share/dagcc/targets", DAGCC_SOURCE_TARGET_DIR};
		for (int i = 0; i < 2 && !text; i++) {
			int len = snprintf(path, sizeof path, "%s%s/%s.target", i ? "" : exedir(),
					   dirs[i], nameorpath);
			if (len > 0 && (size_t)len < sizeof path)
				text = readprofile(path);
		}
	}
	if (!text) {
		derror(d, (Loc){0}, "cannot read target profile '%s'%s", nameorpath,
		       errno == EFBIG ?
			       ": larger than a megabyte" :
		       ispath ?
			       "" :
			       " (known: a100-8x, h100-8x, h200-8x, h100-2x8, h100-16x8, or a file)");
		return 0;
	}
	const char *base = strrchr(nameorpath, '/') ? strrchr(nameorpath, '/') + 1 : nameorpath;
	snprintf(t->name, sizeof t->name, "%.*s",
		 (int)(strlen(base) > 7 && !strcmp(base + strlen(base) - 7, ".target") ?
			       strlen(base) - 7 :
			       strlen(base)),
		 base);
	/* a profile found beside dagcc is named without the "bin/.." of the lookup */
	char *real = ispath ? NULL : realpath(path, NULL);
	snprintf(t->file, sizeof t->file, "%s", real ? real : path);
	free(real);
	int ok = parse(d, path, text, t);
	free(text);
	return ok;
}
