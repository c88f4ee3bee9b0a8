/* test_sail.c - the sail rules module, one test per rule clause (seed 004,
 * "sail 5" wind and "sail 6" movement) plus the house rules of formats/sail.md.
 * Events are built here as sl_event structs: the text codec is not under test. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/sail/sail.h"
#include "games/sail/sail_int.h"   /* the derived indexes and sail_neighbor */

/* ---- fixture ------------------------------------------------------------- */

typedef struct ctx {
	sl_header h;
	void *st;
	sl_arena a;
	sl_error err;
	sl_buf desc;
} ctx;

static const sl_game *G = &sl_game_sail;

static int setup(void **state)
{
	ctx *c = calloc(1, sizeof *c);
	assert_non_null(c);
	c->h.nplayers = 2;
	c->h.players[0].id = (char *)"fr";
	c->h.players[0].name = (char *)"France";
	c->h.players[1].id = (char *)"en";
	c->h.players[1].name = (char *)"England";
	sl_arena_init(&c->a);
	sl_buf_init(&c->desc);
	assert_int_equal(G->init(&c->st, &c->h, &c->err), 0);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	ctx *c = *state;
	G->destroy(c->st);
	sl_arena_free(&c->a);
	sl_buf_free(&c->desc);
	free(c);
	return 0;
}

static const sail_state *S(ctx *c) { return c->st; }

static const sail_ship *ship(ctx *c, const char *id)
{
	const sail_state *s = c->st;
	for (int i = 0; i < s->nships; i++)
		if (strcmp(s->ships[i].id, id) == 0)
			return &s->ships[i];
	fail_msg("no ship %s", id);
	return NULL;
}

/* ---- event builders -------------------------------------------------------- */

static int evtype(const char *name)
{
	int t = sl_schema_event(G->schema, name, strlen(name));
	assert_true(t >= 0);
	return t;
}

static sl_event ev0(const char *type, int player)
{
	sl_event e;
	memset(&e, 0, sizeof e);
	e.entry = SL_ENTRY_EVENT;
	e.player = (int8_t)player;
	e.type = (uint16_t)evtype(type);
	return e;
}

static sl_value v_int(int i) { sl_value v = {0}; v.present = 1; v.u.i = i; return v; }
static sl_value v_hex(int col, int row)
{
	sl_value v = {0};
	v.present = 1;
	v.u.hex.col = (int16_t)col;
	v.u.hex.row = (int16_t)row;
	return v;
}
static sl_value v_str(const char *s)
{
	sl_value v = {0};
	v.present = 1;
	v.n = (uint16_t)strlen(s);
	v.p = s;
	return v;
}

/* "2,5" -> DICE bytes; "A,AS" -> LIST token indices */
static sl_value v_items(ctx *c, const char *s, const char *const *names)
{
	sl_value v = {0};
	uint8_t *b = sl_arena_alloc(&c->a, 64);
	int n = 0;
	assert_non_null(b);
	while (*s) {
		size_t len = strcspn(s, ",");
		if (names) {
			int t = sl_schema_token(names, s, len);
			assert_true(t >= 0);
			b[n++] = (uint8_t)t;
		} else {
			b[n++] = (uint8_t)(*s - '0');
		}
		s += len;
		if (*s == ',')
			s++;
	}
	v.present = 1;
	v.n = (uint16_t)n;
	v.p = b;
	return v;
}

static const char *const *step_names(void)
{
	return G->schema->events[evtype("move")].fields[1].names;
}

static sl_event ev_map(int cols, int rows, int turns)
{
	sl_event e = ev0("map", -1);
	e.f[0] = v_int(cols);
	e.f[1] = v_int(rows);
	if (turns >= 0)
		e.f[2] = v_int(turns);
	return e;
}

static sl_event ev_terrain(int row, const char *cells)
{
	sl_event e = ev0("terrain", -1);
	e.f[0] = v_int(row);
	e.f[1] = v_str(cells);
	return e;
}

static sl_event ev_ship(const char *id, const char *side, int col, int row,
	int facing, int mp, int shallow, int hull)
{
	sl_event e = ev0("ship", -1);
	e.f[0] = v_str(id);
	e.f[1] = v_str(id);       /* name = id keeps the tests short */
	e.f[2] = v_str(shallow ? "sloop" : "74");
	e.f[3] = v_str(side);
	e.f[4] = v_hex(col, row);
	e.f[5] = v_int(facing);
	e.f[6] = v_int(mp);
	e.f[7] = v_int(shallow);
#if SL_MAX_FIELDS > 8
	e.f[8] = v_int(hull);
#else
	(void)hull;   /* sl_game.h must allow 9 fields: the ship event fails until then */
#endif
	return e;
}

static sl_event ev_wind_roll(ctx *c, const char *roll)
{
	sl_event e = ev0("wind", -1);
	e.f[0] = v_items(c, roll, NULL);
	return e;
}

static sl_event ev_wind_to(int dir)
{
	sl_event e = ev0("wind", -1);
	e.f[1] = v_int(dir);
	return e;
}

static sl_event ev_move(ctx *c, int player, const char *id, const char *steps, const char *dice)
{
	sl_event e = ev0("move", player);
	e.f[0] = v_str(id);
	e.f[1] = v_items(c, steps, step_names());
	if (dice)
		e.f[2] = v_items(c, dice, NULL);
	return e;
}

static sl_event ev_fire(int player, const char *id, const char *target, int hits)
{
	sl_event e = ev0("fire", player);
	e.f[0] = v_str(id);
	e.f[1] = v_str(target);
	e.f[2] = v_int(hits);
	return e;
}

static sl_event ev_board(int player, const char *id, const char *target, int captured)
{
	sl_event e = ev0("board", player);
	e.f[0] = v_str(id);
	e.f[1] = v_str(target);
	e.f[2] = v_int(captured ? 0 : 1);
	return e;
}

static sl_event ev_strike(int player, const char *id)
{
	sl_event e = ev0("strike", player);
	e.f[0] = v_str(id);
	return e;
}

/* ---- apply helpers -------------------------------------------------------- */

#define FR 0
#define EN 1
enum { N_, NE_, SE_, S_, SW_, NW_ };

static void ok_(ctx *c, sl_event e, int line)
{
	sl_error_clear(&c->err);
	sl_buf_reset(&c->desc);
	int rc = G->apply(c->st, &c->h, &e, &c->desc, &c->err);
	if (rc != 0)
		fail_msg("line %d: refused: %s", line, c->err.msg);
	assert_true(c->desc.len > 0);
}
#define ok(c, e) ok_(c, e, __LINE__)

static void serial(ctx *c, sl_buf *b)
{
	sl_buf_init(b);
	assert_int_equal(G->serialize(c->st, b), 0);
	assert_false(b->failed);
}

/* An illegal event: refused, the message holds `want`, the state is
 * byte-identical and no description was written. */
static void bad_(ctx *c, sl_event e, const char *want, int line)
{
	sl_buf before, after;
	sail_state raw;
	serial(c, &before);
	/* without a description apply runs in place (replay's path): a refusal
	 * must leave every byte of the state as it was, not only its serialization */
	memcpy(&raw, c->st, sizeof raw);
	sl_error_clear(&c->err);
	if (G->apply(c->st, &c->h, &e, NULL, &c->err) != SL_EILLEGAL)
		fail_msg("line %d: in place: not refused, expected \"%s\"", line, want);
	if (memcmp(&raw, c->st, sizeof raw) != 0)
		fail_msg("line %d: in place: a refused event changed the state", line);
	sl_error_clear(&c->err);
	sl_buf_reset(&c->desc);
	int rc = G->apply(c->st, &c->h, &e, &c->desc, &c->err);
	if (rc >= 0)
		fail_msg("line %d: accepted, expected \"%s\"", line, want);
	assert_int_equal(rc, SL_EILLEGAL);
	if (!strstr(c->err.msg, want))
		fail_msg("line %d: message \"%s\" lacks \"%s\"", line, c->err.msg, want);
	assert_int_equal(c->desc.len, 0);
	serial(c, &after);
	assert_int_equal(before.len, after.len);
	assert_memory_equal(before.data, after.data, before.len);
	sl_buf_free(&before);
	sl_buf_free(&after);
}
#define bad(c, e, want) bad_(c, e, want, __LINE__)

static void mark_ok_(ctx *c, int turn, int phase, int line)
{
	sl_error_clear(&c->err);
	if (G->mark(c->st, &c->h, turn, phase, &c->err) != 0)
		fail_msg("line %d: mark %d/%d refused: %s", line, turn, phase, c->err.msg);
}
#define mark_ok(c, t, p) mark_ok_(c, t, p, __LINE__)

static void mark_bad_(ctx *c, int turn, int phase, const char *want, int line)
{
	sl_buf before, after;
	sail_state raw;
	serial(c, &before);
	memcpy(&raw, c->st, sizeof raw);
	sl_error_clear(&c->err);
	if (G->mark(c->st, &c->h, turn, phase, &c->err) >= 0)
		fail_msg("line %d: mark %d/%d accepted", line, turn, phase);
	if (memcmp(&raw, c->st, sizeof raw) != 0)   /* mark runs in place */
		fail_msg("line %d: a refused mark changed the state", line);
	if (!strstr(c->err.msg, want))
		fail_msg("line %d: message \"%s\" lacks \"%s\"", line, c->err.msg, want);
	serial(c, &after);
	assert_int_equal(before.len, after.len);
	assert_memory_equal(before.data, after.data, before.len);
	sl_buf_free(&before);
	sl_buf_free(&after);
}
#define mark_bad(c, t, p, w) mark_bad_(c, t, p, w, __LINE__)

/* An all-sea map, cols x rows, open-ended. */
static void sea(ctx *c, int cols, int rows)
{
	ok(c, ev_map(cols, rows, -1));
}

/* Advance to the given turn/phase marking every phase on the way; turns
 * from 2 on get a steady wind (roll 3). */
static void go(ctx *c, int turn, int phase)
{
	int t, p;
	G->position(c->st, &t, &p);
	while (t < turn || p < phase) {
		if (t == 0 || p == 6) {
			t++;
			p = 1;
		} else {
			p++;
		}
		mark_ok(c, t, p);
		if (p == 1 && t >= 2 && !(t == turn && p == phase))
			ok(c, ev_wind_roll(c, "3"));
	}
}

/* ---- sail 5: the wind --------------------------------------------------- */

static void test_wind_turn1_is_sw(void **state)
{
	ctx *c = *state;
	assert_int_equal(S(c)->wind, SW_);
	sea(c, 6, 6);
	go(c, 1, 1);
	assert_int_equal(S(c)->wind, SW_);
	/* no wind event on turn 1: the seed fixes it */
	bad(c, ev_wind_roll(c, "1"), "sail 5");
	mark_ok(c, 1, 2);   /* and no wind is needed to move on */
}

static void test_wind_roll_table(void **state)
{
	static const int want[7] = {0, NW_, NW_, SW_, SW_, S_, S_};
	for (int d = 1; d <= 6; d++) {
		ctx *c;
		char roll[2] = {(char)('0' + d), 0};
		setup((void **)&c);
		sea(c, 6, 6);
		go(c, 2, 1);
		ok(c, ev_wind_roll(c, roll));
		assert_int_equal(S(c)->wind, want[d]);
		assert_int_equal(S(c)->wind_rolled, 1);
		teardown((void **)&c);
	}
	(void)state;
}

static void test_wind_to_direction(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	go(c, 2, 1);
	bad(c, ev_wind_to(N_), "sail 5");      /* two steps away */
	bad(c, ev_wind_to(NE_), "sail 5");     /* opposite */
	bad(c, ev_wind_to(SE_), "sail 5");
	ok(c, ev_wind_to(S_));
	assert_int_equal(S(c)->wind, S_);
	bad(c, ev_wind_to(S_), "once");        /* one wind per turn */
	go(c, 3, 1);
	ok(c, ev_wind_to(S_));                 /* steady given as a direction */
	go(c, 4, 1);
	ok(c, ev_wind_to(SE_));                /* backing one step */
	assert_int_equal(S(c)->wind, SE_);
}

static void test_wind_event_shape(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	go(c, 2, 1);
	sl_event both = ev_wind_roll(c, "1");
	both.f[1] = v_int(S_);
	bad(c, both, "roll or to");
	sl_event none = ev0("wind", -1);
	bad(c, none, "roll or to");
	bad(c, ev_wind_roll(c, "7"), "sail 5");
	bad(c, ev_wind_roll(c, "1,2"), "one die");
}

static void test_wind_required_before_later_phases(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	go(c, 2, 1);
	mark_bad(c, 2, 2, "sail 5");
	mark_bad(c, 2, 3, "sail 5");
	mark_bad(c, 3, 1, "sail 5");
	ok(c, ev_wind_roll(c, "4"));
	mark_ok(c, 2, 2);
	bad(c, ev_wind_roll(c, "4"), "phase 1");   /* too late */
}

static void test_turn_limit(void **state)
{
	ctx *c = *state;
	ok(c, ev_map(5, 5, 2));
	go(c, 2, 6);
	mark_bad(c, 3, 1, "2 turns");
}

/* ---- sail 6: points of sail and costs ---------------------------------- */

static void test_cost_each_point_of_sail(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("run", "fr", 6, 3, SW_, 5, 0, 5));
	ok(c, ev_ship("reachs", "fr", 2, 2, S_, 5, 0, 5));
	ok(c, ev_ship("reachnw", "fr", 9, 8, NW_, 5, 0, 5));
	ok(c, ev_ship("beatn", "fr", 4, 8, N_, 5, 0, 5));
	ok(c, ev_ship("beatse", "fr", 10, 2, SE_, 5, 0, 5));
	ok(c, ev_ship("head", "fr", 8, 5, NE_, 5, 0, 5));
	go(c, 1, 2);
	assert_int_equal(sail_point_of_sail(SW_, SW_), SAIL_RUN);
	assert_int_equal(sail_point_of_sail(S_, SW_), SAIL_BROAD);
	assert_int_equal(sail_point_of_sail(N_, SW_), SAIL_CLOSE);
	assert_int_equal(sail_point_of_sail(NE_, SW_), SAIL_HEAD);
	assert_int_equal(sail_entry_cost(SAIL_RUN), 2);
	assert_int_equal(sail_entry_cost(SAIL_BROAD), 1);
	assert_int_equal(sail_entry_cost(SAIL_CLOSE), 3);
	assert_int_equal(sail_entry_cost(SAIL_HEAD), -1);

	ok(c, ev_move(c, FR, "run", "A", NULL));
	assert_int_equal(ship(c, "run")->left, 3);
	assert_int_equal(ship(c, "run")->col, 5);
	assert_int_equal(ship(c, "run")->row, 4);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "runs SW"));

	ok(c, ev_move(c, FR, "reachs", "A", NULL));
	assert_int_equal(ship(c, "reachs")->left, 4);
	assert_int_equal(ship(c, "reachs")->row, 3);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "reaches S"));

	ok(c, ev_move(c, FR, "reachnw", "A", NULL));
	assert_int_equal(ship(c, "reachnw")->left, 4);
	assert_int_equal(ship(c, "reachnw")->col, 8);
	assert_int_equal(ship(c, "reachnw")->row, 7);

	ok(c, ev_move(c, FR, "beatn", "A", NULL));
	assert_int_equal(ship(c, "beatn")->left, 2);
	assert_int_equal(ship(c, "beatn")->row, 7);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "beats N"));

	ok(c, ev_move(c, FR, "beatse", "A", NULL));
	assert_int_equal(ship(c, "beatse")->left, 2);
	assert_int_equal(ship(c, "beatse")->col, 11);
	assert_int_equal(ship(c, "beatse")->row, 3);

	bad(c, ev_move(c, FR, "head", "A", NULL), "sail 6: head to wind, the ship cannot advance");
	bad(c, ev_move(c, FR, "head", "AS", NULL), "head to wind");
}

static void test_cost_from_hex_left(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 3, 2, S_, 5, 0, 5));
	ok(c, ev_ship("b", "fr", 8, 2, SW_, 5, 0, 5));
	ok(c, ev_ship("n", "fr", 11, 8, N_, 5, 0, 5));
	go(c, 1, 2);
	/* reach S (1), turn to SW on entering; then run SW (2) */
	ok(c, ev_move(c, FR, "a", "AS,A", NULL));
	assert_int_equal(ship(c, "a")->left, 2);
	assert_int_equal(ship(c, "a")->facing, SW_);
	assert_int_equal(ship(c, "a")->col, 2);
	assert_int_equal(ship(c, "a")->row, 3);
	assert_int_equal(S(c)->npath, 3);
	assert_int_equal(S(c)->path_cost[1], 1);
	assert_int_equal(S(c)->path_cost[2], 2);
	/* run SW (2), turn to S on entering; then reach S (1) */
	ok(c, ev_move(c, FR, "b", "AP,A", NULL));
	assert_int_equal(ship(c, "b")->left, 2);
	assert_int_equal(ship(c, "b")->facing, S_);
	assert_int_equal(ship(c, "b")->col, 7);
	assert_int_equal(ship(c, "b")->row, 4);
	assert_int_equal(S(c)->path_cost[1], 2);
	assert_int_equal(S(c)->path_cost[2], 1);
	/* close-hauled twice: 3 + 3 > 5 */
	bad(c, ev_move(c, FR, "n", "A,A", NULL), "sail 6: step 2 costs 3 points but only 2 are left");
}

static void test_turn_only_when_advancing(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 3, 2, S_, 6, 0, 5));
	ok(c, ev_ship("b", "fr", 8, 2, S_, 6, 0, 5));
	go(c, 1, 2);
	bad(c, ev_move(c, FR, "a", "TS", NULL), "sail 6");
	bad(c, ev_move(c, FR, "a", "TP", NULL), "only head to wind");
	bad(c, ev_move(c, FR, "a", "A,TP", NULL), "only head to wind");
	/* one hexside per hex: AP turns 60 degrees, two need two hexes */
	ok(c, ev_move(c, FR, "a", "AP", NULL));
	assert_int_equal(ship(c, "a")->facing, SE_);
	ok(c, ev_move(c, FR, "b", "AP,AP", NULL));   /* 1 (reach) + 3 (beat) */
	assert_int_equal(ship(c, "b")->facing, NE_);
	assert_int_equal(ship(c, "b")->left, 2);
	bad(c, ev_move(c, FR, "b", "A", NULL), "already moved");
}

static void test_empty_move_refused(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	ok(c, ev_ship("a", "fr", 3, 2, S_, 6, 0, 5));
	go(c, 1, 2);
	sl_event e = ev_move(c, FR, "a", "A", NULL);
	e.f[1].n = 0;
	bad(c, e, "step");
}

/* ---- sail 6: tacking and in irons --------------------------------------- */

static void test_tack_costs_three(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 6, 5, NE_, 5, 0, 5));
	ok(c, ev_ship("b", "fr", 3, 5, NE_, 6, 0, 5));
	ok(c, ev_ship("d", "fr", 9, 5, NE_, 5, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "a", "TS", NULL));
	assert_int_equal(ship(c, "a")->facing, SE_);
	assert_int_equal(ship(c, "a")->left, 2);
	assert_int_equal(ship(c, "a")->in_irons, 0);
	assert_int_equal(ship(c, "a")->col, 6);
	assert_int_equal(ship(c, "a")->row, 5);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "tacks"));
	ok(c, ev_move(c, FR, "b", "TP,A", NULL));   /* tack to N (3), beat N (3) */
	assert_int_equal(ship(c, "b")->facing, N_);
	assert_int_equal(ship(c, "b")->left, 0);
	assert_int_equal(ship(c, "b")->row, 4);
	bad(c, ev_move(c, FR, "d", "TS,A", NULL), "step 2 costs 3 points but only 2 are left");
}

static void test_tack_fails_in_irons(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 6, 5, NE_, 2, 0, 5));
	ok(c, ev_ship("b", "fr", 3, 8, N_, 4, 0, 5));
	go(c, 1, 2);
	/* fewer than 3 points: the tack is legal but fails */
	ok(c, ev_move(c, FR, "a", "TS", NULL));
	assert_int_equal(ship(c, "a")->in_irons, 1);
	assert_int_equal(ship(c, "a")->facing, NE_);
	assert_int_equal(ship(c, "a")->left, 0);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "in irons"));
	/* beat N (3) turning NE: head to wind with 1 left; the tack fails and
	 * must be the last step */
	bad(c, ev_move(c, FR, "b", "AS,TS,A", NULL), "in irons");
	ok(c, ev_move(c, FR, "b", "AS,TS", NULL));
	assert_int_equal(ship(c, "b")->in_irons, 1);
	assert_int_equal(ship(c, "b")->left, 0);
	/* still in irons in the second movement phase of the turn */
	go(c, 1, 5);
	bad(c, ev_move(c, FR, "a", "TS", NULL), "in irons");
	bad(c, ev_move(c, FR, "b", "TS", NULL), "in irons");
}

static void test_in_irons_until_wind_changes(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 3, 8, N_, 4, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "a", "AS,TP", NULL));
	assert_int_equal(ship(c, "a")->in_irons, 1);
	/* a steady wind does not free her */
	go(c, 2, 1);
	ok(c, ev_wind_roll(c, "4"));
	assert_int_equal(ship(c, "a")->in_irons, 1);
	mark_ok(c, 2, 2);
	bad(c, ev_move(c, FR, "a", "TP", NULL), "sail 6");
	/* a backing wind does: S, and NE is now close-hauled */
	go(c, 3, 1);
	ok(c, ev_wind_roll(c, "5"));
	assert_int_equal(S(c)->wind, S_);
	assert_int_equal(ship(c, "a")->in_irons, 0);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "out of irons"));
	mark_ok(c, 3, 2);
	assert_int_equal(ship(c, "a")->left, 4);
	ok(c, ev_move(c, FR, "a", "A", NULL));
	assert_int_equal(ship(c, "a")->left, 1);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "beats NE"));
}

/* ---- sail 6: shoals and grounding -------------------------------------- */

static void shoal_map(ctx *c)
{
	sea(c, 12, 10);
	ok(c, ev_terrain(4, "~~~~~~~~~~~~"));
	ok(c, ev_terrain(5, "~~~~~~~~~~~~"));
}

static void test_grounding_shallow_on_one(void **state)
{
	ctx *c = *state;
	shoal_map(c);
	ok(c, ev_ship("s1", "fr", 2, 3, S_, 5, 1, 5));
	ok(c, ev_ship("s2", "fr", 4, 3, S_, 5, 1, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "s1", "A", "1"));
	assert_int_equal(ship(c, "s1")->grounded, 1);
	assert_int_equal(ship(c, "s1")->row, 4);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "aground"));
	ok(c, ev_move(c, FR, "s2", "A,A", "2,3"));   /* two shoal hexes, two dice */
	assert_int_equal(ship(c, "s2")->grounded, 0);
	assert_int_equal(ship(c, "s2")->row, 5);
}

static void test_grounding_deep_on_one_to_three(void **state)
{
	ctx *c = *state;
	shoal_map(c);
	ok(c, ev_ship("d1", "fr", 6, 3, S_, 5, 0, 5));
	ok(c, ev_ship("d2", "fr", 8, 3, S_, 5, 0, 5));
	ok(c, ev_ship("d3", "fr", 10, 3, S_, 5, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "d1", "A", "3"));
	assert_int_equal(ship(c, "d1")->grounded, 1);
	ok(c, ev_move(c, FR, "d2", "A", "4"));
	assert_int_equal(ship(c, "d2")->grounded, 0);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "rolls 4"));
	ok(c, ev_move(c, FR, "d3", "A", "2"));
	assert_int_equal(ship(c, "d3")->grounded, 1);
}

static void test_grounding_dice_count(void **state)
{
	ctx *c = *state;
	shoal_map(c);
	ok(c, ev_ship("d", "fr", 6, 2, S_, 5, 0, 5));
	ok(c, ev_ship("e", "fr", 8, 2, S_, 5, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "d", "A", NULL));              /* sea: no die */
	bad(c, ev_move(c, FR, "e", "A,A", NULL), "die");           /* entered a shoal, no die */
	bad(c, ev_move(c, FR, "e", "A,A", "4,4"), "2 dice");       /* one shoal, two dice */
	bad(c, ev_move(c, FR, "e", "A,A,A", "2,5"), "aground");   /* steps after grounding */
	bad(c, ev_move(c, FR, "e", "A,A", "0"), "1 to 6");
	ok(c, ev_move(c, FR, "e", "A,A,A", "4,6"));
	assert_int_equal(ship(c, "e")->row, 5);
}

static void test_grounded_cannot_move_but_fires(void **state)
{
	ctx *c = *state;
	shoal_map(c);
	ok(c, ev_ship("s1", "fr", 2, 3, S_, 5, 1, 5));
	ok(c, ev_ship("foe", "en", 2, 7, N_, 5, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "s1", "A", "1"));
	go(c, 1, 3);
	ok(c, ev_fire(FR, "s1", "foe", 2));
	assert_int_equal(ship(c, "foe")->hull, 3);
	go(c, 1, 5);
	bad(c, ev_move(c, FR, "s1", "A", "6"), "aground");
	go(c, 3, 2);
	assert_int_equal(ship(c, "s1")->grounded, 1);
	bad(c, ev_move(c, FR, "s1", "AP", "6"), "aground");
	go(c, 3, 6);
	ok(c, ev_fire(FR, "s1", "foe", 1));
	assert_int_equal(ship(c, "foe")->hull, 2);
}

/* sail 6: a ship aground can neither move nor change her heading, so an
 * AS or AP step that grounds her in the hex she enters makes no turn; one
 * that enters the shoal and stays clear makes it. */
static void test_grounding_stops_the_turn(void **state)
{
	ctx *c = *state;
	int nc, nr;
	shoal_map(c);
	ok(c, ev_ship("s1", "fr", 2, 3, S_, 5, 1, 5));   /* shallow: grounds on 1 */
	ok(c, ev_ship("d1", "fr", 4, 3, S_, 5, 0, 5));   /* deep: grounds on 1-3 */
	ok(c, ev_ship("s2", "fr", 6, 3, S_, 5, 1, 5));
	ok(c, ev_ship("d2", "fr", 8, 3, S_, 5, 0, 5));
	ok(c, ev_ship("d3", "fr", 10, 3, S_, 5, 0, 5));
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "s1", "AS", "1"));
	assert_int_equal(ship(c, "s1")->grounded, 1);
	assert_int_equal(ship(c, "s1")->facing, S_);
	assert_int_equal(ship(c, "s1")->row, 4);
	assert_int_equal(ship(c, "s1")->left, 0);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "rolls 1: aground"));
	assert_null(strstr(sl_buf_cstr(&c->desc), "turns to"));
	ok(c, ev_move(c, FR, "d1", "AP", "3"));
	assert_int_equal(ship(c, "d1")->grounded, 1);
	assert_int_equal(ship(c, "d1")->facing, S_);
	/* clear of the shoal, the turn is made */
	ok(c, ev_move(c, FR, "s2", "AS", "2"));
	assert_int_equal(ship(c, "s2")->grounded, 0);
	assert_int_equal(ship(c, "s2")->facing, SW_);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "rolls 2: clear, turns to SW"));
	/* clear of the first shoal she turns; aground in the second she keeps
	 * the heading she entered it with */
	ok(c, ev_move(c, FR, "d2", "AP,AS", "4,2"));
	assert_int_equal(ship(c, "d2")->grounded, 1);
	assert_int_equal(ship(c, "d2")->facing, SE_);
	sail_neighbor(8, 4, SE_, &nc, &nr);
	assert_int_equal(ship(c, "d2")->col, nc);
	assert_int_equal(ship(c, "d2")->row, nr);
	/* the refused side: nothing follows a grounding in the same move */
	bad(c, ev_move(c, FR, "d3", "AS,A", "1"), "aground");
	assert_int_equal(ship(c, "d3")->facing, S_);
	assert_int_equal(ship(c, "d3")->row, 3);
	/* and a grounded ship never turns again: not by advancing, not by a
	 * tack once the wind puts her head to wind (SW veers to NW, then N) */
	go(c, 2, 1);
	ok(c, ev_wind_roll(c, "1"));
	go(c, 3, 1);
	ok(c, ev_wind_roll(c, "1"));
	assert_int_equal(S(c)->wind, N_);
	go(c, 3, 2);
	bad(c, ev_move(c, FR, "s1", "TP", NULL), "aground");
	bad(c, ev_move(c, FR, "s1", "TS", NULL), "aground");
	bad(c, ev_move(c, FR, "d1", "AS", "6"), "aground");
	assert_int_equal(ship(c, "s1")->facing, S_);
	ok(c, ev_move(c, FR, "d3", "TS", NULL));   /* afloat and head to wind: she tacks */
	assert_int_equal(ship(c, "d3")->facing, SW_);
}

static void test_describe_move(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_terrain(4, "......."
	                     "~...."));
	sl_event e = ev_ship("redoutable", "fr", 10, 3, SW_, 6, 0, 6);
	e.f[1] = v_str("Redoutable");
	ok(c, e);
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "redoutable", "A,AP", "2"));
	const char *d = sl_buf_cstr(&c->desc);
	/* the ship enters the hex and its shoal test comes first; aground,
	 * she does not make the turn of the AP step (sail 6) */
	if (!strstr(d, "Redoutable runs SW 2 hexes (4 pts), enters the shoal at 8,4 \xe2\x80\x94 "
	                "rolls 2: aground") || strstr(d, "turns to"))
		fail_msg("description: %s", d);
	assert_int_equal(ship(c, "redoutable")->facing, SW_);
}

/* ---- house rules: one ship per hex, land, edge, who acts ---------------- */

static void test_one_ship_per_hex(void **state)
{
	ctx *c = *state;
	sea(c, 12, 10);
	ok(c, ev_ship("a", "fr", 3, 3, S_, 5, 0, 5));
	bad(c, ev_ship("b", "en", 3, 3, S_, 5, 0, 5), "taken");
	ok(c, ev_ship("b", "en", 3, 5, S_, 5, 0, 5));
	go(c, 1, 2);
	bad(c, ev_move(c, FR, "a", "A,A", NULL), "taken");
	ok(c, ev_move(c, FR, "a", "A", NULL));
}

static void test_land_impassable(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	ok(c, ev_terrain(4, "..#..."));
	bad(c, ev_ship("x", "fr", 3, 4, S_, 5, 0, 5), "land");
	ok(c, ev_ship("a", "fr", 3, 2, S_, 5, 0, 5));
	go(c, 1, 2);
	bad(c, ev_move(c, FR, "a", "A,A", NULL), "land");
	ok(c, ev_move(c, FR, "a", "AS,A", NULL));
}

static void test_map_edge(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	ok(c, ev_ship("a", "fr", 1, 1, S_, 5, 0, 5));
	ok(c, ev_ship("b", "fr", 3, 5, S_, 5, 0, 5));
	bad(c, ev_ship("x", "fr", 7, 1, S_, 5, 0, 5), "map");
	bad(c, ev_ship("y", "fr", 0, 1, S_, 5, 0, 5), "map");
	go(c, 1, 2);
	bad(c, ev_move(c, FR, "a", "AS,A", NULL), "map");   /* SW off the west edge */
	bad(c, ev_move(c, FR, "b", "A,A", NULL), "map");    /* S off the bottom */
	ok(c, ev_move(c, FR, "b", "A", NULL));
}

static void test_only_the_side_acts(void **state)
{
	ctx *c = *state;
	sea(c, 6, 6);
	ok(c, ev_ship("a", "fr", 3, 2, S_, 5, 0, 5));
	go(c, 1, 2);
	bad(c, ev_move(c, EN, "a", "A", NULL), "fr");
	bad(c, ev_move(c, FR, "nosuch", "A", NULL), "no ship");
	go(c, 1, 3);
	bad(c, ev_move(c, FR, "a", "A", NULL), "phase");
}

/* ---- setup -------------------------------------------------------------- */

static void test_setup_order(void **state)
{
	ctx *c = *state;
	bad(c, ev_terrain(1, "...."), "map");
	bad(c, ev_ship("a", "fr", 1, 1, S_, 5, 0, 5), "map");
	mark_bad(c, 1, 1, "map");
	ok(c, ev_map(4, 3, 10));
	bad(c, ev_map(4, 3, 10), "once");
	bad(c, ev_terrain(1, "..."), "4");
	bad(c, ev_terrain(1, "..x."), "x");
	bad(c, ev_terrain(4, "...."), "row");
	ok(c, ev_terrain(1, ".~#."));
	bad(c, ev_terrain(1, "...."), "already");
	ok(c, ev_ship("a", "fr", 1, 1, S_, 5, 0, 5));
	bad(c, ev_ship("a", "en", 2, 2, S_, 5, 0, 5), "already");
	bad(c, ev_ship("b", "xx", 2, 2, S_, 5, 0, 5), "xx");
	bad(c, ev_terrain(2, "...."), "before");
	ok(c, ev_ship("sh", "en", 2, 1, S_, 5, 1, 5));   /* on a shoal: allowed */
	mark_ok(c, 1, 1);
	bad(c, ev_ship("c", "en", 2, 2, S_, 5, 0, 5), "setup");
	bad(c, ev_map(4, 3, 10), "setup");
}

/* ---- combat (house rules) ----------------------------------------------- */

static void combat_setup(ctx *c)
{
	sea(c, 12, 10);
	ok(c, ev_ship("f1", "fr", 2, 2, S_, 5, 0, 3));
	ok(c, ev_ship("f2", "fr", 2, 3, S_, 5, 0, 4));
	ok(c, ev_ship("e1", "en", 3, 3, N_, 5, 0, 4));
	ok(c, ev_ship("e2", "en", 11, 9, N_, 5, 0, 4));
}

static void test_fire(void **state)
{
	ctx *c = *state;
	combat_setup(c);
	go(c, 1, 2);
	bad(c, ev_fire(FR, "f1", "e1", 1), "phase");
	go(c, 1, 3);
	bad(c, ev_fire(FR, "f1", "e2", 1), "range");
	bad(c, ev_fire(FR, "f1", "f2", 1), "own side");
	bad(c, ev_fire(EN, "f1", "e1", 1), "fr");
	bad(c, ev_fire(FR, "f1", "f1", 1), "own side");
	ok(c, ev_fire(FR, "f1", "e1", 1));
	assert_int_equal(ship(c, "e1")->hull, 3);
	bad(c, ev_fire(FR, "f1", "e1", 1), "already fired");
	ok(c, ev_fire(FR, "f2", "e1", 0));                  /* a miss */
	assert_int_equal(ship(c, "e1")->hull, 3);
	ok(c, ev_fire(EN, "e1", "f1", 5));                  /* more than her hull */
	assert_int_equal(ship(c, "f1")->hull, 0);
	assert_int_equal(ship(c, "f1")->sunk, 1);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "sinks"));
	go(c, 1, 6);
	bad(c, ev_fire(FR, "f1", "e1", 1), "sunk");
	bad(c, ev_fire(EN, "e1", "f1", 1), "sunk");
}

static void test_sunk_hex_is_free(void **state)
{
	ctx *c = *state;
	combat_setup(c);
	go(c, 1, 3);
	ok(c, ev_fire(EN, "e1", "f2", 4));
	assert_int_equal(ship(c, "f2")->sunk, 1);
	go(c, 1, 5);
	ok(c, ev_move(c, FR, "f1", "A", NULL));   /* into the sunk ship's hex */
	assert_int_equal(ship(c, "f1")->row, 3);
	bad(c, ev_move(c, FR, "f2", "A", NULL), "sunk");
}

static void test_board(void **state)
{
	ctx *c = *state;
	combat_setup(c);
	go(c, 1, 3);
	bad(c, ev_board(FR, "f2", "e1", 1), "phase");
	go(c, 1, 4);
	bad(c, ev_board(FR, "f1", "e2", 1), "adjacent");
	bad(c, ev_board(FR, "f1", "f2", 1), "own side");
	ok(c, ev_board(FR, "f2", "e1", 0));
	assert_int_equal(ship(c, "e1")->side, EN);
	assert_int_equal(ship(c, "e1")->struck, 0);
	bad(c, ev_board(FR, "f2", "e1", 1), "already");
	ok(c, ev_board(EN, "e1", "f2", 1));
	assert_int_equal(ship(c, "f2")->side, EN);
	assert_int_equal(ship(c, "f2")->struck, 1);
	assert_non_null(strstr(sl_buf_cstr(&c->desc), "captured"));
	go(c, 1, 5);
	bad(c, ev_move(c, EN, "f2", "A", NULL), "struck");
	go(c, 1, 6);
	bad(c, ev_fire(EN, "f2", "f1", 1), "struck");
	bad(c, ev_fire(FR, "f1", "f2", 1), "struck");
}

static void test_strike(void **state)
{
	ctx *c = *state;
	combat_setup(c);
	go(c, 1, 1);
	bad(c, ev_strike(EN, "f1"), "fr");
	ok(c, ev_strike(FR, "f1"));
	assert_int_equal(ship(c, "f1")->struck, 1);
	bad(c, ev_strike(FR, "f1"), "already");
	go(c, 1, 2);
	bad(c, ev_move(c, FR, "f1", "A", NULL), "struck");
	go(c, 1, 3);
	bad(c, ev_fire(FR, "f1", "e1", 1), "struck");
	go(c, 1, 4);
	/* a struck ship does not resist: boarding her can only capture */
	bad(c, ev_board(EN, "e1", "f1", 0), "captured");
	ok(c, ev_board(EN, "e1", "f1", 1));
	assert_int_equal(ship(c, "f1")->side, EN);
}

/* ---- state: serialize, restore, hash, summary, help --------------------- */

static void busy_game(ctx *c)
{
	shoal_map(c);
	ok(c, ev_terrain(8, "..##........"));
	ok(c, ev_ship("s1", "fr", 2, 3, S_, 5, 1, 5));
	ok(c, ev_ship("a", "fr", 6, 7, NE_, 2, 0, 5));
	sl_event e = ev_ship("foe", "en", 2, 7, N_, 5, 0, 5);
	e.f[1] = v_str("L'\"Ind\\omptable\"\n");
	ok(c, e);
	go(c, 1, 2);
	ok(c, ev_move(c, FR, "s1", "A", "1"));
	ok(c, ev_move(c, FR, "a", "TP", NULL));
	go(c, 1, 3);
	ok(c, ev_fire(FR, "s1", "foe", 2));
	go(c, 2, 1);
	ok(c, ev_wind_roll(c, "3"));   /* steady: a stays in irons */
	mark_ok(c, 2, 2);
}

static void test_serialize_roundtrip(void **state)
{
	ctx *c = *state;
	busy_game(c);
	sl_buf a, b;
	void *copy = NULL;
	uint64_t h1 = 0, h2 = 0;
	serial(c, &a);
	assert_int_equal(G->restore(&copy, a.data, a.len, &c->err), 0);
	sl_buf_init(&b);
	assert_int_equal(G->serialize(copy, &b), 0);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_int_equal(sl_game_hash(G, c->st, &h1), 0);
	assert_int_equal(sl_game_hash(G, copy, &h2), 0);
	assert_true(h1 == h2);
	/* hashing does not change the state; equal states hash equal */
	assert_int_equal(sl_game_hash(G, c->st, &h2), 0);
	assert_true(h1 == h2);
	G->destroy(copy);
	/* a change changes the hash */
	ok(c, ev_move(c, EN, "foe", "A", NULL));
	assert_int_equal(sl_game_hash(G, c->st, &h2), 0);
	assert_true(h1 != h2);
	sl_buf_free(&a);
	sl_buf_free(&b);
}

static void test_restore_untrusted(void **state)
{
	ctx *c = *state;
	busy_game(c);
	sl_buf a;
	serial(c, &a);
	/* every truncation is refused */
	for (size_t n = 0; n < a.len; n++) {
		void *p = NULL;
		sl_error_clear(&c->err);
		assert_true(G->restore(&p, a.data, n, &c->err) < 0);
		assert_null(p);
		assert_true(c->err.msg[0] != 0);
	}
	/* a trailing byte too */
	{
		uint8_t *big = malloc(a.len + 1);
		void *p = NULL;
		memcpy(big, a.data, a.len);
		big[a.len] = 0;
		assert_true(G->restore(&p, big, a.len + 1, &c->err) < 0);
		free(big);
	}
	/* every single-byte corruption either is refused or restores to a
	 * state that serializes again to the same bytes */
	uint8_t *m = malloc(a.len);
	for (size_t i = 0; i < a.len; i++) {
		static const uint8_t x[] = {0x01, 0x80, 0xff, 0x40};
		for (size_t k = 0; k < sizeof x; k++) {
			void *p = NULL;
			memcpy(m, a.data, a.len);
			m[i] ^= x[k];
			sl_error_clear(&c->err);
			if (G->restore(&p, m, a.len, &c->err) == 0) {
				sl_buf b;
				sl_buf_init(&b);
				assert_int_equal(G->serialize(p, &b), 0);
				assert_int_equal(b.len, a.len);
				assert_memory_equal(b.data, m, a.len);
				sl_buf_free(&b);
				G->destroy(p);
			}
		}
	}
	free(m);
	sl_buf_free(&a);
}

static void test_summary_json_help(void **state)
{
	ctx *c = *state;
	busy_game(c);
	sl_buf b;
	sl_buf_init(&b);
	G->summary(c->st, &c->h, &b);
	const char *s = sl_buf_cstr(&b);
	assert_non_null(strstr(s, "wind SW"));
	assert_non_null(strstr(s, "aground"));
	assert_non_null(strstr(s, "in irons"));
	sl_buf_reset(&b);
	G->summary_json(c->st, &c->h, &b);
	s = sl_buf_cstr(&b);
	assert_true(s[0] == '{');
	assert_non_null(strstr(s, "\"wind\":\"SW\""));
	assert_non_null(strstr(s, "L'\\\"Ind\\\\omptable\\\"\\n"));
	assert_null(strchr(s, '\n'));
	sl_buf_reset(&b);
	G->help(c->st, &c->h, &b);
	s = sl_buf_cstr(&b);
	assert_non_null(strstr(s, "foe"));
	assert_null(strstr(s, "s1 ("));        /* aground: not offered a move */
	sl_buf_free(&b);
	int t, p;
	G->position(c->st, &t, &p);
	assert_int_equal(t, 2);
	assert_int_equal(p, 2);
}

static void test_compat(void **state)
{
	(void)state;
	assert_int_equal(sl_game_compat(G, G->rules_version), SL_COMPAT_SAME);
	assert_int_equal(sl_game_compat(G, G->rules_version + 1), SL_COMPAT_NO);
	assert_string_equal(G->id, "sail");
	assert_int_equal(G->schema->nphases, 6);
	assert_string_equal(sl_phase_name(G->schema, 4), "boarding");
}

/* ---- generate -------------------------------------------------------------- */

typedef struct gen_stats {
	int events[16], markers, grounded, irons, tacks, sunk;
} gen_stats;

/* Runs the generator n entries (or to its end); every entry must be accepted. */
static int run_gen(ctx *c, int n, uint64_t seed, gen_stats *gs)
{
	sl_prng rng;
	sl_prng_seed(&rng, seed, 7);
	for (int i = 0; i < n; i++) {
		sl_event e;
		int t, p;
		sl_error_clear(&c->err);
		int rc = G->generate(c->st, &c->h, &rng, &c->a, &e, &c->err);
		if (rc < 0)
			fail_msg("entry %d: generate failed: %s", i, c->err.msg);
		if (rc == 1)
			return i;
		G->position(c->st, &t, &p);
		if (e.entry == SL_ENTRY_TURN) {
			assert_int_equal(e.mark, t + 1);
			if (G->mark(c->st, &c->h, e.mark, 1, &c->err) != 0)
				fail_msg("entry %d: turn %d refused: %s", i, e.mark, c->err.msg);
			gs->markers++;
		} else if (e.entry == SL_ENTRY_PHASE) {
			assert_true(e.mark > p);
			if (G->mark(c->st, &c->h, t, e.mark, &c->err) != 0)
				fail_msg("entry %d: phase %d refused: %s", i, e.mark, c->err.msg);
			gs->markers++;
		} else {
			const sl_event_def *d = &G->schema->events[e.type];
			if (d->flags & SL_EV_PLAYER)
				assert_true(e.player >= 0 && e.player < c->h.nplayers);
			else
				assert_int_equal(e.player, -1);
			sl_buf_reset(&c->desc);
			if (G->apply(c->st, &c->h, &e, &c->desc, &c->err) != 0)
				fail_msg("entry %d (%s, turn %d phase %d): refused: %s", i, d->name,
					t, p, c->err.msg);
			gs->events[e.type]++;
			if (e.type == evtype("move") && strstr(sl_buf_cstr(&c->desc), "tacks"))
				gs->tacks++;
			if (e.type == evtype("move") && strstr(sl_buf_cstr(&c->desc), "in irons"))
				gs->irons++;
			if (e.type == evtype("move") && strstr(sl_buf_cstr(&c->desc), "aground"))
				gs->grounded++;
		}
		if ((i & 1023) == 1023) {
			sl_arena_free(&c->a);
			sl_arena_init(&c->a);
		}
	}
	return n;
}

static void test_generate_long_game(void **state)
{
	ctx *c = *state;
	gen_stats gs = {0};
	/* an open-ended game on a map with few shoals (groundings are for
	 * good, so they would end the movement of a long game); the generator
	 * places the ships itself */
	ok(c, ev_map(20, 14, 0));
	for (int r = 1; r <= 14; r++)
		ok(c, ev_terrain(r, r == 7 ? "....~~~.....##......" : r == 3 ? ".........~.........."
			: "...................."));
	int n = run_gen(c, 20000, 42, &gs);
	assert_int_equal(n, 20000);
	print_message("generated: %d moves, %d winds, %d fires, %d boardings, %d strikes, "
		"%d tacks, %d in irons, %d groundings, %d markers\n", gs.events[evtype("move")],
		gs.events[evtype("wind")], gs.events[evtype("fire")], gs.events[evtype("board")],
		gs.events[evtype("strike")], gs.tacks, gs.irons, gs.grounded, gs.markers);
	assert_true(gs.events[evtype("ship")] >= 8);
	assert_true(gs.events[evtype("wind")] > 100);
	assert_true(gs.events[evtype("move")] > 400);
	assert_true(gs.events[evtype("fire")] > 40);
	assert_true(gs.tacks > 0);
	assert_true(gs.irons > 0);
	assert_true(gs.grounded > 0);
}

static void test_generate_ends_at_turns(void **state)
{
	ctx *c = *state;
	gen_stats gs = {0};
	ok(c, ev_map(16, 12, 5));
	ok(c, ev_terrain(6, "..~~~~##~~~....."));
	int n = run_gen(c, 100000, 9, &gs);
	assert_true(n < 100000);
	int t, p;
	G->position(c->st, &t, &p);
	assert_int_equal(t, 5);
	assert_int_equal(p, 6);
	assert_true(gs.events[evtype("move")] > 10);
}

static void test_generate_deterministic(void **state)
{
	ctx *c = *state, *d;
	gen_stats gs = {0};
	uint64_t h1, h2;
	setup((void **)&d);
	run_gen(c, 3000, 5, &gs);
	run_gen(d, 3000, 5, &gs);
	assert_int_equal(sl_game_hash(G, c->st, &h1), 0);
	assert_int_equal(sl_game_hash(G, d->st, &h2), 0);
	assert_true(h1 == h2);
	teardown((void **)&d);
}

/* sail_neighbor's table against the axial route of sl_core, on every hex of
 * the largest map and one ring off it, in all six directions. */
static void test_neighbor_matches_axial(void **state)
{
	(void)state;
	for (int col = -1; col <= SAIL_MAX_COLS + 2; col++)
		for (int row = -1; row <= SAIL_MAX_ROWS + 2; row++)
			for (int dir = 0; dir < 6; dir++) {
				sl_offset o = {col - 1, row - 1};
				sl_hex h = sl_hex_neighbor(SL_HEX_FLAT,
					sl_hex_from_offset(sail_schema.grid, o), dir);
				sl_offset w = sl_hex_to_offset(sail_schema.grid, h);
				int nc, nr;
				sail_neighbor(col, row, dir, &nc, &nr);
				if (nc != w.col + 1 || nr != w.row + 1)
					fail_msg("%d,%d dir %d: %d,%d, axial says %d,%d", col, row, dir,
						nc, nr, w.col + 1, w.row + 1);
			}
}

/* The occupancy grid and the id table say what a scan of the ships says. */
static void check_indexes(const sail_state *s)
{
	sail_state *fresh = malloc(sizeof *fresh);
	assert_non_null(fresh);
	for (int row = 0; row <= s->rows + 1; row++)
		for (int col = 0; col <= s->cols + 1; col++) {
			int want = -1;
			for (int i = 0; i < s->nships && want < 0; i++)
				if (s->ships[i].col == col && s->ships[i].row == row && !s->ships[i].sunk)
					want = i;
			if (sail_ship_at(s, col, row) != want)
				fail_msg("ship at %d,%d: %d, a scan finds %d", col, row,
					sail_ship_at(s, col, row), want);
		}
	for (int i = 0; i < s->nships; i++) {
		const char *id = s->ships[i].id;
		size_t n = strlen(id);
		char longer[40];
		assert_int_equal(sail_find_ship(s, id, n), i);
		assert_int_equal(sail_find_ship(s, id, n - 1), -1);
		memcpy(longer, id, n);
		longer[n] = 'x';
		longer[n + 1] = 0;
		assert_int_equal(sail_find_ship(s, longer, n + 1), -1);
		longer[n] = 0;   /* a NUL inside: not the same id */
		assert_int_equal(sail_find_ship(s, longer, n + 1), -1);
	}
	assert_int_equal(sail_find_ship(s, "nosuch", 6), -1);
	assert_int_equal(sail_find_ship(s, "", 0), -1);
	/* kept up to date event by event == rebuilt from the ships */
	memcpy(fresh, s, sizeof *fresh);
	sail_reindex(fresh);
	assert_memory_equal(fresh->occ, s->occ, sizeof s->occ);
	assert_memory_equal(fresh->by_id, s->by_id, sizeof s->by_id);
	free(fresh);
}

static void test_indexes_follow_the_ships(void **state)
{
	ctx *c = *state;
	gen_stats gs = {0};
	sl_buf a;
	void *copy = NULL;
	int sunk = 0;
	check_indexes(S(c));
	busy_game(c);
	check_indexes(S(c));
	G->destroy(c->st);
	assert_int_equal(G->init(&c->st, &c->h, &c->err), 0);
	ok(c, ev_map(20, 14, 0));
	ok(c, ev_terrain(7, "....~~~.....##......"));
	for (int k = 0; k < 40; k++) {   /* moves, sinkings, captures, strikes */
		run_gen(c, 500, 11 + (uint64_t)k, &gs);
		check_indexes(S(c));
	}
	for (int i = 0; i < S(c)->nships; i++)
		sunk += S(c)->ships[i].sunk;
	assert_true(sunk > 0);   /* a sunk ship's hex was let go */
	print_message("indexes checked over %d moves, %d sunk\n", gs.events[evtype("move")], sunk);
	assert_true(gs.events[evtype("move")] > 200);
	/* restore rebuilds them */
	serial(c, &a);
	assert_int_equal(G->restore(&copy, a.data, a.len, &c->err), 0);
	check_indexes(copy);
	assert_memory_equal(((const sail_state *)copy)->occ, S(c)->occ, sizeof S(c)->occ);
	G->destroy(copy);
	sl_buf_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_wind_turn1_is_sw),
		T(test_wind_roll_table),
		T(test_wind_to_direction),
		T(test_wind_event_shape),
		T(test_wind_required_before_later_phases),
		T(test_turn_limit),
		T(test_cost_each_point_of_sail),
		T(test_cost_from_hex_left),
		T(test_turn_only_when_advancing),
		T(test_empty_move_refused),
		T(test_tack_costs_three),
		T(test_tack_fails_in_irons),
		T(test_in_irons_until_wind_changes),
		T(test_grounding_shallow_on_one),
		T(test_grounding_deep_on_one_to_three),
		T(test_grounding_dice_count),
		T(test_grounded_cannot_move_but_fires),
		T(test_grounding_stops_the_turn),
		T(test_describe_move),
		T(test_one_ship_per_hex),
		T(test_land_impassable),
		T(test_map_edge),
		T(test_only_the_side_acts),
		T(test_setup_order),
		T(test_fire),
		T(test_sunk_hex_is_free),
		T(test_board),
		T(test_strike),
		T(test_serialize_roundtrip),
		T(test_restore_untrusted),
		T(test_summary_json_help),
		T(test_compat),
		T(test_generate_long_game),
		T(test_generate_ends_at_turns),
		T(test_generate_deterministic),
		T(test_neighbor_matches_axial),
		T(test_indexes_follow_the_ships),
#undef T
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
