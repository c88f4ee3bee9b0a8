/* chart.c - the probability chart of sl_chart.h: a title bar, a 0-100%
 * plot with the 50% line, the curve filled toward 50% in each side's
 * colour, fight separators with labels, a mark per step and a legend. */
#include "sl_chart.h"
#include "kit.h"
#include "export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define TITLE_H 58.0
#define LEFT 64.0
#define RIGHT 24.0
#define TOP_PAD 56.0        /* segment labels above the plot */
#define PLOT_H 300.0
#define BOTTOM 80.0         /* axis caption and legend */
#define STEP_MIN 26.0

void sl_chart_size(const sl_chart *ch, int *w, int *h)
{
	double n = ch && ch->npoints > 1 ? ch->npoints - 1 : 1;
	double pw = n * STEP_MIN;
	if (pw < 760)
		pw = 760;
	if (pw > 4000)
		pw = 4000;
	*w = (int)(LEFT + pw + RIGHT);
	*h = (int)(TITLE_H + TOP_PAD + PLOT_H + BOTTOM);
}

static double clamp01(double v)
{
	return v != v ? 0.5 : v < 0 ? 0 : v > 1 ? 1 : v;
}

typedef struct geo {
	double x0, y0, w, h;   /* plot box */
	double step;
	int n;
} geo;

static double gx(const geo *g, int i)
{
	return g->x0 + (g->n > 1 ? i * g->step : g->w / 2);
}

static double gy(const geo *g, double v)
{
	return g->y0 + (1 - clamp01(v)) * g->h;
}

static void draw_grid(sl_kit_canvas *c, const sl_chart *ch, const geo *g)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, 11, 0);
	st.colour = c->pal.muted;
	st.anchor = SL_KIT_RIGHT | SL_KIT_MIDDLE;
	cairo_rectangle(cr, g->x0, g->y0, g->w, g->h);
	sl_kit_set(c, c->pal.panel_bg);
	cairo_fill(cr);
	for (int k = 0; k <= 4; k++) {
		char lab[8];
		double y = g->y0 + g->h * k / 4.0;
		cairo_move_to(cr, g->x0, y);
		cairo_line_to(cr, g->x0 + g->w, y);
		sl_kit_set(c, k == 2 ? c->pal.muted : c->pal.panel_edge);
		cairo_set_line_width(cr, k == 2 ? 1.4 : 1);
		cairo_stroke(cr);
		snprintf(lab, sizeof lab, "%d%%", 100 - 25 * k);
		sl_kit_text(c, g->x0 - 8, y, lab, &st);
	}
	if (ch->y_label) {
		st = sl_kit_style(c, 11, 1);
		st.colour = c->pal.muted;
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		cairo_save(cr);
		cairo_translate(cr, 16, g->y0 + g->h / 2);
		cairo_rotate(cr, -M_PI / 2);
		sl_kit_text(c, 0, 0, ch->y_label, &st);
		cairo_restore(cr);
	}
}

/* The curve of one segment, filled toward the 50% line: above in side 0's
 * colour, below in side 1's (clipped halves of the same shape). */
static void draw_segment(sl_kit_canvas *c, const sl_chart *ch, const geo *g,
	const sl_chart_segment *sg)
{
	cairo_t *cr = c->cr;
	double mid = gy(g, 0.5);
	int a = sg->start, b = sg->start + sg->n - 1;
	if (sg->n < 1)
		return;
	for (int half = 0; half < 2; half++) {
		cairo_save(cr);
		if (half == 0)
			cairo_rectangle(cr, g->x0, g->y0, g->w, mid - g->y0);
		else
			cairo_rectangle(cr, g->x0, mid, g->w, g->y0 + g->h - mid);
		cairo_clip(cr);
		cairo_move_to(cr, gx(g, a), mid);
		for (int i = a; i <= b; i++)
			cairo_line_to(cr, gx(g, i), gy(g, ch->points[i].y));
		cairo_line_to(cr, gx(g, b), mid);
		cairo_close_path(cr);
		sl_kit_set_a(c, sl_kit_rgb_hex(ch->side_colour[half]), 0.28);
		cairo_fill(cr);
		cairo_restore(cr);
	}
	for (int i = a; i <= b; i++) {
		if (i == a)
			cairo_move_to(cr, gx(g, i), gy(g, ch->points[i].y));
		else
			cairo_line_to(cr, gx(g, i), gy(g, ch->points[i].y));
	}
	sl_kit_set(c, c->pal.ink);
	cairo_set_line_width(cr, 2);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
}

static void draw_mark(sl_kit_canvas *c, const sl_chart *ch, const geo *g, int i)
{
	cairo_t *cr = c->cr;
	const sl_chart_point *p = &ch->points[i];
	double x = gx(g, i), y = gy(g, p->y), r = 6;
	sl_kit_rgb col = sl_kit_rgb_hex(ch->side_colour[p->side ? 1 : 0]);
	sl_kit_text_style st = sl_kit_style(c, 10.5, 1);
	int up = p->side == 0;   /* your hits push the curve up */
	switch (p->mark) {
	case SL_CHART_MISS:
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, 3.5, 0, 2 * M_PI);
		sl_kit_set(c, c->pal.halo);
		cairo_fill_preserve(cr);
		sl_kit_set(c, col);
		cairo_set_line_width(cr, 1.6);
		cairo_stroke(cr);
		break;
	case SL_CHART_HIT:
		cairo_move_to(cr, x, y + (up ? -r * 1.2 : r * 1.2));
		cairo_line_to(cr, x - r, y + (up ? r * 0.7 : -r * 0.7));
		cairo_line_to(cr, x + r, y + (up ? r * 0.7 : -r * 0.7));
		cairo_close_path(cr);
		sl_kit_set(c, col);
		cairo_fill_preserve(cr);
		sl_kit_set(c, c->pal.halo);
		cairo_set_line_width(cr, 1.2);
		cairo_stroke(cr);
		break;
	case SL_CHART_KILL:
		for (int k = 0; k < 16; k++) {
			double a = k * M_PI / 8, rr = k % 2 ? r * 0.8 : r * 1.9;
			if (k == 0)
				cairo_move_to(cr, x + rr * cos(a), y + rr * sin(a));
			else
				cairo_line_to(cr, x + rr * cos(a), y + rr * sin(a));
		}
		cairo_close_path(cr);
		sl_kit_set(c, sl_kit_rgb_hex(0xf59f00));
		cairo_fill_preserve(cr);
		sl_kit_set(c, col);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		break;
	default:
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, 3, 0, 2 * M_PI);
		sl_kit_set(c, c->pal.ink);
		cairo_fill(cr);
		break;
	}
	if (p->label[0]) {
		st.colour = col;
		st.halo = 1;
		st.anchor = SL_KIT_CENTER | (up ? SL_KIT_BOTTOM : SL_KIT_TOP);
		sl_kit_text(c, x, y + (up ? -r * 1.5 - 2 : r * 1.5 + 2), p->label, &st);
	}
}

static void draw_segments(sl_kit_canvas *c, const sl_chart *ch, const geo *g)
{
	cairo_t *cr = c->cr;
	for (int s = 0; s < ch->nsegments; s++) {
		const sl_chart_segment *sg = &ch->segments[s];
		sl_kit_text_style st = sl_kit_style(c, 11.5, 1);
		double xa, xb;
		if (sg->n < 1 || sg->start < 0 || sg->start + sg->n > ch->npoints)
			continue;
		xa = gx(g, sg->start);
		xb = gx(g, sg->start + sg->n - 1);
		if (s > 0) {   /* the border with the previous fight */
			static const double dash[] = {4, 4};
			double xm = (gx(g, sg->start - 1) + xa) / 2;
			cairo_set_dash(cr, dash, 2, 0);
			cairo_move_to(cr, xm, g->y0 - TOP_PAD + 6);
			cairo_line_to(cr, xm, g->y0 + g->h);
			sl_kit_set(c, c->pal.muted);
			cairo_set_line_width(cr, 1);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
		st.anchor = SL_KIT_LEFT | SL_KIT_BOTTOM;
		st.max_width = xb - xa + g->step * 0.9;
		if (st.max_width < 60)
			st.max_width = 60;
		sl_kit_text(c, xa, g->y0 - 28, sg->label, &st);
		draw_segment(c, ch, g, sg);
	}
	for (int i = 0; i < ch->npoints; i++)
		draw_mark(c, ch, g, i);
}

static void draw_legend(sl_kit_canvas *c, const sl_chart *ch, const geo *g)
{
	cairo_t *cr = c->cr;
	double y = g->y0 + g->h + 50, x = g->x0;
	sl_kit_text_style st = sl_kit_style(c, 12, 0);
	char buf[96];
	st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	st.colour = c->pal.muted;
	sl_kit_text(c, g->x0 + g->w, y, "attacks \xe2\x86\x92", &(sl_kit_text_style){
		.size = 11, .anchor = SL_KIT_RIGHT | SL_KIT_MIDDLE, .colour = c->pal.muted});
	for (int s = 0; s < 2; s++) {
		sl_kit_rgb col = sl_kit_rgb_hex(ch->side_colour[s]);
		cairo_move_to(cr, x + 7, y + (s == 0 ? -7 : 7));
		cairo_line_to(cr, x, y + (s == 0 ? 4 : -4));
		cairo_line_to(cr, x + 14, y + (s == 0 ? 4 : -4));
		cairo_close_path(cr);
		sl_kit_set(c, col);
		cairo_fill(cr);
		snprintf(buf, sizeof buf, "%s hits (points of damage)",
			ch->side_name[s] ? ch->side_name[s] : s ? "enemy" : "you");
		st.colour = c->pal.ink;
		x += 20 + sl_kit_text(c, x + 20, y, buf, &st) + 20;
	}
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + 6, y, 3.5, 0, 2 * M_PI);
	sl_kit_set(c, c->pal.muted);
	cairo_set_line_width(cr, 1.6);
	cairo_stroke(cr);
	x += 18 + sl_kit_text(c, x + 16, y, "a miss", &st) + 20;
	for (int k = 0; k < 16; k++) {
		double a = k * M_PI / 8, rr = k % 2 ? 4.0 : 9.0;
		if (k == 0)
			cairo_move_to(cr, x + 8 + rr * cos(a), y + rr * sin(a));
		else
			cairo_line_to(cr, x + 8 + rr * cos(a), y + rr * sin(a));
	}
	cairo_close_path(cr);
	sl_kit_set(c, sl_kit_rgb_hex(0xf59f00));
	cairo_fill(cr);
	sl_kit_text(c, x + 22, y, "a ship explodes", &st);
}

static void paint(sl_kit_canvas *c, const sl_chart *ch)
{
	geo g;
	sl_kit_title_bar(c, TITLE_H, ch->title ? ch->title : "", NULL, ch->subtitle);
	g.x0 = LEFT;
	g.y0 = TITLE_H + TOP_PAD;
	g.w = c->width - LEFT - RIGHT;
	g.h = PLOT_H;
	g.n = ch->npoints;
	g.step = g.n > 1 ? g.w / (g.n - 1) : 0;
	/* keep the first and last marks inside the box */
	g.x0 += 10;
	g.w -= 20;
	g.step = g.n > 1 ? g.w / (g.n - 1) : 0;
	draw_grid(c, ch, &g);
	draw_segments(c, ch, &g);
	draw_legend(c, ch, &g);
}

int sl_chart_cairo(cairo_t *cr, const sl_chart *ch, double w, double h, int theme)
{
	sl_kit_canvas cv;
	int nw, nh;
	double sc;
	if (!ch || ch->npoints < 1 || !ch->points || w <= 0 || h <= 0)
		return SL_EUSAGE;
	sl_chart_size(ch, &nw, &nh);
	sc = w / nw < h / nh ? w / nw : h / nh;
	cairo_save(cr);
	cairo_translate(cr, (w - nw * sc) / 2, (h - nh * sc) / 2);
	cairo_scale(cr, sc, sc);
	if (sl_kit_canvas_init(&cv, cr, nw, nh, theme) < 0) {
		cairo_restore(cr);
		return SL_ENOMEM;
	}
	sl_kit_clear(&cv);
	paint(&cv, ch);
	if (cv.marks.failed) {   /* labels placed without every mark: not this chart */
		sl_kit_canvas_fini(&cv);
		cairo_restore(cr);
		return SL_ENOMEM;
	}
	sl_kit_canvas_fini(&cv);
	cairo_restore(cr);
	return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? SL_OK : SL_EIO;
}

/* paint() for sl_kit_figure_to_mem */
static void paint_fig(sl_kit_canvas *c, const void *ud)
{
	paint(c, ud);
}


int sl_chart_to_mem(sl_format fmt, const sl_chart *ch, int width, int theme,
	unsigned char **out, size_t *out_len, sl_error *err)
{
	int nw, nh, w, h;
	double sc;
	*out = NULL;
	*out_len = 0;
	if (!ch || ch->npoints < 1 || !ch->points)
		return sl_error_set(err, SL_EUSAGE, "chart: nothing to draw");
	sl_chart_size(ch, &nw, &nh);
	w = width > 0 ? width : nw;
	if (w > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE, "chart: width %d is over %d pixels", w,
			SL_RENDER_MAX_SIDE);
	sc = (double)w / nw;
	h = (int)(nh * sc + 0.5);
	if (h < 1)
		h = 1;
	return sl_kit_figure_to_mem(fmt, nw, nh, w, h, theme, paint_fig, ch, out, out_len, err);
}

int sl_chart_to_file(const char *path, sl_format fmt, const sl_chart *ch, int width,
	int theme, sl_error *err)
{
	unsigned char *p;
	size_t n;
	int rc = sl_chart_to_mem(fmt, ch, width, theme, &p, &n, err);
	if (rc)
		return rc;
	rc = sl_write_file_atomic(path, p, n, err);
	sl_free(p);
	return rc;
}
