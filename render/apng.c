/* apng.c - our APNG writer (PNG 1.2 + the APNG 1.0 chunks acTL, fcTL,
 * fdAT). Truecolour with one tRNS key colour: after the first frame only the
 * rectangle that changed is stored, its unchanged pixels in the key colour
 * (transparent) and drawn over the canvas (blend over), so the board drawn
 * once is reused by every later frame; or, when that is smaller, drawn over
 * what was shown before the frame before (which is then disposed to
 * previous), or stored whole (blend source): see sl_apng_frame.
 *
 * The chunks, keying and rectangles are ours; the deflate engine is
 * libdeflate (Debian's libdeflate-dev) and zlib gives the CRCs. Measured on
 * the 200-frame `make bench` export (1024x782), the same scanlines deflated,
 * CPU time: zlib -9 1 055 658 B in 1.5 s; libdeflate 12 on every frame
 * 947 287 B in 4.7 s; zopfli (one iteration) 1-4% smaller than libdeflate 12
 * per frame but 40 s on the board frame alone. Level 12 pays on the frames
 * where much changed (the board as set up, the map drawn whole: 162 KB at
 * 11 or 12, 190 KB at 6 to 9); on a sparse rectangle it mostly walks keyed
 * runs for under 1%. So: LEVEL_DENSE (11: as small as 12 on the map frame,
 * 15% faster) where 1 pixel in DENSE or more changed or the frame is small,
 * LEVEL_SPARSE elsewhere; with the short unchanged runs kept (scanlines)
 * that brings the file under apngasm's (a 7-zip deflate). Frames are
 * deflated on a pool of threads while the next ones are drawn and weighed,
 * written in order: the bytes do not depend on the number of threads.
 * docs/exports.md has the numbers. */
#include "sl_export.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <libdeflate.h>
#include <zlib.h>

/* The transparent key is black, so that a keyed run and the filter bytes
 * (type 0) between its rows are one run of zero bytes, which deflate codes in
 * about 2 bits per 258 bytes. (On the bench export, zlib -9: 1 055 589 B keyed
 * in black, 1 160 267 B keyed in 01fe03, the key before.) A real black pixel
 * is stored one step bluer. */
#define KEY 0x000000u
#define LEVEL_DENSE 11         /* see above */
#define LEVEL_SPARSE 7         /* 6 to 9 within 0.3% of each other on the sparse frames; 7 the smallest */
#define DENSE 20               /* 1 changed pixel in DENSE or more: LEVEL_DENSE */
#define DENSE_SMALL 65536      /* and every frame of no more scanline bytes */
#define GAP 6                  /* see scanlines */
#define LEVEL_TRIAL 1          /* to compare the ways a frame may be stored */
#define MAX_CHUNK (1u << 20)   /* bytes of image data per IDAT/fdAT chunk */
#define MAX_THREADS 8
#define MAX_QUEUED (2 * MAX_THREADS + 2)   /* frames waiting for a deflate */

/* A frame stored or on its way: its scanlines (raw) until deflated, then
 * its zlib stream (z) until written. */
typedef struct slot {
	int x, y, w, h;
	int delay_ms;
	int first;
	int dispose;          /* 0 none, 2 previous: set when the next frame is chosen */
	int blend;            /* 0 source, 1 over */
	int dense;            /* deflated at LEVEL_DENSE, else LEVEL_SPARSE */
	int state;            /* QUEUED, RUNNING, DONE */
	uint8_t *raw;
	size_t rawn;
	uint8_t *z;           /* NULL after DONE: out of memory */
	size_t zlen;
} slot;
enum { QUEUED = 1, RUNNING = 2, DONE = 3 };

/* One way to store a frame: against which canvas, blended how. */
typedef struct way {
	const uint32_t *base;  /* the canvas the frame is drawn over */
	int x, y, w, h;        /* the rectangle that differs from it */
	int over;              /* 1: unchanged pixels keyed, blend over; 0: all stored, source */
	size_t changed;        /* pixels of the rectangle that differ from base */
	size_t est;            /* its size under the fast level; 0: not tried */
} way;

typedef struct worker {
	struct libdeflate_compressor *dense, *sparse;
	pthread_t th;
	struct sl_apng *a;
} worker;

struct sl_apng {
	int w, h, loops;
	sl_write_fn fn;
	void *closure;
	uint32_t *cur;        /* this frame, as stored (colour()) */
	uint32_t *last;       /* this frame as it came */
	uint8_t *rowch;       /* by row: not as it came in the frame before */
	uint32_t *shown;      /* what a viewer shows after the frames stored so far */
	uint32_t *before;     /* and before the latest frame: what dispose-previous restores */
	way dirty;            /* where shown and before may differ */
	uint8_t *raw;         /* scanlines of a trial */
	uint8_t *trial;       /* a trial's deflate */
	size_t trialcap;
	struct libdeflate_compressor *fast;
	sl_buf body;          /* chunks after acTL */
	uint32_t seq;         /* next fcTL/fdAT sequence number */
	uint32_t frames;      /* frames written to body */
	/* frames in order: [written, nslot) not yet written, the last one the
	 * latest (its delay and dispose may still change) */
	slot **slots;         /* each its own allocation: a worker holds one unlocked */
	size_t nslot, capslot, written, queued;
	/* deflate workers: the bytes of a frame do not depend on which one
	 * deflates it, nor on how many there are */
	int nthreads, started, stop;
	worker wk[MAX_THREADS + 1];   /* wk[0]: deflates inline when no thread runs */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void chunk(sl_buf *b, const char *type, const uint8_t *data, size_t n)
{
	uint8_t hdr[8];
	uLong crc = crc32(0L, Z_NULL, 0);
	put32(hdr, (uint32_t)n);
	memcpy(hdr + 4, type, 4);
	sl_buf_put(b, hdr, 8);
	sl_buf_put(b, data, n);
	crc = crc32(crc, (const Bytef *)type, 4);
	if (n)
		crc = crc32(crc, data, (uInt)n);
	put32(hdr, (uint32_t)crc);
	sl_buf_put(b, hdr, 4);
}

static int alloc_worker(worker *k)
{
	/* libdeflate's own malloc: 1.14 sets an allocator only for the whole
	 * process, which is not this writer's to take; a failure is ours to report */
	k->dense = libdeflate_alloc_compressor(LEVEL_DENSE);
	k->sparse = libdeflate_alloc_compressor(LEVEL_SPARSE);
	return k->dense && k->sparse ? 0 : -1;
}

static void free_worker(worker *k)
{
	if (k->dense)
		libdeflate_free_compressor(k->dense);
	if (k->sparse)
		libdeflate_free_compressor(k->sparse);
	k->dense = k->sparse = NULL;
}

int sl_apng_new(sl_apng **out, int w, int h, int loops, sl_write_fn fn, void *closure,
	sl_error *err)
{
	sl_apng *a;
	*out = NULL;
	if (w <= 0 || h <= 0 || w > SL_RENDER_MAX_SIDE || h > SL_RENDER_MAX_SIDE || !fn || loops < 0)
		return sl_error_set(err, SL_EUSAGE, "apng: bad canvas %dx%d", w, h);
	if (!(a = sl_calloc(1, sizeof *a)))
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory");
	a->w = w;
	a->h = h;
	a->loops = loops;
	a->fn = fn;
	a->closure = closure;
	a->nthreads = 1;
	sl_buf_init(&a->body);
	a->cur = sl_malloc((size_t)w * h * 4);
	a->last = sl_malloc((size_t)w * h * 4);
	a->rowch = sl_malloc((size_t)h);
	a->shown = sl_calloc((size_t)w * h, 4);
	a->before = sl_calloc((size_t)w * h, 4);
	a->raw = sl_malloc((size_t)(3 * w + 1) * h);
	a->fast = libdeflate_alloc_compressor(LEVEL_TRIAL);
	if (!a->cur || !a->last || !a->rowch || !a->shown || !a->before || !a->raw || !a->fast || alloc_worker(&a->wk[0]) < 0) {
		sl_apng_free(a);
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory for a %dx%d canvas", w, h);
	}
	*out = a;
	return SL_OK;
}

void sl_apng_threads(sl_apng *a, int n)
{
	if (a && !a->started && a->nslot == 0)
		a->nthreads = n < 0 ? 0 : n > MAX_THREADS ? MAX_THREADS : n;
}

static void stop_workers(sl_apng *a)
{
	if (!a->started)
		return;
	pthread_mutex_lock(&a->mu);
	a->stop = 1;
	pthread_cond_broadcast(&a->cv);
	pthread_mutex_unlock(&a->mu);
	for (int t = 1; t <= a->started; t++)
		pthread_join(a->wk[t].th, NULL);
	for (int t = 1; t <= a->started; t++)
		free_worker(&a->wk[t]);
	pthread_mutex_destroy(&a->mu);
	pthread_cond_destroy(&a->cv);
	a->started = 0;
}

void sl_apng_free(sl_apng *a)
{
	if (!a)
		return;
	stop_workers(a);
	for (size_t i = 0; i < a->nslot; i++) {
		sl_free(a->slots[i]->raw);
		sl_free(a->slots[i]->z);
		sl_free(a->slots[i]);
	}
	sl_free(a->slots);
	sl_free(a->cur);
	sl_free(a->last);
	sl_free(a->rowch);
	sl_free(a->shown);
	sl_free(a->before);
	sl_free(a->raw);
	sl_free(a->trial);
	if (a->fast)
		libdeflate_free_compressor(a->fast);
	free_worker(&a->wk[0]);
	sl_buf_free(&a->body);
	sl_free(a);
}

/* The colour stored for a source pixel: the key is never a real colour. */
static uint32_t colour(uint32_t c)
{
	c &= 0xffffff;
	return c == KEY ? c ^ 1 : c;   /* one step bluer */
}

/* The scanlines of way wy for a->cur into out: unfiltered (measured on the
 * 200-frame export: flat colours and keyed runs make filter type 0 the
 * smallest on the frames that weigh; on the board frame the next best, sub,
 * is 29% larger). When blending over, unchanged pixels are keyed, except a
 * run of at most GAP of them between changed pixels of one row, which is
 * stored as it is: inside a changed shape (a glyph, a ship) such a run is
 * the shape's own background, and keying it cuts the shape's repeats apart
 * (the bench export: 1.5% smaller with GAP 6; 1 to 16 measured, 6 the
 * smallest; keeping longer runs, or all, is larger). With skip, the rows
 * all keyed are left out (a trial: see try_way); returns the bytes written
 * and adds those left out to *skipped. */
static size_t scanlines(const sl_apng *a, const way *wy, uint8_t *out, int skip, size_t *skipped)
{
	size_t rowlen = (size_t)wy->w * 3, n = 0;
	for (int y = 0; y < wy->h; y++) {
		const uint32_t *src = a->cur + (size_t)(wy->y + y) * a->w + wy->x;
		const uint32_t *bs = wy->base ? wy->base + (size_t)(wy->y + y) * a->w + wy->x : NULL;
		uint8_t *row = out + n;
		if (bs && wy->over && memcmp(src, bs, (size_t)wy->w * 4) == 0) {   /* all keyed */
			if (skip)
				*skipped += rowlen + 1;
			else {
				memset(row, 0, rowlen + 1);
				n += rowlen + 1;
			}
			continue;
		}
		*row++ = 0;   /* filter type: none */
		for (int x = 0, seen = 0; x < wy->w; x++) {
			uint32_t c = src[x];
			if (bs && wy->over && c == bs[x]) {   /* a run of unchanged pixels */
				int e = x + 1, keep;
				while (e < wy->w && src[e] == bs[e])
					e++;
				keep = seen && e < wy->w && e - x <= GAP;
				for (; x < e; x++) {
					c = keep ? src[x] : KEY;
					row[3 * x] = (uint8_t)(c >> 16);
					row[3 * x + 1] = (uint8_t)(c >> 8);
					row[3 * x + 2] = (uint8_t)c;
				}
				x--;
				continue;
			}
			seen = 1;
			row[3 * x] = (uint8_t)(c >> 16);
			row[3 * x + 1] = (uint8_t)(c >> 8);
			row[3 * x + 2] = (uint8_t)c;
		}
		n += rowlen + 1;
	}
	return n;
}

/* The rectangle of a->cur that differs from base and the pixels that do;
 * 0 if none does. Rows are compared whole first: most are equal. */
static int changed_rect(const sl_apng *a, const uint32_t *base, int also_dirty, way *wy)
{
	int x0 = a->w, y0 = a->h, x1 = -1, y1 = -1;
	size_t changed = 0;
	for (int y = 0; y < a->h; y++) {
		const uint32_t *src = a->cur + (size_t)y * a->w, *bs = base + (size_t)y * a->w;
		int l = 0, r = a->w - 1;
		/* a row that came as before equals what is shown; and what was
		 * shown before, but where the two differ */
		if (!a->rowch[y] && !(also_dirty && y >= a->dirty.y && y < a->dirty.y + a->dirty.h))
			continue;
		if (memcmp(src, bs, (size_t)a->w * 4) == 0)
			continue;
		while (src[l] == bs[l])
			l++;
		while (src[r] == bs[r])
			r--;
		for (int x = l; x <= r; x++)
			changed += src[x] != bs[x];
		if (y < y0) y0 = y;
		y1 = y;
		if (l < x0) x0 = l;
		if (r > x1) x1 = r;
	}
	wy->base = base;
	wy->changed = changed;
	wy->est = 0;
	if (x1 < 0) {   /* a 1x1 keyed frame: nothing to draw over this base */
		wy->x = wy->y = 0;
		wy->w = wy->h = 1;
		return 0;
	}
	wy->x = x0;
	wy->y = y0;
	wy->w = x1 - x0 + 1;
	wy->h = y1 - y0 + 1;
	return 1;
}

/* The size of way wy at the fast level, the rows all keyed left out and
 * counted at deflate's cost of a long zero run (2 bits per 258 bytes):
 * they are most of a big sparse rectangle and the same in every way over
 * it, and leaving them out makes the trials cheap. 0 when out of memory. */
static size_t try_way(sl_apng *a, way *wy)
{
	size_t skipped = 0, n = scanlines(a, wy, a->raw, 1, &skipped), bound, z;
	bound = libdeflate_zlib_compress_bound(a->fast, n);
	if (bound > a->trialcap) {
		uint8_t *t = sl_realloc(a->trial, bound);
		if (!t)
			return 0;
		a->trial = t;
		a->trialcap = bound;
	}
	z = libdeflate_zlib_compress(a->fast, a->raw, n, a->trial, bound);
	return z ? z + skipped / 1032 : 0;
}

static void deflate_slot(worker *k, slot *s)
{
	struct libdeflate_compressor *c = s->dense ? k->dense : k->sparse;
	size_t bound = libdeflate_zlib_compress_bound(c, s->rawn);
	uint8_t *z = sl_malloc(bound);
	s->zlen = z ? libdeflate_zlib_compress(c, s->raw, s->rawn, z, bound) : 0;
	if (!s->zlen) {
		sl_free(z);
		z = NULL;
	}
	s->z = z;
	sl_free(s->raw);
	s->raw = NULL;
}

static void *worker_main(void *arg)
{
	worker *k = arg;
	sl_apng *a = k->a;
	pthread_mutex_lock(&a->mu);
	for (;;) {
		slot *s = NULL;
		for (size_t i = a->written; i < a->nslot && !s; i++)
			if (a->slots[i]->state == QUEUED)
				s = a->slots[i];
		if (!s) {
			if (a->stop)
				break;
			pthread_cond_wait(&a->cv, &a->mu);
			continue;
		}
		s->state = RUNNING;
		a->queued--;
		pthread_mutex_unlock(&a->mu);
		deflate_slot(k, s);
		pthread_mutex_lock(&a->mu);
		s->state = DONE;
		pthread_cond_broadcast(&a->cv);
	}
	pthread_mutex_unlock(&a->mu);
	return NULL;
}

/* Starts the deflate workers (at the first frame); without them, or when
 * none starts, frames are deflated inline. */
static void start_workers(sl_apng *a)
{
	if (a->nthreads < 1 || pthread_mutex_init(&a->mu, NULL) != 0)
		return;
	if (pthread_cond_init(&a->cv, NULL) != 0) {
		pthread_mutex_destroy(&a->mu);
		return;
	}
	for (int t = 1; t <= a->nthreads; t++) {
		a->wk[t].a = a;
		if (alloc_worker(&a->wk[t]) < 0 || pthread_create(&a->wk[t].th, NULL, worker_main, &a->wk[t]) != 0) {
			free_worker(&a->wk[t]);
			break;
		}
		a->started = t;
	}
	if (!a->started) {
		pthread_mutex_destroy(&a->mu);
		pthread_cond_destroy(&a->cv);
	}
}

/* Writes slot s's fcTL and image chunks into the body. */
static void write_slot(sl_apng *a, slot *s)
{
	uint8_t fc[26], *d;
	int ms = s->delay_ms, num, den;
	if (!s->z) {
		a->body.failed = 1;   /* reported by sl_apng_finish */
		return;
	}
	if (ms <= 65535) {
		num = ms;
		den = 1000;
	} else {
		num = ms / 10 > 65535 ? 65535 : ms / 10;
		den = 100;
	}
	put32(fc, a->seq++);
	put32(fc + 4, (uint32_t)s->w);
	put32(fc + 8, (uint32_t)s->h);
	put32(fc + 12, (uint32_t)s->x);
	put32(fc + 16, (uint32_t)s->y);
	fc[20] = (uint8_t)(num >> 8);
	fc[21] = (uint8_t)num;
	fc[22] = (uint8_t)(den >> 8);
	fc[23] = (uint8_t)den;
	fc[24] = (uint8_t)s->dispose;   /* none, or previous: see sl_apng_frame */
	fc[25] = (uint8_t)s->blend;     /* source or over */
	chunk(&a->body, "fcTL", fc, sizeof fc);
	for (size_t off = 0; off < s->zlen; off += MAX_CHUNK) {
		size_t n = s->zlen - off < MAX_CHUNK ? s->zlen - off : MAX_CHUNK;
		if (s->first) {
			chunk(&a->body, "IDAT", s->z + off, n);
		} else {
			if (!(d = sl_malloc(n + 4))) {
				a->body.failed = 1;
				return;
			}
			put32(d, a->seq++);
			memcpy(d + 4, s->z + off, n);
			chunk(&a->body, "fdAT", d, n + 4);
			sl_free(d);
		}
	}
	sl_free(s->z);
	s->z = NULL;
	a->frames++;
}

/* Writes the frames deflated so far, in order, up to (not with) the latest
 * one; with all, the latest too, waiting for each. With no worker thread
 * every frame is deflated already. */
static void write_ready(sl_apng *a, int all)
{
	size_t last = all ? a->nslot : a->nslot - 1;
	if (a->started)
		pthread_mutex_lock(&a->mu);
	while (a->written < last) {
		slot *s = a->slots[a->written];
		if (s->state != DONE) {
			if (!all)
				break;
			pthread_cond_wait(&a->cv, &a->mu);
			continue;
		}
		if (a->started)
			pthread_mutex_unlock(&a->mu);
		write_slot(a, s);
		if (a->started)
			pthread_mutex_lock(&a->mu);
		a->written++;
	}
	if (a->started)
		pthread_mutex_unlock(&a->mu);
}

/* Queues the scanlines of way wy as the next frame. */
static int submit(sl_apng *a, const way *wy, int first, int delay_ms, sl_error *err)
{
	slot *s = NULL;
	size_t skipped = 0, n = (size_t)(3 * wy->w + 1) * wy->h;
	uint8_t *raw = sl_malloc(n);
	if (!raw || !(s = sl_calloc(1, sizeof *s))) {
		sl_free(raw);
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory deflating a %dx%d frame",
			wy->w, wy->h);
	}
	scanlines(a, wy, raw, 0, &skipped);
	if (a->started)
		pthread_mutex_lock(&a->mu);
	/* no more than MAX_QUEUED frames wait for a deflate */
	while (a->started && a->queued >= MAX_QUEUED)
		pthread_cond_wait(&a->cv, &a->mu);
	if (a->nslot == a->capslot) {
		size_t cap = a->capslot ? 2 * a->capslot : 64;
		slot **t = sl_realloc(a->slots, cap * sizeof *t);
		if (!t) {
			if (a->started)
				pthread_mutex_unlock(&a->mu);
			sl_free(raw);
			sl_free(s);
			return sl_error_set(err, SL_ENOMEM, "apng: out of memory");
		}
		a->slots = t;
		a->capslot = cap;
	}
	a->slots[a->nslot] = s;
	s->x = wy->x;
	s->y = wy->y;
	s->w = wy->w;
	s->h = wy->h;
	s->first = first;
	s->blend = first ? 0 : wy->over;
	s->delay_ms = delay_ms;
	s->dense = first || !wy->over || n <= DENSE_SMALL || wy->changed * DENSE >= (size_t)wy->w * wy->h;
	s->raw = raw;
	s->rawn = n;
	s->state = QUEUED;
	a->nslot++;
	if (a->started) {
		a->queued++;
		pthread_cond_broadcast(&a->cv);
		pthread_mutex_unlock(&a->mu);
	} else {
		deflate_slot(&a->wk[0], s);
		s->state = DONE;
		if (!s->z)
			return sl_error_set(err, SL_ENOMEM, "apng: out of memory deflating a %dx%d frame",
				wy->w, wy->h);
	}
	write_ready(a, 0);
	return SL_OK;
}

/* A frame after the first may be drawn over what is shown (the frame
 * before stays: dispose none) or over what was shown before the frame
 * before (which is then disposed to previous: a highlight that comes and
 * goes costs nothing the second time), its unchanged pixels keyed and
 * blended over or all stored and blended as source (when most of the
 * rectangle changes). Each way is deflated at a fast level (see try_way;
 * a way that stores every pixel of a rectangle mostly unchanged is not
 * tried) and the smallest is stored at a strong level: LEVEL_DENSE where
 * 1 pixel in DENSE or more changed, else LEVEL_SPARSE. (apngasm searches
 * the same choices; on the samples, dispose-previous frames were up to 65%
 * smaller.) */
int sl_apng_frame(sl_apng *a, const uint32_t *px, int stride, int delay_ms, sl_error *err)
{
	int first = a->nslot == 0, nw, best = -1, rc;
	way ways[4];
	slot *latest;
	if (delay_ms < 0)
		delay_ms = 0;
	for (int y = 0; y < a->h; y++) {   /* a row as it came before is in cur already */
		const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		uint32_t *d = a->cur + (size_t)y * a->w, *l = a->last + (size_t)y * a->w;
		a->rowch[y] = 0;
		if (!first && memcmp(l, src, (size_t)a->w * 4) == 0)
			continue;
		a->rowch[y] = 1;
		memcpy(l, src, (size_t)a->w * 4);
		for (int x = 0; x < a->w; x++)
			d[x] = colour(src[x]);
	}
	if (first) {
		way all = {NULL, 0, 0, a->w, a->h, 0, (size_t)a->w * a->h, 0};
		if (a->nthreads > 0)
			start_workers(a);
		if ((rc = submit(a, &all, 1, delay_ms, err)) < 0)
			return rc;
		memcpy(a->shown, a->cur, (size_t)a->w * a->h * 4);
		a->dirty = all;
		return SL_OK;
	}
	latest = a->slots[a->nslot - 1];
	if (!changed_rect(a, a->shown, 0, &ways[0])) {
		latest->delay_ms += delay_ms;   /* nothing changed: the frame before is shown longer */
		return SL_OK;
	}
	ways[1] = ways[0];
	nw = 2;
	if (!latest->first) {   /* dispose-previous on a first frame would clear to transparent */
		changed_rect(a, a->before, 1, &ways[2]);
		ways[3] = ways[2];
		nw = 4;
	}
	for (int k = 0; k < nw; k++) {
		ways[k].over = !(k & 1);
		if (!ways[k].over && ways[k].changed * 2 < (size_t)ways[k].w * ways[k].h)
			continue;   /* every pixel of a rectangle mostly unchanged: never the smallest */
		if (!(ways[k].est = try_way(a, &ways[k])))
			return sl_error_set(err, SL_ENOMEM, "apng: out of memory");
		if (best < 0 || ways[k].est < ways[best].est)
			best = k;
	}
	if (best >= 2)   /* the frame before goes back to what was under it */
		latest->dispose = 2;
	/* shown and before are made equal where they may differ: before as
	 * shown, or shown as before after a dispose to previous */
	for (int y = a->dirty.y; y < a->dirty.y + a->dirty.h; y++) {
		size_t o = (size_t)y * a->w + a->dirty.x;
		if (best >= 2)
			memcpy(a->shown + o, a->before + o, (size_t)a->dirty.w * 4);
		else
			memcpy(a->before + o, a->shown + o, (size_t)a->dirty.w * 4);
	}
	a->dirty = ways[best];
	ways[best].base = a->shown;
	if ((rc = submit(a, &ways[best], 0, delay_ms, err)) < 0)
		return rc;
	for (int y = ways[best].y; y < ways[best].y + ways[best].h; y++)
		memcpy(a->shown + (size_t)y * a->w + ways[best].x, a->cur + (size_t)y * a->w + ways[best].x,
			(size_t)ways[best].w * 4);
	return SL_OK;
}

int sl_apng_finish(sl_apng *a, sl_error *err)
{
	static const uint8_t sig[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};
	uint8_t ihdr[13], actl[8], trns[6] = {0, (KEY >> 16) & 0xff, 0, (KEY >> 8) & 0xff, 0, KEY & 0xff};
	sl_buf head;
	int rc = SL_OK;
	if (a->nslot == 0)
		return sl_error_set(err, SL_EUSAGE, "apng: no frame");
	write_ready(a, 1);
	chunk(&a->body, "IEND", NULL, 0);
	sl_buf_init(&head);
	sl_buf_put(&head, sig, 8);
	put32(ihdr, (uint32_t)a->w);
	put32(ihdr + 4, (uint32_t)a->h);
	ihdr[8] = 8;   /* bit depth */
	ihdr[9] = 2;   /* truecolour */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(&head, "IHDR", ihdr, sizeof ihdr);
	put32(actl, a->frames);
	put32(actl + 4, (uint32_t)a->loops);
	chunk(&head, "acTL", actl, sizeof actl);
	chunk(&head, "tRNS", trns, sizeof trns);
	if (head.failed || a->body.failed)
		rc = sl_error_set(err, SL_ENOMEM, "apng: out of memory holding the animation");
	else if (a->fn(a->closure, head.data, head.len) != 0 ||
	         a->fn(a->closure, a->body.data, a->body.len) != 0)
		rc = sl_error_set(err, SL_EIO, "apng: writing the animation failed");
	sl_buf_free(&head);
	return rc;
}
