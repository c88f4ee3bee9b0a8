/* xwing_model.c - the model of xwing's .silb archives (sl_game.h, sl_model;
 * formats/xwing.md, "The model of .silb archives").
 *
 * An X-Wing log is mostly commitments and salts, random bytes the text
 * spells as hex digits: the model codes them as their bytes (schema coding
 * 2, sl_mcs_generic2), which no compressor of the text can. The rest is a
 * round that repeats: dial, dial, ..., then reveal, move, action for each
 * ship in the same order as the round before, and the ship of a move is the
 * ship just revealed; the coding's contexts (the type and the player before,
 * the previous event's ship, each field's recent values) learn it within a
 * round. State checks are predicted from the state by every model.
 *
 * The model codes only events (no hint, no keyframes), so the archives
 * written before it (model version 0, the generic coding) decode as they
 * did: sl_mcs_use_version. */
#include "xwing_int.h"

#define XWING_MODEL_VERSION 1

const sl_model xwing_model = {
	XWING_MODEL_VERSION,
	0,
	NULL,                 /* hint: none, so version 0 archives decode as before */
	sl_model_event2,      /* every event in schema coding 2 */
	NULL,                 /* keyframes: the generic byte coding */
	NULL,
	NULL,                 /* words: none yet */
};
