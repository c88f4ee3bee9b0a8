/* sail_gen.c - synthetic sail games: the next legal entry of a random game
 * (setup, turn and phase markers, wind rolls, moves with their grounding
 * dice, fire, boarding, striking), drawn from the caller's PRNG. */
#include "sail_int.h"

#include <stdio.h>
#include <string.h>

#define GEN_COLS 20
#define GEN_ROWS 14
#define GEN_TURNS 30

static const char *const gen_names[16] = {
	"Alouette", "Brise", "Cormoran", "Dauphin", "Espadon", "Farfadet", "Goeland",
	"Hirondelle", "Ibis", "Jaseur", "Korrigan", "Lamproie", "Mouette", "Narval",
	"Orque", "Petrel"
};

static const struct { const char *cls; int mp, hull, shallow; } gen_classes[4] = {
	{"74", 4, 8, 0}, {"frigate", 5, 6, 0}, {"brig", 5, 4, 1}, {"sloop", 6, 3, 1}
};

/* An open-ended synthetic game, for benchmarks that ask for millions of
 * events: the caller's header says `meta gen open`. The map is all sea and
 * has no turn limit, and nobody fires, boards or strikes, so no ship runs
 * aground, sinks or is taken and the game goes on as long as asked. */
static int gen_open(const sl_header *h)
{
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && strcmp(h->meta[i].key, "gen") == 0 &&
		    h->meta[i].value && strcmp(h->meta[i].value, "open") == 0)
			return 1;
	return 0;
}

static int below(sl_prng *rng, int n)
{
	return n <= 1 ? 0 : (int)sl_prng_below(rng, (uint32_t)n);
}

/* ---- setup ------------------------------------------------------------------ */

static int gen_terrain(const sail_state *s, sl_prng *rng, sl_arena *a, sl_event *out, int row,
	int open)
{
	char cells[SAIL_MAX_COLS + 1];
	for (int c = 0; c < s->cols; c++) {
		int x = below(rng, 100);
		cells[c] = open ? '.' : x < 3 ? '#' : x < 9 ? '~' : '.';
	}
	cells[s->cols] = 0;
	sl_event_init(out, SAIL_EV_TERRAIN, -1);
	sl_value_int(&out->f[0], row);
	return sl_value_text(a, &out->f[1], cells);
}

static int free_sea(const sail_state *s, int col, int row)
{
	return sail_terrain_at(s, col, row) == SAIL_SEA && sail_ship_at(s, col, row) < 0;
}

/* A free hex for a new ship: open sea if possible, else a shoal; 0 if none. */
static int place(const sail_state *s, sl_prng *rng, int *col, int *row)
{
	for (int i = 0; i < 300; i++) {
		int c = 1 + below(rng, s->cols), r = 1 + below(rng, s->rows);
		if (free_sea(s, c, r)) {
			*col = c;
			*row = r;
			return 1;
		}
	}
	for (int r = 1; r <= s->rows; r++)
		for (int c = 1; c <= s->cols; c++)
			if (sail_terrain_at(s, c, r) != SAIL_LAND && sail_ship_at(s, c, r) < 0) {
				*col = c;
				*row = r;
				return 1;
			}
	return 0;
}

static int gen_ship(const sail_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, int nsides)
{
	int k = s->nships, col, row, rc, serial = k + 1;
	char id[16], name[48];
	if (!place(s, rng, &col, &row))
		return 1;
	do
		snprintf(id, sizeof id, "g%d", serial++);
	while (sail_find_ship(s, id, strlen(id)) >= 0);
	if (k < 16)
		snprintf(name, sizeof name, "%s", gen_names[k]);
	else
		snprintf(name, sizeof name, "%s %d", gen_names[k % 16], k / 16 + 1);
	sl_event_init(out, SAIL_EV_SHIP, -1);
	if ((rc = sl_value_text(a, &out->f[0], id)) || (rc = sl_value_text(a, &out->f[1], name))
	    || (rc = sl_value_text(a, &out->f[2], gen_classes[k % 4].cls))
	    || (rc = sl_value_text(a, &out->f[3], h->players[k % nsides].id)))
		return rc;
	out->f[4].present = 1;
	out->f[4].u.hex.col = (int16_t)col;
	out->f[4].u.hex.row = (int16_t)row;
	sl_value_int(&out->f[5], below(rng, 6));
	sl_value_int(&out->f[6], gen_classes[k % 4].mp);
	sl_value_int(&out->f[7], gen_classes[k % 4].shallow ? SAIL_SHALLOW : SAIL_DEEP);
	sl_value_int(&out->f[SAIL_F_HULL], gen_classes[k % 4].hull);
	return 0;
}

static int gen_setup(const sail_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	int nsides = 0, rc;
	if (!s->cols) {
		sl_event_init(out, SAIL_EV_MAP, -1);
		/* open: a wide sea and the most ships, so that a turn holds about
		 * ninety events (a million events take some 10 700 turns) */
		sl_value_int(&out->f[0], gen_open(h) ? 56 : GEN_COLS);
		sl_value_int(&out->f[1], gen_open(h) ? 40 : GEN_ROWS);
		sl_value_int(&out->f[2], gen_open(h) ? 0 : GEN_TURNS);
		return 0;
	}
	if (s->nships == 0)
		for (int r = 1; r <= s->rows; r++)
			if (!(s->rows_set & (UINT64_C(1) << (r - 1))))
				return gen_terrain(s, rng, a, out, r, gen_open(h));
	if (h)
		for (nsides = 0; nsides < h->nplayers && nsides < 4 && h->players[nsides].id;)
			nsides++;
	if (nsides > 0 && s->nships < (gen_open(h) ? SAIL_MAX_SHIPS : 4 * nsides) &&
	    s->nships < SAIL_MAX_SHIPS) {
		rc = gen_ship(s, h, rng, a, out, nsides);
		if (rc <= 0)
			return rc;
	}
	memset(out, 0, sizeof *out);
	out->entry = SL_ENTRY_TURN;
	out->player = -1;
	out->mark = 1;
	return 0;
}

/* ---- play ------------------------------------------------------------------------- */

static int gen_wind(const sail_state *s, sl_prng *rng, sl_arena *a, sl_event *out)
{
	sl_event_init(out, SAIL_EV_WIND, -1);
	if (below(rng, 6) == 0) {
		sl_value_int(&out->f[1], sl_hex_dir_rotate(s->wind, below(rng, 3) - 1));
		return 0;
	}
	uint8_t d = (uint8_t)sl_prng_die(rng, 6);
	return sl_value_bytes(a, &out->f[0], &d, 1);
}

/* The weight of a candidate step: prefer open water ahead after the step,
 * so that ships turn away from edges and land before they are pinned there
 * (a ship turns only by advancing); shy of shoals. */
int sail_gen_step_weight(const sail_state *s, const sail_stepres *r, int step, int fail_ok,
	int shoal_ok)
{
	int w, open = 0, c, rw;
	if (!r->advance)
		return r->fails ? fail_ok : 8;
	w = step == SAIL_A ? 2 : 1;
	c = r->col;
	rw = r->row;
	while (open < 4) {
		int t;
		sail_neighbor(c, rw, r->facing, &c, &rw);
		t = sail_terrain_at(s, c, rw);
		if (t < 0 || t == SAIL_LAND)
			break;
		open++;
	}
	if (open == 0)
		return 0;   /* never pin herself against an edge or a coast */
	w *= 1 + open * open;
	if (r->shoal)
		w = shoal_ok;   /* a grounding is for good: rarely risk it */
	return w;
}

/* A random legal move for ship i; 0 steps if she cannot or will not move. */
static int gen_move(const sail_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, int i)
{
	uint8_t steps[SAIL_MAX_STEPS], dice[SAIL_MAX_DICE];
	int ns = 0, nd = 0, want = 1 + below(rng, 6), rc;
	sail_sim m;
	sail_sim_start(s, i, &m);
	while (ns < want && ns < SAIL_MAX_STEPS) {
		sail_stepres r[5];
		int w[5], total = 0, pick, fail_ok = below(rng, 3) == 0 && !gen_open(h), die = 0;
		int shoal_ok = below(rng, 10) == 0;
		for (int t = 0; t < 5; t++) {
			w[t] = 0;
			if (sail_step_check(s, &m, t, ns + 1, &r[t], NULL) != 0)
				continue;
			if (r[t].shoal && nd >= SAIL_MAX_DICE)
				continue;
			w[t] = sail_gen_step_weight(s, &r[t], t, fail_ok, shoal_ok);
			total += w[t];
		}
		if (total == 0)
			break;
		pick = below(rng, total + (ns > 0 ? 4 : 0));   /* 4: stop here */
		if (pick >= total)
			break;
		int t = 0;
		while (pick >= w[t])
			pick -= w[t++];
		if (r[t].shoal)
			die = sl_prng_die(rng, 6);
		sail_step_commit(s, &m, &r[t], die);
		steps[ns++] = (uint8_t)t;
		if (r[t].shoal)
			dice[nd++] = (uint8_t)die;
		if (m.grounded || m.in_irons)
			break;
	}
	if (ns == 0)
		return 1;
	sl_event_init(out, SAIL_EV_MOVE, s->ships[i].side);
	if ((rc = sl_value_text(a, &out->f[0], s->ships[i].id)) != 0
	    || (rc = sl_value_bytes(a, &out->f[1], steps, ns)) != 0)
		return rc;
	if (nd > 0 && (rc = sl_value_bytes(a, &out->f[2], dice, nd)) != 0)
		return rc;
	return 0;
}

/* Fire (board == 0) or boarding (board == 1) between a random pair. */
static int gen_combat(const sail_state *s, sl_prng *rng, sl_arena *a, sl_event *out, int board)
{
	int pairs = 0, pick = 0, rc;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1) {
			if (pairs == 0)
				return 1;
			pick = below(rng, pairs);
		}
		int k = 0;
		for (int i = 0; i < s->nships; i++) {
			const sail_ship *sh = &s->ships[i];
			if (!sail_fights(sh) || (board ? sh->boarded : sh->fired))
				continue;
			for (int j = 0; j < s->nships; j++) {
				const sail_ship *tg = &s->ships[j];
				int d;
				if (tg->side == sh->side || tg->sunk || (!board && tg->struck))
					continue;
				d = sail_distance(sh->col, sh->row, tg->col, tg->row);
				if (board ? d != 1 : d > SAIL_FIRE_RANGE)
					continue;
				if (pass == 0) {
					pairs++;
					continue;
				}
				if (k++ != pick)
					continue;
				sl_event_init(out, board ? SAIL_EV_BOARD : SAIL_EV_FIRE, sh->side);
				if ((rc = sl_value_text(a, &out->f[0], sh->id)) != 0
				    || (rc = sl_value_text(a, &out->f[1], tg->id)) != 0)
					return rc;
				if (board) {
					sl_value_int(&out->f[2], tg->struck || below(rng, 4) == 0
						? SAIL_CAPTURED : SAIL_REPULSED);
				} else {
					int d6 = sl_prng_die(rng, 6);
					sl_value_int(&out->f[2], d6 <= 4 ? 0 : d6 - 4);
				}
				return 0;
			}
		}
	}
	return 1;
}

static int gen_strike(const sail_state *s, sl_prng *rng, sl_arena *a, sl_event *out)
{
	int i = below(rng, s->nships > 0 ? s->nships : 1);
	if (i >= s->nships || !sail_fights(&s->ships[i]) || s->ships[i].hull > 1)
		return 1;
	sl_event_init(out, SAIL_EV_STRIKE, s->ships[i].side);
	return sl_value_text(a, &out->f[0], s->ships[i].id);
}

static int gen_play(const sail_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	int rc = 1;
	switch (s->phase) {
	case SAIL_PH_WIND:
		if (s->turn >= 2 && !s->wind_rolled)
			return gen_wind(s, rng, a, out);
		break;
	case SAIL_PH_MOVE1:
	case SAIL_PH_MOVE2: {
		int start = below(rng, s->nships > 0 ? s->nships : 1);
		for (int k = 0; k < s->nships && rc == 1; k++) {
			int i = (start + k) % s->nships;
			if (!sail_can_manoeuvre(&s->ships[i]) || s->ships[i].moved)
				continue;
			memset(out, 0, sizeof *out);
			rc = gen_move(s, h, rng, a, out, i);
		}
		break;
	}
	case SAIL_PH_FIRE1:
	case SAIL_PH_FIRE2:
		if (gen_open(h))
			break;
		if (below(rng, 30) == 0)
			rc = gen_strike(s, rng, a, out);
		if (rc == 1 && below(rng, 3) == 0)
			rc = gen_combat(s, rng, a, out, 0);
		break;
	default:
		if (!gen_open(h) && below(rng, 4) == 0)
			rc = gen_combat(s, rng, a, out, 1);
		break;
	}
	if (rc <= 0)
		return rc;
	/* nothing (more) to do in this phase: the next marker */
	memset(out, 0, sizeof *out);
	out->player = -1;
	if (s->phase < 6) {
		out->entry = SL_ENTRY_PHASE;
		out->mark = s->phase + 1;
		return 0;
	}
	if (s->turns > 0 && s->turn >= s->turns)
		return 1;
	out->entry = SL_ENTRY_TURN;
	out->mark = s->turn + 1;
	return 0;
}

int sail_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err)
{
	const sail_state *s = st;
	sail_state *chk;
	sl_error e2;
	int rc;

	memset(out, 0, sizeof *out);
	out->player = -1;
	rc = s->turn == 0 ? gen_setup(s, h, rng, a, out) : gen_play(s, h, rng, a, out);
	if (rc == SL_ENOMEM)
		return sl_error_set(err, SL_ENOMEM, "sail: out of memory");
	if (rc != 0)
		return rc;

	/* Never hand out an entry the rules would refuse. */
	chk = sl_malloc(sizeof *chk);
	if (!chk)
		return sl_error_set(err, SL_ENOMEM, "sail: out of memory");
	memcpy(chk, s, sizeof *chk);
	sl_error_clear(&e2);
	if (out->entry == SL_ENTRY_EVENT)
		rc = sail_apply_in(chk, h, out, NULL, &e2);
	else
		rc = sail_mark_in(chk, h, out->entry == SL_ENTRY_TURN ? out->mark : s->turn,
			out->entry == SL_ENTRY_TURN ? 1 : out->mark, &e2);
	sl_free(chk);
	if (rc != 0)
		return sl_error_set(err, SL_EILLEGAL, "sail generate: a refused entry (a bug): %s",
			e2.msg);
	return 0;
}
