/* sl_odds.h - exact odds of the gamebook's ship combat (§341 of La Galaxie
 * Tragique) and the luck of a recorded voyage. Data in, tables out: no
 * Cairo, no I/O. The odds solve the fight's Markov chain exactly, in
 * fractions (no sampling; every roll's chance is k/36, so every value is
 * rational): shields only go down, so a pass over (your shields, enemy
 * shields) from low to high, solving a 2x2 system for whose turn it is,
 * gives every state's value. The doubles given are those fractions
 * correctly rounded (nearest, ties to even). */
#ifndef SL_ODDS_H
#define SL_ODDS_H

#include "formats/sl_log.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SL_ODDS_YOU = 0, SL_ODDS_ENEMY = 1 };

/* A moment of a fight. */
typedef struct sl_fight {
	int weapons[2];    /* weapons strength of you, of the enemy */
	int shields[2];    /* shields now (>= 0) */
	int to_move;       /* who attacks next; with pending, who just hit */
	int pending;       /* 1: to_move's hit awaits its damage roll */
} sl_fight;

typedef struct sl_fight_odds {
	double win;        /* P(the enemy explodes first) */
	double lose;       /* P(your ship explodes first) */
	double endless;    /* P(the fight never ends): 1 when neither side can hit, else 0 */
	double attacks;    /* expected attacks still to come (HUGE_VAL when endless > 0) */
} sl_fight_odds;

/* Ways out of 36 that 2d6 rolls below weapons: a hit. */
int sl_odds_hit_ways(int weapons);
/* Ways out of 36 that a damage roll takes 2, 4 and 6 points off shields s. */
void sl_odds_damage_ways(int shields, int ways[3]);
/* Expected points of a hit on shields s (0 when s == 0: the hit destroys). */
double sl_odds_expected_damage(int shields);

/* An exact fraction, for callers that add odds up (the luck) or print them
 * as fractions. sl_odds_q_new gives 0 (NULL when out of memory); the
 * caller frees with sl_odds_q_free. sl_odds_q_str gives "n/d" in lowest
 * terms, or "n" when whole; the caller frees it with sl_free. */
typedef struct sl_odds_q sl_odds_q;
sl_odds_q *sl_odds_q_new(void);
void sl_odds_q_free(sl_odds_q *q);
void sl_odds_q_set(sl_odds_q *q, const sl_odds_q *v);
void sl_odds_q_set_frac(sl_odds_q *q, long num, long den);   /* den != 0 */
void sl_odds_q_add_diff(sl_odds_q *acc, const sl_odds_q *a, const sl_odds_q *b); /* acc += a - b */
int sl_odds_q_cmp(const sl_odds_q *a, const sl_odds_q *b);  /* <0, 0, >0 */
double sl_odds_q_double(const sl_odds_q *q);                 /* nearest, ties to even */
char *sl_odds_q_str(const sl_odds_q *q);

/* Every state of the fights between two strengths up to the given shields,
 * solved once; queries are then table look-ups. */
typedef struct sl_odds_table sl_odds_table;
/* Caller frees *out with sl_odds_table_free. SL_ERANGE outside 0..99 shields
 * or 0..24 weapons; SL_ENOMEM. (The fractions' digits are GMP's to
 * allocate, and GMP ends the process when that fails.) */
int sl_odds_table_new(sl_odds_table **out, int weapons_you, int weapons_enemy,
	int max_shields_you, int max_shields_enemy);
/* The same table in doubles only (no fractions: sl_odds_table_get_q says
 * SL_EUSAGE), for values shown to a few digits; the same errors. */
int sl_odds_table_new_doubles(sl_odds_table **out, int weapons_you, int weapons_enemy,
	int max_shields_you, int max_shields_enemy);
void sl_odds_table_free(sl_odds_table *t);
size_t sl_odds_table_states(const sl_odds_table *t);
/* The odds of f (its weapons must be the table's, its shields within it). */
int sl_odds_table_get(const sl_odds_table *t, const sl_fight *f, sl_fight_odds *out);
/* The same as fractions, into those of win, lose, attacks that are not
 * NULL. A fight that cannot end (endless) gives 0 for all three: its
 * attacks are infinite, which sl_odds_table_get says. */
int sl_odds_table_get_q(const sl_odds_table *t, const sl_fight *f, sl_odds_q *win,
	sl_odds_q *lose, sl_odds_q *attacks);
/* One-off: builds a table just big enough, queries it, frees it. */
int sl_odds_fight(const sl_fight *f, sl_fight_odds *out);

/* ---- a recorded voyage ------------------------------------------------------- */

/* With SL_ODDS_EXACT, each probability and expectation of the report is
 * also kept as a fraction ("n/d" in lowest terms, or "n"), in strings the
 * report owns; without it these are NULL. */
typedef struct sl_odds_qodds {
	char *win, *lose, *attacks;   /* attacks NULL when the fight cannot end */
} sl_odds_qodds;

/* One attack of a fight, with its damage roll if it hit. */
typedef struct sl_odds_attack {
	int fight;                 /* index into report->fights */
	long event;                /* the attack's event number (1-based) */
	long damage_event;         /* its damage roll's event, 0 if none (yet) */
	int by, round;
	int a1, a2;                /* attack dice */
	int weapons;               /* the attacker's strength */
	int hit, destroyed;
	int d1, d2, damage;        /* damage dice and points, 0 if none */
	int shields_before[2];     /* both ships before the attack */
	int shields_after[2];      /* both ships after the attack and its damage */
	double p_hit;              /* chance of the hit */
	double exp_damage;         /* expected points had it hit (0 on zero shields) */
	double win_before;         /* P(you win the fight) before the attack roll */
	double win_mid;            /* after the attack roll, before the damage roll */
	double win_after;          /* after both */
	double attacks_before;     /* expected attacks left before this one */
	struct {                   /* the same as fractions (SL_ODDS_EXACT) */
		char *p_hit, *exp_damage, *win_before, *win_mid, *win_after, *attacks_before;
	} q;
} sl_odds_attack;

enum { SL_ODDS_ON = 1, SL_ODDS_WON = 2, SL_ODDS_LOST = 3, SL_ODDS_FLED = 4 };

/* Luck by side: what the dice gave against what they promised. */
typedef struct sl_odds_luck {
	int attacks[2], hits[2];
	double exp_hits[2];        /* sum of the chances of a hit */
	int damage_rolls[2], damage[2];
	double exp_damage[2];      /* sum of the expected points of each damage roll */
	double swing[2];           /* sum over the side's rolls of the change in P(you win) */
	struct {                   /* the same as fractions (SL_ODDS_EXACT) */
		char *exp_hits[2], *exp_damage[2], *swing[2];
	} q;
} sl_odds_luck;

typedef struct sl_odds_fightrep {
	int turn;                  /* stage of the voyage */
	long event;                /* the encounter's event number */
	int paragraph;
	char enemy[48];
	int weapons[2], shields[2];   /* at the start of the fight */
	int first, escape_after;   /* escape_after -1: none */
	int outcome;               /* SL_ODDS_* (ON: not over at the end of the range) */
	sl_fight_odds start;       /* odds at the start */
	sl_odds_qodds q_start;     /* the same as fractions (SL_ODDS_EXACT) */
	int first_attack, nattacks;   /* range in report->attacks */
	long end_event;            /* the event that ended it, 0 if none */
	sl_odds_luck luck;         /* the luck of this fight alone */
} sl_odds_fightrep;

typedef struct sl_odds_report {
	char ship[48];
	int weapons, shields_start;
	int nfights;
	sl_odds_fightrep *fights;
	int nattacks;
	sl_odds_attack *attacks;
	sl_odds_luck luck;
	long events;               /* events analysed */
	int in_fight;              /* a fight is on at the end of the range */
	sl_fight now;              /* ... this one */
	sl_fight_odds now_odds;
	sl_odds_qodds q_now;       /* the same as fractions (SL_ODDS_EXACT) */
	size_t states;             /* Markov states solved, all tables together */
	/* fed (sl_odds_feed_forget): the fights and attacks let go before
	 * fights[0] and attacks[0]; first_attack and fight count them too */
	int fights_base, attacks_base;
} sl_odds_report;

/* Flags of sl_odds_voyage. */
#define SL_ODDS_EXACT 1u   /* keep every probability and expectation as a fraction too */

/* Replays a starship log up to event upto (< 0: all of it) and rates every
 * attack. The luck sums are kept exactly, so their doubles are correctly
 * rounded too. SL_EUSAGE for a log of another game. Caller frees *out with
 * sl_odds_report_free. */
int sl_odds_voyage(sl_odds_report **out, const sl_log *log, long upto, unsigned flags,
	sl_error *err);
void sl_odds_report_free(sl_odds_report *r);
/* 1 when sl_odds_voyage rates g's logs (its analysis has odds: starship). */
int sl_odds_available(const sl_game *g);

/* The same odds of a log walked, not held (issue 30: the report of a long
 * voyage): new takes the log's head (header and game; it must outlive the
 * feed), add each entry in order (the feed applies it to a state of its
 * own), report is what is known so far (the last fight may go on; valid
 * until the next call), forget lets go of every fight but the last and
 * every attack but the last (fights_base and attacks_base count them), end
 * gives the report of the whole (as sl_odds_voyage's, less what was let
 * go; caller frees it), free in every case. */
typedef struct sl_odds_ops {
	int (*start)(void **cx, const sl_log *head, unsigned flags, sl_error *err);
	int (*add)(void *cx, const sl_event *ev, sl_error *err);
	const sl_odds_report *(*report)(void *cx);
	void (*forget)(void *cx);
	int (*end)(void *cx, sl_odds_report **out, sl_error *err);
	void (*free)(void *cx);
} sl_odds_ops;
typedef struct sl_odds_feed sl_odds_feed;
int sl_odds_feed_new(sl_odds_feed **out, const sl_log *head, unsigned flags, sl_error *err);
int sl_odds_feed_add(sl_odds_feed *f, const sl_event *ev, sl_error *err);
const sl_odds_report *sl_odds_feed_report(const sl_odds_feed *f);
void sl_odds_feed_forget(sl_odds_feed *f);
int sl_odds_feed_end(sl_odds_feed *f, sl_odds_report **out, sl_error *err);
void sl_odds_feed_free(sl_odds_feed *f);

#ifdef __cplusplus
}
#endif
#endif
