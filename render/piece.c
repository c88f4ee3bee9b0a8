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

static int svg_piece_begin(sl_kit_canvas *c, uint64_t key, double x, double y, double w, double h);
static void svg_piece_end(sl_kit_canvas *c);
static void svg_pieces_close(sl_kit_canvas *c);

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

/* What a drawing made since marks0, used0, listed0 of c's marks, copied:
 * its marks and its glyph keys and listed rows (nused then nlisted in
 * keys); SL_ENOMEM (what was copied is the caller's to free). */
static int marks_copy(const sl_kit_canvas *c, int marks0, int used0, int listed0, sl_kit_mark **marks,
	int *nmarks, char ***keys, int *nused, int *nlisted)
{
	int nm = c->marks.n - marks0, nu = c->marks.nused - used0, nl = c->marks.nlisted - listed0;
	if ((nm && !(*marks = sl_malloc((size_t)nm * sizeof **marks))) ||
	    (nu + nl && !(*keys = sl_calloc((size_t)(nu + nl), sizeof **keys))))
		return SL_ENOMEM;
	if (nm)
		memcpy(*marks, c->marks.m + marks0, (size_t)nm * sizeof **marks);
	*nmarks = nm;
	for (int i = 0; i < nu + nl; i++) {
		const char *k = i < nu ? c->marks.used[used0 + i] : c->marks.listed[listed0 + i - nu];
		if (!((*keys)[i] = sl_strdup(k)))
			return SL_ENOMEM;
		if (i < nu)
			(*nused)++;
		else
			(*nlisted)++;
	}
	return SL_OK;
}

/* A kept drawing's marks, glyph keys and rows made again on c (a mark
 * that finds no room fails c's marks, as a drawn one would). */
static void marks_put(sl_kit_canvas *c, const sl_kit_mark *marks, int nmarks, char *const *keys, int nused,
	int nlisted)
{
	sl_kit_marks *mk = &c->marks;
	if (nmarks) {
		if (mk->n + nmarks > mk->cap) {
			int nc = mk->n + nmarks + 16;
			sl_kit_mark *nm = sl_realloc(mk->m, (size_t)nc * sizeof *nm);
			if (!nm) {
				mk->failed = 1;
				nmarks = 0;
			} else {
				mk->m = nm;
				mk->cap = nc;
			}
		}
		if (nmarks) {
			memcpy(mk->m + mk->n, marks, (size_t)nmarks * sizeof *marks);
			mk->n += nmarks;
		}
	}
	for (int i = 0; i < nused; i++)
		sl_kit_uses(c, keys[i]);
	for (int i = 0; i < nlisted; i++)
		sl_kit_lists(c, keys[nused + i]);
}

int sl_kit_piece_begin(sl_kit_canvas *c, uint64_t key, double x, double y, double w, double h)
{
	sl_kit_pieces *ps = c->pieces;
	double xs[4] = {x, x + w, x + w, x}, ys[4] = {y, y, y + h, y + h};
	double x0 = 1e30, y0 = 1e30, x1 = -1e30, y1 = -1e30;
	uint32_t *px;
	int iw = 0, ih = 0, stride = 0, bx0, by0, bx1, by1;
	piece *p = NULL, *lru = NULL;
	if (c->svgp)
		return svg_piece_begin(c, key, x, y, w, h);
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
		for (int r = 0; r < p->h; r++)
			memcpy(row_at(px, stride, p->x, p->y + r), p->after + (size_t)r * p->w, (size_t)p->w * 4);
		cairo_surface_mark_dirty(ps->surf);
		marks_put(c, p->marks, p->nmarks, p->keys, p->nused, p->nlisted);
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
	if (c->svgp) {
		svg_pieces_close(c);
		return;
	}
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
	if (c->svgp) {
		svg_piece_end(c);
		return;
	}
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
	    marks_copy(c, ps->marks0, ps->used0, ps->listed0, &p->marks, &p->nmarks, &p->keys, &p->nused,
		&p->nlisted) < 0) {
		piece_clear(p);   /* kept no more; drawn next time */
		return;
	}
	get_px(px, stride, p->x, p->y, p->w, p->h, p->after);
}

/* ---- pieces of an SVG's pages (the HTML viewer) ----------------------------------------
 * cairo's SVG of a piece is a function of its operations and of cairo's
 * state, as its pixels are of those and the pixels under: a page whose
 * piece has a key (the painter's, state_key's, the canvas's and the box)
 * drawn on a page before needs no drawing. cairo is given a marker in its
 * place (a paint of MARK_R, MARK_G, MARK_B at MARK_A: one <rect> line of
 * its SVG) and the log says which piece it stands for; the reader
 * (render/html.c) puts the lines it read for that piece there. A drawn
 * piece is marked at its start and end, so that the reader can keep its
 * lines. */

#define MARK_R 0.0123
#define MARK_G 0.0456
#define MARK_B 0.0789
#define MARK_A 0.0101
#define SVG_PIECES_MAX 4096   /* keys kept, then all let go */

typedef struct svg_piece {
	uint64_t key;
	sl_kit_mark *marks;         /* the marks the drawing made */
	int nmarks, nused, nlisted;
	char **keys;                /* its glyph keys and listed rows */
	int marked;                 /* marks known */
	size_t *ids, nids;          /* the reader's lines */
	char **texts;               /* or their texts, once the reader let go of them */
	int lines, never;           /* lines kept; never to be kept */
} svg_piece;

struct sl_kit_svg_pieces {
	svg_piece *p;
	size_t n, cap;
	size_t *slot, nslot;        /* open addressing: index + 1 */
	sl_kit_svg_event *ev;
	size_t nev, capev;
	int page, failed;
	int w, h;                   /* the page's size, device units */
	/* the piece being drawn */
	int open, nested;
	uint64_t open_key;
	int marks0, used0, listed0;
};

int sl_kit_svg_pieces_new(sl_kit_svg_pieces **out)
{
	*out = sl_calloc(1, sizeof **out);
	return *out ? SL_OK : SL_ENOMEM;
}

static void svg_piece_clear(svg_piece *p)
{
	for (int i = 0; i < p->nused + p->nlisted; i++)
		sl_free(p->keys[i]);
	sl_free(p->keys);
	sl_free(p->marks);
	sl_free(p->ids);
	for (size_t i = 0; p->texts && i < p->nids; i++)
		sl_free(p->texts[i]);
	sl_free(p->texts);
	memset(p, 0, sizeof *p);
}

static void svg_pieces_drop(sl_kit_svg_pieces *t)
{
	for (size_t i = 0; i < t->n; i++)
		svg_piece_clear(&t->p[i]);
	t->n = 0;
	if (t->slot)
		memset(t->slot, 0, t->nslot * sizeof *t->slot);
}

void sl_kit_svg_pieces_free(sl_kit_svg_pieces *t)
{
	if (!t)
		return;
	svg_pieces_drop(t);
	sl_free(t->p);
	sl_free(t->slot);
	sl_free(t->ev);
	sl_free(t);
}

void sl_kit_svg_pieces_page(sl_kit_svg_pieces *t, int page, int w, int h)
{
	t->page = page;
	t->w = w;
	t->h = h;
	t->open = t->nested = 0;
}

void sl_kit_svg_pieces_events_clear(sl_kit_svg_pieces *t)
{
	t->nev = 0;
	t->failed = 0;
	t->open = t->nested = 0;
}

const sl_kit_svg_event *sl_kit_svg_pieces_events(const sl_kit_svg_pieces *t, size_t *n)
{
	*n = t->nev;
	return t->ev;
}

int sl_kit_svg_pieces_failed(const sl_kit_svg_pieces *t)
{
	return t->failed;
}

static svg_piece *svg_find(const sl_kit_svg_pieces *t, uint64_t key)
{
	size_t k;
	if (!t->nslot)
		return NULL;
	for (k = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (t->nslot - 1); t->slot[k];
	     k = (k + 1) & (t->nslot - 1))
		if (t->p[t->slot[k] - 1].key == key)
			return &t->p[t->slot[k] - 1];
	return NULL;
}

/* key's entry, made when there is none (NULL: out of memory) */
static svg_piece *svg_get(sl_kit_svg_pieces *t, uint64_t key)
{
	svg_piece *p = svg_find(t, key);
	size_t k;
	if (p)
		return p;
	if (t->n >= SVG_PIECES_MAX)
		svg_pieces_drop(t);
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 64;
		svg_piece *np = sl_realloc(t->p, nc * sizeof *np);
		if (!np)
			return NULL;
		t->p = np;
		t->cap = nc;
	}
	if ((t->n + 1) * 2 > t->nslot) {
		size_t ns = t->nslot ? t->nslot * 2 : 256, *sl = sl_calloc(ns, sizeof *sl);
		if (!sl)
			return NULL;
		for (size_t i = 0; i < t->n; i++) {
			for (k = (size_t)(t->p[i].key * 0x9e3779b97f4a7c15ull >> 20) & (ns - 1); sl[k];
			     k = (k + 1) & (ns - 1))
				;
			sl[k] = i + 1;
		}
		sl_free(t->slot);
		t->slot = sl;
		t->nslot = ns;
	}
	for (k = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (t->nslot - 1); t->slot[k];
	     k = (k + 1) & (t->nslot - 1))
		;
	p = &t->p[t->n];
	memset(p, 0, sizeof *p);
	p->key = key;
	t->slot[k] = ++t->n;
	return p;
}

/* Logs an event and draws its marker; 0 when the log is out of memory (no
 * marker drawn then, the log failed). */
static int svg_event(sl_kit_canvas *c, int type, uint64_t key)
{
	sl_kit_svg_pieces *t = c->svgp;
	if (t->nev == t->capev) {
		size_t nc = t->capev ? t->capev * 2 : 256;
		sl_kit_svg_event *ne = sl_realloc(t->ev, nc * sizeof *ne);
		if (!ne) {
			t->failed = 1;
			return 0;
		}
		t->ev = ne;
		t->capev = nc;
	}
	t->ev[t->nev].page = t->page;
	t->ev[t->nev].type = type;
	t->ev[t->nev++].key = key;
	cairo_save(c->cr);   /* (the operator is OVER: svg_piece_begin) */
	cairo_set_source_rgba(c->cr, MARK_R, MARK_G, MARK_B, MARK_A);
	cairo_paint(c->cr);
	cairo_restore(c->cr);
	return 1;
}

int sl_kit_svg_marker_line(const char *l, size_t n)
{
	static const char head[] = "<rect x=\"0\" y=\"0\" width=\"",
		tail[] = "\" style=\"fill:rgb(1.23%,4.56%,7.89%);fill-opacity:0.0101;stroke:none;\"/>";
	size_t hl = sizeof head - 1, tl = sizeof tail - 1;
	return n > hl + tl && memcmp(l, head, hl) == 0 && memcmp(l + n - tl, tail, tl) == 0;
}

/* Does c's clip hold the whole page (no clip of the painter's)? Under a
 * clip of its own, a piece that draws nothing would leave cairo's group
 * of that clip around its marker: a line the page without it lacks. */
static int svg_unclipped(sl_kit_canvas *c, const sl_kit_svg_pieces *t)
{
	double xs[4], ys[4];
	cairo_clip_extents(c->cr, &xs[0], &ys[0], &xs[2], &ys[2]);
	xs[1] = xs[2], ys[1] = ys[0], xs[3] = xs[0], ys[3] = ys[2];
	for (int i = 0; i < 4; i++)
		cairo_user_to_device(c->cr, &xs[i], &ys[i]);
	return fmin(fmin(xs[0], xs[1]), fmin(xs[2], xs[3])) <= 0.5 && fmin(fmin(ys[0], ys[1]), fmin(ys[2], ys[3])) <= 0.5 &&
	       fmax(fmax(xs[0], xs[1]), fmax(xs[2], xs[3])) >= t->w - 0.5 &&
	       fmax(fmax(ys[0], ys[1]), fmax(ys[2], ys[3])) >= t->h - 0.5;
}

static int svg_piece_begin(sl_kit_canvas *c, uint64_t key, double x, double y, double w, double h)
{
	sl_kit_svg_pieces *t = c->svgp;
	double box[4] = {x, y, w, h};
	svg_piece *p;
	if (t->open) {   /* inside another: part of it */
		t->nested++;
		return 0;
	}
	/* (the marker's paint neither uses nor ends the current path; under
	 * another operator than OVER it would show) */
	if (t->failed || cairo_get_operator(c->cr) != CAIRO_OPERATOR_OVER || !svg_unclipped(c, t) ||
	    !(key = state_key(c->cr, key)))
		return 0;
	key = sl_hash64_update(key, box, sizeof box);
	key = sl_hash64_update(key, &c->nest, sizeof c->nest);
	key = sl_hash64_update(key, &c->text_kind, sizeof c->text_kind);
	key = sl_hash64_update(key, &c->zone, sizeof c->zone);
	key = sl_hash64_update(key, c->zone_hex, sizeof c->zone_hex);
	p = svg_find(t, key);
	if (p && p->never)
		return 0;
	if (p && p->lines && p->marked) {   /* put back: its marks, its lines by the reader */
		if (!svg_event(c, SL_KIT_SVG_PUT, key))
			return 0;
		marks_put(c, p->marks, p->nmarks, p->keys, p->nused, p->nlisted);
		return 1;
	}
	if (!svg_event(c, SL_KIT_SVG_BEGIN, key))
		return 0;
	t->open = 1;
	t->open_key = key;
	t->marks0 = c->marks.n;
	t->used0 = c->marks.nused;
	t->listed0 = c->marks.nlisted;
	cairo_save(c->cr);   /* what the drawing sets stays in it, drawn or put back */
	return 0;
}

/* The marks, glyph keys and rows of the piece just drawn, kept with its
 * key (marked); the reader keeps its lines. */
static void svg_piece_end(sl_kit_canvas *c)
{
	sl_kit_svg_pieces *t = c->svgp;
	int nm, nu, nl;
	svg_piece *p;
	if (t->nested) {
		t->nested--;
		return;
	}
	if (!t->open)
		return;
	t->open = 0;
	cairo_restore(c->cr);
	if (!svg_event(c, SL_KIT_SVG_END, t->open_key))
		return;
	nm = c->marks.n - t->marks0;
	nu = c->marks.nused - t->used0;
	nl = c->marks.nlisted - t->listed0;
	if (!(p = svg_get(t, t->open_key))) {
		t->failed = 1;
		return;
	}
	if (p->marked || p->never)
		return;   /* known already (drawn again before its lines were kept) */
	if (c->marks.failed || nm < 0 || nu < 0 || nl < 0) {
		p->never = 1;
		return;
	}
	if (marks_copy(c, t->marks0, t->used0, t->listed0, &p->marks, &p->nmarks, &p->keys, &p->nused,
		&p->nlisted) < 0) {
		t->failed = 1;
		return;
	}
	p->marked = 1;
}

int sl_kit_svg_piece_lines(const sl_kit_svg_pieces *t, uint64_t key, const size_t **ids,
	char *const **texts, size_t *n)
{
	const svg_piece *p = svg_find(t, key);
	if (!p || !p->lines)
		return 0;
	*ids = p->ids;
	*texts = p->texts;
	*n = p->nids;
	return 1;
}

int sl_kit_svg_piece_keep(sl_kit_svg_pieces *t, uint64_t key, const size_t *ids, size_t n)
{
	svg_piece *p = svg_get(t, key);
	if (!p)
		return SL_ENOMEM;
	if (p->texts && ids && n == p->nids) {   /* its texts read again: their ids now */
		memcpy(p->ids, ids, n * sizeof *ids);
		for (size_t i = 0; i < n; i++)
			sl_free(p->texts[i]);
		sl_free(p->texts);
		p->texts = NULL;
		return SL_OK;
	}
	if (p->lines || p->never)
		return SL_OK;
	if (!ids) {
		p->never = 1;
		return SL_OK;
	}
	if (n && !(p->ids = sl_malloc(n * sizeof *ids)))
		return SL_ENOMEM;
	if (n)
		memcpy(p->ids, ids, n * sizeof *ids);
	p->nids = n;
	p->lines = 1;
	return SL_OK;
}

int sl_kit_svg_pieces_forget(sl_kit_svg_pieces *t, const char *(*text_of)(void *ctx, size_t id), void *ctx)
{
	for (size_t i = 0; i < t->n; i++) {
		svg_piece *p = &t->p[i];
		if (!p->lines || p->texts || !p->nids)
			continue;
		if (!(p->texts = sl_calloc(p->nids, sizeof *p->texts)))
			return SL_ENOMEM;
		for (size_t k = 0; k < p->nids; k++)
			if (!(p->texts[k] = sl_strdup(text_of(ctx, p->ids[k]))))
				return SL_ENOMEM;   /* (freed with the table) */
	}
	return SL_OK;
}

/* A piece a failed painter left open: cairo's state restored; the log
 * has a begin without its end (the document is not read). */
static void svg_pieces_close(sl_kit_canvas *c)
{
	sl_kit_svg_pieces *t = c->svgp;
	if (!t->open)
		return;
	cairo_restore(c->cr);
	t->open = t->nested = 0;
	t->failed = 1;
}
