/* archive.h - the SQLite archive of finished games (docs/batch.md, "The
 * SQLite archive"): the tables `sillage batch --sqlite DB` fills and the club
 * server keeps in DIR/club.sqlite (`serve --dir`, docs/serve.md), written by
 * the one code path here so that both hold the same rows for the same logs.
 * libsqlite3 is opened on the first rec_archive_open (sqlite_dl.c). Private
 * to src/record, src/serve and src/cli. */
#ifndef SL_RECORD_ARCHIVE_H
#define SL_RECORD_ARCHIVE_H

#include "core/sl_core.h"
#include "formats/sl_log.h"
#include "analyze/sl_stats.h"

#include <stddef.h>

typedef struct rec_archive rec_archive;

/* Opens path (made when missing), the tables made and the columns added
 * since an earlier sillage; busy_ms: how long a write or read waits for
 * another process's lock (0: not at all). 0 and *out (freed by
 * rec_archive_close), or -1 with why ("WHAT: sqlite's words"). */
int rec_archive_open(rec_archive **out, const char *path, int busy_ms, char *why, size_t n);
/* Ends it: the open transaction committed when commit, else rolled back.
 * 0, or -1 with the reason in why (the handle freed either way). */
int rec_archive_close(rec_archive *a, int commit, char *why, size_t n);
/* A transaction: BEGIN IMMEDIATE (the write lock taken at once), COMMIT, ROLLBACK. 0 or -1. */
int rec_archive_begin(rec_archive *a);
int rec_archive_commit(rec_archive *a);
void rec_archive_rollback(rec_archive *a);
/* The reason of the last failure: "WHAT: sqlite's words". */
const char *rec_archive_why(const rec_archive *a);
/* The game's identity: FNV-1a 64 of its canonical text (sl_sil_write), 16
 * hex digits. 0, or -1 when out of memory. */
int rec_archive_digest(const sl_log *log, char out[17]);
/* One game and its rows (players, metrics, turns, luck), its report r made
 * from log; file is the path it is known by. 0 added, 1 the same game (its
 * digest) is there already, -1 failed (rec_archive_why). */
int rec_archive_add(rec_archive *a, const char *file, const sl_log *log, const sl_game_report *r);
/* A file that failed, kept in `errors` (dropped once it is added sound). 0 or -1. */
int rec_archive_error(rec_archive *a, const char *file, const sl_error *err);
/* 1 when the game of digest is there, 0 when not, -1 failed. */
int rec_archive_has(rec_archive *a, const char *digest);
/* The digest of the game added from file: 1 and out, 0 none, -1 failed. */
int rec_archive_file_digest(rec_archive *a, const char *file, char out[17]);
/* Every row of the games added from file, and those games, deleted (a game
 * of the club whose log changed since it was added). 0 or -1. */
int rec_archive_drop_file(rec_archive *a, const char *file);
/* Each row of a query: row(ctx, ncols, values, names) as sqlite3_exec gives
 * them (text; NULL for SQL NULL); a non-zero return stops it, a failure. 0 or -1. */
int rec_archive_rows(rec_archive *a, const char *sql, int (*row)(void *, int, char **, char **), void *ctx);

#endif
