/* ti4_targets.c - the click targets of Twilight Imperium 4 (formats/ti4.md,
 * "Click targets"). Outside a tactical action: each system a player may
 * activate (at its hex), and in the list pass and the status phase. In a
 * tactical action: the systems the active player's ships may come from
 * (select "from:CODE": then the fleets that may move from there into the
 * active system, and the ground forces that may be loaded there), the rolls
 * the rules expect (space cannon, barrage, combat, bombardment: the dice
 * left to the recorder's roller, with the odds), the hits to assign, the
 * retreats, the landings on each planet, production where units produce, and in
 * the list the end of the turn. Every candidate is tried on a copy of the
 * state by the rules; rolls with stand-in dice of the count the rules take. */
#include "tg_kit.h"
#include "src/games/ti4/ti4.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Event types, in the schema's order (formats/ti4.md, Events). */
enum {
	EV_GALAXY, EV_FACTION, EV_PLACE, EV_ACTIVATE, EV_MOVE, EV_LOAD, EV_CANNON, EV_BARRAGE,
	EV_FIRE, EV_ASSIGN, EV_RETREAT, EV_BOMBARD, EV_LAND, EV_PRODUCE, EV_RECLAIM, EV_END,
	EV_PASS, EV_TRADE, EV_REPLENISH, EV_AGENT, EV_VORTEX
};

#define SEL_FROM "from:"
#define MAX_DICE 64

typedef struct tctx {
	tg_ctx c;
	const ti4_state *s;
	int nring;             /* ACT targets spread round the active system so far */
} tctx;

/* ---- values and places -------------------------------------------------------------- */

typedef struct ulist {
	uint8_t b[MAX_DICE];
	int n;
} ulist;

static void units_of(ulist *l, const int cnt[TI4_NUT])
{
	l->n = 0;
	for (int t = 0; t < TI4_NUT; t++)
		for (int k = 0; k < cnt[t] && l->n < MAX_DICE; k++)
			l->b[l->n++] = (uint8_t)t;
}

static int planet_token(const char *id)
{
	for (int k = 0; ti4_planet_tokens[k]; k++)
		if (strcmp(ti4_planet_tokens[k], id) == 0)
			return k;
	return -1;
}

static const ti4_planet *planet(const tctx *t, int i, int slot)
{
	const ti4_tile *tl = ti4_tile_of(t->s, i);
	return tl && slot >= 1 && slot <= tl->np ? &tl->p[slot - 1] : NULL;
}

static void where(const tctx *t, int i, int slot, double *x, double *y, double *r)
{
	if (tg_ti4_where(t->c.fr, i, slot, x, y, r) != 0)
		*x = SL_TARGET_NOWHERE;
}

/* A spot on a ring round the active system's centre, so that several
 * targets there do not hide each other. */
static void ring_spot(tctx *t, double *x, double *y, double *r)
{
	double cx, cy, R;
	*y = *r = 0;
	where(t, t->s->asys, 0, &cx, &cy, &R);
	if (cx < 0) {
		*x = SL_TARGET_NOWHERE;
		return;
	}
	{
		double a = 2 * M_PI * (t->nring % 12) / 12.0, rad = R * (t->nring < 12 ? 0.45 : 0.25);
		*x = cx + rad * sin(a);
		*y = cy - rad * cos(a);
		*r = R * 0.12;
	}
	t->nring++;
}

/* Pushes ev when the rules accept it, at x,y (x < 0: the list). */
static int offer_at(tctx *t, const sl_event *ev, const char *sel, const char *group, double x,
	double y, double r, const char *label, const char *odds)
{
	if (!tg_try(&t->c, ev))
		return 0;
	return tg_push_act(&t->c, ev, sel, group, x, y, r, label, NULL, odds) ? SL_ENOMEM : 1;
}

static int offer_place(tctx *t, const sl_event *ev, const char *sel, const char *group, int i,
	int slot)
{
	double x = SL_TARGET_NOWHERE, y = 0, r = 0;
	if (i >= 0)
		where(t, i, slot, &x, &y, &r);
	return offer_at(t, ev, sel, group, x, y, r, NULL, NULL);
}

/* ---- odds of a combat roll -------------------------------------------------------------- */

/* The chances of a roll of dice needing val[k] or more on a d10: the
 * expected hits and the chance of at least one, in words. */
static void roll_odds(const int *val, int n, char *buf, size_t bn)
{
	double dist[MAX_DICE + 1] = {1.0}, mean = 0;
	for (int k = 0; k < n && k < MAX_DICE; k++) {
		double p = val[k] > 10 ? 0 : val[k] < 1 ? 1 : (11 - val[k]) / 10.0;
		mean += p;
		for (int h = k + 1; h >= 1; h--)
			dist[h] = dist[h] * (1 - p) + dist[h - 1] * p;
		dist[0] *= 1 - p;
	}
	tg_fmt(buf, bn, "%d %s: %.1f hits expected, at least one %.0f%%", n, n == 1 ? "die" : "dice",
		mean, 100 * (1 - dist[0]));
}

/* The combat values of p's units in area a of the active system, as the
 * rules count them (formats/ti4.md: base values, the upgrades the module
 * knows, the defender's nebula bonus), die by die in unit order. */
static int combat_dice(const tctx *t, int p, int a, int *val)
{
	const ti4_state *s = t->s;
	int n = 0, i = s->asys;
	const ti4_tile *tl = ti4_tile_of(s, i);
	for (int u = 0; u < TI4_NUT; u++) {
		int in = a == 0 ? ti4_units[u].ship : ti4_ground_unit(s, p, u), d, v;
		if (!in)
			continue;
		v = ti4_combat_roll(s, i, a, p, u, &d);   /* the rules' own values */
		if (a == 0 && p == s->def && tl && tl->anomaly == TI4_AN_NEBULA)
			v--;
		for (int k = 0; k < s->u[i][a][p][u] * d && n < MAX_DICE; k++)
			val[n++] = v;
	}
	return n;
}

/* ---- rolls ---------------------------------------------------------------------------------- */

/* A roll whose dice the recorder draws: offered when the rules take some
 * count of stand-in dice (10s); the line leaves the dice out. */
static int offer_roll(tctx *t, sl_event *ev, int field, const char *group, int i, int slot,
	const char *what, const char *odds)
{
	int n = tg_try_dice(&t->c, ev, field, 10, MAX_DICE);
	double x = SL_TARGET_NOWHERE, y = 0, r = 0;
	char label[128];
	if (!n)
		return 0;
	where(t, i, slot, &x, &y, &r);
	if (x >= 0)
		r *= slot ? 1.0 : 0.5;
	tg_fmt(label, sizeof label, "%s rolls %s: %d %s (drawn by the recorder)", tg_pid(&t->c, ev->player),
		what, n, n == 1 ? "die" : "dice");
	return tg_push_act(&t->c, ev, "", group, x, y, r, label, NULL, odds) ? SL_ENOMEM : 1;
}

static int rolls(tctx *t)
{
	const ti4_state *s = t->s;
	int i = s->asys, rc;
	const ti4_tile *tl = ti4_tile_of(s, i);
	for (int q = 0; q < s->np; q++) {
		sl_event ev;
		int val[MAX_DICE], n;
		char odds[160];
		if (s->pl[q].eliminated)
			continue;
		/* space combat */
		n = combat_dice(t, q, 0, val);
		roll_odds(val, n, odds, sizeof odds);
		sl_event_init(&ev, EV_FIRE, q);
		if ((rc = offer_roll(t, &ev, 0, "combat", i, 0, "for the space combat", odds)) < 0)
			return rc;
		/* ground combat, planet by planet */
		for (int k = 1; tl && k <= tl->np; k++) {
			int tok = planet_token(tl->p[k - 1].id);
			char what[96];
			n = combat_dice(t, q, k, val);
			roll_odds(val, n, odds, sizeof odds);
			sl_event_init(&ev, EV_FIRE, q);
			sl_value_int(&ev.f[1], tok);
			tg_fmt(what, sizeof what, "for the ground combat on %s", tl->p[k - 1].name);
			if ((rc = offer_roll(t, &ev, 0, "combat", i, k, what, odds)) < 0)
				return rc;
			/* space cannon defense against a landing there */
			sl_event_init(&ev, EV_CANNON, q);
			sl_value_int(&ev.f[2], tok);
			tg_fmt(what, sizeof what, "space cannon defense on %s", tl->p[k - 1].name);
			if ((rc = offer_roll(t, &ev, 0, "cannon", i, k, what, NULL)) < 0)
				return rc;
			/* bombardment */
			sl_event_init(&ev, EV_BOMBARD, q);
			sl_value_int(&ev.f[0], tok);
			tg_fmt(what, sizeof what, "bombardment of %s", tl->p[k - 1].name);
			if ((rc = offer_roll(t, &ev, 1, "bombard", i, k, what, NULL)) < 0)
				return rc;
		}
		/* anti-fighter barrage */
		sl_event_init(&ev, EV_BARRAGE, q);
		if ((rc = offer_roll(t, &ev, 0, "barrage", i, 0, "anti-fighter barrage", NULL)) < 0)
			return rc;
		/* space cannon offense: by the active player at a target, or at it */
		sl_event_init(&ev, EV_CANNON, q);
		if ((rc = offer_roll(t, &ev, 0, "cannon", i, 0, "space cannon offense", NULL)) < 0)
			return rc;
		for (int r = 0; r < s->np; r++) {
			char what[96];
			if (r == q)
				continue;
			sl_event_init(&ev, EV_CANNON, q);
			tg_str(&ev.f[1], tg_pid(&t->c, r));
			tg_fmt(what, sizeof what, "space cannon offense at %s", tg_pid(&t->c, r));
			if ((rc = offer_roll(t, &ev, 0, "cannon", i, 0, what, NULL)) < 0)
				return rc;
		}
	}
	return 0;
}

/* ---- hits and retreats -------------------------------------------------------------------- */

/* Hits of player q: sustain what can first, then the cheapest units; and
 * the same without sustaining. */
static int assigns(tctx *t)
{
	static const int order[] = {TI4_FF, TI4_INF, TI4_DD, TI4_CR, TI4_CV, TI4_MECH, TI4_DN,
		TI4_FS, TI4_WS, TI4_PDS};   /* a Hel-Titan last (rules version 5: a ground force) */
	const ti4_state *s = t->s;
	int i = s->asys, rc;
	for (int q = 0; q < s->np; q++) {
		int ar = s->pend_area[q];
		if (!s->pend[q])
			continue;
		for (int sustain = 1; sustain >= 0; sustain--) {
			int left = s->pend[q], sus[TI4_NUT] = {0}, des[TI4_NUT] = {0};
			ulist ls, ld;
			sl_event ev;
			double x, y, r;
			for (int u = 0; u < TI4_NUT && left && sustain; u++) {
				int ok = s->pend_kind[q] == 2 ? ti4_ground_unit(s, q, u) : s->pend_kind[q] == 1 ?
					u == TI4_FF : ti4_units[u].ship;
				if (ok && ti4_unit_sustain(s, q, u)) {
					int k = s->u[i][ar][q][u] - s->dmg[i][ar][q][u];
					sus[u] = k < left ? k : left;
					left -= sus[u];
				}
			}
			for (size_t k = 0; k < sizeof order / sizeof order[0] && left; k++) {
				int u = order[k];
				int ok = s->pend_kind[q] == 2 ? ti4_ground_unit(s, q, u) : s->pend_kind[q] == 1 ?
					u == TI4_FF : ti4_units[u].ship;
				if (!ok)
					continue;
				des[u] = s->u[i][ar][q][u] < left ? s->u[i][ar][q][u] : left;
				left -= des[u];
			}
			units_of(&ls, sus);
			units_of(&ld, des);
			if (!ls.n && sustain)
				continue;   /* nothing to sustain: the plain case comes next */
			sl_event_init(&ev, EV_ASSIGN, q);
			if (ls.n)
				tg_bytes(&ev.f[0], ls.b, ls.n);
			if (ld.n)
				tg_bytes(&ev.f[1], ld.b, ld.n);
			where(t, i, ar, &x, &y, &r);
			if (x >= 0 && !ar)
				r *= 0.5;
			if ((rc = offer_at(t, &ev, "", "assign", x, y, r, NULL, NULL)) < 0)
				return rc;
		}
	}
	return 0;
}

static int retreats(tctx *t)
{
	const ti4_state *s = t->s;
	int rc;
	if (s->ckind != 1)
		return 0;
	for (int k = 0; k < 2; k++) {
		int q = k ? s->att : s->def;
		for (int j = 0; j < TI4_NPOS; j++) {
			sl_event ev;
			if (j == s->asys || !ti4_tile_of(s, j))
				continue;
			sl_event_init(&ev, EV_RETREAT, q);
			sl_value_int(&ev.f[0], ti4_pos_code(j));
			if ((rc = offer_place(t, &ev, "", "retreat", j, 0)) < 0)
				return rc;
		}
	}
	return 0;
}

/* ---- movement ----------------------------------------------------------------------------- */

static int capacity_of(const tctx *t, int p, int u)
{
	return ti4_unit_capacity(t->s, p, u);
}

/* Whether p's unit u moves by itself: a ship with a move value, or (rules
 * version 5) the Saar's Floating Factory, a space dock with a move value. */
static int mover(const tctx *t, int p, int u)
{
	return (ti4_units[u].ship && ti4_units[u].move)
		|| (u == TI4_SD && ti4_unit_move(t->s, p, u) > 0);
}

/* A fleet: ships (cnt) with what their capacity carries of the ground
 * forces and fighters in the space area of j, infantry and mechs first. */
static void fill_transport(const tctx *t, int p, int j, int cnt[TI4_NUT])
{
	int cap = 0;
	static const int carried[] = {TI4_INF, TI4_MECH, TI4_FF};
	for (int u = 0; u < TI4_NUT; u++)
		if (mover(t, p, u))
			cap += cnt[u] * capacity_of(t, p, u);
	for (size_t k = 0; k < 3; k++) {
		int u = carried[k], have = t->s->u[j][0][p][u];
		cnt[u] = have < cap ? have : cap;
		cap -= cnt[u];
	}
}

/* The fleets that may move from j (any = 1: 1 as soon as one may). */
static int moves_from(tctx *t, int j, int any)
{
	const ti4_state *s = t->s;
	int p = s->turnp, rc;
	int fleets[2 * TI4_NUT + 1][TI4_NUT], nf = 0;
	char sel[64];
	memset(fleets, 0, sizeof fleets);
	/* every ship that moves; then each type whole; then one ship of each type */
	for (int u = 0; u < TI4_NUT; u++)
		if (mover(t, p, u))
			fleets[0][u] = s->u[j][0][p][u];
	nf = 1;
	for (int u = 0; u < TI4_NUT; u++) {
		if (!mover(t, p, u) || !s->u[j][0][p][u])
			continue;
		fleets[nf++][u] = s->u[j][0][p][u];
		if (s->u[j][0][p][u] > 1)
			fleets[nf++][u] = 1;
	}
	tg_fmt(sel, sizeof sel, SEL_FROM "%03d", ti4_pos_code(j));
	for (int f = 0; f < nf; f++) {
		ulist l;
		sl_event ev;
		int ships = 0, dup = 0, ok;
		for (int u = 0; u < TI4_NUT; u++)
			ships += mover(t, p, u) ? fleets[f][u] : 0;
		if (!ships)
			continue;
		fill_transport(t, p, j, fleets[f]);
		for (int g = 0; g < f && !dup; g++)
			dup = memcmp(fleets[g], fleets[f], sizeof fleets[f]) == 0;
		if (dup)
			continue;
		units_of(&l, fleets[f]);
		sl_event_init(&ev, EV_MOVE, p);
		sl_value_int(&ev.f[0], ti4_pos_code(j));
		tg_bytes(&ev.f[1], l.b, l.n);
		ok = tg_try(&t->c, &ev);
		if (!ok) {   /* through or out of a gravity rift: the recorder rolls the rift dice */
			int n = 0;
			uint8_t d[MAX_DICE];
			for (int u = 0; u < TI4_NUT; u++)
				n += ti4_units[u].ship || mover(t, p, u) ? fleets[f][u] : 0;
			memset(d, 10, sizeof d);
			tg_bytes(&ev.f[2], d, n < MAX_DICE ? n : MAX_DICE);
			ok = tg_try(&t->c, &ev);
			ev.f[2].present = 0;
		}
		if (!ok)
			continue;
		if (any)
			return 1;
		{
			double x, y, r;
			char label[128], list[96];
			sl_buf b;
			sl_buf_init(&b);
			for (int k = 0; k < l.n; k++)
				sl_buf_printf(&b, "%s%s", k ? "," : "", ti4_unit_tokens[l.b[k]]);
			if (b.failed)
				t->c.oom = 1;
			tg_fmt(list, sizeof list, "%s", b.failed ? "" : sl_buf_cstr(&b));
			sl_buf_free(&b);
			tg_fmt(label, sizeof label, "move %s from %03d into %03d", list, ti4_pos_code(j),
				ti4_pos_code(s->asys));
			ring_spot(t, &x, &y, &r);
			if ((rc = tg_push_act(&t->c, &ev, sel, "move", x, y, r, label, NULL, NULL)) != 0)
				return SL_ENOMEM;
		}
	}
	return 0;
}

/* Ground forces of the active player loaded from the planets of j. */
static int loads_from(tctx *t, int j, const char *sel)
{
	const ti4_state *s = t->s;
	const ti4_tile *tl = ti4_tile_of(s, j);
	int p = s->turnp, rc;
	for (int k = 1; tl && k <= tl->np; k++) {
		int all[TI4_NUT] = {0}, one[TI4_NUT] = {0}, tok = planet_token(tl->p[k - 1].id);
		all[TI4_INF] = s->u[j][k][p][TI4_INF];
		all[TI4_MECH] = s->u[j][k][p][TI4_MECH];
		if (all[TI4_INF])
			one[TI4_INF] = 1;
		else
			one[TI4_MECH] = all[TI4_MECH] ? 1 : 0;
		for (int v = 0; v < 2; v++) {
			ulist l;
			sl_event ev;
			units_of(&l, v ? one : all);
			if (!l.n || (v && l.n == 1 && all[TI4_INF] + all[TI4_MECH] == 1))
				continue;
			sl_event_init(&ev, EV_LOAD, p);
			sl_value_int(&ev.f[0], tok);
			tg_bytes(&ev.f[1], l.b, l.n);
			if ((rc = offer_place(t, &ev, sel, "load", j, k)) < 0)
				return rc;
		}
	}
	return 0;
}

static int select_froms(tctx *t)
{
	const ti4_state *s = t->s;
	int p = s->turnp;
	for (int j = 0; j < TI4_NPOS; j++) {
		int ships = 0, rc;
		double x, y, r;
		char sel[64], label[128];
		if (j == s->asys || !ti4_tile_of(s, j))
			continue;
		for (int u = 0; u < TI4_NUT; u++)
			ships += mover(t, p, u) ? s->u[j][0][p][u] : 0;
		if (!ships)
			continue;
		if ((rc = moves_from(t, j, 1)) < 0)
			return rc;
		if (!rc)
			continue;
		where(t, j, 0, &x, &y, &r);
		tg_fmt(sel, sizeof sel, SEL_FROM "%03d", ti4_pos_code(j));
		tg_fmt(label, sizeof label, "%s's ships at %03d: move into %03d", tg_pid(&t->c, p),
			ti4_pos_code(j), ti4_pos_code(s->asys));
		if (tg_push(&t->c, SL_TARGET_SELECT, tg_pid(&t->c, p), sel, "fleet", x, y, r * 0.6, label,
			NULL, NULL, NULL))
			return SL_ENOMEM;
	}
	return 0;
}

/* ---- invasion and production --------------------------------------------------------------- */

/* A landing's pay= and tg= for the custodians token (LRR 27.2, rules
 * version 4): p's ready planets, the most influence first, until six, then
 * trade goods. 0 when p cannot pay six. */
static int custodians_pay(tctx *t, int p, sl_event *ev)
{
	const ti4_state *s = t->s;
	uint8_t pay[16];
	int n = 0, inf = 0, used[TI4_NPOS][3];
	memset(used, 0, sizeof used);
	while (inf < 6 && n < 16) {
		int bi = -1, bk = 0, best = 0;
		for (int j = 0; j < TI4_NPOS; j++)
			for (int k = 1; k <= 3; k++) {
				const ti4_planet *pl = planet(t, j, k);
				if (pl && s->ctrl[j][k - 1] == p && !s->exh[j][k - 1] && !used[j][k - 1]
				    && pl->inf > best) {
					bi = j;
					bk = k;
					best = pl->inf;
				}
			}
		if (bi < 0)
			break;
		used[bi][bk - 1] = 1;
		pay[n++] = (uint8_t)planet_token(planet(t, bi, bk)->id);
		inf += best;
	}
	if (inf < 6 && s->pl[p].tg < 6 - inf)
		return 0;
	if (n)
		tg_bytes(&ev->f[2], pay, n);
	if (inf < 6)
		sl_value_int(&ev->f[3], 6 - inf);
	return 1;
}

static int landings(tctx *t)
{
	const ti4_state *s = t->s;
	int i = s->asys, p = s->turnp, rc;
	const ti4_tile *tl = ti4_tile_of(s, i);
	int all[TI4_NUT] = {0}, one[TI4_NUT] = {0};
	all[TI4_INF] = s->u[i][0][p][TI4_INF];
	all[TI4_MECH] = s->u[i][0][p][TI4_MECH];
	if (all[TI4_INF])
		one[TI4_INF] = 1;
	else if (all[TI4_MECH])
		one[TI4_MECH] = 1;
	for (int k = 1; tl && k <= tl->np; k++)
		for (int v = 0; v < 2; v++) {
			ulist l;
			sl_event ev;
			units_of(&l, v ? one : all);
			if (!l.n || (v && all[TI4_INF] + all[TI4_MECH] == 1))
				continue;
			sl_event_init(&ev, EV_LAND, p);
			sl_value_int(&ev.f[0], planet_token(tl->p[k - 1].id));
			tg_bytes(&ev.f[1], l.b, l.n);
			if ((rc = offer_place(t, &ev, "", "invade", i, k)) < 0)
				return rc;
			/* rules version 4: Mecatol Rex with the custodians token, its six influence */
			if (!rc && custodians_pay(t, p, &ev) && (rc = offer_place(t, &ev, "", "invade", i, k)) < 0)
				return rc;
		}
	return 0;
}

/* One package of each unit type (fighters and infantry by two), paid with
 * the player's ready planets, largest resources first, then trade goods;
 * offered only where a unit of the active player's has production
 * (ti4_produces_at: a dock's planet, a planet with Letani Warriors or a
 * Hel-Titan, the space area of a Floating Factory or of transported
 * warriors): ground forces at each such place, ships at the first. */
static int productions_at(tctx *t, int dock, int ships);
static int productions(tctx *t)
{
	const ti4_state *s = t->s;
	int i = s->asys, p = s->turnp, rc, where_[TI4_AREAS], nw = 0;
	const ti4_tile *tl = ti4_tile_of(s, i);
	for (int k = 1; tl && k <= tl->np; k++)
		if (ti4_produces_at(s, i, k, p))
			where_[nw++] = k;
	if (tl && ti4_produces_at(s, i, 0, p))
		where_[nw++] = 0;   /* the space area: ground forces stay there (68.4, 79.4a) */
	for (int k = 0; k < nw; k++)
		if ((rc = productions_at(t, where_[k], k == 0)) < 0)
			return rc;
	return 0;
}

/* The packages produced at area dock of the active system (ships too when
 * ships is set). */
static int productions_at(tctx *t, int dock, int ships)
{
	static const int what[][2] = {{TI4_INF, 2}, {TI4_FF, 2}, {TI4_DD, 1}, {TI4_CR, 1},
		{TI4_CV, 1}, {TI4_DN, 1}, {TI4_MECH, 1}, {TI4_WS, 1}, {TI4_FS, 1}};
	const ti4_state *s = t->s;
	int i = s->asys, p = s->turnp, rc;
	const ti4_tile *tl = ti4_tile_of(s, i);
	for (size_t w = 0; w < sizeof what / sizeof what[0]; w++) {
		int u = what[w][0], n = what[w][1], cnt[TI4_NUT] = {0}, got = 0, ground;
		if (!ti4_units[u].ground && !ships)
			continue;
		int cost = (n + ti4_units[u].per - 1) / ti4_units[u].per * ti4_units[u].cost;
		uint8_t pay[16];
		int npay = 0, used[TI4_NPOS][3];
		ulist l;
		sl_event ev;
		memset(used, 0, sizeof used);
		while (got < cost && npay < 16) {   /* the largest ready planet first */
			int bi = -1, bk = 0, br = 0;
			for (int j = 0; j < TI4_NPOS; j++)
				for (int k = 1; k <= 3; k++) {
					const ti4_planet *pl = planet(t, j, k);
					if (pl && s->ctrl[j][k - 1] == p && !s->exh[j][k - 1] && !used[j][k - 1]
					    && pl->res > br) {
						bi = j;
						bk = k;
						br = pl->res;
					}
				}
			if (bi < 0)
				break;
			used[bi][bk - 1] = 1;
			pay[npay++] = (uint8_t)planet_token(planet(t, bi, bk)->id);
			got += br;
		}
		cnt[u] = n;
		units_of(&l, cnt);
		sl_event_init(&ev, EV_PRODUCE, p);
		tg_bytes(&ev.f[0], l.b, l.n);
		if (npay)
			tg_bytes(&ev.f[1], pay, npay);
		if (got < cost)
			sl_value_int(&ev.f[2], cost - got);
		ground = ti4_units[u].ground;
		if (ground && dock > 0)
			sl_value_int(&ev.f[5], planet_token(tl->p[dock - 1].id));
		if ((rc = offer_place(t, &ev, "", "produce", i, dock)) < 0)
			return rc;
		/* Amalgamation (17.2b): one of the units paid by returning a
		 * captured unit of its type, of each owner held (a token: no owner) */
		for (int q = -1; q < s->np; q++) {
			uint8_t am = (uint8_t)u;
			int held = q < 0 ? (u == TI4_FF ? s->captok[p][0] : u == TI4_INF ? s->captok[p][1] : 0)
				: q != p ? s->cap[p][q][u] : s->cap[p][p][u];
			sl_event e2 = ev;
			if (!held)
				continue;
			tg_bytes(&e2.f[3], &am, 1);
			if (q >= 0)
				tg_str(&e2.f[4], tg_pid(&t->c, q));
			e2.f[1].present = 0;   /* the rest paid again, if anything is left to pay */
			e2.f[2].present = 0;
			if (!tg_try(&t->c, &e2))
				e2.f[1] = ev.f[1], e2.f[2] = ev.f[2];
			if ((rc = offer_place(t, &e2, "", "produce", i, dock)) < 0)
				return rc;
		}
	}
	return 0;
}

/* ---- capture (LRR 17 (22)) and what feeds it ---------------------------------------------- */

/* Commodities replenished (the agent answers it; offered between
 * tactical actions only, though the rules take it any time in the action
 * phase), the Cabal agent's capture from reinforcements (a unit of each
 * type), Vortex (each type at each system holding it). */
static int captures(tctx *t, int replenish)
{
	const ti4_state *s = t->s;
	int rc;
	for (int p = 0; p < s->np; p++) {
		sl_event ev;
		if (s->pl[p].eliminated)
			continue;
		sl_event_init(&ev, EV_REPLENISH, p);
		if (replenish && (rc = offer_place(t, &ev, "", "replenish", -1, 0)) < 0)
			return rc;
		for (int q = 0; q < s->np; q++) {
			if (q == p || s->pl[q].eliminated)
				continue;
			for (int u = 0; u < TI4_NUT; u++) {
				if (s->pl[p].agent_ready) {
					sl_event_init(&ev, EV_AGENT, p);
					tg_str(&ev.f[0], tg_pid(&t->c, q));
					sl_value_int(&ev.f[1], u);
					if ((rc = offer_place(t, &ev, "", "capture", -1, 0)) < 0)
						return rc;
				}
				if (!s->pl[p].vortex_ready)
					continue;
				for (int i = 0; i < TI4_NPOS; i++) {
					int here = 0;
					for (int a = 0; a < TI4_AREAS; a++)
						here += s->u[i][a][q][u];
					if (!here)
						continue;
					sl_event_init(&ev, EV_VORTEX, p);
					tg_str(&ev.f[0], tg_pid(&t->c, q));
					sl_value_int(&ev.f[1], u);
					sl_value_int(&ev.f[2], ti4_pos_code(i));
					if ((rc = offer_place(t, &ev, "", "capture", i, 0)) < 0)
						return rc;
				}
			}
		}
	}
	return 0;
}

/* 17.2a (22.2a): captured ships and mechs returned in a transaction, one
 * of each type, either way, between the active player and each other; the
 * rest of a trade (goods, commodities, notes) is typed. */
static int releases(tctx *t)
{
	const ti4_state *s = t->s;
	int p = s->turnp, rc;
	for (int q = 0; q < s->np; q++) {
		if (q == p || s->pl[q].eliminated)
			continue;
		for (int way = 0; way < 2; way++)
			for (int u = 0; u < TI4_NUT; u++) {
				sl_event ev;
				uint8_t one = (uint8_t)u;
				if (!(way ? s->cap[q][p][u] : s->cap[p][q][u]))
					continue;
				sl_event_init(&ev, EV_TRADE, p);
				tg_str(&ev.f[0], tg_pid(&t->c, q));
				tg_bytes(&ev.f[way ? 6 : 5], &one, 1);
				if ((rc = offer_place(t, &ev, "", "trade", -1, 0)) < 0)
					return rc;
			}
	}
	return 0;
}

/* Commentary 8: a unit of a type none are left of in reinforcements
 * taken back from the board (a system's space area or a planet) to be
 * produced at once. */
static int reclaims(tctx *t)
{
	const ti4_state *s = t->s;
	int p = s->turnp, rc;
	for (int u = 0; u < TI4_NUT; u++) {
		if (s->reinf[p][u])
			continue;
		for (int i = 0; i < TI4_NPOS; i++)
			for (int a = 0; a < TI4_AREAS; a++) {
				sl_event ev;
				char place[24];
				const ti4_planet *pl = a ? planet(t, i, a) : NULL;
				if (!s->u[i][a][p][u] || (a && !pl))
					continue;
				if (a)
					tg_fmt(place, sizeof place, "%s", pl->id);
				else
					tg_fmt(place, sizeof place, "%03d", ti4_pos_code(i));
				sl_event_init(&ev, EV_RECLAIM, p);
				sl_value_int(&ev.f[0], u);
				tg_str(&ev.f[1], place);
				if ((rc = offer_place(t, &ev, "", "reclaim", i, a)) < 0)
					return rc;
			}
	}
	return 0;
}

/* ---- the moments ----------------------------------------------------------------------------- */

static int offer_marker(tctx *t, int turn, int phase, const char *label)
{
	return tg_offer_marker(&t->c, turn, phase, "", label);
}

static int between_turns(tctx *t)
{
	const ti4_state *s = t->s;
	int rc;
	for (int p = 0; p < s->np; p++) {
		sl_event ev;
		if (s->pl[p].passed || s->pl[p].eliminated)
			continue;
		for (int i = 0; i < TI4_NPOS; i++) {
			if (!ti4_tile_of(s, i))
				continue;
			sl_event_init(&ev, EV_ACTIVATE, p);
			sl_value_int(&ev.f[0], ti4_pos_code(i));
			if ((rc = offer_place(t, &ev, "", "activate", i, 0)) < 0)
				return rc;
		}
		sl_event_init(&ev, EV_PASS, p);
		if ((rc = offer_place(t, &ev, "", "pass", -1, 0)) < 0)
			return rc;
	}
	if ((rc = captures(t, 1)) < 0)
		return rc;
	return offer_marker(t, s->turn, 2, "every player has passed: the status phase");
}

static int tactical(tctx *t)
{
	const ti4_state *s = t->s;
	int rc;
	sl_event ev;
	if ((rc = assigns(t)) < 0 || (rc = rolls(t)) < 0 || (rc = retreats(t)) < 0
	    || (rc = select_froms(t)) < 0 || (rc = loads_from(t, s->asys, "")) < 0
	    || (rc = landings(t)) < 0 || (rc = reclaims(t)) < 0 || (rc = productions(t)) < 0
	    || (rc = releases(t)) < 0 || (rc = captures(t, 0)) < 0)
		return rc;
	sl_event_init(&ev, EV_END, s->turnp);
	return offer_place(t, &ev, "", "end", -1, 0);
}

int tg_ti4_targets(const sl_frame *fr, const char *sel, sl_targets *out, sl_error *err)
{
	tctx t;
	int rc = 0;
	if (!fr->state)
		return 0;
	if (tg_begin(&t.c, fr, sizeof(ti4_state), out, err))
		return SL_ENOMEM;
	t.s = fr->state;
	t.nring = 0;
	if (t.s->turn < 1) {
		if (!sel || !*sel)   /* the setup is typed; its end is offered */
			rc = offer_marker(&t, 1, 0, "the setup is done: round 1");
	} else if (!sel || !*sel) {
		if (t.s->phase == 2) {
			char label[64];
			tg_fmt(label, sizeof label, "round %d begins", t.s->turn + 1);
			rc = offer_marker(&t, t.s->turn + 1, 0, label);
		} else if (t.s->turnp < 0) {
			rc = between_turns(&t);
		} else {
			rc = tactical(&t);
		}
	} else if (t.s->turnp >= 0 && strncmp(sel, SEL_FROM, strlen(SEL_FROM)) == 0) {
		int code = 0, j;
		if (sscanf(sel + strlen(SEL_FROM), "%d", &code) == 1 && (j = ti4_pos_index(code)) >= 0
		    && j != t.s->asys) {
			rc = moves_from(&t, j, 0);
			if (rc >= 0)
				rc = loads_from(&t, j, sel);
		}
	}
	return tg_end_rc(&t.c, rc, "ti4", err);
}
