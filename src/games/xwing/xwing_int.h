/* xwing_int.h - what the files of the xwing module share; private to it. */
#ifndef XWING_INT_H
#define XWING_INT_H

#include "xwing.h"

#define XWING_RULES_VERSION 2   /* 2: the whole catalog by XWS id, bumps touch, ions kept till the own activation ends, evade needs a blank or focus */
#define XW_MAX_DICE 12
#define XW_MAX_TOKENS 99    /* of one kind on a ship: more is refused (effects) or dropped (ions) */
#define XW_COMMIT_DOMAIN "xwing-dial"

/* Event types, in schema order. */
enum {
	XW_EV_OBSTACLE, XW_EV_SHIP, XW_EV_DIAL, XW_EV_REVEAL, XW_EV_MOVE, XW_EV_ACTION,
	XW_EV_ATTACK, XW_EV_EFFECT, XW_EV_SCORE,
	XW_EV_ROLL, XW_EV_MODIFY,   /* an attack in two entries (xwing_attack.c) */
	XW_NEV
};

/* Phases of a round. */
enum { XW_PH_PLANNING = 1, XW_PH_SYSTEM, XW_PH_ACTIVATION, XW_PH_ENGAGEMENT, XW_PH_END };

/* Attack die faces (LIST tokens) and defence die faces. */
enum { XW_HIT, XW_CRIT, XW_AFOCUS, XW_ABLANK };
enum { XW_EVADE, XW_DFOCUS, XW_DBLANK };
/* Weapons. */
/* XW_W_CARD + k: the k-th upgrade of the attacker, a special weapon (v2). */
enum { XW_W_PRIMARY, XW_W_REAR, XW_W_IONTURRET, XW_W_CARD };
/* Action fields. */
enum { XW_DIR_LEFT, XW_DIR_RIGHT, XW_DIR_STRAIGHT };
enum { XW_PLACE_FORWARD, XW_PLACE_MIDDLE, XW_PLACE_BACK };
/* Effect tokens. */
enum { XW_T_ION, XW_T_STRESS, XW_T_FOCUS, XW_T_EVADE };

extern const sl_schema xwing_schema;
extern const int32_t xw_sin_table[901];
extern const char *const xw_action_ids[];
extern const char *const xw_arc_ids[];

int64_t xw_rdiv(int64_t num, int64_t den);
int64_t xw_isqrt(int64_t v);

const xw_ship_type *xw_type_of(const xw_ship *sh);

/* The rules proper (xwing.c), shared with the generator's self-check. */
int xwing_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int xwing_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err);

/* Where a maneuver of ship i ends on this board: bumps, obstacles, the mat
 * edge (xwing.c). */
typedef struct xw_flight {
	xw_pose end;
	int stop;                 /* path step where it stopped; XW_PATH_STEPS = full */
	int bumped;               /* ship index it bumped into, -1 none */
	int full;                 /* fully executed (no bump) */
	int obstacle;             /* an obstacle overlapped or gone through, -1 none */
	int obstacle_kind;
	int fled;                 /* the base ends (partly) off the mat */
} xw_flight;
void xw_fly(const xw_state *s, int i, const xw_maneuver *m, xw_flight *out);
/* The obstacles touched by ship i flying m to end (each rolls one die). */
int xw_obstacles_hit(const xw_state *s, int i, const xw_maneuver *m, const xw_pose *end,
	int list[XW_MAX_OBSTACLES]);
/* The first player (D1): `meta first-player ID`, else the header's first. */
int xw_first_player(const sl_header *h);
/* The end and the score (xwing_result.c). */
extern const char *const xw_scenario_ids[];
int xw_scenario(const sl_header *h);          /* -1 none, else index of xw_scenario_ids */
int xw_round_limit(const sl_header *h);       /* 0: none */
int xwing_result(const void *st, const sl_header *h, sl_buf *out);
/* `meta xwing-setup standard`: the published setup is checked. */
int xw_standard_setup(const sl_header *h);
/* The 2.5 ionization rule: `meta xwing-ion 2.5`. */
int xw_variant25(const sl_header *h);
/* Who may activate now: 1 if ship i is next in the order (lowest initiative,
 * first player first on ties) or equal to the next. */
int xw_may_activate(const xw_state *s, int i, int first, sl_error *err);
/* The maneuver ship i executes now: the revealed dial, the ion maneuver,
 * or the white 2-straight of a stressed ship with a red maneuver. */
void xw_to_execute(const xw_state *s, int i, xw_maneuver *out, int *stressed_red);
#define XW_TOUCH 25   /* 0.25 mm: closer bases touch (rules version 2) */
int xw_range_of(const xw_state *s, int64_t dist);
int xw_attack_dice(const xw_state *s, int a, int d, int weapon, int *atk, int *def,
	int *range, sl_error *err);

/* An attack in two entries (xwing_attack.c): `roll` (the dice), then
 * `modify` (the spends and rerolls chosen after seeing them), resolved by
 * xw_ev_attack, the one-entry `attack` (xwing.c). */
int xw_ev_attack(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
int xw_ev_roll(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
int xw_ev_modify(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
/* A roll waits for its modify: nothing else is taken (xwing 4). */
int xw_roll_waits(const xw_state *s, sl_error *err);
#define XW_NF_ROLL 8
#define XW_NF_MODIFY 7
extern const sl_field_def xw_f_roll[XW_NF_ROLL], xw_f_modify[XW_NF_MODIFY];
extern const char *const xw_atk_names[], *const xw_def_names[], *const xw_weapon_names_v2[];
extern const char *const xw_aspend_names[], *const xw_dspend_names[];
/* The pending roll in the state's bytes: appended only while one waits, so
 * a state without one writes the bytes it always did (xwing_attack.c). */
void xw_roll_write(const xw_state *s, sl_buf *b);
int xw_roll_read(xw_state *s, sl_reader *r);

int xwing_serialize(const void *st, sl_buf *out);
int xwing_restore(void **out, const void *p, size_t n, sl_error *err);
void xwing_summary(const void *st, const sl_header *h, sl_buf *out);
void xwing_summary_json(const void *st, const sl_header *h, sl_buf *out);
void xwing_help(const void *st, const sl_header *h, sl_buf *out);
int xwing_generate(const void *st, const sl_header *h, sl_prng *rng, sl_arena *a,
	sl_event *out, sl_error *err);

#endif
