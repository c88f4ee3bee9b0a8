/* sl_stats.h - numbers about recorded games, for every game with an
 * analysis (src/analyze/games/<id>.c): metrics per player at every step,
 * recorded random outcomes against their odds (luck), where pieces went,
 * fought and were lost (heat), where two logs part (diff), and one game's
 * summary for batch runs. Data in, tables out: no Cairo, no files. */
#ifndef SL_STATS_H
#define SL_STATS_H

#include "formats/sl_log.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- what a game declares (one table per game) --------------------------- */

enum {
	SL_METRIC_LEVEL = 0,   /* a value at a moment (hull left): per turn, at the turn's
	                          end; per game, at the end */
	SL_METRIC_SUM = 1      /* an amount per event (hexes sailed): per turn, summed over
	                          the turn; per game, the total */
};

typedef struct sl_metric_def {
	const char *name;      /* [a-z_]+, what --metric names: "hull" */
	const char *unit;      /* "hull points", "hexes", "%" */
	int kind;              /* SL_METRIC_* */
	const char *help;      /* one line */
} sl_metric_def;

/* A kind of recorded random outcome: its dice and what it decides. */
typedef struct sl_roll_kind {
	const char *name;      /* "wind", "grounding", "attack", "damage" */
	/* of each die (2..SL_LUCK_MAX_FACES); 0: a *pooled* kind, no dice and no
	 * odds known (sail's gunnery, hits the table decides): each roll reports
	 * its score and its square (as variance), and each side's expected
	 * outcome is its rolls at the game's own rate over every side, with the
	 * variance of that pool (sl_luck_run) */
	int faces;
	const char *score;     /* what the outcome counts ("groundings", "hits"); NULL: nothing */
	const char *help;
	/* Optional: when a die's results are symbols that are not equally likely
	 * (an X-Wing attack die: 3 hit, 1 crit, 2 focus, 2 blank of 8 faces), the
	 * ways of each result k+1 and its name; NULL: a fair die, faces alike. */
	const int *ways;
	const char *const *face_names;
} sl_roll_kind;

#define SL_LUCK_MAX_FACES 20
#define SL_ROLL_MAX_DICE 8

/* One recorded roll as the analysis reports it. side >= 0 is a player of
 * the header; side < 0 is the game's extra side -1 - side (starship's
 * "enemy", sail's "table" for the wind). */
typedef struct sl_roll {
	int kind;              /* index into the game's roll kinds */
	int side;
	int ndice;
	uint8_t dice[SL_ROLL_MAX_DICE];   /* faces 1..faces */
	int scored;            /* 1: score/expected/variance below mean something */
	double score;          /* what the roll gave: 1 for a hit, points of damage */
	double expected;       /* what it promised on average */
	double variance;       /* of the score under fair dice */
} sl_roll;

/* The game's tables; 0 and *out NULL when the game has no analysis. */
int sl_stats_metrics(const sl_game *g, const sl_metric_def **out);
int sl_stats_roll_kinds(const sl_game *g, const sl_roll_kind **out);
/* The metric called name, or -1. */
int sl_stats_metric_find(const sl_game *g, const char *name);
/* A side's name: the player's id, or the extra side's name ("enemy"). */
const char *sl_stats_side_name(const sl_game *g, const sl_header *h, int side);
/* Number of extra sides of the game's rolls. */
int sl_stats_extra_sides(const sl_game *g);

/* ---- a walk over a log ------------------------------------------------------ */

/* A moment of the walk: after `entry` entries (0: the state before any). */
typedef struct sl_stats_step {
	size_t entry;
	long event;            /* events applied so far */
	int turn, phase;
	const sl_event *ev;    /* the entry just applied; NULL at entry 0 */
	const void *state;
	/* [player * nmetrics + m]: a LEVEL metric's value now, a SUM metric's
	 * running total since the start; NaN: no value (no fight under way) */
	const double *v;
} sl_stats_step;

typedef struct sl_stats_fns {
	int (*step)(void *ud, const sl_stats_step *s);              /* may be NULL */
	int (*roll)(void *ud, const sl_stats_step *s, const sl_roll *r);
	/* layer SL_HEAT_*, col,row as printed (1-based) */
	int (*heat)(void *ud, const sl_stats_step *s, int col, int row, int layer);
	/* after the last step, the final state (may be NULL) */
	int (*end)(void *ud, const void *state);
} sl_stats_fns;

enum { SL_HEAT_WENT = 0, SL_HEAT_FOUGHT = 1, SL_HEAT_LOST = 2, SL_HEAT_LAYERS = 3 };

/* Replays the log with every rule and every recorded state check (as
 * verify) and calls fns at each step; rolls and heat come before the step
 * of the entry that holds them. A non-zero return from a callback stops the
 * walk and is returned. A game without an analysis is walked all the same,
 * with no metrics and no rolls; an illegal entry or a failed check returns
 * its code with err at its position. */
int sl_stats_walk(const sl_log *log, const sl_stats_fns *fns, void *ud, sl_error *err);
/* The same walk fed as a reader hands entries over (sl_silb_stream's or
 * sl_sil_stream's sink), so that the log is never held: new takes the
 * header and game of log (its entries are not read; it must outlive the
 * walker) and makes step 0; feed walks n more entries. Errors as
 * sl_stats_walk. The caller frees *out with sl_stats_walker_free. */
typedef struct sl_stats_walker sl_stats_walker;
int sl_stats_walker_new(sl_stats_walker **out, const sl_log *log, const sl_stats_fns *fns, void *ud,
	sl_error *err);
int sl_stats_walker_feed(sl_stats_walker *w, const sl_event *ev, size_t n, sl_error *err);
/* The state after the entries fed. */
const void *sl_stats_walker_state(const sl_stats_walker *w);
void sl_stats_walker_free(sl_stats_walker *w);

/* Output helpers for the tables the analyzer writes. sl_json_num: a number
 * as JSON (null for NaN or infinity, a whole number without a fraction,
 * else %.6g). sl_csv_field: a text as one CSV field, quoted (its quotes
 * doubled) when it holds a comma, a quote, a CR or a LF; NULL writes
 * nothing. */
void sl_json_num(sl_buf *b, double v);
void sl_csv_field(sl_buf *b, const char *s);

/* ---- metric series: every metric at every step -------------------------------- */

typedef struct sl_series {
	const sl_game *game;
	int nmetrics;
	const sl_metric_def *metrics;
	int nplayers;
	size_t nsteps;         /* log entries + 1: step 0 is the state before any */
	long *event;           /* [step] events applied */
	int *turn;             /* [step] turn (0 in setup) */
	const char **bookmark; /* [step] the bookmark of the entry applied there, or NULL */
	double *v;             /* [(step * nplayers + player) * nmetrics + m], as sl_stats_step.v */
	int turns;             /* highest turn reached */
	long *turn_last;       /* [turn] the last step of each turn 0..turns */
	int turn_cap;
	size_t cap;            /* steps allocated */
	sl_arena *strings;     /* fed: the bookmarks' copies (NULL: they live in the log) */
	int by_turn;           /* fed by turn: the last step of each turn only, no bookmarks */
	size_t first;          /* fed from a position: the entries before step 0 */
} sl_series;

/* Every metric of every player at every step: what a chart or a viewer's
 * panel draws (a cursor at step i is the position after i entries). Caller
 * frees *out with sl_series_free. Errors as sl_stats_walk. */
int sl_stats_series(sl_series **out, const sl_log *log, sl_error *err);
void sl_series_free(sl_series *s);
double sl_series_at(const sl_series *s, size_t step, int player, int metric);
/* The step at the end of turn t (the last before turn t+1's marker, or the
 * last step); for t = 0 the step before turn 1's marker. -1 if the log
 * never reaches turn t. */
long sl_series_turn_end(const sl_series *s, int t);
/* A metric's value over a span of steps (a, b]: a SUM metric's amount, a
 * LEVEL metric's value at b. */
double sl_series_span(const sl_series *s, long a, long b, int player, int metric);

/* The series as one JSON object, for a viewer to embed (a metric chosen
 * over the game, a cursor at the current step):
 *   {"steps":N,"turn":[...],"event":[...],"players":["fr","gb"],
 *    "metrics":[{"name":"hull","unit":"hull points","kind":"level",
 *                "values":[[v at step 0..N-1 of player 0],[... player 1]]}]}
 * Values as in sl_stats_step.v (a SUM is its running total); null for NaN. */
void sl_series_json(const sl_series *s, const sl_header *h, sl_buf *out);

/* ---- luck: recorded rolls against their odds ---------------------------------- */

typedef struct sl_luck_row {
	int side, kind;
	long rolls, dice;
	long counts[SL_LUCK_MAX_FACES];   /* dice showing face k+1 */
	/* Pearson's chi-square of the faces against a fair die, or the kind's
	 * ways (df = faces-1), always given; p is the p-value of the test named
	 * by `test` (SL_LUCK_*): chi-square's where every expected count is at
	 * least SL_LUCK_MIN_EXPECTED, else an exact test; NaN without dice or
	 * with too few to judge. */
	double chi2, p;
	int df;
	int test;
	/* the outcome: rolls scored, what they gave, what they promised, and
	 * z = (score - expected) / sqrt(variance), two-sided p; NaN if none */
	long scored;
	double score, expected, variance, z, p_score;
} sl_luck_row;

/* The cumulative actual minus expected score of one row after one of its
 * scored rolls. */
typedef struct sl_luck_point {
	int row;
	size_t entry;
	long event;
	int turn;
	double cum;
} sl_luck_point;

typedef struct sl_luck {
	const sl_game *game;
	int nkinds;
	const sl_roll_kind *kinds;
	int nrows;
	sl_luck_row *rows;     /* by side (players, then extra sides), then kind */
	size_t npoints;
	sl_luck_point *points; /* in the order of the log */
	size_t entries;        /* entries of the log */
	int turns;
} sl_luck;

/* Caller frees *out with sl_luck_free. Errors as sl_stats_walk. */
int sl_luck_run(sl_luck **out, const sl_log *log, sl_error *err);
void sl_luck_free(sl_luck *l);
/* Computes a row's tests from its counts and sums (what sl_luck_run does
 * for every row): the chi-square of the counts against kind's odds (a fair
 * die, or kind->ways), the z-score of the outcome. */
void sl_luck_finish(sl_luck_row *row, const sl_roll_kind *kind);

/* How a row's faces were judged (src/analyze/exact.c). */
enum {
	SL_LUCK_NONE = 0,      /* no dice */
	SL_LUCK_CHI2,          /* Pearson's chi-square: every expected count >= 5 */
	SL_LUCK_EXACT,         /* the exact multinomial test */
	SL_LUCK_BINOMIAL,      /* too many ways to count: exact binomial per face, Bonferroni */
	SL_LUCK_TOO_FEW        /* no roll of so few dice could be unusual: not judged */
};
#define SL_LUCK_MIN_EXPECTED 5.0   /* Cochran's rule for chi-square */
#define SL_LUCK_ALPHA 0.05         /* "unusual" below this p */
/* The test's name: "chi2", "exact", "binomial", "too few", "-". */
const char *sl_luck_test_name(int test);
/* Each face's probability of kind into pr[0..faces). Returns 0 or -1. */
int sl_luck_probs(const sl_roll_kind *kind, double *pr);
/* The fewest dice of kind whose most extreme roll would be unusual
 * (p < SL_LUCK_ALPHA): below it no verdict is given; -1 if none. */
long sl_luck_min_dice(const sl_roll_kind *kind);
/* The exact test of counts[0..k) of n dice against pr: sets *p and returns
 * SL_LUCK_EXACT, SL_LUCK_BINOMIAL or SL_LUCK_TOO_FEW (*p NaN). */
int sl_luck_exact(const long *counts, const double *pr, int k, long n, double *p);
/* The upper tail of the chi-square distribution with df degrees of
 * freedom: P(X >= x). */
double sl_chi2_q(double x, int df);

/* ---- heat: where pieces went, fought and were lost ---------------------------- */

#define SL_HEAT_MAX 128        /* columns and rows */

typedef struct sl_heat {
	long from, to;         /* events (from, to] */
	int cols, rows;        /* the largest col and row seen */
	uint32_t n[SL_HEAT_LAYERS][SL_HEAT_MAX][SL_HEAT_MAX];   /* [layer][row-1][col-1] */
	uint32_t max[SL_HEAT_LAYERS];
	uint32_t total[SL_HEAT_LAYERS];
} sl_heat;

/* Counts over the events after `from` up to `to` (to < 0: the end).
 * Caller frees *out with sl_free. Errors as sl_stats_walk. */
int sl_heat_run(sl_heat **out, const sl_log *log, long from, long to, sl_error *err);

/* ---- diff: where two logs of one game part --------------------------------------- */

typedef struct sl_diff {
	int same;              /* 1: every entry agrees (annotations aside) */
	size_t common;         /* entries both logs share before they part */
	long event;            /* events among them */
	int turn, phase;       /* where they part */
	/* the entry of each log there (NULL past its end), its line, its text and
	 * its description */
	long line[2];
	char *text[2], *desc[2];
	/* the state after each: lines of the state summary only it has */
	int nonly[2];
	char **only[2];
	uint64_t hash[2];
	size_t n[2];           /* entries of each log */
} sl_diff;

/* Replays a and b side by side (every rule checked). SL_EUSAGE when they
 * are logs of different games. Caller frees *out with sl_diff_free. */
int sl_diff_logs(sl_diff **out, const sl_log *a, const sl_log *b, sl_error *err);
/* The same with flags: SL_DIFF_IGNORE_CHECKS replays without comparing the
 * recorded state checks (an edited copy whose checks are stale); every rule
 * is still checked. */
enum { SL_DIFF_IGNORE_CHECKS = 1u << 0 };
int sl_diff_logs_flags(sl_diff **out, const sl_log *a, const sl_log *b, unsigned flags,
	sl_error *err);
/* Two states of one game (two positions of a log, or two logs at one;
 * issue 29): hash and the summary lines only one has; same when both agree.
 * The entry fields are left empty. SL_EUSAGE for states of two games. */
int sl_diff_states(sl_diff **out, const sl_log *a, const void *sa, const sl_log *b, const void *sb,
	sl_error *err);
void sl_diff_free(sl_diff *d);

/* ---- one game in a batch ----------------------------------------------------------- */

/* A game's result at the end of its log. over: the rules say the game is
 * over (the game's result hook); winner: the player who won, only when
 * over (-1 otherwise, or for a draw or a lost solo game); leader: the
 * player ahead by the game's analysis, over or not (-1: even or none);
 * text: the rules' sentence when over, else the analysis's few words on
 * the standing ("gb ahead: 14 hull still fighting"). */
typedef struct sl_result {
	int winner;
	int over;
	int leader;
	char text[256];
} sl_result;

/* The result at the end of log (replayed with every rule). Returns 0 or a
 * negative sl_code with err set. */
int sl_result_of(sl_result *out, const sl_log *log, sl_error *err);
/* The series built as entries are fed, as sl_stats_walker takes them (the
 * bookmarks copied): what sl_stats_series gives, without the log held. */
typedef struct sl_series_feed sl_series_feed;
int sl_series_feed_new(sl_series_feed **out, const sl_log *log, sl_error *err);
int sl_series_feed_add(sl_series_feed *f, const sl_event *ev, size_t n, sl_error *err);
/* The same from a position part-way through the log (a span: stats
 * --from, an archive's keyframe, issue 29): st (taken over, destroyed even
 * on failure) is the state after pos entries holding `events` events, and
 * step 0 of the series stands for it (series.first = pos). Its levels are
 * the analysis's reading of st, its sums run from 0 there; the recorded
 * checks of the entries fed are not compared (sl_replay_stream_at).
 * origin (may be NULL; borrowed) is the state at the start of turn 1, the
 * end of setup, shown to the analysis first (nothing reported) so that what
 * it remembers of the setup (the side each sail ship set out with, before a
 * capture) is what a walk from the start remembers. */
int sl_series_feed_new_at(sl_series_feed **out, const sl_log *log, void *st, size_t pos, long events,
	const void *origin, sl_error *err);
/* Before the first entry: keep the last step of each turn only (step k of
 * the series is then the end of the k-th turn reached, turn_last and
 * sl_series_turn_end as before, the values those steps had), which is all a
 * table per turn or per game reads: memory is the turns, not the entries
 * (issue 30). No bookmarks are kept. */
void sl_series_feed_by_turn(sl_series_feed *f);
/* After the last entry: the series into *out (the caller frees it), and
 * the result at the final state (as sl_result_of) into *res. f is freed. */
int sl_series_feed_end(sl_series_feed *f, sl_series **out, sl_result *res, sl_error *err);
void sl_series_feed_free(sl_series_feed *f);

/* Everything batch writes about one game. */
typedef struct sl_game_report {
	const sl_log *log;     /* not owned */
	sl_series *series;
	sl_luck *luck;
	sl_result result;
	long events;
	int turns;
} sl_game_report;

/* Caller frees *out with sl_game_report_free (which leaves the log). */
int sl_game_report_make(sl_game_report **out, const sl_log *log, sl_error *err);
void sl_game_report_free(sl_game_report *r);

enum { SL_BATCH_NDJSON = 0, SL_BATCH_CSV = 1 };
enum { SL_STATS_GAME = 0, SL_STATS_TURN = 1, SL_STATS_EVENT = 2 };
/* Appends the lines of one game: NDJSON, one object per game (per game) or
 * per turn; CSV, long form (file,game,turn,side,name,unit,value), one row per
 * value. `file` is the name written in every line. */
void sl_batch_lines(const sl_game_report *r, const char *file, int fmt, int per, sl_buf *out);
/* The line for a file that could not be read or replayed. */
void sl_batch_error_line(const char *file, const sl_error *err, int fmt, sl_buf *out);
/* CSV's header line. */
const char *sl_batch_csv_header(void);

#ifdef __cplusplus
}
#endif
#endif
