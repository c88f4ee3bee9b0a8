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
	double lp[SL_LUCK_MAX_FACES];      /* log of each face's probability, faces by probability */
	const double *lf;      /* lf[m] = log m!, m = 0..n (NULL: lgamma each time) */
	double lrest[SL_LUCK_MAX_FACES];   /* log of the probability of faces i..k-1 */
	double lmin[SL_LUCK_MAX_FACES];    /* log of the rarest of faces i..k-1 */
	int start[SL_LUCK_MAX_FACES];      /* face i begins a group of equally likely faces */
	double lgroup[SL_LUCK_MAX_FACES];  /* at a group's first face: log of its size! */
	double lfact_n, bound; /* log n!; the log probability rolled, with a hair of slack */
	double sum;
} walk;

#define LF(w, m) ((w)->lf ? (w)->lf[m] : lgamma((double)(m) + 1))

/* Every way of `left` dice over faces i..k-1, lsum the log of the product
 * so far of p^c / c!. Equally likely faces make a group whose counts are
 * walked in falling order only, each such outcome standing for its distinct
 * orders (lmul: the log of their number for the groups so far; prev and run
 * the count of the face before and how many faces of the group had it), so
 * a fair die's n rolls are walked as partitions of n, not compositions.
 * Where a group begins, the rest is settled at once when it can be: by the
 * multinomial theorem its outcomes sum to n! e^lsum P^left / left! (P the
 * probability of faces i..k-1) and none is likelier than that sum, so if
 * the sum is within the bound they all count; and none is less likely than
 * all `left` dice on the rarest face, so if that is above the bound, none. */
static void enumerate(walk *w, int i, long left, double lsum, double lmul, long prev, int run)
{
	double top = w->lfact_n + lsum + left * w->lrest[i] - LF(w, left);
	long hi = left;
	if (w->lfact_n + lsum + left * w->lmin[i] - LF(w, left) > w->bound)
		return;
	if (w->start[i]) {
		if (top <= w->bound) {
			w->sum += exp(top + lmul);
			return;
		}
		if (i == w->k - 1)
			return;   /* a last face alone: its one outcome is top, above the bound */
		lmul += w->lgroup[i];
	} else if (prev < hi) {
		hi = prev;
	}
	if (i == w->k - 1) {   /* the last face of a group takes what is left, in order */
		if (left <= prev && top <= w->bound)
			w->sum += exp(top + lmul - (left == prev ? log(run + 1.0) : 0));
		return;
	}
	for (long c = 0; c <= hi; c++) {
		int same = !w->start[i] && c == prev;
		enumerate(w, i + 1, left - c, lsum + c * w->lp[i] - LF(w, c),
			same ? lmul - log(run + 1.0) : lmul, c, same ? run + 1 : 1);
	}
}

/* Faces ordered by probability into w, equally likely ones grouped (a face
 * that cannot fall stays alone). */
static void group_faces(walk *w, const double *pr, int k)
{
	int ord[SL_LUCK_MAX_FACES];
	double rest = 0, least = INFINITY;
	for (int i = 0; i < k; i++) {
		int j = i;
		while (j > 0 && pr[ord[j - 1]] > pr[i]) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = i;
	}
	for (int i = 0; i < k; i++) {
		double p = pr[ord[i]];
		w->lp[i] = p > 0 ? log(p) : -INFINITY;
		w->start[i] = i == 0 || p <= 0 || fabs(p - pr[ord[i - 1]]) > 1e-12;
	}
	for (int i = 0; i < k; i++) {
		int size = 1;
		while (w->start[i] && i + size < k && !w->start[i + size])
			size++;
		w->lgroup[i] = w->start[i] ? lgamma(size + 1.0) : 0;
	}
	for (int i = k - 1; i >= 0; i--) {   /* faces i..k-1: their probability, their rarest */
		double p = pr[ord[i]];
		rest += p;
		if (p > 0 && p < least)
			least = p;
		w->lrest[i] = log(rest);
		w->lmin[i] = least < INFINITY ? log(least) : -INFINITY;
	}
}

static double multinomial_p(const long *counts, const double *pr, int k, long n)
{
	walk w;
	double lobs, small[1024];
	/* log m! looked up, not computed at each of up to MAX_WAYS outcomes;
	 * without room for the table, lgamma as before */
	double *lf = n < 1024 ? small : sl_malloc(sizeof *lf * (size_t)(n + 1));
	if (lf) {
		lf[0] = 0;
		for (long m = 1; m <= n; m++)
			lf[m] = lf[m - 1] + log((double)m);
	}
	w.k = k;
	w.lf = lf;
	w.lfact_n = LF(&w, n);
	lobs = w.lfact_n;
	for (int i = 0; i < k; i++)
		lobs += counts[i] * (pr[i] > 0 ? log(pr[i]) : -INFINITY) - LF(&w, counts[i]);
	group_faces(&w, pr, k);
	w.bound = lobs + 1e-9;
	w.sum = 0;
	enumerate(&w, 0, n, 0, 0, 0, 0);
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
