/* test_fmp.c - the fmp rules module: one test per clause of chapter 9 of
 * Full Metal Planète (the astronef), each with its allowed and its refused
 * side, then tides, fire zones, action points, the tide deck, snapshots and
 * the generator. Events are written as log lines and parsed with the .sil
 * codec (sl_sil_parse_line) so the tests read like the games they stage;
 * positions are arranged by placing units directly in the state. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/fmp/fmp_int.h"
#include "formats/sl_log.h"

static const sl_game *G = &sl_game_fmp;

#include "test_rules_ctx.inc"

static int setup(void **state)
{
	static const char *const ids[3] = {"ana", "bob", "cyd"};
	return ctx_open(state, G, 0, 3, ids, NULL, 0x102030u);
}

static fmp_state *S(ctx *c) { return c->st; }

static int U(ctx *c, const char *id)
{
	int i = fmp_find_unit(S(c), id, strlen(id));
	if (i < 0)
		fail_msg("no unit %s", id);
	return i;
}

static fmp_unit *unit(ctx *c, const char *id)
{
	return &S(c)->units[U(c, id)];
}

/* Arranges a unit on the map (the test's setup, not a move). */
static void put(ctx *c, const char *id, int col, int row)
{
	fmp_unit *u = unit(c, id);
	u->where = FMP_MAP;
	u->holder = -1;
	u->col = u->tcol = col;
	u->row = u->trow = row;
}

static void pode(ctx *c, int ship, int k, int *col, int *row)
{
	int cc[4], rr[4];
	fmp_ship_hexes(&S(c)->ships[ship], cc, rr);
	*col = cc[k];
	*row = rr[k];
}

static void down_turret(ctx *c, int ship, int k)
{
	S(c)->units[S(c)->ships[ship].turret[k - 1]].where = FMP_DEAD;
}

static void linef(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void linef(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, n, fmt, ap);
	va_end(ap);
}

/* The test map, 16 x 12: columns 1-3 sea, 4 reef, 5 swamp, 6-10 plain,
 * 11 mountain, 12-16 plain; every row alike. */
#define ROWCELLS "...~*-----^-----"

static void setup_map(ctx *c)
{
	char line[128];
	OK(c, "map cols=16 rows=12");
	for (int r = 1; r <= 12; r++) {
		linef(line, sizeof line, "terrain row=%d cells=\"%s\"", r, ROWCELLS);
		OK(c, line);
	}
	OK(c, "ore id=o1 at=7,6");
	OK(c, "ore id=o2 at=16,1");
}

/* Three astronefs landed and turn 3 begun at normal tide, ana to play
 * with 5 points: ana at 8,3, bob at 8,9, cyd at 14,10, pode 1 to the north.
 * The card of turn 4 (H13: drawn on turn 3) is `card4`. */
static void startx(ctx *c, const char *card4)
{
	char line[48];
	setup_map(c);
	OK(c, "turn 1");
	OK(c, "phase 2");
	OK(c, "ana: land at=8,3 pode=N");
	OK(c, "phase 3");
	OK(c, "bob: land at=8,9 pode=N");
	OK(c, "phase 4");
	OK(c, "cyd: land at=14,10 pode=N");
	OK(c, "turn 2");
	OK(c, "tide card=normal");
	OK(c, "turn 3");
	linef(line, sizeof line, "tide card=%s", card4);
	OK(c, line);
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 5);
}

static void start(ctx *c)
{
	startx(c, "normal");
}

/* ---- chapter 9: the astronef ------------------------------------------------- */

/* 9: four hexes, only plain and swamp. */
static void test_9_lands_on_plain_and_swamp(void **state)
{
	ctx *c = *state;
	setup_map(c);
	OK(c, "turn 1");
	OK(c, "phase 2");
	NO(c, "ana: land at=11,5 pode=N", "only on plain and swamp");       /* mountain */
	NO(c, "ana: land at=3,5 pode=N", "only on plain and swamp");        /* sea */
	NO(c, "ana: land at=4,5 pode=N", "only on plain and swamp");        /* reef */
	NO(c, "ana: land at=8,1 pode=N", "off the map");
	NO(c, "ana: land at=7,6 pode=S", "lands on clear hexes");           /* ore o1 */
	OK(c, "ana: land at=6,5 pode=NE");                                  /* swamp at 5,x */
	assert_true(S(c)->ships[0].landed);
	assert_int_equal(fmp_ship_at(S(c), 6, 5), 0);
	NO(c, "ana: land at=9,9 pode=N", "already landed");
	OK(c, "phase 3");
	NO(c, "bob: land at=7,5 pode=N", "taken by the ana astronef");
	OK(c, "bob: land at=8,9 pode=N");
}

/* 9: the astronef is not affected by tides (units on a swamp are). */
static void test_9_no_tide_effect(void **state)
{
	ctx *c = *state;
	int pc, pr;
	setup_map(c);
	OK(c, "turn 1");
	OK(c, "phase 2");
	OK(c, "ana: land at=6,5 pode=NE");   /* pode 3 (SW) and the bubble's west side on swamp */
	OK(c, "phase 3");
	OK(c, "bob: land at=8,10 pode=N");
	OK(c, "phase 4");
	OK(c, "cyd: land at=14,10 pode=N");
	OK(c, "turn 2");
	OK(c, "tide card=high");           /* H13: turn 3's card, drawn on turn 2 */
	OK(c, "turn 3");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_int_equal(S(c)->tide, FMP_HIGH);
	/* the astronef stands and serves at high tide: a tank leaves by pode 1 */
	pode(c, 0, 1, &pc, &pr);
	assert_int_equal(fmp_terrain_at(S(c), pc, pr) == FMP_PLAIN
		|| fmp_terrain_at(S(c), pc, pr) == FMP_SWAMP, 1);
	{
		char line[96];
		int nc, nr;
		fmp_neighbor(pc, pr, 0, &nc, &nr);
		linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=1 to=%d,%d", nc, nr);
		OK(c, line);
	}
	/* while a tank on a swamp hex is stuck at high tide */
	put(c, "ana-t2", 5, 10);
	NO(c, "ana: move unit=ana-t2 path=NE", "stuck");
}

/* 9: apart from its turrets, indestructible with its cargo. */
static void test_9_indestructible_but_turrets(void **state)
{
	ctx *c = *state;
	int pc, pr;
	char line[96];
	start(c);
	OK(c, "phase 3");
	pode(c, 0, 2, &pc, &pr);                       /* ana's pode 2 (SE): 9,4 */
	/* two tanks on the mountain, each within reach of one turret only */
	put(c, "bob-t1", 11, 3);
	put(c, "bob-t2", 11, 5);
	assert_false(fmp_under_fire(S(c), 11, 3, 1));
	NO(c, "bob: fire a=bob-t1 b=bob-t2 at=8,3", "indestructible");
	linef(line, sizeof line, "bob: fire a=bob-t1 b=bob-t2 at=%d,%d", pc, pr);
	OK(c, line);
	assert_int_equal(unit(c, "ana-tur2")->where, FMP_DEAD);
	assert_int_equal(S(c)->players[1].ap, 5 - 2);
	NO(c, line, "indestructible");                 /* its turret is gone */
	for (int i = 0; i < S(c)->nunits; i++)        /* the cargo is untouched */
		if (S(c)->units[i].colour == 0 && S(c)->units[i].kind != FMP_TURRET)
			assert_int_equal(S(c)->units[i].where, FMP_IN_SHIP);
}

/* 9: the cargo is visible to all; the astronef is the only starting point. */
static void test_9_cargo_visible_and_refuge(void **state)
{
	ctx *c = *state;
	sl_buf b;
	start(c);
	sl_buf_init(&b);
	G->summary(c->st, &c->log->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "astronef bob: at 8,9"));
	assert_non_null(strstr(sl_buf_cstr(&b), "cargo: bob-t1 bob-t2"));
	sl_buf_free(&b);
	NO(c, "ana: move unit=ana-t1 path=N", "inside the ana astronef");
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=8,9", "inside the ana astronef");
}

/* 9.1: in and out only through a pode, onto a hex next to it. */
static void test_9_1_through_podes_only(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	char line[96];
	start(c);
	pode(c, 0, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=2 to=%d,%d", nc, nr);
	NO(c, line, "not next to pode 2");
	linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=1 to=%d,%d", nc, nr);
	OK(c, line);
	assert_int_equal(S(c)->players[0].ap, 4);
	NO(c, "ana: enter unit=ana-t1 ship=ana pode=2", "not next to pode 2");
	OK(c, "ana: enter unit=ana-t1 ship=ana pode=1");
	assert_int_equal(unit(c, "ana-t1")->where, FMP_IN_SHIP);
	assert_int_equal(S(c)->players[0].ap, 3);
}

/* 9.1: ore that entered never leaves and is never transformed; a loaded
 * transporter enters for 1 point; loading and unloading inside are free. */
static void test_9_1_ore_and_costs(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	char line[96];
	start(c);
	pode(c, 0, 3, &pc, &pr);                   /* pode 3 (SW) */
	fmp_neighbor(pc, pr, 4, &nc, &nr);
	put(c, "ana-c1", nc, nr);
	put(c, "o1", nc, nr + 1);
	OK(c, "ana: load unit=ana-c1 what=o1");     /* 1 point: 4 left */
	OK(c, "ana: enter unit=ana-c1 ship=ana pode=3");
	assert_int_equal(S(c)->players[0].ap, 3);   /* a loaded crab enters for 1 */
	OK(c, "ana: load unit=ana-c1 what=ana-t1"); /* inside: free */
	OK(c, "ana: unload unit=ana-c1 what=o1");   /* into the astronef: free */
	assert_int_equal(S(c)->players[0].ap, 3);
	assert_int_equal(unit(c, "o1")->where, FMP_IN_SHIP);
	NO(c, "ana: load unit=ana-c1 what=o1", "never leaves");
	/* a crab carrying ore cannot leave with it */
	unit(c, "o1")->where = FMP_IN_UNIT;
	unit(c, "o1")->holder = U(c, "ana-c1");
	unit(c, "ana-t1")->where = FMP_IN_SHIP;
	unit(c, "ana-t1")->holder = 0;
	linef(line, sizeof line, "ana: leave unit=ana-c1 ship=ana pode=3 to=%d,%d", nc, nr);
	NO(c, line, "never leaves");
	/* nor is it turned into a unit inside */
	unit(c, "o1")->holder = U(c, "ana-w");
	linef(line, sizeof line, "ana: build unit=ana-w what=tank id=ana-x to=%d,%d", nc, nr);
	NO(c, line, "inside the ana astronef");
	/* without the ore the crab goes out for 1 point */
	unit(c, "o1")->where = FMP_IN_SHIP;
	unit(c, "o1")->holder = 0;
	linef(line, sizeof line, "ana: leave unit=ana-c1 ship=ana pode=3 to=%d,%d", nc, nr);
	OK(c, line);
	assert_int_equal(S(c)->players[0].ap, 2);
}

/* 9.1: a pode under enemy fire may be used if the hex reached is out of fire. */
static void test_9_1_pode_under_fire(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr, fc, fr;
	char line[96];
	start(c);
	pode(c, 0, 1, &pc, &pr);                    /* ana's pode 1, north of 8,3 */
	/* bob's two tanks cover pode 1 and 9,1 but not 7,2 */
	put(c, "bob-t1", 10, 2);
	put(c, "bob-t2", 10, 1);
	assert_true(fmp_under_fire(S(c), pc, pr, 0));
	fmp_neighbor(pc, pr, 1, &fc, &fr);          /* NE of the pode: under fire */
	fmp_neighbor(pc, pr, 4, &nc, &nr);          /* SW of the pode: out of fire */
	assert_true(fmp_under_fire(S(c), fc, fr, 0));
	assert_false(fmp_under_fire(S(c), nc, nr, 0));
	linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=1 to=%d,%d", fc, fr);
	NO(c, line, "only onto a hex out of enemy fire");
	linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=1 to=%d,%d", nc, nr);
	OK(c, line);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "under enemy fire"));
	/* and back in through the same pode, still under fire */
	OK(c, "ana: enter unit=ana-t1 ship=ana pode=1");
}

/* 9.1: nothing leaves through a pode whose turret is destroyed; a unit may
 * enter through it (9.2: the astronef keeps all its powers). */
static void test_9_1_destroyed_turret(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	char line[96];
	start(c);
	down_turret(c, 0, 3);
	pode(c, 0, 3, &pc, &pr);
	fmp_neighbor(pc, pr, 4, &nc, &nr);
	linef(line, sizeof line, "ana: leave unit=ana-t1 ship=ana pode=3 to=%d,%d", nc, nr);
	NO(c, line, "FMP 9.1: pode 3's turret is destroyed \xe2\x80\x94 no unit may leave through it");
	put(c, "ana-t2", nc, nr);
	OK(c, "ana: enter unit=ana-t2 ship=ana pode=3");
	assert_int_equal(unit(c, "ana-t2")->where, FMP_IN_SHIP);
}

/* 9.2: turrets first, then a destroyer goes in: the capture. */
static void test_9_2_capture(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	pode(c, 1, 1, &pc, &pr);                    /* bob's pode 1 */
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	fmp_neighbor(pc, pr, 5, &nc, &nr);
	put(c, "ana-c1", nc, nr);
	put(c, "bob-t1", 15, 2);                    /* a bob unit on the map, far away */
	NO(c, "ana: enter unit=ana-t1 ship=bob pode=1", "still has 3 turrets");
	down_turret(c, 1, 1);
	down_turret(c, 1, 2);
	NO(c, "ana: enter unit=ana-t1 ship=bob pode=1", "still has 1 turret");
	down_turret(c, 1, 3);
	NO(c, "ana: enter unit=ana-c1 ship=bob pode=1", "only a destroyer");
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	assert_int_equal(S(c)->ships[1].owner, 0);                 /* ana controls it */
	assert_int_equal(unit(c, "ana-t1")->colour, 1);            /* the tank turned bob */
	assert_int_equal(fmp_controller(S(c), unit(c, "bob-t1")), 0); /* bob's units pass */
	assert_int_equal(fmp_controller(S(c), unit(c, "bob-h")), 0);
	assert_int_equal(S(c)->players[0].ap, 5 - 1 + 5);          /* +5 at once */
	assert_true(S(c)->players[1].lost);                        /* bob has no astronef */
	/* usable at once */
	OK(c, "ana: move unit=bob-t1 path=N");
	/* one turn for several astronefs; bob has lost */
	OK(c, "phase 3");
	NO(c, "bob: move unit=bob-t2 path=N", "has lost");
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	/* turn 4: 10, plus 5 per captured astronef, plus the 5 saved (8 left) */
	assert_int_equal(S(c)->players[0].ap, 10 + 5 + 5);
}

/* 9.2: the destroyer's way in is out of enemy fire, though the pode may be under fire. */
static void test_9_2_path_out_of_fire(void **state)
{
	ctx *c = *state;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	/* cyd's tanks cover bob's pode 1 (8,8) and 8,7 north of it, not 8,6 or 7,8 */
	put(c, "cyd-t1", 10, 7);
	put(c, "cyd-t2", 10, 8);
	assert_true(fmp_under_fire(S(c), 8, 8, 0));
	assert_true(fmp_under_fire(S(c), 8, 7, 0));
	assert_false(fmp_under_fire(S(c), 8, 6, 0));
	assert_false(fmp_under_fire(S(c), 7, 8, 0));
	put(c, "ana-t1", 8, 7);                     /* next to the pode, but under fire */
	NO(c, "ana: enter unit=ana-t1 ship=bob pode=1", "is under enemy fire: neutralised");
	put(c, "ana-t1", 8, 6);
	NO(c, "ana: move unit=ana-t1 path=S", "under enemy fire");
	/* another way: from 7,8, next to the pode, out of fire */
	put(c, "ana-t1", 7, 8);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	assert_int_equal(S(c)->ships[1].owner, 0);
}

/* 9.2: only the player who has just taken an astronef rebuilds its turrets:
 * 2 points, not on a pode under fire, and the turret fires at once. */
static void test_9_2_rebuild(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	down_turret(c, 0, 1);
	NO(c, "ana: rebuild ship=ana pode=1", "only the captor may rebuild turrets");
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	NO(c, "ana: rebuild ship=bob pode=1", "only the captor may rebuild turrets");
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");   /* 9 points left */
	OK(c, "ana: rebuild ship=bob pode=1");
	assert_int_equal(S(c)->players[0].ap, 7);
	assert_int_equal(unit(c, "bob-tur1")->where, FMP_MAP);
	assert_int_equal(fmp_controller(S(c), unit(c, "bob-tur1")), 0);
}

/* The rebuild rules on their own, from a fresh capture. */
static void test_9_2_rebuild_rules(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 3, &pc, &pr);                    /* bob's pode 3 (SW) */
	fmp_neighbor(pc, pr, 4, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=3");
	assert_int_equal(S(c)->players[0].ap, 9);
	/* pode 2 (SE) under cyd's fire: refused; pode 3: allowed */
	pode(c, 1, 2, &pc, &pr);
	put(c, "cyd-t1", pc + 2, pr);
	put(c, "cyd-t2", pc + 2, pr + 1);
	assert_true(fmp_under_fire(S(c), pc, pr, 0));
	NO(c, "ana: rebuild ship=bob pode=2", "under enemy fire");
	OK(c, "ana: rebuild ship=bob pode=3");
	assert_int_equal(S(c)->players[0].ap, 7);
	NO(c, "ana: rebuild ship=bob pode=3", "stands");
	/* it fires at once, with a bob tank now ana's */
	put(c, "bob-t1", 6, 11);
	put(c, "cyd-h", 6, 9);
	OK(c, "ana: fire a=bob-tur3 b=bob-t1 at=6,9");
	assert_int_equal(unit(c, "cyd-h")->where, FMP_DEAD);
	assert_int_equal(S(c)->players[0].ap, 5);
}

/* 9.3: after a capture the new units under fire move out first, or are neutralised. */
static void test_9_3_escape(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	/* bob-t1 stands at 6,10 under the fire of two cyd tanks */
	put(c, "cyd-t1", 6, 12);
	put(c, "cyd-t2", 7, 12);
	put(c, "bob-t1", 6, 10);
	put(c, "bob-t2", 13, 3);
	assert_true(fmp_under_fire(S(c), 6, 10, 1));
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	assert_int_equal(S(c)->escape, 0);
	assert_true(unit(c, "bob-t1")->escape);
	NO(c, "ana: move unit=bob-t2 path=N", "before any other action");
	NO(c, "ana: move unit=bob-t1 path=S", "under enemy fire");   /* deeper into fire */
	OK(c, "ana: move unit=bob-t1 path=N");
	assert_int_equal(S(c)->escape, -1);
	OK(c, "ana: move unit=bob-t2 path=N");
	/* neutralise: closes the window, the unit stays under fire and cannot act */
	NO(c, "ana: neutralise", "nothing to neutralise");
}

static void test_9_3_neutralise(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	put(c, "cyd-t1", 6, 12);
	put(c, "cyd-t2", 7, 12);
	put(c, "bob-t1", 6, 10);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	NO(c, "ana: fire a=ana-tur1 b=ana-tur2 at=6,12", "before any other action");
	OK(c, "ana: neutralise");
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "bob-t1"));
	NO(c, "ana: move unit=bob-t1 path=N", "neutralised");
}

/* 9.3: enemy units in one's transporters are operational for the enemy once
 * unloaded, unless one captures one's own transporter first. */
static void test_9_3_cargo_of_the_old_owner(void **state)
{
	ctx *c = *state;
	start(c);
	/* ana's barge (colour ana) carries a cyd tank after cyd took... arrange:
	 * the tank is cyd's colour, inside ana's barge at sea */
	put(c, "ana-b", 4, 6);
	unit(c, "ana-b")->tcol = 3;
	unit(c, "ana-b")->trow = 6;
	unit(c, "cyd-t3")->where = FMP_IN_UNIT;
	unit(c, "cyd-t3")->holder = U(c, "ana-b");
	OK(c, "ana: unload unit=ana-b what=cyd-t3 to=5,6");
	assert_int_equal(fmp_controller(S(c), unit(c, "cyd-t3")), 2);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "operational again for cyd"));
	/* now the other way: capture one's own barge with its cargo */
	unit(c, "cyd-t3")->where = FMP_IN_UNIT;
	unit(c, "cyd-t3")->holder = U(c, "ana-b");
	put(c, "ana-v1", 2, 6);
	put(c, "ana-v2", 4, 7);
	OK(c, "ana: capture a=ana-v1 b=ana-v2 target=ana-b");
	assert_int_equal(unit(c, "cyd-t3")->colour, 0);
	assert_int_equal(fmp_controller(S(c), unit(c, "cyd-t3")), 0);
	NO(c, "ana: capture a=ana-v1 b=ana-v2 target=ana-b", "already ana's");
}

/* 9.4: units obey only the astronef of their colour; entering an astronef
 * gives its colour. */
static void test_9_4_colour(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	put(c, "bob-t1", 13, 2);
	NO(c, "ana: move unit=bob-t1 path=N", "takes orders from the bob astronef");
	/* a cyd unit captured by ana becomes ana's and, entering ana's astronef... */
	put(c, "cyd-c1", 10, 7);
	put(c, "ana-t1", 9, 7);
	put(c, "ana-t2", 11, 7);
	OK(c, "ana: capture a=ana-t1 b=ana-t2 target=cyd-c1");
	assert_int_equal(unit(c, "cyd-c1")->colour, 0);
	/* a unit of a captured colour entering the captor's own astronef takes its colour */
	unit(c, "cyd-c1")->colour = 2;
	S(c)->ships[2].owner = 0;                   /* as if ana had taken cyd's astronef */
	pode(c, 0, 2, &pc, &pr);
	fmp_neighbor(pc, pr, 2, &nc, &nr);
	put(c, "cyd-c1", nc, nr);
	OK(c, "ana: enter unit=cyd-c1 ship=ana pode=2");
	assert_int_equal(unit(c, "cyd-c1")->colour, 0);
	/* other units keep their colour */
	assert_int_equal(unit(c, "cyd-c2")->colour, 2);
}

/* 9.5: take-off on turns 21 and 25 only; 1 point plus 1 per destroyed
 * turret; units left behind are deactivated and may be captured. */
static void all_stay(ctx *c);

static void advance(ctx *c, int to)
{
	char line[48];
	int t = c->turn;
	while (t < to) {
		t++;
		linef(line, sizeof line, "turn %d", t);
		OK(c, line);
		if (t >= 2 && t < FMP_LAST_TURN) {   /* H13: the next turn's card, from what is left */
			int k = t % 3, left = S(c)->deck[0] + S(c)->deck[1] + S(c)->deck[2];
			while (left && S(c)->deck[k] == 0)
				k = (k + 1) % 3;
			linef(line, sizeof line, "tide card=%s", fmp_tide_name(k));
			OK(c, line);
		}
		if (t == 21)
			all_stay(c);
	}
	OK(c, "phase 2");
}

/* Turn 21 (9.5): the secret stay-or-leave choice of one astronef, as a
 * commitment (formats/commit.md, domain fmp-takeoff) with a salt of 16
 * bytes `salt`, then its reveal. */
static void choose_line(char *line, size_t n, const char *who, const char *ship,
	const char *choice, int salt)
{
	uint8_t sb[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	memset(sb, salt, sizeof sb);
	assert_int_equal(sl_commit(cm, "fmp-takeoff", sb, choice, strlen(choice)), 0);
	sl_hexstr_encode(hex, cm, sizeof cm);
	linef(line, n, "%s: commit ship=%s hash=\"%s\"", who, ship, hex);
}

static void reveal_line(char *line, size_t n, const char *who, const char *ship,
	const char *choice, int salt)
{
	uint8_t sb[SL_SALT_BYTES];
	char hex[2 * SL_SALT_BYTES + 1];
	memset(sb, salt, sizeof sb);
	sl_hexstr_encode(hex, sb, sizeof sb);
	linef(line, n, "%s: reveal ship=%s choice=%s salt=\"%s\"", who, ship, choice, hex);
}

static void choose(ctx *c, const char *who, const char *ship, const char *choice, int salt)
{
	char line[200];
	choose_line(line, sizeof line, who, ship, choice, salt);
	OK(c, line);
}

static void reveal(ctx *c, const char *who, const char *ship, const char *choice, int salt)
{
	char line[200];
	reveal_line(line, sizeof line, who, ship, choice, salt);
	OK(c, line);
}

/* Turn 21: every astronef on the planet stays (sealed, then revealed). */
static void all_stay(ctx *c)
{
	int salt = 100;
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < FMP_MAX_PLAYERS; k++) {
			const fmp_ship *sh = &S(c)->ships[k];
			if (!sh->landed || sh->gone)
				continue;
			if (pass == 0)
				choose(c, fmp_pid(&c->log->h, sh->owner), fmp_pid(&c->log->h, k), "stay",
					salt + k);
			else
				reveal(c, fmp_pid(&c->log->h, sh->owner), fmp_pid(&c->log->h, k), "stay",
					salt + k);
		}
}

static void test_9_5_takeoff(void **state)
{
	ctx *c = *state;
	char line[200];
	sl_buf b;
	start(c);
	NO(c, "ana: takeoff ship=ana", "only on turns 21 and 25");
	put(c, "ana-t1", 12, 2);
	put(c, "ana-t2", 13, 2);
	advance(c, 20);
	NO(c, "ana: takeoff ship=ana", "not on turn 20");
	choose_line(line, sizeof line, "ana", "ana", "leave", 1);
	NO(c, line, "phase 1 of turn 21");
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 21");
	OK(c, "tide card=normal");
	/* ore and a tank aboard, one turret destroyed at the end of turn 20 */
	unit(c, "o1")->where = FMP_IN_SHIP;
	unit(c, "o1")->holder = 0;
	down_turret(c, 0, 2);
	/* the choices: sealed by each owner, all before any is revealed */
	choose_line(line, sizeof line, "ana", "bob", "stay", 9);
	NO(c, line, "the bob astronef is bob's: its owner chooses");
	NO(c, "ana: commit ship=ana hash=\"00ff\"", "64 hex digits");
	choose(c, "ana", "ana", "leave", 1);
	choose_line(line, sizeof line, "ana", "ana", "stay", 1);
	NO(c, line, "already sealed");
	reveal_line(line, sizeof line, "ana", "ana", "leave", 1);
	NO(c, line, "the bob astronef's is not sealed yet");
	choose(c, "bob", "bob", "stay", 2);
	choose(c, "cyd", "cyd", "stay", 3);
	NO(c, "phase 2", "the ana astronef's is not revealed");
	NO(c, "turn 22", "the ana astronef's is not revealed");
	/* what a side sees before the reveals: sealed, nothing more */
	assert_int_equal(S(c)->ships[0].choice, -1);
	sl_buf_init(&b);
	G->summary(c->st, &c->log->h, &b);
	assert_non_null(strstr(sl_buf_cstr(&b), "choice for turn 21: sealed"));
	assert_null(strstr(sl_buf_cstr(&b), "leaves"));
	sl_buf_free(&b);
	reveal_line(line, sizeof line, "ana", "ana", "stay", 1);
	NO(c, line, "does not open the sealed choice");                 /* not what was sealed */
	reveal_line(line, sizeof line, "ana", "ana", "leave", 7);
	NO(c, line, "does not open the sealed choice");                 /* another salt */
	reveal_line(line, sizeof line, "bob", "ana", "leave", 1);
	NO(c, line, "its owner");
	reveal(c, "ana", "ana", "leave", 1);
	/* gone at once, with what it held: 2 for the ore, 1 per unit aboard (10),
	 * 1 per standing turret (2) */
	assert_true(S(c)->ships[0].gone);
	assert_int_equal(S(c)->players[0].score, 2 + 10 + 2);
	assert_int_equal(fmp_controller(S(c), unit(c, "ana-t1")), -1);
	NO(c, "phase 2", "the bob astronef's is not revealed");
	reveal(c, "bob", "bob", "stay", 2);
	reveal_line(line, sizeof line, "bob", "bob", "stay", 2);
	NO(c, line, "already revealed");
	reveal(c, "cyd", "cyd", "stay", 3);
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 0);                       /* ana has left */
	NO(c, "ana: move unit=ana-t1 path=N", "nobody controls it");
	/* bob captures the abandoned tank; bob stays: no take-off in turn 21's play */
	OK(c, "phase 3");
	NO(c, "bob: takeoff ship=bob", "before the turn is played");
	put(c, "bob-t1", 12, 3);
	put(c, "bob-t2", 11, 2);
	OK(c, "bob: capture a=bob-t1 b=bob-t2 target=ana-t1");
	assert_int_equal(fmp_controller(S(c), unit(c, "ana-t1")), 1);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "abandoned"));
	/* turn 25: the remaining astronefs leave after playing */
	OK(c, "phase 4");
	advance(c, 25);
	OK(c, "phase 3");
	OK(c, "bob: takeoff ship=bob");
	NO(c, "turn 26", "ends with turn 25");
}

/* ---- issue 13: the rules as published ------------------------------------------- */

/* Turrets are never neutralised: a turret whose pode is under enemy fire
 * still fires; a tank under the same fire does not. */
static void test_turret_never_neutralised(void **state)
{
	ctx *c = *state;
	int pc, pr;
	start(c);
	pode(c, 0, 2, &pc, &pr);                    /* ana's pode 2 (SE): 9,4 */
	put(c, "bob-t1", 11, 3);                    /* two bob tanks cover the pode */
	put(c, "bob-t2", 11, 5);
	put(c, "ana-t1", 10, 4);                    /* next to the pode, under the same fire */
	put(c, "cyd-c1", 10, 5);                    /* a target in reach of both */
	assert_true(fmp_under_fire(S(c), pc, pr, 0));
	assert_true(fmp_under_fire(S(c), 10, 4, 0));
	assert_false(fmp_neutralised(S(c), unit(c, "ana-tur2")));
	NO(c, "ana: fire a=ana-t1 b=ana-tur2 at=10,5", "ana-t1 at 10,4 is under enemy fire");
	put(c, "ana-t1", 9, 6);                     /* out of bob's fire */
	assert_false(fmp_under_fire(S(c), 9, 6, 0));
	OK(c, "ana: fire a=ana-tur2 b=ana-t1 at=10,5");
	assert_int_equal(unit(c, "cyd-c1")->where, FMP_DEAD);
}

/* Ammunition renews at the start of each player's turn: destroyers taken
 * with an astronef (9.2, usable at once) fire for the captor in the same
 * round although they fired for their former owner. */
static void test_ammunition_per_player_turn(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	OK(c, "phase 3");                           /* bob plays: two shots each */
	S(c)->players[1].ap = 30;
	put(c, "bob-t1", 14, 3);
	put(c, "bob-t2", 14, 5);
	put(c, "cyd-c1", 14, 4);
	put(c, "cyd-c2", 15, 4);
	OK(c, "bob: fire a=bob-t1 b=bob-t2 at=14,4");
	OK(c, "bob: fire a=bob-t1 b=bob-t2 at=15,4");
	put(c, "cyd-w", 14, 4);
	NO(c, "bob: fire a=bob-t1 b=bob-t2 at=14,4", "fired twice this turn");
	/* cyd takes bob's astronef in the same round and fires with his tanks */
	OK(c, "phase 4");
	S(c)->players[2].ap = 30;
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "cyd-t1", nc, nr);
	OK(c, "cyd: enter unit=cyd-t1 ship=bob pode=1");
	put(c, "ana-c1", 14, 4);
	OK(c, "cyd: fire a=bob-t1 b=bob-t2 at=14,4");
	assert_int_equal(unit(c, "ana-c1")->where, FMP_DEAD);
	put(c, "ana-c2", 14, 4);
	OK(c, "cyd: fire a=bob-t1 b=bob-t2 at=14,4");
	put(c, "ana-w", 14, 4);
	NO(c, "cyd: fire a=bob-t1 b=bob-t2 at=14,4", "fired twice this turn");
}

/* The credit follows the astronefs held on the planet: +5 for each one
 * conquered, -5 for each one lost, captured or taken off. */
static void test_credit_follows_astronefs(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");   /* ana holds ana and bob */
	S(c)->players[0].ap = 0;                          /* nothing saved */
	OK(c, "phase 3");
	OK(c, "phase 4");
	/* cyd takes ana's own astronef: ana keeps bob's, cyd holds two */
	S(c)->players[2].ap = 30;
	for (int k = 1; k <= 3; k++)
		down_turret(c, 0, k);
	pode(c, 0, 3, &pc, &pr);
	fmp_neighbor(pc, pr, 4, &nc, &nr);
	put(c, "cyd-t1", nc, nr);
	OK(c, "cyd: enter unit=cyd-t1 ship=ana pode=3");
	assert_int_equal(S(c)->ships[0].owner, 2);
	assert_false(S(c)->players[0].lost);
	S(c)->players[2].ap = 0;
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 10);       /* one astronef held: no bonus */
	OK(c, "phase 3");
	OK(c, "phase 4");
	assert_int_equal(S(c)->players[2].ap, 10 + 5);   /* two held: +5 */
}


/* ... and one taken off on turn 21 no longer counts. */
static void test_credit_after_takeoff(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->ships[1].owner = 0;                         /* as if ana had taken bob's */
	S(c)->ships[1].taken = 1;
	S(c)->players[1].lost = 1;
	advance(c, 20);
	assert_int_equal(S(c)->players[0].ap, 15 + 5 + 5);    /* 5 saved on turn 3, two held */
	S(c)->players[0].ap = 0;
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 21");
	OK(c, "tide card=normal");
	choose(c, "ana", "ana", "leave", 1);
	choose(c, "ana", "bob", "stay", 2);
	choose(c, "cyd", "cyd", "stay", 3);
	reveal(c, "ana", "ana", "leave", 1);
	reveal(c, "ana", "bob", "stay", 2);
	reveal(c, "cyd", "cyd", "stay", 3);
	assert_true(S(c)->ships[0].gone);
	OK(c, "phase 2");
	/* 15, no bonus (one astronef held), less the take-off (1): 14 */
	assert_int_equal(S(c)->players[0].ap, 15 - 1);
	S(c)->players[0].ap = 0;
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 22");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 15);
}

/* 9.3: the escape after a capture is one hex per threatened unit, as a
 * neutralised unit retreats (H7). */
static void test_9_3_escape_one_hex(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	put(c, "cyd-t1", 6, 12);
	put(c, "cyd-t2", 7, 12);
	put(c, "bob-t1", 6, 10);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	assert_true(unit(c, "bob-t1")->escape);
	assert_false(fmp_under_fire(S(c), 6, 9, 0));
	assert_false(fmp_under_fire(S(c), 6, 8, 0));
	NO(c, "ana: move unit=bob-t1 path=N,N", "one hex");
	OK(c, "ana: move unit=bob-t1 path=N");
	assert_int_equal(unit(c, "bob-t1")->row, 9);
	assert_int_equal(S(c)->escape, -1);
	OK(c, "ana: move unit=bob-t1 path=N");       /* out of fire: an ordinary unit again */
}

/* H7 (as published): a unit under enemy fire at the start of its owner's
 * turn may retreat one hex out of the fire; otherwise it stays neutralised. */
static void test_retreat_one_hex(void **state)
{
	ctx *c = *state;
	start(c);
	/* two bob tanks cover 13,6, 13,7 and 14,6 but not 13,5 */
	put(c, "bob-t1", 15, 6);
	put(c, "bob-t2", 15, 7);
	put(c, "ana-t1", 13, 6);
	put(c, "ana-t2", 14, 6);
	put(c, "ana-c1", 13, 1);
	assert_true(fmp_under_fire(S(c), 13, 6, 0));
	assert_true(fmp_under_fire(S(c), 13, 7, 0));
	assert_false(fmp_under_fire(S(c), 13, 5, 0));
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	S(c)->players[0].ap = 20;
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=15,6", "under enemy fire");
	NO(c, "ana: move unit=ana-t1 path=S", "never moves into enemy fire");   /* 13,7 */
	NO(c, "ana: move unit=ana-t1 path=N,N", "one hex");
	OK(c, "ana: move unit=ana-t1 path=N");                           /* 13,5: out of it */
	assert_false(fmp_unit_under_fire(S(c), unit(c, "ana-t1"), 0));
	assert_int_equal(S(c)->players[0].ap, 19);
	OK(c, "ana: move unit=ana-t1 path=N");                           /* free again */
	/* a unit put under fire during the turn did not start it there */
	OK(c, "ana: move unit=ana-c1 path=S,S");                         /* 13,3 */
	put(c, "ana-c1", 13, 7);
	NO(c, "ana: move unit=ana-c1 path=N", "is under enemy fire: neutralised");
}

/* Fire as published: ore can be shot, and so can a player's own pontoon;
 * his other units cannot. */
static void test_fire_on_ore_and_own_pontoon(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->players[0].ap = 20;
	put(c, "ana-t1", 12, 2);
	put(c, "ana-t2", 12, 4);
	put(c, "o2", 13, 3);
	OK(c, "ana: fire a=ana-t1 b=ana-t2 at=13,3");
	assert_int_equal(unit(c, "o2")->where, FMP_DEAD);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "o2 (ore) is destroyed"));
	put(c, "ana-c1", 13, 3);
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=13,3", "ana-c1 is ana's own");
	put(c, "ana-c1", 14, 1);
	put(c, "ana-v1", 2, 5);
	put(c, "ana-v2", 2, 7);
	put(c, "ana-p", 3, 6);
	OK(c, "ana: fire a=ana-v1 b=ana-v2 at=3,6");
	assert_int_equal(unit(c, "ana-p")->where, FMP_DEAD);
}

/* 9.1: for all that enters or leaves, the astronef is a transporter: it
 * takes aboard ore lying next to a pode, and a transporter next to a pode
 * unloads into it (1 point); only into one's own astronef. */
static void test_9_1_astronef_loads_ore(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->players[0].ap = 20;
	put(c, "o1", 6, 4);                         /* next to ana's pode 3 (7,4) */
	OK(c, "ana: enter unit=o1 ship=ana pode=3");
	assert_int_equal(unit(c, "o1")->where, FMP_IN_SHIP);
	assert_int_equal(unit(c, "o1")->holder, 0);
	assert_int_equal(S(c)->players[0].ap, 19);
	NO(c, "ana: enter unit=o2 ship=ana pode=1", "not next to pode 1");
	put(c, "o2", 8, 7);                         /* next to bob's pode 1 (8,8) */
	NO(c, "ana: enter unit=o2 ship=bob pode=1", "the bob astronef is bob's");
	/* a crab next to pode 2 unloads its ore into the astronef */
	put(c, "ana-c1", 8, 4);
	unit(c, "o2")->where = FMP_IN_UNIT;
	unit(c, "o2")->holder = U(c, "ana-c1");
	NO(c, "ana: unload unit=ana-c1 what=o2 to=8,3", "the central bubble has no door");
	NO(c, "ana: unload unit=ana-c1 what=o2 to=7,2", "not next to ana-c1");
	OK(c, "ana: unload unit=ana-c1 what=o2 to=9,4");
	assert_int_equal(unit(c, "o2")->where, FMP_IN_SHIP);
	assert_int_equal(S(c)->players[0].ap, 18);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "into the ana astronef"));
	/* nor into another's astronef */
	put(c, "ana-c2", 8, 7);
	put(c, "o2", 1, 1);
	unit(c, "o2")->where = FMP_IN_UNIT;
	unit(c, "o2")->holder = U(c, "ana-c2");
	NO(c, "ana: unload unit=ana-c2 what=o2 to=8,8", "the bob astronef is bob's");
}

/* 9.1: a unit leaving through a pode may go onto an adjacent transporter
 * of its player with room. */
static void test_9_1_leave_onto_transporter(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->players[0].ap = 20;
	put(c, "ana-c1", 8, 4);                     /* next to pode 2 (9,4) */
	OK(c, "ana: leave unit=ana-t1 ship=ana pode=2 to=8,4");
	assert_int_equal(unit(c, "ana-t1")->where, FMP_IN_UNIT);
	assert_int_equal(unit(c, "ana-t1")->holder, U(c, "ana-c1"));
	assert_int_equal(S(c)->players[0].ap, 19);
	OK(c, "ana: leave unit=ana-t2 ship=ana pode=2 to=8,4");
	NO(c, "ana: leave unit=ana-t3 ship=ana pode=2 to=8,4", "2 of 2 places taken");
	put(c, "bob-c1", 10, 4);
	NO(c, "ana: leave unit=ana-t3 ship=ana pode=2 to=10,4", "takes orders from the bob astronef");
}

/* 9.1: the astronef lays a pontoon on the water next to a pode and lifts
 * it back when nothing stands on it. */
static void test_9_1_astronef_pontoon(void **state)
{
	ctx *c = *state;
	setup_map(c);
	OK(c, "turn 1");
	OK(c, "phase 2");
	OK(c, "ana: land at=6,5 pode=NE");          /* pode 3 on the swamp at 5,5 */
	OK(c, "phase 3");
	OK(c, "bob: land at=8,10 pode=N");
	OK(c, "phase 4");
	OK(c, "cyd: land at=14,10 pode=N");
	OK(c, "turn 2");
	OK(c, "tide card=normal");
	OK(c, "turn 3");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	S(c)->players[0].ap = 20;
	NO(c, "ana: leave unit=ana-p ship=ana pode=3 to=5,4", "a pontoon cannot be on swamp");
	OK(c, "ana: leave unit=ana-p ship=ana pode=3 to=4,5");   /* the reef, water at normal tide */
	assert_int_equal(unit(c, "ana-p")->where, FMP_MAP);
	assert_int_equal(S(c)->players[0].ap, 19);
	put(c, "ana-t1", 4, 5);                      /* a tank on it */
	NO(c, "ana: enter unit=ana-p ship=ana pode=3", "stands on the pontoon");
	put(c, "ana-t1", 6, 3);
	OK(c, "ana: enter unit=ana-p ship=ana pode=3");
	assert_int_equal(unit(c, "ana-p")->where, FMP_IN_SHIP);
	assert_int_equal(S(c)->players[0].ap, 18);
	/* ore inside never leaves, whoever asks */
	unit(c, "o1")->where = FMP_IN_SHIP;
	unit(c, "o1")->holder = 0;
	NO(c, "ana: leave unit=o1 ship=ana pode=3 to=4,4", "never leaves");
}

/* 9.1: a unit under enemy fire at the start of its turn may retreat into
 * its own astronef (the refuge is out of fire); one that came under fire
 * during the turn cannot. A loaded transporter leaves for 1 point. */
static void test_9_1_enter_from_under_fire(void **state)
{
	ctx *c = *state;
	start(c);
	/* bob's tanks cover ana's pode 1 (8,2) and 9,2 next to it */
	put(c, "bob-t1", 10, 2);
	put(c, "bob-t2", 10, 1);
	put(c, "ana-t1", 9, 2);
	assert_true(fmp_under_fire(S(c), 9, 2, 0));
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	OK(c, "ana: enter unit=ana-t1 ship=ana pode=1");
	assert_int_equal(unit(c, "ana-t1")->where, FMP_IN_SHIP);
	put(c, "ana-t2", 9, 2);
	NO(c, "ana: enter unit=ana-t2 ship=ana pode=1", "is under enemy fire: neutralised");
	/* a crab carrying a tank leaves through pode 3 for 1 point */
	put(c, "ana-t2", 1, 1);
	unit(c, "ana-t2")->where = FMP_IN_UNIT;
	unit(c, "ana-t2")->holder = U(c, "ana-c1");
	{
		int before = S(c)->players[0].ap;
		OK(c, "ana: leave unit=ana-c1 ship=ana pode=3 to=6,4");
		assert_int_equal(S(c)->players[0].ap, before - 1);
		assert_int_equal(unit(c, "ana-t2")->holder, U(c, "ana-c1"));
	}
}

/* 9.2: the captor rebuilds over one or several turns; a player holding
 * several astronefs still plays once, in his own part of the turn. */
static void test_9_2_rebuild_over_turns(void **state)
{
	ctx *c = *state;
	int pc, pr, nc, nr;
	start(c);
	S(c)->players[0].ap = 20;
	for (int k = 1; k <= 3; k++)
		down_turret(c, 1, k);
	pode(c, 1, 1, &pc, &pr);
	fmp_neighbor(pc, pr, 0, &nc, &nr);
	put(c, "ana-t1", nc, nr);
	OK(c, "ana: enter unit=ana-t1 ship=bob pode=1");
	OK(c, "ana: rebuild ship=bob pode=1");
	OK(c, "phase 3");
	NO(c, "ana: rebuild ship=bob pode=2", "it is bob's part of the turn");
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	OK(c, "ana: rebuild ship=bob pode=2");
	assert_int_equal(unit(c, "bob-tur2")->where, FMP_MAP);
	assert_int_equal(unit(c, "bob-tur3")->where, FMP_DEAD);
}

/* 9.3 / 9.4: one's transporter carrying enemy units takes them into one's
 * astronef, where they take its colour. */
static void test_9_3_cargo_into_the_astronef(void **state)
{
	ctx *c = *state;
	start(c);
	put(c, "ana-c1", 6, 4);                     /* next to ana's pode 3 (7,4) */
	unit(c, "cyd-t3")->where = FMP_IN_UNIT;
	unit(c, "cyd-t3")->holder = U(c, "ana-c1");
	assert_int_equal(fmp_controller(S(c), unit(c, "cyd-t3")), 2);
	OK(c, "ana: enter unit=ana-c1 ship=ana pode=3");
	assert_int_equal(unit(c, "cyd-t3")->colour, 0);
	assert_int_equal(fmp_controller(S(c), unit(c, "cyd-t3")), 0);
	assert_int_equal(unit(c, "cyd-c1")->colour, 2);  /* the other cyd units keep theirs */
}

/* 9.5: units left behind are deactivated even if their player keeps another
 * astronef; anyone may fire on them; on turn 25 the take-off costs 1 plus 1
 * per destroyed turret. */
static void test_9_5_left_behind_and_cost(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->ships[1].owner = 0;                   /* ana holds bob's astronef too */
	S(c)->ships[1].taken = 1;
	S(c)->players[1].lost = 1;
	put(c, "ana-t1", 13, 2);
	put(c, "bob-t1", 15, 2);
	put(c, "cyd-t1", 13, 4);
	put(c, "cyd-t2", 12, 3);
	advance(c, 24);
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 25");
	OK(c, "phase 2");
	down_turret(c, 0, 1);
	NO(c, "ana: takeoff ship=cyd", "is cyd's");
	S(c)->players[0].ap = 1;
	NO(c, "ana: takeoff ship=ana", "costs 2 points");
	S(c)->players[0].ap = 2;
	OK(c, "ana: takeoff ship=ana");
	assert_int_equal(S(c)->players[0].ap, 0);
	assert_int_equal(fmp_controller(S(c), unit(c, "ana-t1")), -1);  /* ana keeps bob's */
	assert_int_equal(fmp_controller(S(c), unit(c, "bob-t1")), 0);
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "cyd: fire a=cyd-t1 b=cyd-t2 at=13,2");
	assert_int_equal(unit(c, "ana-t1")->where, FMP_DEAD);
}

/* ---- the game around it ----------------------------------------------------------- */

static void test_tides_on_each_terrain(void **state)
{
	(void)state;
	/* swamp is land except at high tide; reef is sea except at low tide */
	assert_int_equal(fmp_effective(FMP_SWAMP, FMP_LOW), FMP_PLAIN);
	assert_int_equal(fmp_effective(FMP_SWAMP, FMP_NORMAL), FMP_PLAIN);
	assert_int_equal(fmp_effective(FMP_SWAMP, FMP_HIGH), FMP_SEA);
	assert_int_equal(fmp_effective(FMP_REEF, FMP_LOW), FMP_PLAIN);
	assert_int_equal(fmp_effective(FMP_REEF, FMP_NORMAL), FMP_SEA);
	assert_int_equal(fmp_effective(FMP_REEF, FMP_HIGH), FMP_SEA);
	for (int t = 0; t < 3; t++) {
		assert_int_equal(fmp_effective(FMP_SEA, t), FMP_SEA);
		assert_int_equal(fmp_effective(FMP_PLAIN, t), FMP_PLAIN);
		assert_int_equal(fmp_effective(FMP_MOUNTAIN, t), FMP_MOUNTAIN);
	}
}

static void test_tide_strands_and_frees(void **state)
{
	ctx *c = *state;
	startx(c, "low");
	put(c, "ana-v1", 4, 6);             /* a boat on the reef: afloat at normal tide */
	put(c, "ana-t1", 5, 8);             /* a tank on the swamp */
	OK(c, "ana: move unit=ana-v1 path=S");
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=high");
	OK(c, "phase 2");
	assert_true(fmp_stuck(S(c), unit(c, "ana-v1")));   /* the reef is dry */
	assert_false(fmp_stuck(S(c), unit(c, "ana-t1")));
	NO(c, "ana: move unit=ana-v1 path=N", "stuck");
	OK(c, "ana: move unit=ana-t1 path=N");             /* swamp is land */
	OK(c, "ana: move unit=ana-t1 path=NW");            /* so is the dry reef */
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 5");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_true(fmp_stuck(S(c), unit(c, "ana-t1")));   /* the reef is under water */
	assert_false(fmp_stuck(S(c), unit(c, "ana-v1")));
	OK(c, "ana: move unit=ana-v1 path=NE");            /* the swamp is sea */
}

static void test_tide_deck(void **state)
{
	ctx *c = *state;
	start(c);
	NO(c, "tide card=low", "phase 1 (tide)");
	/* turns 4 to 8 draw the five high cards; turn 9 cannot draw a sixth */
	for (int t = 4; t <= 9; t++) {
		char line[32];
		linef(line, sizeof line, "turn %d", t);
		OK(c, line);
		if (t < 9)
			OK(c, "tide card=high");
	}
	NO(c, "tide card=high", "no high tide card is left");
	OK(c, "tide card=low");
}

/* H13: turns 1 and 2 are at normal tide; from turn 2 to 24 phase 1 draws
 * the card of the next turn; there is no draw on turn 25. */
static void test_tide_drawn_a_turn_ahead(void **state)
{
	ctx *c = *state;
	setup_map(c);
	OK(c, "turn 1");
	NO(c, "tide card=low", "drawn in phase 1 of turn 2");
	OK(c, "phase 2");
	OK(c, "ana: land at=8,3 pode=N");
	OK(c, "phase 3");
	OK(c, "bob: land at=8,9 pode=N");
	OK(c, "phase 4");
	OK(c, "cyd: land at=14,10 pode=N");
	OK(c, "turn 2");
	NO(c, "phase 2", "tide card of turn 3 must be drawn in phase 1 of turn 2");
	OK(c, "tide card=low");
	NO(c, "tide card=high", "already drawn");
	assert_int_equal(S(c)->tide, FMP_NORMAL);      /* turn 2 stays at normal tide */
	assert_int_equal(S(c)->next, FMP_LOW);
	OK(c, "turn 3");
	assert_int_equal(S(c)->tide, FMP_LOW);         /* the card drawn last turn */
	assert_int_equal(S(c)->next, -1);
	OK(c, "tide card=high");
	OK(c, "turn 4");
	assert_int_equal(S(c)->tide, FMP_HIGH);
	OK(c, "tide card=normal");
	advance(c, 24);
	OK(c, "turn 25");
	NO(c, "tide card=low", "no card is drawn for a turn 26");
	OK(c, "phase 2");                              /* no draw is due on turn 25 */
}

/* H13: a player with an operational weather layer (on the map, not stuck,
 * not under enemy fire) knows the next turn's card; the others do not. */
static void test_tide_forecast(void **state)
{
	ctx *c = *state;
	fmp_unit *w;
	start(c);                                      /* turn 4's card: normal, drawn */
	assert_int_equal(S(c)->next, FMP_NORMAL);
	assert_false(fmp_knows_next(S(c), 0));         /* every layer is aboard */
	OK(c, "ana: leave unit=ana-w ship=ana pode=1 to=8,1");
	assert_true(fmp_knows_next(S(c), 0));          /* out: it forecasts at once */
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "forecasts the tide of turn 4: normal"));
	assert_false(fmp_knows_next(S(c), 1));
	/* bob's layer is out but under cyd's fire; cyd's stands on a swamp */
	put(c, "bob-w", 12, 6);
	put(c, "cyd-t1", 12, 7);
	put(c, "cyd-t2", 13, 6);
	put(c, "cyd-w", 5, 8);
	assert_true(fmp_unit_under_fire(S(c), unit(c, "bob-w"), 1));
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 4");
	assert_int_equal(S(c)->next, -1);              /* a new turn: nothing drawn yet */
	OK(c, "tide card=high");
	assert_true(fmp_knows_next(S(c), 0));
	assert_false(fmp_knows_next(S(c), 1));         /* under enemy fire: not operational */
	assert_true(fmp_knows_next(S(c), 2));
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "forecast by the weather layer of ana, cyd"));
	{
		sl_buf out;
		sl_buf_init(&out);
		G->summary(c->st, &c->log->h, &out);
		assert_non_null(strstr(sl_buf_cstr(&out), "next tide (turn 5): high, known to ana, cyd"));
		sl_buf_free(&out);
	}
	OK(c, "phase 2");
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 5");                               /* high tide: the swamp is flooded */
	w = unit(c, "cyd-w");
	assert_true(fmp_stuck(S(c), w));
	unit(c, "ana-w")->where = FMP_IN_UNIT;         /* ana's layer carried: not operational */
	unit(c, "ana-w")->holder = U(c, "ana-c1");
	OK(c, "tide card=low");
	assert_false(fmp_knows_next(S(c), 0));
	assert_false(fmp_knows_next(S(c), 2));         /* stuck: not operational */
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "nobody knows it"));
}

/* H11: a pontoon is put down tied to land: next to land at this tide, an
 * astronef, or a pontoon so tied. */
static void test_pontoon_tied_to_land(void **state)
{
	ctx *c = *state;
	fmp_unit *b;
	start(c);
	S(c)->players[0].ap = 30;
	b = unit(c, "ana-b");
	put(c, "ana-b", 2, 8);                         /* a barge out at sea */
	b->trow = 9;
	unit(c, "ana-p")->where = FMP_IN_UNIT;
	unit(c, "ana-p")->holder = U(c, "ana-b");
	NO(c, "ana: unload unit=ana-b what=ana-p to=1,8", "FMP H11: a pontoon is tied to land");
	NO(c, "ana: unload unit=ana-b what=ana-p to=2,7", "no hex next to 2,7 is land");
	/* a bridge from the swamp: 4,8 touches the swamp at 5,8, 3,8 touches 4,8 */
	put(c, "bob-p", 4, 8);
	put(c, "cyd-p", 3, 8);
	assert_true(fmp_pontoon_tied(S(c), U(c, "bob-p")));
	assert_true(fmp_pontoon_tied(S(c), U(c, "cyd-p")));
	OK(c, "ana: unload unit=ana-b what=ana-p to=2,7");   /* next to 3,8 */
	assert_true(fmp_pontoon_tied(S(c), U(c, "ana-p")));
	/* the layer on land builds a pontoon next to it */
	put(c, "ana-w", 5, 6);
	put(c, "o1", 5, 7);
	OK(c, "ana: load unit=ana-w what=o1");
	OK(c, "ana: build unit=ana-w what=pontoon id=ana-p2 to=4,6");
	assert_true(fmp_pontoon_tied(S(c), U(c, "ana-p2")));
}

/* H11: pontoons left untied sink with what stands on them: when the one
 * tying them is taken away, and when the tide floods their tie. */
static void test_pontoon_sinks(void **state)
{
	ctx *c = *state;
	startx(c, "high");                             /* turn 4 at high tide */
	S(c)->players[0].ap = 30;
	put(c, "ana-p", 4, 8);                         /* tied to the swamp at 5,8 */
	put(c, "cyd-p", 3, 8);                         /* tied through 4,8 */
	put(c, "ana-t1", 3, 8);                        /* a tank on the bridge */
	put(c, "ana-c1", 5, 8);
	OK(c, "ana: load unit=ana-c1 what=ana-p");
	assert_int_equal(unit(c, "cyd-p")->where, FMP_DEAD);
	assert_int_equal(unit(c, "ana-t1")->where, FMP_DEAD);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "down they go (H11): ana-t1, cyd-p"));
	/* put back, tied to the swamp, with a tank on it: high tide floods the swamp */
	OK(c, "ana: unload unit=ana-c1 what=ana-p to=4,8");
	put(c, "ana-t2", 4, 8);
	OK(c, "phase 3");
	OK(c, "phase 4");
	assert_int_equal(unit(c, "ana-p")->where, FMP_MAP);
	OK(c, "turn 4");
	assert_int_equal(S(c)->tide, FMP_HIGH);
	assert_int_equal(unit(c, "ana-p")->where, FMP_DEAD);
	assert_int_equal(unit(c, "ana-t2")->where, FMP_DEAD);
}


static void test_fire_zones(void **state)
{
	ctx *c = *state;
	start(c);
	/* turrets count: ana's bubble is covered by her three turrets */
	assert_int_equal(fmp_fire_count(S(c), 8, 3, 0), 3);
	/* an enemy unit never moves into fire; a heavy tank never on a mountain */
	put(c, "ana-h", 10, 3);
	NO(c, "ana: move unit=ana-h path=SE", "mountain");
	put(c, "bob-t1", 14, 2);
	assert_int_equal(fmp_fire_count(S(c), 14, 4, 1), 1);
	assert_false(fmp_under_fire(S(c), 14, 4, 0));       /* one destroyer is not enough */
	put(c, "cyd-t1", 16, 4);
	assert_false(fmp_under_fire(S(c), 14, 4, 0));       /* two, but of two players */
	put(c, "bob-t2", 12, 4);
	assert_true(fmp_under_fire(S(c), 14, 4, 0));        /* two of bob's */
	assert_false(fmp_under_fire(S(c), 14, 4, 1));       /* not for bob himself */
	assert_true(fmp_under_fire(S(c), 14, 4, 2));        /* and for cyd */
	put(c, "ana-t1", 14, 6);
	assert_false(fmp_under_fire(S(c), 14, 6, 0));
	NO(c, "ana: move unit=ana-t1 path=N,N", "under enemy fire");
	/* a tank on a mountain reaches 3 */
	put(c, "bob-t1", 11, 3);
	assert_int_equal(fmp_range(S(c), unit(c, "bob-t1")), 3);
	put(c, "bob-t1", 12, 3);
	assert_int_equal(fmp_range(S(c), unit(c, "bob-t1")), 2);
	put(c, "bob-h", 12, 5);
	assert_int_equal(fmp_range(S(c), unit(c, "bob-h")), 3);
}

static void test_fire_rules(void **state)
{
	ctx *c = *state;
	start(c);
	put(c, "ana-t1", 12, 2);
	put(c, "ana-t2", 12, 4);
	put(c, "ana-t3", 16, 1);
	put(c, "bob-c1", 13, 3);
	NO(c, "ana: fire a=ana-t1 b=ana-t1 at=13,3", "two different");
	NO(c, "ana: fire a=ana-t1 b=ana-t3 at=13,3", "range is 2");
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=13,2", "nothing stands");
	NO(c, "ana: fire a=ana-t1 b=ana-c1 at=13,3", "not a destroyer");
	OK(c, "ana: fire a=ana-t1 b=ana-t2 at=13,3");
	assert_int_equal(unit(c, "bob-c1")->where, FMP_DEAD);
	assert_int_equal(S(c)->players[0].ap, 3);
	put(c, "bob-c2", 13, 3);
	OK(c, "ana: fire a=ana-t1 b=ana-t2 at=13,3");
	put(c, "bob-t4", 13, 3);
	S(c)->players[0].ap = 5;
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=13,3", "fired twice");
	NO(c, "ana: fire a=ana-t1 b=ana-t2 at=12,4", "fired twice");
}

static void test_unit_capture(void **state)
{
	ctx *c = *state;
	start(c);
	put(c, "bob-c1", 13, 5);
	put(c, "ana-t1", 13, 4);
	put(c, "ana-t2", 15, 4);
	NO(c, "ana: capture a=ana-t1 b=ana-t2 target=bob-c1", "next to bob-c1");
	put(c, "ana-t2", 14, 5);
	NO(c, "ana: capture a=ana-t1 b=ana-t2 target=o1", "ore is loaded");
	OK(c, "ana: capture a=ana-t1 b=ana-t2 target=bob-c1");
	assert_int_equal(unit(c, "bob-c1")->colour, 0);
	assert_int_equal(S(c)->players[0].ap, 4);
	/* a capturer under enemy fire cannot capture */
	put(c, "bob-c2", 13, 6);
	put(c, "ana-t1", 13, 7);
	put(c, "ana-t2", 14, 6);
	put(c, "cyd-t1", 15, 8);
	put(c, "cyd-t2", 12, 8);
	NO(c, "ana: capture a=ana-t1 b=ana-t2 target=bob-c2", "neutralised");
}

static void test_action_points(void **state)
{
	ctx *c = *state;
	start(c);
	put(c, "ana-t1", 13, 2);
	OK(c, "ana: move unit=ana-t1 path=S,S");     /* 5 - 2 = 3: saves nothing */
	NO(c, "ana: move unit=ana-t1 path=S,S,S,S", "costs 4 points; 3 are left");
	OK(c, "phase 3");
	assert_int_equal(S(c)->players[0].saved, 0);
	OK(c, "phase 4");
	OK(c, "turn 4");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 10);
	OK(c, "ana: move unit=ana-t1 path=N");       /* 9 left: saves 5 */
	OK(c, "phase 3");
	assert_int_equal(S(c)->players[0].saved, 5);
	assert_int_equal(S(c)->players[1].ap, 10 + 5);  /* bob saved his 5 of turn 3 */
	OK(c, "phase 4");
	OK(c, "turn 5");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	assert_int_equal(S(c)->players[0].ap, 15 + 5);
	OK(c, "phase 3");
	assert_int_equal(S(c)->players[0].saved, 10);   /* at most 10 */
	assert_int_equal(S(c)->players[1].ap, 15 + 10);
}

static void test_turns_and_phases(void **state)
{
	ctx *c = *state;
	setup_map(c);
	OK(c, "turn 1");
	NO(c, "ana: land at=8,3 pode=N", "phase 1 is the tide");
	OK(c, "phase 2");
	NO(c, "bob: land at=8,9 pode=N", "it is ana's part of the turn");
	OK(c, "ana: land at=8,3 pode=N");
	NO(c, "ana: move unit=ana-t1 path=N", "turn 1 is the landing");
	OK(c, "phase 3");
	OK(c, "bob: land at=8,9 pode=N");
	NO(c, "turn 2", "cyd has not landed");
	OK(c, "phase 4");
	OK(c, "cyd: land at=14,10 pode=N");
	NO(c, "phase 5", "there are 3 players");
	OK(c, "turn 2");
	NO(c, "phase 2", "tide card of turn 3");
	OK(c, "tide card=normal");
	OK(c, "phase 2");
	NO(c, "ana: move unit=ana-t1 path=N", "turn 2 is the deployment");
	OK(c, "ana: leave unit=ana-t1 ship=ana pode=1 to=8,1");
	assert_int_equal(S(c)->players[0].ap, 0);
	OK(c, "turn 3");
	NO(c, "phase 2", "tide card of turn 4");
}

static void test_transport(void **state)
{
	ctx *c = *state;
	start(c);
	S(c)->players[0].ap = 30;
	put(c, "ana-c1", 13, 2);
	put(c, "ana-t1", 13, 3);
	put(c, "ana-h", 12, 2);
	put(c, "ana-w", 14, 4);
	OK(c, "ana: load unit=ana-c1 what=ana-t1");
	put(c, "o2", 14, 2);
	OK(c, "ana: load unit=ana-c1 what=o2");
	NO(c, "ana: load unit=ana-c1 what=ana-h", "places taken");
	put(c, "ana-w", 12, 1);
	NO(c, "ana: load unit=ana-c1 what=ana-w", "not a weather layer");
	put(c, "ana-w", 14, 4);
	OK(c, "ana: move unit=ana-c1 path=S");
	OK(c, "ana: unload unit=ana-c1 what=o2 to=13,4");
	NO(c, "ana: unload unit=ana-c1 what=ana-t1 to=13,1", "not next to");
	OK(c, "ana: load unit=ana-w what=o2");
	NO(c, "ana: build unit=ana-w what=tank id=ana-n1 to=11,4", "not next to");
	OK(c, "ana: build unit=ana-w what=tank id=ana-n1 to=15,4");
	assert_int_equal(unit(c, "ana-n1")->colour, 0);
	assert_int_equal(unit(c, "o2")->where, FMP_DEAD);
	NO(c, "ana: build unit=ana-w what=tank id=ana-n2 to=15,5", "carries no ore");
}

static void test_snapshot_roundtrip(void **state)
{
	ctx *c = *state;
	sl_buf a, b;
	void *st2 = NULL;
	sl_error err;
	sl_error_clear(&err);   /* an sl_error keeps the first error: start empty */
	start(c);
	put(c, "ana-c1", 13, 2);
	OK(c, "ana: move unit=ana-c1 path=S");
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	assert_int_equal(G->restore(&st2, a.data, a.len, &err), 0);
	assert_int_equal(G->serialize(st2, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	/* a truncated or altered snapshot is refused, never trusted */
	G->destroy(st2);
	st2 = NULL;
	assert_int_not_equal(G->restore(&st2, a.data, a.len - 1, &err), 0);
	a.data[1] = 200;
	assert_int_not_equal(G->restore(&st2, a.data, a.len, &err), 0);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

/* The snapshot keeps the sealed choices of turn 21 and the retreat flags. */
static void test_snapshot_sealed(void **state)
{
	ctx *c = *state;
	sl_buf a, b;
	void *st2 = NULL;
	sl_error err;
	sl_error_clear(&err);   /* an sl_error keeps the first error: start empty */
	start(c);
	advance(c, 20);
	OK(c, "phase 3");
	OK(c, "phase 4");
	OK(c, "turn 21");
	OK(c, "tide card=low");
	choose(c, "ana", "ana", "leave", 4);
	choose(c, "bob", "bob", "stay", 5);
	unit(c, "ana-t1")->retreat = 1;
	sl_buf_init(&a);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(c->st, &a), 0);
	assert_int_equal(G->restore(&st2, a.data, a.len, &err), 0);
	assert_int_equal(G->serialize(st2, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_int_equal(((fmp_state *)st2)->ships[0].sealed, 1);
	assert_memory_equal(((fmp_state *)st2)->ships[0].seal, S(c)->ships[0].seal, 32);
	G->destroy(st2);
	st2 = NULL;
	assert_int_not_equal(G->restore(&st2, a.data, a.len - 1, &err), 0);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

static void test_generate_long_game(void **state)
{
	ctx *c = *state;
	sl_prng rng;
	sl_arena a;
	int events = 0, rc, takeoffs = 0, reveals = 0;
	sl_prng_seed(&rng, 11, 7);
	sl_arena_init(&a);
	for (int n = 0; n < 20000; n++) {
		sl_event ev;
		rc = G->generate(c->st, &c->log->h, &rng, &a, &ev, &c->err);
		if (rc == 1)
			break;
		if (rc != 0)
			fail_msg("generate: %s", c->err.msg);
		if (ev.entry == SL_ENTRY_TURN)
			rc = G->mark(c->st, &c->log->h, ev.mark, 1, &c->err), c->turn = ev.mark;
		else if (ev.entry == SL_ENTRY_PHASE)
			rc = G->mark(c->st, &c->log->h, c->turn, ev.mark, &c->err);
		else {
			rc = G->apply(c->st, &c->log->h, &ev, NULL, &c->err);
			events++;
			takeoffs += ev.type == FMP_EV_TAKEOFF;
			reveals += ev.type == FMP_EV_REVEAL;
		}
		if (rc != 0)
			fail_msg("applying a generated entry: %s", c->err.msg);
	}
	sl_arena_free(&a);
	assert_int_equal(S(c)->turn, 25);
	assert_true(events > 150);
	assert_true(takeoffs >= 1);
	assert_true(reveals >= 2);   /* every astronef on the planet on turn 21 */
}

/* H12, the result: the game is not over while astronefs have yet to land
 * (turn 1: each may still land and take off); it is once every landed one
 * has taken off. */
static void test_result_waits_for_landing(void **state)
{
	ctx *c = *state;
	sl_buf out;
	sl_buf_init(&out);
	setup_map(c);
	OK(c, "turn 1");
	assert_int_equal(G->result(c->st, &c->log->h, &out), 0);
	OK(c, "phase 2");
	assert_int_equal(G->result(c->st, &c->log->h, &out), 0);
	OK(c, "ana: land at=8,3 pode=N");
	OK(c, "phase 3");
	assert_int_equal(G->result(c->st, &c->log->h, &out), 0);
	assert_int_equal(out.len, 0);
	sl_buf_free(&out);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_9_lands_on_plain_and_swamp),
		T(test_9_no_tide_effect),
		T(test_9_indestructible_but_turrets),
		T(test_9_cargo_visible_and_refuge),
		T(test_9_1_through_podes_only),
		T(test_9_1_ore_and_costs),
		T(test_9_1_pode_under_fire),
		T(test_9_1_destroyed_turret),
		T(test_9_2_capture),
		T(test_9_2_path_out_of_fire),
		T(test_9_2_rebuild),
		T(test_9_2_rebuild_rules),
		T(test_9_3_escape),
		T(test_9_3_neutralise),
		T(test_9_3_cargo_of_the_old_owner),
		T(test_9_4_colour),
		T(test_9_5_takeoff),
		T(test_turret_never_neutralised),
		T(test_ammunition_per_player_turn),
		T(test_credit_follows_astronefs),
		T(test_credit_after_takeoff),
		T(test_9_3_escape_one_hex),
		T(test_retreat_one_hex),
		T(test_fire_on_ore_and_own_pontoon),
		T(test_9_1_astronef_loads_ore),
		T(test_9_1_leave_onto_transporter),
		T(test_9_1_astronef_pontoon),
		T(test_9_1_enter_from_under_fire),
		T(test_9_2_rebuild_over_turns),
		T(test_9_3_cargo_into_the_astronef),
		T(test_9_5_left_behind_and_cost),
		T(test_tides_on_each_terrain),
		T(test_tide_strands_and_frees),
		T(test_tide_deck),
		T(test_tide_drawn_a_turn_ahead),
		T(test_tide_forecast),
		T(test_pontoon_tied_to_land),
		T(test_pontoon_sinks),
		T(test_fire_zones),
		T(test_fire_rules),
		T(test_unit_capture),
		T(test_action_points),
		T(test_turns_and_phases),
		T(test_transport),
		T(test_snapshot_roundtrip),
		T(test_snapshot_sealed),
		T(test_generate_long_game),
		T(test_result_waits_for_landing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
