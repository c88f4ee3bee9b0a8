/* stats.c - the walk over a log that every analysis product shares, and
 * the products themselves: metric series, luck (with its chi-square test)
 * and heat. The walk replays through the engine's streaming replay, so it
 * checks every rule and every recorded state check exactly as verify does. */
#include "analysis.h"
#include "replay/sl_replay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct sl_observer {
	const sl_stats_fns *fns;
	void *ud;
	sl_stats_step *step;
	int rc;
};

int sl_observer_roll(sl_observer *o, const sl_roll *r)
{
	if (o->rc)
		return o->rc;
	if (o->fns->roll)
		o->rc = o->fns->roll(o->ud, o->step, r);
	return o->rc;
}

int sl_observer_heat(sl_observer *o, int col, int row, int layer)
{
	if (o->rc)
		return o->rc;
	if (o->fns->heat && col >= 1 && row >= 1 && col <= SL_HEAT_MAX && row <= SL_HEAT_MAX &&
	    layer >= 0 && layer < SL_HEAT_LAYERS)
		o->rc = o->fns->heat(o->ud, o->step, col, row, layer);
	return o->rc;
}

static const sl_analysis *analysis_of(const sl_game *g)
{
	const sl_analysis *a = g ? sl_analysis_find(g->id) : NULL;
	return a && a->api == SL_ANALYSIS_API && a->observe ? a : NULL;
}

int sl_stats_metrics(const sl_game *g, const sl_metric_def **out)
{
	const sl_analysis *a = analysis_of(g);
	*out = a ? a->metrics : NULL;
	return a ? a->nmetrics : 0;
}

int sl_stats_roll_kinds(const sl_game *g, const sl_roll_kind **out)
{
	const sl_analysis *a = analysis_of(g);
	*out = a ? a->kinds : NULL;
	return a ? a->nkinds : 0;
}

int sl_stats_metric_find(const sl_game *g, const char *name)
{
	const sl_analysis *a = analysis_of(g);
	for (int m = 0; a && name && m < a->nmetrics; m++)
		if (strcmp(a->metrics[m].name, name) == 0)
			return m;
	return -1;
}

int sl_stats_extra_sides(const sl_game *g)
{
	const sl_analysis *a = analysis_of(g);
	int n = 0;
	while (a && a->sides && a->sides[n])
		n++;
	return n;
}

const char *sl_stats_side_name(const sl_game *g, const sl_header *h, int side)
{
	const sl_analysis *a = analysis_of(g);
	if (side >= 0)
		return h && side < h->nplayers && h->players[side].id ? h->players[side].id : "?";
	if (a && -1 - side < sl_stats_extra_sides(g))
		return a->sides[-1 - side];
	return "?";
}

/* The walk as a feed: entries come as a reader hands them over (a whole
 * log's array, or an archive's segments one by one), so an analysis needs
 * the log no more than verify does. */
struct sl_stats_walker {
	const sl_log *log;
	const sl_analysis *a;
	const sl_stats_fns *fns;
	void *ud;
	sl_replay *r;
	sl_observer o;
	sl_stats_step step;
	double *lev, *inc, *out, *run;
	void *ctx;
	size_t i;                 /* entries walked */
	int np, nm;
};

void sl_stats_walker_free(sl_stats_walker *w)
{
	if (!w)
		return;
	if (w->a && w->a->ctx_free && w->ctx)
		w->a->ctx_free(w->ctx);
	sl_free(w->ctx);
	sl_replay_free(w->r);
	sl_free(w->lev);
	sl_free(w->inc);
	sl_free(w->run);
	sl_free(w->out);
	sl_free(w);
}

/* One step: the entry ev (NULL: the state before any) applied, observed,
 * the metrics folded and handed to fns->step. */
static int walker_step(sl_stats_walker *w, const sl_event *ev, sl_error *err)
{
	const sl_analysis *a = w->a;
	size_t i = w->i;
	int np = w->np, nm = w->nm, rc;
	if (ev && (rc = sl_replay_feed(w->r, ev, 1, err)))
		return rc;
	w->step.entry = i;
	w->step.event = sl_replay_events(w->r);
	w->step.ev = ev;
	w->step.state = sl_replay_state(w->r);
	sl_replay_where(w->r, &w->step.turn, &w->step.phase);
	for (int p = 0; p < np; p++)
		for (int m = 0; m < nm; m++) {
			size_t k = (size_t)p * nm + m;
			w->inc[k] = a->metrics[m].kind == SL_METRIC_SUM ? 0 : w->lev[k];   /* nm > 0: a is set */
		}
	rc = a ? a->observe(w->ctx, &w->log->h, w->step.state, ev, w->inc, &w->o, err) : SL_OK;
	if (!rc)
		rc = w->o.rc;
	if (rc) {
		if (err && !err->code)
			sl_error_set(err, rc, "stats: cannot read entry %zu: %s", i, sl_code_name(rc));
		return rc;
	}
	for (int p = 0; p < np; p++)
		for (int m = 0; m < nm; m++) {
			size_t k = (size_t)p * nm + m;
			if (a->metrics[m].kind == SL_METRIC_SUM) {
				w->run[k] += w->inc[k];
				w->out[k] = w->run[k];
			} else
				w->out[k] = w->lev[k] = w->inc[k];
		}
	if (w->fns->step && (rc = w->fns->step(w->ud, &w->step))) {
		if (err && !err->code)
			sl_error_set(err, rc, "stats: stopped at entry %zu", i);
		return rc;
	}
	w->i++;
	return SL_OK;
}

/* at: NULL, the walk starts at the log's initial state; else a state after
 * pos entries holding `events` events (taken over, destroyed on failure). */
static int walker_open(sl_stats_walker **out, const sl_log *log, const sl_stats_fns *fns, void *ud,
	unsigned flags, void *at, size_t pos, long events, const void *origin, sl_error *err)
{
	sl_stats_walker *w;
	size_t nv;
	int rc;
	*out = NULL;
	/* a game without analysis is still replayed and counted: no metrics, no rolls */
	if (!log || !log->game) {
		if (at && log && log->game)
			log->game->destroy(at);
		return sl_error_set(err, SL_EUSAGE, "stats: no game to analyse");
	}
	if (!(w = sl_calloc(1, sizeof *w))) {
		if (at)
			log->game->destroy(at);
		return sl_error_set(err, SL_ENOMEM, "stats: out of memory");
	}
	w->log = log;
	w->a = analysis_of(log->game);
	w->fns = fns;
	w->ud = ud;
	w->np = log->h.nplayers;
	w->nm = w->a ? w->a->nmetrics : 0;
	nv = (size_t)(w->np > 0 ? w->np : 1) * (size_t)(w->nm > 0 ? w->nm : 1);
	w->lev = sl_calloc(nv, sizeof *w->lev);
	w->inc = sl_calloc(nv, sizeof *w->inc);
	w->run = sl_calloc(nv, sizeof *w->run);
	w->out = sl_calloc(nv, sizeof *w->out);
	w->ctx = sl_calloc(1, w->a && w->a->ctx_size ? w->a->ctx_size : 1);
	if (!w->lev || !w->inc || !w->run || !w->out || !w->ctx) {
		if (at)
			log->game->destroy(at);
		sl_stats_walker_free(w);
		return sl_error_set(err, SL_ENOMEM, "stats: out of memory");
	}
	for (size_t i = 0; i < nv; i++)
		w->lev[i] = NAN;
	w->i = pos;
	if ((rc = at ? sl_replay_stream_at(&w->r, log, at, pos, events, err)
	             : sl_replay_stream(&w->r, log, flags, err))) {
		sl_stats_walker_free(w);
		return rc;
	}
	w->o.fns = fns;
	w->o.ud = ud;
	w->o.step = &w->step;
	w->step.v = w->out;
	if (origin && w->a) {   /* what each side set out with, before the position (nothing reported) */
		static const sl_stats_fns none = {NULL, NULL, NULL, NULL};
		sl_observer quiet = {&none, NULL, &w->step, 0};
		w->step.state = origin;
		if ((rc = w->a->observe(w->ctx, &log->h, origin, NULL, w->inc, &quiet, err))) {
			sl_stats_walker_free(w);
			return rc;
		}
		for (size_t i = 0; i < nv; i++)
			w->inc[i] = 0;
	}
	if ((rc = walker_step(w, NULL, err))) {
		sl_stats_walker_free(w);
		return rc;
	}
	*out = w;
	return SL_OK;
}

int sl_stats_walker_new(sl_stats_walker **out, const sl_log *log, const sl_stats_fns *fns, void *ud,
	sl_error *err)
{
	return walker_open(out, log, fns, ud, SL_REPLAY_CHECK, NULL, 0, 0, NULL, err);
}

int sl_stats_walker_feed(sl_stats_walker *w, const sl_event *ev, size_t n, sl_error *err)
{
	for (size_t k = 0; k < n; k++) {
		int rc = walker_step(w, &ev[k], err);
		if (rc)
			return rc;
	}
	return SL_OK;
}

const void *sl_stats_walker_state(const sl_stats_walker *w)
{
	return sl_replay_state(w->r);
}

int sl_stats_walk(const sl_log *log, const sl_stats_fns *fns, void *ud, sl_error *err)
{
	sl_stats_walker *w;
	/* freed at the first refusal: no backup of the state before each entry */
	int rc = walker_open(&w, log, fns, ud, SL_REPLAY_CHECK | SL_REPLAY_ONCE, NULL, 0, 0, NULL, err);
	if (rc)
		return rc;
	rc = sl_stats_walker_feed(w, log->ev, log->n, err);
	if (!rc && fns->end)   /* the final state, before it goes */
		rc = fns->end(ud, sl_stats_walker_state(w));
	sl_stats_walker_free(w);
	return rc;
}

/* ---- series ------------------------------------------------------------------------ */

/* Room for step i: a fed series grows by doubling. */
static int series_room(sl_series *s, size_t i)
{
	size_t nv = (size_t)s->nplayers * s->nmetrics, cap;
	long *e;
	int *t;
	const char **b;
	double *v;
	if (i < s->cap)
		return SL_OK;
	cap = s->cap ? s->cap * 2 : 1024;
	if (!(e = sl_realloc(s->event, cap * sizeof *e)))
		return SL_ENOMEM;
	s->event = e;
	if (!(t = sl_realloc(s->turn, cap * sizeof *t)))
		return SL_ENOMEM;
	s->turn = t;
	if (!(b = sl_realloc(s->bookmark, cap * sizeof *b)))
		return SL_ENOMEM;
	s->bookmark = b;
	if (!(v = sl_realloc(s->v, cap * (nv ? nv : 1) * sizeof *v)))
		return SL_ENOMEM;
	s->v = v;
	s->cap = cap;
	return SL_OK;
}

static int series_step(void *ud, const sl_stats_step *st)
{
	sl_series *s = ud;
	size_t nv = (size_t)s->nplayers * s->nmetrics;
	const char *mark = st->ev ? st->ev->bookmark : NULL;
	size_t at = st->entry - s->first;
	if (s->by_turn) {   /* one step a turn, its last: a step of the same turn takes its place
		             * (not step 0, where a span may start inside a turn) */
		at = s->nsteps > 1 && s->turn[s->nsteps - 1] == st->turn ? s->nsteps - 1 : s->nsteps;
		mark = NULL;
	}
	if (series_room(s, at))
		return SL_ENOMEM;
	if (mark && s->strings && !(mark = sl_arena_strndup(s->strings, mark, strlen(mark))))
		return SL_ENOMEM;
	s->nsteps = at + 1 > s->nsteps ? at + 1 : s->nsteps;
	s->event[at] = st->event;
	s->turn[at] = st->turn;
	s->bookmark[at] = mark;
	if (st->turn > s->turns)
		s->turns = st->turn;
	if (st->turn >= s->turn_cap) {
		int n = s->turn_cap ? s->turn_cap * 2 : 64;
		long *q;
		while (n <= st->turn)
			n *= 2;
		if (!(q = sl_realloc(s->turn_last, (size_t)n * sizeof *q)))
			return SL_ENOMEM;
		for (int t = s->turn_cap; t < n; t++)
			q[t] = -1;
		s->turn_last = q;
		s->turn_cap = n;
	}
	s->turn_last[st->turn] = (long)at;
	if (nv)
		memcpy(s->v + at * nv, st->v, nv * sizeof *s->v);
	return 0;
}

/* A series sized for log, its steps still to be walked. */
static int series_new(sl_series **out, const sl_log *log, sl_error *err)
{
	sl_series *s;
	size_t nv;
	*out = NULL;
	s = sl_calloc(1, sizeof *s);
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "stats: out of memory");
	s->game = log->game;
	s->nmetrics = sl_stats_metrics(log->game, &s->metrics);
	s->nplayers = log->h.nplayers;
	s->nsteps = log->n + 1;
	s->event = sl_calloc(s->nsteps, sizeof *s->event);
	s->turn = sl_calloc(s->nsteps, sizeof *s->turn);
	s->bookmark = sl_calloc(s->nsteps, sizeof *s->bookmark);
	nv = (size_t)s->nplayers * (size_t)s->nmetrics;
	s->v = sl_calloc(s->nsteps * (nv ? nv : 1), sizeof *s->v);
	if (!s->event || !s->turn || !s->bookmark || !s->v) {
		sl_series_free(s);
		return sl_error_set(err, SL_ENOMEM, "stats: out of memory for %zu steps", log->n + 1);
	}
	s->cap = s->nsteps;
	*out = s;
	return SL_OK;
}

int sl_stats_series(sl_series **out, const sl_log *log, sl_error *err)
{
	sl_stats_fns fns = {series_step, NULL, NULL, NULL};
	sl_series *s;
	int rc;
	if ((rc = series_new(&s, log, err)))
		return rc;
	if ((rc = sl_stats_walk(log, &fns, s, err))) {
		sl_series_free(s);
		*out = NULL;
		return rc;
	}
	*out = s;
	return SL_OK;
}

struct sl_series_feed {
	sl_series *s;
	sl_stats_walker *w;
	sl_stats_fns fns;
};

void sl_series_feed_free(sl_series_feed *f)
{
	if (!f)
		return;
	sl_stats_walker_free(f->w);
	sl_series_free(f->s);
	sl_free(f);
}

int sl_series_feed_new(sl_series_feed **out, const sl_log *log, sl_error *err)
{
	return sl_series_feed_new_at(out, log, NULL, 0, 0, NULL, err);
}

int sl_series_feed_new_at(sl_series_feed **out, const sl_log *log, void *st, size_t pos, long events,
	const void *origin, sl_error *err)
{
	sl_series_feed *f;
	sl_series *s;
	int rc;
	*out = NULL;
	if (!(f = sl_calloc(1, sizeof *f)) || !(f->s = s = sl_calloc(1, sizeof *s)) ||
	    !(s->strings = sl_calloc(1, sizeof *s->strings))) {
		sl_series_feed_free(f);
		if (st)
			log->game->destroy(st);
		return sl_error_set(err, SL_ENOMEM, "stats: out of memory");
	}
	sl_arena_init(s->strings);
	s->game = log->game;
	s->nmetrics = sl_stats_metrics(log->game, &s->metrics);
	s->nplayers = log->h.nplayers;
	s->first = pos;
	f->fns.step = series_step;
	if ((rc = walker_open(&f->w, log, &f->fns, s, SL_REPLAY_CHECK, st, pos, events, origin, err))) {
		sl_series_feed_free(f);
		return rc;
	}
	*out = f;
	return SL_OK;
}

void sl_series_feed_by_turn(sl_series_feed *f)
{
	f->s->by_turn = 1;
}

int sl_series_feed_add(sl_series_feed *f, const sl_event *ev, size_t n, sl_error *err)
{
	return sl_stats_walker_feed(f->w, ev, n, err);
}

static void final_result(const sl_analysis *a, const sl_log *log, const void *st, sl_result *out);

int sl_series_feed_end(sl_series_feed *f, sl_series **out, sl_result *res, sl_error *err)
{
	const sl_log *log = f->w->log;
	memset(res, 0, sizeof *res);
	res->winner = res->leader = -1;
	final_result(analysis_of(log->game), log, sl_stats_walker_state(f->w), res);
	*out = f->s;
	f->s = NULL;
	sl_series_feed_free(f);
	(void)err;
	return SL_OK;
}

void sl_series_free(sl_series *s)
{
	if (!s)
		return;
	if (s->strings) {
		sl_arena_free(s->strings);
		sl_free(s->strings);
	}
	sl_free(s->event);
	sl_free(s->turn);
	sl_free(s->bookmark);
	sl_free(s->v);
	sl_free(s->turn_last);
	sl_free(s);
}

double sl_series_at(const sl_series *s, size_t step, int player, int metric)
{
	if (step >= s->nsteps || player < 0 || player >= s->nplayers || metric < 0 ||
	    metric >= s->nmetrics)
		return NAN;
	return s->v[(step * s->nplayers + player) * s->nmetrics + metric];
}

long sl_series_turn_end(const sl_series *s, int t)
{
	/* turns go up by one, so a turn below the highest has steps; an empty
	 * setup (no entry before turn 1) ends at step 0 */
	if (t < 0 || t > s->turns || !s->turn_last)
		return -1;
	for (; t > 0 && s->turn_last[t] < 0; t--)
		;
	return s->turn_last[t] < 0 ? 0 : s->turn_last[t];
}

double sl_series_span(const sl_series *s, long a, long b, int player, int metric)
{
	double vb = sl_series_at(s, (size_t)b, player, metric);
	if (metric < 0 || metric >= s->nmetrics)
		return NAN;
	if (s->metrics[metric].kind == SL_METRIC_SUM)
		return vb - (a >= 0 ? sl_series_at(s, (size_t)a, player, metric) : 0);
	return vb;
}

void sl_json_num(sl_buf *b, double v)
{
	if (v != v || isinf(v))
		sl_buf_puts(b, "null");
	else if (v == floor(v) && fabs(v) < 1e15)
		sl_buf_printf(b, "%.0f", v);
	else
		sl_buf_printf(b, "%.6g", v);
}

void sl_csv_field(sl_buf *b, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\n\r")) {
		sl_buf_puts(b, s);
		return;
	}
	sl_buf_putc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			sl_buf_putc(b, '"');
		sl_buf_putc(b, *s);
	}
	sl_buf_putc(b, '"');
}

void sl_series_json(const sl_series *s, const sl_header *h, sl_buf *out)
{
	sl_buf_printf(out, "{\"steps\":%zu,\"turn\":[", s->nsteps);
	for (size_t i = 0; i < s->nsteps; i++)
		sl_buf_printf(out, i ? ",%d" : "%d", s->turn[i]);
	sl_buf_puts(out, "],\"event\":[");
	for (size_t i = 0; i < s->nsteps; i++)
		sl_buf_printf(out, i ? ",%ld" : "%ld", s->event[i]);
	sl_buf_puts(out, "],\"players\":[");
	for (int p = 0; p < s->nplayers; p++) {
		if (p)
			sl_buf_putc(out, ',');
		sl_buf_json_str(out, h && p < h->nplayers && h->players[p].id ? h->players[p].id : "?");
	}
	sl_buf_puts(out, "],\"metrics\":[");
	for (int m = 0; m < s->nmetrics; m++) {
		sl_buf_puts(out, m ? ",{\"name\":" : "{\"name\":");
		sl_buf_json_str(out, s->metrics[m].name);
		sl_buf_puts(out, ",\"unit\":");
		sl_buf_json_str(out, s->metrics[m].unit);
		sl_buf_printf(out, ",\"kind\":\"%s\",\"values\":[",
			s->metrics[m].kind == SL_METRIC_SUM ? "sum" : "level");
		for (int p = 0; p < s->nplayers; p++) {
			sl_buf_puts(out, p ? ",[" : "[");
			for (size_t i = 0; i < s->nsteps; i++) {
				if (i)
					sl_buf_putc(out, ',');
				sl_json_num(out, sl_series_at(s, i, p, m));
			}
			sl_buf_putc(out, ']');
		}
		sl_buf_puts(out, "]}");
	}
	sl_buf_puts(out, "]}");
}

/* ---- the chi-square tail ------------------------------------------------------------
 * No library we already link computes it (the C library has erfc but not the
 * incomplete gamma; GSL would be a new, GPL dependency for one function).
 * For the chi-square distribution the shape df/2 is a whole or a half
 * number, where the regularized upper incomplete gamma Q(a, x) has a closed
 * form as a finite sum (with erfc for the half numbers): exact, no series
 * to truncate. */
double sl_chi2_q(double x, int df)
{
	double h = x / 2, term, sum;
	if (df < 1 || x != x)
		return NAN;
	if (x <= 0)
		return 1;
	if (df % 2 == 0) {   /* Q(k, h) = e^-h * sum_{j<k} h^j / j! */
		term = exp(-h);
		sum = term;
		for (int j = 1; j < df / 2; j++) {
			term *= h / j;
			sum += term;
		}
		return sum > 1 ? 1 : sum;
	}
	/* Q(k + 1/2, h) = erfc(sqrt h) + e^-h * sum_{j=1..k} h^(j-1/2) / Gamma(j+1/2) */
	sum = erfc(sqrt(h));
	term = 2 * sqrt(h / M_PI) * exp(-h);   /* j = 1: h^(1/2) / Gamma(3/2) */
	for (int j = 1; j <= df / 2; j++) {
		sum += term;
		term *= h / (j + 0.5);
	}
	return sum > 1 ? 1 : sum;
}

const char *sl_luck_test_name(int test)
{
	static const char *const names[] = {"-", "chi2", "exact", "binomial", "too few"};
	return test >= 0 && test <= SL_LUCK_TOO_FEW ? names[test] : "-";
}

void sl_luck_finish(sl_luck_row *row, const sl_roll_kind *kind)
{
	int faces = kind->faces;
	double pr[SL_LUCK_MAX_FACES], emin = INFINITY;
	row->df = faces > 1 ? faces - 1 : 0;
	row->chi2 = 0;
	row->test = SL_LUCK_NONE;
	if (row->dice <= 0 || sl_luck_probs(kind, pr) < 0) {
		row->chi2 = row->p = NAN;
	} else {
		for (int k = 0; k < faces; k++) {
			double e = (double)row->dice * pr[k];
			if (e > 0)
				row->chi2 += (row->counts[k] - e) * (row->counts[k] - e) / e;
			if (e > 0 && e < emin)
				emin = e;
		}
		/* chi-square only where its approximation holds; an exact test below */
		if (emin >= SL_LUCK_MIN_EXPECTED) {
			row->p = sl_chi2_q(row->chi2, row->df);
			row->test = SL_LUCK_CHI2;
		} else
			row->test = sl_luck_exact(row->counts, pr, faces, row->dice, &row->p);
	}
	if (row->scored > 0 && row->variance > 0) {
		row->z = (row->score - row->expected) / sqrt(row->variance);
		row->p_score = erfc(fabs(row->z) / sqrt(2.0));
	} else
		row->z = row->p_score = NAN;
}

/* ---- luck -------------------------------------------------------------------------- */

typedef struct luck_walk {
	sl_luck *l;
	int nsides;            /* players + extra sides */
	int np;
	size_t cap;
	sl_luck_row *cells;    /* [side slot][kind] */
	double *cum;
	int *seen;
	int *map;              /* cell -> row, made at the end */
} luck_walk;

static int side_slot(const luck_walk *w, int side)
{
	return side >= 0 ? side : w->np + (-1 - side);
}

static int luck_roll(void *ud, const sl_stats_step *st, const sl_roll *r)
{
	luck_walk *w = ud;
	int slot = side_slot(w, r->side);
	sl_luck_row *row;
	const sl_roll_kind *k;
	if (r->kind < 0 || r->kind >= w->l->nkinds || slot < 0 || slot >= w->nsides)
		return SL_ERANGE;
	k = &w->l->kinds[r->kind];
	row = &w->cells[slot * w->l->nkinds + r->kind];
	w->seen[slot * w->l->nkinds + r->kind] = 1;
	row->rolls++;
	for (int d = 0; d < r->ndice && d < SL_ROLL_MAX_DICE; d++)
		if (r->dice[d] >= 1 && r->dice[d] <= k->faces && k->faces <= SL_LUCK_MAX_FACES) {
			row->counts[r->dice[d] - 1]++;
			row->dice++;
		}
	if (r->scored) {
		sl_luck_point *p;
		row->scored++;
		row->score += r->score;
		row->expected += r->expected;
		row->variance += r->variance;
		w->cum[slot * w->l->nkinds + r->kind] += r->score - r->expected;
		if (w->l->npoints == w->cap) {
			size_t n = w->cap ? w->cap * 2 : 64;
			void *q = sl_realloc(w->l->points, n * sizeof *w->l->points);
			if (!q)
				return SL_ENOMEM;
			w->l->points = q;
			w->cap = n;
		}
		p = &w->l->points[w->l->npoints++];
		p->row = slot * w->l->nkinds + r->kind;   /* a cell for now; renumbered below */
		p->entry = st->entry;
		p->event = st->event;
		p->turn = st->turn;
		p->cum = w->cum[p->row];
	}
	return 0;
}

/* The pooled kinds (faces 0, sl_stats.h): the expected outcome of each side
 * at the game's own rate m over every side's rolls, the variance that of the
 * pool; the running luck of their points set against m too. */
static int pool(luck_walk *w, sl_luck *l, int ncell)
{
	for (int k = 0; k < l->nkinds; k++) {
		double n = 0, sum = 0, sq = 0, m, var;
		long *seen;
		if (l->kinds[k].faces != 0)
			continue;
		for (int c = k; c < ncell; c += l->nkinds) {
			n += (double)w->cells[c].scored;
			sum += w->cells[c].score;
			sq += w->cells[c].variance;
		}
		if (n <= 0)
			continue;
		m = sum / n;
		var = sq / n - m * m;
		for (int c = k; c < ncell; c += l->nkinds) {
			w->cells[c].expected = (double)w->cells[c].scored * m;
			w->cells[c].variance = (double)w->cells[c].scored * (var > 0 ? var : 0);
		}
		if (!(seen = sl_calloc((size_t)ncell, sizeof *seen)))
			return SL_ENOMEM;
		for (size_t i = 0; i < l->npoints; i++) {
			int c = l->points[i].row;
			if (c >= 0 && c < ncell && c % l->nkinds == k)
				l->points[i].cum -= m * (double)++seen[c];
		}
		sl_free(seen);
	}
	return SL_OK;
}

static void luck_walk_free(luck_walk *w)
{
	sl_free(w->cells);
	sl_free(w->cum);
	sl_free(w->seen);
	sl_free(w->map);
	w->cells = NULL;
	w->cum = NULL;
	w->seen = NULL;
	w->map = NULL;
}

/* The walk's cells for log's sides and kinds of roll, before the walk. */
static int luck_begin(luck_walk *w, sl_luck **out, const sl_log *log, sl_error *err)
{
	sl_luck *l;
	int ncell;
	*out = NULL;
	memset(w, 0, sizeof *w);
	l = sl_calloc(1, sizeof *l);
	if (!l)
		return sl_error_set(err, SL_ENOMEM, "luck: out of memory");
	l->game = log->game;
	l->nkinds = sl_stats_roll_kinds(log->game, &l->kinds);
	l->entries = log->n;
	w->l = l;
	w->np = log->h.nplayers;
	w->nsides = w->np + sl_stats_extra_sides(log->game);
	ncell = w->nsides * l->nkinds;
	w->cells = sl_calloc(ncell ? ncell : 1, sizeof *w->cells);
	w->cum = sl_calloc(ncell ? ncell : 1, sizeof *w->cum);
	w->seen = sl_calloc(ncell ? ncell : 1, sizeof *w->seen);
	w->map = sl_calloc(ncell ? ncell : 1, sizeof *w->map);
	if (!w->cells || !w->cum || !w->seen || !w->map) {
		luck_walk_free(w);
		sl_luck_free(l);
		return sl_error_set(err, SL_ENOMEM, "luck: out of memory");
	}
	*out = l;
	return SL_OK;
}

/* After the walk: the rows of the cells that saw a roll, side by side,
 * kind by kind. w is freed either way; l is the caller's to free. */
static int luck_finish(luck_walk *w, sl_luck *l, const sl_log *log, sl_error *err)
{
	int ncell = w->nsides * l->nkinds, *map = w->map;
	for (size_t i = 0; i < log->n; i++)
		if (log->ev[i].entry == SL_ENTRY_TURN && log->ev[i].mark > l->turns)
			l->turns = log->ev[i].mark;
	if (pool(w, l, ncell) < 0) {
		luck_walk_free(w);
		return sl_error_set(err, SL_ENOMEM, "luck: out of memory");
	}
	for (int c = 0; c < ncell; c++)
		l->nrows += w->seen[c];
	l->rows = sl_calloc(l->nrows ? l->nrows : 1, sizeof *l->rows);
	if (!l->rows) {
		luck_walk_free(w);
		return sl_error_set(err, SL_ENOMEM, "luck: out of memory");
	}
	for (int c = 0, k = 0; c < ncell; c++) {
		int slot = c / (l->nkinds ? l->nkinds : 1);
		map[c] = -1;
		if (!w->seen[c])
			continue;
		l->rows[k] = w->cells[c];
		l->rows[k].kind = c % l->nkinds;
		l->rows[k].side = slot < w->np ? slot : -1 - (slot - w->np);
		sl_luck_finish(&l->rows[k], &l->kinds[l->rows[k].kind]);
		map[c] = k++;
	}
	for (size_t i = 0; i < l->npoints; i++)
		l->points[i].row = map[l->points[i].row];
	luck_walk_free(w);
	return SL_OK;
}

int sl_luck_run(sl_luck **out, const sl_log *log, sl_error *err)
{
	sl_stats_fns fns = {NULL, luck_roll, NULL, NULL};
	luck_walk w;
	sl_luck *l;
	int rc;
	if ((rc = luck_begin(&w, &l, log, err)))
		return rc;
	if ((rc = sl_stats_walk(log, &fns, &w, err)) || (rc = luck_finish(&w, l, log, err))) {
		luck_walk_free(&w);
		sl_luck_free(l);
		*out = NULL;
		return rc;
	}
	*out = l;
	return SL_OK;
}

void sl_luck_free(sl_luck *l)
{
	if (!l)
		return;
	sl_free(l->rows);
	sl_free(l->points);
	sl_free(l);
}

/* ---- heat -------------------------------------------------------------------------- */

static int heat_add(void *ud, const sl_stats_step *st, int col, int row, int layer)
{
	sl_heat *h = ud;
	uint32_t *c;
	if (st->event <= h->from || (h->to >= 0 && st->event > h->to))
		return 0;
	c = &h->n[layer][row - 1][col - 1];
	if (*c < UINT32_MAX)
		(*c)++;
	if (*c > h->max[layer])
		h->max[layer] = *c;
	h->total[layer]++;
	if (col > h->cols)
		h->cols = col;
	if (row > h->rows)
		h->rows = row;
	return 0;
}

int sl_heat_run(sl_heat **out, const sl_log *log, long from, long to, sl_error *err)
{
	sl_stats_fns fns = {NULL, NULL, heat_add, NULL};
	sl_heat *h;
	int rc;
	*out = NULL;
	if (from < 0 || (to >= 0 && to < from))
		return sl_error_set(err, SL_EUSAGE, "heat: the range (%ld, %ld] is empty", from, to);
	h = sl_calloc(1, sizeof *h);
	if (!h)
		return sl_error_set(err, SL_ENOMEM, "heat: out of memory");
	h->from = from;
	h->to = to;
	if ((rc = sl_stats_walk(log, &fns, h, err))) {
		sl_free(h);
		return rc;
	}
	*out = h;
	return SL_OK;
}

/* ---- a game's report --------------------------------------------------------------- */

/* The rules say whether it is over and how; the analysis who leads. */
static void final_result(const sl_analysis *a, const sl_log *log, const void *st, sl_result *out)
{
	sl_result an;
	sl_buf t;
	memset(&an, 0, sizeof an);
	an.winner = -1;
	if (a && a->result)
		a->result(st, &log->h, &an);
	out->leader = an.winner;
	sl_buf_init(&t);
	out->over = log->game->result && log->game->result(st, &log->h, &t) == 1 && !t.failed;
	snprintf(out->text, sizeof out->text, "%s", out->over ? sl_buf_cstr(&t) : an.text);
	sl_buf_free(&t);
	out->winner = out->over ? an.winner : -1;
}

int sl_result_of(sl_result *out, const sl_log *log, sl_error *err)
{
	sl_replay *rp = NULL;
	int rc;
	memset(out, 0, sizeof *out);
	out->winner = out->leader = -1;
	/* the final state once more: a streamed replay */
	if ((rc = sl_replay_stream(&rp, log, 0, err)) == SL_OK &&
	    (rc = sl_replay_feed(rp, log->ev, log->n, err)) == SL_OK)
		final_result(analysis_of(log->game), log, sl_replay_state(rp), out);
	sl_replay_free(rp);
	return rc;
}

/* The report's one walk: the series' steps, the luck's rolls, and the
 * result from the final state, in a single replay of the log. */
typedef struct report_walk {
	sl_game_report *r;
	luck_walk luck;
} report_walk;

static int report_step(void *ud, const sl_stats_step *st)
{
	return series_step(((report_walk *)ud)->r->series, st);
}

static int report_roll(void *ud, const sl_stats_step *st, const sl_roll *roll)
{
	return luck_roll(&((report_walk *)ud)->luck, st, roll);
}

static int report_end(void *ud, const void *state)
{
	sl_game_report *r = ((report_walk *)ud)->r;
	if (state)
		final_result(analysis_of(r->log->game), r->log, state, &r->result);
	return SL_OK;
}

int sl_game_report_make(sl_game_report **out, const sl_log *log, sl_error *err)
{
	sl_stats_fns fns = {report_step, report_roll, NULL, report_end};
	report_walk w;
	sl_game_report *r;
	int rc;
	*out = NULL;
	r = sl_calloc(1, sizeof *r);
	if (!r)
		return sl_error_set(err, SL_ENOMEM, "batch: out of memory");
	memset(&w, 0, sizeof w);
	w.r = r;
	r->log = log;
	r->result.winner = r->result.leader = -1;
	if ((rc = series_new(&r->series, log, err)) || (rc = luck_begin(&w.luck, &r->luck, log, err)))
		goto fail;
	if ((rc = sl_stats_walk(log, &fns, &w, err)) || (rc = luck_finish(&w.luck, r->luck, log, err)))
		goto fail;
	r->turns = r->series->turns;
	r->events = r->series->event[r->series->nsteps - 1];
	*out = r;
	return SL_OK;
fail:
	luck_walk_free(&w.luck);
	sl_game_report_free(r);
	return rc;
}

void sl_game_report_free(sl_game_report *r)
{
	if (!r)
		return;
	sl_series_free(r->series);
	sl_luck_free(r->luck);
	sl_free(r);
}
