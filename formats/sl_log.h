/* sl_log.h - a game log in memory and its text codec (.sil, formats/sil.md).
 * The codec is generic over the game's schema: it never knows a game. */
#ifndef SL_LOG_H
#define SL_LOG_H

#include "games/sl_game.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SL_SIL_VERSION 2          /* 2: chained checks, draw marks in the entries */
#define SL_SIL_MAX_LINE 65536          /* bytes in one line */
#define SL_MAX_COMMENT 65535           /* bytes in one comment block (the '#' lines above an entry, or at the end): a .silb str */
#define SL_SIL_MAX_FILE (1u << 30)     /* bytes in one text log */
#define SL_LOG_MAX_ENTRIES 50000000u

/* A log: header plus entries (events and turn/phase markers) in order.
 * Event strings and lists live in the log's arena. The struct is public so
 * that the codecs, the engine and the exporters read it without a call per
 * entry; an application reads it through the accessors below and changes
 * it only through sl_log_append and sl_log_pop. */
typedef struct sl_log {
	sl_header h;
	const sl_game *game;       /* resolved from h.game */
	size_t n, cap;
	sl_event *ev;
	sl_arena arena;
	char *tail_comment;        /* "#" lines after the last entry */
	char *name;                /* file name for messages */
} sl_log;

/* Read access: the header, the rules module, the number of entries and
 * entry i (0-based, i < sl_log_count). The pointers live as long as the log. */
const sl_header *sl_log_header(const sl_log *log);
const sl_game *sl_log_game(const sl_log *log);
size_t sl_log_count(const sl_log *log);
const sl_event *sl_log_entry(const sl_log *log, size_t i);

/* An empty log for `game`; the header takes copies of nothing yet. */
sl_log *sl_log_new(const sl_game *game);
void sl_log_free(sl_log *log);

/* Parses a whole .sil text. `name` is used in error positions. On error
 * *out is NULL and err holds FILE:LINE:COL and what was expected. */
int sl_sil_read(sl_log **out, const char *name, const char *text, size_t n,
	sl_error *err);
/* Streaming: what sl_sil_stream and sl_silb_stream hand over as they read.
 * Called once with n == 0 right after the header (log->h and log->game are
 * set), then with each run of entries in order: a text log's a few thousand
 * at a time, an archive's segment by segment, a journal's all at once. The
 * entries and their strings stay valid until fn returns. A non-zero return
 * (with err set) stops the read and is returned. */
typedef int (*sl_silb_sink)(void *ud, const struct sl_log *log, const sl_event *ev, size_t n,
	sl_error *err);
/* Reads the text log at path like sl_log_load but hands its entries to fn
 * in runs of a few thousand as they are parsed (once with n == 0 after the
 * header, as sl_silb_stream does), keeping none: a verifier's memory is the
 * file and one run, not the log. *out gets the log without its entries
 * (header, tail comment); the caller frees it. On error *out is NULL. */
int sl_sil_stream(sl_log **out, const char *path, sl_silb_sink fn, void *ud, sl_error *err);
/* The same over text already in memory (standard input), named name. */
int sl_sil_stream_mem(sl_log **out, const char *name, const char *text, size_t n,
	sl_silb_sink fn, void *ud, sl_error *err);
/* The same over a text stream (standard input), read a window of about
 * 1 MB at a time, so that memory is bounded whatever its length (issue 29);
 * head holds its first nhead bytes, already read to tell the codec. */
int sl_sil_stream_file(sl_log **out, const char *name, FILE *f, const void *head, size_t nhead,
	sl_silb_sink fn, void *ud, sl_error *err);
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
/* If line is "@glyph G", "@note ..." or "@bookmark ...", sets it on ev
 * (arena copy) and returns 1; 0 if the line is not an annotation;
 * SL_ESYNTAX (ev left as it was) if ev already has one of that kind;
 * SL_ERANGE if G is not one of ! ? !! ?? !? ?!; SL_ENOMEM. */
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

/* ---- the binary log, .silb (formats/silb.md) ------------------------- */

#define SL_SILB_VERSION 2         /* 2: as .sil 2 (chained checks, draw marks) */
#define SL_SILB_SIGNATURE "\x89SLB\r\n\x1a\n"
#define SL_SILB_MAX_RECORD (16u << 20)     /* payload bytes of one record */
#define SL_SILB_MAX_INFLATE (64u << 20)    /* inflated bytes of one segment */
#define SL_SILB_MAX_SNAPSHOT SL_MAX_SNAPSHOT /* bytes of one keyframe */
#define SL_SILB_MAX_FILE (1u << 30)        /* bytes of one .silb file */
#define SL_SILB_MAX_SEGMENTS (1u << 20)
#define SL_SILB_SEGMENT_ENTRIES 1024       /* a segment closes at a turn after this */
#define SL_SILB_MSEGMENT_ENTRIES 3072      /* the same for a modelled segment */
/* A writer closes a segment at 4 times the above in any case, so a reader
 * refuses more: entries decoded into memory are bounded by one segment. */
#define SL_SILB_SEGMENT_MAX (4 * SL_SILB_SEGMENT_ENTRIES)
#define SL_SILB_MSEGMENT_MAX (4 * SL_SILB_MSEGMENT_ENTRIES)

enum { SL_SILB_JOURNAL = 0, SL_SILB_ARCHIVE = 1 };
/* How an archive codes its segments: modelled (range coder, the rules'
 * models; the default) or deflate (zlib over byte-aligned entries: needs
 * nothing of the rules module but its schema and snapshots). */
enum { SL_SILB_MODEL = 0, SL_SILB_DEFLATE = 1 };
enum { SL_SILB_SYNC_NONE = 0, SL_SILB_SYNC_TURN = 1, SL_SILB_SYNC_EVENT = 2 };

/* Reader flag: keep the valid prefix of a damaged file instead of failing
 * (the recorder's reopen and `repair`); info->damaged says what was dropped. */
#define SL_SILB_RECOVER 1u

/* What a read found, for `info` and `repair`. */
typedef struct sl_silb_info {
	int form;                /* SL_SILB_JOURNAL or SL_SILB_ARCHIVE */
	int version;
	size_t file_bytes;
	size_t valid_bytes;      /* end of the last sound record */
	size_t records, segments;
	size_t entry_bytes;      /* entry bytes before deflate */
	size_t deflated_bytes;   /* segment data after deflate */
	size_t keyframe_bytes;   /* keyframe bytes before deflate */
	size_t msegments;        /* modelled segments, of `segments` */
	size_t mkey_bytes;       /* their coded keyframes (bytes, rounded) */
	size_t mentry_bytes;     /* their coded entries */
	size_t mstring_bytes;    /* their string streams (deflated) */
	size_t base_bytes;       /* the BASE record's payload, 0 if none */
	size_t dgame;            /* a game of an archive of many games that is its dictionary's
	                            game dgame (1..): its bytes are the DICT's; 0 otherwise */
	uint64_t init_hash;      /* from the HEADER record */
	int damaged;             /* RECOVER only: something was dropped... */
	sl_error damage;         /* ...from offset damage.offset, for this reason */
} sl_silb_info;

/* 1 if data starts like a .silb file (its first byte, 0x89). */
int sl_silb_sniff(const void *data, size_t n);
/* Parses a whole .silb file of either form. info may be NULL. On error *out
 * is NULL and err holds "FILE: offset 0x..: reason". Caller frees *out. */
int sl_silb_read(sl_log **out, const char *name, const void *data, size_t n,
	unsigned flags, sl_silb_info *info, sl_error *err);
/* Reads path like sl_silb_load (strict, every check) but keeps at most one
 * segment's entries of an archive, so a verifier's memory is bounded by a
 * segment, not the log. *out gets the log without those entries (header,
 * tail comment); the caller frees it. On error *out is NULL. */
int sl_silb_stream(sl_log **out, const char *path, sl_silb_sink fn, void *ud,
	sl_silb_info *info, sl_error *err);
/* The same over bytes already in memory (standard input), named path. */
int sl_silb_stream_mem(sl_log **out, const char *path, const void *data, size_t n,
	sl_silb_sink fn, void *ud, sl_silb_info *info, sl_error *err);
/* sl_silb_stream_mem with reader flags: with SL_SILB_RECOVER, a damaged
 * archive hands over its whole segments before the damage and ends there
 * (info->damaged says what was dropped), as sl_silb_read keeps them; a
 * segment the sink refused is not recovered from. */
int sl_silb_stream_flags(sl_log **out, const char *path, const void *data, size_t n,
	unsigned flags, sl_silb_sink fn, void *ud, sl_silb_info *info, sl_error *err);
/* Reads path (at most SL_SILB_MAX_FILE bytes) then sl_silb_read. */
int sl_silb_load(sl_log **out, const char *path, unsigned flags,
	sl_silb_info *info, sl_error *err);
/* The archive form of a log. It replays the log (for keyframes), so an
 * illegal log is refused with the entry's position. Appends to out. */
int sl_silb_write_archive(const sl_log *log, sl_buf *out, sl_error *err);
/* The same with segments coded as `coding` says (SL_SILB_MODEL...). */
int sl_silb_write_archive_coded(const sl_log *log, int coding, sl_buf *out, sl_error *err);
/* The journal form: file header, HEADER, one ENTRY per entry, TAIL. */
int sl_silb_write_journal(const sl_log *log, sl_buf *out, sl_error *err);

/* An archive built entry by entry (gen streams into it): memory holds one
 * segment and the deflated output. `log` gives the header and the game and
 * must outlive the writer; its entries are not read. */
typedef struct sl_silb_writer sl_silb_writer;
int sl_silb_writer_new(sl_silb_writer **out, const sl_log *log, sl_error *err);
/* Before the first entry: SL_SILB_MODEL (the default) or SL_SILB_DEFLATE. */
void sl_silb_writer_coding(sl_silb_writer *w, int coding);
/* Applies ev (every rule checked) and encodes it. */
int sl_silb_writer_add(sl_silb_writer *w, const sl_event *ev, sl_error *err);
/* Ends the archive (index, trailer); tail may be NULL. The bytes are
 * appended to out. The writer is freed either way. */
int sl_silb_writer_finish(sl_silb_writer *w, const char *tail, sl_buf *out, sl_error *err);
void sl_silb_writer_free(sl_silb_writer *w);

/* The journal a recorder appends to. Every call writes one record with one
 * write() and syncs as the policy says before it returns. */
typedef struct sl_silb_journal sl_silb_journal;
/* Writes path atomically with the journal form of log (header and any
 * entries), then opens it for appending. */
int sl_silb_journal_create(sl_silb_journal **out, const char *path, const sl_log *log,
	int sync, sl_error *err);
/* Opens an existing journal whose first valid_bytes hold log (as read with
 * SL_SILB_RECOVER): cuts anything after them and appends from there. */
int sl_silb_journal_open(sl_silb_journal **out, const char *path, const sl_log *log,
	size_t valid_bytes, int sync, sl_error *err);
int sl_silb_journal_header(sl_silb_journal *j, const sl_log *log, sl_error *err);
/* log already holds ev as its last entry. */
int sl_silb_journal_entry(sl_silb_journal *j, const sl_log *log, const sl_event *ev, sl_error *err);
/* log already had its last entry removed. */
int sl_silb_journal_undo(sl_silb_journal *j, const sl_log *log, sl_error *err);
int sl_silb_journal_annotate(sl_silb_journal *j, const sl_event *ev, sl_error *err);
int sl_silb_journal_tail(sl_silb_journal *j, const char *tail, sl_error *err);
/* Makes room for a TAIL record of n bytes of comment, so that writing it
 * later (at the end of a recording) allocates nothing: 0 or SL_ENOMEM. */
int sl_silb_journal_tail_reserve(sl_silb_journal *j, size_t n);
/* Syncs and closes; j is freed either way. */
int sl_silb_journal_close(sl_silb_journal *j, sl_error *err);

/* An archive opened for seeking: reads the file header, the trailer, the
 * index and the header record, nothing else. */
typedef struct sl_silb sl_silb;
int sl_silb_open(sl_silb **out, const char *path, sl_error *err);
void sl_silb_close(sl_silb *f);
const sl_log *sl_silb_log(const sl_silb *f);   /* header and game; no entries */
size_t sl_silb_entries(const sl_silb *f);
long sl_silb_events(const sl_silb *f);
int sl_silb_turns(const sl_silb *f);
size_t sl_silb_segments(const sl_silb *f);
/* The state just after the marker of `turn` (0: the initial state), found
 * by inflating the one segment that holds it. *out is a game state: free it
 * with sl_silb_log(f)->game->destroy. *inflated (may be NULL) gets the bytes
 * decoded (a deflated segment's inflated size; a modelled segment's range
 * code and strings), to show that one segment was read. */
int sl_silb_seek_turn(sl_silb *f, int turn, void **out, size_t *inflated, sl_error *err);
/* The state just after event n (1-based; 0: the initial state), found the
 * same way: the one segment that holds the event is decoded up to it. The
 * entry kept (sl_silb_at_entry) is the event's in a deflated segment, none
 * in a modelled one. */
int sl_silb_seek_event(sl_silb *f, long n, void **out, size_t *inflated, sl_error *err);
/* After a successful seek: the events applied to reach its state, and the
 * last entry applied (the turn's marker; NULL at turn 0), which lives in
 * f until the next seek or the close. */
long sl_silb_at_events(const sl_silb *f);
const sl_event *sl_silb_at_entry(const sl_silb *f);
/* From the segment that holds event `event` (> 0), or else the marker of
 * `turn` (> 0), on to the end (issue 29: a verb that shows a position and
 * its entry reads one segment, not the log): *start gets the state that
 * segment opens on (free it with sl_silb_log(f)->game->destroy; the
 * caller owns it even on failure, NULL then), *events_before and
 * *entries_before what lies before it; then fn gets each segment's entries
 * in turn (decoded, not applied: the caller applies them from *start),
 * valid until fn returns. fn returns 0 to go on, > 0 to stop there (then 0
 * is returned), < 0 (err set) to fail with that. SL_ERANGE for a position
 * the archive lacks. */
int sl_silb_walk_from(sl_silb *f, long event, int turn, void **start, long *events_before,
	size_t *entries_before, sl_silb_sink fn, void *ud, sl_error *err);
/* The same from the segment that holds entry `entry` (0-based, below
 * sl_silb_entries): a stepper's move to any position (issue 29). */
int sl_silb_walk_entry(sl_silb *f, size_t entry, void **start, long *events_before,
	size_t *entries_before, sl_silb_sink fn, void *ud, sl_error *err);

/* ---- archives of many games (formats/silb.md, "Archives of many games") ----
 * One file holding many games of one rules module: a dictionary of a few of
 * them primes the models, each game is a member decodable with the
 * dictionary and itself, and a directory names them. A game is addressed
 * as FILE:NAME: sl_log_load, sl_silb_load, sl_silb_stream and sl_silb_open
 * take such a path and read that game alone. */
enum { SL_SILB_MANY = 2 };                  /* the file header's form byte */
#define SL_SILA_MAX_MEMBERS (1u << 20)
#define SL_SILA_NAME_MAX 128
#define SL_SILA_PRIMERS 4                   /* games the writer primes on, at most */

/* A name of a game of an archive: 1..SL_SILA_NAME_MAX bytes of
 * [A-Za-z0-9_.-], not starting with '.' or '-'. */
int sl_sila_name_ok(const char *s, size_t n);

typedef struct sl_sila_writer sl_sila_writer;
/* A new archive whose dictionary primes on primers[0..np-1] (1..64 logs of
 * one game and rules version; each must fit one modelled segment: at most
 * SL_SILB_MSEGMENT_ENTRIES entries and no glyph). */
int sl_sila_writer_new(sl_sila_writer **out, const sl_log *const *primers, size_t np, sl_error *err);
/* path, an archive of many games, opened to add games to: its dictionary
 * and its games stay as they are; finish writes the new games, the
 * directory and the trailer in place of the old directory. */
int sl_sila_writer_append(sl_sila_writer **out, const char *path, sl_error *err);
/* Codes log (of the archive's game) as a member named name (unique). */
int sl_sila_writer_add(sl_sila_writer *w, const char *name, const sl_log *log, sl_error *err);
/* A new archive: its bytes appended to out; appending: written to the
 * file and synced (out unused). The writer is freed either way. */
int sl_sila_writer_finish(sl_sila_writer *w, sl_buf *out, sl_error *err);
void sl_sila_writer_free(sl_sila_writer *w);

typedef struct sl_sila sl_sila;
typedef struct sl_sila_member {
	const char *name;
	size_t offset, bytes;        /* where its records lie in the file */
	size_t index_bytes;          /* its last record, the INDEX, framed */
	long events;
	int turns;
} sl_sila_member;
/* Reads the file header, the trailer, the directory and the dictionary's
 * first fields; the dictionary's games are decoded by the first read of
 * a member, and kept. Close with sl_sila_close. */
int sl_sila_open(sl_sila **out, const char *path, sl_error *err);
/* Opens the archive of FILE:NAME and finds the game: *index. */
int sl_sila_open_member(sl_sila **out, size_t *index, const char *path, sl_error *err);
void sl_sila_close(sl_sila *a);
size_t sl_sila_count(const sl_sila *a);
const sl_sila_member *sl_sila_at(const sl_sila *a, size_t i);
long sl_sila_find(const sl_sila *a, const char *name);   /* -1: none */
const char *sl_sila_game(const sl_sila *a);
size_t sl_sila_dict_bytes(const sl_sila *a);   /* the DICT record, framed */
size_t sl_sila_primers(const sl_sila *a);
size_t sl_sila_file_bytes(const sl_sila *a);
/* Game i read alone (its bytes and the dictionary's), whole (sink NULL:
 * as sl_silb_read, flags too) or streamed to sink (as sl_silb_stream_flags).
 * The log is named FILE:NAME; errors give offsets in FILE. */
int sl_sila_read(sl_sila *a, size_t i, sl_log **out, unsigned flags, sl_silb_info *info,
	sl_silb_sink sink, void *ud, sl_error *err);
/* 1 if data starts like an archive of many games. */
int sl_sila_sniff(const void *data, size_t n);
int sl_sila_is_file(const char *path);
/* 1 if path names a game of an archive: it is no file itself, and splits at
 * its last ':' into an archive of many games and a valid name (both
 * allocated: the caller frees them). */
int sl_sila_member_path(const char *path, char **file, char **member);

#ifdef __cplusplus
}
#endif
#endif
