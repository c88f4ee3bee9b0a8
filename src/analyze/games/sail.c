/* sail.c - the analysis of a sail log: each side's fleet (hull left, ships
 * fighting, struck, sunk, aground), its sailing (hexes sailed and at which
 * point of sail, tacks), the damage it dealt, the wind and grounding rolls
 * against their odds (formats/sail.md: sail 5, sail 6), and where ships
 * sailed, fought and were lost. */
#include "../analysis.h"
#include "games/sail/sail.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { M_HULL, M_FIGHTING, M_STRUCK, M_SUNK, M_AGROUND, M_SAILED, M_RUN, M_BROAD, M_CLOSE,
       M_TACKS, M_DAMAGE, NM };

static const sl_metric_def metrics[NM] = {
	{"hull", "hull points", SL_METRIC_LEVEL, "hull points of the side's ships still fighting"},
	{"fighting", "ships", SL_METRIC_LEVEL, "ships of the side neither struck nor sunk"},
	{"struck", "ships", SL_METRIC_LEVEL, "ships the side set out with that have struck (captured ones too), afloat"},
	{"sunk", "ships", SL_METRIC_LEVEL, "ships the side set out with that have sunk"},
	{"aground", "ships", SL_METRIC_LEVEL, "ships of the side aground on a shoal (sail 6)"},
	{"sailed", "hexes", SL_METRIC_SUM, "hexes entered by the side's ships"},
	{"run", "hexes", SL_METRIC_SUM, "hexes entered running before the wind (2 points each)"},
	{"broad", "hexes", SL_METRIC_SUM, "hexes entered on a broad reach (1 point each)"},
	{"close", "hexes", SL_METRIC_SUM, "hexes entered close-hauled (3 points each)"},
	{"tacks", "tacks", SL_METRIC_SUM, "tacks tried (TP, TS), failed ones too"},
	{"damage", "hull points", SL_METRIC_SUM, "hull points the side's fire took off enemy ships"},
};

enum { K_WIND, K_GROUNDING, K_GUNNERY, NK };
static const sl_roll_kind kinds[NK] = {
	{"wind", 6, NULL, "the d6 of phase 1 (sail 5): 1-2 veers, 3-4 holds, 5-6 backs", NULL, NULL},
	{"grounding", 6, "groundings", "the d6 of each shoal hex entered (sail 6): aground on 1 "
	 "(shallow draft) or 1-3 (deep)", NULL, NULL},
	/* faces 0: pooled (sl_stats.h) - H8 leaves the gunnery to the table's own
	 * tables, so the rules give no odds: a side's hits are set against the
	 * game's own rate, every shot of both sides */
	{"gunnery", 0, "hits", "the hits of each shot (sail 8) against the game's own rate: the "
	 "rules leave gunnery to the table, so no odds are known", NULL, NULL},
};
static const char *const sides[] = {"table", NULL};

typedef struct ctx {
	int ready;
	int ev_wind, ev_move, ev_fire, ev_board;
	int nseen;
	int orig[SAIL_MAX_SHIPS];          /* the side each ship set out with */
	int hull[SAIL_MAX_SHIPS];          /* hull before the entry */
	int lost[SAIL_MAX_SHIPS];          /* struck or sunk already */
	int col[SAIL_MAX_SHIPS], row[SAIL_MAX_SHIPS];
} ctx;

static int ship_of(const sail_state *s, const sl_value *v)
{
	if (!v->present || !v->p)
		return -1;
	for (int i = 0; i < s->nships; i++)
		if (strcmp(s->ships[i].id, (const char *)v->p) == 0)
			return i;
	return -1;
}

static int observe(void *cx, const sl_header *h, const void *st, const sl_event *ev, double *v,
	sl_observer *o, sl_error *err)
{
	ctx *c = cx;
	const sail_state *s = st;
	int np = h->nplayers;
	(void)err;
	if (!c->ready) {
		const sl_schema *sc = sl_game_sail.schema;
		c->ev_wind = sl_schema_event(sc, "wind", 4);
		c->ev_move = sl_schema_event(sc, "move", 4);
		c->ev_fire = sl_schema_event(sc, "fire", 4);
		c->ev_board = sl_schema_event(sc, "board", 5);
		c->ready = 1;
	}
	for (; c->nseen < s->nships; c->nseen++) {
		const sail_ship *sh = &s->ships[c->nseen];
		c->orig[c->nseen] = sh->side;
		c->hull[c->nseen] = sh->hull;
	}
	if (ev && ev->entry == SL_ENTRY_EVENT) {
		if (ev->type == c->ev_wind && ev->f[0].present && ev->f[0].n >= 1) {
			sl_roll r;
			memset(&r, 0, sizeof r);
			r.kind = K_WIND;
			r.side = -1;
			r.ndice = 1;
			r.dice[0] = ((const uint8_t *)ev->f[0].p)[0];
			if (sl_observer_roll(o, &r))
				return SL_ENOMEM;
		} else if (ev->type == c->ev_move) {
			int i = ship_of(s, &ev->f[0]);
			if (i >= 0 && ev->player >= 0 && ev->player < np) {
				const sail_ship *sh = &s->ships[i];
				int p = ev->player;
				const uint8_t *steps = ev->f[1].p;
				v[p * NM + M_SAILED] += s->npath > 1 ? s->npath - 1 : 0;
				for (int k = 1; k < s->npath; k++) {
					int m = s->path_cost[k] == 1 ? M_BROAD : s->path_cost[k] == 2 ? M_RUN
						: s->path_cost[k] == 3 ? M_CLOSE : -1;
					if (m >= 0)
						v[p * NM + m] += 1;
					sl_observer_heat(o, s->path_col[k], s->path_row[k], SL_HEAT_WENT);
				}
				for (int k = 0; steps && k < ev->f[1].n; k++)
					v[p * NM + M_TACKS] += steps[k] == 3 || steps[k] == 4;
				/* one grounding test per die: 1 (shallow) or 1-3 (deep) grounds */
				for (int k = 0; ev->f[2].present && k < ev->f[2].n; k++) {
					int thr = sh->shallow ? 1 : 3;
					int die = ((const uint8_t *)ev->f[2].p)[k];
					sl_roll r;
					memset(&r, 0, sizeof r);
					r.kind = K_GROUNDING;
					r.side = p;
					r.ndice = 1;
					r.dice[0] = (uint8_t)die;
					r.scored = 1;
					r.score = die <= thr;
					r.expected = thr / 6.0;
					r.variance = r.expected * (1 - r.expected);
					if (sl_observer_roll(o, &r))
						return SL_ENOMEM;
				}
			}
		} else if (ev->type == c->ev_fire || ev->type == c->ev_board) {
			int a = ship_of(s, &ev->f[0]), t = ship_of(s, &ev->f[1]);
			if (a >= 0)
				sl_observer_heat(o, s->ships[a].col, s->ships[a].row, SL_HEAT_FOUGHT);
			if (t >= 0) {
				sl_observer_heat(o, c->col[t], c->row[t], SL_HEAT_FOUGHT);
				if (ev->type == c->ev_fire && ev->player >= 0 && ev->player < np)
					v[ev->player * NM + M_DAMAGE] += c->hull[t] - s->ships[t].hull;
			}
			if (ev->type == c->ev_fire && ev->player >= 0 && ev->player < np &&
			    ev->f[2].present) {   /* a shot and its recorded hits */
				sl_roll r;
				memset(&r, 0, sizeof r);
				r.kind = K_GUNNERY;
				r.side = ev->player;
				r.scored = 1;
				r.score = (double)ev->f[2].u.i;
				r.variance = r.score * r.score;   /* pooled: the square, see sl_stats.h */
				if (sl_observer_roll(o, &r))
					return SL_ENOMEM;
			}
		}
	}
	for (int p = 0; p < np; p++)
		for (int m = M_HULL; m <= M_AGROUND; m++)
			v[p * NM + m] = 0;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		int lost = sh->sunk || sh->struck;
		if (sh->side >= 0 && sh->side < np && !lost) {
			v[sh->side * NM + M_HULL] += sh->hull;
			v[sh->side * NM + M_FIGHTING] += 1;
		}
		if (sh->side >= 0 && sh->side < np && sh->grounded && !sh->sunk)
			v[sh->side * NM + M_AGROUND] += 1;
		if (c->orig[i] >= 0 && c->orig[i] < np) {
			if (sh->sunk)
				v[c->orig[i] * NM + M_SUNK] += 1;
			else if (sh->struck)
				v[c->orig[i] * NM + M_STRUCK] += 1;
		}
		if (lost && !c->lost[i] && ev)
			sl_observer_heat(o, c->col[i], c->row[i], SL_HEAT_LOST);
		c->lost[i] = lost;
		c->hull[i] = sh->hull;
		if (!sh->sunk) {
			c->col[i] = sh->col;
			c->row[i] = sh->row;
		}
	}
	return SL_OK;
}

/* A side whose every ship has struck or sunk is beaten; with one side left
 * fighting it is ahead; otherwise the side with more hull fighting leads. */
static void result(const void *st, const sl_header *h, sl_result *out)
{
	const sail_state *s = st;
	int hull[SL_MAX_PLAYERS] = {0}, ships[SL_MAX_PLAYERS] = {0}, best = -1, alive = 0, tie = 0;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		if (sh->side >= 0 && sh->side < h->nplayers && !sh->sunk && !sh->struck) {
			hull[sh->side] += sh->hull;
			ships[sh->side]++;
		}
	}
	for (int p = 0; p < h->nplayers; p++) {
		alive += ships[p] > 0;
		if (best < 0 || hull[p] > hull[best]) {
			best = p;
			tie = 0;
		} else if (hull[p] == hull[best])
			tie = 1;
	}
	out->winner = -1;
	if (best < 0)
		return;
	if (alive == 1 || !tie)
		out->winner = best;
	if (alive == 1)
		snprintf(out->text, sizeof out->text, "%s: the only side still fighting (%d ships, %d hull)",
			h->players[best].id, ships[best], hull[best]);
	else if (!tie)
		snprintf(out->text, sizeof out->text, "%s ahead: %d hull still fighting", h->players[best].id,
			hull[best]);
	else
		snprintf(out->text, sizeof out->text, "even: %d hull each still fighting", hull[best]);
}

const sl_analysis sl_analysis_sail = {
	SL_ANALYSIS_API, "sail", NULL,
	NM, metrics, NK, kinds, sides,
	sizeof(ctx), observe, NULL, result,
	NULL,
};
