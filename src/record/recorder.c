/* recorder.c - `sillage record`: a game typed line by line. Every line is
 * checked when it is typed and a refused one changes nothing; the file on
 * disk is always a readable log; the recorder's dice come from a secret
 * seed committed in the header and revealed at 'close' (formats/prng.md). */
#include "recorder.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- words to the sink ------------------------------------------------- */

static void sink_vput(const recorder *rc, int to_err, const char *fmt, va_list ap)
{
	void (*fn)(void *, const char *, size_t) = to_err ? rc->sink.err : rc->sink.out;
	sl_buf b;
	if (!fn)
		return;
	sl_buf_init(&b);
	sl_buf_vprintf(&b, fmt, ap);
	if (!b.failed && b.len)
		fn(rc->sink.ud, (const char *)b.data, b.len);
	sl_buf_free(&b);
}

void rec_say(const recorder *rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sink_vput(rc, 0, fmt, ap);
	va_end(ap);
}

void rec_warn(const recorder *rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sink_vput(rc, 1, fmt, ap);
	va_end(ap);
}

void rec_report(const recorder *rc, const sl_error *err)
{
	char msg[1025];
	sl_error_format(err, msg, sizeof msg - 1);
	rec_warn(rc, "sillage: %s\n", msg);
}

static void sink_buf(const recorder *rc, int to_err, const sl_buf *b)
{
	void (*fn)(void *, const char *, size_t) = to_err ? rc->sink.err : rc->sink.out;
	if (fn && b->len && !b->failed)
		fn(rc->sink.ud, (const char *)b->data, b->len);
}

int rec_result(const recorder *rc, sl_buf *out)
{
	if (!rc->log || !rc->log->game->result || !rc->st)
		return 0;
	return rc->log->game->result(rc->st, &rc->log->h, out);
}

int rec_seal_entry(const sl_log *log, const void *st, size_t at, sl_event *ev)
{
	uint64_t chain = 0;
	for (size_t i = at; i-- > 0;)   /* the chain value: the last check before */
		if (log->ev[i].entry != SL_ENTRY_PHASE && log->ev[i].has_check) {
			chain = sl_chain_next(&log->ev[i], 0);
			break;
		}
	return sl_entry_seal(log->game, &log->h, st, &chain, ev);
}

/* The log to path atomically: a .silb archive, or canonical text. */
static int save_whole(recorder *rc)
{
	sl_buf b;
	sl_error err;
	int r;
	sl_buf_init(&b);
	sl_error_clear(&err);
	if (rc->silb)
		r = sl_silb_write_archive_coded(rc->log, rc->coding, &b, &err);
	else if ((r = sl_sil_write(rc->log, &b)))
		sl_error_set(&err, r, "out of memory");
	if (r == SL_OK)
		r = sl_write_file_atomic(rc->path, b.data, b.len, &err);
	sl_buf_free(&b);
	if (r)
		rec_report(rc, &err);
	return r;
}

/* ---- saving --------------------------------------------------------------- */

/* Makes the change `op` (already made to rc->log) durable: the whole text
 * file, or one journal record. A failed write stops the recording: the file
 * keeps what was accepted before it. */
int rec_save(recorder *rc, int op)
{
	sl_error err;
	int r;
	if (!rc->silb) {
		r = save_whole(rc) == SL_OK ? 0 : -1;
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
		rec_report(rc, &err);
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
		rc->io_failed = 1;
		return -1;
	}
	return 0;
}

/* The whole file again (a header change after the first entry). */
int rec_rewrite(recorder *rc)
{
	if (rc->j) {
		sl_silb_journal_close(rc->j, NULL);
		rc->j = NULL;
	}
	return rec_save(rc, REC_HEADER);
}

/* Fails at once, exit 4, when FILE's folder cannot be written. */
static int rec_check_writable(const recorder *rc, const char *path)
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
		rec_warn(rc, "sillage: record: %s: cannot write in folder '%s': %s\n", path, dir, strerror(errno));
		return SL_EIO;
	}
	if (access(path, F_OK) == 0 && access(path, W_OK) != 0) {
		rec_warn(rc, "sillage: record: %s: cannot write: %s\n", path, strerror(errno));
		return SL_EIO;
	}
	return SL_OK;
}

/* ---- state ---------------------------------------------------------------- */

/* Rebuilds the state from the log's entries (after undo or a header change). */
int rec_rebuild(recorder *rc, sl_error *err)
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

void rec_refuse(recorder *rc, const sl_error *err)
{
	rec_report(rc, err);
	rc->last_err = *err;
	rc->last_col = err->col;
	rc->refused++;
	rc->last_refused = 1;
}



/* ---- commands ------------------------------------------------------------- */

int rec_word_is(const char *s, const char *w)
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
		sl_buf_puts(&b, "Commands: undo, help, state, close, quit, share PLAYER. Markers: 'turn N', 'phase K'. "
			"Annotate the last entry with '@note TEXT' or '@bookmark TEXT'. A die written '?' is drawn for you; "
			"'close' reveals the dice seed so that `sillage verify` can check every draw; 'share PLAYER', before "
			"the first die, adds that player's own secret to the dice (formats/prng.md).\n");
	}
	sink_buf(rc, 0, &b);
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
	} else if (ev->ndraws && rc->log->h.format_version >= 2) {
		sl_buf_putc(out, '\n');
		rec_dice_line(rc->log, ev, out);
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
		if (rec_hdr_build(rc, NULL, 0, 0, &cand, &err) || rec_install(rc, &cand, &err)) {
			rc->hl[rc->nhl++] = line;
			rec_refuse(rc, &err);
			return;
		}
		if (!rc->quiet)
			rec_say(rc, "undone: the header line '%s'\n", line);
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
	rc->accepted++;
	if (!rc->quiet) {
		const char *u = strstr(sl_buf_cstr(&rc->pending), "# undone: ");
		const char *last = u;
		while (u && (u = strstr(u + 1, "# undone: ")))
			last = u;
		rec_say(rc, "undone: %.*s (the log now holds %zu entries, %ld events)\n",
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
	if (rc->dh.nshares && !rc->dh.revealed) {
		rec_dice_close_shared(rc, lineno);
		return;
	}
	rc->quit = 1;
	if (!rc->dh.committed || rc->dh.revealed) {
		if (!rc->quiet)
			rec_say(rc, "closed: no dice were drawn by the recorder\n");
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
	if (rec_dice_meta(rc, &rc->log->h) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return;
	}
	rc->closed = 1;
	unlink(rc->dice_path);
	if (!rc->quiet)
		rec_say(rc, "closed: the dice seed is revealed in the header; `sillage verify %s` checks every die "
			"drawn (%llu)\n", rc->path, (unsigned long long)rc->next);
	rec_dice_say_digest(rc);
}

/* A line refused after a value was drawn for it: the log says so (the
 * counter is spent), as for dice. Frees *chance. */
static void refused_draw(recorder *rc, const char *text, int type, sl_buf *chance)
{
	if (chance->len && type >= 0) {
		sl_buf t;
		sl_buf_init(&t);
		sl_buf_printf(&t, "# refused: %s", text);
		pending_add(rc, sl_buf_cstr(&t));
		sl_buf_reset(&t);
		sl_buf_printf(&t, "%s%s", SL_DICE_LINE, rc->log->game->schema->events[type].name);
		sl_buf_put(&t, chance->data, chance->len);
		pending_add(rc, sl_buf_cstr(&t));
		sl_buf_free(&t);
	}
	sl_buf_free(chance);
}

/* ---- one line ------------------------------------------------------------- */

void rec_line(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	sl_error err;
	sl_event ev;
	sl_buf desc, dline, chance;   /* chance: the values drawn out of the rules' weights */
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
	if (rec_word_is(s, "help")) {
		rec_help(rc);
		return;
	}
	if (rec_word_is(s, "state")) {
		sl_buf b;
		if (!rc->log)
			return;
		sl_buf_init(&b);
		rc->log->game->summary(rc->st, &rc->log->h, &b);
		sink_buf(rc, 0, &b);
		sl_buf_free(&b);
		return;
	}
	if (rec_word_is(s, "undo")) {
		rec_undo(rc, lineno);
		return;
	}
	if (rec_word_is(s, "close")) {
		rec_close(rc, lineno);
		return;
	}
	if (rec_dice_is_share(s)) {
		rec_dice_share(rc, s, lineno);
		return;
	}
	hw = rec_header_word(s);
	if (hw >= 0 && (!rc->log || rc->log->n == 0)) {
		rec_header_line(rc, hw, line, len, lineno);
		return;
	}
	if (hw >= 0) {
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, (uint32_t)(s - line + 1), "header line '%s' after "
			"the first entry (the header comes first)", rec_header_words[hw]);
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
		int a = rc->log->n ? sl_sil_annotate(rc->log, &rc->log->ev[rc->log->n - 1], line, len) : 0;
		if (a != 1) {
			sl_error_at(&err, a == SL_ENOMEM ? SL_ENOMEM : SL_ESYNTAX, "<stdin>", lineno, 1, "%s",
				!rc->log->n ? "an annotation must follow an event"
				: a == SL_ESYNTAX ? "the entry above has one already: one @note and one @bookmark "
				"per entry, so say it all in one line"
				: a == SL_ENOMEM ? "out of memory" : "unknown annotation (expected @note or @bookmark)");
			rec_refuse(rc, &err);
			return;
		}
		if (rec_save(rc, REC_ANNOTATE) == 0)
			rc->accepted++;
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
		if (rec_result(rc, &res) == 1) {
			sl_error_at(&err, SL_EILLEGAL, "<stdin>", lineno, 1, "the game is over (%s): only notes may "
				"follow ('@note TEXT', '# comment'); 'close' reveals the dice seed", sl_buf_cstr(&res));
			sl_buf_free(&res);
			rec_refuse(rc, &err);
			return;
		}
		sl_buf_free(&res);
	}
	sl_buf_init(&chance);
	{
		line_info li;
		char *norm = sl_strndup(line, len);
		int wanted[SL_MAX_FIELDS] = {0};
		if (!norm)
			return;
		rec_normalize(rc, norm, &li);
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
			/* a value the rules draw (a card) left out: the recorder draws it,
			 * once the line passes the rules with a stand-in value */
			for (int k = 0; k < def->nfields && rc->log->game->chances; k++) {
				uint8_t w[32];
				int nw, stand = -1, got;
				sl_buf u;
				sl_event tev;
				sl_error e2;
				if (def->fields[k].kind != SL_K_ENUM || li.present[k] || def->fields[k].optional)
					continue;
				nw = rc->log->game->chances(rc->st, &rc->log->h, li.type, k, w, 32);
				for (int x = 0; x < nw && stand < 0; x++)
					if (w[x])
						stand = x;
				if (stand < 0)
					continue;
				sl_buf_init(&u);
				sl_buf_put(&u, t.data, t.len);
				sl_buf_printf(&u, " %s=%s", def->fields[k].name, def->fields[k].names[stand]);
				sl_error_clear(&e2);
				if (rec_parse_entry(rc, (char *)(uintptr_t)sl_buf_cstr(&u), u.len, lineno, &li, &tev, &e2) >= 0 &&
				    !rec_try_before_drawing(rc, &tev, &e2)) {
					sl_buf_free(&u);
					sl_buf_free(&t);
					sl_free(norm);
					rec_refuse_line(rc, &e2, line, lineno, &li);
					sl_buf_free(&chance);
					return;
				}
				sl_buf_free(&u);
				if (rec_draw_chance(rc, li.type, k, lineno, &got, &chance, &err) || got < 0) {
					sl_buf_free(&t);
					sl_free(norm);
					sl_buf_free(&chance);
					rec_refuse(rc, &err);
					return;
				}
				sl_buf_printf(&t, " %s=%s", def->fields[k].name, def->fields[k].names[got]);
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
		r = rec_parse_entry(rc, norm, len, lineno, &li, &ev, &err);
		if (r < 0) {
			refused_draw(rc, s, li.type, &chance);
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
			if (any && !rec_would_apply(rc, &ev))
				rec_fill_dice(rc, &ev, wanted);
		}
		sl_free(norm);
		li_saved = li;
		if (li_saved.hint)
			li_saved.hint = li_saved.hint_buf;
	}
	if (!rec_try_before_drawing(rc, &ev, &err)) {
		refused_draw(rc, s, li_saved.type, &chance);
		rec_refuse_line(rc, &err, line, lineno, &li_saved);
		return;
	}
	sl_buf_init(&dline);
	if (rec_draw(rc, &ev, lineno, &dline, &err)) {
		sl_buf_free(&dline);
		sl_buf_free(&chance);
		rec_refuse(rc, &err);
		return;
	}
	if (chance.len) {   /* one "# dice" line for the entry */
		if (!dline.len)
			sl_buf_printf(&dline, "%s%s", SL_DICE_LINE, rc->log->game->schema->events[ev.type].name);
		sl_buf_put(&dline, chance.data, chance.len);
	}
	sl_buf_free(&chance);
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
	rec_seal_entry(rc->log, rc->st, rc->log->n, &ev);
	sl_buf_reset(&rc->last_dice);
	if (dline.len) {   /* format 2 marks the draws in the entry itself */
		if (rc->log->h.format_version < 2)
			pending_add(rc, sl_buf_cstr(&dline));
		sl_buf_put(&rc->last_dice, dline.data, dline.len);
	}
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
	rc->accepted++;
	if (ev.entry == SL_ENTRY_EVENT)
		rc->events++;
	else {
		sl_buf_reset(&desc);
		sl_replay_describe_marker(rc->log, &ev, &desc);
	}
	sl_buf_reset(&rc->last_desc);
	sl_buf_put(&rc->last_desc, desc.data, desc.len);
	if (!rc->quiet) {
		if (ev.entry == SL_ENTRY_EVENT)
			rec_say(rc, "#%ld %s\n", rc->events, sl_buf_cstr(&desc));
		else
			rec_say(rc, "== %s ==\n", sl_buf_cstr(&desc));
		sl_buf_reset(&desc);
		if (rec_result(rc, &desc) == 1)
			rec_say(rc, "== the game is over: %s ==\n", sl_buf_cstr(&desc));
	}
	sl_buf_free(&desc);
}

/* ---- opening ---------------------------------------------------------------- */

/* A damaged .silb: the `sillage repair` line that saves its sound part. */
static void report_silb(const recorder *rc, const sl_error *err, const char *path)
{
	rec_report(rc, err);
	if ((err->code == SL_EFORMAT || err->code == SL_ELIMIT || err->code == SL_ESYNTAX) &&
	    !strstr(err->msg, "kind HEADER"))
		if (strstr(err->msg, "truncated") || strstr(err->msg, "cut short") || strstr(err->msg, "CRC") ||
		    strstr(err->msg, "TRAILER"))
			rec_warn(rc, "sillage: %s: `sillage repair -o FIXED.silb %s` copies its sound part and says "
				"what was dropped\n", path, path);
}

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
		return SL_OK;   /* a new log */
	}
	sl_error_clear(&err);
	if (rc->silb) {
		/* a journal cut by a crash: carry on from its sound prefix */
		sl_silb_info info;
		char msg[1024];
		if (sl_silb_load(&rc->log, path, SL_SILB_RECOVER, &info, &err))
			return rec_report(rc, &err), err.code;
		if (info.damaged) {
			sl_error_format(&info.damage, msg, sizeof msg);
			rec_warn(rc, "sillage: %s\nsillage: record: %s: carrying on after its %zu sound entries "
				"(bytes 0x%zx..0x%zx dropped: a change cut short, never reported)\n", msg, path,
				rc->log->n, info.valid_bytes, info.file_bytes);
		}
		if ((e = sl_replay_open(&r, rc->log, SL_REPLAY_CHECK, &err))) {
			sl_log_free(rc->log);
			rc->log = NULL;
			return rec_report(rc, &err), err.code;
		}
		if (sl_replay_warning(r))
			rec_warn(rc, "sillage: %s: warning: %s\n", path, sl_replay_warning(r));
		if (info.form == SL_SILB_JOURNAL &&
		    sl_silb_journal_open(&rc->j, path, rc->log, info.valid_bytes, rc->sync, &err)) {
			sl_replay_free(r);
			return rec_report(rc, &err), err.code;
		}
	} else {
		if (sl_log_load(&rc->log, path, &err))
			return report_silb(rc, &err, path), err.code;
		if (sl_replay_open(&r, rc->log, SL_REPLAY_CHECK, &err)) {
			sl_log_free(rc->log);
			rc->log = NULL;
			return rec_report(rc, &err), err.code;
		}
		if (sl_replay_warning(r))
			rec_warn(rc, "sillage: %s: warning: %s\n", path, sl_replay_warning(r));
	}
	e = sl_game_clone(rc->log->game, sl_replay_state(r), &rc->st, &err);
	rc->events = sl_replay_events(r);
	sl_replay_free(r);
	if (e)
		return rec_report(rc, &err), err.code;
	/* the dice: the commitment, the secret beside the file, the counters used */
	if (sl_dice_check_begin(&dc, rc->log, &err))
		return rec_report(rc, &err), err.code;
	for (size_t i = 0; i < rc->log->n; i++)
		if (sl_dice_check_entry(&dc, &rc->log->ev[i], &err))
			return rec_report(rc, &err), err.code;
	if (sl_dice_check_end(&dc, rc->log->tail_comment, &err))
		return rec_report(rc, &err), err.code;
	rc->dh = dc.dh;
	rc->next = dc.next;
	rc->closed = rc->dh.revealed;
	if (rc->dh.committed && !rc->dh.revealed && !rc->dh.nshares) {   /* the players' shares: rec_dice.c */
		sl_dice_header keep = rc->dh;
		e = rec_secret_read(rc, &next);
		if (e > 0 && !sl_commit_check(keep.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed)) {
			rec_warn(rc, "sillage: record: %s does not open the dice commitment of %s: no dice will be "
				"drawn\n", rc->dice_path, path);
			e = 0;
		}
		if (e <= 0) {
			rc->dh = keep;
			if (e == 0 && !access(rc->dice_path, F_OK))
				;   /* said above */
			else if (e == 0)
				rec_warn(rc, "sillage: record: warning: %s holds drawn dice but its secret %s is "
					"missing: no more dice can be drawn\n", path, rc->dice_path);
		} else {
			rc->have_secret = 1;
			if (next > rc->next)
				rc->next = next;
		}
	}
	if (rc->log->n == 0 && rec_hdr_base(rc, &rc->log->h))
		return SL_ENOMEM;
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
	return SL_OK;
}

/* ---- the session ----------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

int rec_begin(recorder *rc, const char *path, int sync, int quiet, const rec_sink *sink)
{
	size_t n = strlen(path);
	int e;
	memset(rc, 0, sizeof *rc);
	rc->path = path;
	rc->quiet = quiet;
	rc->silb = ends_with(path, ".silb");
	rc->sync = sync;
	rc->coding = SL_SILB_MODEL;
	if (sink)
		rc->sink = *sink;
	sl_buf_init(&rc->pending);
	sl_buf_init(&rc->last_desc);
	sl_buf_init(&rc->last_dice);
	sl_error_clear(&rc->last_err);
	if ((e = rec_check_writable(rc, path)))
		return e;
	rc->dice_path = sl_malloc(n + 6);
	if (!rc->dice_path)
		return SL_ENOMEM;
	memcpy(rc->dice_path, path, n);
	memcpy(rc->dice_path + n, ".dice", 6);
	if ((e = rec_open(rc, path)) == SL_OK)
		rec_dice_resume(rc);
	return e;
}

int rec_set_game(recorder *rc, const char *game)
{
	const sl_game *g = sl_game_find(game);
	char l1[16], l2[128];
	sl_header cand;
	sl_error err;
	if (!g)
		return SL_EUSAGE;
	if (rc->log)
		return strcmp(rc->log->game->id, game) != 0;
	sl_error_clear(&err);
	snprintf(l1, sizeof l1, "sil %d", SL_SIL_VERSION);
	snprintf(l2, sizeof l2, "game %s %d", g->id, g->rules_version);
	if (rec_hl_push(rc, l1, strlen(l1)) || rec_hl_push(rc, l2, strlen(l2)) ||
	    rec_hdr_build(rc, NULL, 0, 0, &cand, &err) || rec_install(rc, &cand, &err)) {
		if (!err.code)
			return SL_EIO;
		rec_report(rc, &err);
		return err.code;
	}
	rc->hbase = rc->nhl;
	return SL_OK;
}

void rec_prompt(const recorder *rc, char *prompt, size_t size)
{
	int turn = 0, phase = 0;
	if (rc->log)
		rc->log->game->position(rc->st, &turn, &phase);
	/* where the game is, in words */
	if (!rc->log)
		snprintf(prompt, size, "header> ");
	else if (turn == 0)
		snprintf(prompt, size, "%s setup> ", rc->log->game->id);
	else if (phase > 0 && sl_phase_name(rc->log->game->schema, phase))
		snprintf(prompt, size, "%s turn %d, %s> ", rc->log->game->id, turn,
			sl_phase_name(rc->log->game->schema, phase));
	else
		snprintf(prompt, size, "%s turn %d> ", rc->log->game->id, turn);
}

int rec_end(recorder *rc, int no_pack)
{
	if (rc->log && rc->pending.len && !rc->io_failed) {   /* trailing comments are kept too */
		sl_free(rc->log->tail_comment);
		rc->log->tail_comment = sl_strdup(sl_buf_cstr(&rc->pending));
		rec_save(rc, REC_TAIL);
	}
	if (rc->silb) {   /* close the journal, then pack it into an archive in place */
		sl_error err;
		sl_error_clear(&err);
		if (sl_silb_journal_close(rc->j, &err)) {
			rec_report(rc, &err);
			rc->io_failed = 1;
		}
		rc->j = NULL;
		if (rc->log && !no_pack && !rc->io_failed && save_whole(rc) != SL_OK)
			rc->io_failed = 1;
	}
	if (!rc->quiet && rc->log)
		rec_say(rc, "%s: %zu entries, %ld events recorded%s%s\n", rc->path, rc->log->n, rc->events,
			rc->refused ? " (some lines were refused)" : "",
			rc->dh.committed && !rc->dh.revealed && rc->have_secret ? "; the dice secret stays in the .dice "
			"file until 'close'" : "");
	if (rc->io_failed)
		rec_warn(rc, "sillage: record: %s: stopped: it could not be written (it holds the entries "
			"accepted before)\n", rc->path);
	return rc->io_failed ? SL_EIO : SL_OK;
}

void rec_free(recorder *rc)
{
	if (rc->j)
		sl_silb_journal_close(rc->j, NULL);
	rc->j = NULL;
	if (rc->st)
		rc->log->game->destroy(rc->st);
	rc->st = NULL;
	sl_log_free(rc->log);
	rc->log = NULL;
	sl_header_free(&rc->h);
	sl_buf_free(&rc->pending);
	sl_buf_free(&rc->last_desc);
	sl_buf_free(&rc->last_dice);
	for (int k = 0; k < rc->nhl; k++)
		sl_free(rc->hl[k]);
	sl_free(rc->hl);
	rc->hl = NULL;
	rc->nhl = 0;
	sl_free(rc->hcomment);
	rc->hcomment = NULL;
	sl_free(rc->dice_path);
	rc->dice_path = NULL;
}
