/* fixed.c - a double in fixed notation, as glibc's printf "%.*f" writes it,
 * without its multiple-precision arithmetic: the binary value m * 2^e times
 * 10^prec held in 128 bits (m < 2^53, 10^18 < 2^60), divided by 2^-e and
 * rounded to nearest, a tie to even, which is what glibc does with the
 * exact value in the default rounding mode. cairo's SVG surface prints
 * every coordinate so (src/cli/fixed_dl.c), and the HTML viewer's steps
 * are mostly that printing (docs/exports.md). sl_strtod reads such numbers
 * back as strtod does, without its multiple-precision arithmetic either. */
#include "sl_core.h"

#include <stdlib.h>
#include <string.h>

static const uint64_t pow10_u64[19] = {
	UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000), UINT64_C(10000), UINT64_C(100000),
	UINT64_C(1000000), UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
	UINT64_C(10000000000), UINT64_C(100000000000), UINT64_C(1000000000000),
	UINT64_C(10000000000000), UINT64_C(100000000000000), UINT64_C(1000000000000000),
	UINT64_C(10000000000000000), UINT64_C(100000000000000000), UINT64_C(1000000000000000000)
};

static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* p[0..n) into out as snprintf leaves it in cap bytes (cut, ended); n */
static int cut_copy(char *out, size_t cap, const char *p, size_t n)
{
	if (cap) {
		size_t c = n < cap - 1 ? n : cap - 1;
		memcpy(out, p, c);
		out[c] = 0;
	}
	return (int)n;
}

int sl_fixed(char *out, size_t cap, double d, int prec)
{
	uint64_t bits, m, r;
	unsigned __int128 q;
	char tmp[64], *p = tmp + sizeof tmp;
	int e, neg, k = 0;
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
	if (e >= 0) {
		if (e > 10)
			return -1;   /* 2^63 and more: printf's own */
		q = (unsigned __int128)(m << e) * pow10_u64[prec];
	} else if (-e >= 120)
		q = 0;   /* under 2^-67 of a unit in the last place asked: rounds to 0 */
	else {
		unsigned __int128 num = (unsigned __int128)m * pow10_u64[prec], half = (unsigned __int128)1 << (-e - 1);
		unsigned __int128 rem = num & ((half << 1) - 1);
		q = num >> -e;
		if (rem > half || (rem == half && (q & 1)))
			q++;
	}
	/* the digits, prec of them after the point, at least one before: those
	 * past 64 bits one at a time, the rest two at a time */
	while (q > UINT64_MAX) {
		*--p = (char)('0' + (int)(q % 10));
		q /= 10;
		if (++k == prec)
			*--p = '.';
	}
	r = (uint64_t)q;
	while (k < prec) {   /* the fraction's digits left */
		if (prec - k >= 2) {
			unsigned t = (unsigned)(r % 100);
			r /= 100;
			*--p = digit_pairs[2 * t + 1];
			*--p = digit_pairs[2 * t];
			k += 2;
		} else {
			*--p = (char)('0' + (int)(r % 10));
			r /= 10;
			k++;
		}
		if (k == prec)
			*--p = '.';
	}
	do {   /* the integer part, at least one digit */
		*--p = (char)('0' + (int)(r % 10));
		r /= 10;
	} while (r);
	if (neg)
		*--p = '-';
	return cut_copy(out, cap, p, (size_t)(tmp + sizeof tmp - p));
}

int sl_fixed_int(char *out, size_t cap, int neg, unsigned long long v)
{
	char tmp[32], *p = tmp + sizeof tmp;
	while (v >= 100) {
		unsigned t = (unsigned)(v % 100);
		v /= 100;
		*--p = digit_pairs[2 * t + 1];
		*--p = digit_pairs[2 * t];
	}
	if (v >= 10) {
		*--p = digit_pairs[2 * v + 1];
		*--p = digit_pairs[2 * v];
	} else
		*--p = (char)('0' + (int)v);
	if (neg)
		*--p = '-';
	return cut_copy(out, cap, p, (size_t)(tmp + sizeof tmp - p));
}

/* 10^0 .. 10^22: every one exact in a double */
static const double pow10_dbl[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* The digits as an integer m and the decimals k: when m <= 2^53 both m and
 * 10^k (k <= 22) are doubles exactly, and one IEEE division of the two is
 * the correctly rounded m / 10^k, which is what glibc's strtod returns in
 * the default rounding mode (Clinger's fast path). svgpack.c reads every
 * number of cairo's SVG so; strtod was a seventh of a big board's SVG. */
double sl_strtod(const char *p, char **end)
{
	const char *q = p;
	uint64_t m = 0;
	int neg = 0, nd = 0, k = 0, any = 0;
	double v;
	while (*q == ' ')   /* cairo's path data: "M 1.5 2 L ..." */
		q++;
	if (*q == '-' || *q == '+')
		neg = *q++ == '-';
	while (*q == '0') {   /* leading zeros: no digits of the count */
		q++;
		any = 1;
	}
	while (*q >= '0' && *q <= '9') {
		if (++nd > 19)
			return strtod(p, end);
		m = m * 10 + (uint64_t)(*q++ - '0');
		any = 1;
	}
	if (*q == '.') {
		q++;
		while (*q >= '0' && *q <= '9') {
			if (m == 0 && *q == '0')
				;   /* a zero before the first digit only moves the point */
			else if (++nd > 19)
				return strtod(p, end);
			m = m * 10 + (uint64_t)(*q++ - '0');
			k++;
			any = 1;
		}
	}
	if (!any || k > 22 || m > (UINT64_C(1) << 53) || *q == 'e' || *q == 'E' || *q == 'x' || *q == 'X' ||
	    *q == 'p' || *q == 'P')
		return strtod(p, end);
	v = (double)m / pow10_dbl[k];
	if (end)
		*end = (char *)q;
	return neg ? -v : v;
}
