/* fx.c - fixed point in hundredths, for continuous positions in the rules. */
#include "sl_core.h"

#include <stdio.h>

sl_fx sl_fx_from_int(int64_t v)
{
	return v * SL_FX_ONE;
}

/* num/den rounded half away from zero */
static int64_t div_round(int64_t num, int64_t den)
{
	int64_t q = num / den, r = num % den;
	if (r < 0)
		r = -r;
	if (2 * r >= (den < 0 ? -den : den))
		q += ((num < 0) != (den < 0)) ? -1 : 1;
	return q;
}

sl_fx sl_fx_mul(sl_fx a, sl_fx b)
{
	return div_round(a * b, SL_FX_ONE);
}

sl_fx sl_fx_div(sl_fx a, sl_fx b)
{
	return div_round(a * SL_FX_ONE, b);
}

int sl_fx_format(sl_fx v, char *out, size_t n)
{
	uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	return snprintf(out, n, "%s%llu.%02llu", v < 0 ? "-" : "",
		(unsigned long long)(m / SL_FX_ONE), (unsigned long long)(m % SL_FX_ONE));
}

int sl_fx_parse(const char *s, size_t n, sl_fx *out)
{
	size_t i = 0;
	int neg = 0, digits = 0, frac = 0;
	int64_t whole = 0, part = 0;
	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
		if (whole > (INT64_MAX / SL_FX_ONE - 9) / 10)
			return SL_ERANGE;
		whole = whole * 10 + (s[i] - '0');
	}
	if (i < n && s[i] == '.') {
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, frac++) {
			if (frac >= 2)
				return SL_ESYNTAX;   /* finer than a hundredth */
			part = part * 10 + (s[i] - '0');
		}
		if (frac == 0)
			return SL_ESYNTAX;
		if (frac == 1)
			part *= 10;
	}
	if (i != n || digits == 0)
		return SL_ESYNTAX;
	*out = (whole * SL_FX_ONE + part) * (neg ? -1 : 1);
	return SL_OK;
}
