/* test_sil.c - the .sil codec: canonical round trips, every field kind,
 * comments and annotations, and the exact text of errors with positions. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sillage.h"

#define HEADER \
	"sil 1\n" \
	"game sail 1\n" \
	"title Two frigates\n" \
	"date 2026-11-30\n" \
	"player fr \"Marine royale\" #1f4fb4\n" \
	"player gb \"Royal \\\"Navy\\\"\" #b22222\n" \
	"meta place Brest\n" \
	"seed 7\n"

#define SETUP \
	"map cols=6 rows=4 turns=12\n" \
	"terrain row=1 cells=\"......\"\n" \
	"terrain row=2 cells=\"....#.\"\n" \
	"terrain row=3 cells=\".~....\"\n" \
	"terrain row=4 cells=\"......\"\n" \
	"ship id=aigle name=\"Aigle\" class=\"frigate\" side=fr at=2,1 facing=S mp=4 draft=shallow hull=6\n" \
	"ship id=lark name=\"Lark\" class=\"sloop\" side=gb at=6,3 facing=NW mp=5 draft=deep hull=4\n"

static const char canonical[] =
	HEADER
	"# the header's own comment\n"
	"\n"
	SETUP
	"\n"
	"turn 1\n"
	"phase 2 movement\n"
	"# the Aigle runs for the shoal\n"
	"fr: move ship=aigle steps=A,AS,A dice=4\n"
	"@note a calculated risk\n"
	"@bookmark into the shoal\n"
	"# at the end\n";

static sl_log *read_ok(const char *text)
{
	sl_log *log = NULL;
	sl_error err;
	sl_error_clear(&err);
	int rc = sl_sil_read(&log, "t.sil", text, strlen(text), &err);
	if (rc)
		fail_msg("unexpected error: %s:%u:%u: %s", err.file, err.line, err.col, err.msg);
	return log;
}

static char *write_str(const sl_log *log)
{
	sl_buf b;
	sl_buf_init(&b);
	assert_int_equal(sl_sil_write(log, &b), SL_OK);
	return (char *)sl_buf_take(&b, NULL);
}

static void test_canonical_round_trip(void **s)
{
	(void)s;
	sl_log *log = read_ok(canonical);
	char *out = write_str(log);
	assert_string_equal(out, canonical);
	assert_int_equal(log->h.nplayers, 2);
	assert_string_equal(log->h.players[1].name, "Royal \"Navy\"");
	assert_int_equal(log->h.players[1].colour, 0xb22222);
	assert_int_equal(log->n, 10);   /* 7 setup + turn + phase + move */
	assert_string_equal(log->ev[9].note, "a calculated risk");
	assert_string_equal(log->ev[9].bookmark, "into the shoal");
	assert_string_equal(log->ev[9].comment, "# the Aigle runs for the shoal");
	assert_string_equal(log->tail_comment, "# at the end");
	sl_free(out);
	sl_log_free(log);
}

static void test_every_field_kind(void **s)
{
	(void)s;
	sl_log *log = read_ok(HEADER SETUP "\nturn 1\nphase 2\nfr: move ship=aigle steps=A,AS,A dice=4\n");
	const sl_schema *sc = log->game->schema;
	const sl_event *ship = &log->ev[5], *mv = &log->ev[9];
	const sl_event_def *def = &sc->events[ship->type];
	int seen[SL_K_LIST + 1] = {0};
	for (int k = 0; k < def->nfields; k++)
		seen[def->fields[k].kind] = 1;
	def = &sc->events[mv->type];
	for (int k = 0; k < def->nfields; k++)
		seen[def->fields[k].kind] = 1;
	for (int k = SL_K_INT; k <= SL_K_LIST; k++)
		assert_true(seen[k]);   /* the sail schema covers every kind */
	/* HEX, DIR, ENUM, TEXT, PIECE */
	assert_int_equal(ship->f[4].u.hex.col, 2);
	assert_int_equal(ship->f[4].u.hex.row, 1);
	assert_int_equal(ship->f[5].u.i, 3);          /* S */
	assert_string_equal(ship->f[1].p, "Aigle");
	assert_string_equal(ship->f[0].p, "aigle");
	/* LIST and DICE */
	assert_int_equal(mv->f[1].n, 3);
	assert_int_equal(((const uint8_t *)mv->f[2].p)[0], 4);
	assert_int_equal(mv->player, 0);
	sl_log_free(log);
}

static void test_normalises(void **s)
{
	(void)s;
	/* CRLF, tabs, fields out of order, lower-case direction, bare text,
	 * hex seed, phase without name, no blank lines */
	const char *in =
		"sil 1\r\ngame   sail 1\r\nplayer fr Marine #1F4FB4\r\nplayer gb \"RN\"\r\nseed 0x10\r\n"
		"map rows=4 cols=6\r\n"
		"terrain cells=...... row=1\r\nterrain row=2 cells=......\r\nterrain row=3 cells=......\r\nterrain row=4 cells=......\r\n"
		"ship\tid=a name=A class=x side=fr at=2,1 facing=s mp=4 draft=deep hull=3\r\n"
		"turn 1\r\nphase 2\r\nfr:  move   steps=A ship=a\r\n";
	const char *want =
		"sil 1\ngame sail 1\nplayer fr \"Marine\" #1f4fb4\nplayer gb \"RN\" #b22222\nseed 16\n\n"
		"map cols=6 rows=4\n"
		"terrain row=1 cells=\"......\"\nterrain row=2 cells=\"......\"\nterrain row=3 cells=\"......\"\nterrain row=4 cells=\"......\"\n"
		"ship id=a name=\"A\" class=\"x\" side=fr at=2,1 facing=S mp=4 draft=deep hull=3\n"
		"\nturn 1\nphase 2 movement\nfr: move ship=a steps=A\n";
	sl_log *log = read_ok(in);
	char *out = write_str(log);
	assert_string_equal(out, want);
	sl_free(out);
	sl_log_free(log);
}

static void test_checks_parse_and_write(void **s)
{
	(void)s;
	const char *text = HEADER "\n" SETUP "\nturn 1 !0123456789abcdef\nphase 2 movement\n"
		"fr: move ship=aigle steps=A !deadbeef\n";
	sl_log *log = read_ok(text);
	char *out = write_str(log);
	assert_true(log->ev[7].has_check);
	assert_true(log->ev[7].check == UINT64_C(0x0123456789abcdef));
	assert_true(log->ev[9].check == 0xdeadbeef);
	assert_string_equal(out, text);
	sl_free(out);
	sl_log_free(log);
}

/* One bad line after a valid header + setup: the exact message. */
static void expect_error(const char *text, int code, const char *want)
{
	sl_log *log = NULL;
	sl_error err;
	char got[1024];
	sl_error_clear(&err);
	assert_int_equal(sl_sil_read(&log, "t.sil", text, strlen(text), &err), code);
	assert_null(log);
	sl_error_format(&err, got, sizeof got);
	assert_string_equal(got, want);
}

#define BODY(line) HEADER SETUP "turn 1\nphase 2\n" line "\n"
/* HEADER is 8 lines, SETUP 7, then turn and phase: the body line is 18 */

static void test_errors_name_position_and_expectation(void **s)
{
	(void)s;
	expect_error(BODY("fr: move ship=aigle steps=A,AX"), SL_ESYNTAX,
		"t.sil:18:29: unknown value 'AX' for steps (expected one of: A, AP, AS, TP, TS)");
	expect_error(BODY("fr: move ship=aigle stpes=A"), SL_ESYNTAX,
		"t.sil:18:21: unknown field 'stpes' for move (expected one of: ship, steps, dice)");
	expect_error(BODY("fr: mvoe ship=aigle"), SL_ESYNTAX,
		"t.sil:18:5: unknown event 'mvoe' for game sail (expected one of: map, terrain, ship, wind, move, fire, board, strike)");
	expect_error(BODY("xx: move ship=aigle steps=A"), SL_ESYNTAX,
		"t.sil:18:1: unknown player 'xx' (players: fr, gb)");
	expect_error(BODY("move ship=aigle steps=A"), SL_ESYNTAX,
		"t.sil:18:1: 'move' needs the acting player first, like \"fr: move ...\"");
	expect_error(BODY("fr: move ship=aigle"), SL_ESYNTAX,
		"t.sil:18:20: move needs field 'steps' (A advance, AP/AS advance then turn port/starboard, TP/TS tack)");
	expect_error(BODY("fr: move ship=aigle steps=A dice=7"), SL_ESYNTAX,
		"t.sil:18:34: a die 7 is out of range (1..6)");
	expect_error(BODY("fr: move ship=aigle steps=A steps=A"), SL_ESYNTAX,
		"t.sil:18:29: field 'steps' given twice");
	expect_error(BODY("fr: move ship=aigle steps A"), SL_ESYNTAX,
		"t.sil:18:26: expected '=' after field name 'steps'");
	expect_error(BODY("fr: move ship=aigle steps=A # risky"), SL_ESYNTAX,
		"t.sil:18:29: comments go on their own line (start it with '#')");
	expect_error(BODY("turn two"), SL_ESYNTAX, "t.sil:18:6: expected a turn number (an integer)");
	expect_error(BODY("phase 9"), SL_ESYNTAX, "t.sil:18:7: a phase number 9 is out of range (1..6)");
	expect_error(BODY("phase 3 movement"), SL_ESYNTAX, "t.sil:18:9: phase 3 is called 'fire', not 'movement'");
	expect_error(BODY("title late"), SL_ESYNTAX,
		"t.sil:18:1: header line 'title' after the first event (the header comes first)");
	expect_error(BODY("@remark hello"), SL_ESYNTAX,
		"t.sil:18:1: unknown annotation (expected @glyph, @note or @bookmark)");
	expect_error(BODY("fr: move ship=aigle steps=A !dead"), SL_ESYNTAX,
		"t.sil:18:29: expected a state check '!' with 8 hex digits");
	/* the column counts characters, not bytes */
	expect_error(BODY("ship id=b name=\"Éole\" class=x side=fr at=1,1 facing=Q mp=3 draft=deep hull=3"), SL_ESYNTAX,
		"t.sil:18:53: expected a direction for facing (one of N, NE, SE, S, SW, NW)");
	expect_error(BODY("ship id=b name=\"open class=x"), SL_ESYNTAX,
		"t.sil:18:16: unterminated string in name (expected a closing '\"')");
}

static void test_header_errors(void **s)
{
	(void)s;
	expect_error("hello\n", SL_EFORMAT, "t.sil:1:1: not a sillage text log: the first line must be 'sil 1'");
	expect_error("sil 3\n", SL_EVERSION, "t.sil:1:5: format version 3 is newer than this reader (2)");
	expect_error("sil 1\ngame chess 1\nturn 1\n", SL_EFORMAT, "t.sil:3:1: unknown game 'chess' (see `sillage games`)");
	expect_error("sil 1\nturn 1\n", SL_ESYNTAX, "t.sil:2:1: expected a 'game ID VERSION' line before the first event");
	expect_error("sil 1\ngame sail\n", SL_ESYNTAX, "t.sil:2:10: expected the rules version (an integer)");
	expect_error("sil 1\ngame sail 1\nplayer fr \"A\"\nplayer fr \"B\"\n", SL_ESYNTAX,
		"t.sil:4:8: player 'fr' declared twice");
	expect_error("sil 1\ngame sail 1\nplayer fr \"A\" red\n", SL_ESYNTAX,
		"t.sil:3:15: expected a colour like #1f4fb4");
	expect_error("sil 1\ngame sail 1\ntitle caf\xc3\n", SL_ESYNTAX, "t.sil:3:10: invalid UTF-8 (or a NUL byte)");
}

static void test_nul_and_long_lines(void **s)
{
	(void)s;
	static const char nul[] = "sil 1\ngame sail 1\ntitle a\0b\n";
	sl_log *log = NULL;
	sl_error err;
	size_t n = SL_SIL_MAX_LINE + 100;
	char *big = malloc(n + 32);
	sl_error_clear(&err);
	assert_int_equal(sl_sil_read(&log, "t.sil", nul, sizeof nul - 1, &err), SL_ESYNTAX);
	assert_int_equal(err.line, 3);
	assert_int_equal(err.col, 8);
	strcpy(big, "sil 1\n# ");
	memset(big + 8, 'x', n);
	big[8 + n] = 0;
	sl_error_clear(&err);
	assert_int_equal(sl_sil_read(&log, "t.sil", big, strlen(big), &err), SL_ELIMIT);
	assert_int_equal(err.line, 2);
	free(big);
}

/* Found by fuzz_sil: a CR not right before the LF made canonical text
 * unstable ("# x\r\r\n" read as "# x\r"); it is refused now. */
static void test_stray_cr(void **s)
{
	(void)s;
	expect_error("sil 1\ngame sail 1\n\n# x\r\r\n", SL_ESYNTAX,
		"t.sil:4:4: a carriage return (CR) inside a line");
	expect_error("sil 1\ngame sail 1\ntitle a\rb\n", SL_ESYNTAX,
		"t.sil:3:8: a carriage return (CR) inside a line");
}

/* The parse of one recorder line: '?' dice become 0, to be rolled. */
static void test_parse_line_for_recorder(void **s)
{
	(void)s;
	sl_log *log = read_ok(HEADER SETUP);
	sl_event ev;
	sl_error err;
	const char *line = "fr: move ship=aigle steps=A,A dice=?,3";
	sl_error_clear(&err);
	assert_int_equal(sl_sil_parse_line(log, line, strlen(line), 1, &ev, &err), 1);
	assert_int_equal(ev.f[2].n, 2);
	assert_int_equal(((const uint8_t *)ev.f[2].p)[0], 0);
	assert_int_equal(((const uint8_t *)ev.f[2].p)[1], 3);
	assert_int_equal(sl_sil_parse_line(log, "# just a comment", 16, 2, &ev, &err), 0);
	assert_int_equal(sl_sil_parse_line(log, "   ", 3, 3, &ev, &err), 0);
	sl_log_free(log);
}

static int fail_after;
/* Format 2 marks a drawn die in its entry: "4@17" after a die, "@C:V/W"
 * after a value drawn out of weights; written back the same; refused in a
 * format 1 log, where '@' never meant anything. */
static void test_draw_marks(void **s)
{
	static const char v2[] = "sil 2\ngame sail 1\nplayer fr \"France\" #1f4fb4\n\n"
		"map cols=6 rows=4\nterrain row=1 cells=\"......\"\nterrain row=2 cells=\"......\"\n"
		"terrain row=3 cells=\".~....\"\nterrain row=4 cells=\"......\"\n"
		"ship id=aigle name=\"Aigle\" class=\"frigate\" side=fr at=2,1 facing=S mp=4 draft=shallow hull=6\n"
		"\nturn 1\nwind roll=3@4\nphase 2 movement\nfr: move ship=aigle steps=A,A dice=2@17\n";
	sl_log *log = NULL;
	sl_error err;
	sl_buf b;
	char got[512];
	(void)s;
	sl_error_clear(&err);
	assert_int_equal(sl_sil_read(&log, "t.sil", v2, strlen(v2), &err), SL_OK);
	assert_int_equal(log->ev[7].ndraws, 1);
	assert_int_equal(log->ev[7].draws[0].counter, 4);
	assert_int_equal(log->ev[9].draws[0].counter, 17);
	assert_int_equal(log->ev[9].draws[0].value, 2);
	sl_buf_init(&b);
	assert_int_equal(sl_sil_write(log, &b), SL_OK);
	assert_string_equal(sl_buf_cstr(&b), v2);
	sl_buf_free(&b);
	sl_log_free(log);
	log = NULL;
	/* in format 1, the same text is an error at the '@' */
	{
		char v1[sizeof v2];
		memcpy(v1, v2, sizeof v2);
		v1[4] = '1';
		assert_int_equal(sl_sil_read(&log, "t.sil", v1, strlen(v1), &err), SL_ESYNTAX);
		sl_error_format(&err, got, sizeof got);
		assert_string_equal(got, "t.sil:13:12: unexpected '@' after the value of roll");
	}
	/* a mark without its counter */
	{
		sl_buf t;
		sl_buf_init(&t);
		sl_error_clear(&err);
		sl_buf_put(&t, v2, strlen(v2) - 4);
		sl_buf_puts(&t, "@\n");
		assert_int_equal(sl_sil_read(&log, "t.sil", (const char *)t.data, t.len, &err), SL_ESYNTAX);
		sl_error_format(&err, got, sizeof got);
		assert_string_equal(got, "t.sil:15:37: expected the dice counter after '@' in dice (like 4@17)");
		sl_buf_free(&t);
	}
}

static void *failing_alloc(void *ud, void *p, size_t n)
{
	(void)ud;
	if (n == 0) {
		free(p);
		return NULL;
	}
	if (fail_after-- <= 0)
		return NULL;
	return realloc(p, n);
}

/* Failing the Nth allocation gives SL_ENOMEM, never a crash or a leak. */
static void test_allocation_failures(void **s)
{
	(void)s;
	int n, ok = 0;
	for (n = 0; n < 400 && !ok; n++) {
		sl_log *log = NULL;
		sl_error err;
		int rc;
		sl_error_clear(&err);
		fail_after = n;
		sl_set_allocator(failing_alloc, NULL);
		rc = sl_sil_read(&log, "t.sil", canonical, strlen(canonical), &err);
		sl_set_allocator(NULL, NULL);
		if (rc == SL_OK) {
			ok = 1;
			sl_log_free(log);
		} else {
			assert_int_equal(rc, SL_ENOMEM);
			assert_null(log);
		}
	}
	assert_true(ok);
	assert_true(n > 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_canonical_round_trip),
		cmocka_unit_test(test_every_field_kind),
		cmocka_unit_test(test_normalises),
		cmocka_unit_test(test_checks_parse_and_write),
		cmocka_unit_test(test_errors_name_position_and_expectation),
		cmocka_unit_test(test_header_errors),
		cmocka_unit_test(test_nul_and_long_lines),
		cmocka_unit_test(test_stray_cr),
		cmocka_unit_test(test_parse_line_for_recorder),
		cmocka_unit_test(test_draw_marks),
		cmocka_unit_test(test_allocation_failures),
	};
	return cmocka_run_group_tests_name("sil", tests, NULL, NULL);
}
