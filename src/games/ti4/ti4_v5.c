/* ti4_v5.c - rules version 5: the Titans' Hel-Titans fight as ground forces
 * (the faction sheet: both a structure and a ground force), the Saar's
 * Floating Factory lives in a space area, moves and retreats as a ship and is
 * destroyed when blockaded (LRR 79.4a). Versions 1 to 4 replay as they were
 * recorded (formats/ti4.md). */
#include "ti4_int.h"

#include <string.h>

#define PID(p) ti4_pid(h, p)
#define V5 (s->r3.v5)

static int faction_of(const ti4_state *s, int p)
{
	return p >= 0 && p < TI4_MAXP ? s->pl[p].faction : -1;
}

/* ---- the Hel-Titan ------------------------------------------------------------------ */

int ti4_ground_unit(const ti4_state *s, int p, int t)
{
	if (t < 0 || t >= TI4_NUT)
		return 0;
	return ti4_units[t].ground || (V5 && t == TI4_PDS && faction_of(s, p) == TI4_F_TITANS);
}

int ti4_unit_sustain(const ti4_state *s, int p, int t)
{
	if (t < 0 || t >= TI4_NUT)
		return 0;
	/* Hel-Titan I and II sustain damage (AsyncTI4 units.json titans_pds, titans_pds2) */
	if (V5 && t == TI4_PDS && faction_of(s, p) == TI4_F_TITANS)
		return 1;
	return ti4_units[t].sustain;
}

int ti4_ground_in(const ti4_state *s, int i, int a, int p)
{
	int n = s->u[i][a][p][TI4_INF] + s->u[i][a][p][TI4_MECH];
	if (a > 0 && ti4_ground_unit(s, p, TI4_PDS))
		n += s->u[i][a][p][TI4_PDS];
	return n;
}

/* ---- the Floating Factory ----------------------------------------------------------- */

/* Floating Factory I before its upgrade: production 5, move 1, capacity 4.
 * Source: AsyncTI4 src/main/resources/data/units/units.json (commit 205a5ee,
 * MIT licence), saar_spacedock; Floating Factory II (7, 2, 5) is in ti4_cards.c. */
#define ST(c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr) \
	{c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr}
static const ti4_stats factory1 = ST(0, 1, 0, 0, 1, 4, 0, 0, 0, 0, 0, 0, 0, 5);
#undef ST

int ti4_v5_factory(const ti4_state *s, int p, int t)
{
	return V5 && t == TI4_SD && faction_of(s, p) == TI4_F_SAAR;
}

const ti4_stats *ti4_v5_base_unit(const ti4_state *s, int f, int t)
{
	return V5 && f == TI4_F_SAAR && t == TI4_SD ? &factory1 : NULL;
}

int ti4_v5_mover(const ti4_state *s, int p, int t)
{
	return ti4_units[t].ship || ti4_v5_factory(s, p, t);
}

int ti4_v5_factory_production(const ti4_state *s, int i, int p)
{
	int k = ti4_tech_index("floatingfactory2");
	if (!ti4_v5_factory(s, p, TI4_SD) || i < 0 || !s->u[i][0][p][TI4_SD])
		return 0;
	return s->u[i][0][p][TI4_SD] * (k >= 0 && ti4_has_tech(s, p, k) ? 7 : 5);
}

int ti4_v5_structure_area(const ti4_state *s, int p, int t, int slot)
{
	return ti4_v5_factory(s, p, t) ? 0 : slot;
}

/* LRR 79.4a: a factory in a system with other players' ships and none of the
 * Saar's is destroyed; not while a space combat is fought there (LRR 14:
 * blockades wait for its end). */
void ti4_v5_factories_blockaded(ti4_state *s, const sl_header *h, sl_buf *desc)
{
	for (int p = 0; V5 && p < s->np; p++) {
		if (!ti4_v5_factory(s, p, TI4_SD))
			continue;
		for (int i = 0; i < TI4_NPOS; i++) {
			int n = s->u[i][0][p][TI4_SD], other = -1;
			if (!n || ti4_ships_in(s, i, p) || (s->ckind == 1 && s->asys == i))
				continue;
			for (int q = 0; q < s->np && other < 0; q++)
				if (q != p && ti4_ships_in(s, i, q))
					other = q;
			if (other < 0)
				continue;
			s->u[i][0][p][TI4_SD] = 0;
			s->dmg[i][0][p][TI4_SD] = 0;
			s->reinf[p][TI4_SD] = (uint8_t)(s->reinf[p][TI4_SD] + n);
			if (desc)
				sl_buf_printf(desc, "; %s blockades %s's Floating Factor%s at %03d: destroyed "
					"(LRR 79.4a)", PID(other), PID(p), n == 1 ? "y" : "ies",
					ti4_pos_code(i));
		}
	}
}

/* ---- where production is ------------------------------------------------------------ */

int ti4_produces_at(const ti4_state *s, int i, int a, int p)
{
	if (i < 0 || i >= TI4_NPOS || a < 0 || a >= TI4_AREAS || p < 0 || p >= s->np)
		return 0;
	if (ti4_v4_production(s, i, a, p))
		return 1;
	return a ? s->u[i][a][p][TI4_SD] != 0 : ti4_v5_factory_production(s, i, p) != 0;
}
