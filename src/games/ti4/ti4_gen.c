/* ti4_gen.c - synthetic legal ti4 games for tests and benchmarks: a galaxy
 * with room for six home systems, starting fleets, then rounds of tactical
 * actions (movement, space and ground combat with dice from the PRNG,
 * invasion, production) and status phases. Every entry it returns has passed
 * the rules (ti4_apply_in / ti4_mark_in on a scratch copy). */
#include "ti4_int.h"

#include <stdio.h>
#include <string.h>

#define GEN_ROUNDS 2000

/* Homes at 301, 304, ... 316 for cabal, letnev, sol, hacan, nekro, yssaril. */
static const char gen_map[] = "26 25 19 20 21 22 23 24 27 28 29 30 31 32 33 34 35 36 "
	"54 37 38 10 39 40 1 41 42 16 43 44 8 45 46 15 47 48";
static const int gen_home[TI4_MAXP] = {301, 304, 307, 310, 313, 316};

static uint32_t below(sl_prng *r, uint32_t n) { return n ? sl_prng_below(r, n) : 0; }

static int legal(const ti4_state *s, const sl_header *h, ti4_state *tmp, const sl_event *ev)
{
	memcpy(tmp, s, sizeof *tmp);
	return ti4_apply_in(tmp, h, ev, NULL, NULL) == 0;
}

static int units_value(sl_arena *a, sl_value *v, const int cnt[TI4_NUT])
{
	uint8_t b[64];
	int n = 0;
	for (int t = 0; t < TI4_NUT; t++)
		for (int k = 0; k < cnt[t] && n < 64; k++)
			b[n++] = (uint8_t)t;
	return n ? sl_value_bytes(a, v, b, n) : 0;   /* an empty list is left out */
}

static int dice_value(sl_arena *a, sl_prng *rng, sl_value *v, int n)
{
	uint8_t b[64];
	if (n > 64)
		n = 64;
	for (int k = 0; k < n; k++)
		b[k] = (uint8_t)sl_prng_die(rng, 10);
	return sl_value_bytes(a, v, b, n);
}

static int marker(sl_event *out, int entry, int mark)
{
	memset(out, 0, sizeof *out);
	out->entry = (uint8_t)entry;
	out->mark = mark;
	out->player = -1;
	return 0;
}

static int setup(const ti4_state *s, const sl_header *h, sl_arena *a, sl_event *out)
{
	int np = h->nplayers;
	if (!s->galaxy) {
		sl_event_init(out, TI4_EV_GALAXY, -1);
		return sl_value_text(a, &out->f[0], gen_map);
	}
	for (int p = 0; p < np && p < TI4_MAXP; p++)
		if (s->pl[p].faction < 0) {
			sl_event_init(out, TI4_EV_FACTION, p);
			sl_value_int(&out->f[0], p);
			sl_value_int(&out->f[1], gen_home[p]);
			return 0;
		}
	for (int p = 0; p < np && p < TI4_MAXP; p++) {
		int i = s->pl[p].home, cnt[TI4_NUT] = {0};
		char at[16];
		const ti4_tile *t = ti4_tile_of(s, i);
		if (!s->u[i][0][p][TI4_CV]) {
			cnt[TI4_DN] = 1;
			cnt[TI4_CV] = 1;
			cnt[TI4_DD] = 1;
			cnt[TI4_FF] = 3;
			sl_event_init(out, TI4_EV_PLACE, p);
			units_value(a, &out->f[0], cnt);
			snprintf(at, sizeof at, "%03d", gen_home[p]);
			return sl_value_text(a, &out->f[1], at);
		}
		if (!s->u[i][1][p][TI4_SD]) {
			cnt[TI4_SD] = 1;
			cnt[TI4_INF] = 4;
			sl_event_init(out, TI4_EV_PLACE, p);
			units_value(a, &out->f[0], cnt);
			return sl_value_text(a, &out->f[1], t->p[0].id);
		}
	}
	return marker(out, SL_ENTRY_TURN, 1);
}

static int try_activate(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	int p, sl_event *out)
{
	int cand[TI4_NPOS], n = 0;
	for (int i = 0; i < TI4_NPOS; i++) {
		const ti4_tile *t = ti4_tile_of(s, i);
		int ok = 0;
		if (!t || (s->cmd[i] >> p & 1) || t->anomaly == TI4_AN_ASTEROID
		    || t->anomaly == TI4_AN_SUPERNOVA)
			continue;
		if (ti4_has_dock(s, i, p))
			ok = 1;
		for (int j = 0; j < TI4_NPOS && !ok; j++)
			if (ti4_adjacent(s, i, j) && !(s->cmd[j] >> p & 1)
			    && ti4_ships_in(s, j, p) > s->u[j][0][p][TI4_FF])
				ok = 1;
		if (ok)
			cand[n++] = i;
	}
	for (int tries = 0; tries < 4 && n; tries++) {
		sl_event_init(out, TI4_EV_ACTIVATE, p);
		sl_value_int(&out->f[0], ti4_pos_code(cand[below(rng, (uint32_t)n)]));
		if (legal(s, h, tmp, out))
			return 0;
	}
	return 1;
}

static int try_move(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a,
	sl_prng *rng, int p, sl_event *out)
{
	int i = s->asys;
	for (int j = 0; j < TI4_NPOS; j++) {
		int cnt[TI4_NUT] = {0}, cap = 0, room, ships = 0;
		if (!ti4_adjacent(s, i, j) || (s->cmd[j] >> p & 1))
			continue;
		room = s->pl[p].fleet - (ti4_ships_in(s, i, p) - s->u[i][0][p][TI4_FF]);
		for (int t = 0; t < TI4_NUT; t++)
			if (ti4_units[t].ship && ti4_units[t].move) {
				int k = s->u[j][0][p][t] < room - ships ? s->u[j][0][p][t] : room - ships;
				if (k <= 0)
					continue;
				cnt[t] = k;
				ships += k;
				cap += k * ti4_unit_capacity(s, p, t);
			}
		if (!ships)
			continue;
		for (int pass = 0; pass < 2; pass++) {
			int c = cap;
			cnt[TI4_FF] = cnt[TI4_INF] = cnt[TI4_MECH] = 0;
			if (pass == 0) {
				cnt[TI4_INF] = s->u[j][0][p][TI4_INF] < c ? s->u[j][0][p][TI4_INF] : c;
				c -= cnt[TI4_INF];
				cnt[TI4_FF] = s->u[j][0][p][TI4_FF] < c ? s->u[j][0][p][TI4_FF] : c;
			}
			sl_event_init(out, TI4_EV_MOVE, p);
			sl_value_int(&out->f[0], ti4_pos_code(j));
			units_value(a, &out->f[1], cnt);
			if (legal(s, h, tmp, out))
				return 0;
			{   /* out of a gravity rift: a die per moving ship */
				int n = 0;
				for (int t = 0; t < TI4_NUT; t++)
					if (ti4_units[t].ship)
						n += cnt[t];
				dice_value(a, rng, &out->f[2], n);
				if (legal(s, h, tmp, out))
					return 0;
			}
		}
	}
	return 1;
}

/* Hits: sustain what can, then the cheapest units first. */
static int assign(const ti4_state *s, sl_arena *a, int p, sl_event *out)
{
	static const int order[] = {TI4_FF, TI4_INF, TI4_DD, TI4_CR, TI4_CV, TI4_MECH, TI4_DN,
		TI4_FS, TI4_WS, TI4_PDS};   /* a Hel-Titan last (version 5: a ground force) */
	int i = s->asys, ar = s->pend_area[p], left = s->pend[p], sus[TI4_NUT] = {0},
		des[TI4_NUT] = {0};
	for (int t = 0; t < TI4_NUT && left; t++) {
		int ok = s->pend_kind[p] == 2 ? ti4_ground_unit(s, p, t) : s->pend_kind[p] == 1 ?
			t == TI4_FF : ti4_units[t].ship;
		if (ok && ti4_unit_sustain(s, p, t)) {
			int k = s->u[i][ar][p][t] - s->dmg[i][ar][p][t];
			sus[t] = k < left ? k : left;
			left -= sus[t];
		}
	}
	for (int k = 0; k < (int)(sizeof order / sizeof order[0]) && left; k++) {
		int t = order[k];
		int ok = s->pend_kind[p] == 2 ? ti4_ground_unit(s, p, t) : s->pend_kind[p] == 1 ?
			t == TI4_FF : ti4_units[t].ship;
		if (!ok)
			continue;
		des[t] = s->u[i][ar][p][t] < left ? s->u[i][ar][p][t] : left;
		left -= des[t];
	}
	sl_event_init(out, TI4_EV_ASSIGN, p);
	units_value(a, &out->f[0], sus);
	return units_value(a, &out->f[1], des);
}

static int fire(const ti4_state *s, sl_arena *a, sl_prng *rng, int p, int slot, sl_event *out)
{
	int n = 0, i = s->asys;
	for (int t = 0, d; t < TI4_NUT; t++)
		if ((slot ? ti4_ground_unit(s, p, t) : ti4_units[t].ship)
		    && ti4_combat_roll(s, i, slot, p, t, &d))
			n += s->u[i][slot][p][t] * d;
	sl_event_init(out, TI4_EV_FIRE, p);
	if (slot) {
		const ti4_planet *pl = ti4_planet_at(s, i, slot);
		int k = 0;
		while (ti4_planet_tokens[k] && strcmp(ti4_planet_tokens[k], pl->id))
			k++;
		sl_value_int(&out->f[1], k);
	}
	return dice_value(a, rng, &out->f[0], n);
}

static int planet_token(const char *id)
{
	int k = 0;
	while (ti4_planet_tokens[k] && strcmp(ti4_planet_tokens[k], id))
		k++;
	return k;
}

/* A landing's pay= and tg= for the custodians token (version 4, LRR 27.2): p's
 * ready planets, the most influence first, until six, then trade goods. 0
 * when p cannot pay six. */
static int custodians_pay(const ti4_state *s, sl_arena *a, int p, sl_event *out)
{
	uint8_t b[16];
	int n = 0, inf = 0, used[TI4_NPOS][3] = {{0}};
	while (inf < 6 && n < 16) {
		int bi = -1, bk = 0, best = 0;
		for (int i = 0; i < TI4_NPOS; i++)
			for (int k = 1; k <= 3; k++) {
				const ti4_planet *pl = ti4_planet_at(s, i, k);
				if (pl && s->ctrl[i][k - 1] == p && !s->exh[i][k - 1] && !used[i][k - 1]
				    && pl->inf > best)
					bi = i, bk = k, best = pl->inf;
			}
		if (bi < 0)
			break;
		used[bi][bk - 1] = 1;
		b[n++] = (uint8_t)planet_token(ti4_planet_at(s, bi, bk)->id);
		inf += best;
	}
	if (inf < 6 && s->pl[p].tg < 6 - inf)
		return 0;
	if (n)
		sl_value_bytes(a, &out->f[2], b, n);
	if (inf < 6)
		sl_value_int(&out->f[3], 6 - inf);
	return 1;
}

/* Version 4: p's units other than docks with production at i (LRR 68.1). */
static int has_production(const ti4_state *s, int i, int p)
{
	int n = 0;
	for (int k = 0; k < TI4_AREAS; k++)
		n += ti4_v4_production(s, i, k, p);
	return n;
}

static int try_produce(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a,
	sl_prng *rng, int p, sl_event *out)
{
	static const int what[][2] = {{TI4_INF, 2}, {TI4_FF, 2}, {TI4_DD, 1}, {TI4_CV, 1},
		{TI4_CR, 1}, {TI4_DN, 1}, {TI4_INF, 1}};
	int start = (int)below(rng, 7);
	for (int w = 0; w < 7; w++) {
		int t = what[(start + w) % 7][0], n = what[(start + w) % 7][1], cnt[TI4_NUT] = {0};
		int cost = (n + ti4_units[t].per - 1) / ti4_units[t].per * ti4_units[t].cost, got = 0;
		uint8_t pay[16];
		int np = 0;
		for (int i = 0; i < TI4_NPOS && got < cost; i++)
			for (int k = 0; k < 3 && got < cost && np < 16; k++) {
				const ti4_planet *pl = ti4_planet_at(s, i, k + 1);
				if (pl && s->ctrl[i][k] == p && !s->exh[i][k] && pl->res) {
					pay[np++] = (uint8_t)planet_token(pl->id);
					got += pl->res;
				}
			}
		if (got < cost)
			continue;
		cnt[t] = n;
		sl_event_init(out, TI4_EV_PRODUCE, p);
		units_value(a, &out->f[0], cnt);
		if (np)
			sl_value_bytes(a, &out->f[1], pay, np);
		/* the Cabal spends a captured unit of the type when it holds one (Amalgamation) */
		if (ti4_is_cabal(s, p)) {
			int am[TI4_NUT] = {0}, k = t == TI4_FF ? 0 : t == TI4_INF ? 1 : -1;
			for (int q = 0; q < s->np && k < 0; q++)
				if (q != p && s->cap[p][q][t]) {
					am[t] = 1;
					units_value(a, &out->f[3], am);
					sl_value_text(a, &out->f[4], h->players[q].id);
					break;
				}
			if (k >= 0 && s->captok[p][k]) {
				am[t] = 1;
				units_value(a, &out->f[3], am);
			}
			if (am[t] && legal(s, h, tmp, out))
				return 0;
			out->f[3].present = out->f[4].present = 0;
		}
		if (legal(s, h, tmp, out))
			return 0;
	}
	return 1;
}

static int action(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_arena *a, sl_event *out)
{
	int p = s->turnp, i = s->asys;
	if (s->ckind && s->fired != ((1u << s->att) | (1u << s->def))) {
		int who = !(s->fired >> s->att & 1) ? s->att : s->def;
		return fire(s, a, rng, who, s->ckind == 2 ? s->cplanet : 0, out);
	}
	for (int q = 0; q < s->np; q++)
		if (s->pend[q])
			return assign(s, a, q, out);
	if (s->ckind) {
		int who = !(s->fired >> s->att & 1) ? s->att : s->def;
		return fire(s, a, rng, who, s->ckind == 2 ? s->cplanet : 0, out);
	}
	if (s->step == TI4_ST_MOVE && ti4_ships_in(s, i, p) == s->u[i][0][p][TI4_FF]
	    && !try_move(s, h, tmp, a, rng, p, out))
		return 0;
	/* space combat, if another player's ships are there */
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ships_in(s, i, q) && ti4_ships_in(s, i, p) && s->step < TI4_ST_INVADE)
			return fire(s, a, rng, p, 0, out);
	/* invasion: all ground forces in space land on the first planet not landed on */
	if (s->step <= TI4_ST_INVADE) {
		const ti4_tile *t = ti4_tile_of(s, i);
		for (int k = 0; t && k < t->np; k++) {
			int cnt[TI4_NUT] = {0}, q = -1;
			for (int r = 0; r < s->np; r++)
				if (r != p && ti4_ground_in(s, i, k + 1, r))
					q = r;
			if ((s->landed[k] & 1) && q >= 0 && ti4_ground_in(s, i, k + 1, p))
				return fire(s, a, rng, p, k + 1, out);
			if (s->landed[k] & 1)
				continue;
			cnt[TI4_INF] = s->u[i][0][p][TI4_INF];
			cnt[TI4_MECH] = s->u[i][0][p][TI4_MECH];
			if (!cnt[TI4_INF] && !cnt[TI4_MECH])
				break;
			if (s->ctrl[i][k] == p && q < 0)
				continue;
			sl_event_init(out, TI4_EV_LAND, p);
			sl_value_int(&out->f[0], planet_token(t->p[k].id));
			units_value(a, &out->f[1], cnt);
			if (legal(s, h, tmp, out))
				return 0;
			if (custodians_pay(s, a, p, out) && legal(s, h, tmp, out))
				return 0;   /* version 4: the custodians token's six influence (LRR 27.2) */
		}
	}
	if (s->step < TI4_ST_PRODUCE && (ti4_has_dock(s, i, p) || has_production(s, i, p))
	    && !try_produce(s, h, tmp, a, rng, p, out))
		return 0;
	sl_event_init(out, TI4_EV_END, p);
	return 0;
}


/* ---- rules version 2: the whole round, to the winner --------------------------------------
 * Factions drawn from the 24; `0` home slots; the strategy phase (a random
 * free card each), strategic actions first (the others decline, or take
 * Politics' and Trade's secondaries), tactical actions as above, then the
 * status phase: each player scores a public and a secret objective when the
 * rules accept it (a condition the rules cannot check counts as met: the
 * generator declares it), the speaker reveals the next; the agenda phase once
 * the custodians token is taken. Secret objectives are sealed with a salt
 * the generator derives from the player (synthetic games only). */

static const char gen_map2[] = "26 25 19 20 21 22 23 24 27 28 29 30 31 32 33 34 35 36 "
	"0 37 38 0 39 40 0 41 42 0 43 44 0 45 46 0 47 48";

static int bit_scored(const ti4_state *s, int p, int o)
{
	return s->r.scored[p][o >> 3] >> (o & 7) & 1;
}

static void gen_salt(uint8_t salt[SL_SALT_BYTES], int p)
{
	for (int k = 0; k < SL_SALT_BYTES; k++)
		salt[k] = (uint8_t)(0x5a ^ (p * 31 + k * 7));
}

static int setup2(const ti4_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	int np = h->nplayers;
	if (!s->galaxy) {
		sl_event_init(out, TI4_EV_GALAXY, -1);
		return sl_value_text(a, &out->f[0], gen_map2);
	}
	for (int p = 0; p < np && p < TI4_MAXP; p++)
		if (s->pl[p].faction < 0) {
			int f, taken;
			const ti4_faction_data *d;
			do {
				f = (int)below(rng, TI4_NFACTION);
				taken = 0;
				for (int q = 0; q < TI4_MAXP; q++)
					taken |= s->pl[q].faction == f;
			} while (taken);
			d = &ti4_faction_data_tab[f];
			sl_event_init(out, TI4_EV_SEAT, p);
			sl_value_text(a, &out->f[0], d->id);
			sl_value_int(&out->f[1], gen_home[p]);
			if (d->choose) {
				char buf[256];
				int k = 0, n = 0;
				for (; d->choice[k] && n < d->choose; k++)
					n += d->choice[k] == ',';
				snprintf(buf, sizeof buf, "%.*s", d->choice[k] ? k - 1 : k, d->choice);
				sl_value_text(a, &out->f[2], buf);
			}
			return 0;
		}
	if (s->r.npub < 2) {   /* the speaker reveals two stage I objectives */
		int o;
		do
			o = (int)below(rng, 20);
		while (s->r.npub && s->r.pub[0] == o);
		sl_event_init(out, TI4_EV_OBJECTIVE, s->r.speaker);
		sl_value_int(&out->f[0], 0);
		return sl_value_text(a, &out->f[1], ti4_objectives[o].id);
	}
	for (int p = 0; p < np && p < TI4_MAXP; p++)
		if (!s->r.nsec[p]) {   /* a secret each, sealed */
			uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
			char hex[2 * SL_COMMIT_BYTES + 1];
			int o = 40 + (int)below(rng, 40);
			gen_salt(salt, p);
			sl_commit(cm, "ti4-secret", salt, ti4_objectives[o].id, strlen(ti4_objectives[o].id));
			sl_hexstr_encode(hex, cm, sizeof cm);
			sl_event_init(out, TI4_EV_DRAW, p);
			sl_value_int(&out->f[0], TI4_DECK_SECRET);
			return sl_value_text(a, &out->f[2], hex);
		}
	return marker(out, SL_ENTRY_TURN, 1);
}

static int try_pick(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_event *out)
{
	int start = (int)below(rng, 8);
	for (int p = 0; p < s->np; p++)
		for (int k = 0; k < 8; k++) {
			sl_event_init(out, TI4_EV_PICK, p);
			sl_value_int(&out->f[0], (start + k) % 8);
			if (legal(s, h, tmp, out))
				return 0;
		}
	return 1;
}

static int try_research(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a,
	sl_prng *rng, sl_event *out, int field)
{
	int n = ti4_ntechs(), start = (int)below(rng, (uint32_t)n);
	for (int k = 0; k < n; k++) {
		sl_value_text(a, &out->f[field], ti4_techs[(start + k) % n].id);
		if (legal(s, h, tmp, out))
			return 0;
	}
	out->f[field].present = 0;
	return 1;
}

static int strategic2(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a,
	sl_prng *rng, int p, sl_event *out)
{
	int c = ti4_card_of(s, p);
	for (int k = 0; k < 8; k++)
		if (s->r.owner[k] == p + 1 && !s->r.used[k])
			c = k;
	sl_event_init(out, TI4_EV_STRATEGIC, p);
	sl_value_int(&out->f[0], c);
	sl_value_int(&out->f[1], TI4_PART_PRIMARY);
	if (c == 1)
		sl_value_int(&out->f[4], ti4_pos_code(s->pl[p].home));
	if (c == 2)
		sl_value_text(a, &out->f[5], h->players[(p + 1) % s->np].id);
	if (c == 6 && !try_research(s, h, tmp, a, rng, out, 2))
		return 0;
	ti4_v3_gen_primary(s, a, p, c, out);
	return 0;
}

static int secondary2(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_event *out)
{
	for (int q = 0; q < s->np; q++)
		if (!(s->r.sec_done >> q & 1) && !s->pl[q].eliminated) {
			sl_event_init(out, TI4_EV_STRATEGIC, q);
			sl_value_int(&out->f[0], s->r.strat);
			sl_value_int(&out->f[1], TI4_PART_SECONDARY);
			if ((s->r.strat == 2 || s->r.strat == 4) && below(rng, 2) && legal(s, h, tmp, out))
				return 0;
			sl_value_int(&out->f[1], TI4_PART_DECLINE);
			return 0;
		}
	return 1;
}

/* Ground forces onto the ships of a system next to the active one, before
 * the move (so that invasions happen, Mecatol Rex's above all). */
static int try_load(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a, int p,
	sl_event *out)
{
	for (int j = 0; j < TI4_NPOS; j++) {
		const ti4_tile *t = ti4_tile_of(s, j);
		if (!t || !ti4_adjacent(s, s->asys, j) || (s->cmd[j] >> p & 1) || !ti4_ships_in(s, j, p))
			continue;
		for (int k = 0; k < t->np; k++) {
			int cnt[TI4_NUT] = {0};
			if (s->u[j][k + 1][p][TI4_INF] < 2)
				continue;
			cnt[TI4_INF] = s->u[j][k + 1][p][TI4_INF] - 1;   /* one stays behind */
			for (; cnt[TI4_INF] > 0; cnt[TI4_INF]--) {
				sl_event_init(out, TI4_EV_LOAD, p);
				sl_value_int(&out->f[0], planet_token(t->p[k].id));
				units_value(a, &out->f[1], cnt);
				if (legal(s, h, tmp, out))
					return 0;
			}
		}
	}
	return 1;
}

static int try_mecatol(const ti4_state *s, const sl_header *h, ti4_state *tmp, int p,
	sl_event *out)
{
	if (s->r.custodians || s->tile[0] != 18 || (s->cmd[0] >> p & 1))
		return 1;
	for (int j = 1; j < TI4_NPOS; j++)
		if (ti4_adjacent(s, 0, j) && !(s->cmd[j] >> p & 1)
		    && ti4_ships_in(s, j, p) > s->u[j][0][p][TI4_FF]) {
			sl_event_init(out, TI4_EV_ACTIVATE, p);
			sl_value_int(&out->f[0], 0);
			return !legal(s, h, tmp, out);
		}
	return 1;
}

static int action2(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_arena *a, sl_event *out)
{
	int p;
	if (s->turnp >= 0) {
		p = s->turnp;
		if (s->step == TI4_ST_MOVE && !s->ckind && ti4_ships_in(s, s->asys, p) ==
		    s->u[s->asys][0][p][TI4_FF] && !try_load(s, h, tmp, a, p, out))
			return 0;
		return action(s, h, tmp, rng, a, out);
	}
	if (s->r.picking)
		return try_pick(s, h, tmp, rng, out) ? marker(out, SL_ENTRY_PHASE, 2) : 0;
	if (s->r.strat >= 0 && !secondary2(s, h, tmp, rng, out))
		return 0;
	p = ti4_next_actor(s);
	if (p < 0)
		return marker(out, SL_ENTRY_PHASE, 2);
	for (int k = 0; k < 8; k++)
		if (s->r.owner[k] == p + 1 && !s->r.used[k])
			return strategic2(s, h, tmp, a, rng, p, out);
	if (s->pl[p].tactic && !try_mecatol(s, h, tmp, p, out))
		return 0;
	if (!s->pl[p].tactic || below(rng, 6) == 0 || try_activate(s, h, tmp, rng, p, out))
		sl_event_init(out, TI4_EV_PASS, p);
	return 0;
}

static int try_score(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_arena *a,
	sl_event *out)
{
	uint8_t salt[SL_SALT_BYTES];
	char shex[2 * SL_SALT_BYTES + 1];
	for (int p = 0; p < s->np; p++) {
		for (int k = 0; !(s->r.status_scored[p] & 1) && k < s->r.npub; k++) {
			sl_event_init(out, TI4_EV_OBJECTIVE, p);
			sl_value_int(&out->f[0], 1);
			sl_value_text(a, &out->f[1], ti4_objectives[s->r.pub[k]].id);
			if (legal(s, h, tmp, out))
				return 0;
		}
		gen_salt(salt, p);
		sl_hexstr_encode(shex, salt, sizeof salt);
		for (int o = 40; !(s->r.status_scored[p] & 2) && s->r.nsec[p] && o < 80; o++) {
			sl_event_init(out, TI4_EV_OBJECTIVE, p);
			sl_value_int(&out->f[0], 1);
			sl_value_text(a, &out->f[1], ti4_objectives[o].id);
			sl_value_text(a, &out->f[2], shex);
			if (legal(s, h, tmp, out))
				return 0;
		}
	}
	return 1;
}

static int status2(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_arena *a, sl_event *out)
{
	int want = 2 + s->turn, start = (int)below(rng, 40);
	if (!try_score(s, h, tmp, a, out))
		return 0;
	for (int k = 0; s->r.npub < want && s->r.npub < TI4_NPUB && k < 40; k++) {
		sl_event_init(out, TI4_EV_OBJECTIVE, s->r.speaker);
		sl_value_int(&out->f[0], 0);
		sl_value_text(a, &out->f[1], ti4_objectives[(start + k) % 40].id);
		if (legal(s, h, tmp, out))
			return 0;
	}
	for (int p = 0; p < s->np; p++)   /* a new secret for whoever scored theirs */
		if (!s->r.nsec[p] && !s->pl[p].eliminated) {
			uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
			char hex[2 * SL_COMMIT_BYTES + 1];
			int o = 40 + (int)below(rng, 40);
			if (bit_scored(s, p, o))
				continue;
			gen_salt(salt, p);
			sl_commit(cm, "ti4-secret", salt, ti4_objectives[o].id, strlen(ti4_objectives[o].id));
			sl_hexstr_encode(hex, cm, sizeof cm);
			sl_event_init(out, TI4_EV_DRAW, p);
			sl_value_int(&out->f[0], TI4_DECK_SECRET);
			return sl_value_text(a, &out->f[2], hex);
		}
	return s->r.custodians ? marker(out, SL_ENTRY_PHASE, 3) : marker(out, SL_ENTRY_TURN, s->turn + 1);
}

static int agenda2(const ti4_state *s, const sl_header *h, ti4_state *tmp, sl_prng *rng,
	sl_arena *a, sl_event *out)
{
	int sp = s->r.speaker;
	if (s->r.agenda < 0) {
		if (s->r.agendas_done >= 2)
			return marker(out, SL_ENTRY_TURN, s->turn + 1);
		for (int k = 0, start = (int)below(rng, 62); k < ti4_nagendas(); k++) {
			sl_event_init(out, TI4_EV_AGENDA, sp);
			sl_value_int(&out->f[0], 0);
			sl_value_text(a, &out->f[1], ti4_agendas[(start + k) % ti4_nagendas()].id);
			if (legal(s, h, tmp, out))
				return 0;
		}
		return 1;
	}
	if (s->r.next_voter >= 0) {
		int p = s->r.next_voter, el = ti4_agendas[s->r.agenda].elect;
		uint8_t pl[16];
		int n = 0;
		for (int i = 0; i < TI4_NPOS; i++)
			for (int k = 0; k < 3 && n < 16; k++)
				if (s->ctrl[i][k] == p && !s->exh[i][k] && ti4_planet_at(s, i, k + 1))
					pl[n++] = (uint8_t)planet_token(ti4_planet_at(s, i, k + 1)->id);
		sl_event_init(out, TI4_EV_AGENDA, p);
		sl_value_int(&out->f[0], 1);
		sl_value_text(a, &out->f[1], el == TI4_EL_FOR_AGAINST ? (below(rng, 2) ? "for" :
			"against") : el == TI4_EL_PLAYER ? h->players[below(rng, (uint32_t)s->np)].id :
			ti4_tile_of(s, s->pl[p].home)->p[0].id);
		if (n && below(rng, 4))
			sl_value_bytes(a, &out->f[2], pl, n);
		return 0;
	}
	{
		int best = -1, bv = -1;
		for (int k = 0; k < s->r.noutcome; k++) {
			int v = s->r.votes[k][0] | s->r.votes[k][1] << 8;
			if (v > bv) {
				bv = v;
				best = k;
			}
		}
		sl_event_init(out, TI4_EV_AGENDA, sp);
		sl_value_int(&out->f[0], 2);
		return sl_value_text(a, &out->f[1], best >= 0 ? s->r.outcome[best] : "against");
	}
}

static int generate2(const ti4_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, ti4_state *tmp)
{
	if (s->r.winner >= 0)
		return 1;
	if (s->turn == 0)
		return setup2(s, h, rng, a, out);
	if (s->turn >= GEN_ROUNDS)
		return 1;
	if (s->phase == 1)
		return action2(s, h, tmp, rng, a, out);
	if (s->phase == 2)
		return status2(s, h, tmp, rng, a, out);
	return agenda2(s, h, tmp, rng, a, out);
}

int ti4_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err)
{
	const ti4_state *s = st;
	ti4_state *tmp;
	int rc = 0;
	sl_error e2;
	if (h->nplayers < 2 || h->nplayers > TI4_MAXP)
		return sl_error_set(err, SL_EUSAGE, "ti4 gen: 2 to %d players, not %d", TI4_MAXP,
			h->nplayers);
	if (s->r.on) {
		if (!(tmp = sl_malloc(sizeof *tmp)))
			return sl_error_set(err, SL_ENOMEM, "ti4 gen: out of memory");
		rc = generate2(s, h, rng, a, out, tmp);
		sl_free(tmp);
		if (rc)
			return rc < 0 ? sl_error_set(err, SL_EILLEGAL, "ti4 gen: no legal entry") : 1;
		goto check;
	}
	if (s->turn == 0)
		rc = setup(s, h, a, out);
	else if (s->turn >= GEN_ROUNDS && s->phase == 2)
		return 1;
	if (s->turn && s->phase == 2)
		return marker(out, SL_ENTRY_TURN, s->turn + 1);
	if (s->turn == 0)
		goto check;
	tmp = sl_malloc(sizeof *tmp);
	if (!tmp)
		return sl_error_set(err, SL_ENOMEM, "ti4 gen: out of memory");
	if (s->turnp >= 0) {
		rc = action(s, h, tmp, rng, a, out);
	} else {
		int p = -1, n = 0;
		for (int q = 0; q < s->np; q++)
			if (!s->pl[q].passed && !s->pl[q].eliminated)
				n++;
		if (n) {   /* the players not passed take turns in an order drawn each time */
			int k = (int)below(rng, (uint32_t)n);
			for (int q = 0; q < s->np; q++)
				if (!s->pl[q].passed && !s->pl[q].eliminated && k-- == 0)
					p = q;
		}
		if (p < 0)
			rc = marker(out, SL_ENTRY_PHASE, 2);
		else if (!s->pl[p].tactic || below(rng, 8) == 0 || try_activate(s, h, tmp, rng, p, out))
			sl_event_init(out, TI4_EV_PASS, p);
	}
	sl_free(tmp);
check:
	if (rc)
		return rc;
	tmp = sl_malloc(sizeof *tmp);
	if (!tmp)
		return sl_error_set(err, SL_ENOMEM, "ti4 gen: out of memory");
	memcpy(tmp, s, sizeof *tmp);
	sl_error_clear(&e2);
	if (out->entry == SL_ENTRY_EVENT)
		rc = ti4_apply_in(tmp, h, out, NULL, &e2);
	else
		rc = ti4_mark_in(tmp, h, out->entry == SL_ENTRY_TURN ? out->mark : s->turn,
			out->entry == SL_ENTRY_TURN ? 1 : out->mark, &e2);
	sl_free(tmp);
	if (rc)
		return sl_error_set(err, SL_EILLEGAL, "ti4 gen: produced an illegal entry: %s", e2.msg);
	return 0;
}
