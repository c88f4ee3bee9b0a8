/* recorder.h - what the files of `sillage record` share: the recorder and
 * its parts (recorder.c: lines and commands; rec_header.c: header lines;
 * rec_dice.c: the fair dice; rec_assist.c: forgiving input, completion).
 * Private to src/cli. */
#ifndef SL_CLI_RECORDER_H
#define SL_CLI_RECORDER_H

#include "cli.h"
#include "replay/sl_dice.h"

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
	long events;
	int silb, sync;       /* FILE.silb: a journal, synced as --sync says */
	sl_silb_journal *j;   /* NULL until the first change, or after a failed write */
	/* the dice (formats/prng.md) */
	sl_dice_header dh;    /* what the header says */
	int have_secret;      /* seed and salt known (FILE.dice) */
	uint64_t next;        /* the next counter: never goes back */
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

/* saving and state (recorder.c) */
int rec_save(recorder *rc, int op);
int rec_rewrite(recorder *rc);
int rec_rebuild(recorder *rc, sl_error *err);
void rec_refuse(recorder *rc, const sl_error *err);
/* the dice (rec_dice.c) */
int rec_meta_set(sl_header *h, const char *key, const char *value);
int rec_dice_meta(const recorder *rc, sl_header *h);
int rec_secret_write(recorder *rc);
int rec_secret_read(recorder *rc, uint64_t *next);
int rec_draw(recorder *rc, sl_event *ev, uint32_t lineno, sl_buf *line, sl_error *err);
/* Draws field `field` (an ENUM) of an event of `type` out of the rules'
 * weights (sl_game.chances) at the next counter: *value the index, and
 * " FIELD=COUNTER:VALUE/OUT_OF" appended to part for the "# dice" line. */
int rec_draw_chance(recorder *rc, int type, int field, uint32_t lineno, int *value, sl_buf *part, sl_error *err);
/* the header (rec_header.c) */
int rec_header_word(const char *s);
int rec_hl_push(recorder *rc, const char *s, size_t n);
int rec_hdr_build(recorder *rc, const char *line, size_t len, uint32_t lineno, sl_header *out, sl_error *err);
int rec_start(recorder *rc, sl_error *err);
void rec_unstart(recorder *rc);
int rec_install(recorder *rc, sl_header *cand, sl_error *err);
void rec_header_line(recorder *rc, int hw, const char *line, size_t len, uint32_t lineno);
int rec_hdr_base(recorder *rc, const sl_header *h);
/* friendlier lines and completion (rec_assist.c) */
void rec_normalize(recorder *rc, char *line, line_info *li);
int rec_would_apply(recorder *rc, const sl_event *ev);
int rec_try_before_drawing(recorder *rc, const sl_event *ev, sl_error *err);
int rec_fill_dice(recorder *rc, sl_event *ev, const int *wanted);
int rec_parse_entry(recorder *rc, char *line, size_t len, uint32_t lineno, const line_info *li,
	sl_event *ev, sl_error *err);
void rec_refuse_line(recorder *rc, sl_error *err, const char *line, uint32_t lineno, const line_info *li);
/* Tab completion for rec_input (ctx: the recorder). */
void rec_complete(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud);

#endif
