/* starship_int.h - what the files of the starship module share; private. */
#ifndef STARSHIP_INT_H
#define STARSHIP_INT_H

#include "starship.h"

#define STARSHIP_RULES_VERSION 1

/* Event types, in schema order. */
enum {
	STARSHIP_EV_SHIP, STARSHIP_EV_ENCOUNTER, STARSHIP_EV_ATTACK, STARSHIP_EV_DAMAGE,
	STARSHIP_EV_ESCAPE, STARSHIP_EV_REPAIR, STARSHIP_NEV
};

extern const sl_schema starship_schema;

const char *starship_side_word(int side);   /* "player" / "enemy" */
/* "your ship" / "the Krellan raider" style names for sentences. */
const char *starship_name(const starship_state *s, int side);

int starship_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int starship_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err);

int starship_serialize(const void *st, sl_buf *out);
int starship_restore(void **out, const void *p, size_t n, sl_error *err);
void starship_summary(const void *st, const sl_header *h, sl_buf *out);
void starship_summary_json(const void *st, const sl_header *h, sl_buf *out);
void starship_help(const void *st, const sl_header *h, sl_buf *out);
int starship_generate(const void *st, const sl_header *h, sl_prng *rng,
	sl_arena *a, sl_event *out, sl_error *err);

int starship_result(const void *st, const sl_header *h, sl_buf *out);   /* starship_result.c */

#endif
