/* test_xwing.c - the xwing rules module: the geometry of every maneuver on
 * every base against end poses computed independently (python3 floating
 * point, embedded below), overlaps, ranges and arcs; then the round, stress,
 * actions, obstacles and combat; then each clause of the ionization rule
 * (seed 001) with its allowed and its refused side; snapshots and the
 * generator. Events are written as log lines and parsed with the .sil codec;
 * positions are arranged by placing ships directly in the state. */
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


/* ---- expected geometry --------------------------------------------------------
 * Generated once by this python3 (math module, doubles), independently of the
 * module's integer code; positions in 0.01 mm rounded half away from zero:
 *   L = {small: 40, medium: 60, large: 80} mm; bank radius 80/130/180, turn
 *   35/62.5/90; straight ends at (0, L + 40 s); a right bank or turn of angle
 *   t, radius R at (R (1 - cos t) + L/2 sin t, L/2 + R sin t + L/2 cos t);
 *   left mirrors x; Koiogran / Segnor add 180 degrees, Tallon 90 more toward
 *   the turn; reverse mirrors y and the rotation; start (500, 400) mm, the
 *   world offset rotated by the start heading h0 (clockwise from +y). */
#include "test_xwing_geom.inc"

static void test_geom_trig(void **state)
{
	(void)state;
	assert_int_equal(xw_sin(0), 0);
	assert_int_equal(xw_sin(900), XW_TRIG_ONE);
	assert_int_equal(xw_sin(300), XW_TRIG_ONE / 2);
	assert_int_equal(xw_cos(600), XW_TRIG_ONE / 2);
	assert_int_equal(xw_sin(1800), 0);
	assert_int_equal(xw_sin(2700), -XW_TRIG_ONE);
	assert_int_equal(xw_sin(-900), -XW_TRIG_ONE);
	assert_int_equal(xw_cos(3600 + 1800), -XW_TRIG_ONE);
	for (int a = 0; a < XW_TURN; a++) {
		int64_t s = xw_sin(a), c = xw_cos(a);
		int64_t one = (int64_t)XW_TRIG_ONE * XW_TRIG_ONE, sum = s * s + c * c;
		assert_true(sum - one < ((int64_t)XW_TRIG_ONE * 4) && one - sum < ((int64_t)XW_TRIG_ONE * 4));
	}
}

static void test_geom_issue_numbers(void **state)
{
	xw_pose p = {0, 0, 0}, e;
	xw_maneuver m;
	(void)state;
	assert_int_equal(xw_maneuver_parse("1NW", 3, &m), 0);
	assert_int_equal(xw_maneuver_end(&p, XW_SMALL, &m, &e), 0);
	assert_int_equal(e.x, 3757);    /* bank 1 on a small base: (37.57, 90.71) mm */
	assert_int_equal(e.y, 9071);
	assert_int_equal(e.h, 450);
	assert_int_equal(xw_maneuver_parse("1YW", 3, &m), 0);
	assert_int_equal(xw_maneuver_end(&p, XW_SMALL, &m, &e), 0);
	assert_int_equal(e.x, 5500);    /* turn 1: (55, 55) mm */
	assert_int_equal(e.y, 5500);
	assert_int_equal(e.h, 900);
	/* codes that are no maneuver */
	assert_int_equal(xw_maneuver_parse("6FW", 3, &m), -1);
	assert_int_equal(xw_maneuver_parse("4BW", 3, &m), -1);
	assert_int_equal(xw_maneuver_parse("1FX", 3, &m), -1);
	assert_int_equal(xw_maneuver_parse("3SW", 3, &m), -1);
	assert_int_equal(xw_maneuver_parse("1OW", 3, &m), -1);
	assert_int_equal(xw_maneuver_parse("0OR", 3, &m), 0);
}

static void test_geom_all_maneuvers(void **state)
{
	int bad = 0, n = (int)(sizeof expect_end / sizeof expect_end[0]);
	(void)state;
	assert_true(n > 300);
	for (int i = 0; i < n; i++) {
		xw_pose p = {50000, 40000, expect_end[i].h0}, e;
		xw_maneuver m;
		int tol = expect_end[i].h0 ? 1 : 0;   /* rotated: one rounding more */
		assert_int_equal(xw_maneuver_parse(expect_end[i].code, 3, &m), 0);
		assert_int_equal(xw_maneuver_end(&p, expect_end[i].size, &m, &e), 0);
		if (abs(e.x - expect_end[i].x) > tol || abs(e.y - expect_end[i].y) > tol
		    || e.h != expect_end[i].h) {
			print_message("size %d %s h0 %d: got (%d, %d, %d), want (%d, %d, %d)\n",
				expect_end[i].size, expect_end[i].code, expect_end[i].h0, e.x, e.y, e.h,
				expect_end[i].x, expect_end[i].y, expect_end[i].h);
			bad++;
		}
	}
	assert_int_equal(bad, 0);
}

static void test_geom_path_ends_at_end(void **state)
{
	static const char *const codes[] = {"3FW", "2TW", "3NW", "2BW", "1YW", "1AW", "2SW", "3DW"};
	(void)state;
	for (int size = 0; size < 3; size++)
		for (int i = 0; i < 8; i++) {
			xw_pose p = {40000, 40000, 1234}, e, k0, kn;
			xw_maneuver m;
			assert_int_equal(xw_maneuver_parse(codes[i], 3, &m), 0);
			xw_maneuver_end(&p, size, &m, &e);
			xw_maneuver_at(&p, size, &m, XW_PATH_STEPS, &kn);
			assert_int_equal(kn.x, e.x);
			assert_int_equal(kn.y, e.y);
			assert_int_equal(kn.h, e.h);
			/* step 0: the base just in front of (or behind) where it stood */
			xw_maneuver_at(&p, size, &m, 0, &k0);
			assert_int_equal(k0.h, p.h);
		}
}

static void test_geom_barrel_rolls(void **state)
{
	int n = (int)(sizeof expect_roll / sizeof expect_roll[0]);
	(void)state;
	for (int i = 0; i < n; i++) {
		xw_pose p = {50000, 40000, expect_roll[i].h0}, e;
		int tol = expect_roll[i].h0 ? 1 : 0;
		xw_barrel_roll_end(&p, expect_roll[i].size, expect_roll[i].side, expect_roll[i].place, &e);
		if (abs(e.x - expect_roll[i].x) > tol || abs(e.y - expect_roll[i].y) > tol)
			fail_msg("roll size %d side %d place %d h0 %d: got (%d, %d), want (%d, %d)",
				expect_roll[i].size, expect_roll[i].side, expect_roll[i].place,
				expect_roll[i].h0, e.x, e.y, expect_roll[i].x, expect_roll[i].y);
		assert_int_equal(e.h, p.h);
	}
}

/* xw_bases_overlap's answer from the corners alone (no shortcut) */
static int ref_overlap(const xw_pose *a, int sa, const xw_pose *b, int sb)
{
	int32_t ax[4], ay[4], bx[4], by[4];
	xw_base_corners(a, sa, ax, ay);
	xw_base_corners(b, sb, bx, by);
	return xw_corners_overlap(ax, ay, bx, by);
}

/* Bases far enough apart are answered from their centres alone: corner to
 * corner along every heading, at every distance about where their
 * circumscribed circles meet (the closest such bases come), the answer is
 * the corners' */
static void test_geom_overlap_far(void **state)
{
	static const int sizes[3] = {XW_SMALL, XW_MEDIUM, XW_LARGE};
	int yes = 0, no = 0;
	(void)state;
	for (int sa = 0; sa < 3; sa++)
		for (int sb = 0; sb < 3; sb++)
			for (int dir = 0; dir < 3600; dir += 75) {
				int64_t ha = xw_base_len(sizes[sa]) / 2, hb = xw_base_len(sizes[sb]) / 2;
				/* each base's corner toward the other: headings 45 degrees off the line */
				xw_pose a = {200000, 200000, xw_norm_angle(dir + 450)}, b;
				int64_t reach = (int64_t)((double)(ha + hb) * 1.41421356);
				for (int64_t d = reach - 40; d <= reach + 40; d++) {
					b.x = (int32_t)(a.x + xw_rdiv(d * xw_cos(dir), XW_TRIG_ONE));
					b.y = (int32_t)(a.y + xw_rdiv(d * xw_sin(dir), XW_TRIG_ONE));
					b.h = xw_norm_angle(dir + 450 + 1800);
					int want = ref_overlap(&a, sizes[sa], &b, sizes[sb]);
					if (xw_bases_overlap(&a, sizes[sa], &b, sizes[sb]) != want)
						fail_msg("sizes %d/%d heading %d distance %lld: overlap %d, corners say %d",
							sizes[sa], sizes[sb], dir, (long long)d, !want, want);
					want ? yes++ : no++;
				}
			}
	assert_true(yes > 0 && no > 0);   /* both sides of the bound were reached */
}

static void test_geom_overlap(void **state)
{
	xw_pose a = {40000, 40000, 0}, b = {44000, 40000, 0}, c = {44000, 40000, 450};
	(void)state;
	assert_false(xw_bases_overlap(&a, XW_SMALL, &b, XW_SMALL));   /* touching edges */
	b.x = 43999;
	assert_true(xw_bases_overlap(&a, XW_SMALL, &b, XW_SMALL));
	/* a small base turned 45 degrees reaches 28.28 mm: its corner touches at 48.28 */
	c.x = 40000 + 2000 + 2829;
	assert_false(xw_bases_overlap(&a, XW_SMALL, &c, XW_SMALL));
	c.x = 40000 + 2000 + 2820;
	assert_true(xw_bases_overlap(&a, XW_SMALL, &c, XW_SMALL));
	/* sizes: a large base reaches 40 mm */
	b.x = 40000 + 2000 + 4000;
	assert_false(xw_bases_overlap(&a, XW_SMALL, &b, XW_LARGE));
	b.x -= 1;
	assert_true(xw_bases_overlap(&a, XW_SMALL, &b, XW_LARGE));
	/* discs */
	assert_false(xw_base_disc_overlap(&a, XW_SMALL, 40000, 40000 + 2000 + 1000, 1000));
	assert_true(xw_base_disc_overlap(&a, XW_SMALL, 40000, 40000 + 2000 + 999, 1000));
	/* the corner of a base: distance sqrt(2) * 10 mm = 14.14 mm */
	assert_false(xw_base_disc_overlap(&a, XW_SMALL, 43000, 43000, 1414));
	assert_true(xw_base_disc_overlap(&a, XW_SMALL, 43000, 43000, 1415));
	/* the mat's edge */
	a.x = 2000;
	assert_false(xw_base_off_mat(&a, XW_SMALL));
	a.x = 1999;
	assert_true(xw_base_off_mat(&a, XW_SMALL));
	a.x = XW_MAT - 3000;
	assert_false(xw_base_off_mat(&a, XW_MEDIUM));
	a.h = 450;
	assert_true(xw_base_off_mat(&a, XW_MEDIUM));
}

static void test_geom_template_obstacle(void **state)
{
	xw_pose p = {40000, 40000, 0};
	xw_maneuver m;
	(void)state;
	/* 2-straight: the template spans x 390..410, y 420..500 mm */
	assert_int_equal(xw_maneuver_parse("2FW", 3, &m), 0);
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 43000, 46000, 2000));
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 43000, 46000, 2001));
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000, 52000, 2000));   /* beyond its end */
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 40000, 52000, 2001));
	/* reversed: behind the base */
	assert_int_equal(xw_maneuver_parse("2SW", 3, &m), 0);
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 40000, 34000, 1000));
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000, 46000, 1000));
	/* turn 1 right: the arc's centre at (+35, +20) mm, radii 25..45 mm; a
	 * disc 55 mm from the centre at 45 degrees is 10 mm from the outline */
	assert_int_equal(xw_maneuver_parse("1YW", 3, &m), 0);
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000 + 3500 - 3889, 40000 + 2000 + 3889, 990));
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 40000 + 3500 - 3889, 40000 + 2000 + 3889, 1010));
	/* inside the arc's hole: 15 mm from the centre, 10 mm from the inner edge */
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000 + 3500 - 1061, 40000 + 2000 + 1061, 990));
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 40000 + 3500 - 1061, 40000 + 2000 + 1061, 1010));
	/* the same turn to the left is the mirror */
	assert_int_equal(xw_maneuver_parse("1TW", 3, &m), 0);
	assert_true(xw_template_disc(&p, XW_SMALL, &m, 40000 - 3500 + 3889, 40000 + 2000 + 3889, 1010));
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000 + 6000, 40000 + 5500, 1010));   /* where the right turn goes */
	/* past the end cap of the turn (below the arc's centre line, to the right) */
	assert_false(xw_template_disc(&p, XW_SMALL, &m, 40000 + 8000, 40000 + 2000, 1000));
}

static void test_geom_range_and_arcs(void **state)
{
	xw_pose a = {40000, 40000, 0}, b = {40000, 40000 + 4000 + 10000, 0};
	int32_t pa[2], pb[2];
	(void)state;
	assert_int_equal(xw_base_distance(&a, XW_SMALL, &b, XW_SMALL, pa, pb), 10000);
	assert_int_equal(xw_range_band(10000), 1);
	assert_int_equal(xw_range_band(10001), 2);
	assert_int_equal(xw_range_band(30000), 3);
	assert_int_equal(xw_range_band(30001), 4);
	assert_int_equal(xw_range_band(0), 0);
	assert_int_equal(pa[1], 42000);
	assert_int_equal(pb[1], 42000 + 10000);
	/* corner to corner, diagonal: 30 mm and 40 mm make 50 mm */
	b.x = 40000 + 4000 + 3000;
	b.y = 40000 + 4000 + 4000;
	assert_int_equal(xw_base_distance(&a, XW_SMALL, &b, XW_SMALL, pa, pb), 5000);
	/* arcs */
	b.x = 40000;
	b.y = 60000;
	assert_true(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
	assert_false(xw_in_arc(&a, XW_SMALL, XW_ARC_REAR, &b, XW_SMALL));
	b.y = 20000;
	assert_true(xw_in_arc(&a, XW_SMALL, XW_ARC_REAR, &b, XW_SMALL));
	assert_false(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
	/* beside: at (x + 100, y + 50) the corners (80..120, 30..70) lie outside
	 * the front arc (y >= |x|): right arc only */
	b.x = 50000;
	b.y = 45000;
	assert_false(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
	assert_true(xw_in_arc(&a, XW_SMALL, XW_ARC_RIGHT, &b, XW_SMALL));
	/* a corner exactly on the arc line counts */
	b.x = 40000 + 5000;
	b.y = 40000 + 1000;          /* corners (30..70, -10..30): only (30, 30) on the line */
	assert_true(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
	b.x += 1;
	assert_false(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
	/* turned attacker: heading 90 faces +x */
	a.h = 900;
	b.x = 60000;
	b.y = 40000;
	assert_true(xw_in_arc(&a, XW_SMALL, XW_ARC_FRONT, &b, XW_SMALL));
}

/* ---- the rules: a context with two players --------------------------------------- */

#define XW_CTX_OWN_SETUP
#include "test_xwing_ctx.inc"

/* These tests hold rules version 2, read with its table; setup_v opens version 3
 * (its attack in two entries: both sides' dice in the roll, both sides' spends in
 * the modify) or 4 (the published order). */
static int setup(void **state) { return xw_open(state, &sl_game_xwing_v2, 2); }
static int setup_v(void **state, int v)
{
	return xw_open(state, v == 3 ? &sl_game_xwing_v3 : &sl_game_xwing, v);
}
static int setup3(void **state) { return setup_v(state, 3); }
static int setup4(void **state) { return setup_v(state, 4); }

/* ---- setup --------------------------------------------------------------------- */

static void test_setup(void **state)
{
	ctx *c = *state;
	NO(c, "reb: dial ship=a commit=\"00\"", "after `turn 1`");
	NO(c, "turn 1", "no ships");
	OK(c, "obstacle id=rock kind=asteroid x=45720 y=45720 r=3000");
	NO(c, "obstacle id=rock kind=debris x=20000 y=45720 r=3000", "taken");
	NO(c, "obstacle id=edge kind=debris x=1000 y=45720 r=3000", "wholly on the mat");
	OK(c, "ship id=a pilot=redsquadronveteran side=reb x=20000 y=10000 heading=0");
	NO(c, "ship id=b pilot=redsquadronveteran side=reb x=23000 y=10000 heading=0", "overlap a");
	NO(c, "ship id=b pilot=redsquadronveteran side=reb x=1000 y=10000 heading=0", "off the mat");
	NO(c, "ship id=b pilot=redsquadronveteran side=reb x=45720 y=45720 heading=0", "overlap rock");
	NO(c, "ship id=b pilot=redsquadronveteran side=xyz x=30000 y=10000 heading=0", "not a player");
	NO(c, "ship id=b pilot=redsquadronveteran side=reb x=30000 y=10000 heading=0 upgrades=ioncannonturret",
		"no free Turret slot for Ion Cannon Turret");
	OK(c, "ship id=b pilot=graysquadronbomber side=reb x=30000 y=10000 heading=0 upgrades=ioncannonturret");
	assert_true(strstr(sl_buf_cstr(&c->desc), "34 points") != NULL);   /* 29 + 5 (2.0, last list) */
	OK(c, "ship id=yt pilot=outerrimsmuggler side=imp x=45720 y=80000 heading=1800");
	OK(c, "turn 1");
	NO(c, "ship id=late pilot=academypilot side=imp x=10000 y=60000 heading=0", "before round 1");
}

/* ---- planning and reveal -------------------------------------------------------- */

static void test_planning_and_reveal(void **state)
{
	ctx *c = *state;
	char line[256];
	four(c);
	OK(c, "turn 1");
	NO(c, "reb: dial ship=ywing commit=\"12\"", "64 hex digits");
	NO(c, "imp: dial ship=ywing commit=\"12\"", "flown by reb");
	DIAL(c, "reb", "ywing", "2FB");
	commit_line("reb", "ywing", "1FB", line, sizeof line);
	NO(c, line, "already set");
	DIAL(c, "reb", "xwing", "2FB");
	DIAL(c, "imp", "tie", "2FB");
	NO(c, "phase 2", "adv has no dial set");
	DIAL(c, "imp", "adv", "2FB");
	OK(c, "phase 2");
	OK(c, "phase 3");
	/* the reveal must open the commitment */
	assert_int_not_equal(REVEAL_rc(c, "reb", "ywing", "1FB"), 0);
	assert_true(strstr(c->err.msg, "does not match the commitment") != NULL);
	assert_int_not_equal(REVEAL_rc(c, "reb", "ywing", "5FW"), 0);
	assert_true(strstr(c->err.msg, "not on the dial") != NULL);
	NO(c, "reb: reveal ship=ywing dial=2FB salt=00", "32 hex digits");
	NO(c, "reb: move ship=ywing", "must reveal its dial");
	REVEAL(c, "reb", "ywing", "2FB");
	assert_int_equal(ship(c, "ywing")->dial.speed, 2);
	NO(c, "reb: move ship=ywing maneuver=3FW", "executes 2FB, not 3FW");
	OK(c, "reb: move ship=ywing maneuver=2FB");
	assert_int_equal(ship(c, "ywing")->pose.y, 10000 + 4000 + 8000);
}

static void test_activation_order(void **state)
{
	ctx *c = *state;
	four(c);   /* initiative: ywing 2, xwing 3, tie 3, adv 3 */
	plan(c, "2FB", "2FB", "2FB", "2FB");
	assert_int_not_equal(REVEAL_rc(c, "reb", "xwing", "2FB"), 0);
	assert_true(strstr(c->err.msg, "initiative order") != NULL);
	REVEAL(c, "reb", "ywing", "2FB");
	assert_int_not_equal(REVEAL_rc(c, "imp", "tie", "2FB"), 0);
	assert_true(strstr(c->err.msg, "must execute its maneuver before another ship") != NULL);
	OK(c, "reb: move ship=ywing");
	/* initiative 3 tie: the first player's (reb, the header's first) ships first */
	assert_int_not_equal(REVEAL_rc(c, "imp", "tie", "2FB"), 0);
	assert_true(strstr(c->err.msg, "first player's ships activate first") != NULL);
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing");
	NO(c, "phase 4", "has not executed its maneuver");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	NO(c, "imp: move ship=tie", "already executed");
	OK(c, "phase 4");
}

/* D1: `meta first-player ID` gives the first player, who activates first on ties. */
static void test_first_player(void **state)
{
	ctx *c = *state;
	c->log->h.meta = sl_calloc(1, sizeof *c->log->h.meta);
	assert_non_null(c->log->h.meta);
	c->log->h.meta[0].key = sl_strdup("first-player");
	c->log->h.meta[0].value = sl_strdup("imp");
	c->log->h.nmeta = 1;
	four(c);
	plan(c, "2FB", "2FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	assert_int_not_equal(REVEAL_rc(c, "reb", "xwing", "2FB"), 0);
	assert_true(strstr(c->err.msg, "first player's ships activate first (tie before xwing)") != NULL);
	REVEAL(c, "imp", "tie", "2FB");
}

/* ---- stress, actions --------------------------------------------------------------- */

static void test_stress(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "2FB", "4KR", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "4KR");
	OK(c, "reb: move ship=xwing");
	assert_int_equal(ship(c, "xwing")->stress, 1);       /* red: a stress token */
	assert_int_equal(ship(c, "xwing")->pose.h, 1800);
	NO(c, "reb: action ship=xwing action=focus", "xwing stress: xwing is stressed");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	OK(c, "phase 5");
	/* round 2: stressed, the x-wing's red 3-Tallon becomes a white 2-straight */
	plan(c, "1FB", "3ER", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "3ER");
	NO(c, "reb: move ship=xwing maneuver=3ER", "executes 2FW, not 3ER");
	{
		int32_t y = ship(c, "xwing")->pose.y;
		OK(c, "reb: move ship=xwing maneuver=2FW");
		assert_int_equal(ship(c, "xwing")->pose.y, y - 12000);   /* heading 180: down */
		assert_int_equal(ship(c, "xwing")->pose.h, 1800);
		assert_int_equal(ship(c, "xwing")->stress, 1);          /* white: no change */
	}
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	OK(c, "phase 5");
	/* round 3: a blue maneuver removes the token */
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	assert_int_equal(ship(c, "xwing")->stress, 0);
	OK(c, "reb: action ship=xwing action=focus");
}

static void test_actions(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "2FB", "2FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	NO(c, "reb: action ship=ywing action=focus", "after executing its maneuver");
	OK(c, "reb: move ship=ywing");
	NO(c, "reb: action ship=ywing action=evade", "not on the action bar");
	NO(c, "reb: action ship=ywing action=lock target=tie", "beyond range 3");
	put(c, "tie", 50000, 45000, 1800);          /* range 2 of the x-wing after its move */
	OK(c, "reb: action ship=ywing action=barrelroll dir=right place=forward");
	assert_int_equal(ship(c, "ywing")->pose.x, 20000 + 8000);
	assert_int_equal(ship(c, "ywing")->pose.y, 22000 + 1000);
	assert_int_equal(ship(c, "ywing")->stress, 1);     /* the Y-wing's barrel roll is red */
	NO(c, "reb: action ship=ywing action=focus", "stressed");
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing");
	NO(c, "reb: action ship=xwing action=barrelroll", "left or right");
	put(c, "adv", 68000, 22000, 0);              /* beside the x-wing */
	NO(c, "reb: action ship=xwing action=barrelroll dir=right", "would overlap adv");
	OK(c, "reb: action ship=xwing action=lock target=tie");
	assert_int_equal(ship(c, "xwing")->lock, I(c, "tie"));
	NO(c, "reb: action ship=xwing action=focus", "has performed its action");
	put(c, "adv", 60000, 80000, 1800);
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	/* TIE Advanced: focus, then its linked red barrel roll */
	OK(c, "imp: action ship=adv action=focus");
	NO(c, "imp: action ship=adv action=lock linked=1 target=xwing", "no action of adv is linked to lock");
	OK(c, "imp: action ship=adv action=barrelroll dir=left linked=1");
	assert_int_equal(ship(c, "adv")->stress, 1);
	assert_int_equal(ship(c, "adv")->focus, 1);
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	NO(c, "imp: action ship=tie action=boost dir=left", "not on the action bar");
	OK(c, "imp: action ship=tie action=evade");
	assert_int_equal(ship(c, "tie")->evade, 1);
	OK(c, "phase 4");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "adv")->focus, 0);    /* end phase: focus and evade go */
	assert_int_equal(ship(c, "xwing")->lock, I(c, "tie"));   /* locks stay */
}

/* ---- the board: bumps, fleeing, obstacles ------------------------------------ */

static void test_bump_and_flee(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "4FR", "2FB", "2FB", "2FB");
	put(c, "tie", 20000, 28000, 1800);   /* in the Y-wing's way */
	REVEAL(c, "reb", "ywing", "4FR");
	OK(c, "reb: move ship=ywing");
	assert_true(strstr(sl_buf_cstr(&c->desc), "bumps into tie") != NULL);
	/* backed along the template until it touches the TIE */
	assert_true(ship(c, "ywing")->pose.y <= 28000 - 4000);
	assert_true(ship(c, "ywing")->pose.y >= 28000 - 4000 - 5);   /* within 0.05 mm of touching */
	assert_false(xw_bases_overlap(&ship(c, "ywing")->pose, XW_SMALL, &ship(c, "tie")->pose, XW_SMALL));
	assert_int_equal(ship(c, "ywing")->stress, 1);   /* the difficulty still counts */
	NO(c, "reb: action ship=ywing action=focus", "skips its Perform Action step");
	put(c, "xwing", 60000, 88000, 0);    /* at the far edge */
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing");
	assert_true(strstr(sl_buf_cstr(&c->desc), "flees") != NULL);
	assert_int_equal(ship(c, "xwing")->fled, 1);
	NO(c, "reb: action ship=xwing action=focus", "no longer on the mat");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");   /* the fled ship owes no maneuver */
}

static void use_v1(ctx *c);

/* Rules version 2: after a bump the two ships touch, at range 0: neither may
 * attack the other (rules reference, Bumping; Range). Version 1 left the
 * mover a hair short, at range 1, and kept that for its logs. */
static void bump_then_attack(ctx *c)
{
	four(c);
	plan(c, "2FB", "2FB", "3FB", "2FB");
	put(c, "tie", 20000, 40000, 1800);   /* its 3-straight ends on the Y-wing */
	put(c, "adv", 80000, 80000, 1800);
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "3FB");
	OK(c, "imp: move ship=tie");
	assert_true(strstr(sl_buf_cstr(&c->desc), "bumps into ywing") != NULL);
}

static void test_bump_touch(void **state)
{
	ctx *c = *state;
	bump_then_attack(c);
	OK(c, "phase 4");
	NO(c, "imp: attack ship=tie target=ywing weapon=primary atk=hit,hit,hit def=blank",
		"at range 0 of tie");
}

static void test_bump_touch_v1(void **state)
{
	ctx *c = *state;
	use_v1(c);
	bump_then_attack(c);
	OK(c, "phase 4");
	OK(c, "imp: attack ship=tie target=ywing weapon=primary atk=hit,hit,hit def=blank");
}

static void test_obstacles(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=rock kind=asteroid x=20000 y=25000 r=2000");
	OK(c, "obstacle id=dust kind=debris x=60000 y=25000 r=2000");
	four(c);
	plan(c, "2FB", "2FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	NO(c, "reb: move ship=ywing", "dice= needs 1 attack die");
	NO(c, "reb: move ship=ywing dice=hit,hit", "not 2");
	OK(c, "reb: move ship=ywing dice=hit");
	assert_int_equal(ship(c, "ywing")->shields, 1);
	NO(c, "reb: action ship=ywing action=focus", "skips its Perform Action step");
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing dice=hit");      /* debris: a stress, hits do nothing */
	assert_int_equal(ship(c, "xwing")->stress, 1);
	assert_int_equal(ship(c, "xwing")->shields, 2);
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	put(c, "tie", 20000, 40000, 1800);
	NO(c, "reb: attack ship=ywing target=tie weapon=primary atk=hit,hit,hit def=blank,blank,blank",
		"at range 0 of rock and cannot attack");
}

/* ---- combat ---------------------------------------------------------------------- */


static void test_combat_dice(void **state)
{
	ctx *c = *state;
	fly_round1(c);
	/* the x-wing (heading 0) and the TIE (heading 180) face each other, 60 mm apart: range 1 */
	put(c, "xwing", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 6000, 1800);
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit def=blank,blank,blank",
		"rolls 4 attack dice at range 1, not 3");
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit,hit def=blank,blank,blank,blank",
		"rolls 3 defence dice, not 4");
	NO(c, "reb: attack ship=xwing target=tie weapon=rear atk=hit def=blank", "no rear arc weapon");
	NO(c, "imp: attack ship=xwing target=tie weapon=primary atk=hit def=blank", "flown by reb");
	/* initiative 3 ships engage before the initiative 2 Y-wing: then the step is over */
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,focus,blank aspend=focus "
		"def=blank,blank,blank", "no focus token");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,crit,focus,blank "
		"def=evade,focus,blank crits=directhit");
	/* 1 hit and 1 crit, one evade cancels the hit; the crit: Direct Hit! counts two */
	assert_int_equal(ship(c, "tie")->hull, 1);
	assert_int_equal(ship(c, "tie")->ncrits, 1);
	NO(c, "reb: attack ship=xwing target=adv weapon=primary atk=hit def=blank", "already engaged");
	/* the TIE, initiative 3 like the x-wing, still fires; out of arc first */
	put(c, "ywing", 40000, 70000, 0);        /* behind the TIE, which faces down */
	NO(c, "imp: attack ship=tie target=ywing weapon=primary atk=hit,hit def=blank", "not in the arc");
	OK(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit,hit def=blank,blank");
	assert_int_equal(ship(c, "xwing")->shields, 0);
	assert_int_equal(ship(c, "xwing")->hull, 3);
	put(c, "ywing", 40000, 20000, 0);        /* behind the x-wing: out of the Y-wing's arc? */
	NO(c, "reb: attack ship=ywing target=adv weapon=primary atk=hit,hit def=blank", "is at range");
}

static void test_combat_mods_and_destruction(void **state)
{
	ctx *c = *state;
	fly_round1(c);
	put(c, "xwing", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 15000, 1800);   /* range 2 */
	ship(c, "xwing")->focus = 1;
	ship(c, "xwing")->lock = I(c, "tie");
	ship(c, "tie")->evade = 1;
	ship(c, "tie")->focus = 1;
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=blank,blank,focus reroll=1 rerolled=hit "
		"def=blank,blank,blank", "a lock is spent to reroll");
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=blank,blank,focus reroll=1,1 rerolled=hit,hit "
		"aspend=lock def=blank,blank,blank", "at most once");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=blank,blank,focus reroll=1,2 rerolled=hit,crit "
		"aspend=lock,focus def=focus,blank,blank dspend=focus,evade crits=panickedpilot");
	/* hit, crit, focus->hit = 2 hits 1 crit; defence focus->evade, evade token on a blank: 2 evades */
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(ship(c, "xwing")->lock, -1);
	assert_int_equal(ship(c, "xwing")->focus, 0);
	assert_int_equal(ship(c, "tie")->evade, 0);
	/* the TIE (initiative 3) fires back at once: simultaneous */
	OK(c, "imp: attack ship=tie target=xwing weapon=primary atk=crit,crit def=blank,blank");
	assert_int_equal(ship(c, "xwing")->shields, 0);
	/* a second pair at initiative 3: the TIE Advanced destroys the TIE's target... */
	put(c, "adv", 40000, 55000, 1800);
	put(c, "tie", 70000, 70000, 1800);
	OK(c, "imp: attack ship=adv target=xwing weapon=primary atk=crit,crit def=blank,blank "
		"crits=directhit,directhit");
	assert_int_equal(ship(c, "xwing")->gone, 1);   /* destroyed, fires at its initiative */
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit def=blank", "already engaged");
	/* initiative 2: the step of 3 is over, the x-wing is removed */
	put(c, "ywing", 45000, 30000, 0);       /* range 3 of the TIE Advanced */
	OK(c, "reb: attack ship=ywing target=adv weapon=primary atk=hit,blank def=blank,blank,blank,blank");
	assert_int_equal(ship(c, "xwing")->gone, 2);
}

/* Rules version 2: an evade token changes a blank or focus result into an
 * evade; with neither it changes nothing and is not spent (decision D6 of
 * version 1 added an evade, kept for its logs). */
static void evade_on_evades(ctx *c)
{
	fly_round1(c);
	put(c, "xwing", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 5000, 1800);   /* range 1: 4 attack dice, 3 defence */
	ship(c, "tie")->evade = 1;
}

static void test_evade_needs_blank_or_focus(void **state)
{
	ctx *c = *state;
	evade_on_evades(c);
	NO(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit,hit def=evade,evade,evade "
		"dspend=evade", "an evade token changes a blank or focus result: tie rolled neither");
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit,hit def=evade,evade,focus "
		"dspend=evade");
	assert_int_equal(ship(c, "tie")->hull, 2);   /* three evades, one hit through */
	assert_int_equal(ship(c, "tie")->evade, 0);
}

static void test_evade_d6_v1(void **state)
{
	ctx *c = *state;
	use_v1(c);
	evade_on_evades(c);
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit,hit def=evade,evade,evade "
		"dspend=evade");
	assert_int_equal(ship(c, "tie")->hull, 3);   /* D6: the token added a fourth evade */
}

/* ---- an attack in two entries: roll, then modify ------------------------------- */

/* The x-wing at range 2 of the TIE, with a focus and a lock; the TIE with a
 * focus and an evade token. */
static void two_entry_setup(ctx *c)
{
	fly_round1(c);
	put(c, "xwing", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 15000, 1800);   /* range 2: 3 attack dice, 3 defence */
	ship(c, "xwing")->focus = 1;
	ship(c, "xwing")->lock = I(c, "tie");
	ship(c, "tie")->evade = 1;
	ship(c, "tie")->focus = 1;
}

static void test_roll_then_modify(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	NO(c, "reb: modify aspend=focus", "nothing is rolled to modify");
	NO(c, "reb: roll ship=xwing target=tie atk=blank,blank def=focus,blank,blank", "rolls 3 attack dice");
	NO(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus def=focus,blank", "rolls 3 defence dice");
	NO(c, "reb: roll ship=xwing target=tie def=focus,blank,blank", "roll needs the attack dice");
	NO(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus adie=1,2,3 def=focus,blank,blank", "not both");
	NO(c, "reb: roll ship=xwing target=adv atk=blank,blank,focus def=focus,blank,blank", "adv rolls 4 defence dice");
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus def=focus,blank,blank");
	assert_int_equal(S(c)->roll.on, 1);
	assert_int_equal(ship(c, "tie")->hull, 3);   /* nothing dealt yet */
	/* nothing but its modify now */
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit,hit def=blank,blank", "waits for its modifications");
	NO(c, "reb: roll ship=xwing target=tie atk=hit,hit,hit def=blank,blank,blank", "waits for its modifications");
	NO(c, "phase 5", "waits for its modifications");
	/* each choice checked */
	NO(c, "imp: modify ship=tie", "the dice rolled are xwing's");
	NO(c, "reb: modify reroll=1 rerolled=hit", "a lock is spent to reroll");
	NO(c, "reb: modify aspend=lock reroll=1,2 rerolled=hit", "reroll= names 2 dice");
	NO(c, "reb: modify aspend=lock reroll=1 rerolled=hit rdie=3", "not both");
	NO(c, "reb: modify aspend=lock reroll=1,1 rerolled=hit,hit", "at most once");
	OK(c, "reb: modify aspend=lock,focus reroll=1,2 rerolled=hit,crit dspend=focus,evade");
	assert_true(strstr(sl_buf_cstr(&c->desc), "rerolled") != NULL);
	/* as the one-entry attack of test_combat_mods_and_destruction: 2 hits 1 crit, 2 evades:
	 * the crit's faceup card is due (rules version 3: dealt by a `damage` entry) */
	assert_int_equal(S(c)->roll.on, 0);
	assert_int_equal(ship(c, "tie")->hull, 3);
	NO(c, "phase 5", "damage card is due");
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(ship(c, "xwing")->lock, -1);
	assert_int_equal(ship(c, "xwing")->focus, 0);
	assert_int_equal(ship(c, "tie")->evade, 0);
	assert_int_equal(ship(c, "tie")->focus, 0);
	NO(c, "reb: roll ship=xwing target=tie atk=hit,hit,hit def=blank,blank,blank", "already engaged");
}

static void test_roll_tokens_checked(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	ship(c, "xwing")->focus = 0;
	ship(c, "xwing")->lock = -1;
	OK(c, "reb: roll ship=xwing target=tie atk=focus,blank,hit def=evade,evade,evade");
	NO(c, "reb: modify aspend=focus", "no focus token");
	NO(c, "reb: modify aspend=lock reroll=2 rerolled=hit", "has no lock on tie");
	/* rules version 2: an evade token changes a blank or a focus, and the TIE rolled neither */
	NO(c, "reb: modify dspend=evade", "an evade token changes a blank or focus result");
	OK(c, "reb: modify");
	assert_int_equal(ship(c, "tie")->hull, 3);   /* one hit, three evades */
	assert_int_equal(ship(c, "tie")->evade, 1);
}

/* The recorder's dice: eight-sided, read as the published faces. */
static void test_roll_drawn_faces(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	OK(c, "reb: roll ship=xwing target=tie adie=1,4,5 ddie=7,4,6");
	assert_int_equal(S(c)->roll.atk[0], XW_HIT);
	assert_int_equal(S(c)->roll.atk[1], XW_CRIT);
	assert_int_equal(S(c)->roll.atk[2], XW_AFOCUS);
	assert_int_equal(S(c)->roll.def[0], XW_DBLANK);
	assert_int_equal(S(c)->roll.def[1], XW_DFOCUS);
	assert_int_equal(S(c)->roll.def[2], XW_DBLANK);
	assert_true(strstr(sl_buf_cstr(&c->desc), "hit crit focus; defence: blank focus blank") != NULL);
	/* a snapshot keeps the roll waiting */
	{
		sl_buf a, b;
		void *back = NULL;
		sl_buf_init(&a);
		sl_buf_init(&b);
		assert_int_equal(G->serialize(c->st, &a), 0);
		if (G->restore(&back, a.data, a.len, &c->err) != 0)
			fail_msg("the snapshot does not restore: %s", c->err.msg);
		assert_int_equal(((xw_state *)back)->roll.on, 1);
		assert_int_equal(G->serialize(back, &b), 0);
		assert_true(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
		assert_int_not_equal(G->restore(&back, a.data, a.len - 1, &c->err), 0);
		G->destroy(back);
		sl_buf_free(&a);
		sl_buf_free(&b);
	}
	/* the lock's reroll drawn too: 8 is a blank */
	OK(c, "reb: modify aspend=lock,focus reroll=2 rdie=8 dspend=focus");
	/* hit, blank, focus->hit: 2 hits; blank, focus->evade, blank: 1 evade: 1 damage */
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);
}

/* ---- rules version 4: the published order (RR, Attack: Roll Attack Dice,
 * Modify Attack Dice, Roll Defense Dice, Modify Defense Dice) ---------------- */

static void test_v4_published_order(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	/* the roll holds the attack dice only */
	NO(c, "reb: roll ship=xwing target=tie atk=blank,blank", "rolls 3 attack dice");
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus");
	assert_int_equal(S(c)->roll.step, 1);
	assert_true(strstr(sl_buf_cstr(&c->desc), "its modifications next, then the defence dice") != NULL);
	/* the defence dice wait for the attacker's modifications */
	NO(c, "imp: defend def=focus,blank,blank", "waits for the attacker's modifications");
	NO(c, "phase 5", "waits for the attacker's modifications");
	/* the attacker modifies: its own player, its own spends */
	NO(c, "imp: modify", "the player who flies it, not");
	NO(c, "reb: modify ship=tie", "this modify is xwing's");
	NO(c, "reb: modify dspend=focus", "dspend= goes in the defender's own modify");
	NO(c, "reb: modify reroll=1 rerolled=hit", "a lock is spent to reroll");
	OK(c, "reb: modify aspend=lock,focus reroll=1,2 rerolled=hit,crit");
	assert_int_equal(S(c)->roll.step, 2);
	assert_true(strstr(sl_buf_cstr(&c->desc), "xwing modifies its attack: hit crit hit") != NULL);
	assert_true(strstr(sl_buf_cstr(&c->desc), "tie rolls 3 defence dice next") != NULL);
	assert_int_equal(ship(c, "xwing")->focus, 1);   /* spent when the attack resolves */
	/* then the defence dice, rolled by the defender's player */
	NO(c, "reb: modify", "waits for the defence dice");
	NO(c, "reb: defend def=focus,blank,blank", "the player who flies it, not");
	NO(c, "imp: defend def=focus,blank", "tie rolls 3 defence dice, not 2");
	NO(c, "imp: defend def=focus,blank,blank ddie=1,2,3", "not both");
	OK(c, "imp: defend def=focus,blank,blank");
	assert_int_equal(S(c)->roll.step, 3);
	/* the defender's own modify: its spends only */
	NO(c, "reb: modify dspend=focus", "the player who flies it, not");
	NO(c, "imp: modify aspend=focus", "the defender's modify holds dspend= only");
	NO(c, "imp: modify ship=xwing dspend=focus", "this modify is tie's");
	OK(c, "imp: modify dspend=focus,evade");
	/* 2 hits 1 crit against 2 evades: the crit's card is due */
	assert_int_equal(S(c)->roll.on, 0);
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 2);
	assert_int_equal(ship(c, "xwing")->lock, -1);
	assert_int_equal(ship(c, "xwing")->focus, 0);
	assert_int_equal(ship(c, "tie")->evade, 0);
	assert_int_equal(ship(c, "tie")->focus, 0);
}

/* Each step keeps its bytes: a snapshot between the steps restores. */
static void v4_snapshot(ctx *c, int step)
{
	sl_buf a, b;
	void *back = NULL;
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	if (G->restore(&back, a.data, a.len, &c->err) != 0)
		fail_msg("the snapshot does not restore: %s", c->err.msg);
	assert_int_equal(((xw_state *)back)->roll.step, step);
	assert_int_equal(G->serialize(back, &b), 0);
	assert_true(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	G->destroy(back);
	back = NULL;
	assert_int_not_equal(G->restore(&back, a.data, a.len - 1, &c->err), 0);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

/* Calculate and the Force, spent in a modify: one focus result each (RR,
 * Calculate; Force: a hit attacking, an evade defending). */
static void test_v4_calculate_force(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	ship(c, "xwing")->focus = 0;
	ship(c, "xwing")->calculate = 1;
	ship(c, "xwing")->force = 1;
	ship(c, "tie")->focus = 0;
	ship(c, "tie")->evade = 0;
	ship(c, "tie")->calculate = 1;
	OK(c, "reb: roll ship=xwing target=tie atk=focus,focus,focus");
	v4_snapshot(c, 1);
	NO(c, "reb: modify aspend=calculate,calculate", "has 1 calculate token");
	NO(c, "reb: modify aspend=force,force", "xwing has 1 Force; it spends 2");
	OK(c, "reb: modify aspend=calculate,force");
	assert_true(strstr(sl_buf_cstr(&c->desc), "hit hit focus") != NULL);
	v4_snapshot(c, 2);
	OK(c, "imp: defend def=focus,focus,blank");
	v4_snapshot(c, 3);
	NO(c, "imp: modify dspend=force", "tie has 0 Force; it spends 1");
	NO(c, "imp: modify dspend=calculate,calculate", "has 1 calculate token");
	OK(c, "imp: modify dspend=calculate");
	/* 2 hits against 1 evade: 1 damage, to the shield-less TIE's hull */
	assert_int_equal(S(c)->roll.on, 0);
	assert_int_equal(ship(c, "xwing")->calculate, 0);
	assert_int_equal(ship(c, "xwing")->force, 0);
	assert_int_equal(ship(c, "tie")->calculate, 0);
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);
}

/* The defence dice drawn: as many as the rules take. */
static void test_v4_defend_drawn(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	OK(c, "reb: roll ship=xwing target=tie adie=1,7,8");
	OK(c, "reb: modify");
	OK(c, "imp: defend ddie=1,4,6");
	assert_int_equal(S(c)->roll.def[0], XW_EVADE);
	assert_int_equal(S(c)->roll.def[1], XW_DFOCUS);
	assert_int_equal(S(c)->roll.def[2], XW_DBLANK);
	OK(c, "imp: modify");
	assert_int_equal(ship(c, "tie")->hull, 3);   /* one hit, one evade */
}

/* ---- card abilities that modify dice, enforced (`ability`, rules version 4,
 * formats/xwing.md, Abilities that modify dice) -------------------------------- */

/* A card put in a ship's loadout, with its printed charges. */
static void equip(ctx *c, const char *id, const char *xws)
{
	xw_ship *sh = ship(c, id);
	int u = xw_upgrade_find(xws);
	assert_true(u >= 0);
	sh->ucharges[sh->nup] = xw_upgrades[u].charges;
	sh->up[sh->nup++] = (int16_t)u;
}

/* Predator: a primary attack, the defender in the bullseye arc, one attack
 * die rerolled; each die once (the lock's reroll cannot take it again). */
static void test_ability_predator(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus");
	NO(c, "reb: ability ship=xwing card=predator reroll=1 rerolled=hit", "predator is not in xwing's loadout");
	equip(c, "xwing", "predator");
	NO(c, "imp: ability ship=xwing card=predator reroll=1 rerolled=hit", "the player who flies it");
	NO(c, "reb: ability ship=xwing card=predator reroll=1,2 rerolled=hit,hit", "rerolls at most 1");
	NO(c, "reb: ability ship=xwing card=predator change=1 to=hit", "Predator rerolls");
	NO(c, "reb: ability ship=xwing card=unknowncard reroll=1 rerolled=hit", "no card unknowncard");
	OK(c, "reb: ability ship=xwing card=predator reroll=1 rerolled=hit");
	assert_int_equal(S(c)->roll.atk[0], XW_HIT);
	v4_snapshot(c, 1);
	{   /* the ability section's bytes: a ship out of range, a die rerolled that was not rolled */
		sl_buf a;
		void *back = NULL;
		sl_buf_init(&a);
		assert_int_equal(G->serialize(c->st, &a), 0);
		assert_int_equal(a.data[a.len - 8], 0x41);   /* 'A', one card, its ship, its entry, two masks */
		a.data[a.len - 6] = 77;
		assert_int_not_equal(G->restore(&back, a.data, a.len, &c->err), 0);
		a.data[a.len - 6] = (uint8_t)I(c, "xwing");
		a.data[a.len - 4] = 0x08;   /* die 4 of 3 */
		assert_int_not_equal(G->restore(&back, a.data, a.len, &c->err), 0);
		a.data[a.len - 4] = 0x01;
		assert_int_equal(G->restore(&back, a.data, a.len, &c->err), 0);
		assert_int_equal(((xw_state *)back)->roll.nab, 1);
		G->destroy(back);
		sl_buf_free(&a);
	}
	NO(c, "reb: ability ship=xwing card=predator reroll=2 rerolled=hit", "once per attack");
	NO(c, "reb: modify aspend=lock reroll=1 rerolled=crit", "die 1 was rerolled");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=blank,blank,blank");
	OK(c, "imp: modify");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);   /* the rerolled hit */
}

static void test_ability_predator_bullseye(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "predator");
	put(c, "tie", 40000 + 4000, 40000 + 4000 + 15000, 1800);   /* 40 mm aside: in the front arc, not the bullseye */
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus");
	NO(c, "reb: ability ship=xwing card=predator reroll=1 rerolled=hit", "not in xwing's bullseye arc");
}

/* Fifth Brother: one Force spent, one focus result becomes a crit. */
static void test_ability_fifthbrother(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "fifthbrother");
	ship(c, "xwing")->force = 0;
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,focus");
	NO(c, "reb: ability ship=xwing card=fifthbrother change=3 to=crit", "xwing has 0 Force");
	ship(c, "xwing")->force = 1;
	NO(c, "reb: ability ship=xwing card=fifthbrother change=1 to=crit", "changes a focus result");
	NO(c, "reb: ability ship=xwing card=fifthbrother change=3 to=hit", "to a crit result");
	NO(c, "reb: ability ship=xwing card=fifthbrother change=2,3 to=crit,crit", "changes at most 1");
	OK(c, "reb: ability ship=xwing card=fifthbrother change=3 to=crit");
	assert_int_equal(ship(c, "xwing")->force, 0);
	assert_int_equal(S(c)->roll.atk[2], XW_CRIT);
	OK(c, "reb: modify");
	OK(c, "imp: defend def=blank,blank,blank");
	OK(c, "imp: modify");
	OK(c, "damage ship=tie card=fuelleak");
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 1);   /* a hit and a crit */
}

/* Elusive: while defending, one charge, one defence die rerolled; only in
 * the defender's step. */
static void test_ability_elusive(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "tie", "elusive");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,blank");
	NO(c, "imp: ability ship=tie card=elusive reroll=1 rerolled=evade", "after the defence dice are rolled");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=blank,blank,blank");
	ship(c, "tie")->ucharges[0] = 0;
	NO(c, "imp: ability ship=tie card=elusive reroll=1 rerolled=evade", "Elusive has no charge left");
	ship(c, "tie")->ucharges[0] = 1;
	NO(c, "imp: ability ship=tie card=elusive reroll=1 rerolled=hit", "a defence die");
	OK(c, "imp: ability ship=tie card=elusive reroll=1 rdie=2");
	assert_int_equal(ship(c, "tie")->ucharges[0], 0);
	assert_int_equal(S(c)->roll.def[0], XW_EVADE);
	v4_snapshot(c, 3);
	OK(c, "imp: modify");
	assert_int_equal(ship(c, "tie")->hull, 3);   /* the hit evaded */
}

/* Juke: the attacker, evading, changes one of the defender's evades to a
 * focus, in the Modify Defense Dice step before the defender's modify. */
static void test_ability_juke(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "juke");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,blank");
	NO(c, "reb: ability ship=xwing card=juke change=1 to=focus", "after the defence dice");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=evade,blank,blank");
	ship(c, "xwing")->evade = 0;
	NO(c, "reb: ability ship=xwing card=juke change=1 to=focus", "xwing has no evade token");
	ship(c, "xwing")->evade = 1;
	NO(c, "reb: ability ship=xwing card=juke change=2 to=focus", "changes an evade result");
	OK(c, "reb: ability ship=xwing card=juke change=1 to=focus");
	assert_int_equal(ship(c, "xwing")->evade, 1);   /* not spent */
	ship(c, "tie")->focus = 0;
	ship(c, "tie")->evade = 0;
	OK(c, "imp: modify");
	OK(c, "damage ship=tie card=fuelleak");
	assert_int_equal(ship(c, "tie")->hull, 2);   /* the evade made a focus: the hit lands */
}

/* Fire-Control System: a lock on the defender, one die rerolled, and then
 * the lock is not spent in this attack. */
static void test_ability_firecontrol(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "firecontrolsystem");
	ship(c, "xwing")->lock = -1;
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus");
	NO(c, "reb: ability ship=xwing card=firecontrolsystem reroll=1 rerolled=hit", "xwing has no lock on tie");
	ship(c, "xwing")->lock = I(c, "tie");
	OK(c, "reb: ability ship=xwing card=firecontrolsystem reroll=1 rerolled=hit");
	NO(c, "reb: modify aspend=lock reroll=2 rerolled=hit", "Fire-Control System");
	OK(c, "reb: modify");
	assert_int_equal(ship(c, "xwing")->lock, I(c, "tie"));
}

/* Proton Torpedoes: in an attack with the torpedoes only, one hit to a crit. */
static void test_ability_protontorpedoes(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "protontorpedoes");
	OK(c, "reb: roll ship=xwing target=tie weapon=card card=protontorpedoes atk=hit,hit,blank,focus");
	NO(c, "reb: ability ship=xwing card=protontorpedoes change=3 to=crit", "changes a hit result");
	OK(c, "reb: ability ship=xwing card=protontorpedoes change=2 to=crit");
	assert_int_equal(S(c)->roll.atk[1], XW_CRIT);
	OK(c, "reb: modify");
	OK(c, "imp: defend def=blank,blank,blank");
	OK(c, "imp: modify");
	OK(c, "damage ship=tie card=fuelleak");
	OK(c, "damage ship=tie card=consolefire");
	assert_int_equal(ship(c, "tie")->hull, 1);   /* a hit and the crit */
}

static void test_ability_protontorpedoes_primary(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "protontorpedoes");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,focus");
	NO(c, "reb: ability ship=xwing card=protontorpedoes change=1 to=crit", "an attack with Proton Torpedoes");
}

/* Lone Wolf: no other friendly ship at range 0-2, one charge, one die. */
static void test_ability_lonewolf(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "lonewolf");
	put(c, "ywing", 40000 - 8000, 40000, 0);   /* 40 mm from the x-wing: range 1 */
	OK(c, "reb: roll ship=xwing target=tie atk=blank,blank,focus");
	NO(c, "reb: ability ship=xwing card=lonewolf reroll=1 rerolled=hit", "ywing is at range 1 of xwing");
	put(c, "ywing", 40000 - 40000 + 2000, 40000 - 30000, 0);   /* far off: range 3 */
	OK(c, "reb: ability ship=xwing card=lonewolf reroll=1 rerolled=hit");
	assert_int_equal(ship(c, "xwing")->ucharges[0], 0);
	NO(c, "reb: ability ship=xwing card=lonewolf reroll=2 rerolled=hit", "once per attack");
}

/* Howlrunner: a friendly ship at range 0-1 in a primary attack rerolls one
 * attack die; the card is Howlrunner's ship's pilot, used by its player. */
static void test_ability_howlrunner(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	ship(c, "tie")->pilot = xw_pilot_find("howlrunner");
	put(c, "adv", 40000 + 8000, 59000, 1800);   /* 40 mm from the TIE, the x-wing ahead at range 2 */
	put(c, "tie", 40000 + 8000 + 30000, 59000, 1800);   /* 260 mm off: range 3 of the Advanced */
	OK(c, "imp: roll ship=adv target=xwing atk=blank,focus");
	NO(c, "imp: ability ship=tie card=howlrunner reroll=1 rerolled=hit", "a friendly ship at range 0-1");
	NO(c, "imp: ability ship=adv card=howlrunner reroll=1 rerolled=hit", "howlrunner is not in adv's loadout");
	put(c, "tie", 40000, 59000, 1800);
	NO(c, "reb: ability ship=tie card=howlrunner reroll=1 rerolled=hit", "the player who flies it");
	OK(c, "imp: ability ship=tie card=howlrunner reroll=1 rerolled=hit");
	assert_int_equal(S(c)->roll.atk[0], XW_HIT);
}

/* Serissu: a friendly ship at range 0-1 defending rerolls one defence die. */
static void test_ability_serissu(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	ship(c, "adv")->pilot = xw_pilot_find("serissu");
	put(c, "adv", 40000 + 8000, 59000, 1800);   /* 40 mm from the TIE */
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,blank");
	NO(c, "imp: ability ship=adv card=serissu reroll=1 rerolled=evade", "after the defence dice are rolled");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=blank,blank,blank");
	NO(c, "imp: ability ship=adv card=serissu change=1 to=evade", "Serissu rerolls");
	OK(c, "imp: ability ship=adv card=serissu reroll=1 rerolled=evade");
	NO(c, "imp: ability ship=tie card=elusive reroll=1 rerolled=evade", "elusive is not in tie's loadout");
	assert_int_equal(S(c)->roll.def[0], XW_EVADE);
	OK(c, "imp: modify");
	assert_int_equal(ship(c, "tie")->hull, 3);
}

/* Marksmanship: the defender in the bullseye arc, one hit to a crit. */
static void test_ability_marksmanship(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "marksmanship");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,focus");
	NO(c, "reb: ability ship=xwing card=marksmanship reroll=1 rerolled=crit", "Marksmanship changes results");
	NO(c, "reb: ability ship=xwing card=marksmanship change=3 to=crit", "changes a hit result");
	OK(c, "reb: ability ship=xwing card=marksmanship change=1 to=crit");
	assert_int_equal(S(c)->roll.atk[0], XW_CRIT);
}

/* A card the module does not enforce: the refusal says to declare it. */
static void test_ability_not_enforced(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "r2d2");
	NO(c, "reb: ability ship=xwing card=r2d2 reroll=1 rerolled=hit", "nothing is rolled");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,blank,focus");
	NO(c, "reb: ability ship=xwing card=r2d2 reroll=1 rerolled=hit", "record it as `effect source=r2d2`");
}

/* ---- rules version 5: Elusive's charge, Heavy Laser Cannon, Crack Shot
 * (formats/xwing.md, Abilities that modify dice) --------------------------------- */

static int setup5(void **state) { return setup_v(state, 5); }

/* A round in which the x-wing flies `code` after the Y-wing (the others
 * fly straight later). */
static void xwing_flies(ctx *c, const char *code)
{
	plan(c, "1FB", code, "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", code);
	OK(c, "reb: move ship=xwing");
}

/* The first round, Elusive holding `charge`: its charge after the move. */
static int elusive_round(ctx *c, const char *code, int charge)
{
	four(c);
	equip(c, "xwing", "elusive");
	ship(c, "xwing")->ucharges[0] = (int8_t)charge;
	xwing_flies(c, code);
	return ship(c, "xwing")->ucharges[0];
}

/* Elusive (its card: after the ship fully executes a red maneuver, it
 * recovers 1 charge): a red maneuver gives the spent charge back. */
static void test_v5_elusive_red_recovers(void **state)
{
	ctx *c = *state;
	assert_int_equal(elusive_round(c, "4KR", 0), 1);
	assert_true(strstr(sl_buf_cstr(&c->desc), "Elusive recovers 1 charge") != NULL);
	assert_int_equal(ship(c, "xwing")->stress, 1);
}

static void test_v5_elusive_blue_white_keep(void **state)
{
	ctx *c = *state;
	assert_int_equal(elusive_round(c, "2FB", 0), 0);   /* blue */
	assert_null(strstr(sl_buf_cstr(&c->desc), "Elusive"));
}

static void test_v5_elusive_white_keeps(void **state)
{
	ctx *c = *state;
	assert_int_equal(elusive_round(c, "3TW", 0), 0);   /* white */
}

/* Not over what the card prints (1). */
static void test_v5_elusive_at_max(void **state)
{
	ctx *c = *state;
	assert_int_equal(elusive_round(c, "4KR", 1), 1);
	assert_null(strstr(sl_buf_cstr(&c->desc), "Elusive"));
}

/* A bump: the maneuver is not fully executed, nothing recovered. */
static void test_v5_elusive_bump_keeps(void **state)
{
	ctx *c = *state;
	four(c);
	equip(c, "xwing", "elusive");
	ship(c, "xwing")->ucharges[0] = 0;
	put(c, "tie", 60000, 10000 + 20000, 1800);   /* where the 4-K-turn would end */
	xwing_flies(c, "4KR");
	assert_true(strstr(sl_buf_cstr(&c->desc), "bumps into tie") != NULL);
	assert_int_equal(ship(c, "xwing")->ucharges[0], 0);
}

/* Spent defending, refused with none left, then back after a red maneuver:
 * the whole cycle of the card. */
static void test_v5_elusive_cycle(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "elusive");
	OK(c, "imp: roll ship=tie target=xwing atk=hit,hit");
	OK(c, "imp: modify");
	OK(c, "reb: defend def=blank,blank");
	OK(c, "reb: ability ship=xwing card=elusive reroll=1 rerolled=evade");
	assert_int_equal(ship(c, "xwing")->ucharges[0], 0);
	NO(c, "reb: ability ship=xwing card=elusive reroll=2 rerolled=evade", "once per attack");
	OK(c, "reb: modify");
	assert_int_equal(ship(c, "xwing")->shields, 1);   /* one hit evaded */
	/* round 2: back where they started, the x-wing flies a red maneuver */
	OK(c, "phase 5");
	put(c, "xwing", 60000, 10000, 0);
	put(c, "tie", 20000, 80000, 1800);
	xwing_flies(c, "4KR");
	assert_int_equal(ship(c, "xwing")->ucharges[0], 1);
}

/* Rules version 4 keeps its meaning: no charge comes back. */
static void test_v4_elusive_no_recovery(void **state)
{
	ctx *c = *state;
	assert_int_equal(elusive_round(c, "4KR", 0), 0);
}

/* Heavy Laser Cannon (its card: after the Modify Attack Dice step, every
 * crit result becomes a hit): version 5 changes them, version 4 did not. */
static int hlc_attack(ctx *c, int *faceup)
{
	two_entry_setup(c);
	equip(c, "xwing", "heavylasercannon");
	ship(c, "xwing")->focus = 0;
	ship(c, "tie")->focus = 0;
	ship(c, "tie")->evade = 0;
	OK(c, "reb: roll ship=xwing target=tie weapon=card card=heavylasercannon atk=crit,crit,hit,blank");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=evade,blank,blank");
	OK(c, "imp: modify");
	*faceup = 0;
	for (int k = 0; k < S(c)->npend; k++)
		*faceup += S(c)->pend_up[k];
	return S(c)->npend;
}

static void test_v5_heavylasercannon(void **state)
{
	ctx *c = *state;
	int faceup;
	assert_int_equal(hlc_attack(c, &faceup), 2);   /* 3 hits, 1 evade */
	assert_int_equal(faceup, 0);
	assert_true(strstr(sl_buf_cstr(&c->desc), "Heavy Laser Cannon: 2 crits to hits") != NULL);
}

static void test_v4_heavylasercannon_as_recorded(void **state)
{
	ctx *c = *state;
	int faceup;
	assert_int_equal(hlc_attack(c, &faceup), 2);   /* the hit evaded, 2 crits */
	assert_int_equal(faceup, 2);
}

/* The crits turned before the defence dice: the attacker's modify says so. */
static void test_v5_heavylasercannon_modify(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "heavylasercannon");
	equip(c, "xwing", "marksmanship");
	OK(c, "reb: roll ship=xwing target=tie weapon=card card=heavylasercannon atk=crit,hit,focus,blank");
	OK(c, "reb: ability ship=xwing card=marksmanship change=2 to=crit");
	OK(c, "reb: modify aspend=focus");
	assert_true(strstr(sl_buf_cstr(&c->desc), "xwing modifies its attack: hit hit hit blank") != NULL);
	assert_true(strstr(sl_buf_cstr(&c->desc), "Heavy Laser Cannon") != NULL);
	NO(c, "reb: ability ship=xwing card=heavylasercannon change=1 to=hit", "Heavy Laser Cannon");
}

/* Crack Shot (its card: a primary attack, the defender in the bullseye arc,
 * before the Neutralize Results step, 1 charge: 1 evade result cancelled). */
static void crackshot_setup(ctx *c)
{
	two_entry_setup(c);
	equip(c, "xwing", "crackshot");
	ship(c, "xwing")->focus = 0;
	ship(c, "tie")->focus = 0;
	OK(c, "reb: roll ship=xwing target=tie atk=hit,hit,blank");
	NO(c, "reb: ability ship=xwing card=crackshot", "before the Neutralize Results step");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=evade,blank,blank");
	NO(c, "reb: ability ship=xwing card=crackshot", "before the Neutralize Results step");
}

static void test_v5_crackshot(void **state)
{
	ctx *c = *state;
	crackshot_setup(c);
	NO(c, "imp: modify dspend=focus", "tie has no focus token");   /* the spends still checked first */
	OK(c, "imp: modify dspend=evade");   /* 2 evades now */
	assert_int_equal(S(c)->roll.on, 1);
	assert_int_equal(S(c)->roll.step, 4);
	assert_true(strstr(sl_buf_cstr(&c->desc), "Crack Shot") != NULL);
	v4_snapshot(c, 4);
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit def=blank,blank", "Neutralize Results");
	NO(c, "imp: ability ship=xwing card=crackshot", "the player who flies it");
	NO(c, "reb: ability ship=xwing card=crackshot change=1 to=blank", "Crack Shot");
	NO(c, "reb: ability ship=xwing card=marksmanship change=1 to=crit", "not in xwing's loadout");
	NO(c, "imp: modify", "the player who flies it");
	NO(c, "reb: modify aspend=focus", "before Neutralize Results");
	OK(c, "reb: ability ship=xwing card=crackshot");
	assert_int_equal(S(c)->roll.on, 0);
	assert_int_equal(ship(c, "xwing")->ucharges[0], 0);
	assert_int_equal(ship(c, "tie")->evade, 0);
	assert_int_equal(S(c)->npend, 1);   /* 2 hits, 1 evade left */
	assert_true(strstr(sl_buf_cstr(&c->desc), "Crack Shot: 1 evade cancelled") != NULL);
}

/* Passed: the attacker's `modify` alone resolves the attack as it stands. */
static void test_v5_crackshot_passed(void **state)
{
	ctx *c = *state;
	crackshot_setup(c);
	OK(c, "imp: modify dspend=evade");
	OK(c, "reb: modify");
	assert_int_equal(S(c)->roll.on, 0);
	assert_int_equal(ship(c, "xwing")->ucharges[0], 1);
	assert_int_equal(S(c)->npend, 0);
}

/* No step when the card cannot be used: no charge, no evade result, the
 * defender out of the bullseye, or rules version 4. */
static void test_v5_crackshot_not_due(void **state)
{
	ctx *c = *state;
	crackshot_setup(c);
	ship(c, "xwing")->ucharges[0] = 0;
	OK(c, "imp: modify");
	assert_int_equal(S(c)->roll.on, 0);
}

static void test_v5_crackshot_no_evade(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "crackshot");
	ship(c, "tie")->focus = 0;
	ship(c, "tie")->evade = 0;
	OK(c, "reb: roll ship=xwing target=tie atk=hit,hit,blank");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=focus,blank,blank");
	OK(c, "imp: modify");
	assert_int_equal(S(c)->roll.on, 0);
}

static void test_v5_crackshot_bullseye(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "crackshot");
	put(c, "tie", 40000 + 4000, 40000 + 4000 + 15000, 1800);   /* front arc, not the bullseye */
	OK(c, "reb: roll ship=xwing target=tie atk=hit,hit,blank");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=evade,blank,blank");
	OK(c, "imp: modify");
	assert_int_equal(S(c)->roll.on, 0);
}

static void test_v4_crackshot_no_step(void **state)
{
	ctx *c = *state;
	two_entry_setup(c);
	equip(c, "xwing", "crackshot");
	OK(c, "reb: roll ship=xwing target=tie atk=hit,hit,blank");
	OK(c, "reb: modify");
	OK(c, "imp: defend def=evade,blank,blank");
	OK(c, "imp: modify");
	assert_int_equal(S(c)->roll.on, 0);   /* resolved as version 4 did */
}

/* ---- abilities recorded as effects (rules version 2) ---------------------------- */

static void test_effect_card_checked(void **state)
{
	ctx *c = *state;
	four(c);
	OK(c, "ship id=luke pilot=lukeskywalker side=reb x=80000 y=10000 heading=0 "
		"upgrades=\"protontorpedoes\"");
	assert_int_equal(ship(c, "luke")->force, 2);
	assert_int_equal(ship(c, "luke")->ucharges[0], 2);
	OK(c, "turn 1");
	DIAL(c, "reb", "ywing", "1FB");
	DIAL(c, "reb", "xwing", "1FB");
	DIAL(c, "reb", "luke", "1FB");
	DIAL(c, "imp", "tie", "2FB");
	DIAL(c, "imp", "adv", "2FB");
	OK(c, "phase 2");
	OK(c, "effect ship=luke token=focus delta=1 source=\"lukeskywalker\" spend=force");
	assert_int_equal(ship(c, "luke")->force, 1);
	NO(c, "effect ship=xwing token=focus delta=1 source=\"lukeskywalker\"",
		"lukeskywalker is not in xwing's loadout");
	OK(c, "effect ship=xwing token=focus delta=1 source=\"lukeskywalker\" from=luke spend=force");
	assert_int_equal(ship(c, "luke")->force, 0);
	NO(c, "effect ship=luke token=focus delta=1 source=\"lukeskywalker\" spend=force",
		"luke has no Force left");
	OK(c, "effect ship=luke token=stress delta=1 source=\"protontorpedoes\" spend=charge");
	assert_int_equal(ship(c, "luke")->ucharges[0], 1);
	NO(c, "effect ship=luke token=stress delta=1 source=\"an ion bomb\" spend=charge",
		"spend= needs the card's XWS id");
	OK(c, "effect ship=luke token=stress delta=1 source=\"an ion bomb\"");   /* free text */
	/* the end phase: the Force comes back, one; torpedo charges do not recur */
	OK(c, "phase 3");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "reb", "luke", "1FB");
	OK(c, "reb: move ship=luke");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "luke")->force, 1);
	assert_int_equal(ship(c, "luke")->ucharges[0], 1);
}

/* Version 2: a special weapon of the loadout, with its range, arc,
 * requirement (Proton Torpedoes: a lock) and charges. */
static void test_special_weapon(void **state)
{
	ctx *c = *state;
	OK(c, "ship id=luke pilot=lukeskywalker side=reb x=20000 y=10000 heading=0 "
		"upgrades=\"protontorpedoes\"");
	OK(c, "ship id=tie pilot=blacksquadronace side=imp x=70000 y=80000 heading=1800");
	OK(c, "turn 1");
	DIAL(c, "reb", "luke", "1FB");
	DIAL(c, "imp", "tie", "2FB");
	OK(c, "phase 3");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	REVEAL(c, "reb", "luke", "1FB");
	OK(c, "reb: move ship=luke");
	put(c, "luke", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 15000, 1800);   /* range 2 */
	OK(c, "phase 4");
	NO(c, "reb: attack ship=luke target=tie weapon=card atk=hit,hit,hit,hit def=blank,blank",
		"weapon=card needs card=");
	NO(c, "reb: attack ship=luke target=tie weapon=card card=r2d2 atk=hit,hit,hit,hit "
		"def=blank,blank", "r2d2 is not in luke's loadout");
	NO(c, "reb: attack ship=luke target=tie weapon=card card=protontorpedoes atk=hit,hit,hit,hit "
		"def=blank,blank,blank", "Proton Torpedoes needs a lock on the defender");
	ship(c, "luke")->lock = I(c, "tie");
	NO(c, "reb: attack ship=luke target=tie weapon=card card=protontorpedoes atk=hit,hit,hit "
		"def=blank,blank,blank", "rolls 4 attack dice");
	OK(c, "reb: attack ship=luke target=tie weapon=card card=protontorpedoes atk=hit,hit,hit,hit "
		"def=blank,blank,blank");
	assert_true(strstr(sl_buf_cstr(&c->desc), "with its Proton Torpedoes at range 2") != NULL);
	assert_int_equal(ship(c, "luke")->ucharges[0], 1);
}

/* ---- the end and the score ---------------------------------------------------- */

static void add_meta(ctx *c, const char *key, const char *value)
{
	sl_header *h = &c->log->h;
	sl_meta *m = sl_realloc(h->meta, (size_t)(h->nmeta + 1) * sizeof *m);
	assert_non_null(m);
	h->meta = m;
	m[h->nmeta].key = sl_strdup(key);
	m[h->nmeta].value = sl_strdup(value);
	h->nmeta++;
}

static int result(ctx *c, char *out, size_t cap)
{
	sl_buf b;
	int r;
	sl_buf_init(&b);
	r = G->result(c->st, &c->log->h, &b);
	snprintf(out, cap, "%s", sl_buf_cstr(&b));
	sl_buf_free(&b);
	return r;
}

/* 2.0 tournament scoring: a destroyed (or fled) ship gives its points,
 * pilot and upgrades; a ship with half its hull and shields lost gives half,
 * rounded down; the game ends when a side has no ship left. */
static void test_result_20(void **state)
{
	ctx *c = *state;
	char r[200];
	four(c);
	OK(c, "turn 1");
	assert_int_equal(result(c, r, sizeof r), 0);
	ship(c, "ywing")->hull = 2;     /* 6 + 2 = 8 at the start, 6 lost */
	ship(c, "ywing")->shields = 0;
	ship(c, "tie")->gone = 2;       /* Black Squadron Ace: 25 */
	assert_int_equal(result(c, r, sizeof r), 0);
	assert_int_equal(xw_score(S(c), &c->log->h, 1), 17);   /* (29 + 5) / 2 */
	ship(c, "adv")->fled = 1;       /* Storm Squadron Ace with Advanced Sensors: 52 */
	ship(c, "adv")->gone = 2;
	assert_int_equal(result(c, r, sizeof r), 1);
	assert_string_equal(r, "Rebels (reb) wins, 77 to 17 (imp has no ship left, round 1; "
		"2.0 tournament scoring: points of ships destroyed, half for the damaged)");
}

static void test_result_round_limit_and_v1(void **state)
{
	ctx *c = *state;
	char r[200];
	add_meta(c, "xwing-rounds", "1");
	fly_round1(c);
	assert_int_equal(result(c, r, sizeof r), 0);
	OK(c, "phase 5");
	assert_int_equal(result(c, r, sizeof r), 1);
	assert_string_equal(r, "a draw, 0 to 0 (the end of round 1, the last; 2.0 tournament "
		"scoring: points of ships destroyed, half for the damaged)");
	/* version 1 logs never end */
	S(c)->ver = 1;
	assert_int_equal(result(c, r, sizeof r), 0);
}

/* 2.5: a scenario's objective points, declared at the end phase, to 20. */
static void test_result_scenario(void **state)
{
	ctx *c = *state;
	char r[240];
	fly_round1(c);
	NO(c, "reb: score points=3 objective=\"two satellites\"", "need a 2.5 scenario");
	add_meta(c, "xwing-points", "2.5");   /* after the setup: the four are 2.0 loadouts */
	add_meta(c, "xwing-scenario", "satellitearray");
	NO(c, "reb: score points=3 objective=\"two satellites\"", "in the end phase");
	OK(c, "phase 5");
	OK(c, "reb: score points=16 objective=\"satellites\"");
	assert_int_equal(result(c, r, sizeof r), 0);
	ship(c, "tie")->gone = 2;   /* Black Squadron Ace: 2 squad points under 2.5 */
	OK(c, "reb: score points=2 objective=\"a satellite\"");
	assert_int_equal(result(c, r, sizeof r), 1);
	assert_string_equal(r, "Rebels (reb) wins, 20 to 0 (20 points reached at the end of round 1; "
		"Assault at the Satellite Array)");
}

static void test_simultaneous_fire(void **state)
{
	ctx *c = *state;
	fly_round1(c);
	put(c, "xwing", 40000, 40000, 0);
	put(c, "tie", 40000, 50000, 1800);   /* range 1 */
	ship(c, "tie")->hull = 1;
	OK(c, "reb: attack ship=xwing target=tie weapon=primary atk=hit,hit,hit,hit def=blank,blank,blank");
	assert_int_equal(ship(c, "tie")->gone, 1);
	/* destroyed by a ship of its own initiative: it still fires */
	OK(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit,hit,hit def=blank,blank");
	put(c, "ywing", 40000, 20000, 0);
	NO(c, "reb: attack ship=ywing target=tie weapon=primary atk=hit,hit def=blank,blank,blank,blank", "tie has been destroyed");
	OK(c, "phase 5");
	assert_int_equal(ship(c, "tie")->gone, 2);
	NO(c, "imp: attack ship=tie target=xwing weapon=primary atk=hit def=blank", "engagement phase");
}

/* The TIE Advanced x1's Advanced Targeting Computer: against a defender it
 * has locked, one more attack die and a hit changed to a crit. */
static void test_targeting_computer(void **state)
{
	ctx *c = *state;
	fly_round1(c);
	put(c, "adv", 40000, 70000, 1800);
	put(c, "xwing", 40000, 55000, 0);       /* range 2 */
	put(c, "tie", 70000, 70000, 1800);
	NO(c, "imp: attack ship=adv target=xwing weapon=primary atk=hit,blank,blank def=blank,blank",
		"rolls 2 attack dice at range 2, not 3");   /* no lock: 2 dice */
	ship(c, "adv")->lock = I(c, "xwing");
	NO(c, "imp: attack ship=adv target=xwing weapon=primary atk=hit,blank def=blank,blank",
		"rolls 3 attack dice at range 2, not 2");
	OK(c, "imp: attack ship=adv target=xwing weapon=primary atk=hit,blank,blank def=blank,blank");
	assert_true(strstr(sl_buf_cstr(&c->desc), "Advanced Targeting Computer") != NULL);
	assert_int_equal(ship(c, "xwing")->shields, 1);   /* the crit takes a shield */
	assert_int_equal(ship(c, "adv")->lock, I(c, "xwing"));   /* not spent */
}

static void test_barrel_roll_through_obstacle(void **state)
{
	ctx *c = *state;
	OK(c, "obstacle id=pebble kind=asteroid x=64000 y=22000 r=1900");
	four(c);
	plan(c, "2FB", "2FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "2FB");
	OK(c, "reb: move ship=xwing");
	NO(c, "reb: action ship=xwing action=barrelroll dir=right", "would go through pebble");
	OK(c, "reb: action ship=xwing action=barrelroll dir=left");
}

/* ---- ionization (seed 001) --------------------------------------------------------- */

static void test_ion_threshold_by_size(void **state)
{
	ctx *c = *state;
	(void)c;
	OK(c, "ship id=s pilot=academypilot side=imp x=20000 y=80000 heading=1800");
	OK(c, "ship id=m pilot=squadsevenveteran side=reb x=40000 y=10000 heading=0");
	OK(c, "ship id=l pilot=outerrimsmuggler side=reb x=70000 y=10000 heading=0");
	assert_false(xw_ionized(ship(c, "s")));
	ship(c, "s")->ion = 1;
	assert_true(xw_ionized(ship(c, "s")));          /* small: 1 token */
	ship(c, "m")->ion = 1;
	assert_false(xw_ionized(ship(c, "m")));
	ship(c, "m")->ion = 2;
	assert_true(xw_ionized(ship(c, "m")));          /* medium: 2 */
	ship(c, "l")->ion = 2;
	assert_false(xw_ionized(ship(c, "l")));
	ship(c, "l")->ion = 3;
	assert_true(xw_ionized(ship(c, "l")));          /* large: 3 */
	/* planning: the medium ship with 1 token is assigned its dial */
	ship(c, "m")->ion = 1;
	OK(c, "turn 1");
	DIAL(c, "reb", "m", "2FB");
	assert_int_equal(ship(c, "m")->assigned, 1);
	DIAL(c, "reb", "l", "2FB");
	assert_int_equal(ship(c, "l")->assigned, 0);    /* 3 tokens on a large base */
	assert_true(strstr(sl_buf_cstr(&c->desc), "no dial is assigned") != NULL);
}

/* An ionized ship at planning: no dial assigned, a maneuver set face down;
 * at activation it skips Reveal Dial and flies the blue 1-straight. */
static void test_ion_maneuver(void **state)
{
	ctx *c = *state;
	four(c);
	ship(c, "ywing")->ion = 1;
	ship(c, "ywing")->stress = 1;
	plan(c, "3TR", "2FB", "2FB", "2FB");
	assert_int_equal(ship(c, "ywing")->has_commit, 1);   /* still set, face down */
	assert_int_equal(ship(c, "ywing")->assigned, 0);
	assert_int_not_equal(REVEAL_rc(c, "reb", "ywing", "3TR"), 0);
	assert_true(strstr(c->err.msg, "xwing ion: ywing is ionized and was assigned no dial: it skips Reveal Dial") != NULL);
	NO(c, "reb: move ship=ywing maneuver=3TR", "xwing ion: the ion maneuver is a blue 1-straight");
	NO(c, "reb: move ship=ywing maneuver=1FW", "cannot be changed");
	NO(c, "reb: move ship=ywing maneuver=2FB", "cannot be changed");
	OK(c, "reb: move ship=ywing maneuver=1FB");
	assert_true(strstr(sl_buf_cstr(&c->desc), "skips Reveal Dial and executes the ion maneuver 1FB") != NULL);
	assert_int_equal(ship(c, "ywing")->pose.x, 20000);
	assert_int_equal(ship(c, "ywing")->pose.y, 10000 + 4000 + 4000);
	assert_int_equal(ship(c, "ywing")->stress, 0);          /* blue */
	/* its action step: only focus */
	NO(c, "reb: action ship=ywing action=barrelroll dir=left", "xwing ion: an ionized ship may only focus");
	NO(c, "reb: action ship=ywing action=lock target=tie", "xwing ion: an ionized ship may only focus");
	OK(c, "reb: action ship=ywing action=focus");
	assert_int_equal(ship(c, "ywing")->ion, 1);
	/* after its activation, all its ion tokens are removed */
	REVEAL(c, "reb", "xwing", "2FB");
	assert_int_equal(ship(c, "ywing")->ion, 0);
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	OK(c, "phase 5");
	/* the next round it has a dial again */
	plan(c, "1FB", "2FB", "2FB", "2FB");
	assert_int_equal(ship(c, "ywing")->assigned, 1);
	REVEAL(c, "reb", "ywing", "1FB");
}

/* The ion tokens leave at the end of the activation even when it is the
 * last one of the phase. */
static void test_ion_tokens_removed_at_phase_end(void **state)
{
	ctx *c = *state;
	four(c);
	ship(c, "tie")->ion = 2;
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	OK(c, "imp: move ship=tie");
	assert_int_equal(ship(c, "tie")->ion, 2);
	OK(c, "phase 4");
	assert_int_equal(ship(c, "tie")->ion, 0);
}

/* Rules version 2: the tokens go at the end of the ship's own activation; an
 * ion token gained after it (an ion bomb at the end of the activation phase)
 * stays for the next round. Version 1 removed them when the next ship began
 * or the phase ended, that token too. */
static void ion_bomb_after(ctx *c)
{
	four(c);
	ship(c, "tie")->ion = 2;
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	OK(c, "imp: move ship=tie");
	OK(c, "effect ship=tie token=ion delta=1 source=\"an ion bomb\"");
	OK(c, "phase 4");
}

static void test_ion_gained_after_activation_stays(void **state)
{
	ctx *c = *state;
	ion_bomb_after(c);
	assert_int_equal(ship(c, "tie")->ion, 1);
	OK(c, "phase 5");
	plan(c, "1FB", "1FB", "2FB", "2FB");
	assert_int_equal(ship(c, "tie")->assigned, 0);   /* ionized at planning */
}

static void use_v1(ctx *c)
{
	sl_log *v1 = sl_log_new(&sl_game_xwing_v1);   /* a log of version 1: its schema */
	assert_non_null(v1);
	v1->h = c->log->h;
	memset(&c->log->h, 0, sizeof c->log->h);
	sl_log_free(c->log);
	c->log = v1;
	G->destroy(c->st);
	c->log->h.rules_version = 1;
	assert_int_equal(G->init(&c->st, &c->log->h, &c->err), 0);
}

static void test_ion_gained_after_activation_v1(void **state)
{
	ctx *c = *state;
	use_v1(c);
	ion_bomb_after(c);
	assert_int_equal(ship(c, "tie")->ion, 0);
}

/* An ionized ship performs no action but focus, at any time, including an
 * action linked to focus (FAQ), even when it flies its dial. */
static void test_ion_focus_only_and_linked(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	OK(c, "effect ship=adv token=ion delta=1 source=\"a test effect\"");   /* after planning */
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");      /* it has a dial: it reveals and flies it */
	OK(c, "imp: move ship=adv maneuver=2FB");
	OK(c, "imp: action ship=adv action=focus");
	NO(c, "imp: action ship=adv action=barrelroll dir=left linked=1",
		"xwing ion: an ionized ship may only focus (adv: barrelroll)");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "imp: action ship=tie action=focus");
	/* it flew its dial: the tokens stay; next planning it is ionized */
	assert_int_equal(ship(c, "adv")->ion, 1);
	OK(c, "phase 4");
	OK(c, "phase 5");
	plan(c, "1FB", "1FB", "5FW", "2FB");
	assert_int_equal(ship(c, "adv")->assigned, 0);
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	assert_int_not_equal(REVEAL_rc(c, "imp", "adv", "5FW"), 0);
	assert_true(strstr(c->err.msg, "xwing ion:") != NULL);
	OK(c, "imp: move ship=adv");
	/* the linked action is refused whatever comes first */
	OK(c, "imp: action ship=adv action=focus");
	NO(c, "imp: action ship=adv action=barrelroll dir=right linked=1", "xwing ion: an ionized ship may only focus");
}

/* Ionized after planning (it has a dial): it activates normally. */
static void test_ion_after_planning(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "2BW", "2FB", "2FB", "2FB");
	OK(c, "effect ship=ywing token=ion delta=1 source=\"a test effect\"");
	assert_true(xw_ionized(ship(c, "ywing")));
	REVEAL(c, "reb", "ywing", "2BW");
	NO(c, "reb: move ship=ywing maneuver=1FB", "executes 2BW, not 1FB");
	OK(c, "reb: move ship=ywing");
	assert_int_equal(ship(c, "ywing")->pose.h, 3150);    /* its dial's bank, not the ion maneuver */
	NO(c, "reb: action ship=ywing action=lock target=tie", "xwing ion: an ionized ship may only focus");
	OK(c, "reb: action ship=ywing action=focus");
	REVEAL(c, "reb", "xwing", "2FB");
	assert_int_equal(ship(c, "ywing")->ion, 1);          /* no ion maneuver: tokens kept */
}

/* Ionized at planning, no longer at the start of its activation: it is
 * assigned its face-down dial and activates normally. */
static void test_ion_lost_before_activation(void **state)
{
	ctx *c = *state;
	four(c);
	ship(c, "xwing")->ion = 1;
	plan(c, "2FB", "3BW", "2FB", "2FB");
	assert_int_equal(ship(c, "xwing")->assigned, 0);
	REVEAL(c, "reb", "ywing", "2FB");
	OK(c, "reb: move ship=ywing");
	OK(c, "effect ship=xwing token=ion delta=-1 source=\"a test effect\"");
	NO(c, "reb: move ship=xwing", "must reveal its dial before it executes a maneuver (no longer ionized");
	REVEAL(c, "reb", "xwing", "3BW");
	assert_true(strstr(sl_buf_cstr(&c->desc), "assigned its face-down dial") != NULL);
	OK(c, "reb: move ship=xwing maneuver=3BW");
	assert_int_equal(ship(c, "xwing")->pose.h, 3150);
	OK(c, "reb: action ship=xwing action=barrelroll dir=left");   /* not ionized: any action */
}

/* With no dial revealed, no effect that triggers on revealing a dial. */
static void test_ion_no_reveal_trigger(void **state)
{
	ctx *c = *state;
	four(c);
	ship(c, "adv")->ion = 1;
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	OK(c, "imp: move ship=adv");
	NO(c, "imp: action ship=adv action=focus sensors=1",
		"xwing ion: adv revealed no dial, so no effect that triggers on revealing a dial");
	OK(c, "imp: action ship=adv action=focus");
	/* the allowed side: a revealed dial triggers Advanced Sensors, then no other action */
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	OK(c, "phase 5");
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	REVEAL(c, "imp", "adv", "2FB");
	NO(c, "imp: action ship=tie action=focus sensors=1", "during its own activation");
	OK(c, "imp: action ship=adv action=focus sensors=1");
	OK(c, "imp: move ship=adv");
	NO(c, "imp: action ship=adv action=focus", "used Advanced Sensors");
}

/* Special weapons that inflict ion tokens: the Ion Cannon Turret deals one
 * damage, then the other results are ion tokens. */
static void test_ion_cannon(void **state)
{
	ctx *c = *state;
	fly_round1(c);
	put(c, "ywing", 40000, 40000, 0);
	put(c, "tie", 40000, 40000 + 4000 + 12000, 1800);   /* range 2 */
	put(c, "adv", 40000 + 4000 + 12000, 40000, 2700);   /* range 2, to the right */
	put(c, "xwing", 20000, 20000, 0);
	NO(c, "reb: attack ship=ywing target=adv weapon=ioncannonturret atk=hit,hit,hit def=blank,blank,blank",
		"not in the arc");
	OK(c, "reb: attack ship=ywing target=tie weapon=ioncannonturret atk=hit,crit,hit def=evade,blank,blank");
	assert_int_equal(ship(c, "tie")->hull, 2);     /* one damage */
	assert_int_equal(ship(c, "tie")->ion, 1);      /* the other hit: an ion token */
	assert_int_equal(ship(c, "tie")->ncrits, 0);
}

static void test_ion_turret_rotate_and_range(void **state)
{
	ctx *c = *state;
	four(c);
	plan(c, "1FB", "1FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "1FB");
	OK(c, "reb: move ship=ywing");
	OK(c, "reb: action ship=ywing action=rotate arc=right");
	assert_int_equal(ship(c, "ywing")->turret_arc, XW_ARC_RIGHT);
	REVEAL(c, "reb", "xwing", "1FB");
	OK(c, "reb: move ship=xwing");
	NO(c, "reb: action ship=xwing action=rotate arc=left", "not on the action bar");
	REVEAL(c, "imp", "adv", "2FB");
	OK(c, "imp: move ship=adv");
	REVEAL(c, "imp", "tie", "2FB");
	OK(c, "imp: move ship=tie");
	OK(c, "phase 4");
	put(c, "ywing", 40000, 40000, 0);
	put(c, "adv", 40000 + 4000 + 25000, 40000, 2700);   /* range 3: the turret reaches 2 */
	put(c, "tie", 40000 + 4000 + 15000, 60000, 2700);
	NO(c, "reb: attack ship=ywing target=adv weapon=ioncannonturret atk=hit,hit,hit def=blank",
		"fires at range 1-2");
}

/* The 2.5 variant (`meta xwing-ion 2.5`): the ionized ship reveals its dial
 * and flies a blue 1-bank or 1-straight in the dial's direction; it cannot
 * keep locks. */
static void test_ion_variant_25(void **state)
{
	ctx *c = *state;
	c->log->h.meta = sl_calloc(1, sizeof *c->log->h.meta);
	assert_non_null(c->log->h.meta);
	c->log->h.meta[0].key = sl_strdup("xwing-ion");
	c->log->h.meta[0].value = sl_strdup("2.5");
	c->log->h.nmeta = 1;
	four(c);
	ship(c, "ywing")->ion = 1;
	ship(c, "ywing")->lock = 2;
	plan(c, "3TR", "2FB", "2FB", "2FB");
	assert_int_equal(ship(c, "ywing")->assigned, 1);   /* 2.5: its dial is assigned */
	REVEAL(c, "reb", "ywing", "3TR");                   /* and revealed */
	NO(c, "reb: move ship=ywing maneuver=1FB", "xwing ion: the ion maneuver is a blue 1-bank left (1BB)");
	OK(c, "reb: move ship=ywing maneuver=1BB");
	assert_int_equal(ship(c, "ywing")->pose.h, 3150);
	NO(c, "reb: action ship=ywing action=lock target=tie", "xwing ion: an ionized ship may only focus");
	OK(c, "reb: action ship=ywing action=focus");
	REVEAL(c, "reb", "xwing", "2FB");
	assert_int_equal(ship(c, "ywing")->ion, 0);
	OK(c, "reb: move ship=xwing");
	put(c, "xwing", 32000, 22000, 0);
	OK(c, "reb: action ship=xwing action=lock target=ywing");
	/* becoming ionized breaks the ship's locks */
	OK(c, "effect ship=xwing token=ion delta=1 source=\"a test effect\"");
	assert_int_equal(ship(c, "xwing")->lock, -1);
}

/* ---- effects, snapshots, generator ---------------------------------------- */

static void test_effect(void **state)
{
	ctx *c = *state;
	four(c);
	OK(c, "turn 1");
	NO(c, "effect ship=ywing token=ion delta=1 source=\"x\"", "system or activation phase");
	DIAL(c, "reb", "ywing", "1FB");
	DIAL(c, "reb", "xwing", "1FB");
	DIAL(c, "imp", "tie", "2FB");
	DIAL(c, "imp", "adv", "2FB");
	OK(c, "phase 2");
	NO(c, "effect ship=ywing token=ion delta=-1 source=\"x\"", "cannot lose 1");
		OK(c, "effect ship=ywing token=ion delta=2 source=\"x\"");
	assert_int_equal(ship(c, "ywing")->ion, 2);
}

static void test_snapshot(void **state)
{
	ctx *c = *state;
	sl_buf b, b2;
	void *r = NULL;
	sl_error err;
	four(c);
	plan(c, "2BW", "2FB", "2FB", "2FB");
	REVEAL(c, "reb", "ywing", "2BW");
	OK(c, "reb: move ship=ywing");
	sl_buf_init(&b);
	sl_buf_init(&b2);
	assert_int_equal(G->serialize(c->st, &b), 0);
	sl_error_clear(&err);
	assert_int_equal(G->restore(&r, b.data, b.len, &err), 0);
	assert_int_equal(G->serialize(r, &b2), 0);
	assert_int_equal(b.len, b2.len);
	assert_memory_equal(b.data, b2.data, b.len);
	G->destroy(r);
	r = NULL;
	/* truncated and corrupted snapshots are refused */
	assert_int_not_equal(G->restore(&r, b.data, b.len - 1, &err), 0);
	b.data[1] = 0x7f;
	sl_error_clear(&err);
	(void)G->restore(&r, b.data, b.len, &err);
	if (r)
		G->destroy(r);
	sl_buf_free(&b);
	sl_buf_free(&b2);
}

static void test_generator(void **state)
{
	ctx *c = *state;
	sl_prng rng;
	sl_arena a;
	int events = 0, rounds = 0;
	c->log->h.has_seed = 1;
	c->log->h.seed = 77;
	sl_prng_seed(&rng, 77, 1);
	sl_arena_init(&a);
	for (int n = 0; n < 20000; n++) {
		sl_event ev;
		int rc = G->generate(c->st, &c->log->h, &rng, &a, &ev, &c->err);
		if (rc == 1)
			break;
		if (rc != 0)
			fail_msg("generate: %s", c->err.msg);
		if (ev.entry == SL_ENTRY_TURN) {
			rc = G->mark(c->st, &c->log->h, ev.mark, 1, &c->err);
			c->turn = ev.mark;
			rounds++;
		} else if (ev.entry == SL_ENTRY_PHASE) {
			rc = G->mark(c->st, &c->log->h, c->turn, ev.mark, &c->err);
		} else {
			rc = G->apply(c->st, &c->log->h, &ev, NULL, &c->err);
			events++;
		}
		if (rc != 0)
			fail_msg("generated entry refused: %s", c->err.msg);
	}
	sl_arena_free(&a);
	assert_true(events > 100);
	assert_true(rounds >= 6);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geom_trig),
		cmocka_unit_test(test_geom_overlap_far),
		cmocka_unit_test(test_geom_issue_numbers),
		cmocka_unit_test(test_geom_all_maneuvers),
		cmocka_unit_test(test_geom_path_ends_at_end),
		cmocka_unit_test(test_geom_barrel_rolls),
		cmocka_unit_test(test_geom_overlap),
		cmocka_unit_test(test_geom_range_and_arcs),
		cmocka_unit_test(test_geom_template_obstacle),
		T(test_setup),
		T(test_planning_and_reveal),
		T(test_activation_order),
		T(test_first_player),
		T(test_stress),
		T(test_actions),
		T(test_bump_and_flee),
		T(test_bump_touch),
		T(test_bump_touch_v1),
		T(test_obstacles),
		T(test_combat_dice),
		T(test_combat_mods_and_destruction),
		T(test_evade_needs_blank_or_focus),
		T(test_evade_d6_v1),
		cmocka_unit_test_setup_teardown(test_roll_then_modify, setup3, teardown),
		cmocka_unit_test_setup_teardown(test_roll_tokens_checked, setup3, teardown),
		cmocka_unit_test_setup_teardown(test_roll_drawn_faces, setup3, teardown),
		cmocka_unit_test_setup_teardown(test_v4_published_order, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v4_calculate_force, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v4_defend_drawn, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_predator, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_predator_bullseye, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_fifthbrother, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_elusive, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_juke, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_firecontrol, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_protontorpedoes, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_protontorpedoes_primary, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_lonewolf, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_howlrunner, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_serissu, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_marksmanship, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_ability_not_enforced, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_red_recovers, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_blue_white_keep, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_white_keeps, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_at_max, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_bump_keeps, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_elusive_cycle, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v4_elusive_no_recovery, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v5_heavylasercannon, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v4_heavylasercannon_as_recorded, setup4, teardown),
		cmocka_unit_test_setup_teardown(test_v5_heavylasercannon_modify, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_crackshot, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_crackshot_passed, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_crackshot_not_due, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_crackshot_no_evade, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v5_crackshot_bullseye, setup5, teardown),
		cmocka_unit_test_setup_teardown(test_v4_crackshot_no_step, setup4, teardown),
		T(test_simultaneous_fire),
		T(test_effect_card_checked),
		T(test_special_weapon),
		T(test_result_20),
		T(test_result_round_limit_and_v1),
		T(test_result_scenario),
		T(test_targeting_computer),
		T(test_barrel_roll_through_obstacle),
		T(test_ion_threshold_by_size),
		T(test_ion_maneuver),
		T(test_ion_tokens_removed_at_phase_end),
		T(test_ion_gained_after_activation_stays),
		T(test_ion_gained_after_activation_v1),
		T(test_ion_focus_only_and_linked),
		T(test_ion_after_planning),
		T(test_ion_lost_before_activation),
		T(test_ion_no_reveal_trigger),
		T(test_ion_cannon),
		T(test_ion_turret_rotate_and_range),
		T(test_ion_variant_25),
		T(test_effect),
		T(test_snapshot),
		T(test_generator),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
