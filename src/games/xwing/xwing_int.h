/* xwing_int.h - what the files of the xwing module share; private to it. */
#ifndef XWING_INT_H
#define XWING_INT_H

#include "xwing.h"

#define XWING_RULES_VERSION 6   /* 2: the whole catalog by XWS id, bumps touch, ions kept till the own activation ends, evade needs a blank or focus; 3: the damage deck drawn card by card, the actions and tokens of 2.0 complete, a medium base's barrel roll slides 10 mm, not 20 (xwing_geom.c), six obstacles in a standard setup, bombs and mines; 4: an attack in two entries takes the published order (the defence dice rolled after the attacker's modifications, by `defend`, and modified by the defender's own `modify`), calculate and Force spent in a modify, Console Fire's and Wounded Pilot's dice rolled; 5: Elusive recovers after a red maneuver, Crack Shot's step, Heavy Laser Cannon's crits to hits; 6: the Force Awakens asteroids and the gas clouds at their measured size (xwing_shapes6.inc), tfa-a5 */
#define XW_MAX_DICE 12
#define XW_MAX_TOKENS 99    /* of one kind on a ship: more is refused (effects) or dropped (ions) */
#define XW_COMMIT_DOMAIN "xwing-dial"

/* Event types, in schema order. */
enum {
	XW_EV_OBSTACLE, XW_EV_SHIP, XW_EV_DIAL, XW_EV_REVEAL, XW_EV_MOVE, XW_EV_ACTION,
	XW_EV_ATTACK, XW_EV_EFFECT, XW_EV_SCORE, XW_EV_DAMAGE, XW_EV_DEVICE, XW_EV_DETONATE,
	XW_EV_ROLL, XW_EV_MODIFY,   /* an attack in two entries (xwing_attack.c) */
	XW_EV_DEFEND,               /* rules version 4: the defence dice, after the attacker's modify */
	XW_EV_CARDDIE,              /* rules version 4: Console Fire's or Wounded Pilot's die */
	XW_EV_HAZARD,               /* rules version 4: an obstacle with its published shape (xwing_shape.c) */
	XW_EV_ABILITY,              /* rules version 4: a card's dice modification, enforced (xwing_ability.c) */
	XW_NEV
};
#define XW_NEV_V3 XW_EV_DEFEND   /* the event types of rules version 3 */
#define XW_NEV_V2 XW_EV_DAMAGE   /* the event types of rules version 2 */
#define XW_NEV_V1 8   /* the events of rules version 1's schema: obstacle to effect */

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
enum { XW_T_ION, XW_T_STRESS, XW_T_FOCUS, XW_T_EVADE,
	/* rules version 3 */
	XW_T_CALCULATE, XW_T_STRAIN, XW_T_DEPLETE, XW_T_DISARM, XW_T_JAM, XW_T_TRACTOR, XW_T_CLOAK,
	XW_T_HIT, XW_T_CRIT };   /* hit, crit: the ship suffers that damage */
/* Action fields of rules version 3 (after F_ACTION_TAIL). */
enum { XW_AF_CARD = 8, XW_AF_MANEUVER, XW_AF_DICE, XW_AF_REMOVE, XW_AF_HALF };
/* Attack spends of rules version 3 (aspend, dspend). */
enum { XW_SP_FOCUS, XW_SP_LOCK_OR_EVADE, XW_SP_CALCULATE };

extern const sl_schema xwing_schema;
extern const int32_t xw_sin_table[901];
extern const char *const xw_action_ids[];
extern const char *const xw_arc_ids[];

int64_t xw_rdiv(int64_t num, int64_t den);
int64_t xw_isqrt(int64_t v);
/* Geometry shared with xwing_shape.c (xwing_geom.c). */
void xw_world_to_local(const xw_pose *p, int64_t x, int64_t y, int64_t *dx, int64_t *dy);
/* Squared distance from p to segment a..b, q the closest point (rounded). */
int64_t xw_point_segment(int64_t px, int64_t py, int64_t ax, int64_t ay, int64_t bx,
	int64_t by, int64_t *qx, int64_t *qy);
/* A maneuver's template: 0 straight, 1 bank, 2 turn; side +1 right, -1 left. */
typedef struct xw_tmpl {
	int kind, side, reverse;
} xw_tmpl;
int xw_template_of(const xw_maneuver *m, xw_tmpl *out);   /* -1: stationary, or no such */
int64_t xw_template_radius(const xw_tmpl *t, int speed);  /* a bank's or turn's centre line */
/* An obstacle (xwing_shape.c): the base within d of it (range 0-1: d = XW_RANGE);
 * a disc within d of it, inclusive. */
/* One obstacle die of an obstacle of that kind: what it adds (xwing.c). */
void xw_obstacle_die(int kind, int face, int *hits, int *crits, int *stress, int *strain);
/* The attack of ship a on ship d is obstructed by an obstacle of that kind
 * (the line between the closest points through it; xwing_shape.c). */
int xw_obstructed_by(const xw_state *s, int a, int d, int kind);
int xw_obst_near(const xw_obstacle *o, const xw_pose *p, int size, int32_t d);
int xw_obst_disc_near(const xw_obstacle *o, int32_t x, int32_t y, int32_t r, int32_t d);

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

/* Devices (xwing_devices.c, formats/xwing.md, Devices). */
#define XW_NF_DEVICE 5      /* fields of `device` and `detonate` */
#define XW_NF_DETONATE 5
extern const sl_field_def xw_f_device[XW_NF_DEVICE], xw_f_detonate[XW_NF_DETONATE];
int xw_ev_device(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int xw_ev_detonate(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
/* Before any other entry: a detonation under way is finished first. */
int xw_devices_pending(const xw_state *s, sl_error *err);
/* After a move, barrel roll or boost (rc 0): the mines it touched detonate. */
int xw_devices_after_move(xw_state *s, int rc, sl_buf *desc);
/* Leaving the activation phase: every bomb has detonated. */
int xw_devices_phase_end(const xw_state *s, sl_error *err);
void xw_devices_serialize(const xw_state *s, sl_buf *b);
int xw_devices_restore(xw_state *s, sl_reader *r);
void xw_devices_summary(const xw_state *s, sl_buf *b);
void xw_devices_json(const xw_state *s, sl_buf *b);
/* The generator's device entries: 0 with one in out, 1 none, < 0 no memory. */
int xw_gen_devices(const xw_state *s, const sl_header *h, int open, sl_prng *rng, sl_arena *a,
	sl_event *out);
/* Helpers of xwing.c the devices share. */
int xw_own_ship(const xw_state *s, const sl_header *h, const sl_event *ev, int *out,
	sl_error *err);
int xw_suffer(xw_state *s, int i, int hits, int crits, const uint8_t *names, int ncrit,
	int *shields_lost);
void xw_remove_ship(xw_state *s, int i);
void xw_close_activation(xw_state *s);
int xw_find_id(const xw_state *s, const char *id, size_t n);   /* a ship's, an obstacle's or a device's: 1 */

/* ---- rules version 3 (xwing_damage.c, xwing_actions.c) ---------------------- */
extern const sl_schema xwing_schema_v2, xwing_schema_v3;
extern const char *const xw_action_ids3[];
int xw_illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void xw_deck_init(xw_state *s);
/* Ship i suffers hits then crits: shields first, then damage cards queued
 * for `damage` entries; returns the shields lost. */
int xw_suffer3(xw_state *s, int i, int hits, int crits);
int xw_faceup(const xw_ship *sh, int card);          /* faceup copies of card */
int xw_hull_max(const xw_ship *sh);
int xw_agility(const xw_state *s, const xw_ship *sh);   /* agility with its cards and tokens */
int xw_attack_less(const xw_state *s, const xw_ship *sh);   /* fewer attack dice */
int xwing_ev_damage(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int xwing_chances(const void *st, const sl_header *h, int type, int field, uint8_t *weights,
	int max);
int xwing_veil(const void *st, const sl_header *h, const sl_event *ev, int side, sl_buf *desc,
	uint32_t *hide);
/* A ship with no hull left: destroyed (xwing.c). */
void xw_destroyed(xw_state *s, int i);
void xw_fled(xw_state *s, int i);              /* it left the mat */
int xw_in_arc_kind(const xw_ship *sh, int kind, const xw_ship *tg);
int xw_in_half(const xw_ship *a, const xw_ship *b, int front);
int xw_repair(xw_state *s, int i, int card, sl_buf *desc, sl_error *err);
/* The effect of a maneuver just executed on its damage cards (v3). */
void xw_after_maneuver(xw_state *s, int i, const xw_maneuver *m, int through_obstacle,
	sl_buf *desc);
void xw_engagement_starts(xw_state *s, sl_buf *desc);
/* The actions of version 3 beyond the bar's first seven, and decloak. */
int xw_action3(xw_state *s, const sl_header *h, int i, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int xw_decloak(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
int xw_tractor_move(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
/* Checks of version 3 before an action (damage cards, coordination). */
int xw_action_allowed3(const xw_state *s, int i, int action, sl_error *err);
/* A green token or a lock a jammed ship gains is lost with one jam token. */
int xw_jam_eats(xw_ship *sh);
/* Attacks (v3): the spends allowed (Blinded Pilot, calculate tokens held;
 * *atc off under Blinded Pilot), reinforce, and the tokens lost after. */
int xw_attack_spends3(const xw_state *s, const xw_ship *sh, int mods, int calc, int *atc,
	sl_error *err);
int xw_reinforce3(const xw_state *s, const xw_ship *att, const xw_ship *def, int *hits,
	int *crits);
void xw_after_attack3(const xw_state *s, xw_ship *att, xw_ship *def, int acalc, int dcalc);
int xw_place_ok(const xw_state *s, int i, const xw_pose *p, const char *what, sl_error *err);

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
/* Rules version 4: the roll holds the attack dice only, each side's modify
 * its own spends (calculate and Force too), `defend` the defence dice. */
#define XW_NF_ROLL4 6
#define XW_NF_MODIFY4 6
#define XW_NF_DEFEND 3
extern const sl_field_def xw_f_roll4[XW_NF_ROLL4], xw_f_modify4[XW_NF_MODIFY4],
	xw_f_defend[XW_NF_DEFEND];
int xw_ev_defend(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
/* Rules version 4: the dice of Console Fire and Wounded Pilot (xwing_damage.c). */
#define XW_NF_CARDDIE 4
extern const sl_field_def xw_f_carddie[XW_NF_CARDDIE];
int xw_ev_carddie(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
int xw_fire_due(const xw_state *s, int i);   /* 1: ship i rolls Console Fire's die before it engages */
void xw_wounded_after(xw_state *s, int i);   /* after its action: a die per faceup Wounded Pilot */
int xw_card_dice_due(const xw_state *s, sl_error *err);   /* a Wounded Pilot die due: refused */
int xw_init_of(const xw_ship *sh);
/* Rules version 4: card abilities that modify dice (xwing_ability.c). */
#define XW_NF_ABILITY 7
#define XW_MAX_ABILITIES 8
extern const sl_field_def xw_f_ability[XW_NF_ABILITY];
int xw_ev_ability(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err);
int xw_ability_no_lock(const xw_state *s);   /* 1: the attacker used Fire-Control System */
int xw_ability_cancel_due(const xw_state *s);   /* v5: the attacker may use Crack Shot now */
void xw_ability_maneuvered(xw_state *s, int i, const xw_maneuver *m, int full, sl_buf *desc);
int xw_card_is(const sl_value *v, const char *xws);   /* v names that XWS id */
int xw_crits_to_hits(const xw_state *s, int i, int weapon);   /* v5: Heavy Laser Cannon */
/* The waiting roll resolved: the defender's spends kept in it, then the
 * one-entry attack's rules (xwing_attack.c). */
int xw_roll_resolve(xw_state *s, const sl_header *h, sl_buf *desc, sl_error *err);
void xw_ability_write(const xw_roll *r, sl_buf *b);
int xw_ability_read(const xw_state *s, xw_roll *r, sl_reader *rd);
extern const char *const xw_atk_names[], *const xw_def_names[], *const xw_weapon_names_v2[];
extern const char *const xw_aspend_names[], *const xw_dspend_names[];
extern const char *const xw_aspend_names4[], *const xw_dspend_names4[];
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

/* What the rules tell the .silb coder (xwing_model.c). */
extern const sl_model xwing_model;

#endif
