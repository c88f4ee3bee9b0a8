/* fmp_act.c - the actions of play: landing, moves, transport, the astronef's
 * doors (9.1), fire, captures of units and of astronefs (9.2-9.4), turret
 * rebuilds, the escape after a capture (9.3) and take-off (9.5). */
#include "fmp_int.h"

#include <stdio.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------ */

static const char *pl_(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The colour name of astronef k: its first owner's id. */
static const char *colour_name(const sl_header *h, int k)
{
	return fmp_pid(h, k);
}

static int get_unit(const fmp_state *s, const sl_value *v, const char *field, int *out,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int i = fmp_find_unit(s, id, n);
	if (i < 0 || s->units[i].where == FMP_DEAD || s->units[i].where == FMP_GONE)
		return fmp_illegal(err, "FMP: there is no unit '%.*s' on the planet (%s=)",
			(int)(n > 32 ? 32 : n), id, field);
	*out = i;
	return 0;
}

static int get_ship(const fmp_state *s, const sl_header *h, const sl_value *v, int *out,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int k = fmp_find_ship(s, h, id, n);
	if (k < 0)
		return fmp_illegal(err, "FMP 9: there is no astronef of colour '%.*s' (ship= names "
			"an astronef by its colour, the id of its first owner)", (int)(n > 32 ? 32 : n), id);
	if (s->ships[k].gone)
		return fmp_illegal(err, "FMP 9.5: the %s astronef has taken off", colour_name(h, k));
	*out = k;
	return 0;
}

static int spend(fmp_state *s, int p, int cost, const char *what, sl_error *err)
{
	fmp_player *pl = &s->players[p];
	if (s->turn < 3)
		return 0;   /* H3: landing and deployment cost nothing */
	if (pl->ap < cost)
		return fmp_illegal(err, "FMP H5: %s costs %d %s; %d %s left", what, cost,
			pl_(cost, "point", "points"), pl->ap, pl_(pl->ap, "is", "are"));
	pl->ap -= cost;
	return 0;
}

static void last_clear(fmp_state *s)
{
	s->nlast = 0;
}

static void last_add(fmp_state *s, int col, int row)
{
	if (s->nlast < 16) {
		s->last_col[s->nlast] = col;
		s->last_row[s->nlast] = row;
		s->nlast++;
	}
}

/* The unit takes orders from player p (9.4). */
static int own(const fmp_state *s, const sl_header *h, const fmp_unit *u, int p,
	sl_error *err)
{
	int c = fmp_controller(s, u);
	if (u->kind == FMP_ORE)
		return fmp_illegal(err, "FMP: %s is ore; it does nothing by itself", u->id);
	if (c == p)
		return 0;
	if (c < 0)
		return fmp_illegal(err, "FMP 9.5: %s was left on the planet when the %s astronef "
			"took off: nobody controls it", u->id, colour_name(h, u->colour));
	return fmp_illegal(err, "FMP 9.4: %s is %s, so it takes orders from the %s astronef, "
		"controlled by %s, not by %s", u->id, colour_name(h, u->colour),
		colour_name(h, u->colour), fmp_pid(h, c), fmp_pid(h, p));
}

/* On the map, not stuck, not neutralised (escape: 9.3 lets it move). */
static int operational(const fmp_state *s, const sl_header *h, const fmp_unit *u, int p,
	int escape_ok, sl_error *err)
{
	if (u->where == FMP_IN_SHIP)
		return fmp_illegal(err, "FMP 9: %s is inside the %s astronef; it must leave it first",
			u->id, colour_name(h, u->holder));
	if (u->where == FMP_IN_UNIT)
		return fmp_illegal(err, "FMP H9: %s is carried by %s; carried units are neutralised "
			"until unloaded", u->id, s->units[u->holder].id);
	if (u->where != FMP_MAP)
		return fmp_illegal(err, "FMP: %s is not on the planet", u->id);
	if (fmp_stuck(s, u))
		return fmp_illegal(err, "FMP H4: %s is stuck at %d,%d: %s is %s at %s tide; it "
			"waits for a tide that frees it", u->id, u->col, u->row,
			fmp_terrain_name(fmp_terrain_at(s, u->col, u->row)),
			fmp_effective(fmp_terrain_at(s, u->col, u->row), s->tide) == FMP_SEA
				? "under water" : "dry", fmp_tide_name(s->tide));
	if (u->kind != FMP_TURRET && fmp_unit_under_fire(s, u, p)
	    && !(escape_ok && ((u->escape && s->escape == p) || u->retreat)))
		return fmp_illegal(err, "FMP H7: %s at %d,%d is under enemy fire: neutralised, it "
			"can neither move nor fire%s", u->id, u->col, u->row, escape_ok ? " (only a unit "
			"under fire at the start of its owner's turn retreats, one hex)" : "");
	return 0;
}

static int adjacent_to_unit(const fmp_unit *u, int col, int row)
{
	if (fmp_distance(u->col, u->row, col, row) == 1)
		return 1;
	return u->kind == FMP_BARGE && fmp_distance(u->tcol, u->trow, col, row) == 1;
}

static int units_adjacent(const fmp_unit *a, const fmp_unit *b)
{
	if (adjacent_to_unit(a, b->col, b->row))
		return 1;
	return b->kind == FMP_BARGE && adjacent_to_unit(a, b->tcol, b->trow);
}

/* The first ore carried by u at any depth, or -1. */
static int carried_ore(const fmp_state *s, int u)
{
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		if (x->where != FMP_IN_UNIT || x->holder != u)
			continue;
		if (x->kind == FMP_ORE)
			return i;
		if (carried_ore(s, i) >= 0)
			return carried_ore(s, i);
	}
	return -1;
}

/* Whether unit i is carried by unit t, at any depth. */
static int carried_by(const fmp_state *s, int i, int t)
{
	for (int d = 0; d < 8 && i >= 0 && i < s->nunits; d++) {
		if (s->units[i].where != FMP_IN_UNIT)
			return 0;
		i = s->units[i].holder;
		if (i == t)
			return 1;
	}
	return 0;
}

/* H11: a pontoon put down at col,row must be tied to land. */
static int pontoon_tie(const fmp_state *s, int kind, int col, int row, sl_error *err)
{
	if (kind != FMP_PONTOON || fmp_pontoon_can_tie(s, col, row))
		return 0;
	return fmp_illegal(err, "FMP H11: a pontoon is tied to land: no hex next to %d,%d is land "
		"at %s tide, an astronef or a pontoon so tied", col, row, fmp_tide_name(s->tide));
}

/* H11: pontoons left untied by a removal sink with what stands on them. */
static void sink_after(fmp_state *s, sl_buf *desc)
{
	sl_buf tmp;
	int n;
	sl_buf_init(&tmp);
	n = fmp_sink_pontoons(s, desc ? &tmp : NULL);
	if (n && desc)
		sl_buf_printf(desc, "; no longer tied to land, down they go (H11): %s",
			sl_buf_cstr(&tmp));
	sl_buf_free(&tmp);
}

/* Where a unit put down at col,row may go: the reason it may not, or NULL. */
static const char *place_refusal(const fmp_state *s, int kind, int col, int row, int self,
	int p, char *buf, size_t n)
{
	if (!fmp_on_map(s, col, row)) {
		snprintf(buf, n, "%d,%d is off the map", col, row);
		return buf;
	}
	if (fmp_ship_at(s, col, row) >= 0) {
		snprintf(buf, n, "%d,%d is taken by an astronef", col, row);
		return buf;
	}
	if (!fmp_terrain_ok(s, kind, col, row)) {
		int t = fmp_terrain_at(s, col, row);
		if (kind == FMP_HEAVY && t == FMP_MOUNTAIN)
			snprintf(buf, n, "a heavy tank never goes on a mountain (%d,%d)", col, row);
		else
			snprintf(buf, n, "a %s cannot be on %s at %d,%d at %s tide", fmp_kind_name(kind),
				fmp_terrain_name(t), col, row, fmp_tide_name(s->tide));
		return buf;
	}
	if (!fmp_hex_free(s, kind, col, row, self)) {
		snprintf(buf, n, "%d,%d is taken by %s", col, row,
			s->units[fmp_unit_at(s, col, row)].id);
		return buf;
	}
	if (fmp_under_fire(s, col, row, p)) {
		snprintf(buf, n, "%d,%d is under enemy fire", col, row);
		return buf;
	}
	return NULL;
}

static fmp_unit *new_unit(fmp_state *s, const char *id, size_t n, int kind, int colour)
{
	fmp_unit *u = &s->units[s->nunits++];
	memset(u, 0, sizeof *u);
	memcpy(u->id, id, n);
	u->id[n] = 0;
	u->kind = kind;
	u->colour = colour;
	u->holder = -1;
	return u;
}

/* ---- landing (turn 1) ---------------------------------------------------------- */

static const struct { const char *suffix; int kind; } army[] = {
	{"t1", FMP_TANK}, {"t2", FMP_TANK}, {"t3", FMP_TANK}, {"t4", FMP_TANK},
	{"h", FMP_HEAVY}, {"v1", FMP_BOAT}, {"v2", FMP_BOAT}, {"b", FMP_BARGE},
	{"c1", FMP_CRAB}, {"c2", FMP_CRAB}, {"w", FMP_LAYER}, {"p", FMP_PONTOON},
};
#define ARMY ((int)(sizeof army / sizeof army[0]))

static int ev_land(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int col = ev->f[0].u.hex.col, row = ev->f[0].u.hex.row, dir = ev->f[1].u.i;
	const char *pid = fmp_pid(h, p);
	size_t plen = strlen(pid);
	fmp_ship *sh = &s->ships[p];
	int c[4], r[4];
	char id[FMP_ID_LEN];

	if (s->turn != 1)
		return fmp_illegal(err, "FMP H3: astronefs land on turn 1, not on turn %d", s->turn);
	if (sh->landed)
		return fmp_illegal(err, "FMP H3: the %s astronef has already landed", pid);
	if (dir < 0 || dir > 5)
		return fmp_illegal(err, "FMP 9: pode= is a hexside");
	if (plen + 5 >= FMP_ID_LEN)
		return fmp_illegal(err, "FMP H3: player id '%s' is too long to name its units", pid);
	if (s->nunits + ARMY + 3 > FMP_MAX_UNITS)
		return fmp_illegal(err, "FMP H1: at most %d pieces", FMP_MAX_UNITS);
	{
		fmp_ship tmp = *sh;
		tmp.col = col;
		tmp.row = row;
		tmp.orient = dir;
		fmp_ship_hexes(&tmp, c, r);
	}
	for (int i = 0; i < 4; i++) {
		int t = fmp_terrain_at(s, c[i], r[i]), o = fmp_ship_at(s, c[i], r[i]);
		if (t < 0)
			return fmp_illegal(err, "FMP 9: the astronef spans four hexes; %d,%d is off the map",
				c[i], r[i]);
		if (t != FMP_PLAIN && t != FMP_SWAMP)
			return fmp_illegal(err, "FMP 9: an astronef stands only on plain and swamp; "
				"%d,%d is %s", c[i], r[i], fmp_terrain_name(t));
		if (o >= 0)
			return fmp_illegal(err, "FMP 9: %d,%d is taken by the %s astronef", c[i], r[i],
				colour_name(h, o));
		if (fmp_unit_at(s, c[i], r[i]) >= 0)
			return fmp_illegal(err, "FMP H3: %d,%d holds %s; an astronef lands on clear hexes",
				c[i], r[i], s->units[fmp_unit_at(s, c[i], r[i])].id);
	}
	sh->landed = 1;
	sh->owner = p;
	sh->col = col;
	sh->row = row;
	sh->orient = dir;
	for (int k = 0; k < 3; k++) {
		fmp_unit *u;
		snprintf(id, sizeof id, "%s-tur%d", pid, k + 1);
		if (fmp_find_unit(s, id, strlen(id)) >= 0)
			return fmp_illegal(err, "FMP H3: the id %s is already taken", id);
		u = new_unit(s, id, strlen(id), FMP_TURRET, p);
		u->where = FMP_MAP;
		u->col = u->tcol = c[k + 1];
		u->row = u->trow = r[k + 1];
		sh->turret[k] = s->nunits - 1;
	}
	for (int k = 0; k < ARMY; k++) {
		fmp_unit *u;
		snprintf(id, sizeof id, "%s-%s", pid, army[k].suffix);
		if (fmp_find_unit(s, id, strlen(id)) >= 0)
			return fmp_illegal(err, "FMP H3: the id %s is already taken", id);
		u = new_unit(s, id, strlen(id), army[k].kind, p);
		u->where = FMP_IN_SHIP;
		u->holder = p;
	}
	last_clear(s);
	for (int i = 0; i < 4; i++)
		last_add(s, c[i], r[i]);
	if (desc)
		sl_buf_printf(desc, "The %s astronef lands at %d,%d, podes at %d,%d, %d,%d and %d,%d, "
			"with 4 tanks, a heavy tank, 2 patrol boats, a barge, 2 crabs, a weather layer "
			"and a pontoon aboard (%s-t1 ... %s-p)", pid, col, row, c[1], r[1], c[2], r[2],
			c[3], r[3], pid, pid);
	return 0;
}

/* ---- moves ---------------------------------------------------------------------- */

static int movable(const fmp_unit *u, sl_error *err)
{
	if (u->kind == FMP_TURRET || u->kind == FMP_PONTOON || u->kind == FMP_ORE)
		return fmp_illegal(err, "FMP H9: a %s does not move by itself (%s)",
			fmp_kind_name(u->kind), u->id);
	return 0;
}

static void close_escape_if_done(fmp_state *s)
{
	if (s->escape < 0)
		return;
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].escape)
			return;
	s->escape = -1;
}

static int ev_move(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ui, rc, n = ev->f[1].n;
	const uint8_t *path = ev->f[1].p;
	fmp_unit *u;
	int col, row, tcol, trow, was_escape, threatened;
	char why[128];

	if ((rc = get_unit(s, &ev->f[0], "unit", &ui, err)))
		return rc;
	u = &s->units[ui];
	if ((rc = own(s, h, u, p, err)) || (rc = movable(u, err))
	    || (rc = operational(s, h, u, p, 1, err)))
		return rc;
	if (n < 1 || !path)
		return fmp_illegal(err, "FMP H5: a move enters at least one hex");
	if (n > FMP_MAX_PATH)
		return fmp_illegal(err, "FMP H5: at most %d hexes in one move", FMP_MAX_PATH);
	was_escape = u->escape && s->escape == p;
	threatened = fmp_unit_under_fire(s, u, p);   /* operational let it: it gets out */
	if (threatened && n != 1)
		return fmp_illegal(err, was_escape
			? "FMP 9.3: %s gets out of enemy fire by one hex (as a neutralised unit retreats), "
			  "not by %d"
			: "FMP H7: %s, under enemy fire at the start of the turn, retreats one hex out of "
			  "it, not %d", u->id, n);
	col = u->col;
	row = u->row;
	tcol = u->tcol;
	trow = u->trow;
	last_clear(s);
	last_add(s, col, row);
	for (int i = 0; i < n; i++) {
		int nc, nr;
		const char *no;
		if (path[i] > 5)
			return fmp_illegal(err, "FMP: step %d is not a hexside", i + 1);
		fmp_neighbor(col, row, path[i], &nc, &nr);
		if (u->kind == FMP_BARGE && nc == tcol && nr == trow) {
			no = NULL;   /* the barge backs into its own second hex */
			if (fmp_under_fire(s, nc, nr, p))
				no = "that hex is under enemy fire";
		} else {
			no = place_refusal(s, u->kind, nc, nr, ui, p, why, sizeof why);
		}
		if (no) {
			if (fmp_on_map(s, nc, nr) && fmp_under_fire(s, nc, nr, p)
			    && fmp_hex_free(s, u->kind, nc, nr, ui) && fmp_terrain_ok(s, u->kind, nc, nr))
				return fmp_illegal(err, "FMP H7: step %d enters %d,%d, under enemy fire; "
					"a unit never moves into enemy fire", i + 1, nc, nr);
			return fmp_illegal(err, "FMP H5: step %d: %s", i + 1, no);
		}
		if (u->kind == FMP_BARGE) {
			if (fmp_under_fire(s, col, row, p))
				return fmp_illegal(err, "FMP H7: step %d leaves the barge's second hex at "
					"%d,%d, under enemy fire", i + 1, col, row);
			tcol = col;
			trow = row;
		}
		col = nc;
		row = nr;
		last_add(s, col, row);
	}
	if (threatened && u->kind == FMP_BARGE && fmp_under_fire(s, tcol, trow, p))
		return fmp_illegal(err, "FMP H7: the barge's second hex %d,%d would still be under "
			"enemy fire: a retreat gets the unit out of it", tcol, trow);
	if ((rc = spend(s, p, n, "this move", err)))
		return rc;
	u->col = col;
	u->row = row;
	u->tcol = u->kind == FMP_BARGE ? tcol : col;
	u->trow = u->kind == FMP_BARGE ? trow : row;
	u->retreat = 0;
	if (was_escape) {
		u->escape = 0;
		close_escape_if_done(s);
	}
	if (desc) {
		sl_buf_printf(desc, "%s (%s) moves", u->id, fmp_kind_name(u->kind));
		for (int i = 0; i < n; i++)
			sl_buf_printf(desc, "%s%s", i ? "," : " ", fmp_dir_name(path[i]));
		sl_buf_printf(desc, " to %d,%d", col, row);
		if (u->kind == FMP_BARGE)
			sl_buf_printf(desc, " (stern %d,%d)", tcol, trow);
		sl_buf_printf(desc, ", %d %s", n, pl_(n, "point", "points"));
		if (was_escape)
			sl_buf_puts(desc, ": out of enemy fire (9.3)");
		else if (threatened)
			sl_buf_puts(desc, ": it retreats out of enemy fire (H7)");
	}
	return 0;
}

/* ---- transport --------------------------------------------------------------- */

static int can_carry(const fmp_state *s, const fmp_unit *t, int ti, const fmp_unit *x,
	int xi, sl_error *err)
{
	int cap = fmp_capacity(t->kind), used = fmp_cargo_used(s, ti);
	if (cap == 0)
		return fmp_illegal(err, "FMP H9: a %s carries nothing (%s)", fmp_kind_name(t->kind),
			t->id);
	if (x->kind == FMP_TURRET || x->kind == FMP_BOAT || x->kind == FMP_BARGE)
		return fmp_illegal(err, "FMP H9: a %s is never carried (%s)", fmp_kind_name(x->kind),
			x->id);
	if (xi == ti)
		return fmp_illegal(err, "FMP H9: %s cannot carry itself", t->id);
	if (t->kind == FMP_LAYER && x->kind != FMP_ORE)
		return fmp_illegal(err, "FMP H9: the weather layer carries ore only, not a %s",
			fmp_kind_name(x->kind));
	if (t->kind == FMP_CRAB && fmp_size(x->kind) > 1)
		return fmp_illegal(err, "FMP H9: a crab carries tanks, ore and pontoons, not a %s",
			fmp_kind_name(x->kind));
	if (used + fmp_size(x->kind) > cap)
		return fmp_illegal(err, "FMP H9: %s has %d of %d places taken; a %s takes %d",
			t->id, used, cap, fmp_kind_name(x->kind), fmp_size(x->kind));
	return 0;
}

static int ev_load(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ti, xi, rc, cost = 1;
	fmp_unit *t, *x;
	if ((rc = get_unit(s, &ev->f[0], "unit", &ti, err)) || (rc = get_unit(s, &ev->f[1], "what", &xi, err)))
		return rc;
	t = &s->units[ti];
	x = &s->units[xi];
	if ((rc = own(s, h, t, p, err)))
		return rc;
	if (t->where == FMP_IN_SHIP) {
		/* 9.1: inside the astronef, loading a transporter is free */
		if (x->where != FMP_IN_SHIP || x->holder != t->holder)
			return fmp_illegal(err, "FMP 9.1: %s is inside the %s astronef; it loads only "
				"what is inside with it", t->id, colour_name(h, t->holder));
		if (x->kind == FMP_ORE)
			return fmp_illegal(err, "FMP 9.1: ore that entered the astronef never leaves it; "
				"%s cannot be loaded", x->id);
		if (fmp_controller(s, x) != p)
			return fmp_illegal(err, "FMP 9.4: %s does not take orders from %s", x->id,
				fmp_pid(h, p));
		cost = 0;
	} else {
		if ((rc = operational(s, h, t, p, 0, err)))
			return rc;
		if (x->where != FMP_MAP)
			return fmp_illegal(err, "FMP H9: %s is not on the map; a transporter loads from "
				"an adjacent hex", x->id);
		if (x->kind != FMP_ORE && fmp_controller(s, x) != p)
			return fmp_illegal(err, "FMP H9: %s is not %s's; capture it first", x->id,
				fmp_pid(h, p));
		if (!units_adjacent(t, x))
			return fmp_illegal(err, "FMP H9: %s at %d,%d is not next to %s", x->id, x->col,
				x->row, t->id);
		if (x->kind != FMP_ORE && x->kind != FMP_PONTOON
		    && (rc = operational(s, h, x, p, 0, err)))
			return rc;
		if (x->kind == FMP_PONTOON) {
			for (int i = 0; i < s->nunits; i++)
				if (i != xi && s->units[i].where == FMP_MAP && s->units[i].kind != FMP_TURRET
				    && s->units[i].col == x->col && s->units[i].row == x->row)
					return fmp_illegal(err, "FMP H11: %s stands on the pontoon %s",
						s->units[i].id, x->id);
		}
	}
	if ((rc = can_carry(s, t, ti, x, xi, err)))
		return rc;
	if ((rc = spend(s, p, cost, "loading", err)))
		return rc;
	last_clear(s);
	if (x->where == FMP_MAP)
		last_add(s, x->col, x->row);
	x->where = FMP_IN_UNIT;
	x->holder = ti;
	x->escape = x->retreat = 0;
	if (t->where == FMP_MAP)
		last_add(s, t->col, t->row);
	if (desc)
		sl_buf_printf(desc, "%s loads %s (%s)%s", t->id, x->id, fmp_kind_name(x->kind),
			cost ? ", 1 point" : " inside the astronef, free (9.1)");
	if (x->kind == FMP_PONTOON)
		sink_after(s, desc);
	return 0;
}

/* 9.1: a transporter next to a pode unloads into the astronef (1 point). */
static int unload_into_ship(fmp_state *s, const sl_header *h, int ti, int xi, int k,
	int col, int row, int p, sl_buf *desc, sl_error *err)
{
	const fmp_ship *sh = &s->ships[k];
	int c[4], r[4], pode = 0, rc;
	fmp_ship_hexes(sh, c, r);
	for (int i = 1; i < 4; i++)
		if (c[i] == col && r[i] == row)
			pode = i;
	if (!pode)
		return fmp_illegal(err, "FMP 9.1: the central bubble has no door to the outside; "
			"unload through a pode");
	if (sh->owner != p)
		return fmp_illegal(err, "FMP 9.1: the %s astronef is %s's; only its owner loads it",
			colour_name(h, k), fmp_pid(h, sh->owner));
	if ((rc = spend(s, p, 1, "unloading into the astronef", err)))
		return rc;
	last_clear(s);
	last_add(s, s->units[ti].col, s->units[ti].row);
	last_add(s, col, row);
	s->units[xi].where = FMP_IN_SHIP;
	s->units[xi].holder = k;
	fmp_recolour(s, xi, k);   /* 9.4: it takes the astronef's colour */
	if (desc)
		sl_buf_printf(desc, "%s unloads %s (%s) through pode %d into the %s astronef, 1 point "
			"(9.1)", s->units[ti].id, s->units[xi].id, fmp_kind_name(s->units[xi].kind), pode,
			colour_name(h, k));
	return 0;
}

static int ev_unload(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ti, xi, rc;
	fmp_unit *t, *x;
	char why[128];
	const char *no;
	if ((rc = get_unit(s, &ev->f[0], "unit", &ti, err)) || (rc = get_unit(s, &ev->f[1], "what", &xi, err)))
		return rc;
	t = &s->units[ti];
	x = &s->units[xi];
	if ((rc = own(s, h, t, p, err)))
		return rc;
	if (x->where != FMP_IN_UNIT || x->holder != ti)
		return fmp_illegal(err, "FMP H9: %s does not carry %s", t->id, x->id);
	if (t->where == FMP_IN_SHIP) {
		if (ev->f[2].present)
			return fmp_illegal(err, "FMP 9.1: %s is inside the %s astronef: its cargo goes "
				"into the astronef (no to=); units go out by `leave`", t->id,
				colour_name(h, t->holder));
		x->where = FMP_IN_SHIP;
		x->holder = t->holder;
		fmp_recolour(s, xi, t->holder);
		if (desc)
			sl_buf_printf(desc, "%s unloads %s into the %s astronef, free (9.1)", t->id, x->id,
				colour_name(h, t->holder));
		return 0;
	}
	if ((rc = operational(s, h, t, p, 0, err)))
		return rc;
	if (!ev->f[2].present)
		return fmp_illegal(err, "FMP H9: unloading on the map needs to= (a hex next to %s)",
			t->id);
	{
		int col = ev->f[2].u.hex.col, row = ev->f[2].u.hex.row, k = fmp_ship_at(s, col, row);
		if (!adjacent_to_unit(t, col, row))
			return fmp_illegal(err, "FMP H9: %d,%d is not next to %s", col, row, t->id);
		if (k >= 0)
			return unload_into_ship(s, h, ti, xi, k, col, row, p, desc, err);
		no = place_refusal(s, x->kind, col, row, -1, p, why, sizeof why);
		if (no)
			return fmp_illegal(err, "FMP H9: %s cannot be put down there: %s", x->id, no);
		if ((rc = pontoon_tie(s, x->kind, col, row, err)))
			return rc;
		if ((rc = spend(s, p, 1, "unloading", err)))
			return rc;
		x->where = FMP_MAP;
		x->holder = -1;
		x->col = x->tcol = col;
		x->row = x->trow = row;
		last_clear(s);
		last_add(s, t->col, t->row);
		last_add(s, col, row);
		if (desc) {
			int c = fmp_controller(s, x);
			sl_buf_printf(desc, "%s unloads %s (%s) at %d,%d, 1 point", t->id, x->id,
				fmp_kind_name(x->kind), col, row);
			if (x->kind != FMP_ORE && c != p)
				sl_buf_printf(desc, "; it is %s: operational again for %s (9.3)",
					colour_name(h, x->colour), fmp_pid(h, c));
		}
	}
	return 0;
}

/* ---- the astronef's doors (9.1) and its capture (9.2) --------------------------- */

static int pode_hex(const fmp_ship *sh, int pode, int *col, int *row)
{
	int c[4], r[4];
	fmp_ship_hexes(sh, c, r);
	*col = c[pode];
	*row = r[pode];
	return 0;
}

static int turret_up(const fmp_state *s, const fmp_ship *sh, int k)
{
	int t = sh->turret[k];
	return t >= 0 && t < s->nunits && s->units[t].where == FMP_MAP;
}

static int turrets_up(const fmp_state *s, const fmp_ship *sh)
{
	return turret_up(s, sh, 0) + turret_up(s, sh, 1) + turret_up(s, sh, 2);
}

/* 9.1: for whatever enters or leaves, the astronef acts as a transporter.
 * It takes aboard ore or a pontoon lying next to pode `pode` (1 point). */
static int ship_takes(fmp_state *s, const sl_header *h, int k, int pode, int xi, int p,
	sl_buf *desc, sl_error *err)
{
	fmp_ship *sh = &s->ships[k];
	fmp_unit *x = &s->units[xi];
	int pc, pr, rc;
	if (sh->owner != p)
		return fmp_illegal(err, "FMP 9.1: the %s astronef is %s's; only its owner loads it",
			colour_name(h, k), fmp_pid(h, sh->owner));
	if (x->kind == FMP_PONTOON && (rc = own(s, h, x, p, err)))
		return rc;
	if (x->where != FMP_MAP)
		return fmp_illegal(err, "FMP 9.1: %s is not on the map; the astronef takes aboard "
			"what lies next to a pode (its transporter unloads it into the astronef)", x->id);
	pode_hex(sh, pode, &pc, &pr);
	if (fmp_distance(x->col, x->row, pc, pr) != 1)
		return fmp_illegal(err, "FMP 9.1: the astronef takes aboard what lies next to a pode; "
			"%s at %d,%d is not next to pode %d (%d,%d)", x->id, x->col, x->row, pode, pc, pr);
	if (x->kind == FMP_PONTOON)
		for (int i = 0; i < s->nunits; i++)
			if (i != xi && s->units[i].where == FMP_MAP && s->units[i].kind != FMP_TURRET
			    && ((s->units[i].col == x->col && s->units[i].row == x->row)
			        || (s->units[i].kind == FMP_BARGE && s->units[i].tcol == x->col
			            && s->units[i].trow == x->row)))
				return fmp_illegal(err, "FMP H11: %s stands on the pontoon %s",
					s->units[i].id, x->id);
	if (s->turn < 3)
		return fmp_illegal(err, "FMP H3: on turns 1 and 2 units only land and deploy");
	if ((rc = spend(s, p, 1, "loading into the astronef", err)))
		return rc;
	last_clear(s);
	last_add(s, x->col, x->row);
	last_add(s, pc, pr);
	x->where = FMP_IN_SHIP;
	x->holder = k;
	fmp_recolour(s, xi, k);
	if (desc)
		sl_buf_printf(desc, "The %s astronef takes %s (%s) aboard through pode %d, 1 point "
			"(9.1: it acts as a transporter)", colour_name(h, k), x->id,
			fmp_kind_name(x->kind), pode);
	if (x->kind == FMP_PONTOON)
		sink_after(s, desc);
	return 0;
}

static int ev_enter(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ui, k, rc, pode = ev->f[2].u.i, pc, pr, old, cargo = 0, moved = 0, was_escape;
	fmp_unit *u;
	fmp_ship *sh;
	if ((rc = get_unit(s, &ev->f[0], "unit", &ui, err)) || (rc = get_ship(s, h, &ev->f[1], &k, err)))
		return rc;
	u = &s->units[ui];
	sh = &s->ships[k];
	if (pode < 1 || pode > 3)
		return fmp_illegal(err, "FMP 9.1: an astronef has podes 1 to 3");
	if (u->kind == FMP_ORE || u->kind == FMP_PONTOON)
		return ship_takes(s, h, k, pode, ui, p, desc, err);
	/* into its own astronef a unit under fire may retreat (H7) or escape (9.3):
	 * the refuge is out of enemy fire; a capturing destroyer is operational */
	was_escape = u->escape && s->escape == p;
	if ((rc = own(s, h, u, p, err)) || (rc = movable(u, err))
	    || (rc = operational(s, h, u, p, sh->owner == p, err)))
		return rc;
	pode_hex(sh, pode, &pc, &pr);
	if (!adjacent_to_unit(u, pc, pr))
		return fmp_illegal(err, "FMP 9.1: units enter through a pode from a hex next to it; "
			"%s is not next to pode %d (%d,%d)", u->id, pode, pc, pr);
	/* 9.1: a pode under enemy fire, or whose turret is destroyed, still lets
	 * a unit in: nothing to check on the pode itself. */
	old = sh->owner;
	if (old != p) {
		int up = turrets_up(s, sh);
		if (u->kind != FMP_TANK && u->kind != FMP_HEAVY && u->kind != FMP_BOAT)
			return fmp_illegal(err, "FMP 9.2: the %s astronef is %s's; only a destroyer "
				"entering it to capture it may go in, not a %s", colour_name(h, k),
				fmp_pid(h, old), fmp_kind_name(u->kind));
		if (up > 0)
			return fmp_illegal(err, "FMP 9.2: the %s astronef still has %d %s; destroy all "
				"three before a destroyer enters it", colour_name(h, k), up,
				pl_(up, "turret", "turrets"));
	}
	if (s->turn < 3)
		return fmp_illegal(err, "FMP H3: on turns 1 and 2 units only land and deploy");
	if ((rc = spend(s, p, 1, "entering the astronef", err)))
		return rc;
	for (int i = 0; i < s->nunits; i++)
		cargo += carried_by(s, i, ui);
	last_clear(s);
	last_add(s, u->col, u->row);
	last_add(s, pc, pr);
	u->where = FMP_IN_SHIP;
	u->holder = k;
	u->escape = u->retreat = 0;
	fmp_recolour(s, ui, k);   /* 9.4: it takes the astronef's colour */
	if (was_escape)
		close_escape_if_done(s);
	if (old == p) {
		if (desc) {
			sl_buf_printf(desc, "%s enters the %s astronef through pode %d", u->id,
				colour_name(h, k), pode);
			if (cargo)
				sl_buf_printf(desc, " with its cargo (%d)", cargo);
			if (!turret_up(s, sh, pode - 1))
				sl_buf_puts(desc, " (its turret is destroyed: entering is still allowed)");
			else if (fmp_under_fire(s, pc, pr, p))
				sl_buf_puts(desc, " (the pode is under enemy fire: entering is still allowed)");
			sl_buf_puts(desc, ", 1 point");
		}
		return 0;
	}
	/* 9.2: the capture */
	sh->owner = p;
	sh->taken = 1;
	s->players[p].ap += 5;
	{
		int left = 0;
		for (int j = 0; j < FMP_MAX_PLAYERS; j++)
			left += s->ships[j].landed && !s->ships[j].gone && s->ships[j].owner == old;
		if (left == 0 && s->players[old].departed == 0)
			s->players[old].lost = 1;
	}
	for (int i = 0; i < s->nunits; i++) {
		fmp_unit *x = &s->units[i];
		if (x->colour != k || x->where != FMP_MAP || x->kind == FMP_TURRET)
			continue;
		moved++;
		if (fmp_unit_under_fire(s, x, p)) {
			x->escape = 1;
			s->escape = p;
		}
	}
	if (desc) {
		int esc = 0;
		sl_buf_printf(desc, "%s enters the %s astronef through pode %d and captures it (9.2): "
			"the astronef keeps its colour, %s takes it; the astronef and the %s units "
			"(%d on the map) pass to %s; +5 action points at once (%d left)",
			u->id, colour_name(h, k), pode, u->id, colour_name(h, k), moved, fmp_pid(h, p),
			s->players[p].ap);
		for (int i = 0; i < s->nunits; i++)
			if (s->units[i].escape)
				sl_buf_printf(desc, "%s%s", esc++ ? ", " : "; under enemy fire, to move out "
					"first (9.3): ", s->units[i].id);
		if (s->players[old].lost)
			sl_buf_printf(desc, "; %s has no astronef left and has lost", fmp_pid(h, old));
	}
	return 0;
}

static int ev_leave(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ui, k, rc, pode = ev->f[2].u.i, pc, pr, col = ev->f[3].u.hex.col,
		row = ev->f[3].u.hex.row, tcol, trow, ore, carrier;
	fmp_unit *u;
	fmp_ship *sh;
	char why[128];
	const char *no;
	if ((rc = get_unit(s, &ev->f[0], "unit", &ui, err)) || (rc = get_ship(s, h, &ev->f[1], &k, err)))
		return rc;
	u = &s->units[ui];
	sh = &s->ships[k];
	if (pode < 1 || pode > 3)
		return fmp_illegal(err, "FMP 9.1: an astronef has podes 1 to 3");
	if (u->where != FMP_IN_SHIP || u->holder != k)
		return fmp_illegal(err, "FMP 9.1: %s is not aboard the %s astronef", u->id,
			colour_name(h, k));
	if (u->kind == FMP_ORE)
		return fmp_illegal(err, "FMP 9.1: ore that entered the astronef never leaves it (%s)",
			u->id);
	/* a pontoon does not move: the astronef lays it, as a transporter would */
	if ((rc = own(s, h, u, p, err)) || (u->kind != FMP_PONTOON && (rc = movable(u, err))))
		return rc;
	if (s->turn < 2)
		return fmp_illegal(err, "FMP H3: turn 1 is the landing; units leave from turn 2");
	if (!turret_up(s, sh, pode - 1))
		return fmp_illegal(err, "FMP 9.1: pode %d's turret is destroyed \xe2\x80\x94 no unit may "
			"leave through it", pode);
	pode_hex(sh, pode, &pc, &pr);
	if (fmp_distance(pc, pr, col, row) != 1)
		return fmp_illegal(err, "FMP 9.1: units leave through a pode onto a hex next to it; "
			"%d,%d is not next to pode %d (%d,%d)", col, row, pode, pc, pr);
	ore = carried_ore(s, ui);
	if (ore >= 0)
		return fmp_illegal(err, "FMP 9.1: ore that entered the astronef never leaves it; "
			"%s carries %s", u->id, s->units[ore].id);
	carrier = fmp_on_map(s, col, row) ? fmp_unit_at(s, col, row) : -1;
	if (carrier >= 0 && fmp_capacity(s->units[carrier].kind) > 0) {
		/* 9.1: out through the pode onto a transporter of the player */
		fmp_unit *t = &s->units[carrier];
		if (ev->f[4].present)
			return fmp_illegal(err, "FMP H9: only a barge has a tail");
		if ((rc = own(s, h, t, p, err)) || (rc = operational(s, h, t, p, 0, err))
		    || (rc = can_carry(s, t, carrier, u, ui, err)))
			return rc;
		if (fmp_under_fire(s, col, row, p))
			return fmp_illegal(err, "FMP 9.1: %s at %d,%d is under enemy fire", t->id, col,
				row);
		if ((rc = spend(s, p, 1, "leaving the astronef", err)))
			return rc;
		u->where = FMP_IN_UNIT;
		u->holder = carrier;
		last_clear(s);
		last_add(s, pc, pr);
		last_add(s, col, row);
		if (desc)
			sl_buf_printf(desc, "%s (%s) leaves the %s astronef through pode %d onto %s at "
				"%d,%d%s", u->id, fmp_kind_name(u->kind), colour_name(h, k), pode, t->id, col,
				row, s->turn < 3 ? ", deployment: free" : ", 1 point");
		return 0;
	}
	if (u->kind == FMP_BARGE) {
		if (!ev->f[4].present)
			return fmp_illegal(err, "FMP H9: a barge spans two hexes: give tail= (the side "
				"of %d,%d where its second hex lies)", col, row);
		fmp_neighbor(col, row, ev->f[4].u.i, &tcol, &trow);
	} else {
		if (ev->f[4].present)
			return fmp_illegal(err, "FMP H9: only a barge has a tail");
		tcol = col;
		trow = row;
	}
	no = place_refusal(s, u->kind, col, row, -1, p, why, sizeof why);
	if (!no && u->kind == FMP_BARGE)
		no = place_refusal(s, u->kind, tcol, trow, -1, p, why, sizeof why);
	if (no) {
		if (fmp_under_fire(s, col, row, p) || (u->kind == FMP_BARGE
		    && fmp_on_map(s, tcol, trow) && fmp_under_fire(s, tcol, trow, p)))
			return fmp_illegal(err, "FMP 9.1: a unit may leave through a pode under fire only "
				"onto a hex out of enemy fire; %s", no);
		return fmp_illegal(err, "FMP 9.1: %s cannot leave there: %s", u->id, no);
	}
	if ((rc = pontoon_tie(s, u->kind, col, row, err)))
		return rc;
	if ((rc = spend(s, p, 1, "leaving the astronef", err)))
		return rc;
	u->where = FMP_MAP;
	u->holder = -1;
	u->col = col;
	u->row = row;
	u->tcol = tcol;
	u->trow = trow;
	last_clear(s);
	last_add(s, pc, pr);
	last_add(s, col, row);
	if (desc) {
		sl_buf_printf(desc, "%s (%s) leaves the %s astronef through pode %d to %d,%d", u->id,
			fmp_kind_name(u->kind), colour_name(h, k), pode, col, row);
		if (u->kind == FMP_BARGE)
			sl_buf_printf(desc, " (stern %d,%d)", tcol, trow);
		if (fmp_under_fire(s, pc, pr, p))
			sl_buf_puts(desc, "; the pode is under enemy fire but the hex reached is not (9.1)");
		sl_buf_puts(desc, s->turn < 3 ? ", deployment: free" : ", 1 point");
	}
	return 0;
}

/* ---- fire and capture of units ------------------------------------------------- */

static int shooter(const fmp_state *s, const sl_header *h, const fmp_unit *u, int p,
	sl_error *err)
{
	int rc;
	if ((rc = own(s, h, u, p, err)))
		return rc;
	if (!fmp_is_destroyer(u->kind))
		return fmp_illegal(err, "FMP H6: a %s is not a destroyer (%s)", fmp_kind_name(u->kind),
			u->id);
	return operational(s, h, u, p, 0, err);
}

static int ev_fire(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ai, bi, rc, col = ev->f[2].u.hex.col, row = ev->f[2].u.hex.row, ti, k, lost = 0;
	fmp_unit *a, *b, *t;
	if ((rc = get_unit(s, &ev->f[0], "a", &ai, err)) || (rc = get_unit(s, &ev->f[1], "b", &bi, err)))
		return rc;
	a = &s->units[ai];
	b = &s->units[bi];
	if (ai == bi)
		return fmp_illegal(err, "FMP H6: destroying takes two different destroyers");
	if ((rc = shooter(s, h, a, p, err)) || (rc = shooter(s, h, b, p, err)))
		return rc;
	if (a->shots >= 2 || b->shots >= 2)
		return fmp_illegal(err, "FMP H6: %s has already fired twice this turn",
			a->shots >= 2 ? a->id : b->id);
	if (!fmp_on_map(s, col, row))
		return fmp_illegal(err, "FMP H6: %d,%d is off the map", col, row);
	k = fmp_ship_at(s, col, row);
	if (k >= 0) {
		int c[4], r[4], pode = -1;
		fmp_ship_hexes(&s->ships[k], c, r);
		for (int i = 1; i < 4; i++)
			if (c[i] == col && r[i] == row)
				pode = i - 1;
		if (s->ships[k].owner == p)
			return fmp_illegal(err, "FMP H6: the %s astronef is %s's own", colour_name(h, k),
				fmp_pid(h, p));
		if (pode < 0 || !turret_up(s, &s->ships[k], pode))
			return fmp_illegal(err, "FMP 9: apart from its turrets the astronef and its cargo "
				"are indestructible; %d,%d holds no turret", col, row);
		ti = s->ships[k].turret[pode];
	} else {
		ti = fmp_unit_at(s, col, row);
		if (ti < 0)
			return fmp_illegal(err, "FMP H6: nothing stands at %d,%d", col, row);
		/* as published: ore may be shot, and so may one's own pontoon (a bridge
		 * one cuts); one's other units may not */
		if (s->units[ti].kind != FMP_PONTOON && fmp_controller(s, &s->units[ti]) == p)
			return fmp_illegal(err, "FMP H6: %s is %s's own; one fires on one's own pontoon, "
				"not on one's other units", s->units[ti].id, fmp_pid(h, p));
	}
	if (fmp_distance(a->col, a->row, col, row) > fmp_range(s, a))
		return fmp_illegal(err, "FMP H6: %d,%d is %d hexes from %s; its range is %d", col, row,
			fmp_distance(a->col, a->row, col, row), a->id, fmp_range(s, a));
	if (fmp_distance(b->col, b->row, col, row) > fmp_range(s, b))
		return fmp_illegal(err, "FMP H6: %d,%d is %d hexes from %s; its range is %d", col, row,
			fmp_distance(b->col, b->row, col, row), b->id, fmp_range(s, b));
	if ((rc = spend(s, p, 2, "a shot of two destroyers", err)))
		return rc;
	t = &s->units[ti];
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == ti)
			lost++;
	a->shots++;
	b->shots++;
	fmp_kill(s, ti);
	last_clear(s);
	last_add(s, col, row);
	last_add(s, a->col, a->row);
	last_add(s, b->col, b->row);
	if (desc) {
		if (t->kind == FMP_ORE)
			sl_buf_printf(desc, "%s and %s fire on %d,%d: %s (ore) is destroyed", a->id,
				b->id, col, row, t->id);
		else
			sl_buf_printf(desc, "%s and %s fire on %d,%d: %s (%s, %s) is destroyed", a->id,
				b->id, col, row, t->id, fmp_kind_name(t->kind), colour_name(h, t->colour));
		if (lost)
			sl_buf_printf(desc, " with its cargo (%d)", lost);
		sl_buf_puts(desc, ", 2 points");
	}
	if (t->kind == FMP_PONTOON)
		sink_after(s, desc);
	return 0;
}

static int ev_capture(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int ai, bi, ti, rc, c;
	fmp_unit *a, *b, *t;
	if ((rc = get_unit(s, &ev->f[0], "a", &ai, err)) || (rc = get_unit(s, &ev->f[1], "b", &bi, err))
	    || (rc = get_unit(s, &ev->f[2], "target", &ti, err)))
		return rc;
	a = &s->units[ai];
	b = &s->units[bi];
	t = &s->units[ti];
	if (ai == bi)
		return fmp_illegal(err, "FMP H8: a capture takes two different destroyers");
	if ((rc = shooter(s, h, a, p, err)) || (rc = shooter(s, h, b, p, err)))
		return rc;
	if (a->kind == FMP_TURRET || b->kind == FMP_TURRET)
		return fmp_illegal(err, "FMP H8: turrets do not capture");
	if (t->where != FMP_MAP)
		return fmp_illegal(err, "FMP H8: %s is not on the map", t->id);
	if (t->kind == FMP_TURRET)
		return fmp_illegal(err, "FMP 9.2: an astronef is taken by entering it, not its turrets "
			"by capture");
	if (t->kind == FMP_ORE)
		return fmp_illegal(err, "FMP H8: ore is loaded, not captured (%s)", t->id);
	c = fmp_controller(s, t);
	if (c == p) {
		int foreign = 0;
		for (int i = 0; i < s->nunits; i++)
			if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == ti
			    && s->units[i].kind != FMP_ORE && fmp_controller(s, &s->units[i]) != p)
				foreign++;
		if (!foreign)
			return fmp_illegal(err, "FMP H8: %s is already %s's; one captures one's own "
				"transporter only to take the enemy units it carries (9.3)", t->id,
				fmp_pid(h, p));
	}
	if (!units_adjacent(a, t) || !units_adjacent(b, t))
		return fmp_illegal(err, "FMP H8: both destroyers must stand next to %s (%s is not)",
			t->id, units_adjacent(a, t) ? b->id : a->id);
	if ((rc = spend(s, p, 1, "a capture", err)))
		return rc;
	fmp_recolour(s, ti, a->colour);
	t->escape = 0;
	last_clear(s);
	last_add(s, t->col, t->row);
	last_add(s, a->col, a->row);
	last_add(s, b->col, b->row);
	if (desc)
		sl_buf_printf(desc, "%s and %s capture %s (%s) at %d,%d: it was %s%s, it is now %s "
			"and obeys %s, 1 point", a->id, b->id, t->id, fmp_kind_name(t->kind), t->col,
			t->row, c < 0 ? "abandoned" : "controlled by ", c < 0 ? "" : fmp_pid(h, c),
			colour_name(h, a->colour), fmp_pid(h, p));
	return 0;
}

/* ---- the weather layer ------------------------------------------------------------ */

static int ev_build(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	static const int kinds[3] = {FMP_TANK, FMP_CRAB, FMP_PONTOON};
	int wi, rc, what = ev->f[1].u.i, ore = -1, col = ev->f[3].u.hex.col,
		row = ev->f[3].u.hex.row, kind;
	size_t n;
	const char *id = sl_value_str(&ev->f[2], &n);
	fmp_unit *w, *u;
	char why[128];
	const char *no;
	if ((rc = get_unit(s, &ev->f[0], "unit", &wi, err)))
		return rc;
	w = &s->units[wi];
	if ((rc = own(s, h, w, p, err)))
		return rc;
	if (w->kind != FMP_LAYER)
		return fmp_illegal(err, "FMP H10: only the weather layer builds (%s is a %s)", w->id,
			fmp_kind_name(w->kind));
	if ((rc = operational(s, h, w, p, 0, err)))
		return rc;
	if (what < 0 || what > 2)
		return fmp_illegal(err, "FMP H10: the layer builds a tank, a crab or a pontoon");
	kind = kinds[what];
	if (w->builds >= 2)
		return fmp_illegal(err, "FMP H10: %s has already built twice this turn", w->id);
	for (int i = 0; i < s->nunits && ore < 0; i++)
		if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == wi
		    && s->units[i].kind == FMP_ORE)
			ore = i;
	if (ore < 0)
		return fmp_illegal(err, "FMP H10: %s carries no ore to build with", w->id);
	if (n == 0 || n >= FMP_ID_LEN || memchr(id, 0, n))
		return fmp_illegal(err, "FMP H10: an id is 1 to %d characters", FMP_ID_LEN - 1);
	if (fmp_find_unit(s, id, n) >= 0)
		return fmp_illegal(err, "FMP H10: the id '%.*s' is taken", (int)n, id);
	if (s->nunits >= FMP_MAX_UNITS)
		return fmp_illegal(err, "FMP H1: at most %d pieces", FMP_MAX_UNITS);
	if (!adjacent_to_unit(w, col, row))
		return fmp_illegal(err, "FMP H10: %d,%d is not next to %s", col, row, w->id);
	no = place_refusal(s, kind, col, row, -1, p, why, sizeof why);
	if (no)
		return fmp_illegal(err, "FMP H10: the new %s cannot be put down there: %s",
			fmp_kind_name(kind), no);
	if ((rc = pontoon_tie(s, kind, col, row, err)))
		return rc;
	if ((rc = spend(s, p, 1, "building", err)))
		return rc;
	s->units[ore].where = FMP_DEAD;
	w->builds++;
	u = new_unit(s, id, n, kind, w->colour);
	u->where = FMP_MAP;
	u->col = u->tcol = col;
	u->row = u->trow = row;
	last_clear(s);
	last_add(s, col, row);
	if (desc)
		sl_buf_printf(desc, "%s turns %s into a %s, %s, at %d,%d, 1 point", w->id,
			s->units[ore].id, fmp_kind_name(kind), u->id, col, row);
	return 0;
}

/* ---- turrets (9.2), neutralisation (9.3), take-off (9.5) ---------------------------- */

static int ev_rebuild(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int k, rc, pode = ev->f[1].u.i, pc, pr, t;
	fmp_ship *sh;
	if ((rc = get_ship(s, h, &ev->f[0], &k, err)))
		return rc;
	sh = &s->ships[k];
	if (pode < 1 || pode > 3)
		return fmp_illegal(err, "FMP 9.1: an astronef has podes 1 to 3");
	if (sh->owner != p || !sh->taken)
		return fmp_illegal(err, "FMP 9.2: only the captor may rebuild turrets: the %s "
			"astronef %s", colour_name(h, k), sh->owner != p ? "is not yours"
			: "was not taken by capture");
	if (turret_up(s, sh, pode - 1))
		return fmp_illegal(err, "FMP 9.2: pode %d's turret stands; only a destroyed turret "
			"is rebuilt", pode);
	pode_hex(sh, pode, &pc, &pr);
	if (fmp_under_fire(s, pc, pr, p))
		return fmp_illegal(err, "FMP 9.2: pode %d (%d,%d) is under enemy fire; no turret is "
			"rebuilt there", pode, pc, pr);
	if ((rc = spend(s, p, 2, "rebuilding a turret", err)))
		return rc;
	t = sh->turret[pode - 1];
	s->units[t].where = FMP_MAP;
	s->units[t].colour = k;
	s->units[t].shots = 0;     /* 9.2: it may fire at once */
	s->units[t].col = s->units[t].tcol = pc;
	s->units[t].row = s->units[t].trow = pr;
	last_clear(s);
	last_add(s, pc, pr);
	if (desc)
		sl_buf_printf(desc, "%s rebuilds the turret of pode %d of the %s astronef (%s), "
			"2 points; it may fire at once", fmp_pid(h, p), pode, colour_name(h, k),
			s->units[t].id);
	return 0;
}

static int ev_neutralise(fmp_state *s, const sl_header *h, int p, sl_buf *desc, sl_error *err)
{
	int n = 0;
	if (s->escape != p)
		return fmp_illegal(err, "FMP 9.3: no capture is waiting for its units to move out of "
			"enemy fire; nothing to neutralise");
	if (desc)
		sl_buf_printf(desc, "%s ends the escape (9.3):", fmp_pid(h, p));
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].escape) {
			s->units[i].escape = 0;
			if (desc)
				sl_buf_printf(desc, "%s%s", n ? ", " : " ", s->units[i].id);
			n++;
		}
	s->escape = -1;
	if (desc)
		sl_buf_printf(desc, " %s neutralised under enemy fire", n == 1 ? "stays" : "stay");
	return 0;
}

static int score_inside(const fmp_state *s, int k, int *ore, int *units)
{
	*ore = *units = 0;
	for (int i = 0; i < s->nunits; i++) {
		int in;
		if (s->units[i].where != FMP_IN_SHIP && s->units[i].where != FMP_IN_UNIT)
			continue;
		if (!fmp_inside_ship(s, i, &in) || in != k)
			continue;
		if (s->units[i].kind == FMP_ORE)
			(*ore)++;
		else
			(*units)++;
	}
	return 2 * *ore + *units;
}

/* 9.5: astronef k leaves with everything inside (at any depth) and its
 * standing turrets; what of its colour stays on the planet is deactivated. */
static void do_takeoff(fmp_state *s, const sl_header *h, int k, int cost, const char *paid,
	sl_buf *desc)
{
	fmp_ship *sh = &s->ships[k];
	int p = sh->owner, up = turrets_up(s, sh), ore, units, pts, left = 0;
	pts = score_inside(s, k, &ore, &units) + up;
	for (int i = 0; i < s->nunits; i++) {
		fmp_unit *x = &s->units[i];
		int in;
		if ((x->where == FMP_IN_SHIP || x->where == FMP_IN_UNIT) && fmp_inside_ship(s, i, &in)
		    && in == k)
			x->where = FMP_GONE;
	}
	for (int t = 0; t < 3; t++)
		if (turret_up(s, sh, t))
			s->units[sh->turret[t]].where = FMP_GONE;
	sh->gone = 1;
	s->players[p].score += pts;
	s->players[p].departed++;
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].colour == k && (s->units[i].where == FMP_MAP
		    || s->units[i].where == FMP_IN_UNIT || s->units[i].where == FMP_IN_SHIP))
			left++;
	last_clear(s);
	last_add(s, sh->col, sh->row);
	if (desc) {
		sl_buf_printf(desc, "The %s astronef takes off with %s: %d ore, %d %s and %d %s "
			"aboard, %d %s; cost %d%s", colour_name(h, k), fmp_pid(h, p), ore, units,
			pl_(units, "unit", "units"), up, pl_(up, "turret", "turrets"), pts,
			pl_(pts, "point", "points"), cost, paid);
		if (left)
			sl_buf_printf(desc, "; %d %s unit%s left behind %s deactivated (9.5)", left,
				colour_name(h, k), left == 1 ? "" : "s", left == 1 ? "is" : "are");
	}
}

static int ev_takeoff(fmp_state *s, const sl_header *h, const sl_event *ev, int p,
	sl_buf *desc, sl_error *err)
{
	int k, rc, cost;
	fmp_ship *sh;
	if ((rc = get_ship(s, h, &ev->f[0], &k, err)))
		return rc;
	sh = &s->ships[k];
	if (s->turn == 21)
		return fmp_illegal(err, "FMP 9.5: on turn 21 astronefs take off before the turn is "
			"played, by the choice each owner sealed and revealed in phase 1 (`commit`, "
			"`reveal`); the %s astronef stays until turn 25", colour_name(h, k));
	if (s->turn != 25)
		return fmp_illegal(err, "FMP 9.5: take-off only on turns 21 and 25, not on turn %d",
			s->turn);
	if (sh->owner != p)
		return fmp_illegal(err, "FMP 9.5: the %s astronef is %s's, not %s's",
			colour_name(h, k), fmp_pid(h, sh->owner), fmp_pid(h, p));
	cost = 1 + (3 - turrets_up(s, sh));
	if ((rc = spend(s, p, cost, "this take-off (1, plus 1 per destroyed turret)", err)))
		return rc;
	do_takeoff(s, h, k, cost, "", desc);
	return 0;
}

/* ---- turn 21: the secret choice, stay or leave (9.5) ------------------------------ */

static int hex_field(const sl_value *v, uint8_t *out, size_t n)
{
	size_t len;
	const char *t = sl_value_str(v, &len);
	return sl_hexstr_decode(out, n, t, len) == SL_OK;
}

int fmp_choice(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, k, rc, reveal = ev->type == FMP_EV_REVEAL;
	fmp_ship *sh;
	if (p < 0 || p >= s->np)
		return fmp_illegal(err, "FMP H2: %s is not one of the %d players", fmp_pid(h, p), s->np);
	if (s->turn != 21 || s->phase != 1)
		return fmp_illegal(err, "FMP 9.5: the stay-or-leave choice is sealed and revealed in "
			"phase 1 of turn 21, before anyone plays that turn (now turn %d, phase %d)",
			s->turn, s->phase);
	if ((rc = get_ship(s, h, &ev->f[0], &k, err)))
		return rc;
	sh = &s->ships[k];
	if (sh->owner != p)
		return fmp_illegal(err, "FMP 9.5: the %s astronef is %s's: its owner chooses, not %s",
			colour_name(h, k), fmp_pid(h, sh->owner), fmp_pid(h, p));
	if (!reveal) {
		uint8_t c[SL_COMMIT_BYTES];
		if (sh->sealed)
			return fmp_illegal(err, "FMP 9.5: the %s astronef's choice is already sealed",
				colour_name(h, k));
		for (int j = 0; j < FMP_MAX_PLAYERS; j++)
			if (s->ships[j].landed && s->ships[j].choice >= 0)
				return fmp_illegal(err, "FMP 9.5: the choices are made at the same time: "
					"every one is sealed before the first reveal (the %s astronef's is "
					"revealed)", colour_name(h, j));
		if (!hex_field(&ev->f[1], c, sizeof c))
			return fmp_illegal(err, "FMP 9.5: hash= is the commitment, 64 hex digits "
				"(formats/commit.md)");
		sh->sealed = 1;
		memcpy(sh->seal, c, sizeof c);
		if (desc)
			sl_buf_printf(desc, "%s seals the choice of the %s astronef, stay or leave (9.5); "
				"it is shown when every choice is sealed", fmp_pid(h, p), colour_name(h, k));
		return 0;
	}
	{
		uint8_t salt[SL_SALT_BYTES];
		int choice = ev->f[1].u.i;
		const char *word = fmp_choice_name(choice);
		if (!sh->sealed)
			return fmp_illegal(err, "FMP 9.5: the %s astronef's choice was never sealed "
				"(`commit` first)", colour_name(h, k));
		if (sh->choice >= 0)
			return fmp_illegal(err, "FMP 9.5: the %s astronef's choice is already revealed",
				colour_name(h, k));
		for (int j = 0; j < FMP_MAX_PLAYERS; j++)
			if (s->ships[j].landed && !s->ships[j].gone && !s->ships[j].sealed)
				return fmp_illegal(err, "FMP 9.5: the choices are made at the same time: "
					"none is revealed until all are sealed, and the %s astronef's is not "
					"sealed yet", colour_name(h, j));
		if (choice < 0 || choice > 1)
			return fmp_illegal(err, "FMP 9.5: the choice is stay or leave");
		if (!hex_field(&ev->f[2], salt, sizeof salt))
			return fmp_illegal(err, "FMP 9.5: salt= is 32 hex digits (formats/commit.md)");
		if (!sl_commit_check(sh->seal, FMP_TAKEOFF_DOMAIN, salt, word, strlen(word)))
			return fmp_illegal(err, "FMP 9.5: this reveal does not open the sealed choice of "
				"the %s astronef: `%s` with this salt is not what was committed "
				"(formats/commit.md)", colour_name(h, k), word);
		sh->choice = choice;
		if (choice == 0) {
			if (desc)
				sl_buf_printf(desc, "The %s astronef stays until turn 25 (%s's sealed choice, "
					"9.5)", colour_name(h, k), fmp_pid(h, p));
			return 0;
		}
		/* it leaves at once, with what it held at the end of turn 20; the cost
		 * is taken from the owner's credit of turn 21 (H14) */
		{
			int cost = 1 + (3 - turrets_up(s, sh));
			s->players[p].debt += cost;
			if (desc)
				sl_buf_printf(desc, "%s's sealed choice: leave (9.5). ", fmp_pid(h, p));
			do_takeoff(s, h, k, cost, ", from the credit of turn 21 (H14)", desc);
		}
		return 0;
	}
}

/* ---- dispatch ---------------------------------------------------------------------- */

int fmp_play(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player;
	const char *name = fmp_schema.events[ev->type].name;
	if (p < 0 || p >= s->np)
		return fmp_illegal(err, "FMP H2: %s is not one of the %d players", fmp_pid(h, p), s->np);
	if (s->phase < 2)
		return fmp_illegal(err, "FMP H2: phase 1 is the tide; %s acts in its own phase "
			"(phase %d, %s)", fmp_pid(h, p), p + 2, fmp_schema.phases[p + 1]);
	if (s->phase - 2 != p)
		return fmp_illegal(err, "FMP H2: it is %s's part of the turn (phase %d), not %s's",
			fmp_pid(h, s->phase - 2), s->phase, fmp_pid(h, p));
	if (s->players[p].lost)
		return fmp_illegal(err, "FMP 9.2: %s has no astronef left and has lost the game",
			fmp_pid(h, p));
	if (s->turn == 1 && ev->type != FMP_EV_LAND)
		return fmp_illegal(err, "FMP H3: turn 1 is the landing: `land` only, not `%s`", name);
	if (s->turn == 2 && ev->type != FMP_EV_LEAVE)
		return fmp_illegal(err, "FMP H3: turn 2 is the deployment: `leave` only (free), not `%s`",
			name);
	if (s->escape == p && ev->type != FMP_EV_NEUTRALISE) {
		int ok = 0;
		if (ev->type == FMP_EV_MOVE || ev->type == FMP_EV_ENTER) {
			size_t n;
			const char *id = sl_value_str(&ev->f[0], &n);
			int u = fmp_find_unit(s, id, n);
			ok = u >= 0 && s->units[u].escape;
		}
		if (!ok) {
			int n = 0;
			char list[160];
			list[0] = 0;
			for (int i = 0; i < s->nunits; i++)
				if (s->units[i].escape && strlen(list) + FMP_ID_LEN + 3 < sizeof list) {
					strcat(list, n++ ? ", " : "");
					strcat(list, s->units[i].id);
				}
			return fmp_illegal(err, "FMP 9.3: before any other action, %s moves the units of "
				"its new army out of enemy fire (%s), or records `neutralise`",
				fmp_pid(h, p), list);
		}
	}
	switch (ev->type) {
	case FMP_EV_LAND: return ev_land(s, h, ev, p, desc, err);
	case FMP_EV_MOVE: return ev_move(s, h, ev, p, desc, err);
	case FMP_EV_LOAD: return ev_load(s, h, ev, p, desc, err);
	case FMP_EV_UNLOAD: return ev_unload(s, h, ev, p, desc, err);
	case FMP_EV_ENTER: return ev_enter(s, h, ev, p, desc, err);
	case FMP_EV_LEAVE: return ev_leave(s, h, ev, p, desc, err);
	case FMP_EV_FIRE: return ev_fire(s, h, ev, p, desc, err);
	case FMP_EV_CAPTURE: return ev_capture(s, h, ev, p, desc, err);
	case FMP_EV_BUILD: return ev_build(s, h, ev, p, desc, err);
	case FMP_EV_REBUILD: return ev_rebuild(s, h, ev, p, desc, err);
	case FMP_EV_NEUTRALISE: return ev_neutralise(s, h, p, desc, err);
	case FMP_EV_TAKEOFF: return ev_takeoff(s, h, ev, p, desc, err);
	default: return fmp_illegal(err, "FMP: unknown event");
	}
}
