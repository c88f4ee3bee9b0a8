/* test_export.c - the APNG and GIF encoders on synthetic frames (chunk
 * layout, sequence numbers, changed rectangles, merged identical frames,
 * dispose-previous for what comes and goes;
 * the GIF read back by giflib, also over frames made for each of its
 * candidates; the LZW encoder's rules for a full table), the video's RGB
 * to 4:2:0 conversion, escaping, the animation positions, and the HTML page
 * fed as a log is walked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <gif_lib.h>
#include <zlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sillage.h"
#include "render/sl_export.h"
#include "render/export.h"
#include "render/painter.h"   /* SL_LAYER_TOP */
#include "render/lzw.h"
#include "render/yuv.h"

#define W 40
#define H 30

static int buf_write(void *c, const unsigned char *d, size_t n)
{
	sl_buf_put(c, d, n);
	return 0;
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void fill(uint32_t *px, uint32_t c)
{
	for (int i = 0; i < W * H; i++)
		px[i] = c;
}

static void test_apng_chunks(void **state)
{
	uint32_t px[W * H];
	sl_apng *a;
	sl_error err;
	sl_buf b;
	size_t i = 8;
	uint32_t seq = 0, nfctl = 0, frames = 0;
	int rects[4][4], nr = 0, ntrns = 0;
	uint8_t img[2][6 * 5 * 3 + 5];   /* the later frames' scanlines, inflated */
	uLongf imglen[2] = {0, 0};
	sl_error_clear(&err);
	sl_buf_init(&b);
	assert_int_equal(sl_apng_new(&a, W, H, 3, buf_write, &b, &err), 0);
	fill(px, 0x102030);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	px[5 * W + 7] = 0xff0000;       /* one pixel changes */
	px[9 * W + 12] = 0x00ff00;      /* and another: the rectangle spans both */
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 250, &err), 0);   /* identical: merged */
	px[0] = 0x000000;               /* the key colour itself is never transparent */
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	assert_int_equal(sl_apng_finish(a, &err), 0);
	sl_apng_free(a);
	assert_memory_equal(b.data, "\x89PNG\r\n\x1a\n", 8);
	while (i + 12 <= b.len) {
		uint32_t n = be32(b.data + i);
		const uint8_t *t = b.data + i + 4, *d = b.data + i + 8;
		uint32_t crc = (uint32_t)crc32(crc32(0, t, 4), d, n);
		assert_int_equal(crc, be32(d + n));
		if (!memcmp(t, "acTL", 4)) {
			frames = be32(d);
			assert_int_equal(be32(d + 4), 3);
		} else if (!memcmp(t, "tRNS", 4)) {
			assert_int_equal(n, 6);
			assert_memory_equal(d, "\0\0\0\0\0\0", 6);   /* the key: black */
			ntrns++;
		} else if (!memcmp(t, "fcTL", 4) || !memcmp(t, "fdAT", 4)) {
			assert_int_equal(be32(d), seq++);
			if (!memcmp(t, "fdAT", 4) && nr >= 2) {   /* one fdAT each: small frames */
				imglen[nr - 2] = sizeof img[0];
				assert_int_equal(uncompress(img[nr - 2], &imglen[nr - 2], d + 4, n - 4), Z_OK);
			}
			if (!memcmp(t, "fcTL", 4)) {
				assert_true(nr < 4);
				rects[nr][0] = (int)be32(d + 4);
				rects[nr][1] = (int)be32(d + 8);
				rects[nr][2] = (int)be32(d + 12);
				rects[nr][3] = (int)be32(d + 16);
				if (nr == 1)
					assert_int_equal(d[20] << 8 | d[21], 350);   /* 100 + 250 ms merged */
				nr++;
				nfctl++;
			}
		}
		i += 12 + n;
	}
	assert_int_equal(i, b.len);
	assert_int_equal(frames, 3);
	assert_int_equal(nfctl, 3);
	assert_int_equal(rects[0][0], W);
	assert_int_equal(rects[0][1], H);
	assert_int_equal(rects[1][0], 6);   /* x 7..12 */
	assert_int_equal(rects[1][1], 5);   /* y 5..9 */
	assert_int_equal(rects[1][2], 7);
	assert_int_equal(rects[1][3], 5);
	assert_int_equal(rects[2][0], 1);
	assert_int_equal(rects[2][1], 1);
	assert_int_equal(ntrns, 1);
	/* frame 2: five rows of filter 0 and six pixels, every unchanged pixel
	 * keyed, the two that changed at the corners */
	assert_int_equal(imglen[0], 5 * (1 + 6 * 3));
	for (int y = 0; y < 5; y++) {
		const uint8_t *row = img[0] + y * (1 + 6 * 3);
		assert_int_equal(row[0], 0);
		for (int x = 0; x < 6; x++) {
			uint32_t c = (uint32_t)row[1 + 3 * x] << 16 | row[2 + 3 * x] << 8 | row[3 + 3 * x];
			assert_int_equal(c, y == 0 && x == 0 ? 0xff0000u : y == 4 && x == 5 ? 0x00ff00u : 0u);
		}
	}
	/* frame 3: a real black pixel is stored one step bluer */
	assert_int_equal(imglen[1], 4);
	assert_memory_equal(img[1], "\0\0\0\1", 4);
	sl_buf_free(&b);
}

/* A highlight that comes and goes: the frame that shows it is disposed to
 * previous, and the frame after, equal to what was under it, costs 1x1. */
static void test_apng_dispose_previous(void **state)
{
	uint32_t px[W * H];
	sl_apng *a;
	sl_error err;
	sl_buf b;
	size_t i = 8;
	int nr = 0, dispose[3] = {-1, -1, -1}, rw[3] = {0}, rh[3] = {0};
	(void)state;
	sl_error_clear(&err);
	sl_buf_init(&b);
	assert_int_equal(sl_apng_new(&a, W, H, 0, buf_write, &b, &err), 0);
	fill(px, 0x102030);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);   /* merged */
	for (int y = 5; y < 15; y++)
		for (int x = 5; x < 25; x++)
			px[y * W + x] = (uint32_t)(0xc00000 + x * 7 + y * 0x300);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	fill(px, 0x102030);
	assert_int_equal(sl_apng_frame(a, px, W * 4, 100, &err), 0);
	assert_int_equal(sl_apng_finish(a, &err), 0);
	sl_apng_free(a);
	while (i + 12 <= b.len) {
		uint32_t n = be32(b.data + i);
		const uint8_t *t = b.data + i + 4, *d = b.data + i + 8;
		if (!memcmp(t, "fcTL", 4)) {
			assert_true(nr < 3);
			rw[nr] = (int)be32(d + 4);
			rh[nr] = (int)be32(d + 8);
			dispose[nr] = d[24];
			nr++;
		}
		i += 12 + n;
	}
	assert_int_equal(nr, 3);
	assert_int_equal(dispose[0], 0);   /* the first frame stays */
	assert_int_equal(dispose[1], 2);   /* the highlight goes back to what was under it */
	assert_int_equal(rw[1], 20);
	assert_int_equal(rh[1], 10);
	assert_int_equal(dispose[2], 0);
	assert_int_equal(rw[2], 1);        /* nothing left to draw */
	assert_int_equal(rh[2], 1);
	sl_buf_free(&b);
}

typedef struct rd {
	const sl_buf *b;
	size_t pos;
} rd;

static int gif_read(GifFileType *g, GifByteType *out, int n)
{
	rd *r = g->UserData;
	if ((size_t)n > r->b->len - r->pos)
		n = (int)(r->b->len - r->pos);
	memcpy(out, r->b->data + r->pos, (size_t)n);
	r->pos += (size_t)n;
	return n;
}

/* giflib's reading of the GIF in b, every image loaded; r is its cursor. */
static GifFileType *gif_slurp(rd *r, const sl_buf *b)
{
	int e;
	GifFileType *gf;
	r->b = b;
	r->pos = 0;
	gf = DGifOpen(r, gif_read, &e);
	assert_non_null(gf);
	assert_int_equal(DGifSlurp(gf), GIF_OK);
	return gf;
}

static void test_gif_roundtrip(void **state)
{
	uint32_t px[W * H], cols[2] = {0xabcdef, 0x123456};
	sl_gif *g;
	sl_error err;
	sl_buf b;
	rd r;
	int e;
	GifFileType *gf;
	GraphicsControlBlock gcb;
	sl_error_clear(&err);
	sl_buf_init(&b);
	assert_int_equal(sl_gif_new(&g, W, H, 0, cols, 2, buf_write, &b, &err), 0);
	fill(px, 0xf4f1e8);
	assert_int_equal(sl_gif_frame(g, px, W * 4, 700, &err), 0);
	for (int y = 10; y < 14; y++)
		px[y * W + 20] = 0xabcdef;
	assert_int_equal(sl_gif_frame(g, px, W * 4, 700, &err), 0);
	assert_int_equal(sl_gif_frame(g, px, W * 4, 1500, &err), 0);
	assert_int_equal(sl_gif_finish(g, &err), 0);
	sl_gif_free(g);
	gf = gif_slurp(&r, &b);
	assert_int_equal(gf->SWidth, W);
	assert_int_equal(gf->ImageCount, 2);
	assert_int_equal(gf->SColorMap->ColorCount, 256);
	assert_int_equal(gf->SavedImages[1].ImageDesc.Left, 20);
	assert_int_equal(gf->SavedImages[1].ImageDesc.Top, 10);
	assert_int_equal(gf->SavedImages[1].ImageDesc.Width, 1);
	assert_int_equal(gf->SavedImages[1].ImageDesc.Height, 4);
	assert_int_equal(DGifSavedExtensionToGCB(gf, 1, &gcb), GIF_OK);
	assert_int_equal(gcb.DelayTime, 220);
	{   /* the painter's colour is exact in the palette (the frame's own
	     * table or the global one); the transparent index is one the frame
	     * does not use */
		const ColorMapObject *m = gf->SavedImages[1].ImageDesc.ColorMap ?
			gf->SavedImages[1].ImageDesc.ColorMap : gf->SColorMap;
		int v = gf->SavedImages[1].RasterBits[0];
		GifColorType c = m->Colors[v];
		assert_int_equal(c.Red << 16 | c.Green << 8 | c.Blue, 0xabcdef);
		assert_true(gcb.TransparentColor >= 0 && gcb.TransparentColor < m->ColorCount);
		assert_int_not_equal(gcb.TransparentColor, v);
	}
	DGifCloseFile(gf, &e);
	sl_buf_free(&b);
}

/* Draws image i of gf over shown (gw pixels wide) as a viewer would: its
 * transparent index leaves what is there. */
static void composite(GifFileType *gf, int i, uint32_t *shown, int gw)
{
	const SavedImage *im = &gf->SavedImages[i];
	const ColorMapObject *m = im->ImageDesc.ColorMap ? im->ImageDesc.ColorMap : gf->SColorMap;
	GraphicsControlBlock gcb;
	assert_int_equal(DGifSavedExtensionToGCB(gf, i, &gcb), GIF_OK);
	for (int y = 0; y < im->ImageDesc.Height; y++)
		for (int x = 0; x < im->ImageDesc.Width; x++) {
			int v = im->RasterBits[y * im->ImageDesc.Width + x];
			if (v == gcb.TransparentColor)
				continue;
			assert_true(v < m->ColorCount);
			shown[(im->ImageDesc.Top + y) * gw + im->ImageDesc.Left + x] =
				(uint32_t)m->Colors[v].Red << 16 | (uint32_t)m->Colors[v].Green << 8 |
				m->Colors[v].Blue;
		}
}

/* Our LZW writer over a table that fills and clears many times, a changed
 * rectangle with a short code size, every pixel read back by giflib. */
static void test_gif_lzw(void **state)
{
	enum { GW = 160, GH = 120 };
	static uint32_t px[GW * GH], shown[GW * GH];
	uint32_t seed = 7;
	sl_gif *g;
	sl_error err;
	sl_buf b;
	rd r;
	int e;
	GifFileType *gf;
	sl_error_clear(&err);
	sl_buf_init(&b);
	assert_int_equal(sl_gif_new(&g, GW, GH, 0, NULL, 0, buf_write, &b, &err), 0);
	for (int i = 0; i < GW * GH; i++) {
		seed = seed * 1103515245u + 12345u;
		px[i] = 0x010203u * ((seed >> 16) % 200);   /* 200 colours: all in the palette */
	}
	assert_int_equal(sl_gif_frame(g, px, GW * 4, 100, &err), 0);
	for (int y = 30; y < 50; y++)   /* a few colours change in a rectangle */
		for (int x = 40; x < 90; x++)
			if ((x + y) % 3)
				px[y * GW + x] = 0x010203u * (uint32_t)((x / 7) % 3);
	assert_int_equal(sl_gif_frame(g, px, GW * 4, 100, &err), 0);
	assert_int_equal(sl_gif_finish(g, &err), 0);
	sl_gif_free(g);
	gf = gif_slurp(&r, &b);
	assert_int_equal(gf->ImageCount, 2);
	for (int i = 0; i < 2; i++) {
		composite(gf, i, shown, GW);
	}
	assert_memory_equal(shown, px, sizeof px);
	DGifCloseFile(gf, &e);
	sl_buf_free(&b);
}

/* Frames that change in ways each candidate of the GIF writer is made
 * for: text-like shapes with short and long gaps over one colour (the gap
 * length search, gaps kept when they carry the colour before them), noise
 * (the choice as LZW goes), a frame where nothing changes (held longer).
 * Every frame composited from giflib's reading equals the frame given. */
static void test_gif_gaps(void **state)
{
	enum { GW = 200, GH = 90, NF = 6 };
	static uint32_t px[NF][GW * GH], shown[GW * GH];
	uint32_t seed = 11;
	sl_gif *g;
	sl_error err;
	sl_buf b;
	rd r;
	int e, shown_frame = 0;
	GifFileType *gf;
	sl_error_clear(&err);
	sl_buf_init(&b);
	for (int f = 0; f < NF; f++)
		for (int y = 0; y < GH; y++)
			for (int x = 0; x < GW; x++) {
				uint32_t c = y < 30 ? 0x203040u : 0x102030u * (uint32_t)(1 + (x / 40) % 3);
				seed = seed * 1103515245u + 12345u;
				if (y >= 60 && f != 3)   /* noise, the same twice in a row at f = 3 */
					c = 0x010101u * (uint32_t)((seed >> 16) % (f + 2));
				/* strokes whose spacing differs per frame: gaps 1..40 */
				if (y >= 5 && y < 25 && f > 0 && f != 3 && (x * (f + 1) / 7 + y) % (f * 8) == 0)
					c = 0xf0e0d0u;
				px[f][y * GW + x] = c;
			}
	memcpy(px[3], px[2], sizeof px[3]);   /* nothing changes */
	/* every colour in the palette: the painter's colours */
	static const uint32_t cols[] = {0x203040u, 0x102030u, 0x204060u, 0x306090u, 0xf0e0d0u,
		0x000000u, 0x010101u, 0x020202u, 0x030303u, 0x040404u, 0x050505u, 0x060606u};
	assert_int_equal(sl_gif_new(&g, GW, GH, 0, cols, 12, buf_write, &b, &err), 0);
	for (int f = 0; f < NF; f++)
		assert_int_equal(sl_gif_frame(g, px[f], GW * 4, 100, &err), 0);
	assert_int_equal(sl_gif_finish(g, &err), 0);
	sl_gif_free(g);
	gf = gif_slurp(&r, &b);
	assert_int_equal(gf->ImageCount, NF - 1);
	for (int i = 0; i < gf->ImageCount; i++) {
		GraphicsControlBlock gcb;
		composite(gf, i, shown, GW);
		assert_memory_equal(shown, px[shown_frame], sizeof shown);
		shown_frame += shown_frame == 2 ? 2 : 1;   /* frame 3 repeated frame 2 */
		assert_int_equal(DGifSavedExtensionToGCB(gf, i, &gcb), GIF_OK);
		assert_int_equal(gcb.DelayTime, i == 2 ? 20 : 10);
	}
	DGifCloseFile(gf, &e);
	sl_buf_free(&b);
}

/* Decodes the LZW data d (code size byte to the empty sub-block) of a
 * w x h image through giflib, inside a one-image GIF with a 64-colour
 * global table. */
static int lzw_read_back(const sl_buf *d, int w, int h, uint8_t *px)
{
	static const uint8_t head[] = {'G', 'I', 'F', '8', '9', 'a'};
	sl_buf f;
	uint8_t b[10];
	rd r;
	int e, ok;
	GifFileType *gf;
	sl_buf_init(&f);
	sl_buf_put(&f, head, sizeof head);
	b[0] = (uint8_t)w, b[1] = (uint8_t)(w >> 8), b[2] = (uint8_t)h, b[3] = (uint8_t)(h >> 8);
	b[4] = 0x85, b[5] = 0, b[6] = 0;   /* a 64-entry global table */
	sl_buf_put(&f, b, 7);
	for (int i = 0; i < 64; i++) {
		uint8_t c[3] = {(uint8_t)(i * 4), (uint8_t)i, 0};
		sl_buf_put(&f, c, 3);
	}
	b[0] = 0x2c, b[1] = b[2] = b[3] = b[4] = 0;
	b[5] = (uint8_t)w, b[6] = (uint8_t)(w >> 8), b[7] = (uint8_t)h, b[8] = (uint8_t)(h >> 8);
	b[9] = 0;
	sl_buf_put(&f, b, 10);
	sl_buf_put(&f, d->data, d->len);
	b[0] = 0x3b;
	sl_buf_put(&f, b, 1);
	r.b = &f;
	r.pos = 0;
	gf = DGifOpen(&r, gif_read, &e);
	ok = gf && DGifSlurp(gf) == GIF_OK && gf->ImageCount == 1;
	if (ok)
		memcpy(px, gf->SavedImages[0].RasterBits, (size_t)w * h);
	if (gf)
		DGifCloseFile(gf, &e);
	sl_buf_free(&f);
	return ok;
}

/* Every rule for a full LZW table reads back through giflib, and the
 * rules do what they are for: on a picture that goes on as it began
 * (a strip repeated) keeping the table beats clearing it; on one whose
 * second half has colours of its own, clearing beats keeping forever. */
static void test_lzw_rules(void **state)
{
	enum { LW = 256, LH = 200, N = LW * LH };
	static uint8_t px[N], back[N];
	static sl_lzw t;
	size_t sz[2][SL_LZW_RULES];
	uint32_t seed = 11;
	for (int pic = 0; pic < 2; pic++) {
		for (int i = 0; i < N; i++) {
			seed = seed * 1103515245u + 12345u;
			if (pic == 0)   /* a 20-row strip of 16 colours, repeated */
				px[i] = i < LW * 20 ? (uint8_t)(seed >> 16 & 15) : px[i % (LW * 20)];
			else            /* 32 colours, then 32 others */
				px[i] = (uint8_t)((seed >> 16 & 31) + (i >= N / 2 ? 32 : 0));
		}
		for (int rule = 0; rule < SL_LZW_RULES; rule++) {
			sl_buf d;
			int filled = 0;
			sl_buf_init(&d);
			sz[pic][rule] = sl_lzw_encode(&t, px, N, 6, rule, &d, &filled);
			assert_true(filled);
			assert_int_equal(sz[pic][rule], d.len);
			assert_int_equal(sl_lzw_encode(&t, px, N, 6, rule, NULL, NULL), d.len);
			memset(back, 0xff, sizeof back);
			assert_true(lzw_read_back(&d, LW, LH, back));
			assert_memory_equal(back, px, N);
			sl_buf_free(&d);
		}
	}
	assert_true(sz[0][SL_LZW_RULES - 1] < sz[0][0]);
	assert_true(sz[1][1] < sz[1][SL_LZW_RULES - 1]);
}

static void test_escape(void **state)
{
	sl_buf b;
	sl_buf_init(&b);
	sl_export_escape_html(&b, "<script>\"a\" & 'b'</script>");
	assert_string_equal(sl_buf_cstr(&b), "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;");
	sl_buf_reset(&b);
	sl_export_json_str(&b, "</script>\"\n\xe2\x80\xa8");
	assert_string_equal(sl_buf_cstr(&b), "\"\\u003c/script\\u003e\\\"\\n\\u2028\"");
	sl_buf_free(&b);
}

static void test_positions(void **state)
{
	sl_log *log;
	sl_replay *r;
	sl_error err;
	size_t *pos, n, nev = 0;
	sl_error_clear(&err);
	assert_int_equal(sl_log_load(&log, "tests/image/tessel.sil", &err), 0);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), 0);
	assert_int_equal(sl_anim_positions(r, SL_PER_EVENT, 0, -1, &pos, &n, &err), 0);
	for (size_t i = 0; i < log->n; i++)
		nev += log->ev[i].entry == SL_ENTRY_EVENT;
	assert_true(n >= nev + 1);
	assert_int_equal(pos[0], 0);
	assert_int_equal(pos[n - 1], log->n);
	sl_free(pos);
	assert_int_equal(sl_anim_positions(r, SL_PER_TURN, 0, -1, &pos, &n, &err), 0);
	assert_true(n >= 2);
	sl_free(pos);
	assert_int_equal(sl_anim_positions(r, SL_PER_EVENT, 5, 2, &pos, &n, &err), SL_ERANGE);
	sl_replay_free(r);
	sl_log_free(log);
}

static size_t count(const char *s, size_t n, const char *what)
{
	size_t c = 0, k = strlen(what);
	for (size_t i = 0; i + k <= n; i++)
		c += memcmp(s + i, what, k) == 0;
	return c;
}

/* Four steps' top layers as the pages of one document (seq.c, for the HTML
 * viewer): a <pageSet> of four pages, each drawing what the step's own
 * document draws, and the glyphs' outlines written once for the four (at
 * most half the symbols of the four documents). */
static void test_svg_pages(void **state)
{
	static const sl_render_opts o = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	sl_log *log;
	sl_replay *r;
	sl_error err;
	sl_buf doc, one, desc;
	sl_svg_pages *pg = NULL;
	size_t singles_glyphs = 0, at = 0;
	int w = 0, h = 0;
	(void)state;
	sl_error_clear(&err);
	sl_buf_init(&doc);
	sl_buf_init(&desc);
	assert_int_equal(sl_log_load(&log, "tests/image/tessel.sil", &err), 0);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), 0);
	for (size_t p = 0; p < 4; p++) {
		sl_frame fr;
		assert_int_equal(sl_export_frame(r, p, &fr, &desc, &err), 0);
		if (!p) {
			assert_int_equal(sl_render_measure(&fr, &o, &w, &h, &err), 0);
			assert_int_equal(sl_svg_pages_new(&pg, w, h, buf_write, &doc, &err), 0);
		}
		assert_int_equal(sl_svg_pages_add(pg, &fr, &o, SL_LAYER_TOP, &err), 0);
	}
	assert_int_equal(sl_svg_pages_finish(pg, &err), 0);
	assert_non_null(strstr(sl_buf_cstr(&doc), "version=\"1.2\""));
	assert_int_equal(count((const char *)doc.data, doc.len, "<pageSet>"), 1);
	assert_int_equal(count((const char *)doc.data, doc.len, "<page>"), 4);
	for (size_t p = 0; p < 4; p++) {
		sl_frame fr;
		const char *page = strstr(sl_buf_cstr(&doc) + at, "<page>"), *end;
		assert_non_null(page);
		end = strstr(page, "</page>");
		assert_non_null(end);
		at = (size_t)(end - sl_buf_cstr(&doc));
		sl_buf_init(&one);
		assert_int_equal(sl_export_frame(r, p, &fr, &desc, &err), 0);
		assert_int_equal(sl_render_svg_layers(&fr, &o, SL_LAYER_TOP, w, h, buf_write, &one, &err), 0);
		/* the same elements drawn (their numbering aside) */
		{
			const char *body = strstr(sl_buf_cstr(&one), "<g id=\"surface");
			size_t bn;
			assert_non_null(body);
			bn = one.len - (size_t)(body - sl_buf_cstr(&one));
			assert_true(count(body, bn, "<use ") > 0);
			assert_int_equal(count(page, (size_t)(end - page), "<use "), count(body, bn, "<use "));
			assert_int_equal(count(page, (size_t)(end - page), "<path "), count(body, bn, "<path "));
			assert_int_equal(count(page, (size_t)(end - page), "clip-path="), count(body, bn, "clip-path="));
		}
		singles_glyphs += count((const char *)one.data, one.len, "<symbol ");
		sl_buf_free(&one);
	}
	assert_true(count((const char *)doc.data, doc.len, "<symbol ") > 0);
	assert_true(count((const char *)doc.data, doc.len, "<symbol ") * 2 <= singles_glyphs);
	sl_buf_free(&doc);
	sl_buf_free(&desc);
	sl_replay_free(r);
	sl_log_free(log);
}

/* cairo numbers its surfaces over the process ("surface141"): two pages
 * drawn in one process differ there only. */
static void unnumber(sl_buf *b)
{
	size_t o = 0;
	for (size_t i = 0; i < b->len; i++) {
		b->data[o++] = b->data[i];
		if (o >= 7 && memcmp(b->data + o - 7, "surface", 7) == 0)
			while (i + 1 < b->len && b->data[i + 1] >= '0' && b->data[i + 1] <= '9')
				i++;
	}
	b->len = o;
}

/* A page fed position by position as the log is walked (sl_html_feed: the
 * html verb's, issue 30) is the page of the whole replay, byte for byte
 * (but for cairo's surface numbers, which run over the process). */
static void test_html_feed(void **state)
{
	sl_log *log;
	sl_replay *r, *s;
	sl_html_feed *f;
	sl_frame end;
	sl_buf whole, fed, desc, d;
	sl_error err;
	(void)state;
	sl_error_clear(&err);
	sl_buf_init(&whole);
	sl_buf_init(&fed);
	sl_buf_init(&desc);
	sl_buf_init(&d);
	assert_int_equal(sl_log_load(&log, "tests/image/tessel.sil", &err), 0);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), 0);
	assert_int_equal(sl_html_to_func(r, NULL, buf_write, &whole, NULL, &err), 0);
	assert_int_equal(sl_export_frame(r, log->n, &end, &desc, &err), 0);
	assert_int_equal(sl_html_feed_new(&f, log, NULL, NULL, &end, log->n + 1, &err), 0);
	assert_int_equal(sl_replay_stream(&s, log, 0, &err), 0);
	assert_int_equal(sl_html_feed_first(f, sl_replay_state(s), 0, 0, 0, NULL, NULL, NULL, &err), 0);
	for (size_t i = 0; i < log->n; i++) {
		int turn, phase;
		sl_buf_reset(&d);
		assert_int_equal(sl_replay_feed_describe(s, &log->ev[i], SL_VIEW_ALL, &d, NULL, &err), 0);
		sl_replay_where(s, &turn, &phase);
		assert_int_equal(sl_html_feed_entry(f, sl_replay_state(s), &log->ev[i], sl_buf_cstr(&d), turn, phase,
			sl_replay_events(s), &err), 0);
	}
	assert_int_equal(sl_html_feed_finish(f, buf_write, &fed, NULL, &err), 0);
	unnumber(&fed);
	unnumber(&whole);
	assert_int_equal(fed.len, whole.len);
	assert_memory_equal(fed.data, whole.data, whole.len);
	sl_html_feed_free(f);
	sl_replay_free(s);
	sl_replay_free(r);
	sl_log_free(log);
	sl_buf_free(&whole);
	sl_buf_free(&fed);
	sl_buf_free(&desc);
	sl_buf_free(&d);
}

/* A branch fed after the main line (sl_html_feed_branch: html --branch,
 * issue 30) gives the page of the held replays, byte for byte; the main
 * line is the game cut at half its entries, the branch the whole game. A
 * branch fed before the main line, or a page finished inside one, is
 * refused. */
static void test_html_feed_branch(void **state)
{
	sl_log *log, *cut;
	sl_replay *r, *b, *s;
	sl_html_feed *f;
	sl_html_branch br;
	sl_html_opts ho;
	sl_frame end, bend;
	sl_buf whole, fed, desc, bdesc, d;
	sl_error err;
	size_t at;
	(void)state;
	sl_error_clear(&err);
	sl_buf_init(&whole);
	sl_buf_init(&fed);
	sl_buf_init(&desc);
	sl_buf_init(&bdesc);
	sl_buf_init(&d);
	assert_int_equal(sl_log_load(&log, "tests/image/tessel.sil", &err), 0);
	assert_int_equal(sl_log_load(&cut, "tests/image/tessel.sil", &err), 0);
	at = cut->n = log->n / 2;
	assert_true(at > 2);
	assert_int_equal(sl_replay_open(&r, cut, 0, &err), 0);
	assert_int_equal(sl_replay_open(&b, log, 0, &err), 0);
	br.r = b;
	br.name = "whole.sil";
	memset(&ho, 0, sizeof ho);
	ho.branches = &br;
	ho.nbranches = 1;
	assert_int_equal(sl_html_to_func_ex(r, NULL, &ho, buf_write, &whole, NULL, &err), 0);
	assert_int_equal(sl_export_frame(r, cut->n, &end, &desc, &err), 0);
	assert_int_equal(sl_export_frame(b, log->n, &bend, &bdesc, &err), 0);

	assert_int_equal(sl_html_feed_new(&f, cut, NULL, NULL, &end, cut->n + 1, &err), 0);
	assert_int_equal(sl_html_feed_band(f, &bend, &err), 0);
	assert_int_equal(sl_replay_stream(&s, cut, 0, &err), 0);
	assert_int_equal(sl_html_feed_branch(f, log, "whole.sil", 0, sl_replay_state(s), 0, NULL, NULL, &err),
		SL_EUSAGE);   /* before the main line */
	assert_int_equal(sl_html_feed_first(f, sl_replay_state(s), 0, 0, 0, NULL, NULL, NULL, &err), 0);
	assert_int_equal(sl_html_feed_band(f, &bend, &err), SL_EUSAGE);   /* after its boards */
	for (size_t i = 0; i < cut->n; i++) {
		int turn, phase;
		sl_buf_reset(&d);
		assert_int_equal(sl_replay_feed_describe(s, &cut->ev[i], SL_VIEW_ALL, &d, NULL, &err), 0);
		sl_replay_where(s, &turn, &phase);
		assert_int_equal(sl_html_feed_entry(f, sl_replay_state(s), &cut->ev[i], sl_buf_cstr(&d), turn, phase,
			sl_replay_events(s), &err), 0);
	}
	sl_replay_free(s);
	assert_int_equal(sl_replay_stream(&s, log, 0, &err), 0);
	for (size_t i = 0; i < log->n; i++) {
		int turn, phase;
		sl_buf_reset(&d);
		assert_int_equal(sl_replay_feed_describe(s, &log->ev[i], SL_VIEW_ALL, &d, NULL, &err), 0);
		sl_replay_where(s, &turn, &phase);
		if (i + 1 == at)
			assert_int_equal(sl_html_feed_branch(f, log, "whole.sil", at, sl_replay_state(s),
				sl_replay_events(s), &log->ev[i], sl_buf_cstr(&d), &err), 0);
		else if (i + 1 > at)
			assert_int_equal(sl_html_feed_entry(f, sl_replay_state(s), &log->ev[i], sl_buf_cstr(&d), turn,
				phase, sl_replay_events(s), &err), 0);
	}
	assert_int_equal(sl_html_feed_finish(f, buf_write, &fed, NULL, &err), SL_EUSAGE);   /* inside it */
	assert_int_equal(sl_html_feed_branch_end(f, &err), 0);
	assert_int_equal(sl_html_feed_branch_end(f, &err), SL_EUSAGE);   /* none open */
	sl_buf_reset(&fed);
	assert_int_equal(sl_html_feed_finish(f, buf_write, &fed, NULL, &err), 0);
	unnumber(&fed);
	unnumber(&whole);
	assert_non_null(strstr(sl_buf_cstr(&fed), "\"branches\":[{\"name\":\"whole.sil\",\"at\":"));
	assert_int_equal(fed.len, whole.len);
	assert_memory_equal(fed.data, whole.data, whole.len);
	sl_html_feed_free(f);
	sl_replay_free(s);
	sl_replay_free(b);
	sl_replay_free(r);
	sl_log_free(cut);
	sl_log_free(log);
	sl_buf_free(&whole);
	sl_buf_free(&fed);
	sl_buf_free(&desc);
	sl_buf_free(&bdesc);
	sl_buf_free(&d);
}

/* A report's walk for sl_report_walk_to_file: the log replayed from its
 * start, each entry handed to the sink before and after it is applied, its
 * words (and glyph) the caption of the board after it. */
typedef struct rw_src {
	const sl_log *log;
} rw_src;

static int rw_walk(void *src, const sl_report_sink *sink, sl_error *err)
{
	const sl_log *log = ((rw_src *)src)->log;
	sl_replay *r;
	sl_buf d, cap;
	sl_frame fr;
	int rc = 0;
	sl_buf_init(&d);
	sl_buf_init(&cap);
	if ((rc = sl_replay_stream(&r, log, 0, err)))
		return rc;
	for (size_t i = 0; i < log->n && !rc; i++) {
		memset(&fr, 0, sizeof fr);
		fr.game = log->game;
		fr.header = &log->h;
		fr.state = sl_replay_state(r);
		fr.event_no = sl_replay_events(r);
		if (i) {
			fr.last = &log->ev[i - 1];
			fr.last_desc = sl_buf_cstr(&cap);
		}
		if ((rc = sink->before(sink->ud, &log->ev[i], &fr, err)))
			break;
		sl_buf_reset(&d);
		if ((rc = sl_replay_feed_describe(r, &log->ev[i], SL_VIEW_ALL, &d, NULL, err)))
			break;
		sl_buf_reset(&cap);
		sl_buf_puts(&cap, sl_buf_cstr(&d));
		sl_export_glyph_desc(&log->ev[i], &cap);
		fr.state = sl_replay_state(r);
		fr.event_no = sl_replay_events(r);
		fr.last = &log->ev[i];
		fr.last_desc = sl_buf_cstr(&cap);
		rc = sink->after(sink->ud, &log->ev[i], sl_buf_cstr(&d), &fr, err);
	}
	sl_replay_free(r);
	sl_buf_free(&d);
	sl_buf_free(&cap);
	return rc;
}

/* The bytes of a PDF file, but the lines of its dates (cairo writes the
 * time of day). */
static int has_at(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	for (; p + n <= e; p++)
		if (memcmp(p, w, n) == 0)
			return 1;
	return 0;
}

static void undated(const char *path, sl_buf *out)
{
	FILE *f = fopen(path, "rb");
	char chunk[65536];
	sl_buf all;
	size_t n;
	assert_non_null(f);
	sl_buf_init(&all);
	sl_buf_init(out);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		sl_buf_put(&all, chunk, n);
	fclose(f);
	for (const char *p = (const char *)all.data, *end = p + all.len; p < end;) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		e = e ? e + 1 : end;
		if (!has_at(p, e, "CreationDate") && !has_at(p, e, "ModDate"))
			sl_buf_put(out, p, (size_t)(e - p));
		p = e;
	}
	sl_buf_free(&all);
}

/* The report of a starship voyage walked (issue 30: its fights rated as it
 * passes) is the report of the voyage held, page for page and byte for
 * byte but for the dates cairo writes. */
static void test_report_walked_voyage(void **state)
{
	const char *files[] = {"samples/starship/first-voyage.sil", "samples/starship/last-voyage.sil"};
	(void)state;
	for (size_t k = 0; k < 2; k++) {
		sl_log *log;
		sl_replay *r;
		sl_frame end;
		sl_buf desc;
		sl_error err;
		sl_report_walk w;
		rw_src src;
		char held[] = "/tmp/sl-held-XXXXXX", walked[] = "/tmp/sl-walked-XXXXXX";
		sl_buf a, b;
		int fd;
		sl_error_clear(&err);
		sl_buf_init(&desc);
		assert_int_equal(sl_log_load(&log, files[k], &err), 0);
		assert_int_equal(sl_replay_open(&r, log, 0, &err), 0);
		assert_true((fd = mkstemp(held)) >= 0);
		close(fd);
		assert_true((fd = mkstemp(walked)) >= 0);
		close(fd);
		assert_int_equal(sl_report_to_file(held, r, NULL, &err), 0);
		assert_int_equal(sl_export_frame(r, log->n, &end, &desc, &err), 0);
		memset(&w, 0, sizeof w);
		src.log = log;
		w.log = log;
		w.events = sl_replay_events(r);
		w.turns = sl_replay_turns(r);
		w.entries = log->n;
		w.end = &end;
		w.walk = rw_walk;
		w.src = &src;
		assert_int_equal(sl_report_walk_to_file(walked, &w, NULL, &err), 0);
		undated(held, &a);
		undated(walked, &b);
		assert_true(a.len > 1000);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.data, b.data, a.len);
		sl_buf_free(&a);
		sl_buf_free(&b);
		remove(held);
		remove(walked);
		sl_buf_free(&desc);
		sl_replay_free(r);
		sl_log_free(log);
	}
}

/* The HTML viewer's hundredths (html.c) against strtod and "%.2f": every
 * number it reads is rounded as printf rounds it, and a tie, an exponent or
 * too many digits is left to printf. */
static void ref_hundredths(const char *s, char *out)
{
	size_t n;
	snprintf(out, 64, "%.2f", strtod(s, NULL));
	n = strlen(out);
	while (n > 0 && out[n - 1] == '0')
		out[--n] = 0;
	if (n > 0 && out[n - 1] == '.')
		out[--n] = 0;
	if (strcmp(out, "-0") == 0)
		strcpy(out, "0");
}

static void test_hundredths(void **state)
{
	static const char *const refused[] = {"1.005", "-2.125", "0.015000", "1e5", "1.5E2", "0x1p3",
		"1234567890123456", "1.2345678901234567", "12345678901.5", "1.2.3", "", "-", "abc"};
	static const char *const taken[] = {"0", "-0.001", "123.456789", "0.004999", "0.005001",
		"007.50", "99.995001", "-99.994999", "1.", ".25", "1023.999999", "-0.0"};
	char a[64], b[64], s[64];
	const char *e;
	long long h;
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t took = 0;
	(void)state;
	for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
		assert_int_equal(sl_dec_hundredths(refused[i], &e, &h), 0);
	for (size_t i = 0; i < sizeof taken / sizeof *taken; i++) {
		assert_int_equal(sl_dec_hundredths(taken[i], &e, &h), 1);
		assert_int_equal(*e, 0);
		sl_fmt_hundredths(a, h);
		ref_hundredths(taken[i], b);
		assert_string_equal(a, b);
	}
	for (int i = 0; i < 400000; i++) {   /* cairo's numbers: up to six decimals, and ties near */
		unsigned long ip, fp;
		int nd;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		ip = (unsigned long)(x % 100000);
		nd = (int)((x >> 20) % 8);
		fp = (unsigned long)((x >> 24) % 10000000);
		if ((x >> 50) % 4 == 0)
			fp = fp / 1000 * 1000 + 500 + (x >> 40) % 3 - 1;   /* x.xx5 +- 1e-7 */
		snprintf(s, sizeof s, "%s%lu.%07lu", (x >> 60) & 1 ? "-" : "", ip, fp);
		s[strlen(s) - (size_t)(7 - nd)] = 0;
		if (sl_dec_hundredths(s, &e, &h)) {
			assert_int_equal(*e, 0);
			sl_fmt_hundredths(a, h);
			ref_hundredths(s, b);
			if (strcmp(a, b) != 0)
				fail_msg("%s: %s, printf %s", s, a, b);
			took++;
		}
	}
	assert_true(took > 300000);
}

/* render's PNG written over its surface (sl_png_rgb_consume) is the copying
 * writer's to the byte, on rows that take Sub and rows that take Up, at a
 * stride of exactly 4w (the tightest the in-place rows allow), and zlib
 * inflates it to the pixels' filtered rows. */
static void test_png_consume(void **state)
{
	enum { PW = 37, PH = 23 };
	uint32_t px[PW * PH], cp[PW * PH];
	sl_buf a, b;
	sl_error err;
	uint64_t x = 88172645463325252u;
	(void)state;
	for (int y = 0; y < PH; y++)
		for (int i = 0; i < PW; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			px[y * PW + i] = y % 3 == 0 ? (uint32_t)x & 0xffffff              /* noise */
			               : y % 3 == 1 ? 0x102030u * (uint32_t)(i / 5)       /* runs: Sub */
			                            : px[(y - 1) * PW + i];               /* the row above: Up */
		}
	memcpy(cp, px, sizeof px);
	sl_buf_init(&a);
	sl_buf_init(&b);
	sl_error_clear(&err);
	assert_int_equal(sl_png_rgb(px, PW, PH, PW * 4, buf_write, &a, &err), 0);
	assert_int_equal(sl_png_rgb_consume(cp, PW, PH, PW * 4, buf_write, &b, &err), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	{   /* IDAT inflated: each row's filter byte and the row undone gives the pixels */
		const uint8_t *d = a.data;
		size_t off = 8 + 12 + 13;
		uint32_t n = be32(d + off);
		uint8_t raw[PH * (PW * 3 + 1)], prev[PW * 3] = {0};
		uLongf rl = sizeof raw;
		assert_memory_equal(d + off + 4, "IDAT", 4);
		assert_int_equal(uncompress(raw, &rl, d + off + 8, n), Z_OK);
		assert_int_equal(rl, sizeof raw);
		for (int y = 0; y < PH; y++) {
			uint8_t *r = raw + (size_t)y * (PW * 3 + 1), f = r[0];
			assert_true(f == 1 || f == 2);
			for (int i = 0; i < PW * 3; i++)
				r[1 + i] = (uint8_t)(r[1 + i] + (f == 2 ? prev[i] : i >= 3 ? r[1 + i - 3] : 0));
			for (int i = 0; i < PW; i++) {
				uint32_t v = px[y * PW + i];
				assert_int_equal(r[1 + 3 * i], (v >> 16) & 255);
				assert_int_equal(r[2 + 3 * i], (v >> 8) & 255);
				assert_int_equal(r[3 + 3 * i], v & 255);
			}
			memcpy(prev, r + 1, sizeof prev);
		}
	}
	sl_buf_free(&a);
	sl_buf_free(&b);
}

/* The video's 4:2:0 conversion: BT.601 studio range, exact on the primaries
 * (their values in the standard's tables), within 1 of the matrix in
 * doubles everywhere, chroma the mean of each 2x2 block, an odd side edged
 * with its own last column and row, and each row pair and chroma column
 * alone. */
static double yuv_ref(int c, double r, double g, double b)
{
	static const double m[3][3] = {{.299, .587, .114}, {-.168736, -.331264, .5}, {.5, -.418688, -.081312}};
	return (c ? 128 : 16) + (c ? 224.0 : 219.0) / 255 * (m[c][0] * r + m[c][1] * g + m[c][2] * b);
}

static void test_yuv420(void **state)
{
	enum { YW = 7, YH = 5, PWD = 8, PHT = 6 };
	static const uint32_t prim[][4] = {   /* colour, Y, U, V */
		{0x000000, 16, 128, 128}, {0xffffff, 235, 128, 128}, {0x808080, 126, 128, 128},
		{0xff0000, 81, 90, 240}, {0x00ff00, 145, 54, 34}, {0x0000ff, 41, 240, 110}};
	uint32_t px[YW * YH];
	uint8_t y[PWD * PHT], u[PWD / 2 * PHT / 2], v[PWD / 2 * PHT / 2], y2[PWD * PHT], u2[sizeof u], v2[sizeof v];
	sl_yuv_planes d = {y, u, v, PWD, PWD / 2, PWD / 2}, d2 = {y2, u2, v2, PWD, PWD / 2, PWD / 2};
	uint32_t seed = 12345;
	(void)state;
	for (size_t k = 0; k < sizeof prim / sizeof prim[0]; k++) {
		for (int i = 0; i < YW * YH; i++)
			px[i] = prim[k][0];
		sl_yuv420_rows(&d, px, YW * 4, YW, YH, PWD, 0, PHT);
		for (int i = 0; i < PWD * PHT; i++)
			assert_int_equal(y[i], prim[k][1]);
		for (size_t i = 0; i < sizeof u; i++) {
			assert_int_equal(u[i], prim[k][2]);
			assert_int_equal(v[i], prim[k][3]);
		}
	}
	for (int round = 0; round < 2000; round++) {
		for (int i = 0; i < YW * YH; i++) {
			seed = seed * 1103515245u + 12345u;
			px[i] = seed >> 8 & 0xffffff;
		}
		sl_yuv420_rows(&d, px, YW * 4, YW, YH, PWD, 0, PHT);
		for (int yy = 0; yy < PHT; yy++)
			for (int xx = 0; xx < PWD; xx++) {
				uint32_t c = px[(yy < YH ? yy : YH - 1) * YW + (xx < YW ? xx : YW - 1)];
				double want = yuv_ref(0, c >> 16 & 255, c >> 8 & 255, c & 255);
				assert_true(fabs(y[yy * PWD + xx] - want) <= 1.0);
			}
		for (int yy = 0; yy < PHT / 2; yy++)
			for (int xx = 0; xx < PWD / 2; xx++) {
				double r = 0, g = 0, b = 0;
				for (int k = 0; k < 4; k++) {
					int sx = 2 * xx + (k & 1), sy = 2 * yy + k / 2;
					uint32_t c = px[(sy < YH ? sy : YH - 1) * YW + (sx < YW ? sx : YW - 1)];
					r += (c >> 16 & 255) / 4.0;
					g += (c >> 8 & 255) / 4.0;
					b += (c & 255) / 4.0;
				}
				assert_true(fabs(u[yy * PWD / 2 + xx] - yuv_ref(1, r, g, b)) <= 1.0);
				assert_true(fabs(v[yy * PWD / 2 + xx] - yuv_ref(2, r, g, b)) <= 1.0);
			}
		/* pair by pair, in any order: the same planes */
		memset(y2, 0, sizeof y2);
		for (int p = PHT - 2; p >= 0; p -= 2)
			sl_yuv420_rows(&d2, px, YW * 4, YW, YH, PWD, p, p + 2);
		assert_memory_equal(y, y2, sizeof y);
		assert_memory_equal(u, u2, sizeof u);
		assert_memory_equal(v, v2, sizeof v);
		/* chroma column by column (sl_yuv420_rect), the odd edge among
		 * them: the same planes; and nothing outside a column written */
		memset(y2, 0, sizeof y2);
		memset(u2, 0, sizeof u2);
		memset(v2, 0, sizeof v2);
		for (int c = PWD / 2 - 1; c >= 0; c--) {
			sl_yuv420_rect(&d2, px, YW * 4, YW, YH, PWD, c, c + 1, 0, PHT);
			for (int yy = 0; yy < PHT; yy++)
				for (int xx = 0; xx < 2 * c; xx++)
					assert_int_equal(y2[yy * PWD + xx], 0);
			for (int yy = 0; yy < PHT / 2; yy++)
				for (int xx = 0; xx < c; xx++)
					assert_int_equal(u2[yy * PWD / 2 + xx] | v2[yy * PWD / 2 + xx], 0);
		}
		assert_memory_equal(y, y2, sizeof y);
		assert_memory_equal(u, u2, sizeof u);
		assert_memory_equal(v, v2, sizeof v);
	}
}

/* A surface's own pixels (render/pixels.c): none under 2 MB; above, zeroed,
 * writable to the last byte asked and 2 MB-aligned (huge pages can back it). */
static void test_pixels_alloc(void **state)
{
	size_t n = 1024 * 4 * 752 + 3;   /* a 1024-pixel frame, and not a whole page */
	unsigned char *p;
	(void)state;
	assert_null(sl_pixels_alloc((size_t)2 << 19));
	assert_non_null(p = sl_pixels_alloc(n));
	assert_int_equal((uintptr_t)p % ((uintptr_t)2 << 20), 0);
	for (size_t i = 0; i < n; i += 4093)
		assert_int_equal(p[i], 0);
	assert_int_equal(p[n - 1], 0);
	memset(p, 0xa5, n);
	assert_int_equal(p[n - 1], 0xa5);
	sl_pixels_free(p, n);
	sl_pixels_free(NULL, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pixels_alloc),
		cmocka_unit_test(test_apng_chunks),
		cmocka_unit_test(test_apng_dispose_previous),
		cmocka_unit_test(test_gif_roundtrip),
		cmocka_unit_test(test_gif_lzw),
		cmocka_unit_test(test_gif_gaps),
		cmocka_unit_test(test_lzw_rules),
		cmocka_unit_test(test_yuv420),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_svg_pages),
		cmocka_unit_test(test_html_feed),
		cmocka_unit_test(test_html_feed_branch),
		cmocka_unit_test(test_report_walked_voyage),
		cmocka_unit_test(test_hundredths),
		cmocka_unit_test(test_png_consume),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
