/* half.c - the f16 and bf16 conversions the mpi backend reduces with.
 *
 * Checked by properties, not by the same arithmetic: every finite value converts back to
 * itself, and every midpoint between two neighbours rounds to the one with an even last bit
 * (and past the largest f16 to infinity). Exhaustive over all 65536 patterns of each type. */
#include <math.h>
#include <stdio.h>

#include "../../runtime/half.h"

static int fails;

static void check(int ok, const char *what, unsigned h)
{
	if (!ok && fails++ < 10)
		fprintf(stderr, "%s: 0x%04x\n", what, h);
}

int main(void)
{
	long n = 0;
	for (unsigned h = 0; h < 0x10000; h++) {
		float f = f16_to_float((uint16_t)h), g = bf16_to_float((uint16_t)h);
		if (!isnan(f)) {
			check(float_to_f16(f) == h, "f16 round trip", h);
			n++;
		} else {
			check(isnan(f16_to_float(float_to_f16(f))), "f16 nan", h);
		}
		if (!isnan(g)) {
			check(float_to_bf16(g) == h, "bf16 round trip", h);
			n++;
		}
		/* the midpoint to the next value of the same sign */
		unsigned k = h + 1;
		if ((h & 0x7fff) < 0x7bff) {
			float mid = (float)(((double)f + f16_to_float((uint16_t)k)) / 2);
			check(float_to_f16(mid) == ((h & 1) ? k : h), "f16 midpoint", h);
			n++;
		}
		if ((h & 0x7fff) < 0x7f7f) {
			float mid = (float)(((double)g + bf16_to_float((uint16_t)k)) / 2);
			check(float_to_bf16(mid) == ((h & 1) ? k : h), "bf16 midpoint", h);
			n++;
		}
	}
	check(float_to_f16(65520.0f) == 0x7c00, "f16 overflow", 0x7bff);
	check(float_to_f16(65519.0f) == 0x7bff, "f16 largest", 0x7bff);
	check(float_to_f16(-1e9f) == 0xfc00, "f16 -inf", 0xfc00);
	if (fails) {
		fprintf(stderr, "%d failures\n", fails);
		return 1;
	}
	printf("half: %ld conversions checked\n", n + 3);
	return 0;
}
