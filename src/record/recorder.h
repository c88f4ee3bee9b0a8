/* recorder.h - the recorder that `sillage record` and `sillage serve` share:
 * a log written line by line, each line checked as it comes and a refused one
 * changing nothing. A line goes one way (docs/architecture.md):
 *   rec_line.c     the line: comment, command, header, annotation or entry
 *   rec_cmd.c      help, state, undo, close
 *   rec_header.c   header lines
 *   rec_seal.c     a hidden choice named in clear: sealed (FILE.seal), revealed
 *   rec_entry.c    an entry: read -> dice -> rules and typed check -> journal
 *   rec_assist.c   forgiving reading (case, a player or dice left out, typos)
 *   rec_pieces.c   the pieces the state holds, and their owners
 *   rec_legal.c    what the rules allow now, as lines (the board's targets)
 *   rec_dice.c     the fair dice
 *   rec_journal.c  saving, the state rebuilt, comments for the next entry
 *   rec_say.c      the words, to the sink its caller gives (the command
 *                  prints them, the server returns them)
 *   recorder.c     the session: open, resume, end
 *   rec_complete.c Tab completion
 * Each file calls only files listed below it (`make layers` checks that no
 * two call each other in a circle). Private to src/record, src/serve and src/cli. */
#ifndef SL_RECORD_RECORDER_H
#define SL_RECORD_RECORDER_H

#include "core/sl_core.h"
#include "games/sl_game.h"
#include "formats/sl_log.h"
#include "replay/sl_replay.h"
#include "replay/sl_dice.h"

#include <stdint.h>

/* Where the recorder's words go: out what `record` prints on standard
 * output (descriptions, help, state), err what it prints on standard error
 * ("sillage: ..." refusals, warnings, the caret line). Either may be NULL. */
typedef struct rec_sink {
	void (*out)(void *ud, const char *s, size_t n);
	void (*err)(void *ud, const char *s, size_t n);
	void *ud;
} rec_sink;

/* A piece the state holds (rec_pieces.c). */
#define REC_MAX_PIECES 1024
typedef struct rec_piece {
	char id[64];
	char group[24];        /* the list of the state holding it: "ships", "units" */
	int owner;             /* the player index, -1 none */
} rec_piece;

typedef struct recorder {
	const char *path;
	char *dice_path;      /* FILE.dice: the secret while the log is open */
	sl_log *log;          /* NULL until the header names the format and a game */
	sl_header h;          /* the header while it is incomplete */
	char **hl;            /* the header's lines: hbase from the file or --game, then typed */
	int nhl, hbase;
	char *hcomment;       /* the header comment of a resumed file */
	void *st;
	sl_buf pending;       /* comment lines for the next entry */
	int quiet, refused, interactive;
	int last_refused;     /* the previous line was refused */
	int created;          /* FILE did not exist before this session */
	int io_failed;        /* a write failed: the recording stops, exit 4 */
	int closed;           /* the dice seed is revealed: nothing more is recorded */
	int quit;             /* ended by quit, exit or close */
	int stopped;          /* lines not from a terminal parted from their own checks: no more read */
	int seal_here;        /* hidden choices named in clear are sealed here, in FILE.seal
	                       * (rec_seal.c: record; serve seals them itself, POST /api/seal) */
	int imply_markers;    /* write the markers the rules imply before an entry (record; serve
	                       * records one entry a request, so not there) */
	long events;
	int silb, sync;       /* FILE.silb: a journal, synced as --sync says */
	sl_silb_journal *j;   /* NULL until the first change, or after a failed write */
	/* the dice (formats/prng.md) */
	sl_dice_header dh;    /* what the header says */
	int have_secret;      /* seed and salt known (FILE.dice) */
	uint64_t next;        /* the next counter: never goes back */
	sl_draw chance_draws[SL_MAX_FIELDS];   /* format 2: values drawn out of weights for */
	int nchance;                           /* the line being read, while accepted + refused */
	long chance_at;                        /* is what it was when they were drawn */
	/* a secret from each player (formats/prng.md): the shares held here, in
	 * FILE.ID.dice, by index in dh's shares; the counters of a pending line
	 * being drawn now that every share is there */
	int have_share[SL_MAX_PLAYERS];
	uint8_t share_seed[SL_MAX_PLAYERS][SL_DICE_KEY_BYTES], share_salt[SL_MAX_PLAYERS][SL_SALT_BYTES];
	uint64_t forced[SL_MAX_ITEMS];
	int nforced, iforced;
	rec_sink sink;
	int coding;           /* a .silb archive's segments (SL_SILB_MODEL or SL_SILB_DEFLATE) */
	/* what the last line did, for a caller that answers for it (the server) */
	long accepted;        /* lines that changed the log, ever */
	sl_error last_err;    /* the last refusal, its message with the "did you mean" */
	uint32_t last_col;    /* its column (1-based; 0 when none) */
	sl_buf last_desc;     /* the last accepted entry in words */
	sl_buf last_dice;     /* its "# dice" line when the recorder drew for it, else empty */
	/* the pieces of the state (rec_pieces.c), cached until the log changes */
	rec_piece *pieces;
	int npieces, pieces_valid;
	long pieces_at;
	size_t pieces_n;
	/* what the rules allow now as lines (rec_legal.c), cached the same way */
	sl_buf legal;         /* NUL-separated lines */
	int nlegal, legal_valid;
	int nlegal_now;       /* the first nlegal_now are allowed now, the rest after the next marker */
	long legal_at;
	size_t legal_n;
} recorder;

enum { REC_HEADER, REC_ENTRY, REC_UNDO, REC_ANNOTATE, REC_TAIL };

/* Header keywords, in the order of HW_*. */
extern const char *const rec_header_words[];
enum { HW_SIL, HW_GAME, HW_TITLE, HW_DATE, HW_PLAYER, HW_META, HW_SEED };

/* What rec_normalize learnt of a line. */
typedef struct line_info line_info;
struct line_info {
	int player_at;         /* column (0-based) of "PLAYER:", -1 when none */
	int type;              /* event index, -1 when not an event line */
	int type_at;
	const char *hint;      /* "did you mean" for the first word that is nothing known */
	char hint_buf[160];
	int hint_at;           /* its column, 0-based */
	int present[SL_MAX_FIELDS];
};

/* ---- the session (recorder.c) ------------------------------------------- */

/* Sets rc up for FILE (created at the first complete header if it is not
 * there; FILE.silb: a crash-safe journal synced as sync says) and reads what
 * FILE holds, carrying on after a journal cut by a crash. Says why it fails
 * through sink; returns an sl_code. rec_free in every case. */
int rec_begin(recorder *rc, const char *path, int sync, int quiet, const rec_sink *sink);
/* --game ID on a log without a header: the header lines of that game. 1 when
 * FILE already holds another game (nothing said), else an sl_code. */
int rec_set_game(recorder *rc, const char *game);
/* Where the game is, for a prompt ("sail turn 3, movement> "). */
void rec_prompt(const recorder *rc, char *buf, size_t n);
/* Ends the session: trailing comments kept, the journal closed and packed
 * into an archive in place unless no_pack, the summary said. Returns an
 * sl_code (SL_EIO when something could not be written). */
int rec_end(recorder *rc, int no_pack);
void rec_free(recorder *rc);
/* The game's result at the current state: 1 over (the sentence in out). */
int rec_result(const recorder *rc, sl_buf *out);
/* Seals ev, to stand at entry `at` of log (its check chains the entries
 * before it in a format 2 log). */
int rec_seal_entry(const sl_log *log, const void *st, size_t at, sl_event *ev);

/* ---- a line (rec_line.c, rec_cmd.c, rec_entry.c) ------------------------- */

/* One line typed (without its end of line): a header line, an entry, a
 * marker, an annotation, a comment or a command (help, state, undo, close). */
void rec_line(recorder *rc, const char *line, size_t len, uint32_t lineno);
/* help, state, undo or close: run, 1; else 0. */
int rec_command(recorder *rc, const char *s, uint32_t lineno);
/* An entry or a marker: read, dice drawn, the rules and its typed check,
 * then appended and saved; refused, nothing changes. */
void rec_entry(recorder *rc, const char *line, size_t len, uint32_t lineno);
/* "#N what it did" (or "== marker ==") and the end of the game, unless quiet. */
void rec_say_accepted(recorder *rc, const sl_event *ev, sl_buf *desc);

/* ---- hidden choices (rec_seal.c, rec_sealfile.c) ---------------------------- */
/* A game's commitment and reveal events (formats/<game>.md). */
typedef struct rec_seal_kind {
	const char *game, *commit_event, *hash_field, *clear_field;
	const char *reveal_event, *content_field, *salt_field, *key_field, *domain;
	const char *implied_by;   /* an event that needs the reveal first ("move"), or NULL */
} rec_seal_kind;
/* A secret of FILE.seal: the player, the piece, the choice and its salt. */
typedef struct rec_sealed {
	char player[64], key[64], content[64], salt[2 * SL_SALT_BYTES + 1];
} rec_sealed;
#define REC_MAX_SEALS 64
const rec_seal_kind *rec_seal_kind_of(const recorder *rc);   /* NULL: the game seals nothing */
/* FILE.seal: how many secrets into v (at most REC_MAX_SEALS), -1 unreadable. */
int rec_seals_load(const recorder *rc, rec_sealed *v);
/* Written whole (0600, synced, renamed over it); -1 failed (said). */
int rec_seals_save(const recorder *rc, const rec_sealed *v, int n);
/* The secret of piece key (of player, unless ""), or -1. */
int rec_seal_find(const rec_sealed *v, int n, const char *player, const char *key);
/* A line naming a hidden choice in clear ('dial ship=gold dial=2FB'): the
 * choice checked against what the rules offer, sealed in FILE.seal and its
 * commitment recorded; a reveal without its secret ('reveal ship=gold'), or
 * a move that needs the reveal first, recorded with the secret kept here.
 * 1 when it handled the line, 0 when the line is an ordinary entry. */
int rec_seal_line(recorder *rc, const char *line, size_t len, uint32_t lineno);
/* After undo of the entry `text`: a reveal's secret is kept again. */
void rec_seal_undone(recorder *rc, const char *text);

/* ---- the header (rec_header.c) -------------------------------------------- */
int rec_header_word(const char *s);
int rec_hl_push(recorder *rc, const char *s, size_t n);
int rec_hdr_build(recorder *rc, const char *line, size_t len, uint32_t lineno, sl_header *out, sl_error *err);
int rec_start(recorder *rc, sl_error *err);
void rec_unstart(recorder *rc);
int rec_install(recorder *rc, sl_header *cand, sl_error *err);
void rec_header_line(recorder *rc, int hw, const char *line, size_t len, uint32_t lineno);
int rec_hdr_base(recorder *rc, const sl_header *h);

/* ---- forgiving reading (rec_assist.c) --------------------------------------- */
/* The candidate nearest to word (case ignored) when it is close enough to
 * be a typo, else NULL: for "did you mean". */
const char *rec_suggest(const char *word, size_t n, const char *const *cands, int ncands);
void rec_normalize(recorder *rc, char *line, line_info *li);
int rec_would_apply(recorder *rc, const sl_event *ev);
int rec_try_before_drawing(recorder *rc, const sl_event *ev, sl_error *err);
int rec_fill_dice(recorder *rc, sl_event *ev, const int *wanted);
int rec_parse_entry(recorder *rc, char *line, size_t len, uint32_t lineno, const line_info *li,
	sl_event *ev, sl_error *err);

/* ---- the pieces of the state (rec_pieces.c) ------------------------------- */
/* How many pieces the state holds, in rc->pieces (the state's own when its
 * JSON names them, then those the log names); cached until the log changes. */
int rec_pieces(recorder *rc);
/* 1 if id[0..n) is a piece of the list as it was last made (maybe before
 * the last entries: a cheap test before rec_pieces makes it again). */
int rec_pieces_known(recorder *rc, const char *id, size_t n);
/* The player owning piece id, or -1. */
int rec_piece_owner(recorder *rc, const char *id);

/* ---- what the rules allow now (rec_legal.c) ---------------------------------- */
/* How many lines the rules allow now (the board's click targets, at the top
 * and under each selectable piece; dice the rules draw left out), then
 * after the next phase or turn marker (from rc->nlegal_now on); 0 for a
 * game whose painter offers none. Cached until the log changes. */
int rec_legal(recorder *rc);
/* The k-th of them (k < rec_legal(rc)). */
const char *rec_legal_line(const recorder *rc, int k);
/* The event word of a legal line ("move", "phase"), its length in *n. */
const char *rec_legal_event(const char *line, size_t *n);
/* 1 if a line allowed now (not after a marker) makes the event called name. */
int rec_legal_has_event(recorder *rc, const char *name);

/* ---- the dice (rec_dice.c) ------------------------------------------------- */
int rec_meta_set(sl_header *h, const char *key, const char *value);
int rec_dice_meta(const recorder *rc, sl_header *h);
int rec_secret_write(recorder *rc);
int rec_secret_read(recorder *rc, uint64_t *next);
int rec_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err);
/* The "# dice" line of the draws marked in ev (format 2), for an undone entry. */
void rec_dice_line(const sl_log *log, const sl_event *ev, sl_buf *out);
/* At close: the log digest (formats/hash.md) the other side keeps to check
 * a later copy with `verify --extends` (not with --quiet). */
void rec_dice_say_digest(const recorder *rc);
/* A secret from each player (rec_dice.c, formats/prng.md). 'share ID': the
 * player ID's share, committed in the header before the first die. */
int rec_dice_is_share(const char *s);
void rec_dice_share(recorder *rc, const char *s, uint32_t lineno);
/* After opening: a line left pending for another player's share, to be
 * drawn and recorded now that every share is there (the caller runs it
 * through rec_line and frees it), or NULL. */
char *rec_dice_resume(recorder *rc);
/* After the line rec_dice_resume gave was run through rec_line. */
void rec_dice_resume_done(recorder *rc);
/* 'close' with shares: this side's shares revealed; the log is closed once
 * every player's is. */
void rec_dice_close_shared(recorder *rc, uint32_t lineno);
/* Draws field `field` (an ENUM) of an event of `type` out of the rules'
 * weights (sl_game.chances) at the next counter: *value the index, and
 * " FIELD=COUNTER:VALUE/OUT_OF" appended to part for the "# dice" line. */
int rec_draw_chance(recorder *rc, int type, int field, uint32_t lineno, int *value, sl_buf *part, sl_error *err);

/* ---- the journal and the state (rec_journal.c) ------------------------------ */
/* Makes the change op (REC_*, already made to rc->log) durable; -1 when
 * the write failed (said; the recording stops). */
int rec_save(recorder *rc, int op);
int rec_save_whole(recorder *rc);
int rec_rewrite(recorder *rc);
int rec_rebuild(recorder *rc, sl_error *err);
/* A comment line for the next entry. */
int rec_pending_add(recorder *rc, const char *s);

/* ---- words (rec_say.c) ---------------------------------------------------- */
/* 1 if s is the word w, blanks around it aside. */
int rec_word_is(const char *s, const char *w);
/* Words to the sink: printf-like, to out or to err. */
void rec_say(const recorder *rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rec_warn(const recorder *rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rec_say_buf(const recorder *rc, const sl_buf *b);
/* "sillage: " and the error with its position, to err. */
void rec_report(const recorder *rc, const sl_error *err);
/* The line refused: said, counted, remembered for the caller. */
void rec_refuse(recorder *rc, const sl_error *err);
/* rec_refuse with the line, a caret and the "did you mean" of the line. */
void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno, const line_info *li);

/* ---- Tab completion (rec_complete.c), for rec_input (ctx: the recorder) ---- */
void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud);

#endif
