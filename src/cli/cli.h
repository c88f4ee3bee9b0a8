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
/* How .silb archives are coded (--coding): SL_SILB_MODEL or SL_SILB_DEFLATE. */
extern int cli_coding;
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
int cmd_help(int argc, char **argv);
int cmd_pack(int argc, char **argv);
int cmd_repair(int argc, char **argv);
int cmd_seek(int argc, char **argv);
/* .silb by extension (cmd_binary.c): 1 if path ends in ".silb". */
int cli_is_silb(const char *path);
/* Writes log to path (.silb: an archive; else canonical text) atomically,
 * or text to stdout when path is NULL; prints errors; returns an exit code. */
int cli_save_log(const sl_log *log, const char *path);
int cmd_odds(int argc, char **argv);
int cmd_animate(int argc, char **argv);
int cmd_html(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_step(int argc, char **argv);

#endif
