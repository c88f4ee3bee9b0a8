/* odds.c - the exact odds of a §341 ship fight: one pass over the Markov
 * chain's states, lowest shields first, solving whose-turn-it-is as a 2x2
 * linear system (two misses in a row come back to the same shields). Every
 * value is a fraction (GMP's mpq): the chance of each roll is k/36, so the
 * chain is rational, and its doubles are the fractions correctly rounded. */
#include "sl_odds.h"

#include <gmp.h>
#include <math.h>
#include <string.h>

#define ODDS_MAX_WEAPONS 24
#define ODDS_MAX_SHIELDS 99

struct sl_odds_q {
	mpq_t v;
};

struct sl_odds_table {
	int w[2];
	int max[2];
	int k[2];             /* ways out of 36 to hit, for each side */
	double *win, *lose, *att;
	mpq_t *q[3];          /* the same as fractions: win, lose, attacks */
	size_t n;             /* states */
	int endless;          /* neither side can ever hit */
};

/* ---- exact fractions ------------------------------------------------------- */

/* q to the nearest double, ties to even: 55 or 56 bits of the quotient and
 * a sticky bit for the remainder, rounded once (mpq_get_d truncates). */
static double q_to_double(const mpq_t q)
{
	mpz_t n, d, m, r;
	long e, s;
	uint64_t mm, keep, rest, half;
	int shift, sticky, neg = mpq_sgn(q) < 0;
	double out;
	if (mpq_sgn(q) == 0)
		return 0.0;
	mpz_inits(n, d, m, r, NULL);
	mpz_abs(n, mpq_numref(q));
	mpz_set(d, mpq_denref(q));
	e = (long)mpz_sizeinbase(n, 2) - (long)mpz_sizeinbase(d, 2);   /* n/d in [2^(e-1), 2^(e+1)) */
	s = 55 - e;                                                     /* m in [2^54, 2^56) */
	if (s >= 0)
		mpz_mul_2exp(n, n, (mp_bitcnt_t)s);
	else
		mpz_mul_2exp(d, d, (mp_bitcnt_t)-s);
	mpz_tdiv_qr(m, r, n, d);
	mm = (uint64_t)mpz_get_ui(m);
	sticky = mpz_sgn(r) != 0;
	shift = (int)mpz_sizeinbase(m, 2) - 53;                         /* 2 or 3 */
	keep = mm >> shift;
	rest = mm & ((UINT64_C(1) << shift) - 1);
	half = UINT64_C(1) << (shift - 1);
	if (rest > half || (rest == half && (sticky || (keep & 1))))
		keep++;
	out = ldexp((double)keep, (int)(shift - s));
	mpz_clears(n, d, m, r, NULL);
	return neg ? -out : out;
}

sl_odds_q *sl_odds_q_new(void)
{
	sl_odds_q *q = sl_malloc(sizeof *q);
	if (q)
		mpq_init(q->v);
	return q;
}

void sl_odds_q_free(sl_odds_q *q)
{
	if (!q)
		return;
	mpq_clear(q->v);
	sl_free(q);
}

void sl_odds_q_set(sl_odds_q *q, const sl_odds_q *v)
{
	mpq_set(q->v, v->v);
}

void sl_odds_q_set_frac(sl_odds_q *q, long num, long den)
{
	mpq_set_si(q->v, num, (unsigned long)(den < 0 ? -den : den));
	if (den < 0)
		mpq_neg(q->v, q->v);
	mpq_canonicalize(q->v);
}

void sl_odds_q_add_diff(sl_odds_q *acc, const sl_odds_q *a, const sl_odds_q *b)
{
	mpq_add(acc->v, acc->v, a->v);
	mpq_sub(acc->v, acc->v, b->v);
}

int sl_odds_q_cmp(const sl_odds_q *a, const sl_odds_q *b)
{
	return mpq_cmp(a->v, b->v);
}

double sl_odds_q_double(const sl_odds_q *q)
{
	return q_to_double(q->v);
}

char *sl_odds_q_str(const sl_odds_q *q)
{
	size_t n = mpz_sizeinbase(mpq_numref(q->v), 10) + mpz_sizeinbase(mpq_denref(q->v), 10) + 3;
	char *s = sl_malloc(n);
	if (s)
		mpq_get_str(s, 10, q->v);
	return s;
}

int sl_odds_hit_ways(int weapons)
{
	int ways = 0;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			ways += a + b < weapons;     /* §341.3: at or above misses */
	return ways;
}

void sl_odds_damage_ways(int shields, int ways[3])
{
	ways[0] = ways[1] = ways[2] = 0;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++) {
			if (a == 6 && b == 6)
				ways[2]++;               /* §341.5: a double six is 6, whatever */
			else if (a + b <= shields)
				ways[0]++;
			else
				ways[1]++;
		}
}

double sl_odds_expected_damage(int shields)
{
	int w[3];
	if (shields <= 0)
		return 0;
	sl_odds_damage_ways(shields, w);
	return (2.0 * w[0] + 4.0 * w[1] + 6.0 * w[2]) / 36.0;
}

static size_t idx(const sl_odds_table *t, int sy, int se, int turn)
{
	return (((size_t)sy * (size_t)(t->max[1] + 1)) + (size_t)se) * 2 + (size_t)turn;
}

/* The value after side `by` hits the other at shields (sy, se), the
 * damage rolled and the turn passed; v = 0 win, 1 lose, 2 attacks. */
static void after_hit(const sl_odds_table *t, int sy, int se, int by, int v, mpq_t out)
{
	static const int pts[3] = {2, 4, 6};
	int tgt = by == SL_ODDS_YOU ? se : sy, w[3];
	mpq_t term;
	if (tgt == 0) {   /* §341.8: shields at zero, the hit destroys */
		mpq_set_ui(out, v != 2 && (v == 0) == (by == SL_ODDS_YOU) ? 1 : 0, 1);
		return;
	}
	mpq_set_ui(out, 0, 1);
	mpq_init(term);
	sl_odds_damage_ways(tgt, w);
	for (int k = 0; k < 3; k++) {
		int left = tgt > pts[k] ? tgt - pts[k] : 0;
		if (!w[k])
			continue;
		mpq_set_ui(term, (unsigned long)w[k], 36);
		mpq_mul(term, term, t->q[v][by == SL_ODDS_YOU ? idx(t, sy, left, SL_ODDS_ENEMY)
		                                               : idx(t, left, se, SL_ODDS_YOU)]);
		mpq_add(out, out, term);
	}
	mpq_clear(term);
}

/* out = out * num / den, for small whole num and den */
static void scale(mpq_t out, unsigned long num, unsigned long den)
{
	mpq_t f;
	mpq_init(f);
	mpq_set_ui(f, num, den);
	mpq_canonicalize(f);
	mpq_mul(out, out, f);
	mpq_clear(f);
}

int sl_odds_table_new(sl_odds_table **out, int wy, int we, int my, int me)
{
	sl_odds_table *t;
	unsigned long ky, ke, dn;
	mpq_t x, y, va, vb, tmp;
	*out = NULL;
	if (wy < 0 || we < 0 || wy > ODDS_MAX_WEAPONS || we > ODDS_MAX_WEAPONS
	    || my < 0 || me < 0 || my > ODDS_MAX_SHIELDS || me > ODDS_MAX_SHIELDS)
		return SL_ERANGE;
	t = sl_calloc(1, sizeof *t);
	if (!t)
		return SL_ENOMEM;
	t->w[0] = wy;
	t->w[1] = we;
	t->max[0] = my;
	t->max[1] = me;
	t->n = (size_t)(my + 1) * (size_t)(me + 1) * 2;
	t->win = sl_calloc(t->n, sizeof *t->win);
	t->lose = sl_calloc(t->n, sizeof *t->lose);
	t->att = sl_calloc(t->n, sizeof *t->att);
	for (int v = 0; v < 3; v++)
		t->q[v] = sl_calloc(t->n, sizeof *t->q[v]);
	if (!t->win || !t->lose || !t->att || !t->q[0] || !t->q[1] || !t->q[2]) {
		sl_free(t->q[0]);
		sl_free(t->q[1]);
		sl_free(t->q[2]);
		t->q[0] = t->q[1] = t->q[2] = NULL;
		sl_odds_table_free(t);
		return SL_ENOMEM;
	}
	for (int v = 0; v < 3; v++)
		for (size_t i = 0; i < t->n; i++)
			mpq_init(t->q[v][i]);   /* 0 */
	ky = (unsigned long)(t->k[0] = sl_odds_hit_ways(wy));
	ke = (unsigned long)(t->k[1] = sl_odds_hit_ways(we));
	t->endless = ky == 0 && ke == 0;
	/* 1296 (1 - (1-hy)(1-he)): the chance, in 1296ths, that a round is not two misses */
	dn = 1296 - (36 - ky) * (36 - ke);
	mpq_inits(x, y, va, vb, tmp, NULL);
	for (int sy = 0; sy <= my; sy++)
		for (int se = 0; se <= me; se++) {
			size_t a = idx(t, sy, se, SL_ODDS_YOU), b = idx(t, sy, se, SL_ODDS_ENEMY);
			if (t->endless) {
				t->att[a] = t->att[b] = HUGE_VAL;
				continue;   /* win and lose stay 0; the attacks have no fraction */
			}
			/* A = one + hy X + (1-hy) B,  B = one + he Y + (1-he) A  (A: you to fire);
			 * so A = (1296 one + 36 ky X + (36-ky)(36 one + ke Y)) / dn and
			 * B = (36 one + ke Y + (36-ke) A) / 36 */
			for (int v = 0; v < 3; v++) {
				unsigned long one = v == 2;   /* attacks count themselves */
				after_hit(t, sy, se, SL_ODDS_YOU, v, x);
				after_hit(t, sy, se, SL_ODDS_ENEMY, v, y);
				mpq_set(tmp, y);              /* 36 one + ke Y */
				scale(tmp, ke, 1);
				mpq_set_ui(vb, 36 * one, 1);
				mpq_add(tmp, tmp, vb);
				scale(tmp, 36 - ky, 1);
				mpq_set(va, x);
				scale(va, 36 * ky, 1);
				mpq_add(va, va, tmp);
				mpq_set_ui(tmp, 1296 * one, 1);
				mpq_add(va, va, tmp);
				scale(va, 1, dn);
				mpq_set(vb, va);              /* B */
				scale(vb, 36 - ke, 1);
				mpq_set(tmp, y);
				scale(tmp, ke, 1);
				mpq_add(vb, vb, tmp);
				mpq_set_ui(tmp, 36 * one, 1);
				mpq_add(vb, vb, tmp);
				scale(vb, 1, 36);
				mpq_set(t->q[v][a], va);
				mpq_set(t->q[v][b], vb);
			}
			t->win[a] = q_to_double(t->q[0][a]);
			t->win[b] = q_to_double(t->q[0][b]);
			t->lose[a] = q_to_double(t->q[1][a]);
			t->lose[b] = q_to_double(t->q[1][b]);
			t->att[a] = q_to_double(t->q[2][a]);
			t->att[b] = q_to_double(t->q[2][b]);
		}
	mpq_clears(x, y, va, vb, tmp, NULL);
	*out = t;
	return SL_OK;
}

/* after_hit in doubles, from the table's own double columns; ways, when
 * not NULL, holds sl_odds_damage_ways of every shields value */
static double after_hit_d(const sl_odds_table *t, int sy, int se, int by, int v,
	const int (*ways)[3])
{
	static const int pts[3] = {2, 4, 6};
	const double *col = v == 0 ? t->win : v == 1 ? t->lose : t->att;
	int tgt = by == SL_ODDS_YOU ? se : sy, wb[3];
	const int *w = wb;
	double out = 0;
	if (tgt == 0)     /* §341.8: shields at zero, the hit destroys */
		return v != 2 && (v == 0) == (by == SL_ODDS_YOU) ? 1 : 0;
	if (ways)
		w = ways[tgt];
	else
		sl_odds_damage_ways(tgt, wb);
	for (int k = 0; k < 3; k++) {
		int left = tgt > pts[k] ? tgt - pts[k] : 0;
		if (w[k])
			out += w[k] / 36.0 * col[by == SL_ODDS_YOU ? idx(t, sy, left, SL_ODDS_ENEMY)
			                                             : idx(t, left, se, SL_ODDS_YOU)];
	}
	return out;
}

/* The same table in doubles only, the recurrence of sl_odds_table_new
 * evaluated in floating point: what a metric shown to six digits needs, at
 * a small fraction of the cost of the fractions (issue 29: a batch of
 * starship games spent 95% of its time in GMP). sl_odds_table_get_q refuses
 * such a table (SL_EUSAGE). */
int sl_odds_table_new_doubles(sl_odds_table **out, int wy, int we, int my, int me)
{
	sl_odds_table *t;
	double ky, ke, dn;
	int ways[ODDS_MAX_SHIELDS + 1][3];
	*out = NULL;
	if (wy < 0 || we < 0 || wy > ODDS_MAX_WEAPONS || we > ODDS_MAX_WEAPONS
	    || my < 0 || me < 0 || my > ODDS_MAX_SHIELDS || me > ODDS_MAX_SHIELDS)
		return SL_ERANGE;
	if (!(t = sl_calloc(1, sizeof *t)))
		return SL_ENOMEM;
	t->w[0] = wy;
	t->w[1] = we;
	t->max[0] = my;
	t->max[1] = me;
	t->n = (size_t)(my + 1) * (size_t)(me + 1) * 2;
	t->win = sl_calloc(t->n, sizeof *t->win);
	t->lose = sl_calloc(t->n, sizeof *t->lose);
	t->att = sl_calloc(t->n, sizeof *t->att);
	if (!t->win || !t->lose || !t->att) {
		sl_odds_table_free(t);
		return SL_ENOMEM;
	}
	ky = t->k[0] = sl_odds_hit_ways(wy);
	ke = t->k[1] = sl_odds_hit_ways(we);
	t->endless = t->k[0] == 0 && t->k[1] == 0;
	dn = 1296 - (36 - ky) * (36 - ke);
	for (int k = 0; k <= (my > me ? my : me); k++)
		sl_odds_damage_ways(k, ways[k]);
	for (int sy = 0; sy <= my; sy++)
		for (int se = 0; se <= me; se++) {
			size_t a = idx(t, sy, se, SL_ODDS_YOU), b = idx(t, sy, se, SL_ODDS_ENEMY);
			if (t->endless) {
				t->att[a] = t->att[b] = HUGE_VAL;
				continue;
			}
			for (int v = 0; v < 3; v++) {
				double one = v == 2, *col = v == 0 ? t->win : v == 1 ? t->lose : t->att;
				double x = after_hit_d(t, sy, se, SL_ODDS_YOU, v, ways);
				double y = after_hit_d(t, sy, se, SL_ODDS_ENEMY, v, ways);
				double va = (1296 * one + 36 * ky * x + (36 - ky) * (36 * one + ke * y)) / dn;
				col[a] = va;
				col[b] = (36 * one + ke * y + (36 - ke) * va) / 36;
			}
		}
	*out = t;
	return SL_OK;
}

void sl_odds_table_free(sl_odds_table *t)
{
	if (!t)
		return;
	for (int v = 0; v < 3; v++) {
		if (!t->q[v])
			continue;
		for (size_t i = 0; i < t->n; i++)
			mpq_clear(t->q[v][i]);
		sl_free(t->q[v]);
	}
	sl_free(t->win);
	sl_free(t->lose);
	sl_free(t->att);
	sl_free(t);
}

size_t sl_odds_table_states(const sl_odds_table *t)
{
	return (size_t)(t->max[0] + 1) * (size_t)(t->max[1] + 1) * 2;
}

int sl_odds_table_get(const sl_odds_table *t, const sl_fight *f, sl_fight_odds *out)
{
	int sy = f->shields[0], se = f->shields[1], tm = f->to_move;
	if (f->weapons[0] != t->w[0] || f->weapons[1] != t->w[1] || sy < 0 || se < 0
	    || sy > t->max[0] || se > t->max[1] || tm < 0 || tm > 1)
		return SL_ERANGE;
	if (t->endless) {
		out->win = out->lose = 0;
		out->endless = 1;
		out->attacks = HUGE_VAL;
		return SL_OK;
	}
	out->endless = 0;
	if (f->pending && !t->q[0]) {
		out->win = after_hit_d(t, sy, se, tm, 0, NULL);
		out->lose = after_hit_d(t, sy, se, tm, 1, NULL);
		out->attacks = after_hit_d(t, sy, se, tm, 2, NULL);
	} else if (f->pending) {
		mpq_t q;
		mpq_init(q);
		after_hit(t, sy, se, tm, 0, q);
		out->win = q_to_double(q);
		after_hit(t, sy, se, tm, 1, q);
		out->lose = q_to_double(q);
		after_hit(t, sy, se, tm, 2, q);
		out->attacks = q_to_double(q);
		mpq_clear(q);
	} else {
		size_t i = idx(t, sy, se, tm);
		out->win = t->win[i];
		out->lose = t->lose[i];
		out->attacks = t->att[i];
	}
	return SL_OK;
}

int sl_odds_table_get_q(const sl_odds_table *t, const sl_fight *f, sl_odds_q *win,
	sl_odds_q *lose, sl_odds_q *attacks)
{
	int sy = f->shields[0], se = f->shields[1], tm = f->to_move;
	sl_odds_q *dst[3] = {win, lose, attacks};
	if (!t->q[0])
		return SL_EUSAGE;   /* a table of doubles only */
	if (f->weapons[0] != t->w[0] || f->weapons[1] != t->w[1] || sy < 0 || se < 0
	    || sy > t->max[0] || se > t->max[1] || tm < 0 || tm > 1)
		return SL_ERANGE;
	for (int v = 0; v < 3; v++) {
		if (!dst[v])
			continue;
		if (t->endless)
			mpq_set_ui(dst[v]->v, 0, 1);   /* the attacks: infinite, see sl_odds_table_get */
		else if (f->pending)
			after_hit(t, sy, se, tm, v, dst[v]->v);
		else
			mpq_set(dst[v]->v, t->q[v][idx(t, sy, se, tm)]);
	}
	return SL_OK;
}

int sl_odds_fight(const sl_fight *f, sl_fight_odds *out)
{
	sl_odds_table *t;
	int rc = sl_odds_table_new(&t, f->weapons[0], f->weapons[1], f->shields[0] < 0 ? 0 :
		f->shields[0], f->shields[1] < 0 ? 0 : f->shields[1]);
	if (rc)
		return rc;
	rc = sl_odds_table_get(t, f, out);
	sl_odds_table_free(t);
	return rc;
}
