/* export.c - what the exporters share: the frame at a replay position, the
 * positions an animation shows, the animation driver (render each position
 * to pixels, hand it to the APNG or GIF encoder), atomic files, escaping. */
#include "export.h"
#include "kit.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- files ---------------------------------------------------------------------- */

static int file_write(void *closure, const unsigned char *data, size_t n)
{
	return sl_stage_write(closure, data, n);
}

int sl_export_to_file(const char *path, sl_export_producer produce, void *ctx, sl_error *err)
{
	sl_stage *st;
	int rc;
	if (!path || !*path)
		return sl_error_set(err, SL_EUSAGE, "export: no output file name");
	if ((rc = sl_stage_open(&st, path, err)))
		return rc;
	if ((rc = produce(file_write, st, ctx, err)) < 0) {
		sl_stage_abort(st);
		return rc;
	}
	return sl_stage_commit(st, err);
}

/* ---- escaping ------------------------------------------------------------------- */

void sl_export_escape_html(sl_buf *b, const char *s)
{
	sl_buf safe;
	sl_buf_init(&safe);
	s = sl_text_safe_cstr(s, &safe);   /* shown as written, never obeyed */
	for (; s && *s; s++) {
		switch (*s) {
		case '<': sl_buf_puts(b, "&lt;"); break;
		case '>': sl_buf_puts(b, "&gt;"); break;
		case '&': sl_buf_puts(b, "&amp;"); break;
		case '"': sl_buf_puts(b, "&quot;"); break;
		case '\'': sl_buf_puts(b, "&#39;"); break;
		default: sl_buf_putc(b, *s);
		}
	}
	sl_buf_free(&safe);
}

void sl_export_pdf_title(cairo_surface_t *surf, const char *title)
{
	sl_buf safe;
	sl_buf_init(&safe);
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE, sl_text_safe_cstr(title, &safe));
	sl_buf_free(&safe);
}

void sl_export_json_str(sl_buf *b, const char *s)
{
	const unsigned char *p;
	sl_buf safe;
	sl_buf_init(&safe);
	s = sl_text_safe_cstr(s, &safe);   /* shown as written, never obeyed */
	p = (const unsigned char *)s;
	sl_buf_putc(b, '"');
	for (; p && *p; p++) {
		if (*p == '"' || *p == '\\')
			sl_buf_printf(b, "\\%c", *p);
		else if (*p == '\n')
			sl_buf_puts(b, "\\n");
		else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&')
			sl_buf_printf(b, "\\u%04x", *p);
		else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9)) {
			sl_buf_printf(b, "\\u%04x", p[2] == 0xa8 ? 0x2028 : 0x2029);
			p += 2;
		} else
			sl_buf_putc(b, *p);
	}
	sl_buf_putc(b, '"');
	sl_buf_free(&safe);
}

/* ---- frames and positions ----------------------------------------------------------- */

int sl_export_frame(sl_replay *r, size_t pos, sl_frame *fr, sl_buf *desc, sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	int rc;
	memset(fr, 0, sizeof *fr);
	sl_buf_reset(desc);
	if (pos == 0 && (rc = sl_replay_seek(r, 0, err)) < 0)
		return rc;
	if (pos > 0) {   /* describing entry pos-1 leaves the replay at pos */
		if ((rc = sl_replay_describe(r, pos - 1, desc, err)) < 0)
			return rc;
		if (desc->failed)
			return sl_error_set(err, SL_ENOMEM, "export: out of memory");
		fr->last = &log->ev[pos - 1];
		fr->last_desc = sl_buf_cstr(desc);
	}
	fr->game = log->game;
	fr->header = &log->h;
	fr->state = sl_replay_state(r);
	fr->event_no = sl_replay_event_at(r, pos);
	return SL_OK;
}

int sl_anim_format_from_path(const char *path)
{
	const char *dot = path ? strrchr(path, '.') : NULL;
	if (!dot || strchr(dot, '/'))
		return -1;
	if (strcasecmp(dot, ".apng") == 0 || strcasecmp(dot, ".png") == 0)
		return SL_ANIM_APNG;
	if (strcasecmp(dot, ".gif") == 0)
		return SL_ANIM_GIF;
	return -1;
}

int sl_anim_positions(sl_replay *r, int per, long from, long to, size_t **out, size_t *n,
	sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	size_t *v, k = 0;
	*out = NULL;
	*n = 0;
	if (to < 0)
		to = (long)log->n;
	if (from < 0 || from > to || (size_t)to > log->n)
		return sl_error_set(err, SL_ERANGE, "export: the range %ld..%ld is outside the log (0..%zu)",
			from, to, log->n);
	if (per != SL_PER_EVENT && per != SL_PER_TURN && per != SL_PER_PHASE)
		return sl_error_set(err, SL_EUSAGE, "export: unknown frame step %d", per);
	if (!(v = sl_malloc(sizeof *v * ((size_t)(to - from) + 2))))
		return sl_error_set(err, SL_ENOMEM, "export: out of memory");
	v[k++] = (size_t)from;
	for (size_t p = (size_t)from + 1; p <= (size_t)to; p++) {
		const sl_event *ev = &log->ev[p - 1];
		int take = per == SL_PER_EVENT ? ev->entry == SL_ENTRY_EVENT :
		           per == SL_PER_TURN ? ev->entry == SL_ENTRY_TURN :
		           ev->entry != SL_ENTRY_EVENT;
		if (take)
			v[k++] = p;
	}
	if (v[k - 1] != (size_t)to)
		v[k++] = (size_t)to;
	*out = v;
	*n = k;
	return SL_OK;
}

/* ---- the animation driver -------------------------------------------------------------- */

typedef struct anim_job {
	sl_anim_format f;
	sl_replay *r;
	const sl_anim_opts *o;
	sl_anim_stats *stats;
} anim_job;

/* The colours the painter draws with: the theme's palette and the players'. */
static int painter_colours(const sl_log *log, int theme, uint32_t *c, int max)
{
	sl_kit_palette p;
	const sl_kit_rgb *rgb = &p.bg;
	int n = 0, k = (int)(sizeof p / sizeof p.bg);
	sl_kit_palette_for(theme, &p);
	for (int i = 0; i < k && n < max; i++)
		c[n++] = (uint32_t)(rgb[i].r * 255 + .5) << 16 | (uint32_t)(rgb[i].g * 255 + .5) << 8 |
		         (uint32_t)(rgb[i].b * 255 + .5);
	for (int i = 0; i < log->h.nplayers && n < max; i++)
		c[n++] = log->h.players[i].colour & 0xffffff;
	if (n < max)
		c[n++] = 0x000000;
	if (n < max)
		c[n++] = 0xffffff;
	return n;
}

static int anim_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	anim_job *j = ctx;
	const sl_anim_opts *o = j->o;
	const sl_log *log = sl_replay_log(j->r);
	size_t *pos = NULL, npos = 0;
	uint32_t *px = NULL, *prev = NULL, colours[64];
	int *turn = NULL;
	sl_apng *apng = NULL;
	sl_gif *gif = NULL;
	sl_buf desc;
	sl_frame fr;
	int w = 0, h = 0, rc, delay = o->delay_ms > 0 ? o->delay_ms : 700;
	double changed = 0;

	sl_buf_init(&desc);
	if ((rc = sl_anim_positions(j->r, o->per, o->from, o->to, &pos, &npos, err)) < 0)
		goto out;
	/* the canvas: the board at the last frame (setup events may build the map;
	 * earlier frames are letterboxed into it); the turn of every frame */
	if (!(turn = sl_malloc(sizeof *turn * npos))) {
		rc = sl_error_set(err, SL_ENOMEM, "export: out of memory");
		goto out;
	}
	for (size_t i = 0; i < npos; i++) {
		int fw, fh, ph;
		if ((rc = sl_replay_seek(j->r, pos[i], err)) < 0)
			goto out;
		sl_replay_where(j->r, &turn[i], &ph);
		memset(&fr, 0, sizeof fr);
		fr.game = log->game;
		fr.header = &log->h;
		fr.state = sl_replay_state(j->r);
		if (i + 1 < npos)
			continue;
		if ((rc = sl_render_measure(&fr, &o->render, &fw, &fh, err)) < 0)
			goto out;
		w = fw;
		h = fh;
	}
	px = sl_malloc((size_t)w * h * 4);
	prev = sl_calloc((size_t)w * h, 4);
	if (!px || !prev) {
		rc = sl_error_set(err, SL_ENOMEM, "export: out of memory for a %dx%d frame", w, h);
		goto out;
	}
	if (j->f == SL_ANIM_APNG)
		rc = sl_apng_new(&apng, w, h, o->loops, fn, closure, err);
	else
		rc = sl_gif_new(&gif, w, h, o->loops, colours,
			painter_colours(log, o->render.theme, colours, 64), fn, closure, err);
	if (rc < 0)
		goto out;
	for (size_t i = 0; i < npos; i++) {
		int d = delay;
		if ((rc = sl_export_frame(j->r, pos[i], &fr, &desc, err)) < 0 ||
		    (rc = sl_render_pixels(px, w, h, w * 4, &fr, &o->render, err)) < 0)
			goto out;
		if (i + 1 == npos || turn[i] != turn[i + 1])
			d += o->turn_hold_ms;
		if (i > 0) {
			size_t c = 0, np = (size_t)w * h;
			for (size_t k = 0; k < np; k++)
				c += ((px[k] ^ prev[k]) & 0xffffff) != 0;
			changed += (double)c / np;
		}
		memcpy(prev, px, (size_t)w * h * 4);
		rc = apng ? sl_apng_frame(apng, px, w * 4, d, err) : sl_gif_frame(gif, px, w * 4, d, err);
		if (rc < 0)
			goto out;
		if (o->progress)
			o->progress(o->progress_ud, (long)i + 1, (long)npos);
	}
	rc = apng ? sl_apng_finish(apng, err) : sl_gif_finish(gif, err);
	if (rc == SL_OK && j->stats) {
		j->stats->frames = (long)npos;
		j->stats->width = w;
		j->stats->height = h;
		j->stats->changed = npos > 1 ? changed / (double)(npos - 1) : 0;
	}
out:
	sl_apng_free(apng);
	sl_gif_free(gif);
	sl_free(px);
	sl_free(prev);
	sl_free(pos);
	sl_free(turn);
	sl_buf_free(&desc);
	return rc;
}

int sl_anim_to_func(sl_anim_format f, sl_replay *r, const sl_anim_opts *o, sl_write_fn fn,
	void *closure, sl_anim_stats *stats, sl_error *err)
{
	anim_job j = {f, r, o, stats};
	if (!r || !o || !fn || (f != SL_ANIM_APNG && f != SL_ANIM_GIF))
		return sl_error_set(err, SL_EUSAGE, "export: nothing to animate");
	return anim_run(fn, closure, &j, err);
}

int sl_anim_to_file(const char *path, sl_anim_format f, sl_replay *r, const sl_anim_opts *o,
	sl_anim_stats *stats, sl_error *err)
{
	anim_job j = {f, r, o, stats};
	if (!r || !o || (f != SL_ANIM_APNG && f != SL_ANIM_GIF))
		return sl_error_set(err, SL_EUSAGE, "export: nothing to animate");
	return sl_export_to_file(path, anim_run, &j, err);
}
