/* recorder.c - `sillage record`: a game typed line by line. Every line is
 * checked when it is typed and a refused one changes nothing; the file on
 * disk is always a readable log; the recorder's dice come from a secret
 * seed committed in the header and revealed at 'close' (formats/prng.md). */
#include "cli.h"
#include "replay/sl_dice.h"
#include "rec_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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
		if (strcmp(arg, "event") == 0)
			a->sync = SL_SILB_SYNC_EVENT;
		else if (strcmp(arg, "turn") == 0)
			a->sync = SL_SILB_SYNC_TURN;
		else if (strcmp(arg, "none") == 0)
			a->sync = SL_SILB_SYNC_NONE;
		else
			return cli_usage("record", "bad --sync '%s' (event, turn or none)", arg);
		break;
	case 311: a->no_pack = 1; break;
	case 312: return cli_coding_opt(arg);
	}
	return 0;
}

typedef struct recorder {
	const char *path;
	char *dice_path;      /* FILE.dice: the secret while the log is open */
	sl_log *log;          /* NULL until the header names the format and a game */
	sl_header h;          /* the header while it is incomplete */
	char **hl;            /* the header's lines: hbase from the file or --game, then typed */
	int nhl, hbase;
	char *hcomment;       /* the header comment of a resumed file */
	void *st;
	sl_buf pending;       /* comment lines for the next entry */
	int quiet, refused, interactive;
	int last_refused;     /* the previous line was refused */
	int created;          /* FILE did not exist before this session */
	int io_failed;        /* a write failed: the recording stops, exit 4 */
	int closed;           /* the dice seed is revealed: nothing more is recorded */
	int quit;             /* ended by quit, exit or close */
	long events;
	int silb, sync;       /* FILE.silb: a journal, synced as --sync says */
	sl_silb_journal *j;   /* NULL until the first change, or after a failed write */
	/* the dice (formats/prng.md) */
	sl_dice_header dh;    /* what the header says */
	int have_secret;      /* seed and salt known (FILE.dice) */
	uint64_t next;        /* the next counter: never goes back */
} recorder;

enum { REC_HEADER, REC_ENTRY, REC_UNDO, REC_ANNOTATE, REC_TAIL };

/* ---- saving --------------------------------------------------------------- */

/* Makes the change `op` (already made to rc->log) durable: the whole text
 * file, or one journal record. A failed write stops the recording: the file
 * keeps what was accepted before it. */
static int rec_save(recorder *rc, int op)
{
	sl_error err;
	int r;
	if (!rc->silb) {
		r = cli_save_log(rc->log, rc->path) == EXIT_OK ? 0 : -1;
		if (r)
			rc->io_failed = 1;
		return r;
	}
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
		rc->io_failed = 1;
		return -1;
	}
	return 0;
}

/* The whole file again (a header change after the first entry). */
static int rec_rewrite(recorder *rc)
{
	if (rc->j) {
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
	}
	return rec_save(rc, REC_HEADER);
}

/* Fails at once, exit 4, when FILE's folder cannot be written. */
static int rec_check_writable(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 1;
	if (n >= sizeof dir)
		n = sizeof dir - 1;
	memcpy(dir, slash ? path : ".", n);
	dir[n ? n : 1] = 0;
	if (slash == path)
		strcpy(dir, "/");
	if (access(dir, W_OK | X_OK) != 0) {
		fprintf(stderr, "sillage: record: %s: cannot write in folder '%s': %s\n", path, dir, strerror(errno));
		return EXIT_IO;
	}
	if (access(path, F_OK) == 0 && access(path, W_OK) != 0) {
		fprintf(stderr, "sillage: record: %s: cannot write: %s\n", path, strerror(errno));
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* ---- the dice secret, FILE.dice ------------------------------------------- */

static int meta_set(sl_header *h, const char *key, const char *value)
{
	sl_meta *m;
	for (int i = 0; i < h->nmeta; i++)
		if (strcmp(h->meta[i].key, key) == 0) {
			sl_free(h->meta[i].value);
			h->meta[i].value = sl_strdup(value);
			return h->meta[i].value ? 0 : -1;
		}
	m = sl_realloc(h->meta, sizeof *m * (size_t)(h->nmeta + 1));
	if (!m)
		return -1;
	h->meta = m;
	m[h->nmeta].key = sl_strdup(key);
	m[h->nmeta].value = sl_strdup(value);
	h->nmeta++;
	return m[h->nmeta - 1].key && m[h->nmeta - 1].value ? 0 : -1;
}

/* The dice lines of the header, from rc->dh. */
static int dice_meta(const recorder *rc, sl_header *h)
{
	char hex[2 * SL_DICE_KEY_BYTES + 1];
	if (!rc->dh.committed)
		return 0;
	sl_hexstr_encode(hex, rc->dh.commit, sizeof rc->dh.commit);
	if (meta_set(h, SL_DICE_META_COMMIT, hex))
		return -1;
	if (!rc->dh.revealed)
		return 0;
	sl_hexstr_encode(hex, rc->dh.seed, sizeof rc->dh.seed);
	if (meta_set(h, SL_DICE_META_SEED, hex))
		return -1;
	sl_hexstr_encode(hex, rc->dh.salt, sizeof rc->dh.salt);
	return meta_set(h, SL_DICE_META_SALT, hex);
}

/* Writes FILE.dice (mode 0600, atomically): the seed, the salt and the next
 * counter, before any die drawn with them is shown. */
static int secret_write(recorder *rc)
{
	char tmp[4200], seed[2 * SL_DICE_KEY_BYTES + 1], salt[2 * SL_SALT_BYTES + 1];
	sl_buf b;
	int fd, ok;
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", rc->dice_path);
	fd = mkstemp(tmp);   /* 0600 */
	if (fd < 0) {
		fprintf(stderr, "sillage: %s: cannot create: %s\n", rc->dice_path, strerror(errno));
		return -1;
	}
	sl_hexstr_encode(seed, rc->dh.seed, sizeof rc->dh.seed);
	sl_hexstr_encode(salt, rc->dh.salt, sizeof rc->dh.salt);
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage dice secret of %s: keep it private until the log is closed "
		"(formats/prng.md)\nseed %s\nsalt %s\nnext %llu\n", rc->path, seed, salt, (unsigned long long)rc->next);
	ok = !b.failed && write(fd, b.data, b.len) == (ssize_t)b.len && fsync(fd) == 0;
	sl_buf_free(&b);
	if (close(fd) != 0)
		ok = 0;
	if (!ok || rename(tmp, rc->dice_path) != 0) {
		fprintf(stderr, "sillage: %s: cannot write: %s\n", rc->dice_path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Reads FILE.dice into rc->dh (seed, salt) and *next. 1 read, 0 absent,
 * -1 unreadable (said). */
static int secret_read(recorder *rc, uint64_t *next)
{
	FILE *f = fopen(rc->dice_path, "r");
	char line[256];
	int have = 0;
	*next = 0;
	if (!f)
		return errno == ENOENT ? 0 : (fprintf(stderr, "sillage: %s: %s\n", rc->dice_path, strerror(errno)), -1);
	while (fgets(line, sizeof line, f)) {
		size_t n = strcspn(line, "\r\n");
		line[n] = 0;
		if (strncmp(line, "seed ", 5) == 0 && !sl_hexstr_decode(rc->dh.seed, sizeof rc->dh.seed, line + 5, n - 5))
			have |= 1;
		else if (strncmp(line, "salt ", 5) == 0 && !sl_hexstr_decode(rc->dh.salt, sizeof rc->dh.salt, line + 5, n - 5))
			have |= 2;
		else if (strncmp(line, "next ", 5) == 0)
			*next = strtoull(line + 5, NULL, 10);
	}
	fclose(f);
	if (have != 3) {
		fprintf(stderr, "sillage: %s: not a dice secret (expected 'seed HEX64' and 'salt HEX32' lines)\n",
			rc->dice_path);
		return -1;
	}
	return 1;
}

/* The first drawn die of a log: a secret (FILE.dice if it is there, else
 * from the system), its commitment written into the header first. */
static int secret_new(recorder *rc, sl_error *err)
{
	uint64_t next = 0;
	int r = secret_read(rc, &next);
	if (r < 0)
		return sl_error_set(err, SL_EIO, "%s: the dice secret cannot be read", rc->dice_path);
	if (r == 0 && (sl_random_bytes(rc->dh.seed, sizeof rc->dh.seed) ||
	               sl_random_bytes(rc->dh.salt, sizeof rc->dh.salt)))
		return sl_error_set(err, SL_EIO, "no random bytes from the system for the dice seed");
	if (sl_commit(rc->dh.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed))
		return sl_error_set(err, SL_EIO, "cannot commit to the dice seed");
	rc->dh.committed = 1;
	rc->have_secret = 1;
	if (next > rc->next)
		rc->next = next;
	if (secret_write(rc) || dice_meta(rc, &rc->log->h) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the dice commitment could not be written");
	}
	return SL_OK;
}

/* Fills the dice written '?' with draws from the secret, each at the next
 * counter, and writes the "# dice" line saying which counter drew which die
 * into *line. The counter is saved before any die is shown. */
static int rec_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err)
{
	const sl_event_def *def;
	int any = 0;
	if (ev->entry != SL_ENTRY_EVENT)
		return SL_OK;
	def = &rc->log->game->schema->events[ev->type];
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && ev->f[k].present)
			for (int d = 0; d < ev->f[k].n; d++)
				any |= ((const uint8_t *)ev->f[k].p)[d] == 0;
	if (!any)
		return SL_OK;
	if (rc->dh.revealed)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is "
			"revealed): the recorder draws no more dice");
	if (rc->dh.committed && !rc->have_secret)
		return sl_error_at(err, SL_EUSAGE, "<stdin>", lineno, 1, "the dice secret %s is missing, so the "
			"recorder cannot draw: write the dice rolled at the table", rc->dice_path);
	if (!rc->dh.committed && secret_new(rc, err))
		return err->code;
	sl_buf_printf(line, "%s%s", SL_DICE_LINE, def->name);
	for (int k = 0; k < def->nfields; k++) {
		uint8_t *items = (uint8_t *)(uintptr_t)ev->f[k].p;   /* our arena */
		int drawn = 0;
		if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
			continue;
		for (int d = 0; d < ev->f[k].n; d++)
			drawn |= items[d] == 0;
		if (!drawn)
			continue;
		sl_buf_printf(line, " %s=", def->fields[k].name);
		for (int d = 0; d < ev->f[k].n; d++) {
			if (items[d] == 0) {
				int v = sl_dice_draw(rc->dh.seed, rc->next, def->fields[k].max);
				if (v < 1)
					return sl_error_set(err, SL_EIO, "the dice cannot be drawn");
				items[d] = (uint8_t)v;
				sl_buf_printf(line, "%s%llu:%d", d ? "," : "", (unsigned long long)rc->next, v);
				rc->next++;
			} else {
				sl_buf_printf(line, "%s-:%d", d ? "," : "", items[d]);
			}
		}
	}
	if (secret_write(rc)) {
		rc->io_failed = 1;
		return sl_error_set(err, SL_EIO, "the dice counter could not be saved");
	}
	return SL_OK;
}

/* ---- state ---------------------------------------------------------------- */

/* Rebuilds the state from the log's entries (after undo or a header change). */
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

static void rec_refuse(recorder *rc, const sl_error *err)
{
	cli_report(err);
	rc->refused++;
	rc->last_refused = 1;
}

struct line_info;
static void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno,
	const struct line_info *li);

/* ---- the header ----------------------------------------------------------- */

static const char *const header_words[] = {"sil", "game", "title", "date", "player", "meta", "seed", NULL};
enum { HW_SIL, HW_GAME, HW_TITLE, HW_DATE, HW_PLAYER, HW_META, HW_SEED };

/* The header keyword s starts with, or -1. */
static int header_word(const char *s)
{
	size_t n = strcspn(s, " \t");
	return s[n] == 0 || s[n] == ' ' || s[n] == '\t' ? sl_schema_token(header_words, s, n) : -1;
}

static int hl_push(recorder *rc, const char *s, size_t n)
{
	char **p = sl_realloc(rc->hl, sizeof *p * (size_t)(rc->nhl + 1));
	if (!p)
		return -1;
	rc->hl = p;
	rc->hl[rc->nhl] = sl_strndup(s, n);
	if (!rc->hl[rc->nhl])
		return -1;
	rc->nhl++;
	return 0;
}

/* The header from its lines (and one more, when line is not NULL) and the
 * recorder's dice lines. On error *out is freed and err says why. */
static int hdr_build(recorder *rc, const char *line, size_t len, uint32_t lineno, sl_header *out, sl_error *err)
{
	sl_error dummy;
	memset(out, 0, sizeof *out);
	sl_error_clear(&dummy);
	for (int i = 0; i < rc->nhl; i++)
		if (sl_sil_parse_header_line(out, "<stdin>", rc->hl[i], strlen(rc->hl[i]), 0, &dummy) < 0) {
			sl_header_free(out);
			return sl_error_set(err, dummy.code, "the header cannot be rebuilt: %s", dummy.msg);
		}
	if (line && sl_sil_parse_header_line(out, "<stdin>", line, len, lineno, err) < 0) {
		sl_header_free(out);
		return err->code;
	}
	if (rc->hcomment)
		out->comment = sl_strdup(rc->hcomment);
	if (dice_meta(rc, out)) {
		sl_header_free(out);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	return SL_OK;
}

/* The header is complete (format and game): the log starts, and reaches
 * the disk at once. */
static int rec_start(recorder *rc, sl_error *err)
{
	const sl_game *g = sl_game_find(rc->h.game);
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "unknown game '%s' (see `sillage games`)", rc->h.game);
	rc->log = sl_log_new(g);
	if (!rc->log)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	rc->log->h = rc->h;
	memset(&rc->h, 0, sizeof rc->h);
	rc->log->name = sl_strdup("<stdin>");
	if (g->init(&rc->st, &rc->log->h, err)) {   /* not started after all */
		rc->h = rc->log->h;
		memset(&rc->log->h, 0, sizeof rc->log->h);
		sl_log_free(rc->log);
		rc->log = NULL;
		rc->st = NULL;
		return err->code;
	}
	return rec_save(rc, REC_HEADER) ? SL_EIO : SL_OK;
}

/* Back to an incomplete header: the log is dropped, and the file too when
 * this session made it. */
static void rec_unstart(recorder *rc)
{
	if (rc->j) {
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
	}
	if (rc->st)
		rc->log->game->destroy(rc->st);
	rc->st = NULL;
	rc->h = rc->log->h;
	memset(&rc->log->h, 0, sizeof rc->log->h);
	sl_log_free(rc->log);
	rc->log = NULL;
	if (rc->created)
		unlink(rc->path);
}

/* Puts a new header in place: the log's (state rebuilt, file rewritten) or
 * the incomplete one's, starting the log when it becomes complete. */
static int rec_install(recorder *rc, sl_header *cand, sl_error *err)
{
	if (rc->log) {
		sl_header_free(&rc->log->h);
		rc->log->h = *cand;
		if (!cand->game || !cand->format_version) {
			rec_unstart(rc);
			return SL_OK;
		}
		if (rec_rebuild(rc, err))
			return err->code;
		return rec_rewrite(rc) ? SL_EIO : SL_OK;   /* a journal stays one header long */
	}
	sl_header_free(&rc->h);
	rc->h = *cand;
	if (rc->h.format_version && rc->h.game)
		return rec_start(rc, err);
	return SL_OK;
}

static int game_ids(const char **ids, int max)
{
	int n = 0;
	for (int k = 0; sl_games[k] && n < max; k++)
		ids[n++] = sl_games[k]->id;
	ids[n] = NULL;
	return n;
}

/* A header line, checked as it is typed: refused, it changes nothing. */
static void rec_header_line(recorder *rc, int hw, const char *line, size_t len, uint32_t lineno)
{
	const sl_header *cur = rc->log ? &rc->log->h : &rc->h;
	size_t col = (size_t)(strspn(line, " \t") + 1);
	sl_header cand;
	sl_error err;
	sl_error_clear(&err);
	if (hw != HW_SIL && !cur->format_version) {
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)col, "a new log starts with 'sil 1' "
			"(then 'game ID VERSION'; or use --game ID)");
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	if (hw == HW_SIL && cur->format_version) {
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)col, "the header already has its "
			"'sil %d' line", cur->format_version);
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	if (hw == HW_GAME && cur->game) {
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)col, "this log is already a %s %d game: "
			"a log has one 'game' line ('undo' takes a header line back)", cur->game, cur->rules_version);
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	if (hw == HW_SEED && !rc->quiet)
		printf("note: the 'seed' line is kept, but the recorder's dice come from a secret seed committed "
			"in the header and revealed at 'close' (formats/prng.md)\n");
	if (hw == HW_META) {
		const char *k = line + col - 1 + 4;
		k += strspn(k, " \t");
		if (strncmp(k, "dice-", 5) == 0) {
			sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, (uint32_t)(k - line + 1), "meta keys "
				"starting with 'dice-' are the recorder's own (formats/prng.md)");
			rec_refuse_line(rc, &err, line, lineno, NULL);
			return;
		}
	}
	if (hdr_build(rc, line, len, lineno, &cand, &err)) {
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	if (hw == HW_GAME) {
		const sl_game *g = sl_game_find(cand.game);
		const char *at = strstr(line, cand.game);
		uint32_t gcol = at ? (uint32_t)(at - line + 1) : (uint32_t)col;
		if (!g) {
			const char *ids[16], *near;
			game_ids(ids, 15);
			near = cli_suggest(cand.game, strlen(cand.game), ids, 15);
			if (near)
				sl_error_at(&err, SL_EFORMAT, "<stdin>", lineno, gcol, "unknown game '%s'; did you mean "
					"'%s'? (see `sillage games`)", cand.game, near);
			else
				sl_error_at(&err, SL_EFORMAT, "<stdin>", lineno, gcol, "unknown game '%s' (see `sillage "
					"games`)", cand.game);
		} else if (sl_game_compat(g, cand.rules_version) == SL_COMPAT_NO) {
			if (at)   /* the column of the version */
				gcol = (uint32_t)(at - line) + (uint32_t)strlen(cand.game) +
					(uint32_t)strspn(at + strlen(cand.game), " \t") + 1;
			sl_error_at(&err, SL_EVERSION, "<stdin>", lineno, gcol, "%s rules version %d cannot be "
				"recorded: this build has %s rules version %d ('game %s %d')", g->id, cand.rules_version,
				g->id, g->rules_version, g->id, g->rules_version);
		}
		if (err.code) {
			sl_header_free(&cand);
			rec_refuse_line(rc, &err, line, lineno, NULL);
			return;
		}
	}
	if (hl_push(rc, line + col - 1, len - (col - 1))) {
		sl_header_free(&cand);
		sl_error_set(&err, SL_ENOMEM, "out of memory");
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	if (rec_install(rc, &cand, &err)) {
		if (rc->io_failed || !err.code)
			return;
		/* the rules refused the header: back to the one before the line */
		sl_free(rc->hl[--rc->nhl]);
		if (!rc->log) {
			sl_error e2;
			sl_error_clear(&e2);
			sl_header_free(&rc->h);
			if (hdr_build(rc, NULL, 0, 0, &cand, &e2) == SL_OK)
				rc->h = cand;
		}
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	rc->last_refused = 0;
}

/* The header lines of a file read back, to rebuild on: without the
 * recorder's dice lines and the comment (kept apart). */
static int hdr_base(recorder *rc, const sl_header *h)
{
	sl_buf b;
	const char *s;
	sl_buf_init(&b);
	sl_sil_write_header(h, &b);
	s = sl_buf_cstr(&b);
	while (s && *s) {
		size_t n = strcspn(s, "\n");
		if (*s != '#' && strncmp(s, "meta dice-", 10) != 0 && hl_push(rc, s, n)) {
			sl_buf_free(&b);
			return -1;
		}
		s += n + (s[n] == '\n');
	}
	sl_buf_free(&b);
	rc->hbase = rc->nhl;
	if (h->comment)
		rc->hcomment = sl_strdup(h->comment);
	return 0;
}

/* ---- commands ------------------------------------------------------------- */

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
		sl_buf_puts(&b, "Commands: undo, help, state, close, quit. Markers: 'turn N', 'phase K'. Annotate the "
			"last entry with '@note TEXT' or '@bookmark TEXT'. A die written '?' is drawn for you; 'close' "
			"reveals the dice seed so that `sillage verify` can check every draw.\n");
	}
	fwrite(b.data, 1, b.len, stdout);
	sl_buf_free(&b);
}

/* One entry as a line of the log, without its comment, annotations or check. */
static void entry_text(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	sl_event e = *ev;
	sl_buf t;
	const char *s;
	e.comment = e.note = e.bookmark = NULL;
	e.has_check = 0;
	sl_buf_init(&t);
	sl_sil_write_entry(log, &e, &t);
	s = sl_buf_cstr(&t);
	if (s)
		sl_buf_put(out, s, strcspn(s, "\n"));
	sl_buf_free(&t);
}

/* The comment of an undone entry, as the lines the next entry will carry:
 * its own comments, then what was undone and the dice it had drawn. */
static void undo_note(recorder *rc, const sl_event *ev, sl_buf *out)
{
	const char *c = ev->comment, *own = NULL;
	size_t ncomm = c ? strlen(c) : 0;
	if (c) {   /* the entry's own "# dice" line is the comment's last */
		const char *last = strrchr(c, '\n');
		const char *l = last ? last + 1 : c;
		if (strncmp(l, SL_DICE_LINE, strlen(SL_DICE_LINE)) == 0) {
			const char *prev = last ? last : c;
			while (prev > c && prev[-1] != '\n')
				prev--;
			if (!last || (strncmp(prev, "# undone: ", 10) != 0 && strncmp(prev, "# refused: ", 11) != 0)) {
				own = l;
				ncomm = last ? (size_t)(last - c) : 0;
			}
		}
	}
	if (ncomm) {
		sl_buf_put(out, c, ncomm);
		sl_buf_putc(out, '\n');
	}
	sl_buf_puts(out, "# undone: ");
	entry_text(rc->log, ev, out);
	if (own) {
		sl_buf_putc(out, '\n');
		sl_buf_puts(out, own);
	}
}

static void pending_add(recorder *rc, const char *s)
{
	if (rc->pending.len)
		sl_buf_putc(&rc->pending, '\n');
	sl_buf_puts(&rc->pending, s);
}

static void rec_undo(recorder *rc, uint32_t lineno)
{
	sl_error err;
	sl_buf b;
	sl_error_clear(&err);
	if (!rc->log || rc->log->n == 0) {
		sl_header cand;
		char *line;
		if (rc->nhl <= rc->hbase) {
			sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "nothing to undo");
			rec_refuse(rc, &err);
			return;
		}
		line = rc->hl[--rc->nhl];
		if (hdr_build(rc, NULL, 0, 0, &cand, &err) || rec_install(rc, &cand, &err)) {
			rc->hl[rc->nhl++] = line;
			rec_refuse(rc, &err);
			return;
		}
		if (!rc->quiet)
			printf("undone: the header line '%s'\n", line);
		sl_free(line);
		return;
	}
	sl_buf_init(&b);
	undo_note(rc, &rc->log->ev[rc->log->n - 1], &b);
	sl_log_pop(rc->log);
	if (rec_rebuild(rc, &err) || rec_save(rc, REC_UNDO)) {
		sl_buf_free(&b);
		if (err.code)
			rec_refuse(rc, &err);
		return;
	}
	/* what was undone goes into the log, above the next entry */
	if (rc->pending.len) {
		sl_buf_putc(&b, '\n');
		sl_buf_put(&b, rc->pending.data, rc->pending.len);
	}
	sl_buf_reset(&rc->pending);
	sl_buf_put(&rc->pending, b.data, b.len);
	sl_buf_free(&b);
	if (!rc->quiet) {
		const char *u = strstr(sl_buf_cstr(&rc->pending), "# undone: ");
		const char *last = u;
		while (u && (u = strstr(u + 1, "# undone: ")))
			last = u;
		printf("undone: %.*s (the log now holds %zu entries, %ld events)\n",
			last ? (int)strcspn(last + 10, "\n") : 0, last ? last + 10 : "", rc->log->n, rc->events);
	}
}

/* 'close': the dice seed is revealed in the header, FILE.dice removed. */
static void rec_close(recorder *rc, uint32_t lineno)
{
	sl_error err;
	sl_error_clear(&err);
	if (!rc->log) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "nothing to close: the header is not complete");
		rec_refuse(rc, &err);
		return;
	}
	rc->quit = 1;
	if (!rc->dh.committed || rc->dh.revealed) {
		if (!rc->quiet)
			printf("closed: no dice were drawn by the recorder\n");
		rc->closed = 1;
		return;
	}
	if (!rc->have_secret) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "the dice secret %s is missing: the seed "
			"cannot be revealed", rc->dice_path);
		rec_refuse(rc, &err);
		return;
	}
	rc->dh.revealed = 1;
	if (dice_meta(rc, &rc->log->h) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return;
	}
	rc->closed = 1;
	unlink(rc->dice_path);
	if (!rc->quiet)
		printf("closed: the dice seed is revealed in the header; `sillage verify %s` checks every die "
			"drawn (%llu)\n", rc->path, (unsigned long long)rc->next);
}

/* ---- friendlier lines: case, the player, dice left out, typos ------------- */

/* The piece ids the log holds (from any PIECE field), for case-blind
 * matching and "did you mean". Returns how many went into ids. */
static int known_pieces(const recorder *rc, const char **ids, int max)
{
	const sl_schema *sc = rc->log->game->schema;
	int n = 0;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields && n < max; k++) {
			int seen = 0;
			if (sc->events[ev->type].fields[k].kind != SL_K_PIECE || !ev->f[k].present)
				continue;
			for (int j = 0; j < n && !seen; j++)
				seen = strcmp(ids[j], ev->f[k].p) == 0;
			if (!seen)
				ids[n++] = ev->f[k].p;
		}
	}
	ids[n] = NULL;
	return n;
}

/* The name among names that equals s[0..n) but for case, or NULL. */
static const char *same_but_case(const char *s, size_t n, const char *const *names)
{
	for (int k = 0; names && names[k]; k++)
		if (strlen(names[k]) == n && strncasecmp(names[k], s, n) == 0)
			return names[k];
	return NULL;
}

typedef struct line_info line_info;
struct line_info {
	int player_at;         /* column (0-based) of "PLAYER:", -1 when none */
	int type;              /* event index, -1 when not an event line */
	int type_at;
	const char *hint;      /* "did you mean" for the first word that is nothing known */
	char hint_buf[160];
	int hint_at;           /* its column, 0-based */
	int present[SL_MAX_FIELDS];
};

static void hint(line_info *li, int at, const char *what, const char *near)
{
	if (li->hint || !near)
		return;
	snprintf(li->hint_buf, sizeof li->hint_buf, "did you mean %s%s'%s'?", what, *what ? " " : "", near);
	li->hint = li->hint_buf;
	li->hint_at = at;
}

/* Rewrites line in place where a word differs from a known one only by case
 * (players, events, fields, names, piece ids), so lengths and columns stay,
 * and notes what the line holds and the first typo with its nearest word. */
static void normalize(recorder *rc, char *line, line_info *li)
{
	const sl_schema *sc = rc->log->game->schema;
	const sl_header *h = &rc->log->h;
	const char *players[SL_MAX_PLAYERS + 1], *events[256], *pieces[1024];
	char *p = line;
	int np = 0, ne = 0, npieces;
	memset(li, 0, sizeof *li);
	li->player_at = li->type = -1;
	for (int k = 0; k < h->nplayers; k++)
		players[np++] = h->players[k].id;
	players[np] = NULL;
	for (int k = 0; k < sc->nevents && ne < 255; k++)
		events[ne++] = sc->events[k].name;
	events[ne] = NULL;
	npieces = known_pieces(rc, pieces, 1023);
	p += strspn(p, " \t");
	{
		size_t n = strcspn(p, " \t:");
		if (p[n] == ':') {
			const char *id = same_but_case(p, n, players);
			if (id)
				memcpy(p, id, n);
			else
				hint(li, (int)(p - line), "the player", cli_suggest(p, n, players, np));
			li->player_at = (int)(p - line);
			p += n + 1;
			p += strspn(p, " \t");
		}
	}
	{
		size_t n = strcspn(p, " \t");
		const char *ev;
		if (n == 0 || (n == 4 && strncmp(p, "turn", 4) == 0) || (n == 5 && strncmp(p, "phase", 5) == 0))
			return;
		ev = same_but_case(p, n, events);
		if (!ev) {
			hint(li, (int)(p - line), "the event", cli_suggest(p, n, events, ne));
			return;
		}
		memcpy(p, ev, n);
		li->type = sl_schema_event(sc, p, n);
		li->type_at = (int)(p - line);
		p += n;
	}
	while (*p) {
		const sl_event_def *def = &sc->events[li->type];
		const char *names[SL_MAX_FIELDS + 1];
		char *eq, *v;
		size_t n, vn;
		int f = -1;
		p += strspn(p, " \t");
		if (!*p || *p == '!')
			break;
		n = strcspn(p, " \t=");
		for (int k = 0; k < def->nfields; k++) {
			names[k] = def->fields[k].name;
			if (strlen(names[k]) == n && strncasecmp(names[k], p, n) == 0)
				f = k;
		}
		names[def->nfields] = NULL;
		if (f < 0) {
			hint(li, (int)(p - line), "the field", cli_suggest(p, n, names, def->nfields));
			p += strcspn(p, " \t");
			continue;
		}
		memcpy(p, def->fields[f].name, n);
		li->present[f] = 1;
		eq = p + n;
		if (*eq != '=') {
			p = eq;
			continue;
		}
		v = eq + 1;
		if (*v == '"') {   /* quoted text: skip to its closing quote */
			char *q = v + 1;
			while (*q && *q != '"')
				q += *q == '\\' && q[1] ? 2 : 1;
			p = *q ? q + 1 : q;
			continue;
		}
		vn = strcspn(v, " \t");
		{
			const sl_field_def *fd = &def->fields[f];
			char *item = v, *end = v + vn;
			while (item < end) {   /* comma separated items, for LIST */
				size_t in = fd->kind == SL_K_LIST ? strcspn(item, ", \t") : (size_t)(end - item);
				const char *canon = NULL;
				if (in > (size_t)(end - item))
					in = (size_t)(end - item);
				if (fd->kind == SL_K_ENUM || fd->kind == SL_K_LIST) {
					int cnt = 0;
					while (fd->names && fd->names[cnt])
						cnt++;
					canon = same_but_case(item, in, fd->names);
					if (!canon)
						hint(li, (int)(item - line), "", cli_suggest(item, in, fd->names, cnt));
				} else if (fd->kind == SL_K_PIECE) {   /* a piece, or a player (side=fr) */
					canon = same_but_case(item, in, pieces);
					if (!canon)
						canon = same_but_case(item, in, players);
					if (!canon && strcmp(fd->name, "id") != 0 && npieces)
						hint(li, (int)(item - line), "", cli_suggest(item, in, pieces, npieces));
				}
				if (canon)
					memcpy(item, canon, in);
				item += in;
				if (item < end && *item == ',')
					item++;
				if (fd->kind != SL_K_LIST)
					break;
			}
		}
		p = v + vn;
	}
}

/* A trial: would the rules take ev now? The state is not touched; err (when
 * not NULL) says why not. */
static int trial(recorder *rc, const sl_event *ev, sl_error *err)
{
	sl_error e;
	void *copy = NULL;
	int ok;
	sl_error_clear(&e);
	if (!err)
		err = &e;
	if (sl_game_clone(rc->log->game, rc->st, &copy, err))
		return 0;
	ok = sl_replay_apply(rc->log, copy, ev, rc->events + (ev->entry == SL_ENTRY_EVENT), NULL, err) == SL_OK;
	rc->log->game->destroy(copy);
	return ok;
}

static int would_apply(recorder *rc, const sl_event *ev)
{
	return trial(rc, ev, NULL);
}

/* Before drawing: the rules tried with stand-in dice where the line says
 * '?', every face in turn from the highest. A line they refuse whatever the
 * dice is refused before any die is drawn (with the reason given for the
 * highest face). 1 when it may go on, 0 with err set. */
static int try_before_drawing(recorder *rc, const sl_event *ev, sl_error *err)
{
	const sl_event_def *def;
	sl_event t = *ev;
	int faces = 0;
	if (ev->entry != SL_ENTRY_EVENT)
		return 1;
	def = &rc->log->game->schema->events[ev->type];
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && ev->f[k].present)
			for (int d = 0; d < ev->f[k].n; d++)
				if (!((const uint8_t *)ev->f[k].p)[d] && def->fields[k].max > faces)
					faces = def->fields[k].max;
	for (int v = faces; v >= 1; v--) {
		sl_error e;
		sl_error_clear(&e);
		for (int k = 0; k < def->nfields; k++) {
			uint8_t items[SL_MAX_ITEMS];
			int q = 0;
			if (def->fields[k].kind != SL_K_DICE || !ev->f[k].present)
				continue;
			for (int d = 0; d < ev->f[k].n; d++) {
				items[d] = ((const uint8_t *)ev->f[k].p)[d];
				if (!items[d]) {
					items[d] = (uint8_t)(v < def->fields[k].max ? v : def->fields[k].max);
					q = 1;
				}
			}
			if (q && sl_value_bytes(&rc->log->arena, &t.f[k], items, ev->f[k].n))
				return 1;
		}
		if (trial(rc, &t, v == faces ? err : &e))
			return sl_error_clear(err), 1;
	}
	return faces == 0;
}

/* The dice the rules ask for but the line left out (a required field, or
 * an optional one without which the rules refuse the event): the fewest
 * dice the rules take, written '?' so that rec_draw draws them. The count
 * is found with stand-in dice on a copy of the state, so no die is drawn
 * for a trial. Returns 1 when a field was filled. */
static int fill_dice(recorder *rc, sl_event *ev, const int *wanted)
{
	const sl_event_def *def = &rc->log->game->schema->events[ev->type];
	uint8_t ones[SL_MAX_ITEMS];
	int filled = 0;
	memset(ones, 1, sizeof ones);
	for (int k = 0; k < def->nfields; k++) {
		const sl_field_def *fd = &def->fields[k];
		int n, max = fd->max_items > 0 ? fd->max_items : 1;
		if (fd->kind != SL_K_DICE || !wanted[k])
			continue;
		for (n = 1; n <= max && n <= 8; n++) {
			if (sl_value_bytes(&rc->log->arena, &ev->f[k], ones, n))
				return filled;
			if (would_apply(rc, ev))
				break;
		}
		if (n > max || n > 8) {   /* no count works: leave the field out, the rules will say why */
			memset(&ev->f[k], 0, sizeof ev->f[k]);
			continue;
		}
		memset((uint8_t *)(uintptr_t)ev->f[k].p, 0, (size_t)n);   /* '?': drawn */
		filled = 1;
	}
	return filled;
}

/* Parses the (normalized) line; the acting player, when left out, is the
 * one player for whom the rules take the event. */
static int parse_entry(recorder *rc, char *line, size_t len, uint32_t lineno, const line_info *li,
	sl_event *ev, sl_error *err)
{
	const sl_schema *sc = rc->log->game->schema;
	int r;
	char *with;
	sl_event best;
	int found = 0, who = -1;
	sl_error e2;
	r = sl_sil_parse_line(rc->log, line, len, lineno, ev, err);
	if (r >= 0 || li->type < 0 || li->player_at >= 0 || !(sc->events[li->type].flags & SL_EV_PLAYER))
		return r;
	/* no player written: try each; keep the one the rules accept */
	with = sl_malloc(len + 80);
	if (!with)
		return r;
	for (int p = 0; p < rc->log->h.nplayers; p++) {
		sl_event cand;
		int wanted[SL_MAX_FIELDS] = {0};
		size_t n = (size_t)snprintf(with, len + 80, "%s: %s", rc->log->h.players[p].id, line);
		sl_error_clear(&e2);
		if (sl_sil_parse_line(rc->log, with, n, lineno, &cand, &e2) < 0)
			continue;
		for (int k = 0; k < sc->events[cand.type].nfields; k++)
			wanted[k] = sc->events[cand.type].fields[k].kind == SL_K_DICE && !cand.f[k].present;
		if (would_apply(rc, &cand) || fill_dice(rc, &cand, wanted)) {
			found++;
			best = cand;
			who = p;
		}
	}
	sl_free(with);
	if (found != 1 && strlen(err->msg) + 60 < sizeof err->msg)
		strcat(err->msg, found ? " (several players may: say which)" : " (no player may make it now)");
	if (found == 1) {
		*ev = best;
		sl_error_clear(err);
		if (!rc->quiet)
			printf("(as %s: the only player who may)\n", rc->log->h.players[who].id);
		return 1;
	}
	return r;
}

/* Prints the line with a caret under column col (1-based). */
static void show_caret(const char *line, uint32_t col)
{
	fprintf(stderr, "  %s\n  %*s^\n", line, (int)(col > 0 ? col - 1 : 0), "");
}

/* rec_refuse with the line, a caret and the "did you mean" of the line. */
static void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno, const line_info *li)
{
	uint32_t col = err->line == lineno ? err->col : 0;
	if (li && li->hint && strlen(err->msg) + strlen(li->hint) + 3 < sizeof err->msg) {
		strcat(err->msg, "; ");
		strcat(err->msg, li->hint);
		if (col <= 1)
			col = (uint32_t)li->hint_at + 1;
	}
	rec_refuse(rc, err);
	if (col >= 1 && err->line == lineno)
		show_caret(line, col);
}

/* ---- one line ------------------------------------------------------------- */

static void rec_line(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	sl_error err;
	sl_event ev;
	sl_buf desc, dline;
	line_info li_saved;
	int r, hw;
	const char *s = line;

	sl_error_clear(&err);
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return;
	if (*s == '#') {
		pending_add(rc, s);
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
		rec_undo(rc, lineno);
		return;
	}
	if (word_is(s, "close")) {
		rec_close(rc, lineno);
		return;
	}
	hw = header_word(s);
	if (hw >= 0 && (!rc->log || rc->log->n == 0)) {
		rec_header_line(rc, hw, line, len, lineno);
		return;
	}
	if (hw >= 0) {
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)(s - line + 1), "header line '%s' after "
			"the first entry (the header comes first)", header_words[hw]);
		rec_refuse(rc, &err);
		return;
	}
	if (!rc->log) {
		const sl_header *h = &rc->h;
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)(s - line + 1), "%s",
			!h->format_version ? "a new log starts with 'sil 1' then 'game ID VERSION' (or use --game ID)"
			                   : "expected 'game ID VERSION' before the first action");
		rec_refuse(rc, &err);
		return;
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
		rec_save(rc, REC_ANNOTATE);
		return;
	}
	if (rc->closed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is revealed): "
			"nothing more is recorded");
		rec_refuse(rc, &err);
		return;
	}
	{   /* after the end of the game, only notes */
		sl_buf res;
		sl_buf_init(&res);
		if (cli_result(rc->log, rc->st, &res) == 1) {
			sl_error_at(&err, SL_EILLEGAL, "<stdin>", lineno, 1, "the game is over (%s): only notes may "
				"follow ('@note TEXT', '# comment'); 'close' reveals the dice seed", sl_buf_cstr(&res));
			sl_buf_free(&res);
			rec_refuse(rc, &err);
			return;
		}
		sl_buf_free(&res);
	}
	{
		line_info li;
		char *norm = sl_strndup(line, len);
		int wanted[SL_MAX_FIELDS] = {0};
		if (!norm)
			return;
		normalize(rc, norm, &li);
		/* a required dice field left out: the recorder draws it */
		if (li.type >= 0) {
			const sl_event_def *def = &rc->log->game->schema->events[li.type];
			sl_buf t;
			sl_buf_init(&t);
			sl_buf_put(&t, norm, len);
			for (int k = 0; k < def->nfields; k++)
				if (def->fields[k].kind == SL_K_DICE && !li.present[k] && !def->fields[k].optional) {
					sl_buf_printf(&t, " %s=?", def->fields[k].name);
					wanted[k] = 1;
				}
			if (t.len > len && !t.failed) {
				sl_free(norm);
				norm = sl_strndup((const char *)t.data, t.len);
				len = t.len;
			}
			sl_buf_free(&t);
			if (!norm)
				return;
		}
		r = parse_entry(rc, norm, len, lineno, &li, &ev, &err);
		if (r < 0) {
			rec_refuse_line(rc, &err, line, lineno, &li);
			sl_free(norm);
			return;
		}
		/* an optional dice field left out, without which the rules refuse
		 * the event: drawn too */
		if (ev.entry == SL_ENTRY_EVENT) {
			const sl_event_def *def = &rc->log->game->schema->events[ev.type];
			int any = 0;
			for (int k = 0; k < def->nfields; k++) {
				if (def->fields[k].kind == SL_K_DICE && !ev.f[k].present)
					wanted[k] = any = 1;
				else if (wanted[k] && ev.f[k].present && ev.f[k].n == 1 && !((const uint8_t *)ev.f[k].p)[0])
					any = 1;   /* added above: find how many dice */
				else
					wanted[k] = 0;
			}
			if (any && !would_apply(rc, &ev))
				fill_dice(rc, &ev, wanted);
		}
		sl_free(norm);
		li_saved = li;
		if (li_saved.hint)
			li_saved.hint = li_saved.hint_buf;
	}
	if (!try_before_drawing(rc, &ev, &err)) {
		rec_refuse_line(rc, &err, line, lineno, &li_saved);
		return;
	}
	sl_buf_init(&dline);
	if (rec_draw(rc, &ev, lineno, &dline, &err)) {
		sl_buf_free(&dline);
		rec_refuse(rc, &err);
		return;
	}
	sl_buf_init(&desc);
	r = sl_replay_apply(rc->log, rc->st, &ev, rc->events + (ev.entry == SL_ENTRY_EVENT), &desc, &err);
	if (r) {
		if (dline.len) {   /* the dice were drawn: the log says so */
			sl_buf t;
			sl_buf_init(&t);
			sl_buf_puts(&t, "# refused: ");
			sl_buf_put(&t, s, strlen(s));
			pending_add(rc, sl_buf_cstr(&t));
			pending_add(rc, sl_buf_cstr(&dline));
			sl_buf_free(&t);
			if (!rc->silb) {   /* on disk at once, at the end of the file for now */
				sl_free(rc->log->tail_comment);
				rc->log->tail_comment = sl_strdup(sl_buf_cstr(&rc->pending));
				rec_save(rc, REC_TAIL);
			}
		}
		sl_buf_free(&dline);
		sl_buf_free(&desc);
		rec_refuse_line(rc, &err, line, lineno, &li_saved);
		return;
	}
	cli_seal_entry(rc->log->game, rc->st, &ev);
	if (dline.len)
		pending_add(rc, sl_buf_cstr(&dline));
	sl_buf_free(&dline);
	if (rc->pending.len)
		ev.comment = sl_buf_cstr(&rc->pending);
	sl_free(rc->log->tail_comment);   /* the pending lines go with this entry now */
	rc->log->tail_comment = NULL;
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
		sl_buf_reset(&desc);
		if (cli_result(rc->log, rc->st, &desc) == 1)
			printf("== the game is over: %s ==\n", sl_buf_cstr(&desc));
	}
	sl_buf_free(&desc);
}

/* ---- tab completion (on a terminal) ------------------------------------- */

typedef struct comp {
	const char *word;
	size_t n;
	void (*add)(void *ud, const char *cand);
	void *ud;
} comp;

static void offer(comp *c, const char *cand)
{
	if (strncasecmp(cand, c->word, c->n) == 0)
		c->add(c->ud, cand);
}

/* The values this log already holds for fields of `kind` (piece ids, hexes). */
static void offer_seen(recorder *rc, comp *c, sl_kind kind)
{
	const sl_schema *sc = rc->log->game->schema;
	for (size_t i = 0; i < rc->log->n; i++) {
		const sl_event *ev = &rc->log->ev[i];
		if (ev->entry != SL_ENTRY_EVENT)
			continue;
		for (int k = 0; k < sc->events[ev->type].nfields; k++) {
			char hex[32];
			if (sc->events[ev->type].fields[k].kind != kind || !ev->f[k].present)
				continue;
			if (kind == SL_K_PIECE)
				offer(c, ev->f[k].p);
			else {
				snprintf(hex, sizeof hex, "%d,%d", ev->f[k].u.hex.col, ev->f[k].u.hex.row);
				offer(c, hex);
			}
		}
	}
}

static void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud)
{
	recorder *rc = ctx;
	comp c = {word, strlen(word), add, ud};
	static const char *const cmds[] = {"help", "undo", "state", "close", "quit", "turn", "phase", NULL};
	const char *p = line, *ev_word = NULL;
	size_t ev_n = 0, words = 0;
	const sl_schema *sc;
	int type;
	/* the words before the cursor: an optional "PLAYER:", then the event */
	while (*p) {
		size_t sp = strspn(p, " \t"), n;
		p += sp;
		n = strcspn(p, " \t");
		if (!n)
			break;
		if (!(words == 0 && p[n - 1] == ':') && !ev_word) {
			ev_word = p;
			ev_n = n;
		}
		words++;
		p += n;
	}
	if (!rc->log || !ev_word || (start > 0 && !ev_word)) {
		if (ev_word && rc->log == NULL)
			return;
		for (int k = 0; cmds[k]; k++)
			offer(&c, cmds[k]);
		if (!rc->log || rc->log->n == 0)
			for (int k = 0; header_words[k]; k++)
				offer(&c, header_words[k]);
		if (!rc->log)
			return;
		sc = rc->log->game->schema;
		for (int k = 0; k < sc->nevents; k++)
			offer(&c, sc->events[k].name);
		if (words == 0)
			for (int k = 0; k < rc->log->h.nplayers; k++) {
				char id[80];
				snprintf(id, sizeof id, "%s:", rc->log->h.players[k].id);
				offer(&c, id);
			}
		return;
	}
	sc = rc->log->game->schema;
	type = sl_schema_event(sc, ev_word, ev_n);
	if (type < 0)
		return;
	if (start > 0 && (line[start - 1] == '=' || line[start - 1] == ',')) {
		/* a value: the field is the name before the '=' */
		size_t e = start - 1, b;
		const sl_event_def *def = &sc->events[type];
		while (e > 0 && line[e] != '=')
			e--;
		b = e;
		while (b > 0 && line[b - 1] != ' ' && line[b - 1] != '\t')
			b--;
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			if (strlen(fd->name) != e - b || strncmp(fd->name, line + b, e - b) != 0)
				continue;
			if ((fd->kind == SL_K_ENUM && line[start - 1] == '=') || fd->kind == SL_K_LIST)
				for (int t = 0; fd->names && fd->names[t]; t++)
					offer(&c, fd->names[t]);
			else if (fd->kind == SL_K_DIR)
				for (int d = 0; d < 6; d++)
					offer(&c, sl_hex_dir_name(sc->grid.orient, d));
			else if (fd->kind == SL_K_PIECE)
				offer_seen(rc, &c, SL_K_PIECE);
			else if (fd->kind == SL_K_HEX && line[start - 1] == '=')
				offer_seen(rc, &c, SL_K_HEX);
			else if (fd->kind == SL_K_DICE)
				offer(&c, "?");
		}
		return;
	}
	for (int k = 0; k < sc->events[type].nfields; k++) {
		char f[80];
		snprintf(f, sizeof f, "%s=", sc->events[type].fields[k].name);
		if (!strstr(line, f))
			offer(&c, f);
	}
}

/* ---- opening ---------------------------------------------------------------- */

static int rec_open(recorder *rc, const char *path)
{
	sl_error err;
	sl_replay *r = NULL;
	struct stat sb;
	sl_dice_check dc;
	uint64_t next = 0;
	int e;
	if (stat(path, &sb) != 0) {
		rc->created = 1;
		return EXIT_OK;   /* a new log */
	}
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
	/* the dice: the commitment, the secret beside the file, the counters used */
	if (sl_dice_check_begin(&dc, rc->log, &err))
		return cli_report(&err);
	for (size_t i = 0; i < rc->log->n; i++)
		if (sl_dice_check_entry(&dc, &rc->log->ev[i], &err))
			return cli_report(&err);
	if (sl_dice_check_end(&dc, rc->log->tail_comment, &err))
		return cli_report(&err);
	rc->dh = dc.dh;
	rc->next = dc.next;
	rc->closed = rc->dh.revealed;
	if (rc->dh.committed && !rc->dh.revealed) {
		sl_dice_header keep = rc->dh;
		e = secret_read(rc, &next);
		if (e > 0 && !sl_commit_check(keep.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed)) {
			fprintf(stderr, "sillage: record: %s does not open the dice commitment of %s: no dice will be "
				"drawn\n", rc->dice_path, path);
			e = 0;
		}
		if (e <= 0) {
			rc->dh = keep;
			if (e == 0 && !access(rc->dice_path, F_OK))
				;   /* said above */
			else if (e == 0)
				fprintf(stderr, "sillage: record: warning: %s holds drawn dice but its secret %s is "
					"missing: no more dice can be drawn\n", path, rc->dice_path);
		} else {
			rc->have_secret = 1;
			if (next > rc->next)
				rc->next = next;
		}
	}
	if (rc->log->n == 0 && hdr_base(rc, &rc->log->h))
		return EXIT_IO;
	/* comments left at the end of a text file belong above the next entry
	 * (a journal keeps its TAIL record where it is) */
	if (rc->log->tail_comment && !rc->silb) {
		sl_buf_puts(&rc->pending, rc->log->tail_comment);
		sl_free(rc->log->tail_comment);
		rc->log->tail_comment = NULL;
	}
	/* from here on, errors point at the lines typed on standard input */
	sl_free(rc->log->name);
	rc->log->name = sl_strdup("<stdin>");
	return EXIT_OK;
}

int cmd_record(int argc, char **argv)
{
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
	memset(&rc, 0, sizeof rc);
	rc.path = argv[i];
	rc.quiet = a.quiet;
	rc.interactive = isatty(0);
	rc.silb = cli_is_silb(rc.path);
	rc.sync = a.sync;
	sl_buf_init(&rc.pending);
	if ((e = rec_check_writable(rc.path)))
		return e;
	{
		size_t n = strlen(rc.path);
		rc.dice_path = sl_malloc(n + 6);
		if (!rc.dice_path)
			return EXIT_IO;
		memcpy(rc.dice_path, rc.path, n);
		memcpy(rc.dice_path + n, ".dice", 6);
	}
	if ((e = rec_open(&rc, rc.path)))
		goto out;
	if (a.game) {
		const sl_game *g = sl_game_find(a.game);
		if (rc.log) {
			if (strcmp(rc.log->game->id, a.game) != 0) {
				e = cli_usage("record", "%s already holds a %s game", rc.path, rc.log->game->id);
				goto out;
			}
		} else {
			char l1[16], l2[128];
			sl_header cand;
			sl_error err;
			sl_error_clear(&err);
			snprintf(l1, sizeof l1, "sil %d", SL_SIL_VERSION);
			snprintf(l2, sizeof l2, "game %s %d", g->id, g->rules_version);
			if (hl_push(&rc, l1, strlen(l1)) || hl_push(&rc, l2, strlen(l2)) ||
			    hdr_build(&rc, NULL, 0, 0, &cand, &err) || rec_install(&rc, &cand, &err)) {
				e = err.code ? cli_report(&err) : EXIT_IO;
				goto out;
			}
			rc.hbase = rc.nhl;
		}
	}
	if (rc.interactive && !rc.quiet)
		printf("sillage record %s: type actions in the log syntax; 'help' lists what is legal now.\n", rc.path);
	rec_input_open(&in, rc.interactive, rec_complete, &rc);
	while (!rc.io_failed && !rc.quit) {
		char prompt[160];
		prompt[0] = 0;
		if (rc.interactive) {
			int turn = 0, phase = 0;
			if (rc.log)
				rc.log->game->position(rc.st, &turn, &phase);
			/* where the game is, in words */
			if (!rc.log)
				snprintf(prompt, sizeof prompt, "header> ");
			else if (turn == 0)
				snprintf(prompt, sizeof prompt, "%s setup> ", rc.log->game->id);
			else if (phase > 0 && sl_phase_name(rc.log->game->schema, phase))
				snprintf(prompt, sizeof prompt, "%s turn %d, %s> ", rc.log->game->id, turn,
					sl_phase_name(rc.log->game->schema, phase));
			else
				snprintf(prompt, sizeof prompt, "%s turn %d> ", rc.log->game->id, turn);
		}
		if (rec_input_read(&in, prompt, &line, &len))
			break;
		lineno++;
		if (word_is(line, "quit") || word_is(line, "exit")) {
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
	if (rc.log && rc.pending.len && !rc.io_failed) {   /* trailing comments are kept too */
		sl_free(rc.log->tail_comment);
		rc.log->tail_comment = sl_strdup(sl_buf_cstr(&rc.pending));
		rec_save(&rc, REC_TAIL);
	}
	if (rc.silb) {   /* close the journal, then pack it into an archive in place */
		sl_error err;
		sl_error_clear(&err);
		if (sl_silb_journal_close(rc.j, &err)) {
			cli_report(&err);
			rc.io_failed = 1;
		}
		rc.j = NULL;
		if (rc.log && !a.no_pack && !rc.io_failed && cli_save_log(rc.log, rc.path) != EXIT_OK)
			rc.io_failed = 1;
	}
	if (!rc.quiet && rc.log)
		printf("%s: %zu entries, %ld events recorded%s%s\n", rc.path, rc.log->n, rc.events,
			rc.refused ? " (some lines were refused)" : "",
			rc.dh.committed && !rc.dh.revealed && rc.have_secret ? "; the dice secret stays in the .dice "
			"file until 'close'" : "");
	if (rc.io_failed)
		fprintf(stderr, "sillage: record: %s: stopped: it could not be written (it holds the entries "
			"accepted before)\n", rc.path);
	e = rc.io_failed ? EXIT_IO : rc.quit || !rc.refused ? EXIT_OK : EXIT_FAIL;
out:
	if (rc.st)
		rc.log->game->destroy(rc.st);
	sl_log_free(rc.log);
	sl_header_free(&rc.h);
	sl_buf_free(&rc.pending);
	for (int k = 0; k < rc.nhl; k++)
		sl_free(rc.hl[k]);
	sl_free(rc.hl);
	sl_free(rc.hcomment);
	sl_free(rc.dice_path);
	return e;
}
