/* lzw.h - the GIF LZW encoder (private to render/: gif.c and its tests). */
#ifndef SL_LZW_H
#define SL_LZW_H

#include <stddef.h>
#include <stdint.h>

#include "core/sl_core.h"

/* The string table: a hash of (prefix code << 8 | pixel) + 1 to the
 * string's code, and the runs of one value beside it. Scratch space, 64 KB;
 * the caller owns it. */
typedef struct sl_lzw {
	uint32_t key[1u << 13];
	uint16_t code[1u << 13];
	/* the strings that are one value repeated (sl_lzw_encode): the code
	 * of the string one longer, 0 for none, and the value repeated
	 * (256: not such a string), by code */
	uint16_t longer[4096];
	uint16_t run[4096];
	uint16_t shorter[4096];   /* the run one shorter */
	uint16_t express[4096];   /* the run 16 longer, 0 for none */
} sl_lzw;

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
