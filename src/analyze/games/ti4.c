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

typedef struct ctx {
	int ready;
	int ev[NK];            /* the event type of each kind */
	int field[NK];         /* its DICE field */
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
	for (int p = 0; p < np; p++) {
		double *m = v + p * NM;
		int systems = 0;
		for (int k = 0; k < NM; k++)
			m[k] = 0;
		for (int i = 0; i < TI4_NPOS; i++) {
			const ti4_tile *t = ti4_tile_of(s, i);
			int here = 0;
			for (int a = 0; a < TI4_AREAS; a++)
				for (int u = 0; u < TI4_NUT; u++) {
					int n = s->u[i][a][p][u];
					if (!n)
						continue;
					here = 1;
					if (ti4_units[u].ship)
						m[M_SHIPS] += n;
					else if (ti4_units[u].ground)
						m[M_GROUND] += n;
				}
			for (int k = 0; t && k < t->np && k < 3; k++)
				if (s->ctrl[i][k] == p) {
					here = 1;
					m[M_RES] += t->p[k].res;
					m[M_INF] += t->p[k].inf;
				}
			systems += here;
		}
		m[M_SYSTEMS] = systems;
		m[M_CAPTURED] = ti4_captured_count(s, p);
		m[M_TG] = s->pl[p].tg;
		m[M_TOKENS] = s->pl[p].tactic + s->pl[p].fleet + s->pl[p].strategy;
		m[M_VP] = s->pl[p].vp;
	}
	return SL_OK;
}

/* The most victory points among the players still in the game. */
static void result(const void *st, const sl_header *h, sl_result *out)
{
	const ti4_state *s = st;
	int best = -1, tie = 0, np = h->nplayers < TI4_MAXP ? h->nplayers : TI4_MAXP;
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
};
