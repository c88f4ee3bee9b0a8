/* common.c - what every verb shares: opening a log, positions, JSON text. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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


/* Edit distance (insert, delete, substitute, swap two neighbours), case
 * ignored, capped at 64 bytes a word. */
static int distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b);
	int d[65][65];
	if (n > 64 || m > 64)
		return 99;
	for (size_t i = 0; i <= n; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= n; i++)
		for (size_t j = 1; j <= m; j++) {
			int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
			int v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + cost < v)
				v = d[i - 1][j - 1] + cost;
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

const char *cli_suggest(const char *word, size_t n, const char *const *cands, int ncands)
{
	const char *best = NULL;
	int bd = 99;
	/* a third of the word may be wrong, at least one letter */
	int limit = n >= 6 ? (int)n / 3 : n >= 3 ? 1 + (n >= 4) : 1;
	for (int k = 0; k < ncands && cands[k]; k++) {
		int d = distance(word, n, cands[k]);
		if (d < bd) {
			bd = d;
			best = cands[k];
		}
	}
	return bd <= limit ? best : NULL;
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
