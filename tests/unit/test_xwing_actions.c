/* test_xwing_actions.c - rules version 3 of the xwing module: the actions of
 * the 2.0 rules reference beyond the first seven (cloak and decloak, SLAM,
 * coordinate, jam, calculate, reinforce) and the tokens they give or the
 * cards give (strain, deplete, disarm, tractor), each clause with its
 * allowed and its refused side. */
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

#include "test_xwing_ctx.inc"

/* Seven ships with the actions under test, far apart: initiative 1 vu
 * (Vulture droid: calculate), rp (TIE Reaper: coordinate, jam), tr (TIE/rb
 * heavy: reinforce); 2 kw (K-wing: SLAM), sw (Alpha-class: SLAM); 3 xw
 * (X-wing), ph (TIE Phantom: cloak). */
static void squad(ctx *c)
{
	OK(c, "ship id=kw pilot=wardensquadronpilot side=reb x=20000 y=15000 heading=0");
	OK(c, "ship id=xw pilot=redsquadronveteran side=reb x=45720 y=15000 heading=0");
	OK(c, "ship id=vu pilot=tradefederationdrone side=imp x=80000 y=55000 heading=1800");
	OK(c, "ship id=rp pilot=scarifbasepilot side=imp x=20000 y=80000 heading=1800");
	OK(c, "ship id=tr pilot=caridaacademycadet side=imp x=10000 y=55000 heading=1800");
	OK(c, "ship id=sw pilot=nusquadronpilot side=imp x=45720 y=80000 heading=1800");
	OK(c, "ship id=ph pilot=imdaartestpilot side=imp x=75000 y=82000 heading=1800");
}

static const char *const order[] = {"vu", "rp", "tr", "kw", "sw", "xw", "ph", NULL};

static const char *player_of(const char *id)
{
	return strcmp(id, "kw") == 0 || strcmp(id, "xw") == 0 ? "reb" : "imp";
}

/* A round: every ship sets 2FB; the activation phase begins. */
static void round_begins(ctx *c)
{
	char t[32];
	snprintf(t, sizeof t, "turn %d", S(c)->turn + 1);
	OK(c, t);
	for (int k = 0; order[k]; k++)
		DIAL(c, player_of(order[k]), order[k], "2FB");
	OK(c, "phase 2");
}

/* Ship id reveals and flies 2FB. */
static void fly(ctx *c, const char *id)
{
	char line[96];
	REVEAL(c, player_of(id), id, "2FB");
	snprintf(line, sizeof line, "%s: move ship=%s", player_of(id), id);
	OK(c, line);
}

/* Every ship after `from` (in order) flies; then the engagement. */
static void fly_rest(ctx *c, const char *from)
{
	int k = 0;
	while (order[k] && strcmp(order[k], from) != 0)
		k++;
	for (k++; order[k]; k++)
		fly(c, order[k]);
	OK(c, "phase 4");
}

static void activation_to(ctx *c, const char *id)
{
	OK(c, "phase 3");
	for (int k = 0; order[k] && strcmp(order[k], id) != 0; k++)
		fly(c, order[k]);
	fly(c, id);
}

static void test_calculate(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "vu");
	OK(c, "imp: action ship=vu action=calculate");
	assert_int_equal(ship(c, "vu")->calculate, 1);
	fly(c, "rp");
	fly(c, "tr");
	fly(c, "kw");
	fly(c, "sw");
	fly(c, "xw");
	NO(c, "reb: action ship=xw action=calculate", "calculate is not on the action bar");
	fly(c, "ph");
	OK(c, "phase 4");
	/* a defender's calculate: one focus becomes an evade (the Alpha, initiative 2, first) */
	put(c, "xw", 45720, 15000, 0);
	put(c, "sw", 45720, 15000 + 4000 + 15000, 1800);
	ship(c, "xw")->calculate = 2;
	OK(c, "imp: attack ship=sw target=xw weapon=primary atk=hit,hit def=focus,focus dspend=calculate");
	assert_int_equal(ship(c, "xw")->shields, 1);
	assert_int_equal(ship(c, "xw")->calculate, 1);
	/* the Vulture (attack 2) on the x-wing at range 2: one focus becomes a hit */
	put(c, "sw", 80000, 70000, 1800);
	put(c, "vu", 45720, 15000 + 4000 + 15000, 1800);
	NO(c, "imp: attack ship=vu target=xw weapon=primary atk=focus,focus aspend=calculate,calculate "
		"def=blank,blank", "vu has 1 calculate token");
	OK(c, "imp: attack ship=vu target=xw weapon=primary atk=focus,focus aspend=calculate "
		"def=blank,blank");
	assert_int_equal(ship(c, "xw")->shields, 0);   /* one hit, not two */
	assert_int_equal(ship(c, "vu")->calculate, 0);
	OK(c, "phase 5");
	assert_int_equal(ship(c, "xw")->calculate, 0);
}

static void test_jam(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "rp");
	put(c, "rp", 20000, 60000, 1800);
	put(c, "kw", 20000, 60000 - 3000 - 3000 - 5000, 0);   /* range 1 ahead of the Reaper */
	put(c, "xw", 45720, 40000, 0);
	ship(c, "kw")->focus = 1;
	NO(c, "imp: action ship=rp action=jam target=xw", "range 1");
	NO(c, "imp: action ship=rp action=jam target=sw", "chooses an enemy");
	NO(c, "imp: action ship=rp action=jam target=kw", "jam removes one (remove=focus)");
	NO(c, "imp: action ship=rp action=jam target=kw remove=evade", "no evade");
	OK(c, "imp: action ship=rp action=jam target=kw remove=focus");
	assert_int_equal(ship(c, "kw")->focus, 0);
	assert_int_equal(ship(c, "kw")->jam, 0);
}

static void test_jam_token_stays(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "rp");
	put(c, "rp", 20000, 60000, 1800);
	put(c, "kw", 20000, 60000 - 3000 - 3000 - 5000, 0);
	NO(c, "imp: action ship=rp action=jam target=kw remove=focus", "no focus");
	OK(c, "imp: action ship=rp action=jam target=kw");
	assert_int_equal(ship(c, "kw")->jam, 1);
	fly(c, "tr");
	put(c, "kw", 20000, 20000, 0);   /* out of the Reaper's way */
	fly(c, "kw");
	OK(c, "reb: action ship=kw action=lock target=xw");   /* a lock, on any other ship */
	assert_int_equal(ship(c, "kw")->lock, -1);   /* jammed: the lock is broken with the token */
	assert_int_equal(ship(c, "kw")->jam, 0);
}

static void test_coordinate(void **state)
{
	ctx *c = *state;
	squad(c);
	put(c, "sw", 20000 + 15000, 80000, 1800);   /* range 1 of the Reaper */
	round_begins(c);
	activation_to(c, "rp");
	NO(c, "imp: action ship=rp action=coordinate target=kw", "another friendly ship");
	NO(c, "imp: action ship=rp action=coordinate target=ph", "range 1-2");
	NO(c, "imp: action ship=sw action=focus", "during its own activation");
	OK(c, "imp: action ship=rp action=coordinate target=sw");
	assert_int_equal(ship(c, "rp")->stress, 1);   /* a red coordinate */
	NO(c, "imp: action ship=tr action=focus", "during its own activation");
	OK(c, "imp: action ship=sw action=focus");   /* the coordinated ship acts now */
	assert_int_equal(ship(c, "sw")->focus, 1);
	NO(c, "imp: action ship=sw action=evade", "during its own activation");   /* once */
	fly(c, "tr");
	fly(c, "kw");
	fly(c, "sw");
	NO(c, "imp: action ship=sw action=focus", "same action twice in a round");
	OK(c, "imp: action ship=sw action=reload");   /* its own action still */
}

static void test_cloak_and_decloak(void **state)
{
	ctx *c = *state;
	int32_t x;
	squad(c);
	round_begins(c);
	activation_to(c, "ph");
	OK(c, "imp: action ship=ph action=cloak");
	assert_int_equal(ship(c, "ph")->cloak, 1);
	assert_int_equal(xw_agility(S(c), ship(c, "ph")), 4);
	NO(c, "imp: action ship=ph action=decloak dir=left", "system phase");
	OK(c, "phase 4");
	put(c, "ph", 75000, 82000, 1800);
	put(c, "xw", 75000, 82000 - 4000 - 15000, 0);
	NO(c, "imp: attack ship=ph target=xw weapon=primary atk=hit,hit,hit def=blank,blank",
		"cloaked");
	/* the x-wing's attack: the Phantom rolls 2 + 2 defence dice */
	NO(c, "reb: attack ship=xw target=ph weapon=primary atk=hit,hit,hit def=blank,blank",
		"rolls 4 defence dice");
	OK(c, "reb: attack ship=xw target=ph weapon=primary atk=hit,hit,hit def=blank,blank,blank,blank");
	OK(c, "damage card=fuelleak");   /* two shields, then a card */
	OK(c, "phase 5");
	assert_int_equal(ship(c, "ph")->cloak, 1);   /* the cloak token stays */
	OK(c, "turn 2");
	for (int k = 0; order[k]; k++)
		DIAL(c, player_of(order[k]), order[k], "2FB");
	OK(c, "phase 2");
	NO(c, "imp: action ship=sw action=decloak dir=left", "not cloaked");
	NO(c, "imp: action ship=ph action=decloak", "decloak needs dir=");
	ship(c, "ph")->stress = 1;   /* decloaking is no action: stressed, it may */
	put(c, "ph", 40000, 50000, 1800);
	x = 40000;
	OK(c, "imp: action ship=ph action=decloak dir=left");
	/* facing south, its left is east: 40 mm base + the 2-straight (80 mm) */
	assert_int_equal(ship(c, "ph")->pose.x, x + 12000);
	assert_int_equal(ship(c, "ph")->cloak, 0);
	NO(c, "imp: action ship=ph action=decloak dir=right", "not cloaked");
}

static void test_decloak_refused_on_a_base(void **state)
{
	ctx *c = *state;
	squad(c);
	ship(c, "ph")->cloak = 1;
	put(c, "ph", 40000, 50000, 1800);
	put(c, "sw", 40000, 50000 - 4000 - 8000 - 2000, 1800);   /* ahead of it, 20 mm on */
	round_begins(c);
	NO(c, "imp: action ship=ph action=decloak dir=straight", "the decloak would overlap sw");
	assert_int_equal(ship(c, "ph")->cloak, 1);
	OK(c, "imp: action ship=ph action=decloak dir=right");
}

static void test_slam(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "sw");
	NO(c, "imp: action ship=sw action=slam", "SLAM needs maneuver=");
	NO(c, "imp: action ship=sw action=slam maneuver=3FW", "speed 2");
	NO(c, "imp: action ship=sw action=slam maneuver=2KR", "of the Alpha-class");
	OK(c, "imp: action ship=sw action=slam maneuver=2BB");
	assert_int_equal(ship(c, "sw")->disarm, 1);
	assert_int_equal(ship(c, "sw")->pose.h, 1800 - 450);   /* banked left of south */
	fly(c, "xw");
	fly(c, "ph");
	OK(c, "phase 4");
	put(c, "xw", 45720, 30000, 0);
	put(c, "sw", 45720, 30000 + 4000 + 15000, 1800);
	NO(c, "imp: attack ship=sw target=xw weapon=primary atk=hit,hit def=blank,blank", "disarmed");
	OK(c, "reb: attack ship=xw target=sw weapon=primary atk=blank,blank,blank def=blank,blank");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "sw")->disarm, 0);   /* orange: gone at the end phase */
}

static void test_reinforce(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "tr");
	NO(c, "imp: action ship=tr action=reinforce arc=left", "front or the rear half");
	OK(c, "imp: action ship=tr action=reinforce arc=front");
	assert_int_equal(ship(c, "tr")->reinforce, 1);
	fly_rest(c, "tr");
	/* the x-wing before the TIE/rb (facing south): in its front half */
	put(c, "tr", 45720, 60000, 1800);
	put(c, "xw", 45720, 60000 - 4000 - 6000 - 15000, 0);   /* medium base: range 2 */
	OK(c, "reb: attack ship=xw target=tr weapon=primary atk=hit,hit,hit def=blank");
	assert_int_equal(ship(c, "tr")->shields, 0);
	assert_int_equal(S(c)->npend, 2 - xw_type_of(ship(c, "tr"))->shields);   /* 3 - 1 */
	while (S(c)->npend)
		OK(c, "damage card=fuelleak");
	/* from behind: the token does nothing */
	put(c, "kw", 45720, 60000 + 5000 + 6000 + 15000, 1800);
	{
		int before = ship(c, "tr")->hull;
		OK(c, "reb: attack ship=kw target=tr weapon=primary atk=hit,hit def=blank");
		assert_int_equal(S(c)->npend, 2);
		(void)before;
	}
	while (S(c)->npend)
		OK(c, "damage card=consolefire");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "tr")->reinforce, 0);   /* green: gone at the end phase */
}

static void test_strain_deplete_tractor(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	OK(c, "effect ship=xw token=strain delta=1 source=\"a card\"");
	OK(c, "effect ship=sw token=deplete delta=1 source=\"a card\"");
	OK(c, "effect ship=kw token=tractor delta=1 source=\"a tractor beam\"");
	assert_int_equal(xw_agility(S(c), ship(c, "kw")), 1);   /* medium: not yet tractored */
	OK(c, "effect ship=kw token=tractor delta=1 source=\"a tractor beam\"");
	assert_int_equal(xw_agility(S(c), ship(c, "kw")), 0);   /* 2 tokens: tractored */
	NO(c, "effect ship=xw token=cloak delta=2 source=x", "one cloak token");
	OK(c, "phase 3");
	for (int k = 0; order[k]; k++)
		fly(c, order[k]);
	OK(c, "phase 4");
	put(c, "xw", 45720, 30000, 0);
	put(c, "sw", 45720, 30000 + 4000 + 15000, 1800);
	/* deplete: the Alpha (2 dice) rolls 1; strain: the x-wing (2) rolls 1 */
	NO(c, "imp: attack ship=sw target=xw weapon=primary atk=hit,hit def=blank", "rolls 1 attack die");
	NO(c, "imp: attack ship=sw target=xw weapon=primary atk=hit def=blank,blank", "rolls 1 defence die");
	OK(c, "imp: attack ship=sw target=xw weapon=primary atk=hit def=blank");
	assert_int_equal(ship(c, "sw")->deplete, 0);
	assert_int_equal(ship(c, "xw")->strain, 0);
	OK(c, "phase 5");
	assert_int_equal(ship(c, "kw")->tractor, 0);
}

static void test_tractor_move(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	put(c, "xw", 45720, 40000, 0);
	NO(c, "imp: action ship=xw action=tractor dir=left", "not tractored (0 tractor tokens, 1 needed)");
	OK(c, "effect ship=xw token=tractor delta=1 source=\"a tractor beam\"");
	NO(c, "reb: action ship=xw action=tractor dir=left", "not its own");
	NO(c, "imp: action ship=xw action=tractor maneuver=2FW", "1-straight or a 1-bank");
	NO(c, "imp: action ship=xw action=tractor", "barrel rolls (dir=left|right) or boosts");
	OK(c, "imp: action ship=xw action=tractor dir=left");
	assert_int_equal(ship(c, "xw")->pose.x, 45720 - 8000);   /* small base: 40 + 40 mm */
	NO(c, "imp: action ship=xw action=tractor maneuver=1FW", "has been moved");
	OK(c, "phase 3");
	for (int k = 0; order[k]; k++)
		fly(c, order[k]);
	OK(c, "phase 4");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "xw")->tractor_moved, 0);
}

/* Jam reaches range 2 only in the jammer's bullseye arc. */
static void test_jam_bullseye(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "rp");
	put(c, "rp", 20000, 60000, 1800);
	put(c, "kw", 20000 + 6000, 60000 - 3000 - 3000 - 15000, 0);   /* range 2, off the bullseye */
	NO(c, "imp: action ship=rp action=jam target=kw", "range 1, or at range 2 in the bullseye");
	put(c, "kw", 20000, 60000 - 3000 - 3000 - 15000, 0);          /* range 2, straight ahead */
	OK(c, "imp: action ship=rp action=jam target=kw");
	assert_int_equal(ship(c, "kw")->jam, 1);
}

/* Reinforce cancels nothing when a single result is left. */
static void test_reinforce_single_result(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	activation_to(c, "tr");
	OK(c, "imp: action ship=tr action=reinforce arc=front");
	fly_rest(c, "tr");
	put(c, "tr", 45720, 60000, 1800);
	put(c, "xw", 45720, 60000 - 4000 - 6000 - 15000, 0);
	OK(c, "reb: attack ship=xw target=tr weapon=primary atk=hit,blank,blank def=blank");
	assert_int_equal(S(c)->npend + (xw_type_of(ship(c, "tr"))->shields - ship(c, "tr")->shields), 1);
}

/* SLAM through an obstacle rolls its die, as a maneuver does. */
static void test_slam_through_obstacle(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=dust kind=debris x=45720 y=58000 r=1500");
	squad(c);
	round_begins(c);
	activation_to(c, "sw");
	NO(c, "imp: action ship=sw action=slam maneuver=2FB", "dice= needs 1 attack dice, not 0");
	OK(c, "imp: action ship=sw action=slam maneuver=2FB dice=blank");
	assert_int_equal(ship(c, "sw")->stress, 1);   /* blue: none to remove; the debris: one */
	assert_int_equal(ship(c, "sw")->disarm, 1);
}

/* Decloak's boost: a small base takes the 2-straight. */
static void test_decloak_boost(void **state)
{
	ctx *c = *state;
	squad(c);
	ship(c, "ph")->cloak = 1;
	put(c, "ph", 40000, 50000, 1800);
	round_begins(c);
	OK(c, "imp: action ship=ph action=decloak dir=straight");
	assert_int_equal(ship(c, "ph")->pose.y, 50000 - 4000 - 8000);
	assert_int_equal(ship(c, "ph")->pose.x, 40000);
}

static void test_effect_damage(void **state)
{
	ctx *c = *state;
	squad(c);
	round_begins(c);
	NO(c, "effect ship=xw token=hit delta=-1 source=\"console fire\"", "not taken back");
	OK(c, "effect ship=xw token=hit delta=3 source=consolefire");
	assert_int_equal(ship(c, "xw")->shields, 0);
	assert_int_equal(S(c)->npend, 1);
	OK(c, "damage card=directhit");   /* dealt facedown: no effect */
	assert_int_equal(S(c)->npend, 0);
	assert_int_equal(ship(c, "xw")->hull, 3);
	OK(c, "effect ship=xw token=crit delta=1 source=\"a bomb\"");
	assert_int_equal(S(c)->pend_up[0], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_calculate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jam, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jam_token_stays, setup, teardown),
		cmocka_unit_test_setup_teardown(test_coordinate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cloak_and_decloak, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decloak_refused_on_a_base, setup, teardown),
		cmocka_unit_test_setup_teardown(test_slam, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reinforce, setup, teardown),
		cmocka_unit_test_setup_teardown(test_strain_deplete_tractor, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tractor_move, setup, teardown),
		cmocka_unit_test_setup_teardown(test_jam_bullseye, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reinforce_single_result, setup, teardown),
		cmocka_unit_test_setup_teardown(test_slam_through_obstacle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_decloak_boost, setup, teardown),
		cmocka_unit_test_setup_teardown(test_effect_damage, setup, teardown),
	};
	(void)four;   /* the shared context's helpers these tests do not use */
	(void)plan;
	(void)to_engagement;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
