/* sl_odds.h - exact odds of the gamebook's ship combat (§341 of La Galaxie
 * Tragique) and the luck of a recorded voyage. Data in, tables out: no
 * Cairo, no I/O. The odds solve the fight's Markov chain exactly (double
 * precision, no sampling): shields only go down, so a pass over
 * (your shields, enemy shields) from low to high, solving a 2x2 system for
 * whose turn it is, gives every state's value. */
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

/* Every state of the fights between two strengths up to the given shields,
 * solved once; queries are then table look-ups. */
typedef struct sl_odds_table sl_odds_table;
/* Caller frees *out with sl_odds_table_free. SL_ERANGE outside 0..99 shields
 * or 0..24 weapons; SL_ENOMEM. */
int sl_odds_table_new(sl_odds_table **out, int weapons_you, int weapons_enemy,
	int max_shields_you, int max_shields_enemy);
void sl_odds_table_free(sl_odds_table *t);
size_t sl_odds_table_states(const sl_odds_table *t);
/* The odds of f (its weapons must be the table's, its shields within it). */
int sl_odds_table_get(const sl_odds_table *t, const sl_fight *f, sl_fight_odds *out);
/* One-off: builds a table just big enough, queries it, frees it. */
int sl_odds_fight(const sl_fight *f, sl_fight_odds *out);

/* ---- a recorded voyage ------------------------------------------------------- */

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
} sl_odds_attack;

enum { SL_ODDS_ON = 1, SL_ODDS_WON = 2, SL_ODDS_LOST = 3, SL_ODDS_FLED = 4 };

typedef struct sl_odds_fightrep {
	int turn;                  /* stage of the voyage */
	long event;                /* the encounter's event number */
	int paragraph;
	char enemy[48];
	int weapons[2], shields[2];   /* at the start of the fight */
	int first, escape_after;   /* escape_after -1: none */
	int outcome;               /* SL_ODDS_* (ON: not over at the end of the range) */
	sl_fight_odds start;       /* odds at the start */
	int first_attack, nattacks;   /* range in report->attacks */
	long end_event;            /* the event that ended it, 0 if none */
} sl_odds_fightrep;

/* Luck by side: what the dice gave against what they promised. */
typedef struct sl_odds_luck {
	int attacks[2], hits[2];
	double exp_hits[2];        /* sum of the chances of a hit */
	int damage_rolls[2], damage[2];
	double exp_damage[2];      /* sum of the expected points of each damage roll */
	double swing[2];           /* sum over the side's rolls of the change in P(you win) */
} sl_odds_luck;

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
	size_t states;             /* Markov states solved, all tables together */
} sl_odds_report;

/* Replays a starship log up to event upto (< 0: all of it) and rates every
 * attack. SL_EUSAGE for a log of another game. Caller frees *out with
 * sl_odds_report_free. */
int sl_odds_voyage(sl_odds_report **out, const sl_log *log, long upto, sl_error *err);
void sl_odds_report_free(sl_odds_report *r);

#ifdef __cplusplus
}
#endif
#endif
