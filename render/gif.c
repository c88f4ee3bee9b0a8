/* gif.c - animated GIF through giflib: one fixed global palette built from
 * the painter's colours and the first frame's most frequent ones; after the
 * first frame only the rectangle that changed is stored, its unchanged
 * pixels transparent over the frame before (disposal: leave in place). */
#include "sl_export.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

#define NCOL 255          /* palette entries; index 255 is transparent */
#define TRANSP 255
#define CACHE_BITS 16

typedef struct gpending {
	int x, y, w, h;
	int delay_ms;
	int first;
	uint8_t *px;          /* w*h indices */
} gpending;

struct sl_gif {
	int w, h, loops;
	sl_write_fn fn;
	void *closure;
	GifFileType *gf;
	int write_failed;
	uint32_t pal[256];
	int npal;
	const uint32_t *hint;
	int nhint;
	uint8_t *cur, *shown;         /* indices: this frame, what is shown */
	uint32_t ckey[1u << CACHE_BITS];  /* colour -> index cache: key | 1<<24 when used */
	uint8_t cval[1u << CACHE_BITS];
	int have, frames;
	gpending p;
};

static int gif_out(GifFileType *gf, const GifByteType *data, int n)
{
	sl_gif *g = gf->UserData;
	if (g->write_failed || g->fn(g->closure, data, (size_t)n) != 0) {
		g->write_failed = 1;
		return 0;
	}
	return n;
}

static int gif_error(sl_gif *g, int code, sl_error *err)
{
	if (g->write_failed)
		return sl_error_set(err, SL_EIO, "gif: writing the animation failed");
	return sl_error_set(err, code == E_GIF_ERR_NOT_ENOUGH_MEM ? SL_ENOMEM : SL_EIO, "gif: %s",
		GifErrorString(code) ? GifErrorString(code) : "giflib failed");
}

int sl_gif_new(sl_gif **out, int w, int h, int loops, const uint32_t *colours, int ncolours,
	sl_write_fn fn, void *closure, sl_error *err)
{
	sl_gif *g;
	*out = NULL;
	if (w <= 0 || h <= 0 || w > 65535 || h > 65535 || !fn || loops < 0 || loops > 65535)
		return sl_error_set(err, SL_EUSAGE, "gif: bad canvas %dx%d", w, h);
	if (!(g = sl_calloc(1, sizeof *g)))
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	g->w = w;
	g->h = h;
	g->loops = loops;
	g->fn = fn;
	g->closure = closure;
	g->hint = colours;
	g->nhint = colours ? ncolours : 0;
	g->cur = sl_malloc((size_t)w * h);
	g->shown = sl_malloc((size_t)w * h);
	if (!g->cur || !g->shown) {
		sl_gif_free(g);
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory for a %dx%d canvas", w, h);
	}
	*out = g;
	return SL_OK;
}

void sl_gif_free(sl_gif *g)
{
	if (!g)
		return;
	if (g->gf) {
		int e;
		EGifCloseFile(g->gf, &e);
	}
	sl_free(g->cur);
	sl_free(g->shown);
	sl_free(g->p.px);
	sl_free(g);
}

/* ---- palette ------------------------------------------------------------------- */

typedef struct hist {
	uint32_t c, n;
} hist;

static int by_count(const void *a, const void *b)
{
	const hist *x = a, *y = b;
	return x->n != y->n ? (x->n < y->n ? 1 : -1) : (x->c > y->c) - (x->c < y->c);
}

static int pal_has(const sl_gif *g, uint32_t c)
{
	for (int i = 0; i < g->npal; i++)
		if (g->pal[i] == c)
			return 1;
	return 0;
}

/* The painter's colours, then the first frame's most frequent colours. */
static int build_palette(sl_gif *g, const uint32_t *px, int stride, sl_error *err)
{
	size_t cap = 1u << 18, mask = cap - 1, nh = 0;
	hist *t = sl_calloc(cap, sizeof *t);
	if (!t)
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	for (int i = 0; i < g->nhint && g->npal < NCOL; i++)
		if (!pal_has(g, g->hint[i] & 0xffffff))
			g->pal[g->npal++] = g->hint[i] & 0xffffff;
	for (int y = 0; y < g->h; y++) {
		const uint32_t *row = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		for (int x = 0; x < g->w; x++) {
			uint32_t c = (row[x] & 0xffffff) | 1u << 24;
			size_t k = (c * 2654435761u) & mask;
			while (t[k].c && t[k].c != c)
				k = (k + 1) & mask;
			if (!t[k].c) {
				if (nh + 1 >= cap / 2)
					continue;   /* a very busy picture: enough colours seen */
				t[k].c = c;
				nh++;
			}
			t[k].n++;
		}
	}
	qsort(t, cap, sizeof *t, by_count);
	for (size_t i = 0; i < nh && g->npal < NCOL; i++)
		if (!pal_has(g, t[i].c & 0xffffff))
			g->pal[g->npal++] = t[i].c & 0xffffff;
	sl_free(t);
	while (g->npal < NCOL)   /* a tiny picture: pad with grey */
		g->pal[g->npal] = 0x010101u * (uint32_t)g->npal, g->npal++;
	g->pal[TRANSP] = 0;
	return SL_OK;
}

static uint8_t nearest(sl_gif *g, uint32_t c)
{
	uint32_t h = ((c * 2654435761u) >> (32 - CACHE_BITS)), key = c | 1u << 24;
	long best = -1;
	int bi = 0, r = c >> 16 & 255, gr = c >> 8 & 255, b = c & 255;
	if (g->ckey[h] == key)
		return g->cval[h];
	for (int i = 0; i < g->npal && i < NCOL; i++) {
		uint32_t p = g->pal[i];
		long dr = r - (int)(p >> 16 & 255), dg = gr - (int)(p >> 8 & 255), db = b - (int)(p & 255);
		long d = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
		if (best < 0 || d < best) {
			best = d;
			bi = i;
			if (d == 0)
				break;
		}
	}
	g->ckey[h] = key;
	g->cval[h] = (uint8_t)bi;
	return (uint8_t)bi;
}

/* ---- frames ------------------------------------------------------------------------ */

static int start(sl_gif *g, sl_error *err)
{
	GifColorType cols[256];
	ColorMapObject *map;
	int e = 0;
	unsigned char loop[3] = {1, (unsigned char)(g->loops & 255), (unsigned char)(g->loops >> 8)};
	for (int i = 0; i < 256; i++) {
		cols[i].Red = (GifByteType)(g->pal[i] >> 16);
		cols[i].Green = (GifByteType)(g->pal[i] >> 8);
		cols[i].Blue = (GifByteType)g->pal[i];
	}
	if (!(g->gf = EGifOpen(g, gif_out, &e)))
		return gif_error(g, e, err);
	EGifSetGifVersion(g->gf, true);
	if (!(map = GifMakeMapObject(256, cols)))
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	e = EGifPutScreenDesc(g->gf, g->w, g->h, 8, 0, map);
	GifFreeMapObject(map);
	if (e != GIF_OK)
		return gif_error(g, g->gf->Error, err);
	if (EGifPutExtensionLeader(g->gf, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
	    EGifPutExtensionBlock(g->gf, 11, "NETSCAPE2.0") != GIF_OK ||
	    EGifPutExtensionBlock(g->gf, 3, loop) != GIF_OK ||
	    EGifPutExtensionTrailer(g->gf) != GIF_OK)
		return gif_error(g, g->gf->Error, err);
	return SL_OK;
}

static int flush_pending(sl_gif *g, sl_error *err)
{
	GraphicsControlBlock gcb;
	GifByteType ext[4];
	size_t n;
	if (!g->have)
		return SL_OK;
	memset(&gcb, 0, sizeof gcb);
	gcb.DisposalMode = DISPOSE_DO_NOT;
	gcb.DelayTime = (g->p.delay_ms + 5) / 10 > 65535 ? 65535 : (g->p.delay_ms + 5) / 10;
	gcb.TransparentColor = g->p.first ? NO_TRANSPARENT_COLOR : TRANSP;
	n = EGifGCBToExtension(&gcb, ext);
	if (EGifPutExtension(g->gf, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_OK ||
	    EGifPutImageDesc(g->gf, g->p.x, g->p.y, g->p.w, g->p.h, false, NULL) != GIF_OK)
		return gif_error(g, g->gf->Error, err);
	for (int y = 0; y < g->p.h; y++)
		if (EGifPutLine(g->gf, g->p.px + (size_t)y * g->p.w, g->p.w) != GIF_OK)
			return gif_error(g, g->gf->Error, err);
	g->have = 0;
	g->frames++;
	return SL_OK;
}

int sl_gif_frame(sl_gif *g, const uint32_t *px, int stride, int delay_ms, sl_error *err)
{
	int first = !g->gf, x0 = g->w, y0 = g->h, x1 = -1, y1 = -1, rc, rw, rh;
	uint8_t *d;
	if (delay_ms < 0)
		delay_ms = 0;
	if (first && ((rc = build_palette(g, px, stride, err)) < 0 || (rc = start(g, err)) < 0))
		return rc;
	for (int y = 0; y < g->h; y++) {
		const uint32_t *row = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		uint8_t *ci = g->cur + (size_t)y * g->w, *si = g->shown + (size_t)y * g->w;
		int l = -1, r = -1;
		uint32_t lastc = 0xffffffff;
		uint8_t lasti = 0;
		for (int x = 0; x < g->w; x++) {
			uint32_t c = row[x] & 0xffffff;
			if (c != lastc) {
				lastc = c;
				lasti = nearest(g, c);
			}
			ci[x] = lasti;
			if (first || lasti != si[x]) {
				if (l < 0)
					l = x;
				r = x;
			}
		}
		if (l >= 0) {
			if (y < y0) y0 = y;
			y1 = y;
			if (l < x0) x0 = l;
			if (r > x1) x1 = r;
		}
	}
	if (x1 < 0) {   /* nothing changed: the frame before stays longer */
		g->p.delay_ms += delay_ms;
		return SL_OK;
	}
	if ((rc = flush_pending(g, err)) < 0)
		return rc;
	rw = x1 - x0 + 1;
	rh = y1 - y0 + 1;
	if (!(d = sl_realloc(g->p.px, (size_t)rw * rh)))
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	g->p.px = d;
	for (int y = 0; y < rh; y++) {
		uint8_t *ci = g->cur + (size_t)(y0 + y) * g->w + x0, *si = g->shown + (size_t)(y0 + y) * g->w + x0;
		for (int x = 0; x < rw; x++) {
			if (!first && ci[x] == si[x])
				d[(size_t)y * rw + x] = TRANSP;
			else
				d[(size_t)y * rw + x] = si[x] = ci[x];
		}
	}
	g->p.x = x0;
	g->p.y = y0;
	g->p.w = rw;
	g->p.h = rh;
	g->p.first = first;
	g->p.delay_ms = delay_ms;
	g->have = 1;
	return SL_OK;
}

int sl_gif_finish(sl_gif *g, sl_error *err)
{
	int rc, e = 0;
	if (!g->gf)
		return sl_error_set(err, SL_EUSAGE, "gif: no frame");
	if ((rc = flush_pending(g, err)) < 0)
		return rc;
	rc = EGifCloseFile(g->gf, &e);
	g->gf = NULL;
	if (rc != GIF_OK)
		return gif_error(g, e, err);
	return SL_OK;
}
