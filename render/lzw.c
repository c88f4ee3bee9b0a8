/* lzw.c - the GIF LZW encoder: greedy strings, variable-width codes in
 * 255-byte sub-blocks, and a choice of what to do when the table is full.
 * Ours, not giflib's: giflib codes an image at its colour table's code
 * size, always clears a full table at once, and cannot count the bytes of
 * an encoding without writing it, which the GIF writer does for every
 * candidate of every frame. */
#include "lzw.h"

#include <string.h>

/* When the LZW table is full: 0 clears it at once; a number of pixels
 * keeps it (no new strings) and looks back over that many pixels at a
 * time, clearing when the pixels per bit since the last clear have fallen
 * (compress(1)'s rule). Each frame whose table fills is encoded with each
 * and keeps the smallest: a picture that goes on as it began does best
 * with the table it has, one that changes with a new one. */
static const int clear_rules[SL_LZW_RULES] = {0, 1024, 4096, 16384, 1 << 30};

#define EXPRESS 16   /* see sl_lzw.express */

/* px[0..EXPRESS) are all v: two words, not sixteen bytes */
static int same_run(const uint8_t *px, uint8_t v)
{
	uint64_t a, b, vv = 0x0101010101010101ull * v;
	memcpy(&a, px, 8);
	memcpy(&b, px + 8, 8);
	return ((a ^ vv) | (b ^ vv)) == 0;
}

size_t sl_lzw_encode(sl_lzw *t, const uint8_t *px, size_t n, int mincode, int rule, sl_buf *out,
	int *filled)
{
	uint32_t *tab = t->slot, acc = 0;
	const size_t look = (size_t)clear_rules[rule];
	int clear = 1 << mincode, next = clear + 2, bits = mincode + 1, prefix, nacc = 0, full = 0;
	size_t nbits = 0, bytes, since = 0, bits_since = 0, check = 0;
	double last = 0;
	uint8_t blk[256];
	int nblk = 0;
#define EMIT(code) do { \
		nbits += (size_t)bits; \
		if (out) { \
			acc |= (uint32_t)(code) << nacc; \
			nacc += bits; \
			while (nacc >= 8) { \
				blk[1 + nblk++] = (uint8_t)acc; \
				acc >>= 8; \
				nacc -= 8; \
				if (nblk == 255) { blk[0] = 255; sl_buf_put(out, blk, 256); nblk = 0; } \
			} \
		} \
	} while (0)
#define CLEAR() do { \
		EMIT(clear); \
		memset(tab, 0, sizeof t->slot); \
		memset(t->longer, 0, sizeof t->longer); \
		memset(t->express, 0, sizeof t->express); \
		next = clear + 2; \
		bits = mincode + 1; \
		full = 0; \
	} while (0)
	if (filled)
		*filled = 0;
	if (out) {
		blk[0] = (uint8_t)mincode;
		sl_buf_put(out, blk, 1);
	}
	memset(tab, 0, sizeof t->slot);
	memset(t->longer, 0, sizeof t->longer);
	memset(t->express, 0, sizeof t->express);
	for (int c = 0; c < 4096; c++) {
		t->run[c] = c < clear ? (uint16_t)c : 256;
		t->shorter[c] = 0;
	}
	EMIT(clear);
	prefix = n ? px[0] : 0;
	for (size_t i = 1; i < n; i++) {
		uint32_t h = 0;
		int runs = t->run[prefix] == px[i];
		/* a run of one value goes on through the table of runs (most of a
		 * sparse frame is one run of the transparent index), EXPRESS
		 * pixels at a time where it can, the rest through the hash; the
		 * codes are those of the hash alone */
		if (runs) {
			while (t->express[prefix] && i + EXPRESS < n && same_run(px + i, (uint8_t)t->run[prefix])) {
				prefix = t->express[prefix];
				i += EXPRESS;
			}
			if (t->run[prefix] == px[i] && t->longer[prefix]) {
				prefix = t->longer[prefix];
				continue;
			}
			runs = t->run[prefix] == px[i];
		}
		if (!runs) {
			h = sl_lzw_probe(t, prefix, px[i]);
			if (tab[h]) {
				prefix = (int)(tab[h] & 0xfff);
				continue;
			}
		}
		EMIT(prefix);
		if (next >= (1 << bits) && bits < 12)
			bits++;
		if (full) {   /* a kept table: clear when it stops paying */
			if (i >= check) {
				double ratio = (double)(i - since) / (double)(nbits - bits_since);
				check = i + look;
				if (ratio < last) {
					CLEAR();
					since = i;
					bits_since = nbits;
				} else
					last = ratio;
			}
		} else if (look == 0 && next >= 4095) {
			CLEAR();
			if (filled)
				*filled = 1;
		} else {
			if (runs) {   /* a run one longer: and EXPRESS longer than an earlier one */
				int q = prefix, k = 1;
				t->longer[prefix] = (uint16_t)next;
				t->run[next] = px[i];
				t->shorter[next] = (uint16_t)prefix;
				while (k < EXPRESS && q >= clear) {
					q = t->shorter[q];
					k++;
				}
				if (k == EXPRESS)
					t->express[q] = (uint16_t)next;
			} else {
				tab[h] = ((uint32_t)prefix << 8 | px[i]) << 12 | (uint32_t)next;
				t->run[next] = 256;
			}
			next++;
			if (next == 4096) {   /* full: kept from here on */
				full = 1;
				last = 0;
				check = i + look;
				if (filled)
					*filled = 1;
			}
		}
		prefix = px[i];
	}
	if (n) {
		EMIT(prefix);
		if (next >= (1 << bits) && bits < 12)
			bits++;
	}
	EMIT(clear + 1);
#undef EMIT
#undef CLEAR
	if (out) {
		if (nacc > 0) {
			blk[1 + nblk++] = (uint8_t)acc;
			if (nblk == 255) { blk[0] = 255; sl_buf_put(out, blk, 256); nblk = 0; }
		}
		if (nblk) {
			blk[0] = (uint8_t)nblk;
			sl_buf_put(out, blk, (size_t)nblk + 1);
		}
		blk[0] = 0;
		sl_buf_put(out, blk, 1);
	}
	bytes = (nbits + 7) / 8;
	return 1 + bytes + (bytes + 254) / 255 + 1;
}
