/* rec_legal.c - what the rules allow now, as lines of the log: the click
 * targets of the board (render/sl_targets.h: each candidate applied to a
 * copy of the state, the same check the recorder makes), at the top and
 * under each piece one may select; then those of the next phase, which a
 * line may reach with its marker implied (rec_entry.c). Tab offers from
 * them all; a marker is implied only for an event no line allows now. */
#include "recorder.h"
#include "render/sl_targets.h"

#include <stdio.h>
#include <string.h>

static void add_line(recorder *rc, const char *line)
{
	const char *s = (const char *)rc->legal.data;
	for (int k = 0; k < rc->nlegal; k++, s += strlen(s) + 1)
		if (strcmp(s, line) == 0)
			return;
	sl_buf_put(&rc->legal, line, strlen(line) + 1);
	rc->nlegal++;
}

/* The ACT lines under selection sel ("" the top); the SELECT ones into
 * sels when not NULL. */
static void lines_under(recorder *rc, const void *st, const char *sel, sl_targets *sels)
{
	sl_targets t;
	sl_error err;
	memset(&t, 0, sizeof t);
	sl_error_clear(&err);
	if (sl_targets_list(rc->log, st, sel, &t, &err))
		return;
	for (int k = 0; k < t.n; k++)
		if (t.v[k].kind == SL_TARGET_ACT && t.v[k].line[0])
			add_line(rc, t.v[k].line);
		else if (t.v[k].kind == SL_TARGET_SELECT && sels && sl_targets_push(sels, &t.v[k]))
			break;
	sl_targets_free(&t);
}

/* The lines of state st: at the top, then under each selectable piece. */
static void lines_of(recorder *rc, const void *st)
{
	sl_targets sels;
	memset(&sels, 0, sizeof sels);
	lines_under(rc, st, "", &sels);
	for (int k = 0; k < sels.n; k++)
		lines_under(rc, st, sels.v[k].sel, NULL);
	sl_targets_free(&sels);
}

/* The lines after the next marker (the next phase, or the next turn after
 * the last phase): what a line may make with that marker implied. */
static void lines_next(recorder *rc)
{
	const sl_game *g = rc->log->game;
	int turn = 0, phase = 0;
	char mark[24];
	void *copy = NULL;
	sl_event m;
	sl_error err;
	sl_error_clear(&err);
	g->position(rc->st, &turn, &phase);
	if (turn < 1)
		return;
	if (phase < g->schema->nphases)
		snprintf(mark, sizeof mark, "phase %d", phase + 1);
	else
		snprintf(mark, sizeof mark, "turn %d", turn + 1);
	if (sl_game_clone(g, rc->st, &copy, &err))
		return;
	if (sl_sil_parse_line(rc->log, mark, strlen(mark), 0, &m, &err) >= 0 &&
	    sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err) == SL_OK)
		lines_of(rc, copy);
	else if (mark[0] == 'p') {   /* a phase this game does not play: the next turn */
		snprintf(mark, sizeof mark, "turn %d", turn + 1);
		if (sl_sil_parse_line(rc->log, mark, strlen(mark), 0, &m, &err) >= 0 &&
		    sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err) == SL_OK)
			lines_of(rc, copy);
	}
	g->destroy(copy);
}

int rec_legal(recorder *rc)
{
	if (!rc->log || !rc->st)
		return 0;
	if (rc->legal_valid && rc->legal_at == rc->accepted && rc->legal_n == rc->log->n)
		return rc->nlegal;
	sl_buf_reset(&rc->legal);
	rc->nlegal = 0;
	lines_of(rc, rc->st);
	rc->nlegal_now = rc->nlegal;
	lines_next(rc);
	rc->legal_valid = !rc->legal.failed;
	rc->legal_at = rc->accepted;
	rc->legal_n = rc->log->n;
	if (rc->legal.failed)
		rc->nlegal = rc->nlegal_now = 0;
	return rc->nlegal;
}

const char *rec_legal_line(const recorder *rc, int k)
{
	const char *s = (const char *)rc->legal.data;
	for (int i = 0; i < k; i++)
		s += strlen(s) + 1;
	return s;
}

/* The event a legal line makes: its name after "PLAYER: ", in *n. */
const char *rec_legal_event(const char *line, size_t *n)
{
	const char *s = line, *colon = strchr(line, ':'), *sp = strchr(line, ' ');
	if (colon && (!sp || colon < sp))
		s = colon + 1;
	s += strspn(s, " ");
	*n = strcspn(s, " ");
	return s;
}

int rec_legal_has_event(recorder *rc, const char *name)
{
	int n = rec_legal(rc) ? rc->nlegal_now : 0;
	for (int k = 0; k < n; k++) {
		size_t m;
		const char *e = rec_legal_event(rec_legal_line(rc, k), &m);
		if (m == strlen(name) && strncmp(e, name, m) == 0)
			return 1;
	}
	return 0;
}
