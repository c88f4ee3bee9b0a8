/* cmd_branch.c - verbs that annotate a log and branch it: annotate (a
 * glyph, a note, a bookmark on an entry) and fork (a what-if line that keeps
 * the main line's first entries, checks and all). */
#include "cli.h"
#include "games/sl_mcs.h"
#include "replay/sl_chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct branch_args {
	const char *out;
	long at, entry;          /* --at N (event), --entry N; -1 not given */
	const char *note, *bookmark;
	int clear;
} branch_args;

static int branch_opt(int key, const char *arg, void *ctx)
{
	branch_args *a = ctx;
	switch (key) {
	case 'o': a->out = arg; break;
	case 'a':
		if (cli_parse_long(arg, 0, 100000000L, &a->at))
			return cli_usage(NULL, "bad --at '%s' (an event number, as `sillage log` prints it)", arg);
		break;
	case 'E':
		if (cli_parse_long(arg, 1, 100000000L, &a->entry))
			return cli_usage(NULL, "bad --entry '%s' (an entry number, 1 for the first line)", arg);
		break;
	case 'n': a->note = arg; break;
	case 'b': a->bookmark = arg; break;
	case 'c': a->clear = 1; break;
	}
	return 0;
}

/* The index of event `no` (1-based, as `log` counts), or of the entry
 * `entry`; -1 when the log has none such (said). */
static long find_entry(const sl_log *log, const char *file, long no, long entry)
{
	long seen = 0;
	if (entry > 0) {
		if ((size_t)entry <= log->n)
			return entry - 1;
		fprintf(stderr, "sillage: %s: no entry %ld (the log has %zu)\n", file, entry, log->n);
		return -1;
	}
	for (size_t i = 0; i < log->n; i++)
		if (log->ev[i].entry == SL_ENTRY_EVENT && ++seen == no)
			return (long)i;
	fprintf(stderr, "sillage: %s: no event %ld (the log has %ld)\n", file, no, seen);
	return -1;
}

/* A .silb journal stays a journal (the recorder carries on with it); any
 * other output is what its name says (cli_save_log). */
static int save_as(const sl_log *log, const char *in, const char *out)
{
	sl_buf b;
	sl_error err;
	int rc;
	if (!out || strcmp(out, "-") == 0 || !cli_is_silb(out) || !cli_is_silb(in) || cli_is_archive(in))
		return cli_save_log(log, out);
	sl_buf_init(&b);
	sl_error_clear(&err);
	if ((rc = sl_silb_write_journal(log, &b, &err)) == SL_OK)
		rc = sl_write_file_atomic(out, b.data, b.len, &err);
	sl_buf_free(&b);
	return rc ? cli_report(&err) : EXIT_OK;
}

/* One line of text, as every form of the log can hold a note: UTF-8, no
 * control character but tab, not empty. */
static int one_line(const char *what, const char *s)
{
	if (!*s || !sl_text_ok(s, strlen(s), 0))
		return cli_usage("annotate", "--%s: one line of UTF-8 text, not empty, without control characters", what);
	return 0;
}

int cmd_annotate(int argc, char **argv)
{
	branch_args a;
	sl_log *log;
	sl_replay *r;
	sl_event *ev;
	long at;
	int i, rc, glyph = -1;
	memset(&a, 0, sizeof a);
	a.at = a.entry = -1;
	i = cli_parse(cli_find("annotate"), argc, argv, branch_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i < 1 || argc - i > 2)
		return cli_usage("annotate", "expected FILE and a glyph (! ? !! ?? !? ?! or none)");
	if ((a.at < 0) == (a.entry < 0))
		return cli_usage("annotate", "say which entry: --at N (the Nth event) or --entry N");
	if (argc - i == 2) {
		glyph = strcmp(argv[i + 1], "none") == 0 ? 0 : sl_glyph_parse(argv[i + 1], strlen(argv[i + 1]));
		if (glyph == 0 && strcmp(argv[i + 1], "none") != 0)
			return cli_usage("annotate", "'%s' is not a glyph (expected one of ! ? !! ?? !? ?!, or none "
				"to remove it)", argv[i + 1]);
	}
	if (glyph < 0 && !a.note && !a.bookmark && !a.clear)
		return cli_usage("annotate", "nothing to add: give a glyph, --note, --bookmark or --clear");
	if ((a.note && one_line("note", a.note)) || (a.bookmark && one_line("bookmark", a.bookmark)))
		return EXIT_USAGE;
	/* the log must replay as recorded: an annotation on a broken log would
	 * hide where it broke */
	if ((rc = cli_open(argv[i], SL_REPLAY_CHECK, &log, &r)))
		return rc;
	sl_replay_free(r);
	if ((at = find_entry(log, argv[i], a.at, a.entry)) < 0) {
		sl_log_free(log);
		return EXIT_USAGE;
	}
	ev = &log->ev[at];
	if (a.clear) {
		ev->glyph = 0;
		ev->note = ev->bookmark = NULL;
	}
	if (glyph >= 0)
		ev->glyph = (uint8_t)glyph;
	if ((a.note && !(ev->note = sl_arena_strndup(&log->arena, a.note, strlen(a.note)))) ||
	    (a.bookmark && !(ev->bookmark = sl_arena_strndup(&log->arena, a.bookmark, strlen(a.bookmark))))) {
		fprintf(stderr, "sillage: annotate: out of memory\n");
		rc = EXIT_IO;
	}
	if (!rc)
		rc = save_as(log, argv[i], a.out ? a.out : argv[i]);
	sl_log_free(log);
	return rc;
}

/* ---- fork ------------------------------------------------------------------------ */

static int meta_set(sl_header *h, const char *key, const char *value)
{
	sl_meta *m = sl_realloc(h->meta, (size_t)(h->nmeta + 1) * sizeof *m);
	if (!m)
		return SL_ENOMEM;
	h->meta = m;
	m[h->nmeta].key = sl_strdup(key);
	m[h->nmeta].value = sl_strdup(value);
	if (!m[h->nmeta].key || !m[h->nmeta].value) {
		sl_free(m[h->nmeta].key);
		sl_free(m[h->nmeta].value);
		return SL_ENOMEM;
	}
	h->nmeta++;
	return SL_OK;
}

/* Drops the header lines a fork cannot keep: an earlier fork's, and what
 * the main line's close revealed of the dice (they speak of its draws,
 * not the fork's); the commitment too when no kept entry drew a die. */
static void meta_prune(sl_header *h, int drew)
{
	int k = 0;
	for (int i = 0; i < h->nmeta; i++) {
		const char *key = h->meta[i].key;
		int drop = strncmp(key, "fork-", 5) == 0 || strncmp(key, "dice-seed", 9) == 0 ||
			strncmp(key, "dice-salt", 9) == 0 || strcmp(key, "dice-count") == 0 ||
			strcmp(key, "dice-digest") == 0 || (!drew && strncmp(key, "dice-commit", 11) == 0);
		if (drop) {
			sl_free(h->meta[i].key);
			sl_free(h->meta[i].value);
		} else {
			h->meta[k++] = h->meta[i];
		}
	}
	h->nmeta = k;
}

/* Did one of the first n entries record a drawn die (a mark, a '# dice' line)? */
static int drew_dice(const sl_log *log, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *c = log->ev[i].comment;
		if (log->ev[i].ndraws)
			return 1;
		for (; c && (c = strstr(c, "# dice ")); c += 7)
			if (c == log->ev[i].comment || c[-1] == '\n')
				return 1;
	}
	return 0;
}

/* The entries kept: up to and with event `at` (0: the header alone). */
static size_t fork_cut(const sl_log *log, long at)
{
	long seen = 0;
	size_t i;
	if (at == 0)
		return 0;
	for (i = 0; i < log->n; i++)
		if (log->ev[i].entry == SL_ENTRY_EVENT && ++seen == at)
			return i + 1;
	return log->n + 1;   /* past the end */
}

static int fork_meta(sl_log *log, const char *file, long at, size_t keep, int drew)
{
	sl_chain c;
	char digest[SL_CHAIN_TEXT], num[24];
	const char *base = strrchr(file, '/');
	if (sl_chain_begin(&c, &log->h))
		return SL_ENOMEM;
	for (size_t i = 0; i < keep; i++)
		if (sl_chain_entry(&c, log->game->schema, &log->ev[i]))
			return SL_ENOMEM;
	sl_chain_format(&c, digest);
	snprintf(num, sizeof num, "%ld", at);
	meta_prune(&log->h, drew);
	if (meta_set(&log->h, "fork-of", base ? base + 1 : file) || meta_set(&log->h, "fork-at", num) ||
	    meta_set(&log->h, "fork-digest", digest))
		return SL_ENOMEM;
	return SL_OK;
}

int cmd_fork(int argc, char **argv)
{
	branch_args a;
	sl_log *log;
	sl_replay *r;
	size_t keep;
	int i, rc, drew;
	memset(&a, 0, sizeof a);
	a.at = a.entry = -1;
	i = cli_parse(cli_find("fork"), argc, argv, branch_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("fork", "expected one FILE");
	if (a.at < 0 || a.entry >= 0 || a.note || a.bookmark || a.clear)
		return cli_usage("fork", "say where the branch starts: --at N, after the Nth event (0: after the setup's header)");
	if (!a.out)
		return cli_usage("fork", "say where the branch goes: -o NEW.sil (or NEW.silb)");
	if ((rc = cli_open(argv[i], SL_REPLAY_CHECK, &log, &r)))
		return rc;
	sl_replay_free(r);
	if ((keep = fork_cut(log, a.at)) > log->n) {
		fprintf(stderr, "sillage: %s: no event %ld to fork at\n", argv[i], a.at);
		sl_log_free(log);
		return EXIT_USAGE;
	}
	drew = drew_dice(log, keep);
	log->n = keep;
	sl_free(log->tail_comment);
	log->tail_comment = NULL;
	if (fork_meta(log, argv[i], a.at, keep, drew)) {
		sl_log_free(log);
		fprintf(stderr, "sillage: fork: out of memory\n");
		return EXIT_IO;
	}
	rc = cli_save_log(log, a.out);
	if (rc == EXIT_OK && drew)
		fprintf(stderr, "sillage: %s: the entries kept drew dice from %s's secret seed, which the fork "
			"does not take (its later dice would be the main line's): dice on the branch are rolled at "
			"the table and typed\n", a.out, argv[i]);
	sl_log_free(log);
	return rc;
}
