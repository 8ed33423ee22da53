/* half.h - IEEE half and bfloat16 conversions, rounding to nearest even. */
#ifndef DAGCC_HALF_H
#define DAGCC_HALF_H

#include <stdint.h>
#include <string.h>

static inline float bf16_to_float(uint16_t h)
{
	uint32_t u = (uint32_t)h << 16;
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint16_t float_to_bf16(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	if ((u & 0x7fffffffu) > 0x7f800000u)
		return (uint16_t)((u >> 16) | 0x40); /* a quiet NaN */
	u += 0x7fffu + ((u >> 16) & 1);
	return (uint16_t)(u >> 16);
}

static inline float f16_to_float(uint16_t h)
{
	uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, u;
	if (exp == 0x1f) {
		u = sign | 0x7f800000u | (man << 13);
	} else if (exp) {
		u = sign | ((exp + 112) << 23) | (man << 13);
	} else if (man) {
		/* subnormal: normalize */
		exp = 113;
		while (!(man & 0x400)) {
			man <<= 1;
			exp--;
		}
		u = sign | (exp << 23) | ((man & 0x3ff) << 13);
	} else {
		u = sign;
	}
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint16_t float_to_f16(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	uint32_t sign = (u >> 16) & 0x8000, a = u & 0x7fffffffu;
	if (a > 0x7f800000u)
		return (uint16_t)(sign | 0x7e00); /* NaN */
	if (a >= 0x477ff000u) /* rounds to 65520 or more: infinity */
		return (uint16_t)(sign | 0x7c00);
	if (a < 0x38800000u) {
		/* subnormal or zero: shift the full mantissa into place, round to nearest even */
		if (a < 0x33000000u)
			return (uint16_t)sign;
		uint32_t man = (a & 0x7fffff) | 0x800000, shift = 126 - (a >> 23);
		uint32_t q = man >> shift, rem = man & ((1u << shift) - 1),
			 half = 1u << (shift - 1);
		if (rem > half || (rem == half && (q & 1)))
			q++;
		return (uint16_t)(sign | q);
	}
	uint32_t r = a - 0x38000000u; /* rebias the exponent: 127 - 15 = 112 */
	r += 0xfffu + ((r >> 13) & 1);
	return (uint16_t)(sign | (r >> 13));
}

#endif
