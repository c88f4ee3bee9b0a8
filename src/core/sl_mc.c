/* sl_mc.c - the range coder and its adaptive models (sl_mc.h). */
#include "sl_mc.h"

#include <string.h>

#define TOP (1u << 24)
#define PROB_BITS 16
#define MOVE_BITS 5
#define FREQ_LIMIT (1u << 14)
#define CNT_MIN 4096u             /* P(either bit) >= 2^-20: bound stays inside range */
#define CNT_LIMIT 255             /* the rate stops falling at 1/257 */

/* ---- the coder -------------------------------------------------------------------- */

void sl_mc_enc_init(sl_mc *c, sl_buf *out)
{
	memset(c, 0, sizeof *c);
	c->range = 0xffffffffu;
	c->pending = 1;
	c->out = out;
	c->over = 1;   /* encoder: the first byte (always 0) is not written */
	c->start = out->len;
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

void sl_mc_enc_finish_short(sl_mc *c)
{
	int cut = 0;
	/* the value in [low, low + range) with the most low zero bytes: one
	 * with 24 always exists, since range >= 2^24 */
	for (int bits = 32; bits >= 24; bits -= 8) {
		uint64_t mask = ((uint64_t)1 << bits) - 1, v = (c->low + mask) & ~mask;
		if (v - c->low < c->range) {
			c->low = v;
			break;
		}
	}
	for (int i = 0; i < 5; i++)
		shift_low(c);
	while (cut < 4 && c->out->len > c->start && c->out->data && c->out->data[c->out->len - 1] == 0) {
		c->out->len--;
		cut++;
	}
}

void sl_mc_dec_short(sl_mc *c)
{
	c->slack = 4;
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
	c->beg = p;
	c->end = p + n;
	for (int i = 0; i < 4; i++)
		c->code = c->code << 8 | next_byte(c);
}

int sl_mc_dec_ok(const sl_mc *c)
{
	return !c->bad && c->over <= c->slack;
}

int sl_mc_dec_done(const sl_mc *c)
{
	if (c->slack)   /* a short end: the zeros left out, and no other */
		return !c->bad && c->over <= c->slack && c->p == c->end &&
			(c->over == c->slack || c->p == c->beg || c->p[-1] != 0);
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

/* A binary decision at bound: the coder keeps [0, bound) for a 0 and the
 * rest for a 1 (decoding, it reads which). Returns the bit. */
static inline int split(sl_mc *c, uint32_t bound, int bit)
{
	if (c->dec)
		bit = c->code >= bound;
	if (!bit) {
		c->range = bound;
		return 0;
	}
	if (c->dec)
		c->code -= bound;
	else
		c->low += bound;
	c->range -= bound;
	return 1;
}

int sl_mc_bit_code(sl_mc *c, sl_mc_bit *pp, int bit)
{
	uint32_t p = (uint32_t)(*pp ^ 0x8000u);
	bit = split(c, (c->range >> PROB_BITS) * p, bit);
	if (!bit)
		p += ((1u << PROB_BITS) - p) >> MOVE_BITS;
	else
		p -= p >> MOVE_BITS;
	*pp = (sl_mc_bit)(p ^ 0x8000u);
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

/* 2^31 / (n + 2): the counted bit's rate after n uses, without a division. */
static const uint32_t recip[256] = {
	0x40000000, 0x2aaaaaaa, 0x20000000, 0x19999999, 0x15555555, 0x12492492,
	0x10000000, 0x0e38e38e, 0x0ccccccc, 0x0ba2e8ba, 0x0aaaaaaa, 0x09d89d89,
	0x09249249, 0x08888888, 0x08000000, 0x07878787, 0x071c71c7, 0x06bca1af,
	0x06666666, 0x06186186, 0x05d1745d, 0x0590b216, 0x05555555, 0x051eb851,
	0x04ec4ec4, 0x04bda12f, 0x04924924, 0x0469ee58, 0x04444444, 0x04210842,
	0x04000000, 0x03e0f83e, 0x03c3c3c3, 0x03a83a83, 0x038e38e3, 0x03759f22,
	0x035e50d7, 0x03483483, 0x03333333, 0x031f3831, 0x030c30c3, 0x02fa0be8,
	0x02e8ba2e, 0x02d82d82, 0x02c8590b, 0x02b93105, 0x02aaaaaa, 0x029cbc14,
	0x028f5c28, 0x02828282, 0x02762762, 0x026a439f, 0x025ed097, 0x0253c825,
	0x02492492, 0x023ee08f, 0x0234f72c, 0x022b63cb, 0x02222222, 0x02192e29,
	0x02108421, 0x02082082, 0x02000000, 0x01f81f81, 0x01f07c1f, 0x01e9131a,
	0x01e1e1e1, 0x01dae607, 0x01d41d41, 0x01cd8568, 0x01c71c71, 0x01c0e070,
	0x01bacf91, 0x01b4e81b, 0x01af286b, 0x01a98ef6, 0x01a41a41, 0x019ec8e9,
	0x01999999, 0x01948b0f, 0x018f9c18, 0x018acb90, 0x01861861, 0x01818181,
	0x017d05f4, 0x0178a4c8, 0x01745d17, 0x01702e05, 0x016c16c1, 0x01681681,
	0x01642c85, 0x01605816, 0x015c9882, 0x0158ed23, 0x01555555, 0x0151d07e,
	0x014e5e0a, 0x014afd6a, 0x0147ae14, 0x01446f86, 0x01414141, 0x013e22cb,
	0x013b13b1, 0x01381381, 0x013521cf, 0x01323e34, 0x012f684b, 0x012c9fb4,
	0x0129e412, 0x0127350b, 0x01249249, 0x0121fb78, 0x011f7047, 0x011cf06a,
	0x011a7b96, 0x01181181, 0x0115b1e5, 0x01135c81, 0x01111111, 0x010ecf56,
	0x010c9714, 0x010a6810, 0x01084210, 0x010624dd, 0x01041041, 0x01020408,
	0x01000000, 0x00fe03f8, 0x00fc0fc0, 0x00fa232c, 0x00f83e0f, 0x00f6603d,
	0x00f4898d, 0x00f2b9d6, 0x00f0f0f0, 0x00ef2eb7, 0x00ed7303, 0x00ebbdb2,
	0x00ea0ea0, 0x00e865ac, 0x00e6c2b4, 0x00e52598, 0x00e38e38, 0x00e1fc78,
	0x00e07038, 0x00dee95c, 0x00dd67c8, 0x00dbeb61, 0x00da740d, 0x00d901b2,
	0x00d79435, 0x00d62b80, 0x00d4c77b, 0x00d3680d, 0x00d20d20, 0x00d0b69f,
	0x00cf6474, 0x00ce168a, 0x00cccccc, 0x00cb8727, 0x00ca4587, 0x00c907da,
	0x00c7ce0c, 0x00c6980c, 0x00c565c8, 0x00c4372f, 0x00c30c30, 0x00c1e4bb,
	0x00c0c0c0, 0x00bfa02f, 0x00be82fa, 0x00bd6910, 0x00bc5264, 0x00bb3ee7,
	0x00ba2e8b, 0x00b92143, 0x00b81702, 0x00b70fbb, 0x00b60b60, 0x00b509e6,
	0x00b40b40, 0x00b30f63, 0x00b21642, 0x00b11fd3, 0x00b02c0b, 0x00af3add,
	0x00ae4c41, 0x00ad602b, 0x00ac7691, 0x00ab8f69, 0x00aaaaaa, 0x00a9c84a,
	0x00a8e83f, 0x00a80a80, 0x00a72f05, 0x00a655c4, 0x00a57eb5, 0x00a4a9cf,
	0x00a3d70a, 0x00a3065e, 0x00a237c3, 0x00a16b31, 0x00a0a0a0, 0x009fd809,
	0x009f1165, 0x009e4cad, 0x009d89d8, 0x009cc8e1, 0x009c09c0, 0x009b4c6f,
	0x009a90e7, 0x0099d722, 0x00991f1a, 0x009868c8, 0x0097b425, 0x0097012e,
	0x00964fda, 0x0095a025, 0x0094f209, 0x00944580, 0x00939a85, 0x0092f113,
	0x00924924, 0x0091a2b3, 0x0090fdbc, 0x00905a38, 0x008fb823, 0x008f1779,
	0x008e7835, 0x008dda52, 0x008d3dcb, 0x008ca29c, 0x008c08c0, 0x008b7034,
	0x008ad8f2, 0x008a42f8, 0x0089ae40, 0x00891ac7, 0x00888888, 0x0087f780,
	0x008767ab, 0x0086d905, 0x00864b8a, 0x0085bf37, 0x00853408, 0x0084a9f9,
	0x00842108, 0x00839930, 0x0083126e, 0x00828cbf, 0x00820820, 0x0081848d,
	0x00810204, 0x00808080, 0x00800000, 0x007f807f,
};

int sl_mc_flag(sl_mc *c, sl_mc_cnt *m, int bit)
{
	uint32_t p = m->p ^ 0x80000000u;
	int64_t d;
	if (p < CNT_MIN)
		p = CNT_MIN;
	else if (p > 0xffffffffu - CNT_MIN)
		p = 0xffffffffu - CNT_MIN;
	bit = split(c, (uint32_t)(((uint64_t)c->range * p) >> 32), bit);
	d = bit ? -(int64_t)p : (int64_t)(UINT64_C(0xffffffff) - p);
	p = (uint32_t)((int64_t)p + ((d * (int64_t)recip[m->n]) >> 31));
	if (m->n < CNT_LIMIT)
		m->n++;
	m->p = p ^ 0x80000000u;
	normalize(c);
	return bit;
}
