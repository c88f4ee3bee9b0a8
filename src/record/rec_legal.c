/* rec_legal.c - what the rules allow now, as lines of the log: the click
 * targets of the board (render/sl_targets.h: each candidate applied to a
 * copy of the state, the same check the recorder makes), at the top and
 * under each piece one may select. Tab offers from them, and a phase marker
 * is implied only for an event that no line allows in the phase it is in. */
#include "recorder.h"
#include "render/sl_targets.h"

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
static void lines_under(recorder *rc, const char *sel, sl_targets *sels)
{
	sl_targets t;
	sl_error err;
	memset(&t, 0, sizeof t);
	sl_error_clear(&err);
	if (sl_targets_list(rc->log, rc->st, sel, &t, &err))
		return;
	for (int k = 0; k < t.n; k++)
		if (t.v[k].kind == SL_TARGET_ACT && t.v[k].line[0])
			add_line(rc, t.v[k].line);
		else if (t.v[k].kind == SL_TARGET_SELECT && sels && sl_targets_push(sels, &t.v[k]))
			break;
	sl_targets_free(&t);
}

int rec_legal(recorder *rc)
{
	sl_targets sels;
	if (!rc->log || !rc->st)
		return 0;
	if (rc->legal_valid && rc->legal_at == rc->accepted && rc->legal_n == rc->log->n)
		return rc->nlegal;
	sl_buf_reset(&rc->legal);
	rc->nlegal = 0;
	memset(&sels, 0, sizeof sels);
	lines_under(rc, "", &sels);
	for (int k = 0; k < sels.n; k++)
		lines_under(rc, sels.v[k].sel, NULL);
	sl_targets_free(&sels);
	rc->legal_valid = !rc->legal.failed;
	rc->legal_at = rc->accepted;
	rc->legal_n = rc->log->n;
	if (rc->legal.failed)
		rc->nlegal = 0;
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
	int n = rec_legal(rc);
	for (int k = 0; k < n; k++) {
		size_t m;
		const char *e = rec_legal_event(rec_legal_line(rc, k), &m);
		if (m == strlen(name) && strncmp(e, name, m) == 0)
			return 1;
	}
	return 0;
}
