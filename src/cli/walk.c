/* walk.c - a log read once, entry by entry, through a streamed replay: the
 * reading verbs' memory is the input and one run of entries (a segment of
 * an archive, a few thousand lines of text), never the log (issue 30). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

void cli_walk_init(cli_walk *w)
{
	memset(w, 0, sizeof *w);
	cli_where_init(&w->where);
	w->view = SL_VIEW_ALL;
	sl_buf_init(&w->at_desc);
}

void cli_walk_free(cli_walk *w)
{
	if (w->at_st)
		w->head_game->destroy(w->at_st);
	sl_replay_free(w->r);
	sl_log_free(w->at_log);
	sl_log_free(w->head);
	sl_buf_free(&w->at_desc);
	sl_free(w->input);
	w->input = NULL;
	w->at_st = NULL;
	w->r = NULL;
	w->at_log = w->head = NULL;
}

const void *cli_walk_state(const cli_walk *w)
{
	return w->at_st ? w->at_st : sl_replay_state(w->r);
}

/* Does ev, the next entry, complete the position asked for? (The first
 * match, as sl_replay_pos_of_event and sl_replay_pos_of_turn find it.) */
static int completes(cli_walk *w, const sl_event *ev)
{
	const cli_where *p = &w->where;
	if (ev->entry == SL_ENTRY_TURN)
		w->cur_turn = ev->mark;
	if (w->found)
		return 0;
	if (p->event > 0)
		return ev->entry == SL_ENTRY_EVENT && sl_replay_events(w->r) + 1 == p->event;
	if (p->turn > 0 && p->event < 0) {
		if (ev->entry == SL_ENTRY_TURN)
			return ev->mark == p->turn && p->phase <= 1;
		return ev->entry == SL_ENTRY_PHASE && w->cur_turn == p->turn && ev->mark == p->phase;
	}
	return 0;
}

/* A copy of ev as the entry before the position (its strings copied). */
static int keep_entry(cli_walk *w, const sl_log *log, const sl_event *ev, sl_error *err)
{
	sl_log_free(w->at_log);
	w->at_log = sl_log_new(log->game);
	if (!w->at_log || sl_log_append(w->at_log, ev) != SL_OK)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	w->at_last = &w->at_log->ev[0];
	return SL_OK;
}

/* The position is here: its state (a copy: the walk goes on to the end,
 * every rule checked, as a replay of the whole log did) and counts. */
static int found_here(cli_walk *w, const sl_log *log, sl_error *err)
{
	w->found = 1;
	w->at_pos = w->n;
	w->at_event = sl_replay_events(w->r);
	return sl_game_clone(log->game, sl_replay_state(w->r), &w->at_st, err);
}

static int walk_entries(cli_walk *w, const sl_log *log, const sl_event *ev, size_t n, sl_error *err);

/* A failure here is the replay's (or a hook's), not the reader's. */
static int walk_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	cli_walk *w = ud;
	int rc = walk_entries(w, log, ev, n, err);
	if (rc)
		w->in_replay = 1;
	return rc;
}

static int walk_entries(cli_walk *w, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	int rc;
	if (!w->r) {
		if ((rc = sl_replay_stream(&w->r, log, w->flags, err)))
			return rc;
		w->log = log;
		w->head_game = log->game;
		if (w->header && (rc = w->header(w, NULL, err)))
			return rc;
		if (w->where.event == 0 && w->where.turn == 0 && (rc = found_here(w, log, err)))
			return rc;
	}
	for (size_t i = 0; i < n; i++) {
		int here = completes(w, &ev[i]);
		/* with no position given (or "end"), the last entry of each run may be the log's last */
		int last = !w->found && i + 1 == n && (w->where.event < 0 && w->where.turn <= 0);
		if (w->each && (rc = w->each(w, &ev[i], err)))
			return rc;
		if (w->applied) {
			rc = SL_OK;   /* each applied it */
		} else if (w->describe && (here || last)) {
			sl_buf_reset(&w->at_desc);
			rc = sl_replay_feed_describe(w->r, &ev[i], w->view, &w->at_desc, NULL, err);
		} else {
			rc = sl_replay_feed(w->r, &ev[i], 1, err);
		}
		if (rc)
			return rc;
		w->n++;
		if ((here || last) && (rc = keep_entry(w, log, &ev[i], err)))
			return rc;
		if (here && (rc = found_here(w, log, err)))
			return rc;
	}
	return SL_OK;
}

int cli_walk_run(cli_walk *w, const char *path, sl_error *err)
{
	char *data;
	size_t n;
	int rc;
	w->head = NULL;
	if (strcmp(path, "-") != 0) {
		w->silb = cli_path_silb(path);
		rc = w->silb ? sl_silb_stream(&w->head, path, walk_sink, w, &w->si, err)
		             : sl_sil_stream(&w->head, path, walk_sink, w, err);
	} else {
		if (!w->input) {
			/* standard input: a text log streamed a window at a time (issue 29),
			 * unless held for a second walk (--force); an archive held */
			rc = cli_stdin_stream(&w->head, &w->input, &w->ninput, w->hold, walk_sink, w, &w->si, &w->silb, err);
		} else {
			/* kept in w (a caller may have read it): a second walk reads it again */
			data = w->input;
			n = w->ninput;
			w->silb = sl_silb_sniff(data, n);
			rc = w->silb ? sl_silb_stream_mem(&w->head, "<stdin>", data, n, walk_sink, w, &w->si, err)
			             : sl_sil_stream_mem(&w->head, "<stdin>", data, n, walk_sink, w, err);
		}
	}
	if (rc == SL_OK && !w->r)   /* a log of no entries */
		rc = walk_sink(w, w->head, NULL, 0, err);
	if (rc == SL_OK)
		w->log = w->head;
	return rc;
}

int cli_walk_open(cli_walk *w, const char *path)
{
	sl_error err;
	int rc;
	sl_error_clear(&err);
	if ((rc = cli_walk_run(w, path, &err)))   /* said as cli_open says it */
		return w->in_replay ? cli_report(&err) : cli_report_silb(&err, path);
	if (sl_replay_warning(w->r))
		fprintf(stderr, "sillage: %s: warning: %s\n", path, sl_replay_warning(w->r));
	return EXIT_OK;
}

int cli_walk_where(cli_walk *w)
{
	const cli_where *p = &w->where;
	const char *name = w->head->name;
	if (p->event >= 0 && p->turn != 0)
		return cli_usage(NULL, "give --event or --turn, not both");
	if (p->phase && p->turn <= 0)
		return cli_usage(NULL, "--phase needs --turn");
	if (p->event >= 0 && !w->found) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", name, p->event,
			sl_replay_events(w->r));
		return EXIT_USAGE;
	}
	if (p->turn > 0 && !w->found) {
		if (p->phase)
			fprintf(stderr, "sillage: %s: turn %d has no phase %d marker\n", name, p->turn, p->phase);
		else
			fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", name, p->turn,
				sl_replay_turns(w->r));
		return EXIT_USAGE;
	}
	if (!w->found) {   /* the end */
		w->at_pos = w->n;
		w->at_event = sl_replay_events(w->r);
		if (w->n == 0)
			w->at_last = NULL;
	}
	return EXIT_OK;
}

/* Back to before the walk, the caller's fields kept. */
static void walk_reset(cli_walk *w)
{
	cli_walk keep = *w;
	w->input = NULL;   /* standard input, kept for the walk again */
	cli_walk_free(w);
	cli_walk_init(w);
	w->flags = keep.flags;
	w->where = keep.where;
	w->describe = keep.describe;
	w->view = keep.view;
	w->header = keep.header;
	w->each = keep.each;
	w->applied = keep.applied;
	w->ud = keep.ud;
	w->input = keep.input;
	w->ninput = keep.ninput;
	w->hold = keep.hold;
}

int cli_walk_drawn(cli_walk *w, const char *path, int force)
{
	sl_error err;
	int rc;
	sl_error_clear(&err);
	w->flags |= SL_REPLAY_CHECK;
	w->hold = w->hold || force;   /* a desync is walked again, without the checks (or the caller walks it again) */
	rc = cli_walk_run(w, path, &err);
	if (rc == SL_EDESYNC && force) {
		char msg[1024];
		sl_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "sillage: warning: %s\nsillage: %s: drawn anyway (--force): the pictures "
			"are not the recorded game from there on\n", msg, path);
		sl_error_clear(&err);
		walk_reset(w);
		w->flags &= ~(unsigned)SL_REPLAY_CHECK;
		rc = cli_walk_run(w, path, &err);
	}
	if (rc) {
		rc = w->in_replay ? cli_report(&err) : cli_report_silb(&err, path);
		if (err.code == SL_EDESYNC)
			fprintf(stderr, "sillage: %s: its state checks fail (see `sillage verify`); "
				"--force draws it anyway\n", path);
		return rc;
	}
	if (sl_replay_warning(w->r))
		fprintf(stderr, "sillage: %s: warning: %s\n", path, sl_replay_warning(w->r));
	return EXIT_OK;
}
