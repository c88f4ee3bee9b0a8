/* common.c - what every verb shares: opening a log, positions, JSON text. */
#define _DEFAULT_SOURCE   /* mkstemps */
#include "cli.h"
#include "record/recorder.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

void cli_write_text(FILE *f, const void *p, size_t n)
{
	sl_buf b;
	if (!isatty(fileno(f)) || !sl_text_unsafe(p, n)) {
		fwrite(p, 1, n, f);
		return;
	}
	sl_buf_init(&b);
	sl_text_safe(&b, p, n, 1);
	if (!b.failed)
		fwrite(b.data, 1, b.len, f);
	sl_buf_free(&b);
}

int cli_open_drawn(const char *path, int force, sl_log **log, sl_replay **r)
{
	sl_error err;
	int rc;
	sl_error_clear(&err);
	*log = NULL;
	*r = NULL;
	if (strcmp(path, "-") != 0) {
		/* a log that is refused is refused before it is held: walked once in
		 * the memory of one segment (issue 30: 1000 segments of markers took
		 * html and report to 1 GB before the rules refused the second) */
		cli_walk w;
		cli_walk_init(&w);
		w.flags = force ? 0 : SL_REPLAY_CHECK;
		rc = cli_walk_run(&w, path, &err);
		if (rc) {
			rc = w.in_replay ? cli_report(&err) : cli_report_silb(&err, path);
			if (w.in_replay && err.code == SL_EDESYNC)
				fprintf(stderr, "sillage: %s: its state checks fail (see `sillage verify`); "
					"--force draws it anyway\n", path);
			cli_walk_free(&w);
			return rc;
		}
		cli_walk_free(&w);
	}
	if ((rc = cli_load(log, path, &err)))
		return cli_report_silb(&err, path);
	rc = sl_replay_open(r, *log, SL_REPLAY_CHECK, &err);
	if (rc == SL_EDESYNC && force) {
		char msg[1024];
		sl_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "sillage: warning: %s\nsillage: %s: drawn anyway (--force): the pictures "
			"are not the recorded game from there on\n", msg, path);
		sl_error_clear(&err);
		rc = sl_replay_open(r, *log, 0, &err);
	}
	if (rc) {
		sl_log_free(*log);
		*log = NULL;
		rc = cli_report(&err);
		if (err.code == SL_EDESYNC)
			fprintf(stderr, "sillage: %s: its state checks fail (see `sillage verify`); "
				"--force draws it anyway\n", path);
		return rc;
	}
	if (sl_replay_warning(*r))
		fprintf(stderr, "sillage: %s: warning: %s\n", path, sl_replay_warning(*r));
	return EXIT_OK;
}

int cli_stdin_head(char *head, size_t *nh, sl_error *err)
{
	*nh = fread(head, 1, CLI_STDIN_HEAD, stdin);
	if (*nh < CLI_STDIN_HEAD && ferror(stdin))
		return sl_error_set(err, SL_EIO, "<stdin>: cannot read: %s", strerror(errno));
	return SL_OK;
}

int cli_stdin_rest(const char *head, size_t nh, size_t max, char **out, size_t *len, sl_error *err)
{
	sl_buf b;
	char chunk[65536];
	size_t n;
	*out = NULL;
	*len = 0;
	sl_buf_init(&b);
	sl_buf_put(&b, head, nh);
	while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) {
		sl_buf_put(&b, chunk, n);
		if (b.len > max) {
			sl_buf_free(&b);
			return sl_error_set(err, SL_ELIMIT, "<stdin>: more than %zu bytes", max);
		}
	}
	if (ferror(stdin)) {
		sl_buf_free(&b);
		return sl_error_set(err, SL_EIO, "<stdin>: cannot read: %s", strerror(errno));
	}
	sl_buf_putc(&b, 0);
	if (b.failed) {
		sl_buf_free(&b);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	/* the buffer itself, not a copy: standard input is held once */
	*out = (char *)b.data;
	*len = b.len - 1;
	return SL_OK;
}

int cli_stdin_stream(sl_log **out, char **held, size_t *nheld, int hold, sl_silb_sink fn, void *ud,
	sl_silb_info *si, int *is_silb, sl_error *err)
{
	char head[CLI_STDIN_HEAD];
	size_t nh;
	int rc;
	*out = NULL;
	*held = NULL;
	*nheld = 0;
	if ((rc = cli_stdin_head(head, &nh, err)))
		return rc;
	*is_silb = sl_silb_sniff(head, nh);
	if (!*is_silb && !hold)   /* text: a window at a time, for any length */
		return sl_sil_stream_file(out, "<stdin>", stdin, head, nh, fn, ud, err);
	/* an archive (about a byte an entry; its reader takes it whole), or
	 * text to be walked again */
	if ((rc = cli_stdin_rest(head, nh, SL_SIL_MAX_FILE, held, nheld, err)))
		return rc;
	return *is_silb ? sl_silb_stream_mem(out, "<stdin>", *held, *nheld, fn, ud, si, err)
	                : sl_sil_stream_mem(out, "<stdin>", *held, *nheld, fn, ud, err);
}

int cli_read_input(const char *path, size_t max, char **out, size_t *len, sl_error *err)
{
	if (strcmp(path, "-") != 0)
		return sl_read_file(path, max, out, len, err);
	return cli_stdin_rest("", 0, max, out, len, err);   /* no head read yet */
}

int cli_load(sl_log **out, const char *path, sl_error *err)
{
	char *data;
	size_t n;
	int rc;
	if (strcmp(path, "-") != 0)
		return sl_log_load(out, path, err);
	/* standard input: read whole, the codec picked by content as for a file */
	*out = NULL;
	if ((rc = cli_read_input(path, SL_SIL_MAX_FILE, &data, &n, err)))
		return rc;
	if (sl_silb_sniff(data, n))
		rc = sl_silb_read(out, "<stdin>", data, n, 0, NULL, err);
	else
		rc = sl_sil_read(out, "<stdin>", data, n, err);
	sl_free(data);
	return rc;
}

int cli_report_at(const sl_error *err, const char *out)
{
	sl_error e = *err;
	size_t n = out ? strlen(out) : 0;
	/* the path once: not when the message already starts with it */
	if (!e.file[0] && out && !(strncmp(e.msg, out, n) == 0 && e.msg[n] == ':'))
		snprintf(e.file, sizeof e.file, "%s", out);
	return cli_report(&e);
}

/* ---- -o -: standard output ------------------------------------------------ */

int cli_out_open(cli_out *o, const char *path, const char *format, const char *formats)
{
	memset(o, 0, sizeof *o);
	o->path = path;
	if (!path || strcmp(path, "-") != 0)
		return 0;
	if (!format) {
		fprintf(stderr, "sillage: -o - writes to standard output: say which format with --format "
			"(%s)\n", formats);
		return EXIT_USAGE;
	}
	snprintf(o->tmp, sizeof o->tmp, "%s/sillage-out-XXXXXX.%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		format);
	{
		int fd = mkstemps(o->tmp, (int)strlen(format) + 1);
		if (fd < 0) {
			fprintf(stderr, "sillage: cannot create a temporary file for standard output: %s\n", strerror(errno));
			return EXIT_IO;
		}
		close(fd);
	}
	o->path = o->tmp;
	o->is_stdout = 1;
	return 0;
}

int cli_out_close(cli_out *o, int rc)
{
	if (!o->is_stdout)
		return rc;
	if (rc == EXIT_OK) {
		FILE *f = fopen(o->tmp, "rb");
		char chunk[65536];
		size_t n;
		if (!f) {
			rc = EXIT_IO;
		} else {
			while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
				if (fwrite(chunk, 1, n, stdout) != n) {
					rc = EXIT_IO;
					break;
				}
			fclose(f);
			if (fflush(stdout) != 0)
				rc = EXIT_IO;
			if (rc)
				fprintf(stderr, "sillage: cannot write to standard output: %s\n", strerror(errno));
		}
	}
	unlink(o->tmp);
	o->is_stdout = 0;
	return rc;
}

int cli_format_opt(const char **dst, const char *arg, const char *const *allowed, const char *verb)
{
	for (int k = 0; allowed[k]; k++)
		if (strcmp(allowed[k], arg) == 0) {
			*dst = allowed[k];
			return 0;
		}
	{
		char list[200] = "";
		for (int k = 0; allowed[k]; k++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "", allowed[k]);
		return cli_usage(verb, "bad --format '%s' (%s)", arg, list);
	}
}

int cli_open(const char *path, unsigned flags, sl_log **log, sl_replay **r)
{
	sl_error err;
	int rc;
	sl_error_clear(&err);
	*log = NULL;
	*r = NULL;
	rc = cli_load(log, path, &err);
	if (rc)
		return cli_report_silb(&err, path);
	rc = sl_replay_open(r, *log, flags, &err);
	if (rc) {
		sl_log_free(*log);
		*log = NULL;
		return cli_report(&err);
	}
	if (sl_replay_warning(*r))
		fprintf(stderr, "sillage: %s: warning: %s\n", path, sl_replay_warning(*r));
	return EXIT_OK;
}

void cli_where_init(cli_where *w)
{
	w->event = -1;
	w->turn = 0;
	w->phase = 0;
}

int cli_where_opt(cli_where *w, int key, const char *arg)
{
	long v;
	switch (key) {
	case 'e':
		if (cli_parse_long(arg, 0, 1000000000L, &v))
			return -1;
		w->event = v;
		return 1;
	case 't':
		if (strcmp(arg, "end") == 0) {
			w->turn = -1;
			return 1;
		}
		if (cli_parse_long(arg, 1, 1000000L, &v))
			return -1;
		w->turn = (int)v;
		return 1;
	case 'p':
		if (cli_parse_long(arg, 1, 1000L, &v))
			return -1;
		w->phase = (int)v;
		return 1;
	}
	return 0;
}

int cli_where_seek(const cli_where *w, sl_replay *r)
{
	const sl_log *log = sl_replay_log(r);
	sl_error err;
	long pos = (long)log->n;
	sl_error_clear(&err);
	if (w->event >= 0 && w->turn != 0)
		return cli_usage(NULL, "give --event or --turn, not both");
	if (w->phase && w->turn <= 0)
		return cli_usage(NULL, "--phase needs --turn");
	if (w->event >= 0) {
		pos = sl_replay_pos_of_event(r, w->event);
		if (pos < 0) {
			fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n",
				log->name, w->event, sl_replay_events(r));
			return EXIT_USAGE;
		}
	} else if (w->turn > 0) {
		pos = sl_replay_pos_of_turn(r, w->turn, w->phase);
		if (pos < 0) {
			if (w->phase)
				fprintf(stderr, "sillage: %s: turn %d has no phase %d marker\n",
					log->name, w->turn, w->phase);
			else
				fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n",
					log->name, w->turn, sl_replay_turns(r));
			return EXIT_USAGE;
		}
	}
	if (sl_replay_seek(r, (size_t)pos, &err))
		return cli_report(&err);
	return EXIT_OK;
}

int cli_at_open(cli_at *a, const char *path, const cli_where *w)
{
	sl_error err;
	memset(a, 0, sizeof *a);
	if (w->event >= 0 || w->turn <= 0 || w->phase > 1 || !cli_is_archive(path))
		return -1;
	sl_error_clear(&err);
	if (sl_silb_open(&a->f, path, &err))
		return cli_report_silb(&err, path);
	a->log = sl_silb_log(a->f);
	if (w->turn > sl_silb_turns(a->f)) {
		fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", a->log->name, w->turn,
			sl_silb_turns(a->f));
		cli_at_close(a);
		return EXIT_USAGE;
	}
	if (sl_silb_seek_turn(a->f, w->turn, &a->st, NULL, &err)) {
		cli_at_close(a);
		return cli_report_silb(&err, path);
	}
	a->event_no = sl_silb_at_events(a->f);
	a->events = sl_silb_events(a->f);
	a->last = sl_silb_at_entry(a->f);
	return EXIT_OK;
}

int cli_at_open_event(cli_at *a, const char *path, const cli_where *w)
{
	sl_error err;
	memset(a, 0, sizeof *a);
	if (w->event < 0 || w->turn != 0 || w->phase || !cli_is_archive(path))
		return -1;
	sl_error_clear(&err);
	if (sl_silb_open(&a->f, path, &err))
		return cli_report_silb(&err, path);
	a->log = sl_silb_log(a->f);
	if (w->event > sl_silb_events(a->f)) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", a->log->name, w->event,
			sl_silb_events(a->f));
		cli_at_close(a);
		return EXIT_USAGE;
	}
	if (sl_silb_seek_event(a->f, w->event, &a->st, NULL, &err)) {
		cli_at_close(a);
		return cli_report_silb(&err, path);
	}
	a->event_no = w->event;
	a->events = sl_silb_events(a->f);
	a->last = sl_silb_at_entry(a->f);
	return EXIT_OK;
}

void cli_at_close(cli_at *a)
{
	if (a->st)
		a->log->game->destroy(a->st);
	sl_log_free(a->keep);
	if (a->described)
		sl_buf_free(&a->desc);
	sl_silb_close(a->f);
	memset(a, 0, sizeof *a);
}

/* cli_at_seek's walk from the keyframe (sl_silb_walk_from's sink). */
typedef struct at_walk {
	cli_at *a;
	const cli_where *w;
	int view, cur_turn, found;
	void *start;            /* the keyframe, until the replay takes it */
	size_t pos;
	long events;
	sl_replay *r;
} at_walk;

/* 1: ev completes the position (as cli_walk finds it); -1: the turn asked
 * for is behind, without the phase asked for. */
static int at_here(at_walk *aw, const sl_event *ev)
{
	const cli_where *p = aw->w;
	if (p->event > 0)
		return ev->entry == SL_ENTRY_EVENT && sl_replay_events(aw->r) + 1 == p->event;
	if (ev->entry == SL_ENTRY_TURN) {
		aw->cur_turn = ev->mark;
		if (ev->mark > p->turn)
			return -1;
		return ev->mark == p->turn && p->phase <= 1;
	}
	return ev->entry == SL_ENTRY_PHASE && aw->cur_turn == p->turn && ev->mark == p->phase;
}

static int at_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	at_walk *aw = ud;
	cli_at *a = aw->a;
	int rc, phase;
	if (!aw->r) {
		void *st = aw->start;
		aw->start = NULL;
		if ((rc = sl_replay_stream_at(&aw->r, log, st, aw->pos, aw->events, err)))
			return rc;
		log->game->position(sl_replay_state(aw->r), &aw->cur_turn, &phase);
	}
	for (size_t i = 0; i < n; i++) {
		int here = at_here(aw, &ev[i]);
		if (here < 0)
			return 1;   /* not found */
		if (!here) {
			if ((rc = sl_replay_feed(aw->r, &ev[i], 1, err)))
				return rc;
			continue;
		}
		if ((rc = sl_replay_feed_describe(aw->r, &ev[i], aw->view, &a->desc, NULL, err)))
			return rc;
		a->keep = sl_log_new(log->game);
		if (!a->keep || sl_log_append(a->keep, &ev[i]) != SL_OK)
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		a->last = &a->keep->ev[0];
		a->event_no = sl_replay_events(aw->r);
		aw->found = 1;
		if ((rc = sl_game_clone(log->game, sl_replay_state(aw->r), &a->st, err)))
			return rc;
		return 1;
	}
	return SL_OK;
}

int cli_at_seek(cli_at *a, const char *path, const cli_where *w, const sl_render_opts *ro)
{
	at_walk aw;
	sl_error err;
	int rc;
	memset(a, 0, sizeof *a);
	if ((w->event >= 0 && w->turn != 0) || (w->event < 0 && w->turn <= 0) || (w->phase && w->turn <= 0) ||
	    !cli_is_archive(path))
		return -1;
	sl_error_clear(&err);
	if (sl_silb_open(&a->f, path, &err))
		return cli_report_silb(&err, path);
	a->log = sl_silb_log(a->f);
	a->events = sl_silb_events(a->f);
	sl_buf_init(&a->desc);
	a->described = 1;
	if (w->event > a->events) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", a->log->name, w->event,
			a->events);
		cli_at_close(a);
		return EXIT_USAGE;
	}
	if (w->event < 0 && w->turn > sl_silb_turns(a->f)) {
		if (w->phase)   /* as the walk says it: it looks for the phase's marker */
			fprintf(stderr, "sillage: %s: turn %d has no phase %d marker\n", a->log->name, w->turn, w->phase);
		else
			fprintf(stderr, "sillage: %s: no turn %d (the log reaches turn %d)\n", a->log->name, w->turn,
				sl_silb_turns(a->f));
		cli_at_close(a);
		return EXIT_USAGE;
	}
	if (w->event == 0 || sl_silb_entries(a->f) == 0)   /* the initial state, nothing before it */
		return a->log->game->init(&a->st, &a->log->h, &err) ? (cli_at_close(a), cli_report(&err)) : EXIT_OK;
	memset(&aw, 0, sizeof aw);
	aw.a = a;
	aw.w = w;
	aw.view = sl_export_view(&a->log->h, ro);
	rc = sl_silb_walk_from(a->f, w->event, w->turn, &aw.start, &aw.events, &aw.pos, at_sink, &aw, &err);
	if (aw.start)
		a->log->game->destroy(aw.start);
	sl_replay_free(aw.r);
	if (rc) {
		cli_at_close(a);
		return cli_report_silb(&err, path);
	}
	if (!aw.found) {   /* only a phase can be missing: the index holds every turn and event */
		fprintf(stderr, "sillage: %s: turn %d has no phase %d marker\n", a->log->name, w->turn, w->phase);
		cli_at_close(a);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

const char *cli_suggest(const char *word, size_t n, const char *const *cands, int ncands)
{
	return rec_suggest(word, n, cands, ncands);
}

int cli_result(const sl_log *log, const void *st, sl_buf *out)
{
	if (!log->game->result || !st)
		return 0;
	return log->game->result(st, &log->h, out);
}

void cli_result_json(const sl_log *log, const void *st, sl_buf *out)
{
	sl_buf t;
	sl_buf_init(&t);
	if (cli_result(log, st, &t) == 1) {
		sl_buf_puts(out, ",\"result\":{\"over\":true,\"text\":");
		sl_buf_json_str(out, sl_buf_cstr(&t));
		sl_buf_putc(out, '}');
	} else {
		sl_buf_printf(out, ",\"result\":{\"over\":false%s}", log->game->result ? "" : ",\"text\":null");
	}
	sl_buf_free(&t);
}

int cli_check_overlays(const char *verb, const char *game_id, const char *list)
{
	const char *const *offered = sl_render_overlays(game_id);
	const char *p = list;
	if (!list)
		return EXIT_OK;
	while (*p) {
		size_t n = strcspn(p, ",");
		int k, ok = 0;
		for (k = 0; offered[k]; k++)
			ok |= strlen(offered[k]) == n && strncmp(offered[k], p, n) == 0;
		if (n == 4 && strncmp(p, "heat", 4) == 0) {   /* drawn by the driver over a hex map */
			if (!sl_render_has_heat(game_id))
				return cli_usage(verb, "the %s board is not a hex map: no heat overlay", game_id);
			ok = 1;
		}
		if (!ok && n) {
			char names[200] = "";
			const char *near = cli_suggest(p, n, offered, k);
			for (k = 0; offered[k]; k++)
				snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", offered[k]);
			if (!offered[0])
				return cli_usage(verb, "unknown --overlay '%.*s': the %s painter offers no overlays",
					(int)n, p, game_id);
			if (near)
				return cli_usage(verb, "unknown --overlay '%.*s'; did you mean '%s'? (%s offers: %s)",
					(int)n, p, near, game_id, names);
			return cli_usage(verb, "unknown --overlay '%.*s' (%s offers: %s)", (int)n, p, game_id, names);
		}
		p += n + (p[n] == ',');
	}
	return EXIT_OK;
}

int cli_flush(sl_buf *b)
{
	int failed = b->failed;
	if (!failed)
		cli_write_text(stdout, b->data, b->len);
	sl_buf_free(b);
	if (failed) {
		fputs("sillage: out of memory\n", stderr);
		return EXIT_IO;
	}
	return EXIT_OK;
}
