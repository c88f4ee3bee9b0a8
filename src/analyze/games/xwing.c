/* xwing.c - the analysis of an X-Wing log: each side's ships in play, hull
 * and shields left, damage dealt and taken, and the tokens on its ships
 * (ion, stress, focus, evade; formats/xwing.md); and every attack and
 * defence die as rolled, against the published dice (8 faces: an attack die
 * has 3 hit, 1 crit, 2 focus, 2 blank; a defence die 3 evade, 2 focus,
 * 3 blank), scoring hits and crits, and evades. The mat has no hexes, so
 * there is no heat. */
#include "../analysis.h"
#include "games/xwing/xwing.h"

#include <stdio.h>
#include <string.h>

enum { M_SHIPS, M_HULL, M_SHIELDS, M_DEALT, M_TAKEN, M_ION, M_STRESS, M_FOCUS, M_EVADE, NM };

static const sl_metric_def metrics[NM] = {
	{"ships", "ships", SL_METRIC_LEVEL, "the side's ships still in play"},
	{"hull", "hull points", SL_METRIC_LEVEL, "hull left on the side's ships in play"},
	{"shields", "shields", SL_METRIC_LEVEL, "shields left on the side's ships in play"},
	{"dealt", "damage", SL_METRIC_SUM, "damage the side's attacks dealt (a card each, Direct Hit! two)"},
	{"taken", "damage", SL_METRIC_SUM, "damage the side's ships took (attacks, obstacles)"},
	{"ion", "tokens", SL_METRIC_LEVEL, "ion tokens on the side's ships"},
	{"stress", "tokens", SL_METRIC_LEVEL, "stress tokens on the side's ships"},
	{"focus", "tokens", SL_METRIC_LEVEL, "focus tokens on the side's ships"},
	{"evade", "tokens", SL_METRIC_LEVEL, "evade tokens on the side's ships"},
};

/* The dice of the published game, as facts: ways of each face out of 8, in
 * the order the log names them (hit, crit, focus, blank; evade, focus, blank). */
static const int atk_ways[] = {3, 1, 2, 2};
static const int def_ways[] = {3, 2, 3};
static const char *const atk_faces[] = {"hit", "crit", "focus", "blank", NULL};
static const char *const def_faces[] = {"evade", "focus", "blank", NULL};

enum { K_ATTACK, K_DEFENCE, NK };
static const sl_roll_kind kinds[NK] = {
	{"attack", 4, "hits and crits", "attack dice, rerolls included (hit or crit: 4 faces of 8)", atk_ways, atk_faces},
	{"defence", 3, "evades", "defence dice (evade: 3 faces of 8)", def_ways, def_faces},
};

typedef struct ctx {
	int ready;
	int ev_attack, f_target, f_atk, f_rerolled, f_def;
	int ev_roll, ev_modify, f_mrerolled, f_rdie;   /* an attack in two entries */
	int ev_defend, ev_ability, f_brerolled, f_brdie;   /* rules version 4: its defence dice, cards' rerolls */
	int damage[XW_MAX_SHIPS];    /* each ship's damage after the entry before */
} ctx;

static int field(const sl_event_def *d, const char *name)
{
	for (int k = 0; k < d->nfields; k++)
		if (strcmp(d->fields[k].name, name) == 0)
			return k;
	return -1;
}

static int ship_of(const xw_state *s, const sl_value *v)
{
	if (!v->present || !v->p)
		return -1;
	for (int i = 0; i < s->nships; i++)
		if (strcmp(s->ships[i].id, (const char *)v->p) == 0)
			return i;
	return -1;
}

/* A LIST of faces as rolls of up to SL_ROLL_MAX_DICE dice; scored are the
 * faces below `good` (hit and crit, or evade). */
static int report(sl_observer *o, int kind, int side, const sl_value *v, int good, double p)
{
	const uint8_t *f = v->p;
	for (int at = 0; v->present && at < v->n; at += SL_ROLL_MAX_DICE) {
		sl_roll r;
		memset(&r, 0, sizeof r);
		r.kind = kind;
		r.side = side;
		r.ndice = v->n - at < SL_ROLL_MAX_DICE ? v->n - at : SL_ROLL_MAX_DICE;
		r.scored = 1;
		for (int k = 0; k < r.ndice; k++) {
			r.dice[k] = (uint8_t)(f[at + k] + 1);
			r.score += f[at + k] < good;
		}
		r.expected = r.ndice * p;
		r.variance = r.ndice * p * (1 - p);
		if (sl_observer_roll(o, &r))
			return SL_ENOMEM;
	}
	return SL_OK;
}

/* Rerolled dice as faces in the log's order (attack: hit, crit, focus,
 * blank; defence: evade, focus, blank): typed ones (`rerolled=`, in the
 * order of `names`), or drawn eight-sided dice read through the published
 * faces (attack 1-3 hit, 4 crit, 5-6 focus, 7-8 blank; defence 1-3 evade,
 * 4-5 focus, 6-8 blank). */
static int rerolls(sl_observer *o, int kind, int side, const sl_value *typed, const char *const *names,
	const sl_value *drawn)
{
	const char *const *faces = kind == K_ATTACK ? atk_faces : def_faces;
	sl_value v;
	uint8_t f[16];   /* XW_MAX_DICE (12) at most */
	memset(&v, 0, sizeof v);
	for (int k = 0; typed->present && k < typed->n && k < 16; k++) {
		const char *name = names[((const uint8_t *)typed->p)[k]];
		for (int j = 0; faces[j]; j++)
			if (strcmp(faces[j], name) == 0)
				f[v.n++] = (uint8_t)j;
	}
	for (int k = 0; drawn->present && k < drawn->n && k < 16; k++) {
		uint8_t d = ((const uint8_t *)drawn->p)[k];
		f[v.n++] = kind == K_ATTACK ? (d <= 3 ? 0 : d == 4 ? 1 : d <= 6 ? 2 : 3) : (d <= 3 ? 0 : d <= 5 ? 1 : 2);
	}
	v.present = v.n > 0;
	v.p = f;
	return kind == K_ATTACK ? report(o, K_ATTACK, side, &v, 2, 0.5) : report(o, K_DEFENCE, side, &v, 1, 3.0 / 8);
}

/* The dice of an attack in two entries: a roll's faces (the state holds
 * them, typed or drawn), a modify's rerolled ones; in rules version 4 also
 * the defence dice of `defend` and the dice a card's `ability` rerolled
 * (the attack dice in the attacker's step, the defence dice in the
 * defender's: each side's own dice, whoever's card it was). */
static int two_entries(const ctx *c, const xw_state *s, const sl_event *ev, sl_observer *o)
{
	sl_value v;
	memset(&v, 0, sizeof v);
	if (ev->type == c->ev_ability) {
		const sl_event_def *d = &sl_game_xwing.schema->events[c->ev_ability];
		int attack = s->roll.step == 1;
		if (!s->roll.on)
			return SL_OK;
		return rerolls(o, attack ? K_ATTACK : K_DEFENCE, s->ships[attack ? s->roll.ship : s->roll.target].side,
			&ev->f[c->f_brerolled], d->fields[c->f_brerolled].names, &ev->f[c->f_brdie]);
	}
	if (ev->type == c->ev_defend) {
		v.present = 1;
		v.n = (uint16_t)s->roll.ndef;
		v.p = s->roll.def;
		return report(o, K_DEFENCE, s->ships[s->roll.target].side, &v, 1, 3.0 / 8);
	}
	if (ev->type == c->ev_roll) {
		v.present = 1;
		v.n = (uint16_t)s->roll.natk;
		v.p = s->roll.atk;
		if (report(o, K_ATTACK, ev->player, &v, 2, 0.5))
			return SL_ENOMEM;
		v.n = (uint16_t)s->roll.ndef;
		v.p = s->roll.def;
		return report(o, K_DEFENCE, s->ships[s->roll.target].side, &v, 1, 3.0 / 8);
	}
	return rerolls(o, K_ATTACK, ev->player, &ev->f[c->f_mrerolled], atk_faces, &ev->f[c->f_rdie]);
}

static int observe(void *cx, const sl_header *h, const void *st, const sl_event *ev, double *v,
	sl_observer *o, sl_error *err)
{
	ctx *c = cx;
	const xw_state *s = st;
	int np = h->nplayers, attacker = -1;
	(void)err;
	if (!c->ready) {
		const sl_schema *sc = sl_game_xwing.schema;
		const sl_event_def *d;
		c->ev_attack = sl_schema_event(sc, "attack", 6);
		d = &sc->events[c->ev_attack];
		c->f_target = field(d, "target");
		c->f_atk = field(d, "atk");
		c->f_rerolled = field(d, "rerolled");
		c->f_def = field(d, "def");
		c->ev_roll = sl_schema_event(sc, "roll", 4);
		c->ev_modify = sl_schema_event(sc, "modify", 6);
		c->f_mrerolled = field(&sc->events[c->ev_modify], "rerolled");
		c->f_rdie = field(&sc->events[c->ev_modify], "rdie");
		c->ev_defend = sl_schema_event(sc, "defend", 6);
		c->ev_ability = sl_schema_event(sc, "ability", 7);
		c->f_brerolled = field(&sc->events[c->ev_ability], "rerolled");
		c->f_brdie = field(&sc->events[c->ev_ability], "rdie");
		c->ready = 1;
	}
	if (ev && ev->entry == SL_ENTRY_EVENT && ev->player >= 0 && ev->player < np &&
	    (ev->type == c->ev_roll || ev->type == c->ev_modify || ev->type == c->ev_defend
	     || ev->type == c->ev_ability) && two_entries(c, s, ev, o))
		return SL_ENOMEM;
	if (ev && ev->entry == SL_ENTRY_EVENT && ev->type == c->ev_modify && ev->player >= 0 && ev->player < np)
		attacker = ev->player;   /* the damage of the attack it resolves */
	if (ev && ev->entry == SL_ENTRY_EVENT && ev->type == c->ev_attack && ev->player >= 0 && ev->player < np) {
		int t = ship_of(s, &ev->f[c->f_target]);
		attacker = ev->player;
		if (report(o, K_ATTACK, attacker, &ev->f[c->f_atk], 2, 0.5) ||
		    report(o, K_ATTACK, attacker, &ev->f[c->f_rerolled], 2, 0.5) ||
		    (t >= 0 && report(o, K_DEFENCE, s->ships[t].side, &ev->f[c->f_def], 1, 3.0 / 8)))
			return SL_ENOMEM;
	}
	for (int p = 0; p < np; p++)
		for (int k = 0; k < NM; k++)
			if (metrics[k].kind == SL_METRIC_LEVEL)
				v[p * NM + k] = 0;
	for (int i = 0; i < s->nships && i < XW_MAX_SHIPS; i++) {
		const xw_ship *sh = &s->ships[i];
		int p = sh->side, grew = ev ? sh->damage - c->damage[i] : 0;
		c->damage[i] = sh->damage;
		if (p < 0 || p >= np)
			continue;
		if (grew > 0) {
			v[p * NM + M_TAKEN] += grew;
			if (attacker >= 0 && attacker != p)
				v[attacker * NM + M_DEALT] += grew;
		}
		if (sh->gone)
			continue;
		v[p * NM + M_SHIPS] += 1;
		v[p * NM + M_HULL] += sh->hull;
		v[p * NM + M_SHIELDS] += sh->shields;
		v[p * NM + M_ION] += sh->ion;
		v[p * NM + M_STRESS] += sh->stress;
		v[p * NM + M_FOCUS] += sh->focus;
		v[p * NM + M_EVADE] += sh->evade;
	}
	return SL_OK;
}

/* A side with no ship left loses; while both have ships, nobody has won. */
static void result(const void *st, const sl_header *h, sl_result *out)
{
	const xw_state *s = st;
	int left[SL_MAX_PLAYERS] = {0}, alive = 0, last = -1;
	for (int i = 0; i < s->nships; i++)
		if (!s->ships[i].gone && s->ships[i].side >= 0 && s->ships[i].side < SL_MAX_PLAYERS)
			left[s->ships[i].side]++;
	for (int p = 0; p < h->nplayers && p < SL_MAX_PLAYERS; p++)
		if (left[p]) {
			alive++;
			last = p;
		}
	out->winner = alive == 1 ? last : -1;
	if (alive == 1)
		snprintf(out->text, sizeof out->text, "%s wins: the only side with ships in play (round %d)",
			h->players[last].id, s->turn);
	else if (alive == 0)
		snprintf(out->text, sizeof out->text, "no ship is left in play (round %d)", s->turn);
	else
		snprintf(out->text, sizeof out->text, "round %d: %d sides still have ships in play", s->turn, alive);
}

const sl_analysis sl_analysis_xwing = {
	SL_ANALYSIS_API, "xwing", NULL,
	NM, metrics, NK, kinds, NULL,
	sizeof(ctx), observe, NULL, result,
	NULL,
};
