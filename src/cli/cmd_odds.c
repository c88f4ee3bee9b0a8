/* cmd_odds.c - the odds verb: exact odds of every starship fight of a
 * voyage, attack by attack, the luck of each side, and the win-chance chart. */
#include "cli.h"
#include "analyze/sl_odds.h"
#include "render/sl_chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct odds_args {
	long event;          /* -1: the whole log */
	int json;
	const char *chart;
	long fight;          /* 0: every fight */
	int theme;
	int exact;           /* fractions, not (only) doubles */
	const char *format;  /* of --chart - */
} odds_args;

static int odds_opt(int key, const char *arg, void *ctx)
{
	odds_args *a = ctx;
	switch (key) {
	case 'e':
		if (cli_parse_long(arg, 0, 1000000000L, &a->event))
			return cli_usage("odds", "bad value '%s' for --event", arg);
		break;
	case 'j':
		a->json = 1;
		break;
	case 'x':
		a->exact = 1;
		break;
	case 'c':
		a->chart = arg;
		break;
	case 313: {
		static const char *const fmts[] = {"png", "svg", "pdf", NULL};
		return cli_format_opt(&a->format, arg, fmts, "odds");
	}
	case 'f':
		if (cli_parse_long(arg, 1, 1000000L, &a->fight))
			return cli_usage("odds", "bad value '%s' for --fight", arg);
		break;
	case 'T':
		if (strcmp(arg, "light") == 0)
			a->theme = SL_THEME_LIGHT;
		else if (strcmp(arg, "dark") == 0)
			a->theme = SL_THEME_DARK;
		else
			return cli_usage("odds", "bad --theme '%s' (expected light or dark)", arg);
		break;
	}
	return 0;
}

static const char *side_word(int side)
{
	return side == SL_ODDS_YOU ? "you" : "enemy";
}

static const char *outcome_word(int o)
{
	switch (o) {
	case SL_ODDS_WON: return "won";
	case SL_ODDS_LOST: return "lost";
	case SL_ODDS_FLED: return "fled";
	default: return "on";
	}
}

static double pct(double p)
{
	return 100.0 * p;
}

/* ---- text ------------------------------------------------------------------ */

static void text_attack(sl_buf *b, const sl_odds_attack *a, int exact)
{
	char res[64], sh[16];
	if (!a->hit)
		snprintf(res, sizeof res, "miss");
	else if (a->destroyed)
		snprintf(res, sizeof res, "hit on 0: explodes");
	else if (!a->damage_event)
		snprintf(res, sizeof res, "hit, damage to roll");
	else if (a->d1 == 6 && a->d2 == 6)
		snprintf(res, sizeof res, "hit, damage 12 (6+6): 6");
	else
		snprintf(res, sizeof res, "hit, damage %d (%d+%d): %d", a->d1 + a->d2, a->d1, a->d2,
			a->damage);
	snprintf(sh, sizeof sh, "%d/%d", a->shields_after[0], a->shields_after[1]);
	sl_buf_printf(b, "  %5ld  %5d  %-5s  %2d (%d+%d) <%-2d %5.1f%%  %-26s %-7s %5.1f%% \xe2\x86\x92 %5.1f%%\n",
		a->event, a->round, side_word(a->by), a->a1 + a->a2, a->a1, a->a2, a->weapons,
		pct(a->p_hit), res, sh, pct(a->win_before), pct(a->win_after));
	if (exact)
		sl_buf_printf(b, "         exactly: chance %s; you win %s before, %s after\n", a->q.p_hit,
			a->q.win_before, a->q.win_after);
}

/* The luck table of a fight or of the voyage. */
static void text_luck(sl_buf *b, const char *title, const sl_odds_luck *l, int exact)
{
	sl_buf_printf(b, "\n%s (observed \xe2\x88\x92 expected)\n", title);
	sl_buf_puts(b, "  side   attacks  hits (expected, luck)    damage rolls  points (expected, luck)"
		"  win-chance swing\n");
	for (int s = 0; s < 2; s++) {
		sl_buf_printf(b, "  %-5s  %7d  %4d (%5.2f, %+5.2f)  %12d  %6d (%6.2f, %+6.2f)  %+7.1f points\n",
			side_word(s), l->attacks[s], l->hits[s], l->exp_hits[s],
			l->hits[s] - l->exp_hits[s], l->damage_rolls[s], l->damage[s], l->exp_damage[s],
			l->damage[s] - l->exp_damage[s], pct(l->swing[s]));
		if (exact)
			sl_buf_printf(b, "         exactly: expected hits %s, expected points %s, swing %s\n",
				l->q.exp_hits[s], l->q.exp_damage[s], l->q.swing[s]);
	}
	sl_buf_printf(b, "  the swing is the change in your chance to win that each side's rolls made; "
		"together %+.1f points\n", pct(l->swing[0] + l->swing[1]));
}

static void text_qodds(sl_buf *b, const sl_odds_qodds *q)
{
	sl_buf_printf(b, "    exactly: win %s, lose %s", q->win, q->lose);
	if (q->attacks)
		sl_buf_printf(b, ", attacks %s", q->attacks);
	sl_buf_putc(b, '\n');
}

static void text_report(sl_buf *b, const sl_odds_report *r, const odds_args *o)
{
	const sl_odds_luck *l = &r->luck;
	sl_buf_printf(b, "Voyage of the %s: weapons %d, shields %d at the start; %ld event%s rated\n",
		r->ship[0] ? r->ship : "?", r->weapons, r->shields_start, r->events,
		r->events == 1 ? "" : "s");
	sl_buf_puts(b, "Exact odds: the fight's Markov chain solved over both shields and whose turn "
		"(no sampling).\n");
	for (int i = 0; i < r->nfights; i++) {
		const sl_odds_fightrep *f = &r->fights[i];
		if (o->fight && o->fight != i + 1)
			continue;
		sl_buf_printf(b, "\nFight %d \xe2\x80\x94 stage %d, \xc2\xa7%d: %s (weapons %d, shields %d), "
			"%s first%s\n", i + 1, f->turn, f->paragraph, f->enemy, f->weapons[1], f->shields[1],
			f->first == SL_ODDS_YOU ? "you fire" : "it fires",
			f->escape_after >= 0 ? ", escape allowed" : "");
		if (f->start.endless > 0)
			sl_buf_puts(b, "  at the start: neither ship can ever hit; the fight cannot end\n");
		else
			sl_buf_printf(b, "  at the start (your shields %d): you win %.1f%%, lose %.1f%%; "
				"%.1f attacks expected\n", f->shields[0], pct(f->start.win), pct(f->start.lose),
				f->start.attacks);
		if (o->exact)
			text_qodds(b, &f->q_start);
		if (f->nattacks)
			sl_buf_puts(b, "  event  round  side   roll     need chance  result                     "
				"shields you win before \xe2\x86\x92 after\n");
		for (int k = 0; k < f->nattacks; k++)
			text_attack(b, &r->attacks[f->first_attack + k], o->exact);
		if (f->outcome == SL_ODDS_ON)
			sl_buf_puts(b, "  not over yet\n");
		else
			sl_buf_printf(b, "  %s after %d attack%s (event %ld); luck in this fight: %+.1f points "
				"of win chance\n", f->outcome == SL_ODDS_WON ? "won" : f->outcome == SL_ODDS_LOST
				? "lost" : "fled", f->nattacks, f->nattacks == 1 ? "" : "s", f->end_event,
				pct((f->nattacks ? r->attacks[f->first_attack + f->nattacks - 1].win_after
				                 : f->start.win) - f->start.win));
	}
	if (o->fight) {
		char title[64];
		snprintf(title, sizeof title, "Luck in fight %ld", o->fight);
		text_luck(b, title, &r->fights[o->fight - 1].luck, o->exact);
	} else {
		text_luck(b, "Luck over the voyage", l, o->exact);
	}
	if (r->in_fight) {
		sl_buf_printf(b, "\nNow (after event %ld): shields %d against %d, %s; ", r->events,
			r->now.shields[0], r->now.shields[1], r->now.pending ? "a hit awaits its damage roll"
			: r->now.to_move == SL_ODDS_YOU ? "you fire next" : "the enemy fires next");
		if (r->now_odds.endless > 0)
			sl_buf_puts(b, "neither ship can hit: the fight cannot end\n");
		else
			sl_buf_printf(b, "you win %.1f%%, lose %.1f%%; %.1f attacks expected\n",
				pct(r->now_odds.win), pct(r->now_odds.lose), r->now_odds.attacks);
		if (o->exact)
			text_qodds(b, &r->q_now);
	}
}

/* ---- JSON ------------------------------------------------------------------ */

/* A double at full precision: the shortest decimal that reads back as the
 * same double (at most 17 digits); null when infinite. */
static void json_num(sl_buf *b, double v)
{
	char s[40];
	if (isinf(v) || isnan(v)) {
		sl_buf_puts(b, "null");
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(s, sizeof s, "%.*g", prec, v);
		if (strtod(s, NULL) == v)
			break;
	}
	sl_buf_puts(b, s);
}

/* With --exact, the fraction q as a JSON string ("n/d"); else the double
 * (or null when q is NULL: the value is infinite). */
static void json_val(sl_buf *b, int exact, double v, const char *q)
{
	if (!exact)
		json_num(b, v);
	else if (q)
		sl_buf_printf(b, "\"%s\"", q);
	else
		sl_buf_puts(b, "null");
}

static void json_odds(sl_buf *b, const sl_fight_odds *o, const sl_odds_qodds *q, int exact)
{
	sl_buf_puts(b, "{\"win\":");
	json_val(b, exact, o->win, q->win);
	sl_buf_puts(b, ",\"lose\":");
	json_val(b, exact, o->lose, q->lose);
	sl_buf_puts(b, ",\"endless\":");
	json_num(b, o->endless);
	sl_buf_puts(b, ",\"attacks\":");
	json_val(b, exact, o->attacks, q->attacks);
	sl_buf_putc(b, '}');
}

static void json_luck(sl_buf *b, const sl_odds_luck *l, int exact)
{
	sl_buf_putc(b, '{');
	for (int s = 0; s < 2; s++) {
		sl_buf_printf(b, "%s\"%s\":{\"attacks\":%d,\"hits\":%d,\"expected_hits\":", s ? "," : "",
			s ? "enemy" : "player", l->attacks[s], l->hits[s]);
		json_val(b, exact, l->exp_hits[s], l->q.exp_hits[s]);
		sl_buf_printf(b, ",\"damage_rolls\":%d,\"damage\":%d,\"expected_damage\":",
			l->damage_rolls[s], l->damage[s]);
		json_val(b, exact, l->exp_damage[s], l->q.exp_damage[s]);
		sl_buf_puts(b, ",\"swing\":");
		json_val(b, exact, l->swing[s], l->q.swing[s]);
		sl_buf_putc(b, '}');
	}
	sl_buf_putc(b, '}');
}

static void json_report(sl_buf *b, const sl_odds_report *r, const odds_args *o)
{
	int first = 1, x = o->exact;
	sl_buf_puts(b, "{\"ship\":");
	sl_buf_json_str(b, r->ship);
	sl_buf_printf(b, ",\"weapons\":%d,\"shields_start\":%d,\"events\":%ld,\"fights\":[",
		r->weapons, r->shields_start, r->events);
	for (int i = 0; i < r->nfights; i++) {
		const sl_odds_fightrep *f = &r->fights[i];
		if (o->fight && o->fight != i + 1)
			continue;
		sl_buf_printf(b, "%s{\"fight\":%d,\"turn\":%d,\"event\":%ld,\"paragraph\":%d,\"enemy\":",
			first ? "" : ",", i + 1, f->turn, f->event, f->paragraph);
		first = 0;
		sl_buf_json_str(b, f->enemy);
		sl_buf_printf(b, ",\"weapons\":[%d,%d],\"shields\":[%d,%d],\"first\":\"%s\",\"outcome\":\"%s\","
			"\"end_event\":%ld,\"start\":", f->weapons[0], f->weapons[1], f->shields[0],
			f->shields[1], f->first == SL_ODDS_YOU ? "player" : "enemy", outcome_word(f->outcome),
			f->end_event);
		json_odds(b, &f->start, &f->q_start, x);
		sl_buf_puts(b, ",\"luck\":");
		json_luck(b, &f->luck, x);
		sl_buf_puts(b, ",\"attacks\":[");
		for (int k = 0; k < f->nattacks; k++) {
			const sl_odds_attack *a = &r->attacks[f->first_attack + k];
			sl_buf_printf(b, "%s{\"event\":%ld,\"damage_event\":%ld,\"by\":\"%s\",\"round\":%d,"
				"\"roll\":[%d,%d],\"weapons\":%d,\"p_hit\":", k ? "," : "", a->event,
				a->damage_event, a->by == SL_ODDS_YOU ? "player" : "enemy", a->round, a->a1, a->a2,
				a->weapons);
			json_val(b, x, a->p_hit, a->q.p_hit);
			sl_buf_printf(b, ",\"hit\":%s,\"destroyed\":%s,\"damage_roll\":", a->hit ? "true" : "false",
				a->destroyed ? "true" : "false");
			if (a->damage_event)
				sl_buf_printf(b, "[%d,%d]", a->d1, a->d2);
			else
				sl_buf_puts(b, "null");
			sl_buf_printf(b, ",\"damage\":%d,\"expected_damage\":", a->damage);
			json_val(b, x, a->exp_damage, a->q.exp_damage);
			sl_buf_printf(b, ",\"shields_before\":[%d,%d],\"shields_after\":[%d,%d],\"win_before\":",
				a->shields_before[0], a->shields_before[1], a->shields_after[0],
				a->shields_after[1]);
			json_val(b, x, a->win_before, a->q.win_before);
			sl_buf_puts(b, ",\"win_mid\":");
			json_val(b, x, a->win_mid, a->q.win_mid);
			sl_buf_puts(b, ",\"win_after\":");
			json_val(b, x, a->win_after, a->q.win_after);
			sl_buf_puts(b, ",\"attacks_before\":");
			json_val(b, x, a->attacks_before, a->q.attacks_before);
			sl_buf_putc(b, '}');
		}
		sl_buf_puts(b, "]}");
	}
	/* the luck of what is shown: fight K's with --fight K, else the voyage's */
	sl_buf_printf(b, "],\"luck_of\":\"%s\",\"luck\":", o->fight ? "fight" : "voyage");
	json_luck(b, o->fight ? &r->fights[o->fight - 1].luck : &r->luck, x);
	sl_buf_puts(b, ",\"now\":");
	if (r->in_fight) {
		sl_buf_printf(b, "{\"shields\":[%d,%d],\"to_move\":\"%s\",\"pending_damage\":%s,\"odds\":",
			r->now.shields[0], r->now.shields[1], r->now.to_move ? "enemy" : "player",
			r->now.pending ? "true" : "false");
		json_odds(b, &r->now_odds, &r->q_now, x);
		sl_buf_putc(b, '}');
	} else {
		sl_buf_puts(b, "null");
	}
	sl_buf_printf(b, ",\"states\":%zu}\n", r->states);
}

/* ---- chart ------------------------------------------------------------------- */

static int write_chart(const sl_log *log, const sl_odds_report *r, const odds_args *o)
{
	sl_chart ch;
	sl_chart_point *pts = NULL;
	sl_chart_segment *seg = NULL;
	sl_error err;
	char title[160], sub[200];
	int np = 0, ns = 0, rc, fmt = sl_render_format_from_path(o->chart);
	uint32_t you = 0x1f6fd1;
	if (fmt < 0)
		return cli_usage("odds", "cannot tell the format of '%s' (expected .png, .svg or .pdf)",
			o->chart);
	if (r->nfights == 0 || (o->fight && o->fight > r->nfights)) {
		fprintf(stderr, "sillage: %s: no fight %sto chart (the log has %d)\n", log->name,
			o->fight ? "with that number " : "", r->nfights);
		return EXIT_USAGE;
	}
	pts = calloc((size_t)(r->nfights + r->nattacks), sizeof *pts);
	seg = calloc((size_t)r->nfights, sizeof *seg);
	if (!pts || !seg) {
		free(pts);
		free(seg);
		return EXIT_IO;
	}
	for (int i = 0; i < r->nfights; i++) {
		const sl_odds_fightrep *f = &r->fights[i];
		sl_chart_segment *s;
		if (o->fight && o->fight != i + 1)
			continue;
		s = &seg[ns++];
		s->start = np;
		snprintf(s->label, sizeof s->label, "%d. %s \xc2\xb7 %s", i + 1, f->enemy,
			f->outcome == SL_ODDS_WON ? "won" : f->outcome == SL_ODDS_LOST ? "lost"
			: f->outcome == SL_ODDS_FLED ? "fled" : "on");
		pts[np].y = f->start.win;
		pts[np].mark = SL_CHART_NONE;
		np++;
		for (int k = 0; k < f->nattacks; k++) {
			const sl_odds_attack *a = &r->attacks[f->first_attack + k];
			sl_chart_point *p = &pts[np++];
			p->y = a->win_after;
			p->side = a->by;
			p->mark = !a->hit ? SL_CHART_MISS : a->destroyed ? SL_CHART_KILL : SL_CHART_HIT;
			if (a->hit && !a->destroyed && a->damage)
				snprintf(p->label, sizeof p->label, "\xe2\x88\x92%d", a->damage);
		}
		s->n = np - s->start;
	}
	if (log->h.nplayers > 0)
		you = log->h.players[0].colour & 0xffffff;
	snprintf(title, sizeof title, "%s \xe2\x80\x94 your chance to win, attack by attack",
		log->h.title ? log->h.title : r->ship);
	if (o->fight)
		snprintf(sub, sizeof sub, "Fight %ld of %d: the %s (weapons %d, shields %d) against "
			"%s (weapons %d, shields %d)", o->fight, r->nfights, r->ship,
			r->fights[o->fight - 1].weapons[0], r->fights[o->fight - 1].shields[0],
			r->fights[o->fight - 1].enemy, r->fights[o->fight - 1].weapons[1],
			r->fights[o->fight - 1].shields[1]);
	else
		snprintf(sub, sizeof sub, "%d fight%s of the %s (weapons %d, shields %d); exact odds "
			"after every attack and its damage", r->nfights, r->nfights == 1 ? "" : "s",
			r->ship, r->weapons, r->shields_start);
	memset(&ch, 0, sizeof ch);
	ch.title = title;
	ch.subtitle = sub;
	ch.y_label = "your chance to win the fight";
	ch.side_name[0] = "your";
	ch.side_name[1] = "enemy";
	ch.side_colour[0] = you;
	ch.side_colour[1] = 0xc92a2a;
	ch.npoints = np;
	ch.points = pts;
	ch.nsegments = ns;
	ch.segments = seg;
	sl_error_clear(&err);
	rc = sl_chart_to_file(o->chart, (sl_format)fmt, &ch, 0, o->theme, &err);
	free(pts);
	free(seg);
	if (rc)
		return cli_report_at(&err, o->chart);
	return EXIT_OK;
}

int cmd_odds(int argc, char **argv)
{
	odds_args a;
	sl_log *log = NULL;
	sl_replay *r = NULL;
	sl_odds_report *rep = NULL;
	sl_error err;
	sl_buf b;
	int i, rc;
	memset(&a, 0, sizeof a);
	a.event = -1;
	i = cli_parse(cli_find("odds"), argc, argv, odds_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("odds", "expected one FILE");
	if ((rc = cli_open(argv[i], 0, &log, &r)))
		return rc;
	if (a.event > sl_replay_events(r)) {
		fprintf(stderr, "sillage: %s: no event %ld (the log has %ld events)\n", log->name,
			a.event, sl_replay_events(r));
		rc = EXIT_USAGE;
		goto out;
	}
	sl_error_clear(&err);
	if (sl_odds_voyage(&rep, log, a.event, a.exact ? SL_ODDS_EXACT : 0, &err)) {
		rc = cli_report(&err);
		goto out;
	}
	if (a.fight && a.fight > rep->nfights) {
		fprintf(stderr, "sillage: %s: no fight %ld (%d by event %ld)\n", log->name, a.fight,
			rep->nfights, rep->events);
		rc = EXIT_USAGE;
		goto out;
	}
	if (a.chart) {
		cli_out co;
		if ((rc = cli_out_open(&co, a.chart, a.format, "png, svg or pdf")))   /* --chart -: stdout */
			goto out;
		a.chart = co.path;
		rc = cli_out_close(&co, write_chart(log, rep, &a));
		goto out;
	}
	sl_buf_init(&b);
	if (a.json)
		json_report(&b, rep, &a);
	else
		text_report(&b, rep, &a);
	cli_write_text(stdout, b.data, b.len);
	sl_buf_free(&b);
out:
	sl_odds_report_free(rep);
	sl_replay_free(r);
	sl_log_free(log);
	return rc;
}
