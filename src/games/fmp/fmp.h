/* fmp.h - Full Metal Planète: its state, readable by its painter. The rules
 * live in fmp.c and fmp_act.c; formats/fmp.md documents events and decisions. */
#ifndef SL_FMP_H
#define SL_FMP_H

#include "../sl_game.h"

#define FMP_MAX_COLS 48
#define FMP_MAX_ROWS 32
#define FMP_MAX_PLAYERS 4
#define FMP_MAX_UNITS 320
#define FMP_LAST_TURN 25
#define FMP_ID_LEN 24          /* bytes of a unit id, NUL included */

/* Map: flat-top hexes in columns, printed 1-based "col,row"; converted to
 * 0-based then odd-q (as sail), so EVEN printed columns sit half a hex down.
 * Directions: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. */
enum fmp_terrain { FMP_SEA = 0, FMP_REEF, FMP_SWAMP, FMP_PLAIN, FMP_MOUNTAIN, FMP_NTERRAIN };
enum fmp_tide { FMP_LOW = 0, FMP_NORMAL = 1, FMP_HIGH = 2 };

/* Unit kinds. Destroyers: tank, heavy, boat, turret. Transporters: barge,
 * crab, layer (the weather layer carries the ore it turns into units). */
enum fmp_kind {
	FMP_TANK = 0, FMP_HEAVY, FMP_BOAT, FMP_BARGE, FMP_CRAB, FMP_LAYER, FMP_PONTOON,
	FMP_ORE, FMP_TURRET, FMP_NKIND
};

/* Where a unit is. */
enum fmp_where {
	FMP_DEAD = 0,    /* destroyed (or ore turned into a unit) */
	FMP_MAP,         /* on the map at col,row (a barge's tail at tcol,trow) */
	FMP_IN_SHIP,     /* cargo of astronef `holder` */
	FMP_IN_UNIT,     /* cargo of unit `holder` */
	FMP_GONE         /* left the planet with its astronef */
};

typedef struct fmp_unit {
	char id[FMP_ID_LEN];
	int kind;
	int colour;            /* astronef index (= the seat of its first owner); -1 ore */
	int where, holder;
	int col, row;          /* FMP_MAP: its hex (a turret: its pode) */
	int tcol, trow;        /* a barge's second hex */
	int shots;             /* shots fired this turn (destroyers: at most 2) */
	int builds;            /* units built this turn (layer: at most 2) */
	int escape;            /* 9.3: may still move out of enemy fire */
	int retreat;           /* H7: under enemy fire at the start of its owner's turn:
	                          may retreat one hex out of it */
} fmp_unit;

typedef struct fmp_ship {
	int landed;            /* on the planet since turn 1 */
	int gone;              /* took off (9.5) */
	int owner;             /* controlling player; its colour is its index */
	int col, row;          /* the central bubble */
	int orient;            /* direction of pode 1; podes 2 and 3 at +2, +4 */
	int turret[3];         /* unit index of the turret on pode k+1 */
	int taken;             /* its owner took it by capture: may rebuild (9.2) */
	/* 9.5, turn 21: the owner's secret stay-or-leave choice, sealed as a
	 * commitment (formats/commit.md, domain "fmp-takeoff") then revealed */
	int sealed;            /* a commitment is recorded */
	uint8_t seal[32];      /* the commitment (SL_COMMIT_BYTES) */
	int choice;            /* -1 not revealed, 0 stays, 1 left on turn 21 */
} fmp_ship;

typedef struct fmp_player {
	int ap;                /* action points left in the current turn */
	int saved;             /* points carried to the next turn (0, 5, 10) */
	int score;             /* from astronefs that took off */
	int lost;              /* lost every astronef to capture (9.2) */
	int departed;          /* astronefs that took off under this player */
	int playing;           /* it is this player's part of the turn */
	int debt;              /* turn 21: take-off costs of astronefs that left before the
	                          turn was played, taken from this turn's credit (H14) */
} fmp_player;

typedef struct fmp_state {
	int cols, rows;
	uint8_t terrain[FMP_MAX_ROWS][FMP_MAX_COLS];   /* [row-1][col-1] */
	uint8_t row_set[FMP_MAX_ROWS];
	int np;                /* players (2..4), fixed at turn 1 */
	int turn, phase;       /* phase 1 tide, phase k+2 seat k plays */
	int tide;              /* this turn's tide (the card drawn last turn; H4) */
	int tide_set;          /* this turn's draw is done (or none is due: turns 1, 25) */
	int next;              /* the card drawn for the next turn (H13), -1 not yet */
	int known;             /* players who know `next`, bit p: an operational weather layer */
	int deck[3];           /* cards left in the tide deck: low, normal, high */
	int escape;            /* player who must first move units out of fire (9.3), -1 none */
	int nunits;
	fmp_unit units[FMP_MAX_UNITS];
	fmp_ship ships[FMP_MAX_PLAYERS];
	fmp_player players[FMP_MAX_PLAYERS];
	/* The last action, for the painter: hexes to highlight (a path, a shot). */
	int nlast;
	int last_col[16], last_row[16];
} fmp_state;

/* Terrain as it acts under the current tide: swamp is sea at high tide,
 * reef is land at low tide. Returns FMP_SEA or FMP_PLAIN/FMP_MOUNTAIN. */
int fmp_effective(int terrain, int tide);
int fmp_terrain_at(const fmp_state *s, int col, int row);   /* -1 off the map */
int fmp_on_map(const fmp_state *s, int col, int row);
/* Hexes of astronef k: [0] bubble, [1..3] podes. */
void fmp_ship_hexes(const fmp_ship *sh, int col[4], int row[4]);
/* Player controlling unit u: its colour's astronef owner; -1 for ore and
 * for the units of an astronef that took off (deactivated, 9.5). Inline:
 * the fire-cover loops and the analysis ask it of every unit at every entry. */
static inline int fmp_controller(const fmp_state *s, const fmp_unit *u)
{
	if (u->colour < 0 || u->colour >= FMP_MAX_PLAYERS)
		return -1;
	if (!s->ships[u->colour].landed || s->ships[u->colour].gone)
		return -1;
	return s->ships[u->colour].owner;
}
static inline int fmp_is_destroyer(int kind)
{
	return kind == FMP_TANK || kind == FMP_HEAVY || kind == FMP_BOAT || kind == FMP_TURRET;
}
int fmp_range(const fmp_state *s, const fmp_unit *u);  /* 0 if not a destroyer */
/* Number of active destroyers of player q that reach col,row. */
int fmp_fire_count(const fmp_state *s, int col, int row, int q);
/* Whether col,row is under fire of an opponent of player p (9, "sous le feu"). */
int fmp_under_fire(const fmp_state *s, int col, int row, int p);
/* A unit on the map on terrain it cannot use at this tide (stuck). */
int fmp_stuck(const fmp_state *s, const fmp_unit *u);
/* A unit on the map under enemy fire (neutralised). */
int fmp_neutralised(const fmp_state *s, const fmp_unit *u);
/* Whether player p has an operational weather layer: on the map, not stuck,
 * not under enemy fire (H13: it forecasts the next tide). */
int fmp_forecaster(const fmp_state *s, int p);
/* Whether player p knows the next tide (drawn and forecast by a layer). */
int fmp_knows_next(const fmp_state *s, int p);
/* Whether pontoon u is tied to land (H11): it lies on land, or touches land
 * at this tide, an astronef, or a pontoon so tied. */
int fmp_pontoon_tied(const fmp_state *s, int u);
const char *fmp_kind_name(int kind);
const char *fmp_tide_name(int tide);
const char *fmp_terrain_name(int t);

extern const sl_game sl_game_fmp;

#endif
