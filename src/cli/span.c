/* span.c - a part of a game (--from, --to of html and stats, issue 29): on
 * an archive, from the keyframe of the segment that holds the start and no
 * further than the end; otherwise the whole log walked once (walk.c), the
 * span's entries handed over as they pass. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static int bound(const char *verb, const char *what, const char *arg, long *ev, int *turn)
{
	long v;
	*ev = -1;
	*turn = 0;
	if (!arg)
		return EXIT_OK;
	if (arg[0] == 't' || arg[0] == 'T') {
		if (cli_parse_long(arg + 1, 1, 1000000, &v))
			return cli_usage(verb, "bad --%s '%s' (an event number, or t and a turn: t3)", what, arg);
		*turn = (int)v;
		return EXIT_OK;
	}
	if (cli_parse_long(arg, 0, 1000000000L, &v))
		return cli_usage(verb, "bad --%s '%s' (an event number, or t and a turn: t3)", what, arg);
	*ev = v;
	return EXIT_OK;
}

int cli_span_parse(cli_span *s, const char *verb)
{
	int rc;
	if ((rc = bound(verb, "from", s->from, &s->from_ev, &s->from_turn)) ||
	    (rc = bound(verb, "to", s->to, &s->to_ev, &s->to_turn)))
		return rc;
	if ((s->from_ev >= 0 && s->to_ev >= 0 && s->from_ev > s->to_ev) ||
	    (s->from_turn > 0 && s->to_turn > 0 && s->from_turn > s->to_turn))
		return cli_usage(verb, "--from comes after --to");
	return EXIT_OK;
}

int cli_span_given(const cli_span *s)
{
	return s->from || s->to;
}

static int no_event(cli_span *s, long n, sl_error *err)
{
	return sl_error_set(err, SL_EUSAGE, "%s: no event %ld (the log has %ld events)", s->log->name, n,
		s->archive ? sl_silb_events(s->f) : sl_replay_events(s->r));
}

static int no_turn(cli_span *s, int t, sl_error *err)
{
	return sl_error_set(err, SL_EUSAGE, "%s: no turn %d (the log reaches turn %d)", s->log->name, t,
		s->archive ? sl_silb_turns(s->f) : s->cur_turn);
}

/* The span starts here (s->r at its first position). */
static int begin(cli_span *s, sl_error *err)
{
	int rc;
	s->stage = 1;
	s->pos = s->at;
	s->events = sl_replay_events(s->r);
	s->turn = s->cur_turn;
	if ((s->to_ev >= 0 && s->to_ev < s->events) || (s->to_turn > 0 && s->to_turn < s->turn))
		return sl_error_set(err, SL_EUSAGE, "%s: --from comes after --to", s->log->name);
	if (s->start && (rc = s->start(s, NULL, err)))
		return rc;
	if (s->to_ev >= 0 && s->to_ev == s->events) {   /* a span of one position */
		s->stage = 2;
		if (s->end && (rc = s->end(s, NULL, err)))
			return rc;
	}
	return SL_OK;
}

/* One entry of the log, applied to s->r; before, in or after the span. */
static int one(cli_span *s, const sl_event *ev, sl_error *err)
{
	int rc, here = 0, origin;
	if (s->stage == 0) {
		if (s->from_ev > 0)
			here = ev->entry == SL_ENTRY_EVENT && sl_replay_events(s->r) + 1 == s->from_ev;
		else
			here = ev->entry == SL_ENTRY_TURN && ev->mark == s->from_turn;
	} else if (s->stage == 1 && s->to_turn > 0 && ev->entry == SL_ENTRY_TURN && ev->mark > s->to_turn) {
		s->stage = 2;   /* the end of turn to_turn: before the next turn's marker */
		if (s->end && (rc = s->end(s, NULL, err)))
			return rc;
	}
	if (ev->entry == SL_ENTRY_TURN)
		s->cur_turn = ev->mark;
	origin = s->stage == 0 && ev->entry == SL_ENTRY_TURN && ev->mark == 1 && !s->archive;
	if (here || (s->stage == 1 && s->describe)) {
		sl_buf *b = here ? &s->last_desc : &s->desc;
		sl_buf_reset(b);
		rc = sl_replay_feed_describe(s->r, ev, s->view, b, NULL, err);
		if (!rc && b->failed)
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
	} else {
		rc = sl_replay_feed(s->r, ev, 1, err);
	}
	if (rc)
		return rc;
	s->at++;
	if (origin && (rc = sl_game_clone(s->log->game, sl_replay_state(s->r), &s->origin, err)))
		return rc;
	if (here) {
		sl_log_free(s->keep);
		if (!(s->keep = sl_log_new(s->log->game)) || sl_log_append(s->keep, ev) != SL_OK)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		s->last = &s->keep->ev[0];
		return begin(s, err);
	}
	if (s->stage == 1) {
		s->n++;
		if (s->entry && (rc = s->entry(s, ev, err)))
			return rc;
		if (s->to_ev >= 0 && ev->entry == SL_ENTRY_EVENT && sl_replay_events(s->r) == s->to_ev) {
			s->stage = 2;
			if (s->end && (rc = s->end(s, NULL, err)))
				return rc;
		}
	}
	return SL_OK;
}

/* ---- the whole log, walked once -------------------------------------------- */

static int whole_header(cli_walk *w, const sl_event *ev, sl_error *err)
{
	cli_span *s = w->ud;
	(void)ev;
	s->log = w->log;
	s->r = w->r;
	s->stage = 0;   /* (a walk again after a desync, --force) */
	s->at = s->n = 0;
	if (s->origin)
		s->log->game->destroy(s->origin);
	s->origin = NULL;
	s->cur_turn = 0;
	s->last = NULL;
	if (s->from_ev <= 0 && s->from_turn <= 0)
		return begin(s, err);
	return SL_OK;
}

static int whole_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	cli_span *s = w->ud;
	return one(s, ev, err);
}

/* After the walk: a position the log lacks; the span's end at the log's end. */
static int whole_end(cli_span *s, sl_error *err)
{
	if (s->stage == 0)
		return s->from_ev > 0 ? no_event(s, s->from_ev, err) : no_turn(s, s->from_turn, err);
	if (s->stage == 1) {
		if (s->to_ev >= 0)
			return no_event(s, s->to_ev, err);
		if (s->to_turn > s->cur_turn)
			return no_turn(s, s->to_turn, err);
		s->stage = 2;
		return s->end ? s->end(s, NULL, err) : SL_OK;
	}
	return SL_OK;
}

static int walk_whole(cli_span *s, const char *path)
{
	sl_error err;
	int rc;
	cli_walk_init(&s->w);
	s->w.flags = s->flags;
	s->w.header = whole_header;
	s->w.each = whole_each;
	s->w.applied = 1;
	s->w.ud = s;
	s->w.hold = s->drawn;   /* standard input: held for a second walk (html draws it after checking it) */
	s->w.input = s->input;
	s->w.ninput = s->ninput;
	s->input = NULL;
	if (s->again) {   /* walked before: its warnings said once */
		sl_error_clear(&err);
		if ((rc = cli_walk_run(&s->w, path, &err)))
			rc = s->w.in_replay ? cli_report(&err) : cli_report_silb(&err, path);
	} else
		rc = s->drawn ? cli_walk_drawn(&s->w, path, s->force) : cli_walk_open(&s->w, path);
	s->r = s->w.r;
	s->log = s->w.log;
	if (rc == EXIT_OK) {
		sl_error_clear(&err);
		s->w.in_replay = 1;
		if (whole_end(s, &err))
			rc = cli_report(&err);
	}
	return rc;
}

/* ---- an archive, through its index ------------------------------------------- */

static int arch_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	cli_span *s = ud;
	int rc, phase;
	if (!s->r) {
		void *st = s->keyframe;
		s->keyframe = NULL;
		s->at = s->pos;   /* set by the walk before the first run */
		if ((rc = sl_replay_stream_at(&s->r, log, st, s->pos, s->events, err)))
			return rc;
		log->game->position(sl_replay_state(s->r), &s->cur_turn, &phase);
		if (s->from_ev <= 0 && s->from_turn <= 0 && (rc = begin(s, err)))
			return rc;
	}
	for (size_t i = 0; i < n && s->stage < 2; i++)
		if ((rc = one(s, &ev[i], err)))
			return rc;
	return s->stage == 2 ? 1 : SL_OK;
}

static int walk_archive(cli_span *s, const char *path)
{
	sl_error err;
	long events;
	int rc, phase;
	sl_error_clear(&err);
	if (sl_silb_open(&s->f, path, &err))
		return cli_report_silb(&err, path);
	s->archive = 1;
	s->log = sl_silb_log(s->f);
	events = sl_silb_events(s->f);
	if (s->from_ev > events || s->to_ev > events)
		rc = no_event(s, s->from_ev > events ? s->from_ev : s->to_ev, &err);
	else if (s->from_turn > sl_silb_turns(s->f) || s->to_turn > sl_silb_turns(s->f))
		rc = no_turn(s, s->from_turn > sl_silb_turns(s->f) ? s->from_turn : s->to_turn, &err);
	else if (sl_silb_entries(s->f) == 0) {   /* the initial state alone */
		void *st = NULL;
		rc = s->log->game->init(&st, &s->log->h, &err);
		if (!rc && !(rc = sl_replay_stream_at(&s->r, s->log, st, 0, 0, &err))) {
			s->log->game->position(sl_replay_state(s->r), &s->cur_turn, &phase);
			rc = begin(s, &err);
		}
	} else {
		/* the end of setup, when the span starts after it (one segment more) */
		rc = SL_OK;
		if ((s->from_turn >= 1 || s->from_ev > 0) && sl_silb_turns(s->f) >= 1 &&
		    !(rc = sl_silb_seek_turn(s->f, 1, &s->origin, NULL, &err)) && s->from_turn < 1 &&
		    s->from_ev < sl_silb_at_events(s->f)) {
			s->log->game->destroy(s->origin);
			s->origin = NULL;
		}
		if (!rc && s->from_ev > 0)
			rc = sl_silb_walk_from(s->f, s->from_ev, 0, &s->keyframe, &s->events, &s->pos, arch_sink, s, &err);
		else if (!rc && s->from_turn > 0)
			rc = sl_silb_walk_from(s->f, 0, s->from_turn, &s->keyframe, &s->events, &s->pos, arch_sink, s, &err);
		else if (!rc)
			rc = sl_silb_walk_entry(s->f, 0, &s->keyframe, &s->events, &s->pos, arch_sink, s, &err);
	}
	if (!rc && s->stage == 0)   /* only a turn's marker can be missing: the index holds every one */
		rc = no_turn(s, s->from_turn, &err);
	if (!rc && s->stage == 1) {   /* the log's end */
		s->stage = 2;
		if (s->end)
			rc = s->end(s, NULL, &err);
	}
	if (rc)
		return err.code == SL_EUSAGE ? cli_report(&err) : cli_report_silb(&err, path);
	return EXIT_OK;
}

/* Back to before a walk; standard input kept. */
static void span_reset(cli_span *s)
{
	if (s->keyframe)
		s->log->game->destroy(s->keyframe);
	if (s->origin)
		s->log->game->destroy(s->origin);
	s->keyframe = s->origin = NULL;
	if (s->archive)
		sl_replay_free(s->r);
	else if (s->w.log || s->w.input || s->w.r || s->w.head) {
		s->input = s->w.input;   /* standard input, for the next walk */
		s->ninput = s->w.ninput;
		s->w.input = NULL;
		cli_walk_free(&s->w);
	}
	sl_silb_close(s->f);
	sl_log_free(s->keep);
	sl_buf_free(&s->desc);
	sl_buf_free(&s->last_desc);
	s->f = NULL;
	s->r = NULL;
	s->keep = NULL;
	s->last = NULL;
	s->log = NULL;
	s->archive = 0;
	memset(&s->w, 0, sizeof s->w);
}

int cli_span_walk(cli_span *s, const char *path)
{
	span_reset(s);
	s->path = path;
	s->stage = 0;
	s->at = s->n = s->pos = 0;
	s->events = 0;
	s->turn = s->cur_turn = 0;
	sl_buf_init(&s->desc);
	sl_buf_init(&s->last_desc);
	if (cli_span_given(s) && strcmp(path, "-") != 0 && cli_is_archive(path))
		return walk_archive(s, path);
	return walk_whole(s, path);
}

void cli_span_pass_input(cli_span *to, cli_span *from)
{
	if (!from->archive && from->w.input) {
		from->input = from->w.input;
		from->ninput = from->w.ninput;
		from->w.input = NULL;
	}
	sl_free(to->input);
	to->input = from->input;
	to->ninput = from->ninput;
	from->input = NULL;
}

void cli_span_free(cli_span *s)
{
	span_reset(s);
	sl_free(s->input);
	s->input = NULL;
}
