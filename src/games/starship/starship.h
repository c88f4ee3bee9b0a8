/* starship.h - the gamebook's ship-to-ship combat (La Galaxie Tragique,
 * §341) and the voyage around it: the state, readable by the painter and
 * by the odds in src/analyze/. Rules in starship.c; formats/starship.md
 * documents the events and every decision. */
#ifndef SL_STARSHIP_H
#define SL_STARSHIP_H

#include "../sl_game.h"

#define STARSHIP_MAX_NAME 48
#define STARSHIP_MAX_WEAPONS 24     /* 13 and more: every attack hits */
#define STARSHIP_MAX_SHIELDS 99
#define STARSHIP_MAX_PARAGRAPH 999
#define STARSHIP_HISTORY 8          /* exchanges kept for the painter */

/* Sides of a fight: who attacks, who is hit. */
enum { STARSHIP_YOU = 0, STARSHIP_ENEMY = 1 };

/* How the last fight ended (STARSHIP_ON while it goes on). */
enum {
	STARSHIP_NONE = 0,     /* no fight yet */
	STARSHIP_ON = 1,       /* under way */
	STARSHIP_WON = 2,      /* the enemy exploded */
	STARSHIP_LOST = 3,     /* your ship exploded: the voyage is over */
	STARSHIP_FLED = 4      /* you escaped when the text allowed it */
};

typedef struct starship_ship {
	char name[STARSHIP_MAX_NAME];
	int weapons;           /* force de frappe */
	int shields;           /* boucliers de défense, now (>= 0) */
	int shields_start;     /* at the start: what a repair restores, what bars measure */
} starship_ship;

/* One attack as it happened, for the painter's list and the odds. */
typedef struct starship_exchange {
	int by;                /* STARSHIP_YOU / STARSHIP_ENEMY */
	int round;
	int a1, a2;            /* attack dice */
	int weapons;           /* the attacker's strength it was rolled against */
	int hit;
	int d1, d2;            /* damage dice (0,0: none rolled yet, or none needed) */
	int shields_before;    /* the target's shields when hit */
	int damage;            /* 2, 4, 6; 0 on a miss or before the damage roll */
	int shields_after;
	int destroyed;         /* the hit found the target's shields at zero */
} starship_exchange;

typedef struct starship_state {
	int turn, phase;            /* turn = a stage of the voyage; one phase */
	int has_ship;
	starship_ship you;
	int weapons_roll, shields_roll;   /* the setup dice (1d6 each) */
	int fights, won, fled, repairs;   /* over the voyage */
	/* the current fight, or the last one when outcome != STARSHIP_ON */
	int outcome;
	starship_ship enemy;
	int paragraph;              /* the encounter's paragraph */
	int first;                  /* who fired first */
	int escape_after;           /* rounds before escaping is allowed; -1 never */
	int to_move;                /* who attacks next */
	int pending;                /* a hit waits for its damage roll */
	int round;                  /* rounds begun in this fight */
	int attacks;                /* attacks made in this fight */
	int last_paragraph;         /* of the last event that cited one */
	int nhist;                  /* exchanges of this fight in hist, newest last */
	starship_exchange hist[STARSHIP_HISTORY];
} starship_state;

/* Ways out of 36 that 2d6 comes out below `weapons`: a hit (§341.2-4). */
int starship_hit_ways(int weapons);
/* Points a damage roll d1+d2 takes off shields at `shields` (§341.5). */
int starship_damage(int d1, int d2, int shields);
/* The ship of a side. */
const starship_ship *starship_side(const starship_state *s, int side);
/* The last exchange, or NULL. */
const starship_exchange *starship_last(const starship_state *s);

extern const sl_game sl_game_starship;

#endif
