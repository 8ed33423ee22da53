/* idioms-layout.h - included by idioms.h through -I. */
#define ACT_SLICE(b, k) ((b) + (k) * 4)
