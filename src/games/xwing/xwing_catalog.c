/* xwing_catalog.c - the whole catalog as data: every ship type, pilot and
 * upgrade of X-Wing second edition under both point systems, generated from
 * the community's xwing-data2 (github.com/xwingtmg/xwing-data2, MIT; copies
 * of its files, names and numbers only, in data/xwing-data2 with the licence)
 * by tools/xwing-data/gen.py into xwing_catalog_data.inc; and the look-ups
 * over it. The ids rules version 1 knew come first, in their old order. */
#include "xwing_int.h"

#include <string.h>

#include "xwing_catalog_data.inc"

/* The ENUM names of rules version 1's schema (a frozen copy). */
const char *const xw_pilot_ids_v1[] = {
	"redsquadronveteran", "bluesquadronescort", "cavernangelszealot",
	"goldsquadronveteran", "graysquadronbomber", "blacksquadronace",
	"obsidiansquadronpilot", "academypilot", "stormsquadronace", "tempestsquadronpilot",
	"squadsevenveteran", "104thbattalionpilot", "outerrimsmuggler", NULL
};
const char *const xw_upgrade_ids_v1[] = {"ioncannonturret", "advancedsensors", NULL};

const char *const xw_slot_names[] = {
	"Astromech", "Cannon", "Cargo", "Command", "Configuration", "Crew", "Device",
	"Force Power", "Gunner", "Hardpoint", "Hyperdrive", "Illicit", "Missile", "Modification",
	"Sensor", "Tactical Relay", "Talent", "Team", "Tech", "Title", "Torpedo", "Turret", NULL
};

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

static int find_in(const char *const *ids, int n, const char *xws, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strlen(ids[i]) == len && memcmp(ids[i], xws, len) == 0)
			return i;
	return -1;
}

int xw_pilot_find(const char *xws)
{
	return find_in(xw_pilot_ids, xw_npilots, xws, strlen(xws));
}

int xw_upgrade_find(const char *xws)
{
	return find_in(xw_upgrade_ids, xw_nupgrades, xws, strlen(xws));
}

int xw_pilot_findn(const char *xws, size_t n)
{
	return find_in(xw_pilot_ids, xw_npilots, xws, n);
}

int xw_upgrade_findn(const char *xws, size_t n)
{
	return find_in(xw_upgrade_ids, xw_nupgrades, xws, n);
}

/* Levenshtein distance, capped at 9 (ids are short). */
static int edit_distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b), row[64], prev, t;
	if (la > 63 || lb > 63)
		return 9;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			t = row[j];
			row[j] = a[i - 1] == b[j - 1] ? prev
				: 1 + (prev < row[j] ? (prev < row[j - 1] ? prev : row[j - 1])
				       : (row[j] < row[j - 1] ? row[j] : row[j - 1]));
			prev = t;
		}
	}
	return row[lb] > 9 ? 9 : row[lb];
}

const char *xw_nearest_id(const char *const *ids, const char *xws)
{
	const char *best = NULL;
	int bd = 4;   /* at most 3 edits, else no suggestion */
	size_t n = strlen(xws);
	for (int i = 0; ids[i]; i++)   /* garvendreis -> garvendreis-t65xwing */
		if (n >= 4 && strncmp(ids[i], xws, n) == 0 && ids[i][n] == '-')
			return ids[i];
	for (int i = 0; ids[i]; i++) {
		int d = edit_distance(ids[i], xws);
		if (d < bd) {
			bd = d;
			best = ids[i];
		}
	}
	return best;
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

const xw_action_def *xw_pilot_actions(int pilot, int *n)
{
	const xw_pilot *p = &xw_pilots[pilot];
	if (p->nactions) {
		*n = p->nactions;
		return p->actions;
	}
	*n = xw_ship_types[p->type].nactions;
	return xw_ship_types[p->type].actions;
}
