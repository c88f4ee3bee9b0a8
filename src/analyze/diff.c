/* diff.c - where two logs of one game part: both are replayed side by side
 * (every rule checked), entries compared by their content (type, player,
 * fields: the state-check digest; comments and annotations do not count),
 * and at the first that differs, each entry and the lines of the state
 * summary that only one side has. */
#include "analysis.h"
#include "replay/sl_replay.h"

#include <string.h>

static int same_entry(const sl_schema *sc, const sl_event *a, const sl_event *b)
{
	if (a->entry != b->entry)
		return 0;
	if (a->entry != SL_ENTRY_EVENT)
		return a->mark == b->mark;
	return sl_event_digest(sc, a, 0) == sl_event_digest(sc, b, 0);
}

/* Splits text into lines (copies) in *out. */
static int lines_of(const char *s, char ***out, int *n)
{
	int cap = 0;
	*out = NULL;
	*n = 0;
	while (s && *s) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		if (*n == cap) {
			void *q = sl_realloc(*out, (size_t)(cap = cap ? cap * 2 : 32) * sizeof **out);
			if (!q)
				return SL_ENOMEM;
			*out = q;
		}
		if (!((*out)[(*n)++] = sl_strndup(s, len)))
			return SL_ENOMEM;
		s = e ? e + 1 : s + len;
	}
	return SL_OK;
}

static void free_lines(char **l, int n)
{
	for (int i = 0; i < n; i++)
		sl_free(l[i]);
	sl_free(l);
}

/* The lines of x that y lacks (as a multiset), moved into *only. */
static int only_in(char **x, int nx, char **y, int ny, char ***only, int *n)
{
	char *used = sl_calloc(ny ? (size_t)ny : 1, 1);
	*only = sl_calloc(nx ? (size_t)nx : 1, sizeof **only);
	*n = 0;
	if (!used || !*only) {
		sl_free(used);
		return SL_ENOMEM;
	}
	for (int i = 0; i < nx; i++) {
		int found = 0;
		for (int j = 0; j < ny && !found; j++)
			if (!used[j] && strcmp(x[i], y[j]) == 0)
				used[j] = found = 1;
		if (!found && !((*only)[(*n)++] = sl_strdup(x[i]))) {
			sl_free(used);
			return SL_ENOMEM;
		}
	}
	sl_free(used);
	return SL_OK;
}

int sl_diff_logs(sl_diff **out, const sl_log *a, const sl_log *b, sl_error *err)
{
	return sl_diff_logs_flags(out, a, b, 0, err);
}

int sl_diff_logs_flags(sl_diff **out, const sl_log *a, const sl_log *b, unsigned flags,
	sl_error *err)
{
	const sl_log *lg[2] = {a, b};
	sl_replay *r[2] = {NULL, NULL};
	sl_buf sum[2];
	char **lines[2] = {NULL, NULL};
	int nlines[2] = {0, 0};
	sl_diff *d;
	size_t i, n;
	int rc;
	*out = NULL;
	if (a->game != b->game || strcmp(a->h.game, b->h.game) != 0)
		return sl_error_set(err, SL_EUSAGE, "diff: %s is a %s log and %s a %s log",
			a->name ? a->name : "A", a->h.game, b->name ? b->name : "B", b->h.game);
	d = sl_calloc(1, sizeof *d);
	if (!d)
		return sl_error_set(err, SL_ENOMEM, "diff: out of memory");
	sl_buf_init(&sum[0]);
	sl_buf_init(&sum[1]);
	d->n[0] = a->n;
	d->n[1] = b->n;
	for (int k = 0; k < 2; k++)
		if ((rc = sl_replay_stream(&r[k], lg[k],
			flags & SL_DIFF_IGNORE_CHECKS ? 0u : (unsigned)SL_REPLAY_CHECK, err)))
			goto fail;
	n = a->n < b->n ? a->n : b->n;
	for (i = 0; i < n && same_entry(a->game->schema, &a->ev[i], &b->ev[i]); i++)
		for (int k = 0; k < 2; k++)
			if ((rc = sl_replay_feed(r[k], &lg[k]->ev[i], 1, err)))
				goto fail;
	d->common = i;
	d->event = sl_replay_events(r[0]);
	sl_replay_where(r[0], &d->turn, &d->phase);
	d->same = i == a->n && i == b->n;
	if (d->same) {
		d->hash[0] = d->hash[1] = sl_replay_hash(r[0]);
		goto done;
	}
	for (int k = 0; k < 2; k++) {
		const sl_event *ev = i < lg[k]->n ? &lg[k]->ev[i] : NULL;
		sl_buf t, ds;
		sl_buf_init(&t);
		sl_buf_init(&ds);
		d->line[k] = ev ? (long)ev->line : 0;
		if (ev) {
			const sl_game *g = lg[k]->game;
			void *copy = NULL;
			sl_event bare = *ev;
			bare.comment = bare.note = bare.bookmark = NULL;
			bare.glyph = 0;
			bare.has_check = 0;
			sl_sil_write_entry(lg[k], &bare, &t);
			while (t.len && (t.data[t.len - 1] == '\n'))
				t.len--;
			/* describe from a copy of the common state, then move on */
			if ((rc = sl_game_clone(g, sl_replay_state(r[k]), &copy, err)))
				goto fail_k;
			if (ev->entry == SL_ENTRY_EVENT)
				rc = sl_entry_apply(g, &lg[k]->h, lg[k]->name, copy, ev, d->event + 1, &ds, err);
			else
				sl_replay_describe_marker(lg[k], ev, &ds);
			g->destroy(copy);
			if (rc || (rc = sl_replay_feed(r[k], ev, 1, err)))
				goto fail_k;
			d->text[k] = sl_strdup(sl_buf_cstr(&t));
			d->desc[k] = sl_strdup(sl_buf_cstr(&ds));
		}
		lg[k]->game->summary(sl_replay_state(r[k]), &lg[k]->h, &sum[k]);
		d->hash[k] = sl_replay_hash(r[k]);
		sl_buf_free(&t);
		sl_buf_free(&ds);
		continue;
	fail_k:
		sl_buf_free(&t);
		sl_buf_free(&ds);
		goto fail;
	}
	if ((rc = lines_of(sl_buf_cstr(&sum[0]), &lines[0], &nlines[0])) ||
	    (rc = lines_of(sl_buf_cstr(&sum[1]), &lines[1], &nlines[1])) ||
	    (rc = only_in(lines[0], nlines[0], lines[1], nlines[1], &d->only[0], &d->nonly[0])) ||
	    (rc = only_in(lines[1], nlines[1], lines[0], nlines[0], &d->only[1], &d->nonly[1]))) {
		rc = sl_error_set(err, SL_ENOMEM, "diff: out of memory");
		goto fail;
	}
done:
	for (int k = 0; k < 2; k++) {
		sl_replay_free(r[k]);
		sl_buf_free(&sum[k]);
		free_lines(lines[k], nlines[k]);
	}
	*out = d;
	return SL_OK;
fail:
	for (int k = 0; k < 2; k++) {
		sl_replay_free(r[k]);
		sl_buf_free(&sum[k]);
		free_lines(lines[k], nlines[k]);
	}
	sl_diff_free(d);
	return rc;
}

int sl_diff_states(sl_diff **out, const sl_log *a, const void *sa, const sl_log *b, const void *sb,
	sl_error *err)
{
	const sl_log *lg[2] = {a, b};
	const void *st[2] = {sa, sb};
	char **lines[2] = {NULL, NULL};
	int nlines[2] = {0, 0}, rc = SL_OK;
	sl_buf sum[2];
	sl_diff *d;
	*out = NULL;
	if (a->game != b->game)
		return sl_error_set(err, SL_EUSAGE, "diff: %s is a %s log and %s a %s log", a->name, a->game->id,
			b->name, b->game->id);
	if (!(d = sl_calloc(1, sizeof *d)))
		return sl_error_set(err, SL_ENOMEM, "diff: out of memory");
	for (int k = 0; k < 2; k++) {
		sl_buf_init(&sum[k]);
		lg[k]->game->summary(st[k], &lg[k]->h, &sum[k]);
		if (sl_game_hash(lg[k]->game, st[k], &d->hash[k]) && !rc)
			rc = SL_ENOMEM;
	}
	if (rc || (rc = lines_of(sl_buf_cstr(&sum[0]), &lines[0], &nlines[0])) ||
	    (rc = lines_of(sl_buf_cstr(&sum[1]), &lines[1], &nlines[1])) ||
	    (rc = only_in(lines[0], nlines[0], lines[1], nlines[1], &d->only[0], &d->nonly[0])) ||
	    (rc = only_in(lines[1], nlines[1], lines[0], nlines[0], &d->only[1], &d->nonly[1])))
		rc = sl_error_set(err, SL_ENOMEM, "diff: out of memory");
	d->same = !rc && d->hash[0] == d->hash[1] && !d->nonly[0] && !d->nonly[1];
	for (int k = 0; k < 2; k++) {
		sl_buf_free(&sum[k]);
		free_lines(lines[k], nlines[k]);
	}
	if (rc) {
		sl_diff_free(d);
		return rc;
	}
	*out = d;
	return SL_OK;
}

void sl_diff_free(sl_diff *d)
{
	if (!d)
		return;
	for (int k = 0; k < 2; k++) {
		sl_free(d->text[k]);
		sl_free(d->desc[k]);
		free_lines(d->only[k], d->nonly[k]);
	}
	sl_free(d);
}
