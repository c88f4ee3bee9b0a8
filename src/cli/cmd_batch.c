/* cmd_batch.c - the batch verb: one line per game (or per turn) over many
 * logs, in parallel on one machine with the output in the order of the
 * inputs whatever the number of jobs, and the same into an SQLite archive
 * (docs/batch.md). Workers read and analyse; one writer, this thread,
 * writes lines and rows in input order, so memory holds a window of games,
 * not the whole batch. */
#include "cli.h"
#include "record/archive.h"

#include <dirent.h>
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <pthread.h>
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

/* An archive of many games given as a FILE: each of its games, as
 * ARCHIVE:NAME, in the archive's order. */
static int add_archive(flist *f, const char *path)
{
	sl_sila *a;
	sl_error err;
	int rc = 0;
	sl_error_clear(&err);
	if (sl_sila_open(&a, path, &err))
		return cli_report(&err);
	for (size_t i = 0; i < sl_sila_count(a) && !rc; i++) {
		const char *name = sl_sila_at(a, i)->name;
		size_t n = strlen(path) + strlen(name) + 2;
		char *p = malloc(n);
		if (!p)
			rc = EXIT_IO;
		else {
			snprintf(p, n, "%s:%s", path, name);
			rc = flist_add(f, p) ? EXIT_IO : 0;
			free(p);
		}
	}
	sl_sila_close(a);
	return rc;
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
	int wwait;               /* the writer sleeps on ready, */
	int rwait;               /* and this many workers on room */
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

/* Under p->mu: wakes the writer when the game it waits for is done and
 * the window is full or every game has been handed out, so that it wakes
 * once for a run of games rather than once a game (a wake-up between two
 * cores cost 7% of a batch's CPU). */
static void wake_writer(pool *p)
{
	if (p->wwait && p->written < p->files->n && p->slots[p->written % p->window].done &&
	    (p->next >= p->files->n || p->next >= p->written + p->window))
		pthread_cond_signal(&p->ready);
}

static void *worker(void *arg)
{
	pool *p = arg;
	for (;;) {
		size_t i;
		slot *s;
		pthread_mutex_lock(&p->mu);
		while (p->next < p->files->n && p->next >= p->written + p->window) {
			wake_writer(p);
			p->rwait++;
			pthread_cond_wait(&p->room, &p->mu);
			p->rwait--;
		}
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
		wake_writer(p);
		pthread_mutex_unlock(&p->mu);
	}
}

/* One game (or a file that failed) into the archive (record/archive.h, the
 * code the club server writes its archive with): EXIT_OK or EXIT_IO, said. */
static int db_add(rec_archive *d, const char *file, const slot *s, long *added, long *dups)
{
	int r = s->failed ? rec_archive_error(d, file, &s->err) : rec_archive_add(d, file, s->log, s->rep);
	if (r < 0) {
		fprintf(stderr, "sillage: batch: sqlite: %s\n", rec_archive_why(d));
		return EXIT_IO;
	}
	if (!s->failed)
		*(r == 1 ? dups : added) += 1;
	return EXIT_OK;
}

static int db_open(rec_archive **d, const char *path)
{
	char why[700];
	if (rec_archive_open(d, path, 0, why, sizeof why) == 0 && rec_archive_begin(*d) == 0)
		return EXIT_OK;
	if (*d) {
		snprintf(why, sizeof why, "%s", rec_archive_why(*d));
		rec_archive_close(*d, 0, NULL, 0);
		*d = NULL;
	}
	fprintf(stderr, "sillage: batch: sqlite: %s\n", why);
	return EXIT_IO;
}

static int db_close(rec_archive *d, int commit)
{
	char why[700];
	if (rec_archive_close(d, commit, why, sizeof why) == 0)
		return EXIT_OK;
	fprintf(stderr, "sillage: batch: sqlite: %s\n", why);
	return EXIT_IO;
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
	rec_archive *d = NULL;
	long errors = 0, added = 0, dups = 0;
	memset(&a, 0, sizeof a);
	a.jobs = 1;
#ifdef __GLIBC__
	/* Each game allocates and frees the same few large blocks (a rules
	 * state, the analysis's context): glibc would give them back to the
	 * system at every free and fault them in again at every game (the
	 * third of ti4's system time); keep them, up to 32 MB a job. */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
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
		else if (sl_sila_is_file(path))
			rc = add_archive(&files, path);
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
		while (!s->done) {
			p.wwait = 1;
			pthread_cond_wait(&p.ready, &p.mu);
			p.wwait = 0;
		}
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
		if (d && rc == EXIT_OK)
			rc = db_add(d, files.v[k], s, &added, &dups);
		sl_buf_free(&s->lines);
		sl_game_report_free(s->rep);
		sl_log_free(s->log);
		memset(s, 0, sizeof *s);
		pthread_mutex_lock(&p.mu);
		p.written = k + 1;
		if (p.rwait)
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
	if (d) {
		int c = db_close(d, rc == EXIT_OK);
		d = NULL;
		if (rc == EXIT_OK)
			rc = c;
		if (!a.quiet && rc == EXIT_OK)
			fprintf(stderr, "sillage: %s: %ld games added, %ld already there, %ld files with errors\n",
				a.db, added, dups, errors);
	}
	if (rc == EXIT_OK && errors)
		rc = EXIT_FAIL;
done:
	if (d)
		db_close(d, 0);
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
