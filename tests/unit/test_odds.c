/* test_odds.c - the exact odds of §341 fights (src/analyze/odds.c) against
 * hand-computed cases, an independent value iteration over every dice
 * outcome, and a large simulation within its error; then the rating of a
 * recorded voyage (luck adds up to outcome minus expectation). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/sl_odds.h"
#include "core/sl_core.h"

static void test_dice_tables(void **state)
{
	(void)state;
	assert_int_equal(sl_odds_hit_ways(2), 0);
	assert_int_equal(sl_odds_hit_ways(7), 15);
	assert_int_equal(sl_odds_hit_ways(8), 21);
	assert_int_equal(sl_odds_hit_ways(13), 36);
	for (int s = 0; s <= 14; s++) {
		int w[3];
		sl_odds_damage_ways(s, w);
		assert_int_equal(w[0] + w[1] + w[2], 36);
		assert_int_equal(w[2], 1);
	}
	{
		int w[3];
		sl_odds_damage_ways(7, w);    /* sums 2..7: 1+2+3+4+5+6 = 21 ways */
		assert_int_equal(w[0], 21);
		assert_int_equal(w[1], 14);
		sl_odds_damage_ways(12, w);   /* every roll but 6+6 is at or under 12 */
		assert_int_equal(w[0], 35);
	}
	assert_true(fabs(sl_odds_expected_damage(1) - (4.0 * 35 + 6) / 36) < 1e-12);
	assert_true(sl_odds_expected_damage(0) == 0);
}

/* Both shields at zero, weapons 7 each (15/36 to hit): the first hit wins.
 * You first: p / (1 - (1-p)(1-q)) = (15/36) / (1 - (21/36)^2) = 12/19;
 * expected attacks (1 + (1-p)) / (1 - (1-p)(1-q)) = 2.4. */
static void test_hand_case_zero_shields(void **state)
{
	sl_fight f = {{7, 7}, {0, 0}, SL_ODDS_YOU, 0};
	sl_fight_odds o;
	(void)state;
	assert_int_equal(sl_odds_fight(&f, &o), 0);
	assert_true(fabs(o.win - 12.0 / 19) < 1e-12);
	assert_true(fabs(o.lose - 7.0 / 19) < 1e-12);
	assert_true(fabs(o.attacks - 2.4) < 1e-12);
	assert_true(o.endless == 0);
	f.to_move = SL_ODDS_ENEMY;
	assert_int_equal(sl_odds_fight(&f, &o), 0);
	assert_true(fabs(o.win - 7.0 / 19) < 1e-12);
}

/* Weapons 13 always hit, 2 never: you win for sure; against shields 2 the
 * first hit always brings them to 0 (2, 4 or 6 points), the second kills:
 * exactly 3 attacks when you fire first (yours, the enemy's miss, yours). */
static void test_hand_case_certain(void **state)
{
	sl_fight f = {{13, 2}, {5, 2}, SL_ODDS_YOU, 0};
	sl_fight_odds o;
	(void)state;
	assert_int_equal(sl_odds_fight(&f, &o), 0);
	assert_true(fabs(o.win - 1) < 1e-15);
	assert_true(fabs(o.attacks - 3) < 1e-12);
	f.weapons[0] = 2;
	assert_int_equal(sl_odds_fight(&f, &o), 0);
	assert_true(o.endless == 1 && o.win == 0 && o.lose == 0 && isinf(o.attacks));
}

/* ---- an independent computation: value iteration over every die ------------- */

typedef struct vi {
	int my, me;
	double *v;   /* [sy][se][turn] */
} vi;

static double *vat(vi *t, int sy, int se, int turn)
{
	return &t->v[((size_t)sy * (size_t)(t->me + 1) + (size_t)se) * 2 + (size_t)turn];
}

/* P(you win) from every state by iterating the Bellman equation with all
 * 36 x 36 attack and damage rolls spelled out. */
static void value_iteration(vi *t, int wy, int we)
{
	size_t n = (size_t)(t->my + 1) * (size_t)(t->me + 1) * 2;
	double *nv = calloc(n, sizeof *nv);
	assert_non_null(nv);
	for (int it = 0; it < 20000; it++) {
		double delta = 0;
		for (int sy = 0; sy <= t->my; sy++)
			for (int se = 0; se <= t->me; se++)
				for (int turn = 0; turn < 2; turn++) {
					double sum = 0;
					int w = turn ? we : wy, tgt = turn ? sy : se;
					for (int a = 1; a <= 6; a++)
						for (int b = 1; b <= 6; b++) {
							if (a + b >= w) {   /* a miss: the other fires */
								sum += *vat(t, sy, se, 1 - turn) * 36;
								continue;
							}
							for (int c = 1; c <= 6; c++)
								for (int d = 1; d <= 6; d++) {
									int pts = c == 6 && d == 6 ? 6 : c + d <= tgt ? 2 : 4;
									int left = tgt - pts < 0 ? 0 : tgt - pts;
									if (tgt == 0)
										sum += turn ? 0 : 1;
									else if (turn)
										sum += *vat(t, left, se, 0);
									else
										sum += *vat(t, sy, left, 1);
								}
						}
					nv[((size_t)sy * (size_t)(t->me + 1) + (size_t)se) * 2 + (size_t)turn] =
						sum / 1296.0;
				}
		for (size_t i = 0; i < n; i++) {
			double d = fabs(nv[i] - t->v[i]);
			if (d > delta)
				delta = d;
			t->v[i] = nv[i];
		}
		if (delta < 1e-15)
			break;
	}
	free(nv);
}

static void test_against_value_iteration(void **state)
{
	static const int pairs[][2] = {{7, 7}, {9, 8}, {12, 5}, {4, 11}, {10, 10}};
	(void)state;
	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
		vi t = {9, 8, NULL};
		sl_odds_table *tab;
		t.v = calloc((size_t)(t.my + 1) * (t.me + 1) * 2, sizeof *t.v);
		assert_non_null(t.v);
		value_iteration(&t, pairs[k][0], pairs[k][1]);
		assert_int_equal(sl_odds_table_new(&tab, pairs[k][0], pairs[k][1], t.my, t.me), 0);
		for (int sy = 0; sy <= t.my; sy++)
			for (int se = 0; se <= t.me; se++)
				for (int turn = 0; turn < 2; turn++) {
					sl_fight f = {{pairs[k][0], pairs[k][1]}, {sy, se}, turn, 0};
					sl_fight_odds o;
					assert_int_equal(sl_odds_table_get(tab, &f, &o), 0);
					if (fabs(o.win - *vat(&t, sy, se, turn)) > 1e-9)
						fail_msg("w %d/%d shields %d/%d turn %d: %.12f vs %.12f", pairs[k][0],
							pairs[k][1], sy, se, turn, o.win, *vat(&t, sy, se, turn));
					assert_true(fabs(o.win + o.lose - 1) < 1e-12);
				}
		sl_odds_table_free(tab);
		free(t.v);
	}
}

/* The odds before an attack are the chance-weighted odds after it (a
 * martingale): hit -> the pending state, miss -> the other side to fire. */
static void test_one_step_consistency(void **state)
{
	sl_odds_table *tab;
	(void)state;
	assert_int_equal(sl_odds_table_new(&tab, 9, 8, 16, 12), 0);
	assert_int_equal(sl_odds_table_states(tab), 17 * 13 * 2);
	for (int sy = 0; sy <= 16; sy++)
		for (int se = 0; se <= 12; se++)
			for (int turn = 0; turn < 2; turn++) {
				sl_fight f = {{9, 8}, {sy, se}, turn, 0}, fh = f, fm = f;
				sl_fight_odds o, oh, om;
				double p = sl_odds_hit_ways(turn ? 8 : 9) / 36.0;
				int tgt = turn ? sy : se;
				fh.pending = 1;
				fm.to_move = 1 - turn;
				assert_int_equal(sl_odds_table_get(tab, &f, &o), 0);
				assert_int_equal(sl_odds_table_get(tab, &fm, &om), 0);
				if (tgt == 0) {
					oh.win = turn ? 0 : 1;
					oh.attacks = 0;
				} else {
					assert_int_equal(sl_odds_table_get(tab, &fh, &oh), 0);
				}
				assert_true(fabs(o.win - (p * oh.win + (1 - p) * om.win)) < 1e-12);
				assert_true(fabs(o.attacks - (1 + p * oh.attacks + (1 - p) * om.attacks)) < 1e-9);
			}
	sl_odds_table_free(tab);
}

/* ---- a large simulation within its error --------------------------------------- */

static void test_against_simulation(void **state)
{
	const int N = 200000;
	sl_fight f = {{9, 8}, {14, 10}, SL_ODDS_YOU, 0};
	sl_fight_odds o;
	sl_prng rng;
	long wins = 0;
	double sum = 0, sum2 = 0, sd_p, mean, var;
	(void)state;
	assert_int_equal(sl_odds_fight(&f, &o), 0);
	sl_prng_seed(&rng, 341, 2);
	for (int i = 0; i < N; i++) {
		int sh[2] = {14, 10}, turn = 0, attacks = 0;
		for (;;) {
			int a = sl_prng_die(&rng, 6), b = sl_prng_die(&rng, 6), t = 1 - turn;
			attacks++;
			if (a + b < f.weapons[turn]) {
				int c, d, pts;
				if (sh[t] == 0)
					break;
				c = sl_prng_die(&rng, 6);
				d = sl_prng_die(&rng, 6);
				pts = c == 6 && d == 6 ? 6 : c + d <= sh[t] ? 2 : 4;
				sh[t] = sh[t] > pts ? sh[t] - pts : 0;
			}
			turn = t;
		}
		wins += turn == SL_ODDS_YOU;
		sum += attacks;
		sum2 += (double)attacks * attacks;
	}
	sd_p = sqrt(o.win * (1 - o.win) / N);
	mean = sum / N;
	var = sum2 / N - mean * mean;
	if (fabs((double)wins / N - o.win) > 4 * sd_p)
		fail_msg("simulated %.5f, exact %.5f (sd %.5f)", (double)wins / N, o.win, sd_p);
	if (fabs(mean - o.attacks) > 4 * sqrt(var / N))
		fail_msg("simulated %.4f attacks, exact %.4f", mean, o.attacks);
}

/* ---- a recorded voyage ------------------------------------------------------- */

static void test_voyage_luck_adds_up(void **state)
{
	static const char *const files[] = {"samples/starship/first-voyage.sil",
		"samples/starship/last-voyage.sil"};
	(void)state;
	for (int k = 0; k < 2; k++) {
		sl_log *log;
		sl_odds_report *r;
		sl_error err;
		double total = 0;
		int hits = 0;
		sl_error_clear(&err);
		if (sl_log_load(&log, files[k], &err))
			fail_msg("%s", err.msg);
		assert_int_equal(sl_odds_voyage(&r, log, -1, 0, &err), 0);
		assert_true(r->nfights >= 3);
		for (int i = 0; i < r->nfights; i++) {
			const sl_odds_fightrep *f = &r->fights[i];
			double swing = 0;
			for (int a = 0; a < f->nattacks; a++) {
				const sl_odds_attack *x = &r->attacks[f->first_attack + a];
				swing += x->win_after - x->win_before;
				hits += x->hit;
			}
			total += swing;
			if (f->outcome == SL_ODDS_WON || f->outcome == SL_ODDS_LOST)
				assert_true(fabs(swing - ((f->outcome == SL_ODDS_WON) - f->start.win)) < 1e-9);
		}
		assert_true(fabs(total - (r->luck.swing[0] + r->luck.swing[1])) < 1e-9);
		assert_int_equal(hits, r->luck.hits[0] + r->luck.hits[1]);
		assert_int_equal(r->nattacks, r->luck.attacks[0] + r->luck.attacks[1]);
		assert_int_equal(r->in_fight, 0);
		sl_odds_report_free(r);
		/* part way: a fight is on and its odds are given */
		assert_int_equal(sl_odds_voyage(&r, log, 5, 0, &err), 0);
		assert_int_equal(r->events, 5);
		assert_int_equal(r->in_fight, 1);
		assert_true(r->now_odds.win > 0 && r->now_odds.win < 1);
		sl_odds_report_free(r);
		sl_log_free(log);
	}
}

/* ---- exact fractions ------------------------------------------------------------ */

static void assert_q(const sl_odds_q *q, const char *want)
{
	char *got = sl_odds_q_str(q);
	assert_non_null(got);
	if (strcmp(got, want) != 0)
		fail_msg("fraction %s, expected %s", got, want);
	sl_free(got);
}

/* Weapons 12 (35/36 to hit: all but 6+6) against 7 (15/36), both shields
 * at zero, you first: the first hit wins. win = (35/36) / (1 - (1/36)(21/36))
 * = 1260/1275 = 84/85, lose 1/85; attacks (1 + 1/36) / (1275/1296) = 444/425.
 * And the 7 against 7 case above: 12/19, 7/19, 12/5. */
/* The odds fed an entry at a time (sl_odds_feed, the report's walk, issue
 * 30) are sl_odds_voyage's: each fight and attack seen as it passes, with
 * everything before the last let go, is the voyage's fight and attack of
 * that number; a log of another game is refused. */
static void test_voyage_feed(void **state)
{
	const char *files[] = {"samples/starship/first-voyage.sil", "samples/starship/last-voyage.sil"};
	(void)state;
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		sl_log *log, *sail;
		sl_odds_report *whole, *end;
		sl_odds_feed *f;
		sl_error err;
		int seen_f = 0, seen_a = 0;
		sl_error_clear(&err);
		if (sl_log_load(&log, files[k], &err))
			fail_msg("%s", err.msg);
		assert_int_equal(sl_odds_voyage(&whole, log, -1, 0, &err), 0);
		assert_true(whole->nfights > 1);
		assert_int_equal(sl_odds_feed_new(&f, log, 0, &err), 0);
		for (size_t i = 0; i < log->n; i++) {
			const sl_odds_report *r;
			assert_int_equal(sl_odds_feed_add(f, &log->ev[i], &err), 0);
			r = sl_odds_feed_report(f);
			assert_true(r->nfights <= 2 && r->nattacks <= 2);   /* one before, one now at most */
			for (int q = 0; q < r->nfights; q++) {
				const sl_odds_fightrep *a = &r->fights[q], *b = &whole->fights[r->fights_base + q];
				assert_int_equal(a->event, b->event);
				assert_int_equal(a->first_attack, b->first_attack);
				assert_string_equal(a->enemy, b->enemy);
				assert_true(a->start.win == b->start.win);
			}
			for (int q = 0; q < r->nattacks; q++) {
				const sl_odds_attack *a = &r->attacks[q], *b = &whole->attacks[r->attacks_base + q];
				assert_int_equal(a->event, b->event);
				assert_int_equal(a->fight, b->fight);
				assert_true(a->win_before == b->win_before);
			}
			seen_f = r->fights_base + r->nfights;
			seen_a = r->attacks_base + r->nattacks;
			sl_odds_feed_forget(f);
		}
		assert_int_equal(sl_odds_feed_end(f, &end, &err), 0);
		assert_int_equal(seen_f, whole->nfights);
		assert_int_equal(seen_a, whole->nattacks);
		assert_int_equal(end->fights_base + end->nfights, whole->nfights);
		{   /* the last fight as the voyage ends it */
			const sl_odds_fightrep *a = &end->fights[end->nfights - 1], *b = &whole->fights[whole->nfights - 1];
			assert_int_equal(a->outcome, b->outcome);
			assert_int_equal(a->end_event, b->end_event);
			assert_int_equal(a->nattacks, b->nattacks);
			const sl_odds_attack *x = &end->attacks[end->nattacks - 1], *y = &whole->attacks[whole->nattacks - 1];
			assert_true(x->win_after == y->win_after);
			assert_int_equal(x->damage_event, y->damage_event);
		}
		assert_true(end->luck.swing[0] == whole->luck.swing[0] && end->luck.swing[1] == whole->luck.swing[1]);
		assert_string_equal(end->ship, whole->ship);
		sl_odds_report_free(end);
		sl_odds_feed_free(f);
		sl_odds_report_free(whole);
		if (sl_log_load(&sail, "samples/sail/heron-bank.sil", &err))
			fail_msg("%s", err.msg);
		assert_int_equal(sl_odds_feed_new(&f, sail, 0, &err), SL_EUSAGE);
		assert_null(f);
		sl_log_free(sail);
		sl_log_free(log);
	}
}

static void test_exact_hand_cases(void **state)
{
	static const struct { int wy, we, to_move; const char *win, *lose, *att; double dw; } k[] = {
		{12, 7, SL_ODDS_YOU, "84/85", "1/85", "444/425", 84.0 / 85},
		{7, 7, SL_ODDS_YOU, "12/19", "7/19", "12/5", 12.0 / 19},
		{7, 7, SL_ODDS_ENEMY, "7/19", "12/19", "12/5", 7.0 / 19},
		{13, 2, SL_ODDS_YOU, "1", "0", "1", 1.0},
	};
	sl_odds_q *w = sl_odds_q_new(), *l = sl_odds_q_new(), *a = sl_odds_q_new();
	(void)state;
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		sl_fight f = {{k[i].wy, k[i].we}, {0, 0}, k[i].to_move, 0};
		sl_odds_table *t;
		sl_fight_odds o;
		assert_int_equal(sl_odds_table_new(&t, k[i].wy, k[i].we, 0, 0), 0);
		assert_int_equal(sl_odds_table_get_q(t, &f, w, l, a), 0);
		assert_int_equal(sl_odds_table_get(t, &f, &o), 0);
		assert_q(w, k[i].win);
		assert_q(l, k[i].lose);
		assert_q(a, k[i].att);
		assert_true(o.win == k[i].dw);   /* one division of whole numbers: correctly rounded */
		assert_true(o.win == sl_odds_q_double(w));
		sl_odds_table_free(t);
	}
	sl_odds_q_free(w);
	sl_odds_q_free(l);
	sl_odds_q_free(a);
}

/* sl_odds_q_double rounds to nearest, ties to even, as IEEE division does. */
static void test_exact_rounding(void **state)
{
	sl_odds_q *q = sl_odds_q_new();
	uint64_t x = 88172645463325252ull;
	(void)state;
	sl_odds_q_set_frac(q, (1L << 53) + 1, 1);   /* a tie: to the even 2^53 */
	assert_true(sl_odds_q_double(q) == 9007199254740992.0);
	sl_odds_q_set_frac(q, (1L << 53) + 3, 1);   /* a tie: to the even 2^53 + 4 */
	assert_true(sl_odds_q_double(q) == 9007199254740996.0);
	sl_odds_q_set_frac(q, -((1L << 54) + 2), 2);
	assert_true(sl_odds_q_double(q) == -9007199254740992.0);
	sl_odds_q_set_frac(q, 0, 5);
	assert_true(sl_odds_q_double(q) == 0.0);
	for (int i = 0; i < 20000; i++) {
		long n, d;
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		n = (long)(x >> 11) >> (x % 40);             /* below 2^53: exact as doubles */
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		d = 1 + (long)((x >> 11) >> (x % 45));
		sl_odds_q_set_frac(q, n, d);
		if (sl_odds_q_double(q) != (double)n / (double)d)
			fail_msg("%ld/%ld: %.17g, IEEE %.17g", n, d, sl_odds_q_double(q), (double)n / (double)d);
	}
	sl_odds_q_free(q);
}

/* In every state of a big table the fight ends: win + lose is exactly 1. */
static void test_exact_win_plus_lose(void **state)
{
	sl_odds_table *t;
	sl_odds_q *w = sl_odds_q_new(), *l = sl_odds_q_new(), *sum = sl_odds_q_new(),
		*zero = sl_odds_q_new(), *one = sl_odds_q_new();
	(void)state;
	sl_odds_q_set_frac(one, 1, 1);
	assert_int_equal(sl_odds_table_new(&t, 9, 4, 18, 40), 0);
	for (int sy = 0; sy <= 18; sy += 3)
		for (int se = 0; se <= 40; se += 7)
			for (int tm = 0; tm < 2; tm++)
				for (int pend = 0; pend < 2; pend++) {
					sl_fight f = {{9, 4}, {sy, se}, tm, pend};
					sl_fight_odds o;
					assert_int_equal(sl_odds_table_get_q(t, &f, w, l, NULL), 0);
					assert_int_equal(sl_odds_table_get(t, &f, &o), 0);
					sl_odds_q_set(sum, zero);
					sl_odds_q_add_diff(sum, w, zero);
					sl_odds_q_add_diff(sum, l, zero);
					assert_int_equal(sl_odds_q_cmp(sum, one), 0);
					assert_true(o.win == sl_odds_q_double(w));
				}
	sl_odds_table_free(t);
	sl_odds_q_free(w);
	sl_odds_q_free(l);
	sl_odds_q_free(sum);
	sl_odds_q_free(zero);
	sl_odds_q_free(one);
}

/* d is the fraction s correctly rounded: within half an ulp of it. */
static void assert_rounded(double d, const char *s)
{
	mpq_t q, dq, ulp;
	assert_non_null(s);
	mpq_inits(q, dq, ulp, NULL);
	assert_int_equal(mpq_set_str(q, s, 10), 0);
	mpq_canonicalize(q);
	mpq_set_d(dq, d);
	mpq_sub(dq, q, dq);
	mpq_abs(dq, dq);
	mpq_set_d(ulp, nextafter(fabs(d), INFINITY) - fabs(d));
	mpq_add(dq, dq, dq);
	if (mpq_cmp(dq, ulp) > 0)
		fail_msg("%.17g is not %s rounded", d, s);
	mpq_clears(q, dq, ulp, NULL);
}

/* With SL_ODDS_EXACT the report gives fractions; its doubles are them
 * rounded; each fight's two swings add up exactly to its outcome minus the
 * chance at its start; the fights' luck adds up exactly to the voyage's. */
static void test_voyage_exact(void **state)
{
	static const char *const files[] = {"samples/starship/first-voyage.sil",
		"samples/starship/last-voyage.sil"};
	(void)state;
	for (int k = 0; k < 2; k++) {
		sl_log *log;
		sl_odds_report *r;
		sl_error err;
		mpq_t a, b, sum[3][2];
		int counts[4][2];
		memset(counts, 0, sizeof counts);
		sl_error_clear(&err);
		if (sl_log_load(&log, files[k], &err))
			fail_msg("%s", err.msg);
		assert_int_equal(sl_odds_voyage(&r, log, -1, SL_ODDS_EXACT, &err), 0);
		mpq_inits(a, b, NULL);
		for (int i = 0; i < 3; i++)
			mpq_inits(sum[i][0], sum[i][1], NULL);
		for (int i = 0; i < r->nfights; i++) {
			const sl_odds_fightrep *f = &r->fights[i];
			assert_rounded(f->start.win, f->q_start.win);
			assert_rounded(f->start.lose, f->q_start.lose);
			assert_rounded(f->start.attacks, f->q_start.attacks);
			for (int n = 0; n < f->nattacks; n++) {
				const sl_odds_attack *x = &r->attacks[f->first_attack + n];
				assert_rounded(x->p_hit, x->q.p_hit);
				assert_rounded(x->exp_damage, x->q.exp_damage);
				assert_rounded(x->win_before, x->q.win_before);
				assert_rounded(x->win_mid, x->q.win_mid);
				assert_rounded(x->win_after, x->q.win_after);
				assert_rounded(x->attacks_before, x->q.attacks_before);
			}
			for (int s = 0; s < 2; s++) {
				assert_rounded(f->luck.swing[s], f->luck.q.swing[s]);
				assert_rounded(f->luck.exp_hits[s], f->luck.q.exp_hits[s]);
				assert_int_equal(mpq_set_str(a, f->luck.q.swing[s], 10), 0);
				mpq_canonicalize(a);
				mpq_add(sum[0][s], sum[0][s], a);
				assert_int_equal(mpq_set_str(a, f->luck.q.exp_hits[s], 10), 0);
				mpq_canonicalize(a);
				mpq_add(sum[1][s], sum[1][s], a);
				assert_int_equal(mpq_set_str(a, f->luck.q.exp_damage[s], 10), 0);
				mpq_canonicalize(a);
				mpq_add(sum[2][s], sum[2][s], a);
				counts[0][s] += f->luck.attacks[s];
				counts[1][s] += f->luck.hits[s];
				counts[2][s] += f->luck.damage_rolls[s];
				counts[3][s] += f->luck.damage[s];
			}
			if (f->outcome == SL_ODDS_WON || f->outcome == SL_ODDS_LOST) {
				/* swing(you) + swing(enemy) == outcome - start, exactly */
				assert_int_equal(mpq_set_str(a, f->luck.q.swing[0], 10), 0);
				assert_int_equal(mpq_set_str(b, f->luck.q.swing[1], 10), 0);
				mpq_canonicalize(a);
				mpq_canonicalize(b);
				mpq_add(a, a, b);
				assert_int_equal(mpq_set_str(b, f->q_start.win, 10), 0);
				mpq_canonicalize(b);
				mpq_add(a, a, b);
				assert_int_equal(mpq_cmp_ui(a, f->outcome == SL_ODDS_WON ? 1 : 0, 1), 0);
			}
		}
		for (int s = 0; s < 2; s++) {
			const char *v[3] = {r->luck.q.swing[s], r->luck.q.exp_hits[s], r->luck.q.exp_damage[s]};
			for (int i = 0; i < 3; i++) {
				assert_int_equal(mpq_set_str(a, v[i], 10), 0);
				mpq_canonicalize(a);
				assert_int_equal(mpq_equal(a, sum[i][s]), 1);
			}
			assert_rounded(r->luck.swing[s], r->luck.q.swing[s]);
			assert_int_equal(counts[0][s], r->luck.attacks[s]);
			assert_int_equal(counts[1][s], r->luck.hits[s]);
			assert_int_equal(counts[2][s], r->luck.damage_rolls[s]);
			assert_int_equal(counts[3][s], r->luck.damage[s]);
		}
		mpq_clears(a, b, NULL);
		for (int i = 0; i < 3; i++)
			mpq_clears(sum[i][0], sum[i][1], NULL);
		sl_odds_report_free(r);
		/* part way, in a fight: the odds now, exactly too */
		assert_int_equal(sl_odds_voyage(&r, log, 5, SL_ODDS_EXACT, &err), 0);
		assert_int_equal(r->in_fight, 1);
		assert_rounded(r->now_odds.win, r->q_now.win);
		assert_rounded(r->now_odds.attacks, r->q_now.attacks);
		sl_odds_report_free(r);
		/* without the flag no fraction is kept */
		assert_int_equal(sl_odds_voyage(&r, log, -1, 0, &err), 0);
		assert_null(r->fights[0].q_start.win);
		assert_null(r->luck.q.swing[0]);
		assert_null(r->attacks[0].q.win_after);
		sl_odds_report_free(r);
		sl_log_free(log);
	}
}

/* The doubles-only table (the starship metric's, issue 29) agrees with the
 * exact one to the last bits and refuses to give fractions. */
static void test_doubles_table(void **state)
{
	static const int w[][2] = {{7, 7}, {9, 5}, {12, 3}, {2, 8}, {2, 2}, {13, 6}};
	(void)state;
	for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
		sl_odds_table *ex, *db;
		sl_odds_q *q = sl_odds_q_new();
		assert_int_equal(sl_odds_table_new(&ex, w[k][0], w[k][1], 14, 11), SL_OK);
		assert_int_equal(sl_odds_table_new_doubles(&db, w[k][0], w[k][1], 14, 11), SL_OK);
		for (int sy = 0; sy <= 14; sy++)
			for (int se = 0; se <= 11; se++)
				for (int tm = 0; tm < 4; tm++) {
					sl_fight f = {{w[k][0], w[k][1]}, {sy, se}, tm & 1, tm >> 1};
					sl_fight_odds a, b;
					assert_int_equal(sl_odds_table_get(ex, &f, &a), SL_OK);
					assert_int_equal(sl_odds_table_get(db, &f, &b), SL_OK);
					assert_true(fabs(a.win - b.win) <= 1e-13);
					assert_true(fabs(a.lose - b.lose) <= 1e-13);
					assert_true(a.attacks == b.attacks || fabs(a.attacks - b.attacks) <= 1e-12 * a.attacks);
				}
		{
			sl_fight f = {{w[k][0], w[k][1]}, {3, 3}, 0, 0};
			assert_int_equal(sl_odds_table_get_q(db, &f, q, NULL, NULL), SL_EUSAGE);
		}
		sl_odds_table_free(db);
		assert_int_equal(sl_odds_table_new_doubles(&db, w[k][0], w[k][1], 100, 1), SL_ERANGE);
		assert_null(db);
		sl_odds_table_free(ex);
		sl_odds_q_free(q);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dice_tables),
		cmocka_unit_test(test_hand_case_zero_shields),
		cmocka_unit_test(test_hand_case_certain),
		cmocka_unit_test(test_against_value_iteration),
		cmocka_unit_test(test_one_step_consistency),
		cmocka_unit_test(test_against_simulation),
		cmocka_unit_test(test_voyage_luck_adds_up),
		cmocka_unit_test(test_voyage_feed),
		cmocka_unit_test(test_exact_hand_cases),
		cmocka_unit_test(test_exact_rounding),
		cmocka_unit_test(test_exact_win_plus_lose),
		cmocka_unit_test(test_voyage_exact),
		cmocka_unit_test(test_doubles_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
