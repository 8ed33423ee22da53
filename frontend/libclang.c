/* libclang.c - loadclang (see libclang.h): the library CMake found (DAGCC_LIBCLANG), opened when
 * the frontend first needs it. */
#include <dlfcn.h>
#include <stddef.h>

#include "../ir/ir.h"
#include "libclang.h"

#define X(f) __typeof__(f) *p_##f;
CLANGFNS(X)
#undef X

void loadclang(void)
{
	static int loaded;
	if (loaded)
		return;
	void *h = dlopen(DAGCC_LIBCLANG, RTLD_NOW | RTLD_LOCAL);
	if (!h)
		fatal("cannot load libclang: %s", dlerror());
#define X(f)                                                                                       \
	if (!(p_##f = (__typeof__(f) *)dlsym(h, #f)))                                              \
		fatal("cannot load libclang: %s has no %s", DAGCC_LIBCLANG, #f);
	CLANGFNS(X)
#undef X
	loaded = 1;
}
