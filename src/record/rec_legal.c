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

/* 1 if one of the lines from `from` on is an event, not a marker. */
static int has_event_line(const recorder *rc, int from)
{
	for (int k = from; k < rc->nlegal; k++) {
		const char *l = rec_legal_line(rc, k);
		if (strncmp(l, "phase ", 6) != 0 && strncmp(l, "turn ", 5) != 0)
			return 1;
	}
	return 0;
}

/* The lines after the next markers (the next phase, or the next turn after
 * the last phase), as far as the first state that offers an event (a
 * phase with nothing to do is passed over, as rec_entry.c implies its
 * marker too; one turn at most): what a line may make with them implied. */
static void lines_next(recorder *rc)
{
	const sl_game *g = rc->log->game;
	void *copy = NULL;
	sl_error err;
	int from = rc->nlegal;
	sl_error_clear(&err);
	if (sl_game_clone(g, rc->st, &copy, &err))
		return;
	for (int step = 0; step <= g->schema->nphases; step++) {
		int turn = 0, phase = 0, ok;
		char mark[24];
		sl_event m;
		g->position(copy, &turn, &phase);
		if (turn < 1)
			break;
		snprintf(mark, sizeof mark, phase < g->schema->nphases ? "phase %d" : "turn %d",
			phase < g->schema->nphases ? phase + 1 : turn + 1);
		ok = sl_sil_parse_line(rc->log, mark, strlen(mark), 0, &m, &err) >= 0 &&
			sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err) == SL_OK;
		if (!ok && mark[0] == 'p') {   /* a phase this game does not play: the next turn */
			snprintf(mark, sizeof mark, "turn %d", turn + 1);
			ok = sl_sil_parse_line(rc->log, mark, strlen(mark), 0, &m, &err) >= 0 &&
				sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err) == SL_OK;
		}
		if (!ok)
			break;
		lines_of(rc, copy);
		if (mark[0] == 't' || has_event_line(rc, from))
			break;
	}
	g->destroy(copy);
}

/* The moves whose reveal the recorder writes first (rec_seal.c): for each
 * reveal line from `from` on whose secret FILE.seal holds, the line of
 * the event that needs it ("reb: move ship=gold"). */
static void sealed_moves(recorder *rc, int from)
{
	const rec_seal_kind *k = rec_seal_kind_of(rc);
	rec_sealed v[REC_MAX_SEALS];
	int n = k && k->implied_by && rc->seal_here ? rec_seals_load(rc, v) : 0, to = rc->nlegal;
	for (int i = from; i < to && n > 0; i++) {
		const char *l = rec_legal_line(rc, i), *e, *kv;
		size_t m, kn = strlen(k->key_field);
		char line[256];
		e = rec_legal_event(l, &m);
		if (m != strlen(k->reveal_event) || strncmp(e, k->reveal_event, m) != 0 || !(kv = strstr(e, k->key_field)) ||
		    kv[kn] != '=')
			continue;
		kv += kn + 1;
		m = strcspn(kv, " ");
		snprintf(line, sizeof line, "%.*s", (int)m, kv);
		if (rec_seal_find(v, n, "", line) < 0)
			continue;
		snprintf(line, sizeof line, "%.*s%s %s=%.*s", (int)(e - l), l, k->implied_by, k->key_field, (int)m, kv);
		add_line(rc, line);
	}
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
	sealed_moves(rc, 0);
	rc->nlegal_now = rc->nlegal;
	lines_next(rc);
	sealed_moves(rc, rc->nlegal_now);
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
