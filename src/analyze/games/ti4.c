/* ti4.c - the analysis of a Twilight Imperium 4 log: each player's units on
 * the board (ships, ground forces), the resources and influence of the
 * planets held, the systems held, what sits captured on the player's sheet,
 * trade goods, command tokens and victory points (formats/ti4.md); and
 * every recorded ten-sided roll by kind (combat, space cannon, anti-fighter
 * barrage, bombardment, gravity rift). A roll's hits depend on the units
 * that threw each die and their upgrades, which only the rules know, so
 * luck compares how the faces came up with a fair d10 and scores nothing.
 * Systems are named by position, not by hex, so there is no heat. */
#include "../analysis.h"
#include "games/ti4/ti4.h"

#include <stdio.h>
#include <string.h>

enum { M_SHIPS, M_GROUND, M_RES, M_INF, M_SYSTEMS, M_CAPTURED, M_TG, M_TOKENS, M_VP, NM };

static const sl_metric_def metrics[NM] = {
	{"ships", "ships", SL_METRIC_LEVEL, "the player's ships on the board, fighters included"},
	{"ground", "ground forces", SL_METRIC_LEVEL, "infantry and mechs on planets"},
	{"resources", "resources", SL_METRIC_LEVEL, "resources of the planets the player controls"},
	{"influence", "influence", SL_METRIC_LEVEL, "influence of the planets the player controls"},
	{"systems", "systems", SL_METRIC_LEVEL, "systems holding the player's units or planets"},
	{"captured", "units", SL_METRIC_LEVEL, "units and tokens on the player's faction sheet (LRR 17 (22))"},
	{"trade_goods", "trade goods", SL_METRIC_LEVEL, "trade goods"},
	{"tokens", "command tokens", SL_METRIC_LEVEL, "command tokens in the tactic, fleet and strategy pools"},
	{"vp", "victory points", SL_METRIC_LEVEL, "victory points"},
};

enum { K_COMBAT, K_CANNON, K_BARRAGE, K_BOMBARD, K_RIFT, NK };
static const sl_roll_kind kinds[NK] = {
	{"combat", 10, NULL, "a combat roll of a round, space or ground (`fire`)", NULL, NULL},
	{"cannon", 10, NULL, "SPACE CANNON, offense or defense (`cannon`)", NULL, NULL},
	{"barrage", 10, NULL, "ANTI-FIGHTER BARRAGE (`barrage`)", NULL, NULL},
	{"bombard", 10, NULL, "BOMBARDMENT of a planet (`bombard`)", NULL, NULL},
	{"rift", 10, NULL, "a gravity rift's die for a ship moving out of it (`move rift=`)", NULL, NULL},
};

/* What one position adds to each player's metrics. */
typedef struct pos_sum {
	int ships[TI4_MAXP], ground[TI4_MAXP], res[TI4_MAXP], inf[TI4_MAXP];
	unsigned here;         /* bit p: p has units or a planet there */
} pos_sum;

typedef struct ctx {
	int ready;
	int ev[NK];            /* the event type of each kind */
	int field[NK];         /* its DICE field */
	int tid[TI4_NPOS];     /* the tile id last seen at each position, */
	const ti4_tile *tp[TI4_NPOS];   /* and its tile (the map rarely changes) */
	/* The map as last counted, each position's share and the totals: an
	 * entry changes a few positions, so only those are counted again. */
	int counted;
	uint8_t u[TI4_NPOS][TI4_AREAS][TI4_MAXP][TI4_NUT];
	int8_t ctrl[TI4_NPOS][3];
	pos_sum at[TI4_NPOS];
	pos_sum total;
	int systems[TI4_MAXP];
} ctx;

/* The DICE field of event type t, or -1. */
static int dice_field(const sl_schema *sc, int t, const char *name)
{
	if (t < 0)
		return -1;
	for (int k = 0; k < sc->events[t].nfields; k++)
		if (sc->events[t].fields[k].kind == SL_K_DICE && strcmp(sc->events[t].fields[k].name, name) == 0)
			return k;
	return -1;
}

static void prepare(ctx *c)
{
	static const char *const ev[NK] = {"fire", "cannon", "barrage", "bombard", "move"};
	static const char *const field[NK] = {"dice", "dice", "dice", "dice", "rift"};
	const sl_schema *sc = sl_game_ti4.schema;
	for (int k = 0; k < NK; k++) {
		c->ev[k] = sl_schema_event(sc, ev[k], strlen(ev[k]));
		c->field[k] = dice_field(sc, c->ev[k], field[k]);
	}
	c->ready = 1;
}

/* Position i's share of the metrics (units counted in the order of areas
 * and types, the planets' values in slot order: integers, so the totals are
 * the same whatever the order of the sums). */
static void pos_count(const ti4_state *s, const ti4_tile *t, int i, int np, pos_sum *ps)
{
	memset(ps, 0, sizeof *ps);
	for (int a = 0; a < TI4_AREAS; a++)
		for (int p = 0; p < np; p++) {
			const uint8_t *row = s->u[i][a][p];
			for (int u = 0; u < TI4_NUT; u++) {
				if (!row[u])
					continue;
				ps->here |= 1u << p;
				if (ti4_units[u].ship)
					ps->ships[p] += row[u];
				else if (a ? ti4_ground_unit(s, p, u) : ti4_units[u].ground)
					ps->ground[p] += row[u];   /* version 5: Hel-Titans too */
			}
		}
	for (int k = 0; t && k < t->np && k < 3; k++) {
		int p = s->ctrl[i][k];
		if (p >= 0 && p < np) {
			ps->here |= 1u << p;
			ps->res[p] += t->p[k].res;
			ps->inf[p] += t->p[k].inf;
		}
	}
}

/* Adds (sign 1) or takes away (-1) a position's share from the totals. */
static void pos_add(ctx *c, const pos_sum *ps, int np, int sign)
{
	for (int p = 0; p < np; p++) {
		c->total.ships[p] += sign * ps->ships[p];
		c->total.ground[p] += sign * ps->ground[p];
		c->total.res[p] += sign * ps->res[p];
		c->total.inf[p] += sign * ps->inf[p];
		c->systems[p] += sign * (int)(ps->here >> p & 1);
	}
}

/* Every player's metrics of the state: the positions whose units, planets'
 * controllers or tile changed since the last count are counted again. */
static void count(ctx *c, const ti4_state *s, int np, double *v)
{
	/* one comparison of the whole map first: many entries move nothing */
	int same = c->counted && memcmp(c->u, s->u, sizeof c->u) == 0 &&
		memcmp(c->ctrl, s->ctrl, sizeof c->ctrl) == 0;
	for (int i = 0; i < TI4_NPOS; i++) {
		int moved = c->tid[i] != s->tile[i];
		if (moved) {
			c->tid[i] = s->tile[i];
			c->tp[i] = ti4_tile_of(s, i);
		}
		/* a position without a system holds no unit and no planet (the
		 * rules place and move units into systems only, and never take a
		 * tile away): its share, counted once, stays nothing */
		if (c->counted && !moved && (same || !s->tile[i]))
			continue;
		if (c->counted && !moved && memcmp(c->u[i], s->u[i], sizeof c->u[i]) == 0 &&
		    memcmp(c->ctrl[i], s->ctrl[i], sizeof c->ctrl[i]) == 0)
			continue;
		if (c->counted)
			pos_add(c, &c->at[i], np, -1);
		pos_count(s, c->tp[i], i, np, &c->at[i]);
		pos_add(c, &c->at[i], np, 1);
		memcpy(c->u[i], s->u[i], sizeof c->u[i]);
		memcpy(c->ctrl[i], s->ctrl[i], sizeof c->ctrl[i]);
	}
	c->counted = 1;
	for (int p = 0; p < np; p++) {
		double *m = v + p * NM;
		for (int k = 0; k < NM; k++)
			m[k] = 0;
		m[M_SHIPS] = c->total.ships[p];
		m[M_GROUND] = c->total.ground[p];
		m[M_RES] = c->total.res[p];
		m[M_INF] = c->total.inf[p];
		m[M_SYSTEMS] = c->systems[p];
		m[M_CAPTURED] = ti4_captured_count(s, p);
		m[M_TG] = s->pl[p].tg;
		m[M_TOKENS] = s->pl[p].tactic + s->pl[p].fleet + s->pl[p].strategy;
		m[M_VP] = s->pl[p].vp;
	}
}

static int observe(void *cx, const sl_header *h, const void *st, const sl_event *ev, double *v,
	sl_observer *o, sl_error *err)
{
	ctx *c = cx;
	const ti4_state *s = st;
	int np = h->nplayers < TI4_MAXP ? h->nplayers : TI4_MAXP;
	(void)err;
	if (!c->ready)
		prepare(c);
	if (ev && ev->entry == SL_ENTRY_EVENT && ev->player >= 0 && ev->player < np)
		for (int k = 0; k < NK; k++) {
			const sl_value *d;
			if (ev->type != c->ev[k] || c->field[k] < 0 || !(d = &ev->f[c->field[k]])->present)
				continue;
			for (int at = 0; at < d->n; at += SL_ROLL_MAX_DICE) {   /* rolls of 8 dice at most */
				sl_roll r;
				memset(&r, 0, sizeof r);
				r.kind = k;
				r.side = ev->player;
				r.ndice = d->n - at < SL_ROLL_MAX_DICE ? d->n - at : SL_ROLL_MAX_DICE;
				memcpy(r.dice, (const uint8_t *)d->p + at, (size_t)r.ndice);
				if (sl_observer_roll(o, &r))
					return SL_ENOMEM;
			}
		}
	count(c, s, np, v);
	return SL_OK;
}

/* The winner the rules named (rules version 2 on: the first to the goal,
 * ties by initiative, LRR 98.2: ti4_round_after, what the game's result
 * hook reports); else who leads: the most victory points among the players
 * still in the game. */
static void result(const void *st, const sl_header *h, sl_result *out)
{
	const ti4_state *s = st;
	int best = -1, tie = 0, np = h->nplayers < TI4_MAXP ? h->nplayers : TI4_MAXP;
	if (s->r.on && s->r.winner >= 0 && s->r.winner < np) {
		out->winner = s->r.winner;
		snprintf(out->text, sizeof out->text, "round %d: %s wins with %d victory points",
			s->turn, h->players[s->r.winner].id, s->pl[s->r.winner].vp);
		return;
	}
	for (int p = 0; p < np; p++) {
		if (s->pl[p].eliminated)
			continue;
		if (best < 0 || s->pl[p].vp > s->pl[best].vp) {
			best = p;
			tie = 0;
		} else if (s->pl[p].vp == s->pl[best].vp)
			tie = 1;
	}
	out->winner = -1;
	if (best < 0)
		snprintf(out->text, sizeof out->text, "every player is eliminated");
	else if (tie)
		snprintf(out->text, sizeof out->text, "round %d: tie at %d victory points", s->turn,
			s->pl[best].vp);
	else {
		out->winner = best;
		snprintf(out->text, sizeof out->text, "round %d: %s leads with %d victory points", s->turn,
			h->players[best].id, s->pl[best].vp);
	}
}

const sl_analysis sl_analysis_ti4 = {
	SL_ANALYSIS_API, "ti4", NULL,
	NM, metrics, NK, kinds, NULL,
	sizeof(ctx), observe, NULL, result,
	NULL,
};
