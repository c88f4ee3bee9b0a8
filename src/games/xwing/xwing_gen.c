/* xwing_gen.c - synthetic legal games: a fixed scenario of four ships and
 * three obstacles, then rounds of dials (committed, revealed), maneuvers that
 * keep to the mat when they can, actions and attacks with dice drawn from the
 * caller's PRNG. Every candidate entry is checked by the rules on a copy
 * before it is returned (`meta gen open`: no attacks, no round limit). Dials and salts are derived from the header's seed,
 * the round and the ship, so the reveal finds what planning committed:
 * generated salts are not secret (they are for tests and benchmarks). */
#include "xwing_int.h"

#include <string.h>

#define GEN_ROUNDS 400
#define GEN_OPEN_ROUNDS 10000   /* `meta gen open`: the longest game (bench/xwing.sh) */

typedef struct gen_ship {
	const char *id, *pilot;
	int side;
	int32_t x, y, h;
	const char *upgrades;     /* comma-separated XWS ids, or NULL */
	const char *upgrades2;    /* from rules version 2 on, when they differ */
} gen_ship;

static const gen_ship gen_ships[4] = {
	{"gold", "graysquadronbomber", 0, 30000, 9000, 0, "ioncannonturret", "ioncannonturret,protonbombs"},
	{"red", "redsquadronveteran", 0, 60000, 9000, 0, NULL, NULL},
	{"storm", "stormsquadronace", 1, 32000, 82000, 1800, "advancedsensors", NULL},
	{"black", "blacksquadronace", 1, 62000, 82000, 1800, NULL, NULL},
};
static const struct { const char *id; int kind; int32_t x, y, r; } gen_obstacles[3] = {
	{"rock1", XW_ASTEROID, 30000, 45000, 3000},
	{"rock2", XW_ASTEROID, 65000, 50000, 2600},
	{"dust", XW_DEBRIS, 47000, 36000, 3200},
};

/* `meta gen open` (sillage gen): an open-ended game for benchmarks, with no
 * attacks and no round limit; it ends only when a side has no ship left. */
static int gen_open(const sl_header *h)
{
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && h->meta[i].value && strcmp(h->meta[i].key, "gen") == 0
		    && strcmp(h->meta[i].value, "open") == 0)
			return 1;
	return 0;
}

/* A small hash for the derived choices: splitmix64 steps. */
static uint64_t mix(uint64_t x)
{
	x += UINT64_C(0x9e3779b97f4a7c15);
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

static uint64_t key(const sl_header *h, int turn, int ship, int what)
{
	uint64_t seed = h && h->has_seed ? h->seed : 0;
	return mix(mix(mix(seed ^ (uint64_t)what) ^ (uint64_t)turn) ^ (uint64_t)ship);
}

/* The dial ship i sets this round: among its maneuvers the ones that end on
 * the mat with a margin, steering home when near an edge; a function of the
 * ship's pose, which does not change between planning and its activation. */
static void choose_dial(const xw_state *s, const sl_header *h, int i, xw_maneuver *out)
{
	const xw_ship *sh = &s->ships[i];
	const xw_ship_type *t = xw_type_of(sh);
	xw_maneuver cand[24];
	int64_t score[24], best = INT64_MIN;
	int n = 0, pick = 0;
	uint64_t k = key(h, s->turn, i, 1);
	for (const char *p = t->dial; *p && n < 24; p += p[3] ? 4 : 3) {
		xw_maneuver m;
		xw_pose e;
		int64_t dx, dy, margin;
		if (xw_maneuver_parse(p, 3, &m) != 0)
			continue;
		if (m.colour == XW_RED && sh->stress > 0)
			continue;
		xw_maneuver_end(&sh->pose, t->size, &m, &e);
		dx = e.x - XW_MAT / 2;
		dy = e.y - XW_MAT / 2;
		margin = e.x < e.y ? e.x : e.y;
		margin = XW_MAT - e.x < margin ? XW_MAT - e.x : margin;
		margin = XW_MAT - e.y < margin ? XW_MAT - e.y : margin;
		cand[n] = m;
		score[n] = (margin < 20000 ? margin * 64 : 20000 * 64) - (dx * dx + dy * dy) / 2000000
			+ (int64_t)(mix(k + (uint64_t)n) % 40000);
		{
			/* look ahead: a 3-straight or a 2-turn from there should still
			 * fit, or the next round has no way out */
			static const xw_maneuver next[3] = {{3, XW_ST, 1}, {2, XW_TL, 1}, {2, XW_TR, 1}};
			int ways = 0, ways2 = 0;
			for (int q = 0; q < 3; q++) {
				xw_pose e2, e3;
				xw_maneuver_end(&e, t->size, &next[q], &e2);
				if (xw_base_off_mat(&e2, t->size))
					continue;
				ways++;
				for (int r = 0; r < 3; r++) {   /* and a round further */
					xw_maneuver_end(&e2, t->size, &next[r], &e3);
					ways2 += !xw_base_off_mat(&e3, t->size);
				}
			}
			score[n] += ways * 400000 + ways2 * 150000;
			for (int o = 0; o < s->nobstacles; o++) {
				const xw_obstacle *ob = &s->obstacles[o];
				if (xw_obst_base(ob, &e, t->size) || xw_obst_template(ob, &sh->pose, t->size, &m))
					score[n] -= 900000;   /* rocks hurt */
			}
			if (xw_base_off_mat(&e, t->size))
				score[n] -= 4000000;
		}
		n++;
	}
	for (int j = 0; j < n; j++)
		if (score[j] > best)
			best = score[j], pick = j;
	*out = n ? cand[pick] : (xw_maneuver){1, XW_ST, XW_BLUE};
}

static void salt_of(const sl_header *h, int turn, int i, uint8_t salt[SL_SALT_BYTES])
{
	uint64_t a = key(h, turn, i, 2), b = mix(a);
	for (int k = 0; k < 8; k++) {
		salt[k] = (uint8_t)(a >> (8 * k));
		salt[8 + k] = (uint8_t)(b >> (8 * k));
	}
}

static int below(sl_prng *rng, int n)
{
	return n <= 1 ? 0 : (int)sl_prng_below(rng, (uint32_t)n);
}

static int atk_face(sl_prng *rng)
{
	int d = below(rng, 8);   /* 3 hit, 1 crit, 2 focus, 2 blank */
	return d < 3 ? XW_HIT : d < 4 ? XW_CRIT : d < 6 ? XW_AFOCUS : XW_ABLANK;
}

static int def_face(sl_prng *rng)
{
	int d = below(rng, 8);   /* 3 evade, 2 focus, 3 blank */
	return d < 3 ? XW_EVADE : d < 5 ? XW_DFOCUS : XW_DBLANK;
}

/* Applies ev to a copy: 0 if the rules take it. */
static int try_event(const xw_state *s, const sl_header *h, const sl_event *ev)
{
	xw_state *c = sl_malloc(sizeof *c);
	int rc;
	if (!c)
		return SL_ENOMEM;
	memcpy(c, s, sizeof *c);
	rc = xwing_apply_in(c, h, ev, NULL, NULL);
	sl_free(c);
	return rc;
}

static int ndamage(void)
{
	int n = 0;
	while (xw_damage_ids[n])
		n++;
	return n;
}

/* Fills field fi with k faceup card names drawn from rng. */
static int put_crits(sl_arena *a, sl_value *v, sl_prng *rng, int k)
{
	uint8_t names[XW_MAX_CRITS];
	if (k == 0) {
		memset(v, 0, sizeof *v);
		return 0;
	}
	for (int j = 0; j < k; j++)
		names[j] = (uint8_t)below(rng, ndamage());
	return sl_value_bytes(a, v, names, k);
}

/* Tries crits= with 0..XW_MAX_CRITS names until the rules take the event. */
static int settle_crits(const xw_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *ev, int fi)
{
	for (int k = 0; k <= XW_MAX_CRITS; k++) {
		int rc = put_crits(a, &ev->f[fi], rng, k);
		if (rc)
			return rc;
		if (try_event(s, h, ev) == 0)
			return 0;
	}
	return SL_EILLEGAL;
}

static int gen_move(const xw_state *s, const sl_header *h, int i, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	xw_maneuver m;
	xw_flight f;
	int sr, list[XW_MAX_OBSTACLES], n, rc;
	uint8_t dice[XW_MAX_OBSTACLES];
	xw_state *c = sl_malloc(sizeof *c);
	if (!c)
		return SL_ENOMEM;
	memcpy(c, s, sizeof *c);
	if (!c->ships[i].activated)
		c->ships[i].ion_flight = 1;   /* the ion maneuver */
	xw_to_execute(c, i, &m, &sr);
	xw_fly(c, i, &m, &f);
	n = f.fled ? 0 : xw_obstacles_hit(c, i, &m, &f.end, list);
	sl_free(c);
	sl_event_init(out, XW_EV_MOVE, s->ships[i].side);
	if ((rc = sl_value_text(a, &out->f[0], s->ships[i].id)) != 0)
		return rc;
	if (n) {
		/* an open game has no damage, as it has no attacks: its obstacle
		 * dice land on the focus and blank faces, so no ship is lost */
		for (int k = 0; k < n; k++)
			dice[k] = (uint8_t)(gen_open(h) ? XW_AFOCUS + below(rng, 2) : atk_face(rng));
		if ((rc = sl_value_bytes(a, &out->f[2], dice, n)) != 0)
			return rc;
	}
	return settle_crits(s, h, rng, a, out, 3);
}

/* An open game keeps its ships: no barrel roll or boost that ends within
 * range 1 of an edge (from there the next dial may have no way back). */
static int near_edge(const xw_state *s, int i, const sl_event *ev)
{
	const xw_ship *sh = &s->ships[i];
	int size = xw_type_of(sh)->size;
	xw_pose p;
	if (ev->f[1].u.i == XW_A_BARREL)
		xw_barrel_roll_end(&sh->pose, size, (int)ev->f[3].u.i, (int)ev->f[4].u.i, &p);
	else
		xw_maneuver_end(&sh->pose, size, &(xw_maneuver){1, ev->f[3].u.i == XW_DIR_LEFT ? XW_BL
			: ev->f[3].u.i == XW_DIR_RIGHT ? XW_BR : XW_ST, XW_WHITE}, &p);
	return p.x < XW_RANGE || p.y < XW_RANGE || p.x > XW_MAT - XW_RANGE || p.y > XW_MAT - XW_RANGE;
}

static int gen_action(const xw_state *s, const sl_header *h, int i, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	const xw_ship *sh = &s->ships[i];
	int order[8], n = 0, rc;
	static const int prefs[] = {XW_A_LOCK, XW_A_FOCUS, XW_A_EVADE, XW_A_BARREL, XW_A_BOOST};
	/* a random order of the actions worth trying */
	for (int k = 0; k < 5; k++)
		order[n++] = prefs[k];
	for (int k = n - 1; k > 0; k--) {
		int j = below(rng, k + 1), t = order[k];
		order[k] = order[j];
		order[j] = t;
	}
	for (int k = 0; k < n; k++) {
		int targets = order[k] == XW_A_LOCK ? s->nships : order[k] == XW_A_BARREL ? 6 : 1;
		for (int t = 0; t < targets; t++) {
			sl_event_init(out, XW_EV_ACTION, sh->side);
			if ((rc = sl_value_text(a, &out->f[0], sh->id)) != 0)
				return rc;
			sl_value_int(&out->f[1], order[k]);
			if (order[k] == XW_A_LOCK) {
				if (s->ships[t].side == sh->side || !xw_in_play(&s->ships[t]))
					continue;
				if ((rc = sl_value_text(a, &out->f[2], s->ships[t].id)) != 0)
					return rc;
			}
			if (order[k] == XW_A_BARREL) {
				sl_value_int(&out->f[3], t & 1);
				sl_value_int(&out->f[4], t >> 1);
			}
			if (order[k] == XW_A_BOOST)
				sl_value_int(&out->f[3], below(rng, 3));
			if ((order[k] == XW_A_BARREL || order[k] == XW_A_BOOST) && gen_open(h)
			    && near_edge(s, i, out))
				continue;
			if (try_event(s, h, out) == 0)
				return 0;
		}
	}
	return 1;   /* no action */
}

static int gen_attack(const xw_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	for (int init = s->engage_init < 6 ? s->engage_init : 6; init >= 0; init--)
		for (int i = 0; i < s->nships; i++) {
			const xw_ship *sh = &s->ships[i];
			if (xw_pilots[sh->pilot].initiative != init || sh->engaged || sh->gone == 2)
				continue;
			for (int d = 0; d < s->nships; d++)
				for (int w = 0; w < 3; w++) {
					int natk, ndef, range, rc, nre = 0, nas = 0, nds = 0;
					uint8_t atk[XW_MAX_DICE], def[XW_MAX_DICE], re[XW_MAX_DICE];
					uint8_t nw[XW_MAX_DICE], as[2], ds[2];
					const xw_ship *tg = &s->ships[d];
					if (tg->side == sh->side || tg->gone)
						continue;
					if (xw_attack_dice(s, i, d, w, &natk, &ndef, &range, NULL) != 0)
						continue;
					for (int k = 0; k < natk; k++)
						atk[k] = (uint8_t)atk_face(rng);
					if (sh->lock == d)
						for (int k = 0; k < natk; k++)
							if (atk[k] == XW_ABLANK) {
								re[nre] = (uint8_t)(k + 1);
								nw[nre++] = (uint8_t)atk_face(rng);
							}
					if (nre)
						as[nas++] = 1;
					if (sh->focus > 0)
						as[nas++] = 0;
					for (int k = 0; k < ndef; k++)
						def[k] = (uint8_t)def_face(rng);
					if (tg->focus > 0)
						ds[nds++] = 0;
					if (tg->evade > 0)
						ds[nds++] = 1;
					sl_event_init(out, XW_EV_ATTACK, sh->side);
					if ((rc = sl_value_text(a, &out->f[0], sh->id))
					    || (rc = sl_value_text(a, &out->f[1], tg->id))
					    || (rc = sl_value_bytes(a, &out->f[3], atk, natk)))
						return rc;
					sl_value_int(&out->f[2], w);
					if (nre && ((rc = sl_value_bytes(a, &out->f[4], re, nre))
						    || (rc = sl_value_bytes(a, &out->f[5], nw, nre))))
						return rc;
					if (nas && (rc = sl_value_bytes(a, &out->f[6], as, nas)))
						return rc;
					if ((rc = sl_value_bytes(a, &out->f[7], def, ndef)))
						return rc;
					if (nds && (rc = sl_value_bytes(a, &out->f[8], ds, nds)))
						return rc;
					if (settle_crits(s, h, rng, a, out, 9) == 0)
						return 0;
				}
		}
	return 1;
}

static void marker(sl_event *out, int entry, int mark)
{
	memset(out, 0, sizeof *out);
	out->entry = (uint8_t)entry;
	out->mark = mark;
	out->player = -1;
}

int xwing_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err)
{
	const xw_state *s = st;
	int rc = 0, alive[2] = {0, 0};
	char hex[2 * SL_COMMIT_BYTES + 1];
	memset(out, 0, sizeof *out);
	out->player = -1;
	if (!h || h->nplayers < 2)
		return sl_error_set(err, SL_EUSAGE, "xwing: a generated game needs two players");
	if (s->turn == 0) {
		if (s->nobstacles < 3) {
			int k = s->nobstacles;
			sl_event_init(out, XW_EV_OBSTACLE, -1);
			if ((rc = sl_value_text(a, &out->f[0], gen_obstacles[k].id)))
				goto nomem;
			sl_value_int(&out->f[1], gen_obstacles[k].kind);
			sl_value_int(&out->f[2], gen_obstacles[k].x + below(rng, 4001) - 2000);
			sl_value_int(&out->f[3], gen_obstacles[k].y + below(rng, 4001) - 2000);
			sl_value_int(&out->f[4], gen_obstacles[k].r);
			return 0;
		}
		if (s->nships < 4) {
			const gen_ship *g = &gen_ships[s->nships];
			sl_event_init(out, XW_EV_SHIP, -1);
			if ((rc = sl_value_text(a, &out->f[0], g->id))
			    || (rc = sl_value_text(a, &out->f[2], h->players[g->side].id)))
				goto nomem;
			sl_value_int(&out->f[3], g->x + below(rng, 6001) - 3000);
			sl_value_int(&out->f[4], g->y);
			sl_value_int(&out->f[5], xw_norm_angle(g->h + below(rng, 301) - 150));
			if (s->ver == 1) {   /* version 1's ENUM and LIST */
				uint8_t up = (uint8_t)(g->upgrades ? xw_upgrade_find(g->upgrades) : 0);
				sl_value_int(&out->f[1], xw_pilot_find(g->pilot));
				if (g->upgrades && (rc = sl_value_bytes(a, &out->f[6], &up, 1)))
					goto nomem;
			} else if ((rc = sl_value_text(a, &out->f[1], g->pilot))
			           || (g->upgrades && (rc = sl_value_text(a, &out->f[6],
				       g->upgrades2 ? g->upgrades2 : g->upgrades)))) {
				goto nomem;
			}
			return 0;
		}
		marker(out, SL_ENTRY_TURN, 1);
		return 0;
	}
	if (s->ver >= 3 && s->npend) {   /* a damage card due: drawn from the deck's weights */
		uint8_t w[32];
		int n = xwing_chances(s, h, XW_EV_DAMAGE, 1, w, 32), sum = 0, v, k = 0;
		for (int j = 0; j < n; j++)
			sum += w[j];
		if (sum < 1)
			return sl_error_set(err, SL_EILLEGAL, "xwing: the damage deck is spent");
		v = below(rng, sum);
		while (v >= w[k])
			v -= w[k++];
		sl_event_init(out, XW_EV_DAMAGE, -1);
		sl_value_int(&out->f[1], k);
		return 0;
	}
	/* v4: the dice of Console Fire (before the ship engages) and Wounded Pilot (after an action) */
	for (int i = -1; s->ver >= 4 && i < s->nships; i++)
		if (i < 0 ? s->ndie > 0 : xw_fire_due(s, i)) {
			int ship = i < 0 ? s->die_ship[0] : i;
			uint8_t die = (uint8_t)(below(rng, 8) + 1);
			sl_event_init(out, XW_EV_CARDDIE, -1);
			if (sl_value_text(a, &out->f[0], s->ships[ship].id) ||
			    sl_value_bytes(a, &out->f[3], &die, 1))
				goto nomem;
			sl_value_int(&out->f[1], i < 0 ? XW_D_WOUNDEDPILOT : XW_D_CONSOLEFIRE);
			return 0;
		}
	for (int i = 0; i < s->nships; i++)
		if (s->ships[i].gone == 0 && s->ships[i].side < 2)
			alive[s->ships[i].side]++;
	if ((s->det || s->phase == XW_PH_SYSTEM || s->phase == XW_PH_ACTIVATION)
	    && (rc = xw_gen_devices(s, h, gen_open(h), rng, a, out)) <= 0) {
		if (rc < 0)
			goto nomem;
		return 0;
	}
	switch (s->phase) {
	case XW_PH_PLANNING:
		for (int i = 0; i < s->nships; i++) {
			const xw_ship *sh = &s->ships[i];
			uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
			xw_maneuver m;
			char code[4];
			if (sh->gone || sh->has_commit)
				continue;
			choose_dial(s, h, i, &m);
			xw_maneuver_code(&m, code);
			salt_of(h, s->turn, i, salt);
			if ((rc = sl_commit(c, XW_COMMIT_DOMAIN, salt, code, 3)) != 0)
				return sl_error_set(err, rc, "xwing: commitment failed");
			sl_hexstr_encode(hex, c, SL_COMMIT_BYTES);
			sl_event_init(out, XW_EV_DIAL, sh->side);
			if ((rc = sl_value_text(a, &out->f[0], sh->id))
			    || (rc = sl_value_text(a, &out->f[1], hex)))
				goto nomem;
			return 0;
		}
		marker(out, SL_ENTRY_PHASE, XW_PH_SYSTEM);
		return 0;
	case XW_PH_SYSTEM:
		/* now and then an effect from outside the catalog, to exercise
		 * ionization after planning (D7) */
		if (!gen_open(h) && below(rng, 6) == 0)
			for (int i = 0; i < s->nships; i++) {
				const xw_ship *sh = &s->ships[i];
				if (sh->gone || sh->ion)
					continue;
				sl_event_init(out, XW_EV_EFFECT, -1);
				if ((rc = sl_value_text(a, &out->f[0], sh->id))
				    || (rc = sl_value_text(a, &out->f[3], "generated ion effect")))
					goto nomem;
				sl_value_int(&out->f[1], XW_T_ION);
				sl_value_int(&out->f[2], 1);
				if (try_event(s, h, out) == 0 && below(rng, 2) == 0)
					return 0;
			}
		marker(out, SL_ENTRY_PHASE, XW_PH_ACTIVATION);
		return 0;
	case XW_PH_ACTIVATION:
		if (s->active >= 0) {
			const xw_ship *sh = &s->ships[s->active];
			if (xw_in_play(sh) && !sh->moved)
				return gen_move(s, h, s->active, rng, a, out) == 0 ? 0
					: sl_error_set(err, SL_EILLEGAL, "xwing: generator: no legal move");
			if (xw_in_play(sh) && sh->nactions == 0 && below(rng, 5) != 0) {
				rc = gen_action(s, h, s->active, rng, a, out);
				if (rc == 0)
					return 0;
				if (rc < 0)
					goto nomem;
			}
		}
		for (int i = 0; i < s->nships; i++) {
			const xw_ship *sh = &s->ships[i];
			xw_maneuver m;
			uint8_t salt[SL_SALT_BYTES];
			char code[4], shex[2 * SL_SALT_BYTES + 1];
			if (sh->gone || sh->activated || xw_may_activate(s, i, xw_first_player(h), NULL) != 0)
				continue;
			if (!sh->assigned && xw_ionized(sh))
				return gen_move(s, h, i, rng, a, out) == 0 ? 0
					: sl_error_set(err, SL_EILLEGAL, "xwing: generator: no legal ion maneuver");
			choose_dial(s, h, i, &m);
			xw_maneuver_code(&m, code);
			salt_of(h, s->turn, i, salt);
			sl_hexstr_encode(shex, salt, SL_SALT_BYTES);
			sl_event_init(out, XW_EV_REVEAL, sh->side);
			if ((rc = sl_value_text(a, &out->f[0], sh->id))
			    || (rc = sl_value_text(a, &out->f[1], code))
			    || (rc = sl_value_text(a, &out->f[2], shex)))
				goto nomem;
			return 0;
		}
		marker(out, SL_ENTRY_PHASE, XW_PH_ENGAGEMENT);
		return 0;
	case XW_PH_ENGAGEMENT:
		if (gen_open(h)) {
			marker(out, SL_ENTRY_PHASE, XW_PH_END);
			return 0;
		}
		rc = gen_attack(s, h, rng, a, out);
		if (rc == 0)
			return 0;
		if (rc < 0)
			goto nomem;
		marker(out, SL_ENTRY_PHASE, XW_PH_END);
		return 0;
	default:
		if (!alive[0] || !alive[1] || (s->turn >= GEN_ROUNDS && !gen_open(h))
		    || s->turn >= GEN_OPEN_ROUNDS)
			return 1;
		{
			sl_buf r;   /* version 2: the rules' own end (round limit, 20 points) */
			int over;
			sl_buf_init(&r);
			over = xwing_result(s, h, &r) == 1;
			sl_buf_free(&r);
			if (over)
				return 1;
		}
		marker(out, SL_ENTRY_TURN, s->turn + 1);
		return 0;
	}
nomem:
	return sl_error_set(err, rc, "xwing: out of memory generating an event");
}
