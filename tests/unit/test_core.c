/* test_core.c - hex geometry, buffers and varints, hash, PRNG, fixed point,
 * errors and the allocation hook. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sl_core.h"

static void test_hex_neighbors_flat(void **s)
{
	(void)s;
	sl_hex c = sl_hex_make(0, 0);
	/* flat: N is (0,-1), SE is (1,0), SW is (-1,1) */
	sl_hex n = sl_hex_neighbor(SL_HEX_FLAT, c, 0);
	assert_int_equal(n.q, 0);
	assert_int_equal(n.r, -1);
	n = sl_hex_neighbor(SL_HEX_FLAT, c, 2);
	assert_int_equal(n.q, 1);
	assert_int_equal(n.r, 0);
	n = sl_hex_neighbor(SL_HEX_FLAT, c, 4);
	assert_int_equal(n.q, -1);
	assert_int_equal(n.r, 1);
	for (int d = 0; d < 6; d++) {
		sl_hex a = sl_hex_neighbor(SL_HEX_FLAT, c, d);
		sl_hex b = sl_hex_neighbor(SL_HEX_FLAT, a, sl_hex_dir_rotate(d, 3));
		assert_true(sl_hex_eq(b, c));   /* opposite direction comes back */
		assert_int_equal(sl_hex_distance(c, a), 1);
		assert_int_equal(sl_hex_dir_to(SL_HEX_FLAT, c, a), d);
	}
}

static void test_hex_pointy(void **s)
{
	(void)s;
	sl_hex e = sl_hex_neighbor(SL_HEX_POINTY, sl_hex_make(0, 0), 1);   /* E */
	assert_int_equal(e.q, 1);
	assert_int_equal(e.r, 0);
	assert_string_equal(sl_hex_dir_name(SL_HEX_POINTY, 4), "W");
	assert_int_equal(sl_hex_dir_parse(SL_HEX_POINTY, "w", 1), 4);
	assert_int_equal(sl_hex_dir_parse(SL_HEX_FLAT, "W", 1), -1);   /* no W side on flat */
	assert_int_equal(sl_hex_dir_parse(SL_HEX_FLAT, "sw", 2), 4);
	assert_int_equal(sl_hex_dir_parse(SL_HEX_FLAT, "S", 1), 3);
	assert_int_equal(sl_hex_dir_parse(SL_HEX_FLAT, "SWX", 3), -1);
}

static void test_hex_distance_and_diff(void **s)
{
	(void)s;
	assert_int_equal(sl_hex_distance(sl_hex_make(0, 0), sl_hex_make(3, -1)), 3);
	assert_int_equal(sl_hex_distance(sl_hex_make(-2, 4), sl_hex_make(2, -1)), 5);
	assert_int_equal(sl_hex_dir_diff(0, 3), 3);
	assert_int_equal(sl_hex_dir_diff(5, 0), 1);
	assert_int_equal(sl_hex_dir_diff(1, 5), 2);
	assert_int_equal(sl_hex_dir_diff(4, 4), 0);
	assert_int_equal(sl_hex_dir_rotate(5, 1), 0);
	assert_int_equal(sl_hex_dir_rotate(0, -1), 5);
	assert_int_equal(sl_hex_dir_rotate(2, -13), 1);
}

static void test_hex_offset_round_trip(void **s)
{
	(void)s;
	sl_hex_layout layouts[4] = {{SL_HEX_FLAT, SL_HEX_ODD}, {SL_HEX_FLAT, SL_HEX_EVEN},
		{SL_HEX_POINTY, SL_HEX_ODD}, {SL_HEX_POINTY, SL_HEX_EVEN}};
	for (int l = 0; l < 4; l++)
		for (int col = -5; col <= 5; col++)
			for (int row = -5; row <= 5; row++) {
				sl_offset o = {col, row};
				sl_offset b = sl_hex_to_offset(layouts[l], sl_hex_from_offset(layouts[l], o));
				assert_int_equal(b.col, col);
				assert_int_equal(b.row, row);
			}
	/* odd-q: column 1 is shoved down, so (1,0) is SE of (0,0) */
	{
		sl_hex_layout l = {SL_HEX_FLAT, SL_HEX_ODD};
		sl_hex a = sl_hex_from_offset(l, (sl_offset){0, 0});
		sl_hex b = sl_hex_from_offset(l, (sl_offset){1, 0});
		assert_int_equal(sl_hex_dir_to(SL_HEX_FLAT, a, b), 2);
		/* and in even-q the same pair is NE */
		l.parity = SL_HEX_EVEN;
		a = sl_hex_from_offset(l, (sl_offset){0, 0});
		b = sl_hex_from_offset(l, (sl_offset){1, 0});
		assert_int_equal(sl_hex_dir_to(SL_HEX_FLAT, a, b), 1);
	}
}

static void test_hex_line(void **s)
{
	(void)s;
	sl_hex out[16];
	sl_hex a = sl_hex_make(0, 0), b = sl_hex_make(3, -3);
	int n = sl_hex_line(a, b, out, 16);
	assert_int_equal(n, 4);
	for (int i = 0; i < n; i++) {
		assert_int_equal(out[i].q, i);
		assert_int_equal(out[i].r, -i);
	}
	/* every step of any line is a neighbour step */
	b = sl_hex_make(5, -2);
	n = sl_hex_line(a, b, out, 16);
	assert_int_equal(n, 6);
	assert_true(sl_hex_eq(out[0], a));
	assert_true(sl_hex_eq(out[5], b));
	for (int i = 1; i < n; i++)
		assert_int_equal(sl_hex_distance(out[i - 1], out[i]), 1);
	assert_int_equal(sl_hex_line(a, a, out, 16), 1);
	assert_true(sl_hex_eq(out[0], a));
}

static void test_hex_ring(void **s)
{
	(void)s;
	sl_hex out[32];
	sl_hex c = sl_hex_make(2, -1);
	assert_int_equal(sl_hex_ring(SL_HEX_FLAT, c, 0, out, 32), 1);
	assert_true(sl_hex_eq(out[0], c));
	assert_int_equal(sl_hex_ring(SL_HEX_FLAT, c, 2, out, 32), 12);
	for (int i = 0; i < 12; i++) {
		assert_int_equal(sl_hex_distance(out[i], c), 2);
		for (int j = 0; j < i; j++)
			assert_false(sl_hex_eq(out[i], out[j]));
		assert_int_equal(sl_hex_distance(out[i], out[(i + 1) % 12]), 1);
	}
	/* starts 2 steps SW of the centre */
	assert_int_equal(out[0].q, c.q - 2);
	assert_int_equal(out[0].r, c.r + 2);
}

static void test_varints(void **s)
{
	(void)s;
	static const uint64_t u[] = {0, 1, 127, 128, 300, 16383, 16384, UINT32_MAX, UINT64_MAX};
	static const int64_t v[] = {0, -1, 1, -64, 63, -65, INT64_MIN, INT64_MAX};
	sl_buf b;
	sl_reader r;
	sl_buf_init(&b);
	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++)
		sl_buf_uvarint(&b, u[i]);
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		sl_buf_svarint(&b, v[i]);
	sl_reader_init(&r, b.data, b.len);
	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++)
		assert_true(sl_read_uvarint(&r) == u[i]);
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		assert_true(sl_read_svarint(&r) == v[i]);
	assert_int_equal(r.err, 0);
	assert_int_equal(r.pos, b.len);
	/* 300 is ac 02; zigzag(-1) is 1 */
	sl_buf_reset(&b);
	sl_buf_uvarint(&b, 300);
	sl_buf_svarint(&b, -1);
	assert_int_equal(b.len, 3);
	assert_int_equal(b.data[0], 0xac);
	assert_int_equal(b.data[1], 0x02);
	assert_int_equal(b.data[2], 0x01);
	sl_buf_free(&b);
}

static void test_reader_bounds(void **s)
{
	(void)s;
	static const uint8_t trunc[] = {0x80, 0x80};
	static const uint8_t overlong[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
	sl_reader r;
	sl_reader_init(&r, trunc, sizeof trunc);
	assert_int_equal(sl_read_uvarint(&r), 0);
	assert_int_equal(r.err, 1);
	sl_reader_init(&r, overlong, sizeof overlong);
	sl_read_uvarint(&r);
	assert_int_equal(r.err, 1);   /* more than 64 bits */
	sl_reader_init(&r, trunc, sizeof trunc);
	sl_read_u32le(&r);
	assert_int_equal(r.err, 1);
	assert_null(sl_read_bytes(&r, 1));   /* stays failed */
}

static void test_buf_printf(void **s)
{
	(void)s;
	sl_buf b;
	sl_buf_init(&b);
	for (int i = 0; i < 1000; i++)
		sl_buf_printf(&b, "%d,", i);
	assert_int_equal(b.len, 3890);
	assert_memory_equal(b.data, "0,1,2,", 6);
	assert_string_equal(sl_buf_cstr(&b) + b.len - 4, "999,");
	sl_buf_free(&b);
}

static void test_json_str(void **s)
{
	(void)s;
	sl_buf b;
	sl_buf_init(&b);
	sl_buf_json_str(&b, "a\"b\\c\nd\te\x01\x7f é<");
	assert_string_equal(sl_buf_cstr(&b), "\"a\\\"b\\\\c\\nd\\te\\u0001\\u007f é<\"");
	sl_buf_reset(&b);
	sl_buf_json_str(&b, NULL);
	assert_string_equal(sl_buf_cstr(&b), "\"\"");
	sl_buf_free(&b);
}

static void test_fnv1a_vectors(void **s)
{
	(void)s;
	/* published FNV-1a 64 test vectors */
	assert_true(sl_hash64("", 0) == UINT64_C(0xcbf29ce484222325));
	assert_true(sl_hash64("a", 1) == UINT64_C(0xaf63dc4c8601ec8c));
	assert_true(sl_hash64("foobar", 6) == UINT64_C(0x85944171f73967e8));
	assert_true(sl_hash64_update(sl_hash64("foo", 3), "bar", 3) == sl_hash64("foobar", 6));
}

static void test_pcg32_reference(void **s)
{
	(void)s;
	/* the reference pcg32-demo sequence for seed 42, stream 54 */
	static const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
	sl_prng r;
	sl_prng_seed(&r, 42, 54);
	for (size_t i = 0; i < 6; i++)
		assert_true(sl_prng_next(&r) == want[i]);
}

static void test_dice_fair(void **s)
{
	(void)s;
	sl_prng r;
	int count[7] = {0};
	sl_prng_seed(&r, 7, 1);
	for (int i = 0; i < 60000; i++) {
		int d = sl_prng_die(&r, 6);
		assert_in_range(d, 1, 6);
		count[d]++;
	}
	for (int f = 1; f <= 6; f++)   /* about 10000 each; 5 sigma is ~460 */
		assert_in_range(count[f], 9400, 10600);
}

static void test_fx(void **s)
{
	(void)s;
	sl_fx v;
	char t[32];
	assert_true(sl_fx_mul(150, 250) == 375);        /* 1.5 * 2.5 = 3.75 */
	assert_true(sl_fx_mul(-150, 3) == -5);          /* -1.5 * 0.03 = -0.045 -> -0.05 */
	assert_true(sl_fx_div(100, 300) == 33);
	assert_true(sl_fx_div(200, 300) == 67);
	assert_int_equal(sl_fx_parse("12.3", 4, &v), SL_OK);
	assert_true(v == 1230);
	assert_int_equal(sl_fx_parse("-0.05", 5, &v), SL_OK);
	assert_true(v == -5);
	assert_int_equal(sl_fx_parse("1.234", 5, &v), SL_ESYNTAX);
	assert_int_equal(sl_fx_parse("1.", 2, &v), SL_ESYNTAX);
	assert_int_equal(sl_fx_parse("", 0, &v), SL_ESYNTAX);
	sl_fx_format(-1205, t, sizeof t);
	assert_string_equal(t, "-12.05");
	sl_fx_format(7, t, sizeof t);
	assert_string_equal(t, "0.07");
}

static void test_error_keeps_first(void **s)
{
	(void)s;
	sl_error e;
	char out[600];
	sl_error_clear(&e);
	assert_int_equal(sl_error_at(&e, SL_ESYNTAX, "g.sil", 3, 7, "first %d", 1), SL_ESYNTAX);
	sl_error_set(&e, SL_EIO, "second");
	assert_int_equal(e.code, SL_ESYNTAX);
	sl_error_format(&e, out, sizeof out);
	assert_string_equal(out, "g.sil:3:7: first 1");
	sl_error_clear(&e);
	sl_error_set(&e, SL_EFORMAT, "bad signature");
	snprintf(e.file, sizeof e.file, "x.silb");
	e.offset = 0x1f;
	sl_error_format(&e, out, sizeof out);
	assert_string_equal(out, "x.silb: offset 0x1f: bad signature");
}

static int fail_after;
static void *failing_alloc(void *ud, void *p, size_t n)
{
	(void)ud;
	if (n == 0) {
		free(p);
		return NULL;
	}
	if (fail_after-- <= 0)
		return NULL;
	return realloc(p, n);
}

static void test_alloc_hook(void **s)
{
	(void)s;
	sl_buf b;
	sl_arena a;
	sl_set_allocator(failing_alloc, NULL);
	fail_after = 0;
	sl_buf_init(&b);
	sl_buf_puts(&b, "hello");
	assert_true(b.failed);   /* the failure is sticky: checked once at the end */
	sl_buf_puts(&b, "again");
	assert_int_equal(b.len, 0);
	sl_buf_free(&b);
	fail_after = 0;
	sl_arena_init(&a);
	assert_null(sl_arena_alloc(&a, 10));
	assert_null(sl_strdup("x"));
	sl_set_allocator(NULL, NULL);
	assert_non_null(sl_arena_alloc(&a, 10));
	sl_arena_free(&a);
}

/* formats/commit.md: the worked example, computed independently (Python's
 * hashlib.blake2b over the concatenated bytes). */
static void test_commit_reference(void **state)
{
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES], back[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	int i;
	(void)state;
	for (i = 0; i < SL_SALT_BYTES; i++)
		salt[i] = (uint8_t)i;
	assert_int_equal(sl_commit(c, "xwing-dial", salt, "2TR", 3), SL_OK);
	sl_hexstr_encode(hex, c, sizeof c);
	assert_string_equal(hex, "f0b297f036ee7fe37f50e3015182c89e20f5e4045675b6c9f8faac213310df0f");
	assert_int_equal(sl_commit_check(c, "xwing-dial", salt, "2TR", 3), 1);
	/* another content, domain or salt does not open it */
	assert_int_equal(sl_commit_check(c, "xwing-dial", salt, "2TL", 3), 0);
	assert_int_equal(sl_commit_check(c, "fmp-takeoff", salt, "2TR", 3), 0);
	salt[0] ^= 1;
	assert_int_equal(sl_commit_check(c, "xwing-dial", salt, "2TR", 3), 0);
	assert_int_equal(sl_hexstr_decode(back, sizeof back, hex, strlen(hex)), SL_OK);
	assert_memory_equal(back, c, sizeof c);
	assert_int_equal(sl_hexstr_decode(back, sizeof back, hex, strlen(hex) - 1), SL_ESYNTAX);
	hex[5] = 'g';
	assert_int_equal(sl_hexstr_decode(back, sizeof back, hex, strlen(hex)), SL_ESYNTAX);
	/* two salts drawn in a row differ */
	assert_int_equal(sl_random_bytes(salt, sizeof salt), SL_OK);
	assert_int_equal(sl_random_bytes(back, sizeof salt), SL_OK);
	assert_memory_not_equal(salt, back, sizeof salt);
}

/* formats/prng.md: the recorder's fair dice, the worked example computed
 * independently (Python's hashlib.blake2b with key=, digest_size=64). */
static void test_dice_reference(void **state)
{
	uint8_t key[SL_DICE_KEY_BYTES], salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	static const int want[10] = {1, 2, 2, 6, 5, 1, 3, 3, 1, 2};
	char hex[2 * SL_COMMIT_BYTES + 1];
	(void)state;
	for (int i = 0; i < SL_DICE_KEY_BYTES; i++)
		key[i] = (uint8_t)i;
	for (int i = 0; i < SL_SALT_BYTES; i++)
		salt[i] = (uint8_t)i;
	for (int n = 0; n < 10; n++)
		assert_int_equal(sl_dice_draw(key, (uint64_t)n, 6), want[n]);
	assert_int_equal(sl_commit(c, "sillage-seed", salt, key, sizeof key), SL_OK);
	sl_hexstr_encode(hex, c, sizeof c);
	assert_string_equal(hex, "a3c4ceb014680c508a94f303b02252da0ff0418cb944d1df3b9e1af2d422158f");
	/* another key draws otherwise; faces out of range are refused */
	key[0] ^= 1;
	int same = 0;
	for (int n = 0; n < 10; n++)
		same += sl_dice_draw(key, (uint64_t)n, 6) == want[n];
	assert_true(same < 10);
	assert_true(sl_dice_draw(key, 0, 0) < 0);
	assert_true(sl_dice_draw(key, 0, 256) < 0);
	/* every face comes up, none outside 1..faces */
	int seen[21] = {0};
	for (int n = 0; n < 2000; n++) {
		int v = sl_dice_draw(key, (uint64_t)n, 20);
		assert_true(v >= 1 && v <= 20);
		seen[v]++;
	}
	for (int v = 1; v <= 20; v++)
		assert_true(seen[v] > 0);
}

/* A secret from each player (formats/prng.md's worked example, computed
 * with Python's hashlib apart from this code): the shares at counter 0 of
 * the seeds 11..11 and 22..22, the key they make, and its die. */
static void test_dice_shares(void **s)
{
	uint8_t a[SL_DICE_KEY_BYTES], b[SL_DICE_KEY_BYTES], sh[2][SL_COMMIT_BYTES], key[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	(void)s;
	memset(a, 0x11, sizeof a);
	memset(b, 0x22, sizeof b);
	assert_int_equal(sl_dice_share(sh[0], a, 0), SL_OK);
	assert_int_equal(sl_dice_share(sh[1], b, 0), SL_OK);
	sl_hexstr_encode(hex, sh[0], sizeof sh[0]);
	assert_string_equal(hex, "532542b6a5b07b33c98fd191772c264b62bd49c593c0cb21495f092797ea7cf6");
	assert_int_equal(sl_dice_key(key, (const uint8_t (*)[SL_COMMIT_BYTES])sh, 2), SL_OK);
	sl_hexstr_encode(hex, key, sizeof key);
	assert_string_equal(hex, "4a6f70bad6e0a4c897329d5a6c6cb1a54bdee0957ae99cdb2e6c5e601b09ed78");
	assert_int_equal(sl_dice_draw(key, 0, 6), 4);
	assert_int_equal(sl_dice_share(sh[1], b, 1), SL_OK);
	sl_hexstr_encode(hex, sh[1], sizeof sh[1]);
	assert_string_equal(hex, "99b5246d3f4cacb2053d03876982fbe9735b8b2efd8d4311e422c650f4163b89");
	/* the order of the shares is the players' order: swapped, another key */
	memcpy(sh[1], sh[0], sizeof sh[0]);
	assert_int_equal(sl_dice_share(sh[0], b, 0), SL_OK);
	assert_int_equal(sl_dice_key(sh[1], (const uint8_t (*)[SL_COMMIT_BYTES])sh, 2), SL_OK);
	assert_memory_not_equal(sh[1], key, sizeof key);
}

/* sl_fixed writes what glibc's "%.*f" writes: random bit patterns, numbers
 * of a few binary digits (exact ties at the last decimal among them), cut
 * buffers. */
static void test_fixed_as_printf(void **state)
{
	uint64_t s = 88172645463325252u;
	long checked = 0;
	(void)state;
	for (long i = 0; i < 400000; i++) {
		char a[512], b[512], c[8];
		double d;
		int prec, ra, rb;
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		prec = (int)(s % 19);
		if (i % 3 == 0)
			memcpy(&d, &s, sizeof d);
		else if (i % 3 == 1)
			d = (double)((int64_t)(s >> 30) - ((int64_t)1 << 33)) / (double)((uint64_t)1 << (s % 40));
		else
			d = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 2000;
		if (i == 0)   /* the edges of the integers */
			for (int x = 0; x < 4; x++) {
				long long v = x == 0 ? 0 : x == 1 ? LLONG_MIN : x == 2 ? LLONG_MAX : -9;
				unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
				ra = snprintf(a, sizeof a, "%lld", v);
				assert_int_equal(sl_fixed_int(b, sizeof b, v < 0, u), ra);
				assert_string_equal(a, b);
			}
		ra = snprintf(a, sizeof a, "%.*f", prec, d);
		if ((rb = sl_fixed(b, sizeof b, d, prec)) < 0) {   /* left to printf: NaN, huge */
			assert_true(d != d || d >= 9223372036854775808.0 || d <= -9223372036854775808.0);
			continue;
		}
		assert_int_equal(ra, rb);
		assert_string_equal(a, b);
		snprintf(a, sizeof c, "%.*f", prec, d);
		assert_int_equal(sl_fixed(c, sizeof c, d, prec), ra);
		assert_string_equal(a, c);
		{   /* and the integers cairo prints ("%d", "%ld"): whole and cut */
			long long v = (long long)(s >> (s % 64)) * (s & 1 ? -1 : 1);
			unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
			size_t cut = (size_t)(s >> 7) % 12;
			ra = snprintf(a, sizeof a, "%lld", v);
			assert_int_equal(sl_fixed_int(b, sizeof b, v < 0, u), ra);
			assert_string_equal(a, b);
			snprintf(a, cut, "%lld", v);
			memset(b, 'x', sizeof b);
			assert_int_equal(sl_fixed_int(b, cut, v < 0, u), ra);
			assert_memory_equal(a, b, cut < (size_t)ra + 1 ? cut : (size_t)ra + 1);
			assert_true(cut || b[0] == 'x');
		}
		checked++;
	}
	assert_true(checked > 300000);
}

/* sl_strtod reads what glibc's strtod reads, to the bit and the end:
 * numbers as cairo and sl_fixed write them (up to 18 decimals, signs,
 * leading and trailing zeros), and text strtod alone takes (exponents,
 * hexadecimal, inf, nan, blanks, more digits than 2^53) or refuses. */
static void test_strtod_as_glibc(void **state)
{
	static const char *odd[] = {"", "-", "+", ".", "-.", "5.", "-0", "+0.000", "0x1A", "0X.8p1", "1e5",
		"1.5E-3", "inf", "-nan", " 7", "\t-3.25", "9007199254740993", "9007199254740992.5",
		"0.00000000000000000000001", "123456789012345678901234", "1.2.3", "--1", "00012.50x",
		".e1", "4e", "12.34abc", "1.7976931348623157e309",
		" 12.5 L", "  -0.25", " ", "  .", " \t1", " 1e3"};
	uint64_t s = 0x9e3779b97f4a7c15u;
	(void)state;
	for (size_t i = 0; i < sizeof odd / sizeof *odd + 300000; i++) {
		char a[64], *ea, *eb;
		const char *t = a;
		double x, y;
		if (i < sizeof odd / sizeof *odd)
			t = odd[i];
		else {
			double d;
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			d = i % 2 ? ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 4000
			          : (double)((int64_t)(s >> 24)) / (double)((uint64_t)1 << (s % 50));
			snprintf(a, sizeof a, "%.*f", (int)(s >> 3) % 19, d);
			if (i % 5 == 0)   /* trailing zeros cut, as cairo leaves them */
				for (size_t l = strlen(a); l > 0 && strchr(a, '.') && (a[l - 1] == '0' || a[l - 1] == '.');)
					a[--l] = 0;
		}
		x = strtod(t, &ea);
		y = sl_strtod(t, &eb);
		assert_memory_equal(&x, &y, sizeof x);
		assert_ptr_equal(ea, eb);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_as_printf),
		cmocka_unit_test(test_strtod_as_glibc),
		cmocka_unit_test(test_hex_neighbors_flat),
		cmocka_unit_test(test_hex_pointy),
		cmocka_unit_test(test_hex_distance_and_diff),
		cmocka_unit_test(test_hex_offset_round_trip),
		cmocka_unit_test(test_hex_line),
		cmocka_unit_test(test_hex_ring),
		cmocka_unit_test(test_varints),
		cmocka_unit_test(test_reader_bounds),
		cmocka_unit_test(test_buf_printf),
		cmocka_unit_test(test_json_str),
		cmocka_unit_test(test_fnv1a_vectors),
		cmocka_unit_test(test_pcg32_reference),
		cmocka_unit_test(test_commit_reference),
		cmocka_unit_test(test_dice_reference),
		cmocka_unit_test(test_dice_fair),
		cmocka_unit_test(test_dice_shares),
		cmocka_unit_test(test_fx),
		cmocka_unit_test(test_error_keeps_first),
		cmocka_unit_test(test_alloc_hook),
	};
	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
