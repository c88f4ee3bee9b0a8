/* sail_state.c - the sail state as bytes (canonical serialization, checked
 * restore of untrusted snapshots) and as words (summary, JSON, help). */
#include "sail_int.h"

#include <string.h>

/* ---- canonical bytes -------------------------------------------------------------
 * All integers little-endian, fields in this order, nothing else:
 *   u8 version (1)
 *   u8 cols, u8 rows, u32 turns, u32 turn, u8 phase, u8 wind, u8 wind_rolled,
 *   u64 rows_set, rows*cols u8 terrain (row by row)
 *   u8 nships, then per ship:
 *     u8 len + id, u8 len + name, u8 len + class,
 *     u8 side, u8 col, u8 row, u8 facing, u8 mp, u8 left, u8 hull, u8 hull_max,
 *     u8 flags: 1 shallow, 2 grounded, 4 in irons, 8 struck, 16 sunk,
 *               32 moved, 64 fired, 128 boarded
 *   u8 last_ship (255 none), u8 npath, npath * (u8 col, u8 row, u8 cost)
 * Every value has one encoding, so restore followed by serialize gives back
 * the same bytes. The derived indexes (occ, by_id) are not written: restore
 * rebuilds them. */
#define SAIL_SNAP_VERSION 1

/* Bytes through a cursor into room reserved once: a keyframe is ~5 KB,
 * and one call per byte showed in the replay's profile. */
static uint8_t *put_str(uint8_t *w, const char *s)
{
	size_t n = strlen(s);
	*w++ = (uint8_t)n;
	memcpy(w, s, n);
	return w + n;
}

static uint8_t *put_u32(uint8_t *w, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		*w++ = (uint8_t)(v >> (8 * i));
	return w;
}

int sail_serialize(const void *st, sl_buf *b)
{
	const sail_state *s = st;
	/* an upper bound: strings are < 256 bytes each */
	size_t most = 1 + 2 + 8 + 3 + 8 + (size_t)s->rows * (size_t)s->cols + 1
		+ (size_t)s->nships * (3 * 256 + 9) + 2 + 3 * (size_t)s->npath;
	uint8_t *w, *start;
	if (sl_buf_reserve(b, most) != SL_OK)
		return SL_ENOMEM;
	w = start = b->data + b->len;
	*w++ = SAIL_SNAP_VERSION;
	*w++ = (uint8_t)s->cols;
	*w++ = (uint8_t)s->rows;
	w = put_u32(w, (uint32_t)s->turns);
	w = put_u32(w, (uint32_t)s->turn);
	*w++ = (uint8_t)s->phase;
	*w++ = (uint8_t)s->wind;
	*w++ = (uint8_t)s->wind_rolled;
	w = put_u32(w, (uint32_t)s->rows_set);
	w = put_u32(w, (uint32_t)(s->rows_set >> 32));
	for (int r = 0; r < s->rows; r++) {
		memcpy(w, s->terrain[r], (size_t)s->cols);
		w += s->cols;
	}
	*w++ = (uint8_t)s->nships;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		w = put_str(w, sh->id);
		w = put_str(w, sh->name);
		w = put_str(w, sh->cls);
		*w++ = (uint8_t)sh->side;
		*w++ = (uint8_t)sh->col;
		*w++ = (uint8_t)sh->row;
		*w++ = (uint8_t)sh->facing;
		*w++ = (uint8_t)sh->mp;
		*w++ = (uint8_t)sh->left;
		*w++ = (uint8_t)sh->hull;
		*w++ = (uint8_t)sh->hull_max;
		*w++ = (uint8_t)((sh->shallow ? 1 : 0) | (sh->grounded ? 2 : 0)
			| (sh->in_irons ? 4 : 0) | (sh->struck ? 8 : 0) | (sh->sunk ? 16 : 0)
			| (sh->moved ? 32 : 0) | (sh->fired ? 64 : 0) | (sh->boarded ? 128 : 0));
	}
	*w++ = (uint8_t)(s->last_ship < 0 ? 255 : s->last_ship);
	*w++ = (uint8_t)s->npath;
	for (int i = 0; i < s->npath; i++) {
		*w++ = (uint8_t)s->path_col[i];
		*w++ = (uint8_t)s->path_row[i];
		*w++ = (uint8_t)s->path_cost[i];
	}
	b->len += (size_t)(w - start);
	return SL_OK;
}

static int corrupt(sl_error *err, const sl_reader *r, const char *what)
{
	return sl_error_set(err, SL_EFORMAT, "sail snapshot: offset %zu: %s", r->pos, what);
}

static int get_str(sl_reader *r, char *dst, size_t cap, int nonempty)
{
	size_t n = sl_read_u8(r);
	const uint8_t *p;
	if (r->err || n >= cap || (nonempty && n == 0))
		return -1;
	p = sl_read_bytes(r, n);
	if (!p || r->err || memchr(p, 0, n))
		return -1;
	memcpy(dst, p, n);
	dst[n] = 0;
	return 0;
}

#define NEED(cond, what) do { if (!(cond)) { rc = corrupt(err, &r, what); goto out; } } while (0)

int sail_restore(void **out, const void *p, size_t n, sl_error *err)
{
	sl_reader r;
	sail_state *s = sl_calloc(1, sizeof *s);
	int rc = 0, v;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "sail: out of memory");
	sl_reader_init(&r, p, n);
	v = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(v == SAIL_SNAP_VERSION, "unknown snapshot version");
	s->cols = sl_read_u8(&r);
	s->rows = sl_read_u8(&r);
	uint32_t turns = sl_read_u32le(&r), turn = sl_read_u32le(&r);
	s->phase = sl_read_u8(&r);
	s->wind = sl_read_u8(&r);
	s->wind_rolled = sl_read_u8(&r);
	s->rows_set = sl_read_u64le(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(s->cols <= SAIL_MAX_COLS && s->rows <= SAIL_MAX_ROWS
		&& (s->cols == 0) == (s->rows == 0), "bad map size");
	/* a scheduled length is at most SAIL_MAX_TURNS, but an open-ended game
	 * runs as far as a log can count (sil.md: turn numbers up to 1000000) */
	NEED(turns <= SAIL_MAX_TURNS && turn <= 1000000 && (turns == 0 || turn <= turns), "bad turn");
	s->turns = (int)turns;
	s->turn = (int)turn;
	NEED(s->turns == 0 || s->turn <= s->turns, "turn beyond the game's length");
	NEED(s->phase <= 6 && (s->phase == 0) == (s->turn == 0), "bad phase");
	NEED(s->turn == 0 || s->cols > 0, "a game without a map");
	NEED(s->wind <= 5 && s->wind_rolled <= 1, "bad wind");
	NEED(s->rows == 64 || (s->rows_set >> s->rows) == 0, "bad terrain rows");
	for (int row = 0; row < s->rows; row++) {
		const uint8_t *t = sl_read_bytes(&r, (size_t)s->cols);
		NEED(t && !r.err, "truncated terrain");
		for (int c = 0; c < s->cols; c++) {
			NEED(t[c] <= SAIL_LAND, "bad terrain");
			s->terrain[row][c] = t[c];
		}
	}
	s->nships = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(s->nships <= SAIL_MAX_SHIPS && (s->cols > 0 || s->nships == 0), "bad ship count");
	for (int i = 0; i < s->nships; i++) {
		sail_ship *sh = &s->ships[i];
		int f;
		NEED(get_str(&r, sh->id, sizeof sh->id, 1) == 0, "bad ship id");
		NEED(get_str(&r, sh->name, sizeof sh->name, 1) == 0, "bad ship name");
		NEED(get_str(&r, sh->cls, sizeof sh->cls, 0) == 0, "bad ship class");
		sh->side = sl_read_u8(&r);
		sh->col = sl_read_u8(&r);
		sh->row = sl_read_u8(&r);
		sh->facing = sl_read_u8(&r);
		sh->mp = sl_read_u8(&r);
		sh->left = sl_read_u8(&r);
		sh->hull = sl_read_u8(&r);
		sh->hull_max = sl_read_u8(&r);
		f = sl_read_u8(&r);
		NEED(!r.err, "truncated ship");
		sh->shallow = (f & 1) != 0;
		sh->grounded = (f & 2) != 0;
		sh->in_irons = (f & 4) != 0;
		sh->struck = (f & 8) != 0;
		sh->sunk = (f & 16) != 0;
		sh->moved = (f & 32) != 0;
		sh->fired = (f & 64) != 0;
		sh->boarded = (f & 128) != 0;
		NEED(sh->side < SL_MAX_PLAYERS, "bad ship side");
		NEED(sail_on_map(s, sh->col, sh->row), "ship off the map");
		NEED(sh->facing <= 5, "bad facing");
		NEED(sh->mp >= 1 && sh->mp <= SAIL_MAX_MP && sh->left <= sh->mp, "bad movement points");
		NEED(sh->hull_max >= 1 && sh->hull_max <= SAIL_MAX_HULL && sh->hull <= sh->hull_max
			&& (sh->hull == 0) == sh->sunk, "bad hull");
		NEED(sh->sunk || sail_terrain_at(s, sh->col, sh->row) != SAIL_LAND, "ship on land");
		/* the indexes hold ships 0..i-1: find them, then take ship i */
		NEED(sail_find_ship(s, sh->id, strlen(sh->id)) < 0, "duplicate ship id");
		NEED(sh->sunk || sail_ship_at(s, sh->col, sh->row) < 0, "two ships in one hex");
		sail_index_ship(s, i);
	}
	NEED(s->nships == 0 || s->cols > 0, "ships without a map");
	v = sl_read_u8(&r);
	s->npath = sl_read_u8(&r);
	NEED(!r.err, "truncated snapshot");
	NEED(v == 255 || v < s->nships, "bad last move");
	s->last_ship = v == 255 ? -1 : v;
	NEED(s->npath <= SAIL_MAX_PATH && (s->last_ship >= 0 || s->npath == 0), "bad path");
	for (int i = 0; i < s->npath; i++) {
		s->path_col[i] = sl_read_u8(&r);
		s->path_row[i] = sl_read_u8(&r);
		s->path_cost[i] = sl_read_u8(&r);
		NEED(!r.err, "truncated path");
		NEED(sail_on_map(s, s->path_col[i], s->path_row[i]) && s->path_cost[i] <= 3,
			"bad path");
	}
	NEED(r.pos == n, "trailing bytes after the snapshot");
out:
	if (rc) {
		sl_free(s);
		return rc;
	}
	*out = s;
	return 0;
}

/* ---- words ----------------------------------------------------------------------- */

static void ship_flags(const sail_ship *sh, sl_buf *out)
{
	if (sh->sunk)
		sl_buf_puts(out, ", sunk");
	if (sh->struck)
		sl_buf_puts(out, ", struck");
	if (sh->grounded)
		sl_buf_puts(out, ", aground");
	if (sh->in_irons)
		sl_buf_puts(out, ", in irons");
	if (sh->moved)
		sl_buf_puts(out, ", moved");
	if (sh->fired)
		sl_buf_puts(out, ", fired");
	if (sh->boarded)
		sl_buf_puts(out, ", boarded");
}

void sail_summary(const void *st, const sl_header *h, sl_buf *out)
{
	const sail_state *s = st;
	if (s->turn == 0)
		sl_buf_puts(out, "setup");
	else
		sl_buf_printf(out, "turn %d, phase %d (%s)", s->turn, s->phase,
			sl_phase_name(&sail_schema, s->phase));
	sl_buf_printf(out, ", wind %s", sail_dir_name(s->wind));
	if (s->turn >= 2 && !s->wind_rolled)
		sl_buf_puts(out, " (the wind of this turn is not yet recorded)");
	sl_buf_printf(out, "\nmap %d x %d, ", s->cols, s->rows);
	if (s->turns)
		sl_buf_printf(out, "%d turns\n", s->turns);
	else
		sl_buf_puts(out, "open-ended\n");
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		int pt = sail_point_of_sail(sh->facing, s->wind);
		sl_buf_printf(out, "%s: %s (%s, %s) at %d,%d facing %s, %s, %d/%d pts, hull %d/%d, %s",
			sh->id, sh->name, sh->cls, sail_side_name(h, sh->side), sh->col, sh->row,
			sail_dir_name(sh->facing), sail_point_name(pt), sh->left, sh->mp, sh->hull,
			sh->hull_max, sh->shallow ? "shallow" : "deep");
		ship_flags(sh, out);
		sl_buf_putc(out, '\n');
	}
}

static const char *jbool(int v)
{
	return v ? "true" : "false";
}

void sail_summary_json(const void *st, const sl_header *h, sl_buf *out)
{
	static const char *const pt_id[4] = {"run", "broad", "close", "head"};
	const sail_state *s = st;
	sl_buf_printf(out, "{\"game\":\"sail\",\"turn\":%d,\"phase\":%d,\"phase_name\":", s->turn,
		s->phase);
	sl_buf_json_str(out, sl_phase_name(&sail_schema, s->phase));
	sl_buf_printf(out, ",\"turns\":%d,\"wind\":\"%s\",\"wind_rolled\":%s,\"cols\":%d,\"rows\":%d",
		s->turns, sail_dir_name(s->wind), jbool(s->wind_rolled || s->turn < 2), s->cols,
		s->rows);
	sl_buf_puts(out, ",\"ships\":[");
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		sl_buf_puts(out, i ? ",{\"id\":" : "{\"id\":");
		sl_buf_json_str(out, sh->id);
		sl_buf_puts(out, ",\"name\":");
		sl_buf_json_str(out, sh->name);
		sl_buf_puts(out, ",\"class\":");
		sl_buf_json_str(out, sh->cls);
		sl_buf_puts(out, ",\"side\":");
		sl_buf_json_str(out, sail_side_name(h, sh->side));
		sl_buf_printf(out, ",\"col\":%d,\"row\":%d,\"facing\":\"%s\",\"point\":\"%s\","
			"\"mp\":%d,\"left\":%d,\"draft\":\"%s\",\"hull\":%d,\"hull_max\":%d,"
			"\"grounded\":%s,\"in_irons\":%s,\"struck\":%s,\"sunk\":%s,\"moved\":%s,"
			"\"fired\":%s,\"boarded\":%s}",
			sh->col, sh->row, sail_dir_name(sh->facing),
			pt_id[sail_point_of_sail(sh->facing, s->wind)], sh->mp, sh->left,
			sh->shallow ? "shallow" : "deep", sh->hull, sh->hull_max, jbool(sh->grounded),
			jbool(sh->in_irons), jbool(sh->struck), jbool(sh->sunk), jbool(sh->moved),
			jbool(sh->fired), jbool(sh->boarded));
	}
	sl_buf_puts(out, "],\"last_move\":");
	if (s->last_ship < 0) {
		sl_buf_puts(out, "null");
	} else {
		sl_buf_puts(out, "{\"ship\":");
		sl_buf_json_str(out, s->ships[s->last_ship].id);
		sl_buf_puts(out, ",\"path\":[");
		for (int i = 0; i < s->npath; i++)
			sl_buf_printf(out, "%s{\"col\":%d,\"row\":%d,\"cost\":%d}", i ? "," : "",
				s->path_col[i], s->path_row[i], s->path_cost[i]);
		sl_buf_puts(out, "]}");
	}
	sl_buf_putc(out, '}');
}

/* ---- help ------------------------------------------------------------------------ */

static void help_moves(const sail_state *s, const sl_header *h, sl_buf *out)
{
	static const char *const tok[5] = {"A", "AP", "AS", "TP", "TS"};
	int any = 0, stuck = 0;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		sail_sim m;
		int pt = sail_point_of_sail(sh->facing, s->wind), first = 1;
		if (!sail_can_manoeuvre(sh) || sh->moved)
			continue;
		any = 1;
		sl_buf_printf(out, "  %s (%s) at %d,%d facing %s, %s, %d %s left:", sh->id,
			sail_side_name(h, sh->side), sh->col, sh->row, sail_dir_name(sh->facing),
			sail_point_name(pt), sh->left, sh->left == 1 ? "pt" : "pts");
		sail_sim_start(s, i, &m);
		for (int t = 0; t < 5; t++) {
			sail_stepres r;
			if (sail_step_check(s, &m, t, 1, &r, NULL) != 0)
				continue;
			sl_buf_printf(out, "%s %s", first ? "" : ",", tok[t]);
			first = 0;
			if (r.advance)
				sl_buf_printf(out, " (%d %s to %d,%d%s)", r.cost, r.cost == 1 ? "pt" : "pts",
					r.col, r.row, r.shoal ? ", a shoal: roll a die" : "");
			else if (r.fails)
				sl_buf_puts(out, " (fewer than 3 pts: the tack fails, in irons)");
			else
				sl_buf_puts(out, " (tack, 3 pts)");
		}
		if (first) {   /* say why: the rules refusing an advance and a tack */
			sl_error e1, e2;
			sl_error_clear(&e1);
			sl_error_clear(&e2);
			{
				sail_stepres r;
				sail_step_check(s, &m, SAIL_A, 1, &r, &e1);
				sail_step_check(s, &m, SAIL_TP, 1, &r, &e2);
			}
			sl_buf_printf(out, " no step possible (A: %s; TP: %s)", e1.code ? e1.msg : "?",
				e2.code ? e2.msg : "?");
		}
		sl_buf_putc(out, '\n');
	}
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		if (sh->sunk || sh->struck || !(sh->grounded || sh->in_irons))
			continue;
		sl_buf_printf(out, "%s %s %s", stuck++ ? "," : "  cannot move:", sh->id,
			sh->grounded ? "aground" : "in irons");
	}
	if (stuck)
		sl_buf_putc(out, '\n');
	if (!any)
		sl_buf_puts(out, "  no ship can still move in this phase\n");
}

static void help_fire(const sail_state *s, const sl_header *h, sl_buf *out, int board)
{
	int any = 0;
	for (int i = 0; i < s->nships; i++) {
		const sail_ship *sh = &s->ships[i];
		int first = 1;
		if (!sail_fights(sh) || (board ? sh->boarded : sh->fired))
			continue;
		for (int j = 0; j < s->nships; j++) {
			const sail_ship *tg = &s->ships[j];
			int d;
			if (tg->side == sh->side || tg->sunk || (!board && tg->struck))
				continue;
			d = sail_distance(sh->col, sh->row, tg->col, tg->row);
			if (board ? d != 1 : d > SAIL_FIRE_RANGE)
				continue;
			if (first)
				sl_buf_printf(out, "  %s (%s) may %s:", sh->id, sail_side_name(h, sh->side),
					board ? "board" : "fire on");
			sl_buf_printf(out, "%s %s (%d %s)", first ? "" : ",", tg->id, d,
				d == 1 ? "hex" : "hexes");
			first = 0;
			any = 1;
		}
		if (!first)
			sl_buf_putc(out, '\n');
	}
	if (!any)
		sl_buf_printf(out, "  no ship can %s now\n", board ? "board" : "fire");
}

void sail_help(const void *st, const sl_header *h, sl_buf *out)
{
	const sail_state *s = st;
	if (s->turn == 0) {
		if (!s->cols)
			sl_buf_puts(out, "setup: first `map cols=N rows=N turns=N`\n");
		else
			sl_buf_printf(out, "setup: map %d x %d, %d ships; next `terrain row=N "
				"cells=\"...\"` (before any ship), `ship id=... name=\"...\" class=\"...\" "
				"side=... at=C,R facing=DIR mp=N draft=deep|shallow hull=N`, or `turn 1`\n",
				s->cols, s->rows, s->nships);
		return;
	}
	sl_buf_printf(out, "turn %d, phase %d (%s), wind %s\n", s->turn, s->phase,
		sl_phase_name(&sail_schema, s->phase), sail_dir_name(s->wind));
	switch (s->phase) {
	case SAIL_PH_WIND:
		if (s->turn >= 2 && !s->wind_rolled)
			sl_buf_printf(out, "  the wind: `wind roll=D6` (1-2 clockwise, 3-4 steady, "
				"5-6 counter-clockwise) or `wind to=%s|%s|%s`\n",
				sail_dir_name(sl_hex_dir_rotate(s->wind, -1)), sail_dir_name(s->wind),
				sail_dir_name(sl_hex_dir_rotate(s->wind, 1)));
		else
			sl_buf_puts(out, "  the wind is settled\n");
		break;
	case SAIL_PH_MOVE1:
	case SAIL_PH_MOVE2:
		sl_buf_puts(out, "  `PLAYER: move ship=ID steps=A,AP,AS,TP,TS dice=D,...`\n");
		help_moves(s, h, out);
		break;
	case SAIL_PH_FIRE1:
	case SAIL_PH_FIRE2:
		sl_buf_puts(out, "  `PLAYER: fire ship=ID target=ID hits=N`\n");
		help_fire(s, h, out, 0);
		break;
	default:
		sl_buf_puts(out, "  `PLAYER: board ship=ID target=ID result=captured|repulsed`\n");
		help_fire(s, h, out, 1);
		break;
	}
	if (s->turn >= 2 && !s->wind_rolled)
		sl_buf_puts(out, "  next: the wind, then `phase 2`\n");
	else if (s->phase < 6)
		sl_buf_printf(out, "  next: `phase %d` (%s)\n", s->phase + 1,
			sl_phase_name(&sail_schema, s->phase + 1));
	else if (s->turns && s->turn >= s->turns)
		sl_buf_puts(out, "  the game is over: this was the last turn\n");
	else
		sl_buf_printf(out, "  next: `turn %d`\n", s->turn + 1);
	sl_buf_puts(out, "  any phase: `PLAYER: strike ship=ID`\n");
}
