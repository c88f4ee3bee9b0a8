/* cmd_record.c - verbs that write logs: record (the recorder itself is
 * src/record/recorder.c), convert, gen. */
#include "cli.h"
#include "rec_input.h"
#include "record/recorder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct write_args {
	const char *out;
	const char *game;
	long events;
	uint64_t seed;
	int seal, quiet;
	int sync, no_pack;     /* record FILE.silb */
	int players;           /* gen --players */
	const char *from;      /* gen --from: the setup to go on from */
} write_args;

/* --sync WHEN: SL_SILB_SYNC_*, or -1 */
static int sync_of(const char *arg)
{
	if (strcmp(arg, "event") == 0)
		return SL_SILB_SYNC_EVENT;
	if (strcmp(arg, "turn") == 0)
		return SL_SILB_SYNC_TURN;
	if (strcmp(arg, "none") == 0)
		return SL_SILB_SYNC_NONE;
	return -1;
}

static int write_opt(int key, const char *arg, void *ctx)
{
	write_args *a = ctx;
	long v;
	switch (key) {
	case 'o': a->out = arg; break;
	case 'g': a->game = arg; break;
	case 'k': a->seal = 1; break;
	case 'q': a->quiet = 1; break;
	case 310:
		if ((a->sync = sync_of(arg)) < 0)
			return cli_usage(NULL, "bad --sync '%s' (event, turn or none)", arg);
		break;
	case 311: a->no_pack = 1; break;
	case 314: a->from = arg; break;
	case 312: return cli_coding_opt(arg);
	case 313: {
		static const char *const logs[] = {"sil", "silb", NULL};
		return cli_format_opt(&cli_format, arg, logs, NULL);
	}
	case 'P':
		if (cli_parse_long(arg, 2, SL_MAX_PLAYERS, &v))
			return cli_usage(NULL, "bad --players '%s' (2..%d)", arg, SL_MAX_PLAYERS);
		a->players = (int)v;
		break;
	case 'n':
		if (cli_parse_long(arg, 1, 100000000L, &v))
			return cli_usage(NULL, "bad --events '%s' (1..100000000)", arg);
		a->events = v;
		break;
	case 'r': {
		char *end;
		a->seed = strtoull(arg, &end, 0);
		if (*end || end == arg)
			return cli_usage(NULL, "bad --seed '%s'", arg);
		break;
	}
	}
	return 0;
}

/* Writes log to path (.silb: a binary archive; else canonical text), or
 * text to stdout when path is NULL. */
static int save(const sl_log *log, const char *path)
{
	return cli_save_log(log, path);
}

int cli_seal_entry(const sl_log *log, const void *st, size_t at, sl_event *ev)
{
	return rec_seal_entry(log, st, at, ev);
}

/* convert walks the log once (cli_walk): each entry, sealed with --seal,
 * goes to the output as it passes (cli_logout: the archive writer, or
 * canonical text), so memory is the input, one segment and the output, not
 * the log; the bytes are those the log held whole wrote. */
typedef struct convert_walk {
	const write_args *a;
	cli_logout out;
	uint64_t last;            /* --seal: the chain value of the last check */
	long changed;
} convert_walk;

static int convert_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	convert_walk *c = w->ud;
	sl_event e = *ev;
	int rc;
	if ((rc = sl_replay_feed(w->r, ev, 1, err)))
		return rc;
	if (c->a->seal) {   /* as rec_seal_entry: from the last check before */
		uint64_t chain = c->last;
		int had = e.has_check;
		uint64_t old = e.check;
		if (sl_entry_seal(w->log->game, &w->log->h, sl_replay_state(w->r), &chain, &e))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		c->changed += had && e.has_check && old != e.check;
		if (e.entry != SL_ENTRY_PHASE && e.has_check)
			c->last = sl_chain_next(&e, 0);
	}
	return cli_logout_entry(&c->out, w->log, &e, err);
}

int cmd_convert(int argc, char **argv)
{
	write_args a;
	cli_walk w;
	convert_walk c;
	int i, rc;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("convert"), argc, argv, write_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("convert", "expected one FILE");
	if (a.out && sl_render_format_from_path(a.out) >= 0)
		return cli_usage("convert", "'%s' is an image: use `sillage render`", a.out);
	memset(&c, 0, sizeof c);
	c.a = &a;
	cli_logout_init(&c.out, a.out);
	cli_walk_init(&w);
	/* --seal recomputes every check (after a rules fix, say): the rules are
	 * still checked, and a replaced check that differed is reported */
	w.flags = a.seal ? 0 : SL_REPLAY_CHECK;
	w.each = convert_each;
	w.applied = 1;
	w.ud = &c;
	if ((rc = cli_walk_open(&w, argv[i])) == EXIT_OK) {
		if (c.changed)
			fprintf(stderr, "sillage: %s: warning: %ld recorded state checks differed and were "
				"replaced\n", argv[i], c.changed);
		rc = cli_logout_save(&c.out, w.head, a.out);
	}
	cli_logout_free(&c.out);
	cli_walk_free(&w);
	return rc;
}

/* gen --from FILE: the log's header and entries (a setup from `new`, say),
 * then the generator's entries until the game ends or --events, the rules
 * playing both sides; written as text or .silb (whole, not streamed). The
 * header keeps its own meta (no `gen open`: a real game, with attacks). */
static int gen_from(const write_args *a)
{
	sl_log *log = NULL;
	sl_prng rng;
	sl_arena scratch;
	void *st = NULL;
	sl_error err;
	long events = 0;
	int rc;
	const sl_game *g;
	sl_error_clear(&err);
	if ((rc = cli_load(&log, a->from, &err)))
		return cli_report(&err);
	g = log->game;
	if (!log->h.has_seed) {
		log->h.has_seed = 1;
		log->h.seed = a->seed;
	}
	sl_prng_seed(&rng, log->h.seed, 0x5111a6e);
	sl_arena_init(&scratch);
	if ((rc = g->init(&st, &log->h, &err)))
		goto fail;
	for (size_t k = 0; k < log->n; k++)
		if ((rc = sl_replay_apply(log, st, &log->ev[k], (long)k + 1, NULL, &err)))
			goto fail;
	while (events < a->events) {
		sl_event ev;
		memset(&ev, 0, sizeof ev);
		ev.player = -1;
		rc = g->generate(st, &log->h, &rng, &scratch, &ev, &err);
		if (rc == 1)
			break;
		if (rc < 0 || (rc = sl_replay_apply(log, st, &ev, (long)log->n + 1, NULL, &err)))
			goto fail;
		if (a->seal && (rc = cli_seal_entry(log, st, log->n, &ev)))
			goto fail;
		if ((rc = sl_log_append(log, &ev))) {
			sl_error_set(&err, rc, "cannot append: %s", sl_code_name(rc));
			goto fail;
		}
		events += ev.entry == SL_ENTRY_EVENT;
	}
	rc = save(log, a->out);
	goto out;
fail:
	rc = cli_report(&err);
out:
	if (st)
		g->destroy(st);
	sl_arena_free(&scratch);
	sl_log_free(log);
	return rc;
}

int cmd_gen(int argc, char **argv)
{
	write_args a;
	const sl_game *g;
	sl_log *log;
	sl_prng rng;
	sl_arena scratch;
	void *st = NULL;
	sl_error err;
	sl_silb_writer *w = NULL;   /* -o FILE.silb: streamed, never the whole log */
	long events = 0;
	uint64_t chain = 0;   /* --seal: the checks' chain (formats/hash.md) */
	int i, rc = EXIT_OK;

	memset(&a, 0, sizeof a);
	a.events = 1000;
	a.seed = 1;
	i = cli_parse(cli_find("gen"), argc, argv, write_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (i != argc)
		return cli_usage("gen", "unexpected operand '%s' (write the output with -o)", argv[i]);
	if (a.from)
		return gen_from(&a);
	if (!a.game)
		return cli_usage("gen", "which game? (-g ID; see `sillage games`)");
	g = sl_game_find(a.game);
	if (!g)
		return cli_usage("gen", "unknown game '%s' (see `sillage games`)", a.game);
	log = sl_log_new(g);
	if (!log)
		return EXIT_IO;
	log->h.format_version = SL_SIL_VERSION;
	log->h.game = sl_strdup(g->id);
	log->h.rules_version = g->rules_version;
	log->h.title = sl_strdup("synthetic game from the legal-action generator");
	/* a gamebook has one reader (formats/starship.md); the others two sides */
	log->h.nplayers = strcmp(g->id, "starship") == 0 ? 1 : 2;
	log->h.players[0].id = sl_strdup("blue");
	log->h.players[0].name = sl_strdup("Blue");
	log->h.players[0].colour = 0x1f4fb4;
	if (log->h.nplayers == 2) {
		log->h.players[1].id = sl_strdup("red");
		log->h.players[1].name = sl_strdup("Red");
		log->h.players[1].colour = 0xb22222;
	}
	for (int p = 2; p < a.players && log->h.nplayers >= 2; p++) {   /* --players N: p3, p4, ... */
		static const uint32_t more[] = {0x2b8a3e, 0xe67700, 0x862e9c, 0x495057, 0x0c8599,
			0xc2255c};
		char id[8];
		snprintf(id, sizeof id, "p%d", p + 1);
		log->h.players[p].id = sl_strdup(id);
		log->h.players[p].name = sl_strdup(id);
		log->h.players[p].colour = more[(p - 2) % 6];
		log->h.nplayers = p + 1;
	}
	log->h.has_seed = 1;
	log->h.seed = a.seed;
	/* asks the generator for an open-ended game that lasts --events */
	log->h.meta = sl_calloc(1, sizeof *log->h.meta);
	if (log->h.meta) {
		log->h.meta[0].key = sl_strdup("gen");
		log->h.meta[0].value = sl_strdup("open");
		log->h.nmeta = 1;
	}
	log->name = sl_strdup("<gen>");
	sl_prng_seed(&rng, a.seed, 0x5111a6e);
	sl_arena_init(&scratch);
	sl_error_clear(&err);
	if ((rc = g->init(&st, &log->h, &err)))
		goto fail;
	if (a.out && strcmp(a.out, "-") && cli_is_silb(a.out) && (rc = sl_silb_writer_new(&w, log, &err)))
		goto fail;
	if (w)
		sl_silb_writer_coding(w, cli_coding);
	while (events < a.events) {
		sl_event ev;
		memset(&ev, 0, sizeof ev);
		ev.player = -1;
		rc = g->generate(st, &log->h, &rng, &scratch, &ev, &err);
		if (rc == 1)
			break;
		if (rc < 0)
			goto fail;
		rc = sl_replay_apply(log, st, &ev, events + 1, NULL, &err);
		if (rc)
			goto fail;
		if (a.seal && (rc = sl_entry_seal(g, &log->h, st, &chain, &ev)))
			goto fail;
		if (w) {
			if ((rc = sl_silb_writer_add(w, &ev, &err)))
				goto fail;
		} else if ((rc = sl_log_append(log, &ev))) {
			sl_error_set(&err, rc, "cannot append: %s", sl_code_name(rc));
			goto fail;
		}
		events += ev.entry == SL_ENTRY_EVENT;
		if (scratch.used_bytes > (1u << 20)) {
			sl_arena_free(&scratch);
			sl_arena_init(&scratch);
		}
	}
	if (w) {
		sl_buf b;
		sl_buf_init(&b);
		rc = sl_silb_writer_finish(w, NULL, &b, &err);
		w = NULL;
		if (rc == SL_OK)
			rc = sl_write_file_atomic(a.out, b.data, b.len, &err);
		sl_buf_free(&b);
		rc = rc ? cli_report(&err) : EXIT_OK;
		goto out;
	}
	rc = save(log, a.out);
	goto out;
fail:
	fprintf(stderr, "sillage: gen: the generator of '%s' produced an entry its rules refuse "
		"(a bug in the module):\n", g->id);
	rc = cli_report(&err);
out:
	sl_silb_writer_free(w);
	if (st)
		g->destroy(st);
	sl_arena_free(&scratch);
	sl_log_free(log);
	return rc;
}


/* ---- record: the recorder on standard input -------------------------------- */

typedef struct rec_args {
	const char *game;
	int quiet, sync, no_pack;
} rec_args;

static int rec_opt(int key, const char *arg, void *ctx)
{
	rec_args *a = ctx;
	switch (key) {
	case 'g': a->game = arg; break;
	case 'q': a->quiet = 1; break;
	case 310:
		if ((a->sync = sync_of(arg)) < 0)
			return cli_usage("record", "bad --sync '%s' (event, turn or none)", arg);
		break;
	case 311: a->no_pack = 1; break;
	case 312: return cli_coding_opt(arg);
	}
	return 0;
}

/* the recorder's words: standard output, and standard error made safe on a terminal */
static void sink_out(void *ud, const char *s, size_t n)
{
	fwrite(s, 1, n, stdout);
}

static void sink_err(void *ud, const char *s, size_t n)
{
	cli_write_text(stderr, s, n);
}

int cmd_record(int argc, char **argv)
{
	static const rec_sink sink = {sink_out, sink_err, NULL};
	rec_args a;
	recorder rc;
	rec_input in;
	char *line;
	size_t len;
	uint32_t lineno = 0;
	int i, e;

	memset(&a, 0, sizeof a);
	a.sync = SL_SILB_SYNC_EVENT;
	i = cli_parse(cli_find("record"), argc, argv, rec_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("record", "expected one FILE (created if it does not exist)");
	if (a.game && !sl_game_find(a.game))
		return cli_usage("record", "unknown game '%s' (see `sillage games`)", a.game);
	if ((e = rec_begin(&rc, argv[i], a.sync, a.quiet, &sink))) {
		rec_free(&rc);
		return cli_exit_code(e);
	}
	rc.coding = cli_coding;
	rc.interactive = isatty(0);
	rc.imply_markers = 1;
	rc.seal_here = 1;   /* a dial named in clear is sealed by the recorder (rec_seal.c) */
	if (a.game && (e = rec_set_game(&rc, a.game))) {
		e = e == 1 ? cli_usage("record", "%s already holds a %s game", rc.path, rc.log->game->id)
		           : cli_exit_code(e);
		rec_free(&rc);
		return e;
	}
	if (rc.interactive && !rc.quiet)
		printf("sillage record %s: type actions in the log syntax; 'help' lists what is legal now.\n", rc.path);
	rec_input_open(&in, rc.interactive, rec_complete, &rc);
	while (!rc.io_failed && !rc.quit && !rc.stopped) {
		char prompt[160];
		prompt[0] = 0;
		if (rc.interactive)
			rec_prompt(&rc, prompt, sizeof prompt);
		if (rec_input_read(&in, prompt, &line, &len))
			break;
		lineno++;
		if (rec_word_is(line, "quit") || rec_word_is(line, "exit")) {
			rc.quit = 1;
			break;
		}
		if (len > SL_SIL_MAX_LINE) {
			fprintf(stderr, "sillage: <stdin>:%u:1: line longer than %d bytes\n", lineno, SL_SIL_MAX_LINE);
			rc.refused++;
			continue;
		}
		rec_line(&rc, line, len, lineno);
		fflush(stdout);
	}
	rec_input_close(&in);
	e = rec_end(&rc, a.no_pack) ? EXIT_IO : rc.quit || !rc.refused ? EXIT_OK : EXIT_FAIL;
	rec_free(&rc);
	return e;
}
