/* common.c - what every verb shares: opening a log, positions, JSON text. */
#include "cli.h"

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
	if ((rc = sl_log_load(log, path, &err)))
		return cli_report(&err);
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

int cli_open(const char *path, unsigned flags, sl_log **log, sl_replay **r)
{
	sl_error err;
	int rc;
	sl_error_clear(&err);
	*log = NULL;
	*r = NULL;
	rc = sl_log_load(log, path, &err);
	if (rc)
		return cli_report(&err);
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

