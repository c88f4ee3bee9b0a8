/* sl_mc.h - a range coder with adaptive models, for the modelled segments of
 * the .silb archive (formats/silb.md, "Modelled segments").
 *
 * One function codes each kind of symbol in both directions: encoding, it
 * writes the value it is given and returns it; decoding, it ignores that
 * argument and returns the value read. A model (a rules module's or the
 * generic schema coder's) is therefore written once, and encoder and
 * decoder cannot drift apart.
 *
 * Why our own coder and not a library: the models ask the rules which
 * symbols are possible before each one is coded, so the coder must be
 * driven symbol by symbol with probabilities we choose; Debian's
 * compressors (zlib, xz, zstd, brotli) take bytes, not symbols. The coder
 * is the classic carry-propagating range coder (Martin 1979; the byte
 * layout LZMA also uses): 32-bit range, 64-bit low, one cached byte.
 *
 * Every model's memory is valid when zeroed, so a segment resets all of
 * its models with one memset. */
#ifndef SL_MC_H
#define SL_MC_H

#include <stddef.h>
#include <stdint.h>

#include "sl_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sl_mc {
	int dec;                 /* 0 encoding, 1 decoding */
	uint32_t range;
	/* encoder */
	uint64_t low;
	uint8_t cache;
	uint64_t pending;        /* cache plus the 0xff bytes waiting for a carry */
	sl_buf *out;
	/* decoder */
	uint32_t code;
	const uint8_t *p, *end;
	size_t over;             /* bytes read past the end (as zeros) */
	int bad;                 /* a value no encoder writes was decoded */
	/* a short end (sl_mc_enc_finish_short): the encoder's first byte of
	 * the code; the decoder's, and the zero bytes it may read past the end */
	size_t start;
	const uint8_t *beg;
	size_t slack;
} sl_mc;

void sl_mc_enc_init(sl_mc *c, sl_buf *out);
/* Writes the last bytes; the buffer then holds the whole code. */
void sl_mc_enc_finish(sl_mc *c);
void sl_mc_dec_init(sl_mc *c, const uint8_t *p, size_t n);
/* A short end (formats/silb.md, "The range coder"): the encoder picks the
 * value of the final interval with the most low zero bytes and leaves out
 * up to 4 zero bytes at the end of the code; a decoder that was told so
 * (sl_mc_dec_short, right after sl_mc_dec_init) reads them back as zeros.
 * A code so ended does not end with a zero byte unless 4 were left out. */
void sl_mc_enc_finish_short(sl_mc *c);
void sl_mc_dec_short(sl_mc *c);
/* 1 when decoding went well so far: nothing impossible, at most the
 * bytes the encoder wrote. */
int sl_mc_dec_ok(const sl_mc *c);
/* 1 when the decoder consumed exactly its bytes (check at the very end). */
int sl_mc_dec_done(const sl_mc *c);

/* An adaptive bit: P(0) in 16 bits, moved 1/32 of the way toward each bit
 * coded (so a bit that never changes costs about 0.0007 bits); zero
 * means P(0) = 1/2. */
typedef uint16_t sl_mc_bit;
int sl_mc_bit_code(sl_mc *c, sl_mc_bit *p, int bit);

/* A value in 0..n-1, all equally likely (n <= 65536). */
unsigned sl_mc_uniform(sl_mc *c, unsigned v, unsigned n);

/* nbits (<= 8) adaptive bits, high first: probs has 1 << nbits entries. */
unsigned sl_mc_tree(sl_mc *c, sl_mc_bit *probs, int nbits, unsigned v);

/* An unsigned 32-bit value: its bit length through an adaptive tree, then
 * the bits under the top one, the first two adaptive per length. */
#define SL_MC_UINT_PROBS (64 + 33 * 4)
uint32_t sl_mc_uint(sl_mc *c, sl_mc_bit *probs, uint32_t v);

/* An adaptive choice among up to 8 symbols, some of which may be
 * impossible at this point (mask: bit k set = symbol k possible). Counts
 * start equal and grow by 2 per use (a Krichevsky-Trofimov estimate),
 * halved as their sum nears 2^14. Encoding, sym must be in mask; the
 * return is -1 only when mask is empty (nothing is coded then). */
#define SL_MC_NSYM 8
typedef struct sl_mc_freq {
	uint16_t f[SL_MC_NSYM];  /* frequency - 1 */
} sl_mc_freq;
int sl_mc_sym(sl_mc *c, sl_mc_freq *m, unsigned mask, int sym);
/* A counted bit: P(0) moves toward each bit coded by 1/(n + 2) after n
 * uses, which is exactly the Krichevsky-Trofimov estimate, until n reaches
 * 255; after that it keeps following at rate 1/257. A flag that never
 * changes then costs about log2(n)/2 bits over n uses, where an sl_mc_bit
 * pays about 23 bits to learn and 0.0007 per use after. No division. */
typedef struct sl_mc_cnt {
	uint32_t p;              /* P(0) in 32 bits, XOR 2^31 (zero = 1/2) */
	uint32_t n;              /* uses, up to 255 */
} sl_mc_cnt;
int sl_mc_flag(sl_mc *c, sl_mc_cnt *m, int bit);

#ifdef __cplusplus
}
#endif
#endif
