/* rec_entry.c - an entry typed at the recorder, through one pipeline: the
 * line read (case, a player or dice left out: rec_assist.c), the dice drawn
 * (rec_dice.c), the rules and the check typed with it, then the journal
 * (rec_journal.c). Refused at any step, it changes nothing but the spent
 * dice counters, which the log then says were spent. */
#include "recorder.h"

#include <stdio.h>
#include <string.h>

typedef struct draft {
	const char *line;      /* as typed */
	const char *text;      /* the same without its leading blanks, for "# refused:" */
	size_t len;
	uint32_t lineno;
	char *norm;            /* the line normalized, with the dice and drawn values added */
	size_t nlen;
	line_info li;
	int wanted[SL_MAX_FIELDS];   /* dice fields the recorder filled in */
	sl_event ev;
	sl_buf chance;         /* values drawn out of the rules' weights: " FIELD=C:V/N" */
	sl_buf dline;          /* the entry's "# dice" line */
	sl_buf desc;           /* the entry in words */
	int sealed;            /* check: the state's check after it, made by compare_check */
	uint64_t check;
} draft;

/* After close, or after the end of the game, no entry is taken. */
static int entry_allowed(recorder *rc, uint32_t lineno)
{
	sl_error err;
	sl_buf res;
	int over;
	sl_error_clear(&err);
	if (rc->closed) {
		sl_error_at(&err, SL_EUSAGE, "<stdin>", lineno, 1, "this log is closed (its dice seed is revealed): "
			"nothing more is recorded");
		rec_refuse(rc, &err);
		return 0;
	}
	sl_buf_init(&res);
	over = rec_result(rc, &res) == 1;
	if (over) {
		sl_error_at(&err, SL_EILLEGAL, "<stdin>", lineno, 1, "the game is over (%s): only notes may "
			"follow ('@note TEXT', '# comment'); 'close' reveals the dice seed", sl_buf_cstr(&res));
		rec_refuse(rc, &err);
	}
	sl_buf_free(&res);
	return !over;
}

/* The line refused after a value or a die was drawn for it: the log says so
 * (the counters are spent), above the next entry and at once on disk. */
static void note_spent(recorder *rc, draft *d, int on_disk)
{
	sl_buf t;
	if (!d->dline.len && (!d->chance.len || d->li.type < 0))
		return;
	sl_buf_init(&t);
	sl_buf_printf(&t, "# refused: %s", d->text);
	rec_pending_add(rc, sl_buf_cstr(&t));
	sl_buf_reset(&t);
	if (d->dline.len)
		sl_buf_put(&t, d->dline.data, d->dline.len);
	else
		sl_buf_printf(&t, "%s%s", SL_DICE_LINE, rc->log->game->schema->events[d->li.type].name);
	if (!d->dline.len)
		sl_buf_put(&t, d->chance.data, d->chance.len);
	rec_pending_add(rc, sl_buf_cstr(&t));
	sl_buf_free(&t);
	if (on_disk && !rc->silb) {   /* at the end of the file for now */
		sl_free(rc->log->tail_comment);
		rc->log->tail_comment = sl_strdup(sl_buf_cstr(&rc->pending));
		rec_save(rc, REC_TAIL);
	}
}

static void refuse(recorder *rc, draft *d, sl_error *err, int on_disk)
{
	note_spent(rc, d, on_disk);
	rec_refuse_line(rc, err, d->line, d->lineno, &d->li);
}

/* A required dice field left out: '?' for the recorder to draw. */
static void ask_dice(recorder *rc, draft *d, sl_buf *t)
{
	const sl_event_def *def = &rc->log->game->schema->events[d->li.type];
	for (int k = 0; k < def->nfields; k++)
		if (def->fields[k].kind == SL_K_DICE && !d->li.present[k] && !def->fields[k].optional) {
			sl_buf_printf(t, " %s=?", def->fields[k].name);
			d->wanted[k] = 1;
		}
}

/* The markers to write before ev when the rules take it only in a later
 * phase (or the next turn): the shortest run of "phase K" / "turn N" lines
 * after which they do, tried on a copy of the state (the dice left out
 * counted there, into ev). How many went into marks, 0 when none does. */
static int implied_markers(recorder *rc, sl_event *ev, const int *wanted, char marks[][24], int max)
{
	const sl_game *g = rc->log->game;
	int turn = 0, phase = 0, n = 0, found = 0;
	void *copy = NULL, *keep = rc->st;
	sl_error err;
	sl_error_clear(&err);
	g->position(rc->st, &turn, &phase);
	if (turn < 1 || sl_game_clone(g, rc->st, &copy, &err))
		return 0;
	while (n < max && !found) {
		sl_event m;
		if (phase < g->schema->nphases)
			snprintf(marks[n], sizeof marks[n], "phase %d", ++phase);
		else if (n && strncmp(marks[0], "turn", 4) == 0)
			break;   /* one turn at most */
		else {
			snprintf(marks[n], sizeof marks[n], "turn %d", ++turn);
			phase = 1;
		}
		if (sl_sil_parse_line(rc->log, marks[n], strlen(marks[n]), 0, &m, &err) < 0 ||
		    sl_replay_apply(rc->log, copy, &m, rc->events, NULL, &err)) {
			if (marks[n][0] == 't')
				break;
			phase = g->schema->nphases;   /* a phase this game does not play (fmp's fourth of three): the next turn */
			continue;
		}
		n++;
		rc->st = copy;   /* the trial reads rc->st */
		{
			sl_event t = *ev;   /* dice left out: as many as the rules take there */
			found = rec_try_before_drawing(rc, &t, NULL) || rec_fill_dice(rc, &t, wanted);
			if (found)
				*ev = t;
		}
		rc->st = keep;
	}
	g->destroy(copy);
	return found ? n : 0;
}

/* The phase markers the rules imply, written for the player: an event
 * that no line allows in the phase the game is in (rec_legal.c), and that
 * the rules take after the next markers, has those markers recorded first
 * (the comments typed before it stay with it). 1 recorded, 0 none implied,
 * -1 refused (said). */
static int markers_for(recorder *rc, sl_event *ev, const int *wanted, uint32_t lineno)
{
	char marks[8][24];
	sl_buf keep;
	int n;
	if (!rc->imply_markers || ev->entry != SL_ENTRY_EVENT || rec_try_before_drawing(rc, ev, NULL) ||
	    !rec_legal(rc))
		return 0;
	if (rec_legal_has_event(rc, rc->log->game->schema->events[ev->type].name) ||
	    (n = implied_markers(rc, ev, wanted, marks, 8)) == 0)
		return 0;
	keep = rc->pending;
	sl_buf_init(&rc->pending);
	for (int k = 0; k < n; k++) {
		long before = rc->accepted;
		rec_entry(rc, marks[k], strlen(marks[k]), lineno);
		if (rc->accepted == before) {
			sl_buf_free(&rc->pending);
			rc->pending = keep;
			return -1;
		}
	}
	sl_buf_free(&rc->pending);
	rc->pending = keep;
	return 1;
}

static int entry_markers(recorder *rc, draft *d)
{
	return markers_for(rc, &d->ev, d->wanted, d->lineno) < 0 ? -1 : 0;
}

/* A value the rules draw (a card) left out: drawn once the line passes the
 * rules with a stand-in value (after the markers they imply). 0, or -1
 * refused (said). */
static int draw_values(recorder *rc, draft *d, sl_buf *t)
{
	const sl_event_def *def = &rc->log->game->schema->events[d->li.type];
	for (int k = 0; k < def->nfields && rc->log->game->chances; k++) {
		uint8_t w[32];
		int nw, stand = -1, got;
		sl_buf u;
		sl_event tev;
		sl_error e2;
		if (def->fields[k].kind != SL_K_ENUM || d->li.present[k] || def->fields[k].optional)
			continue;
		nw = rc->log->game->chances(rc->st, &rc->log->h, d->li.type, k, w, 32);
		for (int x = 0; x < nw && stand < 0; x++)
			if (w[x])
				stand = x;
		if (stand < 0)
			continue;
		sl_buf_init(&u);
		sl_buf_put(&u, t->data, t->len);
		sl_buf_printf(&u, " %s=%s", def->fields[k].name, def->fields[k].names[stand]);
		sl_error_clear(&e2);
		if (rec_parse_entry(rc, (char *)(uintptr_t)sl_buf_cstr(&u), u.len, d->lineno, &d->li, &tev, &e2) >= 0 &&
		    !rec_try_before_drawing(rc, &tev, &e2) && markers_for(rc, &tev, d->wanted, d->lineno) <= 0) {
			sl_buf_free(&u);
			refuse(rc, d, &e2, 0);
			return -1;
		}
		sl_buf_free(&u);
		if (rec_draw_chance(rc, d->li.type, k, d->lineno, &got, &d->chance, &e2) || got < 0) {
			rec_refuse(rc, &e2);
			return -1;
		}
		sl_buf_printf(t, " %s=%s", def->fields[k].name, def->fields[k].names[got]);
	}
	return 0;
}

/* An optional dice field left out, without which the rules refuse the
 * event: drawn too (as many dice as the rules take). */
static void fill_optional_dice(recorder *rc, draft *d)
{
	const sl_event_def *def;
	int any = 0;
	if (d->ev.entry != SL_ENTRY_EVENT)
		return;
	def = &rc->log->game->schema->events[d->ev.type];
	for (int k = 0; k < def->nfields; k++) {
		const sl_value *f = &d->ev.f[k];
		if (def->fields[k].kind == SL_K_DICE && !f->present)
			d->wanted[k] = any = 1;
		else if (d->wanted[k] && f->present && f->n == 1 && !((const uint8_t *)f->p)[0])
			any = 1;   /* added above: find how many dice */
		else
			d->wanted[k] = 0;
	}
	if (any && !rec_would_apply(rc, &d->ev))
		rec_fill_dice(rc, &d->ev, d->wanted);
}

/* An allocation failed while the line was read: said, and refused with
 * SL_ENOMEM (not a silent refusal, nor one the rules would be blamed for:
 * the server answers 503 to it). -1. */
static int entry_oom(recorder *rc)
{
	sl_error e;
	sl_error_clear(&e);
	sl_error_set(&e, SL_ENOMEM, "out of memory");
	rec_refuse(rc, &e);
	return -1;
}

/* The line read into d->ev. 0, or -1 refused (said). */
static int entry_read(recorder *rc, draft *d)
{
	sl_error err;
	sl_buf t;
	sl_error_clear(&err);
	d->norm = sl_strndup(d->line, d->len);
	if (!d->norm)
		return entry_oom(rc);
	rec_normalize(rc, d->norm, &d->li);
	d->nlen = d->len;
	if (d->li.type >= 0) {
		sl_buf_init(&t);
		sl_buf_put(&t, d->norm, d->len);
		ask_dice(rc, d, &t);
		if (draw_values(rc, d, &t)) {
			sl_buf_free(&t);
			return -1;
		}
		if (t.failed) {   /* the dice asked for were not written in: not the line typed */
			sl_buf_free(&t);
			return entry_oom(rc);
		}
		if (t.len > d->len) {
			sl_free(d->norm);
			d->norm = sl_strndup((const char *)t.data, t.len);
			d->nlen = t.len;
		}
		sl_buf_free(&t);
		if (!d->norm)
			return entry_oom(rc);
	}
	if (rec_parse_entry(rc, d->norm, d->nlen, d->lineno, &d->li, &d->ev, &err) < 0) {
		refuse(rc, d, &err, 0);
		return -1;
	}
	fill_optional_dice(rc, d);
	return 0;
}

/* The dice written '?' drawn, once the rules could take the line with some
 * face; one "# dice" line for the entry. 0, or -1 refused (said). */
static int entry_dice(recorder *rc, draft *d)
{
	sl_error err;
	sl_error_clear(&err);
	if (!rec_try_before_drawing(rc, &d->ev, &err)) {
		refuse(rc, d, &err, 0);
		return -1;
	}
	if (rec_draw(rc, &d->ev, d->lineno, &d->dline, &err)) {
		sl_buf_reset(&d->dline);
		rec_refuse(rc, &err);
		return -1;
	}
	if (d->chance.len) {
		if (!d->dline.len)
			sl_buf_printf(&d->dline, "%s%s", SL_DICE_LINE, rc->log->game->schema->events[d->ev.type].name);
		sl_buf_put(&d->dline, d->chance.data, d->chance.len);
	}
	return 0;
}

/* A check typed with the line ('!5f0c9a12') must be the state's after it:
 * a log whose check is wrong is not laundered into fresh checks. */
static int compare_check(recorder *rc, draft *d, sl_error *err)
{
	sl_event ev = d->ev;
	int digits = ev.entry == SL_ENTRY_TURN ? 16 : 8;
	uint64_t want = d->ev.check;
	char msg[256];
	if (!d->ev.has_check || ev.entry == SL_ENTRY_PHASE)
		return SL_OK;
	if (rec_seal_entry(rc->log, rc->st, rc->log->n, &ev))
		return sl_error_set(err, SL_ENOMEM, "out of memory: cannot hash the state");
	d->sealed = 1;
	d->check = ev.check;
	if (digits == 8) {
		want &= 0xffffffffu;
		ev.check &= 0xffffffffu;
	}
	if (ev.check == want)
		return SL_OK;
	snprintf(msg, sizeof msg, "desync: the replayed check is %0*llx but the line records %0*llx; "
		"not recorded", digits, (unsigned long long)ev.check, digits, (unsigned long long)want);
	return sl_entry_fail(rc->log->game, &rc->log->h, "<stdin>", &d->ev,
		rc->events + (d->ev.entry == SL_ENTRY_EVENT), SL_EDESYNC, msg, err);
}

/* The rules, then the typed check. 0, or -1 refused (said; the state as
 * it was). */
static int entry_rules(recorder *rc, draft *d)
{
	sl_error err;
	long no = rc->events + (d->ev.entry == SL_ENTRY_EVENT);
	sl_error_clear(&err);
	if (sl_replay_apply(rc->log, rc->st, &d->ev, no, &d->desc, &err)) {
		refuse(rc, d, &err, 1);
		return -1;
	}
	if (compare_check(rc, d, &err)) {
		sl_error e2;
		sl_error_clear(&e2);
		rec_rebuild(rc, &e2);
		refuse(rc, d, &err, 1);
		if (!rc->interactive) {   /* every later check would part too */
			rc->stopped = 1;
			rec_warn(rc, "sillage: <stdin>:%u: the lines after this one are not read: they follow a "
				"game that parts from the one recorded here (`sillage verify` says where)\n", d->lineno);
		}
		return -1;
	}
	return 0;
}

/* What the entry needs before it is appended: its check, its description
 * (a marker's), the room to keep them and its dice line, its comments. 0,
 * or -1 for out of memory (said, the state put back: nothing recorded, not
 * an entry without its check nor an answer without its words). */
static int journal_ready(recorder *rc, draft *d)
{
	sl_error err;
	sl_error_clear(&err);
	if (d->sealed) {   /* hashed already, to compare with the check typed */
		d->ev.has_check = 1;
		d->ev.check = d->check;
	} else if (rec_seal_entry(rc->log, rc->st, rc->log->n, &d->ev))
		goto oom;
	if (d->ev.entry != SL_ENTRY_EVENT) {
		sl_buf_reset(&d->desc);
		sl_replay_describe_marker(rc->log, &d->ev, &d->desc);
	}
	sl_buf_reset(&rc->last_desc);
	sl_buf_reset(&rc->last_dice);
	if (sl_buf_reserve(&d->desc, 0) || sl_buf_reserve(&rc->last_desc, d->desc.len) ||
	    sl_buf_reserve(&rc->last_dice, d->dline.len) || sl_buf_reserve(&d->dline, 0))
		goto oom;
	if (d->dline.len && rc->log->h.format_version < 2 &&   /* format 2 marks the draws in the entry itself */
	    rec_pending_add(rc, sl_buf_cstr(&d->dline)))
		goto oom;
	if (rc->pending.len && sl_buf_reserve(&rc->pending, 0))
		goto oom;
	return 0;
oom:
	rec_rebuild(rc, &err);
	entry_oom(rc);
	return -1;
}

/* Sealed, appended and saved; said. */
static void entry_journal(recorder *rc, draft *d)
{
	sl_error err;
	int r;
	sl_error_clear(&err);
	if (journal_ready(rc, d))
		return;
	sl_buf_put(&rc->last_dice, d->dline.data, d->dline.len);
	if (rc->pending.len)
		d->ev.comment = sl_buf_cstr(&rc->pending);
	sl_free(rc->log->tail_comment);   /* the pending lines go with this entry now */
	rc->log->tail_comment = NULL;
	r = sl_log_append(rc->log, &d->ev);
	if (r == SL_OK && rec_save(rc, REC_ENTRY)) {
		sl_log_pop(rc->log);
		r = SL_EIO;
	}
	if (r) {   /* not recorded: put the state back as the log on disk has it */
		rec_rebuild(rc, &err);
		if (r == SL_ENOMEM)   /* the append's: said as such (rec_save says its own) */
			entry_oom(rc);
		else
			rc->refused++;
		return;
	}
	sl_buf_reset(&rc->pending);
	rc->last_refused = 0;
	rc->accepted++;
	if (d->ev.entry == SL_ENTRY_EVENT)
		rc->events++;
	sl_buf_put(&rc->last_desc, d->desc.data, d->desc.len);
	rec_say_accepted(rc, &d->ev, &d->desc);
}

void rec_say_accepted(recorder *rc, const sl_event *ev, sl_buf *desc)
{
	sl_buf res;
	if (rc->quiet)
		return;
	if (ev->entry == SL_ENTRY_EVENT)
		rec_say(rc, "#%ld %s\n", rc->events, sl_buf_cstr(desc));
	else
		rec_say(rc, "== %s ==\n", sl_buf_cstr(desc));
	sl_buf_init(&res);
	if (rec_result(rc, &res) == 1)
		rec_say(rc, "== the game is over: %s ==\n", sl_buf_cstr(&res));
	sl_buf_free(&res);
}

void rec_entry(recorder *rc, const char *line, size_t len, uint32_t lineno)
{
	draft d;
	if (!entry_allowed(rc, lineno))
		return;
	memset(&d, 0, sizeof d);
	d.line = line;
	d.text = line + strspn(line, " \t");
	d.len = len;
	d.lineno = lineno;
	sl_buf_init(&d.chance);
	sl_buf_init(&d.dline);
	sl_buf_init(&d.desc);
	if (entry_read(rc, &d) == 0 && entry_markers(rc, &d) == 0 && entry_dice(rc, &d) == 0 &&
	    entry_rules(rc, &d) == 0)
		entry_journal(rc, &d);
	sl_free(d.norm);
	sl_buf_free(&d.chance);
	sl_buf_free(&d.dline);
	sl_buf_free(&d.desc);
}
