/* xwing.c - the X-Wing second edition rules: schema, setup, the round
 * (planning with committed dials, activation by initiative, engagement, end),
 * maneuvers on the board, actions, combat with recorded dice, and the
 * ionization rule of seed 001 complete (formats/xwing.md). */
#include "xwing_int.h"

#include <stdio.h>
#include <string.h>

/* ---- schema ----------------------------------------------------------------- */

static const char *const obstacle_names[] = {"asteroid", "debris", NULL};
const char *const xw_action_ids[] = {
	"focus", "evade", "lock", "barrelroll", "boost", "rotate", "reload", "cloak", "slam",
	"coordinate", "jam", "calculate", "reinforce", NULL
};
/* Rules version 3: the bar's actions, a damage card's repair, decloak. */
const char *const xw_action_ids3[] = {
	"focus", "evade", "lock", "barrelroll", "boost", "rotate", "reload", "cloak", "slam",
	"coordinate", "jam", "calculate", "reinforce", "repair", "decloak", "tractor", NULL
};
static const char *const action_ids_v1[] = {
	"focus", "evade", "lock", "barrelroll", "boost", "rotate", "reload", NULL
};
const char *const xw_arc_ids[] = {"front", "right", "rear", "left", NULL};
static const char *const dir_names[] = {"left", "right", "straight", NULL};
static const char *const place_names[] = {"forward", "middle", "back", NULL};
const char *const xw_atk_names[] = {"hit", "crit", "focus", "blank", NULL};
const char *const xw_def_names[] = {"evade", "focus", "blank", NULL};
const char *const xw_aspend_names[] = {"focus", "lock", NULL};
const char *const xw_dspend_names[] = {"focus", "evade", NULL};
static const char *const weapon_names[] = {"primary", "rear", "ioncannonturret", NULL};
const char *const xw_weapon_names_v2[] = {"primary", "rear", "ioncannonturret", "card", NULL};
#define atk_names xw_atk_names
#define def_names xw_def_names
#define aspend_names xw_aspend_names
#define dspend_names xw_dspend_names
#define weapon_names_v2 xw_weapon_names_v2
static const char *const token_names[] = {"ion", "stress", "focus", "evade", NULL};
static const char *const token_names3[] = {"ion", "stress", "focus", "evade", "calculate",
	"strain", "deplete", "disarm", "jam", "tractor", "cloak", "hit", "crit", NULL};
static const char *const aspend_names3[] = {"focus", "lock", "calculate", NULL};
static const char *const dspend_names3[] = {"focus", "evade", "calculate", NULL};
/* Version 4: the Force spent, one focus result each (RR, Force). */
const char *const xw_aspend_names4[] = {"focus", "lock", "calculate", "force", NULL};
const char *const xw_dspend_names4[] = {"focus", "evade", "calculate", "force", NULL};
#define aspend_names4 xw_aspend_names4
#define dspend_names4 xw_dspend_names4
static const char *const remove_names3[] = {"focus", "evade", "calculate", "reinforce", "lock",
	NULL};

/* Rules version 3 on: an obstacle given by its printed shape (`hazard`:
 * the `obstacle` event keeps its disc and its fields, so every log and
 * archive written before reads as it did). */
static const char *const hazard_kinds[] = {"asteroid", "debris", "gas", NULL};
static const sl_field_def f_hazard[] = {
	{"id", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the obstacle's id in this log"},
	{"shape", SL_K_ENUM, 0, 0, 0, 0, xw_shape_ids,
		"the printed token, by its outline's id (formats/xwing.md, Obstacles)"},
	{"x", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "the outline's centroid, 0.01 mm from the left edge"},
	{"y", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "the outline's centroid, 0.01 mm from the bottom edge"},
	{"a", SL_K_INT, 1, 0, XW_TURN - 1, 0, NULL,
		"the token turned clockwise, 0.1 degree (default 0)"},
	{"kind", SL_K_ENUM, 1, 0, 0, 0, hazard_kinds,
		"asteroid, debris (cloud) or gas (cloud): a check, the shape's own kind"},
};
static const sl_field_def f_obstacle[] = {
	{"id", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the obstacle's id in this log"},
	{"kind", SL_K_ENUM, 0, 0, 0, 0, obstacle_names, "asteroid or debris (cloud)"},
	{"x", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre, 0.01 mm from the left edge"},
	{"y", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre, 0.01 mm from the bottom edge"},
	{"r", SL_K_INT, 0, 500, 10000, 0, NULL, "radius in 0.01 mm (5 to 100 mm)"},
};
/* Rules version 1's ship: its pilot and upgrades out of the 13 and 2 it knew
 * (kept as they were, so its binary logs decode as they did). */
static const sl_field_def f_ship_v1[] = {
	{"id", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship's id in this log"},
	{"pilot", SL_K_ENUM, 0, 0, 0, 0, xw_pilot_ids_v1, "the pilot card, by its XWS id"},
	{"side", SL_K_PIECE, 0, 0, 0, 31, NULL, "the player who flies it"},
	{"x", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre of the base, 0.01 mm from the left edge"},
	{"y", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre of the base, 0.01 mm from the bottom edge"},
	{"heading", SL_K_INT, 0, 0, XW_TURN - 1, 0, NULL, "0.1 degree clockwise from the top edge"},
	{"upgrades", SL_K_LIST, 1, 0, 0, XW_NUPGRADE_V1, xw_upgrade_ids_v1, "upgrade cards, by XWS id"},
};
static const sl_field_def f_ship[] = {
	{"id", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship's id in this log"},
	{"pilot", SL_K_PIECE, 0, 0, 0, 63, NULL, "the pilot card, by its XWS id (any of the catalog)"},
	{"side", SL_K_PIECE, 0, 0, 0, 31, NULL, "the player who flies it"},
	{"x", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre of the base, 0.01 mm from the left edge"},
	{"y", SL_K_INT, 0, 0, XW_MAT, 0, NULL, "centre of the base, 0.01 mm from the bottom edge"},
	{"heading", SL_K_INT, 0, 0, XW_TURN - 1, 0, NULL, "0.1 degree clockwise from the top edge"},
	{"upgrades", SL_K_TEXT, 1, 0, 0, 1023, NULL, "upgrade cards, by XWS id, comma separated"},
};
static const sl_field_def f_dial[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship whose dial is set"},
	{"commit", SL_K_TEXT, 0, 0, 0, 2 * SL_COMMIT_BYTES, NULL,
		"64 hex digits: the commitment to the dial (formats/commit.md, domain xwing-dial)"},
};
static const sl_field_def f_reveal[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that reveals its dial"},
	{"dial", SL_K_PIECE, 0, 0, 0, 3, NULL, "the maneuver: speed, bearing, colour (2TW)"},
	{"salt", SL_K_PIECE, 0, 0, 0, 2 * SL_SALT_BYTES, NULL, "32 hex digits: the commitment's salt"},
};
static const sl_field_def f_move[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that executes its maneuver"},
	{"maneuver", SL_K_PIECE, 1, 0, 0, 3, NULL,
		"the maneuver executed, as a check (the dial, or 1FB: the ion maneuver)"},
	{"dice", SL_K_LIST, 1, 0, 0, XW_MAX_OBSTACLES, atk_names,
		"one attack die per obstacle overlapped or gone through"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "faceup damage cards dealt"},
};
#define F_ACTION_TAIL \
	{"target", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "lock: the ship locked"}, \
	{"dir", SL_K_ENUM, 1, 0, 0, 0, dir_names, "barrel roll: left/right; boost: straight/left/right"}, \
	{"place", SL_K_ENUM, 1, 0, 0, 0, place_names, "barrel roll: forward, middle (default) or back"}, \
	{"arc", SL_K_ENUM, 1, 0, 0, 0, xw_arc_ids, "rotate: the turret arc's new direction"}, \
	{"linked", SL_K_INT, 1, 0, 1, 0, NULL, "1: the action linked to the one just performed"}, \
	{"sensors", SL_K_INT, 1, 0, 1, 0, NULL, "1: performed through Advanced Sensors, after the reveal"},
static const sl_field_def f_action_v1[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that acts"},
	{"action", SL_K_ENUM, 0, 0, 0, 0, action_ids_v1, "the action"},
	F_ACTION_TAIL
};
static const sl_field_def f_action[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that acts"},
	{"action", SL_K_ENUM, 0, 0, 0, 0, xw_action_ids, "the action"},
	F_ACTION_TAIL
};
/* Version 3: repair, decloak and the fields of the actions it adds. */
static const sl_field_def f_action3[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship that acts"},
	{"action", SL_K_ENUM, 0, 0, 0, 0, xw_action_ids3, "the action (decloak: system phase)"},
	F_ACTION_TAIL
	{"card", SL_K_ENUM, 1, 0, 0, 0, xw_damage_ids, "repair: the faceup damage card"},
	{"maneuver", SL_K_PIECE, 1, 0, 0, 3, NULL, "SLAM: the maneuver of the dial flown"},
	{"dice", SL_K_LIST, 1, 0, 0, XW_MAX_OBSTACLES, atk_names, "SLAM: one die per obstacle"},
	{"remove", SL_K_ENUM, 1, 0, 0, 0, remove_names3, "jam: the green token or lock it removes"},
};
#define F_ATTACK_TAIL \
	{"atk", SL_K_LIST, 0, 0, 0, XW_MAX_DICE, atk_names, "the attack dice as rolled"}, \
	{"reroll", SL_K_DICE, 1, 1, XW_MAX_DICE, XW_MAX_DICE, NULL, "positions (1-based) rerolled by spending the lock"}, \
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, atk_names, "their new faces, in the same order"}, \
	{"aspend", SL_K_LIST, 1, 0, 0, 2, aspend_names, "the attacker spends: focus, lock"}, \
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, def_names, "the defence dice as rolled"}, \
	{"dspend", SL_K_LIST, 1, 0, 0, 2, dspend_names, "the defender spends: focus, evade"}, \
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "faceup damage cards dealt, in order"},
/* Version 2: weapon=card names a special weapon of the attacker's loadout. */
static const sl_field_def f_attack_v2[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 0, 0, 0, 0, weapon_names_v2,
		"primary (front arc or turret), rear, ioncannonturret, or card (card= names it)"},
	F_ATTACK_TAIL
	{"card", SL_K_PIECE, 1, 0, 0, 63, NULL, "weapon=card: the upgrade fired, by XWS id"},
};
/* Version 3: calculate tokens spent; crits= no longer (damage entries). */
static const sl_field_def f_attack_v3[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 0, 0, 0, 0, weapon_names_v2,
		"primary (front arc or turret), rear, ioncannonturret, or card (card= names it)"},
	{"atk", SL_K_LIST, 0, 0, 0, XW_MAX_DICE, atk_names, "the attack dice as rolled"},
	{"reroll", SL_K_DICE, 1, 1, XW_MAX_DICE, XW_MAX_DICE, NULL, "positions (1-based) rerolled by spending the lock"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, atk_names, "their new faces, in the same order"},
	{"aspend", SL_K_LIST, 1, 0, 0, 6, aspend_names3, "the attacker spends: focus, lock, calculate (each)"},
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, def_names, "the defence dice as rolled"},
	{"dspend", SL_K_LIST, 1, 0, 0, 6, dspend_names3, "the defender spends: focus, evade, calculate (each)"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "rules version 2 only: faceup cards named"},
	{"card", SL_K_PIECE, 1, 0, 0, 63, NULL, "weapon=card: the upgrade fired, by XWS id"},
};
/* Version 4: the Force spent too. */
static const sl_field_def f_attack_v4[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 0, 0, 0, 0, weapon_names_v2,
		"primary (front arc or turret), rear, ioncannonturret, or card (card= names it)"},
	{"atk", SL_K_LIST, 0, 0, 0, XW_MAX_DICE, atk_names, "the attack dice as rolled"},
	{"reroll", SL_K_DICE, 1, 1, XW_MAX_DICE, XW_MAX_DICE, NULL, "positions (1-based) rerolled by spending the lock"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, atk_names, "their new faces, in the same order"},
	{"aspend", SL_K_LIST, 1, 0, 0, 6, aspend_names4, "the attacker spends: focus, lock, calculate, force (each)"},
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, def_names, "the defence dice as rolled"},
	{"dspend", SL_K_LIST, 1, 0, 0, 6, dspend_names4, "the defender spends: focus, evade, calculate, force (each)"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "rules version 2 only: faceup cards named"},
	{"card", SL_K_PIECE, 1, 0, 0, 63, NULL, "weapon=card: the upgrade fired, by XWS id"},
};
static const sl_field_def f_attack[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the attacker"},
	{"target", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the defender"},
	{"weapon", SL_K_ENUM, 0, 0, 0, 0, weapon_names, "primary (front arc or turret), rear, or ioncannonturret"},
	{"atk", SL_K_LIST, 0, 0, 0, XW_MAX_DICE, atk_names, "the attack dice as rolled"},
	{"reroll", SL_K_DICE, 1, 1, XW_MAX_DICE, XW_MAX_DICE, NULL, "positions (1-based) rerolled by spending the lock"},
	{"rerolled", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, atk_names, "their new faces, in the same order"},
	{"aspend", SL_K_LIST, 1, 0, 0, 2, aspend_names, "the attacker spends: focus, lock"},
	{"def", SL_K_LIST, 1, 0, 0, XW_MAX_DICE, def_names, "the defence dice as rolled"},
	{"dspend", SL_K_LIST, 1, 0, 0, 2, dspend_names, "the defender spends: focus, evade"},
	{"crits", SL_K_LIST, 1, 0, 0, XW_MAX_CRITS, xw_damage_ids, "faceup damage cards dealt, in order"},
};
static const sl_field_def f_effect_v1[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship affected"},
	{"token", SL_K_ENUM, 0, 0, 0, 0, token_names, "ion, stress, focus or evade"},
	{"delta", SL_K_INT, 0, -9, 9, 0, NULL, "tokens gained (positive) or removed (negative)"},
	{"source", SL_K_TEXT, 0, 0, 0, 63, NULL, "the card or rule outside the catalog that does it"},
};
static const char *const spend_names[] = {"charge", "force", NULL};
/* Version 2: an ability not enforced, recorded with the card it comes from. */
static const sl_field_def f_effect[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship affected"},
	{"token", SL_K_ENUM, 0, 0, 0, 0, token_names, "ion, stress, focus or evade"},
	{"delta", SL_K_INT, 0, -9, 9, 0, NULL, "tokens gained (positive) or removed (negative)"},
	{"source", SL_K_TEXT, 0, 0, 0, 63, NULL, "the card or rule that does it (an XWS id is checked)"},
	{"from", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the ship whose card it is (default: ship)"},
	{"spend", SL_K_ENUM, 1, 0, 0, 0, spend_names, "what the ability spends: a charge or a Force"},
};

/* Version 3: every token of the rules reference, and damage suffered. */
static const sl_field_def f_effect3[] = {
	{"ship", SL_K_PIECE, 0, 0, 0, XW_ID_LEN - 1, NULL, "the ship affected"},
	{"token", SL_K_ENUM, 0, 0, 0, 0, token_names3,
		"a token (ion ... cloak), or hit / crit: damage the ship suffers"},
	{"delta", SL_K_INT, 0, -9, 9, 0, NULL, "tokens gained (positive) or removed (negative)"},
	{"source", SL_K_TEXT, 0, 0, 0, 63, NULL, "the card or rule that does it (an XWS id is checked)"},
	{"from", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the ship whose card it is (default: ship)"},
	{"spend", SL_K_ENUM, 1, 0, 0, 0, spend_names, "what the ability spends: a charge or a Force"},
};
static const sl_field_def f_damage[] = {
	{"ship", SL_K_PIECE, 1, 0, 0, XW_ID_LEN - 1, NULL, "the ship dealt the card (a check)"},
	{"card", SL_K_ENUM, 0, 0, 0, 0, xw_damage_ids,
		"the card drawn from its player's damage deck (the recorder draws it)"},
};

static const sl_field_def f_score[] = {
	{"points", SL_K_INT, 0, 1, 20, 0, NULL, "scenario points the acting player scores"},
	{"objective", SL_K_TEXT, 0, 0, 0, 95, NULL, "what scored them (the scenario's objective)"},
};

#define NF(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define XW_EVENTS(SHIP, ACTION, EFFECT, ATTACK) \
	{"obstacle", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_obstacle), f_obstacle, \
		"an asteroid or debris cloud on the mat"}, \
	{"ship", SL_EV_SETUP | SL_EV_NOPLAYER, NF(SHIP), SHIP, "a ship, its pilot and where it starts"}, \
	{"dial", SL_EV_PLAY | SL_EV_PLAYER, NF(f_dial), f_dial, \
		"planning: a dial set face down, as a commitment"}, \
	{"reveal", SL_EV_PLAY | SL_EV_PLAYER, NF(f_reveal), f_reveal, \
		"activation: the dial revealed with its salt"}, \
	{"move", SL_EV_PLAY | SL_EV_PLAYER, NF(f_move), f_move, \
		"activation: the maneuver executed (the dial's, or the ion maneuver)"}, \
	{"action", SL_EV_PLAY | SL_EV_PLAYER, NF(ACTION), ACTION, "activation: an action"}, \
	{"attack", SL_EV_PLAY | SL_EV_PLAYER, NF(ATTACK), ATTACK, \
		"engagement: an attack with every die recorded"}, \
	{"effect", SL_EV_PLAY | SL_EV_NOPLAYER, NF(EFFECT), EFFECT, \
		"system or activation: tokens given or taken by a card outside the catalog"},
#define XW_SCORE_EV {"score", SL_EV_PLAY | SL_EV_PLAYER, NF(f_score), f_score, \
		"end phase: a 2.5 scenario's objective points (meta xwing-scenario)"},
/* The events rules version 3 added, kept by version 4. */
#define XW_EVENTS3 \
	XW_SCORE_EV \
	{"damage", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_damage), f_damage, \
		"a damage card due, drawn from the deck (rules version 3)"}, \
	/* devices (xwing_devices.c): rules version 3 */ \
	{"device", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_DEVICE, xw_f_device, \
		"system phase: a bomb or mine dropped (or launched), one charge of its card"}, \
	{"detonate", SL_EV_PLAY | SL_EV_NOPLAYER, XW_NF_DETONATE, xw_f_detonate, \
		"a device detonates: its effect on one ship (bombs: end of activation; mines: when touched)"},
static const sl_event_def xw_events[XW_NEV] = {
	XW_EVENTS(f_ship, f_action3, f_effect3, f_attack_v4)
	XW_EVENTS3
	/* an attack in two entries (xwing_attack.c): rules version 4's order */
	{"roll", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_ROLL4, xw_f_roll4,
		"engagement: an attack's attack dice rolled (typed, or drawn by the recorder)"},
	{"modify", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_MODIFY4, xw_f_modify4,
		"engagement: the attacker's spends and rerolls after its roll; after `defend`, the defender's"},
	{"defend", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_DEFEND, xw_f_defend,
		"engagement: the defence dice, rolled after the attacker's modify (rules version 4)"},
	{"carddie", SL_EV_PLAY | SL_EV_NOPLAYER, XW_NF_CARDDIE, xw_f_carddie,
		"the die of a faceup Console Fire (before the ship engages) or Wounded Pilot (after an action)"},
	{"hazard", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_hazard), f_hazard,
		"an asteroid, debris cloud or gas cloud with its printed outline (rules version 4)"},
	{"ability", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_ABILITY, xw_f_ability,
		"engagement: a card's reroll or change of the dice waiting in a modify step (rules version 4)"},
};
/* Frozen: the events of rules version 3 (sl_game_xwing_v3). */
static const sl_event_def xw_events_v3[XW_NEV_V3] = {
	XW_EVENTS(f_ship, f_action3, f_effect3, f_attack_v3)
	XW_EVENTS3
	/* an attack in two entries (xwing_attack.c): rules version 3 */
	{"roll", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_ROLL, xw_f_roll,
		"engagement: an attack's dice rolled (typed, or drawn by the recorder)"},
	{"modify", SL_EV_PLAY | SL_EV_PLAYER, XW_NF_MODIFY, xw_f_modify,
		"engagement: the spends and rerolls after the roll, then the damage"},
};
static const sl_event_def xw_events_v2[XW_NEV_V2] = {
	XW_EVENTS(f_ship, f_action, f_effect, f_attack_v2)
	XW_SCORE_EV
};
static const sl_event_def xw_events_v1[XW_NEV_V1] = { XW_EVENTS(f_ship_v1, f_action_v1, f_effect_v1, f_attack) };

static const char *const xw_phases[] = {"planning", "system", "activation", "engagement", "end"};

const sl_schema xwing_schema = {
	XW_NEV, xw_events, 5, xw_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};
/* Frozen: the schema of rules version 3 (sl_game_xwing_v3). */
const sl_schema xwing_schema_v3 = {
	XW_NEV_V3, xw_events_v3, 5, xw_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};
/* Frozen: the schema of rules version 2 (sl_game_xwing_v2). */
const sl_schema xwing_schema_v2 = {
	XW_NEV_V2, xw_events_v2, 5, xw_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};
/* Frozen: the schema of rules version 1 (sl_game_xwing_v1). */
const sl_schema xwing_schema_v1 = {
	XW_NEV_V1, xw_events_v1, 5, xw_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};

/* ---- small helpers ------------------------------------------------------------ */

static int illegal(sl_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), cold, noinline));
static int illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

int xw_illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

const xw_ship_type *xw_type_of(const xw_ship *sh)
{
	return &xw_ship_types[xw_pilots[sh->pilot].type];
}

static int init_of(const xw_ship *sh)
{
	return xw_pilots[sh->pilot].initiative;
}

int xw_init_of(const xw_ship *sh)
{
	return init_of(sh);
}

static int size_of(const xw_ship *sh)
{
	return xw_type_of(sh)->size;
}

static const char *pilot_name(const xw_ship *sh)
{
	return xw_pilots[sh->pilot].name;
}

int xw_ionized(const xw_ship *sh)
{
	return sh->ion >= xw_ionized_threshold(size_of(sh));
}

int xw_in_play(const xw_ship *sh)
{
	return sh->gone < 2;
}

const char *xw_side_name(const sl_header *h, int side)
{
	static const char *const num[SL_MAX_PLAYERS] = {"0", "1", "2", "3", "4", "5", "6", "7"};
	if (h && side >= 0 && side < h->nplayers && h->players[side].id)
		return h->players[side].id;
	return side >= 0 && side < SL_MAX_PLAYERS ? num[side] : "?";
}

static int find_ship(const xw_state *s, const char *id, size_t n)
{
	for (int i = 0; i < s->nships; i++)
		if (strlen(s->ships[i].id) == n && memcmp(s->ships[i].id, id, n) == 0)
			return i;
	return -1;
}

static int find_obstacle(const xw_state *s, const char *id, size_t n)
{
	for (int i = 0; i < s->nobstacles; i++)
		if (strlen(s->obstacles[i].id) == n && memcmp(s->obstacles[i].id, id, n) == 0)
			return i;
	return -1;
}

static int get_ship(const xw_state *s, const sl_value *v, const char *what, int *out,
	sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(v, &n);
	int i = find_ship(s, id, n);
	if (i < 0)
		return illegal(err, "xwing: no ship '%.*s' (%s=)", (int)(n > 32 ? 32 : n), id, what);
	*out = i;
	return 0;
}

/* A ship of the player who acts, still on the mat. */
static int own_ship(const xw_state *s, const sl_header *h, const sl_event *ev, int *out,
	sl_error *err)
{
	int rc = get_ship(s, &ev->f[0], "ship", out, err);
	const xw_ship *sh;
	if (rc)
		return rc;
	sh = &s->ships[*out];
	if (sh->side != ev->player)
		return illegal(err, "xwing: %s is flown by %s, not by %s", sh->id,
			xw_side_name(h, sh->side), xw_side_name(h, ev->player));
	if (!xw_in_play(sh))
		return illegal(err, "xwing: %s is no longer on the mat (%s)", sh->id,
			sh->fled ? "it fled" : "destroyed");
	return 0;
}

static void fmt_mm(sl_buf *b, int32_t v)
{
	char t[32];
	sl_fx_format(v, t, sizeof t);
	sl_buf_puts(b, t);
}

static void describe_pose(sl_buf *b, const xw_pose *p)
{
	sl_buf_puts(b, "(");
	fmt_mm(b, p->x);
	sl_buf_puts(b, ", ");
	fmt_mm(b, p->y);
	sl_buf_printf(b, ") heading %d.%d\xc2\xb0", p->h / 10, p->h % 10);
}

/* ---- setup ------------------------------------------------------------------ */

#define XW_STD_OBSTACLES 6   /* rules reference, Setup: three a player, placed in turn */

/* `meta xwing-setup standard` (what `sillage new xwing` writes): the
 * published setup, checked (formats/xwing.md, Setup). */
int xw_standard_setup(const sl_header *h)
{
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && h->meta[i].value && strcmp(h->meta[i].key, "xwing-setup") == 0)
			return strcmp(h->meta[i].value, "standard") == 0;
	return 0;
}

/* Deployment: within range 1 of its player's edge (the first player's the
 * bottom one), in initiative order, lowest first (the first player first on
 * a tie). */
static int deploy_check(const xw_state *s, const sl_header *h, int side, int pilot,
	const xw_pose *p, sl_error *err)
{
	int32_t cx[4], cy[4];
	int size = xw_ship_types[xw_pilots[pilot].type].size, ini = xw_pilots[pilot].initiative;
	int first = xw_first_player(h);
	xw_base_corners(p, size, cx, cy);
	if (side > 1)
		return illegal(err, "xwing setup: a standard game has two players");
	for (int k = 0; k < 4; k++)
		if ((side == first && cy[k] > XW_RANGE) || (side != first && cy[k] < XW_MAT - XW_RANGE))
			return illegal(err, "xwing setup: a ship is placed within range 1 of its "
				"player's edge (%s)", side == first ? "the bottom" : "the top");
	for (int i = 0; i < s->nships; i++) {
		const xw_ship *o = &s->ships[i];
		int oi = init_of(o);
		if (oi > ini || (oi == ini && o->side != first && side == first))
			return illegal(err, "xwing setup: ships are placed in initiative order, lowest "
				"first (%s, initiative %d, was placed before)", o->id, oi);
	}
	return 0;
}

static const char *const obstacle_kind_names[] = {"Asteroid", "Debris cloud", "Gas cloud"};

/* An obstacle placed in setup (`obstacle`: a disc; `hazard`: a shape): on
 * the mat, on no ship, and under a standard setup the rules reference's
 * Setup (formats/xwing.md, The round). The tests run in the order they
 * always did, so a disc is refused as before. */
static int place_obstacle(xw_state *s, const sl_header *h, const xw_obstacle *o,
	sl_error *err)
{
	if (!xw_obst_within(o, 0))
		return illegal(err, "xwing setup: an obstacle lies wholly on the mat");
	if (s->ver >= 2 && xw_standard_setup(h)) {
		if (s->nships > 0)
			return illegal(err, "xwing setup: obstacles are placed before the ships");
		if (s->ver >= 3 && s->nobstacles >= XW_STD_OBSTACLES)
			return illegal(err, "xwing setup: a standard game has six obstacles, three chosen "
				"by each player");
		if (!xw_obst_within(o, 2 * XW_RANGE))
			return illegal(err, "xwing setup: an obstacle is placed beyond range 2 of "
				"every edge");
		for (int i = 0; i < s->nobstacles; i++) {
			const xw_obstacle *q = &s->obstacles[i];
			int64_t dx = o->x - q->x, dy = o->y - q->y, gap = XW_RANGE + o->r + q->r;
			if (!o->shape && !q->shape ? dx * dx + dy * dy < gap * gap
			    : xw_obst_distance(o, q) < XW_RANGE)
				return illegal(err, "xwing setup: an obstacle is placed beyond range 1 of "
					"the others (%s is closer)", q->id);
		}
	}
	for (int i = 0; i < s->nships; i++)
		if (xw_obst_base(o, &s->ships[i].pose, size_of(&s->ships[i])))
			return illegal(err, "xwing setup: the obstacle would overlap %s", s->ships[i].id);
	return 0;
}

static int obstacle_id(const xw_state *s, const sl_event *ev, xw_obstacle *o, sl_error *err)
{
	size_t n;
	const char *id = sl_value_str(&ev->f[0], &n);
	if (s->nobstacles >= XW_MAX_OBSTACLES)
		return illegal(err, "xwing setup: at most %d obstacles", XW_MAX_OBSTACLES);
	if (n == 0 || n >= XW_ID_LEN || memchr(id, 0, n))
		return illegal(err, "xwing setup: an id is 1 to %d characters", XW_ID_LEN - 1);
	if (find_obstacle(s, id, n) >= 0 || find_ship(s, id, n) >= 0)
		return illegal(err, "xwing setup: the id '%.*s' is taken", (int)n, id);
	memset(o, 0, sizeof *o);
	memcpy(o->id, id, n);
	return 0;
}

static int ev_obstacle(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	xw_obstacle t;
	int rc;
	if ((rc = obstacle_id(s, ev, &t, err)) != 0)
		return rc;
	t.kind = ev->f[1].u.i;
	t.x = ev->f[2].u.i;
	t.y = ev->f[3].u.i;
	t.r = ev->f[4].u.i;
	if ((rc = place_obstacle(s, h, &t, err)) != 0)
		return rc;
	s->obstacles[s->nobstacles++] = t;
	if (desc) {
		sl_buf_printf(desc, "%s %s at (", obstacle_kind_names[t.kind], t.id);
		fmt_mm(desc, t.x);
		sl_buf_puts(desc, ", ");
		fmt_mm(desc, t.y);
		sl_buf_puts(desc, ") mm, radius ");
		fmt_mm(desc, t.r);
		sl_buf_puts(desc, " mm");
	}
	return 0;
}

/* `hazard` (rules version 3 on): the obstacle with its printed outline, kind
 * and shape (formats/xwing.md, Obstacles). */
static int ev_hazard(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	xw_obstacle t;
	int rc, k = ev->f[1].u.i, n;
	const xw_shape_def *tab = xw_shape_table(s->ver, &n);
	if ((rc = obstacle_id(s, ev, &t, err)) != 0)
		return rc;
	if (k >= n && k < xw_nshapes6)
		return illegal(err, "xwing setup: %s has an outline from rules version 6 on "
			"(this log is version %d)", xw_shape_ids[k], s->ver);
	if (k < 0 || k >= n)
		return illegal(err, "xwing setup: no such obstacle shape");
	t.six = s->ver >= 6;
	t.kind = tab[k].kind;
	if (ev->f[5].present && ev->f[5].u.i != t.kind)
		return illegal(err, "xwing setup: %s is %s, not %s (kind=)", xw_shape_ids[k],
			t.kind == XW_ASTEROID ? "an asteroid" : t.kind == XW_DEBRIS ? "a debris cloud"
			: "a gas cloud", hazard_kinds[ev->f[5].u.i]);
	t.shape = k + 1;
	t.x = ev->f[2].u.i;
	t.y = ev->f[3].u.i;
	t.a = ev->f[4].present ? ev->f[4].u.i : 0;
	t.r = tab[k].r;
	if ((rc = place_obstacle(s, h, &t, err)) != 0)
		return rc;
	s->obstacles[s->nobstacles++] = t;
	if (desc) {
		sl_buf_printf(desc, "%s %s (%s) at (", obstacle_kind_names[t.kind], t.id,
			xw_shape_ids[k]);
		fmt_mm(desc, t.x);
		sl_buf_puts(desc, ", ");
		fmt_mm(desc, t.y);
		sl_buf_printf(desc, ") mm, turned %d.%d degrees", t.a / 10, t.a % 10);
	}
	return 0;
}

static int find_side(const sl_header *h, const char *id, size_t n)
{
	for (int i = 0; h && i < h->nplayers && i < SL_MAX_PLAYERS; i++)
		if (h->players[i].id && strlen(h->players[i].id) == n
		    && memcmp(h->players[i].id, id, n) == 0)
			return i;
	return -1;
}

int xw_ship_has(const xw_ship *sh, int upgrade)
{
	for (int i = 0; i < sh->nup; i++)
		if (sh->up[i] == upgrade)
			return 1;
	return 0;
}

/* The pilot and upgrades of a ship event: rules version 1 names them out of
 * its ENUM and LIST (the same first indexes of the catalog), later versions
 * by XWS id in a PIECE and a comma-separated TEXT. */
static int ship_cards(const xw_state *s, const sl_event *ev, xw_loadout *l, sl_error *err)
{
	size_t n;
	const char *p = sl_value_str(&ev->f[1], &n);
	l->nup = 0;
	if (s->ver == 1) {
		int nup;
		const uint8_t *up = sl_value_items(&ev->f[6], &nup);
		l->pilot = ev->f[1].u.i;
		for (int i = 0; i < nup && l->nup < XW_MAX_UPGRADES; i++)
			l->up[l->nup++] = up[i];
		return 0;
	}
	l->pilot = xw_pilot_findn(p, n);
	if (l->pilot < 0) {
		char id[64];
		const char *near;
		snprintf(id, sizeof id, "%.*s", (int)(n > 63 ? 63 : n), p);
		near = xw_nearest_id(xw_pilot_ids, id);
		return near ? illegal(err, "xwing setup: unknown pilot '%s' (did you mean %s?)", id, near)
			: illegal(err, "xwing setup: unknown pilot '%s'", id);
	}
	p = ev->f[6].present ? sl_value_str(&ev->f[6], &n) : "";
	if (!ev->f[6].present)
		n = 0;
	while (n > 0) {
		const char *c = memchr(p, ',', n);
		size_t k = c ? (size_t)(c - p) : n;
		int u = xw_upgrade_findn(p, k);
		if (u < 0) {
			char id[64];
			const char *near;
			snprintf(id, sizeof id, "%.*s", (int)(k > 63 ? 63 : k), p);
			near = xw_nearest_id(xw_upgrade_ids, id);
			return near ? illegal(err, "xwing setup: unknown upgrade '%s' (did you mean %s?)",
				id, near) : illegal(err, "xwing setup: unknown upgrade '%s'", id);
		}
		if (l->nup >= XW_MAX_UPGRADES)
			return illegal(err, "xwing setup: at most %d upgrades on a ship", XW_MAX_UPGRADES);
		l->up[l->nup++] = (int16_t)u;
		n -= c ? k + 1 : k;
		p += c ? k + 1 : k;
	}
	return 0;
}

/* Rules version 1's check: its two upgrades, in the slot its ships had. */
static int v1_upgrades(const xw_loadout *l, sl_error *err)
{
	const xw_ship_type *t = &xw_ship_types[xw_pilots[l->pilot].type];
	for (int i = 0; i < l->nup; i++) {
		int u = l->up[i];
		if (u >= XW_NUPGRADE_V1 || l->pilot >= 13)
			return illegal(err, "xwing setup: unknown upgrade");
		for (int k = 0; k < i; k++)
			if (l->up[k] == u)
				return illegal(err, "xwing setup: %s is equipped twice", xw_upgrades[u].name);
		if ((u == XW_U_IONTURRET && strcmp(t->xws, "btla4ywing") != 0)
		    || (u == XW_U_ADVSENSORS && strcmp(t->xws, "tieadvancedx1") != 0))
			return illegal(err, "xwing setup: the %s has no slot for %s", t->name,
				xw_upgrades[u].name);
	}
	return 0;
}

static int ship_place(const xw_state *s, const char *id, size_t n, const xw_ship_type *t,
	const xw_pose *p, sl_error *err)
{
	if (p->h < 0 || p->h >= XW_TURN)
		return illegal(err, "xwing setup: a heading is 0 to 3599 tenths of a degree");
	if (xw_base_off_mat(p, t->size))
		return illegal(err, "xwing setup: the base of %.*s would lie partly off the mat",
			(int)n, id);
	for (int i = 0; i < s->nships; i++)
		if (xw_bases_overlap(p, t->size, &s->ships[i].pose, size_of(&s->ships[i])))
			return illegal(err, "xwing setup: %.*s would overlap %s", (int)n, id,
				s->ships[i].id);
	for (int i = 0; i < s->nobstacles; i++)
		if (xw_obst_base(&s->obstacles[i], p, t->size))
			return illegal(err, "xwing setup: %.*s would overlap %s", (int)n, id,
				s->obstacles[i].id);
	return 0;
}

static void describe_ship(const xw_state *s, const sl_header *h, const xw_ship *sh,
	sl_buf *desc)
{
	const xw_ship_type *t = xw_type_of(sh);
	int sys = xw_points_of(h), cost;
	xw_loadout l;
	l.pilot = sh->pilot;
	l.nup = sh->nup;
	memcpy(l.up, sh->up, sizeof l.up);
	cost = xw_loadout_points(&l, s->ver == 1 ? XW_POINTS_20 : sys);
	sl_buf_printf(desc, "%s: %s (%s, initiative %d) for %s at ", sh->id, pilot_name(sh),
		t->name, init_of(sh), xw_side_name(h, sh->side));
	describe_pose(desc, &sh->pose);
	for (int i = 0; i < sh->nup; i++)
		sl_buf_printf(desc, ", with %s", xw_upgrades[sh->up[i]].name);
	if (s->ver == 1 || sys == XW_POINTS_20)
		sl_buf_printf(desc, "; %d points", cost);
	else
		sl_buf_printf(desc, "; %d squad points", cost);
}

static int ev_ship(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	size_t n, ns;
	const char *id = sl_value_str(&ev->f[0], &n), *side = sl_value_str(&ev->f[2], &ns);
	int sd, rc;
	const xw_ship_type *t;
	xw_ship *sh;
	xw_pose p;
	xw_loadout l;
	char why[200];

	if (s->nships >= XW_MAX_SHIPS)
		return illegal(err, "xwing setup: at most %d ships", XW_MAX_SHIPS);
	if (n == 0 || n >= XW_ID_LEN || memchr(id, 0, n))
		return illegal(err, "xwing setup: an id is 1 to %d characters", XW_ID_LEN - 1);
	if (find_ship(s, id, n) >= 0 || find_obstacle(s, id, n) >= 0)
		return illegal(err, "xwing setup: the id '%.*s' is taken", (int)n, id);
	if ((rc = ship_cards(s, ev, &l, err)))
		return rc;
	if (l.pilot < 0 || l.pilot >= xw_npilots)
		return illegal(err, "xwing setup: unknown pilot");
	sd = find_side(h, side, ns);
	if (sd < 0)
		return illegal(err, "xwing setup: side '%.*s' is not a player of this log",
			(int)(ns > 32 ? 32 : ns), side);
	if (s->ver == 1) {
		if ((rc = v1_upgrades(&l, err)))
			return rc;
	} else if (xw_loadout_check(&l, NULL, xw_points_of(h), why, sizeof why)) {
		return illegal(err, "xwing setup: %s", why);
	}
	t = &xw_ship_types[xw_pilots[l.pilot].type];
	p.x = ev->f[3].u.i;
	p.y = ev->f[4].u.i;
	p.h = ev->f[5].u.i;
	if ((rc = ship_place(s, id, n, t, &p, err)))
		return rc;
	if (s->ver >= 3 && xw_standard_setup(h) && s->nobstacles < XW_STD_OBSTACLES)
		return illegal(err, "xwing setup: the six obstacles are placed before the ships (%d so "
			"far)", s->nobstacles);
	if (s->ver >= 2 && xw_standard_setup(h) && (rc = deploy_check(s, h, sd, l.pilot, &p, err)))
		return rc;
	sh = &s->ships[s->nships++];
	memset(sh, 0, sizeof *sh);
	memcpy(sh->id, id, n);
	sh->side = sd;
	sh->pilot = l.pilot;
	sh->nup = l.nup;
	memcpy(sh->up, l.up, sizeof sh->up);
	sh->pose = p;
	sh->hull = t->hull;
	sh->shields = t->shields;
	sh->lock = -1;
	sh->last_action = -1;
	sh->turret_arc = XW_ARC_FRONT;
	if (s->ver >= 2) {
		for (int i = 0; i < l.nup; i++) {   /* "s=hull:1", "s=shields:1" grants */
			const char *g = xw_upgrades[l.up[i]].grants;
			int k;
			while (g && (g = strstr(g, "s=")) != NULL) {
				if (sscanf(g, "s=hull:%d", &k) == 1)
					sh->hull += k, sh->bonus_hp += k;
				else if (sscanf(g, "s=shields:%d", &k) == 1)
					sh->shields += k, sh->bonus_hp += k;
				g += 2;
			}
		}
		sh->force = xw_pilots[l.pilot].force;
		sh->charges = xw_pilots[l.pilot].charges;
		for (int i = 0; i < l.nup; i++) {
			sh->force += xw_upgrades[l.up[i]].force;
			sh->ucharges[i] = xw_upgrades[l.up[i]].charges;
		}
	}
	if (desc)
		describe_ship(s, h, sh, desc);
	return 0;
}

/* ---- damage ----------------------------------------------------------------- */

int xw_first_player(const sl_header *h)
{
	/* decision D1: `meta first-player ID` names the first player; without
	 * it, the header's first player is */
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && h->meta[i].value && strcmp(h->meta[i].key, "first-player") == 0) {
			int p = find_side(h, h->meta[i].value, strlen(h->meta[i].value));
			if (p >= 0)
				return p;
		}
	return 0;
}

int xw_variant25(const sl_header *h)
{
	/* `meta xwing-ion 2.5`: the 2.5 ionization rule (formats/xwing.md) */
	for (int i = 0; h && i < h->nmeta; i++)
		if (h->meta[i].key && h->meta[i].value && strcmp(h->meta[i].key, "xwing-ion") == 0
		    && strcmp(h->meta[i].value, "2.5") == 0)
			return 1;
	return 0;
}

/* 2.5: an ionized ship cannot maintain locks; becoming ionized breaks them. */
static void ion_locks(const sl_header *h, xw_ship *sh)
{
	if (xw_variant25(h) && xw_ionized(sh))
		sh->lock = -1;
}

/* Ship i suffers `hits` then `crits` damage: shields first, then damage
 * cards; faceup cards are named by crits[0..ncrit). Returns the number of
 * faceup cards dealt (the caller checks it against ncrit), or -1 if more
 * were dealt than names given. */
static int suffer(xw_state *s, int i, int hits, int crits, const uint8_t *names, int ncrit,
	int *shields_lost)
{
	xw_ship *sh = &s->ships[i];
	int faceup = 0;
	*shields_lost = 0;
	if (s->ver >= 3) {   /* the cards are drawn by `damage` entries (xwing_damage.c) */
		(void)names;
		*shields_lost = xw_suffer3(s, i, hits, crits);
		return *shields_lost < 0 || ncrit ? -1 : 0;
	}
	for (int k = 0; k < hits + crits; k++) {
		if (sh->shields > 0) {
			sh->shields--;
			(*shields_lost)++;
			continue;
		}
		sh->cards++;
		sh->damage++;
		if (k >= hits) {
			if (faceup >= ncrit)
				return -1;
			if (sh->ncrits < XW_MAX_CRITS)
				sh->crits[sh->ncrits++] = names[faceup];
			if (names[faceup] == XW_DIRECT_HIT)
				sh->damage++;
			faceup++;
		}
	}
	sh->hull = xw_type_of(sh)->hull - sh->damage;
	if (sh->hull < 0)
		sh->hull = 0;
	return faceup;
}

static void remove_ship(xw_state *s, int i)
{
	s->ships[i].gone = 2;
	for (int k = 0; k < s->nships; k++)
		if (s->ships[k].lock == i)
			s->ships[k].lock = -1;
}

static void close_activation(xw_state *s);
static int init_of(const xw_ship *sh);

/* Rules version 3: its last damage card dealt, a ship with no hull left is
 * destroyed: in the engagement, at its own initiative step it still fires
 * (removed when the step ends), otherwise it is removed at once. */
void xw_destroyed(xw_state *s, int i)
{
	if (s->phase == XW_PH_ENGAGEMENT && init_of(&s->ships[i]) == s->engage_init) {
		s->ships[i].gone = 1;
		return;
	}
	remove_ship(s, i);
	if (s->active == i)
		close_activation(s);
}

void xw_fled(xw_state *s, int i)
{
	s->ships[i].fled = 1;
	remove_ship(s, i);
	close_activation(s);
}

/* ---- planning ---------------------------------------------------------------- */

static int ev_dial(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc;
	size_t n;
	const char *c = sl_value_str(&ev->f[1], &n);
	xw_ship *sh;
	if (s->phase != XW_PH_PLANNING)
		return illegal(err, "xwing 1: dials are set in the planning phase, not in the %s phase",
			sl_phase_name(&xwing_schema, s->phase));
	if ((rc = own_ship(s, h, ev, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	if (sh->has_commit)
		return illegal(err, "xwing 1: the dial of %s is already set this round", sh->id);
	if (sl_hexstr_decode(sh->commit, SL_COMMIT_BYTES, c, n) != 0)
		return illegal(err, "xwing 1: a commitment is 64 hex digits");
	sh->has_commit = 1;
	sh->assigned = xw_variant25(h) || !xw_ionized(sh);   /* 2.5: every ship has its dial */
	if (desc) {
		if (sh->assigned)
			sl_buf_printf(desc, "%s sets its dial face down", sh->id);
		else
			sl_buf_printf(desc, "%s is ionized: no dial is assigned to it; its player "
				"sets a maneuver in secret, face down on its ship card", sh->id);
	}
	return 0;
}

/* ---- activation ---------------------------------------------------------------- */

int xw_may_activate(const xw_state *s, int i, int first, sl_error *err)
{
	const xw_ship *sh = &s->ships[i];
	int lowest = 99;
	for (int k = 0; k < s->nships; k++) {
		const xw_ship *o = &s->ships[k];
		if (o->gone == 0 && !o->activated && init_of(o) < lowest)
			lowest = init_of(o);
	}
	if (sh->activated)
		return illegal(err, "xwing 3: %s has already activated this round", sh->id);
	if (init_of(sh) != lowest)
		return illegal(err, "xwing 3: ships activate in initiative order; %s (initiative %d) "
			"waits for the ships of initiative %d", sh->id, init_of(sh), lowest);
	if (sh->side != first)
		for (int k = 0; k < s->nships; k++) {
			const xw_ship *o = &s->ships[k];
			if (o->gone == 0 && !o->activated && init_of(o) == lowest && o->side == first)
				return illegal(err, "xwing 3: on equal initiative the first player's "
					"ships activate first (%s before %s)", o->id, sh->id);
		}
	return 0;
}

/* Seed 001: after the activation of a ship that flew the ion maneuver, all
 * its ion tokens go. From rules version 2 that happens once, at the end of
 * its own activation (when another ship begins, the phase ends, or an effect
 * gives it ion tokens after its move: that effect comes after its
 * activation); a token it gains after stays for the next round. */
static void ion_end(xw_state *s, int i)
{
	xw_ship *sh = &s->ships[i];
	if (s->ver >= 2 && sh->ion_flight && !sh->ion_done) {
		sh->ion = 0;
		sh->ion_done = 1;
	}
}

static void close_activation(xw_state *s)
{
	if (s->active >= 0) {
		xw_ship *sh = &s->ships[s->active];
		if (s->ver == 1 && sh->ion_flight)
			sh->ion = 0;   /* version 1: when the next ship begins or the phase ends */
		ion_end(s, s->active);
	}
	s->active = -1;
}

static int begin_activation(xw_state *s, const sl_header *h, int i, sl_error *err)
{
	int rc;
	if (s->phase != XW_PH_ACTIVATION)
		return illegal(err, "xwing 3: ships activate in the activation phase, not in the %s phase",
			sl_phase_name(&xwing_schema, s->phase));
	if (s->active == i)
		return 0;
	if (s->active >= 0 && !s->ships[s->active].moved && xw_in_play(&s->ships[s->active]))
		return illegal(err, "xwing 3: %s must execute its maneuver before another ship "
			"activates", s->ships[s->active].id);
	if ((rc = xw_may_activate(s, i, xw_first_player(h), err)) != 0)
		return rc;
	close_activation(s);
	s->active = i;
	s->ships[i].activated = 1;
	return 0;
}

static int ev_reveal(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc;
	size_t nd, ns;
	const char *code = sl_value_str(&ev->f[1], &nd), *salt_hex = sl_value_str(&ev->f[2], &ns);
	uint8_t salt[SL_SALT_BYTES];
	xw_maneuver m;
	xw_ship *sh;
	if ((rc = own_ship(s, h, ev, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	if (s->phase == XW_PH_ACTIVATION && s->active == i && sh->revealed)
		return illegal(err, "xwing 3: %s has already revealed its dial", sh->id);
	if (!sh->has_commit)
		return illegal(err, "xwing 1: %s has no dial set this round", sh->id);
	if (s->phase == XW_PH_ACTIVATION && !sh->assigned && xw_ionized(sh) && !sh->activated)
		return illegal(err, "xwing ion: %s is ionized and was assigned no dial: it skips "
			"Reveal Dial and executes the ion maneuver (move ship=%s)", sh->id, sh->id);
	if ((rc = begin_activation(s, h, i, err)) != 0)
		return rc;
	if (sh->moved)
		return illegal(err, "xwing 3: %s has already executed its maneuver", sh->id);
	if (xw_maneuver_parse(code, nd, &m) != 0)
		return illegal(err, "xwing 1: '%.*s' is not a dial code (speed, bearing, colour: 2TW)",
			(int)(nd > 8 ? 8 : nd), code);
	if (!xw_dial_has(xw_type_of(sh), &m))
		return illegal(err, "xwing 1: %.*s is not on the dial of the %s", (int)nd, code,
			xw_type_of(sh)->name);
	if (sl_hexstr_decode(salt, SL_SALT_BYTES, salt_hex, ns) != 0)
		return illegal(err, "xwing 1: a salt is 32 hex digits");
	if (!sl_commit_check(sh->commit, XW_COMMIT_DOMAIN, salt, code, nd))
		return illegal(err, "xwing 1: the dial %.*s with this salt does not match the "
			"commitment %s made at planning", (int)nd, code, sh->id);
	sh->revealed = 1;
	sh->dial = m;
	if (xw_variant25(h) && xw_ionized(sh))
		sh->ion_flight = 1;   /* 2.5: it revealed, and flies the ion maneuver of that direction */
	if (desc) {
		if (!sh->assigned)
			sl_buf_printf(desc, "%s was ionized at planning but is no longer: it is assigned "
				"its face-down dial and reveals %.*s (%d %s)", sh->id, (int)nd, code,
				m.speed, xw_bearing_name(m.bearing));
		else
			sl_buf_printf(desc, "%s reveals %.*s (%d %s)", sh->id, (int)nd, code, m.speed,
				xw_bearing_name(m.bearing));
	}
	return 0;
}

void xw_to_execute(const xw_state *s, int i, xw_maneuver *out, int *stressed_red)
{
	const xw_ship *sh = &s->ships[i];
	*stressed_red = 0;
	if (sh->ion_flight || !sh->revealed) {
		out->speed = 1;              /* seed 001: the ion maneuver, a blue 1-straight */
		out->bearing = XW_ST;
		out->colour = XW_BLUE;
		if (sh->revealed) {          /* 2.5: a blue 1-bank or 1-straight the dial's way */
			switch (sh->dial.bearing) {
			case XW_TL: case XW_BL: case XW_SLL: case XW_TRL: case XW_RBL:
				out->bearing = XW_BL;
				break;
			case XW_TR: case XW_BR: case XW_SLR: case XW_TRR: case XW_RBR:
				out->bearing = XW_BR;
				break;
			default:
				break;
			}
		}
		return;
	}
	*out = sh->dial;
	if (s->ver >= 3 && (out->bearing == XW_TL || out->bearing == XW_TR)
	    && xw_faceup(sh, XW_D_DAMAGEDENGINE) && out->colour < XW_RED)
		out->colour = out->colour == XW_BLUE ? XW_WHITE : XW_RED;   /* Damaged Engine */
	if (out->colour == XW_RED && sh->stress > 0) {
		/* 2.0: a stressed ship that would execute a red maneuver performs a
		 * white 2-straight instead */
		out->speed = 2;
		out->bearing = XW_ST;
		out->colour = XW_WHITE;
		*stressed_red = 1;
	}
}

/* One obstacle die (formats/xwing.md, Obstacles): an asteroid's hit is one
 * damage, a crit one critical damage; a debris cloud gives a stress token
 * and its crit is one critical damage; a gas cloud's focus or hit gives a
 * strain token (rules reference, Obstacles: Gas Clouds), its crit nothing. */
void xw_obstacle_die(int kind, int face, int *hits, int *crits, int *stress, int *strain)
{
	if (kind == XW_GAS) {
		*strain += face == XW_HIT || face == XW_AFOCUS;
		return;
	}
	*hits += kind == XW_ASTEROID && face == XW_HIT;
	*crits += face == XW_CRIT;
	*stress += kind == XW_DEBRIS;
}

/* The template meets an obstacle: its disc (D3) or its shape. */
static int template_through(const xw_pose *start, int size, const xw_maneuver *m,
	const xw_obstacle *o)
{
	return xw_obst_template(o, start, size, m);
}

static int overlaps_ship(const xw_state *s, int i, const xw_pose *p)
{
	for (int k = 0; k < s->nships; k++)
		if (k != i && xw_in_play(&s->ships[k])
		    && xw_bases_overlap(p, size_of(&s->ships[i]), &s->ships[k].pose,
			size_of(&s->ships[k])))
			return k;
	return -1;
}

void xw_fly(const xw_state *s, int i, const xw_maneuver *m, xw_flight *out)
{
	const xw_ship *sh = &s->ships[i];
	int size = size_of(sh);
	xw_pose end;
	memset(out, 0, sizeof *out);
	out->bumped = -1;
	out->obstacle = -1;
	xw_maneuver_end(&sh->pose, size, m, &end);
	out->end = end;
	out->stop = XW_PATH_STEPS;
	out->full = 1;
	if (m->bearing != XW_STOP && (out->bumped = overlaps_ship(s, i, &end)) >= 0) {
		out->full = 0;
		out->end = sh->pose;
		out->stop = -1;
		for (int k = XW_PATH_STEPS; k >= 0; k--) {
			xw_pose p;
			xw_maneuver_at(&sh->pose, size, m, k, &p);
			if (overlaps_ship(s, i, &p) < 0) {
				/* then forward again, halving the step, until it touches:
				 * free at lo, overlapping at hi (in 1/4096 of the template) */
				int64_t lo = (int64_t)k * 64, hi = lo + 64;
				while (k < XW_PATH_STEPS && hi - lo > 1) {
					xw_pose q;
					int64_t mid = (lo + hi) / 2;
					xw_maneuver_frac(&sh->pose, size, m, mid, 64 * XW_PATH_STEPS, &q);
					if (overlaps_ship(s, i, &q) < 0) {
						lo = mid;
						p = q;
					} else {
						hi = mid;
					}
				}
				out->end = p;
				out->stop = k;
				break;
			}
		}
	}
	for (int k = 0; k < s->nobstacles; k++) {
		const xw_obstacle *o = &s->obstacles[k];
		if (xw_obst_base(o, &out->end, size) || template_through(&sh->pose, size, m, o)) {
			out->obstacle = k;
			out->obstacle_kind = o->kind;
			break;
		}
	}
	out->fled = xw_base_off_mat(&out->end, size);
}

/* The obstacles a flight touched: each rolls one die (D4). */
int xw_obstacles_hit(const xw_state *s, int i, const xw_maneuver *m, const xw_pose *end,
	int list[XW_MAX_OBSTACLES])
{
	int n = 0, size = size_of(&s->ships[i]);
	for (int k = 0; k < s->nobstacles; k++) {
		const xw_obstacle *o = &s->obstacles[k];
		if (xw_obst_base(o, end, size) || template_through(&s->ships[i].pose, size, m, o))
			list[n++] = k;
	}
	return n;
}

static int ev_move(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc, stressed_red, ndice, ncrit, nobs, list[XW_MAX_OBSTACLES], hits = 0, crits = 0;
	int stress_gain = 0, strain_gain = 0, lost, faceup;
	size_t nm;
	const char *mcode = sl_value_str(&ev->f[1], &nm);
	const uint8_t *dice = sl_value_items(&ev->f[2], &ndice), *names = sl_value_items(&ev->f[3], &ncrit);
	xw_ship *sh;
	xw_maneuver m, want;
	xw_flight f;
	xw_pose from;
	char code[4];

	if ((rc = own_ship(s, h, ev, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	if (s->phase != XW_PH_ACTIVATION)
		return illegal(err, "xwing 3: maneuvers are executed in the activation phase, not in "
			"the %s phase", sl_phase_name(&xwing_schema, s->phase));
	if (sh->moved)
		return illegal(err, "xwing 3: %s has already executed its maneuver this round", sh->id);
	if (!sh->activated || s->active != i) {
		if (sh->assigned || !xw_ionized(sh))
			return illegal(err, "xwing 3: %s must reveal its dial before it executes a "
				"maneuver%s", sh->id, sh->assigned ? "" : " (no longer ionized, it is "
				"assigned its face-down dial)");
		if ((rc = begin_activation(s, h, i, err)) != 0)
			return rc;
		sh->ion_flight = 1;
	} else if (!sh->revealed) {
		return illegal(err, "xwing 3: %s must reveal its dial first", sh->id);
	}
	xw_to_execute(s, i, &m, &stressed_red);
	if (nm) {
		if (xw_maneuver_parse(mcode, nm, &want) != 0)
			return illegal(err, "xwing 3: '%.*s' is not a maneuver code",
				(int)(nm > 8 ? 8 : nm), mcode);
		if (want.speed != m.speed || want.bearing != m.bearing || want.colour != m.colour) {
			xw_maneuver_code(&m, code);
			if (sh->ion_flight)
				return illegal(err, "xwing ion: the ion maneuver is a blue %s (%s); "
					"its bearing, difficulty and speed cannot be changed (%.*s), no ability "
					"in play affects the ion maneuver", m.bearing == XW_ST ? "1-straight" :
					m.bearing == XW_BL ? "1-bank left" : "1-bank right", code, (int)nm, mcode);
			return illegal(err, "xwing 3: %s executes %s, not %.*s%s", sh->id, code, (int)nm,
				mcode, stressed_red ? " (stressed: a red maneuver becomes a white 2-straight)"
				: "");
		}
	}
	if (m.colour == XW_PURPLE) {   /* a purple maneuver spends 1 Force (RR: Force) */
		if (sh->force < 1)
			return illegal(err, "xwing force: %s has no Force to spend on a purple maneuver",
				sh->id);
		sh->force--;
	}
	xw_fly(s, i, &m, &f);
	nobs = xw_obstacles_hit(s, i, &m, &f.end, list);
	if (f.fled)
		nobs = 0;
	if (ndice != nobs)
		return illegal(err, "xwing obstacles: %s touched %d %s: dice= needs %d attack %s, "
			"not %d", sh->id, nobs, nobs == 1 ? "obstacle" : "obstacles", nobs,
			nobs == 1 ? "die" : "dice", ndice);
	for (int k = 0; k < ndice; k++)
		xw_obstacle_die(s->obstacles[list[k]].kind, dice[k], &hits, &crits, &stress_gain,
			&strain_gain);
	from = sh->pose;
	sh->pose = f.end;
	sh->moved = 1;
	sh->flown_speed = m.speed;
	s->last.ship = i;
	s->last.kind = 0;
	s->last.m = m;
	s->last.from = from;
	s->last.to = f.end;
	s->last.stop = f.stop;
	if (!f.full || nobs)
		sh->skip_action = 1;
	if (desc) {
		xw_maneuver_code(&m, code);
		if (sh->ion_flight && sh->revealed)
			sl_buf_printf(desc, "%s is ionized: it executes the ion maneuver %s (2.5)",
				sh->id, code);
		else if (sh->ion_flight)
			sl_buf_printf(desc, "%s skips Reveal Dial and executes the ion maneuver %s",
				sh->id, code);
		else if (stressed_red)
			sl_buf_printf(desc, "%s is stressed: instead of its red maneuver it executes %s",
				sh->id, code);
		else
			sl_buf_printf(desc, "%s executes %s (%d %s)", sh->id, code, m.speed,
				xw_bearing_name(m.bearing));
	}
	if (f.fled) {
		sh->fled = 1;
		remove_ship(s, i);
		close_activation(s);
		if (desc)
			sl_buf_puts(desc, ", leaves the mat and flees");
		return 0;
	}
	if (desc) {
		if (!f.full && f.bumped >= 0)
			sl_buf_printf(desc, ", bumps into %s %s", s->ships[f.bumped].id,
				f.stop < 0 ? "and stays where it was" : s->ver >= 2 ? "and touches it"
				: "and stops short");
		sl_buf_puts(desc, ", ends at ");
		describe_pose(desc, &sh->pose);
	}
	/* difficulty: checked after the move, bumped or not */
	if (m.colour == XW_RED) {
		sh->stress++;
		if (desc)
			sl_buf_puts(desc, "; a red maneuver: gains a stress token");
	} else if (m.colour == XW_BLUE && sh->stress > 0) {
		sh->stress--;
		if (desc)
			sl_buf_puts(desc, "; a blue maneuver: removes a stress token");
	}
	if (nobs) {
		sh->stress += stress_gain;
		sh->strain += strain_gain;
		faceup = suffer(s, i, hits, crits, names, ncrit, &lost);
		if (faceup < 0 || faceup != ncrit)
			return illegal(err, "xwing obstacles: %d faceup damage %s dealt; crits= names %d",
				faceup < 0 ? ncrit + 1 : faceup, faceup == 1 ? "card is" : "cards are",
				ncrit);
		if (desc) {
			sl_buf_printf(desc, "; touches %d %s, rolls", nobs, nobs == 1 ? "obstacle" :
				"obstacles");
			for (int k = 0; k < ndice; k++)
				sl_buf_printf(desc, " %s", atk_names[dice[k]]);
			if (stress_gain)
				sl_buf_printf(desc, ", gains %d stress from debris", stress_gain);
			if (strain_gain)
				sl_buf_printf(desc, ", gains %d strain from gas", strain_gain);
			if (hits + crits)
				sl_buf_printf(desc, ", suffers %d damage (hull %d, shields %d)", hits + crits,
					sh->hull, sh->shields);
			for (int k = 0; k < ncrit; k++)
				sl_buf_printf(desc, ", %s", xw_damage_names[names[k]]);
		}
		if (sh->hull <= 0) {
			remove_ship(s, i);
			close_activation(s);
			if (desc)
				sl_buf_puts(desc, "; destroyed");
			return 0;
		}
	} else if (ncrit) {
		return illegal(err, "xwing obstacles: crits= needs an obstacle's critical hit");
	}
	xw_after_maneuver(s, i, &m, nobs > 0, desc);   /* its damage cards (v3) */
	xw_ability_maneuvered(s, i, &m, f.full, desc);   /* v5: Elusive's charge */
	if (desc && sh->skip_action)
		sl_buf_puts(desc, "; skips its Perform Action step");
	return 0;
}

/* The action on the ship's bar (the pilot's own bar, else its ship's) or
 * added by one of its upgrades (the Ion Cannon Turret's white rotate). */
static const xw_action_def *bar_action(const xw_ship *sh, int action)
{
	int n;
	const xw_action_def *bar = xw_pilot_actions(sh->pilot, &n);
	for (int k = 0; k < n; k++)
		if (bar[k].action == action)
			return &bar[k];
	for (int i = 0; i < sh->nup; i++) {
		const xw_upgrade_def *u = &xw_upgrades[sh->up[i]];
		for (int k = 0; k < u->nactions; k++)
			if (u->actions[k].action == action)
				return &u->actions[k];
	}
	return NULL;
}

/* A barrel roll or boost lands at p: on the mat, on no ship, on no obstacle. */
int xw_place_ok(const xw_state *s, int i, const xw_pose *p, const char *what, sl_error *err)
{
	int k, size = size_of(&s->ships[i]);
	if (xw_base_off_mat(p, size))
		return illegal(err, "xwing 2: %s would put %s partly off the mat", what, s->ships[i].id);
	if ((k = overlaps_ship(s, i, p)) >= 0)
		return illegal(err, "xwing 2: %s would overlap %s", what, s->ships[k].id);
	for (k = 0; k < s->nobstacles; k++)
		if (xw_obst_base(&s->obstacles[k], p, size))
			return illegal(err, "xwing 2: %s would overlap %s", what, s->obstacles[k].id);
	return 0;
}

static int ev_action(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc, action = ev->f[1].u.i, linked = ev->f[6].present && ev->f[6].u.i;
	int sensors = ev->f[7].present && ev->f[7].u.i, colour;
	const xw_action_def *def;
	xw_ship *sh;
	int coord;
	if (s->ver >= 3 && action == XW_A_DECLOAK)
		return xw_decloak(s, h, ev, desc, err);
	if (s->ver >= 3 && action == XW_A_TRACTOR)
		return xw_tractor_move(s, h, ev, desc, err);
	if ((rc = own_ship(s, h, ev, &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	/* version 3: a ship a coordinate chose acts now, out of its activation */
	coord = s->ver >= 3 && s->coord == i && s->phase == XW_PH_ACTIVATION && !linked && !sensors;
	s->coord = -1;
	if (!coord && (s->phase != XW_PH_ACTIVATION || s->active != i))
		return illegal(err, "xwing 2: %s performs actions during its own activation", sh->id);
	if ((rc = xw_action_allowed3(s, i, action, err)) != 0)
		return rc;
	if (coord) {
		/* the checks of its own Perform Action step do not apply */
	} else if (sensors) {
		if (!xw_ship_has(sh, XW_U_ADVSENSORS))
			return illegal(err, "xwing 2: %s has no Advanced Sensors", sh->id);
		if (!sh->revealed)
			return illegal(err, "xwing ion: %s revealed no dial, so no effect that triggers on "
				"revealing a dial (Advanced Sensors) can be used", sh->id);
		if (sh->ion_flight)
			return illegal(err, "xwing ion 2.5: no ability triggers from an ionized ship "
				"revealing its dial (Advanced Sensors)");
		if (sh->moved || sh->sensors || sh->nactions)
			return illegal(err, "xwing 2: Advanced Sensors acts once, after the dial is revealed "
				"and before the maneuver");
	} else {
		if (!sh->moved)
			return illegal(err, "xwing 2: %s performs its action after executing its maneuver",
				sh->id);
		if (sh->sensors)
			return illegal(err, "xwing 2: %s used Advanced Sensors: it cannot perform another "
				"action during this activation", sh->id);
		if (sh->skip_action)
			return illegal(err, "xwing 2: %s skips its Perform Action step (it bumped, or "
				"touched an obstacle)", sh->id);
	}
	if (xw_ionized(sh) && action != XW_A_FOCUS)
		return illegal(err, "xwing ion: an ionized ship may only focus (%s: %s)", sh->id,
			xw_action_ids[action]);
	if (xw_ionized(sh) && linked)
		return illegal(err, "xwing ion: an ionized ship may only focus: it cannot perform an "
			"action linked to focus (FAQ)");
	if (sh->stress > 0)
		return illegal(err, "xwing stress: %s is stressed and cannot perform actions", sh->id);
	if (linked) {
		const xw_action_def *prev = sh->last_action >= 0 ? bar_action(sh, sh->last_action) : NULL;
		if (!prev || prev->linked != action || sh->nactions == 0)
			return illegal(err, "xwing 2: no action of %s is linked to %s just now", sh->id,
				xw_action_ids[action]);
		colour = XW_RED;
	} else if (action == XW_A_REPAIR) {
		if (sh->nactions > 0 && !coord)
			return illegal(err, "xwing 2: %s has performed its action this activation", sh->id);
		colour = XW_WHITE;   /* a damage card's action */
	} else {
		if (sh->nactions > 0 && !sensors && !coord)
			return illegal(err, "xwing 2: %s has performed its action this activation", sh->id);
		def = bar_action(sh, action);
		if (!def)
			return illegal(err, "xwing 2: %s is not on the action bar of the %s",
				xw_action_ids[action], xw_type_of(sh)->name);
		colour = def->colour;
	}
	if (sh->done_actions & (1u << action))
		return illegal(err, "xwing 2: a ship cannot perform the same action twice in a round "
			"(%s)", xw_action_ids[action]);

	if (desc)
		sl_buf_printf(desc, "%s %s%s", sh->id, linked ? "links " : "",
			sensors ? "(Advanced Sensors) " : "");
	switch (action) {
	case XW_A_FOCUS:
		sh->focus++;
		if (desc)
			sl_buf_puts(desc, "focuses");
		if (s->ver >= 3 && xw_jam_eats(sh)) {
			sh->focus--;
			if (desc)
				sl_buf_puts(desc, "; jammed: it loses the token and a jam token");
		}
		break;
	case XW_A_EVADE:
		sh->evade++;
		if (desc)
			sl_buf_puts(desc, "evades");
		if (s->ver >= 3 && xw_jam_eats(sh)) {
			sh->evade--;
			if (desc)
				sl_buf_puts(desc, "; jammed: it loses the token and a jam token");
		}
		break;
	case XW_A_LOCK: {
		int t;
		int32_t pa[2], pb[2];
		int64_t d;
		if (!ev->f[2].present)
			return illegal(err, "xwing 2: lock needs target=");
		if ((rc = get_ship(s, &ev->f[2], "target", &t, err)) != 0)
			return rc;
		if (t == i || !xw_in_play(&s->ships[t]))
			return illegal(err, "xwing 2: %s cannot be locked", s->ships[t].id);
		d = xw_base_distance(&sh->pose, size_of(sh), &s->ships[t].pose,
			size_of(&s->ships[t]), pa, pb);
		if (xw_range_of(s, d) > 3)
			return illegal(err, "xwing 2: %s is beyond range 3 of %s: no lock", s->ships[t].id,
				sh->id);
		sh->lock = t;
		if (desc)
			sl_buf_printf(desc, "locks %s (range %d)", s->ships[t].id, xw_range_of(s, d));
		if (s->ver >= 3 && xw_jam_eats(sh)) {
			sh->lock = -1;
			if (desc)
				sl_buf_puts(desc, "; jammed: the lock is broken with a jam token");
		}
		break;
	}
	case XW_A_BARREL: {
		xw_pose p;
		int side = ev->f[3].present ? ev->f[3].u.i : -1;
		int place = ev->f[4].present ? ev->f[4].u.i : XW_PLACE_MIDDLE;
		if (side != XW_DIR_LEFT && side != XW_DIR_RIGHT)
			return illegal(err, "xwing 2: a barrel roll goes left or right (dir=)");
		xw_barrel_roll_end_v(&sh->pose, size_of(sh), side, place, s->ver, &p);
		if ((rc = xw_place_ok(s, i, &p, "the barrel roll", err)) != 0)
			return rc;
		{
			/* the template between the two sides: a strip along the
			 * slide, 20 mm wide for a small base (40 for the others) */
			int32_t half = xw_base_len(size_of(sh)) / 2, a0[2], a1[2];
			int32_t w = size_of(sh) == XW_SMALL ? 1000 : 2000;
			xw_local_to_world(&sh->pose, side ? half : -half, 0, &a0[0], &a0[1]);
			xw_local_to_world(&p, side ? -half : half, 0, &a1[0], &a1[1]);
			for (int k = 0; k < s->nobstacles; k++)
				if (xw_obst_segment(&s->obstacles[k], a0, a1, w))
					return illegal(err, "xwing 2: the barrel roll would go through %s",
						s->obstacles[k].id);
		}
		s->last.ship = i;
		s->last.kind = 1;
		s->last.from = sh->pose;
		s->last.to = p;
		s->last.stop = XW_PATH_STEPS;
		sh->pose = p;
		if (desc) {
			sl_buf_printf(desc, "barrel rolls %s (%s) to ", dir_names[side], place_names[place]);
			describe_pose(desc, &p);
		}
		break;
	}
	case XW_A_BOOST: {
		xw_maneuver m = {1, XW_ST, XW_WHITE};
		xw_pose p;
		int dir = ev->f[3].present ? ev->f[3].u.i : XW_DIR_STRAIGHT;
		m.bearing = dir == XW_DIR_LEFT ? XW_BL : dir == XW_DIR_RIGHT ? XW_BR : XW_ST;
		xw_maneuver_end(&sh->pose, size_of(sh), &m, &p);
		if ((rc = xw_place_ok(s, i, &p, "the boost", err)) != 0)
			return rc;
		for (int k = 0; k < s->nobstacles; k++)
			if (template_through(&sh->pose, size_of(sh), &m, &s->obstacles[k]))
				return illegal(err, "xwing 2: the boost would go through %s",
					s->obstacles[k].id);
		s->last.ship = i;
		s->last.kind = 2;
		s->last.m = m;
		s->last.from = sh->pose;
		s->last.to = p;
		s->last.stop = XW_PATH_STEPS;
		sh->pose = p;
		if (desc) {
			sl_buf_printf(desc, "boosts %s to ", dir_names[dir]);
			describe_pose(desc, &p);
		}
		break;
	}
	case XW_A_ROTATE:
		if (!ev->f[5].present)
			return illegal(err, "xwing 2: rotate needs arc=");
		sh->turret_arc = ev->f[5].u.i;
		if (xw_type_of(sh)->turret == XW_DOUBLE_TURRET)
			sh->turret_arc &= 1;   /* a double turret covers an arc and its opposite */
		if (desc)
			sl_buf_printf(desc, "rotates its turret arc to %s", xw_arc_ids[ev->f[5].u.i]);
		break;
	default:
		if (s->ver >= 3 && action != XW_A_RELOAD) {
			/* cloak, SLAM, coordinate, jam, calculate, reinforce, repair */
			if ((rc = xw_action3(s, h, i, ev, desc, err)) != 0)
				return rc;
		} else if (desc) {
			sl_buf_puts(desc, "reloads");   /* version 2 took the others as data only */
		}
		break;
	}
	if (colour == XW_RED) {
		sh->stress++;
		if (desc)
			sl_buf_puts(desc, "; a red action: gains a stress token");
	}
	sh->done_actions |= 1u << action;
	if (!coord)
		sh->nactions++;
	sh->last_action = action;
	if (sensors)
		sh->sensors = 1;
	return 0;
}

/* ---- engagement ---------------------------------------------------------------- */

static int at_range0_obstacle(const xw_state *s, const xw_ship *sh)
{
	for (int k = 0; k < s->nobstacles; k++)
		if (xw_obst_base(&s->obstacles[k], &sh->pose, size_of(sh)))
			return k;
	return -1;
}

/* Part of base b lies in arc kind `kind` of the ship at a (its turret facing
 * turret): the quadrants, and two of our own (formats/xwing.md, Special
 * weapons): the full front arc is the half ahead of the base's centre line,
 * the bullseye the strip 20 mm wide straight ahead, within the front arc. */
int xw_in_arc_kind(const xw_ship *sh, int kind, const xw_ship *tg)
{
	const xw_ship_type *ta = xw_type_of(sh), *tb = xw_type_of(tg);
	int32_t cx[4], cy[4];
	int64_t lo = INT64_MAX, hi = INT64_MIN, ahead = 0;
	switch (kind) {
	case XW_K_FRONT: return xw_in_arc(&sh->pose, ta->size, XW_ARC_FRONT, &tg->pose, tb->size);
	case XW_K_REAR: return xw_in_arc(&sh->pose, ta->size, XW_ARC_REAR, &tg->pose, tb->size);
	case XW_K_LEFT: return xw_in_arc(&sh->pose, ta->size, XW_ARC_LEFT, &tg->pose, tb->size);
	case XW_K_RIGHT: return xw_in_arc(&sh->pose, ta->size, XW_ARC_RIGHT, &tg->pose, tb->size);
	case XW_K_SINGLE_TURRET:
		return xw_in_arc(&sh->pose, ta->size, sh->turret_arc, &tg->pose, tb->size);
	case XW_K_DOUBLE_TURRET:
		return xw_in_arc(&sh->pose, ta->size, sh->turret_arc, &tg->pose, tb->size)
			|| xw_in_arc(&sh->pose, ta->size, (sh->turret_arc + 2) % 4, &tg->pose, tb->size);
	}
	xw_base_corners(&tg->pose, tb->size, cx, cy);
	for (int k = 0; k < 4; k++) {   /* b's corners in a's frame: x right, y forward */
		int64_t dx = cx[k] - sh->pose.x, dy = cy[k] - sh->pose.y;
		int64_t lx = (dx * xw_cos(sh->pose.h) - dy * xw_sin(sh->pose.h)) / XW_TRIG_ONE;
		int64_t ly = (dx * xw_sin(sh->pose.h) + dy * xw_cos(sh->pose.h)) / XW_TRIG_ONE;
		lo = lx < lo ? lx : lo;
		hi = lx > hi ? lx : hi;
		ahead |= ly > 0;
	}
	if (kind == XW_K_FULL_FRONT)
		return (int)ahead;
	return xw_in_arc(&sh->pose, ta->size, XW_ARC_FRONT, &tg->pose, tb->size)
		&& lo <= 1000 && hi >= -1000;
}

/* A special weapon, the k-th upgrade of the attacker: its attack value,
 * range, arc, requirement (a lock on the defender, a focus token) and a
 * charge when the card has charges. No range bonus: they are not primary. */
static int card_weapon(const xw_state *s, int a, int d, int k, int r, int *atk, int *def,
	int *range, sl_error *err)
{
	const xw_ship *sh = &s->ships[a], *tg = &s->ships[d];
	const xw_upgrade_def *u;
	int obstructed = 0;
	int32_t pa[2], pb[2];
	if (k < 0 || k >= sh->nup)
		return illegal(err, "xwing 4: %s has no such weapon", sh->id);
	u = &xw_upgrades[sh->up[k]];
	if (!u->attack)
		return illegal(err, "xwing 4: %s is no weapon", u->name);
	if (!xw_in_arc_kind(sh, u->arc, tg))
		return illegal(err, "xwing 4: %s is not in the arc of %s's %s", tg->id, sh->id, u->name);
	if (r < u->minrange || r > u->maxrange)
		return illegal(err, "xwing 4: %s is at range %d of %s; %s fires at range %d-%d", tg->id,
			r > 3 ? 4 : r, sh->id, u->name, u->minrange, u->maxrange);
	if (u->requires && !((u->requires & 1) && sh->lock == d) && !((u->requires & 2) && sh->focus))
		return illegal(err, "xwing 4: %s needs %s", u->name, (u->requires & 3) == 3
			? "a lock on the defender or a focus token" : (u->requires & 1)
			? "a lock on the defender" : (u->requires & 2) ? "a focus token"
			: "a calculate token (not held: calculate is not yet modelled)");
	if (u->charges > 0 && sh->ucharges[k] < 1)
		return illegal(err, "xwing 4: %s has no charge left", u->name);
	xw_base_distance(&sh->pose, xw_type_of(sh)->size, &tg->pose, xw_type_of(tg)->size, pa, pb);
	for (int o = 0; o < s->nobstacles; o++)
		if (xw_obst_segment(&s->obstacles[o], pa, pb, 0))
			obstructed = 1;
	*atk = u->attack - xw_attack_less(s, sh);
	*def = xw_agility(s, tg) + obstructed - (s->ver >= 3 && tg->strain > 0);
	*atk = *atk < 0 ? 0 : *atk;
	*def = *def < 0 ? 0 : *def;
	*range = r;
	return 0;
}

/* The range band of two bases dist apart. From rules version 2, bases within
 * XW_TOUCH touch (range 0): a bump backs the mover until it touches, which
 * the integer path leaves up to 0.13 mm short (formats/xwing.md, Bumps). */
int xw_range_of(const xw_state *s, int64_t dist)
{
	if (s->ver >= 2 && dist < XW_TOUCH)
		return 0;
	return xw_range_band(dist);
}

int xw_attack_dice(const xw_state *s, int a, int d, int weapon, int *atk, int *def,
	int *range, sl_error *err)
{
	const xw_ship *sh = &s->ships[a], *tg = &s->ships[d];
	const xw_ship_type *t = xw_type_of(sh);
	int32_t pa[2], pb[2];
	int64_t dist = xw_base_distance(&sh->pose, size_of(sh), &tg->pose, size_of(tg), pa, pb);
	int r = xw_range_of(s, dist), value, lo = 1, hi = 3, inarc;
	int primary = weapon == XW_W_PRIMARY || weapon == XW_W_REAR;
	int obstructed = 0;
	switch (weapon) {
	case XW_W_PRIMARY:
		value = t->front;
		if (t->turret == XW_DOUBLE_TURRET)
			inarc = xw_in_arc(&sh->pose, size_of(sh), sh->turret_arc, &tg->pose, size_of(tg))
				|| xw_in_arc(&sh->pose, size_of(sh), sh->turret_arc + 2, &tg->pose,
					size_of(tg));
		else
			inarc = xw_in_arc(&sh->pose, size_of(sh), XW_ARC_FRONT, &tg->pose, size_of(tg));
		break;
	case XW_W_REAR:
		value = t->rear;
		if (!value)
			return illegal(err, "xwing 4: the %s has no rear arc weapon", t->name);
		inarc = xw_in_arc(&sh->pose, size_of(sh), XW_ARC_REAR, &tg->pose, size_of(tg));
		break;
	default:
		if (weapon >= XW_W_CARD)
			return card_weapon(s, a, d, weapon - XW_W_CARD, r, atk, def, range, err);
		if (!xw_ship_has(sh, XW_U_IONTURRET))
			return illegal(err, "xwing 4: %s has no Ion Cannon Turret", sh->id);
		value = xw_upgrades[XW_U_IONTURRET].attack;
		lo = xw_upgrades[XW_U_IONTURRET].minrange;
		hi = xw_upgrades[XW_U_IONTURRET].maxrange;
		inarc = xw_in_arc(&sh->pose, size_of(sh), sh->turret_arc, &tg->pose, size_of(tg));
		break;
	}
	if (!inarc)
		return illegal(err, "xwing 4: %s is not in the arc of %s's %s", tg->id, sh->id,
			weapon_names[weapon]);
	if (r < lo || r > hi)
		return illegal(err, "xwing 4: %s is at range %s of %s; the %s fires at range %d-%d",
			tg->id, r > 3 ? "beyond 3" : r == 0 ? "0" : r == 1 ? "1" : r == 2 ? "2" : "3",
			sh->id, weapon_names[weapon], lo, hi);
	for (int k = 0; k < s->nobstacles; k++)
		if (xw_obst_segment(&s->obstacles[k], pa, pb, 0))
			obstructed = 1;
	*atk = value + (primary && r == 1)
		+ (primary && t->targeting_computer && sh->lock == d)   /* D13 */
		- xw_attack_less(s, sh);   /* v3: Weapons Failure, deplete */
	*def = xw_agility(s, tg) + (primary && r == 3) + obstructed
		- (s->ver >= 3 && tg->strain > 0);   /* v3: strain */
	*atk = *atk < 0 ? 0 : *atk;
	*def = *def < 0 ? 0 : *def;
	*range = r;
	return 0;
}

static void drop_destroyed(xw_state *s)
{
	for (int k = 0; k < s->nships; k++)
		if (s->ships[k].gone == 1)
			remove_ship(s, k);
}

/* Version 2, weapon=card: the upgrade named by card=, as XW_W_CARD + its
 * index in the attacker's loadout. */
static int card_of(const xw_ship *sh, const sl_event *ev, int *weapon, sl_error *err)
{
	size_t cn = 0;
	const char *cid = ev->f[10].present ? sl_value_str(&ev->f[10], &cn) : NULL;
	int u = cid ? xw_upgrade_findn(cid, cn) : -1, k = -1;
	if (*weapon != XW_W_CARD)
		return illegal(err, "xwing 4: card= goes with weapon=card");
	for (int q = 0; u >= 0 && q < sh->nup; q++)
		if (sh->up[q] == u)
			k = q;
	if (!cid)
		return illegal(err, "xwing 4: weapon=card needs card= (the upgrade's XWS id)");
	if (k < 0)
		return illegal(err, "xwing 4: %.*s is not in %s's loadout", (int)cn, cid, sh->id);
	*weapon = XW_W_CARD + k;
	return 0;
}

static int ev_attack(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int xw_ev_attack(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	return ev_attack(s, h, ev, desc, err);
}

static int ev_attack(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int a, d, rc, weapon = ev->f[2].u.i, natk, nre, nnew, nas, ndef, nds, ncrit, want_atk;
	int want_def, range, hits = 0, crits = 0, evades = 0, ions = 0, lost, faceup, spend_focus = 0;
	int spend_lock = 0, dfocus = 0, devade = 0, nsfocus, before_h, before_s, atc;
	int acalc = 0, dcalc = 0, reinforced = 0, aforce = 0, dforce = 0, hlc = 0, cancelled = 0;
	const uint8_t *atk = sl_value_items(&ev->f[3], &natk), *re = sl_value_items(&ev->f[4], &nre);
	const uint8_t *nw = sl_value_items(&ev->f[5], &nnew), *as = sl_value_items(&ev->f[6], &nas);
	const uint8_t *df = sl_value_items(&ev->f[7], &ndef), *ds = sl_value_items(&ev->f[8], &nds);
	const uint8_t *names = sl_value_items(&ev->f[9], &ncrit);
	uint8_t faces[XW_MAX_DICE], dfaces[XW_MAX_DICE];
	unsigned rerolled = 0;
	xw_ship *sh, *tg;

	if (s->phase != XW_PH_ENGAGEMENT)
		return illegal(err, "xwing 4: attacks are made in the engagement phase, not in the %s "
			"phase", sl_phase_name(&xwing_schema, s->phase));
	if ((rc = get_ship(s, &ev->f[0], "ship", &a, err)) != 0)
		return rc;
	sh = &s->ships[a];
	if (sh->side != ev->player)
		return illegal(err, "xwing: %s is flown by %s, not by %s", sh->id,
			xw_side_name(h, sh->side), xw_side_name(h, ev->player));
	if (sh->gone == 2 || (sh->gone == 1 && init_of(sh) != s->engage_init))
		return illegal(err, "xwing 4: %s has been destroyed", sh->id);
	if (sh->engaged)
		return illegal(err, "xwing 4: %s has already engaged this round", sh->id);
	if (xw_fire_due(s, a))
		return illegal(err, "xwing damage: %s has a faceup Console Fire: it rolls its die before it "
			"engages (carddie ship=%s card=consolefire; the recorder rolls it)", sh->id, sh->id);
	if (s->ver >= 3 && (sh->disarm > 0 || sh->cloak > 0))
		return illegal(err, "xwing 4: %s is %s and cannot attack", sh->id,
			sh->cloak ? "cloaked (a cloaked ship is disarmed)" : "disarmed");
	if (init_of(sh) > s->engage_init)
		return illegal(err, "xwing 4: ships engage in descending initiative; the initiative "
			"%d step is over", init_of(sh));
	if ((rc = get_ship(s, &ev->f[1], "target", &d, err)) != 0)
		return rc;
	tg = &s->ships[d];
	if (tg->gone)
		return illegal(err, "xwing 4: %s has been destroyed", tg->id);
	if (tg->side == sh->side)
		return illegal(err, "xwing 4: %s and %s fly for the same side", sh->id, tg->id);
	if (at_range0_obstacle(s, sh) >= 0)
		return illegal(err, "xwing obstacles: %s is at range 0 of %s and cannot attack",
			sh->id, s->obstacles[at_range0_obstacle(s, sh)].id);
	if ((weapon == XW_W_CARD || ev->f[10].present) && (rc = card_of(sh, ev, &weapon, err)))
		return rc;
	if ((rc = xw_attack_dice(s, a, d, weapon, &want_atk, &want_def, &range, err)) != 0)
		return rc;
	atc = (weapon == XW_W_PRIMARY || weapon == XW_W_REAR) && xw_type_of(sh)->targeting_computer
		&& sh->lock == d;
	if (init_of(sh) < s->engage_init) {
		s->engage_init = init_of(sh);
		drop_destroyed(s);   /* the previous step's destroyed ships go now */
		if (tg->gone)
			return illegal(err, "xwing 4: %s has been destroyed", tg->id);
	}
	if (natk != want_atk)
		return illegal(err, "xwing 4: %s rolls %d attack %s at range %d, not %d", sh->id,
			want_atk, want_atk == 1 ? "die" : "dice", range, natk);
	memcpy(faces, atk, (size_t)natk);
	for (int k = 0; k < nas; k++) {
		if (as[k] == 0)
			spend_focus++;
		else if (as[k] == 1)
			spend_lock++;
		else if (as[k] == 2)
			acalc++;
		else
			aforce++;   /* v4 */
	}
	if ((rc = xw_attack_spends3(s, sh, nas - aforce + nre, acalc, &atc, err)) != 0)
		return rc;
	if (aforce > sh->force)
		return illegal(err, "xwing force: %s has %d Force; it spends %d", sh->id, sh->force, aforce);
	if (spend_focus > 1 || spend_lock > 1)
		return illegal(err, "xwing 4: each token is spent once");
	if (nre != nnew)
		return illegal(err, "xwing 4: reroll= and rerolled= list the same dice");
	if ((nre > 0) != (spend_lock > 0))
		return illegal(err, "xwing 4: a lock is spent to reroll attack dice (reroll= with "
			"aspend=lock)");
	if (spend_lock && sh->lock != d)
		return illegal(err, "xwing 4: %s has no lock on %s", sh->id, tg->id);
	for (int k = 0; k < nre; k++) {
		unsigned bit;
		if (re[k] < 1 || re[k] > natk)
			return illegal(err, "xwing 4: there is no attack die %d", re[k]);
		bit = 1u << re[k];
		if (rerolled & bit)
			return illegal(err, "xwing 4: a die is rerolled at most once");
		rerolled |= bit;
		faces[re[k] - 1] = nw[k];
	}
	if (spend_focus && sh->focus < 1)
		return illegal(err, "xwing 4: %s has no focus token", sh->id);
	nsfocus = 0;
	for (int k = 0, left = acalc + aforce; k < natk && left > 0; k++)   /* calculate, Force: one focus each */
		if (faces[k] == XW_AFOCUS)
			faces[k] = XW_HIT, left--;
	for (int k = 0; k < natk; k++) {
		if (spend_focus && faces[k] == XW_AFOCUS) {
			faces[k] = XW_HIT;
			nsfocus++;
		}
		hits += faces[k] == XW_HIT;
		crits += faces[k] == XW_CRIT;
	}
	/* version 5, Heavy Laser Cannon: after Modify Attack Dice, crits are hits */
	if ((hlc = xw_crits_to_hits(s, a, weapon) ? crits : 0) > 0) {
		hits += crits;
		crits = 0;
	}
	/* Advanced Targeting Computer: against a defender locked when the attack
	 * began, one hit becomes a crit (D13) */
	if (atc && hits > 0) {
		hits--;
		crits++;
	}
	if (ndef != want_def)
		return illegal(err, "xwing 4: %s rolls %d defence %s, not %d", tg->id, want_def,
			want_def == 1 ? "die" : "dice", ndef);
	memcpy(dfaces, df, (size_t)ndef);
	for (int k = 0; k < nds; k++) {
		if (ds[k] == 0)
			dfocus++;
		else if (ds[k] == 1)
			devade++;
		else if (ds[k] == 2)
			dcalc++;
		else
			dforce++;   /* v4 */
	}
	if ((rc = xw_attack_spends3(s, tg, 0, dcalc, NULL, err)) != 0)
		return rc;
	if (dforce > tg->force)
		return illegal(err, "xwing force: %s has %d Force; it spends %d", tg->id, tg->force, dforce);
	for (int k = 0, left = dcalc + dforce; k < ndef && left > 0; k++)   /* calculate, Force: one focus each */
		if (dfaces[k] == XW_DFOCUS)
			dfaces[k] = XW_EVADE, left--;
	if (dfocus > 1 || devade > 1)
		return illegal(err, "xwing 4: each token is spent once");
	if (dfocus && tg->focus < 1)
		return illegal(err, "xwing 4: %s has no focus token", tg->id);
	if (devade && tg->evade < 1)
		return illegal(err, "xwing 4: %s has no evade token", tg->id);
	if (devade) {   /* an evade token turns a blank (else a focus) into an evade */
		int k, done = 0;
		for (k = 0; k < ndef && !done; k++)
			if (dfaces[k] == XW_DBLANK)
				dfaces[k] = XW_EVADE, done = 1;
		for (k = 0; k < ndef && !done; k++)
			if (dfaces[k] == XW_DFOCUS)
				dfaces[k] = XW_EVADE, done = 1;
		if (!done && s->ver >= 2)
			return illegal(err, "xwing 4: an evade token changes a blank or focus result: %s "
				"rolled neither", tg->id);
		if (!done)
			evades++;   /* version 1's D6: no die to change, an evade added */
	}
	for (int k = 0; k < ndef; k++) {
		if (dfocus && dfaces[k] == XW_DFOCUS)
			dfaces[k] = XW_EVADE;
		evades += dfaces[k] == XW_EVADE;
	}
	/* obstructed by a gas cloud, the defender changes a blank left into an
	 * evade, after its tokens (formats/xwing.md, Obstacles) */
	if (s->ver >= 3 && xw_obstructed_by(s, a, d, XW_GAS))
		for (int k = 0; k < ndef; k++)
			if (dfaces[k] == XW_DBLANK) {
				dfaces[k] = XW_EVADE;
				evades++;
				break;
			}
	/* version 5, before Neutralize Results: Crack Shot cancels an evade */
	if (s->ver >= 5 && s->roll.cancel) {
		if (evades < 1)
			return illegal(err, "xwing ability: Crack Shot cancels 1 evade result before the Neutralize "
				"Results step: %s has none", tg->id);
		evades--;
		cancelled = 1;
	}
	/* neutralize: evades cancel hits first, then crits */
	{
		int c = evades < hits ? evades : hits;
		hits -= c;
		evades -= c;
		c = evades < crits ? evades : crits;
		crits -= c;
	}
	/* version 3, reinforce: the attacker in the half of the token and two or
	 * more results left, one more is cancelled (a hit first) */
	reinforced = xw_reinforce3(s, sh, tg, &hits, &crits);
	before_h = tg->hull;
	before_s = tg->shields;
	if (weapon == XW_W_IONTURRET && hits + crits > 0) {
		ions = hits + crits - 1;   /* one damage, the rest ion tokens */
		hits = 1;
		crits = 0;
	}
	faceup = suffer(s, d, hits, crits, names, ncrit, &lost);
	if (faceup < 0 || faceup != ncrit)
		return illegal(err, "xwing 4: %d faceup damage %s dealt; crits= names %d",
			faceup < 0 ? ncrit + 1 : faceup, faceup == 1 ? "card is" : "cards are", ncrit);
	tg->ion = tg->ion + ions > XW_MAX_TOKENS ? XW_MAX_TOKENS : tg->ion + ions;
	ion_locks(h, tg);
	if (spend_focus)
		sh->focus--;
	if (spend_lock)
		sh->lock = -1;
	if (dfocus)
		tg->focus--;
	if (devade)
		tg->evade--;
	xw_after_attack3(s, sh, tg, acalc, dcalc);
	sh->force -= aforce;
	tg->force -= dforce;
	sh->engaged = 1;
	if (weapon >= XW_W_CARD && xw_upgrades[sh->up[weapon - XW_W_CARD]].charges > 0)
		sh->ucharges[weapon - XW_W_CARD]--;   /* a special weapon with charges spends one */
	if (tg->hull <= 0)
		tg->gone = init_of(tg) == s->engage_init ? 1 : 2;
	if (tg->gone == 2)
		remove_ship(s, d);
	if (desc) {
		sl_buf_printf(desc, "%s attacks %s with its %s at range %d: ", sh->id, tg->id,
			weapon >= XW_W_CARD ? xw_upgrades[sh->up[weapon - XW_W_CARD]].name
			: weapon == XW_W_IONTURRET ? "Ion Cannon Turret" : weapon == XW_W_REAR ?
			"rear arc" : "primary", range);
		for (int k = 0; k < natk; k++)
			sl_buf_printf(desc, "%s%s", k ? " " : "", atk_names[atk[k]]);
		if (nre)
			sl_buf_printf(desc, ", spends the lock to reroll %d", nre);
		if (nsfocus || spend_focus)
			sl_buf_printf(desc, ", spends focus (%d to %s)", nsfocus, nsfocus == 1 ? "a hit" : "hits");
		if (atc)
			sl_buf_puts(desc, ", Advanced Targeting Computer (+1 die, a hit to a crit)");
		sl_buf_puts(desc, " against ");
		for (int k = 0; k < ndef; k++)
			sl_buf_printf(desc, "%s%s", k ? " " : "", def_names[df[k]]);
		if (!ndef)
			sl_buf_puts(desc, "no dice");
		if (dfocus)
			sl_buf_puts(desc, ", focus");
		if (devade)
			sl_buf_puts(desc, ", evade token");
		if (acalc || dcalc)
			sl_buf_printf(desc, ", calculate (%d, %d)", acalc, dcalc);
		if (aforce || dforce)
			sl_buf_printf(desc, ", the Force (%d, %d)", aforce, dforce);
		if (reinforced)
			sl_buf_puts(desc, ", reinforced: one result cancelled");
		if (hlc)
			sl_buf_printf(desc, ", Heavy Laser Cannon: %d %s to %s", hlc, hlc == 1 ? "crit" : "crits",
				hlc == 1 ? "a hit" : "hits");
		if (cancelled)
			sl_buf_puts(desc, ", Crack Shot: 1 evade cancelled");
		if (hits + crits == 0)
			sl_buf_puts(desc, ": no damage");
		else if (s->ver >= 3)
			sl_buf_printf(desc, ": %d damage (shields %d to %d; %d damage %s due)",
				hits + crits, before_s, tg->shields, s->npend, s->npend == 1 ? "card" : "cards");
		else
			sl_buf_printf(desc, ": %d damage (shields %d to %d, hull %d to %d)", hits + crits,
				before_s, tg->shields, before_h, tg->hull);
		for (int k = 0; k < ncrit; k++)
			sl_buf_printf(desc, ", %s", xw_damage_names[names[k]]);
		if (ions)
			sl_buf_printf(desc, ", %d ion %s (%d)%s", ions, ions == 1 ? "token" : "tokens",
				tg->ion, xw_ionized(tg) ? ": ionized" : "");
		if (tg->gone == 1)
			sl_buf_puts(desc, "; destroyed, it still fires at this initiative");
		else if (tg->gone == 2)
			sl_buf_puts(desc, "; destroyed");
	}
	return 0;
}

/* ---- effects outside the catalog ----------------------------------------- */

/* Version 2: a source that is a card's XWS id must be in the loadout of the
 * ship it comes from (from=, else the ship affected): its pilot or one of its
 * upgrades; spend= takes a charge of that card (the pilot's, or the
 * upgrade's) or a Force of that ship, which it must have. Other sources (a
 * rule, an obstacle, a card of no ship) stay free text. */
static int effect_card(xw_state *s, const sl_event *ev, int i, const char *src, size_t n,
	sl_error *err)
{
	int from = i, pilot = xw_pilot_findn(src, n), upg = xw_upgrade_findn(src, n), k = -1;
	int spend = ev->f[5].present ? ev->f[5].u.i : -1, rc;
	xw_ship *sh;
	if (ev->f[4].present && (rc = get_ship(s, &ev->f[4], "from", &from, err)) != 0)
		return rc;
	sh = &s->ships[from];
	if (pilot < 0 && upg < 0) {
		if (spend >= 0)
			return illegal(err, "xwing effect: spend= needs the card's XWS id as source");
		return 0;
	}
	if (upg >= 0)
		for (int u = 0; u < sh->nup; u++)
			if (sh->up[u] == upg)
				k = u;
	if ((pilot < 0 || sh->pilot != pilot) && k < 0)
		return illegal(err, "xwing effect: %.*s is not in %s's loadout (its pilot and upgrades)",
			(int)n, src, sh->id);
	if (spend == 0) {   /* a charge of that card */
		int8_t *ch = k >= 0 && !(pilot >= 0 && sh->pilot == pilot) ? &sh->ucharges[k] : NULL;
		int *pc = ch ? NULL : &sh->charges;
		if ((ch ? *ch : *pc) < 1)
			return illegal(err, "xwing effect: %.*s has no charge left on %s", (int)n, src,
				sh->id);
		if (ch)
			(*ch)--;
		else
			(*pc)--;
	} else if (spend == 1) {
		if (sh->force < 1)
			return illegal(err, "xwing effect: %s has no Force left", sh->id);
		sh->force--;
	}
	return 0;
}

/* Version 3: the tokens the rules reference adds, and damage suffered
 * (token=hit or crit: shields first, then damage cards due). */
static int effect3(xw_state *s, int i, int tok, int delta, const char *src, size_t n,
	sl_buf *desc, sl_error *err)
{
	xw_ship *sh = &s->ships[i];
	int *f = tok == XW_T_CALCULATE ? &sh->calculate : tok == XW_T_STRAIN ? &sh->strain
		: tok == XW_T_DEPLETE ? &sh->deplete : tok == XW_T_DISARM ? &sh->disarm
		: tok == XW_T_JAM ? &sh->jam : tok == XW_T_TRACTOR ? &sh->tractor
		: tok == XW_T_CLOAK ? &sh->cloak : NULL;
	if (!f) {
		if (delta < 0)
			return illegal(err, "xwing effect: damage is suffered, not taken back (delta=%d)",
				delta);
		if (xw_suffer3(s, i, tok == XW_T_HIT ? delta : 0, tok == XW_T_CRIT ? delta : 0) < 0)
			return illegal(err, "xwing damage: too many damage cards due");
		if (desc)
			sl_buf_printf(desc, "%.*s: %s suffers %d %s damage (shields %d; %d damage %s due)",
				(int)n, src, sh->id, delta, tok == XW_T_HIT ? "hit" : "critical",
				sh->shields, s->npend, s->npend == 1 ? "card" : "cards");
		return 0;
	}
	if (*f + delta < 0)
		return illegal(err, "xwing effect: %s has %d %s tokens, it cannot lose %d", sh->id, *f,
			token_names3[tok], -delta);
	if (*f + delta > (tok == XW_T_CLOAK ? 1 : XW_MAX_TOKENS))
		return illegal(err, "xwing effect: %s", tok == XW_T_CLOAK ? "a ship holds one cloak "
			"token at most" : "a ship holds at most 99 tokens of a kind");
	*f += delta;
	if (tok == XW_T_CALCULATE && delta > 0 && xw_jam_eats(sh))
		(*f)--;
	if (desc)
		sl_buf_printf(desc, "%.*s: %s %s %d %s %s (%d)%s", (int)n, src, sh->id,
			delta > 0 ? "gains" : "loses", delta > 0 ? delta : -delta, token_names3[tok],
			(delta == 1 || delta == -1) ? "token" : "tokens", *f,
			tok == XW_T_TRACTOR && sh->tractor >= xw_ionized_threshold(xw_type_of(sh)->size)
			? ": tractored (agility -1)" : "");
	return 0;
}

static int ev_effect(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int i, rc, tok = ev->f[1].u.i, delta = ev->f[2].u.i, *field, was;
	size_t n;
	const char *src = sl_value_str(&ev->f[3], &n);
	xw_ship *sh;
	if (s->ver < 3 && s->phase != XW_PH_SYSTEM && s->phase != XW_PH_ACTIVATION)
		return illegal(err, "xwing D7: effects outside the catalog happen in the system or "
			"activation phase");
	if ((rc = get_ship(s, &ev->f[0], "ship", &i, err)) != 0)
		return rc;
	sh = &s->ships[i];
	if (!xw_in_play(sh))
		return illegal(err, "xwing: %s is no longer on the mat", sh->id);
	if (delta == 0 || n == 0)
		return illegal(err, "xwing D7: an effect changes some tokens and names its source");
	if (s->ver >= 4 && ((n == 11 && memcmp(src, "consolefire", 11) == 0)
	    || (n == 12 && memcmp(src, "woundedpilot", 12) == 0)))
		return illegal(err, "xwing damage: from rules version 4 the die of %.*s is rolled, not "
			"declared: carddie ship=%s card=%.*s", (int)n, src, sh->id, (int)n, src);
	if (s->ver >= 2 && (rc = effect_card(s, ev, i, src, n, err)) != 0)
		return rc;
	if (tok >= XW_T_CALCULATE)
		return effect3(s, i, tok, delta, src, n, desc, err);
	field = tok == XW_T_ION ? &sh->ion : tok == XW_T_STRESS ? &sh->stress
		: tok == XW_T_FOCUS ? &sh->focus : &sh->evade;
	if (*field + delta < 0)
		return illegal(err, "xwing D7: %s has %d %s tokens, it cannot lose %d", sh->id, *field,
			token_names[tok], -delta);
	if (*field + delta > XW_MAX_TOKENS)
		return illegal(err, "xwing D7: a ship holds at most %d tokens of a kind", XW_MAX_TOKENS);
	if (tok == XW_T_ION && delta > 0 && i == s->active && sh->moved)
		ion_end(s, i);   /* after its move, a token gained comes after its activation */
	was = xw_ionized(sh);
	*field += delta;
	ion_locks(h, sh);
	if (s->ver >= 3 && delta > 0 && (tok == XW_T_FOCUS || tok == XW_T_EVADE)
	    && xw_jam_eats(sh))
		(*field)--;   /* a jammed ship loses a green token it gains, with a jam token */
	if (desc) {
		sl_buf_printf(desc, "%.*s: %s %s %d %s %s (%d)", (int)n, src, sh->id,
			delta > 0 ? "gains" : "loses", delta > 0 ? delta : -delta, token_names[tok],
			(delta == 1 || delta == -1) ? "token" : "tokens", *field);
		if (!was && xw_ionized(sh))
			sl_buf_puts(desc, ": ionized");
		else if (was && !xw_ionized(sh))
			sl_buf_puts(desc, ": no longer ionized");
	}
	return 0;
}

/* A 2.5 scenario's objective points, declared at the end phase (the
 * objectives themselves are not modelled: formats/xwing.md). */
static int ev_score(xw_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int sc = xw_scenario(h), pts = ev->f[0].u.i;
	size_t n;
	const char *what = sl_value_str(&ev->f[1], &n);
	if (sc < 0)
		return illegal(err, "xwing score: objective points need a 2.5 scenario "
			"(meta xwing-scenario %s, ...)", xw_scenario_ids[0]);
	if (s->phase != XW_PH_END)
		return illegal(err, "xwing score: scenario points are scored in the end phase");
	if (ev->player < 0 || ev->player >= SL_MAX_PLAYERS || n == 0)
		return illegal(err, "xwing score: a player scores, naming the objective");
	s->objective[ev->player] += pts;
	if (desc)
		sl_buf_printf(desc, "%s scores %d objective point%s: %.*s (%d in all)",
			xw_side_name(h, ev->player), pts, pts == 1 ? "" : "s", (int)n, what,
			xw_score(s, h, ev->player));
	return 0;
}

/* ---- apply and mark ------------------------------------------------------------ */

int xwing_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	xw_state *s = st;
	const sl_event_def *d;
	if (ev->entry != SL_ENTRY_EVENT)
		return illegal(err, "xwing: a turn or phase marker is not an event");
	if (ev->type >= (s->ver == 1 ? XW_NEV_V1 : s->ver == 2 ? XW_NEV_V2 : XW_NEV))
		return illegal(err, "xwing: unknown event type %u", ev->type);
	d = &xw_events[ev->type];
	for (int i = 0; i < d->nfields; i++)
		if (!d->fields[i].optional && !ev->f[i].present)
			return illegal(err, "xwing: %s needs %s=", d->name, d->fields[i].name);
	if (d->flags & SL_EV_SETUP) {
		if (s->turn > 0)
			return illegal(err, "xwing setup: %s comes before round 1", d->name);
	} else if (s->turn == 0) {
		return illegal(err, "xwing: %s comes after `turn 1`", d->name);
	}
	if ((d->flags & SL_EV_NOPLAYER) && ev->player >= 0)
		return illegal(err, "xwing: %s is nobody's action; name no player", d->name);
	if ((d->flags & SL_EV_PLAYER) && ev->player < 0)
		return illegal(err, "xwing: %s needs the acting player", d->name);
	if (s->ver >= 3) {
		if (s->npend && ev->type != XW_EV_DAMAGE)
			return illegal(err, "xwing damage: %d damage %s due to %s: deal %s first "
				"(damage ship=%s; the recorder draws the card)", s->npend,
				s->npend == 1 ? "card is" : "cards are", s->ships[s->pend_ship[0]].id,
				s->npend == 1 ? "it" : "them", s->ships[s->pend_ship[0]].id);
		if ((ev->type == XW_EV_ATTACK && ev->f[9].present)
		    || (ev->type == XW_EV_MOVE && ev->f[3].present))
			return illegal(err, "xwing damage: from rules version 3 the damage cards are "
				"drawn from the deck by `damage` entries, not named in crits=");
		if (ev->type != XW_EV_ACTION)
			s->coord = -1;   /* a coordinated action comes at once, or not at all */
		if (s->ndie && ev->type != XW_EV_CARDDIE && !(ev->type == XW_EV_DAMAGE && s->npend))
			return xw_card_dice_due(s, err);   /* v4: Wounded Pilot's die first */
	}
	/* a detonation under way is finished first (its damage cards dealt on the way) */
	if (ev->type != XW_EV_DETONATE && !(ev->type == XW_EV_DAMAGE && s->npend) && xw_devices_pending(s, err))
		return SL_EILLEGAL;
	if (s->roll.on && ev->type != XW_EV_MODIFY && ev->type != XW_EV_DEFEND && ev->type != XW_EV_ABILITY
	    && !(ev->type == XW_EV_DAMAGE && s->npend))
		return xw_roll_waits(s, err);
	switch (ev->type) {
	case XW_EV_DAMAGE: return xwing_ev_damage(s, h, ev, desc, err);
	case XW_EV_SCORE: return ev_score(s, h, ev, desc, err);
	case XW_EV_DEVICE: return xw_ev_device(s, h, ev, desc, err);
	case XW_EV_DETONATE: return xw_ev_detonate(s, h, ev, desc, err);
	case XW_EV_OBSTACLE: return ev_obstacle(s, h, ev, desc, err);
	case XW_EV_HAZARD: return ev_hazard(s, h, ev, desc, err);
	case XW_EV_SHIP: return ev_ship(s, h, ev, desc, err);
	case XW_EV_DIAL: return ev_dial(s, h, ev, desc, err);
	case XW_EV_REVEAL: return ev_reveal(s, h, ev, desc, err);
	case XW_EV_MOVE: return xw_devices_after_move(s, ev_move(s, h, ev, desc, err), desc);
	case XW_EV_ACTION: {
		int rc, a = ev->f[1].u.i;
		if (a == XW_A_BARREL || a == XW_A_BOOST)
			rc = xw_devices_after_move(s, ev_action(s, h, ev, desc, err), desc);
		else
			rc = ev_action(s, h, ev, desc, err);
		if (!rc && s->ver >= 4 && a != XW_A_DECLOAK && a != XW_A_TRACTOR) {   /* decloak, tractor: no action of its own */
			int i = -1;
			if (get_ship(s, &ev->f[0], "ship", &i, NULL) == 0 && i >= 0)
				xw_wounded_after(s, i);
		}
		return rc;
	}
	case XW_EV_CARDDIE: return xw_ev_carddie(s, h, ev, desc, err);
	case XW_EV_ATTACK: return ev_attack(s, h, ev, desc, err);
	case XW_EV_ROLL: return xw_ev_roll(s, h, ev, desc, err);
	case XW_EV_MODIFY: return xw_ev_modify(s, h, ev, desc, err);
	case XW_EV_DEFEND: return xw_ev_defend(s, h, ev, desc, err);
	case XW_EV_ABILITY: return xw_ev_ability(s, h, ev, desc, err);
	default: return ev_effect(s, h, ev, desc, err);
	}
}

/* Leaving phase `from` for the next one: the checks and effects between. */
/* Version 2, the end phase: recurring charges and the Force come back, one
 * a card (its recurring count), up to what the card prints. */
static void recover(xw_ship *sh)
{
	const xw_pilot *p = &xw_pilots[sh->pilot];
	int fmax = p->force, frec = p->force_recurs;
	if (p->charge_recurs > 0 && sh->charges < p->charges)
		sh->charges = sh->charges + p->charge_recurs > p->charges ? p->charges
			: sh->charges + p->charge_recurs;
	for (int u = 0; u < sh->nup; u++) {
		const xw_upgrade_def *d = &xw_upgrades[sh->up[u]];
		fmax += d->force;
		frec += d->force > 0;
		if (d->charge_recurs > 0 && sh->ucharges[u] < d->charges)
			sh->ucharges[u] = (int8_t)(sh->ucharges[u] + d->charge_recurs > d->charges
				? d->charges : sh->ucharges[u] + d->charge_recurs);
	}
	if (frec > 1)
		frec = 1;   /* a ship recovers one Force in the end phase */
	if (sh->force < fmax)
		sh->force += frec;
}

static int next_phase(xw_state *s, sl_error *err)
{
	switch (s->phase) {
	case XW_PH_PLANNING:
		for (int k = 0; k < s->nships; k++) {
			xw_ship *sh = &s->ships[k];
			if (sh->gone == 0 && !sh->has_commit)
				return illegal(err, "xwing 1: %s has no dial set; every ship sets one at "
					"planning", sh->id);
		}
		break;
	case XW_PH_ACTIVATION:
		for (int k = 0; k < s->nships; k++) {
			xw_ship *sh = &s->ships[k];
			if (sh->gone == 0 && !sh->moved)
				return illegal(err, "xwing 3: %s has not executed its maneuver this round",
					sh->id);
		}
		if (xw_devices_phase_end(s, err))
			return SL_EILLEGAL;
		close_activation(s);
		s->engage_init = 7;
		xw_engagement_starts(s, NULL);   /* v3: Disabled Power Regulator */
		break;
	case XW_PH_ENGAGEMENT:
		for (int k = 0; k < s->nships; k++)
			if (xw_fire_due(s, k))   /* v4: a ship that did not attack still rolls it (H12) */
				return illegal(err, "xwing damage: %s has a faceup Console Fire: it rolls its die "
					"before it engages, attacking or not (carddie ship=%s card=consolefire)",
					s->ships[k].id, s->ships[k].id);
		drop_destroyed(s);
		break;
	default:
		break;
	}
	s->phase++;
	if (s->phase == XW_PH_END)
		for (int k = 0; k < s->nships; k++) {
			s->ships[k].focus = 0;   /* circular tokens go; locks and stress stay */
			s->ships[k].evade = 0;
			if (s->ver >= 3) {   /* green and orange tokens (rules reference, End Phase) */
				xw_ship *q = &s->ships[k];
				q->calculate = q->reinforce = q->disarm = q->jam = q->tractor = 0;
				q->tractor_moved = 0;
			}
			if (s->ver >= 2)
				recover(&s->ships[k]);
		}
	return 0;
}

static void new_round(xw_state *s, int turn)
{
	s->turn = turn;
	s->phase = XW_PH_PLANNING;
	s->active = -1;
	s->engage_init = 7;
	s->last.ship = -1;
	for (int k = 0; k < s->nships; k++) {
		xw_ship *sh = &s->ships[k];
		sh->has_commit = 0;
		memset(sh->commit, 0, sizeof sh->commit);
		sh->assigned = 0;
		sh->revealed = 0;
		memset(&sh->dial, 0, sizeof sh->dial);
		sh->activated = sh->ion_flight = sh->moved = sh->skip_action = sh->ion_done = 0;
		sh->nactions = 0;
		sh->done_actions = 0;
		sh->last_action = -1;
		sh->sensors = sh->engaged = 0;
		sh->flown_speed = 0;
		sh->fire_rolled = 0;
	}
}

int xwing_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	xw_state *s = st;
	int rc;
	(void)h;
	if (phase < 1 || phase > 5)
		return illegal(err, "xwing: a round has phases 1 to 5, not %d", phase);
	if (s->ver >= 3 && s->npend)
		return illegal(err, "xwing damage: %d damage %s due to %s: deal %s first", s->npend,
			s->npend == 1 ? "card is" : "cards are", s->ships[s->pend_ship[0]].id,
			s->npend == 1 ? "it" : "them");
	s->coord = -1;
	if (xw_devices_pending(s, err))
		return SL_EILLEGAL;
	if (s->roll.on)
		return xw_roll_waits(s, err);
	if (phase == 1 && turn == s->turn && s->phase == 1)
		return 0;
	if (phase == 1) {
		if (turn != s->turn + 1)
			return illegal(err, "xwing: round %d cannot follow round %d", turn, s->turn);
		if (s->turn == 0 && s->nships == 0)
			return illegal(err, "xwing setup: no ships: the setup comes before round 1");
		while (s->turn > 0 && s->phase < XW_PH_END)
			if ((rc = next_phase(s, err)) != 0)
				return rc;
		new_round(s, turn);
		return 0;
	}
	if (s->turn == 0 || turn != s->turn)
		return illegal(err, "xwing: phase %d of round %d, but the game is in round %d", phase,
			turn, s->turn);
	if (phase <= s->phase)
		return illegal(err, "xwing: phase %d cannot follow phase %d", phase, s->phase);
	while (s->phase < phase)
		if ((rc = next_phase(s, err)) != 0)
			return rc;
	return 0;
}

/* ---- the module table ---------------------------------------------------------- */

/* What the devices share of the rules above (xwing_devices.c). */
int xw_own_ship(const xw_state *s, const sl_header *h, const sl_event *ev, int *out,
	sl_error *err)
{
	return own_ship(s, h, ev, out, err);
}

int xw_suffer(xw_state *s, int i, int hits, int crits, const uint8_t *names, int ncrit,
	int *shields_lost)
{
	return suffer(s, i, hits, crits, names, ncrit, shields_lost);
}

void xw_remove_ship(xw_state *s, int i)
{
	remove_ship(s, i);
}

void xw_close_activation(xw_state *s)
{
	close_activation(s);
}

int xw_find_id(const xw_state *s, const char *id, size_t n)
{
	return find_ship(s, id, n) >= 0 || find_obstacle(s, id, n) >= 0;
}

static int xwing_init(void **out, const sl_header *h, sl_error *err)
{
	xw_state *s = sl_calloc(1, sizeof *s);
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "xwing: out of memory");
	s->ver = h && h->rules_version >= 1 && h->rules_version < XWING_RULES_VERSION
		? h->rules_version : XWING_RULES_VERSION;
	s->active = -1;
	s->engage_init = 7;
	s->last.ship = -1;
	s->coord = -1;
	s->last_deal = -1;
	xw_deck_init(s);   /* read by rules version 3 only (and written only there) */
	*out = s;
	return 0;
}

/* Handlers change the state as they go, so every entry runs on a copy that
 * replaces the state only when it succeeds (sl_flat_apply). */
static int xwing_apply(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	return sl_flat_apply(st, sizeof(xw_state), xwing_apply_in, h, ev, desc, err);
}

static int xwing_mark(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	return sl_flat_mark(st, sizeof(xw_state), xwing_mark_in, h, turn, phase, err);
}

static void xwing_position(const void *st, int *turn, int *phase)
{
	const xw_state *s = st;
	*turn = s->turn;
	*phase = s->phase;
}

/* Every earlier version replays as it was recorded: the state knows its
 * version (s->ver) and keeps that version's rules (formats/xwing.md,
 * Versions). */
static int xwing_compat(int recorded)
{
	return recorded >= 1 && recorded <= XWING_RULES_VERSION ? SL_COMPAT_SAME : SL_COMPAT_NO;
}

#define XWING_GAME(VERSION, SCHEMA, CHANCES, VEIL) { \
	SL_GAME_API, \
	"xwing", \
	"X-Wing 2nd edition: maneuvers on a 3-foot mat, dials, combat, ionization", \
	VERSION, \
	SCHEMA, \
	xwing_compat, \
	xwing_init, \
	sl_free, \
	xwing_apply, \
	xwing_mark, \
	xwing_serialize, \
	xwing_restore, \
	xwing_summary, \
	xwing_summary_json, \
	xwing_help, \
	xwing_generate, \
	xwing_position, \
	&xwing_model,   /* .silb: schema coding 2 (version 0 archives: the generic coding) */ \
	xwing_result,   /* rules version 2 on; version 1 never ends */ \
	CHANCES,   /* v3: the damage card drawn from the deck; dice are typed */ \
	VEIL,   /* v3: a facedown damage card; else nothing but what commitments seal */ \
}
const sl_game sl_game_xwing = XWING_GAME(XWING_RULES_VERSION, &xwing_schema, xwing_chances,
	xwing_veil);
/* Rules version 3's table, with its frozen schema (its .silb archives). */
const sl_game sl_game_xwing_v3 = XWING_GAME(3, &xwing_schema_v3, xwing_chances, xwing_veil);
/* Rules version 2's table, with its frozen schema (its .silb archives). */
const sl_game sl_game_xwing_v2 = XWING_GAME(2, &xwing_schema_v2, NULL, NULL);
/* A log recorded under version 1 is read with the schema it was written
 * with (sl_game_find_version), so its binary form decodes as it did. */
const sl_game sl_game_xwing_v1 = XWING_GAME(1, &xwing_schema_v1, NULL, NULL);
