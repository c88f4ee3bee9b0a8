/* xwing_catalog.c - the small catalog as data: ship types, pilots and
 * upgrades of X-Wing second edition. Facts of the published game, taken from
 * the community's xwing-data2 (github.com/xwingtmg/xwing-data2, files
 * data/pilots/<faction>/<ship>.json and data/upgrades/{turret,sensor}.json,
 * commit 01b3ad01 and neighbours): dial codes, stats, actions and their
 * colours, initiative, cost. Only pilots without a pilot ability are listed
 * (generic pilots), so no card text is left unimplemented; the one ship
 * ability of these ships, the x1's Advanced Targeting Computer, is modelled. */
#include "xwing_int.h"

#include <string.h>

#define W XW_WHITE
#define R XW_RED

const xw_ship_type xw_ship_types[] = {
	{"t65xwing", "T-65 X-wing", "rebelalliance", XW_SMALL, 3, 0, XW_NO_TURRET, 2, 4, 2,
		3, {{XW_A_FOCUS, W, -1}, {XW_A_LOCK, W, -1}, {XW_A_BARREL, W, -1}},
		"1BB 1FB 1NB 2TW 2BB 2FB 2NB 2YW 3ER 3TW 3BW 3FW 3NW 3YW 3RR 4FW 4KR", 0, 0},
	{"btla4ywing", "BTL-A4 Y-wing", "rebelalliance", XW_SMALL, 2, 0, XW_NO_TURRET, 1, 6, 2,
		4, {{XW_A_FOCUS, W, -1}, {XW_A_LOCK, W, -1}, {XW_A_BARREL, R, -1}, {XW_A_RELOAD, R, -1}},
		"1BB 1FB 1NB 2TW 2BW 2FB 2NW 2YW 3TR 3BW 3FW 3NW 3YR 4FR 4KR", XW_SLOT_TURRET, 0},
	{"tielnfighter", "TIE/ln Fighter", "galacticempire", XW_SMALL, 2, 0, XW_NO_TURRET, 3, 3, 0,
		3, {{XW_A_FOCUS, W, -1}, {XW_A_EVADE, W, -1}, {XW_A_BARREL, W, -1}},
		"1TW 1YW 2TW 2BB 2FB 2NB 2YW 3TW 3BW 3FB 3NW 3YW 3KR 4FW 4KR 5FW", 0, 0},
	{"tieadvancedx1", "TIE Advanced x1", "galacticempire", XW_SMALL, 2, 0, XW_NO_TURRET, 3, 3, 2,
		3, {{XW_A_FOCUS, W, XW_A_BARREL}, {XW_A_LOCK, W, -1}, {XW_A_BARREL, W, -1}},
		"1BB 1FW 1NB 2TW 2BB 2FB 2NB 2YW 3ER 3TW 3BW 3FB 3NW 3YW 3RR 4FW 4KR 5FW",
		XW_SLOT_SENSOR, 1},
	{"arc170starfighter", "ARC-170 Starfighter", "galacticrepublic", XW_MEDIUM, 3, 2,
		XW_NO_TURRET, 1, 6, 3,
		3, {{XW_A_FOCUS, W, -1}, {XW_A_LOCK, W, -1}, {XW_A_BARREL, R, -1}},
		"1BB 1FB 1NB 2TW 2BB 2FB 2NB 2YW 3TR 3BW 3FW 3NW 3YR 4FR 4KR", 0, 0},
	{"modifiedyt1300lightfreighter", "Modified YT-1300 Light Freighter", "rebelalliance",
		XW_LARGE, 3, 0, XW_DOUBLE_TURRET, 1, 8, 5,
		4, {{XW_A_FOCUS, W, -1}, {XW_A_LOCK, W, -1}, {XW_A_BOOST, R, -1}, {XW_A_ROTATE, W, -1}},
		"1BW 1FB 1NW 2TW 2BB 2FB 2NB 2YW 3LR 3TW 3BW 3FB 3NW 3YW 3PR 4FW 4KR", 0, 0},
};
const int xw_nship_types = (int)(sizeof xw_ship_types / sizeof xw_ship_types[0]);

#undef W
#undef R

/* Generic pilots (no ability); xws id, name, ship type, initiative, cost. */
const xw_pilot xw_pilots[] = {
	{"redsquadronveteran", "Red Squadron Veteran", 0, 3, 43},
	{"bluesquadronescort", "Blue Squadron Escort", 0, 2, 41},
	{"cavernangelszealot", "Cavern Angels Zealot", 0, 1, 41},
	{"goldsquadronveteran", "Gold Squadron Veteran", 1, 3, 32},
	{"graysquadronbomber", "Gray Squadron Bomber", 1, 2, 30},
	{"blacksquadronace", "Black Squadron Ace", 2, 3, 25},
	{"obsidiansquadronpilot", "Obsidian Squadron Pilot", 2, 2, 23},
	{"academypilot", "Academy Pilot", 2, 1, 22},
	{"stormsquadronace", "Storm Squadron Ace", 3, 3, 39},
	{"tempestsquadronpilot", "Tempest Squadron Pilot", 3, 2, 36},
	{"squadsevenveteran", "Squad Seven Veteran", 4, 3, 44},
	{"104thbattalionpilot", "104th Battalion Pilot", 4, 2, 42},
	{"outerrimsmuggler", "Outer Rim Smuggler", 5, 1, 78},
};
const int xw_npilots = (int)(sizeof xw_pilots / sizeof xw_pilots[0]);

const char *const xw_pilot_ids[] = {
	"redsquadronveteran", "bluesquadronescort", "cavernangelszealot",
	"goldsquadronveteran", "graysquadronbomber", "blacksquadronace",
	"obsidiansquadronpilot", "academypilot", "stormsquadronace", "tempestsquadronpilot",
	"squadsevenveteran", "104thbattalionpilot", "outerrimsmuggler", NULL
};

/* Ion Cannon Turret: attack 3, range 1-2, single turret arc, cost 6
 * (data/upgrades/turret.json). Advanced Sensors: after revealing the dial,
 * one action, then no other action in that activation; cost 8
 * (data/upgrades/sensor.json). */
const xw_upgrade_def xw_upgrades[XW_NUPGRADE] = {
	{"ioncannonturret", "Ion Cannon Turret", XW_SLOT_TURRET, 6, 3, 1, 2},
	{"advancedsensors", "Advanced Sensors", XW_SLOT_SENSOR, 8, 0, 0, 0},
};
const char *const xw_upgrade_ids[] = {"ioncannonturret", "advancedsensors", NULL};

/* The faceup cards of the second edition damage deck, by name (their
 * effects other than Direct Hit! are not modelled: formats/xwing.md, D9). */
const char *const xw_damage_ids[] = {
	"directhit", "blindedpilot", "consolefire", "damagedengine", "damagedsensorarray",
	"disabledpowerregulator", "fuelleak", "hullbreach", "loosestabilizer", "panickedpilot",
	"structuraldamage", "stunnedpilot", "woundedpilot", "weaponsfailure", NULL
};
const char *const xw_damage_names[] = {
	"Direct Hit!", "Blinded Pilot", "Console Fire", "Damaged Engine", "Damaged Sensor Array",
	"Disabled Power Regulator", "Fuel Leak", "Hull Breach", "Loose Stabilizer",
	"Panicked Pilot", "Structural Damage", "Stunned Pilot", "Wounded Pilot",
	"Weapons Failure", NULL
};

int xw_pilot_find(const char *xws)
{
	for (int i = 0; i < xw_npilots; i++)
		if (strcmp(xw_pilots[i].xws, xws) == 0)
			return i;
	return -1;
}

int xw_upgrade_find(const char *xws)
{
	for (int i = 0; i < XW_NUPGRADE; i++)
		if (strcmp(xw_upgrades[i].xws, xws) == 0)
			return i;
	return -1;
}

int xw_dial_has(const xw_ship_type *t, const xw_maneuver *m)
{
	char code[4];
	const char *p = t->dial;
	xw_maneuver_code(m, code);
	while (*p) {
		if (memcmp(p, code, 3) == 0 && (p[3] == ' ' || p[3] == 0))
			return 1;
		p += p[3] ? 4 : 3;
	}
	return 0;
}

int xw_ionized_threshold(int size)
{
	return size == XW_LARGE ? 3 : size == XW_MEDIUM ? 2 : 1;
}
