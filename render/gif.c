/* gif.c - animated GIF: giflib writes the screen, extensions and trailer,
 * our LZW writes the images. One fixed global palette built from the
 * painter's colours and the first frame's most frequent ones; after the
 * first frame only the rectangle that changed is stored over the frame
 * before (disposal: leave in place), its unchanged pixels transparent, as
 * they are, or a mix (gaps inside changed shapes up to a length searched
 * for each frame kept as they are, also longer ones of one colour with a
 * neighbour, or each pixel chosen as LZW goes with a bounded look ahead),
 * whichever is smallest; the transparent index is the lowest one the
 * frame does not use and codes are as short as its largest index allows
 * (gifsicle's tricks), or a local table when that is smaller; a full LZW
 * table is cleared at once or kept while it pays, whichever is smaller for
 * the frame. Palette index 255 is never a colour. The candidates are
 * weighed on the rectangle's rows that changed (encode_rect), and
 * rectangles are encoded on a pool of threads, written in order: the bytes
 * do not depend on the number of threads. */
#include "sl_export.h"
#include "lzw.h"

#include <gif_lib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define NCOL 255          /* palette entries; index 255 is transparent */
#define TRANSP 255
#define CACHE_BITS 16

typedef struct gpending {
	int x, y, w, h;
	int delay_ms;
	int first;
	int transp;           /* the transparent index, -1 for none */
	int ncol;             /* entries of the local colour table, 0 = the global one */
	int mincode;          /* LZW minimum code size */
	int rule;             /* the rule for a full LZW table (lzw.h) */
	int filled;           /* the table fills */
	uint32_t col[128];    /* the local colour table */
	uint8_t *px;          /* w*h indices */
} gpending;

typedef struct gaprun {
	size_t at, len;
	int one;              /* one colour, the one of the pixel before or after */
} gaprun;

/* The search and encoding of one rectangle (see encode_rect): the
 * rectangle's indices in cur (this frame) and shown (what was shown
 * before), w a row; scratch kept from one rectangle to the next. One per
 * encoding thread. */
typedef struct genc {
	int w;
	const uint8_t *cur, *shown;
	const uint32_t *pal;          /* the global palette */
	uint8_t *cand, *alt;          /* candidate rectangles */
	uint8_t *lin, *base;          /* the rectangle as it is, and unchanged pixels transparent */
	size_t cap;                   /* bytes of each buffer above and p.px */
	gaprun *gaps;                 /* its inner gaps (see scan_gaps) */
	size_t ngaps, capgaps;
	sl_lzw lz;                    /* the LZW table */
	size_t longest;               /* the longest inner gap, see fill_gaps */
	uint8_t used_lin[256], used_base[256];   /* the values of lin and of base */
	int used_lin_ok;              /* used_lin counted for this lin */
	int keep_runs;                /* fill_gaps keeps a longer gap of the colour before it */
	size_t rgap;                  /* the gap and keep_runs of the smallest candidate so far */
	int rkeep;
	uint8_t *ccur, *cshown;       /* the rows of the rectangle that changed (see encode_rect) */
	size_t ccap;
	gpending p;
	pthread_t th;
	struct sl_gif *g;
} genc;

/* A frame: its rectangle on the canvas, its indices until encoded, then
 * its image (descriptor, local table, LZW data) until written. */
typedef struct gjob {
	int x, y, w, h, first, delay_ms, transp;
	int state;                    /* QUEUED, RUNNING, DONE */
	uint8_t *cur, *shown;
	sl_buf img;
} gjob;
enum { QUEUED = 1, RUNNING = 2, DONE = 3 };
#define MAX_THREADS 8
#define MAX_QUEUED (2 * MAX_THREADS + 2)

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
	uint32_t *last;               /* the frame before, as it came */
	uint32_t ckey[1u << CACHE_BITS];  /* colour -> index cache: key | 1<<24 when used */
	uint8_t cval[1u << CACHE_BITS];
	int frames;
	/* frames in order: [written, nj) not yet written, the last one the
	 * latest (its delay may still grow); encoded on threads of their own:
	 * a frame's bytes depend on it and the frame before alone */
	gjob **jobs;
	size_t nj, capj, written, queued;
	int nthreads, started, stop;
	genc wk[MAX_THREADS + 1];     /* wk[0]: encodes inline when no thread runs */
	pthread_mutex_t mu;
	pthread_cond_t cv;
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
	g->nthreads = 1;
	g->hint = colours;
	g->nhint = colours ? ncolours : 0;
	g->cur = sl_malloc((size_t)w * h);
	g->shown = sl_calloc((size_t)w, h);
	g->last = sl_malloc((size_t)w * h * 4);
	if (!g->cur || !g->shown || !g->last) {
		sl_gif_free(g);
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory for a %dx%d canvas", w, h);
	}
	*out = g;
	return SL_OK;
}

void sl_gif_threads(sl_gif *g, int n)
{
	if (g && !g->started && g->nj == 0)
		g->nthreads = n < 0 ? 0 : n > MAX_THREADS ? MAX_THREADS : n;
}

static void genc_free(genc *e)
{
	sl_free(e->cand);
	sl_free(e->alt);
	sl_free(e->lin);
	sl_free(e->base);
	sl_free(e->gaps);
	sl_free(e->ccur);
	sl_free(e->cshown);
	sl_free(e->p.px);
	memset(e, 0, sizeof *e);
}

static void stop_workers(sl_gif *g)
{
	if (!g->started)
		return;
	pthread_mutex_lock(&g->mu);
	g->stop = 1;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
	for (int t = 1; t <= g->started; t++)
		pthread_join(g->wk[t].th, NULL);
	pthread_mutex_destroy(&g->mu);
	pthread_cond_destroy(&g->cv);
	g->started = 0;
}

static void job_free(gjob *j)
{
	if (!j)
		return;
	sl_free(j->cur);
	sl_free(j->shown);
	sl_buf_free(&j->img);
	sl_free(j);
}

void sl_gif_free(sl_gif *g)
{
	if (!g)
		return;
	stop_workers(g);
	if (g->gf) {
		int e;
		EGifCloseFile(g->gf, &e);
	}
	for (size_t i = 0; i < g->nj; i++)
		job_free(g->jobs[i]);
	sl_free(g->jobs);
	for (int t = 0; t <= MAX_THREADS; t++)
		genc_free(&g->wk[t]);
	sl_free(g->cur);
	sl_free(g->shown);
	sl_free(g->last);
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
	for (size_t i = 0, k = 0; i < cap && k < nh; i++)   /* the used slots first: sort only them */
		if (t[i].n)
			t[k++] = t[i];
	qsort(t, nh, sizeof *t, by_count);
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

/* ---- choosing how to store a rectangle ------------------------------------------- */

/* The pixels of a rectangle as lzw_wild sees them: v the values, wild
 * set where a pixel may be stored transparent or as it is. */
typedef struct wscan {
	const sl_lzw *t;
	const uint8_t *v, *wild;
	size_t n;
	int budget;           /* table look-ups left for this choice */
} wscan;

/* How far the longest string in the table reaches from code node, which
 * has matched up to pixel i, trying both ways of every unchanged pixel
 * while the budget lasts. */
static size_t wild_reach(wscan *s, int node, size_t i)
{
	size_t best = i;
	while (i < s->n && s->budget > 0) {
		int a = s->wild[i] ? sl_lzw_find(s->t, node, TRANSP) : -1;
		int b = sl_lzw_find(s->t, node, s->v[i]);
		s->budget -= 2;
		if (a >= 0 && b >= 0) {
			size_t r = wild_reach(s, a, i + 1);
			if (r > best)
				best = r;
		} else if (a < 0 && b < 0)
			break;
		node = b >= 0 ? b : a;
		i++;
	}
	return i > best ? i : best;
}

/* The look-ups allowed for each choice of an unchanged pixel: the search
 * below costs at most this much per pixel of the rectangle. A longer look
 * ahead buys nothing: heron-bank's export is 996 652 B with 64, 996 585
 * with 16, 996 613 with 8, 996 664 with 2 or 4; the look-ups were a
 * quarter of the GIF's CPU at 64. */
#define WILD_BUDGET 8

/* Chooses the unchanged pixels of the rectangle as LZW goes (gifsicle's
 * idea): such a pixel may be stored transparent or as it is; where the
 * table holds both ways on, the one whose strings reach further ahead is
 * taken (a bounded search), and a new string starts the same way. Ties go
 * to transparent, which keeps the strings of unchanged areas alike. */
static void lzw_wild(genc *g, int x0, int y0, int rw, int rh, uint8_t *out)
{
	sl_lzw *t = &g->lz;
	size_t n = (size_t)rw * rh, i = 0;
	uint8_t *wild = g->alt;
	int next = 258, prefix, prefer_v = 0;
	wscan s;
	for (int y = 0; y < rh; y++) {
		const uint8_t *ci = g->cur + (size_t)(y0 + y) * g->w + x0;
		const uint8_t *si = g->shown + (size_t)(y0 + y) * g->w + x0;
		for (int x = 0; x < rw; x++) {
			out[(size_t)y * rw + x] = ci[x];
			wild[(size_t)y * rw + x] = ci[x] == si[x];
		}
	}
	s.t = t;
	s.v = out;   /* read ahead of i only, written behind it */
	s.wild = wild;
	s.n = n;
	memset(t->slot, 0, sizeof t->slot);
	if (!n)
		return;
	/* the first string: its first pixel chosen by how far it reaches */
	prefix = out[0];
	if (wild[0]) {
		size_t rt, rv;
		s.budget = WILD_BUDGET;
		rt = wild_reach(&s, TRANSP, 1);
		s.budget = WILD_BUDGET;
		rv = wild_reach(&s, out[0], 1);
		prefix = rv > rt ? out[0] : TRANSP;
		out[0] = (uint8_t)prefix;
	}
	for (i = 1; i < n; i++) {
		int v = out[i], a = wild[i] ? sl_lzw_find(t, prefix, TRANSP) : -1, b = sl_lzw_find(t, prefix, v);
		int c;
		if (a >= 0 && b >= 0) {
			size_t ra, rb;
			s.budget = WILD_BUDGET;
			ra = wild_reach(&s, a, i + 1);
			s.budget = WILD_BUDGET;
			rb = wild_reach(&s, b, i + 1);
			a = rb > ra || (rb == ra && prefer_v) ? -1 : a;
		}
		if (a >= 0 || b >= 0) {
			out[i] = (uint8_t)(a >= 0 ? TRANSP : v);
			if (wild[i])
				prefer_v = a < 0;
			prefix = a >= 0 ? a : b;
			continue;
		}
		/* no string goes on: a new one starts here, its first pixel the
		 * way that reaches further */
		c = v;
		if (wild[i]) {
			size_t rt, rv;
			s.budget = WILD_BUDGET;
			rt = wild_reach(&s, TRANSP, i + 1);
			s.budget = WILD_BUDGET;
			rv = wild_reach(&s, v, i + 1);
			c = rv > rt || (rv == rt && prefer_v) ? v : TRANSP;
			prefer_v = c == v;
		}
		out[i] = (uint8_t)c;
		if (next >= 4095) {
			memset(t->slot, 0, sizeof t->slot);
			next = 258;
		} else {
			t->slot[sl_lzw_probe(t, prefix, c)] = ((uint32_t)prefix << 8 | (uint32_t)c) << 12 |
				(uint32_t)next;
			next++;
		}
		prefix = c;
	}
}

/* Sets used[v] for every value v of px[0..n). */
static void mark_used(const uint8_t *px, size_t n, uint8_t *used)
{
	for (size_t i = 0; i < n; i++)
		used[px[i]] = 1;
}

/* The rectangle x0, y0, rw, rh in raster order: g->lin as it is, g->base
 * with its unchanged pixels transparent, and in g->gaps the runs of
 * unchanged pixels between changed ones; g->longest the longest run. The
 * first frame: g->lin only. */
/* Words of 8 pixels: all of value b (bb = b in every byte), and holding a
 * byte of TRANSP at all. */
static uint64_t word_at(const uint8_t *p)
{
	uint64_t w;
	memcpy(&w, p, 8);
	return w;
}

static int has_transp(uint64_t w)
{
	uint64_t z = ~w;   /* a TRANSP byte is a zero byte of z */
	return ((z - 0x0101010101010101ull) & ~z & 0x8080808080808080ull) != 0;
}

/* px[0..n) all of value v. */
static int all_of(const uint8_t *px, size_t n, uint8_t v)
{
	uint64_t vv = 0x0101010101010101ull * v;
	size_t i = 0;
	for (; i + 8 <= n; i += 8)
		if (word_at(px + i) != vv)
			return 0;
	for (; i < n; i++)
		if (px[i] != v)
			return 0;
	return 1;
}

static int scan_gaps(genc *g, int x0, int y0, int rw, int rh, int first)
{
	size_t n = (size_t)rw * rh, j = 0;
	uint8_t *used = g->used_base, *base = g->base, *lin = g->lin;
	g->used_lin_ok = 0;   /* counted when asked for (GAP_ALL) */
	memset(used, 0, sizeof g->used_base);
	for (int y = 0; y < rh; y++) {
		const uint8_t *ci = g->cur + (size_t)(y0 + y) * g->w + x0;
		const uint8_t *si = g->shown + (size_t)(y0 + y) * g->w + x0;
		uint8_t *l = lin + (size_t)y * rw, *b = base + (size_t)y * rw;
		int x = 0;
		memcpy(l, ci, (size_t)rw);
		if (first)
			continue;
		/* unchanged pixels transparent, eight at a time where all are;
		 * the values base holds counted on the way */
		for (; x + 8 <= rw; x += 8) {
			uint64_t c = word_at(ci + x);
			if (c == word_at(si + x)) {
				memset(b + x, TRANSP, 8);
				used[TRANSP] = 1;
				continue;
			}
			for (int k = x; k < x + 8; k++)
				used[b[k] = ci[k] == si[k] ? TRANSP : ci[k]] = 1;
		}
		for (; x < rw; x++)
			used[b[x] = ci[x] == si[x] ? TRANSP : ci[x]] = 1;
	}
	if (first)   /* nothing is shown yet */
		return SL_OK;
	g->ngaps = 0;
	g->longest = 0;
	while (j < n) {
		size_t e;
		int one;
		if (base[j] != TRANSP) {   /* changed pixels: eight at a time where no TRANSP is */
			j++;
			while (j + 8 <= n && !has_transp(word_at(base + j)))
				j += 8;
			continue;
		}
		e = j + 1;
		while (e + 8 <= n && word_at(base + e) == ~(uint64_t)0)
			e += 8;
		while (e < n && base[e] == TRANSP)
			e++;
		if (j > 0 && e < n) {
			/* one colour: the one of the pixel before, or of the one after */
			one = all_of(lin + j, e - j, lin[j - 1]) || all_of(lin + j, e - j, lin[e]);
			if (g->ngaps == g->capgaps) {
				size_t cap = g->capgaps ? 2 * g->capgaps : 1024;
				gaprun *t = sl_realloc(g->gaps, cap * sizeof *t);
				if (!t)
					return SL_ENOMEM;
				g->gaps = t;
				g->capgaps = cap;
			}
			g->gaps[g->ngaps].at = j;
			g->gaps[g->ngaps].len = e - j;
			g->gaps[g->ngaps++].one = one;
			if (e - j > g->longest)
				g->longest = e - j;
		}
		j = e;
	}
	return SL_OK;
}

/* Gaps of unchanged pixels between changed ones in the rectangle (raster
 * order) no longer than gap are stored as they are, the others
 * transparent: inside a changed shape, such as a line of text, a gap is
 * mostly the shape's own background, which the strings around it hold
 * already; a transparent index there would double the strings. With
 * g->keep_runs, a longer gap all of the colour of the pixel before or
 * after it too: it goes on with that colour's strings. */
static void fill_gaps(genc *g, size_t n, size_t gap, uint8_t *out, uint8_t *used)
{
	memcpy(out, g->base, n);
	memcpy(used, g->used_base, 256);
	for (size_t i = 0; i < g->ngaps; i++) {
		const gaprun *r = &g->gaps[i];
		if (r->len <= gap || (g->keep_runs && r->one)) {
			memcpy(out + r->at, g->lin + r->at, r->len);
			mark_used(g->lin + r->at, r->len, used);
		}
	}
}

/* Every TRANSP of px[0..n) becomes t, eight at a time without a branch:
 * a byte of a word is TRANSP (255) where its complement is zero. */
static void recode_transp(uint8_t *px, size_t n, uint8_t t)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full, tt = 0x0101010101010101ull * t;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w, z, m;
		memcpy(&w, px + i, 8);
		z = ~w;
		m = ~(((z & lo7) + lo7) | z) & ~lo7;   /* the top bit of each TRANSP byte */
		m = (m >> 7) * 0xff;
		w = (w & ~m) | (tt & m);
		memcpy(px + i, &w, 8);
	}
	for (; i < n; i++)
		if (px[i] == TRANSP)
			px[i] = t;
}

/* Fills out with a candidate for the rectangle: gap 0 stores unchanged
 * pixels transparent, GAP_ALL every pixel as it is, GAP_WILD chooses them
 * by lzw_wild, any other gap stores gaps of up to that many unchanged
 * pixels as they are (fill_gaps); sets *p with its transparent index, code
 * size and, when that is smaller, a local colour table; returns its size
 * in bytes, the table cleared at once when full. */
#define GAP_ALL ((size_t)-1)
#define GAP_WILD ((size_t)-2)

static size_t candidate(genc *g, size_t gap, int x0, int y0, int rw, int rh, uint8_t *out,
	gpending *p)
{
	uint8_t used[256], map[256];
	int n = 0, size, bits, gbits = 0;
	size_t gsz, lsz, np = (size_t)rw * rh;
	gpending lp;
	/* the values used: known from scan_gaps but for the chosen pixels */
	if (gap == GAP_WILD) {
		lzw_wild(g, x0, y0, rw, rh, out);
		memset(used, 0, sizeof used);
		mark_used(out, np, used);
	} else if (gap == GAP_ALL) {
		memcpy(out, g->lin, np);
		if (!g->used_lin_ok) {
			memset(g->used_lin, 0, sizeof g->used_lin);
			mark_used(g->lin, np, g->used_lin);
			g->used_lin_ok = 1;
		}
		memcpy(used, g->used_lin, sizeof used);
	} else
		fill_gaps(g, np, gap, out, used);
	/* the global table: transparent is the first index the rectangle does
	 * not use, codes as short as the largest index allows */
	used[TRANSP] = 0;
	p->ncol = 0;
	p->transp = -1;
	p->rule = 0;
	if (gap != GAP_ALL) {
		int t = 0;
		while (used[t])
			t++;
		p->transp = t;
		used[t] = 1;
		if (t != TRANSP)
			recode_transp(out, np, (uint8_t)t);
	}
	for (int i = 0; i < 256; i++)
		if (used[i])
			n++, gbits = i;
	for (bits = 2; (1 << bits) <= gbits; bits++)
		;
	p->mincode = bits;
	gsz = sl_lzw_encode(&g->lz, out, np, bits, 0, NULL, &p->filled);
	if (n > 128 || bits <= 2)
		return gsz;
	/* a local table of the colours used, when it pays */
	for (size = 2, bits = 1; size < n; size <<= 1)
		bits++;
	if ((bits < 2 ? 2 : bits) >= p->mincode)
		return gsz;   /* the same codes, and a table to carry */
	n = 0;
	for (int i = 0; i < 256; i++)
		if (used[i]) {
			map[i] = (uint8_t)n;
			lp.col[n++] = g->pal[i];
		}
	while (n < size)
		lp.col[n++] = 0;
	for (size_t i = 0; i < np; i++)
		g->alt[i] = map[out[i]];
	lsz = sl_lzw_encode(&g->lz, g->alt, np, bits < 2 ? 2 : bits, 0, NULL, &lp.filled) + 3 * (size_t)size;
	if (lsz >= gsz)
		return gsz;
	memcpy(out, g->alt, np);
	memcpy(p->col, lp.col, sizeof lp.col);
	p->ncol = size;
	p->mincode = bits < 2 ? 2 : bits;
	p->filled = lp.filled;
	if (p->transp >= 0)
		p->transp = map[p->transp];
	return lsz;
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

/* Writes job j: its graphic control (delay, transparent index) through
 * giflib, then its image. */
static int write_job(sl_gif *g, gjob *j, sl_error *err)
{
	GraphicsControlBlock gcb;
	GifByteType ext[4];
	size_t n;
	memset(&gcb, 0, sizeof gcb);
	gcb.DisposalMode = DISPOSE_DO_NOT;
	gcb.DelayTime = (j->delay_ms + 5) / 10 > 65535 ? 65535 : (j->delay_ms + 5) / 10;
	gcb.TransparentColor = j->transp;
	n = EGifGCBToExtension(&gcb, ext);
	if (EGifPutExtension(g->gf, GRAPHICS_EXT_FUNC_CODE, (int)n, ext) != GIF_OK)
		return gif_error(g, g->gf->Error, err);
	if (j->img.failed || j->img.len == 0)
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	if (g->write_failed || g->fn(g->closure, j->img.data, j->img.len) != 0) {
		g->write_failed = 1;
		return sl_error_set(err, SL_EIO, "gif: writing the animation failed");
	}
	sl_buf_free(&j->img);
	g->frames++;
	return SL_OK;
}

/* Encodes the candidate gap (see candidate()) of the pending rectangle
 * and keeps it in g->p.px, *bp and *best when it is the smallest so far;
 * returns its size. */
static size_t try_gap(genc *g, size_t gap, size_t *best, gpending *bp)
{
	gpending cp;
	size_t sz = candidate(g, gap, g->p.x, g->p.y, g->p.w, g->p.h, g->cand, &cp);
	if (*best == 0 || sz < *best) {
		uint8_t *t = g->p.px;
		g->p.px = g->cand;
		g->cand = t;
		*best = sz;
		*bp = cp;
		g->rgap = gap;
		g->rkeep = g->keep_runs;
	}
	return sz;
}

/* Searches the gap length for fill_gaps: doubling from 1 while the size
 * falls (and longer gaps are there), then halving the bracket around the
 * best length until it is a quarter of that length wide. The size is
 * nearly unimodal in the length: a short length leaves the strings of a
 * shape's background cut by transparent runs, a long one stores whole
 * unchanged stretches; where the balance lies depends on the frame. sz0 is
 * the size with gap 0 (all unchanged pixels transparent). */
static size_t gap_search(genc *g, size_t sz0, size_t *best, gpending *bp)
{
	size_t b = 0, bs = sz0, lo = 0, hi = 0;
	for (size_t gap = 1;; gap *= 2) {
		size_t sz = try_gap(g, gap, best, bp);
		if (sz >= bs) {
			hi = gap;
			break;
		}
		lo = b;
		b = gap;
		bs = sz;
		if (g->longest <= gap)
			return b;   /* nothing longer to keep */
	}
	while (hi - lo > 2 && hi - lo > b / 4) {
		size_t m = b - lo > hi - b ? (lo + b) / 2 : (b + hi) / 2, sz;
		if (m == b || m == lo || m == hi)
			break;
		sz = try_gap(g, m, best, bp);
		if (sz < bs) {
			if (m > b)
				lo = b;
			else
				hi = b;
			b = m;
			bs = sz;
		} else if (m > b)
			hi = m;
		else
			lo = m;
	}
	return b;
}

/* From a gap length whose size is *best, halving or doubling the length
 * while the size falls; returns the length kept. */
static size_t gap_walk(genc *g, size_t gap, size_t *best, gpending *bp)
{
	for (int dir = 0; dir < 2; dir++) {
		size_t b = gap, m;
		for (;;) {
			m = dir ? b * 2 : b / 2;
			if (m == b || (dir && b >= g->longest) || try_gap(g, m, best, bp) != *best)
				break;
			b = m;
		}
		if (b != gap)
			return b;
	}
	return gap;
}

/* Sizes e's buffers for rectangles of n pixels. */
static int genc_reserve(genc *e, size_t n)
{
	uint8_t *d;
	if (n <= e->cap)
		return SL_OK;
	if (!(d = sl_realloc(e->p.px, n)) || !(e->p.px = d) ||
	    !(d = sl_realloc(e->cand, n)) || !(e->cand = d) ||
	    !(d = sl_realloc(e->alt, n)) || !(e->alt = d) ||
	    !(d = sl_realloc(e->lin, n)) || !(e->lin = d) ||
	    !(d = sl_realloc(e->base, n)) || !(e->base = d))
		return SL_ENOMEM;
	e->cap = n;
	return SL_OK;
}

/* Chooses how to store job j's rectangle and writes its image (the
 * descriptor at the job's place, a local table when there is one, the
 * LZW data) into j->img, its transparent index into j->transp. */
static int encode_rect(genc *g, gjob *j)
{
	int first = j->first, rw = j->w, rh = j->h;
	size_t best = 0;
	gpending bp;
	uint8_t hd[10];
	if (genc_reserve(g, (size_t)rw * rh) < 0)
		return SL_ENOMEM;
	g->w = rw;
	g->cur = j->cur;
	g->shown = j->shown;
	if (scan_gaps(g, 0, 0, rw, rh, first) < 0)
		return SL_ENOMEM;
	g->p.x = 0;
	g->p.y = 0;
	g->p.w = rw;
	g->p.h = rh;
	/* Candidates for the rectangle (see candidate()): the unchanged pixels
	 * transparent (ties go to it); every pixel as it is (the first frame:
	 * only that); each
	 * unchanged pixel chosen as LZW goes; gaps up to some length as they
	 * are, the length searched for (gap_search). The smallest, counted by
	 * the LZW encoder itself, is kept. */
	if (first)
		try_gap(g, GAP_ALL, &best, &bp);
	else {
		/* The search runs on the rows that changed alone when they are
		 * under 3/4 of the rectangle: the other rows are transparent in
		 * every candidate but one (every pixel as it is, which stores
		 * them all and is not tried then), and leaving them out makes the
		 * search several times faster. The candidate chosen is then made
		 * for the whole rectangle, beside the plain ones (all unchanged
		 * pixels transparent, chosen as LZW goes, the length chosen
		 * without keep_runs): a gap that crosses rows left out is longer
		 * than it looked. On the bench export the file is 1 byte larger
		 * than with the whole search; on the samples 0.0 to 0.6%. Chosen
		 * as LZW goes is tried on the whole rectangle alone: on the rows
		 * it won a fifth of the frames and led the search away from the
		 * best gap length (heron-bank 1 002 488 B with it, 996 652
		 * without, at a look-up budget of 64). */
		int nrows = 0, compact;
		size_t sz0, gap;
		for (int y = 0; y < rh; y++)
			nrows += memcmp(j->cur + (size_t)y * rw, j->shown + (size_t)y * rw, (size_t)rw) != 0;
		compact = nrows * 4 < rh * 3;
		if (compact) {
			if ((size_t)rw * nrows > g->ccap) {
				uint8_t *d;
				if (!(d = sl_realloc(g->ccur, (size_t)rw * nrows)) || !(g->ccur = d) ||
				    !(d = sl_realloc(g->cshown, (size_t)rw * nrows)) || !(g->cshown = d))
					return SL_ENOMEM;
				g->ccap = (size_t)rw * nrows;
			}
			for (int y = 0, k = 0; y < rh; y++) {
				const uint8_t *c = j->cur + (size_t)y * rw, *sh = j->shown + (size_t)y * rw;
				if (memcmp(c, sh, (size_t)rw) == 0)
					continue;
				memcpy(g->ccur + (size_t)k * rw, c, (size_t)rw);
				memcpy(g->cshown + (size_t)k * rw, sh, (size_t)rw);
				k++;
			}
			g->cur = g->ccur;
			g->shown = g->cshown;
			g->p.h = nrows;
			if (scan_gaps(g, 0, 0, rw, nrows, 0) < 0)
				return SL_ENOMEM;
		}
		sz0 = try_gap(g, 0, &best, &bp);
		if (!compact)
			try_gap(g, GAP_ALL, &best, &bp);
		if (!compact)   /* on the rows alone it misleads the search (below) */
			try_gap(g, GAP_WILD, &best, &bp);
		gap = gap_search(g, sz0, &best, &bp);
		/* the best length again, longer gaps of one colour with the pixel
		 * before or after them kept too (that colour's strings go on);
		 * when that is smaller, the length walked from there */
		g->keep_runs = 1;
		if (try_gap(g, gap, &best, &bp) == best)
			gap_walk(g, gap, &best, &bp);
		g->keep_runs = 0;
		if (compact) {   /* the choice, for the whole rectangle */
			size_t rg = g->rgap;
			g->cur = j->cur;
			g->shown = j->shown;
			g->p.h = rh;
			if (scan_gaps(g, 0, 0, rw, rh, 0) < 0)
				return SL_ENOMEM;
			best = 0;
			g->keep_runs = g->rkeep;
			try_gap(g, rg, &best, &bp);
			g->keep_runs = 0;
			/* and the plain candidates, whole: a gap that crosses the rows
			 * left out is longer than it looked */
			sz0 = try_gap(g, 0, &best, &bp);
			if (rg != GAP_WILD)
				try_gap(g, GAP_WILD, &best, &bp);
			if (rg != GAP_WILD && g->rkeep)
				try_gap(g, rg, &best, &bp);
		}
	}
	/* the smallest, encoded with each rule for a full table */
	for (int r = 1; r < SL_LZW_RULES && bp.filled; r++) {
		size_t sz = sl_lzw_encode(&g->lz, g->p.px, (size_t)rw * rh, bp.mincode, r, NULL, NULL);
		if (sz < best) {
			best = sz;
			bp.rule = r;
		}
	}
	j->transp = bp.transp;
	/* the image descriptor, local table and LZW data are ours (giflib
	 * would give every image the global table's code size) */
	hd[0] = 0x2c;
	hd[1] = (uint8_t)j->x, hd[2] = (uint8_t)(j->x >> 8);
	hd[3] = (uint8_t)j->y, hd[4] = (uint8_t)(j->y >> 8);
	hd[5] = (uint8_t)rw, hd[6] = (uint8_t)(rw >> 8);
	hd[7] = (uint8_t)rh, hd[8] = (uint8_t)(rh >> 8);
	hd[9] = 0;
	sl_buf_reset(&j->img);
	sl_buf_put(&j->img, hd, 10);
	if (bp.ncol) {
		int bits = 1;
		while ((1 << bits) < bp.ncol)
			bits++;
		j->img.data[9] = (uint8_t)(0x80 | (bits - 1));
		for (int i = 0; i < bp.ncol; i++) {
			uint8_t c[3] = {(uint8_t)(bp.col[i] >> 16), (uint8_t)(bp.col[i] >> 8), (uint8_t)bp.col[i]};
			sl_buf_put(&j->img, c, 3);
		}
	}
	sl_lzw_encode(&g->lz, g->p.px, (size_t)rw * rh, bp.mincode, bp.rule, &j->img, NULL);
	return j->img.failed ? SL_ENOMEM : SL_OK;
}

/* Encodes job j with e; its indices are freed, its image kept (empty on a
 * failure: write_job reports it). */
static void run_job(genc *e, gjob *j)
{
	if (encode_rect(e, j) < 0)
		sl_buf_reset(&j->img);
	sl_free(j->cur);
	sl_free(j->shown);
	j->cur = j->shown = NULL;
}

static void *worker_main(void *arg)
{
	genc *e = arg;
	sl_gif *g = e->g;
	pthread_mutex_lock(&g->mu);
	for (;;) {
		gjob *j = NULL;
		for (size_t i = g->written; i < g->nj && !j; i++)
			if (g->jobs[i]->state == QUEUED)
				j = g->jobs[i];
		if (!j) {
			if (g->stop)
				break;
			pthread_cond_wait(&g->cv, &g->mu);
			continue;
		}
		j->state = RUNNING;
		g->queued--;
		pthread_mutex_unlock(&g->mu);
		run_job(e, j);
		pthread_mutex_lock(&g->mu);
		j->state = DONE;
		pthread_cond_broadcast(&g->cv);
	}
	pthread_mutex_unlock(&g->mu);
	return NULL;
}

/* Starts the encoding threads (at the first frame); without them, or when
 * none starts, frames are encoded inline. */
static void start_workers(sl_gif *g)
{
	g->wk[0].pal = g->pal;
	if (g->nthreads < 1 || pthread_mutex_init(&g->mu, NULL) != 0)
		return;
	if (pthread_cond_init(&g->cv, NULL) != 0) {
		pthread_mutex_destroy(&g->mu);
		return;
	}
	for (int t = 1; t <= g->nthreads; t++) {
		g->wk[t].g = g;
		g->wk[t].pal = g->pal;
		if (pthread_create(&g->wk[t].th, NULL, worker_main, &g->wk[t]) != 0)
			break;
		g->started = t;
	}
	if (!g->started) {
		pthread_mutex_destroy(&g->mu);
		pthread_cond_destroy(&g->cv);
	}
}

/* Writes the frames encoded so far, in order, up to (not with) the latest
 * one; with all, the latest too, waiting for each. */
static int write_ready(sl_gif *g, int all, sl_error *err)
{
	size_t last = all ? g->nj : g->nj - 1;
	int rc = SL_OK;
	if (g->started)
		pthread_mutex_lock(&g->mu);
	while (rc == SL_OK && g->written < last) {
		gjob *j = g->jobs[g->written];
		if (j->state != DONE) {
			if (!all)
				break;
			pthread_cond_wait(&g->cv, &g->mu);
			continue;
		}
		if (g->started)
			pthread_mutex_unlock(&g->mu);
		rc = write_job(g, j, err);
		if (g->started)
			pthread_mutex_lock(&g->mu);
		g->written++;
	}
	if (g->started)
		pthread_mutex_unlock(&g->mu);
	return rc;
}

/* Queues job j as the next frame. */
static int submit(sl_gif *g, gjob *j, sl_error *err)
{
	if (g->started)
		pthread_mutex_lock(&g->mu);
	/* no more than MAX_QUEUED frames wait to be encoded */
	while (g->started && g->queued >= MAX_QUEUED)
		pthread_cond_wait(&g->cv, &g->mu);
	if (g->nj == g->capj) {
		size_t cap = g->capj ? 2 * g->capj : 64;
		gjob **t = sl_realloc(g->jobs, cap * sizeof *t);
		if (!t) {
			if (g->started)
				pthread_mutex_unlock(&g->mu);
			job_free(j);
			return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
		}
		g->jobs = t;
		g->capj = cap;
	}
	g->jobs[g->nj++] = j;
	j->state = QUEUED;
	if (g->started) {
		g->queued++;
		pthread_cond_broadcast(&g->cv);
		pthread_mutex_unlock(&g->mu);
	} else {
		run_job(&g->wk[0], j);
		j->state = DONE;
	}
	return write_ready(g, 0, err);
}

int sl_gif_frame(sl_gif *g, const uint32_t *px, int stride, int delay_ms, sl_error *err)
{
	int first = !g->gf, x0 = g->w, y0 = g->h, x1 = -1, y1 = -1, rc, rw, rh;
	gjob *j;
	if (delay_ms < 0)
		delay_ms = 0;
	if (first) {
		if ((rc = build_palette(g, px, stride, err)) < 0 || (rc = start(g, err)) < 0)
			return rc;
		start_workers(g);
	}
	for (int y = 0; y < g->h; y++) {
		const uint32_t *row = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		uint8_t *ci = g->cur + (size_t)y * g->w, *si = g->shown + (size_t)y * g->w;
		uint32_t *lr = g->last + (size_t)y * g->w;
		int l = -1, r = -1;
		uint32_t lastc = 0xffffffff;
		uint8_t lasti = 0;
		if (!first && memcmp(lr, row, (size_t)g->w * 4) == 0)
			continue;   /* the row as before: cur and shown hold it already */
		memcpy(lr, row, (size_t)g->w * 4);
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
		g->jobs[g->nj - 1]->delay_ms += delay_ms;
		return SL_OK;
	}
	rw = x1 - x0 + 1;
	rh = y1 - y0 + 1;
	/* the job: the rectangle of this frame and of what is shown under it */
	if (!(j = sl_calloc(1, sizeof *j)) || !(j->cur = sl_malloc((size_t)rw * rh)) ||
	    !(j->shown = sl_malloc((size_t)rw * rh))) {
		job_free(j);
		return sl_error_set(err, SL_ENOMEM, "gif: out of memory");
	}
	sl_buf_init(&j->img);
	j->x = x0;
	j->y = y0;
	j->w = rw;
	j->h = rh;
	j->first = first;
	j->delay_ms = delay_ms;
	for (int y = 0; y < rh; y++) {
		uint8_t *c = g->cur + (size_t)(y0 + y) * g->w + x0, *sh = g->shown + (size_t)(y0 + y) * g->w + x0;
		memcpy(j->cur + (size_t)y * rw, c, (size_t)rw);
		memcpy(j->shown + (size_t)y * rw, sh, (size_t)rw);
		memcpy(sh, c, (size_t)rw);   /* what a viewer shows now */
	}
	return submit(g, j, err);
}

int sl_gif_finish(sl_gif *g, sl_error *err)
{
	int rc, e = 0;
	if (!g->gf || g->nj == 0)
		return sl_error_set(err, SL_EUSAGE, "gif: no frame");
	if ((rc = write_ready(g, 1, err)) < 0)
		return rc;
	rc = EGifCloseFile(g->gf, &e);
	g->gf = NULL;
	if (rc != GIF_OK)
		return gif_error(g, e, err);
	return SL_OK;
}
