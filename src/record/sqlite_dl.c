/* sqlite_dl.c - libsqlite3 opened when an SQLite archive is opened (`batch
 * --sqlite`, the club archive of `serve --dir`: archive.c), not when the
 * command starts: every other verb then neither maps nor relocates it (issue
 * 29: start-up at most 8 MB). The entry points archive.c uses are defined
 * here with sqlite3.h's own signatures and forward to the library opened by
 * dlopen on the first sqlite3_open; a missing library is said there and the
 * open fails (batch: exit 4). The binary does not export these names.
 * Another sqlite3_ call adds a line. */
#include "core/sl_core.h"
#include <pthread.h>
#include <stdio.h>

#include <sqlite3.h>

#define SQ_SONAME "libsqlite3.so.0"   /* Debian's package libsqlite3-0 */

#define SQ_FUNCS(X) \
	X(sqlite3_open) X(sqlite3_close) X(sqlite3_errmsg) X(sqlite3_exec) \
	X(sqlite3_prepare_v2) X(sqlite3_finalize) X(sqlite3_reset) X(sqlite3_step) \
	X(sqlite3_clear_bindings) X(sqlite3_bind_double) X(sqlite3_bind_int) \
	X(sqlite3_bind_int64) X(sqlite3_bind_null) X(sqlite3_bind_text) \
	X(sqlite3_changes) X(sqlite3_last_insert_rowid) X(sqlite3_column_text) \
	X(sqlite3_busy_timeout)

#define SQ_FIELD(name) __typeof__(&name) name;
static struct {
	SQ_FUNCS(SQ_FIELD)
} sq;
#undef SQ_FIELD

static pthread_once_t sq_once = PTHREAD_ONCE_INIT;
static char sq_why[400];   /* empty once every entry point is found */

static void sq_load(void)
{
	void *h;
	if (sl_dl_open(&h, SQ_SONAME, "libsqlite3-0", sq_why, sizeof sq_why))
		return;
#define SQ_SYM(name) \
	if (sl_dl_sym(h, SQ_SONAME, #name, (void **)&sq.name, sq_why, sizeof sq_why)) \
		return;
	SQ_FUNCS(SQ_SYM)
#undef SQ_SYM
}

int sqlite3_open(const char *path, sqlite3 **db)
{
	if (pthread_once(&sq_once, sq_load) != 0 || sq_why[0]) {
		fprintf(stderr, "sillage: %s\n", sq_why[0] ? sq_why : "cannot load libsqlite3");
		*db = NULL;
		return SQLITE_CANTOPEN;
	}
	return sq.sqlite3_open(path, db);
}

/* the others take a handle sqlite3_open made, so the library is open; a
 * close of NULL (a failed open) is harmless, as in SQLite itself */
int sqlite3_close(sqlite3 *db)
{
	return db ? sq.sqlite3_close(db) : SQLITE_OK;
}

const char *sqlite3_errmsg(sqlite3 *db)
{
	return sq.sqlite3_errmsg ? sq.sqlite3_errmsg(db) : sq_why;
}

int sqlite3_exec(sqlite3 *db, const char *sql, int (*cb)(void *, int, char **, char **), void *arg,
	char **errmsg)
{
	return sq.sqlite3_exec(db, sql, cb, arg, errmsg);
}

int sqlite3_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **st, const char **tail)
{
	return sq.sqlite3_prepare_v2(db, sql, n, st, tail);
}

int sqlite3_finalize(sqlite3_stmt *st)
{
	return st ? sq.sqlite3_finalize(st) : SQLITE_OK;
}

int sqlite3_reset(sqlite3_stmt *st)
{
	return sq.sqlite3_reset(st);
}

int sqlite3_step(sqlite3_stmt *st)
{
	return sq.sqlite3_step(st);
}

int sqlite3_clear_bindings(sqlite3_stmt *st)
{
	return sq.sqlite3_clear_bindings(st);
}

int sqlite3_bind_double(sqlite3_stmt *st, int k, double v)
{
	return sq.sqlite3_bind_double(st, k, v);
}

int sqlite3_bind_int(sqlite3_stmt *st, int k, int v)
{
	return sq.sqlite3_bind_int(st, k, v);
}

int sqlite3_bind_int64(sqlite3_stmt *st, int k, sqlite3_int64 v)
{
	return sq.sqlite3_bind_int64(st, k, v);
}

int sqlite3_bind_null(sqlite3_stmt *st, int k)
{
	return sq.sqlite3_bind_null(st, k);
}

int sqlite3_bind_text(sqlite3_stmt *st, int k, const char *v, int n, void (*del)(void *))
{
	return sq.sqlite3_bind_text(st, k, v, n, del);
}

int sqlite3_changes(sqlite3 *db)
{
	return sq.sqlite3_changes(db);
}

sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *db)
{
	return sq.sqlite3_last_insert_rowid(db);
}

const unsigned char *sqlite3_column_text(sqlite3_stmt *st, int col)
{
	return sq.sqlite3_column_text(st, col);
}

int sqlite3_busy_timeout(sqlite3 *db, int ms)
{
	return sq.sqlite3_busy_timeout(db, ms);
}
