/* idioms.h - the accessors of idioms.c's graph `header`, in a header as a library keeps them
 * beside its kernels: a function-like macro given the loop variable, object-like macros naming
 * the loop variable or a per-copy local without being given it, macros expanding to macros of
 * a header it includes (found through -I). */
#include <idioms-layout.h>

#define LAYER_G(m, l) ((m)->g[l])
#define THIS_G LAYER_G(m, l)
#define ACT_AT(m, k) ACT_SLICE((m)->act, k)
#define THIS_ACT ACT_AT(m, l)
#define CUR_Y y
