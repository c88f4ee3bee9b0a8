/* new.h - the templates of `sillage new GAME [options] -o FILE`: one per
 * game, each writes the opening of a new game (its header and setup entries)
 * as .sil text from the options it is given; the command checks that text
 * with the rules before anything is written. Private to src/record, src/serve
 * and src/cli. */
#ifndef SL_RECORD_NEW_H
#define SL_RECORD_NEW_H

#include "core/sl_core.h"
#include "formats/sl_log.h"

/* One option as typed: "--xws A.json" is {"xws", "A.json"}; a flag has val
 * NULL. Keys may repeat (two --xws); their order is kept. */
typedef struct rec_new_opt {
	const char *key;
	const char *val;
} rec_new_opt;

/* A player's secrets that a new game deals sealed (the log holds only their
 * commitments): the text of FILE.ID.secret, which only that player keeps. */
typedef struct rec_new_secret {
	char player[32];
	sl_buf text;
	/* The same secret as words, for `sillage serve`'s FILE.seal: what was
	 * dealt (a ti4 secret objective's id) and its salt in hex. */
	char what[64];
	char salt[2 * SL_SALT_BYTES + 1];
} rec_new_secret;

typedef struct rec_template {
	const char *game;   /* the rules module's id */
	/* The options, one per line: "--xws FILE  a squad (twice)"; an option
	 * written without an argument name ("--fog  ...") is a flag. The
	 * command accepts exactly these (rec_new_check). */
	const char *usage;
	/* Appends what the game offers (scenarios, maps, factions...), one per
	 * line "NAME  what it is", to out. Returns 0 or a negative code. */
	int (*list)(sl_buf *out, sl_error *err);
	/* Appends the .sil text of a new game (header lines, a blank line, the
	 * setup entries) to out. On a bad option or input returns a negative
	 * code with err naming the option (or FILE: $.json.path, or
	 * FILE:LINE:COL) and why; err's code is SL_EUSAGE for a bad option (exit 2), SL_EFORMAT for
	 * an unreadable input file (exit 3), SL_EILLEGAL for a setup the rules
	 * refuse (exit 1), SL_EIO (exit 4). Nothing is written by the template. */
	int (*write)(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err);
	/* Optional (NULL: nothing is dealt): after write, appends the setup
	 * entries that deal hidden cards as commitments to out, and fills
	 * sec[0..*nsec-1] with each player's secret (its salts). Same codes as
	 * write; the caller frees the texts (rec_new_secrets_free). */
	int (*deal)(sl_buf *out, rec_new_secret *sec, int *nsec, const rec_new_opt *opt, int nopt,
		sl_error *err);
} rec_template;


/* Every option of opt is one t->usage names, with a value when the usage
 * gives it an argument and none when it is a flag; else SL_EUSAGE naming
 * the option (and the nearest one when it looks like a typo). */
int rec_new_check(const rec_template *t, const rec_new_opt *opt, int nopt, sl_error *err);
/* 1 if key takes a value in t->usage, 0 if it is a flag, -1 if unknown. */
int rec_new_takes_value(const rec_template *t, const char *key);
/* The value of the last --key of opt, or NULL when it is not given. */
const char *rec_new_get(const rec_new_opt *opt, int nopt, const char *key);
/* 1 if the flag --key is given. */
int rec_new_flag(const rec_new_opt *opt, int nopt, const char *key);
/* --key as an integer in [lo, hi], dflt when not given; else SL_EUSAGE. */
int rec_new_int(const rec_new_opt *opt, int nopt, const char *key, long lo, long hi, long dflt,
	long *out, sl_error *err);
/* --key as one of the NULL-terminated names (its index in *out), dflt when
 * not given; else SL_EUSAGE listing them. */
int rec_new_pick(const rec_new_opt *opt, int nopt, const char *key, const char *const *names,
	int dflt, int *out, sl_error *err);

/* The whole of `new`: runs t->write, reads the text (named "<new GAME>") and
 * replays it with every rule, then gives each entry its state check, so *out
 * is a log ready to save (free with sl_log_free). A text the rules refuse is
 * SL_EILLEGAL naming the setup line and the rule. */
int rec_new_build(sl_log **out, const rec_template *t, const rec_new_opt *opt, int nopt,
	sl_error *err);

/* rec_new_build, then what t->deal deals (when sec is not NULL and t has a
 * deal): the log holds the commitments, sec[0..*nsec-1] the secrets. */
int rec_new_build_dealt(sl_log **out, rec_new_secret *sec, int *nsec, const rec_template *t,
	const rec_new_opt *opt, int nopt, sl_error *err);
void rec_new_secrets_free(rec_new_secret *sec, int nsec);
/* Writes each secret to LOGPATH.ID.secret (mode 0600, synced, atomically);
 * all or none: SL_EIO naming the file that could not be written (SL_ENOMEM
 * when a text ran out of memory). */
int rec_new_write_secrets(const char *logpath, const rec_new_secret *sec, int nsec,
	sl_error *err);
/* Removes the files rec_new_write_secrets wrote (the log could not be saved). */
void rec_new_remove_secrets(const char *logpath, const rec_new_secret *sec, int nsec);

/* Replays log with every rule (no recorded check compared) and gives each
 * entry its state check from the state after it. */
int rec_seal_log(sl_log *log, sl_error *err);
/* `sillage upgrade` (upgrade.c): log, recorded under an earlier rules
 * version of its game, put under the current version, each entry
 * replayed by today's rules and sealed anew. The first entry they refuse is
 * SL_EILLEGAL with err at its FILE:LINE:COL and the rule; a version newer
 * than the build's is SL_EVERSION. The log is changed in memory only. */
typedef struct rec_upgrade_info {
	int from;            /* the version the log was recorded under */
	long checked;        /* entries that had a state check */
	long differ;         /* of those, how many today's rules gave another */
	long first_diff;     /* the first of them (entry index), or -1 */
} rec_upgrade_info;
int rec_upgrade(sl_log *log, rec_upgrade_info *info, sl_error *err);
/* What fmp logs of rules versions before 3 lack, written in (upgrade_fmp.c:
 * the tide cards a turn ahead, the sealed turn-21 choices). */
int rec_upgrade_fmp(sl_log *log, int from, sl_error *err);

/* The template of game id, or NULL. */
const rec_template *rec_new_find(const char *game);
/* Every template in the order of the games' registry, NULL-terminated. */
extern const rec_template *const rec_new_templates[];

/* The templates, one per file new_<game>.c. */
extern const rec_template rec_new_sail, rec_new_starship, rec_new_fmp, rec_new_ti4, rec_new_xwing;

#endif
