/* sail.c - the painter of the age-of-sail game: sea, shoals and land, the
 * wind, every ship with its heading and point of sail, the last move and
 * its costs, grounded / in-irons / struck markers, title bar and legend. */
#include "../painter.h"
#include "src/games/sail/sail.h"
#include "sail_targets.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define HEX 30.0          /* hex size (centre to corner) at natural size */
#define TITLE_H 64.0
#define MARGIN 16.0
#define PANEL_W 300.0
#define ROSE_R 82.0
#define ROSE_BLOCK (2 * ROSE_R + 72.0)   /* dial, captions, spacing */
#define MAX_LEGEND (SL_MAX_PLAYERS + 20)

static const sl_hex_layout sail_layout = {SL_HEX_FLAT, SL_HEX_ODD};

/* Point-of-sail key: letter, colour, legend text. Indexed by enum sail_point. */
static const struct {
	const char *letter;
	uint32_t colour;
	const char *text;
} pos_key[4] = {
	{"R", 0x1c7ed6, "Run, wind astern: 2 per hex"},
	{"B", 0x2b8a3e, "Broad reach: 1 per hex (best)"},
	{"C", 0xe67700, "Close-hauled: 3 per hex"},
	{"H", 0xc2255c, "Head to wind: no way; tack 3"},
};

#define COL_AGROUND 0xc92a2a
#define COL_IRONS 0x6741d9
#define COL_HATCH 0x8a5a1c     /* sand under a grounded hull */
#define COL_STRUCK 0x868e96

static const uint32_t fallback_colours[] = {0x1f4e9c, 0xc0392b, 0x2f9e44, 0xf08c00,
	0x7048e8, 0x0c8599, 0x5c3d2e, 0x495057};

static uint32_t side_colour(const sl_frame *fr, int side)
{
	if (fr->header && side >= 0 && side < fr->header->nplayers)
		return fr->header->players[side].colour & 0xffffff;
	return fallback_colours[(side < 0 ? 0 : side) % 8];
}

static int map_cols(const sail_state *s)
{
	return s->cols < 1 ? 1 : s->cols > SAIL_MAX_COLS ? SAIL_MAX_COLS : s->cols;
}

static int map_rows(const sail_state *s)
{
	return s->rows < 1 ? 1 : s->rows > SAIL_MAX_ROWS ? SAIL_MAX_ROWS : s->rows;
}

static int on_map(const sail_state *s, int col, int row)
{
	return col >= 1 && row >= 1 && col <= map_cols(s) && row <= map_rows(s);
}

/* Legend rows; text that needs formatting is written into store. */
static int build_legend(const sl_frame *fr, uint32_t accent, sl_kit_legend_row *rows,
	char store[][96], int nstore)
{
	const sail_state *s = fr->state;
	int n = 0, np = fr->header ? fr->header->nplayers : 0;
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_HEADING, 0, NULL, "Sides"};
	if (np > SL_MAX_PLAYERS)
		np = SL_MAX_PLAYERS;
	for (int p = 0; p < np && p < nstore; p++) {
		const sl_player *pl = &fr->header->players[p];
		int afloat = 0, total = 0;
		for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++)
			if (s->ships[i].side == p) {
				total++;
				afloat += !s->ships[i].sunk && !s->ships[i].struck;
			}
		snprintf(store[p], sizeof store[p], "%s: %d of %d ships fighting",
			pl->name ? pl->name : pl->id ? pl->id : "?", afloat, total);
		rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_SWATCH, pl->colour & 0xffffff, NULL,
			store[p]};
	}
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_HEADING, 0, NULL,
		"Point of sail (cost to enter a hex)"};
	for (int k = 0; k < 4; k++)
		rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_BADGE, pos_key[k].colour,
			pos_key[k].letter, pos_key[k].text};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_HEADING, 0, NULL, "Markers"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TAG, COL_AGROUND, "AGROUND",
		"cannot move for the game"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TAG, COL_IRONS, "IN IRONS",
		"stuck until the wind shifts"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TAG, COL_STRUCK, "STRUCK",
		"colours struck (white flag)"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_LINE, accent, NULL,
		"last move, cost per hex"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"3/5: move points left / potential"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"5 MP: potential, between moves"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"Green bar: hull left (red: lost)"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"Name*: shallow draft (sail 6)"};
	return n;
}

static void sail_size(const sl_frame *fr, int *w, int *h)
{
	const sail_state *s = fr->state;
	sl_kit_legend_row rows[MAX_LEGEND];
	char store[SL_MAX_PLAYERS][96];
	double mw, mh, panel_h;
	if (!s) {
		*w = 800;
		*h = 600;
		return;
	}
	sl_kit_grid_extent(sail_layout, map_cols(s), map_rows(s), HEX, &mw, &mh);
	panel_h = ROSE_BLOCK + 12 + sl_kit_legend_height(rows, build_legend(fr, 0, rows, store,
		SL_MAX_PLAYERS));
	*w = (int)ceil(MARGIN + mw + MARGIN + PANEL_W + MARGIN);
	*h = (int)ceil(TITLE_H + MARGIN + (mh > panel_h ? mh : panel_h) + MARGIN);
}

/* ---- pieces of the picture ---------------------------------------------------------- */

static void draw_map(sl_kit_canvas *c, const sl_kit_grid *g, const sail_state *s)
{
	/* the sea under the whole framed map, then what is not sea: one figure
	 * instead of a fill per hex, and no seams between sea hexes */
	cairo_rectangle(c->cr, g->ox, g->oy, g->w, g->h);
	sl_kit_set(c, sl_kit_terrain_colour(c, SL_KIT_T_SEA));
	cairo_fill(c->cr);
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++) {
			int t = s->terrain[r - 1][q - 1];
			if (t == SAIL_SHOAL || t == SAIL_LAND)
				sl_kit_terrain(c, g, q, r, t == SAIL_SHOAL ? SL_KIT_T_SHOAL : SL_KIT_T_LAND);
		}
	sl_kit_grid_draw(c, g, 1, SL_KIT_COORD_COMMA);
	/* a frame around the map */
	cairo_rectangle(c->cr, g->ox - 0.5, g->oy - 0.5, g->w + 1, g->h + 1);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
}

/* Faint wind streaks over open sea, so the wind reads next to every ship. */
static void draw_wind_streaks(sl_kit_canvas *c, const sl_kit_grid *g, const sail_state *s)
{
	double a = sl_kit_dir_angle(SL_HEX_FLAT, s->wind);
	sl_kit_rgb k = c->theme == SL_THEME_DARK ? sl_kit_rgb_hex(0x9fd0ff)
	                                         : sl_kit_rgb_hex(0xffffff);
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++) {
			double cx, cy;
			if (((q + 2 * r) % 4) != 0 || s->terrain[r - 1][q - 1] != SAIL_SEA)
				continue;
			/* part of the ground (drawn once per wind): under every
			 * hex of open sea, ships or not; a hull covers its own */
			sl_kit_hex_center(g, q, r, &cx, &cy);
			/* the arrow is one simple outline filled once: translucent
			 * without a group (no overlap to darken; a group's push/pop on
			 * cairo's SVG surface loses memory, issue 20.5) */
			sl_kit_arrow_a(c, cx - cos(a) * g->size * 0.45, cy - sin(a) * g->size * 0.45, a,
				g->size * 0.9, g->size * 0.07, k, 0.55);
		}
}

/* The track of an earlier move of the frame's turn (its trail): thinner and
 * fainter than the last one, ending in a dot where she stopped. */
static void draw_trail(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	cairo_t *cr = c->cr;
	int prev_ship = -1, prev_n = -1;
	for (int k = 0; k < fr->ntrail; k++) {
		const sail_state *t = fr->trail[k];
		int n = t->npath < SAIL_MAX_PATH ? t->npath : SAIL_MAX_PATH, drawn = 0;
		double x = 0, y = 0;
		if (t->last_ship < 0 || n < 2)
			continue;
		/* a state after a fire or a wind keeps the move before: once is enough */
		if (t->last_ship == prev_ship && n == prev_n)
			continue;
		prev_ship = t->last_ship;
		prev_n = n;
		for (int i = 0; i < n; i++) {
			if (!on_map(t, t->path_col[i], t->path_row[i]))
				continue;
			sl_kit_hex_center(g, t->path_col[i], t->path_row[i], &x, &y);
			if (!drawn++)
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
		}
		sl_kit_set_a(c, sl_kit_rgb_hex(side_colour(fr, t->ships[t->last_ship].side)), 0.75);
		cairo_set_line_width(cr, 2.5);
		cairo_stroke(cr);
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, 3.5, 0, 2 * M_PI);
		cairo_fill(cr);
	}
}

static void draw_last_move(sl_kit_canvas *c, const sl_kit_grid *g, const sail_state *s)
{
	cairo_t *cr = c->cr;
	static const double dash[] = {7.0, 5.0};
	sl_kit_rgb acc = c->pal.accent;
	int n = s->npath < SAIL_MAX_PATH ? s->npath : SAIL_MAX_PATH;
	double x, y;
	if (s->last_ship < 0 || s->last_ship >= s->nships || n < 1)
		return;
	/* the track */
	for (int i = 0; i < n; i++) {
		if (!on_map(s, s->path_col[i], s->path_row[i]))
			continue;
		sl_kit_hex_center(g, s->path_col[i], s->path_row[i], &x, &y);
		if (i == 0)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	cairo_set_dash(cr, dash, 2, 0);
	sl_kit_set_a(c, acc, 0.9);
	cairo_set_line_width(cr, 4);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	/* where it started */
	if (on_map(s, s->path_col[0], s->path_row[0])) {
		sl_kit_hex_center(g, s->path_col[0], s->path_row[0], &x, &y);
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, 6, 0, 2 * M_PI);
		sl_kit_set(c, c->pal.halo);
		cairo_fill_preserve(cr);
		sl_kit_set(c, acc);
		cairo_set_line_width(cr, 3);
		cairo_stroke(cr);
	}
}

/* The cost of entering each hex, on the hexside crossed (over the hulls). */
static void draw_costs(sl_kit_canvas *c, const sl_kit_grid *g, const sail_state *s)
{
	cairo_t *cr = c->cr;
	int n = s->npath < SAIL_MAX_PATH ? s->npath : SAIL_MAX_PATH;
	double x, y, px, py;
	if (s->last_ship < 0 || s->last_ship >= s->nships)
		return;
	for (int i = 1; i < n; i++) {
		char buf[16];
		sl_kit_text_style st = sl_kit_style(c, 11, 1);
		double bx, by;
		if (!on_map(s, s->path_col[i], s->path_row[i]) ||
		    !on_map(s, s->path_col[i - 1], s->path_row[i - 1]))
			continue;
		sl_kit_hex_center(g, s->path_col[i - 1], s->path_row[i - 1], &px, &py);
		sl_kit_hex_center(g, s->path_col[i], s->path_row[i], &x, &y);
		if (px == x && py == y) {   /* a turn in place: the tack */
			bx = x - g->size * 0.62;
			by = y - g->size * 0.05;
			snprintf(buf, sizeof buf, "\u21bb%d", s->path_cost[i]);
		} else {
			bx = px + (x - px) * 0.5;
			by = py + (y - py) * 0.5;
			snprintf(buf, sizeof buf, "%d", s->path_cost[i]);
		}
		{   /* on the hexside crossed, or as near as leaves the hulls seen */
			double r = strlen(buf) > 1 ? 11 : 9;
			sl_kit_place pl = {.x = bx, .y = by, .first = SL_KIT_PL_CENTER,
				.reach = g->size * 0.8};
			sl_kit_box b;
			sl_kit_place_box(c, &pl, 2 * r, 2 * r, buf, &b);
			bx = (b.x0 + b.x1) / 2;
			by = (b.y0 + b.y1) / 2;
			cairo_new_sub_path(cr);
			cairo_arc(cr, bx, by, r, 0, 2 * M_PI);
		}
		sl_kit_set(c, c->pal.accent);
		cairo_fill_preserve(cr);
		sl_kit_set(c, sl_kit_rgb_hex(0xffffff));
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		st.colour = sl_kit_rgb_hex(0xffffff);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		c->nest++;
		sl_kit_text(c, bx, by, buf, &st);
		c->nest--;
	}
}

/* ---- what the last event did, drawn ------------------------------------------------------ */

static int ship_by_id(const sail_state *s, const sl_value *v)
{
	if (!v || !v->present || !v->p)
		return -1;
	for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++)
		if (strcmp(s->ships[i].id, (const char *)v->p) == 0)
			return i;
	return -1;
}

static const char *event_name(const sl_frame *fr)
{
	const sl_schema *sc = fr->game->schema;
	if (!fr->last || fr->last->entry != SL_ENTRY_EVENT || !sc || fr->last->type >= sc->nevents)
		return NULL;
	return sc->events[fr->last->type].name;
}

/* A result pill above what sits at x,y (gap: its half size), placed off
 * the hulls and every other label. */
static void result_tag(sl_kit_canvas *c, double x, double y, double gap, const char *text,
	uint32_t colour)
{
	sl_kit_place pl = {.x = x, .y = y, .gap = gap, .first = SL_KIT_PL_ABOVE};
	sl_kit_place_tag(c, &pl, text, 10, sl_kit_rgb_hex(colour), NULL);
}

/* A broadside: a line of fire from the shooter to the target, a burst on
 * the target and what it did (hits, none, sunk, struck); a boarding: the
 * grapples between the two and captured or repulsed; colours struck or a
 * grounding: a ring and the word on the ship. */
static void draw_last_action(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	const char *ev = event_name(fr);
	cairo_t *cr = c->cr;
	int a, b;
	double ax, ay, bx, by, ang, len;
	if (!ev)
		return;
	if (!strcmp(ev, "fire") || !strcmp(ev, "board")) {
		int fire = ev[0] == 'f';
		char txt[48];
		a = ship_by_id(s, &fr->last->f[0]);
		b = ship_by_id(s, &fr->last->f[1]);
		if (a < 0 || b < 0 || !on_map(s, s->ships[a].col, s->ships[a].row) ||
		    !on_map(s, s->ships[b].col, s->ships[b].row))
			return;
		sl_kit_hex_center(g, s->ships[a].col, s->ships[a].row, &ax, &ay);
		sl_kit_hex_center(g, s->ships[b].col, s->ships[b].row, &bx, &by);
		ang = atan2(by - ay, bx - ax);
		len = hypot(bx - ax, by - ay);
		if (len < 1)
			return;
		if (fire) {
			/* the line of fire, stopping short of the target's hull, and a burst on it */
			static const double dash[] = {2.0, 4.0};
			cairo_move_to(cr, ax + cos(ang) * g->size * 0.35, ay + sin(ang) * g->size * 0.35);
			cairo_line_to(cr, bx - cos(ang) * g->size * 0.55, by - sin(ang) * g->size * 0.55);
			sl_kit_set_a(c, c->pal.halo, 0.9);
			cairo_set_line_width(cr, 6);
			cairo_stroke_preserve(cr);
			cairo_set_dash(cr, dash, 2, 0);
			sl_kit_set(c, c->pal.danger);
			cairo_set_line_width(cr, 3);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			sl_kit_arrow(c, bx - cos(ang) * g->size * 0.95, by - sin(ang) * g->size * 0.95, ang,
				g->size * 0.42, 3, c->pal.danger);
			cairo_new_sub_path(cr);
			for (int k = 0; k < 16; k++) {
				double r = g->size * (k & 1 ? 0.32 : 0.6), t = k * M_PI / 8;
				if (k == 0)
					cairo_move_to(cr, bx + r * cos(t), by + r * sin(t));
				else
					cairo_line_to(cr, bx + r * cos(t), by + r * sin(t));
			}
			cairo_close_path(cr);
			sl_kit_set_a(c, sl_kit_rgb_hex(0xffd43b), 0.55);
			cairo_fill_preserve(cr);
			sl_kit_set(c, c->pal.danger);
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
			{
				const sl_value *h = &fr->last->f[2];
				int hits = h->present ? h->u.i : 0;
				const sail_ship *t = &s->ships[b];
				if (t->sunk)
					snprintf(txt, sizeof txt, "%d HIT%s \u00b7 SUNK", hits, hits == 1 ? "" : "S");
				else if (t->struck)
					snprintf(txt, sizeof txt, "%d HIT%s \u00b7 STRUCK", hits, hits == 1 ? "" : "S");
				else if (hits > 0)
					snprintf(txt, sizeof txt, "%d HIT%s", hits, hits == 1 ? "" : "S");
				else
					snprintf(txt, sizeof txt, "MISS");
				result_tag(c, bx, by, g->size * 0.6, txt, hits > 0 ? 0xc92a2a : 0x495057);
			}
		} else {
			/* grapples: a double line between the two hulls */
			const sl_value *r = &fr->last->f[2];
			int captured = r->present && r->u.i == 0;
			double nx = -sin(ang) * 3, ny = cos(ang) * 3;
			for (int k = -1; k <= 1; k += 2) {
				cairo_move_to(cr, ax + nx * k, ay + ny * k);
				cairo_line_to(cr, bx + nx * k, by + ny * k);
			}
			sl_kit_set(c, sl_kit_rgb_hex(0x5c3d2e));
			cairo_set_line_width(cr, 2.5);
			cairo_stroke(cr);
			for (double t = 0.3; t < 0.8; t += 0.2) {   /* the hooks */
				double hx = ax + (bx - ax) * t, hy = ay + (by - ay) * t;
				cairo_move_to(cr, hx - nx * 2, hy - ny * 2);
				cairo_line_to(cr, hx + nx * 2, hy + ny * 2);
			}
			cairo_stroke(cr);
			snprintf(txt, sizeof txt, "%s", captured ? "BOARDED \u00b7 CAPTURED" : "BOARDING REPULSED");
			result_tag(c, (ax + bx) / 2, (ay + by) / 2, g->size * 0.35, txt,
				captured ? 0xc92a2a : 0x2b8a3e);
		}
		return;
	}
	if (!strcmp(ev, "strike") || (!strcmp(ev, "move") && s->last_ship >= 0 &&
	    s->last_ship < s->nships && s->ships[s->last_ship].grounded)) {
		int strike = ev[0] == 's';
		a = strike ? ship_by_id(s, &fr->last->f[0]) : s->last_ship;
		if (a < 0 || !on_map(s, s->ships[a].col, s->ships[a].row))
			return;
		/* a grounding is news only on the move that ran her aground: she
		 * was afloat before it (the track ends on her) */
		sl_kit_hex_center(g, s->ships[a].col, s->ships[a].row, &ax, &ay);
		cairo_new_sub_path(cr);
		cairo_arc(cr, ax, ay, g->size * 0.95, 0, 2 * M_PI);
		sl_kit_set(c, strike ? sl_kit_rgb_hex(0x495057) : c->pal.danger);
		cairo_set_line_width(cr, 3);
		cairo_stroke(cr);
		result_tag(c, ax, ay, g->size * 0.95, strike ? "STRIKES HER COLOURS" : "RUNS AGROUND",
			strike ? 0x495057 : 0xc92a2a);
	}
}

static int ship_visible(const sail_state *s, const sail_ship *sh)
{
	return on_map(s, sh->col, sh->row) && sh->facing >= 0 && sh->facing < 6;
}

static void draw_hulls(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr, int moved)
{
	const sail_state *s = fr->state;
	for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++) {
		const sail_ship *sh = &s->ships[i];
		double cx, cy, a;
		if (!ship_visible(s, sh))
			continue;
		sl_kit_hex_center(g, sh->col, sh->row, &cx, &cy);
		a = sl_kit_dir_angle(SL_HEX_FLAT, sh->facing);
		if (sh->grounded)
			sl_kit_hex_hatch(c, g, sh->col, sh->row, sl_kit_rgb_hex(COL_HATCH), 6, 1.6);
		if (moved && i == s->last_ship && !sh->sunk) {
			/* a ring on the ship that moved last */
			sl_kit_hex_path(c, g, sh->col, sh->row, 2.5);
			sl_kit_set(c, c->pal.accent);
			cairo_set_line_width(c->cr, 3);
			cairo_stroke(c->cr);
		}
		{   /* the hull and its mark: a piece (the same hull in the same place) */
			double at[4] = {cx, cy, a, g->size};
			uint32_t col = side_colour(fr, sh->side);
			int kind = sh->sunk ? SL_KIT_HULL_WRECK : sh->struck ? SL_KIT_HULL_STRUCK : SL_KIT_HULL_NORMAL;
			uint64_t key = sl_hash64("sail hull", 9);
			key = sl_hash64_update(key, at, sizeof at);
			key = sl_hash64_update(key, &col, sizeof col);
			key = sl_hash64_update(key, &kind, sizeof kind);
			key = sl_hash64_update(key, &c->theme, sizeof c->theme);
			if (sl_kit_piece_begin(c, key, cx - g->size, cy - g->size, 2 * g->size, 2 * g->size))
				continue;
			sl_kit_hull(c, cx, cy, a, g->size * 1.55, col, kind);
			/* the hull, bow to stern at her heading: no label covers it */
			cairo_save(c->cr);
			cairo_translate(c->cr, cx, cy);
			cairo_rotate(c->cr, a);
			sl_kit_keep(c, -g->size * 0.78, -g->size * 0.3, g->size * 0.78, g->size * 0.3);
			cairo_restore(c->cr);
			sl_kit_piece_end(c);
		}
	}
}

static void draw_ship_marks(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++) {
		const sail_ship *sh = &s->ships[i];
		double cx, cy;
		if (!ship_visible(s, sh) || sh->sunk)
			continue;
		sl_kit_hex_center(g, sh->col, sh->row, &cx, &cy);
		/* point of sail, amidships: never hidden by a neighbour */
		if (!sh->struck) {
			int p = sail_point_of_sail(sh->facing, s->wind);
			if (p >= 0 && p < 4) {
				double at[2] = {cx, cy};
				uint64_t key = sl_hash64("sail point of sail", 18);
				key = sl_hash64_update(key, at, sizeof at);
				key = sl_hash64_update(key, &p, sizeof p);
				key = sl_hash64_update(key, &c->theme, sizeof c->theme);
				if (sl_kit_piece_begin(c, key, cx - 10, cy - 10, 20, 20))
					continue;
				sl_kit_uses(c, pos_key[p].letter);
				sl_kit_token(c, cx, cy, 8.5, pos_key[p].colour, pos_key[p].letter);
				sl_kit_piece_end(c);
			}
		}
	}
}

/* Names last, on plates, so a neighbour's hull never hides one: the name,
 * then move points (or what keeps her from moving) and the hull bar. Each
 * block goes where it overlaps no other label and no hull: below the ship
 * if free, else above, right, left, or further out; failing all, where it
 * overlaps least (a crowded hex cluster). */
typedef struct ship_label {
	char name[64], pts[32];
	const char *tag;
	uint32_t tag_col;
	double lw, lh, pw, ph, bw, w, h;
	double lx, ly;          /* top centre of the block */
	double cx, cy;          /* its ship's hex centre */
	int sunk;
} ship_label;

/* A block must read as its own ship's: no other ship's hex centre nearer
 * to the block's centre than its own (a STRUCK beside the wrong hex). */
static int nearer_other(const ship_label *lab, int n, int self, double bx, double by)
{
	double own = (bx - lab[self].cx) * (bx - lab[self].cx) + (by - lab[self].cy) * (by - lab[self].cy);
	for (int q = 0; q < n; q++) {
		double d;
		if (q == self || lab[q].w <= 0)
			continue;
		d = (bx - lab[q].cx) * (bx - lab[q].cx) + (by - lab[q].cy) * (by - lab[q].cy);
		if (d < own)
			return 1;
	}
	return 0;
}

static void place_ship_label(sl_kit_canvas *c, const sl_kit_grid *g, const sail_ship *sh,
	ship_label *lab, int n, int i);
static void place_ship_block(sl_kit_canvas *c, const sail_ship *sh, ship_label *L, sl_kit_text_style st,
	double bh);

static void draw_ship_labels(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	int st_phase_moves = s->phase == 2 || s->phase == 5, n = s->nships < SAIL_MAX_SHIPS ?
		s->nships : SAIL_MAX_SHIPS;
	ship_label lab[SAIL_MAX_SHIPS];
	/* what each block says and how big it is (the hulls are marked kept) */
	for (int i = 0; i < n; i++) {
		const sail_ship *sh = &s->ships[i];
		ship_label *L = &lab[i];
		sl_kit_text_style st = sl_kit_style(c, 11, 1), ps;
		double cx, cy;
		L->w = 0;
		if (!ship_visible(s, sh))
			continue;
		sl_kit_hex_center(g, sh->col, sh->row, &cx, &cy);
		L->cx = cx;
		L->cy = cy;
		st.condensed = 1;
		st.max_width = g->size * 3.4;
		L->sunk = sh->sunk;
		if (sh->sunk) {
			snprintf(L->name, sizeof L->name, "%s (sunk)", sh->name);
			st.bold = 0;
			st.italic = 1;
			sl_kit_text_extent(c, L->name, &st, &L->lw, &L->lh);
			L->w = L->lw;
			L->h = L->lh;
			continue;
		}
		snprintf(L->name, sizeof L->name, "%s%s", sh->name, sh->shallow ? "*" : "");
		sl_kit_text_extent(c, L->name, &st, &L->lw, &L->lh);
		L->tag = sh->struck ? "STRUCK" : sh->grounded ? "AGROUND" : sh->in_irons ? "IN IRONS"
		                                                                       : NULL;
		L->tag_col = sh->struck ? COL_STRUCK : sh->grounded ? COL_AGROUND : COL_IRONS;
		/* points left mean something only while ships move; in other
		 * phases show the potential the next movement phase will give */
		if (st_phase_moves)
			snprintf(L->pts, sizeof L->pts, "%d/%d", sh->left, sh->mp);
		else
			snprintf(L->pts, sizeof L->pts, "%d MP", sh->mp);
		ps = sl_kit_style(c, L->tag ? 8 : 9.5, 1);
		ps.condensed = !L->tag;
		sl_kit_text_extent(c, L->tag ? L->tag : L->pts, &ps, &L->pw, &L->ph);
		if (L->tag) {
			L->pw += 8 * 0.7;   /* the pill's padding */
			L->ph = 11;
		}
		L->bw = sh->hull_max > 0 ? 22 : 0;
		L->w = L->lw > L->pw + (L->bw > 0 ? 4 + L->bw : 0) ? L->lw : L->pw + (L->bw > 0 ? 4 + L->bw : 0);
		L->h = L->lh + L->ph;
	}
	/* placed by the kit in ship order (stable from frame to frame) */
	for (int i = 0; i < n; i++)
		if (lab[i].w > 0)
			place_ship_label(c, g, &s->ships[i], lab, n, i);
}

typedef struct near_ud {
	const ship_label *lab;
	int n, self;
} near_ud;

static int reject_near(const sl_kit_box *b, const void *ud)
{
	const near_ud *u = ud;
	return nearer_other(u->lab, u->n, u->self, (b->x0 + b->x1) / 2, (b->y0 + b->y1) / 2);
}

/* One ship's block (name, then move points or what keeps her from moving,
 * and the hull bar) where the kit finds room: below her if free, then
 * around and further out, never where it would read as another ship's. */
static void place_ship_label(sl_kit_canvas *c, const sl_kit_grid *g, const sail_ship *sh,
	ship_label *lab, int n, int i)
{
	ship_label *L = &lab[i];
	near_ud u = {lab, n, i};
	sl_kit_box map = {g->ox, g->oy, g->ox + g->w, g->oy + g->h};
	sl_kit_place pl = {.x = L->cx, .y = L->cy, .gap = g->size * 0.5, .first = SL_KIT_PL_BELOW,
		.within = &map, .reach = g->size * 3, .reject = reject_near, .ud = &u};
	sl_kit_text_style st = sl_kit_style(c, 11, 1);
	sl_kit_box b;
	double bh = 4;
	sl_kit_place_box(c, &pl, L->w + 4, L->h + 2, L->name, &b);
	L->lx = (b.x0 + b.x1) / 2;
	L->ly = b.y0 + 1;
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	st.halo = 1;
	st.condensed = 1;
	st.max_width = g->size * 3.4;
	{   /* the block drawn is a piece: what it says, where */
		/* (a sunk ship's block is her name alone: the rest is not set) */
		double v[9] = {L->lx, L->ly, g->size, L->sunk ? 0 : L->lh, L->sunk ? 0 : L->pw,
			L->sunk ? 0 : L->ph, L->sunk ? 0 : L->bw, 0, 0};
		int flags[3] = {L->sunk, sh->shallow, L->sunk || !L->tag ? 0 : (int)L->tag_col};
		const char *pts = L->sunk ? "" : L->pts, *tag = L->sunk || !L->tag ? "" : L->tag;
		uint64_t key = sl_hash64("sail label", 10);
		if (!L->sunk && L->bw > 0 && sh->hull_max > 0)
			v[7] = (double)(sh->hull < 0 ? 0 : sh->hull) / sh->hull_max;
		v[8] = !L->sunk && L->tag;
		key = sl_hash64_update(key, v, sizeof v);
		key = sl_hash64_update(key, flags, sizeof flags);
		key = sl_hash64_update(key, &c->theme, sizeof c->theme);
		key = sl_hash64_update(key, L->name, strlen(L->name) + 1);
		key = sl_hash64_update(key, pts, strlen(pts) + 1);
		key = sl_hash64_update(key, tag, strlen(tag) + 1);
		if (sl_kit_piece_begin(c, key, b.x0 - 4, b.y0 - 4, b.x1 - b.x0 + 8, b.y1 - b.y0 + 8))
			return;
	}
	place_ship_block(c, sh, L, st, bh);
	sl_kit_piece_end(c);
}

/* The block place_ship_label placed: the name, then the points or the tag
 * and the hull bar. */
static void place_ship_block(sl_kit_canvas *c, const sail_ship *sh, ship_label *L, sl_kit_text_style st,
	double bh)
{
	sl_kit_text_style ps;
	double y2, x0;
	c->nest++;   /* the block is one label, marked by the kit */
	if (L->sunk) {
		st.bold = 0;
		st.italic = 1;
		st.colour = c->pal.muted;
		sl_kit_text(c, L->lx, L->ly, L->name, &st);
		c->nest--;
		return;
	}
	if (sh->shallow)
		sl_kit_uses(c, "Name*");
	sl_kit_text(c, L->lx, L->ly, L->name, &st);
	ps = sl_kit_style(c, L->tag ? 8 : 9.5, 1);
	ps.halo = 1;
	ps.condensed = !L->tag;
	ps.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	x0 = L->lx - (L->pw + (L->bw > 0 ? 4 + L->bw : 0)) / 2;
	y2 = L->ly + L->lh + L->ph / 2 - 1.5;
	if (L->tag) {
		sl_kit_uses(c, L->tag);
		sl_kit_tag(c, x0 + L->pw / 2, y2, L->tag, 8, sl_kit_rgb_hex(L->tag_col));
	} else
		sl_kit_text(c, x0, y2, L->pts, &ps);
	if (L->bw > 0) {
		double f = (double)(sh->hull < 0 ? 0 : sh->hull) / sh->hull_max;
		double bx = x0 + L->pw + 4;
		if (f > 1)
			f = 1;
		sl_kit_uses(c, "hull");
		cairo_rectangle(c->cr, bx - 1, y2 - bh / 2 - 1, L->bw + 2, bh + 2);
		sl_kit_set(c, c->pal.halo);
		cairo_fill(c->cr);
		cairo_rectangle(c->cr, bx, y2 - bh / 2, L->bw, bh);
		sl_kit_set(c, sl_kit_rgb_hex(0xe03131));
		cairo_fill(c->cr);
		cairo_rectangle(c->cr, bx, y2 - bh / 2, L->bw * f, bh);
		sl_kit_set(c, sl_kit_rgb_hex(0x2f9e44));
		cairo_fill(c->cr);
	}
	c->nest--;
}

static void draw_wind(sl_kit_canvas *c, const sail_state *s, double x, double y);

static void draw_panel(sl_kit_canvas *c, const sl_frame *fr, double x, double y)
{
	const sail_state *s = fr->state;
	sl_kit_legend_row rows[MAX_LEGEND];
	char store[SL_MAX_PLAYERS][96];
	int n;

	/* the wind: a piece kept from frame to frame (it changes with the wind) */
	{
		double at[2] = {x, y};
		uint64_t key = sl_hash64("sail wind", 9);
		key = sl_hash64_update(key, at, sizeof at);
		key = sl_hash64_update(key, &s->wind, sizeof s->wind);
		key = sl_hash64_update(key, &c->theme, sizeof c->theme);
		/* the box and the edge's stroke */
		if (!sl_kit_piece_begin(c, key, x - 2, y - 2, PANEL_W + 4, ROSE_BLOCK + 4)) {
			draw_wind(c, s, x, y);
			sl_kit_piece_end(c);
		}
	}
	n = build_legend(fr, (uint32_t)(c->pal.accent.r * 255 + 0.5) << 16 |
		(uint32_t)(c->pal.accent.g * 255 + 0.5) << 8 | (uint32_t)(c->pal.accent.b * 255 + 0.5),
		rows, store, SL_MAX_PLAYERS);
	sl_kit_legend(c, x, y + ROSE_BLOCK + 12, PANEL_W, rows, n, 1);
}

/* The panel's wind block at x, y: the rose and its captions. */
static void draw_wind(sl_kit_canvas *c, const sail_state *s, double x, double y)
{
	char cap[64], sub[96];
	sl_kit_text_style st;
	double rose_h, cx = x + PANEL_W / 2;
	int from = sl_hex_dir_rotate(s->wind, 3);
	const char *to_name = sl_hex_dir_name(SL_HEX_FLAT, s->wind);
	sl_kit_round_rect(c, x, y, PANEL_W, ROSE_BLOCK, 8);
	sl_kit_set_a(c, c->pal.panel_bg, 0.94);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
	st = sl_kit_style(c, 13, 1);
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	sl_kit_text(c, cx, y + 8, "WIND", &st);
	snprintf(cap, sizeof cap, "blows toward %s", to_name);
	rose_h = sl_kit_wind_rose(c, cx, y + 30 + ROSE_R, ROSE_R, SL_HEX_FLAT, s->wind, cap);
	snprintf(sub, sizeof sub, "(a wind from the %s)", sl_hex_dir_name(SL_HEX_FLAT, from));
	st = sl_kit_style(c, 12, 0);
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	st.colour = c->pal.muted;
	sl_kit_text(c, cx, y + 30 + rose_h + 2, sub, &st);
}

static void draw_title(sl_kit_canvas *c, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	const char *gname = fr->game->name ? fr->game->name : fr->game->id;
	const char *phase = fr->game->schema ? sl_phase_name(fr->game->schema, s->phase) : NULL;
	const char *wind = sl_hex_dir_name(SL_HEX_FLAT, s->wind);
	char title[256], f[4][192], line2[600], turn[32];
	const char *forms[4] = {f[0], f[1], f[2], f[3]};
	if (fr->header && fr->header->title && *fr->header->title)
		snprintf(title, sizeof title, "%s", fr->header->title);
	else
		snprintf(title, sizeof title, "%s", gname);
	if (s->turns > 0)
		snprintf(turn, sizeof turn, "%d/%d", s->turn, s->turns);
	else
		snprintf(turn, sizeof turn, "%d", s->turn);
	/* the info from its longest form to its shortest (the title bar takes
	 * the first that leaves the title whole) */
	if (s->turn <= 0) {
		snprintf(f[0], sizeof f[0], "Setup \u00b7 wind \u2192 %s", wind);
		snprintf(f[1], sizeof f[1], "Setup \u00b7 \u2192 %s", wind);
		snprintf(f[2], sizeof f[2], "Setup");
		f[3][0] = 0;
	} else {
		snprintf(f[0], sizeof f[0], "Turn %s \u00b7 phase %d: %s \u00b7 wind \u2192 %s", turn,
			s->phase, phase ? phase : "", wind);
		snprintf(f[1], sizeof f[1], "Turn %s \u00b7 %s \u00b7 wind \u2192 %s", turn,
			phase ? phase : "", wind);
		snprintf(f[2], sizeof f[2], "T%s \u00b7 \u2192 %s", turn, wind);
		snprintf(f[3], sizeof f[3], "T%s", turn);
	}
	sl_kit_caption(fr, line2, sizeof line2);
	sl_kit_title_bar_forms(c, TITLE_H, title, forms, 4, line2);
}

/* The ground: the map, its terrain, grid and labels (they change only when
 * a setup event gives terrain) and the wind's streaks over open sea (they
 * change with the wind). */
static uint64_t sail_ground_key(const sl_frame *fr, const sl_render_opts *o)
{
	const sail_state *s = fr->state;
	uint64_t h;
	int dims[4];
	if (!s)
		return 0;
	dims[0] = map_cols(s);
	dims[1] = map_rows(s);
	dims[2] = o ? o->theme : 0;
	dims[3] = s->wind;
	h = sl_hash64(dims, sizeof dims);
	for (int r = 0; r < dims[1]; r++)
		h = sl_hash64_update(h, s->terrain[r], (size_t)dims[0]);
	return h;
}

static int sail_paint_layers(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	int mask, sl_error *err)
{
	const sail_state *s = fr->state;
	sl_kit_grid g;
	const char *ev;
	int moved;
	(void)o;   /* sail hides nothing and offers no overlays yet */
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "render: no sail state");
	sl_kit_grid_init(&g, sail_layout, map_cols(s), map_rows(s), HEX, MARGIN,
		TITLE_H + MARGIN);
	if (mask & SL_LAYER_GROUND) {
		draw_map(c, &g, s);
		draw_wind_streaks(c, &g, s);
	}
	if (!(mask & SL_LAYER_TOP))
		return SL_OK;
	/* the track of the last move while it is the news; after a broadside
	 * or a boarding, that is what is drawn */
	moved = (ev = event_name(fr)) != NULL && strcmp(ev, "move") == 0;
	if (fr->ntrail > 0)   /* a frame for a whole turn or phase: every move in it */
		draw_trail(c, &g, fr);
	if (moved)
		draw_last_move(c, &g, s);
	draw_hulls(c, &g, fr, moved);
	if (moved)
		draw_costs(c, &g, s);
	draw_last_action(c, &g, fr);
	draw_ship_marks(c, &g, fr);
	draw_ship_labels(c, &g, fr);
	draw_title(c, fr);
	draw_panel(c, fr, MARGIN + g.w + MARGIN, TITLE_H + MARGIN);
	return SL_OK;
}

static int sail_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	return sail_paint_layers(c, fr, o, SL_LAYER_ALL, err);
}

static const sl_painter_layers sail_layers = {sail_ground_key, sail_paint_layers};

static int sail_hex_at(const sl_frame *fr, int col, int row, double *x, double *y, double *size)
{
	const sail_state *s = fr->state;
	sl_kit_grid g;
	if (!s || col < 1 || row < 1 || col > map_cols(s) || row > map_rows(s))
		return -1;
	sl_kit_grid_init(&g, sail_layout, map_cols(s), map_rows(s), HEX, MARGIN, TITLE_H + MARGIN);
	sl_kit_hex_center(&g, col, row, x, y);
	*size = HEX;
	return 0;
}

const sl_painter sl_painter_sail = {
	SL_PAINTER_API,
	"sail",
	sail_size,
	sail_paint,
	sail_hex_at,
	NULL,                 /* overlays: none */
	&sail_layers,
	sail_targets,         /* render/games/sail_targets.c */
	NULL,                 /* board: the hexes' extent */
};
