/* kit.c - the shared drawing kit: canvas, palette, pinned text, hex grid,
 * terrain, pieces, hulls, title bar, legend, wind rose. */
#include "kit.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define SQRT3 1.7320508075688772

/* ---- colours ------------------------------------------------------------------- */

sl_kit_rgb sl_kit_rgb_hex(uint32_t v)
{
	sl_kit_rgb c = { ((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0 };
	return c;
}

sl_kit_rgb sl_kit_mix(sl_kit_rgb a, sl_kit_rgb b, double t)
{
	sl_kit_rgb c = { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
	return c;
}

double sl_kit_luma(sl_kit_rgb c)
{
	return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

sl_kit_rgb sl_kit_contrast(sl_kit_rgb c)
{
	return sl_kit_luma(c) > 0.45 ? sl_kit_rgb_hex(0x111111) : sl_kit_rgb_hex(0xffffff);
}

void sl_kit_palette_for(int theme, sl_kit_palette *p)
{
	if (theme == SL_THEME_DARK) {
		p->bg = sl_kit_rgb_hex(0x14181f);
		p->ink = sl_kit_rgb_hex(0xe8ecf1);
		p->muted = sl_kit_rgb_hex(0x9aa6b4);
		p->halo = sl_kit_rgb_hex(0x0d1117);
		p->grid = sl_kit_rgb_hex(0x3d5a78);
		p->sea = sl_kit_rgb_hex(0x1b3a5c);
		p->shoal = sl_kit_rgb_hex(0x3f86a8);
		p->land = sl_kit_rgb_hex(0x6b7a4a);
		p->land_edge = sl_kit_rgb_hex(0x9c8a5c);
		p->bar_bg = sl_kit_rgb_hex(0x0b0e13);
		p->bar_ink = sl_kit_rgb_hex(0xf2f4f7);
		p->bar_muted = sl_kit_rgb_hex(0xa9b4c2);
		p->panel_bg = sl_kit_rgb_hex(0x1e242d);
		p->panel_edge = sl_kit_rgb_hex(0x3a4452);
		p->accent = sl_kit_rgb_hex(0xffb020);
		p->danger = sl_kit_rgb_hex(0xff5a4e);
		p->warn = sl_kit_rgb_hex(0xd7a1ff);
	} else {
		p->bg = sl_kit_rgb_hex(0xf4f1e8);
		p->ink = sl_kit_rgb_hex(0x1a1d22);
		p->muted = sl_kit_rgb_hex(0x5b6570);
		p->halo = sl_kit_rgb_hex(0xffffff);
		p->grid = sl_kit_rgb_hex(0x5f88ad);
		p->sea = sl_kit_rgb_hex(0x8fb8dc);
		p->shoal = sl_kit_rgb_hex(0xc8ecf4);
		p->land = sl_kit_rgb_hex(0xb9c98a);
		p->land_edge = sl_kit_rgb_hex(0xe3cf98);
		p->bar_bg = sl_kit_rgb_hex(0x1f2a38);
		p->bar_ink = sl_kit_rgb_hex(0xffffff);
		p->bar_muted = sl_kit_rgb_hex(0xc3cfdc);
		p->panel_bg = sl_kit_rgb_hex(0xffffff);
		p->panel_edge = sl_kit_rgb_hex(0xb9b3a3);
		p->accent = sl_kit_rgb_hex(0xe8590c);
		p->danger = sl_kit_rgb_hex(0xc92a2a);
		p->warn = sl_kit_rgb_hex(0x7048e8);
	}
}

/* ---- canvas -------------------------------------------------------------------- */

int sl_kit_canvas_init(sl_kit_canvas *c, cairo_t *cr, int width, int height, int theme)
{
	memset(c, 0, sizeof *c);
	c->cr = cr;
	c->width = width;
	c->height = height;
	c->theme = theme;
	sl_kit_palette_for(theme, &c->pal);
	c->fopts = cairo_font_options_create();
	if (cairo_font_options_status(c->fopts) != CAIRO_STATUS_SUCCESS) {
		cairo_font_options_destroy(c->fopts);
		c->fopts = NULL;
		return SL_ENOMEM;
	}
	cairo_font_options_set_antialias(c->fopts, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(c->fopts, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(c->fopts, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_subpixel_order(c->fopts, CAIRO_SUBPIXEL_ORDER_DEFAULT);
	cairo_set_font_options(cr, c->fopts);
	c->pctx = pango_cairo_create_context(cr);
	if (!c->pctx) {
		sl_kit_canvas_fini(c);
		return SL_ENOMEM;
	}
	pango_cairo_context_set_font_options(c->pctx, c->fopts);
	pango_cairo_context_set_resolution(c->pctx, 96.0);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_get_matrix(cr, &c->base);
	sl_kit_zone_reset(c);
	return SL_OK;
}

static void free_keys(char **k, int n)
{
	for (int i = 0; i < n; i++)
		sl_free(k[i]);
	sl_free(k);
}

static void layouts_free(sl_kit_canvas *c);
static void layouts_trim(sl_kit_canvas *c);

void sl_kit_begin(sl_kit_canvas *c)
{
	layouts_trim(c);
	for (int i = 0; i < c->marks.nused; i++)
		sl_free(c->marks.used[i]);
	for (int i = 0; i < c->marks.nlisted; i++)
		sl_free(c->marks.listed[i]);
	c->marks.n = c->marks.nused = c->marks.nlisted = 0;
	c->marks.failed = 0;
	cairo_get_matrix(c->cr, &c->base);
	sl_kit_zone_reset(c);
}

int sl_kit_status(const sl_kit_canvas *c, int rc, sl_error *err)
{
	if (rc >= 0 && c->marks.failed)
		return sl_error_set(err, SL_ENOMEM, "render: out of memory placing the labels");
	return rc;
}

void sl_kit_canvas_fini(sl_kit_canvas *c)
{
	layouts_free(c);
	sl_free(c->marks.m);
	free_keys(c->marks.used, c->marks.nused);
	free_keys(c->marks.listed, c->marks.nlisted);
	memset(&c->marks, 0, sizeof c->marks);
	if (c->pctx)
		g_object_unref(c->pctx);
	if (c->fopts)
		cairo_font_options_destroy(c->fopts);
	c->pctx = NULL;
	c->fopts = NULL;
}

void sl_kit_set(sl_kit_canvas *c, sl_kit_rgb k)
{
	cairo_set_source_rgb(c->cr, k.r, k.g, k.b);
}

void sl_kit_set_a(sl_kit_canvas *c, sl_kit_rgb k, double a)
{
	cairo_set_source_rgba(c->cr, k.r, k.g, k.b, a);
}

void sl_kit_clear(sl_kit_canvas *c)
{
	sl_kit_set(c, c->pal.bg);
	cairo_rectangle(c->cr, 0, 0, c->width, c->height);
	cairo_fill(c->cr);
}

void sl_kit_round_rect(sl_kit_canvas *c, double x, double y, double w, double h, double r)
{
	cairo_t *cr = c->cr;
	if (r > w / 2)
		r = w / 2;
	if (r > h / 2)
		r = h / 2;
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
	cairo_close_path(cr);
}

/* ---- marks: every label box drawn --------------------------------------------- */

/* A point of the current user space in canvas units. */
static void to_canvas(sl_kit_canvas *c, double *x, double *y)
{
	cairo_matrix_t inv = c->base;
	cairo_user_to_device(c->cr, x, y);
	if (cairo_matrix_invert(&inv) == CAIRO_STATUS_SUCCESS)
		cairo_matrix_transform_point(&inv, x, y);
}

static int grow_marks(sl_kit_marks *m)
{
	int nc;
	sl_kit_mark *nm;
	if (m->n < m->cap)
		return 0;
	nc = m->cap ? m->cap * 2 : 64;
	if (!(nm = sl_realloc(m->m, (size_t)nc * sizeof *nm))) {
		m->failed = 1;
		return -1;
	}
	m->m = nm;
	m->cap = nc;
	return 0;
}

void sl_kit_mark_box(sl_kit_canvas *c, int kind, double x0, double y0, double x1, double y1,
	const char *what)
{
	double xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
	sl_kit_mark *k;
	if (grow_marks(&c->marks) < 0)
		return;
	k = &c->marks.m[c->marks.n++];
	memset(k, 0, sizeof *k);
	k->box.x0 = k->box.y0 = 1e30;
	k->box.x1 = k->box.y1 = -1e30;
	for (int i = 0; i < 4; i++) {
		to_canvas(c, &xs[i], &ys[i]);
		if (xs[i] < k->box.x0) k->box.x0 = xs[i];
		if (ys[i] < k->box.y0) k->box.y0 = ys[i];
		if (xs[i] > k->box.x1) k->box.x1 = xs[i];
		if (ys[i] > k->box.y1) k->box.y1 = ys[i];
	}
	k->zone = c->zone;
	memcpy(k->hex, c->zone_hex, sizeof k->hex);
	k->kind = kind;
	snprintf(k->what, sizeof k->what, "%s", what ? what : "");
}

void sl_kit_keep(sl_kit_canvas *c, double x0, double y0, double x1, double y1)
{
	sl_kit_mark_box(c, SL_KIT_MARK_KEEP, x0, y0, x1, y1, "(piece)");
}

void sl_kit_keep_disc(sl_kit_canvas *c, double cx, double cy, double r)
{
	/* the square inside the disc: a label may touch its rim, not cover it */
	double h = r * 0.8;
	sl_kit_keep(c, cx - h, cy - h, cx + h, cy + h);
}

void sl_kit_zone(sl_kit_canvas *c, double x0, double y0, double x1, double y1)
{
	c->zone.x0 = x0;
	c->zone.y0 = y0;
	c->zone.x1 = x1;
	c->zone.y1 = y1;
}

void sl_kit_zone_reset(sl_kit_canvas *c)
{
	sl_kit_zone(c, 0, 0, c->width, c->height);
	sl_kit_zone_hex(c, 0, 0, 0);
}

void sl_kit_zone_hex(sl_kit_canvas *c, double cx, double cy, double r)
{
	c->zone_hex[0] = cx;
	c->zone_hex[1] = cy;
	c->zone_hex[2] = r;
}

int sl_kit_box_in_hex(const sl_kit_box *a, double cx, double cy, double r)
{
	double xs[2] = {a->x0, a->x1}, ys[2] = {a->y0, a->y1};
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 2; j++) {
			double dx = fabs(xs[i] - cx), dy = fabs(ys[j] - cy);
			if (dy > SQRT3 / 2 * r + 0.5 || dx > r - dy / SQRT3 + 0.5)
				return 0;
		}
	return 1;
}

static void add_key(char ***keys, int *n, int *cap, int *failed, const char *key)
{
	if (!key || !*key)
		return;
	for (int i = 0; i < *n; i++)
		if (strcmp((*keys)[i], key) == 0)
			return;
	if (*n == *cap) {
		int nc = *cap ? *cap * 2 : 16;
		char **nk = sl_realloc(*keys, (size_t)nc * sizeof *nk);
		if (!nk) {
			*failed = 1;
			return;
		}
		*keys = nk;
		*cap = nc;
	}
	if (!((*keys)[*n] = sl_strdup(key))) {
		*failed = 1;
		return;
	}
	(*n)++;
}

void sl_kit_uses(sl_kit_canvas *c, const char *key)
{
	add_key(&c->marks.used, &c->marks.nused, &c->marks.capused, &c->marks.failed, key);
}

void sl_kit_lists(sl_kit_canvas *c, const char *key)
{
	add_key(&c->marks.listed, &c->marks.nlisted, &c->marks.caplisted, &c->marks.failed, key);
}

int sl_kit_box_overlap(const sl_kit_box *a, const sl_kit_box *b)
{
	double w = (a->x1 < b->x1 ? a->x1 : b->x1) - (a->x0 > b->x0 ? a->x0 : b->x0);
	double h = (a->y1 < b->y1 ? a->y1 : b->y1) - (a->y0 > b->y0 ? a->y0 : b->y0);
	return w > 0.5 && h > 0.5;
}

int sl_kit_box_inside(const sl_kit_box *a, const sl_kit_box *z)
{
	return a->x0 >= z->x0 - 0.5 && a->y0 >= z->y0 - 0.5 && a->x1 <= z->x1 + 0.5 &&
	       a->y1 <= z->y1 + 0.5;
}

/* ---- text ---------------------------------------------------------------------- */

sl_kit_text_style sl_kit_style(const sl_kit_canvas *c, double size, int bold)
{
	sl_kit_text_style st;
	memset(&st, 0, sizeof st);
	st.size = size;
	st.bold = bold;
	st.colour = c->pal.ink;
	return st;
}

static PangoLayout *new_layout(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st)
{
	PangoLayout *l;
	PangoFontDescription *fd;
	l = pango_layout_new(c->pctx);
	if (!l)
		return NULL;
	fd = pango_font_description_new();
	pango_font_description_set_family_static(fd, SL_KIT_FONT);
	pango_font_description_set_weight(fd, st->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd, st->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_font_description_set_stretch(fd, st->condensed ? PANGO_STRETCH_CONDENSED
	                                                     : PANGO_STRETCH_NORMAL);
	pango_font_description_set_absolute_size(fd, st->size * PANGO_SCALE);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_single_paragraph_mode(l, TRUE);
	if (st->max_width > 0) {
		pango_layout_set_width(l, (int)(st->max_width * PANGO_SCALE));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	}
	{   /* a log's text is shown, never obeyed: no bidi override reorders it */
		sl_buf safe;
		sl_buf_init(&safe);
		pango_layout_set_text(l, s ? sl_text_safe_cstr(s, &safe) : "", -1);
		sl_buf_free(&safe);
	}
	return l;
}

/* The layouts of a canvas, kept from one text to the next: a canvas kept
 * from frame to frame (render/seq.c) draws the same labels, legends and
 * titles again, and laying them out was a tenth of an animation's CPU. A
 * layout depends on its text, the style's size, weight, slant, width and
 * max_width, and the context; pango lays a kept layout out again by itself
 * when the context has changed (another transform), so a kept layout draws
 * exactly what a new one would. */
#define LAYOUT_SLOTS 512      /* a power of 2 */
#define LAYOUT_MAX 384        /* kept at most; all let go at the next frame */
typedef struct kit_layout {
	char *s;              /* NULL: an empty slot */
	double size, max_width;
	int bold, italic, condensed;
	PangoLayout *l;
} kit_layout;
struct sl_kit_layouts {
	kit_layout e[LAYOUT_SLOTS];
	int n;
	/* the transform and the context's serial at the last update of the
	 * context: pango_cairo_update_context marks the context changed on
	 * every call, which would lay every kept layout out again */
	int updated;
	cairo_matrix_t m;
	guint serial;
};

static void layouts_clear(struct sl_kit_layouts *k)
{
	for (int i = 0; i < LAYOUT_SLOTS; i++)
		if (k->e[i].s) {
			sl_free(k->e[i].s);
			g_object_unref(k->e[i].l);
		}
	memset(k, 0, sizeof *k);
}

static void layouts_free(sl_kit_canvas *c)
{
	if (!c->layouts)
		return;
	layouts_clear(c->layouts);
	sl_free(c->layouts);
	c->layouts = NULL;
}

/* At a new frame: a canvas that keeps as many as it may lets them go. */
static void layouts_trim(sl_kit_canvas *c)
{
	if (c->layouts && c->layouts->n >= LAYOUT_MAX)
		layouts_free(c);
}

/* The layout of s in st on c, kept by the canvas (*own 0) or, when it
 * cannot be kept, the caller's to unref (*own 1). */
static PangoLayout *make_layout(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st, int *own)
{
	struct sl_kit_layouts *k;
	PangoLayout *l;
	const char *t = s ? s : "";
	size_t n = strlen(t);
	uint64_t h;
	uint32_t i;
	cairo_matrix_t m;
	*own = 1;
	if (!c->layouts && !(c->layouts = sl_calloc(1, sizeof *c->layouts))) {
		pango_cairo_update_context(c->cr, c->pctx);
		return new_layout(c, s, st);
	}
	k = c->layouts;
	/* the context as the update would leave it: it depends on the linear
	 * part of the transform (and the font options, the canvas's own), and
	 * nothing else has changed it since */
	cairo_get_matrix(c->cr, &m);
	if (!k->updated || k->serial != pango_context_get_serial(c->pctx) || m.xx != k->m.xx ||
	    m.xy != k->m.xy || m.yx != k->m.yx || m.yy != k->m.yy) {
		pango_cairo_update_context(c->cr, c->pctx);
		k->updated = 1;
		k->m = m;
		k->serial = pango_context_get_serial(c->pctx);
	}
	h = sl_hash64(t, n);
	h = sl_hash64_update(h, &st->size, sizeof st->size);
	h = sl_hash64_update(h, &st->max_width, sizeof st->max_width);
	h ^= (uint64_t)(st->bold != 0) | (uint64_t)(st->italic != 0) << 1 | (uint64_t)(st->condensed != 0) << 2;
	for (i = (uint32_t)(h * 0x9e3779b97f4a7c15ull >> 40) & (LAYOUT_SLOTS - 1); k->e[i].s;
	     i = (i + 1) & (LAYOUT_SLOTS - 1)) {
		const kit_layout *e = &k->e[i];
		if (e->size == st->size && e->max_width == st->max_width && e->bold == (st->bold != 0) &&
		    e->italic == (st->italic != 0) && e->condensed == (st->condensed != 0) &&
		    strcmp(e->s, t) == 0) {
			*own = 0;
			return e->l;
		}
	}
	if (!(l = new_layout(c, s, st)))
		return NULL;
	/* full: not kept (sl_kit_begin lets them all go, when no caller holds
	 * one) */
	if (k->n >= LAYOUT_MAX || !(k->e[i].s = sl_malloc(n + 1)))
		return l;
	memcpy(k->e[i].s, t, n + 1);
	k->e[i].size = st->size;
	k->e[i].max_width = st->max_width;
	k->e[i].bold = st->bold != 0;
	k->e[i].italic = st->italic != 0;
	k->e[i].condensed = st->condensed != 0;
	k->e[i].l = l;
	k->n++;
	*own = 0;
	return l;
}

static void layout_done(PangoLayout *l, int own)
{
	if (own)
		g_object_unref(l);
}

/* The ink rectangle of l into *ink; returns its left edge in canvas units. */
static double ink_x(PangoLayout *l, PangoRectangle *ink)
{
	pango_layout_get_extents(l, ink, NULL);
	return (double)ink->x / PANGO_SCALE;
}

static void layout_size(PangoLayout *l, double *w, double *h)
{
	PangoRectangle ink, logical;
	pango_layout_get_extents(l, &ink, &logical);
	*w = (double)logical.width / PANGO_SCALE;
	*h = (double)logical.height / PANGO_SCALE;
}

void sl_kit_text_extent(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st,
	double *w, double *h)
{
	int own;
	PangoLayout *l = make_layout(c, s, st, &own);
	*w = *h = 0;
	if (!l)
		return;
	layout_size(l, w, h);
	layout_done(l, own);
}

/* For an SVG with <text>: s cut after as many characters as fit max_width
 * with an ellipsis, as a layout that draws it whole (what pango's own
 * ellipsis draws, in a form whose characters are known). */
static PangoLayout *ellipsized_copy(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st,
	int *own)
{
	sl_kit_text_style m = *st;
	size_t len = strlen(s);
	char *buf = sl_malloc(len + 4);
	PangoLayout *l = NULL;
	m.max_width = 0;
	*own = 1;
	if (!buf)
		return NULL;
	while (len > 0) {
		double w, h;
		do   /* back to a character boundary */
			len--;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80);
		memcpy(buf, s, len);
		memcpy(buf + len, "\u2026", 4);
		sl_kit_text_extent(c, buf, &m, &w, &h);
		if (w <= st->max_width)
			break;
	}
	if (len == 0)
		memcpy(buf, "\u2026", 4);
	l = make_layout(c, buf, &m, own);
	sl_free(buf);
	return l;
}

double sl_kit_text(sl_kit_canvas *c, double x, double y, const char *s,
	const sl_kit_text_style *st)
{
	cairo_t *cr = c->cr;
	PangoLayout *l;
	double w, h;
	int ha = st->anchor & 3, va = st->anchor & 12, own;
	if (!s || !*s)
		return 0;
	l = make_layout(c, s, st, &own);
	if (!l)
		return 0;
	layout_size(l, &w, &h);
	if (ha == SL_KIT_CENTER)
		x -= w / 2;
	else if (ha == SL_KIT_RIGHT)
		x -= w;
	if (va == SL_KIT_MIDDLE)
		y -= h / 2;
	else if (va == SL_KIT_BOTTOM)
		y -= h;
	cairo_save(cr);
	{
		PangoRectangle ink;
		double pad = st->halo ? st->size * 0.14 + 1.0 : 0;
		double bx = x + (double)ink_x(l, &ink) - pad, by = y + (double)ink.y / PANGO_SCALE - pad;
		double bw = (double)ink.width / PANGO_SCALE + 2 * pad;
		double bh = (double)ink.height / PANGO_SCALE + 2 * pad;
		if (st->halo) {
			/* a plate behind the ink: reads on any ground, and is a box (a
			 * stroked outline of every glyph weighed 20 times more in SVG) */
			sl_kit_round_rect(c, bx, by, bw, bh, pad * 1.2);
			sl_kit_set_a(c, c->pal.halo, 0.8);
			cairo_fill(cr);
		}
		if (c->nest == 0 && ink.width > 0)
			sl_kit_mark_box(c, c->text_kind ? c->text_kind : SL_KIT_MARK_LABEL, bx, by,
				bx + bw, by + bh, s);
	}
	if (c->svg && pango_layout_is_ellipsized(l)) {
		/* the <text> must say what is drawn: the cut made here */
		int cown;
		PangoLayout *cut = ellipsized_copy(c, s, st, &cown);
		if (cut) {
			layout_done(l, own);
			l = cut;
			own = cown;
		}
	}
	cairo_move_to(cr, x, y);
	sl_kit_set(c, st->colour);
	pango_cairo_show_layout(cr, l);
	if (c->svg)
		sl_svg_texts_add(c->svg, cr, l, x, y, pango_layout_get_text(l), st->size, st->bold,
			st->italic, st->condensed);
	cairo_restore(cr);
	layout_done(l, own);
	return w;
}

double sl_kit_text_fit(sl_kit_canvas *c, double x, double y, const char *s,
	const sl_kit_text_style *st, double min_size)
{
	sl_kit_text_style t = *st;
	double w, h;
	if (!s || !*s || st->max_width <= 0)
		return sl_kit_text(c, x, y, s, st);
	t.max_width = 0;
	sl_kit_text_extent(c, s, &t, &w, &h);
	if (w > st->max_width) {
		t.condensed = 1;
		sl_kit_text_extent(c, s, &t, &w, &h);
		/* the size that fits, in half points, kept at or above min_size */
		while (w > st->max_width && t.size - 0.5 >= min_size) {
			t.size -= 0.5;
			sl_kit_text_extent(c, s, &t, &w, &h);
		}
	}
	t.max_width = st->max_width;   /* what still does not fit is cut */
	return sl_kit_text(c, x, y, s, &t);
}

void sl_kit_tag(sl_kit_canvas *c, double x, double y, const char *s, double size, sl_kit_rgb bg)
{
	sl_kit_text_style st = sl_kit_style(c, size, 1);
	double w, h, pad = size * 0.35;
	sl_kit_text_extent(c, s, &st, &w, &h);
	sl_kit_round_rect(c, x - w / 2 - pad, y - h / 2, w + 2 * pad, h, h / 2);
	sl_kit_set(c, bg);
	cairo_fill_preserve(c->cr);
	sl_kit_set_a(c, sl_kit_contrast(bg), 0.6);
	cairo_set_line_width(c->cr, 1.0);
	cairo_stroke(c->cr);
	if (c->nest == 0)
		sl_kit_mark_box(c, SL_KIT_MARK_LABEL, x - w / 2 - pad, y - h / 2, x + w / 2 + pad,
			y + h / 2, s);
	st.colour = sl_kit_contrast(bg);
	st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
	c->nest++;
	sl_kit_text(c, x, y, s, &st);
	c->nest--;
}

/* ---- the label placer ------------------------------------------------------------ */

/* Overlap area of box b with every label and keep marked so far. */
static double crowding(const sl_kit_canvas *c, const sl_kit_box *b, int *hits)
{
	double area = 0;
	*hits = 0;
	for (int i = 0; i < c->marks.n; i++) {
		const sl_kit_box *m = &c->marks.m[i].box;
		double w, h;
		if (c->marks.m[i].kind == SL_KIT_MARK_FRAME || c->marks.m[i].kind == SL_KIT_MARK_GROUND)
			continue;
		w = (b->x1 < m->x1 ? b->x1 : m->x1) - (b->x0 > m->x0 ? b->x0 : m->x0);
		h = (b->y1 < m->y1 ? b->y1 : m->y1) - (b->y0 > m->y0 ? b->y0 : m->y0);
		if (w > 0.5 && h > 0.5) {
			area += w * h;
			(*hits)++;
		}
	}
	return area;
}

/* Shifts a w x h box centred at *cx,*cy inside z (as far as it fits). */
static void clamp_into(const sl_kit_box *z, double w, double h, double *cx, double *cy)
{
	if (*cx - w / 2 < z->x0)
		*cx = z->x0 + w / 2;
	if (*cx + w / 2 > z->x1)
		*cx = z->x1 - w / 2 > z->x0 + w / 2 ? z->x1 - w / 2 : (z->x0 + z->x1) / 2;
	if (*cy - h / 2 < z->y0)
		*cy = z->y0 + h / 2;
	if (*cy + h / 2 > z->y1)
		*cy = z->y1 - h / 2 > z->y0 + h / 2 ? z->y1 - h / 2 : (z->y0 + z->y1) / 2;
}

/* The zone a placed label must stay in, in canvas units: `within` (or the
 * current zone) cut to the canvas. */
static sl_kit_box place_zone(const sl_kit_canvas *c, const sl_kit_place *pl)
{
	sl_kit_box z = pl->within ? *pl->within : c->zone;
	if (z.x0 < 0) z.x0 = 0;
	if (z.y0 < 0) z.y0 = 0;
	if (z.x1 > c->width) z.x1 = c->width;
	if (z.y1 > c->height) z.y1 = c->height;
	return z;
}

static int leader_far(const sl_kit_place *pl, double cx, double cy, double w, double h);

/* The centre of a w x h label around pl's anchor: candidates ring by ring
 * (8 sides at the anchor's gap, then 16 further out), the side asked for
 * first; the first free one, else the least crowded. Returns 0 free, 1 not. */
static int place_find(const sl_kit_canvas *c, const sl_kit_place *pl, double w, double h,
	double *ox, double *oy)
{
	static const double first8[4][8] = {   /* angles in quarter turns, by pl->first */
		{1, 0, 2, 3, 0.5, 1.5, 3.5, 2.5}, {0, 1, 3, 2, 0.5, 3.5, 1.5, 2.5},
		{3, 0, 2, 1, 3.5, 2.5, 0.5, 1.5}, {2, 1, 3, 0, 1.5, 2.5, 0.5, 3.5}};
	sl_kit_box z = place_zone(c, pl);
	double step = h * 0.75 > 4 ? h * 0.75 : 4, reach = pl->reach > 0 ? pl->reach : h * 6;
	double best = 1e300;
	int rings = (int)(reach / step) + 1, start = pl->first >= 0 && pl->first < 4 ? pl->first : 0;
	*ox = pl->x;
	*oy = pl->y;
	for (int k = pl->first == SL_KIT_PL_CENTER ? -1 : 0; k <= rings; k++) {
		int nd = k < 0 ? 1 : k == 0 ? 8 : 16;
		double d = pl->gap + (k > 0 ? k * step : 0);
		for (int j = 0; j < nd; j++) {
			double q = k == 0 ? first8[start][j] : first8[start][0] + j * 0.25;
			double a = q * M_PI / 2, cx = pl->x, cy = pl->y, area;
			sl_kit_box b;
			int hits;
			if (k >= 0) {
				double ca = cos(a), sa = sin(a);
				cx += ca * (d + w / 2 * fabs(ca));
				cy += sa * (d + h / 2 * fabs(sa));
				if (fabs(ca) < 1e-9)
					cx = pl->x;
			}
			clamp_into(&z, w, h, &cx, &cy);
			b.x0 = cx - w / 2;
			b.y0 = cy - h / 2;
			b.x1 = cx + w / 2;
			b.y1 = cy + h / 2;
			area = crowding(c, &b, &hits);
			if (pl->reject && !leader_far(pl, cx, cy, w, h) && pl->reject(&b, pl->ud)) {
				area += 1e7;   /* it would read as another's */
				hits++;
			}
			if (pl->hr > 0 && !sl_kit_box_in_hex(&b, pl->hx, pl->hy, pl->hr)) {
				area += 1e9;   /* out of its tile: only when nothing else is */
				hits++;
			}
			if (hits == 0) {
				*ox = cx;
				*oy = cy;
				return 0;
			}
			/* the least crowded, nearer ones first among equals */
			if (area + k * 0.01 < best) {
				best = area + k * 0.01;
				*ox = cx;
				*oy = cy;
			}
		}
	}
	return 1;
}

/* 1 when a w x h label centred at cx,cy stands away from pl's anchor (then
 * a leader joins them): more than a label's height beyond the gap. */
static int leader_far(const sl_kit_place *pl, double cx, double cy, double w, double h)
{
	double nx = cx < pl->x - w / 2 ? cx + w / 2 : cx > pl->x + w / 2 ? cx - w / 2 : pl->x;
	double ny = cy < pl->y - h / 2 ? cy + h / 2 : cy > pl->y + h / 2 ? cy - h / 2 : pl->y;
	double dx = nx - pl->x, dy = ny - pl->y;
	return sqrt(dx * dx + dy * dy) > pl->gap + h * 0.9 + 1;
}

/* The leader: a thin line from the anchor's edge to the label's nearest edge. */
static void leader(sl_kit_canvas *c, const sl_kit_place *pl, double cx, double cy, double w,
	double h)
{
	double nx = cx < pl->x - w / 2 ? cx + w / 2 : cx > pl->x + w / 2 ? cx - w / 2 : pl->x;
	double ny = cy < pl->y - h / 2 ? cy + h / 2 : cy > pl->y + h / 2 ? cy - h / 2 : pl->y;
	double dx = nx - pl->x, dy = ny - pl->y, d = sqrt(dx * dx + dy * dy);
	if (d < 1)
		return;
	cairo_move_to(c->cr, pl->x + dx / d * pl->gap, pl->y + dy / d * pl->gap);
	cairo_line_to(c->cr, nx, ny);
	sl_kit_set_a(c, c->pal.muted, 0.9);
	cairo_set_line_width(c->cr, 1.0);
	cairo_stroke(c->cr);
}

static void mark_moved(sl_kit_canvas *c, int from, int moved)
{
	for (int i = from; i < c->marks.n; i++)
		c->marks.m[i].moved = moved;
}

/* A label being placed: the zone (and hex) it is drawn in, kept to put
 * back, and whether it went far enough for a leader line. */
typedef struct placing {
	sl_kit_box keep;
	double khex[3];
	int far;
} placing;

/* Into pl's zone for the label centred at (cx, cy), its leader drawn if far. */
static void place_enter(sl_kit_canvas *c, const sl_kit_place *pl, double cx, double cy, double w,
	double h, placing *p)
{
	p->keep = c->zone;
	memcpy(p->khex, c->zone_hex, sizeof p->khex);
	c->zone = place_zone(c, pl);
	if (pl->hr > 0)
		sl_kit_zone_hex(c, pl->hx, pl->hy, pl->hr);
	p->far = leader_far(pl, cx, cy, w, h);
	if (p->far)
		leader(c, pl, cx, cy, w, h);
}

/* Out again: the marks from `from` on noted as moved, the zone put back,
 * the label's box into out. Returns crowded. */
static int place_leave(sl_kit_canvas *c, const placing *p, int from, double cx, double cy,
	double w, double h, sl_kit_box *out, int crowded)
{
	mark_moved(c, from, p->far);
	c->zone = p->keep;
	memcpy(c->zone_hex, p->khex, sizeof p->khex);
	if (out) {
		out->x0 = cx - w / 2;
		out->y0 = cy - h / 2;
		out->x1 = cx + w / 2;
		out->y1 = cy + h / 2;
	}
	return crowded;
}

int sl_kit_place_text(sl_kit_canvas *c, const sl_kit_place *pl, const char *s,
	const sl_kit_text_style *st, sl_kit_box *out)
{
	sl_kit_text_style t = *st;
	placing pg;
	double cx = pl->x, cy = pl->y, w = 0, h = 0, pad, ix = 0, iy = 0;
	int crowded = 1, from, own;
	PangoLayout *l;
	if (!s || !*s)
		return 0;
	for (;;) {
		PangoRectangle ink;
		if (!(l = make_layout(c, s, &t, &own)))
			return 0;
		ix = ink_x(l, &ink);
		iy = (double)ink.y / PANGO_SCALE;
		layout_done(l, own);
		pad = t.halo ? t.size * 0.14 + 1.0 : 0;
		w = (double)ink.width / PANGO_SCALE + 2 * pad;
		h = (double)ink.height / PANGO_SCALE + 2 * pad;
		crowded = place_find(c, pl, w, h, &cx, &cy);
		if (!crowded || pl->min_size <= 0 || t.size * 0.88 < pl->min_size)
			break;
		t.size *= 0.88;   /* a smaller text before one that covers another */
	}
	if (crowded && pl->must_fit)
		return 1;
	from = c->marks.n;
	place_enter(c, pl, cx, cy, w, h, &pg);
	t.anchor = SL_KIT_LEFT | SL_KIT_TOP;
	sl_kit_text(c, cx - w / 2 + pad - ix, cy - h / 2 + pad - iy, s, &t);
	return place_leave(c, &pg, from, cx, cy, w, h, out, crowded);
}

int sl_kit_place_tag(sl_kit_canvas *c, const sl_kit_place *pl, const char *s, double size,
	sl_kit_rgb bg, sl_kit_box *out)
{
	sl_kit_text_style st = sl_kit_style(c, size, 1);
	placing pg;
	double tw, th, w, h, cx, cy;
	int crowded, from;
	if (!s || !*s)
		return 0;
	for (;;) {
		st.size = size;
		sl_kit_text_extent(c, s, &st, &tw, &th);
		w = tw + 2 * size * 0.35;
		h = th;
		crowded = place_find(c, pl, w, h, &cx, &cy);
		if (!crowded || pl->min_size <= 0 || size * 0.88 < pl->min_size)
			break;
		size *= 0.88;
	}
	if (crowded && pl->must_fit)
		return 1;
	from = c->marks.n;
	place_enter(c, pl, cx, cy, w, h, &pg);
	sl_kit_tag(c, cx, cy, s, size, bg);
	return place_leave(c, &pg, from, cx, cy, w, h, out, crowded);
}

int sl_kit_place_box(sl_kit_canvas *c, const sl_kit_place *pl, double w, double h,
	const char *what, sl_kit_box *out)
{
	placing pg;
	double cx, cy;
	int crowded = place_find(c, pl, w, h, &cx, &cy);
	if (crowded && pl->must_fit)
		return 1;
	place_enter(c, pl, cx, cy, w, h, &pg);
	sl_kit_mark_box(c, SL_KIT_MARK_LABEL, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, what);
	return place_leave(c, &pg, c->marks.n - 1, cx, cy, w, h, out, crowded);
}

/* Lays out n tags of size in rows at most maxw wide: each one's centre
 * offset from the block's top-left into xs, ys; the block's size. */
static void flow_tags(sl_kit_canvas *c, const char *const *s, int n, double size, double maxw,
	double *xs, double *ys, double *bw, double *bh)
{
	sl_kit_text_style st = sl_kit_style(c, size, 1);
	double x = 0, y = 0, row = 0;
	*bw = 0;
	for (int i = 0; i < n; i++) {
		double tw, th, w;
		sl_kit_text_extent(c, s[i], &st, &tw, &th);
		w = tw + 2 * size * 0.35;
		if (row == 0)
			row = th + 2;   /* the tags of a block do not touch */
		if (x > 0 && (maxw <= 0 || x + w > maxw)) {
			x = 0;
			y += row;
		}
		xs[i] = x + w / 2;
		ys[i] = y + th / 2;
		x += w + 3;
		if (x - 3 > *bw)
			*bw = x - 3;
	}
	*bh = y + row - 2;
}

#define MAX_TAGS 64

int sl_kit_place_tags(sl_kit_canvas *c, const sl_kit_place *pl, const char *const *s,
	const sl_kit_rgb *bg, int n, double size, double maxw, sl_kit_box *out)
{
	placing pg;
	double xs[MAX_TAGS], ys[MAX_TAGS], w = 0, h = 0, cx = pl->x, cy = pl->y;
	int crowded = 1, from;
	if (n <= 0)
		return 0;
	if (n > MAX_TAGS)
		n = MAX_TAGS;
	for (;;) {
		flow_tags(c, s, n, size, maxw, xs, ys, &w, &h);
		crowded = place_find(c, pl, w, h, &cx, &cy);
		if (!crowded || pl->min_size <= 0 || size * 0.9 < pl->min_size)
			break;
		size *= 0.9;
		maxw *= 0.9;
	}
	if (crowded && pl->must_fit)
		return 1;
	from = c->marks.n;
	place_enter(c, pl, cx, cy, w, h, &pg);
	for (int i = 0; i < n; i++)
		sl_kit_tag(c, cx - w / 2 + xs[i], cy - h / 2 + ys[i], s[i], size, bg[i]);
	return place_leave(c, &pg, from, cx, cy, w, h, out, crowded);
}

/* ---- hex grid -------------------------------------------------------------------- */

/* Pixel position of an axial hex with unit size, before any offset. */
static void axial_px(sl_hex_orient o, sl_hex h, double *x, double *y)
{
	if (o == SL_HEX_FLAT) {
		*x = 1.5 * h.q;
		*y = SQRT3 * (h.r + h.q / 2.0);
	} else {
		*x = SQRT3 * (h.q + h.r / 2.0);
		*y = 1.5 * h.r;
	}
}

/* Printed coordinates are 1-based; the layout's parity applies to 0-based
 * indices (odd-q: the 2nd, 4th... printed columns sit half a hex down), as
 * the rules modules count them. */
static void raw_center(sl_hex_layout l, int col, int row, double *x, double *y)
{
	sl_offset off;
	off.col = col - 1;
	off.row = row - 1;
	axial_px(l.orient, sl_hex_from_offset(l, off), x, y);
}

/* Bounding box of all hexes (unit size), corners included. */
static void raw_bbox(sl_hex_layout l, int cols, int rows, double *x0, double *y0,
	double *x1, double *y1)
{
	double hw = l.orient == SL_HEX_FLAT ? 1.0 : SQRT3 / 2;   /* half width */
	double hh = l.orient == SL_HEX_FLAT ? SQRT3 / 2 : 1.0;   /* half height */
	*x0 = *y0 = 1e30;
	*x1 = *y1 = -1e30;
	for (int r = 1; r <= rows; r++)
		for (int q = 1; q <= cols; q++) {
			double x, y;
			/* only the border can be extreme */
			if (r != 1 && r != 2 && r != rows && r != rows - 1 && q != 1 && q != 2 &&
			    q != cols && q != cols - 1)
				continue;
			raw_center(l, q, r, &x, &y);
			if (x - hw < *x0) *x0 = x - hw;
			if (y - hh < *y0) *y0 = y - hh;
			if (x + hw > *x1) *x1 = x + hw;
			if (y + hh > *y1) *y1 = y + hh;
		}
	if (*x0 > *x1)
		*x0 = *y0 = *x1 = *y1 = 0;
}

void sl_kit_grid_extent(sl_hex_layout layout, int cols, int rows, double size,
	double *w, double *h)
{
	double x0, y0, x1, y1;
	raw_bbox(layout, cols, rows, &x0, &y0, &x1, &y1);
	*w = (x1 - x0) * size;
	*h = (y1 - y0) * size;
}

void sl_kit_grid_init(sl_kit_grid *g, sl_hex_layout layout, int cols, int rows,
	double size, double ox, double oy)
{
	double x0, y0, x1, y1;
	raw_bbox(layout, cols, rows, &x0, &y0, &x1, &y1);
	g->layout = layout;
	g->cols = cols;
	g->rows = rows;
	g->size = size;
	g->ox = ox;
	g->oy = oy;
	g->min_x = x0;
	g->min_y = y0;
	g->w = (x1 - x0) * size;
	g->h = (y1 - y0) * size;
}

void sl_kit_hex_center(const sl_kit_grid *g, int col, int row, double *x, double *y)
{
	double rx, ry;
	raw_center(g->layout, col, row, &rx, &ry);
	*x = g->ox + (rx - g->min_x) * g->size;
	*y = g->oy + (ry - g->min_y) * g->size;
}

void sl_kit_hex_corner(const sl_kit_grid *g, double cx, double cy, int i, double *x, double *y)
{
	double a = (g->layout.orient == SL_HEX_FLAT ? 0.0 : -30.0) + 60.0 * i;
	a = a * M_PI / 180.0;
	*x = cx + g->size * cos(a);
	*y = cy + g->size * sin(a);
}

double sl_kit_dir_angle(sl_hex_orient o, int dir)
{
	double x, y;
	axial_px(o, sl_hex_dir(o, dir), &x, &y);
	return atan2(y, x);
}

void sl_kit_hex_path(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, double inset)
{
	double cx, cy, k = (g->size - inset) / g->size;
	sl_kit_hex_center(g, col, row, &cx, &cy);
	for (int i = 0; i < 6; i++) {
		double x, y;
		sl_kit_hex_corner(g, cx, cy, i, &x, &y);
		x = cx + (x - cx) * k;
		y = cy + (y - cy) * k;
		if (i == 0)
			cairo_move_to(c->cr, x, y);
		else
			cairo_line_to(c->cr, x, y);
	}
	cairo_close_path(c->cr);
}

void sl_kit_hex_fill(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, sl_kit_rgb rgb)
{
	sl_kit_hex_path(c, g, col, row, 0);
	sl_kit_set(c, rgb);
	cairo_fill(c->cr);
}

void sl_kit_hex_outline(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row,
	sl_kit_rgb rgb, double lw)
{
	sl_kit_hex_path(c, g, col, row, 0);
	sl_kit_set(c, rgb);
	cairo_set_line_width(c->cr, lw);
	cairo_stroke(c->cr);
}

void sl_kit_hex_hatch(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row,
	sl_kit_rgb rgb, double spacing, double lw)
{
	cairo_t *cr = c->cr;
	double cx, cy, s = g->size;
	sl_kit_hex_center(g, col, row, &cx, &cy);
	cairo_save(cr);
	sl_kit_hex_path(c, g, col, row, 0);
	cairo_clip(cr);
	for (double d = -2 * s; d <= 2 * s; d += spacing) {
		cairo_move_to(cr, cx + d - s, cy + s);
		cairo_line_to(cr, cx + d + s, cy - s);
	}
	sl_kit_set(c, rgb);
	cairo_set_line_width(cr, lw);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* How tall size canvas units come out on the device (pixels, or points). */
static double device_height(sl_kit_canvas *c, double size)
{
	double dx = 0, dy = size;
	cairo_user_to_device_distance(c->cr, &dx, &dy);
	return sqrt(dx * dx + dy * dy);
}

void sl_kit_hex_label(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int style)
{
	char buf[32];
	double cx, cy;
	sl_kit_text_style st = sl_kit_style(c, g->size * 0.27, 0);
	/* a coordinate nobody can read is not drawn (a big map drawn small) */
	if (device_height(c, st.size) < SL_KIT_MIN_LABEL_PX)
		return;
	if (style == SL_KIT_COORD_4DIGIT)
		snprintf(buf, sizeof buf, "%02d%02d", col, row);
	else
		snprintf(buf, sizeof buf, "%d,%d", col, row);
	sl_kit_hex_center(g, col, row, &cx, &cy);
	st.colour = sl_kit_mix(c->pal.ink, c->pal.sea, 0.45);
	st.anchor = SL_KIT_CENTER | SL_KIT_TOP;
	c->text_kind = SL_KIT_MARK_GROUND;   /* the map's print: a counter may cover it */
	sl_kit_text(c, cx, cy - g->size * (g->layout.orient == SL_HEX_FLAT ? 0.84 : 0.92),
		buf, &st);
	c->text_kind = 0;
}

void sl_kit_grid_draw(sl_kit_canvas *c, const sl_kit_grid *g, int labels, int style)
{
	for (int r = 1; r <= g->rows; r++)
		for (int q = 1; q <= g->cols; q++)
			sl_kit_hex_path(c, g, q, r, 0);
	sl_kit_set_a(c, c->pal.grid, 0.8);
	cairo_set_line_width(c->cr, 1.0);
	cairo_stroke(c->cr);
	if (labels)
		for (int r = 1; r <= g->rows; r++)
			for (int q = 1; q <= g->cols; q++)
				sl_kit_hex_label(c, g, q, r, style);
}

/* ---- terrain --------------------------------------------------------------------- */

sl_kit_rgb sl_kit_terrain_colour(const sl_kit_canvas *c, int t)
{
	switch (t) {
	case SL_KIT_T_SHOAL: return c->pal.shoal;
	case SL_KIT_T_LAND: return c->pal.land;
	case SL_KIT_T_CLEAR: return sl_kit_mix(c->pal.land, c->pal.land_edge, 0.5);
	case SL_KIT_T_FOREST: return sl_kit_mix(c->pal.land, sl_kit_rgb_hex(0x2b5d2b), 0.5);
	case SL_KIT_T_MOUNTAIN: return sl_kit_mix(c->pal.land_edge, sl_kit_rgb_hex(0x7a6a58), 0.6);
	case SL_KIT_T_SPACE: return sl_kit_rgb_hex(0x0b0f1a);
	default: return c->pal.sea;
	}
}

void sl_kit_terrain(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int t)
{
	cairo_t *cr = c->cr;
	double cx, cy, s = g->size;
	sl_kit_hex_fill(c, g, col, row, sl_kit_terrain_colour(c, t));
	sl_kit_hex_center(g, col, row, &cx, &cy);
	if (t == SL_KIT_T_SHOAL) {
		/* ripples: short wavy strokes */
		cairo_save(cr);
		sl_kit_set_a(c, sl_kit_mix(c->pal.shoal, c->pal.sea, 0.8), 0.9);
		cairo_set_line_width(cr, 1.2);
		for (int k = -1; k <= 1; k++) {
			double y = cy + k * s * 0.34 + s * 0.05, x = cx - s * 0.42 + (k & 1) * s * 0.12;
			cairo_move_to(cr, x, y);
			cairo_curve_to(cr, x + s * 0.12, y - s * 0.1, x + s * 0.2, y - s * 0.1,
				x + s * 0.3, y);
			cairo_curve_to(cr, x + s * 0.4, y + s * 0.1, x + s * 0.5, y + s * 0.1,
				x + s * 0.6, y);
		}
		cairo_stroke(cr);
		cairo_restore(cr);
	} else if (t == SL_KIT_T_LAND) {
		/* a sandy beach rim inside the hex, green inland */
		cairo_save(cr);
		sl_kit_hex_path(c, g, col, row, 0);
		sl_kit_set(c, c->pal.land_edge);
		cairo_fill(cr);
		sl_kit_hex_path(c, g, col, row, s * 0.16);
		sl_kit_set(c, c->pal.land);
		cairo_fill(cr);
		/* a few tufts */
		sl_kit_set_a(c, sl_kit_mix(c->pal.land, sl_kit_rgb_hex(0x2f4f1f), 0.5), 0.8);
		cairo_set_line_width(cr, 1.2);
		for (int k = 0; k < 3; k++) {
			double x = cx + (k - 1) * s * 0.3, y = cy + ((k & 1) ? -s * 0.12 : s * 0.18);
			cairo_move_to(cr, x - s * 0.06, y);
			cairo_line_to(cr, x, y - s * 0.1);
			cairo_line_to(cr, x + s * 0.06, y);
		}
		cairo_stroke(cr);
		cairo_restore(cr);
	}
}

/* ---- pieces ------------------------------------------------------------------------ */

void sl_kit_counter(sl_kit_canvas *c, double cx, double cy, double side, uint32_t colour,
	const char *text)
{
	sl_kit_rgb k = sl_kit_rgb_hex(colour);
	sl_kit_round_rect(c, cx - side / 2, cy - side / 2, side, side, side * 0.12);
	sl_kit_set(c, k);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, sl_kit_contrast(k));
	cairo_set_line_width(c->cr, 1.5);
	cairo_stroke(c->cr);
	if (text) {
		sl_kit_text_style st = sl_kit_style(c, side * 0.38, 1);
		st.colour = sl_kit_contrast(k);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		st.max_width = side * 0.95;
		c->nest++;
		sl_kit_text(c, cx, cy, text, &st);
		c->nest--;
	}
	if (c->nest == 0)
		sl_kit_keep(c, cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2);
}

void sl_kit_token(sl_kit_canvas *c, double cx, double cy, double radius, uint32_t colour,
	const char *text)
{
	sl_kit_rgb k = sl_kit_rgb_hex(colour);
	cairo_new_sub_path(c->cr);
	cairo_arc(c->cr, cx, cy, radius, 0, 2 * M_PI);
	sl_kit_set(c, k);
	cairo_fill_preserve(c->cr);
	sl_kit_set(c, sl_kit_contrast(k));
	cairo_set_line_width(c->cr, radius > 8 ? 1.5 : 1.0);
	cairo_stroke(c->cr);
	if (text) {
		sl_kit_text_style st = sl_kit_style(c, radius * 1.15, 1);
		st.colour = sl_kit_contrast(k);
		st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
		c->nest++;
		sl_kit_text(c, cx, cy, text, &st);
		c->nest--;
	}
	if (c->nest == 0)
		sl_kit_keep_disc(c, cx, cy, radius);
}

void sl_kit_arrow(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	double width, sl_kit_rgb rgb)
{
	sl_kit_arrow_a(c, cx, cy, angle, len, width, rgb, 1.0);
}

void sl_kit_arrow_a(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	double width, sl_kit_rgb rgb, double alpha)
{
	cairo_t *cr = c->cr;
	double head = width * 2.6, hl = width * 3.0;
	if (hl > len * 0.6)
		hl = len * 0.6;
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_rotate(cr, angle);
	cairo_move_to(cr, 0, -width / 2);
	cairo_line_to(cr, len - hl, -width / 2);
	cairo_line_to(cr, len - hl, -head / 2);
	cairo_line_to(cr, len, 0);
	cairo_line_to(cr, len - hl, head / 2);
	cairo_line_to(cr, len - hl, width / 2);
	cairo_line_to(cr, 0, width / 2);
	cairo_close_path(cr);
	cairo_restore(cr);
	if (alpha < 1.0)
		sl_kit_set_a(c, rgb, alpha);
	else
		sl_kit_set(c, rgb);
	cairo_fill(cr);
}

void sl_kit_facing(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int dir,
	sl_kit_rgb rgb)
{
	double cx, cy;
	sl_kit_hex_center(g, col, row, &cx, &cy);
	sl_kit_arrow(c, cx, cy, sl_kit_dir_angle(g->layout.orient, dir), g->size * 0.8,
		g->size * 0.1, rgb);
}

void sl_kit_hull(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	uint32_t colour, int state)
{
	cairo_t *cr = c->cr;
	sl_kit_rgb k = sl_kit_rgb_hex(colour), edge;
	double L = len / 2, B = len * 0.19;   /* half length, half beam */
	edge = sl_kit_contrast(k);
	cairo_save(cr);
	cairo_translate(cr, cx, cy);
	cairo_rotate(cr, angle);
	/* bow at +x: a pointed stem, straight sides, a square-ish stern */
	cairo_move_to(cr, L, 0);
	cairo_curve_to(cr, L * 0.82, -B * 0.42, L * 0.45, -B, 0, -B);
	cairo_line_to(cr, -L * 0.82, -B * 0.92);
	cairo_curve_to(cr, -L * 0.97, -B * 0.85, -L, -B * 0.55, -L, 0);
	cairo_curve_to(cr, -L, B * 0.55, -L * 0.97, B * 0.85, -L * 0.82, B * 0.92);
	cairo_line_to(cr, 0, B);
	cairo_curve_to(cr, L * 0.45, B, L * 0.82, B * 0.42, L, 0);
	cairo_close_path(cr);
	if (state == SL_KIT_HULL_WRECK) {
		static const double dash[] = {3.0, 3.0};
		sl_kit_set_a(c, sl_kit_rgb_hex(0x555555), 0.35);
		cairo_fill_preserve(cr);
		cairo_set_dash(cr, dash, 2, 0);
		sl_kit_set_a(c, sl_kit_rgb_hex(0x333333), 0.8);
		cairo_set_line_width(cr, 1.2);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		cairo_restore(cr);
		return;
	}
	sl_kit_set(c, k);
	cairo_fill_preserve(cr);
	sl_kit_set(c, edge);
	cairo_set_line_width(cr, 1.8);
	cairo_stroke(cr);
	if (state == SL_KIT_HULL_STRUCK) {
		/* her side's colour stays; her colours are down: a white flag
		 * (edged dark) on the mainmast, and the hull hatched */
		cairo_save(cr);
		cairo_move_to(cr, L, 0);
		cairo_curve_to(cr, L * 0.82, -B * 0.42, L * 0.45, -B, 0, -B);
		cairo_line_to(cr, -L * 0.82, -B * 0.92);
		cairo_curve_to(cr, -L * 0.97, -B * 0.85, -L, -B * 0.55, -L, 0);
		cairo_curve_to(cr, -L, B * 0.55, -L * 0.97, B * 0.85, -L * 0.82, B * 0.92);
		cairo_line_to(cr, 0, B);
		cairo_curve_to(cr, L * 0.45, B, L * 0.82, B * 0.42, L, 0);
		cairo_clip(cr);
		for (double d = -L; d < L; d += B * 0.7) {
			cairo_move_to(cr, d, B);
			cairo_line_to(cr, d + B, -B);
		}
		sl_kit_set_a(c, edge, 0.45);
		cairo_set_line_width(cr, 1.2);
		cairo_stroke(cr);
		cairo_restore(cr);
		cairo_restore(cr);
		cairo_save(cr);
		cairo_translate(cr, cx, cy);
		cairo_move_to(cr, 0, 0);
		cairo_line_to(cr, 0, -len * 0.42);
		sl_kit_set(c, sl_kit_rgb_hex(0x222222));
		cairo_set_line_width(cr, 1.6);
		cairo_stroke(cr);
		cairo_rectangle(cr, 0, -len * 0.42, len * 0.3, len * 0.19);
		sl_kit_set(c, sl_kit_rgb_hex(0xffffff));
		cairo_fill_preserve(cr);
		sl_kit_set(c, sl_kit_rgb_hex(0x222222));
		cairo_set_line_width(cr, 1.2);
		cairo_stroke(cr);
		cairo_restore(cr);
		return;
	}
	/* three masts along the keel, bowsprit */
	sl_kit_set(c, edge);
	for (int m = 0; m < 3; m++) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, L * (0.42 - 0.42 * m), 0, B * 0.28, 0, 2 * M_PI);
	}
	cairo_fill(cr);
	cairo_move_to(cr, L, 0);
	cairo_line_to(cr, L * 1.12, 0);
	cairo_set_line_width(cr, 1.6);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* ---- furniture ------------------------------------------------------------------- */

/* Copies s into out, whole if it fits maxw, else cut after a whole word
 * (at a space) with "\u2026" added; just "\u2026" if not even a word fits. */
void sl_kit_fit_words(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st, double maxw,
	char *out, size_t n)
{
	sl_kit_text_style m = *st;
	double w, h;
	size_t len;
	m.max_width = 0;
	snprintf(out, n, "%s", s ? s : "");
	sl_kit_text_extent(c, out, &m, &w, &h);
	if (w <= maxw)
		return;
	len = strlen(out);
	for (;;) {
		char *sp;
		out[len] = 0;
		sp = strrchr(out, ' ');
		if (!sp) {
			snprintf(out, n, "\u2026");
			return;
		}
		/* drop the last word and what separates it ("·", ":", ",") */
		while (sp > out && (sp[-1] == ' ' || sp[-1] == ',' || sp[-1] == ':' ||
		       (sp - out >= 2 && (unsigned char)sp[-1] == 0xb7 && (unsigned char)sp[-2] == 0xc2)))
			sp -= (unsigned char)sp[-1] == 0xb7 ? 2 : 1;
		len = (size_t)(sp - out);
		if (len == 0) {
			snprintf(out, n, "\u2026");
			return;
		}
		if (len + 4 > n)
			continue;
		memcpy(out + len, "\u2026", 4);
		sl_kit_text_extent(c, out, &m, &w, &h);
		if (w <= maxw)
			return;
	}
}

void sl_kit_title_bar_forms(sl_kit_canvas *c, double h, const char *title,
	const char *const *infos, int ninfo, const char *line2)
{
	sl_kit_text_style st, ist;
	double pad = h * 0.18, iw = 0, ih = 0, tw = 0, th = 0, big = h * (line2 ? 0.34 : 0.45);
	double room = c->width - pad * 5;
	char tbuf[512], ibuf[512], lbuf[800];
	const char *info = NULL;
	cairo_rectangle(c->cr, 0, 0, c->width, h);
	sl_kit_set(c, c->pal.bar_bg);
	cairo_fill(c->cr);
	st = sl_kit_style(c, big, 1);
	st.colour = c->pal.bar_ink;
	ist = sl_kit_style(c, big * 0.82, 1);
	ist.colour = c->pal.bar_ink;
	sl_kit_text_extent(c, title ? title : "", &st, &tw, &th);
	/* the longest form of the info that leaves the title whole, else the
	 * shortest, and then the title cut at a word */
	for (int k = 0; k < ninfo; k++) {
		if (!infos[k] || !*infos[k])
			continue;
		info = infos[k];
		sl_kit_text_extent(c, info, &ist, &iw, &ih);
		if (tw + iw <= room)
			break;
	}
	if (info) {
		sl_kit_fit_words(c, info, &ist, c->width * 0.6, ibuf, sizeof ibuf);
		sl_kit_text_extent(c, ibuf, &ist, &iw, &ih);
		ist.anchor = SL_KIT_RIGHT | SL_KIT_TOP;
		sl_kit_text(c, c->width - pad * 1.5, pad, ibuf, &ist);
	} else
		iw = 0;
	sl_kit_fit_words(c, title ? title : "", &st, room - iw > 40 ? room - iw : 40, tbuf,
		sizeof tbuf);
	sl_kit_text(c, pad * 1.5, pad * 0.8, tbuf, &st);
	if (line2 && *line2) {
		st = sl_kit_style(c, big * 0.72, 0);
		st.colour = c->pal.bar_muted;
		st.anchor = SL_KIT_LEFT | SL_KIT_BOTTOM;
		sl_kit_fit_words(c, line2, &st, c->width - pad * 3, lbuf, sizeof lbuf);
		sl_kit_text(c, pad * 1.5, h - pad * 0.7, lbuf, &st);
	}
}

void sl_kit_title_bar(sl_kit_canvas *c, double h, const char *title, const char *info,
	const char *line2)
{
	sl_kit_title_bar_forms(c, h, title, &info, 1, line2);
}

void sl_kit_caption(const sl_frame *fr, char *out, size_t n)
{
	if (fr->last && fr->last->entry != SL_ENTRY_EVENT && fr->last_desc && *fr->last_desc)
		snprintf(out, n, "%s (after event %ld)", fr->last_desc, fr->event_no);
	else if (fr->last && fr->last_desc && *fr->last_desc)
		snprintf(out, n, "Event %ld: %s", fr->event_no, fr->last_desc);
	else if (fr->event_no > 0)
		snprintf(out, n, "After event %ld", fr->event_no);
	else
		snprintf(out, n, "Before the first event");
}

#define LEG_SIZE 13.0

static double legend_row_h(int kind)
{
	return kind == SL_KIT_LEG_HEADING ? LEG_SIZE * 1.9 : LEG_SIZE * 1.75;
}

double sl_kit_legend_height(const sl_kit_legend_row *rows, int n)
{
	double h = 10;
	for (int i = 0; i < n; i++)
		h += legend_row_h(rows[i].kind);
	return h + 6;
}

static void legend_row(sl_kit_canvas *c, const sl_kit_legend_row *r, double x, double y, double w,
	double rh, double my, double sx, double sw, double pad, double text_x, sl_kit_rgb k,
	sl_kit_text_style st);

double sl_kit_legend(sl_kit_canvas *c, double x, double y, double w,
	const sl_kit_legend_row *rows, int n, int draw)
{
	cairo_t *cr = c->cr;
	double pad = 10, h = sl_kit_legend_height(rows, n), sw = LEG_SIZE * 1.3, text_x;
	if (!draw)
		return h;
	for (int i = 0; i < n; i++) {
		add_key(&c->marks.listed, &c->marks.nlisted, &c->marks.caplisted, &c->marks.failed,
			rows[i].badge);
		add_key(&c->marks.listed, &c->marks.nlisted, &c->marks.caplisted, &c->marks.failed,
			rows[i].text);
	}
	sl_kit_round_rect(c, x, y, w, h, 8);
	sl_kit_set_a(c, c->pal.panel_bg, 0.94);
	cairo_fill_preserve(cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	text_x = x + pad + sw + 10;
	y += pad;
	for (int i = 0; i < n; i++) {
		const sl_kit_legend_row *r = &rows[i];
		double rh = legend_row_h(r->kind), my = y + rh / 2, sx = x + pad + sw / 2;
		sl_kit_rgb k = sl_kit_rgb_hex(r->colour);
		sl_kit_text_style st = sl_kit_style(c, LEG_SIZE, 0);
		/* a row is a piece: what it says, where, over what the box shows */
		double at[3] = {x, y, w};
		uint64_t key = sl_hash64("legend row", 10);
		key = sl_hash64_update(key, at, sizeof at);
		key = sl_hash64_update(key, &r->kind, sizeof r->kind);
		key = sl_hash64_update(key, &r->colour, sizeof r->colour);
		key = sl_hash64_update(key, &c->theme, sizeof c->theme);
		key = sl_hash64_update(key, r->badge ? r->badge : "", r->badge ? strlen(r->badge) + 1 : 0);
		key = sl_hash64_update(key, r->text ? r->text : "", r->text ? strlen(r->text) + 1 : 1);
		if (sl_kit_piece_begin(c, key, x, y, w, rh)) {
			y += rh;
			continue;
		}
		legend_row(c, r, x, y, w, rh, my, sx, sw, pad, text_x, k, st);
		sl_kit_piece_end(c);
		y += rh;
	}
	return h;
}

/* One row of sl_kit_legend, its top at y. */
static void legend_row(sl_kit_canvas *c, const sl_kit_legend_row *r, double x, double y, double w,
	double rh, double my, double sx, double sw, double pad, double text_x, sl_kit_rgb k,
	sl_kit_text_style st)
{
	cairo_t *cr = c->cr;
	(void)y;
	(void)rh;
	{
		st.anchor = SL_KIT_LEFT | SL_KIT_MIDDLE;
		st.max_width = x + w - pad - text_x;
		switch (r->kind) {
		case SL_KIT_LEG_HEADING:
			st.bold = 1;
			st.size = LEG_SIZE * 1.05;
			st.max_width = w - 2 * pad;
			sl_kit_text(c, x + pad, my + 2, r->text, &st);
			return;
		case SL_KIT_LEG_SWATCH:
			sl_kit_round_rect(c, sx - sw / 2, my - sw / 2, sw, sw, 3);
			sl_kit_set(c, k);
			cairo_fill_preserve(cr);
			sl_kit_set(c, sl_kit_contrast(k));
			cairo_set_line_width(cr, 1.2);
			cairo_stroke(cr);
			break;
		case SL_KIT_LEG_BADGE:
			sl_kit_token(c, sx, my, sw * 0.55, r->colour, r->badge);
			break;
		case SL_KIT_LEG_LINE: {
			static const double dash[] = {6.0, 4.0};
			cairo_set_dash(cr, dash, 2, 0);
			cairo_move_to(cr, sx - sw * 0.7, my);
			cairo_line_to(cr, sx + sw * 0.7, my);
			sl_kit_set(c, k);
			cairo_set_line_width(cr, 3);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
			break;
		}
		case SL_KIT_LEG_TAG:
			break;
		case SL_KIT_LEG_HATCH: {
			cairo_save(cr);
			cairo_rectangle(cr, sx - sw / 2, my - sw / 2, sw, sw);
			cairo_clip_preserve(cr);
			sl_kit_set(c, c->pal.sea);
			cairo_fill(cr);
			for (double d = -sw; d <= sw; d += 4) {
				cairo_move_to(cr, sx + d - sw / 2, my + sw / 2);
				cairo_line_to(cr, sx + d + sw / 2, my - sw / 2);
			}
			sl_kit_set(c, k);
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
			cairo_restore(cr);
			break;
		}
		default:
			st.colour = c->pal.muted;
			break;
		}
		if (r->kind == SL_KIT_LEG_TAG) {
			sl_kit_text_style ts = sl_kit_style(c, LEG_SIZE * 0.75, 1);
			double tw, th, tx;
			sl_kit_text_extent(c, r->badge, &ts, &tw, &th);
			tx = x + pad + tw / 2 + 4;
			sl_kit_tag(c, tx, my, r->badge, LEG_SIZE * 0.75, k);
			st.max_width = x + w - pad - (tx + tw / 2 + 12);
			sl_kit_text(c, tx + tw / 2 + 12, my, r->text, &st);
		} else {
			sl_kit_text(c, r->kind == SL_KIT_LEG_TEXT ? x + pad : text_x, my, r->text, &st);
		}
	}
}

double sl_kit_wind_rose(sl_kit_canvas *c, double cx, double cy, double R, sl_hex_orient o,
	int toward, const char *caption)
{
	cairo_t *cr = c->cr;
	sl_kit_rgb ring = sl_kit_mix(c->pal.panel_bg, c->pal.sea, 0.35);
	sl_kit_rgb wind = c->theme == SL_THEME_DARK ? sl_kit_rgb_hex(0x7cc4ff)
	                                            : sl_kit_rgb_hex(0x1c5d99);
	sl_kit_text_style st = sl_kit_style(c, R * 0.2, 1);
	double a = sl_kit_dir_angle(o, toward);
	/* dial */
	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, R, 0, 2 * M_PI);
	sl_kit_set(c, ring);
	cairo_fill_preserve(cr);
	sl_kit_set(c, c->pal.panel_edge);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	cairo_new_sub_path(cr);
	cairo_arc(cr, cx, cy, R * 0.62, 0, 2 * M_PI);
	sl_kit_set_a(c, c->pal.panel_edge, 0.6);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	/* the six hexside names */
	st.anchor = SL_KIT_CENTER | SL_KIT_MIDDLE;
	for (int d = 0; d < 6; d++) {
		double da = sl_kit_dir_angle(o, d);
		sl_kit_text_style ds = st;
		ds.colour = d == toward ? wind : c->pal.muted;
		ds.size = d == toward ? R * 0.24 : R * 0.18;
		cairo_move_to(cr, cx + cos(da) * R * 0.64, cy + sin(da) * R * 0.64);
		cairo_line_to(cr, cx + cos(da) * R * 0.72, cy + sin(da) * R * 0.72);
		sl_kit_set(c, c->pal.muted);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		sl_kit_text(c, cx + cos(da) * R * 0.86, cy + sin(da) * R * 0.86,
			sl_hex_dir_name(o, d), &ds);
	}
	/* the wind: a fat arrow from the windward side through the centre */
	{
		double tail = R * 0.58, len = R * 1.16;
		double x0 = cx - cos(a) * tail, y0 = cy - sin(a) * tail;
		/* feathers at the tail (where the wind comes from) */
		cairo_save(cr);
		cairo_translate(cr, x0, y0);
		cairo_rotate(cr, a);
		for (int k = 0; k < 3; k++) {
			double fx = k * R * 0.09;
			cairo_move_to(cr, fx, 0);
			cairo_line_to(cr, fx - R * 0.1, -R * 0.12);
			cairo_move_to(cr, fx, 0);
			cairo_line_to(cr, fx - R * 0.1, R * 0.12);
		}
		cairo_restore(cr);
		sl_kit_set(c, wind);
		cairo_set_line_width(cr, R * 0.05);
		cairo_stroke(cr);
		sl_kit_arrow(c, x0, y0, a, len, R * 0.1, wind);
	}
	if (caption && *caption) {
		sl_kit_text_style cs = sl_kit_style(c, R * 0.22, 1);
		double w, h;
		cs.anchor = SL_KIT_CENTER | SL_KIT_TOP;
		cs.colour = wind;
		sl_kit_text_extent(c, caption, &cs, &w, &h);
		sl_kit_text(c, cx, cy + R + 8, caption, &cs);
		return 2 * R + 8 + h;
	}
	return 2 * R;
}

void sl_kit_compass(sl_kit_canvas *c, double cx, double cy, double r)
{
	cairo_t *cr = c->cr;
	sl_kit_text_style st = sl_kit_style(c, r * 0.8, 1);
	cairo_move_to(cr, cx, cy - r);
	cairo_line_to(cr, cx + r * 0.35, cy + r * 0.5);
	cairo_line_to(cr, cx, cy + r * 0.25);
	cairo_line_to(cr, cx - r * 0.35, cy + r * 0.5);
	cairo_close_path(cr);
	sl_kit_set(c, c->pal.ink);
	cairo_fill(cr);
	st.anchor = SL_KIT_CENTER | SL_KIT_BOTTOM;
	st.halo = 1;
	sl_kit_text(c, cx, cy - r - 1, "N", &st);
}

/* ---- a figure as bytes -------------------------------------------------------- */

static cairo_status_t figure_write(void *closure, const unsigned char *data, unsigned int n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

int sl_kit_figure_to_mem(sl_format fmt, int nw, int nh, int w, int h, int theme,
	sl_kit_paint_fn paint, const void *ud, unsigned char **out, size_t *out_len, sl_error *err)
{
	cairo_surface_t *surf = NULL;
	cairo_t *cr;
	sl_kit_canvas cv;
	sl_svg_texts *texts = NULL;
	sl_buf b;
	int rc = SL_OK;
	*out = NULL;
	*out_len = 0;
	sl_buf_init(&b);
	if (fmt == SL_FMT_PNG)
		surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	else if (fmt == SL_FMT_SVG)
		surf = cairo_svg_surface_create_for_stream(figure_write, &b, w, h);
	else
		surf = cairo_pdf_surface_create_for_stream(figure_write, &b, w, h);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		rc = sl_error_set(err, SL_ENOMEM, "chart: cannot make a %dx%d canvas", w, h);
		goto out;
	}
	cr = cairo_create(surf);
	cairo_scale(cr, (double)w / nw, (double)w / nw);
	if (sl_kit_canvas_init(&cv, cr, nw, nh, theme) < 0) {
		cairo_destroy(cr);
		rc = sl_error_set(err, SL_ENOMEM, "chart: cannot set up the canvas");
		goto out;
	}
	if (fmt == SL_FMT_SVG && sl_svg_texts_new(&texts) < 0) {
		sl_kit_canvas_fini(&cv);
		cairo_destroy(cr);
		rc = sl_error_set(err, SL_ENOMEM, "chart: out of memory");
		goto out;
	}
	cv.svg = texts;   /* its texts as <text>, as a frame's */
	sl_kit_clear(&cv);
	paint(&cv, ud);
	rc = sl_kit_status(&cv, SL_OK, err);
	sl_kit_canvas_fini(&cv);
	if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
		rc = sl_error_set(err, SL_EIO, "chart: cairo failed: %s",
			cairo_status_to_string(cairo_status(cr)));
	cairo_destroy(cr);
	if (rc)
		goto out;
	if (fmt == SL_FMT_PNG) {
		cairo_surface_flush(surf);
		if (cairo_surface_write_to_png_stream(surf, figure_write, &b) != CAIRO_STATUS_SUCCESS)
			rc = sl_error_set(err, SL_ENOMEM, "chart: cannot encode the PNG");
	} else {
		cairo_surface_finish(surf);
		if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
			rc = sl_error_set(err, SL_ENOMEM, "chart: cannot finish the drawing");
	}
	if (!rc && b.failed)
		rc = sl_error_set(err, SL_ENOMEM, "chart: out of memory");
	if (!rc && texts) {
		sl_buf t;
		sl_buf_init(&t);
		if (sl_svg_texts_apply(b.data ? (const char *)b.data : "", b.len, texts, &t) < 0) {
			sl_buf_free(&t);
			rc = sl_error_set(err, SL_ENOMEM, "chart: out of memory");
		} else {
			sl_buf_free(&b);
			b = t;
		}
	}
	if (!rc)
		*out = sl_buf_take(&b, out_len);
out:
	sl_svg_texts_free(texts);
	if (surf)
		cairo_surface_destroy(surf);
	sl_buf_free(&b);
	return rc;
}
