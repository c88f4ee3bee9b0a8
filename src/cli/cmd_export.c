/* cmd_export.c - the verbs that share a whole game: animate (APNG, GIF, MP4, WebM),
 * html (the self-contained replay viewer), report (PDF) and step (the
 * terminal stepper). */
#include "cli.h"
#include "analyze/sl_odds.h"
#include "replay/sl_chain.h"
#include "render/sl_export.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum { OPT_PER = 300, OPT_FROM, OPT_TO, OPT_DELAY, OPT_HOLD, OPT_LOOP, OPT_JOBS };

/* --size, --theme, --side, --overlay, --force: the render options every
 * output shares. Returns 1 if consumed, 0 if not this option, -1 after a
 * usage error. */
static int render_opt(const char *verb, sl_render_opts *ro, int *force, int key, const char *arg)
{
	char *end;
	switch (key) {
	case 'F':
		*force = 1;
		return 1;
	case 's':
		ro->width = (int)strtol(arg, &end, 10);
		ro->height = 0;
		if (*end == 'x')
			ro->height = (int)strtol(end + 1, &end, 10);
		if (*end || ro->width <= 0 || ro->height < 0) {
			cli_usage(verb, "bad --size '%s' (expected W or WxH, like 1200x900)", arg);
			return -1;
		}
		return 1;
	case 'T':
		if (strcmp(arg, "light") == 0)
			ro->theme = SL_THEME_LIGHT;
		else if (strcmp(arg, "dark") == 0)
			ro->theme = SL_THEME_DARK;
		else {
			cli_usage(verb, "bad --theme '%s' (expected light or dark)", arg);
			return -1;
		}
		return 1;
	case 'S':
		ro->side = arg;
		return 1;
	case 'O':
		ro->overlay = arg;
		return 1;
	}
	return 0;
}

/* Opens FILE, checks it has a painter and that --side names a player. */
static int open_drawable(const char *verb, const char *path, const sl_render_opts *ro,
	int force, sl_log **log, sl_replay **r)
{
	int rc = cli_open_drawn(path, force, log, r);
	if (rc)
		return rc;
	if ((rc = cli_check_drawable(verb, path, *log, ro))) {
		sl_replay_free(*r);
		sl_log_free(*log);
		*r = NULL;
		*log = NULL;
	}
	return rc;
}

static int report_at(const sl_error *err, const char *out)
{
	return cli_report_at(err, out);
}

/* ---- animate ------------------------------------------------------------------------ */

typedef struct anim_args {
	sl_anim_opts ao;
	const char *out;
	const char *format;   /* of -o - */
	const char *from, *to;
	int quiet, force;
} anim_args;

static int anim_opt(int key, const char *arg, void *ctx)
{
	anim_args *a = ctx;
	long v;
	int r = render_opt("animate", &a->ao.render, &a->force, key, arg);
	if (r)
		return r < 0;
	switch (key) {
	case 'o':
		a->out = arg;
		break;
	case 'q':
		a->quiet = 1;
		break;
	case 313: {
		static const char *const fmts[] = {"apng", "gif", "mp4", "webm", NULL};
		return cli_format_opt(&a->format, arg, fmts, "animate") != 0;
	}
	case OPT_PER:
		if (strcmp(arg, "event") == 0)
			a->ao.per = SL_PER_EVENT;
		else if (strcmp(arg, "turn") == 0)
			a->ao.per = SL_PER_TURN;
		else if (strcmp(arg, "phase") == 0)
			a->ao.per = SL_PER_PHASE;
		else
			return cli_usage("animate", "bad --per '%s' (expected event, turn or phase)", arg), 1;
		break;
	case OPT_FROM:
		a->from = arg;
		break;
	case OPT_TO:
		a->to = arg;
		break;
	case OPT_DELAY:
	case OPT_HOLD:
		if (cli_parse_long(arg, 0, 600000, &v))
			return cli_usage("animate", "bad --%s '%s' (milliseconds, 0..600000)",
				key == OPT_DELAY ? "delay" : "hold", arg), 1;
		if (key == OPT_DELAY)
			a->ao.delay_ms = v ? (int)v : 1;
		else
			a->ao.turn_hold_ms = (int)v;
		break;
	case OPT_LOOP:
		if (cli_parse_long(arg, 0, 65535, &v))
			return cli_usage("animate", "bad --loop '%s' (0 = forever, up to 65535)", arg), 1;
		a->ao.loops = (int)v;
		break;
	case OPT_JOBS:
		if (cli_parse_long(arg, 1, 8, &v))
			return cli_usage("animate", "bad --jobs '%s' (1..8 threads)", arg), 1;
		a->ao.jobs = (int)v;
		break;
	}
	return 0;
}

/* "N": just after event N; "tT": the start of turn T (for --to: its end,
 * that is the start of turn T+1 or the end of the log). */
static int parse_bound(sl_replay *r, const char *what, const char *s, int is_to, long *pos)
{
	long v;
	const sl_log *log = sl_replay_log(r);
	if (s[0] == 't' || s[0] == 'T') {
		if (cli_parse_long(s + 1, 1, 1000000, &v))
			return cli_usage("animate", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
		*pos = sl_replay_pos_of_turn(r, (int)v + (is_to ? 1 : 0), 0);
		if (*pos < 0 && is_to && sl_replay_pos_of_turn(r, (int)v, 0) >= 0)
			*pos = (long)log->n;
		if (*pos < 0) {
			fprintf(stderr, "sillage: %s: no turn %ld (the log reaches turn %d)\n", log->name, v,
				sl_replay_turns(r));
			return EXIT_USAGE;
		}
		return EXIT_OK;
	}
	if (cli_parse_long(s, 0, 1000000000L, &v))
		return cli_usage("animate", "bad --%s '%s' (an event number, or t and a turn: t3)", what, s);
	*pos = sl_replay_pos_of_event(r, v);
	if (*pos < 0) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", log->name, v,
			sl_replay_events(r));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

typedef struct progress {
	int on;
	double t0;
	const char *out;
} progress;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress_bar(void *ud, long done, long total)
{
	progress *p = ud;
	int width = 30, fill = total ? (int)(width * done / total) : width;
	if (!p->on)
		return;
	fprintf(stderr, "\r%s [%.*s%*s] %ld/%ld frames %.1fs", p->out, fill,
		"##############################", width - fill, "", done, total, now_s() - p->t0);
	if (done == total)
		fputc('\n', stderr);
	fflush(stderr);
}

int cmd_animate(int argc, char **argv)
{
	anim_args a;
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_anim_stats st;
	progress pg;
	cli_out o;
	const char *shown;
	int i, fmt, rc;
	long from = 0, to = -1;

	memset(&o, 0, sizeof o);
	memset(&a, 0, sizeof a);
	a.ao.turn_hold_ms = 1500;
	a.ao.delay_ms = 700;
	i = cli_parse(cli_find("animate"), argc, argv, anim_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("animate", "expected one FILE");
	if (!a.out)
		return cli_usage("animate", "expected -o OUT (.apng, .gif, .mp4 or .webm; - with --format for standard output)");
	if ((rc = cli_out_open(&o, a.out, a.format, "apng, gif, mp4 or webm")))
		return rc;
	shown = a.out;
	a.out = o.path;
	if ((fmt = sl_anim_format_from_path(a.out)) < 0) {
		cli_out_close(&o, EXIT_USAGE);
		return cli_usage("animate", "cannot tell the format of '%s' (expected .apng, .png, .gif, .mp4 or .webm)", a.out);
	}
	if ((rc = open_drawable("animate", argv[i], &a.ao.render, a.force, &log, &r)))
		return cli_out_close(&o, rc);
	if ((a.from && (rc = parse_bound(r, "from", a.from, 0, &from))) ||
	    (a.to && (rc = parse_bound(r, "to", a.to, 1, &to))))
		goto done;
	if (to >= 0 && from > to) {
		rc = cli_usage("animate", "--from comes after --to");
		goto done;
	}
	if (!a.from && (from = sl_replay_pos_of_turn(r, 1, 0)) < 0)
		from = 0;   /* the board as set up, when the log has turns */
	if (to >= 0 && from > to)
		from = 0;
	a.ao.from = from;
	a.ao.to = to;
	pg.on = !a.quiet && isatty(2);
	pg.t0 = now_s();
	pg.out = a.out;
	a.ao.progress = progress_bar;
	a.ao.progress_ud = &pg;
	sl_error_clear(&err);
	if (sl_anim_to_file(a.out, (sl_anim_format)fmt, r, &a.ao, a.quiet ? NULL : &st, &err)) {
		if (pg.on)
			fputc('\n', stderr);
		rc = report_at(&err, shown);
		goto done;
	}
	if (!a.quiet)   /* on standard error when the animation goes to standard output */
		fprintf(o.is_stdout ? stderr : stdout, "%s: %ld frames, %dx%d, %.1f%% of the pixels changed "
			"per frame\n", shown, st.frames, st.width, st.height, st.changed * 100);
	rc = EXIT_OK;
done:
	sl_replay_free(r);
	sl_log_free(log);
	return cli_out_close(&o, rc);
}

/* ---- html and report: one FILE, one output ------------------------------------------- */

#define PAGE_MAX_BRANCHES 16

typedef struct page_args {
	const char *verb;
	sl_render_opts ro;
	const char *out;
	int quiet, force;
	const char *branch[PAGE_MAX_BRANCHES];   /* html --branch FILE */
	int nbranch, embed;
	const char *from, *to;                   /* html --from, --to */
} page_args;

static int page_opt(int key, const char *arg, void *ctx)
{
	page_args *a = ctx;
	int r = render_opt(a->verb, &a->ro, &a->force, key, arg);
	if (r)
		return r < 0;
	if (key == 'o')
		a->out = arg;
	else if (key == 'q')
		a->quiet = 1;
	else if (key == 331)
		a->embed = 1;
	else if (key == OPT_FROM)
		a->from = arg;
	else if (key == OPT_TO)
		a->to = arg;
	else if (key == 330) {
		if (a->nbranch == PAGE_MAX_BRANCHES)
			return cli_usage(a->verb, "at most %d --branch files", PAGE_MAX_BRANCHES);
		a->branch[a->nbranch++] = arg;
	}
	return 0;
}

/* ---- html of a log walked, not held (issue 30), or of a part of it (--from/--to, issue 29) ---- */

struct html_walk;

/* A --branch log: walked once to check it, find its end and the entries it
 * shares with the main line (by the log digest, so that a branch is found
 * by content, not by what its header says), and again to draw it from
 * there (issue 30: never held, as the main line is not). */
typedef struct html_branch {
	struct html_walk *hw;
	const char *path, *name;
	cli_span first, second;
	void *end;              /* its last state */
	size_t n;               /* its entries */
	long at;                /* entries shared with the main line; -1: another game's */
	int same;               /* the digests still agree */
	sl_chain c;
} html_branch;

typedef struct html_walk {
	const page_args *a;
	sl_html_feed *feed;
	void *end;              /* the first walk: the state at the page's last position */
	size_t steps;
	/* with branches: the main line's log digest after each entry, in a
	 * temporary file (32 bytes an entry), and before the first */
	FILE *dig;
	size_t ndig;
	sl_chain c;
	uint8_t d0[SL_COMMIT_BYTES];
	html_branch br[PAGE_MAX_BRANCHES];
} html_walk;

static int hw_begin(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_walk *hw = sp->ud;
	(void)ev;
	if (sl_chain_begin(&hw->c, &sp->log->h))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	memcpy(hw->d0, hw->c.d, sizeof hw->d0);
	hw->ndig = 0;
	if (fflush(hw->dig) || ftruncate(fileno(hw->dig), 0) || fseek(hw->dig, 0, SEEK_SET))
		return sl_error_set(err, SL_EIO, "html: a temporary file failed");
	return SL_OK;
}

static int hw_dig(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_walk *hw = sp->ud;
	if (sl_chain_entry(&hw->c, sp->log->game->schema, ev))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	if (fwrite(hw->c.d, sizeof hw->c.d, 1, hw->dig) != 1)
		return sl_error_set(err, SL_EIO, "html: a temporary file failed");
	hw->ndig++;
	return SL_OK;
}

static int bw_begin(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_branch *b = sp->ud;
	(void)ev;
	if (sl_chain_begin(&b->c, &sp->log->h))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	b->at = memcmp(b->c.d, b->hw->d0, sizeof b->hw->d0) ? -1 : 0;
	b->same = b->at == 0;
	if (fflush(b->hw->dig) || fseek(b->hw->dig, 0, SEEK_SET))
		return sl_error_set(err, SL_EIO, "html: a temporary file failed");
	return SL_OK;
}

static int bw_dig(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_branch *b = sp->ud;
	uint8_t d[SL_COMMIT_BYTES];
	if (!b->same)
		return SL_OK;
	if ((size_t)b->at >= b->hw->ndig) {
		b->same = 0;
		return SL_OK;
	}
	if (sl_chain_entry(&b->c, sp->log->game->schema, ev))
		return sl_error_set(err, SL_ENOMEM, "html: out of memory");
	if (fread(d, sizeof d, 1, b->hw->dig) != 1)
		return sl_error_set(err, SL_EIO, "html: a temporary file failed");
	if (memcmp(d, b->c.d, sizeof d))
		b->same = 0;
	else
		b->at++;
	return SL_OK;
}

static int bw_end(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_branch *b = sp->ud;
	(void)ev;
	b->n = sp->n;
	if (b->end)
		sp->log->game->destroy(b->end);
	b->end = NULL;
	return sl_game_clone(sp->log->game, sl_replay_state(sp->r), &b->end, err);
}

/* The second walk of a branch: its board where it leaves the main line,
 * then each entry past it. */
static int bw_start(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_branch *b = sp->ud;
	(void)ev;
	return b->at ? SL_OK : sl_html_feed_branch(b->hw->feed, sp->log, b->name, 0, sl_replay_state(sp->r), 0,
		NULL, NULL, err);
}

static int bw_entry(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_branch *b = sp->ud;
	int turn, phase;
	if (sp->n < (size_t)b->at)
		return SL_OK;
	if (sp->n == (size_t)b->at)
		return sl_html_feed_branch(b->hw->feed, sp->log, b->name, (size_t)b->at, sl_replay_state(sp->r),
			sl_replay_events(sp->r), ev, sl_buf_cstr(&sp->desc), err);
	sl_replay_where(sp->r, &turn, &phase);
	return sl_html_feed_entry(b->hw->feed, sl_replay_state(sp->r), ev, sl_buf_cstr(&sp->desc), turn, phase,
		sl_replay_events(sp->r), err);
}

/* The --branch logs walked once each: checked as drawn logs are, each a
 * branch of the main line that adds to it; errors printed, an exit code. */
static int branches_checked(html_walk *hw, const char *shown)
{
	const page_args *a = hw->a;
	sl_error err;
	int rc = EXIT_OK;
	for (int k = 0; k < a->nbranch && !rc; k++) {
		html_branch *b = &hw->br[k];
		const char *name = strrchr(a->branch[k], '/');
		b->hw = hw;
		b->path = a->branch[k];
		b->name = name ? name + 1 : a->branch[k];
		b->first.drawn = 1;
		b->first.force = a->force;
		b->first.start = bw_begin;
		b->first.entry = bw_dig;
		b->first.end = bw_end;
		b->first.ud = b->second.ud = b;
		if ((rc = cli_span_parse(&b->first, "html")) || (rc = cli_span_parse(&b->second, "html")) ||
		    (rc = cli_span_walk(&b->first, b->path)) ||
		    (rc = cli_check_drawable("html", b->path, b->first.log, &a->ro)))
			break;
		sl_error_clear(&err);
		if (b->at < 0)
			sl_error_set(&err, SL_EUSAGE, "html: branch %s is not a branch of this game (its game, "
				"rules version or players differ)", b->name);
		else if ((size_t)b->at == b->n)
			sl_error_set(&err, SL_EUSAGE, "html: branch %s adds nothing to the main line (its %zu "
				"entries are the main line's first ones)", b->name, b->n);
		if (err.code)
			rc = report_at(&err, shown);
	}
	return rc;
}

/* The branches drawn after the main line, each walked again. */
static int branches_fed(html_walk *hw, const char *shown)
{
	sl_error err;
	int rc = EXIT_OK;
	for (int k = 0; k < hw->a->nbranch && !rc; k++) {
		html_branch *b = &hw->br[k];
		b->second.again = 1;
		b->second.describe = 1;
		b->second.view = sl_export_view(&b->first.log->h, &hw->a->ro);
		b->second.start = bw_start;
		b->second.entry = bw_entry;
		cli_span_pass_input(&b->second, &b->first);
		sl_error_clear(&err);
		if ((rc = cli_span_walk(&b->second, b->path)) == EXIT_OK && sl_html_feed_branch_end(hw->feed, &err))
			rc = report_at(&err, shown);
	}
	return rc;
}

/* The first walk's end: the state the page ends on, and its length. */
static int hw_end(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_walk *hw = sp->ud;
	(void)ev;
	hw->steps = sp->n + 1;
	return sl_game_clone(sp->log->game, sl_replay_state(sp->r), &hw->end, err);
}

static int hw_first(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_walk *hw = sp->ud;
	(void)ev;
	return sl_html_feed_first(hw->feed, sl_replay_state(sp->r), sp->pos, sp->events, sp->turn, sp->origin,
		sp->last, sp->last ? sl_buf_cstr(&sp->last_desc) : NULL, err);
}

static int hw_entry(cli_span *sp, const sl_event *ev, sl_error *err)
{
	html_walk *hw = sp->ud;
	int turn, phase;
	sl_replay_where(sp->r, &turn, &phase);
	return sl_html_feed_entry(hw->feed, sl_replay_state(sp->r), ev, sl_buf_cstr(&sp->desc), turn, phase,
		sl_replay_events(sp->r), err);
}

/* The page of FILE (or of its span): a first walk checks the log (the
 * whole of it; a span of an archive, only the span) and finds the state the
 * page ends on, a second draws each position as it passes. */
static int html_walked(const page_args *a, const char *path, const char *out, const char *shown, int to_stderr)
{
	cli_span first, second;
	html_walk hw;
	sl_html_opts ho;
	sl_html_stats st;
	sl_frame end;
	sl_error err;
	int rc;
	memset(&first, 0, sizeof first);
	memset(&second, 0, sizeof second);
	memset(&hw, 0, sizeof hw);
	memset(&ho, 0, sizeof ho);
	memset(&st, 0, sizeof st);
	sl_error_clear(&err);
	hw.a = a;
	first.from = second.from = a->from;
	first.to = second.to = a->to;
	first.drawn = 1;
	first.force = a->force;
	first.end = hw_end;
	first.ud = second.ud = &hw;
	if (a->nbranch) {   /* the main line's digests, for the branches to be found by */
		if (!(hw.dig = tmpfile())) {
			fprintf(stderr, "sillage: html: cannot make a temporary file\n");
			rc = EXIT_IO;
			goto out;
		}
		first.start = hw_begin;
		first.entry = hw_dig;
	}
	if ((rc = cli_span_parse(&first, "html")) || (rc = cli_span_parse(&second, "html")) ||
	    (rc = cli_span_walk(&first, path)))
		goto out;
	if ((rc = cli_check_drawable("html", path, first.log, &a->ro)) || (rc = branches_checked(&hw, shown)))
		goto out;
	memset(&end, 0, sizeof end);
	end.game = first.log->game;
	end.header = &first.log->h;
	end.state = hw.end;
	ho.embed = a->embed;
	if (sl_html_feed_new(&hw.feed, first.log, &a->ro, &ho, &end, hw.steps, &err)) {
		rc = cli_report(&err);
		goto out;
	}
	for (int k = 0; k < a->nbranch; k++) {   /* a game over at a branch's end keeps the band too */
		sl_frame be;
		memset(&be, 0, sizeof be);
		be.game = hw.br[k].first.log->game;
		be.header = &hw.br[k].first.log->h;
		be.state = hw.br[k].end;
		if (sl_html_feed_band(hw.feed, &be, &err)) {
			rc = cli_report(&err);
			goto out;
		}
	}
	/* the second walk: the log's rules again, not its recorded checks (the
	 * first walk said whether they hold; --force draws a log whose do not) */
	second.again = 1;
	second.describe = 1;
	second.view = sl_export_view(&first.log->h, &a->ro);
	second.start = hw_first;
	second.entry = hw_entry;
	cli_span_pass_input(&second, &first);
	if ((rc = cli_span_walk(&second, path)) || (rc = branches_fed(&hw, shown)))
		goto out;
	if (sl_html_feed_finish_file(hw.feed, out, &st, &err)) {
		rc = report_at(&err, shown);
		goto out;
	}
	if (!a->quiet)
		fprintf(to_stderr ? stderr : stdout, "%s: %ld steps%s, %zu bytes (the frames as separate SVG files: "
			"%zu bytes)\n", shown, st.frames, cli_span_given(&first) ? " of the part shown" :
			a->nbranch ? " on the main line" : "", st.bytes, st.svg_bytes);
out:
	sl_html_feed_free(hw.feed);
	for (int k = 0; k < a->nbranch; k++) {
		if (hw.br[k].end)
			hw.br[k].first.log->game->destroy(hw.br[k].end);
		cli_span_free(&hw.br[k].second);
		cli_span_free(&hw.br[k].first);
	}
	if (hw.dig)
		fclose(hw.dig);
	if (hw.end)
		first.log->game->destroy(hw.end);
	cli_span_free(&second);
	cli_span_free(&first);
	return rc;
}

/* ---- report of a log walked, not held (issue 30) ----------------------------------------- */

/* A walk again from the start for sl_report_walk_to_file: each entry handed
 * to the sink before it is applied (the position before it, the entry before
 * that and its words as the board's caption) and after (its words). */
typedef struct report_src {
	const page_args *a;
	const char *path;
	cli_walk *first;          /* standard input, held by the first walk */
	const sl_report_sink *sink;
	int view;
	sl_log *prev;             /* a copy of the entry before the position */
	sl_buf prev_desc, desc;
} report_src;

static void here_frame(report_src *rs, cli_walk *w, sl_frame *fr)
{
	memset(fr, 0, sizeof *fr);
	fr->game = w->log->game;
	fr->header = &w->log->h;
	fr->state = sl_replay_state(w->r);
	fr->event_no = sl_replay_events(w->r);
	if (rs->prev) {
		fr->last = &rs->prev->ev[0];
		fr->last_desc = sl_buf_cstr(&rs->prev_desc);
	}
}

static int report_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	report_src *rs = w->ud;
	sl_frame fr;
	int rc;
	here_frame(rs, w, &fr);
	if ((rc = rs->sink->before(rs->sink->ud, ev, &fr, err)))
		return rc;
	sl_buf_reset(&rs->desc);
	if ((rc = sl_replay_feed_describe(w->r, ev, rs->view, &rs->desc, NULL, err)))
		return rc;
	/* the entry and its words as a board's caption says them (sl_export_frame_as) */
	sl_log_free(rs->prev);
	sl_buf_reset(&rs->prev_desc);
	sl_buf_puts(&rs->prev_desc, sl_buf_cstr(&rs->desc));
	if (!(rs->prev = sl_log_new(w->log->game)) || sl_log_append(rs->prev, ev) != SL_OK ||
	    sl_export_glyph_desc(ev, &rs->prev_desc) || rs->desc.failed || rs->prev_desc.failed)
		return sl_error_set(err, SL_ENOMEM, "report: out of memory");
	here_frame(rs, w, &fr);
	return rs->sink->after(rs->sink->ud, ev, sl_buf_cstr(&rs->desc), &fr, err);
}

static int report_rewalk(void *src, const sl_report_sink *sink, sl_error *err)
{
	report_src *rs = src;
	cli_walk w;
	int rc;
	cli_walk_init(&w);
	w.each = report_each;
	w.applied = 1;
	w.ud = rs;
	w.input = rs->first->input;   /* standard input, held */
	w.ninput = rs->first->ninput;
	rs->sink = sink;
	sl_log_free(rs->prev);
	rs->prev = NULL;
	rc = cli_walk_run(&w, rs->path, err);
	w.input = NULL;
	cli_walk_free(&w);
	return rc;
}

static int report_view(cli_walk *w, const sl_event *unused, sl_error *err)
{
	report_src *rs = w->ud;
	(void)unused;
	(void)err;
	w->view = rs->view = sl_export_view(&w->log->h, &rs->a->ro);
	return SL_OK;
}

/* The first walk checks the log (as cli_open_drawn) and finds its end; the
 * report's walks after it draw the turns' pages (a voyage's fights': one
 * walk rates them to count them, one draws them) and the bookmarks'
 * (standard input held for them: its own size). */
static int report_walked(const page_args *a, const char *path, const char *out, const char *shown)
{
	cli_walk w;
	report_src rs;
	sl_report_walk rw;
	sl_frame end;
	sl_buf end_desc;
	sl_error err;
	int rc;
	memset(&rs, 0, sizeof rs);
	sl_buf_init(&rs.prev_desc);
	sl_buf_init(&rs.desc);
	sl_buf_init(&end_desc);
	rs.a = a;
	rs.path = path;
	rs.first = &w;
	cli_walk_init(&w);
	w.describe = 1;
	w.header = report_view;
	w.ud = &rs;
	w.hold = strcmp(path, "-") == 0;   /* standard input: held for the report's walks */
	if ((rc = cli_walk_drawn(&w, path, a->force)))
		goto out;
	if ((rc = cli_check_drawable("report", path, w.log, &a->ro)) || (rc = cli_walk_where(&w)))
		goto out;
	memset(&end, 0, sizeof end);
	end.game = w.log->game;
	end.header = &w.log->h;
	end.state = cli_walk_state(&w);
	end.event_no = w.at_event;
	if (w.at_pos > 0 && w.at_last) {
		sl_buf_puts(&end_desc, sl_buf_cstr(&w.at_desc));
		if (sl_export_glyph_desc(w.at_last, &end_desc) || end_desc.failed) {
			fprintf(stderr, "sillage: out of memory\n");
			rc = EXIT_IO;
			goto out;
		}
		end.last = w.at_last;
		end.last_desc = sl_buf_cstr(&end_desc);
	}
	memset(&rw, 0, sizeof rw);
	rw.log = w.log;
	rw.events = sl_replay_events(w.r);
	rw.turns = sl_replay_turns(w.r);
	rw.entries = w.n;
	rw.end = &end;
	rw.walk = report_rewalk;
	rw.src = &rs;
	sl_error_clear(&err);
	if (sl_report_walk_to_file(out, &rw, &a->ro, &err))
		rc = report_at(&err, shown);
out:
	sl_log_free(rs.prev);
	sl_buf_free(&rs.prev_desc);
	sl_buf_free(&rs.desc);
	sl_buf_free(&end_desc);
	cli_walk_free(&w);
	return rc;
}

/* FILE's name with another extension, or out; *tofree is set when allocated. */
static const char *default_out(const char *out, const char *file, const char *ext, char **tofree)
{
	const char *dot, *slash;
	size_t stem;
	*tofree = NULL;
	if (out)
		return out;
	dot = strrchr(file, '.');
	slash = strrchr(file, '/');
	stem = dot && (!slash || dot > slash) ? (size_t)(dot - file) : strlen(file);
	if (!(*tofree = malloc(stem + strlen(ext) + 1)))
		return NULL;
	memcpy(*tofree, file, stem);
	strcpy(*tofree + stem, ext);
	return *tofree;
}

static int page_verb(const char *verb, const char *ext, int argc, char **argv)
{
	page_args a;
	char *tofree = NULL;
	const char *out, *shown;
	cli_out o;
	int i, rc;

	memset(&a, 0, sizeof a);
	memset(&o, 0, sizeof o);
	a.verb = verb;
	i = cli_parse(cli_find(verb), argc, argv, page_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage(verb, "expected one FILE");
	if (!(out = default_out(a.out, argv[i], ext, &tofree)))
		return EXIT_IO;
	if ((rc = cli_out_open(&o, out, ext + 1, ext + 1)))
		goto done;
	shown = out;
	out = o.path;
	if ((a.from || a.to) && a.nbranch) {
		rc = cli_usage(verb, "--branch shows a variation of the whole game: not with --from or --to");
		goto done;
	}
	/* the log walked, never held (the branches neither, a voyage's fights neither) */
	if (strcmp(verb, "html") == 0)
		rc = html_walked(&a, argv[i], out, shown, o.is_stdout);
	else
		rc = report_walked(&a, argv[i], out, shown);
done:
	free(tofree);
	return cli_out_close(&o, rc);
}

int cmd_html(int argc, char **argv)
{
	return page_verb("html", ".html", argc, argv);
}
int cmd_report(int argc, char **argv)
{
	return page_verb("report", ".pdf", argc, argv);
}

/* ---- step: the terminal stepper ------------------------------------------------------ */

typedef struct step_args {
	cli_where where;
	sl_render_opts ro;
	int force;
	int board;
} step_args;

static int step_opt(int key, const char *arg, void *ctx)
{
	step_args *a = ctx;
	int r = render_opt("step", &a->ro, &a->force, key, arg);
	if (r)
		return r < 0;
	if (key == 310) {
		if ((a->board = sl_term_mode_from_name(arg)) < 0)
			return cli_usage("step", "bad --board '%s' (expected auto, text, symbols, sixel or kitty)", arg), 1;
		return 0;
	}
	if ((r = cli_where_opt(&a->where, key, arg)) < 0)
		return cli_usage("step", "bad value '%s' for --%s", arg, key == 'e' ? "event" : "turn"), 1;
	return 0;
}

typedef struct stepper {
	sl_log *log;
	sl_replay *r;
	sl_render_opts ro;
	int tty;
	int board;             /* SL_TERM_*: how the board is drawn on a terminal */
	char msg[700];         /* what the last command did, said once */
	struct termios saved;
	/* an archive stepped through its index (issue 29; r and log NULL): */
	sl_silb *f;
	const sl_log *h;       /* its header and game */
	sl_log *win;           /* the entries of the segment that holds the entry before pos, */
	size_t wbase;          /* the entries and events before that segment, */
	long wev;
	void *wkey;            /* and the state it opens on */
	sl_replay *ar;         /* the state at pos, replayed from wkey (NULL at 0: init) */
	int ar_win;            /* ar was replayed within win */
	void *init;            /* the initial state */
	size_t apos;
	sl_buf adesc;          /* the entry before pos described for the view */
	const sl_event *alast; /* that entry (in win), NULL at 0 */
} stepper;

/* ---- step through an archive's index: a segment held, the rest on disk ---- */

typedef struct step_walk {
	stepper *s;
	int what;              /* 0: keep the segment; 1: a turn's marker; 2: an event; 3: a find */
	long want;
	const char *text;
	void *start;
	size_t at;             /* entries before the batch */
	long events;           /* events before the batch */
	size_t from;           /* find: the first entry to look at */
	sl_replay *r;
	int batches;           /* segments handed over so far */
	long found;            /* the position after the entry found; -1: none */
} step_walk;

/* The batch ev[0..n) (the walk's first segment: w->start its keyframe) as
 * the stepper's window, after `at` entries and `events` events. */
static int step_keep(step_walk *w, const sl_log *log, const sl_event *ev, size_t n, size_t at, long events,
	sl_error *err)
{
	stepper *s = w->s;
	size_t i;
	{
		sl_log *k = sl_log_new(log->game);
		if (!k)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		for (i = 0; i < n; i++)
			if (sl_log_append(k, &ev[i]) != SL_OK) {
				sl_log_free(k);
				return sl_error_set(err, SL_ENOMEM, "out of memory");
			}
		sl_log_free(s->win);
		if (s->wkey)
			log->game->destroy(s->wkey);
		s->win = k;
		s->wkey = w->start;
		w->start = NULL;
		s->ar_win = 0;
		s->wbase = at;
		s->wev = events;
		return 1;
	}
}

static int step_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	step_walk *w = ud;
	size_t i, at0 = w->at;
	long ev0 = w->events;
	int rc, first = w->batches++ == 0;
	if (w->what == 0)
		return step_keep(w, log, ev, n, at0, ev0, err);
	if (w->what == 3) {   /* describe each entry from `from` on, as the state before it sees it */
		sl_buf d;
		int view = sl_export_view(&w->s->h->h, &w->s->ro);
		if (!w->r) {
			void *st = w->start;
			w->start = NULL;
			if ((rc = sl_replay_stream_at(&w->r, log, st, w->at, w->events, err)))
				return rc;
		}
		sl_buf_init(&d);
		for (i = 0; i < n; i++, w->at++) {
			if (w->at < w->from) {
				if ((rc = sl_replay_feed(w->r, &ev[i], 1, err)))
					break;
				continue;
			}
			sl_buf_reset(&d);
			if ((rc = sl_replay_feed_describe(w->r, &ev[i], view, &d, NULL, err)))
				break;
			if (strstr(sl_buf_cstr(&d), w->text) || (ev[i].note && strstr(ev[i].note, w->text))) {
				w->found = (long)w->at + 1;
				rc = 1;
				break;
			}
		}
		sl_buf_free(&d);
		return rc;
	}
	for (i = 0; i < n; i++, w->at++) {
		if (w->what == 1 ? ev[i].entry == SL_ENTRY_TURN && ev[i].mark == w->want
		    : ev[i].entry == SL_ENTRY_EVENT && ++w->events == w->want) {
			w->found = (long)w->at + 1;
			/* found in the segment the walk opened on: kept, the position is there */
			return first && w->start ? step_keep(w, log, ev, n, at0, ev0, err) : 1;
		}
	}
	return SL_OK;
}

/* Walks from the segment picked by (event, turn) or, with both 0, from the
 * one that holds entry `entry`. */
static int step_walk_run(stepper *s, step_walk *w, long event, int turn, size_t entry, sl_error *err)
{
	int rc;
	w->s = s;
	w->found = -1;
	if (event > 0 || turn > 0)
		rc = sl_silb_walk_from(s->f, event, turn, &w->start, &w->events, &w->at, step_sink, w, err);
	else
		rc = sl_silb_walk_entry(s->f, entry, &w->start, &w->events, &w->at, step_sink, w, err);
	if (w->start)
		s->h->game->destroy(w->start);
	w->start = NULL;
	sl_replay_free(w->r);
	w->r = NULL;
	return rc;
}

/* The position just after the marker of turn t (> 0), or after event n;
 * -1 when the archive has none (the index knows every turn and event). */
static long step_pos_of(stepper *s, int turn, long event)
{
	step_walk w;
	sl_error err;
	if (turn == 0 && event == 0)
		return 0;
	if (turn > sl_silb_turns(s->f) || event > sl_silb_events(s->f) || turn < 0 || event < 0)
		return -1;
	if (s->win) {   /* the segment held first: most moves stay near */
		long evs = s->wev;
		for (size_t i = 0; i < s->win->n; i++) {
			const sl_event *e = &s->win->ev[i];
			if (turn ? e->entry == SL_ENTRY_TURN && e->mark == turn
			    : e->entry == SL_ENTRY_EVENT && ++evs == event)
				return (long)(s->wbase + i) + 1;
		}
	}
	memset(&w, 0, sizeof w);
	w.what = turn ? 1 : 2;
	w.want = turn ? turn : event;
	sl_error_clear(&err);
	if (step_walk_run(s, &w, event, turn, 0, &err)) {
		cli_report(&err);
		return -1;
	}
	return w.found;
}

/* The state at entry position pos of the archive, and the entry before it
 * described for the view. */
static int step_at(stepper *s, size_t pos, sl_error *err)
{
	const sl_game *g = s->h->game;
	int view = sl_export_view(&s->h->h, &s->ro);
	size_t e, k;
	int rc;
	sl_buf_reset(&s->adesc);
	if (pos == 0) {
		sl_replay_free(s->ar);
		s->ar = NULL;
		s->apos = 0;
		s->alast = NULL;
		return SL_OK;
	}
	e = pos - 1;
	if (!s->win || e < s->wbase || e >= s->wbase + s->win->n) {
		step_walk w;
		memset(&w, 0, sizeof w);
		if ((rc = step_walk_run(s, &w, 0, 0, e, err)))
			return rc;
	}
	if (!s->ar || !s->ar_win || s->apos > e || s->apos < s->wbase) {   /* from the segment's keyframe */
		void *st;
		sl_replay_free(s->ar);
		s->ar = NULL;
		if ((rc = sl_game_clone(g, s->wkey, &st, err)))
			return rc;
		if ((rc = sl_replay_stream_at(&s->ar, s->h, st, s->wbase, s->wev, err)))
			return rc;
		s->apos = s->wbase;
		s->ar_win = 1;
	}
	for (k = s->apos; k < e; k++)
		if ((rc = sl_replay_feed(s->ar, &s->win->ev[k - s->wbase], 1, err))) {
			sl_replay_free(s->ar);
			s->ar = NULL;
			return rc;
		}
	s->alast = &s->win->ev[e - s->wbase];
	if ((rc = sl_replay_feed_describe(s->ar, s->alast, view, &s->adesc, NULL, err))) {
		sl_replay_free(s->ar);
		s->ar = NULL;
		s->alast = NULL;
		return rc;
	}
	s->apos = pos;
	return SL_OK;
}

static size_t step_pos(const stepper *s)
{
	return s->f ? s->apos : sl_replay_pos(s->r);
}
static size_t step_entries(const stepper *s)
{
	return s->f ? sl_silb_entries(s->f) : s->log->n;
}
static const sl_log *step_log(const stepper *s)
{
	return s->f ? s->h : s->log;
}
static const void *step_state(const stepper *s)
{
	return s->f ? (s->ar ? sl_replay_state(s->ar) : s->init) : sl_replay_state(s->r);
}
static long step_event_now(const stepper *s)
{
	return s->f ? (s->ar ? sl_replay_events(s->ar) : 0) : sl_replay_event_at(s->r, sl_replay_pos(s->r));
}
static long step_events(const stepper *s)
{
	return s->f ? sl_silb_events(s->f) : sl_replay_events(s->r);
}
static int step_turns(const stepper *s)
{
	return s->f ? sl_silb_turns(s->f) : sl_replay_turns(s->r);
}
static void step_where(const stepper *s, int *turn, int *phase)
{
	step_log(s)->game->position(step_state(s), turn, phase);
}
static long step_pos_of_turn(stepper *s, int turn)
{
	return s->f ? step_pos_of(s, turn, 0) : sl_replay_pos_of_turn(s->r, turn, 0);
}
static long step_pos_of_event(stepper *s, long n)
{
	return s->f ? step_pos_of(s, 0, n) : sl_replay_pos_of_event(s->r, n);
}
/* The board at the position: the frame as the export draws it. */
static int step_frame(stepper *s, sl_frame *fr, sl_buf *d, sl_error *err)
{
	if (!s->f)
		return sl_export_frame_as(s->r, sl_replay_pos(s->r), sl_export_view(&sl_replay_log(s->r)->h, &s->ro),
			fr, d, err);
	memset(fr, 0, sizeof *fr);
	sl_buf_reset(d);
	if (s->alast) {
		fr->last = s->alast;
		sl_buf_put(d, s->adesc.data, s->adesc.len);
		if (sl_export_glyph_desc(fr->last, d) || d->failed)
			return sl_error_set(err, SL_ENOMEM, "export: out of memory");
		fr->last_desc = sl_buf_cstr(d);
	}
	fr->game = s->h->game;
	fr->header = &s->h->h;
	fr->state = step_state(s);
	fr->event_no = step_event_now(s);
	return SL_OK;
}

static void step_say(stepper *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->msg, sizeof s->msg, fmt, ap);
	va_end(ap);
}

static void step_show(stepper *s)
{
	sl_buf b, d;
	sl_error err;
	size_t pos = step_pos(s);
	const sl_log *log = step_log(s);
	int turn, phase;
	char where[48];
	sl_buf_init(&b);
	sl_buf_init(&d);
	sl_error_clear(&err);
	if (s->f)
		sl_buf_put(&d, s->adesc.data, s->adesc.len);
	else if (pos > 0)
		sl_replay_describe_as(s->r, pos - 1, sl_export_view(&s->log->h, &s->ro), &d, NULL, &err);
	step_where(s, &turn, &phase);
	if (turn)
		snprintf(where, sizeof where, "turn %d phase %d", turn, phase);
	else
		snprintf(where, sizeof where, "setup");
	if (s->tty)
		fputs("\033[H\033[2J", stdout);   /* ours: the log's text goes through cli_write_text */
	sl_buf_printf(&b, "%s | %s | event %ld/%ld | step %zu/%zu\n",
		log->h.title ? log->h.title : log->h.game, where,
		step_event_now(s), step_events(s), pos, step_entries(s));
	if (pos == 0)
		sl_buf_puts(&b, "> (the start: nothing played yet)\n");
	else {
		const sl_event *ev = s->f ? s->alast : &s->log->ev[pos - 1];
		sl_buf_printf(&b, "> %s\n", sl_buf_cstr(&d));
		if (sl_glyph_text(ev->glyph))
			sl_buf_printf(&b, "  glyph: %s (%s)\n", sl_glyph_text(ev->glyph), sl_glyph_name(ev->glyph));
		if (ev->note)
			sl_buf_printf(&b, "  note: %s\n", ev->note);
		if (ev->bookmark)
			sl_buf_printf(&b, "  bookmark: %s\n", ev->bookmark);
	}
	if (s->msg[0]) {   /* what the command did */
		sl_buf_printf(&b, "%s\n", s->msg);
		s->msg[0] = 0;
	}
	if (s->tty) {
		struct winsize ws;
		sl_frame fr;
		int drawn = 0, cols = 80, rows = 24;
		if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
			cols = ws.ws_col;
			rows = ws.ws_row;
		}
		sl_buf_reset(&d);
		if (s->board != SL_TERM_TEXT && rows > 12 && step_frame(s, &fr, &d, &err) == SL_OK) {
			/* the board is ours (drawn from pixels): its escapes go out as they
			 * are, after the log's text above has gone through cli_write_text */
			sl_buf board;
			sl_buf_init(&board);
			sl_buf_putc(&board, '\n');
			if (sl_render_terminal(&fr, &s->ro, s->board, cols, rows - 8, &board, NULL, &err) == SL_OK) {
				sl_buf_puts(&board, "\033[0m\n");
				cli_write_text(stdout, b.data, b.len);
				fwrite(board.data, 1, board.len, stdout);
				sl_buf_reset(&b);
				drawn = 1;
			}   /* else no board: the text below says the state */
			sl_buf_free(&board);
			if (!s->f)
				sl_replay_seek(s->r, pos, &err);
		}
		sl_buf_reset(&d);
		if (!drawn) {
			log->game->summary(step_state(s), &log->h, &d);
			sl_buf_printf(&b, "\n%s\n", sl_buf_cstr(&d));
		}
		sl_buf_puts(&b, "\n[n]ext [p]rev []] next turn [[] prev turn [g]oto turn [e]vent [/]find [w]rite png [s]tate [q]uit\n");
	}
	cli_write_text(stdout, b.data, b.len);
	fflush(stdout);
	sl_buf_free(&b);
	sl_buf_free(&d);
}

static void step_to(stepper *s, long pos)
{
	sl_error err;
	sl_error_clear(&err);
	if (pos < 0)
		pos = 0;
	if ((size_t)pos > step_entries(s))
		pos = (long)step_entries(s);
	if (!s->f)
		sl_replay_seek(s->r, (size_t)pos, &err);
	else if (step_at(s, (size_t)pos, &err)) {   /* a segment the rules refuse: say it, stay */
		char msg[600];
		sl_error_format(&err, msg, sizeof msg);
		step_say(s, "cannot go there: %s", msg);
		sl_error_clear(&err);
		if (step_at(s, 0, &err) == SL_OK)
			s->apos = 0;
	}
}

static long turn_pos(stepper *s, int dir)
{
	size_t pos = step_pos(s);
	int turn, phase;
	long p;
	step_where(s, &turn, &phase);
	if (dir > 0) {
		p = step_pos_of_turn(s, turn + 1);
		return p < 0 ? (long)step_entries(s) : p;
	}
	p = step_pos_of_turn(s, turn);
	if (p < 0 || (size_t)p >= pos)
		p = turn > 1 ? step_pos_of_turn(s, turn - 1) : 0;
	return p < 0 ? 0 : p;
}

/* Reads a line from the terminal in cooked mode, after a prompt. */
static int prompt_line(stepper *s, const char *prompt, char *buf, size_t n)
{
	struct termios raw;
	int ok;
	if (s->tty) {
		tcgetattr(0, &raw);
		tcsetattr(0, TCSANOW, &s->saved);
		printf("%s", prompt);
		fflush(stdout);
	}
	ok = fgets(buf, (int)n, stdin) != NULL;
	if (s->tty)
		tcsetattr(0, TCSANOW, &raw);
	buf[strcspn(buf, "\n")] = 0;
	return ok;
}

/* One command; returns 0 to go on, 1 to quit. */
static int step_cmd(stepper *s, const char *cmd, const char *arg)
{
	size_t pos = step_pos(s);
	long v;
	char line[512];
	if (!strcmp(cmd, "q") || !strcmp(cmd, "quit"))
		return 1;
	if (!strcmp(cmd, "n") || !strcmp(cmd, "right"))
		step_to(s, (long)pos + 1);
	else if (!strcmp(cmd, "p") || !strcmp(cmd, "left"))
		step_to(s, (long)pos - 1);
	else if (!strcmp(cmd, "]") || !strcmp(cmd, "down"))
		step_to(s, turn_pos(s, 1));
	else if (!strcmp(cmd, "[") || !strcmp(cmd, "up"))
		step_to(s, turn_pos(s, -1));
	else if (!strcmp(cmd, "g") || !strcmp(cmd, "e")) {
		if (!*arg && prompt_line(s, *cmd == 'g' ? "turn: " : "event: ", line, sizeof line))
			arg = line;
		if (cli_parse_long(arg, 0, 1000000000L, &v) == 0) {
			long p = *cmd == 'g' ? (v ? step_pos_of_turn(s, (int)v) : 0) : step_pos_of_event(s, v);
			if (p >= 0) {
				step_to(s, p);
				if (*cmd == 'g')
					step_say(s, "went to turn %ld (step %ld)", v, p);
				else
					step_say(s, "went to event %ld (step %ld)", v, p);
			} else if (*cmd == 'g')
				step_say(s, "no turn %ld (the log reaches turn %d)", v, step_turns(s));
			else
				step_say(s, "no event %ld (the log has %ld events)", v, step_events(s));
		} else if (*arg)
			step_say(s, "'%s' is not a %s number", arg, *cmd == 'g' ? "turn" : "event");
	} else if (!strcmp(cmd, "/")) {
		if (!*arg && prompt_line(s, "find: ", line, sizeof line))
			arg = line;
		if (*arg && s->f) {   /* walked from the segment that holds pos, on to the find */
			step_walk w;
			sl_error err;
			long found = 0;
			memset(&w, 0, sizeof w);
			w.what = 3;
			w.text = arg;
			w.from = pos;
			sl_error_clear(&err);
			if (pos < step_entries(s) && step_walk_run(s, &w, 0, 0, pos, &err) == SL_OK && w.found > 0)
				found = w.found;
			step_to(s, found ? found : (long)pos);
			if (!found)
				step_say(s, "not found: %s", arg);
		} else if (*arg) {
			sl_buf d;
			sl_error err;
			size_t i, found = 0;
			sl_buf_init(&d);
			sl_error_clear(&err);
			for (i = pos; i < s->log->n && !found; i++) {
				sl_buf_reset(&d);
				if (sl_replay_describe_as(s->r, i, sl_export_view(&s->log->h, &s->ro), &d, NULL,
				    &err))
					break;
				if (strstr(sl_buf_cstr(&d), arg) || (s->log->ev[i].note && strstr(s->log->ev[i].note, arg)))
					found = i + 1;
			}
			sl_buf_free(&d);
			step_to(s, found ? (long)found : (long)pos);
			if (!found)
				step_say(s, "not found: %s", arg);
		}
	} else if (!strcmp(cmd, "w")) {
		sl_frame fr;
		sl_buf d;
		sl_error err;
		if (!*arg && prompt_line(s, "png file: ", line, sizeof line))
			arg = line;
		sl_buf_init(&d);
		sl_error_clear(&err);
		if (*arg && step_frame(s, &fr, &d, &err) == 0 && sl_render_to_file(arg, SL_FMT_PNG, &fr, &s->ro, &err) == 0) {
			sl_render_opts m = s->ro;
			int w = 0, h = 0;
			sl_render_size(&fr, &m, &w, &h, &err);
			step_say(s, "wrote %s (the board at step %zu, event %ld, %dx%d PNG)", arg, pos,
				step_event_now(s), w, h);
		} else if (*arg) {
			char msg[600];
			sl_error_format(&err, msg, sizeof msg);
			step_say(s, "cannot write %s: %s", arg, msg);
		}
		sl_buf_free(&d);
	} else if (!strcmp(cmd, "s")) {
		sl_buf d;
		sl_buf_init(&d);
		step_log(s)->game->summary(step_state(s), &step_log(s)->h, &d);
		sl_buf_putc(&d, '\n');
		cli_write_text(stdout, d.data, d.len);
		sl_buf_free(&d);
		return 0;
	} else if (!strcmp(cmd, "h") || !strcmp(cmd, "?")) {
		printf("n/p: next/previous event; ]/[: next/previous turn; g N: turn N; e N: event N;\n"
		       "/ TEXT: find; w FILE.png: write the board; s: state; q: quit\n");
		return 0;
	} else if (*cmd) {
		printf("unknown command '%s' (h for help)\n", cmd);
		return 0;
	}
	step_show(s);
	return 0;
}

/* step on a .silb archive (issue 29): its index, the header and the segment
 * that holds the position read, not the log; the rules of every entry
 * passed are checked, the recorded checks not (`verify` does that). */
static int step_open_archive(stepper *s, const char *path, const step_args *a)
{
	const cli_where *w = &a->where;
	sl_error err;
	long pos;
	int rc;
	sl_error_clear(&err);
	if (sl_silb_open(&s->f, path, &err))
		return cli_report_silb(&err, path);
	s->h = sl_silb_log(s->f);
	if ((rc = cli_check_drawable("step", path, s->h, &a->ro)))
		return rc;
	if (w->event >= 0 && w->turn != 0)
		return cli_usage(NULL, "give --event or --turn, not both");
	if (s->h->game->init(&s->init, &s->h->h, &err))
		return cli_report(&err);
	if (w->event >= 0) {
		if ((pos = step_pos_of(s, 0, w->event)) < 0) {
			fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", s->h->name, w->event,
				sl_silb_events(s->f));
			return EXIT_USAGE;
		}
	} else if (w->turn > 0) {
		if ((pos = step_pos_of(s, w->turn, 0)) < 0) {
			fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", s->h->name, w->turn,
				sl_silb_turns(s->f));
			return EXIT_USAGE;
		}
	} else
		pos = (long)sl_silb_entries(s->f);
	if ((rc = step_at(s, (size_t)pos, &err)))
		return cli_report_silb(&err, path);
	return EXIT_OK;
}

static void step_close_archive(stepper *s)
{
	if (!s->f)
		return;
	sl_replay_free(s->ar);
	if (s->wkey)
		s->h->game->destroy(s->wkey);
	if (s->init)
		s->h->game->destroy(s->init);
	sl_log_free(s->win);
	sl_buf_free(&s->adesc);
	sl_silb_close(s->f);
	s->f = NULL;
}

int cmd_step(int argc, char **argv)
{
	step_args a;
	stepper s;
	char line[1024];
	int i, rc;

	memset(&a, 0, sizeof a);
	cli_where_init(&a.where);
	i = cli_parse(cli_find("step"), argc, argv, step_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("step", "expected one FILE");
	memset(&s, 0, sizeof s);
	s.ro = a.ro;
	if (strcmp(argv[i], "-") == 0)
		return cli_usage("step", "step reads its keys from standard input: give the log as a FILE");
	s.board = a.board;
	sl_buf_init(&s.adesc);
	if (a.where.event < 0 && a.where.turn == 0)
		a.where.event = 0;
	if (cli_is_archive(argv[i])) {
		if ((rc = step_open_archive(&s, argv[i], &a)))
			goto done;
	} else {
		if ((rc = open_drawable("step", argv[i], &a.ro, a.force, &s.log, &s.r)))
			return rc;
		if ((rc = cli_where_seek(&a.where, s.r)))
			goto done;
	}
	s.tty = isatty(0) && isatty(1);
	if (s.tty) {   /* single keys, arrows included */
		struct termios raw;
		tcgetattr(0, &s.saved);
		raw = s.saved;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		tcsetattr(0, TCSANOW, &raw);
	}
	step_show(&s);
	for (;;) {
		if (s.tty) {
			int c = getchar();
			char cmd[8] = {0};
			if (c == EOF)
				break;
			if (c == 27 && getchar() == '[') {   /* an arrow */
				int k = getchar();
				strcpy(cmd, k == 'C' ? "right" : k == 'D' ? "left" : k == 'A' ? "up" : k == 'B' ? "down" : "");
			} else
				cmd[0] = (char)c;
			if (step_cmd(&s, cmd, ""))
				break;
		} else {
			char *cmd, *arg;
			if (!fgets(line, sizeof line, stdin))
				break;
			line[strcspn(line, "\n")] = 0;
			cmd = line;
			while (isspace((unsigned char)*cmd))
				cmd++;
			if (*cmd == '/') {   /* "/TEXT" or "/ TEXT" */
				arg = cmd + 1;
				while (*arg == ' ')
					arg++;
				if (step_cmd(&s, "/", arg))
					break;
				continue;
			}
			arg = cmd + strcspn(cmd, " \t");
			if (*arg)
				*arg++ = 0;
			while (isspace((unsigned char)*arg))
				arg++;
			if (step_cmd(&s, cmd, arg))
				break;
		}
	}
	if (s.tty)
		tcsetattr(0, TCSANOW, &s.saved);
	rc = EXIT_OK;
done:
	sl_replay_free(s.r);
	sl_log_free(s.log);
	step_close_archive(&s);
	return rc;
}
