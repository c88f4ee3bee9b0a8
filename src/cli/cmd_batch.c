/* cmd_batch.c - the batch verb: one line per game (or per turn) over many
 * logs, in parallel on one machine with the output in the order of the
 * inputs whatever the number of jobs, and the same into an SQLite archive
 * (docs/batch.md). Workers read and analyse; one writer, this thread,
 * writes lines and rows in input order, so memory holds a window of games,
 * not the whole batch. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct batch_args {
	const char *out;
	const char *db;
	int per;             /* SL_STATS_GAME or SL_STATS_TURN */
	int fmt;             /* SL_BATCH_* */
	long jobs;
	int quiet;
} batch_args;

static int batch_opt(int key, const char *arg, void *ctx)
{
	batch_args *a = ctx;
	switch (key) {
	case 'o':
		a->out = arg;
		break;
	case 'S':
		a->db = arg;
		break;
	case 'c':
		a->fmt = SL_BATCH_CSV;
		break;
	case 'q':
		a->quiet = 1;
		break;
	case 'P':
		if (strcmp(arg, "game") == 0)
			a->per = SL_STATS_GAME;
		else if (strcmp(arg, "turn") == 0)
			a->per = SL_STATS_TURN;
		else
			return cli_usage("batch", "bad --per '%s' (expected game or turn)", arg);
		break;
	case 'j':
		if (cli_parse_long(arg, 1, 256, &a->jobs))
			return cli_usage("batch", "bad --jobs '%s' (1..256)", arg);
		break;
	}
	return 0;
}

/* ---- the list of files -------------------------------------------------------------- */

typedef struct flist {
	char **v;
	size_t n, cap;
} flist;

static int flist_add(flist *f, const char *path)
{
	if (f->n == f->cap) {
		size_t c = f->cap ? f->cap * 2 : 64;
		char **q = realloc(f->v, c * sizeof *q);
		if (!q)
			return -1;
		f->v = q;
		f->cap = c;
	}
	if (!(f->v[f->n] = strdup(path)))
		return -1;
	f->n++;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_log_name(const char *s)
{
	size_t n = strlen(s);
	return (n > 4 && strcmp(s + n - 4, ".sil") == 0) || (n > 5 && strcmp(s + n - 5, ".silb") == 0);
}

/* A folder's logs (*.sil, *.silb), in its subfolders too, unsorted. */
static int add_tree(flist *f, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int rc = 0;
	if (!d) {
		fprintf(stderr, "sillage: %s: %s\n", dir, strerror(errno));
		return EXIT_INPUT;
	}
	while (!rc && (e = readdir(d))) {
		char *p;
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		p = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!p) {
			rc = EXIT_IO;
			break;
		}
		sprintf(p, "%s/%s", dir, e->d_name);
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
			rc = add_tree(f, p);
		else if (is_log_name(e->d_name) && flist_add(f, p))
			rc = EXIT_IO;
		free(p);
	}
	closedir(d);
	return rc;
}

/* The same, sorted by the whole path in byte order (as `find | LC_ALL=C sort`). */
static int add_dir(flist *f, const char *dir)
{
	size_t start = f->n;
	int rc = add_tree(f, dir);
	if (!rc)
		qsort(f->v + start, f->n - start, sizeof *f->v, cmp_str);
	return rc;
}

/* ---- one game ----------------------------------------------------------------------- */

typedef struct slot {
	int done;
	sl_buf lines;
	sl_log *log;             /* kept for the database */
	sl_game_report *rep;
	sl_error err;
	int failed;
} slot;

typedef struct pool {
	const batch_args *a;
	const flist *files;
	size_t window;           /* slots */
	slot *slots;
	size_t next;             /* next file a worker takes */
	size_t written;          /* files the writer is done with */
	pthread_mutex_t mu;
	pthread_cond_t ready;    /* a slot is done */
	pthread_cond_t room;     /* the writer freed a slot */
} pool;

static void analyse(const batch_args *a, const char *file, slot *s)
{
	sl_error_clear(&s->err);
	sl_buf_init(&s->lines);
	s->failed = 0;
	if (sl_log_load(&s->log, file, &s->err) ||
	    sl_game_report_make(&s->rep, s->log, &s->err)) {
		s->failed = 1;
		sl_batch_error_line(file, &s->err, a->fmt, &s->lines);
		sl_log_free(s->log);
		s->log = NULL;
		return;
	}
	sl_batch_lines(s->rep, file, a->fmt, a->per, &s->lines);
	if (!a->db) {   /* the lines are all the writer needs */
		sl_game_report_free(s->rep);
		sl_log_free(s->log);
		s->rep = NULL;
		s->log = NULL;
	}
}

static void *worker(void *arg)
{
	pool *p = arg;
	for (;;) {
		size_t i;
		slot *s;
		pthread_mutex_lock(&p->mu);
		while (p->next < p->files->n && p->next >= p->written + p->window)
			pthread_cond_wait(&p->room, &p->mu);
		if (p->next >= p->files->n) {
			pthread_mutex_unlock(&p->mu);
			return NULL;
		}
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		s = &p->slots[i % p->window];
		analyse(p->a, p->files->v[i], s);
		pthread_mutex_lock(&p->mu);
		s->done = 1;
		pthread_cond_broadcast(&p->ready);
		pthread_mutex_unlock(&p->mu);
	}
}

/* ---- the database (schema in docs/batch.md) -------------------------------------------- */

static const char schema_sql[] =
	"PRAGMA foreign_keys = ON;\n"
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

typedef struct db {
	sqlite3 *h;
	sqlite3_stmt *game, *player, *metric, *turn, *luck, *error, *clear_error;
	long added, dups;
} db;

static int db_fail(db *d, const char *what)
{
	fprintf(stderr, "sillage: batch: sqlite: %s: %s\n", what, d->h ? sqlite3_errmsg(d->h) : "?");
	return EXIT_IO;
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

static int db_open(db *d, const char *path)
{
	memset(d, 0, sizeof *d);
	if (sqlite3_open(path, &d->h) != SQLITE_OK)
		return db_fail(d, path);
	if (sqlite3_exec(d->h, schema_sql, NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(d, "creating the tables");
	/* an archive an earlier sillage made: the columns it lacks (NULL in its rows) */
	for (size_t k = 0; k < sizeof added_columns / sizeof *added_columns; k++)
		if (!has_column(d->h, added_columns[k][0], added_columns[k][1])) {
			char sql[128];
			snprintf(sql, sizeof sql, "ALTER TABLE %s ADD COLUMN %s %s", added_columns[k][0],
				added_columns[k][1], added_columns[k][2]);
			if (sqlite3_exec(d->h, sql, NULL, NULL, NULL) != SQLITE_OK)
				return db_fail(d, "adding a column");
		}
#define PREP(st, sql) if (sqlite3_prepare_v2(d->h, sql, -1, &d->st, NULL) != SQLITE_OK) \
		return db_fail(d, "preparing " #st)
	PREP(game, "INSERT OR IGNORE INTO games (digest, file, game, rules, title, date, turns, events, "
		"winner, result, over, leader) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
	PREP(player, "INSERT INTO players (game_id, seat, player, name, colour, won, leads) "
		"VALUES (?,?,?,?,?,?,?)");
	PREP(metric, "INSERT INTO metrics VALUES (?,?,?,?,?,?)");
	PREP(turn, "INSERT INTO turns VALUES (?,?,?,?,?)");
	PREP(luck, "INSERT INTO luck VALUES (?,?,?,?,?,?,?,?,?,?,?,?)");
	PREP(error, "INSERT OR REPLACE INTO errors VALUES (?,?)");
	PREP(clear_error, "DELETE FROM errors WHERE file = ?");
#undef PREP
	if (sqlite3_exec(d->h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(d, "BEGIN");
	return EXIT_OK;
}

static int db_close(db *d, int commit)
{
	int rc = EXIT_OK;
	if (!d->h)
		return EXIT_OK;
	if (commit && sqlite3_exec(d->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		rc = db_fail(d, "COMMIT");
	sqlite3_finalize(d->game);
	sqlite3_finalize(d->player);
	sqlite3_finalize(d->metric);
	sqlite3_finalize(d->turn);
	sqlite3_finalize(d->luck);
	sqlite3_finalize(d->error);
	sqlite3_finalize(d->clear_error);
	if (sqlite3_close(d->h) != SQLITE_OK && rc == EXIT_OK)
		rc = db_fail(d, "closing");
	d->h = NULL;
	return rc;
}

static void bind_num(sqlite3_stmt *s, int i, double v)
{
	if (v != v)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_double(s, i, v);
}

static int step_reset(db *d, sqlite3_stmt *s, const char *what)
{
	int rc = sqlite3_step(s);
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return rc == SQLITE_DONE ? EXIT_OK : db_fail(d, what);
}

static int db_add(db *d, const char *file, const slot *s)
{
	const sl_game_report *r = s->rep;
	const sl_log *log = s->log;
	const sl_header *h;
	const sl_series *se;
	sl_buf text;
	sqlite3_int64 id;
	char digest[17];
	int rc;
	if (s->failed) {
		char msg[1024];
		sl_error_format(&s->err, msg, sizeof msg);
		sqlite3_bind_text(d->error, 1, file, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(d->error, 2, msg, -1, SQLITE_TRANSIENT);
		return step_reset(d, d->error, "recording an error");
	}
	h = &log->h;
	se = r->series;
	/* the game's identity: its canonical text, whatever file or coding it came in */
	sl_buf_init(&text);
	if (sl_sil_write(log, &text) || text.failed) {
		sl_buf_free(&text);
		fprintf(stderr, "sillage: batch: out of memory\n");
		return EXIT_IO;
	}
	snprintf(digest, sizeof digest, "%016llx", (unsigned long long)sl_hash64(text.data, text.len));
	sl_buf_free(&text);
	sqlite3_bind_text(d->game, 1, digest, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(d->game, 2, file, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(d->game, 3, log->game->id, -1, SQLITE_STATIC);
	sqlite3_bind_int(d->game, 4, h->rules_version);
	sqlite3_bind_text(d->game, 5, h->title ? h->title : "", -1, SQLITE_TRANSIENT);
	if (h->date)
		sqlite3_bind_text(d->game, 6, h->date, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(d->game, 7, r->turns);
	sqlite3_bind_int64(d->game, 8, r->events);
	if (r->result.winner >= 0)
		sqlite3_bind_text(d->game, 9, h->players[r->result.winner].id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(d->game, 10, r->result.text, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(d->game, 11, r->result.over);
	if (r->result.leader >= 0)
		sqlite3_bind_text(d->game, 12, h->players[r->result.leader].id, -1, SQLITE_TRANSIENT);
	if ((rc = step_reset(d, d->game, "adding a game")))
		return rc;
	if (sqlite3_changes(d->h) == 0) {   /* the same game is there already */
		d->dups++;
		return EXIT_OK;
	}
	id = sqlite3_last_insert_rowid(d->h);
	sqlite3_bind_text(d->clear_error, 1, file, -1, SQLITE_TRANSIENT);
	if ((rc = step_reset(d, d->clear_error, "clearing an error")))
		return rc;
	d->added++;
	for (int p = 0; p < h->nplayers; p++) {
		char col[8];
		snprintf(col, sizeof col, "#%06x", (unsigned)h->players[p].colour & 0xffffffu);
		sqlite3_bind_int64(d->player, 1, id);
		sqlite3_bind_int(d->player, 2, p);
		sqlite3_bind_text(d->player, 3, h->players[p].id, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(d->player, 4, h->players[p].name ? h->players[p].name : "", -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(d->player, 5, col, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(d->player, 6, r->result.winner == p);
		sqlite3_bind_int(d->player, 7, r->result.leader == p);
		if ((rc = step_reset(d, d->player, "adding a player")))
			return rc;
		for (int m = 0; m < se->nmetrics; m++) {
			const sl_metric_def *md = &se->metrics[m];
			sqlite3_bind_int64(d->metric, 1, id);
			sqlite3_bind_text(d->metric, 2, h->players[p].id, -1, SQLITE_TRANSIENT);
			sqlite3_bind_text(d->metric, 3, md->name, -1, SQLITE_STATIC);
			sqlite3_bind_text(d->metric, 4, md->unit, -1, SQLITE_STATIC);
			sqlite3_bind_text(d->metric, 5, md->kind == SL_METRIC_SUM ? "sum" : "level", -1, SQLITE_STATIC);
			bind_num(d->metric, 6, sl_series_span(se, -1, (long)se->nsteps - 1, p, m));
			if ((rc = step_reset(d, d->metric, "adding a metric")))
				return rc;
			for (int t = 1; t <= se->turns; t++) {
				sqlite3_bind_int64(d->turn, 1, id);
				sqlite3_bind_int(d->turn, 2, t);
				sqlite3_bind_text(d->turn, 3, h->players[p].id, -1, SQLITE_TRANSIENT);
				sqlite3_bind_text(d->turn, 4, md->name, -1, SQLITE_STATIC);
				bind_num(d->turn, 5, sl_series_span(se, sl_series_turn_end(se, t - 1),
					sl_series_turn_end(se, t), p, m));
				if ((rc = step_reset(d, d->turn, "adding a turn")))
					return rc;
			}
		}
	}
	for (int i = 0; i < r->luck->nrows; i++) {
		const sl_luck_row *w = &r->luck->rows[i];
		sqlite3_bind_int64(d->luck, 1, id);
		sqlite3_bind_text(d->luck, 2, sl_stats_side_name(log->game, h, w->side), -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(d->luck, 3, r->luck->kinds[w->kind].name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(d->luck, 4, w->rolls);
		sqlite3_bind_int64(d->luck, 5, w->dice);
		bind_num(d->luck, 6, w->chi2);
		sqlite3_bind_int(d->luck, 7, w->df);
		bind_num(d->luck, 8, w->p);
		sqlite3_bind_int64(d->luck, 9, w->scored);
		bind_num(d->luck, 10, w->scored ? w->score : NAN);
		bind_num(d->luck, 11, w->scored ? w->expected : NAN);
		bind_num(d->luck, 12, w->z);
		if ((rc = step_reset(d, d->luck, "adding luck")))
			return rc;
	}
	return EXIT_OK;
}

/* ---- the verb ---------------------------------------------------------------------------- */

static void progress(size_t done, size_t n, long errors)
{
	int w = 30, k = n ? (int)(done * (size_t)w / n) : w;
	fprintf(stderr, "\rbatch: [%.*s%*s] %zu/%zu games", k, "##############################", w - k, "",
		done, n);
	if (errors)
		fprintf(stderr, ", %ld %s", errors, errors == 1 ? "error" : "errors");
	fputs("  ", stderr);
	if (done == n)
		fputc('\n', stderr);
	fflush(stderr);
}

int cmd_batch(int argc, char **argv)
{
	batch_args a;
	flist files = {NULL, 0, 0};
	pool p;
	pthread_t th[256];
	int nth = 0, i, rc = EXIT_OK, show;
	FILE *out = NULL;
	db d;
	long errors = 0;
	memset(&a, 0, sizeof a);
	memset(&d, 0, sizeof d);
	a.jobs = 1;
	a.per = SL_STATS_GAME;
	i = cli_parse(cli_find("batch"), argc, argv, batch_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (i == argc)
		return cli_usage("batch", "expected FILEs or a DIR");
	for (; i < argc; i++) {
		struct stat st;
		char *path = strdup(argv[i]);
		size_t n;
		if (!path)
			return EXIT_IO;
		n = strlen(path);
		while (n > 1 && path[n - 1] == '/')
			path[--n] = 0;
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			rc = add_dir(&files, path);
		else if (flist_add(&files, path))
			rc = EXIT_IO;
		free(path);
		if (rc)
			goto done;
	}
	if (a.out && strcmp(a.out, "-") == 0)   /* -o -: standard output, as every verb */
		out = stdout;
	else if (a.out) {
		out = fopen(a.out, "w");
		if (!out) {
			fprintf(stderr, "sillage: %s: %s\n", a.out, strerror(errno));
			rc = EXIT_IO;
			goto done;
		}
	} else if (!a.db)
		out = stdout;
	if (a.db && (rc = db_open(&d, a.db)))
		goto done;
	if (out && a.fmt == SL_BATCH_CSV)
		fputs(sl_batch_csv_header(), out);
	show = !a.quiet && isatty(2) && files.n > 0;
	memset(&p, 0, sizeof p);
	p.a = &a;
	p.files = &files;
	p.window = (size_t)a.jobs * 8;
	p.slots = calloc(p.window, sizeof *p.slots);
	if (!p.slots) {
		rc = EXIT_IO;
		goto done;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.ready, NULL);
	pthread_cond_init(&p.room, NULL);
	for (nth = 0; nth < a.jobs && (size_t)nth < files.n; nth++)
		if (pthread_create(&th[nth], NULL, worker, &p)) {
			fprintf(stderr, "sillage: batch: cannot start job %d\n", nth + 1);
			break;
		}
	if (nth == 0 && files.n) {
		rc = EXIT_IO;
		goto done;
	}
	for (size_t k = 0; k < files.n; k++) {
		slot *s = &p.slots[k % p.window];
		pthread_mutex_lock(&p.mu);
		while (!s->done)
			pthread_cond_wait(&p.ready, &p.mu);
		pthread_mutex_unlock(&p.mu);
		if (s->failed) {
			errors++;
			if (!out) {   /* a database run without -o says which files failed */
				char msg[1024];
				sl_error_format(&s->err, msg, sizeof msg);
				fprintf(stderr, "sillage: %s\n", msg);
			}
		}
		if (out && s->lines.len && fwrite(s->lines.data, 1, s->lines.len, out) != s->lines.len &&
		    rc == EXIT_OK) {
			fprintf(stderr, "sillage: batch: cannot write the output\n");
			rc = EXIT_IO;
		}
		if (d.h && rc == EXIT_OK)
			rc = db_add(&d, files.v[k], s);
		sl_buf_free(&s->lines);
		sl_game_report_free(s->rep);
		sl_log_free(s->log);
		memset(s, 0, sizeof *s);
		pthread_mutex_lock(&p.mu);
		p.written = k + 1;
		pthread_cond_broadcast(&p.room);
		pthread_mutex_unlock(&p.mu);
		if (show && (k + 1 == files.n || (k + 1) % (files.n / 100 + 1) == 0))
			progress(k + 1, files.n, errors);
	}
	for (int t = 0; t < nth; t++)
		pthread_join(th[t], NULL);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.ready);
	pthread_cond_destroy(&p.room);
	free(p.slots);
	if (d.h) {
		int c = db_close(&d, rc == EXIT_OK);
		if (rc == EXIT_OK)
			rc = c;
		if (!a.quiet && rc == EXIT_OK)
			fprintf(stderr, "sillage: %s: %ld games added, %ld already there, %ld files with errors\n",
				a.db, d.added, d.dups, errors);
	}
	if (rc == EXIT_OK && errors)
		rc = EXIT_FAIL;
done:
	if (d.h)
		db_close(&d, 0);
	if (out && out != stdout && fclose(out) && rc == EXIT_OK) {
		fprintf(stderr, "sillage: %s: %s\n", a.out, strerror(errno));
		rc = EXIT_IO;
	} else if (out == stdout && fflush(stdout) && rc == EXIT_OK)
		rc = EXIT_IO;
	for (size_t k = 0; k < files.n; k++)
		free(files.v[k]);
	free(files.v);
	return rc;
}
