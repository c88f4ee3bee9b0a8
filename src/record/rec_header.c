/* rec_header.c - header lines typed at the recorder: each checked when it is
 * typed, a refused one changing nothing, undo until the first event. */
#include "recorder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the header ----------------------------------------------------------- */

const char *const rec_header_words[] = {"sil", "game", "title", "date", "player", "meta", "seed", NULL};

/* The header keyword s starts with, or -1. */
int rec_header_word(const char *s)
{
	size_t n = strcspn(s, " \t");
	return s[n] == 0 || s[n] == ' ' || s[n] == '\t' ? sl_schema_token(rec_header_words, s, n) : -1;
}

int rec_hl_push(recorder *rc, const char *s, size_t n)
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
int rec_hdr_build(recorder *rc, const char *line, size_t len, uint32_t lineno, sl_header *out, sl_error *err)
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
	if (rec_dice_meta(rc, out)) {
		sl_header_free(out);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	return SL_OK;
}

/* The header is complete (format and game): the log starts, and reaches
 * the disk at once. */
int rec_start(recorder *rc, sl_error *err)
{
	/* a log of an earlier rules version is read with that version's schema */
	const sl_game *g = sl_game_find_version(rc->h.game, rc->h.rules_version);
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
void rec_unstart(recorder *rc)
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
int rec_install(recorder *rc, sl_header *cand, sl_error *err)
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
void rec_header_line(recorder *rc, int hw, const char *line, size_t len, uint32_t lineno)
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
		rec_say(rc, "note: the 'seed' line is kept, but the recorder's dice come from a secret seed committed "
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
	if (rec_hdr_build(rc, line, len, lineno, &cand, &err)) {
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
			near = rec_suggest(cand.game, strlen(cand.game), ids, 15);
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
	if (rec_hl_push(rc, line + col - 1, len - (col - 1))) {
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
			if (rec_hdr_build(rc, NULL, 0, 0, &cand, &e2) == SL_OK)
				rc->h = cand;
		}
		rec_refuse_line(rc, &err, line, lineno, NULL);
		return;
	}
	rc->last_refused = 0;
	rc->accepted++;
}

/* The header lines of a file read back, to rebuild on: without the
 * recorder's dice lines and the comment (kept apart). */
int rec_hdr_base(recorder *rc, const sl_header *h)
{
	sl_buf b;
	const char *s;
	sl_buf_init(&b);
	sl_sil_write_header(h, &b);
	s = sl_buf_cstr(&b);
	while (s && *s) {
		size_t n = strcspn(s, "\n");
		if (*s != '#' && strncmp(s, "meta dice-", 10) != 0 && rec_hl_push(rc, s, n)) {
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
