/* rec_line.c - one line typed at the recorder, sent one way: a comment is
 * kept for the next entry, a command run (rec_cmd.c), a header line checked
 * (rec_header.c), an annotation put on the last entry, and anything else is
 * an entry (rec_entry.c: dice, rules, journal). */
#include "recorder.h"

#include <string.h>

/* '@glyph !?', '@note TEXT' or '@bookmark TEXT' on the last entry of the log (the one
 * above, unless the line above was an entry the rules refused). */
static void annotate(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	sl_error err;
	int a;
	sl_error_clear(&err);
	if (rc->closed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is revealed): "
			"nothing more is recorded");
		rec_refuse(rc, &err);
		return;
	}
	if (rc->last_refused) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1,
			"not recorded: the line above was refused, so this annotation has nothing to annotate");
		rec_refuse(rc, &err);
		return;
	}
	a = rc->log->n ? sl_sil_annotate(rc->log, &rc->log->ev[rc->log->n - 1], line, len) : 0;
	if (a != 1) {
		sl_error_at(&err, a == SL_ENOMEM ? SL_ENOMEM : SL_ESYNTAX, "<stdin>", lineno, 1, "%s",
			!rc->log->n ? "an annotation must follow an event"
			: a == SL_ESYNTAX ? "the entry above has one already: one @glyph, one @note and one @bookmark "
			"per entry, so say it all in one line"
			: a == SL_ERANGE ? "@glyph takes one of ! ? !! ?? !? ?! (a comment goes in @note)"
			: a == SL_ENOMEM ? "out of memory" : "unknown annotation (expected @glyph, @note or @bookmark)");
		rec_refuse(rc, &err);
		return;
	}
	if (rec_save(rc, REC_ANNOTATE) == 0)
		rc->accepted++;
}

/* A header word: a header line while the log has no entry, else refused. */
static void header_or_late(recorder *rc, int hw, const char *line, size_t len, uint32_t lineno, uint32_t col)
{
	sl_error err;
	sl_error_clear(&err);
	if (!rc->log || rc->log->n == 0) {
		rec_header_line(rc, hw, line, len, lineno);
		return;
	}
	sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, col, "header line '%s' after the first entry (the "
		"header comes first)", rec_header_words[hw]);
	rec_refuse(rc, &err);
}

void rec_line(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	const char *s = line + strspn(line, " \t");
	uint32_t col = (uint32_t)(s - line + 1);
	int hw;
	if (!*s)
		return;
	if (*s == '#') {   /* a comment not kept is said: not dropped in silence */
		size_t n = len - (size_t)(s - line);
		if (rc->pending.len + 1 + n > SL_MAX_COMMENT) {   /* a block held whole, and a .silb str */
			sl_error e;
			sl_error_clear(&e);
			sl_error_at(&e, SL_ELIMIT, "<stdin>", lineno, col, "comment block longer than %d bytes (the '#' lines "
				"above one entry, or after the last)", SL_MAX_COMMENT);
			rec_refuse(rc, &e);
			return;
		}
		if (rec_pending_add(rc, s)) {
			sl_error e;
			sl_error_clear(&e);
			sl_error_at(&e, SL_ENOMEM, "<stdin>", lineno, col, "out of memory");
			rec_refuse(rc, &e);
		}
		return;
	}
	if (rec_command(rc, s, lineno))
		return;
	if (rec_dice_is_share(s)) {   /* a player's own secret for the dice: rec_dice.c */
		rec_dice_share(rc, s, lineno);
		return;
	}
	if ((hw = rec_header_word(s)) >= 0) {
		header_or_late(rc, hw, line, len, lineno, col);
		return;
	}
	if (!rc->log) {
		sl_error err;
		sl_error_clear(&err);
		sl_error_at(&err, SL_ESYNTAX, "<stdin>", lineno, col, "%s", !rc->h.format_version
			? "a new log starts with 'sil 1' then 'game ID VERSION' (or use --game ID)"
			: "expected 'game ID VERSION' before the first action");
		rec_refuse(rc, &err);
		return;
	}
	if (*s == '@')
		annotate(rc, line, len, lineno);
	else if (!rec_seal_line(rc, line, len, lineno))   /* a hidden choice: rec_seal.c */
		rec_entry(rc, line, len, lineno);
}
