/* ti4_cards.h - the published components of Twilight Imperium 4 and
 * Prophecy of Kings beyond the tiles and the plain units: the 24 factions
 * (home, starting units and technologies, commodities, abilities, faction
 * technologies, flagship and mech, promissory notes, leaders), every
 * technology with its colour and prerequisites and the unit values an
 * upgrade gives, the strategy cards, objectives, agendas, action cards,
 * relics and exploration cards. Names, numbers and ids only (no card text);
 * ti4_cards.c names the sources. Included by ti4.h. */
#ifndef SL_TI4_CARDS_H
#define SL_TI4_CARDS_H

#include <stdint.h>

/* Technology colours; U a unit upgrade (no colour of its own). */
enum ti4_colour { TI4_COL_NONE = 0, TI4_COL_GREEN, TI4_COL_BLUE, TI4_COL_RED, TI4_COL_YELLOW,
	TI4_COL_UNIT };

/* Values a unit has (printed or upgraded); 0 means "none" for the optional
 * abilities. mv 0 for ground forces and structures. */
typedef struct ti4_stats {
	uint8_t cost, per, combat, dice, move, capacity, sustain;
	uint8_t bomb, bomb_dice, afb, afb_dice, cannon, cannon_dice, production;
} ti4_stats;

typedef struct ti4_tech_def {
	const char *id;        /* log token: "gravitydrive", "carrier2" */
	const char *name;      /* as printed */
	uint8_t colour;        /* ti4_colour */
	uint8_t pre[4];        /* prerequisites: green, blue, red, yellow */
	const char *faction;   /* faction id of a faction technology, NULL generic */
	int8_t unit;           /* enum ti4_unit upgraded, -1 none */
	ti4_stats up;          /* the unit's values once researched (unit >= 0) */
	uint8_t pok;           /* 1: Prophecy of Kings */
} ti4_tech_def;

/* What a commander's unlock asks (the leader sheet), as a mechanical test
 * where one exists (n the number), else TI4_UL_DECLARED. */
enum ti4_unlock { TI4_UL_START = 0,      /* agents: unlocked from the start */
	TI4_UL_OBJECTIVES3,                    /* heroes: 3 scored objectives */
	TI4_UL_GROUND_ON_PLANETS, TI4_UL_WORMHOLE_SYSTEMS, TI4_UL_TRADE_GOODS, TI4_UL_TECHS,
	TI4_UL_DREADNOUGHTS, TI4_UL_SHIPS_IN_SYSTEM, TI4_UL_CRUISERS, TI4_UL_WAR_SUN,
	TI4_UL_NEIGHBOURS_ALL, TI4_UL_SPACE_DOCKS, TI4_UL_NONHOME_PLANETS, TI4_UL_RESOURCES,
	TI4_UL_MECATOL, TI4_UL_INFLUENCE, TI4_UL_ABILITY_USED, TI4_UL_ACTION_CARDS,
	TI4_UL_UNITS_WITH_ABILITIES, TI4_UL_RIFT_SYSTEMS, TI4_UL_TOKENS_IN_FLEET,
	TI4_UL_MECH_PLANETS, TI4_UL_SCORED_SECRET, TI4_UL_STRUCTURES, TI4_UL_DECLARED };

typedef struct ti4_leader_def {
	const char *name;
	uint8_t unlock;        /* ti4_unlock */
	uint8_t n;             /* its number */
} ti4_leader_def;

/* One placement of the starting units: at NULL the home system's space
 * area (ships), else a home planet's id; units as in `place units=`. */
typedef struct ti4_start {
	const char *at, *units;
} ti4_start;

typedef struct ti4_faction_data {
	const char *id;
	uint8_t pok;
	const char *abilities;    /* ability ids, comma-separated */
	ti4_start start[4];       /* starting units (up to 4 placements) */
	const char *techs;        /* starting technologies (tech ids, comma-separated) */
	uint8_t choose;           /* techs chosen from `choice` instead (Winnu 1, Argent 2) */
	const char *choice;
	const char *ftech[2];     /* faction technologies (tech ids) */
	const char *notes;        /* promissory note names, comma-separated */
	const char *fs_name;
	ti4_stats fs;             /* the flagship's printed values */
	const char *mech_name;
	ti4_stats mech;
	ti4_leader_def agent[3];  /* the Nomad has three agents; others one, the rest NULL */
	ti4_leader_def commander, hero;
} ti4_faction_data;

typedef struct ti4_strategy_def {
	uint8_t initiative;
	const char *id, *name;
} ti4_strategy_def;

/* Objectives: stage (1, 2; 0 a secret), phase it is scored in, and what a
 * mechanical check needs (ti4_objcheck; TI4_OC_DECLARED: scored as declared). */
enum ti4_objphase { TI4_OP_STATUS = 0, TI4_OP_ACTION, TI4_OP_AGENDA };
enum ti4_objcheck { TI4_OC_DECLARED = 0, TI4_OC_SPEND_RES, TI4_OC_SPEND_INF, TI4_OC_SPEND_TG,
	TI4_OC_SPEND_TOKENS, TI4_OC_SPEND_MIXED, TI4_OC_NONHOME_PLANETS, TI4_OC_UPGRADES,
	TI4_OC_TECH_COLOURS, TI4_OC_STRUCTURES, TI4_OC_SHIPS_IN_SYSTEM, TI4_OC_MECATOL_ADJ,
	TI4_OC_DREADNOUGHTS, TI4_OC_DOCKS, TI4_OC_PDS, TI4_OC_PLANETS_RES, TI4_OC_PLANETS_INF,
	TI4_OC_OTHER_HOME_PLANET, TI4_OC_FACTION_TECHS, TI4_OC_SYSTEMS, TI4_OC_MECATOL_SHIPS,
	TI4_OC_FLAGSHIP_OR_WS, TI4_OC_ACTION_CARDS, TI4_OC_TECHS_ONE_COLOUR };

typedef struct ti4_objective_def {
	const char *id, *name;
	uint8_t stage, vp, phase, pok;
	uint8_t check, n;          /* ti4_objcheck and its number */
} ti4_objective_def;

enum ti4_agenda_kind { TI4_AG_LAW = 0, TI4_AG_DIRECTIVE };
enum ti4_elect { TI4_EL_FOR_AGAINST = 0, TI4_EL_PLAYER, TI4_EL_PLANET, TI4_EL_CULTURAL,
	TI4_EL_INDUSTRIAL, TI4_EL_HAZARDOUS, TI4_EL_LAW, TI4_EL_SECRET, TI4_EL_STRATEGY,
	TI4_EL_NONHOME_PLANET };

typedef struct ti4_agenda_def {
	const char *id, *name;
	uint8_t kind, elect, pok;
} ti4_agenda_def;

/* When an action card may be played (the card's bold window, grouped). */
enum ti4_window { TI4_W_ACTION = 0,   /* as the player's action in the action phase */
	TI4_W_TACTICAL,                     /* during the player's own tactical action */
	TI4_W_COMBAT,                       /* during a combat the player takes part in */
	TI4_W_AGENDA,                       /* in the agenda phase */
	TI4_W_STRATEGY,                     /* in the strategy phase */
	TI4_W_STATUS,                       /* in the status phase */
	TI4_W_ANY };                        /* an event another player makes: any time */

typedef struct ti4_action_def {
	const char *id, *name;
	uint8_t count, window, pok;   /* pok: 0 base, 1 Prophecy of Kings, 2 neither (ti4_cards.c) */
} ti4_action_def;

typedef struct ti4_relic_def {
	const char *id, *name;
} ti4_relic_def;

/* Exploration decks by planet trait, and the frontier deck. */
enum ti4_explore_deck { TI4_EX_CULTURAL = 0, TI4_EX_INDUSTRIAL, TI4_EX_HAZARDOUS,
	TI4_EX_FRONTIER };

typedef struct ti4_explore_def {
	const char *id, *name;
	uint8_t deck, count;
} ti4_explore_def;

extern const ti4_faction_data ti4_faction_data_tab[];   /* TI4_NFACTION entries */
extern const ti4_tech_def ti4_techs[];                   /* ti4_ntechs() entries */
extern const ti4_strategy_def ti4_strategy[8];
extern const ti4_objective_def ti4_objectives[];         /* stage I, stage II, secrets */
extern const ti4_agenda_def ti4_agendas[];
extern const ti4_action_def ti4_actions[];
extern const ti4_relic_def ti4_relics[];
extern const ti4_explore_def ti4_explores[];
extern const char *const ti4_generic_notes[];            /* NULL-terminated */
int ti4_ntechs(void);
int ti4_nobjectives(void);
int ti4_nagendas(void);
int ti4_nactions(void);
int ti4_nrelics(void);
int ti4_nexplores(void);
/* Index by id in each table, or -1. */
int ti4_tech_index(const char *id);
int ti4_objective_index(const char *id);
int ti4_agenda_index(const char *id);
int ti4_action_index(const char *id);
int ti4_faction_index(const char *id);

#endif
