/* sl_mc.c - the range coder and its adaptive models (sl_mc.h). */
#include "sl_mc.h"

#include <string.h>

#define TOP (1u << 24)
#define PROB_BITS 11
#define MOVE_BITS 5
#define FREQ_LIMIT (1u << 14)

/* ---- the coder -------------------------------------------------------------------- */

void sl_mc_enc_init(sl_mc *c, sl_buf *out)
{
	memset(c, 0, sizeof *c);
	c->range = 0xffffffffu;
	c->pending = 1;
	c->out = out;
	c->over = 1;   /* encoder: the first byte (always 0) is not written */
}

/* Moves the top byte of low out, holding 0xff bytes back until it is known
 * whether a carry will reach them. */
static void shift_low(sl_mc *c)
{
	if ((uint32_t)c->low < 0xff000000u || (c->low >> 32) != 0) {
		uint8_t carry = (uint8_t)(c->low >> 32), b = c->cache;
		do {
			if (c->over)
				c->over = 0;
			else
				sl_buf_u8(c->out, (uint8_t)(b + carry));
			b = 0xff;
		} while (--c->pending != 0);
		c->cache = (uint8_t)(c->low >> 24);
	}
	c->pending++;
	c->low = (c->low & 0x00ffffffu) << 8;
}

void sl_mc_enc_finish(sl_mc *c)
{
	for (int i = 0; i < 5; i++)
		shift_low(c);
}

static inline uint8_t next_byte(sl_mc *c)
{
	if (c->p < c->end)
		return *c->p++;
	c->over++;
	return 0;
}

void sl_mc_dec_init(sl_mc *c, const uint8_t *p, size_t n)
{
	memset(c, 0, sizeof *c);
	c->dec = 1;
	c->range = 0xffffffffu;
	c->p = p;
	c->end = p + n;
	for (int i = 0; i < 4; i++)
		c->code = c->code << 8 | next_byte(c);
}

int sl_mc_dec_ok(const sl_mc *c)
{
	return !c->bad && c->over == 0;
}

int sl_mc_dec_done(const sl_mc *c)
{
	return !c->bad && c->over == 0 && c->p == c->end;
}

static inline void normalize(sl_mc *c)
{
	while (c->range < TOP) {
		c->range <<= 8;
		if (c->dec)
			c->code = c->code << 8 | next_byte(c);
		else
			shift_low(c);
	}
}

/* ---- symbols --------------------------------------------------------------------- */

int sl_mc_bit_code(sl_mc *c, sl_mc_bit *pp, int bit)
{
	uint32_t p = (uint32_t)(*pp ^ 0x400), bound = (c->range >> PROB_BITS) * p;
	if (c->dec)
		bit = c->code >= bound;
	if (!bit) {
		c->range = bound;
		p += ((1u << PROB_BITS) - p) >> MOVE_BITS;
	} else {
		if (c->dec)
			c->code -= bound;
		else
			c->low += bound;
		c->range -= bound;
		p -= p >> MOVE_BITS;
	}
	*pp = (sl_mc_bit)(p ^ 0x400);
	normalize(c);
	return bit;
}

unsigned sl_mc_uniform(sl_mc *c, unsigned v, unsigned n)
{
	uint32_t r;
	if (n <= 1)
		return 0;
	r = c->range / n;
	if (c->dec) {
		v = c->code / r;
		if (v >= n) {
			c->bad = 1;
			v = n - 1;
		}
		c->code -= r * v;
	} else
		c->low += (uint64_t)r * v;
	c->range = r;
	normalize(c);
	return v;
}

unsigned sl_mc_tree(sl_mc *c, sl_mc_bit *probs, int nbits, unsigned v)
{
	unsigned m = 1;
	for (int i = nbits - 1; i >= 0; i--)
		m = m << 1 | (unsigned)sl_mc_bit_code(c, &probs[m], (int)(v >> i) & 1);
	return m - (1u << nbits);
}

uint32_t sl_mc_uint(sl_mc *c, sl_mc_bit *probs, uint32_t v)
{
	int len = 0, rest;
	uint32_t out;
	if (!c->dec)
		while (len < 32 && (v >> len) != 0)
			len++;
	len = (int)sl_mc_tree(c, probs, 6, (unsigned)len);
	if (len > 32) {
		c->bad = 1;
		len = 32;
	}
	if (len <= 1)
		return (uint32_t)len;
	/* the top bit is 1; then up to two adaptive bits, then plain ones */
	rest = len - 1;
	{
		int k = rest < 2 ? rest : 2;
		unsigned hi = sl_mc_tree(c, probs + 64 + 4 * len, k, (unsigned)(v >> (rest - k)));
		out = (1u << k | hi);
		rest -= k;
	}
	while (rest > 0) {
		int k = rest < 16 ? rest : 16;
		out = out << k | sl_mc_uniform(c, (v >> (rest - k)) & ((1u << k) - 1), 1u << k);
		rest -= k;
	}
	return out;
}

int sl_mc_sym(sl_mc *c, sl_mc_freq *m, unsigned mask, int sym)
{
	uint32_t tot = 0, cum = 0, r, sum = 0;
	int k, only = -1, n = 0;
	mask &= (1u << SL_MC_NSYM) - 1;
	for (k = 0; k < SL_MC_NSYM; k++)
		if (mask >> k & 1) {
			tot += m->f[k] + 1u;
			only = k;
			n++;
		}
	if (n == 0)
		return -1;
	if (!c->dec && (sym < 0 || sym >= SL_MC_NSYM || !(mask >> sym & 1))) {
		c->bad = 1;   /* the caller's bug: the writer refuses the segment */
		return -1;
	}
	if (n > 1) {
		r = c->range / tot;
		if (c->dec) {
			uint32_t t = c->code / r;
			if (t >= tot) {
				c->bad = 1;
				t = tot - 1;
			}
			for (k = 0; k < SL_MC_NSYM; k++) {
				if (!(mask >> k & 1))
					continue;
				if (t < cum + m->f[k] + 1u)
					break;
				cum += m->f[k] + 1u;
			}
			sym = k;
			c->code -= r * cum;
		} else {
			for (k = 0; k < sym; k++)
				if (mask >> k & 1)
					cum += m->f[k] + 1u;
			c->low += (uint64_t)r * cum;
		}
		c->range = r * (m->f[sym] + 1u);
		normalize(c);
	} else
		sym = only;
	m->f[sym] += 2;
	for (k = 0; k < SL_MC_NSYM; k++)
		sum += m->f[k];
	if (sum + SL_MC_NSYM >= FREQ_LIMIT)
		for (k = 0; k < SL_MC_NSYM; k++)
			m->f[k] >>= 1;
	return sym;
}
