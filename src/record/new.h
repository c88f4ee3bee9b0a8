/* new.h - the templates of `sillage new GAME [options] -o FILE`: one per
 * game, each writes the opening of a new game (its header and setup entries)
 * as .sil text from the options it is given; the command checks that text
 * with the rules before anything is written. Private to src/record, src/serve
 * and src/cli. */
#ifndef SL_RECORD_NEW_H
#define SL_RECORD_NEW_H

#include "core/sl_core.h"

/* One option as typed: "--xws A.json" is {"xws", "A.json"}; a flag has val
 * NULL. Keys may repeat (two --xws); their order is kept. */
typedef struct rec_new_opt {
	const char *key;
	const char *val;
} rec_new_opt;

typedef struct rec_template {
	const char *game;   /* the rules module's id */
	const char *usage;  /* the options, one per line: "--xws FILE  a squad (twice)" */
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
} rec_template;

/* The template of game id, or NULL. */
const rec_template *rec_new_find(const char *game);
/* Every template in the order of the games' registry, NULL-terminated. */
extern const rec_template *const rec_new_templates[];

#endif
