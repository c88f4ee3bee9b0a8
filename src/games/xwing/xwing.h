/* xwing.h - X-Wing second edition on a 3-foot mat, ionization complete (seed
 * 001): its state, catalog and geometry, readable by its painter and importer.
 * The rules live in xwing.c; formats/xwing.md documents events and decisions. */
#ifndef SL_XWING_H
#define SL_XWING_H

#include "../sl_game.h"

/* ---- geometry (formats/xwing.md, Geometry) ----------------------------------
 * Lengths are integers in 0.01 mm. The mat is XW_MAT square with x to the
 * right and y up, from the bottom-left corner. Headings are in tenths of a
 * degree, clockwise from +y (north), 0..3599. A pose is the centre of a base
 * and its heading. */
#define XW_MAT 91440              /* 914.4 mm */
#define XW_RANGE 10000            /* one range band: 100 mm */
#define XW_TURN 3600              /* a full turn in angle units */
#define XW_TRIG_ONE (1 << 30)     /* sin/cos scale */

typedef struct xw_pose {
	int32_t x, y;                 /* 0.01 mm */
	int32_t h;                    /* 0.1 degree, 0..3599 */
} xw_pose;

enum xw_size { XW_SMALL = 0, XW_MEDIUM = 1, XW_LARGE = 2 };

/* Bearings, in the order of the community dial codes (xwing-data2):
 * T turn left, B bank left, F straight, N bank right, Y turn right,
 * K Koiogran turn, L Segnor's loop left, P Segnor's loop right,
 * E Tallon roll left, R Tallon roll right, O stationary,
 * A reverse bank left, S reverse straight, D reverse bank right. */
enum xw_bearing {
	XW_TL, XW_BL, XW_ST, XW_BR, XW_TR, XW_KT, XW_SLL, XW_SLR, XW_TRL, XW_TRR,
	XW_STOP, XW_RBL, XW_RST, XW_RBR, XW_NBEARING
};
enum xw_colour { XW_BLUE = 0, XW_WHITE = 1, XW_RED = 2, XW_PURPLE = 3 };

typedef struct xw_maneuver {
	int speed;                    /* 0..5 */
	int bearing;                  /* enum xw_bearing */
	int colour;                   /* enum xw_colour */
} xw_maneuver;

/* "2TW" -> {2, TL, white}; 0 or -1 when the code is not one. */
int xw_maneuver_parse(const char *s, size_t n, xw_maneuver *out);
/* The code of m into out (4 bytes). */
void xw_maneuver_code(const xw_maneuver *m, char out[4]);
const char *xw_bearing_name(int bearing);   /* "bank left" */

int32_t xw_sin(int32_t a);            /* a in 0.1 degree, any value; scaled XW_TRIG_ONE */
int32_t xw_cos(int32_t a);
int32_t xw_norm_angle(int32_t a);     /* into 0..3599 */
int32_t xw_base_len(int size);        /* 4000, 6000, 8000 */
/* The point at (dx right, dy forward) of pose p, rounded to 0.01 mm. */
void xw_local_to_world(const xw_pose *p, int64_t dx, int64_t dy, int32_t *x, int32_t *y);
/* The four corners of a base at p: front-left, front-right, rear-right, rear-left. */
void xw_base_corners(const xw_pose *p, int size, int32_t cx[4], int32_t cy[4]);

/* Where a maneuver ends, fully executed from p, without looking at the
 * board: 0, or -1 if the maneuver does not exist (speed out of range). */
int xw_maneuver_end(const xw_pose *p, int size, const xw_maneuver *m, xw_pose *out);
/* The poses of a base along a maneuver's template, for bumps and drawing:
 * k = 0..XW_PATH_STEPS, 0 = the ship's rear at the template's start (its
 * front against the start pose's front), XW_PATH_STEPS = the end before
 * any final rotation (Koiogran, Segnor, Tallon). */
#define XW_PATH_STEPS 64
int xw_maneuver_at(const xw_pose *p, int size, const xw_maneuver *m, int k, xw_pose *out);
/* The same at fraction num/den (0..1) of the template, for finer stops. */
int xw_maneuver_frac(const xw_pose *p, int size, const xw_maneuver *m, int64_t num, int64_t den,
	xw_pose *out);
/* Barrel roll: side 0 left, 1 right; place 0 forward, 1 middle, 2 back. */
void xw_barrel_roll_end(const xw_pose *p, int size, int side, int place, xw_pose *out);
/* The same under rules version ver (3: a medium base slides 10 mm, not 20). */
void xw_barrel_roll_end_v(const xw_pose *p, int size, int side, int place, int ver,
	xw_pose *out);

/* Two bases overlap (touching is not overlapping): exact on the rounded
 * corners (separating axes in integers). */
int xw_bases_overlap(const xw_pose *a, int sa, const xw_pose *b, int sb);
/* Whether two bases given by their corners (xw_base_corners) overlap: the
 * separating axes of their edges; xw_bases_overlap without its shortcut. */
int xw_corners_overlap(const int32_t ax[4], const int32_t ay[4], const int32_t bx[4],
	const int32_t by[4]);
/* A base overlaps a disc of radius r at (x, y). */
int xw_base_disc_overlap(const xw_pose *a, int sa, int32_t x, int32_t y, int32_t r);
/* Some part of the base is outside the mat. */
int xw_base_off_mat(const xw_pose *a, int sa);
/* Distance between two bases (0 when they overlap or touch), and the two
 * closest points; in 0.01 mm, rounded down. */
int64_t xw_base_distance(const xw_pose *a, int sa, const xw_pose *b, int sb,
	int32_t pa[2], int32_t pb[2]);
/* Range band of a distance: 0 (touching), 1..3, or 4 beyond range 3. */
int xw_range_band(int64_t d);
/* Arcs of a ship: quadrants of its base, bounded by the lines from its
 * centre through its corners. */
enum xw_arc { XW_ARC_FRONT = 0, XW_ARC_RIGHT = 1, XW_ARC_REAR = 2, XW_ARC_LEFT = 3 };
/* Some part of base b lies in arc `arc` of the ship at a. */
int xw_in_arc(const xw_pose *a, int sa, int arc, const xw_pose *b, int sb);
/* The template of maneuver m flown from start meets the disc of radius r at
 * (x, y): exact on the template's outline, 20 mm wide. */
int xw_template_disc(const xw_pose *start, int size, const xw_maneuver *m, int32_t x, int32_t y,
	int32_t r);
/* The segment p..q passes within r of (x, y). */
int xw_segment_near(const int32_t p[2], const int32_t q[2], int32_t x, int32_t y, int32_t r);

/* ---- polygons: obstacles with their published shapes (xwing_shape.c) ------
 * A simple polygon (convex or not) of n vertices in 0.01 mm, counter-
 * clockwise. Interiors are what counts: touching is not overlapping, as for
 * bases and discs. */
#define XW_POLY_MAX 48
typedef struct xw_poly {
	int n;
	int32_t x[XW_POLY_MAX], y[XW_POLY_MAX];
} xw_poly;

/* The outlines of the printed obstacle tokens, derived by
 * tools/xwing-obstacles/derive.py from data/xwing/obstacles (formats/xwing.md,
 * Obstacles and D3): about the area centroid, r the farthest vertex. */
typedef struct xw_shape_def {
	const char *id;               /* "tfa-a0" */
	int kind;                     /* enum xw_obstacle_kind */
	int n;
	int32_t r;
	int32_t x[XW_POLY_MAX], y[XW_POLY_MAX];
} xw_shape_def;
extern const xw_shape_def xw_shapes[];     /* rules versions 3-5 */
extern const int xw_nshapes;
extern const xw_shape_def xw_shapes6[];    /* rules version 6 on: the Blender meshes measured again, tfa-a5 */
extern const int xw_nshapes6;
/* The outlines of rules version ver and their count. */
const xw_shape_def *xw_shape_table(int ver, int *n);
extern const char *const xw_shape_ids[];    /* NULL-terminated, for the schema */

/* Shape k turned by heading a (0.1 degree, clockwise) about its centroid,
 * placed at (x, y). */
void xw_shape_place(const xw_shape_def *d, int32_t x, int32_t y, int32_t a, xw_poly *out);
/* The point is strictly inside (on the outline is not inside). */
int xw_poly_inside(const xw_poly *p, int64_t x, int64_t y);
/* The interiors of two polygons meet (exact in integers; two outlines that
 * coincide edge for edge all round are the one case not seen). */
int xw_polys_overlap(const xw_poly *a, const xw_poly *b);
/* A base overlaps the polygon. */
int xw_base_poly_overlap(const xw_pose *a, int sa, const xw_poly *p);
/* The segment p..q passes through the polygon's interior (w = 0), or within
 * w of it (w > 0: a strip of half-width w with round ends, as the barrel
 * roll's template is taken for discs). */
int xw_segment_poly(const int32_t p[2], const int32_t q[2], const xw_poly *poly, int32_t w);
/* The template of m flown from start meets the polygon's interior. */
int xw_template_poly(const xw_pose *start, int size, const xw_maneuver *m, const xw_poly *p);
/* Distance between the outlines (0 when they overlap or touch), rounded down. */
int64_t xw_poly_distance(const xw_poly *a, const xw_poly *b);
/* Distance from the disc (x, y, r) to the polygon (0 when they meet). */
int64_t xw_disc_poly_distance(int32_t x, int32_t y, int32_t r, const xw_poly *p);
/* The polygon of a base at pose a. */
void xw_base_poly(const xw_pose *a, int sa, xw_poly *out);

/* ---- catalog (xwing_catalog.c; facts of the published game) ---------------
 * Every ship, pilot and upgrade of xwing-data2 (both point systems), as data
 * that tools/xwing-data/gen.py derives from data/xwing-data2 into
 * xwing_catalog_data.inc. The enums below follow the lists of that script. */

enum xw_action {
	XW_A_FOCUS, XW_A_EVADE, XW_A_LOCK, XW_A_BARREL, XW_A_BOOST, XW_A_ROTATE, XW_A_RELOAD,
	XW_A_CLOAK, XW_A_SLAM, XW_A_COORDINATE, XW_A_JAM, XW_A_CALCULATE, XW_A_REINFORCE,
	XW_NACTION
};
#define XW_NACTION_V1 7       /* the actions rules version 1 knew */
/* Rules version 3 adds two the bars do not list: a damage card's repair,
 * and decloak (not an action: the system phase's move of a cloaked ship). */
#define XW_A_REPAIR XW_NACTION
#define XW_A_DECLOAK (XW_NACTION + 1)
#define XW_A_TRACTOR (XW_NACTION + 2)   /* the move a tractored ship is given */
#define XW_NACTION3 (XW_NACTION + 3)
enum xw_turret { XW_NO_TURRET = 0, XW_SINGLE_TURRET = 1, XW_DOUBLE_TURRET = 2 };
enum xw_slot {
	XW_SLOT_ASTROMECH, XW_SLOT_CANNON, XW_SLOT_CARGO, XW_SLOT_COMMAND, XW_SLOT_CONFIGURATION,
	XW_SLOT_CREW, XW_SLOT_DEVICE, XW_SLOT_FORCEPOWER, XW_SLOT_GUNNER, XW_SLOT_HARDPOINT,
	XW_SLOT_HYPERDRIVE, XW_SLOT_ILLICIT, XW_SLOT_MISSILE, XW_SLOT_MODIFICATION, XW_SLOT_SENSOR,
	XW_SLOT_TACTICALRELAY, XW_SLOT_TALENT, XW_SLOT_TEAM, XW_SLOT_TECH, XW_SLOT_TITLE,
	XW_SLOT_TORPEDO, XW_SLOT_TURRET, XW_NSLOT
};
/* Arc kinds of an attack (stats and upgrade attacks). */
enum xw_arc_kind {
	XW_K_FRONT, XW_K_REAR, XW_K_LEFT, XW_K_RIGHT, XW_K_SINGLE_TURRET, XW_K_DOUBLE_TURRET,
	XW_K_FULL_FRONT, XW_K_BULLSEYE, XW_NARC_KIND
};
#define XW_HUGE 3             /* epic ships: in the catalog, not flown */
#define XW_MAX_SLOTS 12
#define XW_MAX_ACTIONS 8

typedef struct xw_action_def {
	int8_t action;                /* enum xw_action */
	int8_t colour;                /* white, red or purple */
	int8_t linked;                /* -1, or the action linked after it */
	int8_t linked_colour;
} xw_action_def;

typedef struct xw_ship_type {
	const char *xws;              /* "t65xwing" */
	const char *name;             /* "T-65 X-wing" */
	const char *faction;          /* xws faction id: "rebelalliance" */
	int8_t size;                  /* enum xw_size, or XW_HUGE */
	int8_t front, rear;           /* primary attack value, and in the rear arc (0 none) */
	int8_t turret;                /* the primary fires from a turret (enum xw_turret) */
	int8_t agility, hull, shields, energy;
	int8_t narcs;
	struct { int8_t kind, value; } arcs[4];   /* every primary attack: enum xw_arc_kind */
	int8_t nactions;
	xw_action_def actions[XW_MAX_ACTIONS];
	const char *dial;             /* codes separated by spaces */
	int8_t targeting_computer;    /* the x1's ship ability, Advanced Targeting Computer */
} xw_ship_type;

typedef struct xw_pilot {
	const char *xws;              /* "bluesquadronescort" */
	const char *name;
	int16_t type;                 /* index into xw_ship_types */
	int8_t initiative, engagement;    /* engagement: -1, or the initiative it engages at */
	int8_t limited;               /* 0, or how many copies a squad may hold */
	int16_t cost20;               /* 2.0 points, -1 not in 2.0 */
	int16_t cost25, loadout25;    /* 2.5 points and loadout value, -1 not in 2.5 */
	int8_t nslots;
	int8_t slots[XW_MAX_SLOTS];   /* enum xw_slot, under 2.5 (or the only list) */
	int8_t nslots20;
	int8_t slots20[XW_MAX_SLOTS]; /* under 2.0 */
	int8_t charges, charge_recurs;    /* recurs: charges recovered each end phase */
	int8_t force, force_recurs;
	const char *ability;          /* the ship ability's name, or NULL */
	const char *keywords;         /* "partisan,xwing", or NULL */
	const char *std_loadout;      /* 2.5 standard loadout: upgrade ids, or NULL */
	int8_t nactions;              /* a pilot's own action bar (0: the ship's) */
	xw_action_def actions[XW_MAX_ACTIONS];
} xw_pilot;

typedef struct xw_upgrade_def {
	const char *xws, *name;
	int8_t kind;                  /* enum xw_slot: the card's type */
	int8_t nslots;
	int8_t slots[3];              /* the slots it fills */
	int8_t limited;
	int16_t cost20, cost25;       /* -1 not in that system, -2 variable (below) */
	const char *varcost20, *varcost25;   /* "z:S,M,L" "a:0..3" "i:0..6" costs, or NULL */
	const char *restrict_;        /* restrictions (formats/xwing.md, The catalog), or NULL */
	int8_t solitary;
	int8_t charges, charge_recurs, force;
	int8_t attack, minrange, maxrange, arc, ordnance;   /* a weapon, or attack 0 */
	int8_t requires;              /* the attack needs one of: 1 a lock, 2 focus, 4 calculate */
	const char *grants;           /* actions, stats, slots it grants, or NULL */
	int8_t nactions;
	xw_action_def actions[XW_MAX_ACTIONS];
	const char *device;           /* "Bomb", "Mine", ... or NULL */
	int8_t nsides;
} xw_upgrade_def;

/* The upgrades rules version 1 knew, by index. */
enum xw_upgrade { XW_U_IONTURRET = 0, XW_U_ADVSENSORS = 1, XW_NUPGRADE_V1 = 2 };

extern const xw_ship_type xw_ship_types[];
extern const int xw_nship_types;
extern const xw_pilot xw_pilots[];
extern const int xw_npilots;
extern const xw_upgrade_def xw_upgrades[];
extern const int xw_nupgrades;
/* NULL-terminated id lists. */
extern const char *const xw_pilot_ids[];
extern const char *const xw_upgrade_ids[];
extern const char *const xw_pilot_ids_v1[];   /* the ENUM of rules version 1 */
extern const char *const xw_upgrade_ids_v1[];
extern const char *const xw_damage_ids[];    /* the damage deck's faceup cards */
extern const char *const xw_damage_names[];
extern const char *const xw_slot_names[];    /* "Astromech", by enum xw_slot */
#define XW_DIRECT_HIT 0                      /* index of "Direct Hit!" */
/* The 33 cards of the core damage deck by name (xw_damage_ids order). */
enum xw_damage_card {
	XW_D_DIRECTHIT, XW_D_BLINDEDPILOT, XW_D_CONSOLEFIRE, XW_D_DAMAGEDENGINE,
	XW_D_SENSORARRAY, XW_D_POWERREGULATOR, XW_D_FUELLEAK, XW_D_HULLBREACH,
	XW_D_LOOSESTABILIZER, XW_D_PANICKEDPILOT, XW_D_STRUCTURAL, XW_D_STUNNEDPILOT,
	XW_D_WOUNDEDPILOT, XW_D_WEAPONSFAILURE, XW_NDAMAGE
};
extern const uint8_t xw_damage_deck[XW_NDAMAGE];   /* copies of each in the deck */
int xw_pilot_find(const char *xws);          /* index or -1 */
int xw_upgrade_find(const char *xws);
/* 1 if code (e.g. "2TW") is on the type's dial, exactly. */
int xw_pilot_findn(const char *xws, size_t n);
int xw_upgrade_findn(const char *xws, size_t n);
/* The id of ids nearest to xws (a prefix before '-', or 3 edits at most),
 * for "did you mean"; NULL when none is near. */
const char *xw_nearest_id(const char *const *ids, const char *xws);
int xw_dial_has(const xw_ship_type *t, const xw_maneuver *m);
/* The cards whose dice modification `ability` enforces (xwing_ability.c):
 * their count, and the k-th one's XWS id (NULL out of range). */
int xw_ability_count(void);
const char *xw_ability_xws(int k);
int xw_ionized_threshold(int size);          /* 1, 2, 3 (seed 001) */
/* The action bar of a pilot: its own, or its ship's. */
const xw_action_def *xw_pilot_actions(int pilot, int *n);

/* ---- squads (xwing_squad.c) -------------------------------------------------
 * The two point systems: 2.0 (200 points a squad, the last points list of
 * the 2.0 era) and 2.5 (20 squad points, each pilot's upgrades within its
 * loadout value). */
enum xw_points { XW_POINTS_20 = 0, XW_POINTS_25 = 1 };
#define XW_MAX_UPGRADES 16
typedef struct xw_loadout {
	int pilot;
	int nup;
	int16_t up[XW_MAX_UPGRADES];   /* upgrade indexes */
} xw_loadout;
/* The point system of a log: `meta xwing-points 2.0|2.5`, else 2.0 (the
 * point system of rules version 1's logs). */
int xw_points_of(const sl_header *h);
const char *xw_points_name(int sys);         /* "2.0", "2.5" */
int xw_pilot_cost(int pilot, int sys);       /* -1: not in that system */
int xw_upgrade_cost(int upg, int pilot, int sys);   /* -1: not in it */
/* One ship's loadout against the rules of sys: slots it has, restrictions,
 * loadout value (2.5), an upgrade twice. 0, or -1 with the reason in why. */
int xw_loadout_check(const xw_loadout *l, const char *faction, int sys, char *why, size_t cap);
/* A whole squad: each ship, then one faction, the squad's points, limited
 * cards (by name, across pilots and upgrades) and solitary upgrades. *bad
 * is the ship at fault (-1: the squad). */
int xw_squad_check(const xw_loadout *ships, int n, int sys, int *points, int *bad, char *why,
	size_t cap);
int xw_squad_limit(int sys);                 /* 200 or 20 */
int xw_loadout_points(const xw_loadout *l, int sys);   /* pilot + upgrades (2.0) or pilot (2.5) */

/* ---- state ------------------------------------------------------------------ */

#define XW_MAX_SHIPS 16
#define XW_MAX_OBSTACLES 12
#define XW_MAX_CRITS 8
#define XW_ID_LEN 24
#define XW_MAX_CARDS 24           /* damage cards a ship holds (rules version 3) */
#define XW_MAX_PEND 32            /* damage cards due, not yet drawn */

enum xw_obstacle_kind { XW_ASTEROID = 0, XW_DEBRIS = 1, XW_GAS = 2 };

typedef struct xw_obstacle {
	char id[XW_ID_LEN];
	int kind;
	int32_t x, y, r;              /* a disc (`obstacle`, decision D3); a shape: its
	                               * centroid and circumscribed radius */
	int shape;                    /* 0 a disc; k + 1: outline k of the table (`hazard`) */
	int32_t a;                    /* the shape's heading, 0.1 degree */
	int six;                      /* the table: xw_shapes6 (rules 6 on), else xw_shapes */
} xw_obstacle;

/* What an obstacle is, whatever its outline (xwing_shape.c): the tests the
 * rules make, against the disc or the polygon. */
int xw_obst_base(const xw_obstacle *o, const xw_pose *p, int size);     /* overlaps the base */
int xw_obst_template(const xw_obstacle *o, const xw_pose *start, int size, const xw_maneuver *m);
/* The segment passes through it (w = 0: the attack's line) or within w. */
int xw_obst_segment(const xw_obstacle *o, const int32_t p[2], const int32_t q[2], int32_t w);
int64_t xw_obst_distance(const xw_obstacle *a, const xw_obstacle *b);   /* outline to outline */
int xw_obst_disc(const xw_obstacle *o, int32_t x, int32_t y, int32_t r); /* meets a disc */
/* Every point of it lies within [m, XW_MAT - m] on both axes. */
int xw_obst_within(const xw_obstacle *o, int32_t m);
void xw_obst_poly(const xw_obstacle *o, xw_poly *out);    /* a shaped one's outline */

/* A bomb or mine on the mat (xwing_devices.c): a disc, as obstacles are. */
#define XW_MAX_DEVICES 16
enum xw_device_kind {
	XW_DEV_PROTON, XW_DEV_SEISMIC, XW_DEV_ION, XW_DEV_PROXIMITY, XW_DEV_CONNER, XW_NDEV
};
typedef struct xw_device {
	char id[XW_ID_LEN];
	int kind;                     /* enum xw_device_kind */
	int card;                     /* the upgrade that dropped it (xw_upgrades index) */
	int owner;                    /* the ship that dropped it */
	int32_t x, y, r;              /* centre and radius, 0.01 mm */
} xw_device;

typedef struct xw_ship {
	char id[XW_ID_LEN];
	int side;                     /* player index */
	int pilot;                    /* index into xw_pilots */
	int nup;
	int16_t up[XW_MAX_UPGRADES];  /* its upgrades, indexes into xw_upgrades */
	xw_pose pose;
	int hull, shields;            /* what is left */
	int damage;                   /* damage suffered: one per card, two for Direct Hit! */
	int cards;                    /* damage cards dealt (facedown and faceup) */
	int ncrits;
	uint8_t crits[XW_MAX_CRITS];  /* faceup cards, xw_damage_ids indexes */
	int ion, stress, focus, evade;
	/* rules version 2 on */
	int bonus_hp;                 /* hull and shields its upgrades add (v2) */
	int force;                    /* Force left (pilot and upgrades) */
	int charges;                  /* the pilot's charges left */
	int8_t ucharges[XW_MAX_UPGRADES];   /* each upgrade's charges left */
	/* rules version 3 on: its damage cards, drawn from its player's deck */
	int ncards;
	uint8_t card[XW_MAX_CARDS];   /* xw_damage_ids index */
	uint8_t card_up[XW_MAX_CARDS];   /* 1 faceup */
	int calculate, strain, deplete, disarm, jam, tractor, cloak;   /* tokens */
	int reinforce;                /* 0 none, 1 front half, 2 rear half */
	int flown_speed;              /* the speed of the maneuver executed this round (SLAM) */
	int tractor_moved;            /* moved by its tractor tokens since it gained them */
	int fire_rolled;              /* v4: Console Fire dice rolled (or not due) this round */
	int lock;                     /* ship index it has locked, -1 none */
	int turret_arc;               /* enum xw_arc of its turret */
	int gone;                     /* 0 in play, 1 destroyed (removed at the end of its initiative step), 2 removed */
	int fled;                     /* left the mat */
	/* planning */
	int has_commit;
	uint8_t commit[SL_COMMIT_BYTES];
	int assigned;                 /* dial assigned at planning (not ionized then) */
	int revealed;                 /* the dial was revealed this round */
	xw_maneuver dial;             /* when revealed */
	/* this round */
	int activated;                /* its activation began */
	int ion_flight;               /* flew the ion maneuver this activation */
	int ion_done;                 /* its ion tokens went at the end of its activation (v2) */
	int moved;                    /* executed its maneuver */
	int skip_action;              /* bumped, or landed on / went through an obstacle */
	int nactions;                 /* actions performed in this activation */
	unsigned done_actions;        /* bit per enum xw_action performed this round */
	int last_action;              /* -1, or the last action performed (for linked) */
	int sensors;                  /* Advanced Sensors used in this activation */
	int engaged;                  /* attacked this round */
} xw_ship;

/* The last move, for the painter. */
typedef struct xw_last_move {
	int ship;                     /* -1 none */
	int kind;                     /* 0 maneuver, 1 barrel roll, 2 boost */
	xw_maneuver m;
	xw_pose from, to;
	int stop;                     /* path step where it stopped (XW_PATH_STEPS: full) */
} xw_last_move;

/* The dice of an attack rolled (`roll`), until its `modify` resolves it. */
typedef struct xw_roll {
	int on;                       /* 1 while it waits */
	int step;                     /* v4: 1 the attacker modifies, 2 the defence dice, 3 the defender modifies; v5: 4 before Neutralize Results */
	int nre, nas;                 /* v4: the attacker's modify kept until the defender's */
	uint8_t re[12], refaces[12], as[6];
	int ship, target, weapon;     /* weapon: XW_W_* (XW_W_CARD + k: the k-th upgrade) */
	int natk, ndef;
	uint8_t atk[12], def[12];     /* faces: XW_HIT.., XW_EVADE.. */
	/* v4, `ability` (xwing_ability.c): the cards used in this attack, and the dice they rerolled */
	int nab;
	uint8_t ab_ship[8], ab_card[8];   /* the ship, its entry in the enforced list */
	uint16_t amask, dmask;        /* bit k: attack (defence) die k+1 rerolled by an ability */
	/* v5: step 4, before Neutralize Results (Crack Shot): the defender's spends kept */
	int nds;
	uint8_t ds[6];
	int cancel;                   /* 1 while resolving: an evade result cancelled (never kept) */
} xw_roll;

typedef struct xw_state {
	int ver;                      /* the rules version of the log (1, 2) */
	int turn, phase;              /* round and phase; 0,0 in setup */
	int nships, nobstacles;
	xw_ship ships[XW_MAX_SHIPS];
	xw_obstacle obstacles[XW_MAX_OBSTACLES];
	int active;                   /* ship activating, -1 none */
	int engage_init;              /* the initiative step of the engagement phase (7 before any) */
	int objective[SL_MAX_PLAYERS];    /* scenario points scored (v2, `score`) */
	/* rules version 3 on */
	uint8_t deck[SL_MAX_PLAYERS][XW_NDAMAGE];   /* each player's damage deck: cards left */
	uint8_t spent[SL_MAX_PLAYERS][XW_NDAMAGE];  /* repaired facedown cards, discarded */
	int npend;                    /* damage cards due, dealt by `damage` entries */
	int8_t pend_ship[XW_MAX_PEND];
	uint8_t pend_up[XW_MAX_PEND]; /* 1 faceup (critical damage) */
	int coord;                    /* the ship a coordinate lets act now, -1 none */
	int last_deal;                /* the ship dealt the last damage card, -1 none (the veil) */
	/* rules version 4 on: Wounded Pilot dice due, in order (the ships) */
	int ndie;
	int8_t die_ship[XW_MAX_PEND];
	xw_last_move last;
	/* devices (xwing_devices.c; written only when there are some) */
	int ndevices;
	xw_device devices[XW_MAX_DEVICES];
	int det;                      /* 1 + the device detonating now, 0 none */
	uint32_t det_left;            /* ships it has still to affect */
	int det_obstacle;             /* seismic charge: 1 + the obstacle chosen, 0 none yet */
	int dropped[XW_MAX_SHIPS];    /* the round each ship last dropped a device in */
	xw_roll roll;                 /* an attack rolled, waiting for its modify (xwing_attack.c) */
} xw_state;

int xw_ionized(const xw_ship *sh);
int xw_ship_has(const xw_ship *sh, int upgrade);   /* 1 if equipped */
/* The points side has scored (rules version 2: ships destroyed and damaged,
 * and scenario objectives; formats/xwing.md, The end and the score). */
int xw_score(const xw_state *s, const sl_header *h, int side);
const char *xw_side_name(const sl_header *h, int side);   /* the player's id */
int xw_in_play(const xw_ship *sh);      /* on the mat: not removed */

extern const sl_game sl_game_xwing;
extern const sl_game sl_game_xwing_v1;   /* rules version 1, with its own schema */
extern const sl_game sl_game_xwing_v2;   /* rules version 2, with its own schema */
extern const sl_game sl_game_xwing_v3;   /* rules version 3, with its own schema */

#endif
