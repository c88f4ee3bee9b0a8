/* entry.c - the structural check of an entry (turn and phase numbering, setup
 * before play) followed by the game's own rules: one function that the
 * engine, the writers, the coders and the recorder all call. */
#include "sl_game.h"

#include <stdio.h>

__attribute__((cold))   /* only on a refusal */
int sl_entry_fail(const sl_game *g, const sl_header *h, const char *name, const sl_event *ev,
	long event_no, int code, const char *msg, sl_error *err)
{
	const sl_schema *s = g->schema;
	char what[96];
	if (ev->entry == SL_ENTRY_TURN)
		snprintf(what, sizeof what, "turn %d", (int)ev->mark);
	else if (ev->entry == SL_ENTRY_PHASE)
		snprintf(what, sizeof what, "phase %d", (int)ev->mark);
	else
		snprintf(what, sizeof what, "event %ld (%s%s%s)", event_no,
			ev->player >= 0 && ev->player < h->nplayers ? h->players[ev->player].id : "",
			ev->player >= 0 ? ": " : "", s->events[ev->type].name);
	if (ev->line)
		return sl_error_at(err, code, name ? name : "", ev->line, 1, "%s: %s", what, msg);
	return sl_error_set(err, code, "%s%s%s: %s", name ? name : "", name ? ": " : "", what, msg);
}

int sl_entry_apply(const sl_game *g, const sl_header *h, const char *name, void *st,
	const sl_event *ev, long event_no, sl_buf *desc, sl_error *err)
{
	sl_error e;
	char msg[512];
	int turn, phase, rc;

	e.code = 0;   /* all a game reads; sl_error_clear would wipe 800 bytes per entry */
	e.msg[0] = 0;
	g->position(st, &turn, &phase);
	if (ev->entry == SL_ENTRY_TURN) {
		if (ev->mark != turn + 1) {
			snprintf(msg, sizeof msg, "expected turn %d here (turns go up by one from 1)", turn + 1);
			return sl_entry_fail(g, h, name, ev, event_no, SL_EILLEGAL, msg, err);
		}
		rc = g->mark(st, h, ev->mark, 1, &e);
	} else if (ev->entry == SL_ENTRY_PHASE) {
		if (turn == 0) {
			snprintf(msg, sizeof msg, "a phase before turn 1 (write 'turn 1' first)");
			return sl_entry_fail(g, h, name, ev, event_no, SL_EILLEGAL, msg, err);
		}
		if (ev->mark == 1 && phase == 1)   /* restates the phase 'turn N' opened */
			return SL_OK;
		if (ev->mark <= phase) {
			snprintf(msg, sizeof msg, "phase %d cannot follow phase %d: phases go forward within a turn",
				(int)ev->mark, phase);
			return sl_entry_fail(g, h, name, ev, event_no, SL_EILLEGAL, msg, err);
		}
		rc = g->mark(st, h, turn, ev->mark, &e);
	} else {
		const sl_event_def *def = &g->schema->events[ev->type];
		if ((def->flags & SL_EV_SETUP) && turn > 0) {
			snprintf(msg, sizeof msg, "'%s' is a setup event: it comes before turn 1", def->name);
			return sl_entry_fail(g, h, name, ev, event_no, SL_EILLEGAL, msg, err);
		}
		if ((def->flags & SL_EV_PLAY) && turn == 0) {
			snprintf(msg, sizeof msg, "'%s' happens in play: write 'turn 1' before it", def->name);
			return sl_entry_fail(g, h, name, ev, event_no, SL_EILLEGAL, msg, err);
		}
		rc = g->apply(st, h, ev, desc, &e);
	}
	if (rc != SL_OK)
		return sl_entry_fail(g, h, name, ev, event_no, rc, e.code ? e.msg : sl_code_name(rc), err);
	return SL_OK;
}
