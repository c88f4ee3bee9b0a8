/* test_mc.c - the range coder (core/sl_mc.h): every kind of symbol comes
 * back as written, in long mixed streams and at the carry edge; the decoder
 * ends exactly at the last byte; skewed models cost what their entropy says;
 * damaged or foreign bytes never crash it and are reported. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "core/sl_mc.h"

/* One stream of every kind of symbol, driven by a PRNG; `vals` records
 * (encoding) or checks (decoding) what was coded. */
typedef struct models {
	sl_mc_bit bit[4], tree[256], uint[SL_MC_UINT_PROBS];
	sl_mc_freq freq[3];
} models;

static void stream(sl_mc *c, uint64_t seed, int n, uint32_t *vals)
{
	static models m;
	sl_prng rng;
	memset(&m, 0, sizeof m);
	sl_prng_seed(&rng, seed, 1);
	for (int i = 0; i < n; i++) {
		uint32_t kind = sl_prng_below(&rng, 6), v = 0, r = sl_prng_below(&rng, 1000);
		switch (kind) {
		case 0:   /* a bit that is 1 one time in 50 */
			v = (uint32_t)sl_mc_bit_code(c, &m.bit[r & 3], r < 20);
			break;
		case 1: {
			unsigned n2 = 1 + sl_prng_below(&rng, 65536);
			v = sl_mc_uniform(c, sl_prng_below(&rng, n2), n2);
			break;
		}
		case 2:
			v = sl_mc_tree(c, m.tree, 8, r < 900 ? 7 : r & 255);
			break;
		case 3: {
			uint32_t x = sl_prng_next(&rng) >> sl_prng_below(&rng, 32);
			v = sl_mc_uint(c, m.uint, x);
			break;
		}
		default: {
			unsigned mask = 1 + sl_prng_below(&rng, 255);
			int sym = 0;
			while (!(mask >> sym & 1) || (r > 200 && sym < 7 && (mask >> (sym + 1)) && r-- > 0))
				sym++;
			if (!(mask >> sym & 1))
				sym = __builtin_ctz(mask);
			v = (uint32_t)sl_mc_sym(c, &m.freq[kind - 4], mask, sym);
			break;
		}
		}
		if (c->dec)
			assert_int_equal(v, vals[i]);
		else
			vals[i] = v;
	}
}

static void test_round_trip(void **st)
{
	(void)st;
	enum { N = 200000 };
	static uint32_t vals[N];
	for (uint64_t seed = 1; seed <= 5; seed++) {
		sl_buf b;
		sl_mc c;
		sl_buf_init(&b);
		sl_mc_enc_init(&c, &b);
		stream(&c, seed, N, vals);
		sl_mc_enc_finish(&c);
		assert_false(c.bad);
		assert_false(b.failed);
		sl_mc_dec_init(&c, b.data, b.len);
		stream(&c, seed, N, vals);
		assert_true(sl_mc_dec_done(&c));
		sl_buf_free(&b);
	}
}

/* Long runs of the likely symbol push low's top bytes to 0xff, where a
 * carry has to travel back through the bytes held. */
static void test_carries(void **st)
{
	(void)st;
	for (int flip = 0; flip < 2; flip++) {
		sl_buf b;
		sl_mc c;
		sl_mc_bit p = 0;
		uint8_t want[40000];
		sl_buf_init(&b);
		sl_mc_enc_init(&c, &b);
		for (int i = 0; i < 40000; i++) {
			want[i] = (uint8_t)(((i % 997) == 0) ^ flip);
			sl_mc_bit_code(&c, &p, want[i]);
		}
		sl_mc_enc_finish(&c);
		p = 0;
		sl_mc_dec_init(&c, b.data, b.len);
		for (int i = 0; i < 40000; i++)
			assert_int_equal(sl_mc_bit_code(&c, &p, 0), want[i]);
		assert_true(sl_mc_dec_done(&c));
		sl_buf_free(&b);
	}
}

/* An adaptive model of a skewed source costs close to its entropy; a
 * forced symbol (one in the mask) costs nothing at all. */
static void test_cost(void **st)
{
	(void)st;
	sl_buf b;
	sl_mc c;
	sl_mc_freq f;
	sl_prng rng;
	double h = 0;
	const double p[4] = {0.7, 0.2, 0.07, 0.03};
	enum { N = 100000 };
	for (int k = 0; k < 4; k++)
		h -= p[k] * log2(p[k]);
	memset(&f, 0, sizeof f);
	sl_prng_seed(&rng, 7, 1);
	sl_buf_init(&b);
	sl_mc_enc_init(&c, &b);
	for (int i = 0; i < N; i++) {
		uint32_t r = sl_prng_below(&rng, 100);
		sl_mc_sym(&c, &f, 0x0f, r < 70 ? 0 : r < 90 ? 1 : r < 97 ? 2 : 3);
	}
	for (int i = 0; i < N; i++)
		sl_mc_sym(&c, &f, 0x04, 2);
	sl_mc_enc_finish(&c);
	assert_true(b.len * 8.0 < N * h * 1.01 + 64);
	assert_true(b.len * 8.0 > N * h * 0.98);
	sl_buf_free(&b);
}

/* Any bytes decode without a crash, and a decoder that runs past its
 * bytes or meets an impossible value says so. */
static void test_garbage(void **st)
{
	(void)st;
	sl_prng rng;
	int flagged = 0;
	sl_prng_seed(&rng, 11, 1);
	for (int t = 0; t < 200; t++) {
		uint8_t junk[64];
		sl_mc c;
		models m;
		size_t n = sl_prng_below(&rng, sizeof junk);
		for (size_t i = 0; i < n; i++)
			junk[i] = (uint8_t)sl_prng_below(&rng, 256);
		memset(&m, 0, sizeof m);
		sl_mc_dec_init(&c, junk, n);
		for (int i = 0; i < 2000; i++) {
			sl_mc_uint(&c, m.uint, 0);
			sl_mc_uniform(&c, 0, 3);
			sl_mc_sym(&c, &m.freq[0], 0x15, 0);
		}
		flagged += !sl_mc_dec_ok(&c);
	}
	assert_int_equal(flagged, 200);
}

/* Encoding a symbol the mask says is impossible is the caller's bug: the
 * coder marks itself bad instead of writing a code that decodes wrong. */
static void test_encoder_misuse(void **st)
{
	(void)st;
	sl_buf b;
	sl_mc c;
	sl_mc_freq f;
	memset(&f, 0, sizeof f);
	sl_buf_init(&b);
	sl_mc_enc_init(&c, &b);
	assert_int_equal(sl_mc_sym(&c, &f, 0x05, 1), -1);
	assert_true(c.bad);
	assert_int_equal(sl_mc_sym(&c, &f, 0, 0), -1);
	sl_buf_free(&b);
}

/* A short end (sl_mc_enc_finish_short): streams of every length, from
 * none, come back as written, 1 to 4 bytes shorter than the full end
 * (whose last 4 bytes are low's); the decoder told so ends exactly at the
 * last byte and refuses a zero byte added or a byte taken away. */
static void test_short_end(void **st)
{
	(void)st;
	static uint32_t vals[3000];
	size_t saved = 0, runs = 0;
	for (int n = 0; n < 3000; n = n < 40 ? n + 1 : n * 3 / 2) {
		for (uint64_t seed = 1; seed <= 4; seed++) {
			sl_buf b, full;
			sl_mc c;
			sl_buf_init(&b);
			sl_buf_init(&full);
			sl_mc_enc_init(&c, &full);
			stream(&c, seed, n, vals);
			sl_mc_enc_finish(&c);
			sl_mc_enc_init(&c, &b);
			stream(&c, seed, n, vals);
			sl_mc_enc_finish_short(&c);
			assert_true(b.len + 1 <= full.len && b.len + 4 >= full.len);
			assert_memory_equal(b.data, full.data, b.len > 0 ? b.len - 1 : 0);
			saved += full.len - b.len;
			runs++;
			sl_mc_dec_init(&c, b.data, b.len);
			sl_mc_dec_short(&c);
			stream(&c, seed, n, vals);
			assert_true(sl_mc_dec_done(&c));
			/* a full decoder does not take it (the zeros left out) */
			sl_mc_dec_init(&c, b.data, b.len);
			stream(&c, seed, n, vals);
			assert_false(sl_mc_dec_done(&c));
			/* a zero byte added: not what the encoder ends with */
			sl_buf_u8(&b, 0);
			sl_mc_dec_init(&c, b.data, b.len);
			sl_mc_dec_short(&c);
			stream(&c, seed, n, vals);
			assert_false(sl_mc_dec_done(&c));
			sl_buf_free(&b);
			sl_buf_free(&full);
		}
	}
	/* about 3 bytes a code: the point of it */
	assert_true(saved >= 2 * runs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_carries),
		cmocka_unit_test(test_short_end),
		cmocka_unit_test(test_cost),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_encoder_misuse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
