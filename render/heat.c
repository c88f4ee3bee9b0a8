/* heat.c - where pieces went, fought and were lost, over the board: a warm
 * glow on each hex entered (yellow to red with the count), a ring on each
 * hex where a shot or a boarding was made, a cross where a piece was lost,
 * and a key with the range and the largest counts. Orientation-free: it only
 * needs the painter's hex centres and size. */
#include "heat.h"

#include <math.h>
#include <stdio.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static sl_kit_rgb ramp(double t)
{
	sl_kit_rgb y = sl_kit_rgb_hex(0xffd43b), o = sl_kit_rgb_hex(0xfd7e14), r = sl_kit_rgb_hex(0xc92a2a);
	return t < 0.5 ? sl_kit_mix(y, o, t * 2) : sl_kit_mix(o, r, (t - 0.5) * 2);
}

/* 0..1 on a log scale, so one visit shows warm but not hot when the most
 * visited hex has few more */
static double level(uint32_t n, uint32_t max)
{
	return n ? log(1.0 + n) / log(1.0 + (max < 4 ? 4 : max)) : 0;
}

static void key(sl_kit_canvas *c, const sl_heat *h, double x, double y)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, 12, 0);
	char buf[128];
	double w = 250, rh = 22, bh = 14 + 4 * rh;
	sl_kit_round_rect(c, x, y - bh, w, bh, 6);
	sl_kit_set_a(c, c->pal.panel_bg, 0.92);
	cairo_fill_preserve(cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	y -= bh - 8;
	st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	st.bold = 1;
	if (h->to >= 0)
		snprintf(buf, sizeof buf, "heat: events %ld to %ld", h->from + 1, h->to);
	else
		snprintf(buf, sizeof buf, "heat: events %ld to the end", h->from + 1);
	sl_kit_text(c, x + 10, y + rh / 2, buf, &st);
	st.bold = 0;
	y += rh;
	for (int k = 0; k < 5; k++) {   /* the glow's ramp */
		cairo_rectangle(c->cr, x + 10 + k * 6, y + 4, 6, rh - 8);
		sl_kit_set(c, ramp(k / 4.0));
		cairo_fill(cr);
	}
	snprintf(buf, sizeof buf, "hexes entered (most: %u)", h->max[SL_HEAT_WENT]);
	sl_kit_text(c, x + 48, y + rh / 2, buf, &st);
	y += rh;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + 25, y + rh / 2, 7, 0, 2 * M_PI);
	sl_kit_set(c, sl_kit_rgb_hex(0x862e9c));
	cairo_set_line_width(cr, 3);
	cairo_stroke(cr);
	snprintf(buf, sizeof buf, "fire and boarding (%u)", h->total[SL_HEAT_FOUGHT]);
	sl_kit_text(c, x + 48, y + rh / 2, buf, &st);
	y += rh;
	cairo_move_to(cr, x + 19, y + rh / 2 - 6);
	cairo_line_to(cr, x + 31, y + rh / 2 + 6);
	cairo_move_to(cr, x + 31, y + rh / 2 - 6);
	cairo_line_to(cr, x + 19, y + rh / 2 + 6);
	sl_kit_set(c, c->pal.ink);
	cairo_set_line_width(cr, 3);
	cairo_stroke(cr);
	snprintf(buf, sizeof buf, "pieces lost (%u)", h->total[SL_HEAT_LOST]);
	sl_kit_text(c, x + 48, y + rh / 2, buf, &st);
}

int sl_heat_draw(sl_kit_canvas *c, const sl_painter *p, const sl_frame *fr, const sl_heat *h,
	sl_error *err)
{
	cairo_t *cr = c->cr;
	double x, y, sz, minx = 1e9, maxy = -1e9;
	sl_kit_text_style st = sl_kit_style(c, 10, 1);
	if (!p->hex_at)
		return sl_error_set(err, SL_EUSAGE, "render: the %s board is not a hex map: no heat overlay",
			p->game_id);
	for (int r = 1; r <= SL_HEAT_MAX; r++)   /* the map's left and bottom edges, for the key */
		for (int col = 1; col <= 2; col++)
			if (p->hex_at(fr, col, r, &x, &y, &sz) == 0) {
				if (x - sz < minx)
					minx = x - sz;
				if (y + sz > maxy)
					maxy = y + sz;
			}
	cairo_save(cr);
	for (int r = 1; r <= h->rows; r++)
		for (int col = 1; col <= h->cols; col++) {
			uint32_t n = h->n[SL_HEAT_WENT][r - 1][col - 1];
			cairo_pattern_t *g;
			sl_kit_rgb k;
			double t;
			if (!n || p->hex_at(fr, col, r, &x, &y, &sz))
				continue;
			t = level(n, h->max[SL_HEAT_WENT]);
			k = ramp(t);
			g = cairo_pattern_create_radial(x, y, 0, x, y, sz * 1.05);
			cairo_pattern_add_color_stop_rgba(g, 0, k.r, k.g, k.b, 0.45 + 0.4 * t);
			cairo_pattern_add_color_stop_rgba(g, 0.6, k.r, k.g, k.b, 0.3 + 0.35 * t);
			cairo_pattern_add_color_stop_rgba(g, 1, k.r, k.g, k.b, 0);
			cairo_set_source(cr, g);
			cairo_arc(cr, x, y, sz * 1.05, 0, 2 * M_PI);
			cairo_fill(cr);
			cairo_pattern_destroy(g);
		}
	for (int r = 1; r <= h->rows; r++)
		for (int col = 1; col <= h->cols; col++) {
			uint32_t n = h->n[SL_HEAT_FOUGHT][r - 1][col - 1];
			double t;
			if (!n || p->hex_at(fr, col, r, &x, &y, &sz))
				continue;
			t = level(n, h->max[SL_HEAT_FOUGHT]);
			cairo_new_sub_path(cr);
			cairo_arc(cr, x, y, sz * 0.62, 0, 2 * M_PI);
			sl_kit_set_a(c, c->pal.halo, 0.8);
			cairo_set_line_width(cr, 2 + 4 * t + 2);
			cairo_stroke_preserve(cr);
			sl_kit_set(c, sl_kit_rgb_hex(0x862e9c));
			cairo_set_line_width(cr, 2 + 4 * t);
			cairo_stroke(cr);
			if (n > 1) {
				char b[16];
				snprintf(b, sizeof b, "%u", n);
				st.colour = sl_kit_rgb_hex(0x862e9c);
				st.halo = 1;
				st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
				sl_kit_text(c, x + sz * 0.62, y - sz * 0.55, b, &st);
			}
		}
	for (int r = 1; r <= h->rows; r++)
		for (int col = 1; col <= h->cols; col++) {
			uint32_t n = h->n[SL_HEAT_LOST][r - 1][col - 1];
			double a;
			if (!n || p->hex_at(fr, col, r, &x, &y, &sz))
				continue;
			a = sz * 0.32;
			for (int pass = 0; pass < 2; pass++) {
				cairo_move_to(cr, x - a, y - a);
				cairo_line_to(cr, x + a, y + a);
				cairo_move_to(cr, x + a, y - a);
				cairo_line_to(cr, x - a, y + a);
				sl_kit_set(c, pass ? c->pal.ink : c->pal.halo);
				cairo_set_line_width(cr, pass ? 3.5 : 6.5);
				cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
				cairo_stroke(cr);
			}
			if (n > 1) {
				char b[16];
				snprintf(b, sizeof b, "\xc3\x97%u", n);
				st.colour = c->pal.ink;
				st.halo = 1;
				st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
				sl_kit_text(c, x + a + 3, y + a, b, &st);
			}
		}
	if (minx < 1e8)
		key(c, h, minx + 10, maxy - 10);
	cairo_restore(cr);
	return SL_OK;
}
