/* sail_model.c - what the sail rules tell the coder of a .silb archive's
 * modelled segments (sl_game.h, sl_model; formats/sail.md, "The model of
 * .silb archives").
 *
 * A move is coded as the choice of a ship among those that may still move
 * in this phase, then each step among the steps the rules allow at that
 * point of the move (or the end of the move, once a step is made), with
 * counts that learn which steps players take where; a grounding die after
 * each shoal entered. A wind entry is a die or a shift of at most one
 * hexside. A keyframe codes only what moves (positions, headings, points
 * left, marks, the last path) against a reference state with the same map
 * and fleet. Everything else goes to the generic schema coder. */
#include "sail_int.h"
#include "core/sl_mc.h"

#include <stddef.h>
#include <string.h>

#define SAIL_MODEL_VERSION 1

typedef struct sail_mctx {
	/* The ships that may move (bit i: ship i), kept from entry to entry:
	 * built in full when a movement phase is first seen, then, after each
	 * move, looked at again only around the two hexes it changed (a ship's
	 * first step depends on herself, the wind and the hex ahead of her).
	 * Anything else (another event, a new phase) makes it stale. */
	uint64_t cand;
	int valid, vturn, vphase;
	int pend;                       /* 1 + the ship that just moved, 0 none */
	int pend_col[2], pend_row[2];   /* where she left and where she ended */
	sl_mc_cnt special[2];           /* an event the model does not cover: in a movement phase, in phase 1 */
	/* the steps, as yes/no questions by the step's place (0..4, 5+): the
	 * end of the move (by which steps are legal: advancing or tacking),
	 * a turn rather than straight ahead, starboard rather than port */
	sl_mc_cnt end[2][6], turn[6], side[2][6];
	sl_mc_freq die[2];              /* grounding dice, wind dice */
	sl_mc_cnt wind_roll;            /* a wind die rather than a direction */
	sl_mc_freq wind_to;             /* back, hold, veer */
	/* keyframes */
	sl_mc_bit k_turn[SL_MC_UINT_PROBS], k_phase[8], k_rolled, k_left_ok, k_left[32];
	sl_mc_bit k_any_hull, k_hull_same, k_hull[128], k_any[7], k_flag[7], k_npath[SL_MC_UINT_PROBS];
	sl_mc_freq k_dir;
	sl_mc_bit k_cost[32];
} sail_mctx;

/* May move now: free to manoeuvre, not moved in this phase, and some
 * first step is legal (sail 6). Head to wind a tack always is; otherwise
 * the three advancing steps all enter the hex ahead, so one look at it
 * (cost, map edge, land, another ship) answers for them, as
 * sail_step_check would. */
static int candidate(const sail_state *s, int i)
{
	/* sail_can_manoeuvre, sail_point_of_sail, sail_entry_cost,
	 * sail_neighbor, sail_terrain_at and sail_ship_at, inlined: a full
	 * pass runs over the fleet at every movement phase */
	static const int8_t point[11] = {1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1};
	static const int8_t cost[4] = {2, 1, 3, -1};
	static const int8_t dc[6] = {0, 1, 1, 0, -1, -1};
	static const int8_t dr[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
	const sail_ship *sh = &s->ships[i];
	int pt, nc, nr, occ;
	if (sh->sunk || sh->struck || sh->grounded || sh->in_irons || sh->moved ||
	    (unsigned)sh->facing > 5 || (unsigned)s->wind > 5)
		return 0;
	pt = point[sh->facing - s->wind + 5];
	if (pt == SAIL_HEAD)
		return 1;
	if (cost[pt] > sh->left)
		return 0;
	nc = sh->col + dc[sh->facing];
	nr = sh->row + dr[!(sh->col & 1)][sh->facing];
	if ((unsigned)(nc - 1) >= (unsigned)s->cols || (unsigned)(nr - 1) >= (unsigned)s->rows ||
	    s->terrain[nr - 1][nc - 1] == SAIL_LAND)
		return 0;
	occ = s->occ[nr - 1][nc - 1] - 1;
	return occ < 0 || occ == i;
}

static int is_move_phase(const sail_state *s)
{
	return s->phase == SAIL_PH_MOVE1 || s->phase == SAIL_PH_MOVE2;
}

static void set_cand(sail_mctx *x, const sail_state *s, int i)
{
	if (candidate(s, i))
		x->cand |= UINT64_C(1) << i;
	else
		x->cand &= ~(UINT64_C(1) << i);
}

static int popcount64(uint64_t v)
{
	/* SWAR: no popcnt instruction is assumed, and libgcc's loop shows */
	v = v - ((v >> 1) & UINT64_C(0x5555555555555555));
	v = (v & UINT64_C(0x3333333333333333)) + ((v >> 2) & UINT64_C(0x3333333333333333));
	v = (v + (v >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((v * UINT64_C(0x0101010101010101)) >> 56);
}

/* The ships that may move in state s (a movement phase). */
static uint64_t cands(sail_mctx *x, const sail_state *s)
{
	if (!x->valid || x->vturn != s->turn || x->vphase != s->phase) {
		x->cand = 0;
		for (int i = 0; i < s->nships; i++)
			set_cand(x, s, i);
		x->valid = 1;
		x->vturn = s->turn;
		x->vphase = s->phase;
	} else if (x->pend) {
		int j = x->pend - 1;
		if (j < s->nships)
			set_cand(x, s, j);
		/* a ship whose bow points at one of the two hexes: she is next to
		 * it, in direction d, heading the other way */
		static const int8_t dc[6] = {0, 1, 1, 0, -1, -1};
		static const int8_t dr[2][6] = {{-1, -1, 0, 1, 0, -1}, {-1, 0, 1, 1, 1, 0}};
		for (int h = 0; h < 2; h++) {
			int c0 = x->pend_col[h], r0 = x->pend_row[h];
			if (h == 1 && c0 == x->pend_col[0] && r0 == x->pend_row[0])
				break;
			for (int d = 0; d < 6; d++) {
				/* sail_neighbor and sail_ship_at, inlined: this runs
				 * twelve times per move */
				unsigned nc = (unsigned)(c0 + dc[d] - 1), nr = (unsigned)(r0 + dr[!(c0 & 1)][d] - 1);
				int k;
				if (nc >= (unsigned)s->cols || nr >= (unsigned)s->rows ||
				    (k = s->occ[nr][nc] - 1) < 0)
					continue;
				if (k < s->nships && s->ships[k].facing == (d + 3) % 6)
					set_cand(x, s, k);
			}
		}
	}
	x->pend = 0;
	return x->cand;
}

static int sail_hint(const void *st, void *ctx)
{
	const sail_state *s = st;
	if (is_move_phase(s)) {
		int n = popcount64(cands(ctx, s));
		return n < 3 ? n : 3;
	}
	return s->phase == SAIL_PH_WIND && s->turn >= 2 && !s->wind_rolled ? 3 : 0;
}

/* The steps allowed after `k` steps of m, as a mask of the five. The
 * three advancing steps enter the same hex at the same cost and differ
 * only in the heading after it, so one check answers for them; the two
 * tacks likewise (sail_step_check). */
static unsigned legal_steps(const sail_state *s, const sail_sim *m, int k, sail_stepres *r)
{
	if (k >= SAIL_MAX_STEPS || m->grounded || m->in_irons)
		return 0;
	/* head to wind she may only tack, and a tack is always allowed */
	if (sail_point_of_sail(m->facing, s->wind) == SAIL_HEAD)
		return 1u << SAIL_TP | 1u << SAIL_TS;
	return sail_step_check(s, m, SAIL_A, k + 1, r, NULL) == 0
		? 1u << SAIL_A | 1u << SAIL_AP | 1u << SAIL_AS : 0;
}

/* Encoding: 1 if ev is a move the model can code (the log was checked by
 * the rules, so this holds for every legal move; it is checked anyway). */
static int move_fits(const sail_state *s, uint64_t cand, const sl_event *ev, int *ship)
{
	int n = ev->f[1].n, nd = ev->f[2].present ? ev->f[2].n : 0, used = 0;
	const uint8_t *steps = ev->f[1].p, *dice = ev->f[2].p;
	sail_sim m;
	if (ev->type != SAIL_EV_MOVE || !ev->f[0].present || !ev->f[1].present || n < 1 ||
	    n > SAIL_MAX_STEPS || (ev->f[2].present && nd < 1))
		return 0;
	*ship = sail_find_ship(s, ev->f[0].p, ev->f[0].n);
	if (*ship < 0 || !(cand >> *ship & 1) || ev->player != s->ships[*ship].side)
		return 0;
	sail_sim_start(s, *ship, &m);
	for (int k = 0; k < n; k++) {
		sail_stepres r;
		int die = 0;
		unsigned mk = legal_steps(s, &m, k, &r);
		if (steps[k] > SAIL_TS || sail_step_check(s, &m, steps[k], k + 1, &r, NULL) != 0 ||
		    ((mk & 1) ? steps[k] > SAIL_AS : steps[k] < SAIL_TP))
			return 0;   /* (the last: both kinds legal at once, which the rules never allow) */
		if (r.shoal) {
			if (used >= nd || dice[used] < 1 || dice[used] > 6)
				return 0;
			die = dice[used++];
		}
		sail_step_commit(s, &m, &r, die);
	}
	return used == nd;
}

static int code_move(sl_mcs *cs, sail_mctx *x, sail_state *s, sl_event *ev, int ship)
{
	sl_mc *c = sl_mcs_coder(cs);
	int dec = sl_mcs_decoding(cs), k, ns = 0, nd = 0;
	uint8_t steps[SAIL_MAX_STEPS], dice[SAIL_MAX_DICE];
	const uint8_t *in_steps = dec ? NULL : ev->f[1].p, *in_dice = dec ? NULL : ev->f[2].p;
	sail_sim m;

	/* the ship, among those that may still move, all alike */
	uint64_t cand = cands(x, s);
	int n_cand = popcount64(cand), rank = 0;
	if (n_cand == 0)
		return sl_mcs_fail(cs, "sail model: a move when no ship may move");
	if (!dec)
		rank = popcount64(cand & ((UINT64_C(1) << ship) - 1));
	rank = (int)sl_mc_uniform(c, (unsigned)rank, (unsigned)n_cand);
	if (dec) {
		uint64_t m2 = cand;
		while (rank-- > 0)
			m2 &= m2 - 1;
		ship = __builtin_ctzll(m2);
	}
	sail_sim_start(s, ship, &m);
	for (k = 0;; k++) {
		sail_stepres r;
		unsigned mask = legal_steps(s, &m, k, &r);
		int t;
		if (k == 0 && mask == 0)
			return sl_mcs_fail(cs, "sail model: %s has no step to make", s->ships[ship].name);
		int kk = k < 5 ? k : 5, adv = (mask & 1) != 0;
		t = dec ? 0 : k < ev->f[1].n ? in_steps[k] : 5;
		if (mask == 0 || (k > 0 && sl_mc_flag(c, &x->end[adv][kk], t == 5)))
			break;   /* the end: forced when no step is legal */
		if (adv) {
			/* A 0, AP 1, AS 2 */
			if (!sl_mc_flag(c, &x->turn[kk], t != SAIL_A))
				t = SAIL_A;
			else
				t = sl_mc_flag(c, &x->side[0][kk], t == SAIL_AS) ? SAIL_AS : SAIL_AP;
		} else
			t = sl_mc_flag(c, &x->side[1][kk], t == SAIL_TS) ? SAIL_TS : SAIL_TP;
		steps[ns++] = (uint8_t)t;
		int die = 0;
		if (adv && t != SAIL_A)   /* r holds A's result: the same but for the heading */
			r.facing = sl_hex_dir_rotate(m.facing, t == SAIL_AP ? -1 : 1);
		else if (!adv && sail_step_check(s, &m, t, k + 1, &r, NULL) != 0)
			return sl_mcs_fail(cs, "sail model: step %d is not legal", k + 1);
		if (r.shoal) {
			die = sl_mc_sym(c, &x->die[0], 0x3f, dec ? 0 : in_dice[nd] - 1) + 1;
			if (nd >= SAIL_MAX_DICE)
				return sl_mcs_fail(cs, "sail model: more than %d grounding dice", SAIL_MAX_DICE);
			dice[nd++] = (uint8_t)die;
		}
		sail_step_commit(s, &m, &r, die);
	}
	/* where the candidates may change: her start and her end */
	x->pend = ship + 1;
	x->pend_col[0] = s->ships[ship].col;
	x->pend_row[0] = s->ships[ship].row;
	x->pend_col[1] = m.col;
	x->pend_row[1] = m.row;
	if (dec) {
		sl_event_init(ev, SAIL_EV_MOVE, s->ships[ship].side);
		if (sl_value_text(sl_mcs_arena(cs), &ev->f[0], s->ships[ship].id) ||
		    sl_value_bytes(sl_mcs_arena(cs), &ev->f[1], steps, ns) ||
		    (nd > 0 && sl_value_bytes(sl_mcs_arena(cs), &ev->f[2], dice, nd)))
			return sl_mcs_fail(cs, "out of memory");
	}
	/* Every rule of the move is checked above, as ev_move checks it: a
	 * ship that may move (candidate: afloat, colours flying, not aground,
	 * not in irons, not moved yet), her side giving the order, one step
	 * or more, each through sail_step_check, a die for each shoal and no
	 * more; so the move is applied here, without simulating it twice. */
	sail_move_finish(s, ship, &m);
	return SL_MODEL_APPLIED;
}

static int wind_fits(const sail_state *s, const sl_event *ev)
{
	if (ev->type != SAIL_EV_WIND || ev->f[0].present == ev->f[1].present)
		return 0;
	if (ev->f[0].present)
		return ev->f[0].n == 1 && ((const uint8_t *)ev->f[0].p)[0] >= 1 &&
			((const uint8_t *)ev->f[0].p)[0] <= 6;
	return ev->f[1].u.i >= 0 && ev->f[1].u.i <= 5 && sail_point_of_sail(ev->f[1].u.i, s->wind) <= 1;
}

static int code_wind(sl_mcs *cs, sail_mctx *x, const sail_state *s, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(cs);
	int dec = sl_mcs_decoding(cs);
	if (sl_mc_flag(c, &x->wind_roll, dec ? 0 : ev->f[0].present)) {
		uint8_t d = (uint8_t)(sl_mc_sym(c, &x->die[1], 0x3f, dec ? 0 : ((const uint8_t *)ev->f[0].p)[0] - 1) + 1);
		if (dec) {
			sl_event_init(ev, SAIL_EV_WIND, -1);
			if (sl_value_bytes(sl_mcs_arena(cs), &ev->f[0], &d, 1))
				return sl_mcs_fail(cs, "out of memory");
		}
		return 0;
	}
	int by = 0;
	if (!dec)
		by = ev->f[1].u.i == s->wind ? 0 : ev->f[1].u.i == sl_hex_dir_rotate(s->wind, 1) ? 1 : -1;
	by = sl_mc_sym(c, &x->wind_to, 7, by + 1) - 1;
	if (dec) {
		sl_event_init(ev, SAIL_EV_WIND, -1);
		sl_value_int(&ev->f[1], sl_hex_dir_rotate(s->wind, by));
	}
	return 0;
}

static int sail_model_event(sl_mcs *cs, void *ctx, void *st, const sl_header *h, sl_event *ev)
{
	sail_state *s = st;
	sail_mctx *x = ctx;
	sl_mc *c = sl_mcs_coder(cs);
	int dec = sl_mcs_decoding(cs), ship = -1, fits, rc;
	(void)h;
	if (is_move_phase(s)) {
		fits = !dec && move_fits(s, cands(x, s), ev, &ship);
		if (!sl_mc_flag(c, &x->special[0], !fits))
			return code_move(cs, x, s, ev, ship);
	} else if (s->phase == SAIL_PH_WIND) {
		fits = !dec && wind_fits(s, ev);
		if (!sl_mc_flag(c, &x->special[1], !fits))
			return code_wind(cs, x, s, ev);
	}
	/* everything else, and the rare entry the model does not cover; what
	 * it changes is not followed, so the candidates are found afresh */
	x->valid = 0;
	rc = sl_mcs_generic(cs, ev);
	return rc;
}

/* ---- keyframes ---------------------------------------------------------------------- */

static int sail_state_fits(const void *refp, const void *stp)
{
	const sail_state *r = refp, *s = stp;
	if (r->cols != s->cols || r->rows != s->rows || r->rows_set != s->rows_set ||
	    r->turns != s->turns || r->nships != s->nships || s->cols == 0)
		return 0;
	for (int row = 0; row < s->rows; row++)
		if (memcmp(r->terrain[row], s->terrain[row], (size_t)s->cols) != 0)
			return 0;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *a = &r->ships[i], *b = &s->ships[i];
		if (strcmp(a->id, b->id) || strcmp(a->name, b->name) || strcmp(a->cls, b->cls) ||
		    a->side != b->side || a->mp != b->mp || a->hull_max != b->hull_max ||
		    a->shallow != b->shallow || b->left < 0 || b->left > 31 || b->hull < 0 ||
		    b->hull > 127 || b->col < 1 || b->col > s->cols || b->row < 1 || b->row > s->rows)
			return 0;
	}
	if (s->npath < 0 || s->npath > SAIL_MAX_PATH || s->phase < 0 || s->phase > 7 ||
	    s->turn < 0 || s->last_ship < -1 || s->last_ship >= s->nships)
		return 0;
	for (int i = 0; i < s->npath; i++)
		if (s->path_col[i] < 0 || s->path_col[i] > s->cols || s->path_row[i] < 0 ||
		    s->path_row[i] > s->rows || s->path_cost[i] < 0 || s->path_cost[i] > 31)
			return 0;
	return 1;
}

static int cflag(sl_mc *c, sl_mc_bit *p, int *v)
{
	*v = sl_mc_bit_code(c, p, *v != 0);
	return *v;
}

static int sail_model_state(sl_mcs *cs, void *ctx, const void *refp, const void *stp, void **out)
{
	const sail_state *r = refp;
	sail_mctx *x = ctx;
	sl_mc *c = sl_mcs_coder(cs);
	int dec = sl_mcs_decoding(cs);
	sail_state *s = sl_malloc(sizeof *s);
	int rc = 0;
	if (!s)
		return sl_mcs_fail(cs, "out of memory");
	/* decoding fills a copy of the reference; encoding codes a copy of
	 * the state, since every call gives back the value it codes */
	memcpy(s, dec ? r : stp, sizeof *s);
	s->turn = (int)sl_mc_uint(c, x->k_turn, (uint32_t)s->turn);
	s->phase = (int)sl_mc_tree(c, x->k_phase, 3, (unsigned)s->phase);
	s->wind = (int)sl_mc_uniform(c, (unsigned)s->wind, 6);
	cflag(c, &x->k_rolled, &s->wind_rolled);
	/* which marks and hull changes occur at all: mostly none */
	int any[7] = {0}, any_hull = 0;
	for (int i = 0; i < s->nships && !dec; i++) {
		const sail_ship *sh = &s->ships[i];
		const int f[7] = {sh->grounded, sh->in_irons, sh->struck, sh->sunk, sh->moved,
			sh->fired, sh->boarded};
		for (int k = 0; k < 7; k++)
			any[k] |= f[k] != 0;
		any_hull |= sh->hull != r->ships[i].hull;
	}
	for (int k = 0; k < 7; k++)
		cflag(c, &x->k_any[k], &any[k]);
	cflag(c, &x->k_any_hull, &any_hull);
	for (int i = 0; i < s->nships; i++) {
		sail_ship *sh = &s->ships[i];
		int *f[7] = {&sh->grounded, &sh->in_irons, &sh->struck, &sh->sunk, &sh->moved,
			&sh->fired, &sh->boarded};
		sh->col = 1 + (int)sl_mc_uniform(c, (unsigned)(sh->col - 1), (unsigned)s->cols);
		sh->row = 1 + (int)sl_mc_uniform(c, (unsigned)(sh->row - 1), (unsigned)s->rows);
		sh->facing = (int)sl_mc_uniform(c, (unsigned)sh->facing, 6);
		/* points left: all alike up to her mp, anything else spelt out */
		if (sl_mc_bit_code(c, &x->k_left_ok, sh->left <= sh->mp))
			sh->left = (int)sl_mc_uniform(c, (unsigned)sh->left, (unsigned)sh->mp + 1);
		else
			sh->left = (int)sl_mc_tree(c, x->k_left, 5, (unsigned)sh->left);
		if (any_hull && !sl_mc_bit_code(c, &x->k_hull_same, sh->hull == r->ships[i].hull))
			sh->hull = (int)sl_mc_tree(c, x->k_hull, 7, (unsigned)sh->hull);
		else
			sh->hull = r->ships[i].hull;
		for (int k = 0; k < 7; k++)
			if (any[k])
				cflag(c, &x->k_flag[k], f[k]);
			else
				*f[k] = 0;
	}
	s->last_ship = (int)sl_mc_uniform(c, (unsigned)(s->last_ship + 1), (unsigned)s->nships + 1) - 1;
	{
		uint32_t np = sl_mc_uint(c, x->k_npath, (uint32_t)s->npath);
		if (np > SAIL_MAX_PATH) {
			rc = sl_mcs_fail(cs, "sail model: a path of %lu hexes", (unsigned long)np);
			np = 0;
		}
		s->npath = (int)np;
	}
	/* the path: its first hex, then each as a step from the one before */
	for (int i = 0; i < s->npath; i++) {
		int d = 6;
		if (i > 0 && !dec)
			for (d = 0; d < 6; d++) {
				int nc, nr;
				sail_neighbor(s->path_col[i - 1], s->path_row[i - 1], d, &nc, &nr);
				if (nc == s->path_col[i] && nr == s->path_row[i])
					break;
			}
		if (i > 0)
			d = sl_mc_sym(c, &x->k_dir, 0x7f, d);
		if (d == 6) {
			s->path_col[i] = (int)sl_mc_uniform(c, (unsigned)s->path_col[i], (unsigned)s->cols + 1);
			s->path_row[i] = (int)sl_mc_uniform(c, (unsigned)s->path_row[i], (unsigned)s->rows + 1);
		} else if (dec)
			sail_neighbor(s->path_col[i - 1], s->path_row[i - 1], d, &s->path_col[i], &s->path_row[i]);
		s->path_cost[i] = (int)sl_mc_tree(c, x->k_cost, 5, (unsigned)s->path_cost[i]);
	}
	if (!dec) {
		sl_free(s);
		return rc;
	}
	for (int i = s->npath; i < SAIL_MAX_PATH; i++)
		s->path_col[i] = s->path_row[i] = s->path_cost[i] = 0;
	*out = s;
	return rc;
}

const sl_model sail_model = {
	SAIL_MODEL_VERSION,
	sizeof(sail_mctx),
	sail_hint,
	sail_model_event,
	sail_state_fits,
	sail_model_state,
	NULL,                 /* words: sail codes no new strings by a vocabulary */
	0,                    /* oldest: this version only */
	0,                    /* ahead: none */
	offsetof(sail_mctx, special),   /* the candidates and the pending move are the position's */
	NULL,                 /* no_ref: every setup event against the reference */
	0,                    /* hint_from: the hint is every version's */
};
