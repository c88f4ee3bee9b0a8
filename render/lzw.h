/* lzw.h - the GIF LZW encoder (private to render/: gif.c and its tests). */
#ifndef SL_LZW_H
#define SL_LZW_H

#include <stddef.h>
#include <stdint.h>

#include "core/sl_core.h"

/* The string table: a hash of prefix code << 8 | pixel to the string's
 * code, each slot one word (the string in its top 20 bits, its code, never
 * 0, in the low 12; 0 for an empty slot: one load a probe), and the runs
 * of one value beside it. Scratch space, 64 KB; the caller owns it. */
#define SL_LZW_SLOTS (1u << 13)
typedef struct sl_lzw {
	uint32_t slot[SL_LZW_SLOTS];
	/* the strings that are one value repeated (sl_lzw_encode): the code
	 * of the string one longer, 0 for none, and the value repeated
	 * (256: not such a string), by code */
	uint16_t longer[4096];
	uint16_t run[4096];
	uint16_t shorter[4096];   /* the run one shorter */
	uint16_t express[4096];   /* the run 16 longer, 0 for none */
} sl_lzw;

/* The slot of string prefix + c: where it is, or the empty slot where it
 * would go. */
static inline uint32_t sl_lzw_probe(const sl_lzw *t, int prefix, int c)
{
	uint32_t key = (uint32_t)prefix << 8 | (uint32_t)c;
	uint32_t h = (key * 2654435761u) >> 19 & (SL_LZW_SLOTS - 1), s;
	key <<= 12;
	while ((s = t->slot[h]) != 0 && (s & ~0xfffu) != key)
		h = (h + 1) & (SL_LZW_SLOTS - 1);
	return h;
}

/* The code of string prefix + c, or -1. */
static inline int sl_lzw_find(const sl_lzw *t, int prefix, int c)
{
	uint32_t s = t->slot[sl_lzw_probe(t, prefix, c)];
	return s ? (int)(s & 0xfff) : -1;
}

/* Rules for a full table: 0 clears it at once; the others keep it and
 * clear when it stops paying, judged over 1024, 4096 or 16384 pixels at a
 * time, or never (lzw.c). */
#define SL_LZW_RULES 5

/* The LZW data of the n pixels px (each below 1 << mincode, mincode 2..8)
 * as a GIF image carries it: the code size byte, the sub-blocks and the
 * empty one that ends them, appended to out unless out is NULL. Sets
 * *filled (when not NULL) if the table filled, the only case in which
 * the rule matters. Returns the bytes the data take either way. */
size_t sl_lzw_encode(sl_lzw *t, const uint8_t *px, size_t n, int mincode, int rule, sl_buf *out,
	int *filled);

#endif
