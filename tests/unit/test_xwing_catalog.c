/* test_xwing_catalog.c - the xwing catalog as data (every ship, pilot and
 * upgrade of xwing-data2 under both point systems) and the squad rules:
 * points, loadout value, slots, restrictions, limited and solitary cards;
 * and the ship event of rules version 2 naming any catalog card by XWS id. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/xwing/xwing_int.h"
#include "formats/sl_log.h"

static int P(const char *xws)
{
	int i = xw_pilot_find(xws);
	if (i < 0)
		fail_msg("no pilot %s in the catalog", xws);
	return i;
}

static int U(const char *xws)
{
	int i = xw_upgrade_find(xws);
	if (i < 0)
		fail_msg("no upgrade %s in the catalog", xws);
	return i;
}

static const xw_ship_type *T(const char *xws)
{
	for (int t = 0; t < xw_nship_types; t++)
		if (strcmp(xw_ship_types[t].xws, xws) == 0)
			return &xw_ship_types[t];
	fail_msg("no ship %s", xws);
	return NULL;
}

static void test_catalog_whole(void **state)
{
	int stationary = 0, reverse = 0, purple = 0, linked = 0, arcs[XW_NARC_KIND] = {0};
	(void)state;
	/* the published game: every faction's ships, hundreds of pilots and upgrades */
	assert_true(xw_nship_types >= 100);
	assert_true(xw_npilots >= 600);
	assert_true(xw_nupgrades >= 500);
	/* the ids rules version 1 knew keep their indexes */
	for (int i = 0; xw_pilot_ids_v1[i]; i++)
		assert_string_equal(xw_pilot_ids[i], xw_pilot_ids_v1[i]);
	for (int i = 0; xw_upgrade_ids_v1[i]; i++)
		assert_string_equal(xw_upgrade_ids[i], xw_upgrade_ids_v1[i]);
	for (int t = 0; t < xw_nship_types; t++) {
		const xw_ship_type *s = &xw_ship_types[t];
		const char *p = s->dial;
		assert_true(s->size >= XW_SMALL && s->size <= XW_HUGE);
		while (*p && s->size != XW_HUGE) {   /* huge ships' dials spend energy: not flown */
			xw_maneuver m;
			size_t n = strcspn(p, " ");
			if (xw_maneuver_parse(p, n, &m) != 0)
				fail_msg("%s: dial code %.*s does not parse", s->xws, (int)n, p);
			stationary += m.bearing == XW_STOP;
			reverse += m.bearing >= XW_RBL;
			p += n + (p[n] == ' ');
		}
		for (int k = 0; k < s->narcs; k++)
			arcs[s->arcs[k].kind]++;
		for (int k = 0; k < s->nactions; k++) {
			purple += s->actions[k].colour == XW_PURPLE;
			linked += s->actions[k].linked >= 0;
		}
	}
	for (int i = 0; i < xw_npilots; i++) {
		const xw_pilot *p = &xw_pilots[i];
		assert_true(p->type >= 0 && p->type < xw_nship_types);
		assert_true(p->cost20 >= 0 || p->cost25 >= 0);
		assert_true(p->initiative >= 0 && p->initiative <= 8);
		for (int k = 0; k < p->nactions; k++)
			purple += p->actions[k].colour == XW_PURPLE;
	}
	assert_true(stationary > 0 && reverse > 0 && linked > 0 && purple > 0);
	for (int k = 0; k < XW_NARC_KIND; k++)
		if (!arcs[k])
			fail_msg("no ship has arc kind %d", k);
}

static void test_catalog_facts(void **state)
{
	const xw_ship_type *x1 = T("tieadvancedx1");
	const xw_pilot *luke = &xw_pilots[P("lukeskywalker")];
	const xw_upgrade_def *pt = &xw_upgrades[U("protontorpedoes")];
	const xw_upgrade_def *r2 = &xw_upgrades[U("r2astromech")];
	(void)state;
	/* the x1: focus, linked to a red barrel roll */
	assert_int_equal(x1->actions[0].action, XW_A_FOCUS);
	assert_int_equal(x1->actions[0].linked, XW_A_BARREL);
	assert_int_equal(x1->actions[0].linked_colour, XW_RED);
	assert_true(strstr(T("auzituckgunship")->dial, "0OR") != NULL);
	/* Luke: initiative 5, limited, 2 Force that recur; 2.0 60 points, 2.5 6 and 24 */
	assert_int_equal(luke->initiative, 5);
	assert_int_equal(luke->limited, 1);
	assert_int_equal(luke->force, 2);
	assert_int_equal(luke->force_recurs, 1);
	assert_int_equal(luke->cost20, 60);
	assert_int_equal(luke->cost25, 6);
	assert_int_equal(luke->loadout25, 24);
	/* Proton Torpedoes: 4 dice at range 2-3, ordnance, 2 charges */
	assert_int_equal(pt->attack, 4);
	assert_int_equal(pt->minrange, 2);
	assert_int_equal(pt->maxrange, 3);
	assert_int_equal(pt->ordnance, 1);
	assert_int_equal(pt->charges, 2);
	assert_int_equal(pt->kind, XW_SLOT_TORPEDO);
	/* R2 Astromech's 2.0 cost follows the agility: 3,3,5,8 */
	assert_int_equal(r2->cost20, -2);
	assert_int_equal(xw_upgrade_cost(U("r2astromech"), P("lukeskywalker"), XW_POINTS_20), 5);
	assert_int_equal(xw_upgrade_cost(U("r2astromech"), P("lukeskywalker"), XW_POINTS_25), 6);
}

static void test_catalog_nearest(void **state)
{
	(void)state;
	assert_string_equal(xw_nearest_id(xw_pilot_ids, "lukeskywalkr"), "lukeskywalker");
	assert_true(strncmp(xw_nearest_id(xw_pilot_ids, "garvendreis"), "garvendreis-", 12) == 0);
	assert_string_equal(xw_nearest_id(xw_upgrade_ids, "protontorpedo"), "protontorpedoes");
	assert_null(xw_nearest_id(xw_upgrade_ids, "zzzzzzzzzzzz"));
}

static xw_loadout LO(const char *pilot, const char *up1, const char *up2)
{
	xw_loadout l;
	memset(&l, 0, sizeof l);
	l.pilot = P(pilot);
	if (up1)
		l.up[l.nup++] = (int16_t)U(up1);
	if (up2)
		l.up[l.nup++] = (int16_t)U(up2);
	return l;
}

static void SQ_OK(const xw_loadout *l, int n, int sys, int want_points)
{
	char why[200] = "";
	int pts = -1, bad;
	if (xw_squad_check(l, n, sys, &pts, &bad, why, sizeof why))
		fail_msg("squad refused: %s", why);
	assert_int_equal(pts, want_points);
}

static void SQ_NO(const xw_loadout *l, int n, int sys, const char *want, int want_bad)
{
	char why[200] = "";
	int pts, bad;
	if (!xw_squad_check(l, n, sys, &pts, &bad, why, sizeof why))
		fail_msg("squad accepted, wanted: %s", want);
	if (!strstr(why, want))
		fail_msg("refused for another reason: %s (wanted %s)", why, want);
	assert_int_equal(bad, want_bad);
}

static void test_squad_25(void **state)
{
	xw_loadout l[5];
	(void)state;
	/* Luke with torpedoes and R2-D2: 12 + 8 = 20 of his 24 loadout; 6 + 5 squad points */
	l[0] = LO("lukeskywalker", "protontorpedoes", "r2d2");
	l[1] = LO("wedgeantilles", NULL, NULL);
	SQ_OK(l, 2, XW_POINTS_25, 11);
	/* Wedge's loadout value is 9: torpedoes at 12 are over it */
	l[1] = LO("wedgeantilles", "protontorpedoes", NULL);
	SQ_NO(l, 2, XW_POINTS_25, "over its loadout value 9", 1);
	/* an upgrade in a slot the ship lacks */
	l[1] = LO("wedgeantilles", "ioncannonturret", NULL);
	SQ_NO(l, 2, XW_POINTS_25, "no free Turret slot for Ion Cannon Turret", 1);
	/* two copies of a limited card: Luke twice */
	l[1] = LO("lukeskywalker", NULL, NULL);
	SQ_NO(l, 2, XW_POINTS_25, "2 cards named Luke Skywalker", 1);
	/* over 20 squad points */
	l[1] = LO("redsquadronveteran", NULL, NULL);
	l[2] = LO("redsquadronveteran", NULL, NULL);
	l[3] = LO("bluesquadronescort", NULL, NULL);
	l[4] = LO("bluesquadronescort", NULL, NULL);
	SQ_NO(l, 5, XW_POINTS_25, "costs 26 points, over the 20 of 2.5", -1);
	/* one faction */
	l[1] = LO("darthvader", NULL, NULL);
	SQ_NO(l, 2, XW_POINTS_25, "is a galacticempire pilot, not rebelalliance", 1);
}

static void test_squad_20(void **state)
{
	xw_loadout l[4];
	char why[200];
	(void)state;
	/* 2.0: pilot and upgrades add up, 200 a squad */
	l[0] = LO("lukeskywalker", "protontorpedoes", "r2d2");
	l[1] = LO("wedgeantilles", "protontorpedoes", NULL);
	SQ_OK(l, 2, XW_POINTS_20, 60 + 12 + 8 + 54 + 12);
	/* a restriction: Han Solo the scum gunner on a rebel ship */
	l[0] = LO("hansolo-modifiedyt1300lightfreighter", "hansolo-gunner", NULL);
	assert_int_equal(xw_loadout_check(&l[0], NULL, XW_POINTS_20, why, sizeof why), -1);
	assert_non_null(strstr(why, "may not equip Han Solo"));
	/* the same card twice on one ship */
	l[0] = LO("lukeskywalker", "protontorpedoes", "protontorpedoes");
	assert_int_equal(xw_loadout_check(&l[0], NULL, XW_POINTS_20, why, sizeof why), -1);
	assert_non_null(strstr(why, "equipped twice"));
	/* over 200 */
	l[0] = LO("lukeskywalker", NULL, NULL);
	l[1] = LO("wedgeantilles", NULL, NULL);
	l[2] = LO("hansolo-modifiedyt1300lightfreighter", NULL, NULL);
	l[3] = LO("biggsdarklighter", NULL, NULL);
	SQ_NO(l, 4, XW_POINTS_20, "costs 240 points, over the 200 of 2.0", -1);
}

/* A log in text, applied entry by entry: 0, or the first refusal in msg. */
static int run_log(const char *text, char *msg, size_t cap, char *desc, size_t dcap)
{
	sl_log *log = NULL;
	sl_error err;
	void *st = NULL;
	sl_buf d;
	int rc = 0;
	sl_error_clear(&err);
	sl_buf_init(&d);
	if (sl_sil_read(&log, "t.sil", text, strlen(text), &err) != 0) {
		snprintf(msg, cap, "%s", err.msg);
		return -1;
	}
	if (log->game->init(&st, &log->h, &err) != 0)
		fail_msg("init: %s", err.msg);
	for (size_t k = 0; k < log->n && rc == 0; k++) {
		sl_buf_reset(&d);
		rc = sl_entry_apply(log->game, &log->h, "t.sil", st, &log->ev[k], (long)k + 1, &d, &err);
	}
	snprintf(msg, cap, "%s", rc ? err.msg : "");
	snprintf(desc, dcap, "%s", sl_buf_cstr(&d));
	log->game->destroy(st);
	sl_log_free(log);
	sl_buf_free(&d);
	return rc;
}

#define HEAD "sil 1\ngame xwing 2\nplayer reb \"Rebels\" #c0392b\nplayer imp \"Empire\" #2f6fd0\n" \
	"meta xwing-points 2.5\n\n"

static void test_ship_event_v2(void **state)
{
	char msg[600], desc[600];
	(void)state;
	if (run_log(HEAD "ship id=luke pilot=lukeskywalker side=reb x=20000 y=8000 "
		"heading=0 upgrades=\"protontorpedoes,r2d2\"\n", msg, sizeof msg, desc, sizeof desc))
		fail_msg("refused: %s", msg);
	assert_non_null(strstr(desc, "Luke Skywalker (T-65 X-wing, initiative 5)"));
	assert_non_null(strstr(desc, "with Proton Torpedoes, with R2-D2; 6 squad points"));
	assert_int_not_equal(run_log(HEAD "ship id=luke pilot=lukeskywalkr side=reb x=20000 y=8000 "
		"heading=0\n", msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "unknown pilot 'lukeskywalkr' (did you mean lukeskywalker?)"));
	assert_int_not_equal(run_log(HEAD "ship id=luke pilot=lukeskywalker side=reb x=20000 y=8000 "
		"heading=0 upgrades=protontorpedo\n", msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "did you mean protontorpedoes?"));
	assert_int_not_equal(run_log(HEAD "ship id=w pilot=wedgeantilles side=reb x=20000 y=8000 "
		"heading=0 upgrades=ioncannonturret\n", msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "no free Turret slot"));
	/* a huge ship is in the catalog but not flown */
	assert_int_not_equal(run_log(HEAD "ship id=cr pilot=alderaanianguard side=reb x=20000 "
		"y=20000 heading=0\n", msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "huge ship"));
}

#define STD "sil 1\ngame xwing 2\nplayer reb \"Rebels\" #c0392b\nplayer imp \"Empire\" #2f6fd0\n" \
	"meta xwing-setup standard\n\n"

static void test_standard_setup(void **state)
{
	char msg[600], desc[600];
	(void)state;
	/* obstacles: beyond range 2 of every edge, beyond range 1 of each other, before ships */
	assert_int_equal(run_log(STD "obstacle id=a kind=asteroid x=30000 y=40000 r=3000\n",
		msg, sizeof msg, desc, sizeof desc), 0);
	assert_int_not_equal(run_log(STD "obstacle id=a kind=asteroid x=22000 y=40000 r=3000\n",
		msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "beyond range 2 of every edge"));
	assert_int_not_equal(run_log(STD "obstacle id=a kind=asteroid x=30000 y=40000 r=3000\n"
		"obstacle id=b kind=debris x=45000 y=40000 r=3000\n", msg, sizeof msg, desc,
		sizeof desc), 0);
	assert_non_null(strstr(msg, "beyond range 1 of the others (a is closer)"));
	/* ships: within range 1 of their edge, in initiative order */
	assert_int_equal(run_log(STD "ship id=x pilot=academypilot side=imp x=30000 y=86000 heading=1800\n"
		"ship id=y pilot=redsquadronveteran side=reb x=30000 y=7000 heading=0\n",
		msg, sizeof msg, desc, sizeof desc), 0);
	assert_int_not_equal(run_log(STD "ship id=y pilot=redsquadronveteran side=reb x=30000 "
		"y=9000 heading=0\n", msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "within range 1 of its player's edge (the bottom)"));
	assert_int_not_equal(run_log(STD "ship id=y pilot=redsquadronveteran side=reb x=30000 y=7000 "
		"heading=0\nship id=x pilot=academypilot side=imp x=30000 y=86000 heading=1800\n",
		msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "in initiative order, lowest first (y, initiative 3"));
	assert_int_not_equal(run_log(STD "ship id=y pilot=redsquadronveteran side=reb x=30000 y=7000 "
		"heading=0\nobstacle id=a kind=asteroid x=30000 y=40000 r=3000\n",
		msg, sizeof msg, desc, sizeof desc), 0);
	assert_non_null(strstr(msg, "before the ships"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_catalog_whole),
		cmocka_unit_test(test_catalog_facts),
		cmocka_unit_test(test_catalog_nearest),
		cmocka_unit_test(test_squad_25),
		cmocka_unit_test(test_squad_20),
		cmocka_unit_test(test_ship_event_v2),
		cmocka_unit_test(test_standard_setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
