/* banner.c - the result banner the driver draws over the final board of any
 * game, in a band below the board (nothing drawn is hidden): the game's
 * own result hook (sl_game.result) says whether it is over
 * and in one sentence who won, how and the score; every frame whose state
 * is over gets it, whatever the painter (PNG, SVG, PDF, the report, the
 * viewer's last step, the last frame of an animation). */
#include "kit.h"

#include <string.h>

int sl_kit_result_text(const sl_frame *fr, sl_buf *out)
{
	int over;
	if (!fr || !fr->game || !fr->state || !fr->header || !fr->game->result)
		return 0;
	over = fr->game->result(fr->state, fr->header, out) == 1;
	return out->failed ? SL_ENOMEM : over;
}

/* The sentence in two: the headline up to the first ": " (who won, how),
 * the detail after it (the score); no ": ", all of it is the headline. */
static void split(const char *s, char *head, size_t nh, const char **detail)
{
	const char *colon = strstr(s, ": ");
	size_t n = colon ? (size_t)(colon - s) : strlen(s);
	if (n >= nh)
		n = nh - 1;
	memcpy(head, s, n);
	head[n] = 0;
	if (head[0] >= 'a' && head[0] <= 'z')   /* a sentence on its own */
		head[0] = (char)(head[0] - 'a' + 'A');
	*detail = colon ? colon + 2 : "";
}

/* Sizes in canvas units, from the board's width (boards run 400..1600 wide). */
static double band_font(double width)
{
	double f = width / 62.0;
	return f < 11 ? 11 : f > 20 ? 20 : f;
}

int sl_kit_band_height(const sl_frame *fr, const sl_render_opts *o, int width, double *h)
{
	sl_buf t;
	int over;
	*h = 0;
	if (!fr || !fr->game || !fr->game->result)
		return SL_OK;
	if (o && o->keep_band) {
		*h = band_font(width) * 3.9;
		return SL_OK;
	}
	sl_buf_init(&t);
	over = sl_kit_result_text(fr, &t);
	sl_buf_free(&t);
	if (over < 0)
		return over;
	*h = over ? band_font(width) * 3.9 : 0;
	return SL_OK;
}

void sl_kit_result_box(const sl_kit_canvas *c, double y0, double band, double box[4])
{
	double f = band_font(c->width);
	box[0] = f;
	box[1] = y0 + f * 0.45;
	box[2] = c->width - 2 * f;
	box[3] = band - f * 0.9;
}

int sl_kit_result_band(sl_kit_canvas *c, const sl_frame *fr, double y0, double band,
	sl_error *err)
{
	sl_buf t;
	char head[256];
	const char *detail;
	sl_kit_text_style hs, ds, ts;
	double box[4], x, y, w, h, f = band_font(c->width), pad = f * 0.8, tagw = f * 4.6, tx, hw, hh;
	int rc = SL_OK;
	if (band <= 0)
		return SL_OK;
	sl_buf_init(&t);
	if ((rc = sl_kit_result_text(fr, &t)) <= 0) {
		if (rc < 0)
			sl_error_set(err, rc, "render: out of memory reading the result");
		goto out;
	}
	rc = SL_OK;
	sl_kit_result_box(c, y0, band, box);
	x = box[0], y = box[1], w = box[2], h = box[3];
	split(sl_buf_cstr(&t), head, sizeof head, &detail);
	cairo_save(c->cr);
	sl_kit_round_rect(c, x, y, w, h, f * 0.5);
	sl_kit_set(c, c->pal.bar_bg);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, c->pal.accent);
	cairo_set_line_width(c->cr, 2);
	cairo_stroke(c->cr);
	/* the tag that names the band for what it is */
	sl_kit_round_rect(c, x + pad, y + h / 2 - f * 0.7, tagw, f * 1.4, f * 0.7);
	cairo_fill(c->cr);
	ts = sl_kit_style(c, f * 0.7, 1);
	ts.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
	ts.colour = sl_kit_contrast(c->pal.accent);
	sl_kit_text(c, x + pad + tagw / 2, y + h / 2, "RESULT", &ts);
	tx = x + pad + tagw + f * 0.8;
	hs = sl_kit_style(c, f, 1);
	ds = sl_kit_style(c, f * 0.78, 0);
	hs.colour = c->pal.bar_ink;
	ds.colour = c->pal.bar_muted;
	hs.max_width = ds.max_width = x + w - pad - tx;
	sl_kit_text_extent(c, head, &hs, &hw, &hh);
	if (*detail) {
		double dw, dh;
		sl_kit_text_extent(c, detail, &ds, &dw, &dh);
		hs.anchor = ds.anchor = SL_KIT_LEFT | SL_KIT_TOP;
		sl_kit_text(c, tx, y + (h - hh - dh) / 2, head, &hs);
		sl_kit_text(c, tx, y + (h - hh - dh) / 2 + hh, detail, &ds);
	} else {
		hs.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
		sl_kit_text(c, tx, y + h / 2, head, &hs);
	}
	cairo_restore(c->cr);
out:
	sl_buf_free(&t);
	return rc;
}
