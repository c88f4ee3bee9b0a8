/* starship_gen.c - synthetic voyages: the next legal entry of a random
 * voyage (the ship, stages, encounters, attacks with their dice, damage,
 * escapes and repairs), drawn from the caller's PRNG. */
#include "starship_int.h"

#include <string.h>

#define GEN_STAGES 40

static const char *const gen_enemies[8] = {
	"Krellan raider", "Pirate cutter", "Sentinel drone", "Zarlan cruiser",
	"Mining barge", "Rogue probe", "Cyclops gunship", "Ghost frigate"
};

static int below(sl_prng *rng, int n)
{
	return n <= 1 ? 0 : (int)sl_prng_below(rng, (uint32_t)n);
}

static int v_dice(sl_arena *a, sl_value *v, sl_prng *rng, int n)
{
	uint8_t d[2];
	for (int i = 0; i < n; i++)
		d[i] = (uint8_t)sl_prng_die(rng, 6);
	return sl_value_bytes(a, v, d, n);
}

int starship_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err)
{
	const starship_state *s = st;
	int rc = 0;
	(void)h;
	memset(out, 0, sizeof *out);
	out->player = -1;
	if (!s->has_ship) {
		sl_event_init(out, STARSHIP_EV_SHIP, -1);
		if ((rc = v_dice(a, &out->f[1], rng, 1)) || (rc = v_dice(a, &out->f[2], rng, 1)))
			goto nomem;
		return 0;
	}
	if (s->outcome == STARSHIP_LOST)
		return 1;
	if (s->outcome == STARSHIP_ON) {
		if (s->pending) {
			sl_event_init(out, STARSHIP_EV_DAMAGE, -1);
			if ((rc = v_dice(a, &out->f[0], rng, 2)))
				goto nomem;
			return 0;
		}
		if (s->to_move == STARSHIP_YOU && s->escape_after >= 0
		    && s->attacks / 2 >= s->escape_after && s->you.shields < 4 && below(rng, 2)) {
			sl_event_init(out, STARSHIP_EV_ESCAPE, -1);
			sl_value_int(&out->f[0], 1 + below(rng, 400));
			return 0;
		}
		sl_event_init(out, STARSHIP_EV_ATTACK, -1);
		sl_value_int(&out->f[0], s->to_move);
		if ((rc = v_dice(a, &out->f[1], rng, 2)))
			goto nomem;
		return 0;
	}
	/* between fights: a new stage, a repair now and then, or an enemy */
	if (s->turn == 0 || (s->fights >= s->turn && below(rng, 3) == 0)) {
		if (s->turn >= GEN_STAGES)
			return 1;
		out->entry = SL_ENTRY_TURN;
		out->mark = s->turn + 1;
		out->player = -1;
		return 0;
	}
	if (s->you.shields < s->you.shields_start / 2 && below(rng, 3) == 0) {
		sl_event_init(out, STARSHIP_EV_REPAIR, -1);
		sl_value_int(&out->f[0], 1 + below(rng, 400));
		return 0;
	}
	sl_event_init(out, STARSHIP_EV_ENCOUNTER, -1);
	if ((rc = sl_value_text(a, &out->f[0], gen_enemies[below(rng, 8)])))
		goto nomem;
	sl_value_int(&out->f[1], 5 + below(rng, 6));
	sl_value_int(&out->f[2], 3 + below(rng, 12));
	sl_value_int(&out->f[3], 1 + below(rng, 400));
	if (below(rng, 4) == 0)
		sl_value_int(&out->f[4], STARSHIP_ENEMY);
	if (below(rng, 3) == 0)
		sl_value_int(&out->f[5], 1 + below(rng, 4));
	return 0;
nomem:
	return sl_error_set(err, rc, "starship: out of memory generating an event");
}
