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
 * CPU time: zlib -9 1 055 658 B in 1.5 s; libdeflate 12 1 016 027 B in 6.5 s;
 * zopfli (one iteration) 1-4% smaller than libdeflate 12 per frame but 40 s on
 * the board frame alone, when rendering the whole export takes about 30 s.
 * Level 12 pays where pixels changed; on a sparse rectangle it mostly walks
 * keyed runs (about 40 ms for 1.3 MB of them), where level 6 takes 2 ms for a few
 * bytes more. So: level 12 when 1 pixel in DENSE or more changed, else 6:
 * 1 021 810 B in about 4 s, and the whole export takes about the CPU time it took
 * with zlib -9 (+0.5 s in 33 s). That is what brings the file under apngasm's
 * (a 7-zip deflate) for a time we can afford; a matcher of our own would be a
 * second deflate to keep. The strong deflate of a frame runs on a thread of
 * its own while the next frame is drawn and weighed (same bytes). */
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
#define LEVEL_DENSE 12         /* libdeflate's strongest */
#define LEVEL_SPARSE 6         /* see above */
#define DENSE 200              /* 1 changed pixel in DENSE or more: LEVEL_DENSE */
#define LEVEL_TRIAL 1          /* to compare the ways a frame may be stored */
#define MAX_CHUNK (1u << 20)   /* bytes of image data per IDAT/fdAT chunk */

typedef struct pending {
	int x, y, w, h;
	int delay_ms;
	int first;
	int dispose;          /* 0 none, 2 previous: set when the next frame is chosen */
	int blend;            /* 0 source, 1 over */
	uint8_t *z;           /* compressed scanlines */
	size_t zlen;
	/* the strong deflate runs on a thread of its own while the next frame
	 * is drawn and weighed: raw is its input, joined before the frame is
	 * written (the bytes are those of a deflate done in place) */
	uint8_t *raw;
	size_t rawn, rawcap;
	struct libdeflate_compressor *cmp;
	pthread_t th;
	int running;
} pending;

/* One way to store a frame: against which canvas, blended how. */
typedef struct way {
	const uint32_t *base;  /* the canvas the frame is drawn over */
	int x, y, w, h;        /* the rectangle that differs from it */
	int over;              /* 1: unchanged pixels keyed, blend over; 0: all stored, source */
	size_t est;            /* its size under the fast level */
} way;

struct sl_apng {
	int w, h, loops;
	sl_write_fn fn;
	void *closure;
	uint32_t *shown;      /* what a viewer shows after the frames stored so far */
	uint32_t *before;     /* and before the pending frame: what dispose-previous restores */
	uint8_t *raw;         /* filtered scanlines of one frame */
	struct libdeflate_compressor *dense, *sparse, *fast;
	sl_buf body;          /* chunks after acTL */
	uint32_t seq;         /* next fcTL/fdAT sequence number */
	uint32_t frames;
	int have;             /* a pending frame waits for its delay */
	pending p;
	int failed;
};

static int join_pending(sl_apng *a);

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
	sl_buf_init(&a->body);
	a->shown = sl_calloc((size_t)w * h, 4);
	a->before = sl_calloc((size_t)w * h, 4);
	a->raw = sl_malloc((size_t)(3 * w + 1) * h);
	/* libdeflate's own malloc: 1.14 sets an allocator only for the whole
	 * process, which is not this writer's to take; a failure is ours to report */
	a->dense = libdeflate_alloc_compressor(LEVEL_DENSE);
	a->sparse = libdeflate_alloc_compressor(LEVEL_SPARSE);
	a->fast = libdeflate_alloc_compressor(LEVEL_TRIAL);
	if (!a->shown || !a->before || !a->raw || !a->dense || !a->sparse || !a->fast) {
		sl_apng_free(a);
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory for a %dx%d canvas", w, h);
	}
	*out = a;
	return SL_OK;
}

void sl_apng_free(sl_apng *a)
{
	if (!a)
		return;
	(void)join_pending(a);
	sl_free(a->shown);
	sl_free(a->before);
	sl_free(a->raw);
	sl_free(a->p.z);
	sl_free(a->p.raw);
	if (a->dense)
		libdeflate_free_compressor(a->dense);
	if (a->sparse)
		libdeflate_free_compressor(a->sparse);
	if (a->fast)
		libdeflate_free_compressor(a->fast);
	sl_buf_free(&a->body);
	sl_free(a);
}

/* Deflates n bytes into a zlib stream in *out (sl_malloc'd); returns the
 * length or 0. */
static size_t deflate_all(struct libdeflate_compressor *c, const uint8_t *in, size_t n,
	uint8_t **out)
{
	size_t bound = libdeflate_zlib_compress_bound(c, n), zl;
	if (!(*out = sl_malloc(bound)))
		return 0;
	if (!(zl = libdeflate_zlib_compress(c, in, n, *out, bound))) {
		sl_free(*out);
		*out = NULL;
	}
	return zl;
}

/* The colour stored for a source pixel: the key is never a real colour. */
static uint32_t colour(uint32_t c)
{
	c &= 0xffffff;
	return c == KEY ? c ^ 1 : c;   /* one step bluer */
}

/* The scanlines of way wy for px into a->raw: unfiltered (measured on the
 * 200-frame export: flat colours and keyed runs make filter type 0 the
 * smallest on the frames that weigh; on the board frame the next best, sub,
 * is 29% larger), every unchanged pixel keyed when blending over (keeping
 * the zero runs whole: 8% smaller than keeping some). Returns the bytes and
 * sets *changed to the pixels that differ from the base. */
static size_t scanlines(sl_apng *a, const uint32_t *px, int stride, const way *wy, size_t *changed)
{
	size_t rowlen = (size_t)wy->w * 3;
	*changed = 0;
	for (int y = 0; y < wy->h; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)(wy->y + y) * stride) + wy->x;
		const uint32_t *bs = wy->base ? wy->base + (size_t)(wy->y + y) * a->w + wy->x : NULL;
		uint8_t *row = a->raw + (size_t)y * (rowlen + 1);
		*row++ = 0;   /* filter type: none */
		for (int x = 0; x < wy->w; x++) {
			uint32_t c = colour(src[x]);
			if (bs && c == bs[x]) {
				if (wy->over)
					c = KEY;   /* unchanged: transparent */
			} else {
				(*changed)++;
			}
			row[3 * x] = (uint8_t)(c >> 16);
			row[3 * x + 1] = (uint8_t)(c >> 8);
			row[3 * x + 2] = (uint8_t)c;
		}
	}
	return (rowlen + 1) * wy->h;
}

/* The rectangle of px that differs from base; 0 if none does. */
static int changed_rect(const sl_apng *a, const uint32_t *px, int stride, const uint32_t *base, way *wy)
{
	int x0 = a->w, y0 = a->h, x1 = -1, y1 = -1;
	for (int y = 0; y < a->h; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		const uint32_t *bs = base + (size_t)y * a->w;
		int l = -1, r = -1;
		for (int x = 0; x < a->w; x++)
			if (colour(src[x]) != bs[x]) {
				if (l < 0)
					l = x;
				r = x;
			}
		if (l >= 0) {
			if (y < y0) y0 = y;
			y1 = y;
			if (l < x0) x0 = l;
			if (r > x1) x1 = r;
		}
	}
	wy->base = base;
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

static void *deflate_job(void *arg)
{
	pending *p = arg;
	p->zlen = deflate_all(p->cmp, p->raw, p->rawn, &p->z);
	return NULL;
}

/* Waits for the pending frame's deflate; 0 or SL_ENOMEM. */
static int join_pending(sl_apng *a)
{
	if (a->p.running) {
		pthread_join(a->p.th, NULL);
		a->p.running = 0;
	}
	return a->p.zlen ? SL_OK : SL_ENOMEM;
}

/* Deflates a->raw (n bytes) for way wy into the pending frame: on a thread
 * while the next frame comes, in place if none can be started. */
static int store(sl_apng *a, const way *wy, size_t n, size_t changed, int first, sl_error *err)
{
	(void)join_pending(a);
	sl_free(a->p.z);
	a->p.z = NULL;
	a->p.zlen = 0;
	if (n > a->p.rawcap) {
		uint8_t *r = sl_realloc(a->p.raw, n);
		if (!r)
			return sl_error_set(err, SL_ENOMEM, "apng: out of memory deflating a %dx%d frame",
				wy->w, wy->h);
		a->p.raw = r;
		a->p.rawcap = n;
	}
	memcpy(a->p.raw, a->raw, n);
	a->p.rawn = n;
	a->p.cmp = changed * DENSE >= (size_t)wy->w * wy->h ? a->dense : a->sparse;
	if (pthread_create(&a->p.th, NULL, deflate_job, &a->p) == 0)
		a->p.running = 1;
	else
		deflate_job(&a->p);
	if (!a->p.running && !a->p.zlen)
		return sl_error_set(err, SL_ENOMEM, "apng: out of memory deflating a %dx%d frame",
			wy->w, wy->h);
	a->p.x = wy->x;
	a->p.y = wy->y;
	a->p.w = wy->w;
	a->p.h = wy->h;
	a->p.first = first;
	a->p.dispose = 0;
	a->p.blend = first ? 0 : wy->over;
	return SL_OK;
}

/* Writes the pending frame's fcTL and image chunks into the body. */
static void flush_pending(sl_apng *a)
{
	uint8_t fc[26], *d;
	int ms = a->p.delay_ms, num, den;
	if (!a->have)
		return;
	if (join_pending(a) < 0) {
		a->body.failed = 1;   /* reported by sl_apng_finish */
		a->have = 0;
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
	put32(fc + 4, (uint32_t)a->p.w);
	put32(fc + 8, (uint32_t)a->p.h);
	put32(fc + 12, (uint32_t)a->p.x);
	put32(fc + 16, (uint32_t)a->p.y);
	fc[20] = (uint8_t)(num >> 8);
	fc[21] = (uint8_t)num;
	fc[22] = (uint8_t)(den >> 8);
	fc[23] = (uint8_t)den;
	fc[24] = (uint8_t)a->p.dispose;   /* none, or previous: see sl_apng_frame */
	fc[25] = (uint8_t)a->p.blend;     /* source or over */
	chunk(&a->body, "fcTL", fc, sizeof fc);
	for (size_t off = 0; off < a->p.zlen || (off == 0 && a->p.zlen == 0); off += MAX_CHUNK) {
		size_t n = a->p.zlen - off < MAX_CHUNK ? a->p.zlen - off : MAX_CHUNK;
		if (a->p.first) {
			chunk(&a->body, "IDAT", a->p.z + off, n);
		} else {
			if (!(d = sl_malloc(n + 4))) {
				a->body.failed = 1;
				return;
			}
			put32(d, a->seq++);
			memcpy(d + 4, a->p.z + off, n);
			chunk(&a->body, "fdAT", d, n + 4);
			sl_free(d);
		}
		if (a->p.zlen == 0)
			break;
	}
	a->frames++;
	a->have = 0;
}

/* A frame after the first may be drawn over what is shown (the frame
 * before stays: dispose none) or over what was shown before the frame
 * before (which is then disposed to previous: a highlight that comes and
 * goes costs nothing the second time), its unchanged pixels keyed and
 * blended over or all stored and blended as source (when most of the
 * rectangle changes). Each way is deflated at a fast level and the smallest
 * is stored at the strong one. (apngasm searches the same choices; on the
 * samples, dispose-previous frames were up to 65% smaller.) */
int sl_apng_frame(sl_apng *a, const uint32_t *px, int stride, int delay_ms, sl_error *err)
{
	int first = a->frames == 0 && !a->have, nw = 0, best = 0, rc;
	way ways[4];
	size_t n, changed;
	if (delay_ms < 0)
		delay_ms = 0;
	if (first) {
		way all = {NULL, 0, 0, a->w, a->h, 0, 0};
		n = scanlines(a, px, stride, &all, &changed);
		if ((rc = store(a, &all, n, changed, 1, err)) < 0)
			return rc;
		for (int y = 0; y < a->h; y++) {
			const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
			for (int x = 0; x < a->w; x++)
				a->shown[(size_t)y * a->w + x] = colour(src[x]);
		}
		a->p.delay_ms = delay_ms;
		a->have = 1;
		return SL_OK;
	}
	if (!changed_rect(a, px, stride, a->shown, &ways[0])) {
		a->p.delay_ms += delay_ms;   /* nothing changed: the frame before is shown longer */
		return SL_OK;
	}
	ways[1] = ways[0];
	nw = 2;
	if (!a->p.first) {   /* dispose-previous on a first frame would clear to transparent */
		changed_rect(a, px, stride, a->before, &ways[2]);
		ways[3] = ways[2];
		nw = 4;
	}
	for (int k = 0; k < nw; k++) {
		size_t bound;
		uint8_t *z;
		ways[k].over = !(k & 1);
		n = scanlines(a, px, stride, &ways[k], &changed);
		bound = libdeflate_zlib_compress_bound(a->fast, n);
		if (!(z = sl_malloc(bound)))
			return sl_error_set(err, SL_ENOMEM, "apng: out of memory");
		ways[k].est = libdeflate_zlib_compress(a->fast, a->raw, n, z, bound);
		sl_free(z);
		if (ways[k].est && (ways[best].est == 0 || ways[k].est < ways[best].est))
			best = k;
	}
	if (best >= 2) {   /* the frame before goes back to what was under it */
		a->p.dispose = 2;
		memcpy(a->shown, a->before, (size_t)a->w * a->h * 4);
	}
	flush_pending(a);
	memcpy(a->before, a->shown, (size_t)a->w * a->h * 4);
	ways[best].base = a->shown;
	n = scanlines(a, px, stride, &ways[best], &changed);
	if ((rc = store(a, &ways[best], n, changed, 0, err)) < 0)
		return rc;
	for (int y = ways[best].y; y < ways[best].y + ways[best].h; y++) {
		const uint32_t *src = (const uint32_t *)((const uint8_t *)px + (size_t)y * stride);
		for (int x = ways[best].x; x < ways[best].x + ways[best].w; x++)
			a->shown[(size_t)y * a->w + x] = colour(src[x]);
	}
	a->p.delay_ms = delay_ms;
	a->have = 1;
	return SL_OK;
}

int sl_apng_finish(sl_apng *a, sl_error *err)
{
	static const uint8_t sig[8] = {137, 'P', 'N', 'G', 13, 10, 26, 10};
	uint8_t ihdr[13], actl[8], trns[6] = {0, (KEY >> 16) & 0xff, 0, (KEY >> 8) & 0xff, 0, KEY & 0xff};
	sl_buf head;
	int rc = SL_OK;
	if (!a->have && a->frames == 0)
		return sl_error_set(err, SL_EUSAGE, "apng: no frame");
	flush_pending(a);
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
