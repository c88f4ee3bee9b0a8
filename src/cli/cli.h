/* cli.h - the `sillage` command: a table of verbs, each with documented
 * options from which --help and the man page are generated. */
#ifndef SL_CLI_H
#define SL_CLI_H

#include "../sillage.h"

#include <stdio.h>

/* Exit codes of DESIGN.md */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,      /* an illegal action, a failed check or a desync */
	EXIT_USAGE = 2,
	EXIT_INPUT = 3,     /* an unreadable or unsupported input file */
	EXIT_IO = 4
};

typedef struct cli_opt {
	const char *name;   /* long name without dashes */
	int key;            /* short letter or a code >= 256 */
	const char *arg;    /* argument name, NULL for a flag */
	const char *help;
} cli_opt;

typedef struct cli_verb {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
	const char *usage;
	const cli_opt *opts;   /* ends with {NULL} */
	const char *details;   /* a paragraph for --help and the man page */
} cli_verb;

extern const cli_verb cli_verbs[];

/* Parses options for verb v; calls fn(key, optarg, ctx) for each. Returns
 * the index of the first operand, or -1 after printing a usage error (or
 * -2 after printing --help). */
int cli_parse(const cli_verb *v, int argc, char **argv,
	int (*fn)(int key, const char *arg, void *ctx), void *ctx);
const cli_verb *cli_find(const char *name);

/* Prints "sillage: message" and returns the exit code for err->code. */
int cli_report(const sl_error *err);
/* Writes n bytes of text that may hold log text to f (stdout, stderr): on a
 * terminal, control and bidirectional characters are shown escaped
 * (sl_text_safe, lines kept), so a log cannot drive the terminal. */
void cli_write_text(FILE *f, const void *p, size_t n);
/* b to standard output (cli_write_text), then freed; a text cut short by a
 * failed allocation is not printed: "out of memory", EXIT_IO. */
int cli_flush(sl_buf *b);
/* Test builds (-DSL_ALLOC_FAULTS) install the fault-injecting allocator of
 * alloc_faults.c; elsewhere this does nothing. */
void cli_alloc_faults_init(void);
int cli_usage(const char *verb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cli_exit_code(int code);

/* Loads a log and replays it (rules checked); prints errors. Returns an
 * exit code; on success *log and *r are set (free both). */
int cli_open(const char *path, unsigned flags, sl_log **log, sl_replay **r);
/* The same for the verbs that draw (render, animate, html, report, step):
 * the log's recorded state checks must hold, as `verify` checks them; a
 * desync is refused (exit 1) unless force, which draws it with a warning. */
int cli_open_drawn(const char *path, int force, sl_log **log, sl_replay **r);
/* Reads a log from path, or from standard input when path is "-" (named
 * "<stdin>" in messages); the codec is picked by content. */
int cli_load(sl_log **out, const char *path, sl_error *err);
/* The bytes of path (sl_read_file), or of standard input for "-"; the
 * caller frees *out with sl_free. */
int cli_read_input(const char *path, size_t max, char **out, size_t *len, sl_error *err);
/* Standard input streamed (issue 29: bounded memory for any length): a
 * text log parsed a window at a time (sl_sil_stream_file) and its entries
 * handed to fn; an archive (a byte or so an entry; its reader takes it
 * whole), or text when hold (to be walked again), read whole into *held
 * (the caller frees it with sl_free; NULL when streamed) and streamed from
 * there. *is_silb tells which. As sl_sil_stream: an sl code, *out the log
 * without its entries. */
int cli_stdin_stream(sl_log **out, char **held, size_t *nheld, int hold, sl_silb_sink fn, void *ud,
	sl_silb_info *si, int *is_silb, sl_error *err);
/* Standard input's first bytes, enough to tell the codec. */
#define CLI_STDIN_HEAD 16
int cli_stdin_head(char *head, size_t *nh, sl_error *err);
/* The rest of standard input after its head, held whole (the bytes of
 * cli_read_input: the caller frees *out with sl_free). */
int cli_stdin_rest(const char *head, size_t nh, size_t max, char **out, size_t *len, sl_error *err);
/* cli_report naming the output path, unless the message already starts
 * with it (the path is said once). */
int cli_report_at(const sl_error *err, const char *out);
/* -o -: a writer that takes a path writes to a temporary file named with
 * the --format extension, then cli_out_close copies it to standard output
 * (only when rc is EXIT_OK) and removes it. o->path is where to write. */
typedef struct cli_out {
	const char *path;
	char tmp[4200];
	int is_stdout;
} cli_out;
int cli_out_open(cli_out *o, const char *path, const char *format, const char *formats);
int cli_out_close(cli_out *o, int rc);
/* --format ARG out of allowed (NULL-terminated); a usage error otherwise. */
int cli_format_opt(const char **dst, const char *arg, const char *const *allowed, const char *verb);
#define CLI_FORMAT_OPT(list) {"format", 313, list, "with -o -: the format written to standard output"}
/* Parses a --turn/--event/--phase selection into a replay position. */
typedef struct cli_where {
	long event;     /* -1 = not given */
	int turn;       /* 0 = not given, -1 = "end" */
	int phase;      /* 0 = not given */
} cli_where;
void cli_where_init(cli_where *w);
int cli_where_opt(cli_where *w, int key, const char *arg);   /* 1 if consumed */
int cli_where_seek(const cli_where *w, sl_replay *r);        /* exit code */
int cli_parse_long(const char *s, long lo, long hi, long *out);
/* `--turn T` on a .silb archive, through its index (issue 29): the state
 * read from the one segment that holds the turn, not the whole log replayed
 * (the other segments are neither read nor checked: `verify` does that).
 * cli_at_open returns -1 when it does not apply (not an archive, no --turn,
 * a --phase past 1, --event), else an exit code, a filled *a on 0; free
 * with cli_at_close. */
typedef struct cli_at {
	sl_silb *f;
	void *st;
	const sl_log *log;      /* header and game, no entries */
	long event_no, events;  /* events applied to reach st; in the log */
	const sl_event *last;   /* the turn's marker, NULL at turn 0 */
	sl_log *keep;           /* cli_at_seek: holds the copy of last, */
	sl_buf desc;            /* and its description for the view */
	int described;
} cli_at;
int cli_at_open(cli_at *a, const char *path, const cli_where *w);
/* The same for `--event N` (state, issue 29): the segment that holds the
 * event; -1 when it does not apply (no --event, not an archive). */
int cli_at_open_event(cli_at *a, const char *path, const cli_where *w);
/* Any --event N, or --turn T with or without --phase P, of an archive,
 * through the index (issue 29): the state from the keyframe of the segment
 * that holds the position, the entries after it applied up to the position
 * (the rules of each checked, not the recorded checks), and the entry
 * before the position kept with its description for ro's view (described; ro may be NULL), as
 * a walk of the whole log gives them. -1 when it does not apply (not an
 * archive, no position or the end, --event with --turn). */
int cli_at_seek(cli_at *a, const char *path, const cli_where *w, const sl_render_opts *ro);
void cli_at_close(cli_at *a);
/* A log walked once (walk.c): read entry by entry, each applied to a
 * streamed replay and dropped, so that a reading verb's memory is the input
 * and one run of entries, not the log (issue 30's bound). Every rule is
 * checked over the whole log, as cli_open does; the state at `where` is
 * kept (a copy) with the entry before it and, with describe, that entry's
 * description for view. Set the fields before cli_walk_open. */
typedef struct cli_walk cli_walk;
typedef int (*cli_walk_fn)(cli_walk *w, const sl_event *ev, sl_error *err);
struct cli_walk {
	unsigned flags;           /* the replay's (SL_REPLAY_CHECK) */
	cli_where where;          /* the position kept; none given: the end */
	int describe, view;       /* describe the entry before the position, for view */
	cli_walk_fn header;       /* NULL, or called once after the header (ev NULL) */
	cli_walk_fn each;         /* NULL, or called with each entry before it is applied */
	int applied;              /* 1: each applies the entry to r itself */
	void *ud;
	char *input;              /* "-": standard input, when held (a caller may set it; sl_malloc'd, freed by cli_walk_free) */
	int hold;                 /* "-": hold standard input for a second walk (else a text log is streamed) */
	size_t ninput;
	/* filled by the walk */
	const sl_log *log;        /* header and game (no entries); after: == head */
	sl_log *head;             /* the log without its entries (tail comment) */
	const sl_game *head_game;
	sl_replay *r;             /* streamed; after the walk, at the end */
	sl_silb_info si;          /* a .silb's (silb) */
	int silb;
	size_t n;                 /* entries walked */
	int found, cur_turn;
	int in_replay;            /* the walk failed in the replay (or a hook), not the reader */
	size_t at_pos;            /* entries before the position */
	long at_event;            /* events before it */
	void *at_st;              /* the state there, NULL when it is the end */
	sl_log *at_log;           /* holds the copy of... */
	const sl_event *at_last;  /* ...the entry before the position (NULL at 0) */
	sl_buf at_desc;           /* its description (describe) */
};
void cli_walk_init(cli_walk *w);
/* Walks path ("-": standard input); prints errors; an exit code. */
int cli_walk_open(cli_walk *w, const char *path);
/* As cli_open_drawn: the recorded checks must hold, unless force. */
int cli_walk_drawn(cli_walk *w, const char *path, int force);
/* The same without printing: an sl code with err set. */
int cli_walk_run(cli_walk *w, const char *path, sl_error *err);
/* After the walk: the position's errors as cli_where_seek says them (exit code). */
int cli_walk_where(cli_walk *w);
/* The state at the position. */
const void *cli_walk_state(const cli_walk *w);
void cli_walk_free(cli_walk *w);
/* A part of a game, --from and --to of html and stats (span.c): an event
 * number N (the position just after event N; 0: the start) or tT (--from:
 * the start of turn T, just after its marker; --to: the end of turn T,
 * before turn T+1's marker, or the log's end). On a .silb file the walk
 * starts at the keyframe of the segment that holds --from, through the
 * index, and stops at --to (issue 29: the rest is neither read nor
 * checked; `verify` does that); anything else (a text log, standard input,
 * or no --from/--to) is walked whole, every rule checked (flags) as
 * cli_walk does, so that a span of it is the same span of the whole. */
typedef struct cli_span cli_span;
typedef int (*cli_span_fn)(cli_span *s, const sl_event *ev, sl_error *err);
struct cli_span {
	/* the caller's */
	const char *from, *to;    /* the options' text; NULL: the start, the end */
	unsigned flags;           /* of the whole walk's replay (SL_REPLAY_CHECK) */
	int drawn, force;         /* the whole walk as cli_walk_drawn (else cli_walk_open); drawn
	                           * holds standard input for a walk again (cli_span_pass_input) */
	int again;                /* a second walk of path: no warning said again */
	int describe, view;       /* describe the span's entries (and the one before it) for view */
	cli_span_fn start;        /* NULL, or at the span's first position (ev NULL) */
	cli_span_fn entry;        /* NULL, or after each entry of the span is applied (desc: its words) */
	cli_span_fn end;          /* NULL, or at the span's last position (ev NULL) */
	void *ud;
	/* cli_span_parse's */
	long from_ev, to_ev;      /* -1: not an event number */
	int from_turn, to_turn;   /* 0: not a turn */
	/* the walk's */
	const sl_log *log;        /* header and game (no entries) */
	sl_replay *r;             /* at the position reached */
	int archive;              /* read through the index */
	size_t pos, n;            /* entries before the span's start; in the span */
	long events;              /* events before the span's start */
	int turn;                 /* the turn there */
	const sl_event *last;     /* the entry before the start (NULL at 0) */
	void *origin;             /* the state at the start of turn 1 when the span starts after it, else NULL
	                           * (sl_series_feed_new_at's: what the setup set out with) */
	sl_buf desc, last_desc;   /* an entry's words; the entry before the start's */
	/* private */
	int stage, cur_turn;
	size_t at;                /* entries applied */
	void *keyframe;           /* the archive's, until the replay takes it */
	sl_log *keep;
	cli_walk w;
	sl_silb *f;
	char *input;              /* standard input held between walks */
	size_t ninput;
	const char *path;
};
/* --from and --to into s (from_ev...): a usage error for a bad one, or
 * for --from after --to when both are of a kind. */
int cli_span_parse(cli_span *s, const char *verb);
/* 1 when --from or --to was given. */
int cli_span_given(const cli_span *s);
/* Walks path; prints errors (a position the log lacks, --from after --to:
 * exit 2); an exit code. May be called again on the same s (standard
 * input is held for it). */
int cli_span_walk(cli_span *s, const char *path);
/* Standard input held by from's walk, handed to to's next walk. */
void cli_span_pass_input(cli_span *to, cli_span *from);
void cli_span_free(cli_span *s);

/* How .silb archives are coded (--coding): SL_SILB_MODEL or SL_SILB_DEFLATE. */
extern int cli_coding;
/* --format of -o - ("sil", "silb", "png", ...), NULL when not given. */
extern const char *cli_format;
/* 1 if path is a .silb archive (by its first bytes), or a game of an
 * archive of many games (FILE:NAME). */
int cli_is_archive(const char *path);
/* 1 if path names a game of an archive of many games (FILE:NAME). */
int cli_is_member(const char *path);
/* 1 if path is read by the .silb codec: its first byte, or FILE:NAME. */
int cli_path_silb(const char *path);
/* The bytes of path (of the game, for FILE:NAME); -1 when unknown. */
long cli_path_bytes(const char *path);
/* ls of one archive of many games: an exit code. */
int cli_ls(const char *path, int json);
int cmd_ls(int argc, char **argv);
/* cli_report, and for a damaged .silb (truncated, cut short, bad CRC)
 * the `sillage repair` line that saves its sound part. */
int cli_report_silb(const sl_error *err, const char *path);
int cli_coding_opt(const char *arg);   /* 0, or a usage error's exit code */
#define CLI_CODING_OPT {"coding", 312, "model|deflate", "FILE.silb archives: segments coded with the rules' " \
	"models (model, the default: the smallest) or deflated (deflate: readable without the model, by readers " \
	"older than it)"}


int cmd_games(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_state(int argc, char **argv);
int cmd_log(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_import(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_pack(int argc, char **argv);
int cmd_repair(int argc, char **argv);
int cmd_seek(int argc, char **argv);
int cli_import_ti4(int argc, char **argv);   /* import --ti4-map (cmd_import_ti4.c) */
/* .silb by extension (cmd_binary.c): 1 if path ends in ".silb". */
int cli_is_silb(const char *path);
/* Writes log to path (.silb: an archive; else canonical text) atomically,
 * or text to stdout when path is NULL; prints errors; returns an exit code. */
int cli_save_log(const sl_log *log, const char *path);
/* A log written as its entries pass (convert, repair: cmd_binary.c): to
 * an archive through the writer (which checks every rule), or as canonical
 * text; the bytes are those cli_save_log writes of the whole log. */
typedef struct cli_logout {
	int silb;
	sl_silb_writer *w;
	const char *path;         /* NULL: standard output */
	sl_buf text;              /* text not yet out of memory */
	int head_done;            /* the header is in text (or out) */
	sl_stage *stage;          /* text beyond a chunk: the file's stage, */
	FILE *spill;              /* or standard output's temporary file */
} cli_logout;
/* path as cli_save_log takes it (".silb", "-" with --format, NULL). */
void cli_logout_init(cli_logout *o, const char *path);
int cli_logout_entry(cli_logout *o, const sl_log *log, const sl_event *ev, sl_error *err);
/* After the last entry: the log (head: header and tail) to path; prints
 * errors; an exit code. */
int cli_logout_save(cli_logout *o, const sl_log *head, const char *path);
void cli_logout_free(cli_logout *o);
/* Sets the state check of ev from the state after it (none on phases). */
int cli_seal_entry(const sl_log *log, const void *st, size_t at, sl_event *ev);
/* The candidate nearest to word (case ignored) when it is close enough to
 * be a typo, else NULL: for "did you mean". */
const char *cli_suggest(const char *word, size_t n, const char *const *cands, int ncands);
/* The game's result at st (1: over, the sentence in out; 0: it goes on, or
 * the module does not say), and the same as a JSON member ",\"result\":{...}". */
int cli_result(const sl_log *log, const void *st, sl_buf *out);
void cli_result_json(const sl_log *log, const void *st, sl_buf *out);
/* A usage error unless every name of the comma separated --overlay list is
 * one the game's painter offers. */
int cli_check_overlays(const char *verb, const char *game_id, const char *list);
int cmd_version(int argc, char **argv);
int cmd_odds(int argc, char **argv);
int cmd_targets(int argc, char **argv);
int cmd_animate(int argc, char **argv);
int cmd_html(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_step(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_chart(int argc, char **argv);
int cmd_luck(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_batch(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_upgrade(int argc, char **argv);
int cmd_annotate(int argc, char **argv);   /* cmd_branch.c */
int cmd_fork(int argc, char **argv);
/* Opens cairo, pango and glib (gfx_dl.c): 0, or -1 with why naming the
 * library and its Debian package. The verbs that always draw are opened
 * before they run (main.c); any other first drawing call opens them too. */
int cli_gfx_open(char *why, size_t whyn);
/* Every game's `new` options, one block a game (cmd_new.c), for the man page. */
void cli_new_games(FILE *f);

#endif
