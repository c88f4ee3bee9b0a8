/* fmp.c - the analysis of a Full Metal Planète log: each player's action
 * points (left, saved, spent), army (units, turrets), ore aboard its
 * astronefs, shots, units lost and score (formats/fmp.md), and where units
 * went (every hex of a move), fired and were destroyed. FMP records no dice (the tide is a card
 * drawn from a known deck), so it has no roll kinds. */
#include "../analysis.h"
#include "games/fmp/fmp.h"

#include <stdio.h>
#include <string.h>

enum { M_AP, M_SAVED, M_SPENT, M_UNITS, M_TURRETS, M_ORE, M_SHOTS, M_LOST, M_CAPTURED, M_SCORE, NM };

static const sl_metric_def metrics[NM] = {
	{"ap", "action points", SL_METRIC_LEVEL, "action points left in the player's part of the turn"},
	{"saved", "action points", SL_METRIC_LEVEL, "points carried to the next turn (0, 5 or 10)"},
	{"spent", "action points", SL_METRIC_SUM, "action points spent"},
	{"units", "units", SL_METRIC_LEVEL, "units the player controls, turrets and ore aside"},
	{"turrets", "turrets", SL_METRIC_LEVEL, "turrets standing on the player's astronefs"},
	{"ore", "ore", SL_METRIC_LEVEL, "ore aboard the player's astronefs (in their hold or in units there)"},
	{"shots", "shots", SL_METRIC_SUM, "fire actions (two destroyers on one hex)"},
	{"lost", "units", SL_METRIC_SUM, "units of the player destroyed"},
	{"captured", "units", SL_METRIC_SUM, "units the player took by capture"},
	{"score", "points", SL_METRIC_LEVEL, "points from astronefs that took off (9.5)"},
};

typedef struct uprev {
	int where, col, row, ctl;
} uprev;

typedef struct ctx {
	int ready;
	int ev_fire, ev_capture, ev_build, ev_move;
	int nseen;
	uprev u[FMP_MAX_UNITS];
	int ap[FMP_MAX_PLAYERS];
} ctx;

static int owner_of_hold(const fmp_state *s, const fmp_unit *u)
{
	if (u->where == FMP_IN_SHIP && u->holder >= 0 && u->holder < FMP_MAX_PLAYERS)
		return s->ships[u->holder].gone ? -1 : s->ships[u->holder].owner;
	if (u->where == FMP_IN_UNIT && u->holder >= 0 && u->holder < s->nunits)
		return owner_of_hold(s, &s->units[u->holder]);
	return -1;
}

static int unit_of(const fmp_state *s, const sl_value *v)
{
	if (!v->present || !v->p)
		return -1;
	for (int i = 0; i < s->nunits; i++)
		if (strcmp(s->units[i].id, (const char *)v->p) == 0)
			return i;
	return -1;
}

static int observe(void *cx, const sl_header *h, const void *st, const sl_event *ev, double *v,
	sl_observer *o, sl_error *err)
{
	ctx *c = cx;
	const fmp_state *s = st;
	int np = h->nplayers < FMP_MAX_PLAYERS ? h->nplayers : FMP_MAX_PLAYERS;
	int is_ev = ev && ev->entry == SL_ENTRY_EVENT;
	(void)err;
	if (!c->ready) {
		const sl_schema *sc = sl_game_fmp.schema;
		c->ev_fire = sl_schema_event(sc, "fire", 4);
		c->ev_capture = sl_schema_event(sc, "capture", 7);
		c->ev_build = sl_schema_event(sc, "build", 5);
		c->ev_move = sl_schema_event(sc, "move", 4);
		c->ready = 1;
		for (int i = 0; i < FMP_MAX_UNITS; i++)
			c->u[i].where = FMP_DEAD;
	}
	if (is_ev && ev->player >= 0 && ev->player < np) {
		int p = ev->player;
		if (s->players[p].ap < c->ap[p])
			v[p * NM + M_SPENT] += c->ap[p] - s->players[p].ap;
		if (ev->type == c->ev_move) {   /* every hex of the path (the state keeps it) */
			for (int k = 1; k < s->nlast; k++)
				sl_observer_heat(o, s->last_col[k], s->last_row[k], SL_HEAT_WENT);
		} else if (ev->type == c->ev_fire) {
			v[p * NM + M_SHOTS] += 1;
			if (ev->f[2].present)
				sl_observer_heat(o, ev->f[2].u.hex.col, ev->f[2].u.hex.row, SL_HEAT_FOUGHT);
		} else if (ev->type == c->ev_capture) {
			int t = unit_of(s, &ev->f[2]);
			if (t >= 0 && t < c->nseen)
				sl_observer_heat(o, c->u[t].col, c->u[t].row, SL_HEAT_FOUGHT);
		}
	}
	for (int p = 0; p < np; p++) {
		v[p * NM + M_AP] = s->players[p].ap;
		v[p * NM + M_SAVED] = s->players[p].saved;
		v[p * NM + M_SCORE] = s->players[p].score;
		v[p * NM + M_UNITS] = v[p * NM + M_TURRETS] = v[p * NM + M_ORE] = 0;
		c->ap[p] = s->players[p].ap;
	}
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		int alive = u->where != FMP_DEAD && u->where != FMP_GONE;
		int ctl = alive ? fmp_controller(s, u) : -1;
		if (u->kind == FMP_ORE) {
			int k = alive ? owner_of_hold(s, u) : -1;
			if (k >= 0 && k < np)
				v[k * NM + M_ORE] += 1;
		} else if (ctl >= 0 && ctl < np) {
			v[ctl * NM + (u->kind == FMP_TURRET ? M_TURRETS : M_UNITS)] += 1;
		}
		if (is_ev && i < c->nseen && u->kind != FMP_ORE) {
			uprev *w = &c->u[i];
			if (ev->type != c->ev_move && u->where == FMP_MAP &&
			    (w->where != FMP_MAP || w->col != u->col || w->row != u->row))
				sl_observer_heat(o, u->col, u->row, SL_HEAT_WENT);
			if (u->where == FMP_DEAD && w->where != FMP_DEAD) {
				if (w->ctl >= 0 && w->ctl < np)
					v[w->ctl * NM + M_LOST] += 1;
				if (w->where == FMP_MAP)
					sl_observer_heat(o, w->col, w->row, SL_HEAT_LOST);
			}
			if (ev->type == c->ev_capture && alive && ctl != w->ctl && ctl >= 0 && ctl < np &&
			    ev->player == ctl)
				v[ctl * NM + M_CAPTURED] += 1;
		}
		c->u[i].where = u->where;
		c->u[i].ctl = ctl;
		if (u->where == FMP_MAP) {
			c->u[i].col = u->col;
			c->u[i].row = u->row;
		}
	}
	c->nseen = s->nunits;
	return SL_OK;
}

/* The best score once astronefs have taken off; before that, nobody. */
static void result(const void *st, const sl_header *h, sl_result *out)
{
	const fmp_state *s = st;
	int best = -1, tie = 0, any = 0;
	for (int p = 0; p < s->np && p < h->nplayers; p++) {
		any |= s->players[p].departed > 0;
		if (best < 0 || s->players[p].score > s->players[best].score) {
			best = p;
			tie = 0;
		} else if (s->players[p].score == s->players[best].score)
			tie = 1;
	}
	out->winner = -1;
	if (best < 0 || !any) {
		snprintf(out->text, sizeof out->text, "no astronef has taken off (turn %d)", s->turn);
		return;
	}
	if (tie) {
		snprintf(out->text, sizeof out->text, "tie at %d points", s->players[best].score);
		return;
	}
	out->winner = best;
	snprintf(out->text, sizeof out->text, "%s wins with %d points", h->players[best].id,
		s->players[best].score);
}

const sl_analysis sl_analysis_fmp = {
	SL_ANALYSIS_API, "fmp", NULL,
	NM, metrics, 0, NULL, NULL,
	sizeof(ctx), observe, NULL, result,
	NULL,
};
