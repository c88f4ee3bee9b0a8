/* sail_int.h - what the files of the sail module share; private to it. */
#ifndef SAIL_INT_H
#define SAIL_INT_H

#include "sail.h"

#define SAIL_RULES_VERSION 1
#define SAIL_FIRE_RANGE 4      /* house rule H8 */
#define SAIL_MAX_MP 24         /* keeps a move within SAIL_MAX_PATH hexes */
#define SAIL_MAX_HULL 99
#define SAIL_MAX_TURNS 9999
#define SAIL_MAX_STEPS 64
#define SAIL_MAX_DICE 32

/* Event types, in schema order. */
enum {
	SAIL_EV_MAP, SAIL_EV_TERRAIN, SAIL_EV_SHIP, SAIL_EV_WIND, SAIL_EV_MOVE,
	SAIL_EV_FIRE, SAIL_EV_BOARD, SAIL_EV_STRIKE, SAIL_NEV
};

/* Move steps, in the order of the LIST tokens. */
enum { SAIL_A, SAIL_AP, SAIL_AS, SAIL_TP, SAIL_TS };

/* Phases. */
enum {
	SAIL_PH_WIND = 1, SAIL_PH_MOVE1, SAIL_PH_FIRE1, SAIL_PH_BOARD,
	SAIL_PH_MOVE2, SAIL_PH_FIRE2
};

/* `ship` has 9 fields, so sl_game.h must give SL_MAX_FIELDS >= 9. Until it
 * does, the hull field index is clamped so that no code indexes past ev->f,
 * and apply refuses `ship` with a message saying why. */
#define SAIL_F_HULL (SL_MAX_FIELDS > 8 ? 8 : 0)

enum { SAIL_DEEP = 0, SAIL_SHALLOW = 1 };
enum { SAIL_CAPTURED = 0, SAIL_REPULSED = 1 };

extern const sl_schema sail_schema;

const char *sail_dir_name(int dir);
const char *sail_point_name(int point);   /* "run", "broad reach", ... */
const char *sail_point_verb(int point);   /* "runs", "reaches", "beats" */
const char *sail_side_name(const sl_header *h, int side);

int sail_on_map(const sail_state *s, int col, int row);
int sail_terrain_at(const sail_state *s, int col, int row);   /* -1 off map */
int sail_ship_at(const sail_state *s, int col, int row);      /* index or -1 */
int sail_find_ship(const sail_state *s, const char *id, size_t n); /* index or -1 */
/* The derived indexes (occ, by_id in sail.h): sail_index_ship records ship
 * i (its id, and its hex unless sunk); sail_reindex rebuilds both from the
 * ships. Neither checks anything: the callers have. */
void sail_index_ship(sail_state *s, int i);
void sail_reindex(sail_state *s);
/* The hex next to col,row (1-based) in direction dir. */
void sail_neighbor(int col, int row, int dir, int *ncol, int *nrow);
int sail_distance(int c1, int r1, int c2, int r2);
/* Free to move on its own: afloat, colours flying, not aground, not in irons. */
int sail_can_manoeuvre(const sail_ship *sh);
int sail_fights(const sail_ship *sh);      /* not struck, not sunk */
int sail_grounds(const sail_ship *sh, int die);

/* A move being simulated step by step (by apply and by the generator). */
typedef struct sail_sim {
	int ship;
	int col, row, facing, left;
	int grounded, in_irons;   /* how the move ended */
	int shoals;               /* shoal hexes entered = dice used */
	int npath;
	struct { int col, row, cost; } path[SAIL_MAX_PATH];   /* only the first npath are set */
} sail_sim;

/* What one step does, found by sail_step_check. */
typedef struct sail_stepres {
	int advance;          /* 1 advance, 0 tack */
	int point;            /* point of sail in the hex left */
	int cost;             /* points spent (a failed tack: what was left) */
	int col, row;         /* hex entered (advance) */
	int facing;           /* heading after the step (she keeps hers if it grounds her) */
	int shoal;            /* the hex entered is a shoal: a die is needed */
	int fails;            /* a tack with fewer than 3 points: in irons */
} sail_stepres;

void sail_sim_start(const sail_state *s, int ship, sail_sim *m);
/* Checks step number `no` (1-based) of a move; 0 or SL_EILLEGAL with err set. */
int sail_step_check(const sail_state *s, const sail_sim *m, int step, int no,
	sail_stepres *r, sl_error *err);
/* Applies a checked step; die is the grounding die when r->shoal. */
void sail_step_commit(const sail_state *s, sail_sim *m, const sail_stepres *r, int die);

/* The end of a legal move of ship idx simulated in m: the ship's new
 * place, heading, points and marks, and the last path (ev_move, and the
 * .silb model, which checks every step of the moves it decodes). */
void sail_move_finish(sail_state *s, int idx, const sail_sim *m);

/* The rules proper, shared with the generator's self-check. */
int sail_apply_in(void *st, const sl_header *h, const sl_event *ev,
	sl_buf *desc, sl_error *err);
int sail_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err);

/* What the rules tell the .silb coder (sail_model.c). */
extern const sl_model sail_model;

int sail_serialize(const void *st, sl_buf *out);
int sail_restore(void **out, const void *p, size_t n, sl_error *err);
void sail_summary(const void *st, const sl_header *h, sl_buf *out);
void sail_summary_json(const void *st, const sl_header *h, sl_buf *out);
void sail_help(const void *st, const sl_header *h, sl_buf *out);
/* The generator's weight for a candidate step (sail_gen.c); also used by the
 * benchmark that measures how much information a generated game holds. */
int sail_gen_step_weight(const sail_state *s, const sail_stepres *r, int step, int fail_ok,
	int shoal_ok);
int sail_generate(const void *st, const sl_header *h, sl_prng *rng,
	sl_arena *a, sl_event *out, sl_error *err);

int sail_result(const void *st, const sl_header *h, sl_buf *out);   /* sail_result.c */

#endif
