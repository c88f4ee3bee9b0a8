/* series_chart.c - metric charts of sl_chart.h: stacked panels over one x
 * axis of game steps, a series per side in its colour (line, area or grouped
 * bars), y axes with round ticks and the unit, turn ticks, bookmark flags,
 * the sides' legend under the title. */
#include "sl_chart.h"
#include "kit.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define S_TITLE_H 58.0
#define S_LEGEND_H 34.0
#define S_LEFT 78.0
#define S_RIGHT 28.0
#define S_PANEL_H 230.0
#define S_PANEL_GAP 44.0
#define S_BOTTOM 46.0

void sl_series_chart_size(const sl_series_chart *ch, int *w, int *h)
{
	double n = ch && ch->npoints > 1 ? ch->npoints : 2, per = 6;
	double pw;
	if (ch)
		for (int p = 0; p < ch->npanels; p++)
			if (ch->panels[p].style == SL_CHART_BAR)
				per = 4.0 * (ch->nseries > 0 ? ch->nseries : 1) + 6;
	pw = n * per;
	if (pw < 820)
		pw = 820;
	if (pw > 3600)
		pw = 3600;
	*w = (int)(S_LEFT + pw + S_RIGHT);
	*h = (int)(S_TITLE_H + S_LEGEND_H + (ch ? ch->npanels : 1) * (S_PANEL_H + S_PANEL_GAP) + S_BOTTOM);
}

typedef struct box {
	double x0, y0, w, h;
	double lo, hi;          /* y range */
	int n;
	int bars;
} box;

static double bx(const box *b, double i)
{
	if (b->bars)   /* slots: point i at the middle of slot i */
		return b->x0 + (i + 0.5) * b->w / (b->n > 0 ? b->n : 1);
	return b->x0 + (b->n > 1 ? i * b->w / (b->n - 1) : b->w / 2);
}

static double by(const box *b, double v)
{
	double t = b->hi > b->lo ? (v - b->lo) / (b->hi - b->lo) : 0.5;
	return b->y0 + (1 - t) * b->h;
}

/* A round step for about `want` ticks over span. */
static double nice_step(double span, int want)
{
	double raw = span / want, mag = pow(10, floor(log10(raw))), f = raw / mag;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * mag;
}

static void fmt_num(char *out, size_t n, double v, double step)
{
	if (fabs(v) < step * 1e-6)
		v = 0;
	if (step == floor(step) || v == floor(v))   /* a step of 2.5 keeps its half: 7.5, not 8 */
		snprintf(out, n, "%.0f", v);
	else if (step * 10 == floor(step * 10))
		snprintf(out, n, "%.1f", v);
	else
		snprintf(out, n, "%.2f", v);
}

static void range_of(const sl_series_chart *ch, const sl_chart_panel *p, double *lo, double *hi)
{
	int any = 0;
	*lo = 0;
	*hi = 1;
	for (int s = 0; s < ch->nseries; s++)
		for (int i = 0; i < ch->npoints; i++) {
			double v = p->y[(size_t)s * ch->npoints + i];
			if (v != v)
				continue;
			if (!any || v < *lo)
				*lo = v;
			if (!any || v > *hi)
				*hi = v;
			any = 1;
		}
	if (!any) {
		*lo = 0;
		*hi = 1;
	}
	if (p->style != SL_CHART_LINE || p->zero_line || (p->unit && strcmp(p->unit, "%") == 0)) {
		if (*lo > 0)
			*lo = 0;
		if (*hi < 0)
			*hi = 0;
	}
	if (p->unit && strcmp(p->unit, "%") == 0 && *lo >= 0 && *hi <= 100) {
		*lo = 0;
		*hi = 100;
	}
	if (*hi - *lo < 1e-9) {
		*hi += 1;
		if (*lo > 0)
			*lo -= 1;
	}
}

static void draw_axes(sl_kit_canvas *c, const sl_series_chart *ch, const sl_chart_panel *p, box *b)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, 11, 0);
	double step, lo, hi, v;
	char lab[32];
	range_of(ch, p, &lo, &hi);
	step = nice_step(hi - lo, 5);
	b->lo = floor(lo / step) * step;
	b->hi = ceil(hi / step) * step;
	if (b->hi - b->lo < step)
		b->hi = b->lo + step;
	cairo_rectangle(cr, b->x0, b->y0, b->w, b->h);
	sl_kit_set(c, c->pal.panel_bg);
	cairo_fill(cr);
	st.colour = c->pal.muted;
	st.anchor = SL_KIT_RIGHT | SL_KIT_MIDDLE;
	for (v = b->lo; v <= b->hi + step * 1e-6; v += step) {
		double y = by(b, v);
		int zero = fabs(v) < step * 1e-6;
		cairo_move_to(cr, b->x0, y);
		cairo_line_to(cr, b->x0 + b->w, y);
		sl_kit_set(c, zero && (p->zero_line || b->lo < 0) ? c->pal.muted : c->pal.panel_edge);
		cairo_set_line_width(cr, zero && (p->zero_line || b->lo < 0) ? 1.4 : 1);
		cairo_stroke(cr);
		fmt_num(lab, sizeof lab, v, step);
		sl_kit_text(c, b->x0 - 8, y, lab, &st);
	}
	/* the panel's name and unit above it, the unit along the axis too */
	st = sl_kit_style(c, 14, 1);
	st.anchor = SL_KIT_LEFT | SL_KIT_BOTTOM;
	v = sl_kit_text(c, b->x0, b->y0 - 8, p->title ? p->title : "", &st);
	if (p->unit && *p->unit) {
		snprintf(lab, sizeof lab, "(%s)", p->unit);
		st = sl_kit_style(c, 12, 0);
		st.colour = c->pal.muted;
		st.anchor = SL_KIT_LEFT | SL_KIT_BOTTOM;
		sl_kit_text(c, b->x0 + v + 8, b->y0 - 9, lab, &st);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.size = 11;
		cairo_save(cr);
		cairo_translate(cr, 16, b->y0 + b->h / 2);
		cairo_rotate(cr, -M_PI / 2);
		sl_kit_text(c, 0, 0, p->unit, &st);
		cairo_restore(cr);
	}
}

/* Turn ticks under a panel: every turn change, thinned to fit. */
static void draw_ticks(sl_kit_canvas *c, const sl_series_chart *ch, const box *b, int labels)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, 11, 0);
	double last_x = -1e9;
	st.colour = c->pal.muted;
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	for (int i = 0; i < ch->npoints; i++) {
		int tick = ch->x_value ? 1 : (i == 0 || !ch->turn || ch->turn[i] != ch->turn[i - 1]);
		double x = bx(b, i);
		char lab[32];
		if (!tick)
			continue;
		if (ch->x_value)
			snprintf(lab, sizeof lab, "%ld", ch->x_value[i]);
		else if (i == 0 && (!ch->turn || ch->turn[0] == 0))
			snprintf(lab, sizeof lab, "start");
		else
			snprintf(lab, sizeof lab, "%d", ch->turn ? ch->turn[i] : i);
		/* by event, the setup's tick gives way to turn 1's when they crowd */
		if (i == 0 && ch->turn && !b->bars && ch->npoints > 1) {
			int j = 1;
			while (j < ch->npoints && ch->turn[j] == ch->turn[0])
				j++;
			if (j < ch->npoints && bx(b, j) - x < 40)
				continue;
		}
		/* the labels apart: 34 pixels, more for a label past 3 digits (about
		 * 7 pixels a digit at this size, and a gap) */
		if (x - last_x < (strlen(lab) * 7 + 10 > 34 ? (double)strlen(lab) * 7 + 10 : 34))
			continue;
		if (ch->x_value && ch->turn && i > 0 && ch->turn[i] == ch->turn[i - 1] &&
		    x - last_x < 60)
			continue;
		cairo_move_to(cr, x, b->y0 + b->h);
		cairo_line_to(cr, x, b->y0 + b->h + 5);
		sl_kit_set(c, c->pal.muted);
		cairo_set_line_width(cr, 1);
		cairo_stroke(cr);
		if (!ch->x_value) {   /* a faint line up the panel at each turn */
			cairo_move_to(cr, x, b->y0);
			cairo_line_to(cr, x, b->y0 + b->h);
			sl_kit_set_a(c, c->pal.panel_edge, 0.7);
			cairo_stroke(cr);
		}
		if (labels)
			sl_kit_text(c, x, b->y0 + b->h + 7, lab, &st);
		last_x = x;
	}
}

static void draw_series(sl_kit_canvas *c, const sl_series_chart *ch, const sl_chart_panel *p,
	const box *b)
{
	cairo_t *cr = c->cr;
	int n = ch->npoints, ns = ch->nseries;
	double base = by(b, b->lo > 0 ? b->lo : b->hi < 0 ? b->hi : 0);
	if (p->style == SL_CHART_BAR) {
		double slot = b->w / (n > 0 ? n : 1), gw = slot * 0.8, bw = gw / (ns > 0 ? ns : 1);
		for (int s = 0; s < ns; s++) {
			sl_kit_rgb col = sl_kit_rgb_hex(ch->series_colour[s]);
			for (int i = 0; i < n; i++) {
				double v = p->y[(size_t)s * n + i], x, y;
				if (v != v || v == 0)
					continue;
				x = bx(b, i) - gw / 2 + s * bw;
				y = by(b, v);
				cairo_rectangle(cr, x + (bw > 3 ? 0.5 : 0), y < base ? y : base,
					bw > 3 ? bw - 1 : bw, fabs(base - y));
				sl_kit_set(c, col);
				cairo_fill(cr);
			}
		}
		return;
	}
	for (int s = 0; s < ns; s++) {
		sl_kit_rgb col = sl_kit_rgb_hex(ch->series_colour[s]);
		/* runs without gaps */
		for (int i = 0; i < n;) {
			int j = i;
			if (p->y[(size_t)s * n + i] != p->y[(size_t)s * n + i]) {
				i++;
				continue;
			}
			while (j + 1 < n && p->y[(size_t)s * n + j + 1] == p->y[(size_t)s * n + j + 1])
				j++;
			if (p->style == SL_CHART_AREA) {
				cairo_move_to(cr, bx(b, i), base);
				for (int k = i; k <= j; k++)
					cairo_line_to(cr, bx(b, k), by(b, p->y[(size_t)s * n + k]));
				cairo_line_to(cr, bx(b, j), base);
				cairo_close_path(cr);
				sl_kit_set_a(c, col, ns > 1 ? 0.22 : 0.35);
				cairo_fill(cr);
			}
			for (int k = i; k <= j; k++) {
				double x = bx(b, k), y = by(b, p->y[(size_t)s * n + k]);
				if (k == i)
					cairo_move_to(cr, x, y);
				else
					cairo_line_to(cr, x, y);
			}
			sl_kit_set(c, col);
			/* the first series widest, underneath: where two coincide both show */
			cairo_set_line_width(cr, 2.4 + 2.2 * (ns - 1 - s) / (ns > 1 ? ns - 1 : 1));
			cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			if (i == j) {   /* a lone point */
				cairo_new_sub_path(cr);
				cairo_arc(cr, bx(b, i), by(b, p->y[(size_t)s * n + i]), 3, 0, 2 * M_PI);
				cairo_fill(cr);
			} else
				cairo_stroke(cr);
			/* dots on the points when they are few enough to count */
			if (n <= 60)
				for (int k = i; k <= j; k++) {
					cairo_new_sub_path(cr);
					cairo_arc(cr, bx(b, k), by(b, p->y[(size_t)s * n + k]), 3.2, 0, 2 * M_PI);
					sl_kit_set(c, col);
					cairo_fill_preserve(cr);
					sl_kit_set(c, c->pal.panel_bg);
					cairo_set_line_width(cr, 1.2);
					cairo_stroke(cr);
				}
			i = j + 1;
		}
	}
}

static void draw_flags(sl_kit_canvas *c, const sl_series_chart *ch, const box *first,
	const box *last)
{
	cairo_t *cr = c->cr;
	static const double dash[] = {5, 4};
	sl_kit_text_style st = sl_kit_style(c, 10.5, 1);
	st.anchor = SL_KIT_LEFT | SL_KIT_BOTTOM;
	st.condensed = 1;
	st.max_width = 160;
	for (int f = 0; f < ch->nflags; f++) {
		double x;
		if (ch->flags[f].at < 0 || ch->flags[f].at >= ch->npoints)
			continue;
		x = bx(first, ch->flags[f].at);
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, x, first->y0 - 2);
		cairo_line_to(cr, x, last->y0 + last->h);
		sl_kit_set(c, c->pal.accent);
		cairo_set_line_width(cr, 1.3);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		/* a small pennant at the top with the label */
		cairo_move_to(cr, x, first->y0 + 1);
		cairo_line_to(cr, x + 9, first->y0 + 5);
		cairo_line_to(cr, x, first->y0 + 9);
		cairo_close_path(cr);
		cairo_fill(cr);
		if (ch->flags[f].label) {
			int left = x + 11 + st.max_width > first->x0 + first->w;   /* near the right edge */
			st.colour = c->pal.accent;
			st.halo = 1;
			st.anchor = (left ? SL_KIT_RIGHT : SL_KIT_LEFT) | SL_KIT_TOP;
			sl_kit_text(c, left ? x - 4 : x + 11, first->y0 + 2 + (f % 3) * 13, ch->flags[f].label, &st);
		}
	}
}

static void draw_legend(sl_kit_canvas *c, const sl_series_chart *ch)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, 13, 0);
	double x = S_LEFT, y = S_TITLE_H + S_LEGEND_H / 2 + 2;
	st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
	for (int s = 0; s < ch->nseries; s++) {
		sl_kit_round_rect(c, x, y - 6, 22, 12, 3);
		sl_kit_set(c, sl_kit_rgb_hex(ch->series_colour[s]));
		cairo_fill(cr);
		x += 30 + sl_kit_text(c, x + 28, y, ch->series_name[s] ? ch->series_name[s] : "?", &st) + 18;
	}
	if (ch->nflags) {
		static const double dash[] = {5, 4};
		cairo_set_dash(cr, dash, 2, 0);
		cairo_move_to(cr, x + 6, y - 8);
		cairo_line_to(cr, x + 6, y + 8);
		sl_kit_set(c, c->pal.accent);
		cairo_set_line_width(cr, 1.3);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		st.colour = c->pal.muted;
		sl_kit_text(c, x + 16, y, "bookmark", &st);
	}
}

static void paint(sl_kit_canvas *c, const sl_series_chart *ch)
{
	box first, last;
	int bars = 0;
	sl_kit_text_style st;
	for (int p = 0; p < ch->npanels; p++)
		bars |= ch->panels[p].style == SL_CHART_BAR;
	sl_kit_title_bar(c, S_TITLE_H, ch->title ? ch->title : "", NULL, ch->subtitle);
	draw_legend(c, ch);
	memset(&first, 0, sizeof first);
	memset(&last, 0, sizeof last);
	for (int p = 0; p < ch->npanels; p++) {
		box b;
		b.x0 = S_LEFT + 8;
		b.w = c->width - S_LEFT - S_RIGHT - 16;
		b.y0 = S_TITLE_H + S_LEGEND_H + S_PANEL_GAP * 0.75 + p * (S_PANEL_H + S_PANEL_GAP);
		b.h = S_PANEL_H;
		b.n = ch->npoints;
		b.bars = bars;   /* one x layout for every panel, so they line up */
		draw_axes(c, ch, &ch->panels[p], &b);
		draw_ticks(c, ch, &b, 1);
		draw_series(c, ch, &ch->panels[p], &b);
		if (p == 0)
			first = b;
		last = b;
	}
	if (ch->npanels)
		draw_flags(c, ch, &first, &last);
	st = sl_kit_style(c, 11.5, 0);
	st.colour = c->pal.muted;
	st.anchor = SL_KIT_RIGHT | SL_KIT_TOP;
	if (ch->npanels)
		sl_kit_text(c, last.x0 + last.w, last.y0 + last.h + 24,
			ch->x_label ? ch->x_label : "turn", &st);
}

/* paint() for sl_kit_figure_to_mem */
static void paint_fig(sl_kit_canvas *c, const void *ud)
{
	paint(c, ud);
}


int sl_series_chart_to_mem(sl_format fmt, const sl_series_chart *ch, int width, int theme,
	unsigned char **out, size_t *out_len, sl_error *err)
{
	int nw, nh, w, h;
	double sc;
	*out = NULL;
	*out_len = 0;
	if (!ch || ch->npoints < 1 || ch->npanels < 1 || ch->nseries < 1)
		return sl_error_set(err, SL_EUSAGE, "chart: nothing to draw");
	sl_series_chart_size(ch, &nw, &nh);
	w = width > 0 ? width : nw;
	if (w > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE, "chart: width %d is over %d pixels", w,
			SL_RENDER_MAX_SIDE);
	sc = (double)w / nw;
	h = (int)(nh * sc + 0.5);
	if (h < 1)
		h = 1;
	if (h > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE, "chart: %d panels make it %d pixels high (at most %d)",
			ch->npanels, h, SL_RENDER_MAX_SIDE);
	return sl_kit_figure_to_mem(fmt, nw, nh, w, h, theme, paint_fig, ch, out, out_len, err);
}

int sl_series_chart_to_file(const char *path, sl_format fmt, const sl_series_chart *ch, int width,
	int theme, sl_error *err)
{
	unsigned char *p;
	size_t n;
	int rc = sl_series_chart_to_mem(fmt, ch, width, theme, &p, &n, err);
	if (rc)
		return rc;
	rc = sl_write_file_atomic(path, p, n, err);
	sl_free(p);
	return rc;
}
