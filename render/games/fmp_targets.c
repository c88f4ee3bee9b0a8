/* fmp_targets.c - the click targets of Full Metal Planète (formats/fmp.md,
 * "Click targets"): with nothing selected, the units of the player whose
 * part it is (at their hex; cargo of an astronef around its bubble), the
 * landing hexes of turn 1, the rebuilds and take-offs at the astronefs,
 * and in the list the tide card, the sealed turn-21 choices and the end of
 * the part; with "unit:ID" selected, what that unit may do: its moves
 * (every hex reachable within the action points, by the first shortest
 * path found), its shots with each partner, captures, loading, unloading,
 * entering and leaving an astronef, building. Every candidate is tried on
 * a copy of the state by the rules themselves, so what is offered is what
 * `record` accepts, and its cost is the points the rules took. */
#include "tg_kit.h"
#include "src/games/fmp/fmp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* Event types, in the schema's order (formats/fmp.md, Events). */
enum {
	EV_MAP, EV_TERRAIN, EV_ORE, EV_TIDE, EV_LAND, EV_MOVE, EV_LOAD, EV_UNLOAD, EV_ENTER,
	EV_LEAVE, EV_FIRE, EV_CAPTURE, EV_BUILD, EV_REBUILD, EV_NEUTRALISE, EV_TAKEOFF, EV_COMMIT,
	EV_REVEAL
};

#define SEL_UNIT "unit:"
#define SEL_LAND "land:"
#define MAX_REACH (FMP_MAX_COLS * FMP_MAX_ROWS * 6)

typedef struct fctx {
	tg_ctx c;
	const fmp_state *s;
	int p;                 /* the player whose part it is, -1 none */
} fctx;

static const fmp_state *scratch_of(const fctx *f)
{
	return f->c.scratch;
}

/* ---- geometry --------------------------------------------------------------- */

static sl_hex axial(const fctx *f, int col, int row)
{
	sl_offset o = {col - 1, row - 1};
	return sl_hex_from_offset(f->c.g->schema->grid, o);
}

static void neighbor(const fctx *f, int col, int row, int dir, int *nc, int *nr)
{
	sl_offset o = sl_hex_to_offset(f->c.g->schema->grid,
		sl_hex_neighbor(f->c.g->schema->grid.orient, axial(f, col, row), dir));
	*nc = o.col + 1;
	*nr = o.row + 1;
}

static int distance(const fctx *f, int c1, int r1, int c2, int r2)
{
	return sl_hex_distance(axial(f, c1, r1), axial(f, c2, r2));
}

static int at(const fctx *f, int col, int row, double *x, double *y, double *r)
{
	double size;
	if (!sl_painter_fmp.hex_at || sl_painter_fmp.hex_at(f->c.fr, col, row, x, y, &size) != 0)
		return -1;
	*r = size * 0.8;
	return 0;
}

/* ---- small helpers ---------------------------------------------------------------- */

static int cost_of(const fctx *f, char *buf, size_t n)
{
	int before = f->s->players[f->p].ap, after = scratch_of(f)->players[f->p].ap;
	int spent = before - after;
	if (spent < 0)
		tg_fmt(buf, n, "net +%d AP (of %d)", -spent, before);
	else if (spent == 0)
		tg_fmt(buf, n, "free");
	else
		tg_fmt(buf, n, "%d of %d AP", spent, before);
	return spent;
}

/* Pushes ev when the rules accept it, at hex col,row (col < 1: in the list). */
static int offer(fctx *f, const sl_event *ev, const char *sel, const char *group, int col, int row)
{
	double x = SL_TARGET_NOWHERE, y = 0, r = 0;
	char cost[48];
	if (!tg_try(&f->c, ev))
		return 0;
	if (col >= 1 && at(f, col, row, &x, &y, &r) != 0)
		x = SL_TARGET_NOWHERE;
	cost_of(f, cost, sizeof cost);
	return tg_push_act(&f->c, ev, sel, group, x, y, r, NULL, cost, NULL) ? SL_ENOMEM : 1;
}

static int controlled(const fctx *f, int i)
{
	const fmp_unit *u = &f->s->units[i];
	return u->where != FMP_DEAD && u->where != FMP_GONE && u->kind != FMP_ORE
		&& fmp_controller(f->s, u) == f->p;
}

static int ship_owned(const fctx *f, int k)
{
	const fmp_ship *sh = &f->s->ships[k];
	return sh->landed && !sh->gone && sh->owner == f->p;
}

static const char *ship_id(const fctx *f, int k)
{
	return tg_pid(&f->c, k);
}

/* ---- one unit's actions ------------------------------------------------------------ */

/* Each action of unit ui goes through `emit`: pushes it (any = 0) or stops
 * at the first legal one (any = 1; returns 1 then). */
typedef struct ucx {
	fctx *f;
	int ui;
	int any;
	char sel[64];
} ucx;

static int emit(ucx *u, const sl_event *ev, const char *group, int col, int row)
{
	if (u->any)
		return tg_try(&u->f->c, ev);
	return offer(u->f, ev, u->sel, group, col, row);
}

/* BFS over paths, the rules judging each step: every hex (for a barge,
 * every front and stern) reachable by a path whose prefixes the rules
 * accept, with the first shortest path found (directions N to NW). */
typedef struct node {
	int col, row, tcol, trow;
	int prev;
	uint8_t dir;
	uint8_t len;
} node;

static int unit_moves(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	node *q;
	int nq = 0, head = 0, rc = 0, maxlen = f->s->players[f->p].ap;
	if (un->where != FMP_MAP || un->kind == FMP_TURRET || un->kind == FMP_PONTOON)
		return 0;
	if (maxlen > 32)
		maxlen = 32;
	if (maxlen < 1)
		return 0;
	q = sl_malloc(sizeof *q * MAX_REACH);
	if (!q)
		return SL_ENOMEM;
	q[nq++] = (node){un->col, un->row, un->tcol, un->trow, -1, 0, 0};
	while (head < nq && rc >= 0) {
		node cur = q[head];
		int curi = head++;
		uint8_t path[32];
		if (cur.len >= maxlen)
			continue;
		for (int k = curi, i = cur.len - 1; k > 0; k = q[k].prev, i--)
			path[i] = q[k].dir;
		for (int d = 0; d < 6 && rc >= 0; d++) {
			int nc, nr, seen = 0;
			sl_event ev;
			const fmp_unit *after;
			neighbor(f, cur.col, cur.row, d, &nc, &nr);
			if (!fmp_on_map(f->s, nc, nr) || nq >= MAX_REACH)
				continue;
			path[cur.len] = (uint8_t)d;
			sl_event_init(&ev, EV_MOVE, f->p);
			tg_str(&ev.f[0], un->id);
			tg_bytes(&ev.f[1], path, cur.len + 1);
			if (!tg_try(&f->c, &ev))
				continue;
			after = &scratch_of(f)->units[u->ui];
			for (int k = 0; k < nq && !seen; k++)
				seen = q[k].col == after->col && q[k].row == after->row
					&& q[k].tcol == after->tcol && q[k].trow == after->trow;
			if (seen)
				continue;
			q[nq++] = (node){after->col, after->row, after->tcol, after->trow, curi, (uint8_t)d,
				(uint8_t)(cur.len + 1)};
			if (u->any) {
				rc = 1;
				break;
			}
			rc = offer(f, &ev, u->sel, "move", after->col, after->row);
			if (rc > 0)
				rc = 0;
		}
		if (rc == 1)
			break;
	}
	sl_free(q);
	return rc;
}

/* The other destroyers of the player that may fire with this one. */
static int partners(const fctx *f, int ui, int *out, int max)
{
	int n = 0;
	for (int i = 0; i < f->s->nunits && n < max; i++) {
		const fmp_unit *v = &f->s->units[i];
		if (i != ui && controlled(f, i) && v->where == FMP_MAP && fmp_is_destroyer(v->kind)
		    && v->shots < 2)
			out[n++] = i;
	}
	return n;
}

static int unit_fire(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int pv[64], np, rc;
	if (un->where != FMP_MAP || !fmp_is_destroyer(un->kind) || un->shots >= 2)
		return 0;
	np = partners(f, u->ui, pv, 64);
	for (int row = 1; row <= f->s->rows; row++)
		for (int col = 1; col <= f->s->cols; col++) {
			int any = 0;
			if (distance(f, un->col, un->row, col, row) > 3)
				continue;
			for (int i = 0; i < f->s->nunits && !any; i++) {
				const fmp_unit *x = &f->s->units[i];
				any = x->where == FMP_MAP && ((x->col == col && x->row == row)
					|| (x->kind == FMP_BARGE && x->tcol == col && x->trow == row));
			}
			if (!any)
				continue;
			for (int k = 0; k < np; k++) {
				sl_event ev;
				sl_event_init(&ev, EV_FIRE, f->p);
				tg_str(&ev.f[0], un->id);
				tg_str(&ev.f[1], f->s->units[pv[k]].id);
				sl_value_hex(&ev.f[2], col, row);
				if ((rc = emit(u, &ev, "fire", col, row)) != 0 && (u->any || rc < 0))
					return rc;
			}
		}
	return 0;
}

static int unit_capture(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int pv[64], np, rc;
	if (un->where != FMP_MAP || !fmp_is_destroyer(un->kind) || un->kind == FMP_TURRET)
		return 0;
	np = partners(f, u->ui, pv, 64);
	for (int i = 0; i < f->s->nunits; i++) {
		const fmp_unit *x = &f->s->units[i];
		if (x->where != FMP_MAP || x->kind == FMP_ORE || x->kind == FMP_TURRET || controlled(f, i)
		    || distance(f, un->col, un->row, x->col, x->row) > 2)
			continue;
		for (int k = 0; k < np; k++) {
			sl_event ev;
			if (f->s->units[pv[k]].kind == FMP_TURRET)
				continue;
			sl_event_init(&ev, EV_CAPTURE, f->p);
			tg_str(&ev.f[0], un->id);
			tg_str(&ev.f[1], f->s->units[pv[k]].id);
			tg_str(&ev.f[2], x->id);
			if ((rc = emit(u, &ev, "capture", x->col, x->row)) != 0 && (u->any || rc < 0))
				return rc;
		}
	}
	return 0;
}

static int unit_load(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int rc;
	if (un->kind != FMP_CRAB && un->kind != FMP_BARGE && un->kind != FMP_LAYER)
		return 0;
	for (int i = 0; i < f->s->nunits; i++) {
		const fmp_unit *x = &f->s->units[i];
		sl_event ev;
		int col, row;
		if (i == u->ui)
			continue;
		if (un->where == FMP_MAP) {
			if (x->where != FMP_MAP || (distance(f, un->col, un->row, x->col, x->row) > 1
			    && distance(f, un->tcol, un->trow, x->col, x->row) > 1))
				continue;
			col = x->col;
			row = x->row;
		} else if (un->where == FMP_IN_SHIP) {
			if (x->where != FMP_IN_SHIP || x->holder != un->holder)
				continue;
			col = f->s->ships[un->holder].col;
			row = f->s->ships[un->holder].row;
		} else {
			continue;
		}
		sl_event_init(&ev, EV_LOAD, f->p);
		tg_str(&ev.f[0], un->id);
		tg_str(&ev.f[1], x->id);
		if ((rc = emit(u, &ev, "load", col, row)) != 0 && (u->any || rc < 0))
			return rc;
	}
	return 0;
}

static int unit_unload(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int rc;
	for (int i = 0; i < f->s->nunits; i++) {
		const fmp_unit *x = &f->s->units[i];
		sl_event ev;
		if (x->where != FMP_IN_UNIT || x->holder != u->ui)
			continue;
		if (un->where == FMP_IN_SHIP) {   /* into the astronef: no `to` */
			sl_event_init(&ev, EV_UNLOAD, f->p);
			tg_str(&ev.f[0], un->id);
			tg_str(&ev.f[1], x->id);
			if ((rc = emit(u, &ev, "unload", f->s->ships[un->holder].col,
				f->s->ships[un->holder].row)) != 0 && (u->any || rc < 0))
				return rc;
			continue;
		}
		if (un->where != FMP_MAP)
			continue;
		for (int end = 0; end < (un->kind == FMP_BARGE ? 2 : 1); end++) {
			int oc = end ? un->tcol : un->col, orow = end ? un->trow : un->row;
			for (int d = 0; d < 6; d++) {
				int nc, nr;
				neighbor(f, oc, orow, d, &nc, &nr);
				if (!fmp_on_map(f->s, nc, nr) || (end && nc == un->col && nr == un->row))
					continue;
				sl_event_init(&ev, EV_UNLOAD, f->p);
				tg_str(&ev.f[0], un->id);
				tg_str(&ev.f[1], x->id);
				sl_value_hex(&ev.f[2], nc, nr);
				if ((rc = emit(u, &ev, "unload", nc, nr)) != 0 && (u->any || rc < 0))
					return rc;
			}
		}
	}
	return 0;
}

static int unit_enter(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int rc;
	if (un->where != FMP_MAP || un->kind == FMP_TURRET)
		return 0;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		int hc[4], hr[4];
		if (!f->s->ships[k].landed || f->s->ships[k].gone)
			continue;
		fmp_ship_hexes(&f->s->ships[k], hc, hr);
		for (int pode = 1; pode <= 3; pode++) {
			sl_event ev;
			sl_event_init(&ev, EV_ENTER, f->p);
			tg_str(&ev.f[0], un->id);
			tg_str(&ev.f[1], ship_id(f, k));
			sl_value_int(&ev.f[2], pode);
			if ((rc = emit(u, &ev, "enter", hc[pode], hr[pode])) != 0 && (u->any || rc < 0))
				return rc;
		}
	}
	return 0;
}

static int unit_leave(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int hc[4], hr[4], rc, nseen = 0, before = u->f->c.out->n;
	int seen[128][3];
	if (un->where != FMP_IN_SHIP)
		return 0;
	fmp_ship_hexes(&f->s->ships[un->holder], hc, hr);
	/* one target per hex reached (and stern): the first pode that leads there */
	for (int pode = 1; pode <= 3; pode++)
		for (int d = 0; d < 6; d++) {
			int nc, nr, ntail = un->kind == FMP_BARGE ? 6 : 1;
			neighbor(f, hc[pode], hr[pode], d, &nc, &nr);
			if (!fmp_on_map(f->s, nc, nr))
				continue;
			for (int t = 0; t < ntail; t++) {
				sl_event ev;
				int dup = 0;
				for (int k = 0; k < nseen && !dup; k++)
					dup = seen[k][0] == nc && seen[k][1] == nr && seen[k][2] == t;
				if (dup)
					continue;
				sl_event_init(&ev, EV_LEAVE, f->p);
				tg_str(&ev.f[0], un->id);
				tg_str(&ev.f[1], ship_id(f, un->holder));
				sl_value_int(&ev.f[2], pode);
				sl_value_hex(&ev.f[3], nc, nr);
				if (un->kind == FMP_BARGE)
					sl_value_int(&ev.f[4], t);
				if ((rc = emit(u, &ev, "leave", nc, nr)) != 0 && (u->any || rc < 0))
					return rc;
				if (!u->any && u->f->c.out->n > before) {
					before = u->f->c.out->n;
					if (nseen < 128) {
						seen[nseen][0] = nc;
						seen[nseen][1] = nr;
						seen[nseen++][2] = t;
					}
				}
			}
		}
	return 0;
}

/* A new unit's id: the layer's colour, a letter, the first free number. */
static void new_id(const fctx *f, const fmp_unit *layer, int what, char *buf, size_t n)
{
	static const char letter[] = {'t', 'c', 'p'};
	for (int k = 1; k < 1000; k++) {
		int used = 0;
		tg_fmt(buf, n, "%s-%c%d", ship_id(f, layer->colour), letter[what], k);
		for (int i = 0; i < f->s->nunits && !used; i++)
			used = strcmp(f->s->units[i].id, buf) == 0;
		if (!used)
			return;
	}
}

static int unit_build(ucx *u)
{
	fctx *f = u->f;
	const fmp_unit *un = &f->s->units[u->ui];
	int rc;
	if (un->kind != FMP_LAYER || un->where != FMP_MAP)
		return 0;
	for (int what = 0; what < 3; what++) {
		char id[FMP_ID_LEN];
		new_id(f, un, what, id, sizeof id);
		for (int d = 0; d < 6; d++) {
			int nc, nr;
			sl_event ev;
			neighbor(f, un->col, un->row, d, &nc, &nr);
			if (!fmp_on_map(f->s, nc, nr))
				continue;
			sl_event_init(&ev, EV_BUILD, f->p);
			tg_str(&ev.f[0], un->id);
			sl_value_int(&ev.f[1], what);
			tg_str(&ev.f[2], id);
			sl_value_hex(&ev.f[3], nc, nr);
			if ((rc = emit(u, &ev, "build", nc, nr)) != 0 && (u->any || rc < 0))
				return rc;
		}
	}
	return 0;
}

/* Every action of unit ui; any = 1: 1 as soon as one is legal. */
static int unit_actions(fctx *f, int ui, int any)
{
	int (*const fns[])(ucx *) = {unit_leave, unit_moves, unit_fire, unit_capture, unit_load,
		unit_unload, unit_enter, unit_build};
	ucx u;
	u.f = f;
	u.ui = ui;
	u.any = any;
	tg_fmt(u.sel, sizeof u.sel, SEL_UNIT "%s", f->s->units[ui].id);
	for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
		int rc = fns[k](&u);
		if (rc != 0)
			return rc;
	}
	return 0;
}

/* ---- nothing selected ------------------------------------------------------------- */

/* Where a unit's select target goes: its hex, a barge between its hexes,
 * cargo of an astronef on a ring round the bubble. */
static int unit_spot(const fctx *f, int ui, double *x, double *y, double *r)
{
	const fmp_unit *u = &f->s->units[ui];
	if (u->where == FMP_MAP) {
		if (at(f, u->col, u->row, x, y, r) != 0)
			return -1;
		if (u->kind == FMP_BARGE) {
			double tx, ty, tr;
			if (at(f, u->tcol, u->trow, &tx, &ty, &tr) == 0) {
				*x = (*x + tx) / 2;
				*y = (*y + ty) / 2;
			}
		}
		return 0;
	}
	if (u->where == FMP_IN_SHIP) {
		const fmp_ship *sh = &f->s->ships[u->holder];
		int k = 0, n = 0;
		double size;
		if (at(f, sh->col, sh->row, x, y, r) != 0)
			return -1;
		size = *r / 0.8;
		for (int i = 0; i < f->s->nunits; i++)
			if (f->s->units[i].where == FMP_IN_SHIP && f->s->units[i].holder == u->holder) {
				if (i == ui)
					k = n;
				n++;
			}
		*r = size * 0.3;
		if (n > 1) {   /* round the bubble: the targets need not overlap */
			double a = 2 * M_PI * k / n, rad = size * 0.75;
			*x += rad * sin(a);
			*y -= rad * cos(a);
			if (*r > M_PI * rad / n)
				*r = M_PI * rad / n;
		}
		return 0;
	}
	return -1;
}

static int top_units(fctx *f)
{
	char sel[64], label[128];
	for (int i = 0; i < f->s->nunits; i++) {
		const fmp_unit *u = &f->s->units[i];
		double x, y, r;
		int rc;
		if (!controlled(f, i) || (u->where != FMP_MAP && u->where != FMP_IN_SHIP))
			continue;
		if ((rc = unit_actions(f, i, 1)) < 0)
			return rc;
		if (rc == 0 || unit_spot(f, i, &x, &y, &r) != 0)
			continue;
		tg_fmt(sel, sizeof sel, SEL_UNIT "%s", u->id);
		tg_fmt(label, sizeof label, "%s (%s)%s", u->id, fmp_kind_name(u->kind),
			u->where == FMP_IN_SHIP ? ", in its astronef" : "");
		if (tg_push(&f->c, SL_TARGET_SELECT, tg_pid(&f->c, f->p), sel, "unit", x, y, r, label,
			NULL, NULL, NULL))
			return SL_ENOMEM;
	}
	return 0;
}

/* Turn 1: the hexes an astronef may land on (then: which way pode 1 faces). */
static int top_land(fctx *f)
{
	char sel[64], label[128];
	for (int row = 1; row <= f->s->rows; row++)
		for (int col = 1; col <= f->s->cols; col++) {
			int ok = 0;
			double x, y, r;
			for (int d = 0; d < 6 && !ok; d++) {
				sl_event ev;
				sl_event_init(&ev, EV_LAND, f->p);
				sl_value_hex(&ev.f[0], col, row);
				sl_value_int(&ev.f[1], d);
				ok = tg_try(&f->c, &ev);
			}
			if (!ok || at(f, col, row, &x, &y, &r) != 0)
				continue;
			tg_fmt(sel, sizeof sel, SEL_LAND "%d,%d", col, row);
			tg_fmt(label, sizeof label, "land at %d,%d", col, row);
			if (tg_push(&f->c, SL_TARGET_SELECT, tg_pid(&f->c, f->p), sel, "land", x, y, r * 0.6,
				label, NULL, NULL, NULL))
				return SL_ENOMEM;
		}
	return 0;
}

static int sel_land(fctx *f, const char *spec)
{
	int col, row, rc;
	char sel[64];
	if (sscanf(spec, "%d,%d", &col, &row) != 2)
		return 0;
	tg_fmt(sel, sizeof sel, SEL_LAND "%d,%d", col, row);
	for (int d = 0; d < 6; d++) {
		int nc, nr;
		sl_event ev;
		sl_event_init(&ev, EV_LAND, f->p);
		sl_value_hex(&ev.f[0], col, row);
		sl_value_int(&ev.f[1], d);
		neighbor(f, col, row, d, &nc, &nr);
		if (!tg_try(&f->c, &ev))
			continue;
		{
			double x = SL_TARGET_NOWHERE, y = 0, r = 0;
			char label[128];
			const fmp_ship *sh = &scratch_of(f)->ships[f->p];
			int hc[4], hr[4];
			fmp_ship_hexes(sh, hc, hr);
			at(f, nc, nr, &x, &y, &r);
			tg_fmt(label, sizeof label, "land at %d,%d, pode 1 to the %s (podes at %d,%d, %d,%d "
				"and %d,%d)", col, row, sl_hex_dir_name(f->c.g->schema->grid.orient, d),
				hc[1], hr[1], hc[2], hr[2], hc[3], hr[3]);
			if ((rc = tg_push_act(&f->c, &ev, sel, "land", x, y, r, label, "free", NULL)) != 0)
				return SL_ENOMEM;
		}
	}
	return 0;
}

/* The astronefs: rebuilds at the podes, take-off at the bubble. */
static int top_ships(fctx *f)
{
	int rc;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		int hc[4], hr[4];
		sl_event ev;
		if (!ship_owned(f, k))
			continue;
		fmp_ship_hexes(&f->s->ships[k], hc, hr);
		for (int pode = 1; pode <= 3 && f->s->ships[k].taken; pode++) {
			sl_event_init(&ev, EV_REBUILD, f->p);
			tg_str(&ev.f[0], ship_id(f, k));
			sl_value_int(&ev.f[1], pode);
			if ((rc = offer(f, &ev, "", "rebuild", hc[pode], hr[pode])) < 0)
				return rc;
		}
		sl_event_init(&ev, EV_TAKEOFF, f->p);
		tg_str(&ev.f[0], ship_id(f, k));
		if ((rc = offer(f, &ev, "", "takeoff", hc[0], hr[0])) < 0)
			return rc;
	}
	return 0;
}

/* The end of the part: the next phases (a phase skipped is a pass) and the
 * next turn. */
static int top_markers(fctx *f)
{
	char label[128];
	const char *who_acts = f->p >= 0 ? tg_pid(&f->c, f->p) : "";
	for (int ph = f->s->phase + 1; ph <= f->s->np + 1; ph++) {
		if (f->s->phase >= 2)
			tg_fmt(label, sizeof label, "end of %s's part: %s plays (phase %d)",
				tg_pid(&f->c, f->s->phase - 2), tg_pid(&f->c, ph - 2), ph);
		else
			tg_fmt(label, sizeof label, "%s plays (phase %d)", tg_pid(&f->c, ph - 2), ph);
		if (tg_offer_marker(&f->c, f->s->turn, ph, who_acts, label) < 0)
			return SL_ENOMEM;
	}
	tg_fmt(label, sizeof label, "end of turn %d: turn %d begins", f->s->turn, f->s->turn + 1);
	return tg_offer_marker(&f->c, f->s->turn + 1, 0, who_acts, label) < 0 ? SL_ENOMEM : 0;
}

/* Phase 1: the tide card (drawn by the recorder: the line leaves it out,
 * offered when some card the deck holds is accepted) and, on turn 21, the
 * sealed choices and their reveals. */
static int top_phase1(fctx *f)
{
	uint8_t w[8];
	int n, ok = 0;
	sl_event ev;
	if (f->c.g->chances && (n = f->c.g->chances(f->s, f->c.h, EV_TIDE, 0, w, 8)) > 0)
		for (int k = 0; k < n && !ok; k++) {
			if (!w[k])
				continue;
			sl_event_init(&ev, EV_TIDE, -1);
			sl_value_int(&ev.f[0], k);
			ok = tg_try(&f->c, &ev);
		}
	if (ok && tg_push(&f->c, SL_TARGET_ACT, "", "", "tide", SL_TARGET_NOWHERE, 0, 0,
		"draw the tide card of the next turn (the recorder draws it)", NULL, NULL, "tide"))
		return SL_ENOMEM;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		const fmp_ship *sh = &f->s->ships[k];
		double x = SL_TARGET_NOWHERE, y = 0, r = 0;
		char line[160], label[128];
		if (!sh->landed || sh->gone)
			continue;
		at(f, sh->col, sh->row, &x, &y, &r);
		if (!sh->sealed) {
			/* legal when a stand-in commitment is: its hash is the server's */
			uint8_t salt[SL_SALT_BYTES] = {0}, cm[SL_COMMIT_BYTES];
			char hex[2 * SL_COMMIT_BYTES + 1];
			if (sl_commit(cm, "fmp-takeoff", salt, "stay", 4) != SL_OK)
				continue;
			sl_hexstr_encode(hex, cm, sizeof cm);
			sl_event_init(&ev, EV_COMMIT, sh->owner);
			tg_str(&ev.f[0], ship_id(f, k));
			tg_str(&ev.f[1], hex);
			if (!tg_try(&f->c, &ev))
				continue;
			for (int c = 0; c < 2; c++) {
				static const char *const word[] = {"stay", "leave"};
				tg_fmt(line, sizeof line, "%s: commit ship=%s choice=%s", tg_pid(&f->c, sh->owner),
					ship_id(f, k), word[c]);
				tg_fmt(label, sizeof label, c ? "astronef %s leaves now (turn 21, sealed)"
					: "astronef %s stays until turn 25 (sealed)", ship_id(f, k));
				if (tg_push(&f->c, SL_TARGET_ACT, tg_pid(&f->c, sh->owner), "", "seal", x, y, r,
					label, c ? "1 AP + destroyed turrets" : NULL, NULL, line))
					return SL_ENOMEM;
			}
		} else if (sh->choice < 0) {
			/* legal when a stand-in reveal is refused only because it does
			 * not open the commitment: the server's sealed salt will */
			static const char zero_salt[2 * SL_SALT_BYTES + 1] = "00000000000000000000000000000000";
			sl_event_init(&ev, EV_REVEAL, sh->owner);
			tg_str(&ev.f[0], ship_id(f, k));
			sl_value_int(&ev.f[1], 0);
			tg_str(&ev.f[2], zero_salt);
			if (!tg_try(&f->c, &ev) && !strstr(f->c.err, "does not open the sealed choice"))
				continue;
			tg_fmt(line, sizeof line, "%s: reveal ship=%s", tg_pid(&f->c, sh->owner), ship_id(f, k));
			tg_fmt(label, sizeof label, "reveal the sealed choice of astronef %s", ship_id(f, k));
			if (tg_push(&f->c, SL_TARGET_ACT, tg_pid(&f->c, sh->owner), "", "reveal", x, y, r,
				label, NULL, NULL, line))
				return SL_ENOMEM;
		}
	}
	return 0;
}

static int top(fctx *f)
{
	int rc;
	sl_event ev;
	if (f->s->turn < 1)   /* the setup is typed; its end is offered */
		return tg_offer_marker(&f->c, 1, 0, "", "the setup is done: turn 1 (the landing)");
	if (f->s->phase == 1) {
		if ((rc = top_phase1(f)) < 0)
			return rc;
		return top_markers(f);
	}
	if (f->s->turn == 1) {
		if ((rc = top_land(f)) < 0)
			return rc;
		return top_markers(f);
	}
	if ((rc = top_units(f)) < 0 || (rc = top_ships(f)) < 0)
		return rc;
	sl_event_init(&ev, EV_NEUTRALISE, f->p);
	if ((rc = offer(f, &ev, "", "neutralise", 0, 0)) < 0)
		return rc;
	return top_markers(f);
}

int tg_fmp_targets(const sl_frame *fr, const char *sel, sl_targets *out, sl_error *err)
{
	fctx f;
	int rc = 0;
	if (!fr->state)
		return 0;
	if (tg_begin(&f.c, fr, sizeof(fmp_state), out, err))
		return SL_ENOMEM;
	f.s = fr->state;
	f.p = f.s->phase >= 2 && f.s->phase - 2 < f.s->np ? f.s->phase - 2 : -1;
	if (!sel || !*sel) {
		rc = top(&f);
	} else if (f.p >= 0 && strncmp(sel, SEL_UNIT, strlen(SEL_UNIT)) == 0) {
		const char *id = sel + strlen(SEL_UNIT);
		for (int i = 0; i < f.s->nunits; i++)
			if (strcmp(f.s->units[i].id, id) == 0 && controlled(&f, i)) {
				rc = unit_actions(&f, i, 0);
				break;
			}
	} else if (f.p >= 0 && f.s->turn == 1 && strncmp(sel, SEL_LAND, strlen(SEL_LAND)) == 0) {
		rc = sel_land(&f, sel + strlen(SEL_LAND));
	}
	return tg_end_rc(&f.c, rc, "fmp", err);
}
