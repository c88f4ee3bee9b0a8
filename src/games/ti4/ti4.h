/* ti4.h - Twilight Imperium 4 tactical play with capture (LRR 17, 22 in the
 * Russian translation): the state, readable by its painter, and the data
 * (tiles, units, factions). The rules live in ti4.c; formats/ti4.md
 * documents events, rules as implemented and every decision. */
#ifndef SL_TI4_H
#define SL_TI4_H

#include "../sl_game.h"
#include "ti4_cards.h"

#define TI4_RINGS 4            /* rings 0..4: 61 positions, enough for 8-player maps */
#define TI4_NPOS 61
#define TI4_MAXP 6             /* players in a game */
#define TI4_AREAS 4            /* area 0 the space area, 1..3 the planets */
#define TI4_PLACE_MAX 200      /* units of one type and colour in one place (tokens are unlimited) */

/* Units, in the order dice are listed in a roll (formats/ti4.md). */
enum ti4_unit {
	TI4_WS = 0, TI4_FS, TI4_DN, TI4_CR, TI4_CV, TI4_DD, TI4_FF, TI4_MECH, TI4_INF,
	TI4_PDS, TI4_SD, TI4_NUT
};
enum ti4_anomaly { TI4_AN_NONE = 0, TI4_AN_ASTEROID, TI4_AN_NEBULA, TI4_AN_SUPERNOVA,
	TI4_AN_RIFT };
/* Wormholes are bits: Mallice (82) has three. */
enum ti4_wormhole { TI4_WH_NONE = 0, TI4_WH_ALPHA = 1, TI4_WH_BETA = 2, TI4_WH_DELTA = 4,
	TI4_WH_GAMMA = 8 };

typedef struct ti4_planet {
	const char *id;        /* lowercase, letters and digits: "mecatolrex" */
	const char *name;      /* as printed on the tile */
	uint8_t res, inf;
} ti4_planet;

typedef struct ti4_tile {
	int id;                /* the published tile number */
	const char *home;      /* faction id whose home system it is, or NULL */
	uint8_t anomaly, wormhole, np;
	ti4_planet p[3];
} ti4_tile;

typedef struct ti4_unit_def {
	const char *tok;       /* log token: "dn" */
	const char *name;      /* "dreadnought" */
	uint8_t cost, per;     /* cost for `per` units (fighters, infantry: 1 for 2) */
	uint8_t combat, dice, move, capacity;
	uint8_t sustain;
	uint8_t bomb, bomb_dice, afb, afb_dice, cannon, cannon_dice;
	uint8_t limit;         /* plastic pieces per colour */
	uint8_t ship, ground, structure;
} ti4_unit_def;

enum ti4_faction {
	TI4_F_CABAL = 0, TI4_F_LETNEV, TI4_F_SOL, TI4_F_HACAN, TI4_F_NEKRO, TI4_F_YSSARIL,
	TI4_F_V1 = 6,           /* the factions rules version 1 knew (the `faction` event) */
	TI4_F_ARBOREC = 6, TI4_F_CREUSS, TI4_F_JOLNAR, TI4_F_L1Z1X, TI4_F_MENTAK, TI4_F_MUAAT,
	TI4_F_NAALU, TI4_F_SAAR, TI4_F_SARDAKK, TI4_F_WINNU, TI4_F_XXCHA, TI4_F_YIN,
	TI4_F_ARGENT, TI4_F_EMPYREAN, TI4_F_MAHACT, TI4_F_NAAZROKHA, TI4_F_NOMAD, TI4_F_TITANS,
	TI4_NFACTION
};

typedef struct ti4_faction_def {
	const char *id, *name;
	int home_tile;
	uint8_t commodities;
	uint8_t fs_capacity, fs_bomb, fs_bomb_dice;   /* the flagship's own values */
} ti4_faction_def;

/* Technologies the module knows (formats/ti4.md: only what capture needs). */
enum ti4_tech { TI4_T_VORTEX = 0, TI4_T_DTEAR2, TI4_T_WARSUN, TI4_T_CV2, TI4_T_DN2,
	TI4_T_CR2, TI4_T_DD2, TI4_T_FF2, TI4_T_INF2, TI4_T_PDS2, TI4_T_SD2, TI4_NTECH };
/* Cabal abilities Nekro (Valefar Assimilator) and Yssaril (their agent) copy;
 * the two that spend captured units can be copied but never used (commentary 5). */
enum ti4_copy { TI4_C_DEVOUR = 0, TI4_C_AGENT, TI4_C_AMALGAMATION, TI4_C_RIFTMELD, TI4_NCOPY };

extern const ti4_unit_def ti4_units[TI4_NUT];
extern const ti4_faction_def ti4_factions[TI4_NFACTION];
extern const char *const ti4_unit_tokens[];     /* NULL-terminated, enum order */
extern const char *const ti4_faction_tokens[];  /* the six of rules version 1 */
extern const char *const ti4_faction_ids[];     /* all TI4_NFACTION, NULL-terminated */
extern const char *const ti4_tech_tokens[];
extern const char *const ti4_copy_tokens[];
extern const char *const ti4_planet_tokens[];   /* every planet id of the tile table */
const ti4_tile *ti4_tile_find(int id);          /* NULL if the module does not know it */
int ti4_ntiles(void);
const ti4_tile *ti4_tile_at(int i);

/* Positions: index 0 is 000; ring r >= 1, tile k (1..6r) clockwise from the
 * top is index 1 + 3r(r-1) + k-1, written r*100+k ("101", "318"). */
int ti4_pos_index(int code);                    /* -1 if not a position */
int ti4_pos_code(int idx);
sl_hex ti4_pos_hex(int idx);                    /* flat-top axial; 000 at 0,0 */
int ti4_hex_pos(sl_hex h);                      /* index or -1 */

/* A TTS/TTPG map string: tile ids in spiral order from 101, "{18}" first
 * for a custom centre, 0 for an empty slot. Fills tiles[0..TI4_NPOS-1]
 * (0: no tile) and returns the number of positions, or SL_EILLEGAL with
 * err naming the token's byte offset and what is wrong. No I/O. */
int ti4_map_parse(const char *s, size_t n, int16_t tiles[TI4_NPOS], sl_error *err);

typedef struct ti4_player {
	int8_t faction;        /* -1 before setup */
	int8_t home;           /* position index */
	uint8_t tactic, fleet, strategy;   /* command tokens in the pools */
	uint8_t tg, comm;      /* trade goods, commodities */
	uint8_t vp;
	uint8_t eliminated, passed;
	uint16_t techs;        /* bit per ti4_tech */
	uint8_t copies;        /* bit per ti4_copy */
	uint8_t agent_ready;   /* Cabal agent (or Yssaril's copy) not yet exhausted */
	uint8_t vortex_ready;
	uint8_t replenished;   /* commodities replenished this turn: the agent may answer */
} ti4_player;

/* What rules version 2 adds to a game: the round as the LRR orders it
 * (strategy, action, status, agenda phases), objectives, agendas, hands,
 * the winner. All zero in a rules version 1 game (and not serialized). */
#define TI4_NPUB 10            /* public objectives revealed at most (5 stage I, 5 stage II) */
#define TI4_NLAW 16
#define TI4_NSEC 3             /* unscored secret objectives held at most */
#define TI4_TECHBYTES 16       /* a bit per ti4_techs entry */
#define TI4_OBJBYTES 10        /* a bit per ti4_objectives entry */
typedef struct ti4_round {
	uint8_t on;                /* rules version >= 2 */
	uint8_t npos_map;          /* positions the map string covers (its `0` slots are homes) */
	uint8_t goal;              /* victory points that win at once: 10, or 14 (meta vp 14) */
	int8_t speaker;
	int8_t winner;             /* -1 while the game goes on */
	uint8_t picking;           /* the strategy phase is under way */
	uint8_t owner[8];          /* player + 1 holding each strategy card, 0 none */
	uint8_t tg[8];             /* trade goods on a card nobody took (LRR 83.6) */
	uint8_t used[8];           /* the card's strategic action was taken */
	int8_t last;               /* the player whose turn came last in this action phase */
	int8_t strat;              /* card whose secondary the others may take now, -1 */
	uint8_t sec_done;          /* bit p: p took or declined that secondary */
	uint8_t custodians;        /* the custodians token was taken from Mecatol Rex */
	uint8_t npub, pub[TI4_NPUB];        /* revealed public objectives (ti4_objectives index) */
	uint8_t scored[TI4_MAXP][TI4_OBJBYTES];
	uint8_t status_scored[TI4_MAXP];    /* bit 0 a public, bit 1 a secret this status phase */
	uint8_t hand[TI4_MAXP];             /* action cards held (their names stay hidden) */
	uint8_t nsec[TI4_MAXP];             /* unscored secret objectives held */
	uint8_t seal[TI4_MAXP][TI4_NSEC][32];   /* their commitments */
	uint8_t techs[TI4_MAXP][TI4_TECHBYTES];
	uint8_t nlaw, law[TI4_NLAW];         /* laws in play (ti4_agendas index) */
	int8_t law_who[TI4_NLAW];            /* the elected player of a law, -1 */
	uint8_t agendas_done;                /* agendas resolved this agenda phase (2) */
	int8_t agenda;                       /* the agenda revealed, -1 none */
	uint8_t voted;                       /* bit p: voted (or abstained) on it */
	int8_t next_voter;
	uint8_t noutcome;                    /* outcomes with votes so far */
	char outcome[8][24];
	uint8_t votes[8][2];                 /* votes per outcome, low byte first */
} ti4_round;   /* bytes only: serialized as it lies */

/* What rules version 3 adds (ti4_v3.c): all zero, and not serialized, in
 * an earlier version's game. */
typedef struct ti4_round3 {
	uint8_t on;                /* rules version >= 3 */
	uint8_t warprod;           /* bit p: Warfare's secondary lets p produce at home now */
	uint8_t v4;                /* rules version >= 4 (a marker byte after the two above) */
	uint8_t v5;                /* rules version >= 5 (a second marker byte) */
} ti4_round3;   /* bytes only */

enum ti4_step { TI4_ST_NONE = 0, TI4_ST_MOVE, TI4_ST_CANNON, TI4_ST_COMBAT, TI4_ST_INVADE,
	TI4_ST_PRODUCE };

typedef struct ti4_state {
	int np;                 /* players, fixed at round 1 */
	int turn, phase;        /* round; phase 1 action, 2 status */
	int16_t tile[TI4_NPOS];  /* tile id at a position, 0 none */
	int galaxy;             /* the galaxy was given */
	/* Units by place. u counts fighter and infantry tokens as units too;
	 * tok says how many of them are tokens; dmg how many have sustained damage. */
	uint8_t u[TI4_NPOS][TI4_AREAS][TI4_MAXP][TI4_NUT];
	uint8_t dmg[TI4_NPOS][TI4_AREAS][TI4_MAXP][TI4_NUT];
	uint8_t tok[TI4_NPOS][TI4_AREAS][TI4_MAXP][2];      /* [0] fighters, [1] infantry */
	int8_t ctrl[TI4_NPOS][3];                           /* planet controller or -1 */
	uint8_t exh[TI4_NPOS][3];                           /* planet exhausted */
	uint8_t cmd[TI4_NPOS];                              /* bit p: p's command token */
	uint8_t reinf[TI4_MAXP][TI4_NUT];                   /* plastic in reinforcements */
	uint8_t cap[TI4_MAXP][TI4_MAXP][TI4_NUT];           /* [capturer][owner][unit] */
	uint8_t captok[TI4_MAXP][2];                        /* supply tokens on a sheet */
	uint8_t box[TI4_MAXP][TI4_NUT];                     /* plastic returned to the box */
	ti4_player pl[TI4_MAXP];
	/* blk[p] bit q: q blockades at least one of p's space docks (LRR 14) */
	uint8_t blk[TI4_MAXP];
	/* The tactical action under way. */
	int8_t turnp;           /* player whose turn it is, -1 none */
	int8_t asys;            /* active system (index), -1 none */
	uint8_t step;           /* ti4_step */
	uint8_t traded;         /* bit q: the player on turn traded with q this turn */
	/* Combat: space (kind 1) in the active system or ground (kind 2) on a planet. */
	uint8_t ckind;
	int8_t cplanet;         /* ground combat: planet slot 1..3 */
	int8_t att, def;
	uint8_t round, fired, afb_done, cannon_done;
	uint8_t pend[TI4_MAXP]; /* hits the player must assign */
	uint8_t pend_kind[TI4_MAXP];  /* 0 ships, 1 fighters only, 2 ground forces */
	int8_t pend_area[TI4_MAXP];   /* area the hits fall in */
	int8_t retreat[TI4_MAXP];     /* announced retreat: position index, -1 none */
	uint8_t landed[3];      /* planets the active player landed on this invasion */
	uint8_t prod_used;      /* units produced this production step */
	uint8_t owed[TI4_NUT];  /* units taken back from the board (67.5a) not yet produced */
	/* For the painter: the last system touched. */
	int8_t last;
	ti4_round r;            /* rules version 2 */
	ti4_round3 r3;          /* rules version 3 */
} ti4_state;

/* Rules version 2: a strategy card's index 0..7 held by p, -1 none (lowest
 * initiative first); p's initiative (9 with no card); whether p owns the
 * technology (ti4_techs index); whose turn it is in the action phase (-1:
 * every player has passed). */
int ti4_card_of(const ti4_state *s, int p);
int ti4_initiative(const ti4_state *s, int p);
int ti4_has_tech(const ti4_state *s, int p, int tech);
int ti4_next_actor(const ti4_state *s);
/* A unit's move and capacity for its owner p: rules version 1's values
 * (printed, the flagships' capacity), or in version 2 the faction's own
 * flagship and mech and every unit upgrade p has researched (a faction's
 * own upgrade before the generic one). The fleet pool with Letnev's Armada. */
int ti4_unit_move(const ti4_state *s, int p, int t);
int ti4_unit_capacity(const ti4_state *s, int p, int t);
int ti4_fleet_limit(const ti4_state *s, int p);
/* The value a roll of p's unit of type t hits on (0: the unit has no such
 * roll) and its dice per unit in *dice. Version 1: the printed values with
 * the generic upgrades version 1 knew; version 2: the values of
 * ti4_unit_move's choice (faction flagship and mech, researched upgrades). */
enum ti4_roll { TI4_ROLL_COMBAT, TI4_ROLL_AFB, TI4_ROLL_BOMB, TI4_ROLL_CANNON };
int ti4_unit_roll(const ti4_state *s, int p, int t, int kind, int *dice);
/* The combat roll of p's unit t in area a of system i (a 0: space combat):
 * ti4_unit_roll's, and from rules version 4 the Winnu flagship's dice are
 * the opponent's non-fighter ships there. */
int ti4_combat_roll(const ti4_state *s, int i, int a, int p, int t, int *dice);

/* Rules version 5 (ti4_v5.c): whether p's unit of type t is a ground force
 * (infantry, mechs, and the Titans' Hel-Titans, which are PDS too); whether
 * it can sustain damage (the printed unit, and the Hel-Titans). */
int ti4_ground_unit(const ti4_state *s, int p, int t);
int ti4_unit_sustain(const ti4_state *s, int p, int t);

/* Whether a unit of p's in area a of system i has production (LRR 68.1): a
 * space dock on a planet, a unit with PRODUCTION (version 4: Letani
 * Warriors, the Letani Behemoth, Hel-Titans), a Floating Factory in the space
 * area (version 5). What the click targets offer production at. */
int ti4_produces_at(const ti4_state *s, int i, int a, int p);

/* Whether p's unit with production at position i is blockaded (LRR 14):
 * other players' ships there, none of p's, and no space combat going on. */
int ti4_dock_blockaded(const ti4_state *s, int i, int p);
const ti4_tile *ti4_tile_of(const ti4_state *s, int i);  /* NULL: no tile there */
int ti4_ships_in(const ti4_state *s, int i, int p);       /* non-fighter ships and fighters */
int ti4_captured_count(const ti4_state *s, int capturer);  /* units and tokens on a sheet */
/* Every unit in exactly one place: 0 if the counts add up to the plastic
 * limits for every colour and type, else the first colour*TI4_NUT+type + 1. */
int ti4_check_places(const ti4_state *s);

extern const sl_game sl_game_ti4;
extern const sl_game sl_game_ti4_v1, sl_game_ti4_v2, sl_game_ti4_v3;   /* their schema (registry.c) */

#endif
