/* new_fmp.c - `sillage new fmp`: a game of Full Metal Planète on a built-in
 * map, with the published setup: ore on every third hex of the map (one hex
 * in three of each line of hexes, none on sea), and the players in their
 * landing order (turn 1 is the landing, each in the order of play: H2, H3 of
 * formats/fmp.md). The maps are ours, kept here as data. */
#include "record/new.h"
#include "games/sl_game.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* `.` sea, `~` reef, `*` swamp, `-` plain, `^` mountain (formats/fmp.md). */
static const char *const halcyon[] = {
	"..~*~~~~~~~~......~~****~~...........",
	"~*-----------*****-------*~.....~*~..",
	"*-------------------------*....~*-*..",
	"~-------------------------*.....*-*~.",
	".*-----^^---------^^------*....~*--~.",
	".~------^-----------------*~..~*---*~",
	".~------^^--****-----------**~*-----*",
	".~*------^*~...~*----*----------^---*",
	"..*------^*.....~*-------------------",
	"..*-------*.....~*-----------^------*",
	".~*-------*~....~-----------^------*~",
	".~*--------*~..~*----------^------*~.",
	"~*---------^*~~*----------^-------*..",
	"~--------------------^---^--------*..",
	"*-----------------------^^--------*~.",
	"*----**-----------**----^----------~.",
	"*---*~~**---------~~---^-----------*.",
	"*---~.~***-^^-----..*-^------------*.",
	"*---~.~***-------*..~--------------*.",
	"~----**-----------...--------------~.",
	"~-----------------..~--------------~.",
	".~*-*********----*...~**-------***...",
	".............~~~~.......~****~~......"
};
/* the sample's map (samples/fmp/ferrix.sil) */
static const char *const ferrix[] = {
	"........................",
	"..*--*--*--*--*--*--*-..",
	"..*-------*...-------~..",
	"..~-------*..*-------*..",
	"..~--------**--------~..",
	"..*------------------~..",
	"..~-------*----------~..",
	"..~^-----^-----^----**..",
	"..*-^---^^-----^^----~..",
	"..~-----^------------~..",
	"..~--------------**--~..",
	".....~-**--------*--^*..",
	"......~-*----------^-~..",
	".....~~-------^------~..",
	"..~*~*~*~*~*~*~*~*~*~*..",
	"........................"
};

typedef struct fmp_map {
	const char *id, *name, *about;
	const char *const *rows;
	int cols, nrows;
} fmp_map;

static const fmp_map maps[] = {
	{"halcyon", "Halcyon", "our own map in the published board's size (37 x 23 = 851 hexes): a "
	 "continent round an inland sea, a bay in the north-east, a lagoon in the south-west, two "
	 "mountain chains", halcyon, 37, 23},
	{"ferrix", "Ferrix", "the sample's smaller map (24 x 16), for a short game", ferrix, 24, 16},
};
#define NMAPS (int)(sizeof maps / sizeof maps[0])
static const char *const map_ids[] = {"halcyon", "ferrix", NULL};

static const uint32_t colours[4] = {0x1f5fbf, 0xc0392b, 0x2f9e44, 0xd08c00};

/* "ana,bob,cyd": 2 to 4 ids, in landing order. */
static int parse_players(const char *s, char ids[4][24], int *np, sl_error *err)
{
	*np = 0;
	while (*s) {
		size_t n = strcspn(s, ",");
		if (*np == 4)
			return sl_error_set(err, SL_EUSAGE, "--players: 2 to 4 players (four astronefs "
				"in the box)");
		if (n == 0 || n > 23)
			return sl_error_set(err, SL_EUSAGE, "--players: an id is 1 to 23 characters");
		for (size_t k = 0; k < n; k++)
			if (!isalnum((unsigned char)s[k]) && s[k] != '_')
				return sl_error_set(err, SL_EUSAGE, "--players: '%.*s': an id is letters, "
					"digits and '_' (unit ids start with it)", (int)n, s);
		snprintf(ids[*np], 24, "%.*s", (int)n, s);
		for (int q = 0; q < *np; q++)
			if (strcmp(ids[q], ids[*np]) == 0)
				return sl_error_set(err, SL_EUSAGE, "--players: %s is named twice", ids[q]);
		(*np)++;
		s += n + (s[n] == ',');
	}
	if (*np < 2)
		return sl_error_set(err, SL_EUSAGE, "--players: 2 to 4 players, in landing order "
			"(e.g. ana,bob,cyd)");
	return 0;
}

/* The published spread: an ore on one hex in three, the hexes whose axial
 * q - r is a multiple of 3, so that every hex without ore touches three with
 * ore and an astronef can still land between them; none on sea. */
static int ore_lines(sl_buf *out, const fmp_map *m)
{
	const sl_game *g = sl_game_find("fmp");
	int n = 0;
	for (int r = 0; r < m->nrows; r++)
		for (int c = 0; c < m->cols; c++) {
			sl_offset o = {c, r};
			sl_hex h = sl_hex_from_offset(g->schema->grid, o);
			if (m->rows[r][c] == '.' || ((h.q - h.r) % 3 + 3) % 3 != 0)
				continue;
			sl_buf_printf(out, "ore id=o%d at=%d,%d\n", ++n, c + 1, r + 1);
		}
	return n;
}

static int fmp_write(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err)
{
	const sl_game *g = sl_game_find("fmp");
	const char *pl = rec_new_get(opt, nopt, "players"), *title = rec_new_get(opt, nopt, "title");
	char ids[4][24];
	const fmp_map *m;
	int k, np, rc;
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "this build has no fmp rules module");
	if (!pl)
		return sl_error_set(err, SL_EUSAGE, "new fmp: give the players in landing order with "
			"--players ana,bob,cyd (2 to 4)");
	if ((rc = rec_new_pick(opt, nopt, "map", map_ids, 0, &k, err))
	    || (rc = parse_players(pl, ids, &np, err)))
		return rc;
	m = &maps[k];
	sl_buf_printf(out, "sil %d\ngame fmp %d\n", SL_SIL_VERSION, g->rules_version);
	sl_buf_printf(out, "title %s\n", title ? title : m->name);
	for (int p = 0; p < np; p++)
		sl_buf_printf(out, "player %s \"%c%s\" #%06x\n", ids[p], toupper((unsigned char)ids[p][0]),
			ids[p] + 1, colours[p]);
	sl_buf_printf(out, "meta map %s, %d x %d: %s\n", m->name, m->cols, m->nrows, m->about);
	sl_buf_puts(out, "meta setup ore on one hex in three (none on sea); landing in the order of "
		"play\n\n");
	sl_buf_printf(out, "map cols=%d rows=%d\n", m->cols, m->nrows);
	for (int r = 0; r < m->nrows; r++)
		sl_buf_printf(out, "terrain row=%d cells=\"%s\"\n", r + 1, m->rows[r]);
	ore_lines(out, m);
	sl_buf_puts(out, "# turn 1 is the landing: ");
	for (int p = 0; p < np; p++)
		sl_buf_printf(out, "%s%s", p ? ", then " : "", ids[p]);
	sl_buf_puts(out, " (`land at=COL,ROW pode=DIR` on four clear hexes of plain or swamp)\n");
	return 0;
}

static int fmp_list(sl_buf *out, sl_error *err)
{
	for (int k = 0; k < NMAPS; k++)
		sl_buf_printf(out, "%-8s %s: %s\n", maps[k].id, maps[k].name, maps[k].about);
	return 0;
}

const rec_template rec_new_fmp = {
	"fmp",
	"--players IDS  2 to 4 player ids in landing order (the order of play), e.g. ana,bob,cyd\n"
	"--map NAME  halcyon (the default: the published board's size) or ferrix\n"
	"--title TEXT  the log's title (default: the map's name)",
	fmp_list,
	fmp_write,
	NULL,   /* deals nothing hidden */
};
