/* fixed.c - a double in fixed notation, as glibc's printf "%.*f" writes it,
 * without its multiple-precision arithmetic: the binary value m * 2^e times
 * 10^prec held in 128 bits (m < 2^53, 10^18 < 2^60), divided by 2^-e and
 * rounded to nearest, a tie to even, which is what glibc does with the
 * exact value in the default rounding mode. cairo's SVG surface prints
 * every coordinate so (src/cli/fixed_dl.c), and the HTML viewer's steps
 * are mostly that printing (docs/exports.md). */
#include "sl_core.h"

#include <string.h>

int sl_fixed(char *out, size_t cap, double d, int prec)
{
	uint64_t bits, m;
	unsigned __int128 q, p10 = 1;
	char tmp[64], *p = tmp + sizeof tmp;
	int e, neg, n, k = 0;
	memcpy(&bits, &d, sizeof bits);
	neg = (int)(bits >> 63);
	e = (int)(bits >> 52 & 0x7ff);
	m = bits & ((UINT64_C(1) << 52) - 1);
	if (e == 0x7ff || prec < 0 || prec > 18)
		return -1;   /* NaN, infinities: printf's own */
	if (e)
		m |= UINT64_C(1) << 52;
	else
		e = 1;   /* subnormal */
	e -= 1075;   /* d = m * 2^e */
	for (int i = 0; i < prec; i++)
		p10 *= 10;
	if (e >= 0) {
		if (e > 10)
			return -1;   /* 2^63 and more: printf's own */
		q = (unsigned __int128)(m << e) * p10;
	} else if (-e >= 120)
		q = 0;   /* under 2^-67 of a unit in the last place asked: rounds to 0 */
	else {
		unsigned __int128 num = (unsigned __int128)m * p10, half = (unsigned __int128)1 << (-e - 1);
		unsigned __int128 rem = num & ((half << 1) - 1);
		q = num >> -e;
		if (rem > half || (rem == half && (q & 1)))
			q++;
	}
	/* the digits, prec of them after the point, at least one before */
	while (q > UINT64_MAX || k <= prec) {
		if (q > UINT64_MAX) {
			*--p = (char)('0' + (int)(q % 10));
			q /= 10;
		} else {
			uint64_t r = (uint64_t)q;
			*--p = (char)('0' + (int)(r % 10));
			q = r / 10;
		}
		if (++k == prec)
			*--p = '.';
	}
	for (uint64_t r = (uint64_t)q; r; r /= 10)
		*--p = (char)('0' + (int)(r % 10));
	if (neg)
		*--p = '-';
	n = (int)(tmp + sizeof tmp - p);
	if (cap) {
		size_t c = (size_t)n < cap - 1 ? (size_t)n : cap - 1;
		memcpy(out, p, c);
		out[c] = 0;
	}
	return n;
}
