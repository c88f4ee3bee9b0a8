/* odds.c - the exact odds of a §341 ship fight: one pass over the Markov
 * chain's states, lowest shields first, solving whose-turn-it-is as a 2x2
 * linear system (two misses in a row come back to the same shields). */
#include "sl_odds.h"

#include <math.h>

#define ODDS_MAX_WEAPONS 24
#define ODDS_MAX_SHIELDS 99

struct sl_odds_table {
	int w[2];
	int max[2];
	double h[2];          /* chance of a hit for each side */
	double *win, *lose, *att;
	int endless;          /* neither side can ever hit */
};

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
static double after_hit(const sl_odds_table *t, int sy, int se, int by, int v)
{
	const double *arr = v == 0 ? t->win : v == 1 ? t->lose : t->att;
	static const int pts[3] = {2, 4, 6};
	int tgt = by == SL_ODDS_YOU ? se : sy, w[3];
	double sum = 0;
	if (tgt == 0)   /* §341.8: shields at zero, the hit destroys */
		return v == 2 ? 0.0 : (v == 0) == (by == SL_ODDS_YOU) ? 1.0 : 0.0;
	sl_odds_damage_ways(tgt, w);
	for (int k = 0; k < 3; k++) {
		int left = tgt > pts[k] ? tgt - pts[k] : 0;
		if (!w[k])
			continue;
		if (by == SL_ODDS_YOU)
			sum += w[k] * arr[idx(t, sy, left, SL_ODDS_ENEMY)];
		else
			sum += w[k] * arr[idx(t, left, se, SL_ODDS_YOU)];
	}
	return sum / 36.0;
}

int sl_odds_table_new(sl_odds_table **out, int wy, int we, int my, int me)
{
	sl_odds_table *t;
	size_t n;
	double hy, he, miss2, denom;
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
	n = (size_t)(my + 1) * (size_t)(me + 1) * 2;
	t->win = sl_calloc(n, sizeof *t->win);
	t->lose = sl_calloc(n, sizeof *t->lose);
	t->att = sl_calloc(n, sizeof *t->att);
	if (!t->win || !t->lose || !t->att) {
		sl_odds_table_free(t);
		return SL_ENOMEM;
	}
	hy = t->h[0] = sl_odds_hit_ways(wy) / 36.0;
	he = t->h[1] = sl_odds_hit_ways(we) / 36.0;
	miss2 = (1 - hy) * (1 - he);
	denom = 1 - miss2;
	t->endless = hy == 0 && he == 0;
	for (int sy = 0; sy <= my; sy++)
		for (int se = 0; se <= me; se++) {
			size_t a = idx(t, sy, se, SL_ODDS_YOU), b = idx(t, sy, se, SL_ODDS_ENEMY);
			if (t->endless) {
				t->att[a] = t->att[b] = HUGE_VAL;
				continue;   /* win and lose stay 0 */
			}
			/* A = hy X + (1-hy) B,  B = he Y + (1-he) A  (A: you to fire) */
			for (int v = 0; v < 3; v++) {
				double *arr = v == 0 ? t->win : v == 1 ? t->lose : t->att;
				double x = after_hit(t, sy, se, SL_ODDS_YOU, v);
				double y = after_hit(t, sy, se, SL_ODDS_ENEMY, v);
				double one = v == 2 ? 1.0 : 0.0;   /* attacks count themselves */
				double va = (one + hy * x + (1 - hy) * (one + he * y)) / denom;
				arr[a] = va;
				arr[b] = one + he * y + (1 - he) * va;
			}
		}
	*out = t;
	return SL_OK;
}

void sl_odds_table_free(sl_odds_table *t)
{
	if (!t)
		return;
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
	if (f->pending) {
		out->win = after_hit(t, sy, se, tm, 0);
		out->lose = after_hit(t, sy, se, tm, 1);
		out->attacks = after_hit(t, sy, se, tm, 2);
	} else {
		size_t i = idx(t, sy, se, tm);
		out->win = t->win[i];
		out->lose = t->lose[i];
		out->attacks = t->att[i];
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
