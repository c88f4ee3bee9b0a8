/* prng.c - PCG32 (XSH RR), the recorder's dice (formats/prng.md). */
#include "sl_core.h"

#define PCG_MULT UINT64_C(6364136223846793005)

void sl_prng_seed(sl_prng *r, uint64_t seed, uint64_t stream)
{
	r->state = 0;
	r->inc = (stream << 1) | 1;
	sl_prng_next(r);
	r->state += seed;
	sl_prng_next(r);
}

uint32_t sl_prng_next(sl_prng *r)
{
	uint64_t old = r->state;
	uint32_t xorshifted, rot;
	r->state = old * PCG_MULT + r->inc;
	xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
	rot = (uint32_t)(old >> 59);
	return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
}

uint32_t sl_prng_below(sl_prng *r, uint32_t bound)
{
	/* reject the low values that would bias the modulo */
	uint32_t threshold = (uint32_t)(-bound) % bound;
	for (;;) {
		uint32_t v = sl_prng_next(r);
		if (v >= threshold)
			return v % bound;
	}
}

int sl_prng_die(sl_prng *r, int sides)
{
	return 1 + (int)sl_prng_below(r, (uint32_t)sides);
}
