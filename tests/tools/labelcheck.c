/* labelcheck.c - measures the labels of every frame of game logs: each log
 * is replayed, each frame painted (as `render` draws it, the result band
 * included) onto a recording surface, and the label boxes the kit marked
 * (render/kit.h: every text, tag and token drawn) are checked:
 *   - no label overlaps another label or a kept glyph (a base, a tile
 *     number, a command token),
 *   - every label lies inside the canvas and inside its zone (its tile, the
 *     board's height for a side panel),
 *   - every glyph kind drawn (sl_kit_uses) is listed by a legend row.
 *   labelcheck [-v N] FILE...
 * Prints one line per log with its counts and the first N faults (default 5);
 * exit 0 when there is none, 1 when there is one, 3 when a log is unreadable. */
#include "render/painter.h"
#include "render/sl_export.h"
#include "formats/sl_log.h"
#include "replay/sl_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tally {
	long frames, labels, keeps, ground, overlaps, outside, unlisted;
	long event;             /* the frame's event number (render --event) */
	int shown, show;
} tally;

static void fault(tally *t, const char *file, size_t pos, const char *what, const char *a,
	const char *b, const sl_kit_box *x)
{
	if (t->shown++ >= t->show)
		return;
	printf("  %s: entry %zu (--event %ld): '%s' %s%s%s%s at %.1f,%.1f-%.1f,%.1f\n", file, pos,
		t->event, a, what,
		b ? " '" : "", b ? b : "", b ? "'" : "", x->x0, x->y0, x->x1, x->y1);
}

/* A key is listed when a row's badge is it or a row's text has it as a word. */
static int listed(const sl_kit_marks *m, const char *key)
{
	size_t n = strlen(key);
	for (int i = 0; i < m->nlisted; i++) {
		const char *s = m->listed[i], *p = s;
		if (strcmp(s, key) == 0)
			return 1;
		while ((p = strstr(p, key)) != NULL) {
			int before = p == s || p[-1] == ' ' || p[-1] == '(' || p[-1] == ',' || p[-1] == '/';
			int after = p[n] == 0 || p[n] == ' ' || p[n] == ')' || p[n] == ',' || p[n] == ':' ||
				p[n] == '/';
			if (before && after)
				return 1;
			p++;
		}
	}
	return 0;
}

static void measure(const sl_kit_marks *m, int w, int h, tally *t, const char *file, size_t pos)
{
	sl_kit_box canvas = {0, 0, w, h};
	for (int i = 0; i < m->n; i++) {
		const sl_kit_mark *a = &m->m[i];
		if (a->kind == SL_KIT_MARK_KEEP) {
			t->keeps++;
			continue;
		}
		if (a->kind == SL_KIT_MARK_FRAME || a->kind == SL_KIT_MARK_GROUND) {
			t->ground += a->kind == SL_KIT_MARK_GROUND;
			/* a tile, a printed coordinate: in its zone, nothing more */
			if (!sl_kit_box_inside(&a->box, &a->zone)) {
				t->outside++;
				fault(t, file, pos, "is clipped by the frame", a->what, NULL, &a->box);
			}
			continue;
		}
		t->labels++;
		if (!sl_kit_box_inside(&a->box, &canvas) || !sl_kit_box_inside(&a->box, &a->zone) ||
		    (a->hex[2] > 0 && !sl_kit_box_in_hex(&a->box, a->hex[0], a->hex[1], a->hex[2]))) {
			t->outside++;
			fault(t, file, pos, !sl_kit_box_inside(&a->box, &canvas) ? "leaves the frame" :
				!sl_kit_box_inside(&a->box, &a->zone) ? "leaves its zone" :
				"leaves its tile", a->what, NULL, &a->box);
		}
		for (int j = 0; j < m->n; j++) {
			const sl_kit_mark *b = &m->m[j];
			if (j == i || (b->kind == SL_KIT_MARK_LABEL && j < i) ||
			    b->kind == SL_KIT_MARK_FRAME || b->kind == SL_KIT_MARK_GROUND)
				continue;
			if (sl_kit_box_overlap(&a->box, &b->box)) {
				t->overlaps++;
				fault(t, file, pos, "overlaps", a->what, b->what, &a->box);
			}
		}
	}
	for (int i = 0; i < m->nused; i++)
		if (!listed(m, m->used[i])) {
			sl_kit_box none = {0, 0, 0, 0};
			t->unlisted++;
			fault(t, file, pos, "is drawn (a glyph), no legend lists it", m->used[i], NULL,
				&none);
		}
}

static int paint_frame(const sl_frame *fr, tally *t, const char *file, size_t pos)
{
	sl_render_opts o;
	sl_error err;
	const sl_painter *p;
	cairo_surface_t *surf;
	cairo_t *cr;
	sl_kit_canvas cv;
	int nw, nh, bh, rc;
	memset(&o, 0, sizeof o);
	sl_error_clear(&err);
	if (!(p = sl_painter_of(fr, &err)) || sl_painter_size(p, fr, &o, &nw, &nh, &bh, &err) < 0) {
		fprintf(stderr, "labelcheck: %s: %s\n", file, err.msg);
		return -1;
	}
	surf = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, NULL);
	cr = cairo_create(surf);
	if (sl_kit_canvas_init(&cv, cr, nw, bh, o.theme) < 0) {
		cairo_destroy(cr);
		cairo_surface_destroy(surf);
		return -1;
	}
	sl_kit_clear(&cv);
	rc = p->paint(&cv, fr, &o, &err);
	sl_kit_zone(&cv, 0, bh, nw, nh);   /* the band below the board, as render.c draws it */
	if (rc >= 0)
		rc = sl_kit_result_band(&cv, fr, bh, nh - bh, &err);
	if (rc >= 0) {
		t->frames++;
		t->event = fr->event_no;
		measure(&cv.marks, nw, nh, t, file, pos);
		if (cv.marks.failed)
			rc = -1;
	} else
		fprintf(stderr, "labelcheck: %s: entry %zu: %s\n", file, pos, err.msg);
	sl_kit_canvas_fini(&cv);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return rc;
}

static int check_file(const char *file, tally *t)
{
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf desc;
	int rc = 0;
	sl_error_clear(&err);
	sl_buf_init(&desc);
	if (sl_log_load(&log, file, &err) < 0 || sl_replay_open(&r, log, 0, &err) < 0) {
		fprintf(stderr, "labelcheck: %s\n", err.msg);
		sl_log_free(log);
		return 3;
	}
	for (size_t pos = 0; pos <= sl_log_count(log) && rc == 0; pos++) {
		sl_frame fr;
		if (sl_export_frame(r, pos, &fr, &desc, &err) < 0) {
			fprintf(stderr, "labelcheck: %s: entry %zu: %s\n", file, pos, err.msg);
			rc = 3;
		} else if (paint_frame(&fr, t, file, pos) < 0)
			rc = 3;
	}
	sl_buf_free(&desc);
	sl_replay_free(r);
	sl_log_free(log);
	return rc;
}

int main(int argc, char **argv)
{
	int show = 5, worst = 0, a = 1;
	if (argc > 2 && strcmp(argv[1], "-v") == 0) {
		show = atoi(argv[2]);
		a = 3;
	}
	if (a >= argc) {
		fprintf(stderr, "usage: labelcheck [-v N] FILE...\n");
		return 2;
	}
	for (; a < argc; a++) {
		tally t;
		int rc;
		memset(&t, 0, sizeof t);
		t.show = show;
		rc = check_file(argv[a], &t);
		printf("%s: %ld frames, %ld labels, %ld kept glyphs, %ld printed coordinates: "
			"%ld overlaps, %ld out of frame, %ld glyphs missing from a legend\n", argv[a],
			t.frames, t.labels, t.keeps, t.ground, t.overlaps, t.outside, t.unlisted);
		if (rc)
			worst = rc;
		else if ((t.overlaps || t.outside || t.unlisted) && worst == 0)
			worst = 1;
	}
	return worst;
}
