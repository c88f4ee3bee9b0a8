/* exact.c - whether the faces of a few dice are fair, where Pearson's
 * chi-square is not sound: the exact multinomial test (every way n dice can
 * fall, summed where no likelier than what was rolled), or when there are
 * too many ways to count, an exact binomial test per face with Bonferroni's
 * correction; and the fewest dice that could ever be judged. */
#include "analysis.h"

#include <math.h>

/* Compositions of n dice into k faces counted at most: C(n+k-1, k-1). */
#define MAX_WAYS 2000000.0

static double ways_of(long n, int k)
{
	double w = 1;
	for (int i = 1; i < k; i++) {
		w = w * (double)(n + i) / i;
		if (w > MAX_WAYS * 10)
			break;
	}
	return w;
}

typedef struct walk {
	int k;
	const double *lp;      /* log of each face's probability */
	const double *lf;      /* lf[m] = log m!, m = 0..n (NULL: lgamma each time) */
	double lrest[SL_LUCK_MAX_FACES];   /* log of the probability of faces i..k-1 */
	double lmin[SL_LUCK_MAX_FACES];    /* log of the rarest of faces i..k-1 */
	double lfact_n, bound; /* log n!; the log probability rolled, with a hair of slack */
	double sum;
} walk;

#define LF(w, m) ((w)->lf ? (w)->lf[m] : lgamma((double)(m) + 1))

/* Every composition of `left` dice over faces i..k-1; lsum is the log of
 * the product so far of p^c / c!. A whole subtree is settled at once where
 * it can be: by the multinomial theorem its outcomes sum to
 * n! * e^lsum * P^left / left! (P the probability of faces i..k-1), and none
 * of them is likelier than that sum, so if the sum is within the bound they
 * all count; and none is less likely than all `left` dice on the rarest of
 * those faces, so if that is above the bound none counts. */
static void enumerate(walk *w, int i, long left, double lsum)
{
	double top = w->lfact_n + lsum + left * w->lrest[i] - LF(w, left);
	if (i == w->k - 1) {
		if (top <= w->bound)
			w->sum += exp(top);
		return;
	}
	if (top <= w->bound) {
		w->sum += exp(top);
		return;
	}
	if (w->lfact_n + lsum + left * w->lmin[i] - LF(w, left) > w->bound)
		return;
	for (long c = 0; c <= left; c++)
		enumerate(w, i + 1, left - c, lsum + c * w->lp[i] - LF(w, c));
}

static double multinomial_p(const long *counts, const double *pr, int k, long n)
{
	walk w;
	double lobs, rest = 0, least = INFINITY;
	double lp[SL_LUCK_MAX_FACES], small[1024];
	/* log m! looked up, not computed at each of up to MAX_WAYS outcomes;
	 * without room for the table, lgamma as before */
	double *lf = n < 1024 ? small : sl_malloc(sizeof *lf * (size_t)(n + 1));
	if (lf) {
		lf[0] = 0;
		for (long m = 1; m <= n; m++)
			lf[m] = lf[m - 1] + log((double)m);
	}
	w.k = k;
	w.lp = lp;
	w.lf = lf;
	w.lfact_n = LF(&w, n);
	lobs = w.lfact_n;
	for (int i = 0; i < k; i++) {
		lp[i] = pr[i] > 0 ? log(pr[i]) : -INFINITY;
		lobs += counts[i] * lp[i] - LF(&w, counts[i]);
	}
	for (int i = k - 1; i >= 0; i--) {   /* faces i..k-1: their probability, their rarest */
		rest += pr[i];
		if (pr[i] > 0 && pr[i] < least)
			least = pr[i];
		w.lrest[i] = log(rest);
		w.lmin[i] = least < INFINITY ? log(least) : -INFINITY;
	}
	w.bound = lobs + 1e-9;
	w.sum = 0;
	enumerate(&w, 0, n, 0);
	if (lf != small)
		sl_free(lf);
	return w.sum > 1 ? 1 : w.sum;
}

/* Two-sided exact binomial: the outcomes of n trials at p no likelier than x. */
static double binomial_p(long x, long n, double p)
{
	double lobs, sum = 0, lq = log1p(-p), lpp = log(p), lfn = lgamma((double)n + 1);
	if (p <= 0 || p >= 1)
		return 1;
	lobs = lfn - lgamma((double)x + 1) - lgamma((double)(n - x) + 1) + x * lpp + (n - x) * lq;
	for (long j = 0; j <= n; j++) {
		double l = lfn - lgamma((double)j + 1) - lgamma((double)(n - j) + 1) + j * lpp + (n - j) * lq;
		if (l <= lobs + 1e-9)
			sum += exp(l);
	}
	return sum > 1 ? 1 : sum;
}

/* The smallest p any roll of n dice could give: all on the rarest face
 * (no outcome is less likely), as many times as there are rarest faces. */
static double least_p(const double *pr, int k, long n)
{
	double pmin = 1;
	int nmin = 0;
	for (int i = 0; i < k; i++)
		if (pr[i] > 0 && pr[i] < pmin - 1e-12) {
			pmin = pr[i];
			nmin = 1;
		} else if (pr[i] > 0 && fabs(pr[i] - pmin) <= 1e-12)
			nmin++;
	return nmin * pow(pmin, (double)n);
}

long sl_luck_min_dice(const sl_roll_kind *kind)
{
	double pr[SL_LUCK_MAX_FACES];
	int k = kind->faces;
	if (k < 2 || sl_luck_probs(kind, pr) < 0)
		return -1;
	for (long n = 1; n < 1000; n++)
		if (least_p(pr, k, n) < SL_LUCK_ALPHA)
			return n;
	return -1;
}

int sl_luck_probs(const sl_roll_kind *kind, double *pr)
{
	int k = kind->faces, total = 0;
	if (k < 2 || k > SL_LUCK_MAX_FACES)
		return -1;
	if (kind->ways)
		for (int i = 0; i < k; i++)
			total += kind->ways[i];
	if (kind->ways && total <= 0)
		return -1;
	for (int i = 0; i < k; i++)
		pr[i] = kind->ways ? (double)kind->ways[i] / total : 1.0 / k;
	return 0;
}

int sl_luck_exact(const long *counts, const double *pr, int k, long n, double *p)
{
	double best = 1;
	if (least_p(pr, k, n) >= SL_LUCK_ALPHA) {
		*p = NAN;
		return SL_LUCK_TOO_FEW;
	}
	if (ways_of(n, k) <= MAX_WAYS) {
		*p = multinomial_p(counts, pr, k, n);
		return SL_LUCK_EXACT;
	}
	for (int i = 0; i < k; i++) {
		double q = binomial_p(counts[i], n, pr[i]);
		if (q < best)
			best = q;
	}
	*p = best * k > 1 ? 1 : best * k;   /* Bonferroni over the k faces */
	return SL_LUCK_BINOMIAL;
}
