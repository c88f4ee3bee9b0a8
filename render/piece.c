/* piece.c - pieces of a frame kept from frame to frame (the animations,
 * render/seq.c): a painter says that what it draws between
 * sl_kit_piece_begin and sl_kit_piece_end depends on a key and on the
 * pixels under a box, and lies inside that box; over an image surface the
 * kit keeps the pixels under and after, and the next frame whose pixels
 * under that box and key are the same gets the pixels after put back
 * instead of drawing (and the marks the drawing made). The pixels are those
 * the drawing gives: drawing is a function of its operations and of the
 * pixels it draws over. A drawing found to reach outside its box (the edge
 * of PIECE_EDGE pixels around it changed) is never kept. */
#include "kit.h"

#include <math.h>
#include <string.h>

#define PIECES_MAX 48   /* kept per seq, the least recently used let go */
#define PIECE_EDGE 3    /* device pixels around the box, kept and checked */

typedef struct piece {
	uint64_t key;
	int x, y, w, h;             /* the box with its edge, device pixels */
	uint32_t *under, *after;    /* w*h each */
	sl_kit_mark *marks;         /* the marks the drawing made */
	int nmarks;
	char **keys;                /* its glyph keys (sl_kit_uses) and listed rows (sl_kit_lists) */
	int nused, nlisted;
	unsigned long used;         /* when last put back or drawn */
	int leaks;                  /* drew outside its box: drawn every time */
} piece;

struct sl_kit_pieces {
	piece p[PIECES_MAX];
	int n;
	unsigned long clock;
	cairo_surface_t *surf;      /* the image drawn into (sl_kit_pieces_target) */
	uint32_t *px;
	int w, h, stride;
	piece *open;                /* being drawn */
	int nested;                 /* pieces begun inside it (drawn, not kept) */
	int marks0, used0, listed0;
};

int sl_kit_pieces_new(sl_kit_pieces **out)
{
	*out = sl_calloc(1, sizeof **out);
	return *out ? SL_OK : SL_ENOMEM;
}

static void piece_clear(piece *p)
{
	for (int i = 0; i < p->nused + p->nlisted; i++)
		sl_free(p->keys[i]);
	sl_free(p->keys);
	sl_free(p->marks);
	sl_free(p->under);
	sl_free(p->after);
	memset(p, 0, sizeof *p);
}

void sl_kit_pieces_free(sl_kit_pieces *ps)
{
	if (!ps)
		return;
	for (int i = 0; i < ps->n; i++)
		piece_clear(&ps->p[i]);
	sl_free(ps);
}

void sl_kit_pieces_target(sl_kit_pieces *ps, cairo_surface_t *surf, uint32_t *px, int w, int h,
	int stride)
{
	ps->surf = surf;
	ps->px = px;
	ps->w = w;
	ps->h = h;
	ps->stride = stride;
}

/* The image c draws into, flushed: the target's (NULL when c draws elsewhere,
 * into a group). */
static uint32_t *image_of(sl_kit_canvas *c, int *w, int *h, int *stride)
{
	sl_kit_pieces *ps = c->pieces;
	if (!ps->px || cairo_get_target(c->cr) != ps->surf)
		return NULL;
	cairo_surface_flush(ps->surf);
	*w = ps->w;
	*h = ps->h;
	*stride = ps->stride;
	return ps->px;
}

static uint32_t *row_at(uint32_t *px, int stride, int x, int y)
{
	return (uint32_t *)((uint8_t *)px + (size_t)y * stride) + x;
}

/* Whether the w x h pixels at x, y of the image are a (w a row). */
static int same_px(uint32_t *px, int stride, int x, int y, int w, int h, const uint32_t *a)
{
	for (int r = 0; r < h; r++)
		if (memcmp(row_at(px, stride, x, y + r), a + (size_t)r * w, (size_t)w * 4) != 0)
			return 0;
	return 1;
}

static void get_px(uint32_t *px, int stride, int x, int y, int w, int h, uint32_t *to)
{
	for (int r = 0; r < h; r++)
		memcpy(to + (size_t)r * w, row_at(px, stride, x, y + r), (size_t)w * 4);
}

/* Whether the edge (the outer PIECE_EDGE pixels) of the box is still a's. */
static int edge_same(uint32_t *px, int stride, const piece *p, int ex0, int ey0, int ex1, int ey1)
{
	for (int r = 0; r < p->h; r++) {
		const uint32_t *a = p->under + (size_t)r * p->w, *b = row_at(px, stride, p->x, p->y + r);
		if (r < ey0 || r >= p->h - ey1) {
			if (memcmp(a, b, (size_t)p->w * 4) != 0)
				return 0;
		} else if (memcmp(a, b, (size_t)ex0 * 4) != 0 ||
		           memcmp(a + p->w - ex1, b + p->w - ex1, (size_t)ex1 * 4) != 0)
			return 0;
	}
	return 1;
}

#define DASH_MAX 16

/* key with what the drawing inherits from cairo's state (the transform,
 * the clip's extents, the stroke's and fill's settings, a plain source's
 * colour); 0 when it cannot be told (a source that is not one colour, a
 * long dash). */
static uint64_t state_key(cairo_t *cr, uint64_t key)
{
	cairo_matrix_t m;
	cairo_pattern_t *src = cairo_get_source(cr);
	double v[12], dash[DASH_MAX], off = 0;
	int e[5], nd = cairo_get_dash_count(cr);
	if (nd > DASH_MAX || cairo_pattern_get_type(src) != CAIRO_PATTERN_TYPE_SOLID ||
	    cairo_pattern_get_rgba(src, &v[0], &v[1], &v[2], &v[3]) != CAIRO_STATUS_SUCCESS)
		return 0;
	v[4] = cairo_get_line_width(cr);
	v[5] = cairo_get_miter_limit(cr);
	v[6] = cairo_get_tolerance(cr);
	if (nd)
		cairo_get_dash(cr, dash, &off);
	v[7] = off;
	cairo_clip_extents(cr, &v[8], &v[9], &v[10], &v[11]);
	e[0] = (int)cairo_get_line_cap(cr);
	e[1] = (int)cairo_get_line_join(cr);
	e[2] = (int)cairo_get_operator(cr);
	e[3] = (int)cairo_get_antialias(cr);
	e[4] = (int)cairo_get_fill_rule(cr);
	cairo_get_matrix(cr, &m);
	key = sl_hash64_update(key, &m, sizeof m);
	key = sl_hash64_update(key, v, sizeof v);
	key = sl_hash64_update(key, e, sizeof e);
	key = sl_hash64_update(key, &nd, sizeof nd);
	if (nd)
		key = sl_hash64_update(key, dash, sizeof dash[0] * (size_t)nd);
	return key ? key : 1;
}

int sl_kit_piece_begin(sl_kit_canvas *c, uint64_t key, double x, double y, double w, double h)
{
	sl_kit_pieces *ps = c->pieces;
	double xs[4] = {x, x + w, x + w, x}, ys[4] = {y, y, y + h, y + h};
	double x0 = 1e30, y0 = 1e30, x1 = -1e30, y1 = -1e30;
	uint32_t *px;
	int iw = 0, ih = 0, stride = 0, bx0, by0, bx1, by1;
	piece *p = NULL, *lru = NULL;
	if (!ps)
		return 0;
	if (ps->open) {   /* inside another: part of it */
		ps->nested++;
		return 0;
	}
	if (c->svg || !(px = image_of(c, &iw, &ih, &stride)))
		return 0;
	for (int i = 0; i < 4; i++) {
		cairo_user_to_device(c->cr, &xs[i], &ys[i]);
		x0 = fmin(x0, xs[i]);
		y0 = fmin(y0, ys[i]);
		x1 = fmax(x1, xs[i]);
		y1 = fmax(y1, ys[i]);
	}
	if (!(x1 - x0 < 1e6 && y1 - y0 < 1e6))   /* NaN or absurd */
		return 0;
	bx0 = (int)floor(x0) - PIECE_EDGE;
	by0 = (int)floor(y0) - PIECE_EDGE;
	bx1 = (int)ceil(x1) + PIECE_EDGE;
	by1 = (int)ceil(y1) + PIECE_EDGE;
	if (bx0 < 0 || by0 < 0 || bx1 > iw || by1 > ih || bx1 <= bx0 || by1 <= by0)
		return 0;   /* at the image's side, the edge cannot be checked */
	/* the key: the painter's, cairo's state, the canvas's and the box */
	if (!(key = state_key(c->cr, key)))
		return 0;
	key = sl_hash64_update(key, &c->nest, sizeof c->nest);
	key = sl_hash64_update(key, &c->text_kind, sizeof c->text_kind);
	key = sl_hash64_update(key, &c->zone, sizeof c->zone);
	key = sl_hash64_update(key, c->zone_hex, sizeof c->zone_hex);
	ps->clock++;
	for (int i = 0; i < ps->n && !p; i++)
		if (ps->p[i].key == key && ps->p[i].x == bx0 && ps->p[i].y == by0 &&
		    ps->p[i].w == bx1 - bx0 && ps->p[i].h == by1 - by0)
			p = &ps->p[i];
	if (p && p->leaks)
		return 0;
	if (p && same_px(px, stride, p->x, p->y, p->w, p->h, p->under)) {   /* put back */
		int failed = 0;
		for (int r = 0; r < p->h; r++)
			memcpy(row_at(px, stride, p->x, p->y + r), p->after + (size_t)r * p->w, (size_t)p->w * 4);
		cairo_surface_mark_dirty(ps->surf);
		if (p->nmarks) {
			sl_kit_marks *mk = &c->marks;
			if (mk->n + p->nmarks > mk->cap) {
				int nc = mk->n + p->nmarks + 16;
				sl_kit_mark *nm = sl_realloc(mk->m, (size_t)nc * sizeof *nm);
				if (!nm)
					failed = 1;
				else {
					mk->m = nm;
					mk->cap = nc;
				}
			}
			if (failed)
				mk->failed = 1;
			else {
				memcpy(mk->m + mk->n, p->marks, (size_t)p->nmarks * sizeof *p->marks);
				mk->n += p->nmarks;
			}
		}
		for (int i = 0; i < p->nused; i++)
			sl_kit_uses(c, p->keys[i]);
		for (int i = 0; i < p->nlisted; i++)
			sl_kit_lists(c, p->keys[p->nused + i]);
		p->used = ps->clock;
		return 1;
	}
	/* drawn: the pixels under kept, in this piece's place or the oldest's */
	if (!p) {
		if (ps->n < PIECES_MAX)
			p = &ps->p[ps->n++];
		else {
			for (int i = 0; i < ps->n; i++)
				if (!lru || ps->p[i].used < lru->used)
					lru = &ps->p[i];
			p = lru;
		}
		piece_clear(p);
		p->key = key;
		p->x = bx0;
		p->y = by0;
		p->w = bx1 - bx0;
		p->h = by1 - by0;
	}
	if (!p->under && !(p->under = sl_malloc((size_t)p->w * p->h * 4))) {
		piece_clear(p);
		return 0;
	}
	get_px(px, stride, p->x, p->y, p->w, p->h, p->under);
	p->used = ps->clock;
	ps->open = p;
	ps->marks0 = c->marks.n;
	ps->used0 = c->marks.nused;
	ps->listed0 = c->marks.nlisted;
	cairo_save(c->cr);   /* what the drawing sets stays in it, drawn or put back */
	return 0;
}

void sl_kit_pieces_close(sl_kit_canvas *c)
{
	sl_kit_pieces *ps = c->pieces;
	if (!ps || !ps->open)
		return;
	cairo_restore(c->cr);
	piece_clear(ps->open);   /* not known whole: not kept */
	ps->open = NULL;
	ps->nested = 0;
}

void sl_kit_piece_end(sl_kit_canvas *c)
{
	sl_kit_pieces *ps = c->pieces;
	piece *p = ps ? ps->open : NULL;
	uint32_t *px;
	int iw = 0, ih = 0, stride = 0, nm, nu, nl;
	if (ps && ps->nested) {
		ps->nested--;
		return;
	}
	if (!p)
		return;
	ps->open = NULL;
	cairo_restore(c->cr);
	px = image_of(c, &iw, &ih, &stride);
	nm = c->marks.n - ps->marks0;
	nu = c->marks.nused - ps->used0;
	nl = c->marks.nlisted - ps->listed0;
	sl_free(p->marks);
	for (int i = 0; i < p->nused + p->nlisted; i++)
		sl_free(p->keys[i]);
	sl_free(p->keys);
	p->marks = NULL;
	p->keys = NULL;
	p->nmarks = p->nused = p->nlisted = 0;
	if (!px || c->marks.failed || nm < 0 || nu < 0 || nl < 0 ||
	    !edge_same(px, stride, p, PIECE_EDGE, PIECE_EDGE, PIECE_EDGE, PIECE_EDGE)) {
		p->leaks = 1;   /* never put back */
		sl_free(p->under);
		sl_free(p->after);
		p->under = p->after = NULL;
		return;
	}
	if ((!p->after && !(p->after = sl_malloc((size_t)p->w * p->h * 4))) ||
	    (nm && !(p->marks = sl_malloc((size_t)nm * sizeof *p->marks))) ||
	    (nu + nl && !(p->keys = sl_calloc((size_t)(nu + nl), sizeof *p->keys)))) {
		piece_clear(p);   /* kept no more; drawn next time */
		return;
	}
	get_px(px, stride, p->x, p->y, p->w, p->h, p->after);
	if (nm)
		memcpy(p->marks, c->marks.m + ps->marks0, (size_t)nm * sizeof *p->marks);
	p->nmarks = nm;
	for (int i = 0; i < nu + nl; i++) {
		const char *k = i < nu ? c->marks.used[ps->used0 + i] : c->marks.listed[ps->listed0 + i - nu];
		if (!(p->keys[i] = sl_strdup(k))) {
			piece_clear(p);
			return;
		}
		if (i < nu)
			p->nused++;
		else
			p->nlisted++;
	}
}
