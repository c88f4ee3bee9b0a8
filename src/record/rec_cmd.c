/* rec_cmd.c - the recorder's commands: help, state, undo and close. Each
 * says what it did, in the words of the log (the entry undone, the seed
 * revealed); none of them is an entry of the log. */
#include "recorder.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
			"Annotate the last entry with '@glyph !?' (! ? !! ?? !? ?!), '@note TEXT' or '@bookmark TEXT'. A die written '?' is drawn for you; "
			"'close' reveals the dice seed so that `sillage verify` can check every draw; 'share PLAYER', before "
			"the first die, adds that player's own secret to the dice (formats/prng.md).\n");
	}
	rec_say_buf(rc, &b);
	sl_buf_free(&b);
}

static void rec_state(recorder *rc)
{
	sl_buf b;
	if (!rc->log)
		return;
	sl_buf_init(&b);
	rc->log->game->summary(rc->st, &rc->log->h, &b);
	rec_say_buf(rc, &b);
	sl_buf_free(&b);
}

/* One entry as a line of the log, without its comment, annotations or
 * check (a turn marker without the blank line the log puts before it). */
static void entry_text(const sl_log *log, const sl_event *ev, sl_buf *out)
{
	sl_event e = *ev;
	sl_buf t;
	const char *s;
	e.comment = e.note = e.bookmark = NULL;
	e.glyph = 0;
	e.has_check = 0;
	sl_buf_init(&t);
	sl_sil_write_entry(log, &e, &t);
	s = sl_buf_cstr(&t);
	if (s) {
		s += strspn(s, "\n");
		sl_buf_put(out, s, strcspn(s, "\n"));
	}
	sl_buf_free(&t);
}

/* The comment of an undone entry, as the lines the next entry will carry:
 * its own comments, then what was undone (`text`) and the dice it drew. */
static void undo_note(const sl_log *log, const sl_event *ev, const char *text, sl_buf *out)
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
	sl_buf_printf(out, "# undone: %s", text);
	if (own) {
		sl_buf_putc(out, '\n');
		sl_buf_puts(out, own);
	} else if (ev->ndraws && log->h.format_version >= 2) {   /* format 2: the marks */
		sl_buf_putc(out, '\n');
		rec_dice_line(log, ev, out);
	}
}

/* undo before the first entry: the last header line typed. */
static void undo_header(recorder *rc, uint32_t lineno)
{
	sl_error err;
	sl_header cand;
	char *line;
	sl_error_clear(&err);
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
	rc->last_refused = 0;
}

static void rec_undo(recorder *rc, uint32_t lineno)
{
	sl_error err;
	sl_buf note, text;
	sl_error_clear(&err);
	if (rc->closed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is revealed): "
			"nothing can be undone");
		rec_refuse(rc, &err);
		return;
	}
	if (!rc->log || rc->log->n == 0) {
		undo_header(rc, lineno);
		return;
	}
	sl_buf_init(&note);
	sl_buf_init(&text);
	entry_text(rc->log, &rc->log->ev[rc->log->n - 1], &text);
	undo_note(rc->log, &rc->log->ev[rc->log->n - 1], sl_buf_cstr(&text), &note);
	sl_log_pop(rc->log);
	if (rec_rebuild(rc, &err) || rec_save(rc, REC_UNDO)) {
		if (err.code)
			rec_refuse(rc, &err);
		goto out;
	}
	/* what was undone goes into the log, above the next entry */
	if (rc->pending.len) {
		sl_buf_putc(&note, '\n');
		sl_buf_put(&note, rc->pending.data, rc->pending.len);
	}
	sl_buf_reset(&rc->pending);
	sl_buf_put(&rc->pending, note.data, note.len);
	rc->accepted++;
	rc->last_refused = 0;
	rec_seal_undone(rc, sl_buf_cstr(&text));   /* an undone reveal's secret is kept again */
	if (!rc->quiet)
		rec_say(rc, "undone: %s (the log now holds %zu entries, %ld events)\n", sl_buf_cstr(&text),
			rc->log->n, rc->events);
out:
	sl_buf_free(&note);
	sl_buf_free(&text);
}

/* A log closed without a die drawn: a seed made and revealed at once, so
 * that the header says the log is closed and binds it to no dice. */
static int commit_unused(recorder *rc, sl_error *err)
{
	if (sl_random_bytes(rc->dh.seed, sizeof rc->dh.seed) || sl_random_bytes(rc->dh.salt, sizeof rc->dh.salt))
		return sl_error_set(err, SL_EIO, "no random bytes from the system for the dice seed");
	if (sl_commit(rc->dh.commit, SL_DICE_DOMAIN, rc->dh.salt, rc->dh.seed, sizeof rc->dh.seed))
		return sl_error_set(err, SL_EIO, "cannot commit to the dice seed");
	rc->dh.committed = 1;
	rc->have_secret = 1;
	return SL_OK;
}

/* 'close': the dice seed is revealed in the header, FILE.dice removed;
 * nothing more is recorded, nothing undone. */
static void rec_close(recorder *rc, uint32_t lineno)
{
	sl_error err;
	int drew = rc->dh.committed;
	sl_error_clear(&err);
	if (!rc->log) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "nothing to close: the header is not complete");
		rec_refuse(rc, &err);
		return;
	}
	if (rc->closed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed already");
		rec_refuse(rc, &err);
		return;
	}
	if (rc->dh.nshares && !rc->dh.revealed) {   /* the players' shares: rec_dice.c */
		rec_dice_close_shared(rc, lineno);
		return;
	}
	if (rc->dh.committed && !rc->have_secret) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "the dice secret %s is missing: the seed "
			"cannot be revealed", rc->dice_path);
		rec_refuse(rc, &err);
		return;
	}
	if (!drew && commit_unused(rc, &err)) {
		rec_refuse(rc, &err);
		return;
	}
	rc->quit = 1;
	rc->dh.revealed = 1;
	if (rec_dice_meta(rc, &rc->log->h) || rec_rewrite(rc)) {
		rc->io_failed = 1;
		return;
	}
	rc->closed = 1;
	rc->accepted++;
	unlink(rc->dice_path);
	if (!rc->quiet && !drew)
		rec_say(rc, "closed: no dice were drawn by the recorder; the header says the log is closed\n");
	else if (!rc->quiet)
		rec_say(rc, "closed: the dice seed is revealed in the header; `sillage verify %s` checks every die "
			"drawn (%llu)\n", rc->path, (unsigned long long)rc->next);
	rec_dice_say_digest(rc);
}

int rec_command(recorder *rc, const char *s, uint32_t lineno)
{
	if (rec_word_is(s, "help"))
		rec_help(rc);
	else if (rec_word_is(s, "state")) {
		rec_state(rc);
		rc->last_refused = 0;
	} else if (rec_word_is(s, "undo"))
		rec_undo(rc, lineno);
	else if (rec_word_is(s, "close"))
		rec_close(rc, lineno);
	else
		return 0;
	return 1;
}
