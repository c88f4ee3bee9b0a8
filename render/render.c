/* render.c - the render driver: picks the painter, sizes the canvas, drives
 * a Cairo image/SVG/PDF surface and hands the bytes to a write callback,
 * a memory buffer or a file (temp file then rename: never a half file). */
#include "painter.h"
#include "export.h"
#include "heat.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int sl_render_format_from_path(const char *path)
{
	const char *dot, *slash;
	if (!path)
		return -1;
	dot = strrchr(path, '.');
	slash = strrchr(path, '/');
	if (!dot || (slash && dot < slash) || dot == path || (slash && dot == slash + 1))
		return -1;
	if (strcasecmp(dot, ".png") == 0)
		return SL_FMT_PNG;
	if (strcasecmp(dot, ".svg") == 0)
		return SL_FMT_SVG;
	if (strcasecmp(dot, ".pdf") == 0)
		return SL_FMT_PDF;
	return -1;
}

/* ---- the sink: cairo's write callback over ours ---------------------------------- */

typedef struct sink {
	sl_write_fn fn;
	void *closure;
	int failed;      /* the user's callback refused bytes */
	int rc;          /* what it returned: SL_ENOMEM from a memory sink */
} sink;

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	sink *s = closure;
	int rc;
	if (s->failed)
		return CAIRO_STATUS_WRITE_ERROR;
	if (len && (rc = s->fn(s->closure, data, len)) != 0) {
		s->failed = 1;
		s->rc = rc;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

static int cairo_error(cairo_status_t st, const sink *s, const char *what, sl_error *err)
{
	if (s->failed && s->rc == SL_ENOMEM)
		return sl_error_set(err, SL_ENOMEM, "render: out of memory writing the %s", what);
	if (s->failed || st == CAIRO_STATUS_WRITE_ERROR)
		return sl_error_set(err, SL_EIO, "render: writing the %s failed", what);
	if (st == CAIRO_STATUS_NO_MEMORY)
		return sl_error_set(err, SL_ENOMEM, "render: out of memory drawing the %s", what);
	return sl_error_set(err, SL_EIO, "render: cairo failed on the %s: %s", what,
		cairo_status_to_string(st));
}

static int svg_collect(void *closure, const unsigned char *data, size_t n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? SL_ENOMEM : 0;   /* our buffer, not the file: out of memory */
}

/* ---- sizes ---------------------------------------------------------------------- */

static int check_side(const char *name, long v, sl_error *err)
{
	if (v <= 0 || v > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE,
			"render: %s %ld is out of range (1..%d pixels)", name, v, SL_RENDER_MAX_SIDE);
	return SL_OK;
}

/* Output size from the options and the painter's natural size: both given,
 * use them; one given, keep the aspect; none, the natural size. */
static int out_size(int nw, int nh, const sl_render_opts *o, int *w, int *h, sl_error *err)
{
	long ow = o->width, oh = o->height;
	int rc;
	if (ow < 0 && (rc = check_side("width", ow, err)) < 0)
		return rc;
	if (oh < 0 && (rc = check_side("height", oh, err)) < 0)
		return rc;
	if (ow > 0 && oh == 0)
		oh = (long)((double)ow * nh / nw + 0.5);
	else if (oh > 0 && ow == 0)
		ow = (long)((double)oh * nw / nh + 0.5);
	else if (ow == 0 && oh == 0) {
		ow = nw;
		oh = nh;
	}
	if (ow < 1 && o->width == 0)
		ow = 1;
	if (oh < 1 && o->height == 0)
		oh = 1;
	if ((rc = check_side("width", ow, err)) < 0 || (rc = check_side("height", oh, err)) < 0)
		return rc;
	*w = (int)ow;
	*h = (int)oh;
	return SL_OK;
}

/* ---- the board alone (sl_render_opts.board_only) --------------------------------- */

/* Where the board sits on the natural canvas: the painter's own box, or the
 * extent of its hexes. 0, or SL_EUSAGE with err set when it has no board. */
static int board_box(const sl_painter *p, const sl_frame *fr, double box[4], sl_error *err)
{
	double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
	if (p->board) {
		p->board(fr, box);
		return box[2] > 0 && box[3] > 0 ? SL_OK
			: sl_error_set(err, SL_EUSAGE, "render: the %s board is empty", p->game_id);
	}
	if (p->hex_at)
		for (int col = 1; col <= 128; col++)
			for (int row = 1; row <= 128; row++) {
				double x, y, r;
				if (p->hex_at(fr, col, row, &x, &y, &r) != 0)
					continue;
				x0 = x - r < x0 ? x - r : x0;
				y0 = y - r < y0 ? y - r : y0;
				x1 = x + r > x1 ? x + r : x1;
				y1 = y + r > y1 ? y + r : y1;
			}
	if (x1 <= x0 || y1 <= y0)
		return sl_error_set(err, SL_EUSAGE, "render: the %s painter has no board to draw alone",
			p->game_id);
	box[0] = floor(x0) - 3;   /* room for the outlines' strokes */
	box[1] = floor(y0) - 3;
	box[2] = ceil(x1) + 3 - box[0];
	box[3] = ceil(y1) + 3 - box[1];
	return SL_OK;
}

/* The natural canvas of fr under o: the painter's own (board_h where its
 * result band begins), or the board's box alone (box) with board_only. */
static int canvas_size(const sl_painter *p, const sl_frame *fr, const sl_render_opts *o, int *nw, int *nh,
	int *board_h, double box[4], sl_error *err)
{
	int rc;
	if ((rc = sl_painter_size(p, fr, o, nw, nh, board_h, err)) < 0)
		return rc;
	if (o->board_only) {
		if ((rc = board_box(p, fr, box, err)) < 0)
			return rc;
		*nw = (int)box[2];
		*nh = (int)box[3];
	}
	if (*nw <= 0 || *nh <= 0 || *nw > SL_RENDER_MAX_SIDE || *nh > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE,
			"render: the %s board would be %dx%d pixels (at most %d a side)",
			p->game_id, *nw, *nh, SL_RENDER_MAX_SIDE);
	return SL_OK;
}

/* ---- drawing -------------------------------------------------------------------- */

static int draw(cairo_surface_t *surf, const sl_painter *p, const sl_frame *fr,
	const sl_render_opts *o, int nw, int nh, int bh, const double *box, int w, int h, const sink *s,
	sl_svg_texts *texts, sl_error *err)
{
	cairo_t *cr;
	sl_kit_canvas cv;
	sl_kit_palette pal;
	double sc, sx = (double)w / nw, sy = (double)h / nh;
	int rc;
	cairo_status_t st;

	cr = cairo_create(surf);
	if ((st = cairo_status(cr)) != CAIRO_STATUS_SUCCESS) {
		cairo_destroy(cr);
		return cairo_error(st, s, "canvas", err);
	}
	/* the page colour everywhere, then the painter's canvas letterboxed; the
	 * board alone: no page, the canvas moved to the board's box and cut to it */
	sl_kit_palette_for(o->theme, &pal);
	if (!box) {
		cairo_set_source_rgb(cr, pal.bg.r, pal.bg.g, pal.bg.b);
		cairo_paint(cr);
	}
	sc = sx < sy ? sx : sy;
	cairo_translate(cr, (w - nw * sc) / 2, (h - nh * sc) / 2);
	cairo_scale(cr, sc, sc);
	if (box) {
		cairo_translate(cr, -box[0], -box[1]);
		cairo_rectangle(cr, box[0], box[1], box[2], box[3]);
		cairo_clip(cr);
	}
	rc = sl_kit_canvas_init(&cv, cr, box ? (int)(box[0] + box[2] + 0.5) : nw, box ? (int)(box[1] + box[3] + 0.5) : bh,
		o->theme);
	if (rc < 0) {
		cairo_destroy(cr);
		return sl_error_set(err, rc, "render: cannot set up the canvas");
	}
	cv.svg = texts;
	if (!box)
		sl_kit_clear(&cv);
	rc = p->paint(&cv, fr, o, err);
	if (rc >= 0 && o->heat)
		rc = sl_heat_draw(&cv, p, fr, o->heat, err);
	sl_kit_zone(&cv, 0, bh, nw, nh);   /* the band's labels stay in the band */
	if (rc >= 0 && !box)
		rc = sl_kit_result_band(&cv, fr, bh, nh - bh, err);
	rc = sl_kit_status(&cv, rc, err);
	sl_kit_canvas_fini(&cv);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (rc < 0) {
		if (err && err->code == 0)
			sl_error_set(err, rc, "render: the %s painter failed", p->game_id);
		return rc;
	}
	if (st != CAIRO_STATUS_SUCCESS)
		return cairo_error(st, s, "drawing", err);
	return SL_OK;
}

int sl_render_to_func(sl_format fmt, const sl_frame *fr, const sl_render_opts *opts,
	sl_write_fn fn, void *closure, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	const sl_render_opts *o = opts ? opts : &defaults;
	const sl_painter *p;
	cairo_surface_t *surf = NULL;
	cairo_status_t st;
	sink s = {fn, closure, 0, 0};
	sl_svg_texts *texts = NULL;
	sl_buf svgraw;
	unsigned char *pxmem = NULL;   /* a PNG's pixels, when ours (sl_pixels_alloc) */
	size_t pxlen = 0;
	int nw = 0, nh = 0, bh = 0, w, h, rc;
	double box[4] = {0, 0, 0, 0};
	const char *what = fmt == SL_FMT_PNG ? "PNG" : fmt == SL_FMT_SVG ? "SVG" : "PDF";

	if (!fr || !fr->game || !fr->state || !fn)
		return sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
	if (fmt != SL_FMT_PNG && fmt != SL_FMT_SVG && fmt != SL_FMT_PDF)
		return sl_error_set(err, SL_EUSAGE, "render: unknown output format %d", (int)fmt);
	if (o->theme != SL_THEME_LIGHT && o->theme != SL_THEME_DARK)
		return sl_error_set(err, SL_EUSAGE, "render: unknown theme %d", o->theme);
	if (!(p = sl_painter_of(fr, err)))
		return SL_EUSAGE;
	if ((rc = canvas_size(p, fr, o, &nw, &nh, &bh, box, err)) < 0 || (rc = out_size(nw, nh, o, &w, &h, err)) < 0)
		return rc;

	switch (fmt) {
	case SL_FMT_PNG: {
		cairo_format_t f = o->board_only ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24;
		int stride = cairo_format_stride_for_width(f, w);
		if (stride > 0 && (pxmem = sl_pixels_alloc(pxlen = (size_t)stride * (size_t)h)))
			surf = cairo_image_surface_create_for_data(pxmem, f, w, h, stride);
		else
			surf = cairo_image_surface_create(f, w, h);
		break;
	}
	case SL_FMT_SVG:
		/* into memory first: packed (sl_svg_pack) before it goes out */
		sl_buf_init(&svgraw);
		s.fn = svg_collect;
		s.closure = &svgraw;
		surf = cairo_svg_surface_create_for_stream(sink_write, &s, w, h);
		if (cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS) {
			cairo_svg_surface_restrict_to_version(surf, CAIRO_SVG_VERSION_1_1);
			cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PX);
		}
		break;
	case SL_FMT_PDF:
		surf = cairo_pdf_surface_create_for_stream(sink_write, &s, w, h);
		if (cairo_surface_status(surf) == CAIRO_STATUS_SUCCESS) {
			cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "sillage");
			if (fr->header && fr->header->title)
				sl_export_pdf_title(surf, fr->header->title);
		}
		break;
	}
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS) {
		rc = cairo_error(st, &s, what, err);
		goto out;
	}
	if (fmt == SL_FMT_SVG && !o->svg_outlines && sl_svg_texts_new(&texts) < 0) {
		rc = sl_error_set(err, SL_ENOMEM, "render: out of memory");
		goto out;
	}
	if ((rc = draw(surf, p, fr, o, nw, nh, bh, o->board_only ? box : NULL, w, h, &s, texts, err)) < 0)
		goto out;
	if (fmt == SL_FMT_PNG) {
		cairo_surface_flush(surf);
		if ((st = cairo_surface_status(surf)) == CAIRO_STATUS_SUCCESS) {
			/* ours, not cairo's libpng writer (render/png.c) */
			uint32_t *px = (uint32_t *)cairo_image_surface_get_data(surf);
			int stride = cairo_image_surface_get_stride(surf);
			rc = o->board_only ? sl_png_rgba(px, w, h, stride, fn, closure, err)
			                   : sl_png_rgb_consume(px, w, h, stride, fn, closure, err);
			goto out;
		}
	} else {
		cairo_surface_finish(surf);   /* SVG/PDF write their tail here */
		st = cairo_surface_status(surf);
	}
	if (st != CAIRO_STATUS_SUCCESS || s.failed)
		rc = cairo_error(st, &s, what, err);
	if (rc == SL_OK && fmt == SL_FMT_SVG) {
		sl_buf packed, texted;
		sl_buf_init(&packed);
		sl_buf_init(&texted);
		if (svgraw.failed || sl_svg_texts_apply(svgraw.data ? (const char *)svgraw.data : "",
			svgraw.len, texts, &texted) < 0 || sl_svg_pack(texted.data ?
			(const char *)texted.data : "", texted.len, &packed) < 0)
			rc = sl_error_set(err, SL_ENOMEM, "render: out of memory packing the SVG");
		else {
			/* streamed as cairo would: its first line, then blocks */
			const unsigned char *d = packed.data;
			size_t left = packed.len, k;
			const unsigned char *nl = memchr(d, '\n', left);
			k = nl ? (size_t)(nl - d) + 1 : left;
			while (left && rc == SL_OK) {
				if (fn(closure, d, k) != 0)
					rc = sl_error_set(err, SL_EIO, "render: writing the SVG failed");
				d += k;
				left -= k;
				k = left < 65536 ? left : 65536;
			}
		}
		sl_buf_free(&packed);
		sl_buf_free(&texted);
	}
out:
	sl_svg_texts_free(texts);
	if (surf)
		cairo_surface_destroy(surf);
	sl_pixels_free(pxmem, pxlen);   /* after the surface drawn on it */
	if (fmt == SL_FMT_SVG)
		sl_buf_free(&svgraw);
	return rc;
}

/* ---- memory -------------------------------------------------------------------- */

static int buf_write(void *closure, const unsigned char *data, size_t n)
{
	sl_buf *b = closure;
	sl_buf_put(b, data, n);
	return b->failed ? SL_ENOMEM : 0;
}

int sl_render_to_mem(sl_format fmt, const sl_frame *fr, const sl_render_opts *o,
	unsigned char **out, size_t *out_len, sl_error *err)
{
	sl_buf b;
	int rc;
	if (!out || !out_len)
		return sl_error_set(err, SL_EUSAGE, "render: no output buffer");
	*out = NULL;
	*out_len = 0;
	sl_buf_init(&b);
	rc = sl_render_to_func(fmt, fr, o, buf_write, &b, err);
	if (rc == SL_OK && b.failed)
		rc = sl_error_set(err, SL_ENOMEM, "render: out of memory holding the image");
	if (rc == SL_OK) {
		*out = sl_buf_take(&b, out_len);
		if (!*out)
			rc = sl_error_set(err, SL_ENOMEM, "render: out of memory holding the image");
	} else if (b.failed && err && err->code == SL_EIO &&
	           strncmp(err->msg, "render: writing", 15) == 0) {
		/* the buffer, not a device, refused the bytes */
		err->code = SL_ENOMEM;
		snprintf(err->msg, sizeof err->msg, "render: out of memory holding the image");
		rc = SL_ENOMEM;
	}
	sl_buf_free(&b);
	return rc;
}

/* ---- file ---------------------------------------------------------------------- */

static int file_write(void *closure, const unsigned char *data, size_t n)
{
	return sl_stage_write(closure, data, n);
}

int sl_render_to_file(const char *path, sl_format fmt, const sl_frame *fr,
	const sl_render_opts *o, sl_error *err)
{
	sl_stage *st;
	int rc;
	if (!path || !*path)
		return sl_error_set(err, SL_EUSAGE, "render: no output file name");
	if ((rc = sl_stage_open(&st, path, err)))
		return rc;
	if ((rc = sl_render_to_func(fmt, fr, o, file_write, st, err)) < 0) {
		sl_stage_abort(st);
		return rc;
	}
	return sl_stage_commit(st, err);
}

/* ---- hooks for the exporters (render/export.h) -------------------------------- */

static const sl_painter *hook_painter(const sl_frame *fr, const sl_render_opts *o, sl_error *err)
{
	if (!fr || !fr->game || !fr->state || !o) {
		sl_error_set(err, SL_EUSAGE, "render: nothing to draw");
		return NULL;
	}
	if (o->theme != SL_THEME_LIGHT && o->theme != SL_THEME_DARK) {
		sl_error_set(err, SL_EUSAGE, "render: unknown theme %d", o->theme);
		return NULL;
	}
	return sl_painter_of(fr, err);
}

int sl_render_measure(const sl_frame *fr, const sl_render_opts *o, int *w, int *h,
	sl_error *err)
{
	const sl_painter *p = hook_painter(fr, o, err);
	int nw = 0, nh = 0, bh, rc;
	if (!p)
		return err && err->code ? err->code : SL_EUSAGE;
	if ((rc = sl_painter_size(p, fr, o, &nw, &nh, &bh, err)) < 0)
		return rc;
	if (nw <= 0 || nh <= 0 || nw > SL_RENDER_MAX_SIDE || nh > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_ERANGE,
			"render: the %s board would be %dx%d pixels (at most %d a side)",
			p->game_id, nw, nh, SL_RENDER_MAX_SIDE);
	return out_size(nw, nh, o, w, h, err);
}

int sl_render_size(const sl_frame *fr, const sl_render_opts *o, int *w, int *h, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	return sl_render_measure(fr, o ? o : &defaults, w, h, err);
}

int sl_render_cairo(cairo_t *cr, const sl_frame *fr, const sl_render_opts *o,
	double w, double h, sl_error *err)
{
	const sl_painter *p = hook_painter(fr, o, err);
	sl_kit_canvas cv;
	sl_kit_palette pal;
	int nw = 0, nh = 0, bh = 0, rc;
	double sc;
	if (!p)
		return err && err->code ? err->code : SL_EUSAGE;
	if ((rc = sl_painter_size(p, fr, o, &nw, &nh, &bh, err)) < 0)
		return rc;
	if (nw <= 0 || nh <= 0 || w <= 0 || h <= 0)
		return sl_error_set(err, SL_ERANGE, "render: empty board");
	cairo_save(cr);
	sl_kit_palette_for(o->theme, &pal);
	cairo_rectangle(cr, 0, 0, w, h);
	cairo_clip(cr);
	cairo_set_source_rgb(cr, pal.bg.r, pal.bg.g, pal.bg.b);
	cairo_paint(cr);
	sc = w / nw < h / nh ? w / nw : h / nh;
	cairo_translate(cr, (w - nw * sc) / 2, (h - nh * sc) / 2);
	cairo_scale(cr, sc, sc);
	rc = sl_kit_canvas_init(&cv, cr, nw, bh, o->theme);
	if (rc < 0) {
		cairo_restore(cr);
		return sl_error_set(err, rc, "render: cannot set up the canvas");
	}
	sl_kit_clear(&cv);
	rc = p->paint(&cv, fr, o, err);
	if (rc >= 0 && o->heat)
		rc = sl_heat_draw(&cv, p, fr, o->heat, err);
	sl_kit_zone(&cv, 0, bh, nw, nh);   /* the band's labels stay in the band */
	if (rc >= 0)
		rc = sl_kit_result_band(&cv, fr, bh, nh - bh, err);
	rc = sl_kit_status(&cv, rc, err);
	sl_kit_canvas_fini(&cv);
	cairo_restore(cr);
	if (rc < 0 && err && err->code == 0)
		sl_error_set(err, rc, "render: the %s painter failed", p->game_id);
	return rc < 0 ? rc : SL_OK;
}

int sl_render_pixels(uint32_t *px, int w, int h, int stride, const sl_frame *fr,
	const sl_render_opts *o, sl_error *err)
{
	cairo_surface_t *surf;
	cairo_t *cr;
	cairo_status_t st;
	int rc;
	surf = cairo_image_surface_create_for_data((unsigned char *)px, CAIRO_FORMAT_RGB24,
		w, h, stride);
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(surf);
		return sl_error_set(err, SL_ENOMEM, "render: cannot make a %dx%d canvas: %s",
			w, h, cairo_status_to_string(st));
	}
	cr = cairo_create(surf);
	rc = sl_render_cairo(cr, fr, o, w, h, err);
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(surf);
	cairo_surface_destroy(surf);
	if (rc == SL_OK && st != CAIRO_STATUS_SUCCESS)
		rc = sl_error_set(err, st == CAIRO_STATUS_NO_MEMORY ? SL_ENOMEM : SL_EIO,
			"render: cairo failed: %s", cairo_status_to_string(st));
	return rc;
}
