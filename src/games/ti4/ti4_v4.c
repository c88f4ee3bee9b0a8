/* ti4_v4.c - rules version 4: the custodians token's cost (LRR 27.1-27.3),
 * a structure taken from the board when none is in reinforcements (LRR
 * 24.4a), the Winnu flagship's dice counted from the opponent's ships.
 * Versions 1 to 3 replay as they were recorded (formats/ti4.md). */
#include "ti4_int.h"

#include <string.h>

#define PID(p) ti4_pid(h, p)
#define V4 (s->r3.v4)

enum { CUSTODIANS_COST = 6 };   /* LRR 27.2: six influence */

/* ---- units with production beyond space docks (LRR 68.1) ------------------------------- */

/* The printed values of faction units before their upgrade that version 4
 * reads beyond version 3's (ti4_v3.c): their production. Source: AsyncTI4
 * src/main/resources/data/units/units.json (commit 205a5ee, MIT licence),
 * arborec_infantry (Letani Warrior I: combat 8, production 1) and titans_pds
 * (Hel-Titan I: combat 7, space cannon 6, sustain damage, production 1);
 * the upgrades (Letani Warrior II production 2, Hel-Titan II 1) and the
 * Letani Behemoth (production 2) are in ti4_cards.c. */
#define S(c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr) \
	{c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr}
static const struct {
	uint8_t faction, unit;
	ti4_stats st;
} base_units[] = {
	{TI4_F_ARBOREC, TI4_INF, S(1, 2, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)},   /* Letani Warrior I */
	{TI4_F_TITANS, TI4_PDS, S(0, 1, 7, 1, 0, 0, 1, 0, 0, 0, 0, 6, 1, 1)},    /* Hel-Titan I */
};
#undef S

const ti4_stats *ti4_v4_base_unit(const ti4_state *s, int f, int t)
{
	if (!V4)
		return NULL;
	for (size_t k = 0; k < sizeof base_units / sizeof base_units[0]; k++)
		if (base_units[k].faction == f && base_units[k].unit == t)
			return &base_units[k].st;
	return NULL;
}

int ti4_v4_production(const ti4_state *s, int i, int a, int p)
{
	int n = 0;
	for (int t = 0; V4 && t < TI4_NUT; t++)
		if (t != TI4_SD)
			n += s->u[i][a][p][t] * ti4_unit_production(s, p, t);
	return n;
}

/* ---- the Winnu flagship (Salai Sai Corian) ------------------------------------------ */

/* p's opponent in the space combat at i: the other side of the combat under
 * way, or the one the active player would fight (ti4_combat_opponent). */
static int space_opponent(const ti4_state *s, int i, int p)
{
	if (s->ckind == 1 && s->asys == i)
		return p == s->att ? s->def : p == s->def ? s->att : -1;
	if (p == s->turnp)
		return ti4_combat_opponent(s, i, p);
	return s->turnp >= 0 && ti4_ships_in(s, i, s->turnp) ? s->turnp : -1;
}

int ti4_combat_roll(const ti4_state *s, int i, int a, int p, int t, int *dice)
{
	int v = ti4_unit_roll(s, p, t, TI4_ROLL_COMBAT, dice), q, n = 0;
	if (!V4 || a != 0 || t != TI4_FS || p < 0 || p >= TI4_MAXP
	    || s->pl[p].faction != TI4_F_WINNU || !v)
		return v;
	/* its sheet: as many dice as the opponent has non-fighter ships in the system
	 * (AsyncTI4 units.json winnu_flagship: combat 7, no fixed die count) */
	if ((q = space_opponent(s, i, p)) >= 0)
		for (int u = 0; u < TI4_NUT; u++)
			if (ti4_units[u].ship && u != TI4_FF)
				n += s->u[i][0][q][u];
	*dice = n;
	return v;
}

/* ---- the custodians token (LRR 27) -------------------------------------------------- */

static int is_mecatol(const ti4_state *s, int i, int slot)
{
	const ti4_planet *pl = ti4_planet_at(s, i, slot);
	return pl && strcmp(pl->id, "mecatolrex") == 0;
}

int ti4_v4_land(ti4_state *s, const sl_header *h, const sl_event *ev, int i, int slot,
	int ground, sl_buf *desc, sl_error *err)
{
	int p = ev->player, res = 0, inf = 0, tg, rc, mecatol;
	int paying = ev->f[2].present || ev->f[3].present;
	if (!V4)
		return 0;
	mecatol = is_mecatol(s, i, slot) && !s->r.custodians;
	if (!mecatol) {
		if (paying)
			return ti4_illegal(err, "ti4 LRR 27.2: pay= and tg= on a landing pay the "
				"custodians token's six influence, and %s is not Mecatol Rex with the token "
				"on it", ti4_planet_at(s, i, slot)->name);
		return 0;
	}
	if (!ground)   /* LRR 27.2: then at least one ground force lands */
		return ti4_illegal(err, "ti4 LRR 27.2: the custodians token is removed only to land "
			"at least one ground force on Mecatol Rex");
	tg = ev->f[3].present ? ev->f[3].u.i : 0;
	if (s->pl[p].faction == TI4_F_WINNU) {   /* Blood Ties: no influence to spend */
		if (paying)
			return ti4_illegal(err, "ti4 LRR 27.2: %s (winnu, Blood Ties) spends no influence "
				"for the custodians token", PID(p));
	} else {
		if (!paying)
			return ti4_illegal(err, "ti4 LRR 27.1: no ground forces land on Mecatol Rex while "
				"the custodians token is on it; %s removes it by spending six influence (LRR "
				"27.2: pay= planets exhausted, tg= trade goods)", PID(p));
		if (tg > s->pl[p].tg)
			return ti4_illegal(err, "ti4 LRR 27.2: %s has %d trade goods, not %d", PID(p),
				s->pl[p].tg, tg);
		if ((rc = ti4_pay_planets(s, h, p, &ev->f[2], &res, &inf, err)))
			return rc;
		if (inf + tg < CUSTODIANS_COST)
			return ti4_illegal(err, "ti4 LRR 27.2: the custodians token costs six influence; "
				"%s spends %d (planets %d, trade goods %d)", PID(p), inf + tg, inf, tg);
		s->pl[p].tg = (uint8_t)(s->pl[p].tg - tg);
	}
	/* LRR 27.3: the token into the player's play area, and one victory point */
	s->r.custodians = 1;
	s->pl[p].vp++;
	if (desc)
		sl_buf_printf(desc, "%s removes the custodians token%s (1 VP): the agenda phase opens "
			"from now on; ", PID(p), s->pl[p].faction == TI4_F_WINNU ? " (Blood Ties)" : "");
	return 0;
}

int ti4_v4_custodians_on_control(const ti4_state *s)
{
	return !V4;   /* version 4: taken at the landing that pays, not on gaining control */
}

/* ---- a structure from the board (LRR 24.4a) ------------------------------------------ */

int ti4_v4_take_structure(ti4_state *s, const sl_header *h, int p, int t, const sl_value *from,
	int *used, int token_sys, sl_buf *desc, sl_error *err)
{
	const char *id;
	int slot, i;
	if (!V4)
		return ti4_illegal(err, "ti4 LRR 24.4: %s has no %s in reinforcements (all %d on the "
			"board; taking one from the board, LRR 24.4a, is rules version 4's)", PID(p),
			ti4_units[t].name, ti4_units[t].limit);
	if (!from || !from->present || *used >= from->n)
		return ti4_illegal(err, "ti4 LRR 24.4a: %s has no %s in reinforcements: from= names "
			"the planet one is taken from (a system without a command token of %s's)", PID(p),
			ti4_units[t].name, PID(p));
	id = ti4_planet_tokens[((const uint8_t *)from->p)[(*used)++]];
	i = ti4_planet_find(s, id, &slot);
	if (i < 0 || !s->u[i][slot][p][t])
		return ti4_illegal(err, "ti4 LRR 24.4a: %s holds no %s of %s's", id, ti4_units[t].name,
			PID(p));
	if ((s->cmd[i] >> p & 1) || i == token_sys)
		return ti4_illegal(err, "ti4 LRR 24.4a: %s is in %03d, which holds a command token of "
			"%s's: a unit comes off the board from a system without one", id, ti4_pos_code(i),
			PID(p));
	s->u[i][slot][p][t]--;
	s->reinf[p][t]++;
	if (desc)
		sl_buf_printf(desc, "; a %s taken from %s (none in reinforcements, LRR 24.4a)",
			ti4_units[t].name, id);
	return 0;
}

int ti4_v4_from_left(const sl_header *h, const sl_value *from, int used, sl_error *err)
{
	if (from && from->present && used < from->n)
		return ti4_illegal(err, "ti4 LRR 24.4: from= names %d planet%s, and %d structure%s "
			"had none in reinforcements (a structure comes from reinforcements when one is "
			"there)", from->n, from->n == 1 ? "" : "s", used, used == 1 ? "" : "s");
	return 0;
}
