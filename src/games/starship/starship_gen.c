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

static void event(sl_event *out, int type)
{
	out->entry = SL_ENTRY_EVENT;
	out->type = (uint16_t)type;
	out->player = -1;
}

static void v_int(sl_value *v, int i)
{
	v->present = 1;
	v->u.i = i;
}

static int v_dice(sl_arena *a, sl_value *v, sl_prng *rng, int n)
{
	uint8_t d[2];
	void *p;
	for (int i = 0; i < n; i++)
		d[i] = (uint8_t)sl_prng_die(rng, 6);
	p = sl_arena_memdup(a, d, (size_t)n);
	if (!p)
		return SL_ENOMEM;
	v->present = 1;
	v->n = (uint16_t)n;
	v->p = p;
	return 0;
}

static int v_text(sl_arena *a, sl_value *v, const char *s)
{
	size_t n = strlen(s);
	char *p = sl_arena_strndup(a, s, n);
	if (!p)
		return SL_ENOMEM;
	v->present = 1;
	v->n = (uint16_t)n;
	v->p = p;
	return 0;
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
		event(out, STARSHIP_EV_SHIP);
		if ((rc = v_dice(a, &out->f[1], rng, 1)) || (rc = v_dice(a, &out->f[2], rng, 1)))
			goto nomem;
		return 0;
	}
	if (s->outcome == STARSHIP_LOST)
		return 1;
	if (s->outcome == STARSHIP_ON) {
		if (s->pending) {
			event(out, STARSHIP_EV_DAMAGE);
			if ((rc = v_dice(a, &out->f[0], rng, 2)))
				goto nomem;
			return 0;
		}
		if (s->to_move == STARSHIP_YOU && s->escape_after >= 0
		    && s->attacks / 2 >= s->escape_after && s->you.shields < 4 && below(rng, 2)) {
			event(out, STARSHIP_EV_ESCAPE);
			v_int(&out->f[0], 1 + below(rng, 400));
			return 0;
		}
		event(out, STARSHIP_EV_ATTACK);
		v_int(&out->f[0], s->to_move);
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
		event(out, STARSHIP_EV_REPAIR);
		v_int(&out->f[0], 1 + below(rng, 400));
		return 0;
	}
	event(out, STARSHIP_EV_ENCOUNTER);
	if ((rc = v_text(a, &out->f[0], gen_enemies[below(rng, 8)])))
		goto nomem;
	v_int(&out->f[1], 5 + below(rng, 6));
	v_int(&out->f[2], 3 + below(rng, 12));
	v_int(&out->f[3], 1 + below(rng, 400));
	if (below(rng, 4) == 0)
		v_int(&out->f[4], STARSHIP_ENEMY);
	if (below(rng, 3) == 0)
		v_int(&out->f[5], 1 + below(rng, 4));
	return 0;
nomem:
	return sl_error_set(err, rc, "starship: out of memory generating an event");
}
