/* cmd_record.c - verbs that write logs: record, convert, gen. */
#include "cli.h"

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
} write_args;

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
		if (strcmp(arg, "event") == 0)
			a->sync = SL_SILB_SYNC_EVENT;
		else if (strcmp(arg, "turn") == 0)
			a->sync = SL_SILB_SYNC_TURN;
		else if (strcmp(arg, "none") == 0)
			a->sync = SL_SILB_SYNC_NONE;
		else
			return cli_usage(NULL, "bad --sync '%s' (event, turn or none)", arg);
		break;
	case 311: a->no_pack = 1; break;
	case 312: return cli_coding_opt(arg);
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

/* Sets the state check of ev from the state after it (none on phases). */
static int seal(const sl_game *g, const void *st, sl_event *ev)
{
	if (ev->entry == SL_ENTRY_PHASE)
		return SL_OK;
	ev->has_check = 1;
	return sl_entry_check(g, st, ev, &ev->check);
}

int cmd_convert(int argc, char **argv)
{
	write_args a;
	sl_log *log;
	sl_replay *r;
	int i, rc;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("convert"), argc, argv, write_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("convert", "expected one FILE");
	if (a.out && sl_render_format_from_path(a.out) >= 0)
		return cli_usage("convert", "'%s' is an image: use `sillage render`", a.out);
	/* --seal recomputes every check (after a rules fix, say): the rules are
	 * still checked, and a replaced check that differed is reported */
	if ((rc = cli_open(argv[i], a.seal ? 0 : SL_REPLAY_CHECK, &log, &r)))
		return rc;
	if (a.seal) {
		sl_error err;
		long changed = 0;
		sl_error_clear(&err);
		if ((rc = sl_replay_seek(r, 0, &err)))
			goto fail;
		for (size_t k = 0; k < log->n; k++) {
			sl_event *ev = &log->ev[k];
			int had = ev->has_check;
			uint64_t old = ev->check;
			if ((rc = sl_replay_seek(r, k + 1, &err)))
				goto fail;
			if ((rc = seal(log->game, sl_replay_state(r), ev)))
				goto fail;
			changed += had && ev->has_check && old != ev->check;
		}
		if (changed)
			fprintf(stderr, "sillage: %s: warning: %ld recorded state checks differed and were "
				"replaced\n", argv[i], changed);
		goto write;
fail:
		sl_replay_free(r);
		sl_log_free(log);
		return cli_report(&err);
	}
write:
	rc = save(log, a.out);
	sl_replay_free(r);
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
	int i, rc = EXIT_OK;

	memset(&a, 0, sizeof a);
	a.events = 1000;
	a.seed = 1;
	i = cli_parse(cli_find("gen"), argc, argv, write_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (i != argc)
		return cli_usage("gen", "unexpected operand '%s' (write the output with -o)", argv[i]);
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
	log->h.nplayers = 2;
	log->h.players[0].id = sl_strdup("blue");
	log->h.players[0].name = sl_strdup("Blue");
	log->h.players[0].colour = 0x1f4fb4;
	log->h.players[1].id = sl_strdup("red");
	log->h.players[1].name = sl_strdup("Red");
	log->h.players[1].colour = 0xb22222;
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
	if (a.out && cli_is_silb(a.out) && (rc = sl_silb_writer_new(&w, log, &err)))
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
		if (a.seal && (rc = seal(g, st, &ev)))
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

/* ---- record ------------------------------------------------------------- */

typedef struct recorder {
	const char *path;
	sl_log *log;          /* NULL until the header names a game */
	sl_header h;          /* the header while it is being written */
	void *st;
	sl_buf pending;       /* comment lines for the next entry */
	int quiet, refused, interactive;
	int last_refused;     /* the previous line was refused */
	long events;
	int silb, sync;       /* FILE.silb: a journal, synced as --sync says */
	sl_silb_journal *j;   /* NULL until the first change, or after a failed write */
} recorder;

enum { REC_HEADER, REC_ENTRY, REC_UNDO, REC_ANNOTATE, REC_TAIL };

/* Makes the change `op` (already made to rc->log) durable: the whole text
 * file, or one journal record. After a failed journal write the journal is
 * dropped, and the next change rewrites it whole from the log. */
static int rec_save(recorder *rc, int op)
{
	sl_error err;
	int r;
	if (!rc->silb)
		return save(rc->log, rc->path) == EXIT_OK ? 0 : -1;
	sl_error_clear(&err);
	if (!rc->j)
		r = sl_silb_journal_create(&rc->j, rc->path, rc->log, rc->sync, &err);
	else if (op == REC_HEADER)
		r = sl_silb_journal_header(rc->j, rc->log, &err);
	else if (op == REC_ENTRY)
		r = sl_silb_journal_entry(rc->j, rc->log, &rc->log->ev[rc->log->n - 1], &err);
	else if (op == REC_UNDO)
		r = sl_silb_journal_undo(rc->j, rc->log, &err);
	else if (op == REC_ANNOTATE)
		r = sl_silb_journal_annotate(rc->j, &rc->log->ev[rc->log->n - 1], &err);
	else
		r = sl_silb_journal_tail(rc->j, rc->log->tail_comment, &err);
	if (r) {
		cli_report(&err);
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
		return -1;
	}
	return 0;
}

/* Rebuilds the state from the log's entries (after undo). */
static int rec_rebuild(recorder *rc, sl_error *err)
{
	const sl_game *g = rc->log->game;
	void *st;
	long no = 0;
	int r = g->init(&st, &rc->log->h, err);
	if (r)
		return r;
	for (size_t i = 0; i < rc->log->n; i++) {
		no += rc->log->ev[i].entry == SL_ENTRY_EVENT;
		if ((r = sl_replay_apply(rc->log, st, &rc->log->ev[i], no, NULL, err))) {
			g->destroy(st);
			return r;
		}
	}
	if (rc->st)
		g->destroy(rc->st);
	rc->st = st;
	rc->events = no;
	return SL_OK;
}

static int rec_start(recorder *rc, sl_error *err)
{
	const sl_game *g;
	if (rc->h.format_version == 0)
		return sl_error_set(err, SL_ESYNTAX, "a new log starts with 'sil 1' then 'game ID VERSION' "
			"(or use --game ID)");
	if (!rc->h.game)
		return sl_error_set(err, SL_ESYNTAX, "expected 'game ID VERSION' before the first action");
	g = sl_game_find(rc->h.game);
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "unknown game '%s' (see `sillage games`)", rc->h.game);
	rc->log = sl_log_new(g);
	if (!rc->log)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	rc->log->h = rc->h;
	memset(&rc->h, 0, sizeof rc->h);
	rc->log->name = sl_strdup("<stdin>");
	return g->init(&rc->st, &rc->log->h, err);
}

/* Fills the dice written '?' from the seeded PRNG: stream = entry index, so
 * a resumed recording rolls the same way. */
static void rec_roll(recorder *rc, sl_event *ev)
{
	const sl_event_def *def;
	sl_prng rng;
	if (ev->entry != SL_ENTRY_EVENT)
		return;
	def = &rc->log->game->schema->events[ev->type];
	for (int k = 0; k < def->nfields; k++) {
		uint8_t *items = (uint8_t *)(uintptr_t)ev->f[k].p;   /* our arena */
		if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
			continue;
		for (int d = 0; d < ev->f[k].n; d++) {
			if (items[d] != 0)
				continue;
			if (!rc->log->h.has_seed) {
				rc->log->h.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
				rc->log->h.has_seed = 1;
			}
			sl_prng_seed(&rng, rc->log->h.seed, (uint64_t)rc->log->n * 64 + (uint64_t)d + (uint64_t)k * 8);
			items[d] = (uint8_t)sl_prng_die(&rng, def->fields[k].max);
		}
	}
}

static int word_is(const char *s, const char *w)
{
	size_t n = strlen(w);
	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, w, n) != 0)
		return 0;
	for (s += n; *s; s++)
		if (*s != ' ' && *s != '\t')
			return 0;
	return 1;
}

static void rec_help(recorder *rc)
{
	sl_buf b;
	sl_buf_init(&b);
	if (!rc->log) {
		sl_buf_puts(&b, "Write the header first: 'sil 1', 'game ID VERSION', then 'player ID \"Name\" #rrggbb' lines.\nGames:");
		for (int k = 0; sl_games[k]; k++)
			sl_buf_printf(&b, " %s %d;", sl_games[k]->id, sl_games[k]->rules_version);
		sl_buf_putc(&b, '\n');
	} else {
		rc->log->game->help(rc->st, &rc->log->h, &b);
		sl_buf_puts(&b, "Commands: undo, help, state, quit. Markers: 'turn N', 'phase K'. Annotate the last "
			"entry with '@note TEXT' or '@bookmark TEXT'. A die written '?' is rolled for you.\n");
	}
	fwrite(b.data, 1, b.len, stdout);
	sl_buf_free(&b);
}

static void rec_refuse(recorder *rc, const sl_error *err)
{
	cli_report(err);
	rc->refused++;
	rc->last_refused = 1;
}

static void rec_line(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	sl_error err;
	sl_event ev;
	sl_buf desc;
	int r;
	const char *s = line;

	sl_error_clear(&err);
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return;
	if (*s == '#') {
		if (rc->pending.len)
			sl_buf_putc(&rc->pending, '\n');
		sl_buf_puts(&rc->pending, s);
		return;
	}
	if (word_is(s, "help")) {
		rec_help(rc);
		return;
	}
	if (word_is(s, "state")) {
		sl_buf b;
		if (!rc->log)
			return;
		sl_buf_init(&b);
		rc->log->game->summary(rc->st, &rc->log->h, &b);
		fwrite(b.data, 1, b.len, stdout);
		sl_buf_free(&b);
		return;
	}
	if (word_is(s, "undo")) {
		if (!rc->log || rc->log->n == 0) {
			sl_error_set(&err, SL_EUSAGE, "<stdin>:%u: nothing to undo", lineno);
			rec_refuse(rc, &err);
			return;
		}
		sl_log_pop(rc->log);
		if (rec_rebuild(rc, &err) || rec_save(rc, REC_UNDO)) {
			rec_refuse(rc, &err);
			return;
		}
		if (!rc->quiet)
			printf("undone: the log now holds %zu entries (%ld events)\n", rc->log->n, rc->events);
		return;
	}
	if (!rc->log || rc->log->n == 0) {
		sl_header *h = rc->log ? &rc->log->h : &rc->h;
		r = sl_sil_parse_header_line(h, "<stdin>", line, len, lineno, &err);
		if (r < 0) {
			rec_refuse(rc, &err);
			return;
		}
		if (r == 1) {
			if (rc->log && rec_save(rc, REC_HEADER))
				rc->refused++;
			return;
		}
		if (!rc->log && rec_start(rc, &err)) {
			if (!err.line) {
				err.line = lineno;
				snprintf(err.file, sizeof err.file, "<stdin>");
			}
			rec_refuse(rc, &err);
			sl_log_free(rc->log);
			rc->log = NULL;
			return;
		}
	}
	if (*s == '@') {
		if (rc->last_refused) {
			sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1,
				"not recorded: the line above was refused, so this annotation has nothing to annotate");
			rec_refuse(rc, &err);
			return;
		}
		if (rc->log->n == 0 || sl_sil_annotate(rc->log, &rc->log->ev[rc->log->n - 1], line, len) != 1) {
			sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, 1,
				rc->log->n ? "unknown annotation (expected @note or @bookmark)" : "an annotation must follow an event");
			rec_refuse(rc, &err);
			return;
		}
		if (rec_save(rc, REC_ANNOTATE))
			rc->refused++;
		return;
	}
	r = sl_sil_parse_line(rc->log, line, len, lineno, &ev, &err);
	if (r < 0) {
		rec_refuse(rc, &err);
		return;
	}
	rec_roll(rc, &ev);
	sl_buf_init(&desc);
	r = sl_replay_apply(rc->log, rc->st, &ev, rc->events + (ev.entry == SL_ENTRY_EVENT), &desc, &err);
	if (r) {
		sl_buf_free(&desc);
		rec_refuse(rc, &err);
		return;
	}
	seal(rc->log->game, rc->st, &ev);
	if (rc->pending.len)
		ev.comment = sl_buf_cstr(&rc->pending);
	r = sl_log_append(rc->log, &ev);
	if (r == SL_OK && rec_save(rc, REC_ENTRY)) {
		sl_log_pop(rc->log);
		r = SL_EIO;
	}
	if (r) {   /* not recorded: put the state back as the log on disk has it */
		rec_rebuild(rc, &err);
		sl_buf_free(&desc);
		rc->refused++;
		return;
	}
	sl_buf_reset(&rc->pending);
	rc->last_refused = 0;
	if (ev.entry == SL_ENTRY_EVENT)
		rc->events++;
	if (!rc->quiet) {
		if (ev.entry == SL_ENTRY_EVENT)
			printf("#%ld %s\n", rc->events, sl_buf_cstr(&desc));
		else {
			sl_buf_reset(&desc);
			sl_replay_describe_marker(rc->log, &ev, &desc);
			printf("== %s ==\n", sl_buf_cstr(&desc));
		}
	}
	sl_buf_free(&desc);
}

static int rec_open(recorder *rc, const char *path)
{
	sl_error err;
	sl_replay *r = NULL;
	struct stat sb;
	int e;
	if (stat(path, &sb) != 0)
		return EXIT_OK;   /* a new log */
	sl_error_clear(&err);
	if (rc->silb) {
		/* a journal cut by a crash: carry on from its sound prefix */
		sl_silb_info info;
		char msg[1024];
		if (sl_silb_load(&rc->log, path, SL_SILB_RECOVER, &info, &err))
			return cli_report(&err);
		if (info.damaged) {
			sl_error_format(&info.damage, msg, sizeof msg);
			fprintf(stderr, "sillage: %s\nsillage: record: %s: carrying on after its %zu sound entries "
				"(bytes 0x%zx..0x%zx dropped: a change cut short, never reported)\n", msg, path,
				rc->log->n, info.valid_bytes, info.file_bytes);
		}
		if ((e = sl_replay_open(&r, rc->log, SL_REPLAY_CHECK, &err))) {
			sl_log_free(rc->log);
			rc->log = NULL;
			return cli_report(&err);
		}
		if (sl_replay_warning(r))
			fprintf(stderr, "sillage: %s: warning: %s\n", path, sl_replay_warning(r));
		if (info.form == SL_SILB_JOURNAL &&
		    sl_silb_journal_open(&rc->j, path, rc->log, info.valid_bytes, rc->sync, &err)) {
			sl_replay_free(r);
			return cli_report(&err);
		}
	} else if ((e = cli_open(path, SL_REPLAY_CHECK, &rc->log, &r))) {
		return e;
	}
	e = sl_game_clone(rc->log->game, sl_replay_state(r), &rc->st, &err);
	rc->events = sl_replay_events(r);
	sl_replay_free(r);
	if (e)
		return cli_report(&err);
	/* from here on, errors point at the lines typed on standard input */
	sl_free(rc->log->name);
	rc->log->name = sl_strdup("<stdin>");
	return EXIT_OK;
}

int cmd_record(int argc, char **argv)
{
	write_args a;
	recorder rc;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	uint32_t lineno = 0;
	int i, e;

	memset(&a, 0, sizeof a);
	a.sync = SL_SILB_SYNC_EVENT;
	i = cli_parse(cli_find("record"), argc, argv, write_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("record", "expected one FILE (created if it does not exist)");
	memset(&rc, 0, sizeof rc);
	rc.path = argv[i];
	rc.quiet = a.quiet;
	rc.interactive = isatty(0);
	rc.silb = cli_is_silb(rc.path);
	rc.sync = a.sync;
	sl_buf_init(&rc.pending);
	if ((e = rec_open(&rc, rc.path)))
		return e;
	if (a.game) {
		const sl_game *g = sl_game_find(a.game);
		if (!g)
			return cli_usage("record", "unknown game '%s' (see `sillage games`)", a.game);
		if (rc.log) {
			if (strcmp(rc.log->game->id, a.game) != 0)
				return cli_usage("record", "%s already holds a %s game", rc.path, rc.log->game->id);
		} else {
			rc.h.format_version = SL_SIL_VERSION;
			rc.h.game = sl_strdup(g->id);
			rc.h.rules_version = g->rules_version;
		}
	}
	if (rc.interactive && !rc.quiet)
		printf("sillage record %s: type actions in the log syntax; 'help' lists what is legal now.\n", rc.path);
	for (;;) {
		if (rc.interactive) {
			int turn = 0, phase = 0;
			if (rc.log)
				rc.log->game->position(rc.st, &turn, &phase);
			printf("%s[T%d.%d]> ", rc.log ? rc.log->game->id : "sil", turn, phase);
			fflush(stdout);
		}
		len = getline(&line, &cap, stdin);
		if (len < 0)
			break;
		lineno++;
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		if (word_is(line, "quit") || word_is(line, "exit"))
			break;
		if (len > SL_SIL_MAX_LINE) {
			fprintf(stderr, "sillage: <stdin>:%u:1: line longer than %d bytes\n", lineno, SL_SIL_MAX_LINE);
			rc.refused++;
			continue;
		}
		rec_line(&rc, line, (size_t)len, lineno);
		fflush(stdout);
	}
	free(line);
	if (rc.log && rc.pending.len) {   /* trailing comments are kept too */
		sl_free(rc.log->tail_comment);
		rc.log->tail_comment = sl_strdup(sl_buf_cstr(&rc.pending));
		if (rec_save(&rc, REC_TAIL))
			rc.refused++;
	} else if (rc.log && rc.log->n == 0 && rec_save(&rc, REC_HEADER)) {
		rc.refused++;
	}
	if (rc.silb) {   /* close the journal, then pack it into an archive in place */
		sl_error err;
		sl_error_clear(&err);
		if (sl_silb_journal_close(rc.j, &err)) {
			cli_report(&err);
			rc.refused++;
		}
		rc.j = NULL;
		if (rc.log && !a.no_pack && save(rc.log, rc.path) != EXIT_OK)
			rc.refused++;
	}
	if (!rc.quiet && rc.log)
		printf("%s: %zu entries, %ld events recorded%s\n", rc.path, rc.log->n, rc.events,
			rc.refused ? " (some lines were refused)" : "");
	if (rc.st)
		rc.log->game->destroy(rc.st);
	sl_log_free(rc.log);
	sl_header_free(&rc.h);
	sl_buf_free(&rc.pending);
	return rc.refused ? EXIT_FAIL : EXIT_OK;
}
