/* sail.h - the age-of-sail hex game: its state, readable by its painter.
 * The rules live in sail.c; formats/sail.md documents events and decisions. */
#ifndef SL_SAIL_H
#define SL_SAIL_H

#include "../sl_game.h"

#define SAIL_MAX_SHIPS 64
#define SAIL_MAX_COLS 64
#define SAIL_MAX_ROWS 64
#define SAIL_MAX_PATH 32

/* Map: flat-top hexes printed 1-based as "col,row". Rules and painter
 * convert to 0-based (col-1, row-1) before sl_hex_from_offset with odd-q,
 * so it is the EVEN printed columns (2, 4, 6...) that sit half a hex down.
 * Directions: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (sl_core.h). */
enum sail_terrain { SAIL_SEA = 0, SAIL_SHOAL = 1, SAIL_LAND = 2 };

/* Points of sail: angle between heading and where the wind blows toward. */
enum sail_point { SAIL_RUN = 0, SAIL_BROAD = 1, SAIL_CLOSE = 2, SAIL_HEAD = 3 };

typedef struct sail_ship {
	char id[32];           /* piece id in the log */
	char name[48];         /* "Redoutable" */
	char cls[32];          /* "74", "frigate" */
	int side;              /* player index */
	int col, row;          /* position, 1-based offset coordinates */
	int facing;            /* 0..5 */
	int mp;                /* movement potential per movement phase */
	int left;              /* points left in the current movement phase */
	int shallow;           /* shallow draft (marked * on the counter) */
	int hull;              /* hull points left; 0 = sinking */
	int hull_max;
	int grounded;          /* aground until the end of the game */
	int in_irons;          /* failed tack: no manoeuvre until the wind shifts */
	int struck;            /* struck her colours */
	int sunk;              /* gone: no longer on the map */
	int moved;             /* moved in the current movement phase */
	int fired;             /* fired in the current fire phase */
	int boarded;           /* tried a boarding in the current boarding phase */
} sail_ship;

typedef struct sail_state {
	int cols, rows;
	uint8_t terrain[SAIL_MAX_ROWS][SAIL_MAX_COLS];  /* [row-1][col-1] */
	int turns;             /* scheduled length of the game, 0 = open */
	int turn, phase;       /* 0,0 during setup */
	int wind;              /* direction the wind blows toward, 0..5 */
	int wind_rolled;       /* the wind was settled this turn */
	int nships;
	sail_ship ships[SAIL_MAX_SHIPS];
	/* The last move, for the painter: the ship, the hexes it went through
	 * (start first) and the cost paid to enter each. */
	int last_ship;         /* -1 = none */
	int npath;
	int path_col[SAIL_MAX_PATH], path_row[SAIL_MAX_PATH], path_cost[SAIL_MAX_PATH];
	uint64_t rows_set;     /* bit r-1: a terrain event gave row r */
	/* Indexes derived from the fields above so that the rules find a ship
	 * by hex or by id without scanning the fleet. They are not part of the
	 * game: serialize and the state hash never see them, restore rebuilds
	 * them, and only the rules in sail.c keep them up to date (a state
	 * built by hand has them empty; sail_reindex in sail_int.h fills them). */
	uint8_t occ[SAIL_MAX_ROWS][SAIL_MAX_COLS];  /* [row-1][col-1]: 1 + the ship afloat there, 0 none */
	uint8_t by_id[2 * SAIL_MAX_SHIPS];          /* 1 + a ship index, 0 empty: open addressing on the id's hash */
} sail_state;

/* The point of sail of a ship heading `facing` in wind blowing toward `wind`. */
int sail_point_of_sail(int facing, int wind);
/* The cost to enter the next hex from this point of sail (-1 head to wind). */
int sail_entry_cost(int point);

extern const sl_game sl_game_sail;

#endif
