/* fmp_gen.c - synthetic Full Metal Planète games: a random map and ore,
 * landings, deployment, tide cards drawn from the deck, then random legal
 * actions (crabs fetch ore home, destroyers hunt, turrets are shot, astronefs
 * taken and take off), each checked against the rules before it is handed out. */
#include "fmp_int.h"

#include <stdio.h>
#include <string.h>

#define GEN_COLS 26
#define GEN_ROWS 18
#define GEN_ORE 22
#define GEN_TRIES 48

static int below(sl_prng *rng, int n)
{
	return n <= 1 ? 0 : (int)sl_prng_below(rng, (uint32_t)n);
}

/* Whether the rules accept ev now (on a scratch copy). */
static int legal(const fmp_state *s, const sl_header *h, fmp_state *tmp, const sl_event *ev)
{
	memcpy(tmp, s, sizeof *tmp);
	return fmp_apply_in(tmp, h, ev, NULL, NULL) == 0;
}

/* ---- setup ---------------------------------------------------------------- */

static int gen_setup(const fmp_state *s, sl_prng *rng, sl_arena *a, sl_event *out)
{
	int nore = 0;
	if (!s->cols) {
		sl_event_init(out, FMP_EV_MAP, -1);
		sl_value_int(&out->f[0], GEN_COLS);
		sl_value_int(&out->f[1], GEN_ROWS);
		return 0;
	}
	for (int r = 0; r < s->rows; r++) {
		char cells[FMP_MAX_COLS + 1];
		if (s->row_set[r])
			continue;
		for (int c = 0; c < s->cols; c++) {
			int x = below(rng, 100);
			int edge = r == 0 || r == s->rows - 1 || c < 2 || c >= s->cols - 2;
			if (edge)
				cells[c] = x < 80 ? '.' : '~';
			else
				cells[c] = x < 58 ? '-' : x < 70 ? '*' : x < 78 ? '^' : x < 86 ? '~' : '.';
		}
		cells[s->cols] = 0;
		sl_event_init(out, FMP_EV_TERRAIN, -1);
		sl_value_int(&out->f[0], r + 1);
		return sl_value_text(a, &out->f[1], cells);
	}
	for (int i = 0; i < s->nunits; i++)
		nore += s->units[i].kind == FMP_ORE;
	if (nore < GEN_ORE) {
		for (int t = 0; t < 200; t++) {
			int c = 1 + below(rng, s->cols), r = 1 + below(rng, s->rows);
			int ter = fmp_terrain_at(s, c, r);
			char id[16];
			if (ter == FMP_SEA || fmp_unit_at(s, c, r) >= 0)
				continue;
			snprintf(id, sizeof id, "o%d", nore + 1);
			sl_event_init(out, FMP_EV_ORE, -1);
			sl_value_hex(&out->f[1], c, r);
			return sl_value_text(a, &out->f[0], id);
		}
	}
	memset(out, 0, sizeof *out);
	out->entry = SL_ENTRY_TURN;
	out->mark = 1;
	out->player = -1;
	return 0;
}

/* ---- candidates ------------------------------------------------------------- */

static int controlled(const fmp_state *s, int i, int p)
{
	return s->units[i].where != FMP_DEAD && s->units[i].kind != FMP_ORE
		&& fmp_controller(s, &s->units[i]) == p;
}

static int try_land(const fmp_state *s, const sl_header *h, fmp_state *tmp, sl_prng *rng,
	int p, sl_event *out)
{
	for (int t = 0; t < 300; t++) {
		sl_event_init(out, FMP_EV_LAND, p);
		sl_value_hex(&out->f[0], 3 + below(rng, s->cols - 4), 2 + below(rng, s->rows - 2));
		sl_value_int(&out->f[1], below(rng, 6));
		if (legal(s, h, tmp, out))
			return 0;
	}
	return 1;
}

static int try_leave(const fmp_state *s, const sl_header *h, fmp_state *tmp, sl_prng *rng,
	sl_arena *a, int p, int k, int ui, sl_event *out)
{
	const fmp_ship *sh = &s->ships[k];
	int c[4], r[4];
	fmp_ship_hexes(sh, c, r);
	for (int t = 0; t < 12; t++) {
		int pode = 1 + below(rng, 3), d = below(rng, 6), nc, nr;
		fmp_neighbor(c[pode], r[pode], d, &nc, &nr);
		sl_event_init(out, FMP_EV_LEAVE, p);
		if (sl_value_text(a, &out->f[0], s->units[ui].id) || sl_value_text(a, &out->f[1], fmp_pid(h, k)))
			return SL_ENOMEM;
		sl_value_int(&out->f[2], pode);
		sl_value_hex(&out->f[3], nc, nr);
		if (s->units[ui].kind == FMP_BARGE)
			sl_value_int(&out->f[4], below(rng, 6));
		if (legal(s, h, tmp, out))
			return 0;
	}
	return 1;
}

/* The nearest hex among targets to (col,row); returns the distance. */
static int toward(const fmp_state *s, const fmp_unit *u, int p, int *tc, int *tr)
{
	int best = 1 << 20;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		int d, want;
		if (x->where != FMP_MAP)
			continue;
		if (u->kind == FMP_CRAB || u->kind == FMP_LAYER || u->kind == FMP_BARGE)
			want = x->kind == FMP_ORE;
		else
			want = x->kind != FMP_ORE && fmp_controller(s, x) != p;
		if (!want)
			continue;
		d = fmp_distance(u->col, u->row, x->col, x->row);
		if (d < best) {
			best = d;
			*tc = x->col;
			*tr = x->row;
		}
	}
	return best;
}

static int try_move(const fmp_state *s, const sl_header *h, fmp_state *tmp, sl_prng *rng,
	sl_arena *a, int p, int ui, sl_event *out)
{
	const fmp_unit *u = &s->units[ui];
	uint8_t path[4];
	int tc = 0, tr = 0, home = 0;
	int have = toward(s, u, p, &tc, &tr) < (1 << 20);
	/* a crab with ore heads home */
	if ((u->kind == FMP_CRAB || u->kind == FMP_LAYER) && fmp_cargo_used(s, ui) > 0) {
		for (int k = 0; k < FMP_MAX_PLAYERS; k++)
			if (s->ships[k].landed && !s->ships[k].gone && s->ships[k].owner == p) {
				tc = s->ships[k].col;
				tr = s->ships[k].row;
				have = home = 1;
				break;
			}
	}
	for (int t = 0; t < 10; t++) {
		int n = 1 + below(rng, 3), col = u->col, row = u->row;
		for (int i = 0; i < n; i++) {
			int d = below(rng, 6);
			if (have && below(rng, 3) != 0) {   /* mostly toward the goal */
				int bestd = 1 << 20;
				for (int dd = 0; dd < 6; dd++) {
					int nc, nr, dist;
					fmp_neighbor(col, row, dd, &nc, &nr);
					dist = fmp_distance(nc, nr, tc, tr);
					if (dist < bestd) {
						bestd = dist;
						d = dd;
					}
				}
			}
			path[i] = (uint8_t)d;
			fmp_neighbor(col, row, d, &col, &row);
		}
		sl_event_init(out, FMP_EV_MOVE, p);
		if (sl_value_text(a, &out->f[0], u->id))
			return SL_ENOMEM;
		out->f[1].present = 1;
		out->f[1].n = (uint16_t)n;
		out->f[1].p = sl_arena_memdup(a, path, (size_t)n);
		if (!out->f[1].p)
			return SL_ENOMEM;
		if (legal(s, h, tmp, out))
			return 0;
		(void)home;
	}
	return 1;
}

static int try_pair(const fmp_state *s, const sl_header *h, fmp_state *tmp, sl_prng *rng,
	sl_arena *a, int p, int type, sl_event *out)
{
	int d[64], nd = 0;
	for (int i = 0; i < s->nunits && nd < 64; i++)
		if (controlled(s, i, p) && s->units[i].where == FMP_MAP
		    && fmp_is_destroyer(s->units[i].kind) && s->units[i].shots < 2)
			d[nd++] = i;
	if (nd < 2)
		return 1;
	for (int t = 0; t < 12; t++) {
		int ai = d[below(rng, nd)], bi = d[below(rng, nd)], ti = below(rng, s->nunits);
		const fmp_unit *x = &s->units[ti];
		if (ai == bi || x->where != FMP_MAP || x->kind == FMP_ORE || controlled(s, ti, p))
			continue;
		sl_event_init(out, type, p);
		if (sl_value_text(a, &out->f[0], s->units[ai].id) || sl_value_text(a, &out->f[1], s->units[bi].id))
			return SL_ENOMEM;
		if (type == FMP_EV_FIRE)
			sl_value_hex(&out->f[2], x->col, x->row);
		else if (sl_value_text(a, &out->f[2], x->id))
			return SL_ENOMEM;
		if (legal(s, h, tmp, out))
			return 0;
	}
	return 1;
}

static int try_unit_actions(const fmp_state *s, const sl_header *h, fmp_state *tmp,
	sl_prng *rng, sl_arena *a, int p, sl_event *out)
{
	int start = below(rng, s->nunits > 0 ? s->nunits : 1);
	for (int k = 0; k < s->nunits; k++) {
		int ui = (start + k) % s->nunits;
		const fmp_unit *u = &s->units[ui];
		if (!controlled(s, ui, p) || u->kind == FMP_TURRET)
			continue;
		if (u->where == FMP_IN_SHIP) {
			/* unload ore a crab brought home, or go out */
			for (int j = 0; j < s->nunits; j++)
				if (s->units[j].where == FMP_IN_UNIT && s->units[j].holder == ui) {
					sl_event_init(out, FMP_EV_UNLOAD, p);
					if (sl_value_text(a, &out->f[0], u->id) || sl_value_text(a, &out->f[1], s->units[j].id))
						return SL_ENOMEM;
					if (legal(s, h, tmp, out))
						return 0;
				}
			if (below(rng, 3) == 0) {
				int rc = try_leave(s, h, tmp, rng, a, p, u->holder, ui, out);
				if (rc <= 0)
					return rc;
			}
			continue;
		}
		if (u->where != FMP_MAP)
			continue;
		if (fmp_capacity(u->kind)) {
			/* ore next to it: load; carrying ore next to home: enter */
			for (int j = 0; j < s->nunits; j++) {
				const fmp_unit *x = &s->units[j];
				if (x->where != FMP_MAP || x->kind != FMP_ORE
				    || fmp_distance(u->col, u->row, x->col, x->row) != 1)
					continue;
				sl_event_init(out, FMP_EV_LOAD, p);
				if (sl_value_text(a, &out->f[0], u->id) || sl_value_text(a, &out->f[1], x->id))
					return SL_ENOMEM;
				if (legal(s, h, tmp, out))
					return 0;
			}
			if (u->kind == FMP_LAYER && fmp_cargo_used(s, ui) > 0) {
				for (int d = 0; d < 6; d++) {
					int nc, nr;
					char id[FMP_ID_LEN];
					fmp_neighbor(u->col, u->row, d, &nc, &nr);
					snprintf(id, sizeof id, "%s-n%d", fmp_pid(h, u->colour) , s->nunits);
					sl_event_init(out, FMP_EV_BUILD, p);
					if (sl_value_text(a, &out->f[0], u->id) || sl_value_text(a, &out->f[2], id))
						return SL_ENOMEM;
					sl_value_int(&out->f[1], below(rng, 2));
					sl_value_hex(&out->f[3], nc, nr);
					if (legal(s, h, tmp, out))
						return 0;
				}
			}
		}
		if (fmp_capacity(u->kind) && fmp_cargo_used(s, ui) > 0 && below(rng, 2) == 0) {
			/* 9.1: or, next to a pode of its astronef, unload into it */
			for (int j = 0; j < s->nunits; j++) {
				if (s->units[j].where != FMP_IN_UNIT || s->units[j].holder != ui)
					continue;
				for (int sk = 0; sk < FMP_MAX_PLAYERS; sk++) {
					int c[4], r[4];
					if (!s->ships[sk].landed || s->ships[sk].gone || s->ships[sk].owner != p)
						continue;
					fmp_ship_hexes(&s->ships[sk], c, r);
					for (int pode = 1; pode <= 3; pode++) {
						sl_event_init(out, FMP_EV_UNLOAD, p);
						if (sl_value_text(a, &out->f[0], u->id)
						    || sl_value_text(a, &out->f[1], s->units[j].id))
							return SL_ENOMEM;
						sl_value_hex(&out->f[2], c[pode], r[pode]);
						if (legal(s, h, tmp, out))
							return 0;
					}
				}
				break;
			}
		}
		for (int sk = 0; sk < FMP_MAX_PLAYERS; sk++)
			for (int pode = 1; pode <= 3; pode++) {
				if (!s->ships[sk].landed || s->ships[sk].gone)
					continue;
				if (s->ships[sk].owner == p && fmp_cargo_used(s, ui) == 0)
					continue;   /* only loaded transporters go home */
				sl_event_init(out, FMP_EV_ENTER, p);
				if (sl_value_text(a, &out->f[0], u->id) || sl_value_text(a, &out->f[1], fmp_pid(h, sk)))
					return SL_ENOMEM;
				sl_value_int(&out->f[2], pode);
				if (legal(s, h, tmp, out))
					return 0;
			}
		if (below(rng, 2) == 0) {
			int rc = try_move(s, h, tmp, rng, a, p, ui, out);
			if (rc <= 0)
				return rc;
		}
	}
	return 1;
}

static int gen_turn_part(const fmp_state *s, const sl_header *h, fmp_state *tmp,
	sl_prng *rng, sl_arena *a, int p, sl_event *out)
{
	int rc;
	if (s->players[p].lost)
		return 1;
	if (s->turn == 1)
		return s->ships[p].landed ? 1 : try_land(s, h, tmp, rng, p, out);
	if (s->turn == 2) {
		for (int i = 0; i < s->nunits; i++)
			if (s->units[i].where == FMP_IN_SHIP && controlled(s, i, p) && below(rng, 2)) {
				rc = try_leave(s, h, tmp, rng, a, p, s->units[i].holder, i, out);
				if (rc <= 0)
					return rc;
			}
		return 1;
	}
	if (s->escape == p) {
		for (int i = 0; i < s->nunits; i++)
			if (s->units[i].escape) {
				rc = try_move(s, h, tmp, rng, a, p, i, out);
				if (rc <= 0)
					return rc;
			}
		sl_event_init(out, FMP_EV_NEUTRALISE, p);
		return 0;
	}
	if (s->turn == 25) {   /* turn 21's take-offs are chosen in phase 1 */
		for (int k = 0; k < FMP_MAX_PLAYERS; k++)
			if (s->ships[k].landed && !s->ships[k].gone && s->ships[k].owner == p) {
				sl_event_init(out, FMP_EV_TAKEOFF, p);
				if (sl_value_text(a, &out->f[0], fmp_pid(h, k)))
					return SL_ENOMEM;
				if (legal(s, h, tmp, out))
					return 0;
			}
	}
	if (s->players[p].ap < 1)
		return 1;
	/* H7: a unit under fire since the start of the turn retreats one hex */
	for (int i = 0; i < s->nunits; i++) {
		if (!s->units[i].retreat || !fmp_neutralised(s, &s->units[i]) || below(rng, 2))
			continue;
		for (int d = 0; d < 6; d++) {
			uint8_t step = (uint8_t)d;
			sl_event_init(out, FMP_EV_MOVE, p);
			if (sl_value_text(a, &out->f[0], s->units[i].id)
			    || sl_value_bytes(a, &out->f[1], &step, 1))
				return SL_ENOMEM;
			if (legal(s, h, tmp, out))
				return 0;
		}
	}
	for (int k = 0; k < FMP_MAX_PLAYERS; k++)
		for (int pode = 1; pode <= 3; pode++)
			if (s->ships[k].landed && !s->ships[k].gone && s->ships[k].owner == p
			    && s->ships[k].taken) {
				sl_event_init(out, FMP_EV_REBUILD, p);
				if (sl_value_text(a, &out->f[0], fmp_pid(h, k)))
					return SL_ENOMEM;
				sl_value_int(&out->f[1], pode);
				if (legal(s, h, tmp, out))
					return 0;
			}
	for (int t = 0; t < GEN_TRIES / 12; t++) {
		if ((rc = try_pair(s, h, tmp, rng, a, p, FMP_EV_FIRE, out)) <= 0)
			return rc;
		if ((rc = try_pair(s, h, tmp, rng, a, p, FMP_EV_CAPTURE, out)) <= 0)
			return rc;
	}
	if (below(rng, 8) == 0)
		return 1;   /* keep some points: they are saved by fives */
	return try_unit_actions(s, h, tmp, rng, a, p, out);
}

/* ---- turn 21: the sealed choices (9.5) -------------------------------------------
 * A synthetic game keeps no secret: the salt comes from the astronef and the
 * map, so the reveal finds the choice again by opening the commitment. */
static void gen_salt(const fmp_state *s, int k, uint8_t salt[SL_SALT_BYTES])
{
	const fmp_ship *sh = &s->ships[k];
	uint8_t b[6];
	uint64_t x[2];
	b[0] = (uint8_t)k;
	b[1] = (uint8_t)sh->col;
	b[2] = (uint8_t)sh->row;
	b[3] = (uint8_t)sh->orient;
	b[4] = (uint8_t)s->cols;
	b[5] = (uint8_t)s->rows;
	x[0] = sl_hash64_update(sl_hash64("fmp-gen-salt", 12), b, sizeof b);
	x[1] = sl_hash64_update(x[0], b, sizeof b);
	for (int i = 0; i < SL_SALT_BYTES; i++)
		salt[i] = (uint8_t)(x[i / 8] >> (8 * (i % 8)));
}

static int gen_choice(const fmp_state *s, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out)
{
	uint8_t salt[SL_SALT_BYTES], c[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {   /* every choice sealed first */
		const fmp_ship *sh = &s->ships[k];
		const char *word;
		if (!sh->landed || sh->gone || sh->sealed)
			continue;
		word = fmp_choice_name(below(rng, 3) == 0);   /* a third leave now */
		gen_salt(s, k, salt);
		if (sl_commit(c, FMP_TAKEOFF_DOMAIN, salt, word, strlen(word)) != SL_OK)
			return SL_EUSAGE;
		sl_hexstr_encode(hex, c, sizeof c);
		sl_event_init(out, FMP_EV_COMMIT, sh->owner);
		if (sl_value_text(a, &out->f[0], fmp_pid(h, k)) || sl_value_text(a, &out->f[1], hex))
			return SL_ENOMEM;
		return 0;
	}
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {   /* then revealed */
		const fmp_ship *sh = &s->ships[k];
		int choice;
		if (!sh->landed || sh->gone || !sh->sealed || sh->choice >= 0)
			continue;
		gen_salt(s, k, salt);
		choice = sl_commit_check(sh->seal, FMP_TAKEOFF_DOMAIN, salt, "leave", 5);
		sl_hexstr_encode(hex, salt, sizeof salt);
		sl_event_init(out, FMP_EV_REVEAL, sh->owner);
		sl_value_int(&out->f[1], choice);
		if (sl_value_text(a, &out->f[0], fmp_pid(h, k)) || sl_value_text(a, &out->f[2], hex))
			return SL_ENOMEM;
		return 0;
	}
	return 1;
}

int fmp_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err)
{
	const fmp_state *s = st;
	fmp_state *tmp;
	sl_error e2;
	int rc;

	tmp = sl_malloc(sizeof *tmp);
	if (!tmp)
		return sl_error_set(err, SL_ENOMEM, "fmp: out of memory");
	memset(out, 0, sizeof *out);
	out->player = -1;
	if (s->turn == 0) {
		rc = gen_setup(s, rng, a, out);
	} else if (s->phase == 1 && !s->tide_set) {
		int left = s->deck[0] + s->deck[1] + s->deck[2], x, card = 0;
		int deck[3] = {s->deck[0], s->deck[1], s->deck[2]};
		if (left == 0) {
			deck[0] = deck[1] = deck[2] = 5;
			left = 15;
		}
		x = below(rng, left);
		while (x >= deck[card]) {
			x -= deck[card];
			card++;
		}
		sl_event_init(out, FMP_EV_TIDE, -1);
		sl_value_int(&out->f[0], card);
		rc = 0;
	} else {
		rc = 1;
		if (s->phase >= 2)
			rc = gen_turn_part(s, h, tmp, rng, a, s->phase - 2, out);
		else if (s->turn == 21)
			rc = gen_choice(s, h, rng, a, out);
		if (rc == 1) {
			memset(out, 0, sizeof *out);
			out->player = -1;
			if (s->phase - 1 < s->np) {
				out->entry = SL_ENTRY_PHASE;
				out->mark = s->phase + 1;
				rc = 0;
			} else if (s->turn < FMP_LAST_TURN) {
				out->entry = SL_ENTRY_TURN;
				out->mark = s->turn + 1;
				rc = 0;
			}
		}
	}
	if (rc == SL_ENOMEM) {
		sl_free(tmp);
		return sl_error_set(err, SL_ENOMEM, "fmp: out of memory");
	}
	if (rc != 0) {
		sl_free(tmp);
		return rc;
	}
	/* Never hand out an entry the rules would refuse. */
	memcpy(tmp, s, sizeof *tmp);
	sl_error_clear(&e2);
	if (out->entry == SL_ENTRY_EVENT)
		rc = fmp_apply_in(tmp, h, out, NULL, &e2);
	else
		rc = fmp_mark_in(tmp, h, out->entry == SL_ENTRY_TURN ? out->mark : s->turn,
			out->entry == SL_ENTRY_TURN ? 1 : out->mark, &e2);
	sl_free(tmp);
	if (rc != 0)
		return sl_error_set(err, SL_EILLEGAL, "fmp generate: a refused entry (a bug): %s",
			e2.msg);
	return 0;
}
