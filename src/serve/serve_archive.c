/* serve_archive.c - the club's archive (issue 27): DIR/club.sqlite, the
 * tables of `sillage batch --sqlite` (record/archive.h, the same code), with
 * a row per finished game of DIR (over by its rules, or closed by the host).
 * Built at start from the journals, brought up to date by one thread when a
 * game ends (serve_archive_poke) and before each /stats answer. Each game is
 * added in one transaction: a kill at any moment leaves the file as SQLite
 * left it (its journal rolled back at the next open), and whatever a kill
 * kept out is added again from the journals at the next start. A file that
 * cannot be written or read (locked, corrupt) stops nothing else: the games
 * go on, the failure is logged once, and every look tries again (a new file
 * in its place is built whole). */
#define _DEFAULT_SOURCE
#include "serve.h"
#include "record/archive.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define ARCHIVE_BUSY_MS 500     /* how long a look waits for another process's lock */
#define ARCHIVE_RETRY_S 5       /* a failing archive is tried again this often */

struct serve_archive {
	pthread_mutex_t mu;      /* the handle; one look at a time */
	rec_archive *a;
	char *path;
	dev_t dev;               /* the file opened: another in its place is opened anew */
	ino_t ino;
	long gen;                /* bumped at each open: every game looked at again */
	char why[800];           /* the failure said last ("" when none) */
	pthread_mutex_t qmu;     /* the pokes */
	pthread_cond_t qcond;
	int poked, stopping, th_on;
	pthread_t th;
};

static void fail_once(serve_archive *ar, const char *why)
{
	if (strcmp(ar->why, why) != 0)
		serve_log(NULL, NULL, "-", ar->path, 0, why);
	snprintf(ar->why, sizeof ar->why, "%s", why);
}

/* The handle, opened (again) when there is none or the file is not the
 * one opened. 0 or -1 (said). Holds ar->mu. */
static int archive_ready(serve_archive *ar)
{
	struct stat st;
	char why[700], msg[800];
	if (ar->a && stat(ar->path, &st) == 0 && st.st_dev == ar->dev && st.st_ino == ar->ino)
		return 0;
	rec_archive_close(ar->a, 0, NULL, 0);
	ar->a = NULL;
	if (rec_archive_open(&ar->a, ar->path, ARCHIVE_BUSY_MS, why, sizeof why) || stat(ar->path, &st) != 0) {
		if (ar->a)
			snprintf(why, sizeof why, "%s", strerror(errno));
		rec_archive_close(ar->a, 0, NULL, 0);
		ar->a = NULL;
		snprintf(msg, sizeof msg, "the club's archive cannot be opened: %s", why);
		fail_once(ar, msg);
		return -1;
	}
	ar->dev = st.st_dev;
	ar->ino = st.st_ino;
	ar->gen++;
	return 0;
}

/* A failure of the open handle: said once, the handle dropped (opened
 * again at the next look). Holds ar->mu. */
static int archive_broke(serve_archive *ar, const char *what)
{
	char msg[800];
	snprintf(msg, sizeof msg, "the club's archive cannot be %s: %s", what, rec_archive_why(ar->a));
	rec_archive_close(ar->a, 0, NULL, 0);
	ar->a = NULL;
	fail_once(ar, msg);
	return -1;
}

/* Game s (its journal read again from its file, as batch reads it) into the
 * archive, or out of it when it is not finished: 0, 1 the journal cannot be
 * read (said; looked at again when it changes), -1 the archive failed. */
static int archive_game(serve_archive *ar, const char *path, const char *file, int finished)
{
	char have[17] = "", digest[17];
	sl_log *log = NULL;
	sl_game_report *rep = NULL;
	sl_error err;
	int found = rec_archive_file_digest(ar->a, file, have), rc;
	if (found < 0)
		return archive_broke(ar, "read");
	if (!finished) {   /* a game taken back from its end (an undo): its row goes */
		if (!found)
			return 0;
		if (rec_archive_begin(ar->a) || rec_archive_drop_file(ar->a, file) || rec_archive_commit(ar->a))
			return archive_broke(ar, "written");
		return 0;
	}
	sl_error_clear(&err);
	if (sl_log_load(&log, path, &err) || sl_game_report_make(&rep, log, &err)) {
		char msg[1200], e[1024];
		sl_error_format(&err, e, sizeof e);
		snprintf(msg, sizeof msg, "not in the club's archive: %s", e);
		serve_log(NULL, NULL, "-", file, 0, msg);
		sl_log_free(log);
		return 1;
	}
	rc = rec_archive_digest(log, digest);
	if (rc == 0 && !(found && strcmp(have, digest) == 0)) {
		/* one row per file: the game as it is now replaces what it was */
		int there = rec_archive_has(ar->a, digest);   /* 1: the same game from another file */
		if (there < 0 || (there == 0 && (rec_archive_begin(ar->a) || rec_archive_drop_file(ar->a, file) ||
		    rec_archive_add(ar->a, file, log, rep) < 0 || rec_archive_commit(ar->a))))
			rc = -1;
	}
	sl_game_report_free(rep);
	sl_log_free(log);
	return rc < 0 ? archive_broke(ar, "written") : 0;
}

/* Every game of the club whose log or end changed since the last look. Holds ar->mu. */
static int archive_sync(club *cl, serve_archive *ar)
{
	server **v;
	int n, rc = 0;
	if (archive_ready(ar))
		return -1;
	pthread_mutex_lock(&cl->lock);
	n = cl->ngames;
	v = malloc(sizeof *v * (size_t)(n ? n : 1));
	if (v)
		memcpy(v, cl->games, sizeof *v * (size_t)n);
	pthread_mutex_unlock(&cl->lock);
	if (!v)
		return -1;
	for (int k = 0; k < n && rc >= 0; k++) {
		server *s = v[k];
		int over, winner, finished, closed, r;
		size_t len;
		char *path, file[80];
		pthread_mutex_lock(&s->lock);
		serve_game_outcome(s, &over, &winner);
		closed = s->rc.closed;
		finished = s->rc.log && (over || closed);
		len = s->rc.log ? s->rc.log->n : 0;
		if (s->arch_gen == ar->gen && s->arch_n == len && s->arch_closed == closed) {
			pthread_mutex_unlock(&s->lock);
			continue;
		}
		path = sl_strndup(s->o.path, strlen(s->o.path));
		snprintf(file, sizeof file, "%s.silb", s->name);
		pthread_mutex_unlock(&s->lock);
		if (!path) {
			rc = -1;
			break;
		}
		r = archive_game(ar, path, file, finished);
		sl_free(path);
		if (r < 0) {
			rc = -1;
			break;
		}
		pthread_mutex_lock(&s->lock);   /* looked at as it was then: a later change is seen next time */
		s->arch_gen = ar->gen;
		s->arch_n = len;
		s->arch_closed = closed;
		s->arch_in = finished && r == 0;
		pthread_mutex_unlock(&s->lock);
	}
	free(v);
	if (rc == 0 && ar->why[0]) {
		serve_log(NULL, NULL, "-", ar->path, 0, "the club's archive is written again");
		ar->why[0] = 0;
	}
	return rc;
}

static void *archive_thread(void *arg)
{
	club *cl = arg;
	serve_archive *ar = cl->arch;
	int failing = 0;   /* the last look failed: looked at again within ARCHIVE_RETRY_S */
	for (;;) {
		pthread_mutex_lock(&ar->qmu);
		while (!ar->poked && !ar->stopping) {
			struct timespec ts;
			if (!failing) {
				pthread_cond_wait(&ar->qcond, &ar->qmu);
				continue;
			}
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_sec += ARCHIVE_RETRY_S;
			if (pthread_cond_timedwait(&ar->qcond, &ar->qmu, &ts) == ETIMEDOUT)
				break;
		}
		if (ar->stopping) {
			pthread_mutex_unlock(&ar->qmu);
			return NULL;
		}
		ar->poked = 0;
		pthread_mutex_unlock(&ar->qmu);
		pthread_mutex_lock(&ar->mu);
		failing = archive_sync(cl, ar) != 0;
		pthread_mutex_unlock(&ar->mu);
	}
}

int serve_archive_start(club *cl)
{
	serve_archive *ar = calloc(1, sizeof *ar);
	if (!ar)
		return -1;
	ar->path = sl_malloc(strlen(cl->o.dir) + sizeof "/club.sqlite");
	if (!ar->path) {
		free(ar);
		return -1;
	}
	sprintf(ar->path, "%s/club.sqlite", cl->o.dir);
	pthread_mutex_init(&ar->mu, NULL);
	pthread_mutex_init(&ar->qmu, NULL);
	pthread_cond_init(&ar->qcond, NULL);
	cl->arch = ar;
	ar->poked = 1;   /* the games finished before this start, at once */
	ar->th_on = pthread_create(&ar->th, NULL, archive_thread, cl) == 0;
	return ar->th_on ? 0 : -1;
}

void serve_archive_stop(club *cl)
{
	serve_archive *ar = cl->arch;
	if (!ar)
		return;
	pthread_mutex_lock(&ar->qmu);
	ar->stopping = 1;
	pthread_cond_signal(&ar->qcond);
	pthread_mutex_unlock(&ar->qmu);
	if (ar->th_on)
		pthread_join(ar->th, NULL);
	rec_archive_close(ar->a, 0, NULL, 0);
	pthread_mutex_destroy(&ar->mu);
	pthread_mutex_destroy(&ar->qmu);
	pthread_cond_destroy(&ar->qcond);
	sl_free(ar->path);
	free(ar);
	cl->arch = NULL;
}

void serve_archive_poke(club *cl)
{
	serve_archive *ar = cl ? cl->arch : NULL;
	if (!ar)
		return;
	pthread_mutex_lock(&ar->qmu);
	ar->poked = 1;
	pthread_cond_signal(&ar->qcond);
	pthread_mutex_unlock(&ar->qmu);
}

int serve_archive_read(club *cl, int (*fn)(void *, rec_archive *), void *ctx, char *why, size_t n)
{
	serve_archive *ar = cl->arch;
	int rc;
	if (!ar) {
		snprintf(why, n, "no archive: a club's (serve --dir)");
		return -1;
	}
	pthread_mutex_lock(&ar->mu);
	rc = archive_sync(cl, ar);
	if (rc == 0 && fn(ctx, ar->a)) {
		archive_broke(ar, "read");
		rc = -1;
	}
	if (rc)
		snprintf(why, n, "%s", ar->why[0] ? ar->why : "the club's archive cannot be read");
	pthread_mutex_unlock(&ar->mu);
	return rc;
}

const char *serve_archive_path(const club *cl)
{
	return cl->arch ? cl->arch->path : "";
}
