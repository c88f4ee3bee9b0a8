/* targets.c - the click targets of a state (sl_targets.h): asks the game's
 * painter for candidates, then keeps only the ACT targets the rules accept,
 * each line parsed against the log's schema and applied to a copy of the
 * state with sl_entry_apply (the check `record` makes). Dice the rules draw
 * are stood in for the check the way the recorder does (src/cli/rec_assist.c:
 * the fewest dice the rules take, then every face from the highest) and
 * stay out of the target's line, so the server's fair roller draws them. */
#include "sl_targets.h"
#include "painter.h"
#include "formats/sl_log.h"

#include <string.h>

int sl_targets_push(sl_targets *t, const sl_target *tg)
{
	if (t->n == t->cap) {
		int cap = t->cap ? t->cap * 2 : 32;
		sl_target *v = sl_realloc(t->v, (size_t)cap * sizeof *v);
		if (!v)
			return SL_ENOMEM;
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n] = *tg;
	t->v[t->n].player[sizeof tg->player - 1] = '\0';
	t->v[t->n].sel[sizeof tg->sel - 1] = '\0';
	t->v[t->n].group[sizeof tg->group - 1] = '\0';
	t->v[t->n].label[sizeof tg->label - 1] = '\0';
	t->v[t->n].cost[sizeof tg->cost - 1] = '\0';
	t->v[t->n].odds[sizeof tg->odds - 1] = '\0';
	t->v[t->n].line[sizeof tg->line - 1] = '\0';
	t->n++;
	return SL_OK;
}

void sl_targets_free(sl_targets *t)
{
	if (!t)
		return;
	sl_free(t->v);
	memset(t, 0, sizeof *t);
}

/* What one check needs: the rules, the state's bytes (restored for each
 * trial, so the caller's state is never touched) and a scratch log whose
 * arena takes the parsed values. */
typedef struct checker {
	const sl_log *log;
	sl_log scratch;            /* a shallow copy of *log with its own arena */
	const void *st;
	sl_buf bytes;
	long event_no;
	int oom;                   /* an allocation failed: the answer is unknown, not "refused" */
} checker;

/* Would the rules take ev now? */
static int trial(checker *c, const sl_event *ev)
{
	const sl_game *g = c->log->game;
	void *copy = NULL;
	sl_error e;
	int ok;
	sl_error_clear(&e);
	if (g->restore(&copy, c->bytes.data, c->bytes.len, &e)) {
		c->oom = 1;   /* bytes serialize made: only memory can fail */
		return 0;
	}
	ok = sl_entry_apply(g, &c->log->h, NULL, copy, ev, c->event_no, NULL, &e) == SL_OK;
	if (e.code == SL_ENOMEM)
		c->oom = 1;
	g->destroy(copy);
	return ok;
}

/* The faces trial, as the recorder's rec_try_before_drawing: dice written
 * as 0 ('?') stood in by every face in turn from the highest. */
static int try_faces(checker *c, const sl_event *ev)
{
	const sl_schema *sc = c->log->game->schema;
	int faces = sl_event_unknown_faces(sc, ev);
	if (faces == 0)
		return trial(c, ev);
	for (int v = faces; v >= 1; v--) {
		sl_event t;
		if (sl_event_stand_in(&c->scratch.arena, sc, ev, v, &t))
			return !(c->oom = 1);
		if (trial(c, &t))
			return 1;
	}
	return 0;
}

/* Whether the body line names field `name` ("name=" after a space). */
static int names_field(const char *line, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = strchr(line, ' '); p; p = strchr(p + 1, ' '))
		if (strncmp(p + 1, name, n) == 0 && p[1 + n] == '=')
			return 1;
	return 0;
}

/* The event a body line names ("fr: move ..." or "move ..."), or -1. */
static int line_event(const sl_schema *sc, const char *line)
{
	const char *w = line, *colon = strchr(line, ':'), *sp = strchr(line, ' ');
	size_t n;
	if (colon && (!sp || colon < sp))
		for (w = colon + 1; *w == ' '; w++)
			;
	n = strcspn(w, " ");
	return sl_schema_event(sc, w, n);
}

/* Two dice fields left out whose counts the rules check together (an
 * X-Wing roll: attack dice, then defence dice), when one at a time found
 * none: every pair of counts, tried with ones (the recorder's rec_fill_dice
 * does the same). 1 found (ev and count hold it), 0 none, -1 out of memory. */
static int pair_counts(checker *c, sl_event *ev, const sl_event_def *def, int *wanted, int *count)
{
	uint8_t ones[SL_MAX_ITEMS];
	int f[2], nf = 0;
	memset(ones, 1, sizeof ones);
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && (wanted[k] || !ev->f[k].present) && nf < 3)
			f[nf < 2 ? nf : 0] = k, nf++;
	if (nf != 2)
		return 0;
	for (int a = 1; a <= def->fields[f[0]].max_items; a++)
		for (int b = 1; b <= def->fields[f[1]].max_items; b++) {
			if (sl_value_bytes(&c->scratch.arena, &ev->f[f[0]], ones, a) ||
			    sl_value_bytes(&c->scratch.arena, &ev->f[f[1]], ones, b))
				return -1;
			if (trial(c, ev)) {
				wanted[f[0]] = wanted[f[1]] = 1;
				count[f[0]] = a;
				count[f[1]] = b;
				return 1;
			}
		}
	return 0;
}

/* Is `line` an entry the rules accept now, its drawn dice left to the
 * roller? The recorder's steps: a required DICE field left out becomes one
 * '?' die; a drawn ENUM (sl_game.chances) left out gets its first possible
 * value as a stand-in; a DICE field left out (or added) gets the fewest
 * dice the rules take, tried with ones; then every face is tried. A line
 * the rules refuse whatever the dice is refused. */
static int accepted(checker *c, const char *line)
{
	const sl_game *g = c->log->game;
	const sl_schema *sc = g->schema;
	const sl_event_def *def = NULL;
	sl_event ev;
	sl_error e;
	sl_buf t;
	int r, type, wanted[SL_MAX_FIELDS] = {0}, added[SL_MAX_FIELDS] = {0}, any = 0;
	sl_error_clear(&e);
	sl_buf_init(&t);
	sl_buf_puts(&t, line);
	type = line_event(sc, line);
	if (type >= 0) {
		def = &sc->events[type];
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			if (fd->optional || names_field(line, fd->name))
				continue;
			if (fd->kind == SL_K_DICE) {
				sl_buf_printf(&t, " %s=?", fd->name);
				added[k] = 1;
			} else if (fd->kind == SL_K_ENUM && g->chances) {
				uint8_t w[32];
				int nw = g->chances(c->st, &c->log->h, type, k, w, 32), stand = -1;
				for (int x = 0; x < nw && stand < 0; x++)
					if (w[x])
						stand = x;
				if (stand >= 0)
					sl_buf_printf(&t, " %s=%s", fd->name, fd->names[stand]);
			}
		}
	}
	r = t.failed ? SL_ENOMEM : sl_sil_parse_line(&c->scratch, sl_buf_cstr(&t), t.len, 1, &ev, &e);
	sl_buf_free(&t);
	if (r == SL_ENOMEM || e.code == SL_ENOMEM)
		c->oom = 1;
	if (r != 1)
		return 0;
	if (ev.entry != SL_ENTRY_EVENT || !def || ev.type != type)
		return trial(c, &ev);
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && (!ev.f[k].present || added[k]))
			wanted[k] = any = 1;   /* left out, or the lone '?' added: how many is the trial's to find */
	if (any && !trial(c, &ev)) {
		/* the count of each: tried with ones, the other fields stood in by
		 * one die each meanwhile (as the recorder's rec_fill_dice does),
		 * up to the field's own most */
		uint8_t ones[SL_MAX_ITEMS];
		int count[SL_MAX_FIELDS] = {0};
		memset(ones, 1, sizeof ones);
		for (int k = 0; k < def->nfields; k++)
			if (wanted[k] && sl_value_bytes(&c->scratch.arena, &ev.f[k], ones, count[k] = 1))
				return !(c->oom = 1);
		for (int k = 0; k < def->nfields; k++) {
			const sl_field_def *fd = &def->fields[k];
			int n, max = fd->max_items > 0 ? fd->max_items : 1;
			if (!wanted[k])
				continue;
			for (n = 1; n <= max; n++) {
				if (sl_value_bytes(&c->scratch.arena, &ev.f[k], ones, n))
					return !(c->oom = 1);
				if (trial(c, &ev))
					break;
			}
			if (n > max) {   /* no count works: left out, as the recorder does */
				memset(&ev.f[k], 0, sizeof ev.f[k]);
				wanted[k] = 0;
				continue;
			}
			if (sl_value_bytes(&c->scratch.arena, &ev.f[k], ones, count[k] = n))
				return !(c->oom = 1);
		}
		if (!trial(c, &ev) && pair_counts(c, &ev, def, wanted, count) < 0)
			return !(c->oom = 1);
		for (int k = 0; k < def->nfields; k++)
			if (wanted[k])
				memset((uint8_t *)(uintptr_t)ev.f[k].p, 0, (size_t)count[k]);   /* '?': stood in below */
	}
	return try_faces(c, &ev);
}

/* The groups of the sealed choices' targets (formats/xwing.md, formats/fmp.md). */
static int sealed_group(const char *g)
{
	return strcmp(g, "dial") == 0 || strcmp(g, "seal") == 0 || strcmp(g, "reveal") == 0;
}

int sl_targets_list(const sl_log *log, const void *state, const char *sel,
	sl_targets *out, sl_error *err)
{
	long events = 0;
	if (!log || !log->game || !state) {
		memset(out, 0, sizeof *out);
		return sl_error_set(err, SL_EUSAGE, "targets: no log or no state");
	}
	for (size_t i = 0; i < log->n; i++)
		events += log->ev[i].entry == SL_ENTRY_EVENT;
	return sl_targets_list_at(log, state, log->n ? &log->ev[log->n - 1] : NULL, events, sel, out, err);
}

int sl_targets_list_at(const sl_log *log, const void *state, const sl_event *last, long events,
	const char *sel, sl_targets *out, sl_error *err)
{
	const sl_painter *p;
	sl_frame fr;
	sl_targets cand;
	checker c;
	int rc;

	memset(out, 0, sizeof *out);
	if (!log || !log->game || !state)
		return sl_error_set(err, SL_EUSAGE, "targets: no log or no state");
	p = sl_painter_find(log->game->id);
	if (!p)
		return sl_error_set(err, SL_EFORMAT, "targets: no painter for game '%s'", log->game->id);
	memset(&fr, 0, sizeof fr);
	fr.game = log->game;
	fr.header = &log->h;
	fr.state = state;
	fr.event_no = events;
	fr.last = last;
	{   /* the size of the board image as drawn: the result band below it too */
		int bh, sr = sl_painter_size(p, &fr, NULL, &out->width, &out->height, &bh, err);
		if (sr < 0)
			return sr;
	}
	if (!p->targets)
		return SL_OK;   /* nothing to click: an empty list */
	if (log->game->result) {   /* over: a recorder takes only notes now */
		sl_buf res;
		int over;
		sl_buf_init(&res);
		over = log->game->result(state, &log->h, &res) == 1;
		sl_buf_free(&res);
		if (over)
			return SL_OK;
	}
	memset(&cand, 0, sizeof cand);
	rc = p->targets(&fr, sel && *sel ? sel : NULL, &cand, err);
	if (rc) {
		sl_targets_free(&cand);
		return rc;
	}
	memset(&c, 0, sizeof c);
	c.log = log;
	c.scratch = *log;
	sl_arena_init(&c.scratch.arena);
	c.st = state;
	c.event_no = events + 1;
	sl_buf_init(&c.bytes);
	if (log->game->serialize(state, &c.bytes) || c.bytes.failed) {
		rc = sl_error_set(err, SL_ENOMEM, "targets: out of memory copying the state");
		goto done;
	}
	for (int i = 0; i < cand.n; i++) {
		/* a hidden choice (xwing's dial, fmp's turn-21 choice) and its reveal
		 * name in clear what the server seals or fills in (POST /api/seal):
		 * no entry the filter can parse; their hook tried a stand-in */
		int ok = cand.v[i].kind != SL_TARGET_ACT || sealed_group(cand.v[i].group)
			|| accepted(&c, cand.v[i].line);
		if (c.oom) {
			rc = sl_error_set(err, SL_ENOMEM, "out of memory");
			goto done;
		}
		if (!ok)
			continue;
		if ((rc = sl_targets_push(out, &cand.v[i])) != SL_OK) {
			sl_error_set(err, rc, "out of memory");
			goto done;
		}
	}
	rc = SL_OK;
done:
	if (rc) {
		int w = out->width, h = out->height;
		sl_targets_free(out);
		out->width = w;
		out->height = h;
	}
	sl_arena_free(&c.scratch.arena);
	sl_buf_free(&c.bytes);
	sl_targets_free(&cand);
	return rc;
}
