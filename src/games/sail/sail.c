/* sail.c - the age-of-sail rules: schema, setup, wind (sail 5), movement
 * (sail 6), the house rules of formats/sail.md (H1-H11), and the module table. */
#include "sail_int.h"

#include <string.h>

/* ---- schema ----------------------------------------------------------------- */

static const char *const draft_names[] = {"deep", "shallow", NULL};
static const char *const step_names[] = {"A", "AP", "AS", "TP", "TS", NULL};
static const char *const result_names[] = {"captured", "repulsed", NULL};

static const sl_field_def f_map[] = {
	{"cols", SL_K_INT, 0, 1, SAIL_MAX_COLS, 0, NULL, "columns of the map"},
	{"rows", SL_K_INT, 0, 1, SAIL_MAX_ROWS, 0, NULL, "rows of the map"},
	{"turns", SL_K_INT, 1, 0, SAIL_MAX_TURNS, 0, NULL,
		"length of the game in turns (absent or 0: open-ended)"},
};
static const sl_field_def f_terrain[] = {
	{"row", SL_K_INT, 0, 1, SAIL_MAX_ROWS, 0, NULL, "the row described"},
	{"cells", SL_K_TEXT, 0, 0, 0, SAIL_MAX_COLS, NULL,
		"one character per column: . sea, ~ shoal, # land"},
};
static const sl_field_def f_ship[] = {
	{"id", SL_K_PIECE, 0, 0, 0, 31, NULL, "the ship's id in this log"},
	{"name", SL_K_TEXT, 0, 0, 0, 47, NULL, "her name"},
	{"class", SL_K_TEXT, 0, 0, 0, 31, NULL, "her class: 74, frigate, sloop..."},
	{"side", SL_K_PIECE, 0, 0, 0, 31, NULL, "the player she sails for"},
	{"at", SL_K_HEX, 0, 0, 0, 0, NULL, "her hex (sea or shoal)"},
	{"facing", SL_K_DIR, 0, 0, 5, 0, NULL, "the hexside her bow points at"},
	{"mp", SL_K_INT, 0, 1, SAIL_MAX_MP, 0, NULL, "movement points per movement phase"},
	{"draft", SL_K_ENUM, 0, 0, 0, 0, draft_names, "deep, or shallow (marked * on the counter)"},
	{"hull", SL_K_INT, 0, 1, SAIL_MAX_HULL, 0, NULL, "hull points"},
};
static const sl_field_def f_wind[] = {
	{"roll", SL_K_DICE, 1, 1, 6, 1, NULL, "d6: 1-2 clockwise, 3-4 steady, 5-6 counter-clockwise"},
	{"to", SL_K_DIR, 1, 0, 5, 0, NULL, "the new direction, if not rolled (a neighbour or the same)"},
};
static const sl_field_def f_move[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, 31, NULL, "the ship that moves"},
	{"steps", SL_K_LIST, 0, 0, 0, SAIL_MAX_STEPS, step_names,
		"A advance, AP/AS advance then turn port/starboard, TP/TS tack"},
	{"dice", SL_K_DICE, 1, 1, 6, SAIL_MAX_DICE, NULL, "one grounding die per shoal hex entered"},
};
static const sl_field_def f_fire[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, 31, NULL, "the ship that fires"},
	{"target", SL_K_PIECE, 0, 0, 0, 31, NULL, "the enemy fired upon"},
	{"hits", SL_K_INT, 0, 0, SAIL_MAX_HULL, 0, NULL, "hull points lost by the target"},
};
static const sl_field_def f_board[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, 31, NULL, "the boarding ship"},
	{"target", SL_K_PIECE, 0, 0, 0, 31, NULL, "the adjacent enemy boarded"},
	{"result", SL_K_ENUM, 0, 0, 0, 0, result_names, "captured or repulsed"},
};
static const sl_field_def f_strike[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, 31, NULL, "the ship that strikes her colours"},
};

#define NF(a) ((int)(sizeof(a) / sizeof((a)[0])))
static const sl_event_def sail_events[SAIL_NEV] = {
	{"map", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_map), f_map, "the map's size, first of all"},
	{"terrain", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_terrain), f_terrain,
		"one row of terrain (rows not given are sea)"},
	{"ship", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_ship), f_ship, "a ship and where she starts"},
	{"wind", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_wind), f_wind,
		"the wind of the turn, phase 1 of turns 2 on (sail 5)"},
	{"move", SL_EV_PLAY | SL_EV_PLAYER, NF(f_move), f_move,
		"a ship's whole move, phases 2 and 5 (sail 6)"},
	{"fire", SL_EV_PLAY | SL_EV_PLAYER, NF(f_fire), f_fire,
		"a broadside and its hits, phases 3 and 6 (H8)"},
	{"board", SL_EV_PLAY | SL_EV_PLAYER, NF(f_board), f_board,
		"a boarding and its outcome, phase 4 (H9)"},
	{"strike", SL_EV_PLAY | SL_EV_PLAYER, NF(f_strike), f_strike,
		"a ship strikes her colours, any phase (H10)"},
};

static const char *const sail_phases[] = {
	"wind", "movement", "fire", "boarding", "movement", "fire"
};

const sl_schema sail_schema = {
	SAIL_NEV, sail_events, 6, sail_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};

/* ---- small helpers ------------------------------------------------------------ */

static const char *const dir_names[6] = {"N", "NE", "SE", "S", "SW", "NW"};

const char *sail_dir_name(int dir)
{
	return dir >= 0 && dir < 6 ? dir_names[dir] : "?";
}

const char *sail_point_name(int point)
{
	static const char *const n[4] = {"run", "broad reach", "close-hauled", "head to wind"};
	return point >= 0 && point < 4 ? n[point] : "?";
}

const char *sail_point_verb(int point)
{
	static const char *const n[4] = {"runs", "reaches", "beats", "lies head to wind"};
	return point >= 0 && point < 4 ? n[point] : "?";
}

const char *sail_side_name(const sl_header *h, int side)
{
	static const char *const num[SL_MAX_PLAYERS] = {"0", "1", "2", "3", "4", "5", "6", "7"};
	if (h && side >= 0 && side < h->nplayers && h->players[side].id)
		return h->players[side].id;
	return side >= 0 && side < SL_MAX_PLAYERS ? num[side] : "?";
}

int sail_point_of_sail(int facing, int wind)
{
	static const uint8_t point[11] = {1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1};
	int d;
	if ((unsigned)facing < 6 && (unsigned)wind < 6)   /* every state's: no division */
		return point[facing - wind + 5];
	d = ((facing - wind) % 6 + 6) % 6;
	return d > 3 ? 6 - d : d;   /* 0 run, 1 broad, 2 close, 3 head */
}

int sail_entry_cost(int point)
{
	switch (point) {
	case SAIL_RUN: return 2;
	case SAIL_BROAD: return 1;
	case SAIL_CLOSE: return 3;
	default: return -1;
	}
}

int sail_on_map(const sail_state *s, int col, int row)
{
	return col >= 1 && col <= s->cols && row >= 1 && row <= s->rows;
}

int sail_terrain_at(const sail_state *s, int col, int row)
{
	return sail_on_map(s, col, row) ? s->terrain[row - 1][col - 1] : -1;
}

int sail_ship_at(const sail_state *s, int col, int row)
{
	return sail_on_map(s, col, row) ? s->occ[row - 1][col - 1] - 1 : -1;
}

#define SAIL_ID_SLOTS (int)sizeof(((sail_state *)0)->by_id)

/* FNV-1a over the id's bytes: where its probe sequence in by_id starts. */
static unsigned id_slot(const char *id, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)id[i]) * 16777619u;
	return h & (SAIL_ID_SLOTS - 1);
}

/* Called on every event: one hash, then usually one compare. */
int sail_find_ship(const sail_state *s, const char *id, size_t n)
{
	unsigned slot;
	if (!id || n == 0 || n >= sizeof s->ships[0].id)
		return -1;
	slot = id_slot(id, n);
	for (int k = 0; k < SAIL_ID_SLOTS; k++, slot = (slot + 1) & (SAIL_ID_SLOTS - 1)) {
		int e = s->by_id[slot];
		const char *p;
		size_t j = 0;
		if (!e)
			return -1;
		p = s->ships[e - 1].id;
		while (j < n && p[j] == id[j] && id[j])   /* a NUL inside id: no match */
			j++;
		if (j == n && p[n] == 0)
			return e - 1;
	}
	return -1;
}

void sail_index_ship(sail_state *s, int i)
{
	const sail_ship *sh = &s->ships[i];
	unsigned slot = id_slot(sh->id, strlen(sh->id));
	while (s->by_id[slot])   /* 64 ships in 128 slots: there is room */
		slot = (slot + 1) & (SAIL_ID_SLOTS - 1);
	s->by_id[slot] = (uint8_t)(i + 1);
	if (!sh->sunk && sail_on_map(s, sh->col, sh->row))
		s->occ[sh->row - 1][sh->col - 1] = (uint8_t)(i + 1);
}

void sail_reindex(sail_state *s)
{
	memset(s->occ, 0, sizeof s->occ);
	memset(s->by_id, 0, sizeof s->by_id);
	for (int i = 0; i < s->nships; i++)
		sail_index_ship(s, i);
}

static sl_hex to_axial(int col, int row)
{
	sl_offset o;
	o.col = col - 1;
	o.row = row - 1;
	return sl_hex_from_offset(sail_schema.grid, o);
}

/* The same as going through sl_hex_neighbor in axial coordinates (the test
 * holds them equal on every hex), without the conversions: a column moves
 * by dc; the row moves by dr, which depends on whether the column is one of
 * the EVEN printed columns that sit half a hex down. */
void sail_neighbor(int col, int row, int dir, int *ncol, int *nrow)
{
	static const int8_t dc[6] = {0, 1, 1, 0, -1, -1};
	static const int8_t dr[2][6] = {
		{-1, -1, 0, 1, 0, -1},   /* odd printed column */
		{-1, 0, 1, 1, 1, 0},     /* even printed column, half a hex down */
	};
	if ((unsigned)dir > 5)
		dir = ((dir % 6) + 6) % 6;
	*ncol = col + dc[dir];
	*nrow = row + dr[!(col & 1)][dir];
}

int sail_distance(int c1, int r1, int c2, int r2)
{
	return sl_hex_distance(to_axial(c1, r1), to_axial(c2, r2));
}

int sail_can_manoeuvre(const sail_ship *sh)
{
	return !sh->sunk && !sh->struck && !sh->grounded && !sh->in_irons;
}

int sail_fights(const sail_ship *sh)
{
	return !sh->sunk && !sh->struck;
}

int sail_grounds(const sail_ship *sh, int die)
{
	return die <= (sh->shallow ? 1 : 3);   /* sail 6: 1 in 6, or 3 in 6 */
}

/* cold: refusals are rare on a replay, and the hot paths keep them out of line */
static int illegal(sl_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), cold, noinline));
static int illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

static const char *plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* Resolves a PIECE field to a ship. */
static int get_ship(const sail_state *s, const sl_value *v, const char *what,
	int *out, sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int i = sail_find_ship(s, id, n);
	if (i < 0)
		return illegal(err, "sail: no ship '%.*s' (%s=)", (int)(n > 64 ? 64 : n), id, what);
	*out = i;
	return 0;
}

static int check_player(const sl_header *h, const sl_event *ev, const sail_ship *sh,
	sl_error *err)
{
	if (ev->player != sh->side)
		return illegal(err, "sail H11: %s sails for %s; %s cannot give her orders",
			sh->name, sail_side_name(h, sh->side),
			ev->player < 0 ? "nobody" : sail_side_name(h, ev->player));
	return 0;
}

/* ---- setup (H2) ----------------------------------------------------------- */

static int ev_map(sail_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int cols = ev->f[0].u.i, rows = ev->f[1].u.i;
	int turns = ev->f[2].present ? ev->f[2].u.i : 0;
	if (s->cols)
		return illegal(err, "sail H2: the map is set once, first");
	if (cols < 1 || cols > SAIL_MAX_COLS || rows < 1 || rows > SAIL_MAX_ROWS)
		return illegal(err, "sail H2: a map is 1 to %d columns and 1 to %d rows, not %d x %d",
			SAIL_MAX_COLS, SAIL_MAX_ROWS, cols, rows);
	if (turns < 0 || turns > SAIL_MAX_TURNS)
		return illegal(err, "sail H2: turns must be 0 to %d", SAIL_MAX_TURNS);
	s->cols = cols;
	s->rows = rows;
	s->turns = turns;
	if (desc) {
		sl_buf_printf(desc, "A map of %d x %d hexes", cols, rows);
		if (turns)
			sl_buf_printf(desc, ", a game of %d %s", turns, plural(turns, "turn", "turns"));
		else
			sl_buf_puts(desc, ", an open-ended game");
	}
	return 0;
}

static int ev_terrain(sail_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int row = ev->f[0].u.i, count[3] = {0, 0, 0};
	size_t n;
	const char *cells = sl_value_str(&ev->f[1], &n);
	if (!s->cols)
		return illegal(err, "sail H2: `map` comes first");
	if (s->nships)
		return illegal(err, "sail H2: terrain comes before the ships");
	if (row < 1 || row > s->rows)
		return illegal(err, "sail H2: row %d is not on the map (1 to %d)", row, s->rows);
	if (s->rows_set & (UINT64_C(1) << (row - 1)))
		return illegal(err, "sail H2: row %d was already given", row);
	if (n != (size_t)s->cols)
		return illegal(err, "sail H2: row %d needs %d cells, one per column, not %zu",
			row, s->cols, n);
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)cells[i];
		if (ch != '.' && ch != '~' && ch != '#') {
			if (ch > 32 && ch < 127)
				return illegal(err, "sail H2: cell %zu of row %d is '%c'; "
					"use . sea, ~ shoal, # land", i + 1, row, ch);
			return illegal(err, "sail H2: cell %zu of row %d is byte 0x%02x; "
				"use . sea, ~ shoal, # land", i + 1, row, ch);
		}
	}
	for (size_t i = 0; i < n; i++) {
		int t = cells[i] == '~' ? SAIL_SHOAL : cells[i] == '#' ? SAIL_LAND : SAIL_SEA;
		s->terrain[row - 1][i] = (uint8_t)t;
		count[t]++;
	}
	s->rows_set |= UINT64_C(1) << (row - 1);
	if (desc)
		sl_buf_printf(desc, "Row %d: %d sea, %d shoal, %d land", row,
			count[SAIL_SEA], count[SAIL_SHOAL], count[SAIL_LAND]);
	return 0;
}

static int find_side(const sl_header *h, const char *id, size_t n)
{
	if (!h)
		return -1;
	for (int i = 0; i < h->nplayers && i < SL_MAX_PLAYERS; i++)
		if (h->players[i].id && strlen(h->players[i].id) == n
		    && memcmp(h->players[i].id, id, n) == 0)
			return i;
	return -1;
}

static int text_ok(const char *p, size_t n, size_t cap)
{
	return n < cap && (n == 0 || memchr(p, 0, n) == NULL);
}

static int ev_ship(sail_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	size_t nid, nname, ncls, nside;
	const char *id = sl_value_str(&ev->f[0], &nid);
	const char *name = sl_value_str(&ev->f[1], &nname);
	const char *cls = sl_value_str(&ev->f[2], &ncls);
	const char *side = sl_value_str(&ev->f[3], &nside);
	int col = ev->f[4].u.hex.col, row = ev->f[4].u.hex.row;
	int facing = ev->f[5].u.i, mp = ev->f[6].u.i, draft = ev->f[7].u.i;
	int hull = ev->f[SAIL_F_HULL].u.i;   /* see SAIL_F_HULL in sail_int.h */
	int sd, occ;
	sail_ship *sh;

	if (!s->cols)
		return illegal(err, "sail H2: `map` comes first");
	if (s->nships >= SAIL_MAX_SHIPS)
		return illegal(err, "sail H2: at most %d ships", SAIL_MAX_SHIPS);
	if (nid == 0 || !text_ok(id, nid, sizeof sh->id))
		return illegal(err, "sail H2: a ship id is 1 to %d characters",
			(int)sizeof sh->id - 1);
	if (sail_find_ship(s, id, nid) >= 0)
		return illegal(err, "sail H2: there is already a ship '%.*s'", (int)nid, id);
	if (nname == 0 || !text_ok(name, nname, sizeof sh->name))
		return illegal(err, "sail H2: a ship's name is 1 to %d bytes",
			(int)sizeof sh->name - 1);
	if (!text_ok(cls, ncls, sizeof sh->cls))
		return illegal(err, "sail H2: a ship's class is at most %d bytes",
			(int)sizeof sh->cls - 1);
	sd = find_side(h, side, nside);
	if (sd < 0)
		return illegal(err, "sail H2: side '%.*s' is not a player of this log",
			(int)(nside > 32 ? 32 : nside), side);
	if (!sail_on_map(s, col, row))
		return illegal(err, "sail H5: %d,%d is off the map (%d x %d)", col, row,
			s->cols, s->rows);
	if (sail_terrain_at(s, col, row) == SAIL_LAND)
		return illegal(err, "sail H4: %d,%d is land", col, row);
	occ = sail_ship_at(s, col, row);
	if (occ >= 0)
		return illegal(err, "sail H3: %d,%d is taken by %s", col, row, s->ships[occ].name);
	if (facing < 0 || facing > 5)
		return illegal(err, "sail 6: a ship faces a hexside (0 to 5)");
	if (mp < 1 || mp > SAIL_MAX_MP)
		return illegal(err, "sail H2: mp must be 1 to %d", SAIL_MAX_MP);
	if (draft != SAIL_DEEP && draft != SAIL_SHALLOW)
		return illegal(err, "sail H2: draft is deep or shallow");
	if (hull < 1 || hull > SAIL_MAX_HULL)
		return illegal(err, "sail H2: hull must be 1 to %d", SAIL_MAX_HULL);

	sh = &s->ships[s->nships++];
	memset(sh, 0, sizeof *sh);
	memcpy(sh->id, id, nid);
	memcpy(sh->name, name, nname);
	memcpy(sh->cls, cls, ncls);
	sh->side = sd;
	sh->col = col;
	sh->row = row;
	sh->facing = facing;
	sh->mp = mp;
	sh->left = mp;
	sh->shallow = draft == SAIL_SHALLOW;
	sh->hull = sh->hull_max = hull;
	sail_index_ship(s, s->nships - 1);
	if (desc)
		sl_buf_printf(desc, "%s (%s%s%s) at %d,%d facing %s: %d MP, %s draft, hull %d",
			sh->name, sh->cls, ncls ? ", " : "", sail_side_name(h, sd), col, row,
			sail_dir_name(facing), mp, sh->shallow ? "shallow" : "deep", hull);
	return 0;
}

/* ---- wind (sail 5) -------------------------------------------------------- */

static int ev_wind(sail_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int nroll, old = s->wind, to, freed = 0;
	const uint8_t *roll = sl_value_items(&ev->f[0], &nroll);
	if (s->turn == 1)
		return illegal(err, "sail 5: on turn 1 the wind blows SW; no wind event is recorded");
	if (s->phase != SAIL_PH_WIND)
		return illegal(err, "sail 5: the wind shifts in phase 1 (wind), not in phase %d",
			s->phase);
	if (s->wind_rolled)
		return illegal(err, "sail 5: the wind of turn %d is already settled; it shifts once a turn",
			s->turn);
	if (ev->f[0].present == ev->f[1].present)
		return illegal(err, "sail 5: a wind event gives roll or to, exactly one of them");
	if (ev->f[0].present) {
		if (nroll != 1 || !roll)
			return illegal(err, "sail 5: the wind roll is one die");
		if (roll[0] < 1 || roll[0] > 6)
			return illegal(err, "sail 5: the wind die shows 1 to 6, not %d", roll[0]);
		to = sl_hex_dir_rotate(old, roll[0] <= 2 ? 1 : roll[0] <= 4 ? 0 : -1);
	} else {
		to = ev->f[1].u.i;
		if (to < 0 || to > 5 || sail_point_of_sail(to, old) > 1)
			return illegal(err, "sail 5: the wind shifts one hexside at most: "
				"from %s it may blow toward %s, %s or %s, not %s", sail_dir_name(old),
				sail_dir_name(sl_hex_dir_rotate(old, -1)), sail_dir_name(old),
				sail_dir_name(sl_hex_dir_rotate(old, 1)), sail_dir_name(to));
	}
	s->wind = to;
	s->wind_rolled = 1;
	if (desc) {
		if (to == old)
			sl_buf_printf(desc, "The wind holds %s", sail_dir_name(to));
		else
			sl_buf_printf(desc, "The wind %s to %s",
				to == sl_hex_dir_rotate(old, 1) ? "veers" : "backs", sail_dir_name(to));
		if (ev->f[0].present)
			sl_buf_printf(desc, " (roll %d)", roll[0]);
	}
	if (to != old) {
		for (int i = 0; i < s->nships; i++) {
			if (!s->ships[i].in_irons)
				continue;
			s->ships[i].in_irons = 0;
			if (desc)
				sl_buf_printf(desc, "%s%s", freed++ ? ", " : "; out of irons: ",
					s->ships[i].name);
		}
	}
	return 0;
}

/* ---- movement (sail 6) ----------------------------------------------------------- */

void sail_sim_start(const sail_state *s, int ship, sail_sim *m)
{
	const sail_ship *sh = &s->ships[ship];
	/* the path arrays are written before they are read: only the first
	 * npath entries mean anything, and clearing 400 bytes per move shows */
	m->ship = ship;
	m->col = sh->col;
	m->row = sh->row;
	m->facing = sh->facing;
	m->left = sh->left;
	m->grounded = m->in_irons = m->shoals = 0;
	m->npath = 1;
	m->path[0].col = sh->col;
	m->path[0].row = sh->row;
	m->path[0].cost = 0;
}

/* sl_hex_dir_rotate by one hexside, for a facing already in 0..5. */
static int turn_dir(int dir, int by)
{
	dir += by;
	return dir < 0 ? dir + 6 : dir > 5 ? dir - 6 : dir;
}

/* sail_step_check, inlined into ev_move: the steps of a move are most of
 * what a replay does. */
static inline __attribute__((always_inline)) int step_check(const sail_state *s,
	const sail_sim *m, int step, int no, sail_stepres *r, sl_error *err)
{
	int pt = sail_point_of_sail(m->facing, s->wind);
	memset(r, 0, sizeof *r);
	r->point = pt;
	if (m->grounded)
		return illegal(err, "sail 6: step %d: the ship ran aground at %d,%d; nothing may follow",
			no, m->col, m->row);
	if (m->in_irons)
		return illegal(err, "sail 6: step %d: the tack failed and the ship is in irons; "
			"nothing may follow", no);
	if (step == SAIL_A || step == SAIL_AP || step == SAIL_AS) {
		int nc, nr, t, occ;
		if (pt == SAIL_HEAD)
			return illegal(err, "sail 6: head to wind, the ship cannot advance (step %d); "
				"she may only tack (TP or TS)", no);
		r->cost = sail_entry_cost(pt);
		if (r->cost > m->left)
			return illegal(err, "sail 6: step %d costs %d %s but only %d %s left",
				no, r->cost, plural(r->cost, "point", "points"), m->left,
				plural(m->left, "is", "are"));
		sail_neighbor(m->col, m->row, m->facing, &nc, &nr);
		t = sail_terrain_at(s, nc, nr);
		if (t < 0)
			return illegal(err, "sail H5: step %d would leave the map at %d,%d", no, nc, nr);
		if (t == SAIL_LAND)
			return illegal(err, "sail H4: step %d: %d,%d is land", no, nc, nr);
		occ = sail_ship_at(s, nc, nr);
		if (occ >= 0 && occ != m->ship)
			return illegal(err, "sail H3: step %d: %d,%d is taken by %s", no, nc, nr,
				s->ships[occ].name);
		if (m->npath >= SAIL_MAX_PATH)
			return illegal(err, "sail 6: a move enters at most %d hexes", SAIL_MAX_PATH - 1);
		r->advance = 1;
		r->col = nc;
		r->row = nr;
		r->facing = step == SAIL_AP ? turn_dir(m->facing, -1)
			: step == SAIL_AS ? turn_dir(m->facing, 1) : m->facing;
		r->shoal = t == SAIL_SHOAL;
		return 0;
	}
	if (step == SAIL_TP || step == SAIL_TS) {
		if (pt != SAIL_HEAD)
			return illegal(err, "sail 6: step %d: a ship turns by advancing; without "
				"advancing she may turn only head to wind (a tack), and she is %s%s",
				no, pt == SAIL_RUN ? "" : "on a ", sail_point_name(pt) );
		r->advance = 0;
		r->fails = m->left < 3;
		r->cost = r->fails ? m->left : 3;
		r->facing = r->fails ? m->facing
			: turn_dir(m->facing, step == SAIL_TP ? -1 : 1);
		return 0;
	}
	return illegal(err, "sail 6: step %d is not one of A, AP, AS, TP, TS", no);
}

int sail_step_check(const sail_state *s, const sail_sim *m, int step, int no,
	sail_stepres *r, sl_error *err)
{
	return step_check(s, m, step, no, r, err);
}

static inline __attribute__((always_inline)) void step_commit(const sail_state *s,
	sail_sim *m, const sail_stepres *r, int die)
{
	if (r->advance) {
		m->left -= r->cost;
		m->col = r->col;
		m->row = r->row;
		if (m->npath < SAIL_MAX_PATH) {
			m->path[m->npath].col = r->col;
			m->path[m->npath].row = r->row;
			m->path[m->npath].cost = r->cost;
			m->npath++;
		}
		if (r->shoal) {
			m->shoals++;
			if (sail_grounds(&s->ships[m->ship], die))
				m->grounded = 1;
		}
		/* she enters the hex, tests the shoal, then turns: aground, she
		 * stops as she entered (sail 6: no turn once aground) */
		if (!m->grounded)
			m->facing = r->facing;
	} else if (r->fails) {
		m->left = 0;
		m->in_irons = 1;
	} else {
		m->left -= 3;
		m->facing = r->facing;
	}
}

void sail_step_commit(const sail_state *s, sail_sim *m, const sail_stepres *r, int die)
{
	step_commit(s, m, r, die);
}

/* The description of a move: consecutive hexes on one heading make one run. */
typedef struct mdesc {
	sl_buf *b;
	int nparts;
	int open, point, dir, hexes, cost;
} mdesc;

static void md_part(mdesc *md, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void md_part(mdesc *md, const char *fmt, ...)
{
	va_list ap;
	if (!md->b)
		return;
	sl_buf_puts(md->b, md->nparts++ ? ", " : " ");
	va_start(ap, fmt);
	sl_buf_vprintf(md->b, fmt, ap);
	va_end(ap);
}

static void md_flush(mdesc *md)
{
	if (!md->open)
		return;
	md->open = 0;
	md_part(md, "%s %s %d %s (%d %s)", sail_point_verb(md->point), sail_dir_name(md->dir),
		md->hexes, plural(md->hexes, "hex", "hexes"), md->cost, plural(md->cost, "pt", "pts"));
}

static int ship_may_move(const sail_state *s, const sail_ship *sh, sl_error *err)
{
	if (sh->sunk)
		return illegal(err, "sail H8: %s has sunk", sh->name);
	if (sh->struck)
		return illegal(err, "sail H10: %s has struck her colours and cannot move", sh->name);
	if (sh->grounded)
		return illegal(err, "sail 6: %s is aground at %d,%d and can never move again",
			sh->name, sh->col, sh->row);
	if (sh->in_irons)
		return illegal(err, "sail 6: %s is in irons until the wind changes direction",
			sh->name);
	if (sh->moved)
		return illegal(err, "sail 6: %s has already moved in this phase", sh->name);
	(void)s;
	return 0;
}

static int ev_move(sail_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int idx = -1, nsteps, ndice, rc;
	const uint8_t *steps = sl_value_items(&ev->f[1], &nsteps);
	const uint8_t *dice = sl_value_items(&ev->f[2], &ndice);
	sail_ship *sh;
	sail_sim m;
	mdesc md;

	if (s->phase != SAIL_PH_MOVE1 && s->phase != SAIL_PH_MOVE2)
		return illegal(err, "sail 6: ships move in phases 2 and 5, not in phase %d (%s)",
			s->phase, sl_phase_name(&sail_schema, s->phase));
	if ((rc = get_ship(s, &ev->f[0], "ship", &idx, err)) != 0)
		return rc;
	sh = &s->ships[idx];
	if ((rc = check_player(h, ev, sh, err)) != 0)
		return rc;
	if ((rc = ship_may_move(s, sh, err)) != 0)
		return rc;
	if (nsteps < 1 || !steps)
		return illegal(err, "sail 6: a move needs at least one step");
	if (nsteps > SAIL_MAX_STEPS)
		return illegal(err, "sail 6: a move has at most %d steps", SAIL_MAX_STEPS);
	if (ndice > SAIL_MAX_DICE)
		return illegal(err, "sail 6: at most %d grounding dice", SAIL_MAX_DICE);
	for (int i = 0; i < ndice; i++)
		if (dice[i] < 1 || dice[i] > 6)
			return illegal(err, "sail 6: grounding dice show 1 to 6, not %d", dice[i]);

	if (desc) {
		memset(&md, 0, sizeof md);
		md.b = desc;
		sl_buf_puts(desc, sh->name);
	}
	sail_sim_start(s, idx, &m);
	for (int i = 0; i < nsteps; i++) {
		sail_stepres r;
		int die = 0, heading = m.facing;
		if ((rc = step_check(s, &m, steps[i], i + 1, &r, err)) != 0)
			return rc;
		if (r.shoal) {
			if (m.shoals >= ndice)
				return illegal(err, "sail 6: step %d enters the shoal at %d,%d: "
					"a grounding die is needed (dice=)", i + 1, r.col, r.row);
			die = dice[m.shoals];
		}
		step_commit(s, &m, &r, die);
		if (!desc)
			continue;
		if (r.advance) {
			if (!(md.open && md.point == r.point && md.dir == heading))
				md_flush(&md);
			if (!md.open) {
				md.open = 1;
				md.point = r.point;
				md.dir = heading;
				md.hexes = md.cost = 0;
			}
			md.hexes++;
			md.cost += r.cost;
			/* she enters the hex (and its shoal test) first, then turns */
			if (r.shoal) {
				md_flush(&md);
				md_part(&md, "enters the shoal at %d,%d \xe2\x80\x94 rolls %d: %s",
					r.col, r.row, die, m.grounded ? "aground" : "clear");
			}
			if (m.facing != heading) {
				md_flush(&md);
				md_part(&md, "turns to %s", sail_dir_name(r.facing));
			}
		} else {
			md_flush(&md);
			if (r.fails)
				md_part(&md, "tries to tack with %d %s left and misses stays: in irons",
					r.cost, plural(r.cost, "pt", "pts"));
			else
				md_part(&md, "tacks to %s (3 pts)", sail_dir_name(r.facing));
		}
	}
	if (ndice > m.shoals)
		return illegal(err, "sail 6: %d dice given but the ship entered %d shoal %s",
			ndice, m.shoals, plural(m.shoals, "hex", "hexes"));
	if (desc) {
		md_flush(&md);
		if (!m.grounded && !m.in_irons)
			md_part(&md, "ends at %d,%d with %d %s left", m.col, m.row, m.left,
				plural(m.left, "pt", "pts"));
	}

	sail_move_finish(s, idx, &m);
	return 0;
}

void sail_move_finish(sail_state *s, int idx, const sail_sim *m)
{
	sail_ship *sh = &s->ships[idx];
	s->occ[sh->row - 1][sh->col - 1] = 0;
	s->occ[m->row - 1][m->col - 1] = (uint8_t)(idx + 1);
	sh->col = m->col;
	sh->row = m->row;
	sh->facing = m->facing;
	sh->left = m->grounded ? 0 : m->left;   /* aground: she will never move again */
	sh->grounded = m->grounded;
	sh->in_irons = m->in_irons;
	sh->moved = 1;
	s->last_ship = idx;
	/* the new path, and zeros over what is left of the old one (past npath
	 * the path is all zero); one loop of a few hexes, not six library calls */
	for (int i = 0, end = s->npath > m->npath ? s->npath : m->npath; i < end; i++) {
		int in = i < m->npath;
		s->path_col[i] = in ? m->path[i].col : 0;
		s->path_row[i] = in ? m->path[i].row : 0;
		s->path_cost[i] = in ? m->path[i].cost : 0;
	}
	s->npath = m->npath;
}

/* ---- combat (H8-H10) -------------------------------------------------------- */

static int two_ships(const sail_state *s, const sl_header *h, const sl_event *ev,
	int *a, int *b, sl_error *err)
{
	int rc;
	if ((rc = get_ship(s, &ev->f[0], "ship", a, err)) != 0)
		return rc;
	if ((rc = get_ship(s, &ev->f[1], "target", b, err)) != 0)
		return rc;
	return check_player(h, ev, &s->ships[*a], err);
}

static int ev_fire(sail_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int a = -1, b = -1, rc, hits = ev->f[2].u.i, dist, before;
	sail_ship *sh, *tg;
	if (s->phase != SAIL_PH_FIRE1 && s->phase != SAIL_PH_FIRE2)
		return illegal(err, "sail H8: ships fire in phases 3 and 6, not in phase %d (%s)",
			s->phase, sl_phase_name(&sail_schema, s->phase));
	if ((rc = two_ships(s, h, ev, &a, &b, err)) != 0)
		return rc;
	sh = &s->ships[a];
	tg = &s->ships[b];
	if (sh->sunk)
		return illegal(err, "sail H8: %s has sunk", sh->name);
	if (sh->struck)
		return illegal(err, "sail H10: %s has struck her colours and cannot fire", sh->name);
	if (sh->fired)
		return illegal(err, "sail H8: %s has already fired in this phase", sh->name);
	if (tg->side == sh->side)
		return illegal(err, "sail H8: %s cannot fire on her own side (%s)", sh->name,
			tg->name);
	if (tg->sunk)
		return illegal(err, "sail H8: %s has sunk", tg->name);
	if (tg->struck)
		return illegal(err, "sail H10: %s has struck her colours; she is not fired upon",
			tg->name);
	dist = sail_distance(sh->col, sh->row, tg->col, tg->row);
	if (dist > SAIL_FIRE_RANGE)
		return illegal(err, "sail H8: %s is %d hexes from %s; the range is %d",
			tg->name, dist, sh->name, SAIL_FIRE_RANGE);
	if (hits < 0 || hits > SAIL_MAX_HULL)
		return illegal(err, "sail H8: hits are 0 to %d", SAIL_MAX_HULL);
	before = tg->hull;
	tg->hull = hits >= tg->hull ? 0 : tg->hull - hits;
	sh->fired = 1;
	if (tg->hull == 0) {
		tg->sunk = 1;
		tg->in_irons = 0;
		s->occ[tg->row - 1][tg->col - 1] = 0;   /* gone from the map */
	}
	if (desc) {
		sl_buf_printf(desc, "%s fires on %s at %d %s: ", sh->name, tg->name, dist,
			plural(dist, "hex", "hexes"));
		if (hits == 0)
			sl_buf_puts(desc, "no hit");
		else if (tg->sunk)
			sl_buf_printf(desc, "%d %s, %s sinks", hits, plural(hits, "hit", "hits"),
				tg->name);
		else
			sl_buf_printf(desc, "%d %s, hull %d to %d", hits, plural(hits, "hit", "hits"),
				before, tg->hull);
	}
	return 0;
}

static int ev_board(sail_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int a = -1, b = -1, rc, res = ev->f[2].u.i, dist, was_struck;
	sail_ship *sh, *tg;
	if (s->phase != SAIL_PH_BOARD)
		return illegal(err, "sail H9: boarding happens in phase 4, not in phase %d (%s)",
			s->phase, sl_phase_name(&sail_schema, s->phase));
	if ((rc = two_ships(s, h, ev, &a, &b, err)) != 0)
		return rc;
	sh = &s->ships[a];
	tg = &s->ships[b];
	if (sh->sunk)
		return illegal(err, "sail H8: %s has sunk", sh->name);
	if (sh->struck)
		return illegal(err, "sail H10: %s has struck her colours and cannot board", sh->name);
	if (sh->boarded)
		return illegal(err, "sail H9: %s has already boarded in this phase", sh->name);
	if (tg->side == sh->side)
		return illegal(err, "sail H9: %s cannot board her own side (%s)", sh->name, tg->name);
	if (tg->sunk)
		return illegal(err, "sail H8: %s has sunk", tg->name);
	dist = sail_distance(sh->col, sh->row, tg->col, tg->row);
	if (dist != 1)
		return illegal(err, "sail H9: boarding needs adjacent ships; %s is %d hexes from %s",
			tg->name, dist, sh->name);
	if (res != SAIL_CAPTURED && res != SAIL_REPULSED)
		return illegal(err, "sail H9: a boarding ends captured or repulsed");
	if (tg->struck && res != SAIL_CAPTURED)
		return illegal(err, "sail H10: %s has struck and does not resist: "
			"boarding her ends captured", tg->name);
	was_struck = tg->struck;
	sh->boarded = 1;
	if (res == SAIL_CAPTURED) {
		tg->side = sh->side;
		tg->struck = 1;
		tg->in_irons = 0;
		tg->left = 0;
	}
	if (desc) {
		if (res == SAIL_CAPTURED && was_struck)
			sl_buf_printf(desc, "%s boards %s: a prize taken back, she now sails for %s",
				sh->name, tg->name, sail_side_name(h, sh->side));
		else if (res == SAIL_CAPTURED)
			sl_buf_printf(desc, "%s boards %s: captured, %s strikes and is now a prize of %s",
				sh->name, tg->name, tg->name, sail_side_name(h, sh->side));
		else
			sl_buf_printf(desc, "%s boards %s: repulsed", sh->name, tg->name);
	}
	return 0;
}

static int ev_strike(sail_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int a = -1, rc;
	sail_ship *sh;
	if ((rc = get_ship(s, &ev->f[0], "ship", &a, err)) != 0)
		return rc;
	sh = &s->ships[a];
	if ((rc = check_player(h, ev, sh, err)) != 0)
		return rc;
	if (sh->sunk)
		return illegal(err, "sail H8: %s has sunk", sh->name);
	if (sh->struck)
		return illegal(err, "sail H10: %s has already struck her colours", sh->name);
	sh->struck = 1;
	sh->in_irons = 0;
	sh->left = 0;
	if (desc)
		sl_buf_printf(desc, "%s strikes her colours", sh->name);
	return 0;
}

/* ---- apply and mark ------------------------------------------------------------ */

int sail_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	sail_state *s = st;
	const sl_event_def *d;
	if (ev->entry != SL_ENTRY_EVENT)
		return illegal(err, "sail: a turn or phase marker is not an event");
	if (ev->type >= SAIL_NEV)
		return illegal(err, "sail: unknown event type %u", ev->type);
	d = &sail_events[ev->type];
	if (d->nfields > SL_MAX_FIELDS)   /* never read past ev->f */
		return illegal(err, "sail: `%s` has %d fields but this build's SL_MAX_FIELDS is %d",
			d->name, d->nfields, SL_MAX_FIELDS);
	for (int i = 0; i < d->nfields; i++)
		if (!d->fields[i].optional && !ev->f[i].present)
			return illegal(err, "sail: %s needs %s=", d->name, d->fields[i].name);
	if (d->flags & SL_EV_SETUP) {
		if (s->turn > 0)
			return illegal(err, "sail H2: setup events (%s) come before turn 1", d->name);
	} else if (s->turn == 0) {
		return illegal(err, "sail H1: %s comes after `turn 1`", d->name);
	}
	if ((d->flags & SL_EV_NOPLAYER) && ev->player >= 0)
		return illegal(err, "sail: %s is nobody's action; name no player", d->name);
	switch (ev->type) {
	case SAIL_EV_MAP: return ev_map(s, ev, desc, err);
	case SAIL_EV_TERRAIN: return ev_terrain(s, ev, desc, err);
	case SAIL_EV_SHIP: return ev_ship(s, h, ev, desc, err);
	case SAIL_EV_WIND: return ev_wind(s, ev, desc, err);
	case SAIL_EV_MOVE: return ev_move(s, h, ev, desc, err);
	case SAIL_EV_FIRE: return ev_fire(s, h, ev, desc, err);
	case SAIL_EV_BOARD: return ev_board(s, h, ev, desc, err);
	default: return ev_strike(s, h, ev, desc, err);
	}
}

static void enter_phase(sail_state *s, int phase)
{
	s->phase = phase;
	for (int i = 0; i < s->nships; i++) {
		sail_ship *sh = &s->ships[i];
		sh->moved = sh->fired = sh->boarded = 0;
		if (phase == SAIL_PH_MOVE1 || phase == SAIL_PH_MOVE2)
			sh->left = sail_can_manoeuvre(sh) ? sh->mp : 0;
	}
	/* the drawn "last move" belongs to the current turn's movement phases */
	if (phase == 1 || phase == SAIL_PH_MOVE1 || phase == SAIL_PH_MOVE2) {
		s->last_ship = -1;
		s->npath = 0;
		memset(s->path_col, 0, sizeof s->path_col);
		memset(s->path_row, 0, sizeof s->path_row);
		memset(s->path_cost, 0, sizeof s->path_cost);
	}
}

int sail_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	sail_state *s = st;
	(void)h;
	if (phase < 1 || phase > 6)
		return illegal(err, "sail H1: a turn has phases 1 to 6, not %d", phase);
	if (!s->cols)
		return illegal(err, "sail H2: the setup has no map; `map` comes before turn 1");
	if (s->turn >= 2 && !s->wind_rolled && (turn != s->turn || phase > 1))
		return illegal(err, "sail 5: the wind of turn %d must be recorded in phase 1 "
			"(wind roll= or wind to=) before the game moves on", s->turn);
	if (phase == 1 && turn == s->turn && s->phase == 1)
		return 0;   /* an explicit "phase 1" right after the turn marker */
	if (phase == 1) {
		if (turn != s->turn + 1)
			return illegal(err, "sail H1: turn %d cannot follow turn %d", turn, s->turn);
		if (s->turns > 0 && turn > s->turns)
			return illegal(err, "sail H1: the game lasts %d turns; there is no turn %d",
				s->turns, turn);
		s->turn = turn;
		s->wind_rolled = turn == 1;   /* sail 5: turn 1 is SW, nothing to roll */
		enter_phase(s, 1);
		return 0;
	}
	if (s->turn == 0 || turn != s->turn)
		return illegal(err, "sail H1: phase %d of turn %d, but the game is in turn %d",
			phase, turn, s->turn);
	if (phase <= s->phase)
		return illegal(err, "sail H1: phase %d cannot follow phase %d", phase, s->phase);
	enter_phase(s, phase);
	return 0;
}

/* ---- the module table ---------------------------------------------------------- */

static int sail_init(void **out, const sl_header *h, sl_error *err)
{
	sail_state *s = sl_calloc(1, sizeof *s);
	(void)h;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "sail: out of memory");
	s->wind = 4;          /* sail 5: turn 1 blows toward the south-west */
	s->last_ship = -1;
	*out = s;
	return 0;
}

/* Every handler of sail_apply_in and sail_mark_in checks all its rules
 * before it changes the state, so a refused entry leaves st as it was and
 * they run in place (tests/unit/test_sail.c holds them to it). Only a
 * description needs the transaction: ev_move writes part of one before it
 * may refuse a step, and desc must receive nothing then. */
static int sail_apply(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	if (!desc)
		return sail_apply_in(st, h, ev, NULL, err);
	return sl_flat_apply(st, sizeof(sail_state), sail_apply_in, h, ev, desc, err);
}

static int sail_mark(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	return sail_mark_in(st, h, turn, phase, err);
}

static void sail_position(const void *st, int *turn, int *phase)
{
	const sail_state *s = st;
	*turn = s->turn;
	*phase = s->phase;
}

const sl_game sl_game_sail = {
	SL_GAME_API,
	"sail",
	"Age of sail: wind, points of sail, tacking, shoals",
	SAIL_RULES_VERSION,
	&sail_schema,
	NULL,                 /* compat: only this rules version replays */
	sail_init,
	sl_free,              /* destroy: the state is one flat block */
	sail_apply,
	sail_mark,
	sail_serialize,
	sail_restore,
	sail_summary,
	sail_summary_json,
	sail_help,
	sail_generate,
	sail_position,
	&sail_model,
	sail_result,         /* when the game is over, who won */
	NULL,                 /* chances: the dice say it all */
	NULL,                 /* veil: nothing hidden but what commitments seal */
};
