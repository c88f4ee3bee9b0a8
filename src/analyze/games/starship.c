/* starship.c - the analysis of a starship log: a recorded voyage rated roll
 * by roll, each fight's odds at the start, every attack's chance and its
 * change of the odds, and the luck of each side, fight by fight and over the
 * whole voyage. */
#include "../analysis.h"
#include "replay/sl_replay.h"
#include "games/starship/starship.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The luck's sums, kept exactly: chances of a hit and expected damage in
 * 36ths, the swing as a fraction. */
typedef struct luck_acc {
	long hit36[2], dmg36[2];
	sl_odds_q *swing[2];
} luck_acc;

typedef struct walk {
	sl_odds_report *r;
	int cap_f, cap_a;
	sl_odds_table *tab;       /* the current fight's table */
	int ev_encounter, ev_attack, ev_damage, ev_escape;
	unsigned flags;
	luck_acc voyage, fight;   /* the whole voyage; the current fight */
	sl_odds_q *before, *mid, *after, *att, *tmp;   /* scratch */
} walk;

static int acc_init(luck_acc *a)
{
	memset(a, 0, sizeof *a);
	a->swing[0] = sl_odds_q_new();
	a->swing[1] = sl_odds_q_new();
	return a->swing[0] && a->swing[1] ? SL_OK : SL_ENOMEM;
}

static void acc_free(luck_acc *a)
{
	sl_odds_q_free(a->swing[0]);
	sl_odds_q_free(a->swing[1]);
	a->swing[0] = a->swing[1] = NULL;
}

static char *frac(walk *w, long num, long den)
{
	sl_odds_q_set_frac(w->tmp, num, den);
	return sl_odds_q_str(w->tmp);
}

/* The exact sums into l: doubles always, fractions with SL_ODDS_EXACT. */
static int acc_finish(walk *w, const luck_acc *a, sl_odds_luck *l)
{
	for (int s = 0; s < 2; s++) {
		l->exp_hits[s] = (double)a->hit36[s] / 36.0;
		l->exp_damage[s] = (double)a->dmg36[s] / 36.0;
		l->swing[s] = sl_odds_q_double(a->swing[s]);
		if (!(w->flags & SL_ODDS_EXACT))
			continue;
		sl_free(l->q.exp_hits[s]);
		sl_free(l->q.exp_damage[s]);
		sl_free(l->q.swing[s]);
		l->q.exp_hits[s] = frac(w, a->hit36[s], 36);
		l->q.exp_damage[s] = frac(w, a->dmg36[s], 36);
		l->q.swing[s] = sl_odds_q_str(a->swing[s]);
		if (!l->q.exp_hits[s] || !l->q.exp_damage[s] || !l->q.swing[s])
			return SL_ENOMEM;
	}
	return SL_OK;
}

static void luck_free(sl_odds_luck *l)
{
	for (int s = 0; s < 2; s++) {
		sl_free(l->q.exp_hits[s]);
		sl_free(l->q.exp_damage[s]);
		sl_free(l->q.swing[s]);
	}
}

static void qodds_free(sl_odds_qodds *q)
{
	sl_free(q->win);
	sl_free(q->lose);
	sl_free(q->attacks);
}

static sl_fight fight_of(const starship_state *s)
{
	sl_fight f;
	f.weapons[0] = s->you.weapons;
	f.weapons[1] = s->enemy.weapons;
	f.shields[0] = s->you.shields;
	f.shields[1] = s->enemy.shields;
	f.to_move = s->to_move;
	f.pending = s->pending;
	return f;
}

/* The odds of s, as doubles in o and, where win/att are not NULL, as
 * fractions (the chance to win, the attacks expected). */
static int odds_of(walk *w, const starship_state *s, sl_fight_odds *o, sl_odds_q *win,
	sl_odds_q *att)
{
	sl_fight f;
	int rc;
	if (s->outcome == STARSHIP_WON || s->outcome == STARSHIP_LOST) {
		o->win = s->outcome == STARSHIP_WON;
		o->lose = !o->win;
		o->endless = o->attacks = 0;
		if (win)
			sl_odds_q_set_frac(win, o->win ? 1 : 0, 1);
		if (att)
			sl_odds_q_set_frac(att, 0, 1);
		return SL_OK;
	}
	f = fight_of(s);
	if ((rc = sl_odds_table_get(w->tab, &f, o)))
		return rc;
	return win || att ? sl_odds_table_get_q(w->tab, &f, win, NULL, att) : SL_OK;
}

/* The fractions of a fight's odds, with SL_ODDS_EXACT. */
static int qodds_of(walk *w, const starship_state *s, const sl_fight_odds *o, sl_odds_qodds *q)
{
	sl_fight f = fight_of(s);
	sl_odds_q *v[3];
	int rc = SL_OK;
	if (!(w->flags & SL_ODDS_EXACT))
		return SL_OK;
	qodds_free(q);
	memset(q, 0, sizeof *q);
	v[0] = sl_odds_q_new();
	v[1] = sl_odds_q_new();
	v[2] = sl_odds_q_new();
	if (!v[0] || !v[1] || !v[2])
		rc = SL_ENOMEM;
	else if (!(rc = sl_odds_table_get_q(w->tab, &f, v[0], v[1], v[2]))) {
		q->win = sl_odds_q_str(v[0]);
		q->lose = sl_odds_q_str(v[1]);
		q->attacks = o->endless > 0 ? NULL : sl_odds_q_str(v[2]);
		if (!q->win || !q->lose || (o->endless <= 0 && !q->attacks))
			rc = SL_ENOMEM;
	}
	for (int i = 0; i < 3; i++)
		sl_odds_q_free(v[i]);
	return rc;
}

static int grow(void **p, int *cap, int need, size_t size)
{
	void *q;
	int n;
	if (need <= *cap)
		return SL_OK;
	n = *cap ? *cap * 2 : 16;
	while (n < need)
		n *= 2;
	q = sl_realloc(*p, (size_t)n * size);
	if (!q)
		return SL_ENOMEM;
	*p = q;
	*cap = n;
	return SL_OK;
}

static int on_encounter(walk *w, const starship_state *s, long no)
{
	sl_odds_report *r = w->r;
	sl_odds_fightrep *f;
	int rc;
	if ((rc = grow((void **)&r->fights, &w->cap_f, r->nfights + 1, sizeof *r->fights)))
		return rc;
	if (r->nfights && (rc = acc_finish(w, &w->fight, &r->fights[r->nfights - 1].luck)))
		return rc;
	acc_free(&w->fight);
	if ((rc = acc_init(&w->fight)))
		return rc;
	sl_odds_table_free(w->tab);
	w->tab = NULL;
	if ((rc = sl_odds_table_new(&w->tab, s->you.weapons, s->enemy.weapons, s->you.shields,
		s->enemy.shields)))
		return rc;
	r->states += sl_odds_table_states(w->tab);
	f = &r->fights[r->nfights++];
	memset(f, 0, sizeof *f);
	f->turn = s->turn;
	f->event = no;
	f->paragraph = s->paragraph;
	memcpy(f->enemy, s->enemy.name, sizeof f->enemy);
	f->enemy[sizeof f->enemy - 1] = 0;
	f->weapons[0] = s->you.weapons;
	f->weapons[1] = s->enemy.weapons;
	f->shields[0] = s->you.shields;
	f->shields[1] = s->enemy.shields;
	f->first = s->first;
	f->escape_after = s->escape_after;
	f->outcome = SL_ODDS_ON;
	f->first_attack = r->attacks_base + r->nattacks;
	if ((rc = odds_of(w, s, &f->start, NULL, NULL)))
		return rc;
	return qodds_of(w, s, &f->start, &f->q_start);
}

static void end_fight(sl_odds_fightrep *f, const starship_state *s, long no)
{
	if (s->outcome == STARSHIP_ON)
		return;
	f->outcome = s->outcome == STARSHIP_WON ? SL_ODDS_WON : s->outcome == STARSHIP_LOST
		? SL_ODDS_LOST : SL_ODDS_FLED;
	f->end_event = no;
}

static int on_attack(walk *w, const starship_state *prev, const starship_state *s, long no)
{
	sl_odds_report *r = w->r;
	const starship_exchange *x = starship_last(s);
	sl_odds_attack *a;
	sl_fight_odds before, mid;
	int rc, by;
	if (!x || r->nfights == 0)
		return SL_EUSAGE;
	if ((rc = grow((void **)&r->attacks, &w->cap_a, r->nattacks + 1, sizeof *r->attacks)))
		return rc;
	if ((rc = odds_of(w, prev, &before, w->before, w->att)) ||
	    (rc = odds_of(w, s, &mid, w->mid, NULL)))
		return rc;
	a = &r->attacks[r->nattacks++];
	memset(a, 0, sizeof *a);
	by = x->by;
	a->fight = r->fights_base + r->nfights - 1;
	a->event = no;
	a->by = by;
	a->round = x->round;
	a->a1 = x->a1;
	a->a2 = x->a2;
	a->weapons = x->weapons;
	a->hit = x->hit;
	a->destroyed = x->destroyed;
	a->shields_before[0] = a->shields_after[0] = s->you.shields;
	a->shields_before[1] = a->shields_after[1] = s->enemy.shields;
	a->p_hit = sl_odds_hit_ways(x->weapons) / 36.0;
	a->exp_damage = sl_odds_expected_damage(by == STARSHIP_YOU ? prev->enemy.shields
	                                                          : prev->you.shields);
	a->win_before = before.win;
	a->win_mid = a->win_after = mid.win;
	a->attacks_before = before.attacks;
	if (w->flags & SL_ODDS_EXACT) {
		int dw[3];
		sl_odds_damage_ways(by == STARSHIP_YOU ? prev->enemy.shields : prev->you.shields, dw);
		a->q.p_hit = frac(w, sl_odds_hit_ways(x->weapons), 36);
		a->q.exp_damage = frac(w, (by == STARSHIP_YOU ? prev->enemy.shields : prev->you.shields)
			? 2L * dw[0] + 4L * dw[1] + 6L * dw[2] : 0, 36);
		a->q.win_before = sl_odds_q_str(w->before);
		a->q.win_mid = sl_odds_q_str(w->mid);
		a->q.win_after = sl_odds_q_str(w->mid);
		a->q.attacks_before = before.endless > 0 ? NULL : sl_odds_q_str(w->att);
		if (!a->q.p_hit || !a->q.exp_damage || !a->q.win_before || !a->q.win_mid ||
		    !a->q.win_after || (before.endless <= 0 && !a->q.attacks_before))
			return SL_ENOMEM;
	}
	r->fights[r->nfights - 1].nattacks++;
	for (int k = 0; k < 2; k++) {
		sl_odds_luck *l = k ? &r->fights[r->nfights - 1].luck : &r->luck;
		luck_acc *acc = k ? &w->fight : &w->voyage;
		l->attacks[by]++;
		l->hits[by] += x->hit;
		acc->hit36[by] += sl_odds_hit_ways(x->weapons);
		sl_odds_q_add_diff(acc->swing[by], w->mid, w->before);
	}
	end_fight(&r->fights[r->nfights - 1], s, no);
	return SL_OK;
}

static int on_damage(walk *w, const starship_state *s, long no)
{
	sl_odds_report *r = w->r;
	const starship_exchange *x = starship_last(s);
	sl_odds_attack *a;
	sl_fight_odds after;
	int rc;
	if (!x || r->nattacks == 0)
		return SL_EUSAGE;
	if ((rc = odds_of(w, s, &after, w->after, NULL)))
		return rc;
	a = &r->attacks[r->nattacks - 1];
	a->damage_event = no;
	a->d1 = x->d1;
	a->d2 = x->d2;
	a->damage = x->damage;
	a->shields_after[0] = s->you.shields;
	a->shields_after[1] = s->enemy.shields;
	a->win_after = after.win;
	if (w->flags & SL_ODDS_EXACT) {
		sl_free(a->q.win_after);
		if (!(a->q.win_after = sl_odds_q_str(w->after)))
			return SL_ENOMEM;
	}
	{
		int dw[3];
		sl_odds_damage_ways(x->shields_before, dw);
		for (int k = 0; k < 2; k++) {
			sl_odds_luck *l = k ? &r->fights[r->nfights - 1].luck : &r->luck;
			luck_acc *acc = k ? &w->fight : &w->voyage;
			l->damage_rolls[a->by]++;
			l->damage[a->by] += x->damage;
			acc->dmg36[a->by] += 2L * dw[0] + 4L * dw[1] + 6L * dw[2];
			sl_odds_q_add_diff(acc->swing[a->by], w->after, w->mid);
		}
	}
	return SL_OK;
}

/* An attack's fractions (SL_ODDS_EXACT). */
static void attack_free(sl_odds_attack *a)
{
	sl_free(a->q.p_hit);
	sl_free(a->q.exp_damage);
	sl_free(a->q.win_before);
	sl_free(a->q.win_mid);
	sl_free(a->q.win_after);
	sl_free(a->q.attacks_before);
}

/* The voyage rated as it is fed, an event at a time (sl_odds_feed): the
 * walk, the rules' state and the events seen. */
typedef struct voyage {
	walk w;
	const sl_log *head;
	starship_state *st;
	long no;
} voyage;

static void voy_free(void *cx)
{
	voyage *v = cx;
	if (!v)
		return;
	acc_free(&v->w.voyage);
	acc_free(&v->w.fight);
	sl_odds_q_free(v->w.before);
	sl_odds_q_free(v->w.mid);
	sl_odds_q_free(v->w.after);
	sl_odds_q_free(v->w.att);
	sl_odds_q_free(v->w.tmp);
	sl_odds_table_free(v->w.tab);
	if (v->st)
		v->head->game->destroy(v->st);
	sl_odds_report_free(v->w.r);
	sl_free(v);
}

static int voy_new(void **out, const sl_log *head, unsigned flags, sl_error *err)
{
	const sl_schema *sc = head->game->schema;
	voyage *v;
	int rc;
	*out = NULL;
	if (!(v = sl_calloc(1, sizeof *v)))
		return sl_error_set(err, SL_ENOMEM, "odds: out of memory");
	v->head = head;
	v->w.ev_encounter = sl_schema_event(sc, "encounter", 9);
	v->w.ev_attack = sl_schema_event(sc, "attack", 6);
	v->w.ev_damage = sl_schema_event(sc, "damage", 6);
	v->w.ev_escape = sl_schema_event(sc, "escape", 6);
	v->w.flags = flags;
	v->w.r = sl_calloc(1, sizeof *v->w.r);
	v->w.before = sl_odds_q_new();
	v->w.mid = sl_odds_q_new();
	v->w.after = sl_odds_q_new();
	v->w.att = sl_odds_q_new();
	v->w.tmp = sl_odds_q_new();
	if (!v->w.r || !v->w.before || !v->w.mid || !v->w.after || !v->w.att || !v->w.tmp ||
	    acc_init(&v->w.voyage) || acc_init(&v->w.fight)) {
		voy_free(v);
		return sl_error_set(err, SL_ENOMEM, "odds: out of memory");
	}
	if ((rc = head->game->init((void **)&v->st, &head->h, err))) {
		v->st = NULL;
		voy_free(v);
		return rc;
	}
	*out = v;
	return SL_OK;
}

/* One entry, applied to the voyage's own state and rated. */
static int voy_add(void *cx, const sl_event *ev, sl_error *err)
{
	voyage *v = cx;
	walk *w = &v->w;
	sl_odds_report *r = w->r;
	starship_state prev;
	int rc = SL_OK, is_ev = ev->entry == SL_ENTRY_EVENT;
	v->no += is_ev;
	prev = *v->st;
	if ((rc = sl_replay_apply(v->head, v->st, ev, v->no, NULL, err)))
		return rc;
	if (!is_ev)
		return SL_OK;
	if (ev->type == w->ev_encounter)
		rc = on_encounter(w, v->st, v->no);
	else if (ev->type == w->ev_attack)
		rc = on_attack(w, &prev, v->st, v->no);
	else if (ev->type == w->ev_damage)
		rc = on_damage(w, v->st, v->no);
	else if (ev->type == w->ev_escape && r->nfights)
		end_fight(&r->fights[r->nfights - 1], v->st, v->no);
	if (rc)
		return sl_error_set(err, rc, "odds: cannot rate event %ld: %s", v->no, sl_code_name(rc));
	memcpy(r->ship, v->st->you.name, sizeof r->ship);   /* the report so far names the ship */
	r->ship[sizeof r->ship - 1] = 0;
	return SL_OK;
}

static const sl_odds_report *voy_report(void *cx)
{
	return ((voyage *)cx)->w.r;
}

/* Lets go of every fight but the last and every attack but the last (the
 * report's bases count what was let go). */
static void voy_forget(void *cx)
{
	voyage *v = cx;
	sl_odds_report *r = v->w.r;
	if (r->nfights > 1) {
		for (int i = 0; i < r->nfights - 1; i++) {
			qodds_free(&r->fights[i].q_start);
			luck_free(&r->fights[i].luck);
		}
		r->fights[0] = r->fights[r->nfights - 1];
		r->fights_base += r->nfights - 1;
		r->nfights = 1;
	}
	if (r->nattacks > 1) {
		for (int i = 0; i < r->nattacks - 1; i++)
			attack_free(&r->attacks[i]);
		r->attacks[0] = r->attacks[r->nattacks - 1];
		r->attacks_base += r->nattacks - 1;
		r->nattacks = 1;
	}
}

/* The voyage's end: its totals, and the position's odds when a fight is on. */
static int voy_end(void *cx, sl_odds_report **out, sl_error *err)
{
	voyage *v = cx;
	walk *w = &v->w;
	sl_odds_report *r = w->r;
	const starship_state *st = v->st;
	int rc;
	*out = NULL;
	r->events = v->no;
	memcpy(r->ship, st->you.name, sizeof r->ship);
	r->ship[sizeof r->ship - 1] = 0;
	r->weapons = st->you.weapons;
	r->shields_start = st->you.shields_start;
	if ((rc = acc_finish(w, &w->voyage, &r->luck)) ||
	    (r->nfights && (rc = acc_finish(w, &w->fight, &r->fights[r->nfights - 1].luck))))
		return sl_error_set(err, rc, "odds: %s", sl_code_name(rc));
	if (st->outcome == STARSHIP_ON && w->tab) {
		r->in_fight = 1;
		r->now = fight_of(st);
		rc = sl_odds_table_get(w->tab, &r->now, &r->now_odds);
		if (!rc)
			rc = qodds_of(w, st, &r->now_odds, &r->q_now);
		if (rc)
			return sl_error_set(err, rc, "odds: cannot rate the position: %s", sl_code_name(rc));
	}
	*out = r;
	w->r = NULL;
	return SL_OK;
}

static const sl_odds_ops voyage_ops = {voy_new, voy_add, voy_report, voy_forget, voy_end, voy_free};

static int voyage_odds(sl_odds_report **out, const sl_log *log, long upto, unsigned flags,
	sl_error *err)
{
	void *v;
	long no = 0;
	int rc;
	*out = NULL;
	if ((rc = voy_new(&v, log, flags, err)))
		return rc;
	for (size_t i = 0; i < log->n; i++) {
		const sl_event *ev = &log->ev[i];
		if (ev->entry == SL_ENTRY_EVENT && upto >= 0 && no >= upto)
			break;
		no += ev->entry == SL_ENTRY_EVENT;
		if ((rc = voy_add(v, ev, err)))
			goto out;
	}
	rc = voy_end(v, out, err);
out:
	voy_free(v);
	return rc;
}

void sl_odds_report_free(sl_odds_report *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->nattacks; i++)
		attack_free(&r->attacks[i]);
	for (int i = 0; i < r->nfights; i++) {
		qodds_free(&r->fights[i].q_start);
		luck_free(&r->fights[i].luck);
	}
	luck_free(&r->luck);
	qodds_free(&r->q_now);
	sl_free(r->fights);
	sl_free(r->attacks);
	sl_free(r);
}

/* ---- metrics and luck -------------------------------------------------------- */

enum { M_SHIELDS, M_ENEMY, M_WIN, M_HITS, M_DEALT, M_TAKEN, M_FIGHTS, M_WON, NM };

static const sl_metric_def metrics[NM] = {
	{"shields", "shield points", SL_METRIC_LEVEL, "your ship's shields (boucliers)"},
	{"enemy_shields", "shield points", SL_METRIC_LEVEL, "the enemy's shields while a fight is on"},
	{"win_chance", "%", SL_METRIC_LEVEL, "your exact chance to win the fight under way, or how the last one ended"},
	{"hits", "hits", SL_METRIC_SUM, "your attacks that hit (§341)"},
	{"damage_dealt", "shield points", SL_METRIC_SUM, "points your hits took off enemy shields"},
	{"damage_taken", "shield points", SL_METRIC_SUM, "points the enemy's hits took off your shields"},
	{"fights", "fights", SL_METRIC_LEVEL, "encounters fought so far"},
	{"won", "fights", SL_METRIC_LEVEL, "fights won (the enemy exploded)"},
};

enum { K_ATTACK, K_DAMAGE, NK };
static const sl_roll_kind kinds[NK] = {
	{"attack", 6, "hits", "2d6 against the attacker's weapons strength: below it hits (§341)", NULL, NULL},
	{"damage", 6, "shield points", "2d6 after a hit: 2, 4 or 6 points off shields (§341)", NULL, NULL},
};
static const char *const sides[] = {"enemy", NULL};

typedef struct mctx {
	int ready;
	int ev_encounter, ev_attack, ev_damage;
	sl_odds_table *tab;
	double win;
} mctx;

static int side_of_by(int by)
{
	return by == STARSHIP_YOU ? 0 : -1;
}

static double damage_variance(int shields)
{
	int ways[3];
	double mean = sl_odds_expected_damage(shields), sq = 0;
	if (shields <= 0)
		return 0;
	sl_odds_damage_ways(shields, ways);
	for (int k = 0; k < 3; k++) {
		int pts = 2 * (k + 1);
		sq += ways[k] / 36.0 * pts * pts;
	}
	return sq - mean * mean;
}

static int m_observe(void *cx, const sl_header *h, const void *st, const sl_event *ev, double *v,
	sl_observer *o, sl_error *err)
{
	mctx *c = cx;
	const starship_state *s = st;
	int rc;
	if (!c->ready) {
		const sl_schema *sc = sl_game_starship.schema;
		c->ev_encounter = sl_schema_event(sc, "encounter", 9);
		c->ev_attack = sl_schema_event(sc, "attack", 6);
		c->ev_damage = sl_schema_event(sc, "damage", 6);
		c->win = NAN;
		c->ready = 1;
	}
	if (h->nplayers < 1)
		return SL_OK;
	if (ev && ev->entry == SL_ENTRY_EVENT) {
		const starship_exchange *x = starship_last(s);
		sl_roll r;
		memset(&r, 0, sizeof r);
		if (ev->type == c->ev_encounter) {
			sl_odds_table_free(c->tab);
			c->tab = NULL;
			/* the metric shows six digits: doubles, not fractions */
			if ((rc = sl_odds_table_new_doubles(&c->tab, s->you.weapons, s->enemy.weapons,
				s->you.shields, s->enemy.shields)))
				return sl_error_set(err, rc, "stats: cannot solve the fight: %s", sl_code_name(rc));
		} else if (ev->type == c->ev_attack && x) {
			r.kind = K_ATTACK;
			r.side = side_of_by(x->by);
			r.ndice = 2;
			r.dice[0] = (uint8_t)x->a1;
			r.dice[1] = (uint8_t)x->a2;
			r.scored = 1;
			r.score = x->hit;
			r.expected = sl_odds_hit_ways(x->weapons) / 36.0;
			r.variance = r.expected * (1 - r.expected);
			if (x->by == STARSHIP_YOU)
				v[M_HITS] += x->hit;
			if ((rc = sl_observer_roll(o, &r)))
				return rc;
		} else if (ev->type == c->ev_damage && x) {
			r.kind = K_DAMAGE;
			r.side = side_of_by(x->by);
			r.ndice = 2;
			r.dice[0] = (uint8_t)x->d1;
			r.dice[1] = (uint8_t)x->d2;
			r.scored = 1;
			r.score = x->damage;
			r.expected = sl_odds_expected_damage(x->shields_before);
			r.variance = damage_variance(x->shields_before);
			v[x->by == STARSHIP_YOU ? M_DEALT : M_TAKEN] += x->damage;
			if ((rc = sl_observer_roll(o, &r)))
				return rc;
		}
	}
	if (s->outcome == STARSHIP_ON && (!c->tab || !ev)) {   /* a walk begun inside a fight (stats --from) */
		sl_odds_table_free(c->tab);
		c->tab = NULL;
		if ((rc = sl_odds_table_new_doubles(&c->tab, s->you.weapons, s->enemy.weapons, s->you.shields,
			s->enemy.shields)))
			return sl_error_set(err, rc, "stats: cannot solve the fight: %s", sl_code_name(rc));
	}
	if (s->outcome == STARSHIP_ON && c->tab) {
		sl_fight f = fight_of(s);
		sl_fight_odds od;
		if (sl_odds_table_get(c->tab, &f, &od) == SL_OK)
			c->win = od.win;
	} else if (s->outcome == STARSHIP_WON)
		c->win = 1;
	else if (s->outcome == STARSHIP_LOST)
		c->win = 0;
	v[M_SHIELDS] = s->has_ship ? s->you.shields : NAN;
	v[M_ENEMY] = s->outcome == STARSHIP_ON ? s->enemy.shields : NAN;
	v[M_WIN] = c->win * 100;
	v[M_FIGHTS] = s->fights;
	v[M_WON] = s->won;
	return SL_OK;
}

static void m_free(void *cx)
{
	mctx *c = cx;
	sl_odds_table_free(c->tab);
	c->tab = NULL;
}

static void result(const void *st, const sl_header *h, sl_result *out)
{
	const starship_state *s = st;
	out->winner = s->outcome == STARSHIP_LOST || h->nplayers < 1 ? -1 : 0;
	if (s->outcome == STARSHIP_LOST)
		snprintf(out->text, sizeof out->text, "the %s was destroyed after %d fights (%d won)",
			s->you.name, s->fights, s->won);
	else
		snprintf(out->text, sizeof out->text, "the %s goes on: %d fights, %d won, %d fled, shields %d",
			s->you.name, s->fights, s->won, s->fled, s->you.shields);
}

const sl_analysis sl_analysis_starship = {
	SL_ANALYSIS_API, "starship",
	voyage_odds,
	NM, metrics, NK, kinds, sides,
	sizeof(mctx), m_observe, m_free, result,
	&voyage_ops,
};
