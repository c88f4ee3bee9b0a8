/* export.h - what the exporters share inside render/ (private): the render
 * driver's hooks onto raw pixels and any Cairo context, and the helpers that
 * put an export into a file atomically. Public API: sl_export.h. */
#ifndef SL_EXPORT_PRIV_H
#define SL_EXPORT_PRIV_H

#include <cairo.h>

#include "sl_export.h"

/* Output size of a frame under o (the painter's size, --size applied). */
int sl_render_measure(const sl_frame *fr, const sl_render_opts *o, int *w, int *h,
	sl_error *err);
/* Draws the frame letterboxed into the box (0,0,w,h) of cr's user space,
 * page colour first; cr's state is restored afterwards. */
int sl_render_cairo(cairo_t *cr, const sl_frame *fr, const sl_render_opts *o,
	double w, double h, sl_error *err);
/* Draws the frame into caller-owned pixels (cairo RGB24: 0x00RRGGBB words). */
int sl_render_pixels(uint32_t *px, int w, int h, int stride, const sl_frame *fr,
	const sl_render_opts *o, sl_error *err);

/* A renderer of many frames of one game at w x h pixels (render/seq.c):
 * keeps the painter's ground drawn and draws only the top of each frame,
 * giving the pixels sl_render_pixels gives. One per thread. */
typedef struct sl_render_seq sl_render_seq;
int sl_render_seq_new(sl_render_seq **out, int w, int h, const sl_render_opts *o,
	sl_error *err);
/* Draws fr; *px points at the seq's own pixels (cairo RGB24, stride w*4),
 * valid until the next call. */
int sl_render_seq_draw(sl_render_seq *s, const sl_frame *fr, const uint32_t **px,
	sl_error *err);
/* Draws fr into dst (w*h words, stride w*4, caller-owned), the same pixels;
 * the seq keeps a cairo target over each dst it is given (at most
 * SL_RENDER_SEQ_TARGETS of them; dst must outlive the seq). */
#define SL_RENDER_SEQ_TARGETS 16
int sl_render_seq_draw_into(sl_render_seq *s, const sl_frame *fr, uint32_t *dst, sl_error *err);
void sl_render_seq_free(sl_render_seq *s);
/* Grounds drawn by any of the seqs that share them (one animation's
 * drawing threads): a ground one of them drew is copied, not drawn again,
 * by the others. Thread-safe; outlives the seqs sharing it. */
typedef struct sl_render_grounds sl_render_grounds;
int sl_render_grounds_new(sl_render_grounds **out, int w, int h, sl_error *err);
void sl_render_grounds_free(sl_render_grounds *g);
void sl_render_seq_share(sl_render_seq *s, sl_render_grounds *g);

/* The key of fr's ground (equal keys: the same ground; a painter without
 * layers has one ground for the game, the page). */
int sl_render_ground_key(const sl_frame *fr, const sl_render_opts *o, uint64_t *key,
	sl_error *err);
/* Draws the layers in mask (SL_LAYER_* of render/painter.h) of fr as one SVG
 * document of w x h: the ground on the page colour, the top on nothing. */
int sl_render_svg_layers(const sl_frame *fr, const sl_render_opts *o, int mask, int w, int h,
	sl_write_fn fn, void *closure, sl_error *err);

/* Several frames' layers as the pages of one SVG 1.2 document, a <pageSet>
 * of w x h pages, written to fn when finished: cairo writes the outline of
 * each glyph once in the document, not once a page (the HTML viewer's top
 * layers, render/html.c). A page's <g> holds what sl_render_svg_layers
 * would; the document's clip paths and glyphs are numbered over all of its
 * pages. sl_svg_pages_finish writes the document and frees pg; free it with
 * sl_svg_pages_free (nothing written) when not finished. */
typedef struct sl_svg_pages sl_svg_pages;
int sl_svg_pages_new(sl_svg_pages **out, int w, int h, sl_write_fn fn, void *closure, sl_error *err);
int sl_svg_pages_add(sl_svg_pages *pg, const sl_frame *fr, const sl_render_opts *o, int mask,
	sl_error *err);
int sl_svg_pages_finish(sl_svg_pages *pg, sl_error *err);
void sl_svg_pages_free(sl_svg_pages *pg);
/* The pages added from now on mark their pieces for t (render/kit.h,
 * sl_kit_svg_pieces: the page's number in t's log is its place in the
 * document); NULL: every piece drawn. */
struct sl_kit_svg_pieces;
void sl_svg_pages_pieces(sl_svg_pages *pg, struct sl_kit_svg_pieces *t);

/* html.c: the decimal number at p in hundredths, rounded exactly as
 * snprintf("%.2f", strtod(p)) rounds it; 1 and *end past it, or 0 where
 * only strtod and printf can say (a tie at the third decimal, more than 15
 * digits, an exponent, 10^10 or more). sl_fmt_hundredths writes h as
 * "%.2f" would with trailing zeros and point cut ("0" for zero; out holds
 * 32); returns the length. */
int sl_dec_hundredths(const char *p, const char **end, long long *out);
size_t sl_fmt_hundredths(char *out, long long h);

/* Video (render/video.c): H.264 in MP4, or VP9 in WebM when webm, written
 * to path; frames as for the APNG and GIF encoders, each shown delay_ms.
 * Free with sl_video_free in every case (after sl_video_finish or not). */
/* A still PNG (render/png.c) of RGB24 pixels, to fn: 0 or SL_ENOMEM/SL_EIO. */
int sl_png_rgb(const uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err);
/* sl_png_rgb writing its filtered rows over px (a surface about to be
 * freed): the same bytes without a second copy of the image. */
int sl_png_rgb_consume(uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err);
/* n zeroed bytes for an image surface's pixels, 2 MB-aligned and advised
 * as huge pages (render/pixels.c); NULL when n is under 2 MB or the map
 * fails (then let cairo allocate). Freed by sl_pixels_free with the same n. */
void *sl_pixels_alloc(size_t n);
void sl_pixels_free(void *p, size_t n);
/* The same of premultiplied ARGB32 pixels, as RGBA (a transparent board). */
int sl_png_rgba(const uint32_t *px, int w, int h, int stride, sl_write_fn fn, void *closure,
	sl_error *err);
typedef struct sl_video sl_video;
int sl_video_new(sl_video **out, const char *path, int webm, int w, int h, sl_error *err);
/* The next frame; span[2y], span[2y + 1] the columns [x0, x1) of row y
 * outside which it is the frame given before (x1 <= x0: the same row;
 * ignored for the first frame; NULL: every pixel changed): only the pixels
 * that changed are converted again. */
int sl_video_frame(sl_video *v, const uint32_t *px, int stride, const int *span, int delay_ms,
	sl_error *err);
int sl_video_finish(sl_video *v, sl_error *err);
void sl_video_free(sl_video *v);

/* Appends to out the SVG document svg[0..n) of cairo's with its repeated
 * figures defined once and placed by <use>, styles as classes, path data
 * relative (render/svgpack.c). Returns 0 or SL_ENOMEM. */
int sl_svg_pack(const char *svg, size_t n, sl_buf *out);

/* Draws a chart (render/sl_chart.h) letterboxed into (0,0,w,h) of cr's
 * user space; cr's state is restored. Returns 0 or a negative sl_code. */
struct sl_chart;
int sl_chart_cairo(cairo_t *cr, const struct sl_chart *ch, double w, double h, int theme);

/* How many threads draw the frames of one export: jobs if > 0, else one per
 * online core (at most 8). */
int sl_export_threads(int jobs);

/* Runs produce(fn, closure, ctx, err) into a temporary file beside path,
 * then renames it into place: never a half file. */
typedef int (*sl_export_producer)(sl_write_fn fn, void *closure, void *ctx, sl_error *err);
int sl_export_to_file(const char *path, sl_export_producer produce, void *ctx, sl_error *err);

/* Appends s with the five XML/HTML specials escaped. */
void sl_export_escape_html(sl_buf *b, const char *s);
/* Appends s as a JSON string, also safe inside an HTML <script> element
 * ('<', '>', '&' and U+2028/9 as \u escapes). */
void sl_export_json_str(sl_buf *b, const char *s);
/* Sets a PDF's title from a log's title, made safe to show (sl_text_safe). */
void sl_export_pdf_title(cairo_surface_t *surf, const char *title);

#endif
