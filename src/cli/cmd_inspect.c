/* cmd_inspect.c - verbs that read a log: games, info, verify, state, log. */
#include "cli.h"
#include "replay/sl_dice.h"
#include "replay/sl_chain.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_STRICT = 300, OPT_EXTENDS = 301, OPT_DIGEST = 302 };

typedef struct inspect_opts {
	const char *verb;
	int json, quiet, strict, digest;
	const char *extends;      /* verify --extends FILE-OR-DIGEST */
	const char *side;   /* log --side: the entries as that player reads them */
	cli_where where;
} inspect_opts;

static int inspect_opt(int key, const char *arg, void *ctx)
{
	inspect_opts *o = ctx;
	int r = cli_where_opt(&o->where, key, arg);
	if (r < 0)
		return cli_usage(o->verb, "bad value '%s' for --%s", arg,
			key == 'e' ? "event" : key == 't' ? "turn" : "phase");
	if (r > 0)
		return 0;
	if (key == 'j')
		o->json = 1;
	else if (key == 'q')
		o->quiet = 1;
	else if (key == OPT_STRICT)
		o->strict = 1;
	else if (key == OPT_EXTENDS)
		o->extends = arg;
	else if (key == OPT_DIGEST)
		o->digest = 1;
	else if (key == 'S')
		o->side = arg;
	return 0;
}

/* Parses options and exactly one FILE operand; returns an exit code or -1 to go on. */
static int one_file(const char *verb, int argc, char **argv, inspect_opts *o, const char **file)
{
	int i;
	memset(o, 0, sizeof *o);
	o->verb = verb;
	cli_where_init(&o->where);
	i = cli_parse(cli_find(verb), argc, argv, inspect_opt, o);
	if (i == -2)
		return EXIT_OK;
	if (i < 0)
		return EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage(verb, "expected one FILE");
	*file = argv[i];
	return -1;
}

/* The state's hash for text going to b; a hash that cannot be computed
 * (out of memory) fails b, so that flush refuses to print it. */
static unsigned long long hash_for(sl_replay *r, sl_buf *b)
{
	uint64_t h;
	if (sl_replay_hash_get(r, &h, NULL))
		b->failed = 1;
	return (unsigned long long)h;
}

int cmd_games(int argc, char **argv)
{
	inspect_opts o;
	sl_buf b;
	int i;
	memset(&o, 0, sizeof o);
	o.verb = "games";
	cli_where_init(&o.where);
	i = cli_parse(cli_find("games"), argc, argv, inspect_opt, &o);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	sl_buf_init(&b);
	if (o.json)
		sl_buf_putc(&b, '[');
	for (int k = 0; sl_games[k]; k++) {
		const sl_game *g = sl_games[k];
		if (o.json) {
			sl_buf_printf(&b, "%s{\"id\":", k ? "," : "");
			sl_buf_json_str(&b, g->id);
			sl_buf_puts(&b, ",\"name\":");
			sl_buf_json_str(&b, g->name);
			sl_buf_printf(&b, ",\"rules_version\":%d,\"painter\":%s,\"phases\":[", g->rules_version,
				sl_render_has_painter(g->id) ? "true" : "false");
			for (int p = 1; p <= g->schema->nphases; p++) {
				if (p > 1)
					sl_buf_putc(&b, ',');
				sl_buf_json_str(&b, sl_phase_name(g->schema, p));
			}
			sl_buf_puts(&b, "]}");
		} else {
			sl_buf_printf(&b, "%-9s rules v%d, %d phase%s, %d event types%s: %s\n", g->id,
				g->rules_version, g->schema->nphases, g->schema->nphases == 1 ? "" : "s",
				g->schema->nevents, sl_render_has_painter(g->id) ? ", painter" : "", g->name);
		}
	}
	if (o.json)
		sl_buf_puts(&b, "]\n");
	return cli_flush(&b);
}

/* info of one file; an exit code */
/* info walks the log once (cli_walk): the counts, the dice and the size of
 * the canonical text are taken entry by entry as they pass. */
typedef struct info_walk {
	long notes, marks, checks;
	int silb, bad;            /* a .silb file (text size wanted); the dice check failed */
	size_t text_bytes;        /* of the entries as canonical text */
	sl_buf t;
	sl_dice_check dc;
	sl_error de;
} info_walk;

static int info_header(cli_walk *w, const sl_event *unused, sl_error *err)
{
	info_walk *I = w->ud;
	I->bad = sl_dice_check_begin(&I->dc, w->log, &I->de) != SL_OK;
	return SL_OK;
}

static int info_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	info_walk *I = w->ud;
	I->notes += ev->note != NULL;
	I->marks += ev->bookmark != NULL;
	I->checks += ev->has_check;
	if (!I->bad)
		I->bad = sl_dice_check_entry(&I->dc, ev, &I->de) != SL_OK;
	if (I->silb) {
		sl_buf_reset(&I->t);
		sl_sil_write_entry(w->log, ev, &I->t);
		I->text_bytes += I->t.len;
	}
	return SL_OK;
}

/* info of one file; an exit code */
static int info_one(const inspect_opts *o, const char *file)
{
	cli_walk w;
	info_walk I;
	const sl_log *log;
	sl_replay *r;
	sl_buf b;
	long notes, marks, checks;
	int rc, silb = 0;
	memset(&I, 0, sizeof I);
	sl_error_clear(&I.de);
	sl_buf_init(&I.t);
	silb = cli_path_silb(file);   /* a .silb: its form, segments and how it compares with the text */
	I.silb = silb;
	cli_walk_init(&w);
	w.header = info_header;
	w.each = info_each;
	w.ud = &I;
	if ((rc = cli_walk_open(&w, file))) {
		sl_buf_free(&I.t);
		cli_walk_free(&w);
		return rc;
	}
	log = w.log;
	r = w.r;
	notes = I.notes;
	marks = I.marks;
	checks = I.checks;
	sl_buf_init(&b);
	{
		const sl_header *h = &log->h;
		long bytes = cli_path_bytes(file);
		sl_silb_info si = w.si;
		size_t text_bytes = 0;
		if (silb) {   /* the header and tail of the canonical text, and its entries */
			sl_buf_reset(&I.t);
			sl_sil_write(log, &I.t);
			text_bytes = I.t.len + I.text_bytes;
		} else
			memset(&si, 0, sizeof si);
		if (o->json) {
			sl_buf_puts(&b, "{\"file\":");
			sl_buf_json_str(&b, file);
			sl_buf_puts(&b, ",\"game\":");
			sl_buf_json_str(&b, log->game->id);
			sl_buf_printf(&b, ",\"rules_version\":%d,\"title\":", h->rules_version);
			sl_buf_json_str(&b, h->title);
			sl_buf_puts(&b, ",\"date\":");
			sl_buf_json_str(&b, h->date);
			sl_buf_puts(&b, ",\"players\":[");
			for (int p = 0; p < h->nplayers; p++) {
				sl_buf_printf(&b, "%s{\"id\":", p ? "," : "");
				sl_buf_json_str(&b, h->players[p].id);
				sl_buf_puts(&b, ",\"name\":");
				sl_buf_json_str(&b, h->players[p].name);
				sl_buf_printf(&b, ",\"colour\":\"#%06x\"}", (unsigned)h->players[p].colour);
			}
			if (silb)
				sl_buf_printf(&b, "],\"format\":\"silb\",\"form\":\"%s\",\"segments\":%zu,"
					"\"entry_bytes\":%zu,\"keyframe_bytes\":%zu,\"deflated_bytes\":%zu,"
					"\"modelled_segments\":%zu,\"coded_keyframe_bytes\":%zu,\"coded_entry_bytes\":%zu,"
					"\"string_bytes\":%zu,\"base_bytes\":%zu,\"text_bytes\":%zu,\"packed\":%s",
					si.form == SL_SILB_ARCHIVE ? "archive" : "journal", si.segments, si.entry_bytes,
					si.keyframe_bytes, si.deflated_bytes, si.msegments, si.mkey_bytes, si.mentry_bytes,
					si.mstring_bytes, si.base_bytes, text_bytes,
					si.form == SL_SILB_ARCHIVE ? "true" : "false");
			sl_buf_printf(&b, "%s\"turns\":%d,\"events\":%ld,\"entries\":%zu,\"bytes\":%ld,"
				"\"notes\":%ld,\"bookmarks\":%ld,\"state_checks\":%ld,\"final_hash\":\"%016llx\"",
				silb ? "," : "],",
				sl_replay_turns(r), sl_replay_events(r), w.n, bytes, notes, marks, checks,
				hash_for(r, &b));
			cli_result_json(log, sl_replay_state(r), &b);
			sl_buf_puts(&b, "}\n");
		} else {
			if (silb) {
				sl_buf_printf(&b, "file:      %s (%ld bytes, binary .silb v%d, %s)\n", file, bytes,
					si.version, si.form == SL_SILB_ARCHIVE ? "archive" : "journal");
				if (si.form == SL_SILB_JOURNAL)
					sl_buf_printf(&b, "journal:   open, not packed; %zu entries. A journal has no "
						"trailer: cut between two records it reads as a shorter game (`sillage "
						"pack` closes it)\n", w.n);
			} else if (bytes < 0)   /* standard input */
				sl_buf_printf(&b, "file:      %s (text .sil v%d)\n", strcmp(file, "-") ? file : "<stdin>",
					h->format_version);
			else
				sl_buf_printf(&b, "file:      %s (%ld bytes, text .sil v%d)\n", file, bytes, h->format_version);
			sl_buf_printf(&b, "game:      %s (%s), rules v%d%s\n", log->game->id, log->game->name,
				h->rules_version, h->rules_version == log->game->rules_version ? "" : " (differs from this build)");
			if (h->title)
				sl_buf_printf(&b, "title:     %s\n", h->title);
			if (h->date)
				sl_buf_printf(&b, "date:      %s\n", h->date);
			for (int p = 0; p < h->nplayers; p++)
				sl_buf_printf(&b, "player:    %-6s %s (#%06x)\n", h->players[p].id,
					h->players[p].name, (unsigned)h->players[p].colour);
			for (int m = 0; m < h->nmeta; m++)
				sl_buf_printf(&b, "meta:      %s %s\n", h->meta[m].key, h->meta[m].value);
			if (h->has_seed)
				sl_buf_printf(&b, "seed:      %llu\n", (unsigned long long)h->seed);
			sl_buf_printf(&b, "turns:     %d\nevents:    %ld (%zu entries with turn and phase markers)\n",
				sl_replay_turns(r), sl_replay_events(r), w.n);
			if (bytes > 0 && sl_replay_events(r) > 0)
				sl_buf_printf(&b, "size:      %.1f bytes per event\n", (double)bytes / (double)sl_replay_events(r));
			if (silb && si.form == SL_SILB_ARCHIVE && si.msegments < si.segments)
				sl_buf_printf(&b, "packed:    %zu segments: entries %zu bytes and keyframes %zu bytes, "
					"deflated to %zu (%.1f:1)\n", si.segments - si.msegments, si.entry_bytes, si.keyframe_bytes,
					si.deflated_bytes, si.deflated_bytes ? (double)(si.entry_bytes + si.keyframe_bytes) /
					(double)si.deflated_bytes : 0.0);
			if (silb && si.form == SL_SILB_ARCHIVE && si.msegments) {
				sl_buf_printf(&b, "modelled:  %zu segments coded by %s's model: keyframes %zu bytes, "
					"entries %zu bytes (%.2f bytes per event), strings %zu bytes deflated", si.msegments,
					log->game->id, si.mkey_bytes, si.mentry_bytes, sl_replay_events(r) > 0
					? (double)si.mentry_bytes / (double)sl_replay_events(r) : 0.0, si.mstring_bytes);
				if (si.base_bytes)
					sl_buf_printf(&b, "; base state %zu bytes", si.base_bytes);
				sl_buf_putc(&b, '\n');
			}
			if (silb && si.dgame)
				sl_buf_printf(&b, "stored:    as the archive's dictionary's game %zu (coded there; this is "
					"a reference to it)\n", si.dgame);
			if (silb && text_bytes && bytes > 0)
				sl_buf_printf(&b, "vs text:   the canonical .sil is %zu bytes: %.1f:1 (%.1f%% of it)\n",
					text_bytes, (double)text_bytes / (double)bytes, 100.0 * (double)bytes / (double)text_bytes);
			sl_buf_printf(&b, "notes:     %ld, bookmarks: %ld, state checks: %ld\n", notes, marks, checks);
			{   /* the recorder's dice (formats/prng.md), checked as the entries passed */
				sl_dice_check dc = I.dc;
				if (!I.bad && dc.dh.committed)
					sl_buf_printf(&b, "dice:      %ld drawn by the recorder, %ld %s undone; the seed is %s\n",
						dc.draws, dc.undone, dc.undone == 1 ? "entry" : "entries", dc.dh.revealed ? "revealed (verify checks every draw)" :
						"secret until the log is closed");
				else if (I.bad)
					sl_buf_printf(&b, "dice:      %s\n", I.de.msg);
			}
			{
				sl_buf t;
				sl_buf_init(&t);
				if (cli_result(log, sl_replay_state(r), &t) == 1)
					sl_buf_printf(&b, "result:    %s\n", sl_buf_cstr(&t));
				else
					sl_buf_puts(&b, "result:    the game goes on\n");
				sl_buf_free(&t);
			}
			sl_buf_printf(&b, "final:     state hash %016llx\n", hash_for(r, &b));
		}
	}
	rc = cli_flush(&b);
	sl_buf_free(&I.t);
	cli_walk_free(&w);
	return rc;
}

int cmd_info(int argc, char **argv)
{
	inspect_opts o;
	int i, rc = EXIT_OK;
	memset(&o, 0, sizeof o);
	o.verb = "info";
	cli_where_init(&o.where);
	i = cli_parse(cli_find("info"), argc, argv, inspect_opt, &o);
	if (i == -2)
		return EXIT_OK;
	if (i < 0)
		return EXIT_USAGE;
	if (i == argc)
		return cli_usage("info", "expected a FILE (or several)");
	/* each file in turn, a blank line between (JSON: a line each); the
	 * worst exit code of them all */
	for (int k = i; k < argc; k++) {
		int one;
		if (k > i && !o.json && fflush(stdout) == 0)
			putchar('\n');
		fflush(stdout);
		/* an archive of many games: its games, as `ls` lists them */
		one = strcmp(argv[k], "-") && sl_sila_is_file(argv[k]) ? cli_ls(argv[k], o.json) : info_one(&o, argv[k]);
		if (one > rc)
			rc = one;
	}
	return rc;
}

/* verify: the replay is fed each run of entries as it is read, so memory
 * holds one segment of an archive or a few thousand lines of a text log,
 * not the log (sl_silb_stream, sl_sil_stream); the dice are checked on the
 * way. */
/* verify --extends: the earlier log's digest after each of its entries (a
 * file), or one digest ("N:HEX"), and where the log being verified parts
 * from it. */
typedef struct extends_ref {
	sl_log *log;              /* the earlier log, NULL for a digest */
	sl_chain *after;          /* after[i]: its digest after i entries, i = 0..n */
	sl_chain want;            /* the digest form */
	uint64_t n;               /* entries the log must start with */
	long parts;               /* -1, or the first entry (1..) that differs; 0 the header */
	uint32_t line;            /* its line in the log verified (text) */
	sl_buf mine, theirs;      /* the two entries where they part */
} extends_ref;

typedef struct verify_ctx {
	sl_replay *r;
	sl_dice_check dice;
	sl_chain chain;           /* the log digest so far */
	sl_chain at_n;            /* --extends N:HEX: the digest after N entries */
	extends_ref *ext;
	/* a fork (`sillage fork`): what its header says its first entries digest
	 * to, and what they do (fork_seen once the log has that many) */
	int has_fork, fork_bad, fork_seen;
	sl_chain fork_want, fork_got;
} verify_ctx;

/* One entry as a line of text, without its comments and annotations. */
static void entry_line(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	sl_event e = *ev;
	e.comment = e.note = e.bookmark = NULL;
	e.glyph = 0;
	sl_sil_write_entry(log, &e, out);
	while (out->len && (out->data[out->len - 1] == '\n' || out->data[0] == '\n')) {
		if (out->data[0] == '\n') {
			memmove(out->data, out->data + 1, out->len - 1);
			out->len--;
		} else {
			out->len--;
		}
	}
}

/* The earlier log of --extends (a file), or its digest ("N:HEX"). */
static int extends_load(extends_ref *x, const char *what, sl_error *err)
{
	sl_chain c;
	int rc;
	memset(x, 0, sizeof *x);
	x->parts = -1;
	sl_buf_init(&x->mine);
	sl_buf_init(&x->theirs);
	if (what[0] >= '0' && what[0] <= '9' && what[strspn(what, "0123456789")] == ':') {
		if (sl_chain_parse(&x->want, what) != SL_OK)
			return sl_error_set(err, SL_EUSAGE, "--extends %s: not a digest (expected N:HEX, the entry "
				"count and 64 hex digits that --digest prints)", what);
		x->n = x->want.n;
		return SL_OK;
	}
	if ((rc = cli_load(&x->log, what, err)))
		return rc;
	x->n = x->log->n;
	x->after = sl_malloc(sizeof *x->after * (x->n + 1));
	if (!x->after || sl_chain_begin(&c, &x->log->h))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	x->after[0] = c;
	for (size_t i = 0; i < x->log->n; i++) {
		if (sl_chain_entry(&c, x->log->game->schema, &x->log->ev[i]))
			return sl_error_set(err, SL_ENOMEM, "out of memory");
		x->after[i + 1] = c;
	}
	return SL_OK;
}

static void extends_free(extends_ref *x)
{
	sl_log_free(x->log);
	sl_free(x->after);
	sl_buf_free(&x->mine);
	sl_buf_free(&x->theirs);
}

/* A fork's header line 'meta fork-digest E:HEX', read with the header. */
static void fork_begin(verify_ctx *v, const sl_log *log)
{
	for (int i = 0; i < log->h.nmeta; i++)
		if (strcmp(log->h.meta[i].key, "fork-digest") == 0) {
			v->has_fork = 1;
			v->fork_bad = sl_chain_parse(&v->fork_want, log->h.meta[i].value) != SL_OK;
		}
}

/* The log digest moves past ev (NULL: the header), and --extends compares. */
static int chain_step(verify_ctx *v, const sl_log *log, const sl_event *ev, sl_error *err)
{
	extends_ref *x = v->ext;
	if (ev ? sl_chain_entry(&v->chain, log->game->schema, ev) : sl_chain_begin(&v->chain, &log->h))
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	if (!ev)
		fork_begin(v, log);
	if (v->has_fork && !v->fork_bad && v->chain.n == v->fork_want.n) {
		v->fork_got = v->chain;
		v->fork_seen = 1;
	}
	if (x && v->chain.n == x->n)
		v->at_n = v->chain;
	if (!x || !x->log || x->parts >= 0 || v->chain.n > x->n)
		return SL_OK;
	if (memcmp(v->chain.d, x->after[v->chain.n].d, sizeof v->chain.d) != 0) {
		x->parts = (long)v->chain.n;
		if (ev) {
			x->line = ev->line;
			entry_line(log, ev, &x->mine);
			entry_line(x->log, &x->log->ev[v->chain.n - 1], &x->theirs);
		}
	}
	return SL_OK;
}

/* After the log: does it continue the earlier one? 0 yes (said), 1 no (said). */
static int extends_report_shown(const verify_ctx *v, const inspect_opts *o, const char *file,
	const sl_chain *at_n)
{
	const extends_ref *x = v->ext;
	char got[SL_CHAIN_TEXT], want[SL_CHAIN_TEXT];
	if (!x->log) {
		sl_chain_format(&x->want, want);
		if (v->chain.n < x->n) {
			fprintf(stderr, "sillage: %s: does not continue %s: it holds %llu entries, fewer than the %llu "
				"that digest covers (entries taken back, or an older copy)\n", file, o->extends,
				(unsigned long long)v->chain.n, (unsigned long long)x->n);
			return 1;
		}
		sl_chain_format(at_n, got);
		if (memcmp(at_n->d, x->want.d, sizeof at_n->d) != 0) {
			fprintf(stderr, "sillage: %s: does not continue %s: its first %llu entries digest to %s, so one "
				"of them (or the game and players) differs from the log that digest was taken of\n", file,
				want, (unsigned long long)x->n, got);
			return 1;
		}
	} else if (x->parts == 0) {
		fprintf(stderr, "sillage: %s: does not continue %s: the game, its rules version or the players "
			"differ\n", file, o->extends);
		return 1;
	} else if (x->parts > 0) {
		if (x->line)
			fprintf(stderr, "sillage: %s:%u:1: does not continue %s: they part at entry %ld: %s has '%s', "
				"this log '%s'\n", file, x->line, o->extends, x->parts, o->extends, sl_buf_cstr((sl_buf *)&x->theirs),
				sl_buf_cstr((sl_buf *)&x->mine));
		else
			fprintf(stderr, "sillage: %s: does not continue %s: they part at entry %ld: %s has '%s', "
				"this log '%s'\n", file, o->extends, x->parts, o->extends, sl_buf_cstr((sl_buf *)&x->theirs),
				sl_buf_cstr((sl_buf *)&x->mine));
		return 1;
	} else if (v->chain.n < x->n) {
		fprintf(stderr, "sillage: %s: does not continue %s: it holds %llu entries, %s %llu (entries "
			"taken back)\n", file, o->extends, (unsigned long long)v->chain.n, o->extends,
			(unsigned long long)x->n);
		return 1;
	}
	sl_chain_format(at_n, got);
	if (!o->quiet)
		printf("%s: continues %s: its first %llu entries are those (digest %s), then %llu more\n", file,
			o->extends, (unsigned long long)x->n, got, (unsigned long long)(v->chain.n - x->n));
	return 0;
}

/* extends_report, the names as a terminal may show them (escaped). */
static int extends_report(const verify_ctx *v, const inspect_opts *o, const char *file, const sl_chain *at_n)
{
	sl_buf t1, t2;
	inspect_opts shown = *o;
	int rc;
	sl_buf_init(&t1);
	sl_buf_init(&t2);
	shown.extends = sl_text_safe_cstr(o->extends, &t2);
	rc = extends_report_shown(v, &shown, sl_text_safe_cstr(file, &t1), at_n);
	sl_buf_free(&t1);
	sl_buf_free(&t2);
	return rc;
}

/* The rules' weights of a drawn value, at the state a replay has reached
 * (the state before the entry being checked). */
static int verify_weights(void *ud, const sl_event *ev, int field, uint8_t *w, int max)
{
	sl_replay *r = ud;
	const sl_log *log = sl_replay_log(r);
	return log->game->chances ? log->game->chances(sl_replay_state(r), &log->h, ev->type, field, w, max) : 0;
}

static int verify_sink(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	verify_ctx *v = ud;
	if (!v->r) {
		int rc = sl_replay_stream(&v->r, log, SL_REPLAY_CHECK, err);
		if (rc || (rc = sl_dice_check_begin(&v->dice, log, err)))
			return rc;
		v->dice.weights = verify_weights;
		v->dice.ud = v->r;
		if ((rc = chain_step(v, log, NULL, err)))
			return rc;
	}
	for (size_t i = 0; i < n; i++)
		if (chain_step(v, log, &ev[i], err))
			return err->code;
	if (!v->dice.dh.committed)
		return sl_replay_feed(v->r, ev, n, err);
	for (size_t i = 0; i < n; i++)   /* each entry checked at the state before it */
		if (sl_dice_check_entry(&v->dice, &ev[i], err) || sl_replay_feed(v->r, &ev[i], 1, err))
			return err->code;
	return SL_OK;
}


/* A failed verify: the message on standard error, and with --json an
 * object saying so on standard output. */
static int verify_fail(const inspect_opts *o, const char *file, const sl_error *err)
{
	int rc = cli_report_silb(err, file);
	if (o->json) {
		char msg[1024];
		sl_buf b;
		sl_error_format(err, msg, sizeof msg);
		sl_buf_init(&b);
		sl_buf_puts(&b, "{\"file\":");
		sl_buf_json_str(&b, file);
		sl_buf_printf(&b, ",\"ok\":false,\"exit\":%d,\"error\":", rc);
		sl_buf_json_str(&b, msg);
		sl_buf_puts(&b, "}\n");
		cli_flush(&b);
	}
	return rc;
}

static int verify_run(const inspect_opts *o, const char *file, verify_ctx *v, sl_silb_info *si, sl_error *err);

/* verify ARCHIVE (of many games): every game, each alone as ARCHIVE:NAME
 * (the dictionary and its own bytes), a line each; the first failure's
 * exit code once all are done. */
static int verify_archive(const inspect_opts *o, const char *file)
{
	sl_sila *a;
	sl_error err;
	int rc = EXIT_OK;
	sl_error_clear(&err);
	if (o->extends)
		return cli_usage("verify", "--extends compares one log: name a game of the archive (%s:NAME)", file);
	if (sl_sila_open(&a, file, &err))
		return verify_fail(o, file, &err);
	for (size_t i = 0; i < sl_sila_count(a); i++) {
		const char *name = sl_sila_at(a, i)->name;
		size_t n = strlen(file) + strlen(name) + 2;
		char *path = malloc(n);
		verify_ctx v;
		sl_silb_info si;
		int one;
		if (!path) {
			sl_sila_close(a);
			return EXIT_IO;
		}
		snprintf(path, n, "%s:%s", file, name);
		memset(&v, 0, sizeof v);
		memset(&si, 0, sizeof si);
		si.form = SL_SILB_ARCHIVE;
		sl_error_clear(&err);
		one = verify_run(o, path, &v, &si, &err);
		if (one && rc == EXIT_OK)
			rc = one;
		free(path);
	}
	sl_sila_close(a);
	return rc;
}

int cmd_verify(int argc, char **argv)
{
	inspect_opts o;
	const char *file;
	verify_ctx v;
	sl_error err;
	sl_silb_info si;
	extends_ref ext;
	int rc = one_file("verify", argc, argv, &o, &file);
	if (rc >= 0)
		return rc;
	if (sl_sila_is_file(file))
		return verify_archive(&o, file);
	memset(&v, 0, sizeof v);
	memset(&si, 0, sizeof si);
	si.form = SL_SILB_ARCHIVE;
	sl_error_clear(&err);
	if (o.extends) {
		if ((rc = extends_load(&ext, o.extends, &err))) {
			extends_free(&ext);
			return verify_fail(&o, o.extends, &err);
		}
		v.ext = &ext;
	}
	rc = verify_run(&o, file, &v, &si, &err);
	if (v.ext)
		extends_free(&ext);
	return rc;
}

/* verify, once --extends is loaded. */
/* A sound log: what verify found, as text or JSON (and --digest). */
static void verify_say(const inspect_opts *o, const char *file, const verify_ctx *v, const sl_log *log,
	uint64_t h)
{
	sl_buf tmp;
	/* a file's name goes to the terminal escaped, as the failure line's does
	 * (an OSC 52 in a name must not reach it); JSON escapes its own */
	const char *shown;
	sl_buf_init(&tmp);
	shown = sl_text_safe_cstr(file, &tmp);
	if (o->digest && !o->json) {
		char d[SL_CHAIN_TEXT];
		sl_chain_format(&v->chain, d);
		printf("%s: digest %s (keep it, or mail it: `sillage verify --extends %s LATER` says whether a later "
			"copy continues this one)\n", shown, d, d);
	}
	if (o->json) {
		sl_buf b;
		sl_buf_init(&b);
		sl_buf_puts(&b, "{\"file\":");
		sl_buf_json_str(&b, file);
		sl_buf_puts(&b, ",\"ok\":true,\"game\":");
		sl_buf_json_str(&b, log->game->id);
		sl_buf_printf(&b, ",\"rules_version\":%d,\"events\":%ld,\"turns\":%d,\"state_checks\":%ld,"
			"\"final_hash\":\"%016llx\",\"dice\":{\"seed\":\"%s\",\"drawn\":%ld,\"checked\":%s,\"undone\":%ld}",
			log->game->rules_version, sl_replay_events(v->r), sl_replay_turns(v->r), sl_replay_checks(v->r),
			(unsigned long long)h,
			!v->dice.dh.committed ? "none" : v->dice.dh.revealed ? "revealed" : "secret", v->dice.draws,
			v->dice.dh.revealed ? "true" : "false", v->dice.undone);
		cli_result_json(log, sl_replay_state(v->r), &b);
		sl_buf_puts(&b, "}\n");
		cli_flush(&b);
	} else if (!o->quiet) {
		printf("%s: ok: %ld events over %d turn%s replayed under %s rules v%d; ", shown,
			sl_replay_events(v->r), sl_replay_turns(v->r), sl_replay_turns(v->r) == 1 ? "" : "s",
			log->game->id, log->game->rules_version);
		if (sl_replay_checks(v->r))
			printf("%ld state checks match; final hash %016llx\n", sl_replay_checks(v->r),
				(unsigned long long)h);
		else
			printf("no state checks recorded (rules only; `sillage convert --seal` adds them)\n");
		if (v->dice.dh.revealed && v->dice.dh.nshares)
			printf("%s: dice: each of the %d players' revealed shares opens its commitment, and together "
				"they give %s%ld %s drawn\n", shown, v->dice.dh.nshares, v->dice.draws == 1 ? "the " : "each of the ",
				v->dice.draws, v->dice.draws == 1 ? "die" : "dice");
		else if (v->dice.dh.revealed)
			printf("%s: dice: the revealed seed opens the header's commitment and gives %s%ld %s the "
				"recorder drew\n", shown, v->dice.draws == 1 ? "the " : "each of the ", v->dice.draws,
				v->dice.draws == 1 ? "die" : "dice");
		else if (v->dice.dh.committed)
			printf("%s: dice: %ld drawn by the recorder from a secret seed; they are checked once the log "
				"is closed ('close' in `sillage record`)\n", shown, v->dice.draws);
	}
	sl_buf_free(&tmp);
}

/* Streams FILE, or standard input ("-", read whole first), to verify_sink. */
static int verify_read(const char *file, sl_log **log, verify_ctx *v, sl_silb_info *si, sl_error *err)
{
	char *data;
	size_t n;
	int rc, silb;
	if (strcmp(file, "-") != 0)
		return cli_path_silb(file) ? sl_silb_stream(log, file, verify_sink, v, si, err)
		                     : sl_sil_stream(log, file, verify_sink, v, err);
	/* standard input: a text log a window at a time, for any length */
	rc = cli_stdin_stream(log, &data, &n, 0, verify_sink, v, si, &silb, err);
	sl_free(data);
	return rc;
}

/* A fork's first entries must be those it was made with (formats/sil.md,
 * "Branches"): its own digest after them is the one its header gives. */
static int fork_check(const inspect_opts *o, const char *file, const verify_ctx *v, const sl_log *log,
	sl_error *err)
{
	const char *of = NULL;
	sl_buf t1, t2;
	if (!v->has_fork)
		return SL_OK;
	for (int i = 0; i < log->h.nmeta; i++)
		if (strcmp(log->h.meta[i].key, "fork-of") == 0)
			of = log->h.meta[i].value;
	if (v->fork_bad)
		return sl_error_set(err, SL_EILLEGAL, "%s: meta fork-digest is not 'E:HEX' (the entries kept and "
			"64 hex digits, as `sillage fork` writes it)", file);
	if (!v->fork_seen)
		return sl_error_set(err, SL_EILLEGAL, "%s: a fork that keeps %llu entries of %s holds only %llu", file,
			(unsigned long long)v->fork_want.n, of ? of : "its main line", (unsigned long long)v->chain.n);
	if (memcmp(v->fork_got.d, v->fork_want.d, sizeof v->fork_got.d) != 0)
		return sl_error_set(err, SL_EILLEGAL, "%s: its first %llu entries are not the ones it was forked with "
			"from %s (meta fork-digest): one of them, or the game and players, changed since (`sillage verify "
			"--extends MAIN %s` names the entry)", file, (unsigned long long)v->fork_want.n, of ? of : "its main line",
			file);
	if (!o->quiet && !o->json) {
		sl_buf_init(&t1);
		sl_buf_init(&t2);
		printf("%s: a fork of %s: its first %llu entries are those it was forked with (meta fork-digest)\n",
			sl_text_safe_cstr(file, &t1), of ? sl_text_safe_cstr(of, &t2) : "its main line",
			(unsigned long long)v->fork_want.n);
		sl_buf_free(&t1);
		sl_buf_free(&t2);
	}
	return SL_OK;
}

static int verify_run(const inspect_opts *o, const char *file, verify_ctx *v, sl_silb_info *si, sl_error *err)
{
	sl_log *log = NULL;
	uint64_t h;
	int rc;
	/* a file or standard input alike, streamed: the input and one run of
	 * entries in memory, not the log (issue 29: 295 MB for 1 M events) */
	if (verify_read(file, &log, v, si, err)) {
		sl_replay_free(v->r);
		return verify_fail(o, file, err);
	}
	if (!v->r && (rc = verify_sink(v, log, NULL, 0, err))) {   /* no entries */
		sl_log_free(log);
		return verify_fail(o, file, err);
	}
	if (o->strict && si->form == SL_SILB_JOURNAL) {
		sl_error_set(err, SL_EILLEGAL, "%s: a journal (open, not packed): with no trailer, a "
			"journal cut between two records cannot be told from a complete one; `sillage "
			"pack` it, then verify the archive", file);
		goto fail;
	}
	if (sl_replay_warning(v->r))
		fprintf(stderr, "sillage: %s: warning: %s\n", file, sl_replay_warning(v->r));
	if (sl_dice_check_end(&v->dice, log->tail_comment, err) || sl_replay_hash_get(v->r, &h, err))
		goto fail;
	if (v->ext && extends_report(v, o, file, &v->at_n)) {
		sl_replay_free(v->r);
		sl_log_free(log);
		return EXIT_FAIL;
	}
	if (fork_check(o, file, v, log, err))
		goto fail;
	verify_say(o, file, v, log, h);
	sl_replay_free(v->r);
	sl_log_free(log);
	return EXIT_OK;
fail:
	sl_replay_free(v->r);
	sl_log_free(log);
	return verify_fail(o, file, err);
}

/* state --turn T or --event N of a .silb archive: the one segment that
 * holds it, through the index (issue 29); -1 when that does not apply. */
static int state_at(const inspect_opts *o, const char *file)
{
	cli_at at;
	sl_buf b;
	int turn, phase, rc;
	if ((rc = o->where.event >= 0 ? cli_at_open_event(&at, file, &o->where)
	    : o->where.phase > 1 ? cli_at_seek(&at, file, &o->where, NULL)
	    : cli_at_open(&at, file, &o->where)) < 0)
		return -1;
	if (rc)
		return rc;
	sl_buf_init(&b);
	at.log->game->position(at.st, &turn, &phase);
	{
		uint64_t h = 0;
		if (sl_game_hash(at.log->game, at.st, &h) != SL_OK)
			b.failed = 1;
		if (o->json) {
			sl_buf_printf(&b, "{\"event\":%ld,\"turn\":%d,\"phase\":%d,\"hash\":\"%016llx\",\"state\":",
				at.event_no, turn, phase, (unsigned long long)h);
			at.log->game->summary_json(at.st, &at.log->h, &b);
			cli_result_json(at.log, at.st, &b);
			sl_buf_puts(&b, "}\n");
		} else {
			sl_buf_printf(&b, "after event %ld of %ld; turn %d, phase %d (%s); state hash %016llx\n",
				at.event_no, at.events, turn, phase, sl_phase_name(at.log->game->schema, phase),
				(unsigned long long)h);
			at.log->game->summary(at.st, &at.log->h, &b);
		}
	}
	rc = cli_flush(&b);
	cli_at_close(&at);
	return rc;
}

/* state: the log walked once (cli_walk), the state at the position kept. */
int cmd_state(int argc, char **argv)
{
	inspect_opts o;
	const char *file;
	cli_walk w;
	sl_buf b;
	const void *st;
	const sl_log *log;
	int turn, phase;
	int rc = one_file("state", argc, argv, &o, &file);
	if (rc >= 0)
		return rc;
	if ((rc = state_at(&o, file)) >= 0)
		return rc;
	cli_walk_init(&w);
	w.where = o.where;
	if ((rc = cli_walk_open(&w, file)) || (rc = cli_walk_where(&w)))
		goto out;
	log = w.log;
	st = cli_walk_state(&w);
	sl_buf_init(&b);
	log->game->position(st, &turn, &phase);
	{
		uint64_t h = 0;
		if (sl_game_hash(log->game, st, &h) != SL_OK)
			b.failed = 1;
		if (o.json) {
			sl_buf_printf(&b, "{\"event\":%ld,\"turn\":%d,\"phase\":%d,\"hash\":\"%016llx\",\"state\":",
				w.at_event, turn, phase, (unsigned long long)h);
			log->game->summary_json(st, &log->h, &b);
			cli_result_json(log, st, &b);
			sl_buf_puts(&b, "}\n");
		} else {
			sl_buf_printf(&b, "after event %ld of %ld; turn %d, phase %d (%s); state hash %016llx\n",
				w.at_event, sl_replay_events(w.r), turn, phase,
				sl_phase_name(log->game->schema, phase), (unsigned long long)h);
			log->game->summary(st, &log->h, &b);
		}
	}
	rc = cli_flush(&b);
out:
	cli_walk_free(&w);
	return rc;
}

/* log: each entry described as it is walked (the state before it), the
 * lines gathered and printed once the whole log has replayed, so that an
 * illegal entry anywhere prints nothing but its error, as before. */
typedef struct log_walk {
	const inspect_opts *o;
	sl_buf b, d;
	long no;
	int first, view, bad_side;
	FILE *spill;              /* the lines beyond a chunk, printed at the end */
} log_walk;

#define LOG_CHUNK (1u << 20)   /* bytes of lines held before they spill */

/* The lines so far out of memory (a temporary file): a long game's text is
 * many times its archive. */
static int log_spill(log_walk *L, sl_error *err)
{
	if (L->b.failed)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	if (!L->spill && !(L->spill = tmpfile()))
		return sl_error_set(err, SL_EIO, "cannot create a temporary file for the lines");
	if (fwrite(L->b.data, 1, L->b.len, L->spill) != L->b.len)
		return sl_error_set(err, SL_EIO, "cannot write a temporary file for the lines");
	sl_buf_reset(&L->b);
	return SL_OK;
}

/* Prints the spilled lines, then b (flush); an exit code. */
static int log_print(log_walk *L)
{
	char chunk[65536];
	size_t n;
	if (L->spill && !L->b.failed) {
		if (fflush(L->spill) != 0 || fseek(L->spill, 0, SEEK_SET) != 0) {
			fputs("sillage: cannot read back the lines\n", stderr);
			return EXIT_IO;
		}
		/* whole lines: each chunk was cut at the end of an entry's lines, and
		 * a line is at most a few KB; a terminal's escaping sees each whole */
		while ((n = fread(chunk, 1, sizeof chunk, L->spill)) > 0) {
			size_t cut = n;
			while (cut > 0 && chunk[cut - 1] != '\n')
				cut--;
			if (cut == 0)
				cut = n;
			cli_write_text(stdout, chunk, cut);
			if (cut < n)
				fseek(L->spill, -(long)(n - cut), SEEK_CUR);
		}
	}
	return cli_flush(&L->b);
}

static int log_header(cli_walk *w, const sl_event *unused, sl_error *err)
{
	log_walk *L = w->ud;
	/* a side that is not a player is said once the log has replayed, as before */
	if (L->o->side && (L->view = sl_header_player(&w->log->h, L->o->side)) < 0) {
		L->view = SL_VIEW_ALL;
		L->bad_side = 1;
	}
	return SL_OK;
}

static void log_line(log_walk *L, const sl_event *ev, size_t i, int turn, int phase)
{
	sl_buf *b = &L->b;
	if (L->o->json) {
		sl_buf_printf(b, "%s\n{\"entry\":%zu,\"kind\":\"%s\",\"event\":%ld,\"turn\":%d,\"phase\":%d,\"line\":%u,\"text\":",
			L->first ? "" : ",", i + 1, ev->entry == SL_ENTRY_TURN ? "turn" : ev->entry == SL_ENTRY_PHASE ? "phase" : "event",
			ev->entry == SL_ENTRY_EVENT ? L->no : 0, turn, phase, ev->line);
		sl_buf_json_str(b, sl_buf_cstr(&L->d));
		if (sl_glyph_text(ev->glyph))
			sl_buf_printf(b, ",\"glyph\":\"%s\"", sl_glyph_text(ev->glyph));
		if (ev->note) {
			sl_buf_puts(b, ",\"note\":");
			sl_buf_json_str(b, ev->note);
		}
		if (ev->bookmark) {
			sl_buf_puts(b, ",\"bookmark\":");
			sl_buf_json_str(b, ev->bookmark);
		}
		sl_buf_putc(b, '}');
		L->first = 0;
	} else if (ev->entry == SL_ENTRY_TURN) {
		sl_buf_printf(b, "\n== %s ==\n", sl_buf_cstr(&L->d));
	} else if (ev->entry == SL_ENTRY_PHASE) {
		sl_buf_printf(b, "-- %s --\n", sl_buf_cstr(&L->d));
	} else {
		/* what undo took back before this event (recorded by `record`) */
		for (const char *c = ev->comment; c && (c = strstr(c, "# undone: ")); c += 10)
			if (c == ev->comment || c[-1] == '\n')
				sl_buf_printf(b, "       (undone: %.*s)\n", (int)strcspn(c + 10, "\n"), c + 10);
		if (turn == 0)
			sl_buf_printf(b, "%5ld  setup  %s", L->no, sl_buf_cstr(&L->d));
		else
			sl_buf_printf(b, "%5ld  T%d.%d   %s", L->no, turn, phase, sl_buf_cstr(&L->d));
		if (sl_glyph_text(ev->glyph))   /* as an annotator writes it, after the move */
			sl_buf_printf(b, "  %s (%s)", sl_glyph_text(ev->glyph), sl_glyph_name(ev->glyph));
		sl_buf_putc(b, '\n');
		if (ev->note)
			sl_buf_printf(b, "       note: %s\n", ev->note);
		if (ev->bookmark)
			sl_buf_printf(b, "       bookmark: %s\n", ev->bookmark);
	}
}

/* Each entry: described and applied here (the walk's own feed is skipped). */
static int log_each(cli_walk *w, const sl_event *ev, sl_error *err)
{
	log_walk *L = w->ud;
	int turn, phase, rc;
	sl_buf_reset(&L->d);
	if ((rc = sl_replay_feed_describe(w->r, ev, L->view, &L->d, NULL, err)))
		return rc;
	sl_replay_where(w->r, &turn, &phase);
	L->no += ev->entry == SL_ENTRY_EVENT;
	log_line(L, ev, w->n, turn, phase);
	return L->b.len >= LOG_CHUNK ? log_spill(L, err) : SL_OK;
}

int cmd_log(int argc, char **argv)
{
	inspect_opts o;
	const char *file;
	cli_walk w;
	log_walk L;
	sl_error err;
	int rc = one_file("log", argc, argv, &o, &file);
	if (rc >= 0)
		return rc;
	memset(&L, 0, sizeof L);
	L.o = &o;
	L.first = 1;
	L.view = SL_VIEW_ALL;
	sl_buf_init(&L.b);
	sl_buf_init(&L.d);
	if (o.json)
		sl_buf_putc(&L.b, '[');
	cli_walk_init(&w);
	w.header = log_header;
	w.each = log_each;
	w.applied = 1;
	w.ud = &L;
	sl_error_clear(&err);
	if ((rc = cli_walk_run(&w, file, &err))) {
		rc = cli_report_silb(&err, file);
		goto out;
	}
	if (sl_replay_warning(w.r))
		fprintf(stderr, "sillage: %s: warning: %s\n", file, sl_replay_warning(w.r));
	if (L.bad_side) {
		rc = cli_usage("log", "--side '%s' is not a player of this log", o.side);
		goto out;
	}
	if (o.json) {
		sl_buf_puts(&L.b, "\n]\n");
	} else {
		sl_buf_reset(&L.d);
		if (cli_result(w.log, sl_replay_state(w.r), &L.d) == 1)
			sl_buf_printf(&L.b, "\n== the game is over: %s ==\n", sl_buf_cstr(&L.d));
	}
	if (L.d.failed)
		L.b.failed = 1;   /* a description was cut short */
	rc = log_print(&L);
	sl_buf_init(&L.b);
out:
	sl_buf_free(&L.b);
	sl_buf_free(&L.d);
	if (L.spill)
		fclose(L.spill);
	cli_walk_free(&w);
	return rc;
}
