/* export.c - what the exporters share: the frame at a replay position, the
 * positions an animation shows, the animation driver (render each position
 * to pixels, hand it to the APNG or GIF encoder), atomic files, escaping. */
#include "export.h"
#include "kit.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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

int sl_export_view(const sl_header *h, const sl_render_opts *o)
{
	int p;
	if (!o || !o->side)
		return SL_VIEW_ALL;
	p = h ? sl_header_player(h, o->side) : -1;
	return p >= 0 ? p : SL_VIEW_PUBLIC;
}

int sl_export_glyph_desc(const sl_event *ev, sl_buf *desc)
{
	char *said;
	if (!sl_glyph_text(ev->glyph))
		return SL_OK;
	if (!(said = sl_strndup((const char *)desc->data, desc->len)))
		return SL_ENOMEM;
	sl_buf_reset(desc);
	sl_buf_printf(desc, "%s %s", sl_glyph_text(ev->glyph), said);
	sl_free(said);
	return desc->failed ? SL_ENOMEM : SL_OK;
}

int sl_export_frame(sl_replay *r, size_t pos, sl_frame *fr, sl_buf *desc, sl_error *err)
{
	return sl_export_frame_as(r, pos, SL_VIEW_ALL, fr, desc, err);
}

int sl_export_frame_as(sl_replay *r, size_t pos, int view, sl_frame *fr, sl_buf *desc,
	sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	int rc;
	memset(fr, 0, sizeof *fr);
	sl_buf_reset(desc);
	if (pos == 0 && (rc = sl_replay_seek(r, 0, err)) < 0)
		return rc;
	if (pos > 0) {   /* describing entry pos-1 leaves the replay at pos */
		if ((rc = sl_replay_describe_as(r, pos - 1, view, desc, NULL, err)) < 0)
			return rc;
		if (desc->failed)
			return sl_error_set(err, SL_ENOMEM, "export: out of memory");
		fr->last = &log->ev[pos - 1];
		if (sl_export_glyph_desc(fr->last, desc))
			return sl_error_set(err, SL_ENOMEM, "export: out of memory");
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
	if (strcasecmp(dot, ".mp4") == 0)
		return SL_ANIM_MP4;
	if (strcasecmp(dot, ".webm") == 0)
		return SL_ANIM_WEBM;
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
	const char *video;     /* video: the file libavformat writes */
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

/* ---- the frame pump: frames drawn on every core, handed out in order ----------------- */

int sl_export_threads(int jobs)
{
	long n;
	if (jobs > 0)
		return jobs > 8 ? 8 : jobs;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 8 ? 8 : (int)n;
}

#define PUMP_MAX_THREADS 8
#define PUMP_RING 6

typedef struct pump_slot {
	uint32_t *px;
	size_t idx;
	int ready;
} pump_slot;

/* Each worker has its own replay and sequence renderer; frame i goes to the
 * slot i % ring once the encoder has taken frame i - ring. The pixels of a
 * frame depend on the frame only, so the bytes out do not depend on the
 * number of threads. */
typedef struct pump {
	const sl_log *log;
	const size_t *pos;
	size_t npos;
	int w, h, nthreads, ring;
	const sl_render_opts *o;
	/* one thread: drawn inline on the caller's replay */
	sl_replay *r;
	sl_render_seq *seq;
	sl_buf desc;
	/* several */
	pthread_t th[PUMP_MAX_THREADS];
	sl_render_grounds *grounds;   /* the grounds the threads have drawn */
	int started;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	size_t next, consumed;
	int stop, failed;
	sl_error err;
	pump_slot slot[PUMP_RING * 2];
} pump;

#define MAX_TRAIL 64   /* earlier events of one frame drawn as its trail */

/* The frame at pos; when it stands for the events after from (a frame per
 * turn or phase), with the states after each earlier event as its trail.
 * Drawn into dst when not NULL, else into the seq's own pixels (*px). */
static int pump_draw(sl_replay *r, sl_render_seq *seq, int view, sl_buf *desc, size_t from,
	size_t pos, uint32_t *dst, const uint32_t **px, sl_error *err)
{
	const sl_log *log = sl_replay_log(r);
	const sl_game *gm = log->game;
	void *trail[MAX_TRAIL];
	sl_frame fr;
	sl_buf snap;
	int rc = SL_OK, nt = 0;
	sl_buf_init(&snap);
	if (from + 1 < pos && gm->serialize && gm->restore && gm->destroy) {
		size_t p0 = pos - from - 1 > MAX_TRAIL ? pos - MAX_TRAIL : from + 1;
		for (size_t p = p0; p < pos && rc == SL_OK; p++) {
			if (log->ev[p - 1].entry != SL_ENTRY_EVENT)
				continue;
			if ((rc = sl_replay_seek(r, p, err)) < 0)
				break;
			sl_buf_reset(&snap);
			if (gm->serialize(sl_replay_state(r), &snap) < 0 || snap.failed) {
				rc = sl_error_set(err, SL_ENOMEM, "export: out of memory");
				break;
			}
			if ((rc = gm->restore(&trail[nt], snap.data, snap.len, err)) < 0)
				break;
			nt++;
		}
	}
	if (rc == SL_OK && (rc = sl_export_frame_as(r, pos, view, &fr, desc, err)) == SL_OK) {
		fr.trail = (const void *const *)trail;
		fr.ntrail = nt;
		rc = dst ? sl_render_seq_draw_into(seq, &fr, dst, err) : sl_render_seq_draw(seq, &fr, px, err);
	}
	for (int k = 0; k < nt; k++)
		gm->destroy(trail[k]);
	sl_buf_free(&snap);
	return rc;
}

static void *pump_worker(void *arg)
{
	pump *p = arg;
	sl_replay *r = NULL;
	sl_render_seq *seq = NULL;
	sl_buf desc;
	sl_error err;
	int rc;
	sl_buf_init(&desc);
	sl_error_clear(&err);
	rc = sl_replay_open(&r, p->log, 0, &err);
	if (rc == SL_OK && (rc = sl_render_seq_new(&seq, p->w, p->h, p->o, &err)) == SL_OK)
		sl_render_seq_share(seq, p->grounds);
	for (;;) {
		size_t i;
		pthread_mutex_lock(&p->mu);
		if (rc < 0) {
			if (!p->failed) {
				p->failed = 1;
				p->err = err;
			}
			p->stop = 1;
			pthread_cond_broadcast(&p->cv);
		}
		while (!p->stop && p->next < p->npos && p->next >= p->consumed + (size_t)p->ring)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->stop || p->next >= p->npos) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		/* drawn straight into the slot (the seq keeps a target over each) */
		if ((rc = pump_draw(r, seq, sl_export_view(&p->log->h, p->o), &desc,
			i ? p->pos[i - 1] : p->pos[i], p->pos[i], p->slot[i % p->ring].px, NULL, &err)) < 0)
			continue;
		pthread_mutex_lock(&p->mu);
		p->slot[i % p->ring].idx = i;
		p->slot[i % p->ring].ready = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	sl_render_seq_free(seq);
	sl_replay_free(r);
	sl_buf_free(&desc);
	return NULL;
}

static void pump_free(pump *p)
{
	if (p->started) {
		pthread_mutex_lock(&p->mu);
		p->stop = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
		for (int t = 0; t < p->started; t++)
			pthread_join(p->th[t], NULL);
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->cv);
	}
	for (int k = 0; k < p->ring; k++)
		sl_free(p->slot[k].px);
	sl_render_grounds_free(p->grounds);
	sl_render_seq_free(p->seq);
	sl_buf_free(&p->desc);
}

static int pump_start(pump *p, sl_replay *r, const size_t *pos, size_t npos, int w, int h,
	const sl_render_opts *o, int jobs, sl_error *err)
{
	memset(p, 0, sizeof *p);
	sl_buf_init(&p->desc);
	p->log = sl_replay_log(r);
	p->r = r;
	p->pos = pos;
	p->npos = npos;
	p->w = w;
	p->h = h;
	p->o = o;
	p->nthreads = sl_export_threads(jobs);
	if ((size_t)p->nthreads > npos)
		p->nthreads = npos > 0 ? (int)npos : 1;
	if (p->nthreads <= 1) {
		p->nthreads = 1;
		return sl_render_seq_new(&p->seq, w, h, o, err);
	}
	p->ring = p->nthreads + 2 > PUMP_RING ? PUMP_RING : p->nthreads + 2;
	if (p->ring < p->nthreads)
		p->ring = p->nthreads;
	for (int k = 0; k < p->ring; k++)
		if (!(p->slot[k].px = sl_malloc((size_t)w * h * 4)))
			return sl_error_set(err, SL_ENOMEM, "export: out of memory for a %dx%d frame", w, h);
	if (sl_render_grounds_new(&p->grounds, w, h, err) < 0)
		return SL_ENOMEM;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	for (int t = 0; t < p->nthreads; t++) {
		if (pthread_create(&p->th[t], NULL, pump_worker, p) != 0)
			break;
		p->started++;
	}
	if (!p->started) {
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->cv);
		return sl_error_set(err, SL_ENOMEM, "export: cannot start a thread");
	}
	return SL_OK;
}

/* The pixels of frame i (taken in order), valid until pump_done(i). */
static int pump_get(pump *p, size_t i, const uint32_t **px, sl_error *err)
{
	pump_slot *s;
	if (p->nthreads == 1)
		return pump_draw(p->r, p->seq, sl_export_view(&p->log->h, p->o), &p->desc,
			i ? p->pos[i - 1] : p->pos[i], p->pos[i], NULL, px, err);
	s = &p->slot[i % p->ring];
	pthread_mutex_lock(&p->mu);
	while (!(s->ready && s->idx == i) && !p->failed)
		pthread_cond_wait(&p->cv, &p->mu);
	if (!(s->ready && s->idx == i)) {
		if (err)
			*err = p->err;
		pthread_mutex_unlock(&p->mu);
		return p->err.code ? p->err.code : SL_EIO;
	}
	pthread_mutex_unlock(&p->mu);
	*px = s->px;
	return SL_OK;
}

static void pump_done(pump *p, size_t i)
{
	if (p->nthreads == 1)
		return;
	pthread_mutex_lock(&p->mu);
	p->slot[i % p->ring].ready = 0;
	p->consumed = i + 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

#define DIFF_CHUNK 16   /* pixels compared at a time, before one by one */

/* Whether the DIFF_CHUNK pixels at a and b are the same (no branch inside:
 * the compiler's vectors take it). */
static int chunk_same(const uint32_t *a, const uint32_t *b)
{
	uint64_t x = 0, p, q;
	for (int k = 0; k < DIFF_CHUNK; k += 2) {
		memcpy(&p, a + k, 8);
		memcpy(&q, b + k, 8);
		x |= p ^ q;
	}
	return x == 0;
}

/* Whether the rows a and b of w pixels differ; if so [*d0, *d1) the columns
 * from the first pixel that differs to the last (else both 0). */
static int row_diff(const uint32_t *a, const uint32_t *b, int w, int *d0, int *d1)
{
	int l = 0, r = w;
	*d0 = *d1 = 0;
	if (memcmp(a, b, (size_t)w * 4) == 0)   /* most rows */
		return 0;
	while (r - l >= DIFF_CHUNK && chunk_same(a + l, b + l))
		l += DIFF_CHUNK;
	while (a[l] == b[l])   /* a pixel differs: stops there at the latest */
		l++;
	while (r - l >= DIFF_CHUNK && chunk_same(a + r - DIFF_CHUNK, b + r - DIFF_CHUNK))
		r -= DIFF_CHUNK;
	while (a[r - 1] == b[r - 1])   /* a[l] differs */
		r--;
	*d0 = l;
	*d1 = r;
	return 1;
}

static int anim_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	anim_job *j = ctx;
	const sl_anim_opts *o = j->o;
	const sl_log *log = sl_replay_log(j->r);
	size_t *pos = NULL, npos = 0;
	uint32_t *prev = NULL, colours[64];
	int *span = NULL;   /* of each row, the columns [x0, x1) changed since the frame before */
	const uint32_t *px, *last = NULL;
	int *turn = NULL;
	sl_apng *apng = NULL;
	sl_gif *gif = NULL;
	sl_video *vid = NULL;
	sl_frame fr;
	sl_render_opts ro = o->render;
	pump pm;
	int w = 0, h = 0, rc, delay = o->delay_ms > 0 ? o->delay_ms : 700, pumping = 0;
	double changed = 0;

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
		/* a game over at the end: every frame keeps the result band's room */
		{
			double band;
			if (sl_kit_band_height(&fr, &o->render, 1, &band) < 0) {
				rc = sl_error_set(err, SL_ENOMEM, "export: out of memory reading the result");
				goto out;
			}
			ro.keep_band = band > 0;
		}
		if ((rc = sl_render_measure(&fr, &ro, &fw, &fh, err)) < 0)
			goto out;
		w = fw;
		h = fh;
	}
	if (!(span = sl_calloc((size_t)h * 2, sizeof *span))) {
		rc = sl_error_set(err, SL_ENOMEM, "export: out of memory for a %dx%d frame", w, h);
		goto out;
	}
	if (j->f == SL_ANIM_APNG) {
		if ((rc = sl_apng_new(&apng, w, h, o->loops, fn, closure, err)) == SL_OK)
			sl_apng_threads(apng, sl_export_threads(o->jobs));
	} else if (j->f == SL_ANIM_GIF) {
		if ((rc = sl_gif_new(&gif, w, h, o->loops, colours,
			painter_colours(log, o->render.theme, colours, 64), fn, closure, err)) == SL_OK)
			sl_gif_threads(gif, sl_export_threads(o->jobs));
	} else
		rc = sl_video_new(&vid, j->video, j->f == SL_ANIM_WEBM, w, h, err);
	if (rc < 0)
		goto out;
	if ((rc = pump_start(&pm, j->r, pos, npos, w, h, &ro, o->jobs, err)) < 0) {
		pump_free(&pm);
		goto out;
	}
	pumping = 1;
	/* drawn on threads, the frame before stays in its slot until this one
	 * is taken; drawn inline, the next frame draws over it: it is copied */
	if (pm.nthreads <= 1 && !(prev = sl_malloc((size_t)w * h * 4))) {
		rc = sl_error_set(err, SL_ENOMEM, "export: out of memory for a %dx%d frame", w, h);
		goto out;
	}
	for (size_t i = 0; i < npos; i++) {
		int d = delay;
		if ((rc = pump_get(&pm, i, &px, err)) < 0)
			goto out;
		if (i + 1 == npos || turn[i] != turn[i + 1])
			d += o->turn_hold_ms;
		if (i > 0) {
			const uint32_t *pv = pm.nthreads > 1 ? last : prev;
			size_t c = 0, np = (size_t)w * h;
			for (size_t y = 0; y < (size_t)h; y++) {   /* most rows are the same */
				const uint32_t *a = px + y * w, *b = pv + y * w;
				if (!row_diff(a, b, w, &span[2 * y], &span[2 * y + 1]) || !j->stats)
					continue;
				for (int k = span[2 * y]; k < span[2 * y + 1]; k++)   /* counted only when asked for */
					c += ((a[k] ^ b[k]) & 0xffffff) != 0;
			}
			changed += (double)c / np;
		}
		if (prev)
			memcpy(prev, px, (size_t)w * h * 4);
		rc = apng ? sl_apng_frame(apng, px, w * 4, d, err) :
			gif ? sl_gif_frame(gif, px, w * 4, d, err) :
			sl_video_frame(vid, px, w * 4, i > 0 ? span : NULL, d, err);
		if (i > 0)
			pump_done(&pm, i - 1);
		last = px;
		if (rc < 0)
			goto out;
		if (o->progress)
			o->progress(o->progress_ud, (long)i + 1, (long)npos);
	}
	if (npos > 0)
		pump_done(&pm, npos - 1);
	rc = apng ? sl_apng_finish(apng, err) : gif ? sl_gif_finish(gif, err) :
		sl_video_finish(vid, err);
	if (rc == SL_OK && j->stats) {
		j->stats->frames = (long)npos;
		j->stats->width = w;
		j->stats->height = h;
		j->stats->changed = npos > 1 ? changed / (double)(npos - 1) : 0;
	}
out:
	if (pumping)
		pump_free(&pm);
	sl_apng_free(apng);
	sl_gif_free(gif);
	sl_video_free(vid);
	sl_free(prev);
	sl_free(span);
	sl_free(pos);
	sl_free(turn);
	return rc;
}

/* A video goes to a file of libavformat's; to_func streams it afterwards. */
static int video_to(const char *path, anim_job *j, sl_write_fn fn, void *closure, sl_error *err)
{
	const char *tmpdir = getenv("TMPDIR");
	char tmp[1024];
	int fd, rc;
	FILE *f;
	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	snprintf(tmp, sizeof tmp, "%s/sillage-video.XXXXXX", tmpdir);
	if (path) {
		if (strlen(path) + 8 > sizeof tmp)
			return sl_error_set(err, SL_EUSAGE, "export: the file name is too long");
		snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	}
	if ((fd = mkstemp(tmp)) < 0)
		return sl_error_set(err, SL_EIO, "%s: cannot create a file there: %s",
			path ? path : tmpdir, strerror(errno));
	close(fd);
	j->video = tmp;
	rc = anim_run(NULL, NULL, j, err);
	if (rc == SL_OK && path) {
		mode_t mask = umask(0);
		umask(mask);
		chmod(tmp, 0666 & ~mask);
		if (rename(tmp, path) != 0)
			rc = sl_error_set(err, SL_EIO, "%s: cannot put the file in place: %s", path,
				strerror(errno));
	} else if (rc == SL_OK) {
		unsigned char buf[65536];
		size_t n;
		if (!(f = fopen(tmp, "rb")))
			rc = sl_error_set(err, SL_EIO, "export: cannot read the video back: %s", strerror(errno));
		else {
			while (rc == SL_OK && (n = fread(buf, 1, sizeof buf, f)) > 0)
				if (fn(closure, buf, n) != 0)
					rc = sl_error_set(err, SL_EIO, "export: writing the video failed");
			fclose(f);
		}
	}
	if (rc < 0 || !path)
		unlink(tmp);
	return rc;
}

static int known_format(sl_anim_format f)
{
	return f == SL_ANIM_APNG || f == SL_ANIM_GIF || f == SL_ANIM_MP4 || f == SL_ANIM_WEBM;
}

int sl_anim_to_func(sl_anim_format f, sl_replay *r, const sl_anim_opts *o, sl_write_fn fn,
	void *closure, sl_anim_stats *stats, sl_error *err)
{
	anim_job j = {f, r, o, stats, NULL};
	if (!r || !o || !fn || !known_format(f))
		return sl_error_set(err, SL_EUSAGE, "export: nothing to animate");
	if (f == SL_ANIM_MP4 || f == SL_ANIM_WEBM)
		return video_to(NULL, &j, fn, closure, err);
	return anim_run(fn, closure, &j, err);
}

int sl_anim_to_file(const char *path, sl_anim_format f, sl_replay *r, const sl_anim_opts *o,
	sl_anim_stats *stats, sl_error *err)
{
	anim_job j = {f, r, o, stats, NULL};
	if (!r || !o || !known_format(f))
		return sl_error_set(err, SL_EUSAGE, "export: nothing to animate");
	if (!path || !*path)
		return sl_error_set(err, SL_EUSAGE, "export: no output file name");
	if (f == SL_ANIM_MP4 || f == SL_ANIM_WEBM)
		return video_to(path, &j, NULL, NULL, err);
	return sl_export_to_file(path, anim_run, &j, err);
}
