/* test_replay.c - the replay engine: seek and step agree with a fresh
 * replay, keyframes, positions, structural rules, state checks naming the
 * event where an edited log parts, and rules versions. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sillage.h"
#include "replay/sl_chain.h"

#define HEADER \
	"sil 1\ngame sail 1\nplayer fr \"France\" #1f4fb4\nplayer gb \"Britain\" #b22222\n\n"
#define SETUP \
	"map cols=8 rows=6 turns=20\n" \
	"terrain row=1 cells=\"........\"\n" \
	"terrain row=2 cells=\"........\"\n" \
	"terrain row=3 cells=\".~......\"\n" \
	"terrain row=4 cells=\"......#.\"\n" \
	"terrain row=5 cells=\"........\"\n" \
	"terrain row=6 cells=\"........\"\n" \
	"ship id=aigle name=\"Aigle\" class=\"frigate\" side=fr at=2,1 facing=S mp=4 draft=shallow hull=6\n" \
	"ship id=lark name=\"Lark\" class=\"sloop\" side=gb at=7,2 facing=SW mp=5 draft=deep hull=4\n"
/* 9 setup lines: events 1..9 on lines 6..14 */

static sl_log *load(const char *text)
{
	sl_log *log = NULL;
	sl_error err;
	sl_error_clear(&err);
	if (sl_sil_read(&log, "r.sil", text, strlen(text), &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
	return log;
}

static int open_err(const char *text, unsigned flags, char *msg, size_t n)
{
	sl_log *log = load(text);
	sl_replay *r = NULL;
	sl_error err;
	int rc;
	sl_error_clear(&err);
	rc = sl_replay_open(&r, log, flags, &err);
	sl_error_format(&err, msg, n);
	sl_replay_free(r);
	sl_log_free(log);
	return rc;
}

/* A long legal game from the generator, as a log. */
static sl_log *generated_from(const char *header, long events)
{
	const sl_game *g = sl_game_find("sail");
	sl_log *log = load(header);
	sl_prng rng;
	sl_arena a;
	sl_error err;
	void *st;
	long n = 0;
	sl_error_clear(&err);
	sl_arena_init(&a);
	sl_prng_seed(&rng, 99, 1);
	assert_int_equal(g->init(&st, &log->h, &err), SL_OK);
	while (n < events) {
		sl_event ev;
		memset(&ev, 0, sizeof ev);
		ev.player = -1;
		int rc = g->generate(st, &log->h, &rng, &a, &ev, &err);
		if (rc == 1)
			break;
		assert_int_equal(rc, SL_OK);
		if (sl_replay_apply(log, st, &ev, n + 1, NULL, &err))
			fail_msg("generator entry refused: %s", err.msg);
		assert_int_equal(sl_log_append(log, &ev), SL_OK);
		n += ev.entry == SL_ENTRY_EVENT;
	}
	g->destroy(st);
	sl_arena_free(&a);
	return log;
}

static sl_log *generated(long events)
{
	return generated_from(HEADER, events);
}

static uint64_t fresh_hash(const sl_log *log, size_t pos)
{
	const sl_game *g = log->game;
	void *st;
	sl_error err;
	uint64_t h;
	long no = 0;
	sl_error_clear(&err);
	assert_int_equal(g->init(&st, &log->h, &err), SL_OK);
	for (size_t i = 0; i < pos; i++) {
		no += log->ev[i].entry == SL_ENTRY_EVENT;
		assert_int_equal(sl_replay_apply(log, st, &log->ev[i], no, NULL, &err), SL_OK);
	}
	assert_int_equal(sl_game_hash(g, st, &h), SL_OK);
	g->destroy(st);
	return h;
}

static void test_seek_matches_fresh_replay(void **s)
{
	(void)s;
	sl_log *log = generated(3000);
	sl_replay *r;
	sl_error err;
	sl_prng rng;
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	assert_true(sl_replay_keyframes(r) >= log->n / SL_REPLAY_KEYFRAME_EVERY);
	sl_prng_seed(&rng, 5, 5);
	for (int k = 0; k < 40; k++) {   /* random seeks, both directions */
		size_t pos = sl_prng_below(&rng, (uint32_t)log->n + 1);
		assert_int_equal(sl_replay_seek(r, pos, &err), SL_OK);
		assert_int_equal(sl_replay_pos(r), pos);
		assert_true(sl_replay_hash(r) == fresh_hash(log, pos));
	}
	/* stepping back one at a time equals seeking */
	assert_true(log->n > 300);
	assert_int_equal(sl_replay_seek(r, 300, &err), SL_OK);
	for (int k = 0; k < 10; k++)
		assert_int_equal(sl_replay_step(r, -1, &err), SL_OK);
	assert_true(sl_replay_hash(r) == fresh_hash(log, 290));
	assert_int_equal(sl_replay_step(r, -100000, &err), SL_OK);
	assert_int_equal(sl_replay_pos(r), 0);
	assert_int_equal(sl_replay_step(r, 100000000, &err), SL_OK);
	assert_int_equal(sl_replay_pos(r), log->n);
	assert_int_equal(sl_replay_seek(r, log->n + 1, &err), SL_ERANGE);
	sl_replay_free(r);
	sl_log_free(log);
}

/* A long open-ended game (64 ships, ~93 entries a turn): keyframes are not
 * taken at every turn but at most SL_REPLAY_KEYFRAME_EVERY entries apart,
 * and a seek anywhere, across them, gives the state a fresh replay gives. */
static void test_seek_across_keyframes(void **s)
{
	(void)s;
	sl_log *log = generated_from(HEADER "meta gen open\n", 12000);
	sl_replay *r;
	sl_error err;
	sl_prng rng;
	int turn, phase;
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	assert_true(log->n > 4 * SL_REPLAY_KEYFRAME_EVERY);
	assert_true(sl_replay_turns(r) > 100);
	assert_true(sl_replay_keyframes(r) >= 1 + (log->n - 1) / SL_REPLAY_KEYFRAME_EVERY);
	assert_true(sl_replay_keyframes(r) <= 1 + log->n / SL_REPLAY_KEYFRAME_TURN);
	assert_true(sl_replay_keyframes(r) * 4 < (size_t)sl_replay_turns(r));   /* not one a turn */
	/* events and positions, against a count over the entries */
	{
		long seen = 0;
		for (size_t pos = 0; pos <= log->n; pos++) {
			assert_int_equal(sl_replay_event_at(r, pos), seen);
			if (pos < log->n && log->ev[pos].entry == SL_ENTRY_EVENT) {
				seen++;
				assert_int_equal(sl_replay_pos_of_event(r, seen), (long)pos + 1);
			}
		}
		assert_int_equal(seen, sl_replay_events(r));
		assert_int_equal(sl_replay_event_at(r, log->n + 5), seen);
		assert_int_equal(sl_replay_pos_of_event(r, seen + 1), -1);
	}
	sl_prng_seed(&rng, 8, 3);
	for (int k = 0; k < 30; k++) {
		size_t pos = sl_prng_below(&rng, (uint32_t)log->n + 1);
		assert_int_equal(sl_replay_seek(r, pos, &err), SL_OK);
		assert_int_equal(sl_replay_pos(r), pos);
		assert_true(sl_replay_hash(r) == fresh_hash(log, pos));
	}
	/* the start of a turn, then back to just before it */
	long p = sl_replay_pos_of_turn(r, 77, 1);
	assert_true(p > 0);
	assert_int_equal(sl_replay_seek(r, (size_t)p, &err), SL_OK);
	sl_replay_where(r, &turn, &phase);
	assert_int_equal(turn, 77);
	assert_int_equal(phase, 1);
	assert_int_equal(sl_replay_step(r, -1, &err), SL_OK);
	assert_true(sl_replay_hash(r) == fresh_hash(log, (size_t)p - 1));
	sl_replay_free(r);
	sl_log_free(log);
}

static void test_positions(void **s)
{
	(void)s;
	sl_log *log = load(HEADER SETUP "\nturn 1\nphase 2\nfr: move ship=aigle steps=A\nphase 5\n"
		"\nturn 2\nwind to=SW\nphase 2\ngb: move ship=lark steps=A\n");
	sl_replay *r;
	sl_error err;
	int turn, phase;
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	assert_int_equal(sl_replay_events(r), 12);
	assert_int_equal(sl_replay_turns(r), 2);
	assert_int_equal(sl_replay_pos_of_event(r, 10), 12);   /* the move is entry 11 */
	assert_int_equal(sl_replay_pos_of_event(r, 0), 0);
	assert_int_equal(sl_replay_pos_of_event(r, 13), -1);
	assert_int_equal(sl_replay_pos_of_turn(r, 2, 1), 14);
	assert_int_equal(sl_replay_pos_of_turn(r, 2, 2), 16);
	assert_int_equal(sl_replay_pos_of_turn(r, 1, 3), -1);
	assert_int_equal(sl_replay_pos_of_turn(r, 3, 0), -1);
	assert_int_equal(sl_replay_event_at(r, 14), 10);
	assert_int_equal(sl_replay_seek(r, 16, &err), SL_OK);
	sl_replay_where(r, &turn, &phase);
	assert_int_equal(turn, 2);
	assert_int_equal(phase, 2);
	sl_replay_free(r);
	sl_log_free(log);
}

static void test_structure_rules(void **s)
{
	(void)s;
	char msg[600];
	assert_int_equal(open_err(HEADER SETUP "turn 2\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:15:1: turn 2: expected turn 1 here (turns go up by one from 1)");
	assert_int_equal(open_err(HEADER SETUP "turn 1\nphase 3\nphase 2\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:17:1: phase 2: phase 2 cannot follow phase 3: phases go forward within a turn");
	/* an explicit marker of the first phase restates what 'turn N' opened
	 * (sail's phase 1 is "wind"); after a later phase it is refused */
	assert_int_equal(open_err(HEADER SETUP "turn 1\nphase 1 wind\nphase 2\nturn 2\nphase 1\n", 0,
		msg, sizeof msg), SL_OK);
	assert_int_equal(open_err(HEADER SETUP "turn 1\nphase 2\nphase 1\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:17:1: phase 1: phase 1 cannot follow phase 2: phases go forward within a turn");
	assert_int_equal(open_err(HEADER SETUP "phase 2\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:15:1: phase 2: a phase before turn 1 (write 'turn 1' first)");
	assert_int_equal(open_err(HEADER SETUP "fr: move ship=aigle steps=A\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:15:1: event 10 (fr: move): 'move' happens in play: write 'turn 1' before it");
	assert_int_equal(open_err(HEADER SETUP "turn 1\nmap cols=3 rows=3\n", 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:16:1: event 10 (map): 'map' is a setup event: it comes before turn 1");
}

static void test_rule_error_names_event_and_rule(void **s)
{
	(void)s;
	char msg[600];
	/* wind SW; Lark facing NE is head to wind */
	const char *t = HEADER
		"map cols=8 rows=6\n"
		"terrain row=1 cells=\"........\"\nterrain row=2 cells=\"........\"\nterrain row=3 cells=\"........\"\n"
		"terrain row=4 cells=\"........\"\nterrain row=5 cells=\"........\"\nterrain row=6 cells=\"........\"\n"
		"ship id=lark name=\"Lark\" class=\"sloop\" side=gb at=4,4 facing=NE mp=5 draft=deep hull=4\n"
		"turn 1\nphase 2\ngb: move ship=lark steps=A\n";
	assert_int_equal(open_err(t, 0, msg, sizeof msg), SL_EILLEGAL);
	assert_string_equal(msg, "r.sil:16:1: event 9 (gb: move): sail 6: head to wind, the ship cannot advance (step 1); she may only tack (TP or TS)");
}

/* Seal a log (a check on every entry), then change one die. */
static void test_changed_die_fails_verify_at_that_event(void **s)
{
	(void)s;
	const char *t = HEADER SETUP "\nturn 1\nphase 2\nfr: move ship=aigle steps=A,A dice=4\nphase 5\n"
		"\nturn 2\nwind roll=3\nphase 2\ngb: move ship=lark steps=A\n";
	sl_log *log = load(t);
	sl_replay *r;
	sl_error err;
	char msg[600];
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	for (size_t i = 0; i < log->n; i++) {
		assert_int_equal(sl_replay_seek(r, i + 1, &err), SL_OK);
		log->ev[i].has_check = log->ev[i].entry != SL_ENTRY_PHASE;
		assert_int_equal(sl_entry_check(log->game, sl_replay_state(r), &log->ev[i], &log->ev[i].check), SL_OK);
	}
	sl_replay_free(r);
	assert_int_equal(sl_replay_open(&r, log, SL_REPLAY_CHECK, &err), SL_OK);
	assert_int_equal(sl_replay_checks(r), 14);
	sl_replay_free(r);
	/* the grounding die 4 becomes 2: the shallow Aigle still clears the
	 * shoal, so the state is the same, but the check covers the event */
	((uint8_t *)(uintptr_t)log->ev[11].f[2].p)[0] = 2;
	assert_int_equal(sl_replay_open(&r, log, SL_REPLAY_CHECK, &err), SL_EDESYNC);
	assert_null(r);
	sl_error_format(&err, msg, sizeof msg);
	assert_non_null(strstr(msg, "r.sil:18:1: event 10 (fr: move): desync: the replayed check is "));
	assert_non_null(strstr(msg, "the game parts from the recorded one here"));
	/* a note or comment added to a sealed log does not break it */
	((uint8_t *)(uintptr_t)log->ev[11].f[2].p)[0] = 4;
	log->ev[11].note = "added later";
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, SL_REPLAY_CHECK, &err), SL_OK);
	sl_replay_free(r);
	/* a die that changes the outcome changes the state, detected as well */
	((uint8_t *)(uintptr_t)log->ev[14].f[0].p)[0] = 1;   /* wind 3 (steady) -> 1 (veers) */
	assert_int_equal(sl_replay_open(&r, log, SL_REPLAY_CHECK, &err), SL_EDESYNC);
	sl_error_format(&err, msg, sizeof msg);
	assert_non_null(strstr(msg, "r.sil:22:1: event 11 (wind): desync"));
	/* without CHECK the edited log is still a legal game */
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	sl_replay_free(r);
	sl_log_free(log);
}

/* Seals every entry of log under its format (chained in format 2). */
static void seal_all(sl_log *log)
{
	sl_replay *r;
	sl_error err;
	uint64_t chain = 0;
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	for (size_t i = 0; i < log->n; i++) {
		assert_int_equal(sl_replay_seek(r, i + 1, &err), SL_OK);
		assert_int_equal(sl_entry_seal(log->game, &log->h, sl_replay_state(r), &chain, &log->ev[i]), SL_OK);
	}
	sl_replay_free(r);
}

/* Edits the die of entry k and seals that entry again alone, as a forger
 * who recomputes the check of the line changed; returns verify's code. */
static int edit_and_reseal_one(sl_log *log, size_t k, char *msg, size_t n)
{
	sl_replay *r;
	sl_error err;
	uint64_t chain = 0;
	int rc;
	((uint8_t *)(uintptr_t)log->ev[k].f[2].p)[0] = 2;
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	assert_int_equal(sl_replay_seek(r, k + 1, &err), SL_OK);
	for (size_t i = 0; i < k; i++)
		chain = sl_chain_next(&log->ev[i], chain);
	assert_int_equal(sl_entry_seal(log->game, &log->h, sl_replay_state(r), &chain, &log->ev[k]), SL_OK);
	sl_replay_free(r);
	r = NULL;
	rc = sl_replay_open(&r, log, SL_REPLAY_CHECK, &err);
	sl_error_format(&err, msg, n);
	sl_replay_free(r);
	return rc;
}

/* Format 2 chains each check through the entries before it: an edited
 * entry sealed again alone is found at the next check; format 1 keeps its
 * unchained checks, so old logs verify as they did. */
static void test_checks_chain_in_format_2(void **s)
{
	(void)s;
	const char *moves = SETUP "\nturn 1\nphase 2\nfr: move ship=aigle steps=A,A dice=4\nphase 5\n"
		"\nturn 2\nwind roll=3\nphase 2\ngb: move ship=lark steps=A\n";
	char t1[4096], t2[4096], msg[600];
	snprintf(t1, sizeof t1, "%s%s", HEADER, moves);
	snprintf(t2, sizeof t2, "sil 2%s%s", strchr(HEADER, '\n'), moves);
	sl_log *l1 = load(t1), *l2 = load(t2);
	assert_int_equal(l1->h.format_version, 1);
	assert_int_equal(l2->h.format_version, 2);
	seal_all(l1);
	seal_all(l2);
	/* the same game, other checks: format 2 hashes the chain and the draws too */
	assert_true(l1->ev[11].check != l2->ev[11].check);
	assert_int_equal(edit_and_reseal_one(l1, 11, msg, sizeof msg), SL_OK);
	assert_int_equal(edit_and_reseal_one(l2, 11, msg, sizeof msg), SL_EDESYNC);
	assert_non_null(strstr(msg, "turn 2: desync"));
	sl_log_free(l1);
	sl_log_free(l2);
}

/* The log digest of formats/hash.md's worked example, computed there with
 * Python's hashlib independently of this code. */
static void test_log_digest_worked_example(void **s)
{
	sl_header h;
	sl_event ev;
	sl_chain c, p;
	char d[SL_CHAIN_TEXT];
	(void)s;
	memset(&h, 0, sizeof h);
	h.game = (char *)"sail";
	h.rules_version = 1;
	h.nplayers = 1;
	h.players[0].id = (char *)"fr";
	assert_int_equal(sl_chain_begin(&c, &h), SL_OK);
	sl_chain_format(&c, d);
	assert_string_equal(d, "0:38af8681a8ca962ae56117e9c8acca88c887f8b452dc328807d6621ecd52cb4f");
	memset(&ev, 0, sizeof ev);
	ev.entry = SL_ENTRY_TURN;
	ev.mark = 1;
	ev.has_check = 1;
	ev.check = UINT64_C(0x0123456789abcdef);
	assert_int_equal(sl_chain_entry(&c, sl_game_find("sail")->schema, &ev), SL_OK);
	sl_chain_format(&c, d);
	assert_string_equal(d, "1:cd9d4636c4addf499218282c58ad0d32ef6214d2100e4a1a234699200b89a31a");
	assert_int_equal(sl_chain_parse(&p, d), SL_OK);
	assert_int_equal(p.n, 1);
	assert_memory_equal(p.d, c.d, sizeof c.d);
	assert_int_equal(sl_chain_parse(&p, "1:cd9d"), SL_ESYNTAX);
	assert_int_equal(sl_chain_parse(&p, "x:cd9d4636c4addf499218282c58ad0d32ef6214d2100e4a1a234699200b89a31a"), SL_ESYNTAX);
}

static void test_rules_version(void **s)
{
	(void)s;
	char msg[600];
	const char *t = "sil 1\ngame sail 99\nplayer fr \"F\"\n";
	assert_int_equal(open_err(t, 0, msg, sizeof msg), SL_EVERSION);
	assert_string_equal(msg, "r.sil: recorded under sail rules version 99, which this build (version 1) cannot replay");
}

static void test_describe_leaves_position(void **s)
{
	(void)s;
	sl_log *log = load(HEADER SETUP "\nturn 1\nphase 2\nfr: move ship=aigle steps=A,A dice=4\n");
	sl_replay *r;
	sl_error err;
	sl_buf d;
	sl_error_clear(&err);
	sl_buf_init(&d);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), SL_OK);
	assert_int_equal(sl_replay_describe(r, 11, &d, &err), SL_OK);
	assert_int_equal(sl_replay_pos(r), 12);
	assert_non_null(strstr(sl_buf_cstr(&d), "Aigle"));
	assert_non_null(strstr(sl_buf_cstr(&d), "rolls 4"));
	sl_buf_reset(&d);
	assert_int_equal(sl_replay_describe(r, 9, &d, &err), SL_OK);
	assert_string_equal(sl_buf_cstr(&d), "Turn 1 begins");
	sl_buf_free(&d);
	sl_replay_free(r);
	sl_log_free(log);
}

/* sl_replay_feed_describe (what `log` and `render` use to walk a log once)
 * says every entry of every sample as sl_replay_describe_as does over the
 * whole log, for every view, with the same hidden fields, and ends at the
 * same state. */
static void test_feed_describe_matches_describe_as(void **s)
{
	static const char *const files[] = {"samples/fmp/ferrix.sil", "samples/xwing/ion-ambush.sil",
		"samples/ti4/valefar.sil", "samples/starship/first-voyage.sil", "samples/sail/heron-bank.sil"};
	(void)s;
	for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
		sl_log *log = NULL;
		sl_error err;
		sl_error_clear(&err);
		if (sl_log_load(&log, files[k], &err))
			fail_msg("%s: %s", files[k], err.msg);
		for (int view = SL_VIEW_ALL; view < log->h.nplayers; view++) {
			sl_replay *whole, *fed;
			sl_buf a, b;
			sl_buf_init(&a);
			sl_buf_init(&b);
			assert_int_equal(sl_replay_open(&whole, log, 0, &err), SL_OK);
			assert_int_equal(sl_replay_stream(&fed, log, 0, &err), SL_OK);
			for (size_t i = 0; i < log->n; i++) {
				uint32_t ha = 0, hb = 0;
				sl_buf_reset(&a);
				sl_buf_reset(&b);
				assert_int_equal(sl_replay_describe_as(whole, i, view, &a, &ha, &err), SL_OK);
				assert_int_equal(sl_replay_feed_describe(fed, &log->ev[i], view, &b, &hb, &err), SL_OK);
				if (strcmp(sl_buf_cstr(&a), sl_buf_cstr(&b)) || ha != hb)
					fail_msg("%s, view %d, entry %zu: '%s' (hide %x) whole, '%s' (hide %x) fed", files[k], view,
						i + 1, sl_buf_cstr(&a), ha, sl_buf_cstr(&b), hb);
			}
			assert_int_equal(sl_replay_events(fed), sl_replay_events(whole));
			assert_true(sl_replay_hash(fed) == sl_replay_hash(whole));
			sl_buf_free(&a);
			sl_buf_free(&b);
			sl_replay_free(whole);
			sl_replay_free(fed);
		}
		sl_log_free(log);
	}
}

/* A copy of an event (sl_event_copy) holds its own strings, lists and draws:
 * each the original's bytes at another address, the event's digest the same,
 * and still the same once the log that held the original is freed. */
static void same_str(const char *a, const char *b)
{
	if (!a) {
		assert_null(b);
		return;
	}
	assert_non_null(b);
	assert_ptr_not_equal(a, b);
	assert_string_equal(a, b);
}

static void test_event_copy(void **s)
{
	static const char *const files[] = {"samples/fmp/ferrix.sil", "samples/xwing/ion-ambush.sil",
		"samples/ti4/valefar.sil", "samples/starship/first-voyage.sil", "samples/sail/heron-bank.sil"};
	(void)s;
	for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
		sl_log *log = NULL;
		sl_event **c;
		uint64_t *d;
		size_t n, texts = 0;
		const sl_schema *schema;
		sl_error err;
		sl_error_clear(&err);
		if (sl_log_load(&log, files[k], &err))
			fail_msg("%s: %s", files[k], err.msg);
		n = log->n;
		schema = log->game->schema;
		c = calloc(n, sizeof *c);
		d = calloc(n, sizeof *d);
		assert_non_null(c);
		assert_non_null(d);
		for (size_t i = 0; i < n; i++) {
			const sl_event *ev = &log->ev[i];
			assert_int_equal(sl_event_copy(ev, &c[i]), SL_OK);
			same_str(ev->comment, c[i]->comment);
			same_str(ev->note, c[i]->note);
			same_str(ev->bookmark, c[i]->bookmark);
			for (int f = 0; f < SL_MAX_FIELDS; f++) {
				if (!ev->f[f].p) {
					assert_null(c[i]->f[f].p);
					continue;
				}
				assert_ptr_not_equal(ev->f[f].p, c[i]->f[f].p);
				assert_int_equal(c[i]->f[f].n, ev->f[f].n);
				assert_memory_equal(ev->f[f].p, c[i]->f[f].p, ev->f[f].n);
				assert_int_equal(((const char *)c[i]->f[f].p)[ev->f[f].n], 0);
				texts++;
			}
			assert_int_equal(c[i]->ndraws, ev->ndraws);
			if (ev->ndraws) {
				assert_ptr_not_equal(ev->draws, c[i]->draws);
				assert_memory_equal(ev->draws, c[i]->draws, ev->ndraws * sizeof *ev->draws);
			}
			d[i] = ev->entry == SL_ENTRY_EVENT ? sl_event_digest(schema, ev, 1) : 0;
		}
		assert_true(texts > 0);
		sl_log_free(log);
		for (size_t i = 0; i < n; i++) {
			if (c[i]->entry == SL_ENTRY_EVENT)
				assert_true(sl_event_digest(schema, c[i], 1) == d[i]);
			sl_free(c[i]);
		}
		free(c);
		free(d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seek_matches_fresh_replay),
		cmocka_unit_test(test_event_copy),
		cmocka_unit_test(test_seek_across_keyframes),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_structure_rules),
		cmocka_unit_test(test_rule_error_names_event_and_rule),
		cmocka_unit_test(test_changed_die_fails_verify_at_that_event),
		cmocka_unit_test(test_checks_chain_in_format_2),
		cmocka_unit_test(test_log_digest_worked_example),
		cmocka_unit_test(test_rules_version),
		cmocka_unit_test(test_describe_leaves_position),
		cmocka_unit_test(test_feed_describe_matches_describe_as),
	};
	return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
