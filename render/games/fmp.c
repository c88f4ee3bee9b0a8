/* fmp.c - the painter of Full Metal Planète: the terrain as the current tide
 * makes it, ore, each astronef as one four-hex craft with its podes and
 * turrets (destroyed ones crossed out), units as icons in their colour with
 * their controller marked when it differs, cargo panels visible to all, the
 * last action, and an optional overlay (--overlay fire) of each player's
 * fire zone. Title bar: turn, phase, action points, the tide and the next
 * tide for those whose weather layer forecasts it (H13). */
#include "../painter.h"
#include "tg_kit.h"
#include "src/games/fmp/fmp.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define HEX 24.0
#define TITLE_H 64.0
#define MARGIN 16.0
#define PANEL_W 360.0
#define MAX_LEGEND 40

static const sl_hex_layout fmp_layout = {SL_HEX_FLAT, SL_HEX_ODD};

static const uint32_t fallback_colours[] = {0x1f4e9c, 0xc0392b, 0x2f9e44, 0xf08c00};

#define COL_DEAD 0x868e96
#define COL_FIRE 0xe03131

static uint32_t colour_of(const sl_frame *fr, int k)
{
	if (fr->header && k >= 0 && k < fr->header->nplayers)
		return fr->header->players[k].colour & 0xffffff;
	return fallback_colours[(k < 0 ? 0 : k) % 4];
}

static const char *pid(const sl_frame *fr, int k)
{
	if (k < 0)
		return "nobody";
	if (fr->header && k < fr->header->nplayers && fr->header->players[k].id)
		return fr->header->players[k].id;
	return "?";
}

static int cols_of(const fmp_state *s)
{
	return s->cols < 1 ? 1 : s->cols > FMP_MAX_COLS ? FMP_MAX_COLS : s->cols;
}

static int rows_of(const fmp_state *s)
{
	return s->rows < 1 ? 1 : s->rows > FMP_MAX_ROWS ? FMP_MAX_ROWS : s->rows;
}

static int on_map(const fmp_state *s, int col, int row)
{
	return col >= 1 && row >= 1 && col <= cols_of(s) && row <= rows_of(s);
}

/* ---- size -------------------------------------------------------------------- */

static int nships(const fmp_state *s)
{
	int n = 0;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++)
		n += s->ships[k].landed;
	return n;
}

#define PLAYERS_H(np) (34.0 + 20.0 * (np))
#define TIDE_H 78.0
#define SHIP_H 92.0
#define KEY_H 284.0

static double panel_height(const fmp_state *s)
{
	return PLAYERS_H(s->np) + 10 + TIDE_H + 10 + nships(s) * (SHIP_H + 8) + KEY_H;
}

static void fmp_size(const sl_frame *fr, int *w, int *h)
{
	const fmp_state *s = fr->state;
	double mw, mh, ph;
	if (!s) {
		*w = 800;
		*h = 600;
		return;
	}
	sl_kit_grid_extent(fmp_layout, cols_of(s), rows_of(s), HEX, &mw, &mh);
	ph = panel_height(s);
	*w = (int)ceil(MARGIN + mw + MARGIN + PANEL_W + MARGIN);
	*h = (int)ceil(TITLE_H + MARGIN + (mh > ph ? mh : ph) + MARGIN);
}

/* ---- terrain ------------------------------------------------------------------- */

static sl_kit_rgb terrain_rgb(const sl_kit_canvas *c, int t, int tide)
{
	int dark = c->theme == SL_THEME_DARK;
	switch (t) {
	case FMP_SEA: return sl_kit_rgb_hex(dark ? 0x1b3a5c : 0x4f8fc9);
	case FMP_REEF:
		return sl_kit_rgb_hex(tide == FMP_LOW ? (dark ? 0x6b5d3f : 0xd9c48f)
			: (dark ? 0x2b5a7a : 0x86bde0));
	case FMP_SWAMP:
		return sl_kit_rgb_hex(tide == FMP_HIGH ? (dark ? 0x2d5a58 : 0x6fa9a3)
			: (dark ? 0x4a5e32 : 0x9db872));
	case FMP_MOUNTAIN: return sl_kit_rgb_hex(dark ? 0x5e5247 : 0x9c8b78);
	default: return sl_kit_rgb_hex(dark ? 0x6e6a48 : 0xe6dcae);
	}
}

static void draw_terrain(sl_kit_canvas *c, const sl_kit_grid *g, const fmp_state *s)
{
	cairo_t *cr = c->cr;
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++) {
			int t = s->terrain[r - 1][q - 1];
			double x, y;
			sl_kit_hex_fill(c, g, q, r, terrain_rgb(c, t, s->tide));
			sl_kit_hex_center(g, q, r, &x, &y);
			if (t == FMP_MOUNTAIN) {
				cairo_move_to(cr, x - 9, y + 6);
				cairo_line_to(cr, x - 2, y - 7);
				cairo_line_to(cr, x + 2, y - 1);
				cairo_line_to(cr, x + 5, y - 5);
				cairo_line_to(cr, x + 10, y + 6);
				cairo_close_path(cr);
				sl_kit_set_a(c, sl_kit_rgb_hex(0x4a3f35), 0.55);
				cairo_fill(cr);
			} else if (t == FMP_REEF) {
				/* rocks: dots, dark when dry */
				sl_kit_set_a(c, sl_kit_rgb_hex(s->tide == FMP_LOW ? 0x6b5430 : 0x2f5f80), 0.8);
				for (int i = 0; i < 5; i++) {
					cairo_new_sub_path(cr);
					cairo_arc(cr, x - 8 + 4 * i, y + ((i & 1) ? 4 : -3), 1.6, 0, 2 * M_PI);
				}
				cairo_fill(cr);
			} else if (t == FMP_SWAMP) {
				/* reeds, or waves when flooded */
				sl_kit_set_a(c, sl_kit_rgb_hex(s->tide == FMP_HIGH ? 0x1f4f6b : 0x4d6b2a), 0.7);
				cairo_set_line_width(cr, 1.2);
				for (int i = -1; i <= 1; i++) {
					cairo_move_to(cr, x - 7 + 7 * i + 4, y + 5);
					cairo_line_to(cr, x - 7 + 7 * i + 4, y - 3);
					cairo_move_to(cr, x - 7 + 7 * i + 4 + 2.5, y + 5);
					cairo_line_to(cr, x - 7 + 7 * i + 4 + 3.5, y - 1);
				}
				cairo_stroke(cr);
			}
		}
	sl_kit_grid_draw(c, g, 0, SL_KIT_COORD_COMMA);
	/* coordinates on every other hex, faint, so a player can name a hex */
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++)
			if ((q % 2 == 1 && r % 2 == 1) || q == 1 || r == 1)
				sl_kit_hex_label(c, g, q, r, SL_KIT_COORD_COMMA);
	cairo_rectangle(cr, g->ox - 0.5, g->oy - 0.5, g->w + 1, g->h + 1);
	sl_kit_set(c, c->pal.grid);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

/* The fire overlay: hexes under fire of two destroyers of one player,
 * hatched in that player's colour. */
static void draw_fire_overlay(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const fmp_state *s = fr->state;
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++)
			for (int p = 0; p < s->np && p < FMP_MAX_PLAYERS; p++)
				if (fmp_fire_count(s, q, r, p) >= 2)
					sl_kit_hex_hatch(c, g, q, r, sl_kit_rgb_hex(colour_of(fr, p)), 5.0 + p,
						1.3);
}

static void draw_last(sl_kit_canvas *c, const sl_kit_grid *g, const fmp_state *s)
{
	for (int i = 0; i < s->nlast && i < 16; i++)
		if (on_map(s, s->last_col[i], s->last_row[i]))
			sl_kit_hex_outline(c, g, s->last_col[i], s->last_row[i], c->pal.accent, 3.0);
}

/* ---- pieces ------------------------------------------------------------------------ */

static void ore_pebble(sl_kit_canvas *c, double x, double y, double r)
{
	cairo_t *cr = c->cr;
	cairo_new_path(cr);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_scale(cr, 1.0, 0.75);
	cairo_arc(cr, 0, 0, r, 0, 2 * M_PI);
	cairo_restore(cr);
	sl_kit_set(c, sl_kit_rgb_hex(0x5c5f66));
	cairo_fill_preserve(cr);
	sl_kit_set(c, sl_kit_rgb_hex(0x25262b));
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	cairo_arc(cr, x - r * 0.3, y - r * 0.25, r * 0.28, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(0xc9ccd3));
	cairo_fill(cr);
}

/* One unit icon of kind k centred at x,y in colour col; r is the half-size. */
static void unit_icon(sl_kit_canvas *c, double x, double y, double r, int kind, uint32_t col,
	double angle)
{
	cairo_t *cr = c->cr;
	sl_kit_rgb k = sl_kit_rgb_hex(col), ink = sl_kit_contrast(k);
	cairo_new_path(cr);
	cairo_save(cr);
	cairo_translate(cr, x, y);
	cairo_set_line_width(cr, 1.3);
	switch (kind) {
	case FMP_TANK:
	case FMP_HEAVY: {
		double w = kind == FMP_HEAVY ? r * 1.9 : r * 1.6, h = kind == FMP_HEAVY ? r * 1.5 : r * 1.2;
		sl_kit_round_rect(c, -w / 2, -h / 2 + r * 0.15, w, h, r * 0.25);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		cairo_arc(cr, 0, r * 0.1, r * (kind == FMP_HEAVY ? 0.5 : 0.4), 0, 2 * M_PI);
		sl_kit_set(c, ink);
		cairo_fill(cr);
		cairo_set_line_width(cr, kind == FMP_HEAVY ? 2.6 : 2.0);
		if (kind == FMP_HEAVY) {
			cairo_move_to(cr, -r * 0.18, r * 0.05);
			cairo_line_to(cr, -r * 0.18, -r * 1.0);
			cairo_move_to(cr, r * 0.18, r * 0.05);
			cairo_line_to(cr, r * 0.18, -r * 1.0);
		} else {
			cairo_move_to(cr, 0, r * 0.05);
			cairo_line_to(cr, 0, -r * 0.95);
		}
		cairo_stroke(cr);
		break;
	}
	case FMP_BOAT:
		cairo_move_to(cr, 0, -r);
		cairo_curve_to(cr, r * 0.8, -r * 0.4, r * 0.7, r * 0.6, r * 0.5, r * 0.9);
		cairo_line_to(cr, -r * 0.5, r * 0.9);
		cairo_curve_to(cr, -r * 0.7, r * 0.6, -r * 0.8, -r * 0.4, 0, -r);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		cairo_arc(cr, 0, 0, r * 0.25, 0, 2 * M_PI);
		cairo_fill(cr);
		break;
	case FMP_BARGE:
		cairo_rotate(cr, angle);
		sl_kit_round_rect(c, -r * 2.6, -r * 0.7, r * 5.2, r * 1.4, r * 0.5);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		for (int i = -1; i <= 2; i++) {
			cairo_rectangle(cr, -r * 2.0 + i * r * 1.05 + r * 0.6, -r * 0.4, r * 0.8, r * 0.8);
		}
		cairo_stroke(cr);
		break;
	case FMP_CRAB:
		sl_kit_set(c, ink);
		cairo_set_line_width(cr, 1.6);
		for (int i = -1; i <= 1; i++) {
			cairo_move_to(cr, -r * 0.6, i * r * 0.45);
			cairo_line_to(cr, -r * 1.05, i * r * 0.6 + r * 0.2);
			cairo_move_to(cr, r * 0.6, i * r * 0.45);
			cairo_line_to(cr, r * 1.05, i * r * 0.6 + r * 0.2);
		}
		cairo_stroke(cr);
		cairo_save(cr);
		cairo_scale(cr, 1.0, 0.75);
		cairo_arc(cr, 0, 0, r * 0.75, 0, 2 * M_PI);
		cairo_restore(cr);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_set_line_width(cr, 1.3);
		cairo_stroke(cr);
		break;
	case FMP_LAYER:
		for (int i = 0; i < 6; i++) {
			double a = M_PI / 3 * i;
			if (i == 0)
				cairo_move_to(cr, r * cos(a), r * sin(a));
			else
				cairo_line_to(cr, r * cos(a), r * sin(a));
		}
		cairo_close_path(cr);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		cairo_save(cr);
		cairo_scale(cr, 0.75, 1.0);
		cairo_arc(cr, 0, 0, r * 0.45, 0, 2 * M_PI);
		cairo_restore(cr);
		cairo_fill(cr);
		break;
	case FMP_PONTOON:
		cairo_rectangle(cr, -r, -r * 0.55, r * 2, r * 1.1);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		for (int i = -1; i <= 1; i++) {
			cairo_move_to(cr, i * r * 0.5, -r * 0.55);
			cairo_line_to(cr, i * r * 0.5, r * 0.55);
		}
		cairo_stroke(cr);
		break;
	default:
		cairo_arc(cr, 0, 0, r * 0.8, 0, 2 * M_PI);
		sl_kit_set(c, k);
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_stroke(cr);
		break;
	}
	cairo_restore(cr);
}

static int cargo_count(const fmp_state *s, int u)
{
	int n = 0;
	for (int i = 0; i < s->nunits; i++)
		n += s->units[i].where == FMP_IN_UNIT && s->units[i].holder == u;
	return n;
}

/* Each pode's number (1 to 3) beside it, below right if free; x[0],y[0]
 * is the bubble. */
static void pode_numbers(sl_kit_canvas *c, const double *x, const double *y)
{
	for (int t = 0; t < 3; t++) {
		char num[12];   /* an int, so that no compiler sees a truncation */
		sl_kit_text_style st = sl_kit_style(c, 9, 1);
		sl_kit_place pl = {.x = x[t + 1] + HEX * 0.3, .y = y[t + 1] + HEX * 0.3,
			.gap = HEX * 0.2, .first = SL_KIT_PL_BELOW, .reach = HEX};
		snprintf(num, sizeof num, "%d", t + 1);
		st.halo = 1;
		sl_kit_place_text(c, &pl, num, &st, NULL);
	}
}

static void draw_astronef(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr, int k)
{
	const fmp_state *s = fr->state;
	const fmp_ship *sh = &s->ships[k];
	cairo_t *cr = c->cr;
	sl_kit_rgb col = sl_kit_rgb_hex(colour_of(fr, k)), ink = sl_kit_contrast(col);
	int hc[4], hr[4];
	double x[4], y[4];
	cairo_new_path(cr);
	fmp_ship_hexes(sh, hc, hr);
	for (int i = 0; i < 4; i++) {
		if (!on_map(s, hc[i], hr[i]))
			return;
		sl_kit_hex_center(g, hc[i], hr[i], &x[i], &y[i]);
	}
	/* the craft: a pale footprint, legs from the bubble to each pode */
	for (int i = 0; i < 4; i++)
		sl_kit_hex_fill(c, g, hc[i], hr[i], sl_kit_mix(col, c->pal.bg, 0.72));
	cairo_set_line_width(cr, HEX * 0.55);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	for (int i = 1; i < 4; i++) {
		cairo_move_to(cr, x[0], y[0]);
		cairo_line_to(cr, x[i], y[i]);
	}
	sl_kit_set(c, sl_kit_mix(col, sl_kit_rgb_hex(0x000000), 0.25));
	cairo_stroke(cr);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	/* the bubble, with a ring in the controller's colour when captured */
	if (sh->owner != k) {
		cairo_arc(cr, x[0], y[0], HEX * 0.98, 0, 2 * M_PI);
		sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, sh->owner)));
		cairo_set_line_width(cr, 5);
		cairo_stroke(cr);
	}
	cairo_arc(cr, x[0], y[0], HEX * 0.8, 0, 2 * M_PI);
	sl_kit_set(c, col);
	cairo_fill_preserve(cr);
	sl_kit_set(c, ink);
	cairo_set_line_width(cr, 2);
	cairo_stroke(cr);
	sl_kit_keep_disc(c, x[0], y[0], HEX * 0.8);
	{
		sl_kit_text_style st = sl_kit_style(c, 10, 1);
		st.colour = ink;
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.max_width = HEX * 1.5;
		c->nest++;   /* the owner's name is the bubble's own glyph */
		sl_kit_text(c, x[0], y[0], pid(fr, k), &st);
		c->nest--;
	}
	for (int t = 0; t < 3; t++)
		sl_kit_keep_disc(c, x[t + 1], y[t + 1], HEX * 0.55);
	/* podes and turrets */
	for (int t = 0; t < 3; t++) {
		int ti = sh->turret[t];
		int up = ti >= 0 && ti < s->nunits && s->units[ti].where == FMP_MAP;
		double px = x[t + 1], py = y[t + 1];
		cairo_new_path(cr);
		cairo_arc(cr, px, py, HEX * 0.55, 0, 2 * M_PI);
		sl_kit_set(c, sl_kit_mix(col, c->pal.bg, 0.35));
		cairo_fill_preserve(cr);
		sl_kit_set(c, ink);
		cairo_set_line_width(cr, 1.2);
		cairo_stroke(cr);
		if (up) {
			double a = atan2(py - y[0], px - x[0]);
			uint32_t tc = colour_of(fr, s->units[ti].colour);
			cairo_move_to(cr, px, py);
			cairo_line_to(cr, px + cos(a) * HEX * 0.75, py + sin(a) * HEX * 0.75);
			sl_kit_set(c, sl_kit_contrast(sl_kit_rgb_hex(tc)));
			cairo_set_line_width(cr, 5);
			cairo_stroke(cr);
			cairo_move_to(cr, px, py);
			cairo_line_to(cr, px + cos(a) * HEX * 0.72, py + sin(a) * HEX * 0.72);
			sl_kit_set(c, sl_kit_rgb_hex(tc));
			cairo_set_line_width(cr, 3);
			cairo_stroke(cr);
			cairo_arc(cr, px, py, HEX * 0.36, 0, 2 * M_PI);
			sl_kit_set(c, sl_kit_rgb_hex(tc));
			cairo_fill_preserve(cr);
			sl_kit_set(c, sl_kit_contrast(sl_kit_rgb_hex(tc)));
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
		} else {
			/* destroyed: a grey stump crossed in red */
			cairo_arc(cr, px, py, HEX * 0.3, 0, 2 * M_PI);
			sl_kit_set(c, sl_kit_rgb_hex(COL_DEAD));
			cairo_fill(cr);
			cairo_move_to(cr, px - HEX * 0.38, py - HEX * 0.38);
			cairo_line_to(cr, px + HEX * 0.38, py + HEX * 0.38);
			cairo_move_to(cr, px + HEX * 0.38, py - HEX * 0.38);
			cairo_line_to(cr, px - HEX * 0.38, py + HEX * 0.38);
			sl_kit_set(c, sl_kit_rgb_hex(COL_FIRE));
			cairo_set_line_width(cr, 3);
			cairo_stroke(cr);
		}
	}
	pode_numbers(c, x, y);
}

static void draw_units(sl_kit_canvas *c, const sl_kit_grid *g, const sl_frame *fr)
{
	const fmp_state *s = fr->state;
	cairo_t *cr = c->cr;
	/* pontoons and ore first, then what stands on them, then the labels
	 * (placed off every unit) */
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		double x, y;
		if (u->where != FMP_MAP || u->kind == FMP_TURRET || u->kind == FMP_PONTOON ||
		    u->kind == FMP_ORE || !on_map(s, u->col, u->row))
			continue;
		sl_kit_hex_center(g, u->col, u->row, &x, &y);
		if (u->kind == FMP_BARGE && on_map(s, u->tcol, u->trow)) {
			double tx, ty;
			sl_kit_hex_center(g, u->tcol, u->trow, &tx, &ty);
			x = (x + tx) / 2;
			y = (y + ty) / 2;
		}
		sl_kit_keep_disc(c, x, y, HEX * 0.5);
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < s->nunits; i++) {
			const fmp_unit *u = &s->units[i];
			double x, y, r = HEX * 0.5, angle = 0;
			int ctl, n;
			if (u->where != FMP_MAP || u->kind == FMP_TURRET || !on_map(s, u->col, u->row))
				continue;
			if ((pass == 0) != (u->kind == FMP_PONTOON || u->kind == FMP_ORE))
				continue;
			sl_kit_hex_center(g, u->col, u->row, &x, &y);
			if (u->kind == FMP_ORE) {
				ore_pebble(c, x, y, HEX * 0.32);
				continue;
			}
			if (u->kind == FMP_BARGE && on_map(s, u->tcol, u->trow)) {
				double tx, ty;
				sl_kit_hex_center(g, u->tcol, u->trow, &tx, &ty);
				angle = atan2(ty - y, tx - x);
				x = (x + tx) / 2;
				y = (y + ty) / 2;
				r = HEX * 0.42;
			}
			ctl = fmp_controller(s, u);
			cairo_new_path(cr);
			if (fmp_neutralised(s, u)) {
				cairo_arc(cr, x, y, HEX * 0.82, 0, 2 * M_PI);
				sl_kit_set_a(c, sl_kit_rgb_hex(COL_FIRE), 0.9);
				cairo_set_line_width(cr, 2.2);
				cairo_stroke(cr);
			}
			unit_icon(c, x, y, r, u->kind, ctl < 0 ? COL_DEAD : colour_of(fr, u->colour), angle);
			cairo_new_path(cr);
			if (ctl < 0) {
				/* deactivated: its colour as a thin ring, greyed body */
				cairo_arc(cr, x, y, HEX * 0.7, 0, 2 * M_PI);
				sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, u->colour)));
				cairo_set_line_width(cr, 1.5);
				cairo_set_dash(cr, (const double[]){3, 2}, 2, 0);
				cairo_stroke(cr);
				cairo_set_dash(cr, NULL, 0, 0);
			} else if (ctl != u->colour) {
				/* controlled by another player than its colour's first owner */
				cairo_arc(cr, x + HEX * 0.55, y - HEX * 0.5, HEX * 0.2, 0, 2 * M_PI);
				sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, ctl)));
				cairo_fill_preserve(cr);
				sl_kit_set(c, c->pal.halo);
				cairo_set_line_width(cr, 1.2);
				cairo_stroke(cr);
			}
			if (fmp_stuck(s, u)) {
				sl_kit_place pl = {.x = x, .y = y, .gap = HEX * 0.45, .first = SL_KIT_PL_BELOW,
					.reach = HEX * 1.5};
				sl_kit_uses(c, "STUCK");
				sl_kit_place_tag(c, &pl, "STUCK", 7, sl_kit_rgb_hex(0x6741d9), NULL);
			}
			n = cargo_count(s, i);
			if (n > 0) {
				char b[16];
				snprintf(b, sizeof b, "%d", n);
				sl_kit_token(c, x - HEX * 0.55, y - HEX * 0.5, HEX * 0.22, 0x212529, b);
			}
		}
}

/* ---- panel -------------------------------------------------------------------- */

static void box(sl_kit_canvas *c, double x, double y, double w, double h)
{
	sl_kit_round_rect(c, x, y, w, h, 8);
	sl_kit_set_a(c, c->pal.panel_bg, 0.94);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(c->cr, 1);
	cairo_stroke(c->cr);
}

static double draw_players(sl_kit_canvas *c, const sl_frame *fr, double x, double y)
{
	const fmp_state *s = fr->state;
	double h = PLAYERS_H(s->np);
	sl_kit_text_style st = sl_kit_style(c, 12, 1);
	box(c, x, y, PANEL_W, h);
	sl_kit_text(c, x + 10, y + 8, "Players: action points, saved, score", &st);
	for (int p = 0; p < s->np && p < FMP_MAX_PLAYERS; p++) {
		const fmp_player *pl = &s->players[p];
		char line[128];
		double ly = y + 30 + 20 * p;
		int ships = 0;
		for (int k = 0; k < FMP_MAX_PLAYERS; k++)
			ships += s->ships[k].landed && !s->ships[k].gone && s->ships[k].owner == p;
		cairo_rectangle(c->cr, x + 10, ly + 1, 14, 14);
		sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, p)));
		cairo_fill(c->cr);
		snprintf(line, sizeof line, "%s%s  %d AP \u00b7 %d saved \u00b7 score %d \u00b7 %d astronef%s%s",
			pl->playing ? "\u25b6 " : "", pid(fr, p), pl->ap, pl->saved, pl->score, ships,
			ships == 1 ? "" : "s", pl->lost ? " \u00b7 LOST" : "");
		st = sl_kit_style(c, 11.5, pl->playing);
		st.max_width = PANEL_W - 40;
		sl_kit_text(c, x + 30, ly, line, &st);
	}
	return h;
}

/* The next tide as the viewer knows it (H13): for one side, only if its
 * weather layer forecast it; for everyone, with who knows it. `brief`: the
 * title bar's short form. */
static void next_text(const sl_frame *fr, const sl_render_opts *o, int brief, char *buf,
	size_t n)
{
	const fmp_state *s = fr->state;
	int k = 0;
	size_t len;
	const char *lead = brief ? "next" : "next tide:";
	if (s->turn < 1 || s->turn >= FMP_LAST_TURN) {
		snprintf(buf, n, "%s", brief ? "last turn" : "no next tide: the game ends with turn 25");
		return;
	}
	if (s->next < 0) {
		snprintf(buf, n, "%s not drawn yet", lead);
		return;
	}
	if (o && o->side) {
		int side = fr->header ? sl_header_player(fr->header, o->side) : -1;
		if (fmp_knows_next(s, side))
			snprintf(buf, n, "%s %s", lead, fmp_tide_name(s->next));
		else
			snprintf(buf, n, "%s unknown%s", lead, brief ? "" : " (face down: no weather layer out)");
		return;
	}
	snprintf(buf, n, "%s %s (", lead, fmp_tide_name(s->next));
	for (int p = 0; p < s->np && p < FMP_MAX_PLAYERS; p++)
		if (fmp_knows_next(s, p)) {
			len = strlen(buf);
			snprintf(buf + len, n - len, "%s%s", k++ ? ", " : brief ? "" : "known to ",
				pid(fr, p));
		}
	len = strlen(buf);
	snprintf(buf + len, n - len, "%s)", k ? "" : brief ? "nobody knows" : "nobody knows it");
}

static double draw_tide(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	double x, double y)
{
	const fmp_state *s = fr->state;
	static const char *const big[3] = {"LOW TIDE", "NORMAL TIDE", "HIGH TIDE"};
	sl_kit_text_style st;
	char line[128];
	int t = s->tide >= 0 && s->tide < 3 ? s->tide : 1;
	box(c, x, y, PANEL_W, TIDE_H);
	/* a gauge: three steps, the current one filled */
	for (int i = 0; i < 3; i++) {
		cairo_rectangle(c->cr, x + 12, y + 52 - i * 16, 26, 14);
		sl_kit_set(c, i <= t ? sl_kit_rgb_hex(0x4f8fc9) : sl_kit_mix(c->pal.panel_bg,
			c->pal.ink, 0.12));
		cairo_fill(c->cr);
	}
	st = sl_kit_style(c, 18, 1);
	sl_kit_text(c, x + 50, y + 10, big[t], &st);
	st = sl_kit_style(c, 11, 0);
	st.colour = c->pal.muted;
	st.max_width = PANEL_W - 60;
	{
		/* a side that did not forecast the next card sees the deck with that
		 * card still in it, face down: the counts would name it (H13) */
		int d[3] = {s->deck[0], s->deck[1], s->deck[2]};
		if (o && o->side && s->next >= 0 && s->next < 3 && s->turn >= 1 &&
		    !fmp_knows_next(s, fr->header ? sl_header_player(fr->header, o->side) : -1)) {
			d[s->next]++;
		}
		snprintf(line, sizeof line, "swamp %s \u00b7 reef %s \u00b7 deck: %d low, %d normal, "
			"%d high", t == FMP_HIGH ? "flooded" : "land", t == FMP_LOW ? "dry" : "sea",
			d[0], d[1], d[2]);
	}
	sl_kit_text(c, x + 50, y + 34, line, &st);
	next_text(fr, o, 0, line, sizeof line);
	st = sl_kit_style(c, 11, 1);
	st.max_width = PANEL_W - 60;
	sl_kit_text(c, x + 50, y + 52, line, &st);
	return TIDE_H;
}

static void cargo_text(const fmp_state *s, int ship, int unit, char *buf, size_t n)
{
	size_t len = strlen(buf);
	for (int i = 0; i < s->nunits && len + 30 < n; i++) {
		const fmp_unit *u = &s->units[i];
		int m;
		if (ship >= 0 ? !(u->where == FMP_IN_SHIP && u->holder == ship)
		              : !(u->where == FMP_IN_UNIT && u->holder == unit))
			continue;
		snprintf(buf + len, n - len, "%s%s", len && buf[len - 1] != '[' ? " " : "", u->id);
		len = strlen(buf);
		m = cargo_count(s, i);
		if (m && len + 30 < n) {
			snprintf(buf + len, n - len, "[");
			cargo_text(s, -1, i, buf, n);
			len = strlen(buf);
			snprintf(buf + len, n - len, "]");
			len = strlen(buf);
		}
	}
}

static double draw_ship_panel(sl_kit_canvas *c, const sl_frame *fr, int k, double x, double y)
{
	const fmp_state *s = fr->state;
	const fmp_ship *sh = &s->ships[k];
	sl_kit_text_style st;
	char line[160], cargo[1024];
	int ore = 0, units = 0, up = 0;
	box(c, x, y, PANEL_W, SHIP_H);
	cairo_new_path(c->cr);
	cairo_arc(c->cr, x + 20, y + 18, 9, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, k)));
	cairo_fill(c->cr);
	for (int t = 0; t < 3; t++)
		up += sh->turret[t] >= 0 && sh->turret[t] < s->nunits
			&& s->units[sh->turret[t]].where == FMP_MAP;
	for (int i = 0; i < s->nunits; i++) {
		const fmp_unit *u = &s->units[i];
		int depth = 0, j = i;
		while (depth < 8 && j >= 0 && j < s->nunits && s->units[j].where == FMP_IN_UNIT) {
			j = s->units[j].holder;
			depth++;
		}
		if (j < 0 || j >= s->nunits || s->units[j].where != FMP_IN_SHIP || s->units[j].holder != k)
			continue;
		if (u->kind == FMP_ORE)
			ore++;
		else
			units++;
	}
	if (sh->gone)
		snprintf(line, sizeof line, "Astronef %s \u2014 took off under %s", pid(fr, k),
			pid(fr, sh->owner));
	else if (sh->owner != k)
		snprintf(line, sizeof line, "Astronef %s \u2014 TAKEN by %s \u00b7 turrets %d/3",
			pid(fr, k), pid(fr, sh->owner), up);
	else
		snprintf(line, sizeof line, "Astronef %s \u00b7 turrets %d/3", pid(fr, k), up);
	st = sl_kit_style(c, 12.5, 1);
	st.max_width = PANEL_W - 44;
	sl_kit_text(c, x + 36, y + 9, line, &st);
	st = sl_kit_style(c, 11, 0);
	st.max_width = PANEL_W - 20;
	if (sh->gone) {
		snprintf(line, sizeof line, "its cargo left the planet");
		sl_kit_text(c, x + 10, y + 32, line, &st);
		return SHIP_H;
	}
	if (sh->sealed && s->turn == 21 && s->phase == 1)
		/* 9.5: the turn-21 choice; the state holds none until it is revealed,
		 * so no side's view shows it sooner */
		snprintf(line, sizeof line, "turn 21: %s \u00b7 %d ore \u00b7 %d units \u00b7 worth %d",
			sh->choice < 0 ? "choice sealed" : "stays", ore, units, 2 * ore + units + up);
	else
		snprintf(line, sizeof line, "cargo: %d ore (%d pts) \u00b7 %d units \u00b7 worth %d at "
			"take-off", ore, 2 * ore, units, 2 * ore + units + up);
	sl_kit_text(c, x + 10, y + 32, line, &st);
	cargo[0] = 0;
	cargo_text(s, k, -1, cargo, sizeof cargo);
	{
		/* two lines of ids, wrapped by hand at a space */
		PangoLayout *lay = pango_layout_new(c->pctx);
		PangoFontDescription *fd = pango_font_description_from_string(SL_KIT_FONT " Condensed 7.5");
		pango_font_description_set_absolute_size(fd, 10 * PANGO_SCALE);
		pango_layout_set_font_description(lay, fd);
		pango_layout_set_width(lay, (int)((PANEL_W - 20) * PANGO_SCALE));
		pango_layout_set_height(lay, -3);
		pango_layout_set_ellipsize(lay, PANGO_ELLIPSIZE_END);
		pango_layout_set_wrap(lay, PANGO_WRAP_WORD_CHAR);
		pango_layout_set_text(lay, cargo[0] ? cargo : "empty", -1);
		cairo_move_to(c->cr, x + 10, y + 50);
		sl_kit_set(c, c->pal.muted);
		pango_cairo_show_layout(c->cr, lay);
		if (c->svg)   /* its lines as <text> too */
			sl_svg_texts_add(c->svg, c->cr, lay, x + 10, y + 50, NULL,
				pango_font_description_get_size(fd) / (double)PANGO_SCALE, 0, 0, 1);
		pango_font_description_free(fd);
		g_object_unref(lay);
	}
	return SHIP_H;
}

static void draw_key(sl_kit_canvas *c, const sl_frame *fr, double x, double y)
{
	static const struct { int kind; const char *text; } key[] = {
		{FMP_TANK, "tank (range 2, 3 on a mountain)"},
		{FMP_HEAVY, "heavy tank (range 3, no mountain)"},
		{FMP_BOAT, "patrol boat (sea, range 2)"},
		{FMP_CRAB, "crab (land, carries 2)"},
		{FMP_LAYER, "weather layer (builds from ore)"},
		{FMP_PONTOON, "pontoon (a bridge on water)"},
	};
	sl_kit_text_style st = sl_kit_style(c, 12, 1);
	uint32_t col = colour_of(fr, 0);
	double ly;
	box(c, x, y, PANEL_W, KEY_H - 10);
	sl_kit_text(c, x + 10, y + 8, "Key", &st);
	st = sl_kit_style(c, 11, 0);
	st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	st.max_width = PANEL_W - 50;
	for (int i = 0; i < 6; i++) {
		ly = y + 38 + 20 * i;
		unit_icon(c, x + 22, ly, 8, key[i].kind, col, 0);
		sl_kit_text(c, x + 42, ly, key[i].text, &st);
	}
	ly = y + 38 + 20 * 6;
	unit_icon(c, x + 22, ly, 6, FMP_BARGE, col, 0);
	sl_kit_text(c, x + 42, ly, "barge (sea, two hexes, carries 4)", &st);
	ly += 20;
	ore_pebble(c, x + 22, ly, 7);
	sl_kit_text(c, x + 42, ly, "ore (2 points aboard at take-off)", &st);
	ly += 20;
	cairo_new_path(c->cr);
	cairo_arc(c->cr, x + 22, ly, 8, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(COL_FIRE));
	cairo_set_line_width(c->cr, 2.2);
	cairo_stroke(c->cr);
	sl_kit_text(c, x + 42, ly, "red ring: under enemy fire (neutralised)", &st);
	ly += 20;
	cairo_new_path(c->cr);
	cairo_arc(c->cr, x + 22, ly, 5, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(colour_of(fr, 1)));
	cairo_fill(c->cr);
	sl_kit_text(c, x + 42, ly, "dot: controller, when not its colour's owner", &st);
	ly += 20;
	sl_kit_tag(c, x + 22, ly, "3", 8, sl_kit_rgb_hex(0x212529));
	sl_kit_text(c, x + 42, ly, "black badge: cargo aboard; grey: deactivated", &st);
	ly += 20;
	sl_kit_tag(c, x + 22, ly, "STUCK", 6, sl_kit_rgb_hex(0x6741d9));
	sl_kit_text(c, x + 42, ly, "stuck: on terrain it cannot use at this tide", &st);
	sl_kit_lists(c, "STUCK");
}

static void draw_title(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o)
{
	const fmp_state *s = fr->state;
	char title[256], f[3][200], line2[600], next[120];
	const char *forms[3] = {f[0], f[1], f[2]};
	if (fr->header && fr->header->title && *fr->header->title)
		snprintf(title, sizeof title, "%s", fr->header->title);
	else
		snprintf(title, sizeof title, "Full Metal Plan\u00e8te");
	next_text(fr, o, 1, next, sizeof next);
	if (s->turn <= 0) {
		snprintf(f[0], sizeof f[0], "Setup");
		f[1][0] = f[2][0] = 0;
	} else if (s->phase >= 2 && s->phase - 2 < FMP_MAX_PLAYERS) {
		snprintf(f[0], sizeof f[0], "Turn %d/%d \u00b7 %s plays (%d AP) \u00b7 %s tide, %s",
			s->turn, FMP_LAST_TURN, pid(fr, s->phase - 2), s->players[s->phase - 2].ap,
			fmp_tide_name(s->tide), next);
		snprintf(f[1], sizeof f[1], "Turn %d/%d \u00b7 %s plays (%d AP) \u00b7 %s tide",
			s->turn, FMP_LAST_TURN, pid(fr, s->phase - 2), s->players[s->phase - 2].ap,
			fmp_tide_name(s->tide));
		snprintf(f[2], sizeof f[2], "T%d \u00b7 %s \u00b7 %d AP", s->turn, pid(fr, s->phase - 2),
			s->players[s->phase - 2].ap);
	} else {
		snprintf(f[0], sizeof f[0], "Turn %d/%d \u00b7 tide phase \u00b7 %s tide, %s",
			s->turn, FMP_LAST_TURN, fmp_tide_name(s->tide), next);
		snprintf(f[1], sizeof f[1], "Turn %d/%d \u00b7 %s tide", s->turn, FMP_LAST_TURN,
			fmp_tide_name(s->tide));
		snprintf(f[2], sizeof f[2], "T%d \u00b7 tide", s->turn);
	}
	sl_kit_caption(fr, line2, sizeof line2);
	sl_kit_title_bar_forms(c, TITLE_H, title, forms, 3, line2);
}

static int wants_overlay(const sl_render_opts *o, const char *name)
{
	const char *p = o ? o->overlay : NULL;
	size_t n = strlen(name);
	while (p && *p) {
		size_t len = strcspn(p, ",");
		if (len == n && memcmp(p, name, n) == 0)
			return 1;
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* The ground: the map under this turn's tide, its grid and coordinates. */
static uint64_t fmp_ground_key(const sl_frame *fr, const sl_render_opts *o)
{
	const fmp_state *s = fr->state;
	uint64_t h;
	int k[4];
	if (!s)
		return 0;
	k[0] = cols_of(s);
	k[1] = rows_of(s);
	k[2] = s->tide;
	k[3] = o ? o->theme : 0;
	h = sl_hash64(k, sizeof k);
	for (int r = 0; r < k[1]; r++)
		h = sl_hash64_update(h, s->terrain[r], (size_t)k[0]);
	return h;
}

static int fmp_paint_layers(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	int mask, sl_error *err)
{
	const fmp_state *s = fr->state;
	sl_kit_grid g;
	double px, py;
	if (!s)
		return sl_error_set(err, SL_EUSAGE, "render: no fmp state");
	sl_kit_grid_init(&g, fmp_layout, cols_of(s), rows_of(s), HEX, MARGIN, TITLE_H + MARGIN);
	if (mask & SL_LAYER_GROUND)
		draw_terrain(c, &g, s);
	if (!(mask & SL_LAYER_TOP))
		return SL_OK;
	if (wants_overlay(o, "fire"))
		draw_fire_overlay(c, &g, fr);
	for (int k = 0; k < FMP_MAX_PLAYERS; k++)
		if (s->ships[k].landed && !s->ships[k].gone)
			draw_astronef(c, &g, fr, k);
	draw_units(c, &g, fr);
	draw_last(c, &g, s);
	draw_title(c, fr, o);
	px = MARGIN + g.w + MARGIN;
	py = TITLE_H + MARGIN;
	py += draw_players(c, fr, px, py) + 10;
	py += draw_tide(c, fr, o, px, py) + 10;
	for (int k = 0; k < FMP_MAX_PLAYERS; k++)
		if (s->ships[k].landed)
			py += draw_ship_panel(c, fr, k, px, py) + 8;
	draw_key(c, fr, px, py);
	return SL_OK;
}

static int fmp_paint(sl_kit_canvas *c, const sl_frame *fr, const sl_render_opts *o,
	sl_error *err)
{
	return fmp_paint_layers(c, fr, o, SL_LAYER_ALL, err);
}

static const sl_painter_layers fmp_layers = {fmp_ground_key, fmp_paint_layers};

static int fmp_hex_at(const sl_frame *fr, int col, int row, double *x, double *y, double *size)
{
	const fmp_state *s = fr->state;
	sl_kit_grid g;
	if (!s || col < 1 || row < 1 || col > cols_of(s) || row > rows_of(s))
		return -1;
	sl_kit_grid_init(&g, fmp_layout, cols_of(s), rows_of(s), HEX, MARGIN, TITLE_H + MARGIN);
	sl_kit_hex_center(&g, col, row, x, y);
	*size = HEX;
	return 0;
}

static const char *const fmp_overlays[] = {"fire", NULL};

const sl_painter sl_painter_fmp = {
	SL_PAINTER_API,
	"fmp",
	fmp_size,
	fmp_paint,
	fmp_hex_at,
	fmp_overlays,
	&fmp_layers,
	tg_fmp_targets,      /* render/games/fmp_targets.c */
	NULL,                /* board: the hexes' extent */
};
