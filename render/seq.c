/* seq.c - drawing many frames of one game at one size: the painter's ground
 * (map, terrain, grid, labels) is drawn once per ground key and copied under
 * each frame's top layer, so a frame costs what changed, not the map. The
 * pixels are exactly those sl_render_pixels gives: the same operations in
 * the same order on the same buffer, the ground's only done earlier. */
#include "painter.h"
#include "export.h"

#include <cairo-svg.h>
#include <pthread.h>
#include <string.h>

/* A buffer drawn into: its surface, context and kit canvas, kept. */
typedef struct seq_target {
	uint32_t *px;
	cairo_surface_t *surf;
	cairo_t *cr;
	sl_kit_canvas cv;
	int cv_ok;
} seq_target;

struct sl_render_seq {
	int w, h;
	sl_render_opts o;
	const sl_painter *p;        /* the painter of the last frame */
	seq_target own;             /* the seq's own pixels, w*h */
	seq_target into[SL_RENDER_SEQ_TARGETS];   /* callers' (sl_render_seq_draw_into) */
	int ninto;
	seq_target gt;              /* the ground under key, w*h (not shared) */
	uint64_t key;
	int have_ground;
	sl_render_grounds *shared;  /* the grounds the seqs share, or NULL */
	sl_kit_pieces *pieces;      /* the top layer's pieces kept (render/piece.c) */
	int gi;                     /* shared: the one under key, held (-1: none) */
};

/* ---- grounds shared between threads ------------------------------------------------ */

#define SHARED_GROUNDS 4   /* the last ones drawn kept (a wind that comes back) */
#define GROUNDS_MAX (SHARED_GROUNDS + 8)   /* and one held or being drawn by each seq */

/* A ground of the shared ones: drawn once into its own pixels by the seq
 * that found it missing, then only read (copied under frames) by every seq
 * holding it; let go (drawn over by another ground) only when none holds
 * it. */
typedef struct shared_ground {
	seq_target t;          /* its pixels and a target over them */
	uint64_t key;
	const sl_painter *p;
	int ready;             /* drawn: key and p are its */
	int drawing;           /* being drawn (key and p are what it will be) */
	int held;              /* the seqs holding it (or drawing it) */
	unsigned long used;    /* when last taken */
} shared_ground;

struct sl_render_grounds {
	pthread_mutex_t mu;
	pthread_cond_t cv;     /* a ground drawn */
	int w, h, n, theme, themed;
	unsigned long clock;
	shared_ground g[GROUNDS_MAX];
};

int sl_render_grounds_new(sl_render_grounds **out, int w, int h, sl_error *err)
{
	sl_render_grounds *g;
	*out = NULL;
	if (!(g = sl_calloc(1, sizeof *g)))
		return sl_error_set(err, SL_ENOMEM, "render: out of memory");
	if (pthread_mutex_init(&g->mu, NULL) != 0) {
		sl_free(g);
		return sl_error_set(err, SL_ENOMEM, "render: cannot make a lock");
	}
	if (pthread_cond_init(&g->cv, NULL) != 0) {
		pthread_mutex_destroy(&g->mu);
		sl_free(g);
		return sl_error_set(err, SL_ENOMEM, "render: cannot make a lock");
	}
	g->w = w;
	g->h = h;
	*out = g;
	return SL_OK;
}

static void target_fini(seq_target *t);

void sl_render_grounds_free(sl_render_grounds *g)
{
	if (!g)
		return;
	for (int k = 0; k < g->n; k++) {
		uint32_t *px = g->g[k].t.px;
		target_fini(&g->g[k].t);
		sl_free(px);
	}
	pthread_mutex_destroy(&g->mu);
	sl_free(g);
}

void sl_render_seq_share(sl_render_seq *s, sl_render_grounds *g)
{
	if (!s || !g || g->w != s->w || g->h != s->h || s->shared)
		return;
	pthread_mutex_lock(&g->mu);
	if (!g->themed) {   /* the grounds' canvases are of one theme */
		g->themed = 1;
		g->theme = s->o.theme;
	}
	if (g->theme == s->o.theme)
		s->shared = g;
	pthread_mutex_unlock(&g->mu);
}

/* Lets go of the shared ground the seq holds. */
static void grounds_release(sl_render_seq *s)
{
	sl_render_grounds *g = s->shared;
	if (!g || s->gi < 0)
		return;
	pthread_mutex_lock(&g->mu);
	g->g[s->gi].held--;
	pthread_mutex_unlock(&g->mu);
	s->gi = -1;
}

/* Holds the ground of key by p: 1 when one is drawn (*k), else 0 with *k
 * one held for the caller to draw into (its pixels may be NULL: none yet),
 * -1 when every one is held (more seqs than GROUNDS_MAX allows). */
static int grounds_take(sl_render_grounds *g, uint64_t key, const sl_painter *p, int *k)
{
	int best = -1, rc = 0, wait;
	pthread_mutex_lock(&g->mu);
	g->clock++;
	do {   /* one being drawn by another seq is waited for, not drawn twice */
		wait = 0;
		for (int i = 0; i < g->n; i++)
			if ((g->g[i].ready || g->g[i].drawing) && g->g[i].key == key && g->g[i].p == p) {
				if (g->g[i].drawing) {
					wait = 1;
					continue;
				}
				g->g[i].held++;
				g->g[i].used = g->clock;
				*k = i;
				pthread_mutex_unlock(&g->mu);
				return 1;
			}
		if (wait)
			pthread_cond_wait(&g->cv, &g->mu);
	} while (wait);
	/* one nobody holds, the least recently taken; a new one while fewer
	 * than SHARED_GROUNDS are kept or when every one is held */
	for (int i = 0; i < g->n; i++)
		if (!g->g[i].held && (best < 0 || !g->g[i].ready ||
		    (g->g[best].ready && g->g[i].used < g->g[best].used)))
			best = i;
	if ((best < 0 || (g->g[best].ready && g->n < SHARED_GROUNDS)) && g->n < GROUNDS_MAX)
		best = g->n++;
	if (best < 0)
		rc = -1;
	else {
		g->g[best].ready = 0;
		g->g[best].drawing = 1;
		g->g[best].key = key;
		g->g[best].p = p;
		g->g[best].held = 1;
		g->g[best].used = g->clock;
		*k = best;
	}
	pthread_mutex_unlock(&g->mu);
	return rc;
}

/* The ground *k, drawn, is key's by p (or, when drawing it failed, nobody's). */
static void grounds_drawn(sl_render_grounds *g, int k, uint64_t key, const sl_painter *p, int ok)
{
	pthread_mutex_lock(&g->mu);
	g->g[k].key = key;
	g->g[k].p = p;
	g->g[k].ready = ok;
	g->g[k].drawing = 0;
	if (!ok)
		g->g[k].held--;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

static void target_fini(seq_target *t)
{
	if (t->cv_ok)
		sl_kit_canvas_fini(&t->cv);
	if (t->cr)
		cairo_destroy(t->cr);
	if (t->surf)
		cairo_surface_destroy(t->surf);
	memset(t, 0, sizeof *t);
}

void sl_render_seq_free(sl_render_seq *s)
{
	uint32_t *px, *ground;
	if (!s)
		return;
	grounds_release(s);
	sl_kit_pieces_free(s->pieces);
	px = s->own.px;
	ground = s->gt.px;
	target_fini(&s->own);
	target_fini(&s->gt);
	for (int k = 0; k < s->ninto; k++)
		target_fini(&s->into[k]);
	sl_free(px);
	sl_free(ground);
	sl_free(s);
}

/* A target over *px, allocated when NULL. */
static int make_target(sl_render_seq *s, uint32_t **px, cairo_surface_t **surf, cairo_t **cr,
	sl_kit_canvas *cv, int *cv_ok, sl_error *err)
{
	int rc;
	if (!*px && !(*px = sl_malloc((size_t)s->w * s->h * 4)))
		return sl_error_set(err, SL_ENOMEM, "render: out of memory for a %dx%d frame",
			s->w, s->h);
	*surf = cairo_image_surface_create_for_data((unsigned char *)*px, CAIRO_FORMAT_RGB24,
		s->w, s->h, s->w * 4);
	if (cairo_surface_status(*surf) != CAIRO_STATUS_SUCCESS)
		return sl_error_set(err, SL_ENOMEM, "render: cannot make a %dx%d canvas", s->w, s->h);
	*cr = cairo_create(*surf);
	if (cairo_status(*cr) != CAIRO_STATUS_SUCCESS)
		return sl_error_set(err, SL_ENOMEM, "render: cannot make a %dx%d canvas", s->w, s->h);
	/* the canvas is sized per frame (its natural size may differ); its
	 * font options and Pango context are made once */
	if ((rc = sl_kit_canvas_init(cv, *cr, 1, 1, s->o.theme)) < 0)
		return sl_error_set(err, rc, "render: cannot set up the canvas");
	*cv_ok = 1;
	return SL_OK;
}

int sl_render_seq_new(sl_render_seq **out, int w, int h, const sl_render_opts *o,
	sl_error *err)
{
	sl_render_seq *s;
	int rc;
	*out = NULL;
	if (w <= 0 || h <= 0 || w > SL_RENDER_MAX_SIDE || h > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE, "render: a %dx%d canvas is out of range", w, h);
	if (!(s = sl_calloc(1, sizeof *s)))
		return sl_error_set(err, SL_ENOMEM, "render: out of memory");
	s->w = w;
	s->h = h;
	s->o = *o;
	s->gi = -1;
	if (sl_kit_pieces_new(&s->pieces) < 0) {
		sl_render_seq_free(s);
		return sl_error_set(err, SL_ENOMEM, "render: out of memory");
	}
	if ((rc = make_target(s, &s->own.px, &s->own.surf, &s->own.cr, &s->own.cv, &s->own.cv_ok,
		err)) < 0) {
		sl_render_seq_free(s);
		return rc;
	}
	*out = s;
	return SL_OK;
}

/* The letterbox of sl_render_cairo: page colour over the box, then the
 * painter's natural canvas scaled and centred in it. */
static void place(cairo_t *cr, sl_kit_canvas *cv, int w, int h, int nw, int nh, int bh, int bg)
{
	double sc = (double)w / nw < (double)h / nh ? (double)w / nw : (double)h / nh;
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_clip(cr);
	if (bg) {
		cairo_set_source_rgb(cr, cv->pal.bg.r, cv->pal.bg.g, cv->pal.bg.b);
		cairo_paint(cr);
	}
	cairo_translate(cr, (w - nw * sc) / 2, (h - nh * sc) / 2);
	cairo_scale(cr, sc, sc);
	cv->width = nw;
	cv->height = bh;   /* the painter's board; the result band below it */
	sl_kit_begin(cv);  /* no label of the last frame stays in the placer's way */
}

static int painted(cairo_t *cr, int rc, const sl_painter *p, sl_error *err)
{
	cairo_status_t st = cairo_status(cr);
	if (rc < 0) {
		if (err && err->code == 0)
			sl_error_set(err, rc, "render: the %s painter failed", p->game_id);
		return rc;
	}
	if (st != CAIRO_STATUS_SUCCESS)
		return sl_error_set(err, st == CAIRO_STATUS_NO_MEMORY ? SL_ENOMEM : SL_EIO,
			"render: cairo failed: %s", cairo_status_to_string(st));
	return SL_OK;
}

static int draw(sl_render_seq *s, seq_target *t, const sl_frame *fr, sl_error *err)
{
	const sl_painter *p;
	const uint32_t *ground;
	int nw = 0, nh = 0, bh = 0, rc;
	uint64_t key;
	if (!fr || !fr->game || !fr->state)
		return sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
	if (!(p = sl_painter_of(fr, err)))
		return SL_EUSAGE;
	if ((rc = sl_painter_size(p, fr, &s->o, &nw, &nh, &bh, err)) < 0)
		return rc;
	if (nw <= 0 || nh <= 0)
		return sl_error_set(err, SL_ERANGE, "render: empty board");
	t->cv.pieces = s->pieces;   /* a frame's canvas keeps pieces; a ground's, none */
	sl_kit_pieces_target(s->pieces, t->surf, t->px, s->w, s->h, s->w * 4);
	if (!p->layers) {   /* drawn whole, every time */
		cairo_save(t->cr);
		place(t->cr, &t->cv, s->w, s->h, nw, nh, bh, 1);
		sl_kit_clear(&t->cv);
		rc = p->paint(&t->cv, fr, &s->o, err);
		if (rc >= 0)
			rc = sl_kit_result_band(&t->cv, fr, bh, nh - bh, err);
		rc = sl_kit_status(&t->cv, rc, err);
		sl_kit_pieces_close(&t->cv);
		cairo_restore(t->cr);
		cairo_surface_flush(t->surf);
		return painted(t->cr, rc, p, err);
	}
	key = p->layers->ground_key(fr, &s->o);
	key = sl_hash64_update(key, &nw, sizeof nw);
	key = sl_hash64_update(key, &nh, sizeof nh);
	if (!s->have_ground || s->key != key || s->p != p) {
		seq_target *gt = &s->gt;
		int k = -1;
		s->have_ground = 0;
		if (s->shared) {   /* held, not copied: drawn by another, or here for all */
			grounds_release(s);
			if ((rc = grounds_take(s->shared, key, p, &k)) < 0)
				return sl_error_set(err, SL_EUSAGE, "render: more than %d seqs share the grounds",
					GROUNDS_MAX - SHARED_GROUNDS);
			s->gi = k;
			if (rc == 1)
				goto have_ground;
			gt = &s->shared->g[k].t;
		}
		if (!gt->surf && (rc = make_target(s, &gt->px, &gt->surf, &gt->cr, &gt->cv, &gt->cv_ok, err)) < 0) {
			uint32_t *px = gt->px;
			target_fini(gt);   /* made again next time */
			sl_free(px);
			if (k >= 0) {
				grounds_drawn(s->shared, k, key, p, 0);
				s->gi = -1;
			}
			return rc;
		}
		cairo_surface_flush(gt->surf);
		cairo_save(gt->cr);
		place(gt->cr, &gt->cv, s->w, s->h, nw, nh, bh, 1);
		sl_kit_clear(&gt->cv);
		rc = p->layers->paint(&gt->cv, fr, &s->o, SL_LAYER_GROUND, err);
		rc = sl_kit_status(&gt->cv, rc, err);
		cairo_restore(gt->cr);
		cairo_surface_flush(gt->surf);
		rc = painted(gt->cr, rc, p, err);
		if (k >= 0) {
			grounds_drawn(s->shared, k, key, p, rc >= 0);
			if (rc < 0)
				s->gi = -1;
		}
		if (rc < 0)
			return rc;
	have_ground:
		s->have_ground = 1;
		s->key = key;
		s->p = p;
	}
	ground = s->shared ? s->shared->g[s->gi].t.px : s->gt.px;
	cairo_surface_flush(t->surf);
	memcpy(t->px, ground, (size_t)s->w * s->h * 4);
	cairo_surface_mark_dirty(t->surf);
	cairo_save(t->cr);
	place(t->cr, &t->cv, s->w, s->h, nw, nh, bh, 0);
	rc = p->layers->paint(&t->cv, fr, &s->o, SL_LAYER_TOP, err);
	if (rc >= 0)
		rc = sl_kit_result_band(&t->cv, fr, bh, nh - bh, err);
	rc = sl_kit_status(&t->cv, rc, err);
	sl_kit_pieces_close(&t->cv);
	cairo_restore(t->cr);
	cairo_surface_flush(t->surf);
	return painted(t->cr, rc, p, err);
}

int sl_render_seq_draw(sl_render_seq *s, const sl_frame *fr, const uint32_t **px,
	sl_error *err)
{
	int rc = draw(s, &s->own, fr, err);
	if (rc == SL_OK)
		*px = s->own.px;
	return rc;
}

int sl_render_seq_draw_into(sl_render_seq *s, const sl_frame *fr, uint32_t *dst, sl_error *err)
{
	seq_target *t = NULL;
	int rc;
	for (int k = 0; k < s->ninto && !t; k++)
		if (s->into[k].px == dst)
			t = &s->into[k];
	if (!t) {
		if (s->ninto == SL_RENDER_SEQ_TARGETS)
			return sl_error_set(err, SL_EUSAGE, "render: more than %d buffers drawn into",
				SL_RENDER_SEQ_TARGETS);
		t = &s->into[s->ninto++];
		t->px = dst;
		if ((rc = make_target(s, &t->px, &t->surf, &t->cr, &t->cv, &t->cv_ok, err)) < 0)
			return rc;
	}
	return draw(s, t, fr, err);
}

/* ---- one layer as SVG (the HTML viewer) ---------------------------------------------- */

typedef struct svg_sink {
	sl_write_fn fn;
	void *closure;
	int failed;
	int oom;        /* the writer was out of memory (a buffer's), not a file's error */
} svg_sink;

static cairo_status_t svg_write(void *closure, const unsigned char *data, unsigned int len)
{
	svg_sink *s = closure;
	int rc = 0;
	if (s->failed || (len && (rc = s->fn(s->closure, data, len)) != 0)) {
		if (!s->failed)
			s->oom = rc == SL_ENOMEM;
		s->failed = 1;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

int sl_render_ground_key(const sl_frame *fr, const sl_render_opts *o, uint64_t *key,
	sl_error *err)
{
	const sl_painter *p;
	int nw = 0, nh = 0, bh, rc;
	if (!fr || !fr->game || !fr->state)
		return sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
	if (!(p = sl_painter_of(fr, err)))
		return SL_EUSAGE;
	if ((rc = sl_painter_size(p, fr, o, &nw, &nh, &bh, err)) < 0)
		return rc;
	*key = p->layers ? p->layers->ground_key(fr, o) : 0;
	*key = sl_hash64_update(*key, &nw, sizeof nw);
	*key = sl_hash64_update(*key, &nh, sizeof nh);
	return SL_OK;
}

/* The layers in mask of fr through cr and its canvas cv (on an SVG surface
 * of w x h), ended by a page break when page is set. */
static int draw_svg_on(cairo_t *cr, sl_kit_canvas *cv, const sl_frame *fr, const sl_render_opts *o, int mask,
	int w, int h, int page, sl_error *err)
{
	const sl_painter *p;
	int nw = 0, nh = 0, bh = 0, rc = SL_OK;
	if (!fr || !fr->game || !fr->state)
		return sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
	if (!(p = sl_painter_of(fr, err)))
		return SL_EUSAGE;
	if ((rc = sl_painter_size(p, fr, o, &nw, &nh, &bh, err)) < 0)
		return rc;
	if (nw <= 0 || nh <= 0)
		return sl_error_set(err, SL_ERANGE, "render: empty board");
	cairo_save(cr);
	place(cr, cv, w, h, nw, nh, bh, mask & SL_LAYER_GROUND);
	if (!p->layers) {   /* the ground is the page; the top, the whole frame */
		if (mask & SL_LAYER_TOP) {
			sl_kit_clear(cv);
			rc = p->paint(cv, fr, o, err);
		}
	} else {
		if (mask & SL_LAYER_GROUND)
			sl_kit_clear(cv);
		rc = p->layers->paint(cv, fr, o, mask, err);
	}
	if (rc >= 0 && (mask & SL_LAYER_TOP))
		rc = sl_kit_result_band(cv, fr, bh, nh - bh, err);
	rc = sl_kit_status(cv, rc, err);
	cairo_restore(cr);
	if (rc >= 0 && page)
		cairo_show_page(cr);
	return painted(cr, rc, p, err);
}

/* draw_svg_on through a cairo context and canvas of their own */
static int draw_svg(cairo_surface_t *surf, const sl_frame *fr, const sl_render_opts *o, int mask,
	int w, int h, int page, sl_error *err)
{
	cairo_t *cr = cairo_create(surf);
	sl_kit_canvas cv;
	int rc;
	if ((rc = sl_kit_canvas_init(&cv, cr, 1, 1, o->theme)) < 0)
		rc = sl_error_set(err, rc, "render: cannot set up the canvas");
	else {
		rc = draw_svg_on(cr, &cv, fr, o, mask, w, h, page, err);
		sl_kit_canvas_fini(&cv);
	}
	cairo_destroy(cr);
	return rc;
}

static cairo_surface_t *svg_surface(svg_sink *sk, int w, int h, cairo_svg_version_t v, sl_error *err)
{
	cairo_surface_t *surf = cairo_svg_surface_create_for_stream(svg_write, sk, w, h);
	if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		sl_error_set(err, SL_ENOMEM, "render: cannot make an SVG surface");
		return NULL;
	}
	cairo_svg_surface_restrict_to_version(surf, v);
	cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PX);
	return surf;
}

/* cairo writes the document when the surface is finished */
static int svg_finish(cairo_surface_t *surf, svg_sink *sk, int rc, sl_error *err)
{
	cairo_status_t st;
	cairo_surface_finish(surf);
	st = cairo_surface_status(surf);
	cairo_surface_destroy(surf);
	if (rc == SL_OK && (st != CAIRO_STATUS_SUCCESS || sk->failed))
		rc = sk->oom || !sk->failed ? sl_error_set(err, SL_ENOMEM, "render: out of memory writing the SVG") :
			sl_error_set(err, SL_EIO, "render: writing the SVG failed");
	return rc;
}

int sl_render_svg_layers(const sl_frame *fr, const sl_render_opts *o, int mask, int w, int h,
	sl_write_fn fn, void *closure, sl_error *err)
{
	svg_sink sk = {fn, closure, 0, 0};
	cairo_surface_t *surf;
	int rc;
	if (!fr || !fr->game || !fr->state)
		return sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
	if (!(surf = svg_surface(&sk, w, h, CAIRO_SVG_VERSION_1_1, err)))
		return SL_ENOMEM;
	rc = draw_svg(surf, fr, o, mask, w, h, 0, err);
	return svg_finish(surf, &sk, rc, err);
}

/* The pages of one document share a cairo context and a canvas, so that
 * the canvas's layouts are kept from page to page (the HTML viewer's steps
 * draw the same labels again; laying them out anew was a tenth of a step):
 * a kept layout draws what a new one would (render/kit.c), and the context
 * is at each page's start as a new one is (every page's drawing is inside a
 * save and restore). */
struct sl_svg_pages {
	svg_sink sk;
	cairo_surface_t *surf;
	cairo_t *cr;
	sl_kit_canvas cv;
	int cv_ok, theme;
	int w, h;
	struct sl_kit_svg_pieces *svgp;
	int pages;
};

void sl_svg_pages_pieces(sl_svg_pages *pg, struct sl_kit_svg_pieces *t)
{
	pg->svgp = t;
}

int sl_svg_pages_new(sl_svg_pages **out, int w, int h, sl_write_fn fn, void *closure, sl_error *err)
{
	sl_svg_pages *pg = sl_calloc(1, sizeof *pg);
	*out = NULL;
	if (!pg)
		return sl_error_set(err, SL_ENOMEM, "render: out of memory");
	pg->sk.fn = fn;
	pg->sk.closure = closure;
	pg->w = w;
	pg->h = h;
	if (!(pg->surf = svg_surface(&pg->sk, w, h, CAIRO_SVG_VERSION_1_2, err))) {
		sl_free(pg);
		return SL_ENOMEM;
	}
	*out = pg;
	return SL_OK;
}

static void pages_canvas_free(sl_svg_pages *pg)
{
	if (pg->cv_ok)
		sl_kit_canvas_fini(&pg->cv);
	if (pg->cr)
		cairo_destroy(pg->cr);
	pg->cv_ok = 0;
	pg->cr = NULL;
}

int sl_svg_pages_add(sl_svg_pages *pg, const sl_frame *fr, const sl_render_opts *o, int mask,
	sl_error *err)
{
	int rc;
	if (pg->cv_ok && pg->theme != o->theme)
		pages_canvas_free(pg);
	if (!pg->cr) {
		pg->cr = cairo_create(pg->surf);
		if (cairo_status(pg->cr) != CAIRO_STATUS_SUCCESS) {
			pages_canvas_free(pg);
			return sl_error_set(err, SL_ENOMEM, "render: out of memory");
		}
		if ((rc = sl_kit_canvas_init(&pg->cv, pg->cr, 1, 1, o->theme)) < 0) {
			pages_canvas_free(pg);
			return sl_error_set(err, rc, "render: cannot set up the canvas");
		}
		pg->cv_ok = 1;
		pg->theme = o->theme;
	}
	pg->cv.svgp = pg->svgp;
	if (pg->svgp)
		sl_kit_svg_pieces_page(pg->svgp, pg->pages, pg->w, pg->h);
	pg->pages++;
	return draw_svg_on(pg->cr, &pg->cv, fr, o, mask, pg->w, pg->h, 1, err);
}

int sl_svg_pages_finish(sl_svg_pages *pg, sl_error *err)
{
	int rc;
	pages_canvas_free(pg);
	rc = svg_finish(pg->surf, &pg->sk, SL_OK, err);
	sl_free(pg);
	return rc;
}

void sl_svg_pages_free(sl_svg_pages *pg)
{
	if (!pg)
		return;
	pg->sk.failed = 1;   /* destroyed, cairo would write the document */
	pages_canvas_free(pg);
	cairo_surface_destroy(pg->surf);
	sl_free(pg);
}
