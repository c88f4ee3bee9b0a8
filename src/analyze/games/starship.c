/* starship.c - the analysis of a starship log: a recorded voyage rated roll
 * by roll, each fight's odds at the start, every attack's chance and its
 * change of the odds, and the luck of each side over the whole voyage. */
#include "../analysis.h"
#include "replay/sl_replay.h"
#include "games/starship/starship.h"

#include <string.h>

typedef struct walk {
	sl_odds_report *r;
	int cap_f, cap_a;
	sl_odds_table *tab;       /* the current fight's table */
	int ev_encounter, ev_attack, ev_damage, ev_escape;
} walk;

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

static int odds_of(walk *w, const starship_state *s, sl_fight_odds *o)
{
	sl_fight f;
	if (s->outcome == STARSHIP_WON || s->outcome == STARSHIP_LOST) {
		o->win = s->outcome == STARSHIP_WON;
		o->lose = !o->win;
		o->endless = o->attacks = 0;
		return SL_OK;
	}
	f = fight_of(s);
	return sl_odds_table_get(w->tab, &f, o);
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
	f->first_attack = r->nattacks;
	return odds_of(w, s, &f->start);
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
	if ((rc = odds_of(w, prev, &before)) || (rc = odds_of(w, s, &mid)))
		return rc;
	a = &r->attacks[r->nattacks++];
	memset(a, 0, sizeof *a);
	by = x->by;
	a->fight = r->nfights - 1;
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
	r->fights[r->nfights - 1].nattacks++;
	r->luck.attacks[by]++;
	r->luck.hits[by] += x->hit;
	r->luck.exp_hits[by] += a->p_hit;
	r->luck.swing[by] += a->win_mid - a->win_before;
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
	if ((rc = odds_of(w, s, &after)))
		return rc;
	a = &r->attacks[r->nattacks - 1];
	a->damage_event = no;
	a->d1 = x->d1;
	a->d2 = x->d2;
	a->damage = x->damage;
	a->shields_after[0] = s->you.shields;
	a->shields_after[1] = s->enemy.shields;
	a->win_after = after.win;
	r->luck.damage_rolls[a->by]++;
	r->luck.damage[a->by] += x->damage;
	r->luck.exp_damage[a->by] += a->exp_damage;
	r->luck.swing[a->by] += a->win_after - a->win_mid;
	return SL_OK;
}

static int voyage_odds(sl_odds_report **out, const sl_log *log, long upto, sl_error *err)
{
	const sl_game *g = log->game;
	const sl_schema *sc;
	starship_state *st = NULL, prev;
	sl_odds_report *r;
	walk w;
	long no = 0;
	int rc = SL_OK;
	*out = NULL;
	sc = g->schema;
	memset(&w, 0, sizeof w);
	w.ev_encounter = sl_schema_event(sc, "encounter", 9);
	w.ev_attack = sl_schema_event(sc, "attack", 6);
	w.ev_damage = sl_schema_event(sc, "damage", 6);
	w.ev_escape = sl_schema_event(sc, "escape", 6);
	r = sl_calloc(1, sizeof *r);
	if (!r)
		return sl_error_set(err, SL_ENOMEM, "odds: out of memory");
	w.r = r;
	if ((rc = g->init((void **)&st, &log->h, err)))
		goto out;
	for (size_t i = 0; i < log->n; i++) {
		const sl_event *ev = &log->ev[i];
		int is_ev = ev->entry == SL_ENTRY_EVENT;
		if (is_ev && upto >= 0 && no >= upto)
			break;
		no += is_ev;
		prev = *st;
		if ((rc = sl_replay_apply(log, st, ev, no, NULL, err)))
			goto out;
		if (!is_ev)
			continue;
		if (ev->type == w.ev_encounter)
			rc = on_encounter(&w, st, no);
		else if (ev->type == w.ev_attack)
			rc = on_attack(&w, &prev, st, no);
		else if (ev->type == w.ev_damage)
			rc = on_damage(&w, st, no);
		else if (ev->type == w.ev_escape && r->nfights)
			end_fight(&r->fights[r->nfights - 1], st, no);
		if (rc) {
			sl_error_set(err, rc, "odds: cannot rate event %ld: %s", no, sl_code_name(rc));
			goto out;
		}
	}
	r->events = no;
	memcpy(r->ship, st->you.name, sizeof r->ship);
	r->ship[sizeof r->ship - 1] = 0;
	r->weapons = st->you.weapons;
	r->shields_start = st->you.shields_start;
	if (st->outcome == STARSHIP_ON && w.tab) {
		r->in_fight = 1;
		r->now = fight_of(st);
		rc = sl_odds_table_get(w.tab, &r->now, &r->now_odds);
		if (rc)
			sl_error_set(err, rc, "odds: cannot rate the position: %s", sl_code_name(rc));
	}
out:
	sl_odds_table_free(w.tab);
	if (st)
		g->destroy(st);
	if (rc) {
		sl_odds_report_free(r);
		return rc;
	}
	*out = r;
	return SL_OK;
}

const sl_analysis sl_analysis_starship = {
	SL_ANALYSIS_API, "starship",
	voyage_odds,
};
