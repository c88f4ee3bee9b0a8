/* fmp_state.c - the fmp state as bytes (canonical serialization, checked
 * restore of untrusted snapshots) and as words (summary, JSON, help). */
#include "fmp_int.h"

#include <stdio.h>
#include <string.h>

/* ---- canonical bytes -------------------------------------------------------------
 * Varints (LEB128; s = zigzag) in this order, nothing else:
 *   u8 version (3)
 *   cols, rows, rows*cols u8 terrain, rows u8 row_set
 *   np, turn, phase, tide, tide_set, s next, known, deck[3], s escape
 *   nunits, then per unit: u8 len + id, kind, s colour, where, s holder,
 *     col, row, tcol, trow, shots, builds, escape, retreat
 *   4 ships: landed, gone, owner, col, row, orient, 3 x s turret, taken,
 *     sealed, (if sealed) 32 bytes of commitment, s choice
 *   4 players: ap, saved, score, lost, departed, playing, debt
 *   nlast, nlast x (col, row)
 * Every value has one encoding, so restore followed by serialize gives back
 * the same bytes. */
#define FMP_SNAP_VERSION 3

static void u(sl_buf *b, int v)
{
	sl_buf_uvarint(b, (uint64_t)(v < 0 ? 0 : v));
}

static void sv(sl_buf *b, int v)
{
	sl_buf_svarint(b, v);
}

int fmp_serialize(const void *st, sl_buf *b)
{
	const fmp_state *s = st;
	sl_buf_u8(b, FMP_SNAP_VERSION);
	u(b, s->cols);
	u(b, s->rows);
	for (int r = 0; r < s->rows; r++)
		sl_buf_put(b, s->terrain[r], (size_t)s->cols);
	sl_buf_put(b, s->row_set, (size_t)s->rows);
	u(b, s->np);
	u(b, s->turn);
	u(b, s->phase);
	u(b, s->tide);
	u(b, s->tide_set);
	sv(b, s->next);
	u(b, s->known);
	for (int i = 0; i < 3; i++)
		u(b, s->deck[i]);
	sv(b, s->escape);
	u(b, s->nunits);
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		size_t n = strlen(x->id);
		sl_buf_u8(b, (uint8_t)n);
		sl_buf_put(b, x->id, n);
		u(b, x->kind);
		sv(b, x->colour);
		u(b, x->where);
		sv(b, x->holder);
		u(b, x->col);
		u(b, x->row);
		u(b, x->tcol);
		u(b, x->trow);
		u(b, x->shots);
		u(b, x->builds);
		u(b, x->escape);
		u(b, x->retreat);
	}
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		const fmp_ship *sh = &s->ships[k];
		u(b, sh->landed);
		u(b, sh->gone);
		u(b, sh->owner);
		u(b, sh->col);
		u(b, sh->row);
		u(b, sh->orient);
		for (int t = 0; t < 3; t++)
			sv(b, sh->turret[t]);
		u(b, sh->taken);
		u(b, sh->sealed);
		if (sh->sealed)
			sl_buf_put(b, sh->seal, sizeof sh->seal);
		sv(b, sh->choice);
	}
	for (int p = 0; p < FMP_MAX_PLAYERS; p++) {
		const fmp_player *pl = &s->players[p];
		u(b, pl->ap);
		u(b, pl->saved);
		u(b, pl->score);
		u(b, pl->lost);
		u(b, pl->departed);
		u(b, pl->playing);
		u(b, pl->debt);
	}
	u(b, s->nlast);
	for (int i = 0; i < s->nlast; i++) {
		u(b, s->last_col[i]);
		u(b, s->last_row[i]);
	}
	return b->failed ? SL_ENOMEM : SL_OK;
}

static int corrupt(sl_error *err, const sl_reader *r, const char *what)
{
	return sl_error_set(err, SL_EFORMAT, "fmp snapshot: offset %zu: %s", r->pos, what);
}

#define NEED(cond, what) do { if (!(cond)) { rc = corrupt(err, &r, what); goto out; } } while (0)

int fmp_restore(void **out, const void *p, size_t n, sl_error *err)
{
	sl_reader r;
	fmp_state *s = sl_calloc(1, sizeof *s);
	int rc = 0, v;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "fmp: out of memory");
	sl_reader_init(&r, p, n);
	v = sl_read_u8(&r);
	NEED(!r.err && v == FMP_SNAP_VERSION, "unknown snapshot version");
	s->cols = sl_read_uvarint_in(&r, 0, FMP_MAX_COLS);
	s->rows = sl_read_uvarint_in(&r, 0, FMP_MAX_ROWS);
	NEED(!r.err && (s->cols == 0) == (s->rows == 0), "bad map size");
	for (int row = 0; row < s->rows; row++) {
		const uint8_t *t = sl_read_bytes(&r, (size_t)s->cols);
		NEED(t && !r.err, "truncated terrain");
		for (int c = 0; c < s->cols; c++) {
			NEED(t[c] < FMP_NTERRAIN, "bad terrain");
			s->terrain[row][c] = t[c];
		}
	}
	for (int row = 0; row < s->rows; row++) {
		s->row_set[row] = (uint8_t)sl_read_uvarint_in(&r, 0, 1);
		NEED(!r.err, "bad terrain rows");
	}
	s->np = sl_read_uvarint_in(&r, 0, FMP_MAX_PLAYERS);
	s->turn = sl_read_uvarint_in(&r, 0, FMP_LAST_TURN);
	s->phase = sl_read_uvarint_in(&r, 0, 1 + FMP_MAX_PLAYERS);
	s->tide = sl_read_uvarint_in(&r, 0, 2);
	s->tide_set = sl_read_uvarint_in(&r, 0, 1);
	s->next = sl_read_svarint_in(&r, -1, 2);
	s->known = sl_read_uvarint_in(&r, 0, (1 << FMP_MAX_PLAYERS) - 1);
	for (int i = 0; i < 3; i++)
		s->deck[i] = sl_read_uvarint_in(&r, 0, 5);
	s->escape = sl_read_svarint_in(&r, -1, FMP_MAX_PLAYERS - 1);
	NEED(!r.err, "bad turn, tide or deck");
	NEED(s->next >= 0 || s->known == 0, "a forecast of no card");
	NEED((s->turn == 0) == (s->phase == 0) && (s->turn == 0 || s->np >= 2), "bad position");
	NEED(s->turn == 0 || s->cols > 0, "a game without a map");
	NEED(s->phase < 2 + s->np || s->turn == 0, "bad phase");
	s->nunits = sl_read_uvarint_in(&r, 0, FMP_MAX_UNITS);
	NEED(!r.err, "bad unit count");
	for (int i = 0; i < s->nunits; i++) {
		fmp_unit *x = &s->units[i];
		size_t len = sl_read_u8(&r);
		const uint8_t *id;
		NEED(!r.err && len > 0 && len < FMP_ID_LEN, "bad unit id");
		id = sl_read_bytes(&r, len);
		NEED(id && !r.err && !memchr(id, 0, len), "bad unit id");
		memcpy(x->id, id, len);
		x->kind = sl_read_uvarint_in(&r, 0, FMP_NKIND - 1);
		x->colour = sl_read_svarint_in(&r, -1, FMP_MAX_PLAYERS - 1);
		x->where = sl_read_uvarint_in(&r, FMP_DEAD, FMP_GONE);
		x->holder = sl_read_svarint_in(&r, -1, FMP_MAX_UNITS - 1);
		x->col = sl_read_uvarint_in(&r, 0, FMP_MAX_COLS);
		x->row = sl_read_uvarint_in(&r, 0, FMP_MAX_ROWS);
		x->tcol = sl_read_uvarint_in(&r, 0, FMP_MAX_COLS);
		x->trow = sl_read_uvarint_in(&r, 0, FMP_MAX_ROWS);
		x->shots = sl_read_uvarint_in(&r, 0, 2);
		x->builds = sl_read_uvarint_in(&r, 0, 2);
		x->escape = sl_read_uvarint_in(&r, 0, 1);
		x->retreat = sl_read_uvarint_in(&r, 0, 1);
		NEED(!r.err, "bad unit");
		NEED((x->kind == FMP_ORE) == (x->colour < 0), "bad unit colour");
		NEED(fmp_find_unit(s, x->id, len) == i, "duplicate unit id");
		if (x->where == FMP_MAP)
			NEED(fmp_on_map(s, x->col, x->row) && fmp_on_map(s, x->tcol, x->trow),
				"unit off the map");
		if (x->where == FMP_IN_SHIP)
			NEED(x->holder >= 0 && x->holder < FMP_MAX_PLAYERS, "bad astronef holder");
	}
	for (int i = 0; i < s->nunits; i++) {
		fmp_unit *x = &s->units[i];
		if (x->where == FMP_IN_UNIT) {   /* a chain of holders that ends */
			int y = i, d = 0;
			while (d < 8 && y >= 0 && y < s->nunits && s->units[y].where == FMP_IN_UNIT) {
				y = s->units[y].holder;
				d++;
				NEED(y >= 0 && y < s->nunits && y != i, "bad unit holder");
			}
			NEED(d < 8, "bad unit holder");
		}
	}
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		fmp_ship *sh = &s->ships[k];
		sh->landed = sl_read_uvarint_in(&r, 0, 1);
		sh->gone = sl_read_uvarint_in(&r, 0, 1);
		sh->owner = sl_read_uvarint_in(&r, 0, FMP_MAX_PLAYERS - 1);
		sh->col = sl_read_uvarint_in(&r, 0, FMP_MAX_COLS);
		sh->row = sl_read_uvarint_in(&r, 0, FMP_MAX_ROWS);
		sh->orient = sl_read_uvarint_in(&r, 0, 5);
		for (int t = 0; t < 3; t++) {
			sh->turret[t] = sl_read_svarint_in(&r, -1, FMP_MAX_UNITS - 1);
			NEED(!r.err && sh->turret[t] < s->nunits, "bad turret");
			NEED(!sh->landed || (sh->turret[t] >= 0
				&& s->units[sh->turret[t]].kind == FMP_TURRET), "bad turret");
		}
		sh->taken = sl_read_uvarint_in(&r, 0, 1);
		sh->sealed = sl_read_uvarint_in(&r, 0, 1);
		NEED(!r.err, "bad astronef");
		if (sh->sealed) {
			const uint8_t *c = sl_read_bytes(&r, sizeof sh->seal);
			NEED(c && !r.err, "truncated commitment");
			memcpy(sh->seal, c, sizeof sh->seal);
		}
		sh->choice = sl_read_svarint_in(&r, -1, 1);
		NEED(!r.err && (sh->choice < 0 || sh->sealed), "bad astronef");
		if (sh->landed) {
			int c[4], rr[4];
			fmp_ship_hexes(sh, c, rr);
			for (int i = 0; i < 4; i++)
				NEED(fmp_on_map(s, c[i], rr[i]), "astronef off the map");
		}
	}
	for (int i = 0; i < s->nunits; i++)
		if (s->units[i].kind != FMP_ORE)
			NEED(s->units[i].where == FMP_DEAD || s->ships[s->units[i].colour].landed,
				"unit of an astronef that never landed");
	for (int q = 0; q < FMP_MAX_PLAYERS; q++) {
		fmp_player *pl = &s->players[q];
		pl->ap = sl_read_uvarint_in(&r, 0, 1000);
		pl->saved = sl_read_uvarint_in(&r, 0, 10);
		pl->score = sl_read_uvarint_in(&r, 0, 100000);
		pl->lost = sl_read_uvarint_in(&r, 0, 1);
		pl->departed = sl_read_uvarint_in(&r, 0, FMP_MAX_PLAYERS);
		pl->playing = sl_read_uvarint_in(&r, 0, 1);
		pl->debt = sl_read_uvarint_in(&r, 0, 4 * FMP_MAX_PLAYERS);
		NEED(!r.err, "bad player");
	}
	s->nlast = sl_read_uvarint_in(&r, 0, 16);
	NEED(!r.err, "bad last action");
	for (int i = 0; i < s->nlast; i++) {
		s->last_col[i] = sl_read_uvarint_in(&r, 0, FMP_MAX_COLS);
		s->last_row[i] = sl_read_uvarint_in(&r, 0, FMP_MAX_ROWS);
		NEED(!r.err, "bad last action");
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

static const char *where_name(const fmp_state *s, const fmp_unit *x, char *buf, size_t n)
{
	switch (x->where) {
	case FMP_MAP:
		if (x->kind == FMP_BARGE)
			snprintf(buf, n, "%d,%d+%d,%d", x->col, x->row, x->tcol, x->trow);
		else
			snprintf(buf, n, "%d,%d", x->col, x->row);
		return buf;
	case FMP_IN_SHIP:
		snprintf(buf, n, "in astronef %d", x->holder);
		return buf;
	case FMP_IN_UNIT:
		snprintf(buf, n, "in %s", s->units[x->holder].id);
		return buf;
	case FMP_GONE:
		return "gone";
	default:
		return "destroyed";
	}
}

static void cargo_list(const fmp_state *s, int ship, int unit, sl_buf *out)
{
	int n = 0;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		if (ship >= 0 ? !(x->where == FMP_IN_SHIP && x->holder == ship)
		              : !(x->where == FMP_IN_UNIT && x->holder == unit))
			continue;
		sl_buf_puts(out, n++ ? " " : "");
		sl_buf_puts(out, x->id);
		{
			int m = 0;
			for (int j = 0; j < s->nunits; j++)
				if (s->units[j].where == FMP_IN_UNIT && s->units[j].holder == i)
					m++;
			if (m) {
				sl_buf_putc(out, '[');
				cargo_list(s, -1, i, out);
				sl_buf_putc(out, ']');
			}
		}
	}
	if (!n && ship >= 0)
		sl_buf_puts(out, "empty");
}

void fmp_summary(const void *st, const sl_header *h, sl_buf *out)
{
	const fmp_state *s = st;
	char buf[48];
	if (s->turn == 0)
		sl_buf_puts(out, "setup");
	else
		sl_buf_printf(out, "turn %d of %d, phase %d (%s)", s->turn, FMP_LAST_TURN, s->phase,
			fmp_schema.phases[s->phase - 1]);
	sl_buf_printf(out, ", %s tide", fmp_tide_name(s->tide));
	if (s->next >= 0) {
		int n = 0;
		sl_buf_printf(out, "; next tide (turn %d): %s, known to ", s->turn + 1,
			fmp_tide_name(s->next));
		for (int p = 0; p < s->np; p++)
			if (fmp_knows_next(s, p))
				sl_buf_printf(out, "%s%s", n++ ? ", " : "", fmp_pid(h, p));
		if (!n)
			sl_buf_puts(out, "nobody");
	} else if (s->turn >= 1 && !s->tide_set) {
		sl_buf_printf(out, "; the card of turn %d is not drawn yet", s->turn + 1);
	}
	sl_buf_printf(out, "; tide deck: %d low, %d normal, %d high left\n", s->deck[0], s->deck[1],
		s->deck[2]);
	sl_buf_printf(out, "map %d x %d\n", s->cols, s->rows);
	for (int p = 0; p < s->np; p++) {
		const fmp_player *pl = &s->players[p];
		sl_buf_printf(out, "player %s: %d action points%s, %d saved, score %d%s%s\n",
			fmp_pid(h, p), pl->ap, pl->playing ? " (playing)" : "", pl->saved, pl->score,
			pl->lost ? ", lost" : "", pl->departed ? ", took off" : "");
	}
	if (s->escape >= 0)
		sl_buf_printf(out, "%s must first move its new units out of enemy fire (9.3)\n",
			fmp_pid(h, s->escape));
	for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
		const fmp_ship *sh = &s->ships[k];
		if (!sh->landed)
			continue;
		sl_buf_printf(out, "astronef %s: ", fmp_pid(h, k));
		if (sh->gone) {
			sl_buf_printf(out, "took off under %s\n", fmp_pid(h, sh->owner));
			continue;
		}
		sl_buf_printf(out, "at %d,%d pode 1 %s, owner %s%s, turrets", sh->col, sh->row,
			fmp_dir_name(sh->orient), fmp_pid(h, sh->owner), sh->taken ? " (taken)" : "");
		for (int t = 0; t < 3; t++)
			sl_buf_puts(out, s->units[sh->turret[t]].where == FMP_MAP ? " up" : " down");
		sl_buf_puts(out, "; cargo: ");
		cargo_list(s, k, -1, out);
		if (sh->sealed)   /* 9.5: what everyone may know of the turn-21 choice */
			sl_buf_puts(out, sh->choice < 0 ? "; choice for turn 21: sealed"
				: "; choice for turn 21: stays");
		sl_buf_putc(out, '\n');
	}
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		int c;
		if (x->where != FMP_MAP || x->kind == FMP_TURRET)
			continue;
		c = fmp_controller(s, x);
		sl_buf_printf(out, "%s: %s at %s", x->id, fmp_kind_name(x->kind),
			where_name(s, x, buf, sizeof buf));
		if (x->kind != FMP_ORE)
			sl_buf_printf(out, ", %s, %s%s", fmp_pid(h, x->colour),
				c < 0 ? "deactivated" : "controlled by ", c < 0 ? "" : fmp_pid(h, c));
		if (fmp_stuck(s, x))
			sl_buf_puts(out, ", stuck");
		if (x->kind != FMP_ORE && fmp_neutralised(s, x))
			sl_buf_puts(out, ", under enemy fire");
		if (fmp_capacity(x->kind)) {
			int m = 0;
			for (int j = 0; j < s->nunits; j++)
				m += s->units[j].where == FMP_IN_UNIT && s->units[j].holder == i;
			if (m) {
				sl_buf_puts(out, ", carries ");
				cargo_list(s, -1, i, out);
			}
		}
		sl_buf_putc(out, '\n');
	}
}

static const char *jbool(int v)
{
	return v ? "true" : "false";
}

void fmp_summary_json(const void *st, const sl_header *h, sl_buf *out)
{
	static const char *const where_id[5] = {"destroyed", "map", "astronef", "unit", "gone"};
	const fmp_state *s = st;
	sl_buf_printf(out, "{\"game\":\"fmp\",\"turn\":%d,\"phase\":%d,\"tide\":\"%s\","
		"\"tide_drawn\":%s,\"next_tide\":", s->turn, s->phase, fmp_tide_name(s->tide),
		jbool(s->tide_set));
	if (s->next < 0) {
		sl_buf_puts(out, "null");
	} else {
		sl_buf_printf(out, "\"%s\"", fmp_tide_name(s->next));
	}
	sl_buf_puts(out, ",\"next_known_by\":[");
	for (int p = 0, n = 0; p < s->np; p++)
		if (fmp_knows_next(s, p)) {
			sl_buf_puts(out, n++ ? "," : "");
			sl_buf_json_str(out, fmp_pid(h, p));
		}
	sl_buf_printf(out, "],\"deck\":{\"low\":%d,\"normal\":%d,\"high\":%d},\"cols\":%d,"
		"\"rows\":%d,\"escape\":", s->deck[0], s->deck[1], s->deck[2], s->cols, s->rows);
	if (s->escape < 0)
		sl_buf_puts(out, "null");
	else
		sl_buf_json_str(out, fmp_pid(h, s->escape));
	sl_buf_puts(out, ",\"players\":[");
	for (int p = 0; p < s->np; p++) {
		const fmp_player *pl = &s->players[p];
		sl_buf_puts(out, p ? ",{\"id\":" : "{\"id\":");
		sl_buf_json_str(out, fmp_pid(h, p));
		sl_buf_printf(out, ",\"ap\":%d,\"saved\":%d,\"score\":%d,\"lost\":%s,\"took_off\":%d}",
			pl->ap, pl->saved, pl->score, jbool(pl->lost), pl->departed);
	}
	sl_buf_puts(out, "],\"astronefs\":[");
	for (int k = 0, n = 0; k < FMP_MAX_PLAYERS; k++) {
		const fmp_ship *sh = &s->ships[k];
		if (!sh->landed)
			continue;
		sl_buf_puts(out, n++ ? ",{\"colour\":" : "{\"colour\":");
		sl_buf_json_str(out, fmp_pid(h, k));
		sl_buf_puts(out, ",\"owner\":");
		sl_buf_json_str(out, fmp_pid(h, sh->owner));
		sl_buf_printf(out, ",\"choice\":%s", !sh->sealed ? "null" : sh->choice < 0
			? "\"sealed\"" : sh->choice ? "\"leave\"" : "\"stay\"");
		sl_buf_printf(out, ",\"col\":%d,\"row\":%d,\"pode1\":\"%s\",\"taken\":%s,\"gone\":%s,"
			"\"turrets\":[%s,%s,%s]}", sh->col, sh->row, fmp_dir_name(sh->orient),
			jbool(sh->taken), jbool(sh->gone),
			jbool(s->units[sh->turret[0]].where == FMP_MAP),
			jbool(s->units[sh->turret[1]].where == FMP_MAP),
			jbool(s->units[sh->turret[2]].where == FMP_MAP));
	}
	sl_buf_puts(out, "],\"units\":[");
	for (int i = 0, n = 0; i < s->nunits; i++) {
		const fmp_unit *x = &s->units[i];
		int c = fmp_controller(s, x);
		if (x->where == FMP_DEAD)
			continue;
		sl_buf_puts(out, n++ ? ",{\"id\":" : "{\"id\":");
		sl_buf_json_str(out, x->id);
		sl_buf_printf(out, ",\"kind\":\"%s\",\"where\":\"%s\"", fmp_kind_name(x->kind),
			where_id[x->where]);
		if (x->colour >= 0) {
			sl_buf_puts(out, ",\"colour\":");
			sl_buf_json_str(out, fmp_pid(h, x->colour));
			sl_buf_puts(out, ",\"controller\":");
			if (c < 0)
				sl_buf_puts(out, "null");
			else
				sl_buf_json_str(out, fmp_pid(h, c));
		}
		if (x->where == FMP_MAP)
			sl_buf_printf(out, ",\"col\":%d,\"row\":%d", x->col, x->row);
		if (x->where == FMP_IN_UNIT) {
			sl_buf_puts(out, ",\"in\":");
			sl_buf_json_str(out, s->units[x->holder].id);
		} else if (x->where == FMP_IN_SHIP) {
			sl_buf_puts(out, ",\"in\":");
			sl_buf_json_str(out, fmp_pid(h, x->holder));
		}
		sl_buf_printf(out, ",\"stuck\":%s,\"under_fire\":%s}", jbool(fmp_stuck(s, x)),
			jbool(x->kind != FMP_ORE && fmp_neutralised(s, x)));
	}
	sl_buf_puts(out, "]}");
}

/* ---- help ------------------------------------------------------------------------ */

/* The units of player p on the map, each with what it may do now: those
 * stuck by the tide or neutralised by enemy fire are listed apart. */
static void help_units(const fmp_state *s, const sl_header *h, int p, sl_buf *out)
{
	int n = 0, stuck = 0, fired = 0;
	(void)h;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where != FMP_MAP || fmp_controller(s, u) != p || u->kind == FMP_ORE || u->kind == FMP_PONTOON)
			continue;
		if (fmp_stuck(s, u) || fmp_neutralised(s, u))
			continue;
		sl_buf_printf(out, "%s %s %s at %d,%d (", n++ ? "," : "  may act:", fmp_kind_name(u->kind), u->id,
			u->col, u->row);
		if (u->kind != FMP_TURRET)
			sl_buf_puts(out, "move");
		if (fmp_is_destroyer(u->kind) && u->shots < 2)
			sl_buf_printf(out, "%sfire, %d shot%s left", u->kind != FMP_TURRET ? ", " : "", 2 - u->shots,
				u->shots == 1 ? "" : "s");
		if (fmp_capacity(u->kind))
			sl_buf_puts(out, ", load/unload");
		if (u->kind == FMP_LAYER && u->builds < 2)
			sl_buf_puts(out, ", build");
		sl_buf_putc(out, ')');
	}
	if (n)
		sl_buf_putc(out, '\n');
	else
		sl_buf_puts(out, "  no unit of yours on the map may act\n");
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where != FMP_MAP || fmp_controller(s, u) != p || u->kind == FMP_ORE)
			continue;
		if (fmp_stuck(s, u))
			sl_buf_printf(out, "%s %s", stuck++ ? "," : "  stuck by the tide:", u->id);
	}
	if (stuck)
		sl_buf_putc(out, '\n');
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		if (u->where != FMP_MAP || fmp_controller(s, u) != p || u->kind == FMP_ORE || fmp_stuck(s, u))
			continue;
		if (fmp_neutralised(s, u))
			sl_buf_printf(out, "%s %s", fired++ ? "," : "  neutralised by enemy fire (9):", u->id);
	}
	if (fired)
		sl_buf_putc(out, '\n');
}

void fmp_help(const void *st, const sl_header *h, sl_buf *out)
{
	const fmp_state *s = st;
	int p = s->phase >= 2 ? s->phase - 2 : -1;
	if (s->turn == 0) {
		if (!s->cols)
			sl_buf_puts(out, "setup: first `map cols=N rows=N`\n");
		else
			sl_buf_puts(out, "setup: `terrain row=N cells=\"...\"` (. sea, ~ reef, * swamp, "
				"- plain, ^ mountain) for every row, `ore id=ID at=C,R`, then `turn 1`\n");
		return;
	}
	sl_buf_printf(out, "turn %d, phase %d (%s), %s tide\n", s->turn, s->phase,
		fmp_schema.phases[s->phase - 1], fmp_tide_name(s->tide));
	if (s->phase == 1) {
		if (!s->tide_set)
			sl_buf_printf(out, "  draw the tide of turn %d: `tide card=low|normal|high` (left: "
				"%d low, %d normal, %d high)\n", s->turn + 1, s->deck[0], s->deck[1], s->deck[2]);
		if (s->turn == 21)
			sl_buf_puts(out, "  each astronef's owner seals stay or leave: `PLAYER: commit "
				"ship=COLOUR hash=\"64 hex digits\"`; once all are sealed, `PLAYER: reveal "
				"ship=COLOUR choice=stay|leave salt=\"32 hex digits\"` (9.5, formats/commit.md)\n");
		sl_buf_puts(out, "  next: `phase 2` (the first player)\n");
		return;
	}
	sl_buf_printf(out, "  %s plays, %d action points\n", fmp_pid(h, p), s->players[p].ap);
	if (s->escape == p)
		sl_buf_puts(out, "  first move the new units out of enemy fire (`move`), or "
			"`neutralise` (9.3)\n");
	else if (s->turn == 1)
		sl_buf_puts(out, "  `PLAYER: land at=C,R pode=DIR`\n");
	else if (s->turn == 2)
		sl_buf_puts(out, "  `PLAYER: leave unit=ID ship=COLOUR pode=1..3 to=C,R [tail=DIR]` "
			"(free on turn 2)\n");
	else {
		sl_buf_puts(out, "  move unit= path=N,NE,...; load|unload unit= what= [to=]; "
			"enter|leave unit= ship= pode= [to=]; fire a= b= at=; capture a= b= target=; "
			"build unit= what= id= to=; rebuild ship= pode=; takeoff ship= (turn 25)\n");
		help_units(s, h, p, out);
	}
	if (s->phase - 1 < s->np)
		sl_buf_printf(out, "  next: `phase %d` (%s)\n", s->phase + 1,
			fmp_schema.phases[s->phase]);
	else if (s->turn < FMP_LAST_TURN)
		sl_buf_printf(out, "  next: `turn %d`\n", s->turn + 1);
	else
		sl_buf_puts(out, "  the game is over after this part\n");
}
