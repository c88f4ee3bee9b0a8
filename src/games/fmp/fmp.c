/* fmp.c - Full Metal Planète: schema, geometry and fire-zone helpers, setup
 * (map, terrain, ore), the tide deck, turn and phase markers with action
 * points, and the module table. The actions of play are in fmp_act.c. */
#include "fmp_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- schema ----------------------------------------------------------------- */

static const char *const dir_tokens[] = {"N", "NE", "SE", "S", "SW", "NW", NULL};
static const char *const tide_names[] = {"low", "normal", "high", NULL};
static const char *const build_names[] = {"tank", "crab", "pontoon", NULL};
static const char *const choice_names[] = {"stay", "leave", NULL};

const char *fmp_choice_name(int choice)
{
	return choice >= 0 && choice < 2 ? choice_names[choice] : "?";
}

static const sl_field_def f_map[] = {
	{"cols", SL_K_INT, 0, 4, FMP_MAX_COLS, 0, NULL, "columns of the map"},
	{"rows", SL_K_INT, 0, 4, FMP_MAX_ROWS, 0, NULL, "rows of the map"},
};
static const sl_field_def f_terrain[] = {
	{"row", SL_K_INT, 0, 1, FMP_MAX_ROWS, 0, NULL, "the row described"},
	{"cells", SL_K_TEXT, 0, 0, 0, FMP_MAX_COLS, NULL,
		"one character per column: . sea, ~ reef, * swamp, - plain, ^ mountain"},
};
static const sl_field_def f_ore[] = {
	{"id", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the ore's id in this log"},
	{"at", SL_K_HEX, 0, 0, 0, 0, NULL, "its hex (plain, swamp, reef or mountain)"},
};
static const sl_field_def f_tide[] = {
	{"card", SL_K_ENUM, 0, 0, 0, 0, tide_names,
		"the card drawn for the next turn: low, normal, high"},
};
static const sl_field_def f_land[] = {
	{"at", SL_K_HEX, 0, 0, 0, 0, NULL, "the central bubble's hex"},
	{"pode", SL_K_DIR, 0, 0, 5, 0, NULL,
		"side of the bubble where pode 1 stands; podes 2 and 3 follow clockwise, one side apart"},
};
static const sl_field_def f_move[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the unit that moves"},
	{"path", SL_K_LIST, 0, 0, 0, FMP_MAX_PATH, dir_tokens,
		"one hexside per hex entered (a barge: its front hex); 1 point each"},
};
static const sl_field_def f_load[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the transporter"},
	{"what", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the unit or ore it takes aboard"},
};
static const sl_field_def f_unload[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the transporter"},
	{"what", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the unit or ore it puts down"},
	{"to", SL_K_HEX, 1, 0, 0, 0, NULL,
		"an adjacent hex (a pode: into that astronef); absent inside an astronef: into it (free)"},
};
static const sl_field_def f_enter[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL,
		"the unit that enters (ore or a pontoon next to the pode: the astronef takes it aboard)"},
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
	{"pode", SL_K_INT, 0, 1, 3, 0, NULL, "the pode it goes through (1 to 3)"},
};
static const sl_field_def f_leave[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL,
		"the unit that leaves (a pontoon: the astronef lays it)"},
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
	{"pode", SL_K_INT, 0, 1, 3, 0, NULL, "the pode it goes through (1 to 3)"},
	{"to", SL_K_HEX, 0, 0, 0, 0, NULL,
		"a hex next to that pode (where a transporter of the player stands: aboard it)"},
	{"tail", SL_K_DIR, 1, 0, 5, 0, NULL, "a barge: side of `to` where its second hex lies"},
};
static const sl_field_def f_fire[] = {
	{"a", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "first destroyer"},
	{"b", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "second destroyer, of the same player"},
	{"at", SL_K_HEX, 0, 0, 0, 0, NULL, "the hex fired upon: what stands there is destroyed"},
};
static const sl_field_def f_capture[] = {
	{"a", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "first destroyer, next to the target"},
	{"b", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "second destroyer, next to the target"},
	{"target", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the unit captured"},
};
static const sl_field_def f_build[] = {
	{"unit", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the weather layer, carrying ore"},
	{"what", SL_K_ENUM, 0, 0, 0, 0, build_names, "tank, crab or pontoon"},
	{"id", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the new unit's id"},
	{"to", SL_K_HEX, 0, 0, 0, 0, NULL, "an adjacent hex where it is put down"},
};
static const sl_field_def f_rebuild[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
	{"pode", SL_K_INT, 0, 1, 3, 0, NULL, "the pode whose turret is rebuilt"},
};
static const sl_field_def f_takeoff[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
};

static const sl_field_def f_commit[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
	{"hash", SL_K_TEXT, 0, 0, 0, 64, NULL,
		"the commitment to stay or leave: 64 hex digits (formats/commit.md, domain fmp-takeoff)"},
};
static const sl_field_def f_reveal[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, FMP_ID_LEN - 1, NULL, "the astronef, named by its colour"},
	{"choice", SL_K_ENUM, 0, 0, 0, 0, choice_names, "stay (until turn 25) or leave (now)"},
	{"salt", SL_K_TEXT, 0, 0, 0, 32, NULL, "the commitment's salt: 32 hex digits"},
};

#define NF(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PL (SL_EV_PLAY | SL_EV_PLAYER)
static const sl_event_def fmp_events[FMP_NEV] = {
	{"map", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_map), f_map, "the map's size, first of all"},
	{"terrain", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_terrain), f_terrain,
		"one row of terrain (every row is given)"},
	{"ore", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_ore), f_ore, "an ore pebble on the map"},
	{"tide", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_tide), f_tide,
		"the tide card of the next turn, phase 1 of turns 2 to 24 (H13)"},
	{"land", PL, NF(f_land), f_land, "turn 1: the player's astronef lands with its army"},
	{"move", PL, NF(f_move), f_move, "a unit moves, 1 point per hex"},
	{"load", PL, NF(f_load), f_load, "a transporter takes an adjacent unit or ore, 1 point"},
	{"unload", PL, NF(f_unload), f_unload, "a transporter puts cargo down, 1 point"},
	{"enter", PL, NF(f_enter), f_enter, "a unit enters an astronef through a pode, 1 point (9.1, 9.2)"},
	{"leave", PL, NF(f_leave), f_leave, "a unit leaves an astronef through a pode, 1 point (9.1)"},
	{"fire", PL, NF(f_fire), f_fire, "two destroyers fire on one hex, 2 points"},
	{"capture", PL, NF(f_capture), f_capture, "two adjacent destroyers capture a unit, 1 point"},
	{"build", PL, NF(f_build), f_build, "the weather layer turns an ore into a unit, 1 point"},
	{"rebuild", PL, NF(f_rebuild), f_rebuild, "the captor rebuilds a turret, 2 points (9.2)"},
	{"neutralise", PL, 0, NULL, "after a capture: the units still under fire stay neutralised (9.3)"},
	{"takeoff", PL, NF(f_takeoff), f_takeoff, "an astronef takes off after playing, turn 25 (9.5)"},
	{"commit", PL, NF(f_commit), f_commit,
		"turn 21, phase 1: the owner seals the astronef's secret choice, stay or leave (9.5)"},
	{"reveal", PL, NF(f_reveal), f_reveal,
		"turn 21, phase 1, every choice sealed: the choice shown; a leaver takes off at once (9.5)"},
};

static const char *const fmp_phases[] = {"tide", "first", "second", "third", "fourth"};

const sl_schema fmp_schema = {
	FMP_NEV, fmp_events, 1 + FMP_MAX_PLAYERS, fmp_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};

/* ---- small helpers ------------------------------------------------------------ */

int fmp_illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

const char *fmp_pid(const sl_header *h, int p)
{
	static const char *const num[SL_MAX_PLAYERS] = {"0", "1", "2", "3", "4", "5", "6", "7"};
	if (p < 0)
		return "nobody";
	if (h && p < h->nplayers && h->players[p].id)
		return h->players[p].id;
	return p < SL_MAX_PLAYERS ? num[p] : "?";
}

const char *fmp_dir_name(int dir)
{
	return dir >= 0 && dir < 6 ? dir_tokens[dir] : "?";
}

const char *fmp_kind_name(int kind)
{
	static const char *const n[FMP_NKIND] = {"tank", "heavy tank", "patrol boat", "barge",
		"crab", "weather layer", "pontoon", "ore", "turret"};
	return kind >= 0 && kind < FMP_NKIND ? n[kind] : "?";
}

const char *fmp_tide_name(int tide)
{
	return tide >= 0 && tide < 3 ? tide_names[tide] : "?";
}

const char *fmp_terrain_name(int t)
{
	static const char *const n[FMP_NTERRAIN] = {"sea", "reef", "swamp", "plain", "mountain"};
	return t >= 0 && t < FMP_NTERRAIN ? n[t] : "?";
}

static sl_hex to_axial(int col, int row)
{
	sl_offset o;
	o.col = col - 1;
	o.row = row - 1;
	return sl_hex_from_offset(fmp_schema.grid, o);
}

void fmp_neighbor(int col, int row, int dir, int *ncol, int *nrow)
{
	sl_hex h = sl_hex_neighbor(SL_HEX_FLAT, to_axial(col, row), dir);
	sl_offset o = sl_hex_to_offset(fmp_schema.grid, h);
	*ncol = o.col + 1;
	*nrow = o.row + 1;
}

int fmp_distance(int c1, int r1, int c2, int r2)
{
	return sl_hex_distance(to_axial(c1, r1), to_axial(c2, r2));
}

int fmp_on_map(const fmp_state *s, int col, int row)
{
	return col >= 1 && col <= s->cols && row >= 1 && row <= s->rows;
}

int fmp_terrain_at(const fmp_state *s, int col, int row)
{
	return fmp_on_map(s, col, row) ? s->terrain[row - 1][col - 1] : -1;
}

int fmp_effective(int terrain, int tide)
{
	switch (terrain) {
	case FMP_REEF: return tide == FMP_LOW ? FMP_PLAIN : FMP_SEA;
	case FMP_SWAMP: return tide == FMP_HIGH ? FMP_SEA : FMP_PLAIN;
	case FMP_PLAIN: return FMP_PLAIN;
	case FMP_MOUNTAIN: return FMP_MOUNTAIN;
	default: return FMP_SEA;
	}
}

void fmp_ship_hexes(const fmp_ship *sh, int col[4], int row[4])
{
	col[0] = sh->col;
	row[0] = sh->row;
	for (int k = 0; k < 3; k++)
		fmp_neighbor(sh->col, sh->row, (sh->orient + 2 * k) % 6, &col[k + 1], &row[k + 1]);
}

int fmp_range(const fmp_state *s, const fmp_unit *u)
{
	switch (u->kind) {
	case FMP_TANK:   /* a tank on a mountain reaches one hex further */
		return fmp_terrain_at(s, u->col, u->row) == FMP_MOUNTAIN ? 3 : 2;
	case FMP_HEAVY: return 3;
	case FMP_BOAT: return 2;
	case FMP_TURRET: return 2;
	default: return 0;
	}
}

int fmp_find_unit(const fmp_state *s, const char *id, size_t n)
{
	if (!id || n == 0 || n >= FMP_ID_LEN)
		return -1;
	/* the length and the first byte before memcmp: every event names its
	 * units, and most ids differ there (a call of memcmp per unit was 5% of
	 * batch's CPU) */
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].id[n] == 0 && s->units[i].id[0] == id[0] &&
		    memcmp(s->units[i].id, id, n) == 0)
			return i;
	return -1;
}

int fmp_find_ship(const fmp_state *s, const sl_header *h, const char *id, size_t n)
{
	if (!h || !id)
		return -1;
	for (int i = 0; i < h->nplayers && i < FMP_MAX_PLAYERS; i++)
		if (h->players[i].id && strlen(h->players[i].id) == n
		    && memcmp(h->players[i].id, id, n) == 0)
			return s->ships[i].landed ? i : -1;
	return -1;
}

int fmp_ship_at(const fmp_state *s, int col, int row)
{
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		const fmp_ship *sh = &s->ships[k];
		int c[4], r[4];
		if (!sh->landed || sh->gone)
			continue;
		/* its podes are neighbours of the bubble: a column and a row at most away */
		if (sh->col - col > 1 || col - sh->col > 1 || sh->row - row > 1 || row - sh->row > 1)
			continue;
		fmp_ship_hexes(sh, c, r);
		for (int i = 0; i < 4; i++)
			if (c[i] == col && r[i] == row)
				return k;
	}
	return -1;
}

int fmp_pontoon_at(const fmp_state *s, int col, int row)
{
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where == FMP_MAP && u->kind == FMP_PONTOON && u->col == col && u->row == row)
			return i;
	}
	return -1;
}

int fmp_unit_at(const fmp_state *s, int col, int row)
{
	int pontoon = -1;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where != FMP_MAP || u->kind == FMP_TURRET)
			continue;
		if ((u->col == col && u->row == row)
		    || (u->kind == FMP_BARGE && u->tcol == col && u->trow == row)) {
			if (u->kind == FMP_PONTOON)
				pontoon = i;
			else
				return i;
		}
	}
	return pontoon;
}

static int is_land_unit(int kind)
{
	return kind == FMP_TANK || kind == FMP_HEAVY || kind == FMP_CRAB || kind == FMP_LAYER;
}

int fmp_terrain_ok(const fmp_state *s, int kind, int col, int row)
{
	int t = fmp_terrain_at(s, col, row), e;
	if (t < 0)
		return 0;
	e = fmp_effective(t, s->tide);
	if (kind == FMP_BOAT || kind == FMP_BARGE)
		return e == FMP_SEA && fmp_pontoon_at(s, col, row) < 0;
	if (kind == FMP_PONTOON)
		return e == FMP_SEA;
	if (kind == FMP_ORE)
		return e != FMP_SEA;
	if (!is_land_unit(kind))
		return 0;
	if (e == FMP_SEA)
		return fmp_pontoon_at(s, col, row) >= 0;   /* a bridge */
	if (e == FMP_MOUNTAIN)
		return kind != FMP_HEAVY;                  /* never a heavy tank */
	return 1;
}

int fmp_hex_free(const fmp_state *s, int kind, int col, int row, int self)
{
	int o;
	if (!fmp_on_map(s, col, row) || fmp_ship_at(s, col, row) >= 0)
		return 0;
	o = fmp_unit_at(s, col, row);
	if (o >= 0 && o != self && !(s->units[o].kind == FMP_PONTOON && is_land_unit(kind)))
		return 0;
	return 1;
}

int fmp_size(int kind)
{
	return kind == FMP_CRAB || kind == FMP_LAYER ? 2 : 1;
}

int fmp_capacity(int kind)
{
	switch (kind) {
	case FMP_BARGE: return 4;
	case FMP_CRAB: return 2;
	case FMP_LAYER: return 1;
	default: return 0;
	}
}

int fmp_cargo_used(const fmp_state *s, int t)
{
	int used = 0;
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == t)
			used += fmp_size(s->units[i].kind);
	return used;
}

int fmp_inside_ship(const fmp_state *s, int u, int *ship)
{
	for (int depth = 0; depth < 8 && u >= 0 && u < s->nunits; depth++) {
		const fmp_unit *x = &s->units[u];
		if (x->where == FMP_IN_SHIP) {
			if (ship)
				*ship = x->holder;
			return 1;
		}
		if (x->where != FMP_IN_UNIT)
			return 0;
		u = x->holder;
	}
	return 0;
}

void fmp_recolour(fmp_state *s, int u, int colour)
{
	if (s->units[u].kind != FMP_ORE)
		s->units[u].colour = colour;
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == u && i != u)
			fmp_recolour(s, i, colour);
}

/* ---- fire zones -------------------------------------------------------------- */

int fmp_stuck(const fmp_state *s, const fmp_unit *u)
{
	if (u->where != FMP_MAP || u->kind == FMP_TURRET || u->kind == FMP_PONTOON
	    || u->kind == FMP_ORE)
		return 0;
	if (!fmp_terrain_ok(s, u->kind, u->col, u->row))
		return 1;
	return u->kind == FMP_BARGE && !fmp_terrain_ok(s, u->kind, u->tcol, u->trow);
}

/* Axial coordinates of a hex of the map (1-based offset coordinates of
 * fmp_schema's flat-topped, odd-shoved grid): sl_hex_from_offset's sum,
 * written here so the fire-cover loops below need no call per unit. */
static inline void ax_of(int col, int row, int *q, int *r)
{
	int c = col - 1;
	*q = c;
	*r = row - 1 - (c - (c & 1)) / 2;
}

/* The distance from unit u (a destroyer on the map) to the hex of axial
 * (q,r) at (col,row) when it is 3 hexes or less (no destroyer reaches
 * further), else 4. A step between flat-topped hexes changes the column by
 * at most one and the row by at most one, so a column or row more than 3
 * away is further: the cheap test first (these are asked for every unit at
 * every move). */
static inline int near3_ax(const fmp_unit *u, int col, int row, int q, int r)
{
	int uq, ur, dq, dr, ds, m;
	if (u->col - col > 3 || col - u->col > 3 || u->row - row > 3 || row - u->row > 3)
		return 4;
	ax_of(u->col, u->row, &uq, &ur);
	dq = abs(uq - q);
	dr = abs(ur - r);
	ds = abs(uq - q + ur - r);
	m = dq > dr ? dq : dr;
	m = ds > m ? ds : m;
	return m > 3 ? 4 : m;
}

static int near3(const fmp_unit *u, int col, int row)
{
	int q, r;
	ax_of(col, row, &q, &r);
	return near3_ax(u, col, row, q, r);
}

int fmp_fire_count(const fmp_state *s, int col, int row, int q)
{
	int n = 0;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		int d;
		if (u->where != FMP_MAP || !fmp_is_destroyer(u->kind))
			continue;
		if ((d = near3(u, col, row)) > 3 || fmp_controller(s, u) != q)
			continue;
		if (d <= fmp_range(s, u) && !fmp_stuck(s, u))
			n++;
	}
	return n;
}

/* Whether two destroyers of one player other than p cover (col,row): one
 * pass over the units, counting each controller's. */
int fmp_under_fire(const fmp_state *s, int col, int row, int p)
{
	int n[FMP_MAX_PLAYERS] = {0}, q0, r0;
	ax_of(col, row, &q0, &r0);
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		int d, q;
		if (u->where != FMP_MAP || !fmp_is_destroyer(u->kind) || (d = near3_ax(u, col, row, q0, r0)) > 3)
			continue;
		q = fmp_controller(s, u);
		if (q < 0 || q == p || q >= s->np || q >= FMP_MAX_PLAYERS)
			continue;
		if (d <= fmp_range(s, u) && !fmp_stuck(s, u) && ++n[q] >= 2)
			return 1;
	}
	return 0;
}

/* The destroyers that fire on hexes against player p (on the map, held by
 * another player, not stuck; each with its range), gathered once where each
 * of a player's units is asked about: the start of his turn. (A move asks
 * of a hex or two: there a pass over every unit costs less than this.) */
typedef struct fmp_cover {
	int n;
	struct { short unit, range, q; } d[FMP_MAX_UNITS];
} fmp_cover;

static void fmp_cover_of(const fmp_state *s, int p, fmp_cover *c)
{
	c->n = 0;
	for (int i = 0; i < s->nunits && i < FMP_MAX_UNITS; i++) {
		const fmp_unit *u = &s->units[i];
		int q;
		if (u->where != FMP_MAP || !fmp_is_destroyer(u->kind))
			continue;
		q = fmp_controller(s, u);
		if (q < 0 || q == p || q >= s->np || q >= FMP_MAX_PLAYERS || fmp_stuck(s, u))
			continue;
		c->d[c->n].unit = (short)i;
		c->d[c->n].range = (short)fmp_range(s, u);
		c->d[c->n].q = (short)q;
		c->n++;
	}
}

/* fmp_under_fire(s, col, row, p) for the state and p of fmp_cover_of */
static int fmp_cover_fires(const fmp_state *s, const fmp_cover *c, int col, int row)
{
	int n[FMP_MAX_PLAYERS] = {0}, q0, r0;
	ax_of(col, row, &q0, &r0);
	for (int k = 0; k < c->n; k++)
		if (near3_ax(&s->units[c->d[k].unit], col, row, q0, r0) <= c->d[k].range &&
		    ++n[c->d[k].q] >= 2)
			return 1;
	return 0;
}

int fmp_unit_under_fire(const fmp_state *s, const fmp_unit *u, int p)
{
	if (u->where != FMP_MAP)
		return 0;
	if (fmp_under_fire(s, u->col, u->row, p))
		return 1;
	return u->kind == FMP_BARGE && fmp_under_fire(s, u->tcol, u->trow, p);
}

int fmp_neutralised(const fmp_state *s, const fmp_unit *u)
{
	int p = fmp_controller(s, u);
	/* turrets are never neutralised; ore has no controller */
	return p >= 0 && u->kind != FMP_ORE && u->kind != FMP_TURRET
		&& fmp_unit_under_fire(s, u, p);
}

int fmp_base_ap(int turn)
{
	return turn <= 2 ? 0 : turn == 3 ? 5 : turn == 4 ? 10 : 15;
}

int fmp_ships_held(const fmp_state *s, int p)
{
	int n = 0;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++)
		if (s->ships[k].landed && !s->ships[k].gone && s->ships[k].owner == p)
			n++;
	return n;
}

/* ---- the weather layer's forecast (H13) -------------------------------------- */

int fmp_forecaster(const fmp_state *s, int p)
{
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->kind == FMP_LAYER && u->where == FMP_MAP && fmp_controller(s, u) == p
		    && !fmp_stuck(s, u) && !fmp_unit_under_fire(s, u, p))
			return 1;
	}
	return 0;
}

int fmp_knows_next(const fmp_state *s, int p)
{
	return s->next >= 0 && p >= 0 && p < FMP_MAX_PLAYERS && (s->known >> p & 1);
}

void fmp_update_known(fmp_state *s)
{
	if (s->next < 0)
		return;
	for (int p = 0; p < s->np && p < FMP_MAX_PLAYERS; p++)
		if (!(s->known >> p & 1) && fmp_forecaster(s, p))
			s->known |= 1 << p;
}

/* ---- pontoons (H11) ----------------------------------------------------------- */

/* Ground a pontoon may be tied to: land at this tide, or an astronef. */
static int tie_ground(const fmp_state *s, int col, int row)
{
	int t = fmp_terrain_at(s, col, row);
	if (t < 0)
		return 0;
	return fmp_effective(t, s->tide) != FMP_SEA || fmp_ship_at(s, col, row) >= 0;
}

static int next_to_ground(const fmp_state *s, int col, int row)
{
	if (tie_ground(s, col, row))
		return 1;
	for (int d = 0; d < 6; d++) {
		int nc, nr;
		fmp_neighbor(col, row, d, &nc, &nr);
		if (tie_ground(s, nc, nr))
			return 1;
	}
	return 0;
}

/* tied[i]: pontoon i is tied to land, directly or through other pontoons. */
static void tied_set(const fmp_state *s, uint8_t tied[FMP_MAX_UNITS])
{
	int changed = 1;
	memset(tied, 0, FMP_MAX_UNITS);
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where == FMP_MAP && u->kind == FMP_PONTOON && next_to_ground(s, u->col, u->row))
			tied[i] = 1;
	}
	while (changed) {
		changed = 0;
		for (int i = 0; i < s->nunits; i++) {
			const fmp_unit *u = &s->units[i];
			if (tied[i] || u->where != FMP_MAP || u->kind != FMP_PONTOON)
				continue;
			for (int j = 0; j < s->nunits; j++)
				if (tied[j] && fmp_distance(u->col, u->row, s->units[j].col,
				    s->units[j].row) == 1) {
					tied[i] = 1;
					changed = 1;
					break;
				}
		}
	}
}

int fmp_pontoon_tied(const fmp_state *s, int u)
{
	uint8_t tied[FMP_MAX_UNITS];
	if (u < 0 || u >= s->nunits)
		return 0;
	tied_set(s, tied);
	return tied[u];
}

int fmp_pontoon_can_tie(const fmp_state *s, int col, int row)
{
	uint8_t tied[FMP_MAX_UNITS];
	if (next_to_ground(s, col, row))
		return 1;
	tied_set(s, tied);
	for (int j = 0; j < s->nunits; j++)
		if (tied[j] && fmp_distance(col, row, s->units[j].col, s->units[j].row) == 1)
			return 1;
	return 0;
}

void fmp_kill(fmp_state *s, int u)
{
	s->units[u].where = FMP_DEAD;
	s->units[u].escape = s->units[u].retreat = 0;
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].where == FMP_IN_UNIT && s->units[i].holder == u)
			fmp_kill(s, i);
}

int fmp_sink_pontoons(fmp_state *s, sl_buf *desc)
{
	uint8_t tied[FMP_MAX_UNITS];
	int n = 0;
	tied_set(s, tied);
	for (int i = 0; i < s->nunits; i++) {
		fmp_unit *p = &s->units[i];
		if (p->where != FMP_MAP || p->kind != FMP_PONTOON || tied[i])
			continue;
		for (int j = 0; j < s->nunits; j++) {   /* what stands on it goes down with it */
			fmp_unit *x = &s->units[j];
			if (j == i || x->where != FMP_MAP || x->kind == FMP_TURRET)
				continue;
			if ((x->col == p->col && x->row == p->row)
			    || (x->kind == FMP_BARGE && x->tcol == p->col && x->trow == p->row)) {
				fmp_kill(s, j);
				if (desc)
					sl_buf_printf(desc, "%s%s", n ? ", " : "", x->id);
				n++;
			}
		}
		fmp_kill(s, i);
		if (desc)
			sl_buf_printf(desc, "%s%s", n ? ", " : "", p->id);
		n++;
	}
	return n;
}

/* ---- setup -------------------------------------------------------------------- */

static int ev_map(fmp_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int cols = ev->f[0].u.i, rows = ev->f[1].u.i;
	if (s->cols)
		return fmp_illegal(err, "FMP H1: the map is set once, first");
	if (cols < 4 || cols > FMP_MAX_COLS || rows < 4 || rows > FMP_MAX_ROWS)
		return fmp_illegal(err, "FMP H1: a map is 4 to %d columns and 4 to %d rows, not %d x %d",
			FMP_MAX_COLS, FMP_MAX_ROWS, cols, rows);
	s->cols = cols;
	s->rows = rows;
	if (desc)
		sl_buf_printf(desc, "A map of %d x %d hexes", cols, rows);
	return 0;
}

static int terrain_code(unsigned char ch)
{
	switch (ch) {
	case '.': return FMP_SEA;
	case '~': return FMP_REEF;
	case '*': return FMP_SWAMP;
	case '-': return FMP_PLAIN;
	case '^': return FMP_MOUNTAIN;
	default: return -1;
	}
}

static int ev_terrain(fmp_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int row = ev->f[0].u.i, count[FMP_NTERRAIN] = {0};
	size_t n;
	const char *cells = sl_value_str(&ev->f[1], &n);
	if (!s->cols)
		return fmp_illegal(err, "FMP H1: `map` comes first");
	if (row < 1 || row > s->rows)
		return fmp_illegal(err, "FMP H1: row %d is not on the map (1 to %d)", row, s->rows);
	if (s->row_set[row - 1])
		return fmp_illegal(err, "FMP H1: row %d was already given", row);
	if (n != (size_t)s->cols)
		return fmp_illegal(err, "FMP H1: row %d needs %d cells, one per column, not %zu",
			row, s->cols, n);
	for (size_t i = 0; i < n; i++)
		if (terrain_code((unsigned char)cells[i]) < 0)
			return fmp_illegal(err, "FMP H1: cell %zu of row %d is byte 0x%02x; use . sea, "
				"~ reef, * swamp, - plain, ^ mountain", i + 1, row,
				(unsigned)(unsigned char)cells[i]);
	for (size_t i = 0; i < n; i++) {
		int t = terrain_code((unsigned char)cells[i]);
		s->terrain[row - 1][i] = (uint8_t)t;
		count[t]++;
	}
	s->row_set[row - 1] = 1;
	if (desc)
		sl_buf_printf(desc, "Row %d: %d sea, %d reef, %d swamp, %d plain, %d mountain", row,
			count[FMP_SEA], count[FMP_REEF], count[FMP_SWAMP], count[FMP_PLAIN],
			count[FMP_MOUNTAIN]);
	return 0;
}

static int id_ok(const char *id, size_t n)
{
	return n > 0 && n < FMP_ID_LEN && memchr(id, 0, n) == NULL;
}

static int ev_ore(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(&ev->f[0], &n);
	int col = ev->f[1].u.hex.col, row = ev->f[1].u.hex.row;
	fmp_unit *u;
	if (!s->cols)
		return fmp_illegal(err, "FMP H1: `map` comes first");
	for (int r = 0; r < s->rows; r++)
		if (!s->row_set[r])
			return fmp_illegal(err, "FMP H1: ore comes after every terrain row (row %d is missing)",
				r + 1);
	if (!id_ok(id, n))
		return fmp_illegal(err, "FMP H1: an id is 1 to %d characters", FMP_ID_LEN - 1);
	if (fmp_find_unit(s, id, n) >= 0 || fmp_find_ship(s, h, id, n) >= 0
	    || (h && sl_header_player(h, id) >= 0 && strlen(id) == n))
		return fmp_illegal(err, "FMP H1: the id '%.*s' is taken", (int)n, id);
	if (s->nunits >= FMP_MAX_UNITS)
		return fmp_illegal(err, "FMP H1: at most %d pieces", FMP_MAX_UNITS);
	if (!fmp_on_map(s, col, row))
		return fmp_illegal(err, "FMP H1: %d,%d is off the map", col, row);
	if (fmp_terrain_at(s, col, row) == FMP_SEA)
		return fmp_illegal(err, "FMP H1: ore lies on land, not on the sea at %d,%d", col, row);
	if (fmp_unit_at(s, col, row) >= 0)
		return fmp_illegal(err, "FMP H1: there is already ore at %d,%d", col, row);
	u = &s->units[s->nunits++];
	memset(u, 0, sizeof *u);
	memcpy(u->id, id, n);
	u->kind = FMP_ORE;
	u->colour = -1;
	u->where = FMP_MAP;
	u->holder = -1;
	u->col = u->tcol = col;
	u->row = u->trow = row;
	if (desc)
		sl_buf_printf(desc, "Ore %s at %d,%d (%s)", u->id, col, row,
			fmp_terrain_name(fmp_terrain_at(s, col, row)));
	return 0;
}

/* ---- the tide (H4, H13: phase 1 of turns 2 to 24 draws the next turn's card) ---- */

static int ev_tide(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int card = ev->f[0].u.i, stuck = 0, n = 0;
	if (card < 0 || card > 2)
		return fmp_illegal(err, "FMP H4: a tide card is low, normal or high");
	if (s->turn < 2)
		return fmp_illegal(err, "FMP H13: turns 1 and 2 are at normal tide; the first card, "
			"the tide of turn 3, is drawn in phase 1 of turn 2");
	if (s->turn >= FMP_LAST_TURN)
		return fmp_illegal(err, "FMP H13: the game ends with turn %d; no card is drawn for a "
			"turn %d", FMP_LAST_TURN, FMP_LAST_TURN + 1);
	if (s->phase != 1)
		return fmp_illegal(err, "FMP H13: the tide card is drawn in phase 1 (tide), not in "
			"phase %d", s->phase);
	if (s->tide_set)
		return fmp_illegal(err, "FMP H13: the tide of turn %d is already drawn", s->turn + 1);
	if (s->deck[0] + s->deck[1] + s->deck[2] == 0)
		s->deck[0] = s->deck[1] = s->deck[2] = 5;   /* H4: a spent deck is reshuffled */
	if (s->deck[card] == 0)
		return fmp_illegal(err, "FMP H4: no %s tide card is left in the deck (15 cards, 5 of "
			"each; left: %d low, %d normal, %d high)", fmp_tide_name(card), s->deck[0],
			s->deck[1], s->deck[2]);
	s->deck[card]--;
	s->next = card;
	s->known = 0;
	s->tide_set = 1;
	fmp_update_known(s);
	for (int i = 0; i < s->nunits; i++)
		stuck += fmp_stuck(s, &s->units[i]);
	if (desc) {
		sl_buf_printf(desc, "Tide card for turn %d: %s tide (this turn: %s", s->turn + 1,
			fmp_tide_name(card), fmp_tide_name(s->tide));
		if (stuck)
			sl_buf_printf(desc, ", %d %s stuck", stuck, stuck == 1 ? "unit is" : "units are");
		sl_buf_puts(desc, "); ");
		for (int p = 0; p < s->np; p++)
			if (s->known >> p & 1)
				sl_buf_printf(desc, "%s%s", n++ ? ", " : "forecast by the weather layer of ",
					fmp_pid(h, p));
		if (!n)
			sl_buf_puts(desc, "no operational weather layer: nobody knows it yet");
		sl_buf_printf(desc, "; %d cards left in the deck", s->deck[0] + s->deck[1] + s->deck[2]);
	}
	return 0;
}

/* ---- apply and mark ------------------------------------------------------------ */

int fmp_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	fmp_state *s = st;
	const sl_event_def *d;
	if (ev->entry != SL_ENTRY_EVENT)
		return fmp_illegal(err, "FMP: a turn or phase marker is not an event");
	if (ev->type >= FMP_NEV)
		return fmp_illegal(err, "FMP: unknown event type %u", ev->type);
	d = &fmp_events[ev->type];
	for (int i = 0; i < d->nfields; i++)
		if (!d->fields[i].optional && !ev->f[i].present)
			return fmp_illegal(err, "FMP: %s needs %s=", d->name, d->fields[i].name);
	if (d->flags & SL_EV_SETUP) {
		if (s->turn > 0)
			return fmp_illegal(err, "FMP H1: setup events (%s) come before turn 1", d->name);
	} else if (s->turn == 0) {
		return fmp_illegal(err, "FMP H2: %s comes after `turn 1`", d->name);
	}
	if ((d->flags & SL_EV_NOPLAYER) && ev->player >= 0)
		return fmp_illegal(err, "FMP: %s is nobody's action; name no player", d->name);
	if ((d->flags & SL_EV_PLAYER) && ev->player < 0)
		return fmp_illegal(err, "FMP: %s needs the acting player (\"id: %s ...\")", d->name,
			d->name);
	switch (ev->type) {
	case FMP_EV_MAP: return ev_map(s, ev, desc, err);
	case FMP_EV_TERRAIN: return ev_terrain(s, ev, desc, err);
	case FMP_EV_ORE: return ev_ore(s, h, ev, desc, err);
	case FMP_EV_TIDE: return ev_tide(s, h, ev, desc, err);
	case FMP_EV_COMMIT:
	case FMP_EV_REVEAL: return fmp_choice(s, h, ev, desc, err);
	default: {
		int before = s->known, rc = fmp_play(s, h, ev, desc, err);
		if (rc)
			return rc;
		fmp_update_known(s);   /* H13: a layer that becomes operational forecasts */
		for (int p = 0; desc && p < s->np; p++)
			if ((s->known & ~before) >> p & 1)
				sl_buf_printf(desc, "; %s's weather layer forecasts the tide of turn %d: %s "
					"(H13)", fmp_pid(h, p), s->turn + 1, fmp_tide_name(s->next));
		return 0;
	}
	}
}

/* The end of a player's part of the turn: points saved by fives, at most 10. */
static void end_part(fmp_state *s)
{
	for (int p = 0; p < FMP_MAX_PLAYERS; p++) {
		fmp_player *pl = &s->players[p];
		if (!pl->playing)
			continue;
		pl->playing = 0;
		pl->saved = s->turn >= 3 ? (pl->ap >= 10 ? 10 : pl->ap >= 5 ? 5 : 0) : 0;
		pl->ap = 0;
	}
	for (int i = 0; i < s->nunits; i++)
		s->units[i].retreat = 0;   /* H7: the retreat is for its owner's turn */
	if (s->escape >= 0) {   /* 9.3: those that did not get out stay neutralised */
		for (int i = 0; i < s->nunits; i++)
			s->units[i].escape = 0;
		s->escape = -1;
	}
}

int fmp_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	fmp_state *s = st;
	if (phase < 1 || phase > 1 + FMP_MAX_PLAYERS)
		return fmp_illegal(err, "FMP H2: a turn has phases 1 (tide) to %d, not %d",
			1 + FMP_MAX_PLAYERS, phase);
	if (!s->cols)
		return fmp_illegal(err, "FMP H1: the setup has no map; `map` comes before turn 1");
	if (s->turn >= 1 && !s->tide_set && (turn != s->turn || phase > 1))
		return fmp_illegal(err, "FMP H13: the tide card of turn %d must be drawn in phase 1 "
			"of turn %d (`tide card=...`) before the game moves on", s->turn + 1, s->turn);
	if (phase == 1 && turn == s->turn && s->phase == 1)
		return 0;   /* an explicit "phase 1" right after the turn marker */
	if (s->turn == 21 && s->phase == 1)   /* 9.5: the choices come before the play */
		for (int k = 0; k < FMP_MAX_PLAYERS; k++)
			if (s->ships[k].landed && !s->ships[k].gone && s->ships[k].choice < 0)
				return fmp_illegal(err, "FMP 9.5: turn 21 is played once every astronef's "
					"choice, stay or leave, is sealed and revealed (`commit`, then `reveal`); "
					"the %s astronef's is not revealed", fmp_pid(h, k));
	if (phase == 1) {
		if (turn != s->turn + 1)
			return fmp_illegal(err, "FMP H2: turn %d cannot follow turn %d", turn, s->turn);
		if (turn > FMP_LAST_TURN)
			return fmp_illegal(err, "FMP 9.5: the game ends with turn %d; there is no turn %d",
				FMP_LAST_TURN, turn);
		if (turn == 1) {
			int np = h ? h->nplayers : 0;
			for (int r = 0; r < s->rows; r++)
				if (!s->row_set[r])
					return fmp_illegal(err, "FMP H1: terrain row %d is missing", r + 1);
			if (np < 2 || np > FMP_MAX_PLAYERS)
				return fmp_illegal(err, "FMP H2: Full Metal Planète is for 2 to %d players, "
					"not %d", FMP_MAX_PLAYERS, np);
			s->np = np;
		}
		if (turn == 2)
			for (int p = 0; p < s->np; p++)
				if (!s->ships[p].landed)
					return fmp_illegal(err, "FMP H3: %s has not landed; every astronef lands "
						"on turn 1", fmp_pid(h, p));
		end_part(s);
		s->turn = turn;
		s->phase = 1;
		/* H13: the tide is the card drawn last turn; a draw is due on turns 2 to 24 */
		s->tide = turn < 3 || s->next < 0 ? FMP_NORMAL : s->next;
		s->next = -1;
		s->known = 0;
		s->tide_set = turn == 1 || turn == FMP_LAST_TURN;
		fmp_sink_pontoons(s, NULL);   /* H11: a flooded tie sinks its pontoons */
		for (int i = 0; i < s->nunits; i++)
			s->units[i].shots = s->units[i].builds = 0;
		s->nlast = 0;
		return 0;
	}
	if (s->turn == 0 || turn != s->turn)
		return fmp_illegal(err, "FMP H2: phase %d of turn %d, but the game is in turn %d",
			phase, turn, s->turn);
	if (phase <= s->phase)
		return fmp_illegal(err, "FMP H2: phase %d cannot follow phase %d", phase, s->phase);
	if (phase - 2 >= s->np)
		return fmp_illegal(err, "FMP H2: there are %d players: phases 2 to %d", s->np,
			s->np + 1);
	end_part(s);
	s->phase = phase;
	{
		int p = phase - 2;
		fmp_player *pl = &s->players[p];
		int ships = fmp_ships_held(s, p);
		pl->playing = 1;
		pl->ap = 0;
		/* the credit follows the astronefs held on the planet: 5 more for
		 * each beyond the first (9.2: conquered), 5 less for each lost */
		if (s->turn >= 3 && ships > 0)
			pl->ap = fmp_base_ap(s->turn) + pl->saved + 5 * (ships - 1);
		/* H14: turn 21's early take-offs are paid from this turn's credit */
		pl->ap = pl->ap > pl->debt ? pl->ap - pl->debt : 0;
		pl->debt = 0;
		pl->saved = 0;
		/* ammunition (and the layer's two builds) renew at the start of each
		 * player's turn: a destroyer taken in this round fires for its captor.
		 * H7: a unit of his under enemy fire now may retreat one hex. */
		fmp_cover cv;
		fmp_cover_of(s, p, &cv);   /* nothing this loop changes moves the cover */
		for (int i = 0; i < s->nunits; i++) {
			fmp_unit *u = &s->units[i];
			u->shots = u->builds = 0;
			/* fmp_neutralised, for a unit of p's */
			u->retreat = s->turn >= 3 && u->where == FMP_MAP && fmp_controller(s, u) == p
				&& u->kind != FMP_ORE && u->kind != FMP_TURRET
				&& (fmp_cover_fires(s, &cv, u->col, u->row) ||
				    (u->kind == FMP_BARGE && fmp_cover_fires(s, &cv, u->tcol, u->trow)))
				&& !fmp_stuck(s, u) && u->kind != FMP_PONTOON;
		}
	}
	s->nlast = 0;
	return 0;
}

/* ---- the module table ---------------------------------------------------------- */

static int fmp_init(void **out, const sl_header *h, sl_error *err)
{
	fmp_state *s = sl_calloc(1, sizeof *s);
	(void)h;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "fmp: out of memory");
	s->tide = FMP_NORMAL;
	s->next = -1;
	s->escape = -1;
	s->deck[0] = s->deck[1] = s->deck[2] = 5;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		s->ships[k].owner = k;
		s->ships[k].choice = -1;
		for (int t = 0; t < 3; t++)
			s->ships[k].turret[t] = -1;
	}
	*out = s;
	return 0;
}

static int fmp_apply(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	return sl_flat_apply(st, sizeof(fmp_state), fmp_apply_in, h, ev, desc, err);
}

static int fmp_mark(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	return sl_flat_mark(st, sizeof(fmp_state), fmp_mark_in, h, turn, phase, err);
}

static void fmp_position(const void *st, int *turn, int *phase)
{
	const fmp_state *s = st;
	*turn = s->turn;
	*phase = s->phase;
}

const sl_game sl_game_fmp = {
	SL_GAME_API,
	"fmp",
	"Full Metal Planète: tides, action points, fire zones, the astronef (ch. 9)",
	FMP_RULES_VERSION,
	&fmp_schema,
	NULL,                 /* compat: only this rules version replays */
	fmp_init,
	sl_free,              /* destroy: the state is one flat block */
	fmp_apply,
	fmp_mark,
	fmp_serialize,
	fmp_restore,
	fmp_summary,
	fmp_summary_json,
	fmp_help,
	fmp_generate,
	fmp_position,
	NULL,                 /* model: the generic coding */
	fmp_result,          /* when the game is over, who won */
	fmp_chances,          /* the tide card a recorder draws */
	fmp_veil,             /* the next tide, hidden from who did not forecast it */
};
