/* sl_log.h - a game log in memory and its text codec (.sil, formats/sil.md).
 * The codec is generic over the game's schema: it never knows a game. */
#ifndef SL_LOG_H
#define SL_LOG_H

#include "games/sl_game.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SL_SIL_VERSION 1
#define SL_SIL_MAX_LINE 65536          /* bytes in one line */
#define SL_SIL_MAX_FILE (1u << 30)     /* bytes in one text log */
#define SL_LOG_MAX_ENTRIES 50000000u

/* A log: header plus entries (events and turn/phase markers) in order.
 * Event strings and lists live in the log's arena. */
typedef struct sl_log {
	sl_header h;
	const sl_game *game;       /* resolved from h.game */
	size_t n, cap;
	sl_event *ev;
	sl_arena arena;
	char *tail_comment;        /* "#" lines after the last entry */
	char *name;                /* file name for messages */
} sl_log;

/* An empty log for `game`; the header takes copies of nothing yet. */
sl_log *sl_log_new(const sl_game *game);
void sl_log_free(sl_log *log);

/* Parses a whole .sil text. `name` is used in error positions. On error
 * *out is NULL and err holds FILE:LINE:COL and what was expected. */
int sl_sil_read(sl_log **out, const char *name, const char *text, size_t n,
	sl_error *err);
/* Reads a log from a file, choosing the codec by content. */
int sl_log_load(sl_log **out, const char *path, sl_error *err);

/* Parses one line in the body syntax (an event, a marker, an @note or
 * @bookmark line, a comment) against the log's schema, for the recorder.
 * Returns 1 and fills *out for an event or marker, 0 for a line that
 * carries no entry (blank, comment, annotation: applied to the log's last
 * entry by the caller via sl_sil_annotate), <0 on error. Values are
 * allocated in the log's arena. A die written "?" is stored as 0: the
 * caller fills it before applying. */
int sl_sil_parse_line(sl_log *log, const char *line, size_t n, uint32_t lineno,
	sl_event *out, sl_error *err);
/* If line is "@note ..." or "@bookmark ...", sets it on ev (arena copy)
 * and returns 1; 0 if the line is not an annotation. */
int sl_sil_annotate(sl_log *log, sl_event *ev, const char *line, size_t n);
/* Parses one header line ("title ...", "player ..."), for the recorder;
 * 1 if it was a header line, 0 if not, <0 on error. */
int sl_sil_parse_header_line(sl_header *h, const char *name, const char *line,
	size_t n, uint32_t lineno, sl_error *err);

/* Appends a copy of ev (its strings and lists copied into the arena). */
int sl_log_append(sl_log *log, const sl_event *ev);
/* Drops the last entry (undo). */
void sl_log_pop(sl_log *log);

/* Canonical text: reading then writing a canonical file gives the same
 * bytes. Check suffixes are written as recorded. */
int sl_sil_write(const sl_log *log, sl_buf *out);
void sl_sil_write_header(const sl_header *h, sl_buf *out);
/* One entry with its comment and annotation lines. */
void sl_sil_write_entry(const sl_log *log, const sl_event *ev, sl_buf *out);
/* Just the value of field f of ev, as it appears after "name=". */
void sl_sil_write_value(const sl_schema *s, const sl_field_def *fd,
	const sl_value *v, sl_buf *out);

/* Writes bytes to path atomically: a temporary file in the same folder,
 * fsync, rename. Returns 0 or SL_EIO with err set. */
int sl_write_file_atomic(const char *path, const void *data, size_t n, sl_error *err);
/* Reads a whole file (at most max bytes). *out is NUL-terminated; free with sl_free. */
int sl_read_file(const char *path, size_t max, char **out, size_t *out_len, sl_error *err);

#ifdef __cplusplus
}
#endif
#endif
