/* sail_entropy.c - how much information a generated open sail game holds,
 * so that the size of a .silb archive is judged against what is possible.
 *
 * 1. Exact: the probability the generator (src/games/sail/sail_gen.c) gave
 *    to each entry it wrote, summed as -log2 p over the play (turn 1 on).
 *    By Shannon's source coding theorem no lossless format stores these
 *    entries in fewer bits on average.
 * 2. A rules-aware model, the estimate that led to the modelled segments
 *    of .silb archives (formats/silb.md; sail's model in formats/sail.md;
 *    bench/silb.sh prints what they take beside it):
 *    the ship coded uniformly among the ships that may legally move now,
 *    each step (or the end of the move) with adaptive counts keyed by
 *    which of the five steps are legal there and the step's position,
 *    the counts reset at every segment (SL_SILB_SEGMENT_ENTRIES, cut at a
 *    turn) since a segment must decode alone.
 *
 * The generator, per move: the ship is the first able one (free to
 * manoeuvre, not moved this phase, some step of weight > 0) scanning
 * cyclically from a uniform start; `want` is uniform in 1..6; while fewer
 * than `want` steps are taken, step t is drawn with weight w[t], plus weight
 * 4 for stopping once a step is made; the move also ends when no step has
 * weight or the ship is in irons. A wind entry is a shift (1 in 6, then one
 * of three) or a die (5 in 6, then 1..6). Markers are forced: 0 bits.
 *
 * Usage: sail_entropy GAME.sil, a log made by `sillage gen -g sail` whose
 * header says `meta gen open` (all sea, nobody fires); refuses others. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sillage.h"
#include "games/sail/sail_int.h"

/* The generator's weights of the five steps after `ns` steps of m; total. */
static int weights(const sail_state *s, const sail_sim *m, int ns, int w[5], int *legal)
{
	int total = 0;
	*legal = 0;
	for (int t = 0; t < 5; t++) {
		sail_stepres r;
		w[t] = 0;
		if (sail_step_check(s, m, t, ns + 1, &r, NULL) != 0)
			continue;
		*legal |= 1 << t;
		w[t] = r.shoal ? -1 : sail_gen_step_weight(s, &r, t, 0, 0);
		total += w[t];
	}
	return total;
}

/* Ship i could make a move: -1 not legally, 0 legally but the generator
 * gives every first step weight 0, 1 the generator may pick her. */
static int able(const sail_state *s, int i)
{
	sail_sim m;
	int w[5], legal;
	if (!sail_can_manoeuvre(&s->ships[i]) || s->ships[i].moved)
		return -1;
	sail_sim_start(s, i, &m);
	int total = weights(s, &m, 0, w, &legal);
	return legal == 0 ? -1 : total > 0;
}

typedef struct tally {
	double exact_ship, exact_steps, model_ship, model_steps, wind;
	long moves, events;
	double counts[32][4][6];   /* legal mask, position, step or end */
} tally;

static double adaptive_bits(double *c, int sym, int legal)
{
	double tot = 0;
	for (int k = 0; k < 6; k++)
		if (k == 5 || (legal & (1 << k)))
			tot += c[k] + 0.5;
	double p = (c[sym] + 0.5) / tot;
	c[sym] += 1;
	return -log2(p);
}

/* Adds the bits of move event ev in state s; -1 if not an open game. */
static int move_bits(const sail_state *s, const sl_event *ev, tally *t)
{
	int i = sail_find_ship(s, ev->f[0].p, ev->f[0].n), n = s->nships, before = 0, cands = 0;
	const uint8_t *steps = ev->f[1].p;
	int L = ev->f[1].n, w[5], legal, total;
	double p_path = 1.0, end = 1.0, p_steps = 0.0;
	sail_sim m;

	if (i < 0 || ev->f[2].present)
		return -1;
	/* the ship: one start index per skipped ship just before her */
	for (int k = 1; k < n && able(s, (i - k + n) % n) != 1; k++)
		before++;
	t->exact_ship -= log2((double)(before + 1) / n);
	for (int k = 0; k < n; k++)
		cands += able(s, k) >= 0;
	t->model_ship += log2(cands);

	sail_sim_start(s, i, &m);
	for (int k = 0; k <= L; k++) {
		total = weights(s, &m, k, w, &legal);
		if (total < 0)
			return -1;   /* a shoal */
		if (k == L) {
			/* when `want` was larger than L: stopped by choice or forced */
			int open = !m.in_irons && !m.grounded && L < SAIL_MAX_STEPS;
			if (open && total > 0)
				end = 4.0 / (total + 4);
			if (open && legal)
				t->model_steps += adaptive_bits(t->counts[legal][k < 3 ? k : 3], 5, legal);
			break;
		}
		sail_stepres r;
		p_path *= (double)w[steps[k]] / (total + (k > 0 ? 4 : 0));
		t->model_steps += adaptive_bits(t->counts[legal][k < 3 ? k : 3], steps[k], legal);
		sail_step_check(s, &m, steps[k], k + 1, &r, NULL);
		sail_step_commit(s, &m, &r, 0);
	}
	for (int want = L; want <= 6; want++)
		p_steps += (1.0 / 6) * p_path * (want == L ? 1.0 : end);
	t->exact_steps -= log2(p_steps);
	t->moves++;
	return 0;
}

static int fail(const char *what, const sl_error *err)
{
	char msg[1024];
	if (err)
		sl_error_format(err, msg, sizeof msg);
	fprintf(stderr, "sail_entropy: %s%s%s\n", what, err ? ": " : "", err ? msg : "");
	return 1;
}

int main(int argc, char **argv)
{
	static tally t;
	sl_log *log;
	sl_error err;
	void *st;
	size_t seg_start = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: sail_entropy GAME.sil\n");
		return 2;
	}
	sl_error_clear(&err);
	if (sl_log_load(&log, argv[1], &err))
		return fail(argv[1], &err);
	if (strcmp(log->game->id, "sail") != 0)
		return fail("not a sail game", NULL);
	if (log->game->init(&st, &log->h, &err))
		return fail(argv[1], &err);
	for (size_t k = 0; k < log->n; k++) {
		const sl_event *ev = &log->ev[k];
		const sail_state *s = st;
		if (ev->entry == SL_ENTRY_TURN && k - seg_start >= SL_SILB_SEGMENT_ENTRIES) {
			memset(t.counts, 0, sizeof t.counts);
			seg_start = k;
		}
		if (ev->entry == SL_ENTRY_EVENT && s->turn > 0) {
			t.events++;
			if (ev->type == SAIL_EV_WIND)
				t.wind -= log2(ev->f[0].present ? 5.0 / 36 : 1.0 / 18);
			else if (ev->type != SAIL_EV_MOVE || move_bits(s, ev, &t))
				return fail("an entry an open generated game does not hold", NULL);
		}
		if (sl_replay_apply(log, st, ev, t.events, NULL, &err))
			return fail(argv[1], &err);
	}
	if (t.events == 0)
		return fail("no play to measure", NULL);
	double exact = t.exact_ship + t.exact_steps + t.wind;
	double model = t.model_ship + t.model_steps + t.wind;
	printf("events %ld\nmoves %ld\n", t.events, t.moves);
	printf("exact_bits_per_move %.3f (ship %.3f, steps %.3f)\n", (t.exact_ship + t.exact_steps) / t.moves,
		t.exact_ship / t.moves, t.exact_steps / t.moves);
	printf("model_bits_per_move %.3f (ship %.3f, steps %.3f)\n", (t.model_ship + t.model_steps) / t.moves,
		t.model_ship / t.moves, t.model_steps / t.moves);
	printf("exact_bytes_per_event %.4f\nmodel_bytes_per_event %.4f\n", exact / 8 / t.events,
		model / 8 / t.events);
	log->game->destroy(st);
	sl_log_free(log);
	return 0;
}
