/* report.c - the printable PDF report: a cover (game, players, result),
 * then for every turn the board at the end of its action with the turn's
 * events beside it (a game with analysed fights, starship: a page per fight,
 * its exchanges, dice and odds chart), and every bookmarked position on a
 * page of its own, larger. The PDF
 * outline lists the turns and the bookmarks. A4 landscape. */
#include "export.h"
#include "sl_chart.h"
#include "analyze/sl_odds.h"

#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <string.h>

#define PW 842.0   /* A4 landscape, points */
#define PH 595.0
#define M 28.0

typedef struct report_job {
	sl_replay *r;
	const sl_render_opts *o;
} report_job;

typedef struct sink {
	sl_write_fn fn;
	void *closure;
	int failed;
} sink;

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
	sink *s = closure;
	if (s->failed || (len && s->fn(s->closure, data, len) != 0)) {
		s->failed = 1;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

/* An allocation that failed while a report was drawn (its words would be
 * short): marked in the flag of the report this thread draws (cairo is
 * opened with dlopen, src/cli/gfx_dl.c: no cairo_set_user_data), checked
 * before the PDF is finished. */
static _Thread_local int *oom_flag;

static void mark_oom(cairo_t *cr)
{
	(void)cr;
	if (oom_flag)
		*oom_flag = 1;
}

static void check_buf(cairo_t *cr, const sl_buf *b)
{
	if (b->failed)
		mark_oom(cr);
}

/* Text in a box of width w at x,y (DejaVu Sans, size pt); returns its height.
 * Markup is never used: log text goes in as plain text. */
static double text(cairo_t *cr, double x, double y, double w, double hmax, const char *s,
	double size, int bold)
{
	PangoLayout *l = pango_cairo_create_layout(cr);
	PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans");
	int tw, th;
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	pango_layout_set_font_description(l, fd);
	pango_layout_set_width(l, (int)(w * PANGO_SCALE));
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	if (hmax > 0) {
		pango_layout_set_height(l, (int)(hmax * PANGO_SCALE));
		pango_layout_set_ellipsize(l, PANGO_ELLIPSIZE_END);
	}
	{
		sl_buf safe;
		sl_buf_init(&safe);
		pango_layout_set_text(l, s ? sl_text_safe_cstr(s, &safe) : "", -1);
		check_buf(cr, &safe);
		sl_buf_free(&safe);
	}
	cairo_move_to(cr, x, y);
	pango_cairo_show_layout(cr, l);
	pango_layout_get_size(l, &tw, &th);
	pango_font_description_free(fd);
	g_object_unref(l);
	return (double)th / PANGO_SCALE;
}

static void ink(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, (c >> 16 & 255) / 255.0, (c >> 8 & 255) / 255.0, (c & 255) / 255.0);
}

static int board_of(cairo_t *cr, const sl_frame *fr, const sl_render_opts *o, double x, double y,
	double w, double h, sl_error *err)
{
	int rc;
	cairo_save(cr);
	cairo_translate(cr, x, y);
	rc = sl_render_cairo(cr, fr, o, w, h, err);
	cairo_restore(cr);
	return rc;
}

static int board(cairo_t *cr, report_job *j, size_t pos, double x, double y, double w, double h,
	sl_buf *desc, sl_error *err)
{
	sl_frame fr;
	int rc;
	if ((rc = sl_export_frame_as(j->r, pos, sl_export_view(&sl_replay_log(j->r)->h, j->o), &fr, desc, err)) < 0)
		return rc;
	return board_of(cr, &fr, j->o, x, y, w, h, err);
}

/* The cover: game, players, events and turns, the result (end: the board
 * after the last entry, drawn on the right), then its page shown. */
static int cover(cairo_t *cr, cairo_surface_t *surf, const sl_log *log, long events, int turns,
	const sl_frame *end, const sl_render_opts *o, sl_buf *b, sl_error *err)
{
	char line[256];
	double y;
	int rc;
	cairo_pdf_surface_add_outline(surf, CAIRO_PDF_OUTLINE_ROOT, "Cover", "page=1", 0);
	ink(cr, 0x1f2a38);
	y = M + 20;
	y += text(cr, M, y, PW - 2 * M, 0, log->h.title ? log->h.title : "A game", 26, 1) + 8;
	ink(cr, 0x5b6570);
	snprintf(line, sizeof line, "%s%s%s", log->game->name ? log->game->name : log->h.game,
		log->h.date ? " \xc2\xb7 " : "", log->h.date ? log->h.date : "");
	y += text(cr, M, y, PW - 2 * M, 0, line, 13, 0) + 18;
	ink(cr, 0x1a1d22);
	y += text(cr, M, y, PW - 2 * M, 0, "Players", 14, 1) + 6;
	for (int i = 0; i < log->h.nplayers; i++) {
		ink(cr, log->h.players[i].colour & 0xffffff);
		cairo_rectangle(cr, M, y + 3, 11, 11);
		cairo_fill(cr);
		ink(cr, 0x1a1d22);
		y += text(cr, M + 18, y, PW - 2 * M - 18, 0, log->h.players[i].name ?
			log->h.players[i].name : log->h.players[i].id, 12, 0) + 4;
	}
	snprintf(line, sizeof line, "%ld events over %d turns", events, turns);
	y += 12;
	y += text(cr, M, y, PW - 2 * M, 0, line, 12, 0) + 14;
	y += text(cr, M, y, PW - 2 * M, 0, "Result", 14, 1) + 6;
	/* the rules' own sentence (who won, how, the score), or that it goes on */
	sl_buf_reset(b);
	if (!log->game->result || log->game->result(end->state, &log->h, b) != 1) {
		if (b->failed)
			return sl_error_set(err, SL_ENOMEM, "report: out of memory");
		sl_buf_reset(b);
		sl_buf_printf(b, "Not over: the game goes on after the last entry (turn %d).", turns);
	}
	if (b->failed)
		return sl_error_set(err, SL_ENOMEM, "report: out of memory");
	y += text(cr, M, y, (PW - 2 * M) * 0.45, PH - y - M, sl_buf_cstr(b), 12, 0) + 12;
	ink(cr, 0x5b6570);
	y += text(cr, M, y, (PW - 2 * M) * 0.45, PH - y - M,
		"The board at the end is on the right; the pages after it follow the game turn by turn.",
		9, 0);
	ink(cr, 0x1a1d22);
	if ((rc = board_of(cr, end, o, PW * 0.5, 150, PW * 0.5 - M, PH - 150 - M, err)) < 0)
		return rc;
	cairo_show_page(cr);
	return SL_OK;
}

/* A turn's page: its title and outline entry; the board is drawn by the
 * caller after this, then each entry's lines by turn_line. */
static void turn_title(cairo_t *cr, cairo_surface_t *surf, int t, int *page)
{
	char line[64], dest[32];
	snprintf(line, sizeof line, "Turn %d", t);
	snprintf(dest, sizeof dest, "page=%d", ++*page);
	cairo_pdf_surface_add_outline(surf, CAIRO_PDF_OUTLINE_ROOT, line, dest, 0);
	ink(cr, 0x1a1d22);
	text(cr, M, M - 10, PW - 2 * M, 0, line, 16, 1);
}

/* One entry on its turn's page at y (an event numbered evno), its glyph,
 * note and bookmark; the y below it. */
static double turn_line(cairo_t *cr, double y, int is_event, long evno, const char *desc, int glyph,
	const char *note, const char *bookmark, sl_buf *b)
{
	sl_buf_reset(b);
	if (is_event)
		sl_buf_printf(b, "%ld  %s", evno, desc);
	else
		sl_buf_puts(b, desc);
	if (sl_glyph_text(glyph))   /* as an annotator writes it, with its name */
		sl_buf_printf(b, "  %s (%s)", sl_glyph_text(glyph), sl_glyph_name(glyph));
	check_buf(cr, b);
	ink(cr, is_event ? 0x1a1d22 : 0x5b6570);
	y += text(cr, PW * 0.62 + 8, y, PW * 0.38 - M - 8, PH - M - y, sl_buf_cstr(b), 8, !is_event) + 3;
	if (note && y < PH - M - 10) {
		ink(cr, 0xe8590c);
		y += text(cr, PW * 0.62 + 20, y, PW * 0.38 - M - 20, PH - M - y, note, 7.5, 0) + 3;
	}
	if (bookmark && y < PH - M - 10) {
		ink(cr, 0x1f2a38);
		sl_buf_reset(b);
		sl_buf_printf(b, "\xe2\x98\x85 %s (a page of its own)", bookmark);
		check_buf(cr, b);
		y += text(cr, PW * 0.62 + 20, y, PW * 0.38 - M - 20, 0, sl_buf_cstr(b), 7.5, 1) + 3;
	}
	return y;
}

/* A bookmarked position on a page of its own: fr the board after the entry,
 * desc its words, printed under it. */
static int bookmark_page(cairo_t *cr, cairo_surface_t *surf, int *page, const char *bookmark,
	const sl_frame *fr, const char *desc, const sl_render_opts *o, sl_buf *b, sl_error *err)
{
	char dest[32];
	ink(cr, 0x1a1d22);
	sl_buf_reset(b);
	sl_buf_printf(b, "\xe2\x98\x85 %s", bookmark);
	check_buf(cr, b);
	text(cr, M, M - 14, PW - 2 * M, 0, sl_buf_cstr(b), 14, 1);
	snprintf(dest, sizeof dest, "page=%d", ++*page);
	cairo_pdf_surface_add_outline(surf, CAIRO_PDF_OUTLINE_ROOT, sl_buf_cstr(b), dest, 0);
	int rc;
	if ((rc = board_of(cr, fr, o, M / 2, M + 6, PW - M, PH - M - 30, err)) < 0)
		return rc;
	ink(cr, 0x5b6570);
	text(cr, M, PH - M + 2, PW - 2 * M, 20, desc, 9, 0);
	cairo_show_page(cr);
	return SL_OK;
}

static const char *outcome_name(int o)
{
	return o == SL_ODDS_WON ? "won" : o == SL_ODDS_LOST ? "lost" : o == SL_ODDS_FLED ? "fled" :
		"not over";
}

/* The chart's point of an attack: your chance to win after it, who fired,
 * a miss, a hit (with its damage) or a kill. */
static void attack_point(const sl_odds_attack *a, sl_chart_point *q)
{
	memset(q, 0, sizeof *q);
	q->y = a->win_after;
	q->side = a->by;
	q->mark = !a->hit ? SL_CHART_MISS : a->destroyed ? SL_CHART_KILL : SL_CHART_HIT;
	if (a->hit && !a->destroyed && a->damage)
		snprintf(q->label, sizeof q->label, "\xe2\x88\x92%d", a->damage);
}

/* The event whose board a fight's page shows: where it was decided, else
 * its last attack (its damage roll), else where it began. */
static long fight_board_event(const sl_odds_fightrep *f, const sl_odds_attack *last)
{
	long endev = f->end_event;
	if (!endev && last)
		endev = last->damage_event ? last->damage_event : last->event;
	return endev ? endev : f->event;
}

/* Fight i of nfights on a page: fr the board at its end, the odds chart of
 * pts (npts: the start and the attacks') and the exchanges att (natt: the
 * first of them at least as many as fit on the page) with their dice, odds
 * and damage. */
static int fight_page(cairo_t *cr, cairo_surface_t *surf, const sl_render_opts *o, const sl_log *log,
	const char *ship, int i, int nfights, const sl_odds_fightrep *f, const sl_frame *fr,
	const sl_chart_point *pts, int npts, const sl_odds_attack *att, int natt, int *page, sl_buf *b,
	sl_error *err)
{
	char line[256], dest[32];
	sl_chart_segment seg;
	sl_chart ch;
	double y;
	int rc;
	snprintf(line, sizeof line, "Fight %d of %d: %s \xc2\xb7 %s (stage %d, \xc2\xa7%d)", i + 1,
		nfights, f->enemy, outcome_name(f->outcome), f->turn, f->paragraph);
	snprintf(dest, sizeof dest, "page=%d", ++*page);
	cairo_pdf_surface_add_outline(surf, CAIRO_PDF_OUTLINE_ROOT, line, dest, 0);
	ink(cr, 0x1a1d22);
	text(cr, M, M - 10, PW - 2 * M, 0, line, 16, 1);
	/* the board when it was decided (or at its last attack) */
	if ((rc = board_of(cr, fr, o, M, M + 16, PW * 0.5 - M, PH * 0.5, err)) < 0)
		return rc;
	/* the odds, attack by attack */
	memset(&seg, 0, sizeof seg);
	seg.start = 0;
	seg.n = npts;
	snprintf(seg.label, sizeof seg.label, "%s \xc2\xb7 %s", f->enemy, outcome_name(f->outcome));
	memset(&ch, 0, sizeof ch);
	ch.title = "Your chance to win, attack by attack";
	snprintf(line, sizeof line, "the %s (weapons %d, shields %d) against %s (weapons %d, shields %d)",
		ship, f->weapons[0], f->shields[0], f->enemy, f->weapons[1], f->shields[1]);
	ch.subtitle = line;
	ch.y_label = "your chance to win the fight";
	ch.side_name[0] = "your";
	ch.side_name[1] = "enemy";
	ch.side_colour[0] = log->h.nplayers > 0 ? log->h.players[0].colour & 0xffffff : 0x1f6fd1;
	ch.side_colour[1] = 0xc92a2a;
	ch.npoints = npts;
	ch.points = (sl_chart_point *)pts;
	ch.nsegments = 1;
	ch.segments = &seg;
	cairo_save(cr);
	cairo_translate(cr, PW * 0.5 + 6, M + 16);
	rc = sl_chart_cairo(cr, &ch, PW * 0.5 - M - 6, PH * 0.5, o->theme);
	cairo_restore(cr);
	if (rc < 0)
		return sl_error_set(err, rc, rc == SL_ENOMEM ? "report: out of memory drawing the odds chart" :
			"report: cannot draw the odds chart");
	/* the exchanges */
	y = M + 26 + PH * 0.5;
	ink(cr, 0x1a1d22);
	snprintf(line, sizeof line, "Exchanges: %d attack%s; at the start %.0f%% to win, %s fire%s first%s",
		f->nattacks, f->nattacks == 1 ? "" : "s", f->start.win * 100,
		f->first == 0 ? "you" : "the enemy", f->first == 0 ? "" : "s",
		f->escape_after >= 0 ? "" : ", no escape");
	y += text(cr, M, y, PW - 2 * M, 0, line, 10, 1) + 4;
	for (int k = 0; k < natt && y < PH - M; k++) {
		const sl_odds_attack *a = &att[k];
		int tgt = 1 - a->by;
		sl_buf_reset(b);
		sl_buf_printf(b, "R%d  %s  %d+%d = %d %s %d: %s (%.0f%% to hit)", a->round,
			a->by == 0 ? "you  " : "enemy", a->a1, a->a2, a->a1 + a->a2,
			a->hit ? "<" : "\xe2\x89\xa5", a->weapons, a->hit ? "hit" : "miss", a->p_hit * 100);
		if (a->hit && a->destroyed)
			sl_buf_printf(b, " \xc2\xb7 shields at zero: destroyed");
		else if (a->hit && (a->d1 || a->d2))
			sl_buf_printf(b, " \xc2\xb7 damage %d+%d \xe2\x86\x92 \xe2\x88\x92%d \xc2\xb7 shields %d \xe2\x86\x92 %d",
				a->d1, a->d2, a->damage, a->shields_before[tgt], a->shields_after[tgt]);
		sl_buf_printf(b, " \xc2\xb7 you win %.0f%% \xe2\x86\x92 %.0f%%", a->win_before * 100,
			a->win_after * 100);
		check_buf(cr, b);
		ink(cr, a->by == 0 ? 0x1f4e9c : 0xc92a2a);
		y += text(cr, M, y, PW - 2 * M, PH - M - y, sl_buf_cstr(b), 8, a->destroyed) + 2;
	}
	cairo_show_page(cr);
	return SL_OK;
}

/* A page per fight of a report held whole. */
static int fight_pages(cairo_t *cr, cairo_surface_t *surf, report_job *j, const sl_log *log,
	const sl_odds_report *rep, int *page, sl_buf *b, sl_buf *desc, sl_error *err)
{
	int rc;
	for (int i = 0; i < rep->nfights; i++) {
		const sl_odds_fightrep *f = &rep->fights[i];
		const sl_odds_attack *att = &rep->attacks[f->first_attack];
		sl_chart_point *pts = sl_calloc((size_t)f->nattacks + 1, sizeof *pts);
		sl_frame fr;
		long p;
		if (!pts)
			return sl_error_set(err, SL_ENOMEM, "report: out of memory");
		p = sl_replay_pos_of_event(j->r, fight_board_event(f, f->nattacks ? &att[f->nattacks - 1] : NULL));
		if (p < 0)
			p = (long)log->n;
		pts[0].y = f->start.win;
		pts[0].mark = SL_CHART_NONE;
		for (int k = 0; k < f->nattacks; k++)
			attack_point(&att[k], &pts[k + 1]);
		rc = sl_export_frame_as(j->r, (size_t)p, sl_export_view(&log->h, j->o), &fr, desc, err);
		if (rc >= 0)
			rc = fight_page(cr, surf, j->o, log, rep->ship, i, rep->nfights, f, &fr, pts, f->nattacks + 1,
				att, f->nattacks, page, b, err);
		sl_free(pts);
		if (rc < 0)
			return rc;
	}
	return SL_OK;
}

static int report_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	report_job *j = ctx;
	const sl_log *log = sl_replay_log(j->r);
	sink s = {fn, closure, 0};
	cairo_surface_t *surf;
	cairo_t *cr;
	sl_buf b, desc;
	int rc = SL_OK, turns = sl_replay_turns(j->r), page = 1, oom = 0;
	double y;

	sl_buf_init(&b);
	sl_buf_init(&desc);
	surf = cairo_pdf_surface_create_for_stream(sink_write, &s, PW, PH);
	cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "sillage");
	if (log->h.title)
		sl_export_pdf_title(surf, log->h.title);
	cr = cairo_create(surf);
	oom_flag = &oom;

	/* cover: the board after the last entry */
	{
		long events = sl_replay_events(j->r);
		sl_frame end;
		if ((rc = sl_export_frame_as(j->r, log->n, sl_export_view(&log->h, j->o), &end, &desc, err)) < 0 ||
		    (rc = cover(cr, surf, log, events, turns, &end, j->o, &b, err)) < 0)
			goto out;
	}

	/* a game whose fights are analysed (starship): a page per fight, its
	 * exchanges and dice, the board at its end and the odds chart */
	{
		sl_odds_report *rep = NULL;
		sl_error e2;
		sl_error_clear(&e2);
		if (sl_odds_voyage(&rep, log, -1, 0, &e2) == SL_OK && rep->nfights > 0) {
			rc = fight_pages(cr, surf, j, log, rep, &page, &b, &desc, err);
			sl_odds_report_free(rep);
			if (rc < 0)
				goto out;
			goto bookmarks;
		}
		sl_odds_report_free(rep);
	}

	/* every turn: the board at the end of its action, and its events */
	for (int t = 1; t <= turns; t++) {
		long start = sl_replay_pos_of_turn(j->r, t, 0), end;
		long evno;
		if (start < 0)
			continue;
		end = sl_replay_pos_of_turn(j->r, t + 1, 0);
		if (end < 0)
			end = (long)log->n;
		turn_title(cr, surf, t, &page);
		/* the next turn's marker not yet played: what the turn did */
		if ((rc = board(cr, j, (size_t)(end > start && end < (long)log->n ? end - 1 : end), M,
			M + 16, PW * 0.62 - M, PH - 2 * M - 16, &desc, err)) < 0)
			goto out;
		y = M + 16;
		evno = sl_replay_event_at(j->r, (size_t)start);
		for (long p = start; p < end && y < PH - M - 10; p++) {
			const sl_event *ev = &log->ev[p];
			sl_buf_reset(&desc);
			if ((rc = sl_replay_describe_as(j->r, (size_t)p, sl_export_view(&log->h, j->o), &desc, NULL, err)) < 0)
				goto out;
			if (ev->entry == SL_ENTRY_EVENT)
				evno++;
			y = turn_line(cr, y, ev->entry == SL_ENTRY_EVENT, evno, sl_buf_cstr(&desc), ev->glyph,
				ev->note, ev->bookmark, &b);
		}
		cairo_show_page(cr);
	}

bookmarks:
	/* bookmarked positions, larger */
	for (size_t p = 0; p < log->n; p++) {
		const sl_event *ev = &log->ev[p];
		sl_frame fr;
		if (!ev->bookmark)
			continue;
		if ((rc = sl_export_frame_as(j->r, p + 1, sl_export_view(&log->h, j->o), &fr, &desc, err)) < 0 ||
		    (rc = bookmark_page(cr, surf, &page, ev->bookmark, &fr, sl_buf_cstr(&desc), j->o, &b, err)) < 0)
			goto out;
	}
	if (oom) {
		rc = sl_error_set(err, SL_ENOMEM, "report: out of memory");
		goto out;
	}
	cairo_destroy(cr);
	cr = NULL;
	cairo_surface_finish(surf);
	if (s.failed)
		rc = sl_error_set(err, SL_EIO, "report: writing the PDF failed");
	else if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS)
		rc = sl_error_set(err, SL_EIO, "report: cairo failed: %s",
			cairo_status_to_string(cairo_surface_status(surf)));
out:
	oom_flag = NULL;
	if (cr)
		cairo_destroy(cr);
	cairo_surface_destroy(surf);
	sl_buf_free(&b);
	sl_buf_free(&desc);
	return rc;
}

/* ---- the report of a log walked, not held (issue 30) ------------------------------ */

/* Enough for a page: an entry takes a line of 8 points or more, and the
 * page stops at its foot (about 40 of them). */
#define TURN_LINES 96

/* A fight's page lists its exchanges until the page is full (a line of 8
 * points or more: about 25 of them); its chart plots every attack up to
 * FIGHT_POINTS, then every second, fourth... (the stride doubles and the
 * points kept are thinned to it) and always the last, as `chart` does: a
 * fight of a million misses is the same picture (issue 30). */
#define FIGHT_LINES 96
#define FIGHT_POINTS 4096

typedef struct turn_entry {
	int is_event, glyph;
	long evno;
	char *desc, *note, *bookmark;
} turn_entry;

typedef struct walk_job {
	const sl_report_walk *w;
	const sl_render_opts *o;
	cairo_t *cr;
	cairo_surface_t *surf;
	int page, pass;           /* pass 1: the turns' pages, 2: the bookmarks' */
	size_t i;                 /* entries applied */
	int t;                    /* the turn whose entries are gathered (0: setup) */
	long evno;
	turn_entry line[TURN_LINES];
	int nlines;
	/* the board of turn t's page: the position before turn t+1's marker */
	void *st;
	sl_log *last;             /* a copy of the entry before it */
	sl_buf last_desc;
	long st_event;
	sl_buf b;
	/* a voyage whose fights are rated (starship): pass 0 rates it to count
	 * its fights (none, or odds that fail: turn pages as a log held), pass 3
	 * draws a page for each as it ends, from what is kept of it */
	int odds;                 /* the game has odds */
	sl_odds_feed *feed;
	int odds_failed;
	int nfights;              /* pass 0's count */
	char ship[48];            /* and the ship it names */
	int fcur;                 /* the fight gathered (its number in the voyage), -1 */
	int fdone;                /* its attacks taken */
	sl_chart_point *pts;      /* its chart's points: the start, then the attacks' (thinned) */
	long *pidx;               /* each point's attack number (0: the start) */
	int npts;
	long stride;              /* a point every stride attacks (doubles when pts is full) */
	sl_chart_point lastpt;    /* the latest attack's point */
	sl_odds_attack exch[FIGHT_LINES];   /* its first exchanges */
	int nexch;
	void *fst;                /* the board of its page (fight_board_event's position) */
	sl_log *flast;
	sl_buf flast_desc;
	long fst_event;
} walk_job;

static char *dup_or_null(const char *s)
{
	char *d;
	if (!s)
		return NULL;
	if ((d = sl_malloc(strlen(s) + 1)))
		memcpy(d, s, strlen(s) + 1);
	return d;
}

static void lines_free(walk_job *j)
{
	for (int k = 0; k < j->nlines; k++) {
		sl_free(j->line[k].desc);
		sl_free(j->line[k].note);
		sl_free(j->line[k].bookmark);
	}
	j->nlines = 0;
}

/* Turn j->t's page: its title, the board fr, the entries gathered. */
static int walk_turn_page(walk_job *j, const sl_frame *fr, sl_error *err)
{
	double y = M + 16;
	int rc;
	turn_title(j->cr, j->surf, j->t, &j->page);
	if ((rc = board_of(j->cr, fr, j->o, M, M + 16, PW * 0.62 - M, PH - 2 * M - 16, err)) < 0)
		return rc;
	for (int k = 0; k < j->nlines && y < PH - M - 10; k++) {
		const turn_entry *e = &j->line[k];
		y = turn_line(j->cr, y, e->is_event, e->evno, e->desc, e->glyph, e->note, e->bookmark, &j->b);
	}
	cairo_show_page(j->cr);
	lines_free(j);
	return SL_OK;
}

/* The frame of a board kept as the walk passed: its state, a copy of the
 * entry before it (a log of one) and its words. */
static void kept_frame(const sl_log *log, const void *st, const sl_log *last, sl_buf *desc, long ev,
	sl_frame *fr)
{
	memset(fr, 0, sizeof *fr);
	fr->game = log->game;
	fr->header = &log->h;
	fr->state = st;
	fr->last = last ? &last->ev[0] : NULL;
	fr->last_desc = last ? sl_buf_cstr(desc) : NULL;
	fr->event_no = ev;
}

/* Pass 0: the voyage rated to count its fights. Odds that fail (a log
 * drawn with --force) give turn pages, as a report of the log held does;
 * memory fails the report. */
static int odds_count(walk_job *j, const sl_event *ev, sl_error *err)
{
	sl_error e;
	int rc;
	if (j->odds_failed)
		return SL_OK;
	sl_error_clear(&e);
	if ((rc = sl_odds_feed_add(j->feed, ev, &e))) {
		if (rc == SL_ENOMEM)
			return sl_error_set(err, SL_ENOMEM, "report: out of memory");
		j->odds_failed = 1;
		return SL_OK;
	}
	sl_odds_feed_forget(j->feed);
	return SL_OK;
}

/* The fight's attacks numbered up to `to` (not included), taken: their
 * points and their first exchanges. */
static int fight_take(walk_job *j, const sl_odds_report *rep, const sl_odds_fightrep *f, long to)
{
	for (long g = f->first_attack + j->fdone; g < to; g++) {
		const sl_odds_attack *a = &rep->attacks[g - rep->attacks_base];
		long k = ++j->fdone;   /* the point's attack number */
		attack_point(a, &j->lastpt);
		if (j->nexch < FIGHT_LINES)
			j->exch[j->nexch++] = *a;
		if (k % j->stride)
			continue;
		if (j->npts == FIGHT_POINTS + 1) {   /* full: every second one kept */
			int n = 0;
			j->stride *= 2;
			for (int q = 0; q < j->npts; q++)
				if (j->pidx[q] % j->stride == 0) {
					j->pts[n] = j->pts[q];
					j->pidx[n++] = j->pidx[q];
				}
			j->npts = n;
			if (k % j->stride)
				continue;
		}
		j->pts[j->npts] = j->lastpt;
		j->pidx[j->npts++] = k;
	}
	return SL_OK;
}

static void fight_board_free(walk_job *j)
{
	if (j->fst)
		j->w->log->game->destroy(j->fst);
	j->fst = NULL;
	sl_log_free(j->flast);
	j->flast = NULL;
	sl_buf_reset(&j->flast_desc);
}

/* The fight gathered, its attacks all taken, on its page. */
static int fight_done(walk_job *j, const sl_odds_fightrep *f, sl_error *err)
{
	const sl_log *log = j->w->log;
	sl_frame fr;
	int rc, n = j->npts;
	if (j->fdone && j->pidx[n - 1] != j->fdone) {   /* the last attack's point, always */
		j->pts[n] = j->lastpt;
		j->pidx[n++] = j->fdone;
	}
	kept_frame(log, j->fst, j->flast, &j->flast_desc, j->fst_event, &fr);
	if (!j->fst)
		return sl_error_set(err, SL_EFORMAT, "report: fight %d has no board", j->fcur + 1);
	rc = fight_page(j->cr, j->surf, j->o, log, j->ship, j->fcur, j->nfights, f, &fr, j->pts, n, j->exch,
		j->nexch, &j->page, &j->b, err);
	fight_board_free(j);
	return rc;
}

/* Pass 3: each entry rated again; a fight's page drawn once the next one
 * begins (or the voyage ends), the board of its end kept as it passes. */
static int fight_after(walk_job *j, const sl_event *ev, const sl_frame *here, sl_error *err)
{
	const sl_log *log = j->w->log;
	const sl_odds_report *rep;
	const sl_odds_fightrep *f;
	int rc, latest;
	if ((rc = sl_odds_feed_add(j->feed, ev, err)))
		return rc;
	rep = sl_odds_feed_report(j->feed);
	latest = rep->fights_base + rep->nfights - 1;
	if (latest > j->fcur) {   /* a fight begins here: the one before is over */
		if (j->fcur >= 0) {
			f = &rep->fights[j->fcur - rep->fights_base];
			if ((rc = fight_take(j, rep, f, rep->fights[rep->nfights - 1].first_attack)) < 0 ||
			    (rc = fight_done(j, f, err)) < 0)
				return rc;
		}
		j->fcur = latest;
		f = &rep->fights[rep->nfights - 1];
		j->fdone = j->nexch = 0;
		j->stride = 1;
		memset(&j->pts[0], 0, sizeof j->pts[0]);
		j->pts[0].y = f->start.win;
		j->pts[0].mark = SL_CHART_NONE;
		j->pidx[0] = 0;
		j->npts = 1;
	}
	if (j->fcur >= 0) {
		const sl_odds_attack *last = NULL;
		f = &rep->fights[j->fcur - rep->fights_base];
		/* every attack but the latest is as it stays (a damage roll
		 * completes the one before it) */
		if ((rc = fight_take(j, rep, f, rep->attacks_base + rep->nattacks - 1)) < 0)
			return rc;
		if (f->nattacks)
			last = &rep->attacks[f->first_attack + f->nattacks - 1 - rep->attacks_base];
		if (ev->entry == SL_ENTRY_EVENT && fight_board_event(f, last) == here->event_no) {
			fight_board_free(j);
			if ((rc = sl_game_clone(log->game, here->state, &j->fst, err)))
				return rc;
			if (here->last && (!(j->flast = sl_log_new(log->game)) ||
			    sl_log_append(j->flast, here->last) != SL_OK))
				return sl_error_set(err, SL_ENOMEM, "report: out of memory");
			if (here->last_desc)
				sl_buf_puts(&j->flast_desc, here->last_desc);
			j->fst_event = here->event_no;
			if (j->flast_desc.failed)
				return sl_error_set(err, SL_ENOMEM, "report: out of memory");
		}
	}
	sl_odds_feed_forget(j->feed);
	return SL_OK;
}

/* Pass 3's end: the voyage's last fight on its page. */
static int fights_end(walk_job *j, sl_error *err)
{
	sl_odds_report *rep = NULL;
	int rc;
	if ((rc = sl_odds_feed_end(j->feed, &rep, err)))
		return rc;
	if (j->fcur >= 0) {
		const sl_odds_fightrep *f = &rep->fights[j->fcur - rep->fights_base];
		if ((rc = fight_take(j, rep, f, f->first_attack + f->nattacks)) >= 0)
			rc = fight_done(j, f, err);
	}
	sl_odds_report_free(rep);
	return rc < 0 ? rc : SL_OK;
}

static int walk_before(void *ud, const sl_event *ev, const sl_frame *here, sl_error *err)
{
	walk_job *j = ud;
	const sl_log *log = j->w->log;
	int rc;
	if (j->pass != 1 || ev->entry != SL_ENTRY_TURN || j->t < 1 || ev->mark != j->t + 1)
		return SL_OK;
	/* turn t+1's marker: the board of turn t's page is the position before it */
	if (j->st)
		log->game->destroy(j->st);
	j->st = NULL;
	sl_log_free(j->last);
	j->last = NULL;
	sl_buf_reset(&j->last_desc);
	if ((rc = sl_game_clone(log->game, here->state, &j->st, err)))
		return rc;
	if (here->last && (!(j->last = sl_log_new(log->game)) || sl_log_append(j->last, here->last) != SL_OK))
		return sl_error_set(err, SL_ENOMEM, "report: out of memory");
	if (here->last_desc)
		sl_buf_puts(&j->last_desc, here->last_desc);
	j->st_event = here->event_no;
	return j->last_desc.failed ? sl_error_set(err, SL_ENOMEM, "report: out of memory") : SL_OK;
}

static int walk_after(void *ud, const sl_event *ev, const char *desc, const sl_frame *here, sl_error *err)
{
	walk_job *j = ud;
	const sl_log *log = j->w->log;
	int rc;
	j->i++;
	if (j->pass == 0)
		return odds_count(j, ev, err);
	if (j->pass == 3)
		return fight_after(j, ev, here, err);
	if (j->pass == 2) {   /* a bookmarked position: the board after it */
		if (!ev->bookmark)
			return SL_OK;
		return bookmark_page(j->cr, j->surf, &j->page, ev->bookmark, here, here->last_desc, j->o, &j->b,
			err);
	}
	if (j->t >= 1 && j->nlines < TURN_LINES) {   /* an entry of turn t's page */
		turn_entry *e = &j->line[j->nlines];
		memset(e, 0, sizeof *e);
		e->is_event = ev->entry == SL_ENTRY_EVENT;
		if (e->is_event)
			j->evno++;
		e->evno = j->evno;
		e->glyph = ev->glyph;
		if (!(e->desc = dup_or_null(desc ? desc : "")) || (ev->note && !(e->note = dup_or_null(ev->note))) ||
		    (ev->bookmark && !(e->bookmark = dup_or_null(ev->bookmark)))) {
			j->nlines++;
			return sl_error_set(err, SL_ENOMEM, "report: out of memory");
		}
		j->nlines++;
	} else if (j->t >= 1 && ev->entry == SL_ENTRY_EVENT)
		j->evno++;
	if (ev->entry == SL_ENTRY_TURN && ev->mark == j->t + 1) {
		if (j->t >= 1) {   /* turn t's page is complete */
			sl_frame fr;
			if (j->i == j->w->entries)   /* the marker ends the log: the board at the end */
				fr = *j->w->end;
			else
				kept_frame(log, j->st, j->last, &j->last_desc, j->st_event, &fr);
			if ((rc = walk_turn_page(j, &fr, err)) < 0)
				return rc;
		}
		j->t = ev->mark;
		j->evno = here->event_no;
	}
	return SL_OK;
}

static int report_walk_run(sl_write_fn fn, void *closure, void *ctx, sl_error *err)
{
	walk_job *j = ctx;
	const sl_report_walk *w = j->w;
	sl_report_sink sk = {walk_before, walk_after, j};
	sink s = {fn, closure, 0};
	int rc, oom = 0;
	j->surf = cairo_pdf_surface_create_for_stream(sink_write, &s, PW, PH);
	cairo_pdf_surface_set_metadata(j->surf, CAIRO_PDF_METADATA_CREATOR, "sillage");
	if (w->log->h.title)
		sl_export_pdf_title(j->surf, w->log->h.title);
	j->cr = cairo_create(j->surf);
	j->page = 1;
	j->fcur = -1;
	oom_flag = &oom;
	if (sl_odds_available(w->log->game)) {   /* pass 0: are there fights to rate? */
		sl_odds_report *rep = NULL;
		sl_error e;
		sl_error_clear(&e);
		if ((rc = sl_odds_feed_new(&j->feed, w->log, 0, err)) < 0)
			goto out;
		j->pass = 0;
		if ((rc = w->walk(w->src, &sk, err)) < 0)
			goto out;
		if (!j->odds_failed && (rc = sl_odds_feed_end(j->feed, &rep, &e)) == SL_ENOMEM) {
			rc = sl_error_set(err, SL_ENOMEM, "report: out of memory");
			goto out;
		}
		if (!j->odds_failed && rc == SL_OK) {
			j->nfights = rep->fights_base + rep->nfights;
			memcpy(j->ship, rep->ship, sizeof j->ship);
		}
		sl_odds_report_free(rep);
		sl_odds_feed_free(j->feed);
		j->feed = NULL;
		j->i = 0;
	}
	if ((rc = cover(j->cr, j->surf, w->log, w->events, w->turns, w->end, j->o, &j->b, err)) < 0)
		goto out;
	if (j->nfights > 0) {   /* pass 3: a page per fight */
		if (!(j->pts = sl_calloc(FIGHT_POINTS + 2, sizeof *j->pts)) ||
		    !(j->pidx = sl_calloc(FIGHT_POINTS + 2, sizeof *j->pidx))) {
			rc = sl_error_set(err, SL_ENOMEM, "report: out of memory");
			goto out;
		}
		if ((rc = sl_odds_feed_new(&j->feed, w->log, 0, err)) < 0)
			goto out;
		j->pass = 3;
		if ((rc = w->walk(w->src, &sk, err)) < 0 || (rc = fights_end(j, err)) < 0)
			goto out;
	} else {
		j->pass = 1;
		if ((rc = w->walk(w->src, &sk, err)) < 0)
			goto out;
		if (j->t >= 1 && (rc = walk_turn_page(j, w->end, err)) < 0)   /* the last turn's */
			goto out;
	}
	j->pass = 2;
	j->i = 0;
	if ((rc = w->walk(w->src, &sk, err)) < 0)
		goto out;
	if (oom) {
		rc = sl_error_set(err, SL_ENOMEM, "report: out of memory");
		goto out;
	}
	cairo_destroy(j->cr);
	j->cr = NULL;
	cairo_surface_finish(j->surf);
	if (s.failed)
		rc = sl_error_set(err, SL_EIO, "report: writing the PDF failed");
	else if (cairo_surface_status(j->surf) != CAIRO_STATUS_SUCCESS)
		rc = sl_error_set(err, SL_EIO, "report: cairo failed: %s",
			cairo_status_to_string(cairo_surface_status(j->surf)));
out:
	oom_flag = NULL;
	if (j->cr)
		cairo_destroy(j->cr);
	cairo_surface_destroy(j->surf);
	return rc;
}

int sl_report_walk_to_file(const char *path, const sl_report_walk *w, const sl_render_opts *o,
	sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	walk_job j;
	int rc;
	if (!w || !w->walk || !w->end)
		return sl_error_set(err, SL_EUSAGE, "report: nothing to write");
	memset(&j, 0, sizeof j);
	j.w = w;
	j.o = o ? o : &defaults;
	sl_buf_init(&j.b);
	sl_buf_init(&j.last_desc);
	sl_buf_init(&j.flast_desc);
	rc = sl_export_to_file(path, report_walk_run, &j, err);
	lines_free(&j);
	fight_board_free(&j);
	sl_buf_free(&j.flast_desc);
	sl_odds_feed_free(j.feed);
	sl_free(j.pts);
	sl_free(j.pidx);
	if (j.st)
		w->log->game->destroy(j.st);
	sl_log_free(j.last);
	sl_buf_free(&j.last_desc);
	sl_buf_free(&j.b);
	return rc;
}

int sl_report_to_func(sl_replay *r, const sl_render_opts *o, sl_write_fn fn, void *closure,
	sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	report_job j = {r, o ? o : &defaults};
	if (!r || !fn)
		return sl_error_set(err, SL_EUSAGE, "report: nothing to write");
	return report_run(fn, closure, &j, err);
}

int sl_report_to_file(const char *path, sl_replay *r, const sl_render_opts *o, sl_error *err)
{
	static const sl_render_opts defaults = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	report_job j = {r, o ? o : &defaults};
	if (!r)
		return sl_error_set(err, SL_EUSAGE, "report: nothing to write");
	return sl_export_to_file(path, report_run, &j, err);
}
