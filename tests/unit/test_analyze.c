/* test_analyze.c - the analysis of src/analyze/: the chi-square tail
 * against tabulated critical values, luck on logs whose rolls are set by
 * hand (a fair die and a loaded one must come out as such), metrics that
 * must agree with each other and with the state, heat, diff and the batch
 * lines. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/sl_stats.h"
#include "games/sail/sail.h"
#include "render/sl_render.h"
#include "replay/sl_replay.h"

static sl_log *parse(const char *text)
{
	sl_log *log = NULL;
	sl_error err;
	sl_error_clear(&err);
	if (sl_sil_read(&log, "test.sil", text, strlen(text), &err)) {
		char msg[512];
		sl_error_format(&err, msg, sizeof msg);
		fail_msg("%s", msg);
	}
	return log;
}

static sl_log *load(const char *path)
{
	sl_log *log = NULL;
	sl_error err;
	sl_error_clear(&err);
	assert_int_equal(sl_log_load(&log, path, &err), 0);
	return log;
}

/* critical values at 5% and 0.1% from the usual tables */
static void test_chi2_tail(void **state)
{
	static const struct { int df; double x, p; } t[] = {
		{1, 3.841, 0.05}, {2, 5.991, 0.05}, {3, 7.815, 0.05}, {5, 11.070, 0.05},
		{10, 18.307, 0.05}, {1, 10.828, 0.001}, {5, 20.515, 0.001}, {11, 31.264, 0.001},
		{20, 31.410, 0.05}, {4, 0.711, 0.95},
	};
	(void)state;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		double q = sl_chi2_q(t[i].x, t[i].df);
		assert_true(fabs(q - t[i].p) < t[i].p * 0.002 + 1e-6);
	}
	assert_true(sl_chi2_q(0, 5) == 1);
	assert_true(sl_chi2_q(1e4, 5) < 1e-300 + 1e-200);
	assert_true(isnan(sl_chi2_q(1, 0)));
	/* the tail falls as x grows */
	for (int df = 1; df < 12; df++)
		for (double x = 0.5; x < 40; x += 0.5)
			assert_true(sl_chi2_q(x, df) >= sl_chi2_q(x + 0.5, df));
}

/* A sail log of `n` turns whose wind dice are drawn from a die: fair, or
 * loaded to show a six half the time. */
static char *sail_wind_log(int n, uint64_t seed, int loaded)
{
	sl_buf b;
	sl_prng r;
	sl_buf_init(&b);
	sl_prng_seed(&r, seed, 7);
	sl_buf_puts(&b, "sil 1\ngame sail 1\ntitle wind test\nplayer fr \"F\" #1f4fb4\nplayer gb \"G\" #b22222\n"
		"map cols=6 rows=6\nship id=a name=\"A\" class=\"74\" side=fr at=2,2 facing=S mp=3 draft=deep hull=5\n"
		"ship id=b name=\"B\" class=\"74\" side=gb at=5,5 facing=N mp=3 draft=deep hull=5\nturn 1\n");
	for (int t = 2; t <= n + 1; t++) {
		int d = loaded && sl_prng_die(&r, 2) == 1 ? 6 : sl_prng_die(&r, loaded ? 5 : 6);
		sl_buf_printf(&b, "turn %d\nwind roll=%d\n", t, d);
	}
	return (char *)sl_buf_take(&b, NULL);
}

static const sl_luck_row *row_of(const sl_luck *l, int side, const char *kind)
{
	for (int i = 0; i < l->nrows; i++)
		if (l->rows[i].side == side && strcmp(l->kinds[l->rows[i].kind].name, kind) == 0)
			return &l->rows[i];
	return NULL;
}

static void test_luck_fair_and_loaded_wind(void **state)
{
	sl_error err;
	int fair_low = 0;
	(void)state;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		for (int loaded = 0; loaded < 2; loaded++) {
			char *text = sail_wind_log(300, seed, loaded);
			sl_log *log = parse(text);
			sl_luck *l = NULL;
			const sl_luck_row *w;
			long sum = 0;
			sl_error_clear(&err);
			assert_int_equal(sl_luck_run(&l, log, &err), 0);
			w = row_of(l, -1, "wind");
			assert_non_null(w);
			assert_int_equal(w->rolls, 300);
			assert_int_equal(w->dice, 300);
			for (int f = 0; f < 6; f++)
				sum += w->counts[f];
			assert_int_equal(sum, 300);
			assert_int_equal(w->df, 5);
			if (loaded)
				assert_true(w->p < 0.001);   /* half sixes: chi-square near 200 */
			else
				fair_low += w->p < 0.01;
			assert_int_equal(w->scored, 0);
			sl_luck_free(l);
			sl_log_free(log);
			free(text);
		}
	}
	/* a fair die falls under 1% about once in a hundred logs */
	assert_true(fair_low <= 2);
}

/* Starship: attack dice set by hand. All double sixes never hit (12 is not
 * below 9 or 10): the faces are loaded and the hits fall short of the odds. */
static void test_luck_loaded_attack_dice(void **state)
{
	sl_buf b;
	sl_log *log;
	sl_luck *l = NULL;
	sl_error err;
	const sl_luck_row *you, *enemy;
	(void)state;
	sl_buf_init(&b);
	sl_buf_puts(&b, "sil 1\ngame starship 1\ntitle loaded\nplayer reader \"R\" #1f6fd1\n"
		"ship name=\"T\" weapons_roll=4 shields_roll=3\nturn 1\n"
		"encounter enemy=\"E\" weapons=9 shields=10 paragraph=1\n");
	for (int i = 0; i < 40; i++)
		sl_buf_puts(&b, "attack by=player roll=6,6\nattack by=enemy roll=6,6\n");
	log = parse(sl_buf_cstr(&b));
	sl_error_clear(&err);
	assert_int_equal(sl_luck_run(&l, log, &err), 0);
	you = row_of(l, 0, "attack");
	enemy = row_of(l, -1, "attack");
	assert_non_null(you);
	assert_non_null(enemy);
	assert_int_equal(you->rolls, 40);
	assert_int_equal(you->dice, 80);
	assert_int_equal(you->counts[5], 80);
	assert_true(you->p < 1e-6);
	assert_true(enemy->p < 1e-6);
	assert_true(you->score == 0);
	assert_true(you->expected > 10);       /* 40 attacks at weapons 9 or more */
	assert_true(you->z < -3);
	/* the running actual minus expected only goes down */
	for (size_t i = 1; i < l->npoints; i++)
		if (l->points[i].row == l->points[i - 1].row)
			assert_true(l->points[i].cum < l->points[i - 1].cum);
	sl_luck_free(l);
	sl_log_free(log);
	sl_buf_free(&b);
}

/* The recorded samples: starship's luck agrees with the odds report. */
static void test_luck_matches_odds(void **state)
{
	sl_log *log = load("samples/starship/last-voyage.sil");
	sl_luck *l = NULL;
	sl_error err;
	const sl_luck_row *you, *dmg;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_luck_run(&l, log, &err), 0);
	you = row_of(l, 0, "attack");
	dmg = row_of(l, -1, "damage");
	assert_non_null(you);
	assert_non_null(dmg);
	assert_int_equal(you->rolls, 13);       /* sillage odds: 13 attacks, 5 hits, 5.42 expected */
	assert_true(you->score == 5);
	assert_true(fabs(you->expected - 5.4167) < 0.01);
	assert_int_equal(dmg->rolls, 7);
	assert_true(dmg->score == 18);
	assert_true(fabs(dmg->expected - 17.61) < 0.01);
	sl_luck_free(l);
	sl_log_free(log);
}

static void test_sail_metrics_agree(void **state)
{
	const char *files[] = {"samples/sail/heron-bank.sil", "samples/sail/kerlan-raid.sil"};
	(void)state;
	for (int k = 0; k < 2; k++) {
		sl_log *log = load(files[k]);
		sl_series *s = NULL;
		sl_heat *h = NULL;
		sl_error err;
		sl_buf js;
		int m_hull = sl_stats_metric_find(log->game, "hull"), m_sail = sl_stats_metric_find(log->game, "sailed");
		int m_run = sl_stats_metric_find(log->game, "run"), m_broad = sl_stats_metric_find(log->game, "broad");
		int m_close = sl_stats_metric_find(log->game, "close"), m_fight = sl_stats_metric_find(log->game, "fighting");
		int m_struck = sl_stats_metric_find(log->game, "struck"), m_sunk = sl_stats_metric_find(log->game, "sunk");
		long last, sailed = 0;
		int ships = 0, ships_now = 0;
		assert_true(m_hull >= 0 && m_sail >= 0 && m_run >= 0 && m_broad >= 0 && m_close >= 0);
		sl_error_clear(&err);
		assert_int_equal(sl_stats_series(&s, log, &err), 0);
		assert_int_equal(s->nsteps, log->n + 1);
		last = (long)s->nsteps - 1;
		for (int p = 0; p < s->nplayers; p++) {
			double tot = sl_series_at(s, (size_t)last, p, m_sail);
			assert_true(tot == sl_series_at(s, (size_t)last, p, m_run) +
				sl_series_at(s, (size_t)last, p, m_broad) + sl_series_at(s, (size_t)last, p, m_close));
			sailed += (long)tot;
			/* sums never go down; the per-turn amounts add up to the total */
			{
				double acc = 0;
				for (int t = 1; t <= s->turns; t++)
					acc += sl_series_span(s, sl_series_turn_end(s, t - 1), sl_series_turn_end(s, t), p, m_sail);
				assert_true(acc == tot);
			}
			for (size_t i = 1; i < s->nsteps; i++)
				assert_true(sl_series_at(s, i, p, m_sail) >= sl_series_at(s, i - 1, p, m_sail));
			ships += (int)sl_series_at(s, sl_series_turn_end(s, 0), p, m_fight);
			ships_now += (int)(sl_series_at(s, (size_t)last, p, m_fight) +
				sl_series_at(s, (size_t)last, p, m_struck) + sl_series_at(s, (size_t)last, p, m_sunk));
		}
		/* every ship is fighting, struck or sunk (a prize is struck for the side she left
		 * and, retaken... never here) */
		assert_true(ships_now >= ships);
		/* the viewer's JSON: a value per step for every player and metric */
		sl_buf_init(&js);
		sl_series_json(s, &log->h, &js);
		{
			const char *j = sl_buf_cstr(&js), *hull = strstr(j, "{\"name\":\"hull\"");
			char want[64];
			int commas = 0;
			snprintf(want, sizeof want, "{\"steps\":%zu,", s->nsteps);
			assert_true(strncmp(j, want, strlen(want)) == 0);
			assert_non_null(hull);
			hull = strstr(hull, "\"values\":[[");
			assert_non_null(hull);
			for (const char *q = hull + 11; *q && *q != ']'; q++)
				commas += *q == ',';
			assert_int_equal(commas + 1, (int)s->nsteps);   /* player 0's hull at each step */
			assert_int_equal(j[js.len - 1], '}');
		}
		sl_buf_free(&js);
		/* the heat of where ships went is the hexes they sailed */
		assert_int_equal(sl_heat_run(&h, log, 0, -1, &err), 0);
		assert_int_equal((long)h->total[SL_HEAT_WENT], sailed);
		assert_true(h->total[SL_HEAT_FOUGHT] > 0);
		assert_true(h->total[SL_HEAT_LOST] > 0);
		assert_true(h->cols <= 20 && h->rows <= 14);
		sl_free(h);
		/* a range: nothing before event 0, nothing after the end */
		assert_int_equal(sl_heat_run(&h, log, 0, 0, &err), 0);
		assert_int_equal(h->total[SL_HEAT_WENT], 0);
		sl_free(h);
		assert_int_equal(sl_heat_run(&h, log, 5, 2, &err), SL_EUSAGE);
		sl_series_free(s);
		sl_log_free(log);
	}
}

static void test_setup_only_log(void **state)
{
	sl_log *log = parse("sil 1\ngame sail 1\nplayer fr \"F\" #000000\nmap cols=3 rows=3\n");
	sl_series *s = NULL;
	sl_error err;
	(void)state;
	sl_error_clear(&err);
	/* a legal sail log works even with no play */
	assert_int_equal(sl_stats_series(&s, log, &err), 0);
	assert_int_equal(s->nsteps, 2);
	sl_series_free(s);
	sl_log_free(log);
}

static void test_illegal_log_refused(void **state)
{
	sl_log *log = parse("sil 1\ngame sail 1\nplayer fr \"F\" #000000\nmap cols=3 rows=3\n"
		"ship id=a name=\"A\" class=\"c\" side=fr at=2,2 facing=N mp=3 draft=deep hull=2\n"
		"turn 1\nphase 2 movement\nfr: move ship=a steps=A,A,A,A\n");
	sl_luck *l = NULL;
	sl_error err;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_luck_run(&l, log, &err), SL_EILLEGAL);
	assert_null(l);
	assert_int_equal(err.line, 8);
	sl_log_free(log);
}

static void test_diff(void **state)
{
	const char *head = "sil 1\ngame sail 1\nplayer fr \"F\" #1f4fb4\nplayer gb \"G\" #b22222\nmap cols=8 rows=8\n"
		"ship id=a name=\"A\" class=\"74\" side=fr at=2,2 facing=S mp=4 draft=deep hull=5\n"
		"ship id=b name=\"B\" class=\"74\" side=gb at=7,7 facing=N mp=4 draft=deep hull=5\nturn 1\n"
		"phase 2 movement\n";
	char ta[1024], tb[1024];
	sl_log *a, *b;
	sl_diff *d = NULL;
	sl_error err;
	(void)state;
	snprintf(ta, sizeof ta, "%s# a comment only A has\nfr: move ship=a steps=A\ngb: move ship=b steps=A\n", head);
	snprintf(tb, sizeof tb, "%sfr: move ship=a steps=A\n@note only B\ngb: move ship=b steps=AS\n", head);
	a = parse(ta);
	b = parse(tb);
	sl_error_clear(&err);
	assert_int_equal(sl_diff_logs(&d, a, b, &err), 0);
	assert_int_equal(d->same, 0);
	assert_int_equal(d->common, 6);            /* map, 2 ships, turn, phase, fr's move */
	assert_int_equal(d->event, 4);
	assert_int_equal(d->turn, 1);
	assert_non_null(d->text[0]);
	assert_string_equal(d->text[0], "gb: move ship=b steps=A");
	assert_string_equal(d->text[1], "gb: move ship=b steps=AS");
	assert_true(d->nonly[0] > 0 && d->nonly[1] > 0);
	assert_true(d->hash[0] != d->hash[1]);
	sl_diff_free(d);
	/* a log against the same log cut short: they part where the short one ends */
	{
		sl_log *c = parse(head);
		assert_int_equal(sl_diff_logs(&d, a, c, &err), 0);
		assert_int_equal(d->same, 0);
		assert_int_equal(d->common, 5);
		assert_non_null(d->text[0]);
		assert_null(d->text[1]);
		assert_int_equal(d->n[1], 5);
		sl_diff_free(d);
		sl_log_free(c);
	}
	/* a log against itself */
	assert_int_equal(sl_diff_logs(&d, a, a, &err), 0);
	assert_int_equal(d->same, 1);
	sl_diff_free(d);
	sl_log_free(a);
	sl_log_free(b);
}

static void test_batch_lines(void **state)
{
	sl_log *log = load("samples/fmp/ferrix.sil");
	sl_game_report *r = NULL;
	sl_error err;
	sl_buf a, b, c;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_game_report_make(&r, log, &err), 0);
	assert_int_equal(r->turns, 25);
	assert_true(r->result.winner == 0);    /* ana takes off with the most points */
	sl_buf_init(&a);
	sl_buf_init(&b);
	sl_buf_init(&c);
	sl_batch_lines(r, "f.sil", SL_BATCH_NDJSON, SL_STATS_GAME, &a);
	sl_batch_lines(r, "f.sil", SL_BATCH_NDJSON, SL_STATS_GAME, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.data, b.data, a.len);
	assert_non_null(strstr(sl_buf_cstr(&a), "\"winner\":\"ana\""));
	assert_int_equal(sl_buf_cstr(&a)[a.len - 1], '\n');
	assert_null(memchr(a.data, '\n', a.len - 1));    /* one line */
	sl_batch_lines(r, "f.sil", SL_BATCH_NDJSON, SL_STATS_TURN, &c);
	{
		int lines = 0;
		for (size_t i = 0; i < c.len; i++)
			lines += c.data[i] == '\n';
		assert_int_equal(lines, 25);
	}
	sl_buf_free(&a);
	sl_buf_free(&b);
	sl_buf_free(&c);
	sl_game_report_free(r);
	sl_log_free(log);
}

/* The heat overlay: drawn over a hex map (the pixels change where ships
 * went), refused for a board that is no map. */
static void render_end(const char *path, const sl_heat *heat, int *rc, unsigned char **png, size_t *n)
{
	sl_log *log = load(path);
	sl_replay *r = NULL;
	sl_error err;
	sl_frame fr;
	sl_render_opts o = {400, 0, SL_THEME_LIGHT, NULL, NULL, heat, 0, 0};
	sl_error_clear(&err);
	assert_int_equal(sl_replay_open(&r, log, 0, &err), 0);
	memset(&fr, 0, sizeof fr);
	fr.game = log->game;
	fr.header = &log->h;
	fr.state = sl_replay_state(r);
	fr.event_no = sl_replay_events(r);
	*rc = sl_render_to_mem(SL_FMT_PNG, &fr, &o, png, n, &err);
	sl_replay_free(r);
	sl_log_free(log);
}

static void test_heat_overlay(void **state)
{
	sl_log *log = load("samples/sail/heron-bank.sil");
	sl_heat *h = NULL;
	sl_error err;
	unsigned char *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;
	int rc;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_heat_run(&h, log, 0, -1, &err), 0);
	render_end("samples/sail/heron-bank.sil", NULL, &rc, &a, &na);
	assert_int_equal(rc, 0);
	render_end("samples/sail/heron-bank.sil", h, &rc, &b, &nb);
	assert_int_equal(rc, 0);
	assert_true(na != nb || memcmp(a, b, na) != 0);
	sl_free(a);
	sl_free(b);
	b = NULL;
	render_end("samples/starship/last-voyage.sil", h, &rc, &b, &nb);
	assert_int_equal(rc, SL_EUSAGE);
	assert_null(b);
	sl_free(h);
	sl_log_free(log);
}

/* A die whose results are not alike (an X-Wing style attack die: 3 hit,
 * 1 crit, 2 focus, 2 blank of 8 faces) is tested against its own odds. */
static void test_luck_weighted_die(void **state)
{
	static const int ways[4] = {3, 1, 2, 2};
	static const char *const names[4] = {"hit", "crit", "focus", "blank"};
	sl_roll_kind k = {"attack", 4, "hits", "test", ways, names};
	sl_luck_row as_odds, uniform;
	(void)state;
	memset(&as_odds, 0, sizeof as_odds);
	memset(&uniform, 0, sizeof uniform);
	as_odds.dice = uniform.dice = 800;
	as_odds.counts[0] = 300, as_odds.counts[1] = 100, as_odds.counts[2] = 200, as_odds.counts[3] = 200;
	uniform.counts[0] = uniform.counts[1] = uniform.counts[2] = uniform.counts[3] = 200;
	sl_luck_finish(&as_odds, &k);
	sl_luck_finish(&uniform, &k);
	assert_int_equal(as_odds.df, 3);
	assert_true(as_odds.chi2 == 0 && as_odds.p == 1);
	assert_true(uniform.p < 0.001);      /* a fair four-sided die is not this die */
	k.ways = NULL;                        /* and against a fair die it is the other way round */
	sl_luck_finish(&as_odds, &k);
	sl_luck_finish(&uniform, &k);
	assert_true(as_odds.p < 0.001);
	assert_true(uniform.p == 1);
}

/* Few dice: chi-square's approximation fails (expected counts near 1), so
 * the faces are judged by the exact multinomial test, and below the fewest
 * dice where any roll could be unusual, not judged at all. */
static void test_luck_exact_few_dice(void **state)
{
	sl_roll_kind d6 = {"wind", 6, NULL, "test", NULL, NULL};
	sl_roll_kind coin = {"coin", 2, NULL, "test", NULL, NULL};
	sl_luck_row r;
	(void)state;
	memset(&r, 0, sizeof r);
	r.dice = 3;                       /* three 1s: 6 of the 216 rolls are as odd */
	r.counts[0] = 3;
	sl_luck_finish(&r, &d6);
	assert_int_equal(r.test, SL_LUCK_EXACT);
	assert_true(fabs(r.p - 6.0 / 216) < 1e-12);
	memset(&r, 0, sizeof r);
	r.dice = 2;                       /* two dice can never be unusual */
	r.counts[0] = 2;
	sl_luck_finish(&r, &d6);
	assert_int_equal(r.test, SL_LUCK_TOO_FEW);
	assert_true(isnan(r.p));
	assert_int_equal(sl_luck_min_dice(&d6), 3);
	assert_int_equal(sl_luck_min_dice(&coin), 6);
	memset(&r, 0, sizeof r);
	r.dice = 6;                       /* one of each: the likeliest roll of all */
	for (int k = 0; k < 6; k++)
		r.counts[k] = 1;
	sl_luck_finish(&r, &d6);
	assert_int_equal(r.test, SL_LUCK_EXACT);
	assert_true(r.p > 0.99);
	memset(&r, 0, sizeof r);
	r.dice = 9;                       /* nine heads of nine: 2 of 512 */
	r.counts[1] = 9;
	sl_luck_finish(&r, &coin);
	assert_int_equal(r.test, SL_LUCK_EXACT);
	assert_true(fabs(r.p - 2.0 / 512) < 1e-12);
	memset(&r, 0, sizeof r);
	r.dice = 60;                      /* every face expects 10: chi-square is sound */
	for (int k = 0; k < 6; k++)
		r.counts[k] = 10;
	sl_luck_finish(&r, &d6);
	assert_int_equal(r.test, SL_LUCK_CHI2);
	assert_true(r.p == 1);
}

/* sail's gunnery has no odds (H8): each side is set against the game's own
 * rate, so the expected hits of all sides add up to the hits fired, and each
 * side's share is its shots at that rate. */
static void test_luck_pooled_gunnery(void **state)
{
	sl_log *log = load("samples/sail/heron-bank.sil");
	sl_luck *l = NULL;
	sl_error err;
	double score = 0, expected = 0;
	long shots = 0;
	int rows = 0;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_luck_run(&l, log, &err), 0);
	for (int i = 0; i < l->nrows; i++) {
		const sl_luck_row *w = &l->rows[i];
		if (strcmp(l->kinds[w->kind].name, "gunnery") != 0)
			continue;
		rows++;
		assert_int_equal(w->dice, 0);
		assert_true(w->scored > 0 && w->variance > 0 && !isnan(w->z));
		score += w->score;
		expected += w->expected;
		shots += w->scored;
	}
	assert_int_equal(rows, 2);
	assert_true(fabs(score - expected) < 1e-9);
	for (int i = 0; i < l->nrows; i++) {
		const sl_luck_row *w = &l->rows[i];
		if (strcmp(l->kinds[w->kind].name, "gunnery") == 0)
			assert_true(fabs(w->expected - (double)w->scored * score / (double)shots) < 1e-9);
	}
	sl_luck_free(l);
	sl_log_free(log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chi2_tail),
		cmocka_unit_test(test_luck_fair_and_loaded_wind),
		cmocka_unit_test(test_luck_loaded_attack_dice),
		cmocka_unit_test(test_luck_weighted_die),
		cmocka_unit_test(test_luck_exact_few_dice),
		cmocka_unit_test(test_luck_pooled_gunnery),
		cmocka_unit_test(test_luck_matches_odds),
		cmocka_unit_test(test_sail_metrics_agree),
		cmocka_unit_test(test_setup_only_log),
		cmocka_unit_test(test_illegal_log_refused),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_batch_lines),
		cmocka_unit_test(test_heat_overlay),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
