/* batch.c - the lines `sillage batch` writes about one game: NDJSON (one
 * object per game or per turn) and long-form CSV (one value per row), from
 * a game's report. Pure formatting: the same report gives the same bytes,
 * which is what makes a batch's output the same for any number of jobs. */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void csv_num(sl_buf *b, double v)
{
	if (v != v || isinf(v))
		return;
	sl_json_num(b, v);
}

static const char *side_of(const sl_game_report *r, int side)
{
	return sl_stats_side_name(r->log->game, &r->log->h, side);
}

/* "metrics":{"fr":{"hull":8,...},...} over steps (a, b] */
static void json_metrics(sl_buf *b, const sl_game_report *r, long a, long z)
{
	const sl_series *s = r->series;
	sl_buf_puts(b, "\"metrics\":{");
	for (int p = 0; p < s->nplayers; p++) {
		if (p)
			sl_buf_putc(b, ',');
		sl_buf_json_str(b, side_of(r, p));
		sl_buf_puts(b, ":{");
		for (int m = 0; m < s->nmetrics; m++) {
			if (m)
				sl_buf_putc(b, ',');
			sl_buf_json_str(b, s->metrics[m].name);
			sl_buf_putc(b, ':');
			sl_json_num(b, sl_series_span(s, a, z, p, m));
		}
		sl_buf_putc(b, '}');
	}
	sl_buf_putc(b, '}');
}

static void json_side(sl_buf *b, const sl_game_report *r, int side)
{
	if (side >= 0)
		sl_buf_json_str(b, side_of(r, side));
	else
		sl_buf_puts(b, "null");
}

static void json_head(sl_buf *b, const sl_game_report *r, const char *file)
{
	sl_buf_puts(b, "{\"file\":");
	sl_buf_json_str(b, file);
	sl_buf_puts(b, ",\"game\":");
	sl_buf_json_str(b, r->log->game->id);
}

static void row_start(sl_buf *out, const char *file, const char *game, int turn)
{
	sl_csv_field(out, file);
	sl_buf_putc(out, ',');
	sl_csv_field(out, game);
	sl_buf_putc(out, ',');
	if (turn > 0)
		sl_buf_printf(out, "%d", turn);
	sl_buf_putc(out, ',');
}

void sl_batch_lines(const sl_game_report *r, const char *file, int fmt, int per, sl_buf *out)
{
	const sl_series *s = r->series;
	const sl_header *h = &r->log->h;
	const sl_luck *l = r->luck;
	long last = (long)s->nsteps - 1;
	if (fmt == SL_BATCH_NDJSON && per != SL_STATS_TURN) {
		json_head(out, r, file);
		sl_buf_printf(out, ",\"rules\":%d,\"title\":", h->rules_version);
		sl_buf_json_str(out, h->title ? h->title : "");
		sl_buf_puts(out, ",\"players\":[");
		for (int p = 0; p < h->nplayers; p++) {
			sl_buf_puts(out, p ? ",{\"id\":" : "{\"id\":");
			sl_buf_json_str(out, h->players[p].id);
			sl_buf_puts(out, ",\"name\":");
			sl_buf_json_str(out, h->players[p].name ? h->players[p].name : "");
			sl_buf_putc(out, '}');
		}
		sl_buf_printf(out, "],\"result\":{\"over\":%s,\"winner\":",
			r->result.over ? "true" : "false");
		json_side(out, r, r->result.winner);
		sl_buf_puts(out, ",\"leader\":");
		json_side(out, r, r->result.leader);
		sl_buf_puts(out, ",\"text\":");
		sl_buf_json_str(out, r->result.text);
		sl_buf_printf(out, "},\"turns\":%d,\"events\":%ld,", r->turns, r->events);
		json_metrics(out, r, -1, last);
		sl_buf_puts(out, ",\"luck\":[");
		for (int i = 0; i < l->nrows; i++) {
			const sl_luck_row *w = &l->rows[i];
			sl_buf_puts(out, i ? ",{\"side\":" : "{\"side\":");
			sl_buf_json_str(out, side_of(r, w->side));
			sl_buf_puts(out, ",\"kind\":");
			sl_buf_json_str(out, l->kinds[w->kind].name);
			sl_buf_printf(out, ",\"rolls\":%ld,\"dice\":%ld,\"chi2\":", w->rolls, w->dice);
			sl_json_num(out, w->chi2);
			sl_buf_printf(out, ",\"df\":%d,\"p\":", w->df);
			sl_json_num(out, w->p);
			sl_buf_puts(out, ",\"test\":");
			sl_buf_json_str(out, sl_luck_test_name(w->test));
			sl_buf_printf(out, ",\"scored\":%ld,\"score\":", w->scored);
			sl_json_num(out, w->score);
			sl_buf_puts(out, ",\"expected\":");
			sl_json_num(out, w->expected);
			sl_buf_puts(out, ",\"z\":");
			sl_json_num(out, w->z);
			sl_buf_putc(out, '}');
		}
		sl_buf_puts(out, "]}\n");
		return;
	}
	if (fmt == SL_BATCH_NDJSON) {
		for (int t = 1; t <= s->turns; t++) {
			long a = sl_series_turn_end(s, t - 1), z = sl_series_turn_end(s, t);
			json_head(out, r, file);
			sl_buf_printf(out, ",\"turn\":%d,", t);
			json_metrics(out, r, a, z);
			sl_buf_puts(out, "}\n");
		}
		return;
	}
	/* CSV: file,game,turn,side,name,unit,value */
#define ROW_START(turn_) row_start(out, file, r->log->game->id, (turn_))
	if (per != SL_STATS_TURN) {
		char tmp[32];
		ROW_START(0);
		sl_buf_puts(out, ",title,,");
		sl_csv_field(out, h->title ? h->title : "");
		sl_buf_putc(out, '\n');
		ROW_START(0);
		sl_buf_puts(out, ",result,,");
		sl_csv_field(out, r->result.text);
		sl_buf_putc(out, '\n');
		ROW_START(0);
		sl_buf_printf(out, ",over,,%d\n", r->result.over);
		ROW_START(0);
		sl_buf_puts(out, ",winner,,");
		if (r->result.winner >= 0)
			sl_csv_field(out, side_of(r, r->result.winner));
		sl_buf_putc(out, '\n');
		ROW_START(0);
		sl_buf_puts(out, ",leader,,");
		if (r->result.leader >= 0)
			sl_csv_field(out, side_of(r, r->result.leader));
		sl_buf_putc(out, '\n');
		snprintf(tmp, sizeof tmp, "%d", r->turns);
		ROW_START(0);
		sl_buf_printf(out, ",turns,turns,%s\n", tmp);
		ROW_START(0);
		sl_buf_printf(out, ",events,events,%ld\n", r->events);
	}
	for (int t = per == SL_STATS_TURN ? 1 : 0; t <= (per == SL_STATS_TURN ? s->turns : 0); t++) {
		long a = per == SL_STATS_TURN ? sl_series_turn_end(s, t - 1) : -1;
		long z = per == SL_STATS_TURN ? sl_series_turn_end(s, t) : last;
		for (int p = 0; p < s->nplayers; p++)
			for (int m = 0; m < s->nmetrics; m++) {
				ROW_START(t);
				sl_csv_field(out, side_of(r, p));
				sl_buf_putc(out, ',');
				sl_csv_field(out, s->metrics[m].name);
				sl_buf_putc(out, ',');
				sl_csv_field(out, s->metrics[m].unit);
				sl_buf_putc(out, ',');
				csv_num(out, sl_series_span(s, a, z, p, m));
				sl_buf_putc(out, '\n');
			}
	}
	if (per == SL_STATS_TURN)
		return;
	for (int i = 0; i < l->nrows; i++) {
		const sl_luck_row *w = &l->rows[i];
		static const char *const what[] = {"rolls", "chi2", "p", "score", "expected"};
		double v[5];
		v[0] = (double)w->rolls;
		v[1] = w->chi2;
		v[2] = w->p;
		v[3] = w->score;
		v[4] = w->expected;
		for (int k = 0; k < 5; k++) {
			char name[96];
			if (k >= 3 && !w->scored)
				continue;
			snprintf(name, sizeof name, "luck.%s.%s", l->kinds[w->kind].name, what[k]);
			ROW_START(0);
			sl_csv_field(out, side_of(r, w->side));
			sl_buf_putc(out, ',');
			sl_csv_field(out, name);
			sl_buf_putc(out, ',');
			if (k >= 3 && l->kinds[w->kind].score)
				sl_csv_field(out, l->kinds[w->kind].score);
			sl_buf_putc(out, ',');
			csv_num(out, v[k]);
			sl_buf_putc(out, '\n');
		}
	}
#undef ROW_START
}

void sl_batch_error_line(const char *file, const sl_error *err, int fmt, sl_buf *out)
{
	char msg[1024];
	sl_error_format(err, msg, sizeof msg);
	if (fmt == SL_BATCH_NDJSON) {
		sl_buf_puts(out, "{\"file\":");
		sl_buf_json_str(out, file);
		sl_buf_puts(out, ",\"error\":");
		sl_buf_json_str(out, msg);
		sl_buf_printf(out, ",\"code\":");
		sl_buf_json_str(out, sl_code_name(err->code));
		sl_buf_puts(out, "}\n");
		return;
	}
	sl_csv_field(out, file);
	sl_buf_puts(out, ",,,,error,,");
	sl_csv_field(out, msg);
	sl_buf_putc(out, '\n');
}

const char *sl_batch_csv_header(void)
{
	return "file,game,turn,side,name,unit,value\n";
}
