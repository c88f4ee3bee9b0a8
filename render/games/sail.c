/* sail.c - the painter of the age-of-sail game: sea, shoals and land, the
 * wind, every ship with its heading and point of sail, the last move and
 * its costs, grounded / in-irons / struck markers, title bar and legend. */
#include "../painter.h"
#include "src/games/sail/sail.h"

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
		"colours struck"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_LINE, accent, NULL,
		"last move, cost per hex"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"3/5: move points left / potential"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"5 MP: potential, between moves"};
	rows[n++] = (sl_kit_legend_row){SL_KIT_LEG_TEXT, 0, NULL,
		"Green bar: hull left (red: lost)"};
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
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++) {
			int t = s->terrain[r - 1][q - 1];
			sl_kit_terrain(c, g, q, r, t == SAIL_SHOAL ? SL_KIT_T_SHOAL :
				t == SAIL_LAND ? SL_KIT_T_LAND : SL_KIT_T_SEA);
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
			int occupied = 0;
			if (((q + 2 * r) % 4) != 0 || s->terrain[r - 1][q - 1] != SAIL_SEA)
				continue;
			for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++)
				if (s->ships[i].col == q && s->ships[i].row == r && !s->ships[i].sunk)
					occupied = 1;
			if (occupied)
				continue;
			sl_kit_hex_center(g, q, r, &cx, &cy);
			/* one translucent polygon, filled once: no group, whose
			 * push/pop on cairo's SVG surface loses memory (issue 20.5) */
			sl_kit_arrow_a(c, cx - cos(a) * g->size * 0.45, cy - sin(a) * g->size * 0.45, a,
				g->size * 0.9, g->size * 0.07, k, 0.55);
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
		cairo_new_sub_path(cr);
		cairo_arc(cr, bx, by, strlen(buf) > 1 ? 11 : 9, 0, 2 * M_PI);
		sl_kit_set(c, c->pal.accent);
		cairo_fill_preserve(cr);
		sl_kit_set(c, sl_kit_rgb_hex(0xffffff));
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		st.colour = sl_kit_rgb_hex(0xffffff);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		sl_kit_text(c, bx, by, buf, &st);
	}
}

static int ship_visible(const sail_state *s, const sail_ship *sh)
{
	return on_map(s, sh->col, sh->row) && sh->facing >= 0 && sh->facing < 6;
}

static void draw_hulls(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
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
		if (i == s->last_ship && !sh->sunk) {
			/* a ring on the ship that moved last */
			sl_kit_hex_path(c, g, sh->col, sh->row, 2.5);
			sl_kit_set(c, c->pal.accent);
			cairo_set_line_width(c->cr, 3);
			cairo_stroke(c->cr);
		}
		sl_kit_hull(c, cx, cy, a, g->size * 1.55, side_colour(fr, sh->side),
			sh->sunk ? SL_KIT_HULL_WRECK : sh->struck ? SL_KIT_HULL_STRUCK
			                                        : SL_KIT_HULL_NORMAL);
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
			if (p >= 0 && p < 4)
				sl_kit_token(c, cx, cy, 8.5, pos_key[p].colour, pos_key[p].letter);
		}
	}
}

/* Names last, with a halo, so a neighbour's hull never hides one: the name
 * (narrow enough to clear the ships beside), then move points and hull. */
static void draw_ship_labels(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	int st_phase_moves = s->phase == 2 || s->phase == 5;
	for (int i = 0; i < s->nships && i < SAIL_MAX_SHIPS; i++) {
		const sail_ship *sh = &s->ships[i];
		double cx, cy, lw, lh, pw, ph, y2, bw = 22, bh = 4, x0;
		char name[64], pts[32];
		const char *tag;
		uint32_t tag_col;
		sl_kit_text_style st = sl_kit_style(c, 11, 1), ps;
		if (!ship_visible(s, sh))
			continue;
		sl_kit_hex_center(g, sh->col, sh->row, &cx, &cy);
		st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
		st.halo = 1;
		st.condensed = 1;
		st.max_width = g->size * 3.4;
		if (sh->sunk) {
			snprintf(name, sizeof name, "%s (sunk)", sh->name);
			st.bold = 0;
			st.italic = 1;
			st.colour = c->pal.muted;
			sl_kit_text(c, cx, cy + g->size * 0.5, name, &st);
			continue;
		}
		snprintf(name, sizeof name, "%s%s", sh->name, sh->shallow ? "*" : "");
		sl_kit_text_extent(c, name, &st, &lw, &lh);
		sl_kit_text(c, cx, cy + g->size * 0.5, name, &st);
		/* second line: move points left/potential, or what stops her from
		 * moving at all, then the hull bar */
		tag = sh->struck ? "STRUCK" : sh->grounded ? "AGROUND" : sh->in_irons ? "IN IRONS"
		                                                                    : NULL;
		tag_col = sh->struck ? COL_STRUCK : sh->grounded ? COL_AGROUND : COL_IRONS;
		/* points left mean something only while ships move; in other
		 * phases show the potential the next movement phase will give */
		if (st_phase_moves)
			snprintf(pts, sizeof pts, "%d/%d", sh->left, sh->mp);
		else
			snprintf(pts, sizeof pts, "%d MP", sh->mp);
		ps = sl_kit_style(c, tag ? 8 : 9.5, 1);
		ps.halo = 1;
		ps.condensed = !tag;
		ps.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
		sl_kit_text_extent(c, tag ? tag : pts, &ps, &pw, &ph);
		if (tag) {
			pw += 8 * 0.7;   /* the pill's padding */
			ph = 11;
		}
		if (sh->hull_max <= 0)
			bw = 0;
		x0 = cx - (pw + (bw > 0 ? 4 + bw : 0)) / 2;
		y2 = cy + g->size * 0.5 + lh + ph / 2 - 1.5;
		if (tag)
			sl_kit_tag(c, x0 + pw / 2, y2, tag, 8, sl_kit_rgb_hex(tag_col));
		else
			sl_kit_text(c, x0, y2, pts, &ps);
		if (bw > 0) {
			double f = (double)(sh->hull < 0 ? 0 : sh->hull) / sh->hull_max;
			double bx = x0 + pw + 4;
			if (f > 1)
				f = 1;
			cairo_rectangle(c->cr, bx - 1, y2 - bh / 2 - 1, bw + 2, bh + 2);
			sl_kit_set(c, c->pal.halo);
			cairo_fill(c->cr);
			cairo_rectangle(c->cr, bx, y2 - bh / 2, bw, bh);
			sl_kit_set(c, sl_kit_rgb_hex(0xe03131));
			cairo_fill(c->cr);
			cairo_rectangle(c->cr, bx, y2 - bh / 2, bw * f, bh);
			sl_kit_set(c, sl_kit_rgb_hex(0x2f9e44));
			cairo_fill(c->cr);
		}
	}
}

static void draw_panel(sl_kit_canvas *c, const sl_frame *fr, double x, double y)
{
	const sail_state *s = fr->state;
	sl_kit_legend_row rows[MAX_LEGEND];
	char store[SL_MAX_PLAYERS][96], cap[64], sub[96];
	sl_kit_text_style st;
	double rose_h, cx = x + PANEL_W / 2;
	int n, from = sl_hex_dir_rotate(s->wind, 3);
	const char *to_name = sl_hex_dir_name(SL_HEX_FLAT, s->wind);

	/* the wind */
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

	n = build_legend(fr, (uint32_t)(c->pal.accent.r * 255 + 0.5) << 16 |
		(uint32_t)(c->pal.accent.g * 255 + 0.5) << 8 | (uint32_t)(c->pal.accent.b * 255 + 0.5),
		rows, store, SL_MAX_PLAYERS);
	sl_kit_legend(c, x, y + ROSE_BLOCK + 12, PANEL_W, rows, n, 1);
}

static void draw_title(sl_kit_canvas *c, const sl_frame *fr)
{
	const sail_state *s = fr->state;
	const char *gname = fr->game->name ? fr->game->name : fr->game->id;
	const char *phase = fr->game->schema ? sl_phase_name(fr->game->schema, s->phase) : NULL;
	char title[256], info[192], line2[600];
	if (fr->header && fr->header->title && *fr->header->title)
		snprintf(title, sizeof title, "%s", fr->header->title);
	else
		snprintf(title, sizeof title, "%s", gname);
	if (s->turn <= 0)
		snprintf(info, sizeof info, "Setup \u00b7 wind \u2192 %s",
			sl_hex_dir_name(SL_HEX_FLAT, s->wind));
	else if (s->turns > 0)
		snprintf(info, sizeof info, "Turn %d/%d \u00b7 phase %d: %s \u00b7 wind \u2192 %s", s->turn,
			s->turns, s->phase, phase ? phase : "", sl_hex_dir_name(SL_HEX_FLAT, s->wind));
	else
		snprintf(info, sizeof info, "Turn %d \u00b7 phase %d: %s \u00b7 wind \u2192 %s", s->turn,
			s->phase, phase ? phase : "", sl_hex_dir_name(SL_HEX_FLAT, s->wind));
	if (fr->last_desc && *fr->last_desc)
		snprintf(line2, sizeof line2, "Event %ld: %s", fr->event_no, fr->last_desc);
	else if (fr->event_no > 0)
		snprintf(line2, sizeof line2, "After event %ld", fr->event_no);
	else
		snprintf(line2, sizeof line2, "Before the first event");
	sl_kit_title_bar(c, TITLE_H, title, info, line2);
}

static int sail_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	(void)o;   /* sail is all public: no side view, no overlays yet */
	const sail_state *s = fr->state;
	sl_kit_grid g;
	(void)o;   /* sail hides nothing and offers no overlays yet */
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "render: no sail state");
	sl_kit_grid_init(&g, sail_layout, map_cols(s), map_rows(s), HEX, MARGIN,
		TITLE_H + MARGIN);
	draw_map(c, &g, s);
	draw_wind_streaks(c, &g, s);
	draw_last_move(c, &g, s);
	draw_hulls(c, &g, fr);
	draw_costs(c, &g, s);
	draw_ship_marks(c, &g, fr);
	draw_ship_labels(c, &g, fr);
	draw_title(c, fr);
	draw_panel(c, fr, MARGIN + g.w + MARGIN, TITLE_H + MARGIN);
	return SL_OK;
}

const sl_painter sl_painter_sail = {
	SL_PAINTER_API,
	"sail",
	sail_size,
	sail_paint,
};
