/* ti4_v3.c - rules version 3: a space combat where a third player has ships
 * (LRR 78, 62: the active player and one other fight, then the next), and
 * the Construction (LRR 24) and Warfare (LRR 99) strategy cards carried out.
 * Versions 1 and 2 replay as they were recorded (formats/ti4.md). */
#include "ti4_int.h"

#include <stdio.h>
#include <string.h>

#define PID(p) ti4_pid(h, p)
#define V3 (&s->r3)

enum { CARD_CONSTRUCTION = 3, CARD_WARFARE = 5 };

void ti4_v3_init(ti4_state *s, const sl_header *h)
{
	memset(V3, 0, sizeof *V3);
	V3->on = h && h->rules_version >= 3;
	V3->v4 = h && h->rules_version >= 4;
	V3->v5 = h && h->rules_version >= 5;
}

void ti4_v3_serialize(const ti4_state *s, sl_buf *b)
{
	if (!V3->on)
		return;
	sl_buf_u8(b, 3);
	sl_buf_u8(b, V3->on);   /* version 3's two bytes, as they were */
	sl_buf_u8(b, V3->warprod);
	if (V3->v4)
		sl_buf_u8(b, 4);    /* version 4: a marker, nothing more of its own */
	if (V3->v5)
		sl_buf_u8(b, 5);    /* version 5: a marker too */
}

void ti4_v3_restore(ti4_state *s, sl_reader *r)
{
	const uint8_t *p;
	if (r->err || r->pos >= r->len)
		return;
	if (sl_read_u8(r) != 3 || !(p = sl_read_bytes(r, 2))) {
		r->err = 1;
		return;
	}
	s->r3.on = p[0];
	s->r3.warprod = p[1];
	s->r3.v4 = s->r3.v5 = 0;
	if (r->pos < r->len)
		s->r3.v4 = sl_read_u8(r) == 4 ? 1 : (r->err = 1, 0);
	if (s->r3.v4 && r->pos < r->len)
		s->r3.v5 = sl_read_u8(r) == 5 ? 1 : (r->err = 1, 0);
	if (!s->r3.on || !s->r.on)
		r->err = 1;
}

/* ---- three players in the active system ---------------------------------------------- */

int ti4_combat_opponent(const ti4_state *s, int i, int p)
{
	int best = -1;
	for (int q = 0; q < s->np; q++) {
		if (q == p || !ti4_ships_in(s, i, q))
			continue;
		if (!V3->on)
			return q;
		if (best < 0 || ti4_initiative(s, q) < ti4_initiative(s, best))
			best = q;
	}
	return best;
}

int ti4_not_a_side(const ti4_state *s, const sl_header *h, int p, const char *rule,
	sl_error *err)
{
	int i = s->asys, att = s->ckind == 1 ? s->att : s->turnp, def;
	if (!V3->on || s->ckind == 2 || i < 0 || att < 0 || !ti4_ships_in(s, i, p))
		return 0;
	def = s->ckind == 1 ? s->def : ti4_combat_opponent(s, i, att);
	if (def < 0 || p == att || p == def)
		return 0;
	return ti4_illegal(err, "ti4 LRR 62.1: %s's ships at %03d are not a side of the space "
		"combat of %s against %s (LRR %s, 78: the active player and one other fight; %s's "
		"turn comes when this combat is over)", PID(p), ti4_pos_code(i), PID(att), PID(def),
		rule, PID(p));
}

/* ---- faction units before their upgrade ------------------------------------------------ */

/* The printed values of each faction's own unit that replaces a generic one
 * on its sheet, as long as its upgrade is not researched (the upgrades are
 * ti4_techs). Source: AsyncTI4/TI4_map_generator_bot
 * src/main/resources/data/units/units.json (commit 205a5ee, MIT licence):
 * the "... I" entries; values are facts of the printed cards. Only what the
 * module models differs from the generic unit (Letani Warrior I's production,
 * Hel-Titan I as a ground force and the Floating Factory in space are not
 * modelled: formats/ti4.md). The L1Z1X flagship [0.0.1] keeps capacity 5
 * (ti4_cards.c), the printed value, where units.json says 6. */
#define S(c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr) \
	{c, per, cb, d, mv, cap, sus, b, bd, a, ad, sc, sd, pr}
static const struct {
	uint8_t faction, unit;
	ti4_stats st;
} base_units[] = {
	{TI4_F_SOL, TI4_INF, S(1, 2, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)},       /* Spec Ops I */
	{TI4_F_SOL, TI4_CV, S(3, 1, 9, 1, 1, 6, 0, 0, 0, 0, 0, 0, 0, 0)},        /* Advanced Carrier I */
	{TI4_F_ARGENT, TI4_DD, S(1, 1, 8, 1, 2, 1, 0, 0, 0, 9, 2, 0, 0, 0)},     /* Strike Wing Alpha I */
	{TI4_F_L1Z1X, TI4_DN, S(4, 1, 5, 1, 1, 2, 1, 5, 1, 0, 0, 0, 0, 0)},      /* Super Dreadnought I */
	{TI4_F_MUAAT, TI4_WS, S(12, 1, 3, 3, 1, 6, 1, 3, 3, 0, 0, 0, 0, 0)},     /* Prototype War Sun I */
	{TI4_F_NAALU, TI4_FF, S(1, 2, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)},      /* Hybrid Crystal Fighter I */
	{TI4_F_SARDAKK, TI4_DN, S(4, 1, 5, 1, 1, 1, 1, 4, 2, 0, 0, 0, 0, 0)},    /* Exotrireme I */
	{TI4_F_TITANS, TI4_CR, S(2, 1, 7, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0)},     /* Saturn Engine I */
};
#undef S

const ti4_stats *ti4_v3_base_unit(const ti4_state *s, int f, int t)
{
	if (!V3->on)
		return NULL;
	for (size_t k = 0; k < sizeof base_units / sizeof base_units[0]; k++)
		if (base_units[k].faction == f && base_units[k].unit == t)
			return &base_units[k].st;
	return NULL;
}

int ti4_v3_may_produce_warsun(const ti4_state *s, int p)
{
	return V3->on && s->pl[p].faction == TI4_F_MUAAT;   /* its own war sun, on its sheet */
}

/* ---- structures placed (LRR 24, 63.3, 79.3, 85) -------------------------------------- */

/* Places structure t of p on the planet at v's k-th item: a planet p controls,
 * within the planet's limit, from reinforcements (with none there, version 4
 * takes the next planet of `from` first, LRR 24.4a; token_sys: the system the
 * secondary's token went into). *pos gets its system. */
static int place_structure(ti4_state *s, const sl_header *h, int p, int t, const sl_value *at,
	int k, const sl_value *from, int *used, int token_sys, int *pos, sl_buf *desc, sl_error *err)
{
	const char *id = ti4_planet_tokens[((const uint8_t *)at->p)[k]];
	int slot, i = ti4_planet_find(s, id, &slot);
	if (i < 0 || s->ctrl[i][slot - 1] != p)
		return ti4_illegal(err, "ti4 LRR 24.2: a structure goes on a planet its player "
			"controls; %s does not control %s", PID(p), id);
	if (t == TI4_SD && s->u[i][slot][p][TI4_SD] && !ti4_v5_factory(s, p, t))
		return ti4_illegal(err, "ti4 LRR 79.3: %s already holds a space dock (one a planet)", id);
	if (t == TI4_PDS && s->u[i][slot][p][TI4_PDS] >= 2)
		return ti4_illegal(err, "ti4 LRR 63.3: %s already holds two PDS (two a planet)", id);
	if (!s->reinf[p][t] && !V3->v4)
		return ti4_illegal(err, "ti4 LRR 24.4: %s has no %s in reinforcements (all %d on the "
			"board; taking one from the board, LRR 24.4a, is not modelled yet)", PID(p),
			ti4_units[t].name, ti4_units[t].limit);
	if (!s->reinf[p][t]) {
		int rc = ti4_v4_take_structure(s, h, p, t, from, used, token_sys, desc, err);
		if (rc)
			return rc;
	}
	s->reinf[p][t]--;
	s->u[i][ti4_v5_structure_area(s, p, t, slot)][p][t]++;   /* 79.4a: a factory in space */
	*pos = i;
	return 0;
}

/* The `units=` and `at=` of a Construction event: n structures, one planet each. */
static int structures_named(const sl_event *ev, int lo, int hi, sl_error *err)
{
	int n = ev->f[8].present ? ev->f[8].n : 0, m = ev->f[9].present ? ev->f[9].n : 0;
	if (n < lo || n > hi || n != m)
		return ti4_illegal(err, "ti4 LRR 24: Construction names %s structure%s (units=) and "
			"a planet for each (at=): %d and %d given", lo == hi ? "one" : "one or two",
			hi > 1 ? "s" : "", n, m);
	return n;
}

static int construction(ti4_state *s, const sl_header *h, const sl_event *ev, int primary,
	sl_buf *desc, sl_error *err)
{
	const uint8_t *u = ev->f[8].p;
	int p = ev->player, n, pos = -1, rc, used = 0, token_sys = -1;
	if ((n = structures_named(ev, primary ? 0 : 1, primary ? 2 : 1, err)) < 0)
		return n;
	if (!primary && n == 1) {   /* LRR 24.3: the token is in that system before the structure */
		int slot;
		token_sys = ti4_planet_find(s, ti4_planet_tokens[((const uint8_t *)ev->f[9].p)[0]], &slot);
	}
	for (int k = 0; k < n; k++) {
		int t = u[k];
		if (t != TI4_PDS && (t != TI4_SD || k > 0))
			return ti4_illegal(err, "ti4 LRR 24.%d: Construction places %s", primary ? 2 : 3,
				primary ? "one PDS or one space dock, then one PDS" : "one PDS or one space "
				"dock");
		if ((rc = place_structure(s, h, p, t, &ev->f[9], k, &ev->f[12], &used, token_sys, &pos,
		    desc, err)))
			return rc;
		if (desc)
			sl_buf_printf(desc, "; places a %s on %s", ti4_units[t].name,
				ti4_planet_tokens[((const uint8_t *)ev->f[9].p)[k]]);
	}
	if ((rc = ti4_v4_from_left(h, &ev->f[12], used, err)))
		return rc;
	if (primary)
		return 0;
	/* LRR 24.3: the strategy token spent goes into that system (back to reinforcements
	 * when the player's token is there already) */
	if (ev->f[4].present && ti4_pos_index(ev->f[4].u.i) != pos)
		return ti4_illegal(err, "ti4 LRR 24.3: the structure goes on a planet of the system "
			"the token is placed in (system=%03d; %s is in %03d)", ev->f[4].u.i,
			ti4_planet_tokens[((const uint8_t *)ev->f[9].p)[0]], ti4_pos_code(pos));
	if (desc)
		sl_buf_printf(desc, (s->cmd[pos] >> p & 1) ? "; the token spent returns to "
			"reinforcements (one is at %03d already)" : "; the token spent goes to %03d",
			ti4_pos_code(pos));
	s->cmd[pos] |= (uint8_t)(1u << p);
	return 0;
}

/* ---- Warfare (LRR 99) ------------------------------------------------------------------ */

static int warfare(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, on_board = 0, i = -1, pools[3], total, given;
	ti4_player *pl = &s->pl[p];
	for (int j = 0; j < TI4_NPOS; j++)
		on_board += s->cmd[j] >> p & 1;
	if (ev->f[4].present) {
		i = ti4_pos_index(ev->f[4].u.i);
		if (i < 0 || !(s->cmd[i] >> p & 1))
			return ti4_illegal(err, "ti4 LRR 99.1: %03d holds no command token of %s's",
				ev->f[4].u.i, PID(p));
	} else if (on_board) {
		return ti4_illegal(err, "ti4 LRR 99.1: Warfare removes one of %s's %d command token%s "
			"from the board: system= names it", PID(p), on_board, on_board == 1 ? "" : "s");
	}
	total = pl->tactic + pl->fleet + pl->strategy + (i >= 0);
	pools[0] = pl->tactic + (i >= 0);   /* without a redistribution: into the tactic pool */
	pools[1] = pl->fleet;
	pools[2] = pl->strategy;
	given = ev->f[10].present + ev->f[11].present;
	if (given) {
		pools[0] = ev->f[10].present ? ev->f[10].u.i : -99;
		pools[1] = ev->f[11].present ? ev->f[11].u.i : -99;
		pools[2] = total - pools[0] - pools[1];
	}
	if (given && (given < 2 || pools[2] < 0))
		return ti4_illegal(err, "ti4 LRR 99.1: tactic= and fleet= redistribute the %d command "
			"tokens of %s's sheet (the one gained included; the strategy pool has the rest)",
			total, PID(p));
	if (i >= 0)
		s->cmd[i] &= (uint8_t)~(1u << p);
	pl->tactic = (uint8_t)pools[0];
	pl->fleet = (uint8_t)pools[1];
	pl->strategy = (uint8_t)pools[2];
	if (desc) {
		if (i >= 0)
			sl_buf_printf(desc, "; the command token at %03d back on the sheet", ti4_pos_code(i));
		sl_buf_printf(desc, "; tactic %d, fleet %d, strategy %d", pools[0], pools[1], pools[2]);
	}
	return 0;
}

int ti4_v3_primary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int c = ev->f[0].u.i;
	V3->warprod = 0;   /* a new turn: an earlier Warfare's production is over */
	if (c == CARD_CONSTRUCTION)
		return construction(s, h, ev, 1, desc, err);
	if (c == CARD_WARFARE)
		return warfare(s, h, ev, desc, err);
	return 0;
}

int ti4_v3_secondary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, c = ev->f[0].u.i;
	if (c == CARD_CONSTRUCTION)
		return construction(s, h, ev, 0, desc, err);
	if (c != CARD_WARFARE)
		return 0;
	/* LRR 99.2: the production of one space dock in the home system, no token placed */
	if (!ti4_has_dock(s, s->pl[p].home, p))
		return ti4_illegal(err, "ti4 LRR 99.2: %s has no space dock in its home system (%03d)",
			PID(p), ti4_pos_code(s->pl[p].home));
	V3->warprod |= (uint8_t)(1u << p);
	if (desc)
		sl_buf_printf(desc, "; %s may produce at %03d now (`produce`)", PID(p),
			ti4_pos_code(s->pl[p].home));
	return 0;
}

void ti4_v3_after(ti4_state *s, const sl_event *ev)
{
	/* Warfare's production is taken during its secondaries: any other event ends it */
	if (V3->warprod && ev->type != TI4_EV_PRODUCE && ev->type != TI4_EV_STRATEGIC)
		V3->warprod = 0;
}

/* ---- the generator's choices (ti4_gen.c) ------------------------------------------------ */

void ti4_v3_gen_primary(const ti4_state *s, sl_arena *a, int p, int c, sl_event *out)
{
	if (!V3->on)
		return;
	if (c == CARD_WARFARE)   /* the first of p's tokens on the board comes back */
		for (int i = 0; i < TI4_NPOS; i++)
			if (s->cmd[i] >> p & 1) {
				sl_value_int(&out->f[4], ti4_pos_code(i));
				return;
			}
	if (c != CARD_CONSTRUCTION)
		return;
	for (int i = 0; i < TI4_NPOS; i++)   /* a PDS on the first planet of p's with room */
		for (int k = 1; k <= 3; k++) {
			const ti4_planet *pl = ti4_planet_at(s, i, k);
			uint8_t unit = TI4_PDS, at;
			int tok;
			if (!pl || s->ctrl[i][k - 1] != p || s->u[i][k][p][TI4_PDS] >= 2
			    || !s->reinf[p][TI4_PDS])
				continue;
			if ((tok = sl_schema_token(ti4_planet_tokens, pl->id, strlen(pl->id))) < 0)
				continue;
			at = (uint8_t)tok;
			sl_value_bytes(a, &out->f[8], &unit, 1);
			sl_value_bytes(a, &out->f[9], &at, 1);
			return;
		}
}
