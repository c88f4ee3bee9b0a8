/* dice.c - the recorder's fair dice: draws keyed with a secret seed over a
 * counter (formats/prng.md), through libsodium's keyed BLAKE2b. */
#include "sl_core.h"

#include <sodium.h>
#include <string.h>

int sl_dice_draw(const uint8_t key[SL_DICE_KEY_BYTES], uint64_t counter, int faces)
{
	static const char tag[] = "sillage-dice-1";   /* and its NUL */
	uint8_t in[sizeof tag + 8], out[64];
	uint32_t threshold, w = 0;
	if (faces < 1 || faces > 255 || sodium_init() < 0)
		return SL_EUSAGE;
	memcpy(in, tag, sizeof tag);
	for (int i = 0; i < 8; i++)
		in[sizeof tag + i] = (uint8_t)(counter >> (8 * i));
	if (crypto_generichash(out, sizeof out, in, sizeof in, key, SL_DICE_KEY_BYTES) != 0)
		return SL_EUSAGE;
	/* the first word that does not bias the modulo; all sixteen biased
	 * (odds below 2^-380) falls back on the last */
	threshold = (uint32_t)(-(uint32_t)faces) % (uint32_t)faces;
	for (int k = 0; k < 16; k++) {
		w = (uint32_t)out[4 * k] | (uint32_t)out[4 * k + 1] << 8 | (uint32_t)out[4 * k + 2] << 16 |
			(uint32_t)out[4 * k + 3] << 24;
		if (w >= threshold)
			break;
	}
	return 1 + (int)(w % (uint32_t)faces);
}
