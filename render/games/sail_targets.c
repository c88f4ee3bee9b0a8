/* sail_targets.c - the click targets of the age-of-sail game: the ships
 * that may act, and under "ship:ID" every move the rules let her make (each
 * end hex and heading, by its cheapest step string, found by asking the
 * rules step string by step string), her broadsides, boardings and striking;
 * with no selection, the wind roll and the next phase or turn. Positions
 * come from the painter's hex geometry (sail_hex_at). What the rules decide
 * at random (grounding, wind) is told as odds; fire and boarding outcomes
 * are the table's (H8, H9), offered one target per outcome. */
#include "sail_targets.h"
#include "../sl_targets.h"
#include "src/games/sail/sail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEFT_MAX 24   /* a ship's mp is 1 to 24 (formats/sail.md, `ship`) */

static const char *const dir_word[6] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const step_word[5] = {"A", "AP", "AS", "TP", "TS"};
/* Where a target for heading d sits in its hex: toward the hexside the bow
 * points at (flat-topped hexes: N up, then clockwise), in hex sizes. */
static const double dir_dx[6] = {0, 0.866, 0.866, 0, -0.866, -0.866};
static const double dir_dy[6] = {-1, -0.5, 0.5, 1, 0.5, -0.5};

static const char *side_id(const sl_frame *fr, int side)
{
	const sl_header *h = fr->header;
	return h && side >= 0 && side < h->nplayers && h->players[side].id ? h->players[side].id : "?";
}

static int fighting(const sail_ship *sh)
{
	return !sh->sunk && !sh->struck;
}

/* Hexes between two printed hexes (1-based, the schema's odd-q grid). */
static int hex_dist(const sl_frame *fr, int c1, int r1, int c2, int r2)
{
	sl_hex_layout l = fr->game->schema->grid;
	sl_offset a = {c1 - 1, r1 - 1}, b = {c2 - 1, r2 - 1};
	return sl_hex_distance(sl_hex_from_offset(l, a), sl_hex_from_offset(l, b));
}

static int centre(const sl_frame *fr, int col, int row, double *x, double *y, double *size)
{
	return sl_painter_sail.hex_at(fr, col, row, x, y, size);
}

static int push(sl_targets *out, const sl_target *t, sl_error *err)
{
	if (sl_targets_push(out, t))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	return SL_OK;
}

/* ---- moves: the rules asked step string by step string ------------------------ */

typedef struct mnode {
	uint8_t steps[SAIL_MAX_PATH];
	int nsteps;
	int col, row, facing, left, shoal;
	int parent;
} mnode;

typedef struct mover {
	const sl_frame *fr;
	const sl_game *g;
	int type, f_ship, f_steps, f_dice;
	const sail_state *base;
	sail_state *scratch;
	int idx;
	sl_arena arena;
} mover;

/* Applies the move of nsteps steps (with a clearing die for a shoal entered
 * last) to a copy of the state; 1 and the ship's end in *n when the rules
 * take it, 0 when they refuse it, SL_ENOMEM. */
static int try_move(mover *m, const uint8_t *steps, int nsteps, int shoal_die, mnode *n)
{
	const sail_ship *sh = &m->base->ships[m->idx];
	sl_event ev;
	sl_error e;
	uint8_t die = 6;
	sl_event_init(&ev, m->type, sh->side);
	if (sl_value_text(&m->arena, &ev.f[m->f_ship], sh->id) ||
	    sl_value_bytes(&m->arena, &ev.f[m->f_steps], steps, nsteps) ||
	    (shoal_die && sl_value_bytes(&m->arena, &ev.f[m->f_dice], &die, 1)))
		return SL_ENOMEM;
	memcpy(m->scratch, m->base, sizeof *m->scratch);   /* sail.h: one flat block, no pointers */
	sl_error_clear(&e);
	if (m->g->apply(m->scratch, m->fr->header, &ev, NULL, &e) != SL_OK)
		return e.code == SL_ENOMEM ? SL_ENOMEM : 0;
	{
		const sail_ship *to = &m->scratch->ships[m->idx];
		if (to->grounded || to->in_irons)
			return 0;   /* a failed tack: never a click target */
		n->col = to->col;
		n->row = to->row;
		n->facing = to->facing;
		n->left = to->left;
	}
	return 1;
}

/* 0 when the game has no move event (never, for sail). m->scratch NULL:
 * out of memory. */
static int mover_init(mover *m, const sl_frame *fr, int idx)
{
	const sl_schema *sc = fr->game->schema;
	memset(m, 0, sizeof *m);
	m->fr = fr;
	m->g = fr->game;
	m->base = fr->state;
	m->idx = idx;
	m->type = sl_schema_event(sc, "move", 4);
	if (m->type < 0)
		return 0;
	for (int k = 0; k < sc->events[m->type].nfields; k++) {
		const char *nm = sc->events[m->type].fields[k].name;
		if (!strcmp(nm, "ship"))
			m->f_ship = k;
		else if (!strcmp(nm, "steps"))
			m->f_steps = k;
		else if (!strcmp(nm, "dice"))
			m->f_dice = k;
	}
	sl_arena_init(&m->arena);
	m->scratch = sl_malloc(sizeof *m->scratch);
	return 1;
}

static void mover_free(mover *m)
{
	sl_arena_free(&m->arena);
	sl_free(m->scratch);
	m->scratch = NULL;
}

/* Whether ship idx has a first step the rules take (then she has a move). */
static int may_move(const sl_frame *fr, int idx)
{
	mover m;
	mnode n;
	int ok = 0;
	if (!mover_init(&m, fr, idx))
		return 0;
	for (uint8_t st = 0; st < 5 && !ok && m.scratch; st++)
		ok = try_move(&m, &st, 1, 0, &n) || try_move(&m, &st, 1, 1, &n);
	if (!m.scratch)
		ok = 1;   /* out of memory: offer her; her selection will say why it fails */
	mover_free(&m);
	return ok != 0;
}

static void steps_str(const mnode *n, char *out, size_t cap)
{
	size_t k = 0;
	out[0] = '\0';
	for (int i = 0; i < n->nsteps && k + 4 < cap; i++)
		k += (size_t)snprintf(out + k, cap - k, "%s%s", i ? "," : "", step_word[n->steps[i]]);
}

/* Every end (hex, heading) a ship may reach this phase, each by its
 * cheapest step string (then the fewest steps, then the first in A, AP,
 * AS, TP, TS order). A move that enters a shoal ends there (the page's
 * house rule, formats/sail.md): her die decides whether she may go on, and
 * one move is one entry. */
static int move_targets(const sl_frame *fr, int idx, sl_targets *out, sl_error *err)
{
	const sail_state *s = fr->state;
	const sail_ship *sh = &s->ships[idx];
	mover m;
	mnode *nodes = NULL;
	int nn = 0, cap = 0, rc = SL_OK;
	uint8_t *seen = NULL;   /* [row][col][facing][left] */
	int best[SAIL_MAX_ROWS][SAIL_MAX_COLS][6];
	size_t seen_n = (size_t)SAIL_MAX_ROWS * SAIL_MAX_COLS * 6 * (LEFT_MAX + 1);

	if (!mover_init(&m, fr, idx)) {
		rc = SL_OK;
		goto out0;
	}
	seen = sl_calloc(seen_n, 1);
	if (!m.scratch || !seen) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		goto out;
	}
	memset(best, 0xff, sizeof best);
	/* breadth first from the empty move */
	cap = 256;
	nodes = sl_malloc((size_t)cap * sizeof *nodes);
	if (!nodes) {
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
		goto out;
	}
	memset(&nodes[0], 0, sizeof nodes[0]);
	nodes[0].col = sh->col;
	nodes[0].row = sh->row;
	nodes[0].facing = sh->facing;
	nodes[0].left = sh->left;
	nodes[0].parent = -1;
	nn = 1;
	for (int at = 0; at < nn; at++) {
		mnode cur = nodes[at];
		if (cur.shoal || cur.left <= 0 || cur.nsteps >= SAIL_MAX_PATH)
			continue;
		for (int st = 0; st < 5; st++) {
			mnode nx = cur;
			int ahead_shoal = 0;
			int got;
			nx.steps[nx.nsteps++] = (uint8_t)st;
			nx.parent = at;
			got = try_move(&m, nx.steps, nx.nsteps, 0, &nx);
			if (got == 0) {   /* the rules may want a die: the step entered a shoal */
				got = try_move(&m, nx.steps, nx.nsteps, 1, &nx);
				ahead_shoal = 1;
			}
			if (got < 0) {
				rc = sl_error_set(err, SL_ENOMEM, "out of memory");
				goto out;
			}
			if (got == 0)
				continue;
			nx.shoal = ahead_shoal;   /* the rules wanted its grounding die */
			if (nx.left < 0 || nx.left > LEFT_MAX)
				continue;
			{
				size_t key = (((size_t)(nx.row - 1) * SAIL_MAX_COLS + (size_t)(nx.col - 1)) * 6 +
					(size_t)nx.facing) * (LEFT_MAX + 1) + (size_t)nx.left;
				if (seen[key])
					continue;
				seen[key] = 1;
			}
			if (nn == cap) {
				mnode *v = sl_realloc(nodes, (size_t)cap * 2 * sizeof *v);
				if (!v) {
					rc = sl_error_set(err, SL_ENOMEM, "out of memory");
					goto out;
				}
				nodes = v;
				cap *= 2;
			}
			nodes[nn] = nx;
			{
				int *b = &best[nx.row - 1][nx.col - 1][nx.facing];
				if (*b < 0 || nodes[*b].left < nx.left)
					*b = nn;   /* breadth first: the first of a cost has the fewest steps */
			}
			nn++;
		}
	}
	/* one target per end, in the order found */
	for (int i = 1; i < nn; i++) {
		const mnode *n = &nodes[i];
		sl_target t;
		char steps[SAIL_MAX_PATH * 3 + 1];
		double x, y, size;
		if (best[n->row - 1][n->col - 1][n->facing] != i)
			continue;
		memset(&t, 0, sizeof t);
		t.kind = SL_TARGET_ACT;
		snprintf(t.player, sizeof t.player, "%s", side_id(fr, sh->side));
		snprintf(t.sel, sizeof t.sel, "ship:%s", sh->id);
		strcpy(t.group, "move");
		steps_str(n, steps, sizeof steps);
		snprintf(t.line, sizeof t.line, "%s: move ship=%s steps=%s", side_id(fr, sh->side), sh->id, steps);
		snprintf(t.label, sizeof t.label, "%s: %s to %d,%d facing %s%s", sh->name, steps, n->col, n->row,
			dir_word[n->facing], n->shoal && (n->steps[n->nsteps - 1] == 1 || n->steps[n->nsteps - 1] == 2)
			? " if she clears the shoal" : "");
		snprintf(t.cost, sizeof t.cost, "%d of %d MP", sh->left - n->left, sh->left);
		if (n->shoal)
			snprintf(t.odds, sizeof t.odds, "enters the shoal at %d,%d: aground on %s (%s), "
				"and aground she stays for the game", n->col, n->row,
				sh->shallow ? "a 1" : "1 to 3", sh->shallow ? "1 in 6" : "1 in 2");
		if (centre(fr, n->col, n->row, &x, &y, &size) == 0) {
			t.x = x + 0.5 * size * dir_dx[n->facing];
			t.y = y + 0.5 * size * dir_dy[n->facing];
			t.r = 0.27 * size;
		} else {
			t.x = SL_TARGET_NOWHERE;
		}
		if ((rc = push(out, &t, err)))
			goto out;
	}
out:
	mover_free(&m);
out0:
	sl_free(nodes);
	sl_free(seen);
	return rc;
}

/* ---- fire, boarding, striking ------------------------------------------------------- */

/* Candidates at every enemy afloat: the rules keep those in range (H8: 4
 * hexes) or adjacent (H9), not struck for fire, captured only for a struck
 * one. */
static int combat_targets(const sl_frame *fr, int idx, int board, sl_targets *out, sl_error *err)
{
	const sail_state *s = fr->state;
	const sail_ship *sh = &s->ships[idx];
	int rc;
	for (int j = 0; j < s->nships; j++) {
		const sail_ship *tg = &s->ships[j];
		double x, y, size;
		int d;
		if (j == idx || tg->sunk || tg->side == sh->side)
			continue;
		d = hex_dist(fr, sh->col, sh->row, tg->col, tg->row);
		if (centre(fr, tg->col, tg->row, &x, &y, &size))
			x = SL_TARGET_NOWHERE, y = 0, size = 0;
		for (int k = 0; k <= (board ? 1 : tg->hull); k++) {
			sl_target t;
			memset(&t, 0, sizeof t);
			t.kind = SL_TARGET_ACT;
			snprintf(t.player, sizeof t.player, "%s", side_id(fr, sh->side));
			snprintf(t.sel, sizeof t.sel, "ship:%s", sh->id);
			t.x = x;
			t.y = y;
			t.r = 0.6 * size;
			if (board) {
				strcpy(t.group, "board");
				snprintf(t.line, sizeof t.line, "%s: board ship=%s target=%s result=%s",
					side_id(fr, sh->side), sh->id, tg->id, k ? "repulsed" : "captured");
				snprintf(t.label, sizeof t.label, "%s boards %s: %s", sh->name, tg->name,
					k ? "repulsed" : tg->struck ? "captured (she has struck)" : "captured");
				snprintf(t.odds, sizeof t.odds, "%s", tg->struck
					? "a struck ship does not resist: boarding her ends captured (H10)"
					: "no dice in these rules: the outcome is the table's to find (H9)");
			} else {
				strcpy(t.group, "fire");
				snprintf(t.line, sizeof t.line, "%s: fire ship=%s target=%s hits=%d",
					side_id(fr, sh->side), sh->id, tg->id, k);
				if (k == 0)
					snprintf(t.label, sizeof t.label, "%s fires on %s at %d hexes: no hit",
						sh->name, tg->name, d);
				else if (k >= tg->hull)
					snprintf(t.label, sizeof t.label, "%s fires on %s at %d hexes: %d hit%s, she sinks",
						sh->name, tg->name, d, k, k == 1 ? "" : "s");
				else
					snprintf(t.label, sizeof t.label, "%s fires on %s at %d hexes: %d hit%s, hull %d to %d",
						sh->name, tg->name, d, k, k == 1 ? "" : "s", tg->hull, tg->hull - k);
				snprintf(t.odds, sizeof t.odds, "no dice in these rules: the hits are the table's "
					"gunnery to find (H8)");
			}
			if ((rc = push(out, &t, err)))
				return rc;
		}
	}
	return SL_OK;
}

static int strike_target(const sl_frame *fr, int idx, sl_targets *out, sl_error *err)
{
	const sail_ship *sh = &((const sail_state *)fr->state)->ships[idx];
	sl_target t;
	memset(&t, 0, sizeof t);
	t.kind = SL_TARGET_ACT;
	snprintf(t.player, sizeof t.player, "%s", side_id(fr, sh->side));
	snprintf(t.sel, sizeof t.sel, "ship:%s", sh->id);
	strcpy(t.group, "strike");
	t.x = SL_TARGET_NOWHERE;
	snprintf(t.line, sizeof t.line, "%s: strike ship=%s", side_id(fr, sh->side), sh->id);
	snprintf(t.label, sizeof t.label, "%s strikes her colours (H10)", sh->name);
	return push(out, &t, err);
}

/* ---- what a ship may do now, for the select targets ------------------------------- */

static const char *main_action(const sl_frame *fr, const sail_state *s, int idx)
{
	const sail_ship *sh = &s->ships[idx];
	int ph = s->phase;
	if (ph == 2 || ph == 5) {
		if (!sh->moved && !sh->grounded && !sh->in_irons && sh->left > 0 && may_move(fr, idx))
			return "move";
	} else if (ph == 3 || ph == 6 || ph == 4) {
		int range = ph == 4 ? 1 : 4;
		if (ph == 4 ? sh->boarded : sh->fired)
			return "strike";
		for (int j = 0; j < s->nships; j++) {
			const sail_ship *tg = &s->ships[j];
			int d;
			if (tg->sunk || tg->side == sh->side || (ph != 4 && tg->struck))
				continue;
			d = hex_dist(fr, sh->col, sh->row, tg->col, tg->row);
			if (ph == 4 ? d == 1 : d <= range)
				return ph == 4 ? "board" : "fire";
		}
	}
	return "strike";
}

static int select_targets(const sl_frame *fr, sl_targets *out, sl_error *err)
{
	const sail_state *s = fr->state;
	int rc;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		const char *what;
		sl_target t;
		double x, y, size;
		if (!fighting(sh) || centre(fr, sh->col, sh->row, &x, &y, &size))
			continue;
		what = main_action(fr, s, i);
		memset(&t, 0, sizeof t);
		t.kind = SL_TARGET_SELECT;
		snprintf(t.player, sizeof t.player, "%s", side_id(fr, sh->side));
		snprintf(t.sel, sizeof t.sel, "ship:%s", sh->id);
		snprintf(t.group, sizeof t.group, "%s", what);
		t.x = x;
		t.y = y;
		t.r = 0.6 * size;
		if (!strcmp(what, "move"))
			snprintf(t.label, sizeof t.label, "%s: may move (%d MP)", sh->name, sh->left);
		else if (!strcmp(what, "fire"))
			snprintf(t.label, sizeof t.label, "%s: may fire", sh->name);
		else if (!strcmp(what, "board"))
			snprintf(t.label, sizeof t.label, "%s: may board", sh->name);
		else
			snprintf(t.label, sizeof t.label, "%s: may strike her colours", sh->name);
		if ((rc = push(out, &t, err)))
			return rc;
	}
	return SL_OK;
}

static int marker_targets(const sl_frame *fr, sl_targets *out, sl_error *err)
{
	const sail_state *s = fr->state;
	const sl_schema *sc = fr->game->schema;
	sl_target t;
	int rc;
	memset(&t, 0, sizeof t);
	t.kind = SL_TARGET_ACT;
	t.x = SL_TARGET_NOWHERE;
	if (s->turn >= 2 && s->phase == 1 && !s->wind_rolled) {
		int cw = (s->wind + 1) % 6, ccw = (s->wind + 5) % 6;
		strcpy(t.group, "wind");
		strcpy(t.line, "wind");
		snprintf(t.label, sizeof t.label, "Roll the wind of turn %d (now toward %s)", s->turn,
			dir_word[s->wind]);
		snprintf(t.odds, sizeof t.odds, "1-2: veers to %s (1 in 3), 3-4: stays %s (1 in 3), "
			"5-6: backs to %s (1 in 3)", dir_word[cw], dir_word[s->wind], dir_word[ccw]);
		if ((rc = push(out, &t, err)))
			return rc;
	}
	if (s->turn >= 1 && s->phase < sc->nphases) {
		strcpy(t.group, "phase");
		t.odds[0] = '\0';
		snprintf(t.line, sizeof t.line, "phase %d %s", s->phase + 1, sc->phases[s->phase]);
		snprintf(t.label, sizeof t.label, "Phase %d: %s", s->phase + 1, sc->phases[s->phase]);
		if ((rc = push(out, &t, err)))
			return rc;
	}
	if (s->cols > 0 && (s->turns == 0 || s->turn < s->turns)) {
		strcpy(t.group, "turn");
		t.odds[0] = '\0';
		snprintf(t.line, sizeof t.line, "turn %d", s->turn + 1);
		snprintf(t.label, sizeof t.label, "Turn %d", s->turn + 1);
		if ((rc = push(out, &t, err)))
			return rc;
	}
	return SL_OK;
}

int sail_targets(const sl_frame *fr, const char *sel, sl_targets *out, sl_error *err)
{
	const sail_state *s = fr->state;
	int idx = -1, rc;
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "targets: no sail state");
	if (!sel) {
		if (s->turn >= 1 && (rc = select_targets(fr, out, err)))
			return rc;
		return marker_targets(fr, out, err);
	}
	if (strncmp(sel, "ship:", 5) != 0)
		return SL_OK;   /* nothing of ours: nothing to offer */
	for (int i = 0; i < s->nships; i++)
		if (strcmp(s->ships[i].id, sel + 5) == 0)
			idx = i;
	if (idx < 0 || s->turn < 1 || !fighting(&s->ships[idx]))
		return SL_OK;
	if ((s->phase == 2 || s->phase == 5) && (rc = move_targets(fr, idx, out, err)))
		return rc;
	if ((s->phase == 3 || s->phase == 6) && (rc = combat_targets(fr, idx, 0, out, err)))
		return rc;
	if (s->phase == 4 && (rc = combat_targets(fr, idx, 1, out, err)))
		return rc;
	return strike_target(fr, idx, out, err);
}
