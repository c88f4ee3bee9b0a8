/* archive.c - the SQLite archive of games (archive.h; the schema in
 * docs/batch.md): the tables made or brought up to date, a game added with
 * its players, metrics per game and per turn, and luck, one prepared
 * statement per table. `batch --sqlite` and the club server both write
 * through it. */
#include "archive.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the tables, made in one transaction with the columns added since (open):
 * a kill while a new archive is made leaves all of them or none */
static const char schema_sql[] =
	"CREATE TABLE IF NOT EXISTS games (\n"
	"  id INTEGER PRIMARY KEY,\n"
	"  digest TEXT NOT NULL UNIQUE,\n"
	"  file TEXT NOT NULL,\n"
	"  game TEXT NOT NULL,\n"
	"  rules INTEGER NOT NULL,\n"
	"  title TEXT,\n"
	"  date TEXT,\n"
	"  turns INTEGER NOT NULL,\n"
	"  events INTEGER NOT NULL,\n"
	"  winner TEXT,\n"
	"  result TEXT,\n"
	"  over INTEGER,\n"
	"  leader TEXT);\n"
	"CREATE TABLE IF NOT EXISTS players (\n"
	"  game_id INTEGER NOT NULL REFERENCES games(id),\n"
	"  seat INTEGER NOT NULL,\n"
	"  player TEXT NOT NULL,\n"
	"  name TEXT,\n"
	"  colour TEXT,\n"
	"  won INTEGER NOT NULL,\n"
	"  leads INTEGER,\n"
	"  PRIMARY KEY (game_id, seat));\n"
	"CREATE TABLE IF NOT EXISTS metrics (\n"
	"  game_id INTEGER NOT NULL REFERENCES games(id),\n"
	"  player TEXT NOT NULL,\n"
	"  metric TEXT NOT NULL,\n"
	"  unit TEXT NOT NULL,\n"
	"  kind TEXT NOT NULL,\n"
	"  value REAL,\n"
	"  PRIMARY KEY (game_id, player, metric));\n"
	"CREATE TABLE IF NOT EXISTS turns (\n"
	"  game_id INTEGER NOT NULL REFERENCES games(id),\n"
	"  turn INTEGER NOT NULL,\n"
	"  player TEXT NOT NULL,\n"
	"  metric TEXT NOT NULL,\n"
	"  value REAL,\n"
	"  PRIMARY KEY (game_id, turn, player, metric));\n"
	"CREATE TABLE IF NOT EXISTS luck (\n"
	"  game_id INTEGER NOT NULL REFERENCES games(id),\n"
	"  side TEXT NOT NULL,\n"
	"  kind TEXT NOT NULL,\n"
	"  rolls INTEGER NOT NULL,\n"
	"  dice INTEGER NOT NULL,\n"
	"  chi2 REAL,\n"
	"  df INTEGER,\n"
	"  p REAL,\n"
	"  scored INTEGER NOT NULL,\n"
	"  score REAL,\n"
	"  expected REAL,\n"
	"  z REAL,\n"
	"  PRIMARY KEY (game_id, side, kind));\n"
	"CREATE TABLE IF NOT EXISTS errors (\n"
	"  file TEXT PRIMARY KEY,\n"
	"  message TEXT NOT NULL);\n";

struct rec_archive {
	sqlite3 *h;
	sqlite3_stmt *game, *player, *metric, *turn, *luck, *error, *clear_error, *has, *by_file;
	int in_tx;
	char why[600];
};

static int fail(rec_archive *a, const char *what)
{
	snprintf(a->why, sizeof a->why, "%s: %s", what, a->h ? sqlite3_errmsg(a->h) : "?");
	return -1;
}

const char *rec_archive_why(const rec_archive *a)
{
	return a->why;
}

/* Columns added since the first schema: table, column, type. */
static const char *const added_columns[][3] = {
	{"games", "over", "INTEGER"},
	{"games", "leader", "TEXT"},
	{"players", "leads", "INTEGER"},
};

static int has_column(sqlite3 *h, const char *table, const char *column)
{
	sqlite3_stmt *st;
	char sql[96];
	int found = 0;
	snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK)
		return 0;
	while (!found && sqlite3_step(st) == SQLITE_ROW)
		found = strcmp((const char *)sqlite3_column_text(st, 1), column) == 0;
	sqlite3_finalize(st);
	return found;
}

static int prepare(rec_archive *a)
{
#define PREP(st, sql) if (sqlite3_prepare_v2(a->h, sql, -1, &a->st, NULL) != SQLITE_OK) \
		return fail(a, "preparing " #st)
	PREP(game, "INSERT OR IGNORE INTO games (digest, file, game, rules, title, date, turns, events, "
		"winner, result, over, leader) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
	PREP(player, "INSERT INTO players (game_id, seat, player, name, colour, won, leads) "
		"VALUES (?,?,?,?,?,?,?)");
	PREP(metric, "INSERT INTO metrics VALUES (?,?,?,?,?,?)");
	PREP(turn, "INSERT INTO turns VALUES (?,?,?,?,?)");
	PREP(luck, "INSERT INTO luck VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
	PREP(error, "INSERT OR REPLACE INTO errors VALUES (?,?)");
	PREP(clear_error, "DELETE FROM errors WHERE file = ?");
	PREP(has, "SELECT 1 FROM games WHERE digest = ?");
	PREP(by_file, "SELECT digest FROM games WHERE file = ? ORDER BY id LIMIT 1");
#undef PREP
	return 0;
}

int rec_archive_open(rec_archive **out, const char *path, int busy_ms, char *why, size_t n)
{
	rec_archive *a = calloc(1, sizeof *a);
	*out = NULL;
	if (!a) {
		snprintf(why, n, "%s: out of memory", path);
		return -1;
	}
	if (sqlite3_open(path, &a->h) != SQLITE_OK)
		goto bad;
	if (busy_ms > 0)
		sqlite3_busy_timeout(a->h, busy_ms);
	if (sqlite3_exec(a->h, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK ||
	    rec_archive_begin(a) || sqlite3_exec(a->h, schema_sql, NULL, NULL, NULL) != SQLITE_OK) {
		fail(a, "creating the tables");
		goto out;
	}
	/* an archive an earlier sillage made: the columns it lacks (NULL in its rows) */
	for (size_t k = 0; k < sizeof added_columns / sizeof *added_columns; k++)
		if (!has_column(a->h, added_columns[k][0], added_columns[k][1])) {
			char sql[128];
			snprintf(sql, sizeof sql, "ALTER TABLE %s ADD COLUMN %s %s", added_columns[k][0],
				added_columns[k][1], added_columns[k][2]);
			if (sqlite3_exec(a->h, sql, NULL, NULL, NULL) != SQLITE_OK) {
				fail(a, "adding a column");
				goto out;
			}
		}
	if (rec_archive_commit(a) || prepare(a))
		goto out;
	*out = a;
	return 0;
bad:
	fail(a, path);
out:
	snprintf(why, n, "%s", a->why);
	rec_archive_close(a, 0, NULL, 0);
	return -1;
}

int rec_archive_close(rec_archive *a, int commit, char *why, size_t n)
{
	int rc = 0;
	if (!a)
		return 0;
	if (a->in_tx && commit && rec_archive_commit(a))
		rc = -1;
	else if (a->in_tx)
		rec_archive_rollback(a);
	sqlite3_finalize(a->game);
	sqlite3_finalize(a->player);
	sqlite3_finalize(a->metric);
	sqlite3_finalize(a->turn);
	sqlite3_finalize(a->luck);
	sqlite3_finalize(a->error);
	sqlite3_finalize(a->clear_error);
	sqlite3_finalize(a->has);
	sqlite3_finalize(a->by_file);
	if (sqlite3_close(a->h) != SQLITE_OK && rc == 0)
		rc = fail(a, "closing");
	if (rc && why)
		snprintf(why, n, "%s", a->why);
	free(a);
	return rc;
}

int rec_archive_begin(rec_archive *a)
{
	if (sqlite3_exec(a->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return fail(a, "BEGIN");
	a->in_tx = 1;
	return 0;
}

int rec_archive_commit(rec_archive *a)
{
	if (sqlite3_exec(a->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		fail(a, "COMMIT");
		rec_archive_rollback(a);
		return -1;
	}
	a->in_tx = 0;
	return 0;
}

void rec_archive_rollback(rec_archive *a)
{
	sqlite3_exec(a->h, "ROLLBACK", NULL, NULL, NULL);
	a->in_tx = 0;
}

static void bind_num(sqlite3_stmt *s, int i, double v)
{
	if (v != v)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_double(s, i, v);
}

static int step_reset(rec_archive *a, sqlite3_stmt *s, const char *what)
{
	int rc = sqlite3_step(s);
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return rc == SQLITE_DONE ? 0 : fail(a, what);
}

int rec_archive_digest(const sl_log *log, char out[17])
{
	sl_buf text;
	sl_buf_init(&text);
	if (sl_sil_write(log, &text) || text.failed) {
		sl_buf_free(&text);
		return -1;
	}
	snprintf(out, 17, "%016llx", (unsigned long long)sl_hash64(text.data, text.len));
	sl_buf_free(&text);
	return 0;
}

int rec_archive_error(rec_archive *a, const char *file, const sl_error *err)
{
	char msg[1024];
	sl_error_format(err, msg, sizeof msg);
	sqlite3_bind_text(a->error, 1, file, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(a->error, 2, msg, -1, SQLITE_TRANSIENT);
	return step_reset(a, a->error, "recording an error");
}

int rec_archive_has(rec_archive *a, const char *digest)
{
	int rc;
	sqlite3_bind_text(a->has, 1, digest, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(a->has);
	sqlite3_reset(a->has);
	sqlite3_clear_bindings(a->has);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : fail(a, "looking a game up");
}

int rec_archive_file_digest(rec_archive *a, const char *file, char out[17])
{
	int rc;
	sqlite3_bind_text(a->by_file, 1, file, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(a->by_file);
	if (rc == SQLITE_ROW)
		snprintf(out, 17, "%s", sqlite3_column_text(a->by_file, 0) ? (const char *)sqlite3_column_text(a->by_file, 0) : "");
	sqlite3_reset(a->by_file);
	sqlite3_clear_bindings(a->by_file);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : fail(a, "looking a file up");
}

int rec_archive_drop_file(rec_archive *a, const char *file)
{
	static const char *const tables[] = {"players", "metrics", "turns", "luck"};
	sqlite3_stmt *st;
	char sql[160];
	for (size_t k = 0; k <= sizeof tables / sizeof *tables; k++) {
		if (k < sizeof tables / sizeof *tables)
			snprintf(sql, sizeof sql, "DELETE FROM %s WHERE game_id IN (SELECT id FROM games WHERE file = ?)",
				tables[k]);
		else
			snprintf(sql, sizeof sql, "DELETE FROM games WHERE file = ?");
		if (sqlite3_prepare_v2(a->h, sql, -1, &st, NULL) != SQLITE_OK)
			return fail(a, "preparing a delete");
		sqlite3_bind_text(st, 1, file, -1, SQLITE_TRANSIENT);
		if (step_reset(a, st, "deleting a game's rows")) {
			sqlite3_finalize(st);
			return -1;
		}
		sqlite3_finalize(st);
	}
	return 0;
}

int rec_archive_rows(rec_archive *a, const char *sql, int (*row)(void *, int, char **, char **), void *ctx)
{
	int rc = sqlite3_exec(a->h, sql, row, ctx, NULL);
	return rc == SQLITE_OK ? 0 : fail(a, "reading");
}

/* The game's row; 0 added, 1 there already, -1 failed. */
static int add_game(rec_archive *a, const char *file, const sl_log *log, const sl_game_report *r,
	sqlite3_int64 *id)
{
	const sl_header *h = &log->h;
	char digest[17];
	if (rec_archive_digest(log, digest)) {
		snprintf(a->why, sizeof a->why, "out of memory");
		return -1;
	}
	sqlite3_bind_text(a->game, 1, digest, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(a->game, 2, file, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(a->game, 3, log->game->id, -1, SQLITE_STATIC);
	sqlite3_bind_int(a->game, 4, h->rules_version);
	sqlite3_bind_text(a->game, 5, h->title ? h->title : "", -1, SQLITE_TRANSIENT);
	if (h->date)
		sqlite3_bind_text(a->game, 6, h->date, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(a->game, 7, r->turns);
	sqlite3_bind_int64(a->game, 8, r->events);
	if (r->result.winner >= 0)
		sqlite3_bind_text(a->game, 9, h->players[r->result.winner].id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(a->game, 10, r->result.text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(a->game, 11, r->result.over);
	if (r->result.leader >= 0)
		sqlite3_bind_text(a->game, 12, h->players[r->result.leader].id, -1, SQLITE_TRANSIENT);
	if (step_reset(a, a->game, "adding a game"))
		return -1;
	if (sqlite3_changes(a->h) == 0)   /* the same game is there already */
		return 1;
	*id = sqlite3_last_insert_rowid(a->h);
	sqlite3_bind_text(a->clear_error, 1, file, -1, SQLITE_TRANSIENT);
	return step_reset(a, a->clear_error, "clearing an error");
}

/* Player p's metrics over the game and over each turn. */
static int add_metrics(rec_archive *a, sqlite3_int64 id, const sl_log *log, const sl_series *se, int p)
{
	const char *pid = log->h.players[p].id;
	for (int m = 0; m < se->nmetrics; m++) {
		const sl_metric_def *md = &se->metrics[m];
		sqlite3_bind_int64(a->metric, 1, id);
		sqlite3_bind_text(a->metric, 2, pid, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(a->metric, 3, md->name, -1, SQLITE_STATIC);
		sqlite3_bind_text(a->metric, 4, md->unit, -1, SQLITE_STATIC);
		sqlite3_bind_text(a->metric, 5, md->kind == SL_METRIC_SUM ? "sum" : "level", -1, SQLITE_STATIC);
		bind_num(a->metric, 6, sl_series_span(se, -1, (long)se->nsteps - 1, p, m));
		if (step_reset(a, a->metric, "adding a metric"))
			return -1;
		for (int t = 1; t <= se->turns; t++) {
			sqlite3_bind_int64(a->turn, 1, id);
			sqlite3_bind_int(a->turn, 2, t);
			sqlite3_bind_text(a->turn, 3, pid, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(a->turn, 4, md->name, -1, SQLITE_STATIC);
			bind_num(a->turn, 5, sl_series_span(se, sl_series_turn_end(se, t - 1),
				sl_series_turn_end(se, t), p, m));
			if (step_reset(a, a->turn, "adding a turn"))
				return -1;
		}
	}
	return 0;
}

static int add_luck(rec_archive *a, sqlite3_int64 id, const sl_log *log, const sl_game_report *r)
{
	for (int i = 0; i < r->luck->nrows; i++) {
		const sl_luck_row *w = &r->luck->rows[i];
		sqlite3_bind_int64(a->luck, 1, id);
		sqlite3_bind_text(a->luck, 2, sl_stats_side_name(log->game, &log->h, w->side), -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(a->luck, 3, r->luck->kinds[w->kind].name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(a->luck, 4, w->rolls);
		sqlite3_bind_int64(a->luck, 5, w->dice);
		bind_num(a->luck, 6, w->chi2);
		sqlite3_bind_int(a->luck, 7, w->df);
		bind_num(a->luck, 8, w->p);
		sqlite3_bind_int64(a->luck, 9, w->scored);
		bind_num(a->luck, 10, w->scored ? w->score : NAN);
		bind_num(a->luck, 11, w->scored ? w->expected : NAN);
		bind_num(a->luck, 12, w->z);
		if (step_reset(a, a->luck, "adding luck"))
			return -1;
	}
	return 0;
}

int rec_archive_add(rec_archive *a, const char *file, const sl_log *log, const sl_game_report *r)
{
	const sl_header *h = &log->h;
	sqlite3_int64 id = 0;
	int rc = add_game(a, file, log, r, &id);
	if (rc)
		return rc;
	for (int p = 0; p < h->nplayers; p++) {
		char col[8];
		snprintf(col, sizeof col, "#%06x", (unsigned)h->players[p].colour & 0xffffffu);
		sqlite3_bind_int64(a->player, 1, id);
		sqlite3_bind_int(a->player, 2, p);
		sqlite3_bind_text(a->player, 3, h->players[p].id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(a->player, 4, h->players[p].name ? h->players[p].name : "", -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(a->player, 5, col, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(a->player, 6, r->result.winner == p);
		sqlite3_bind_int(a->player, 7, r->result.leader == p);
		if (step_reset(a, a->player, "adding a player") || add_metrics(a, id, log, r->series, p))
			return -1;
	}
	return add_luck(a, id, log, r);
}
