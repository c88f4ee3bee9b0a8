/* sl_targets.h - what a player may click on a board: the legal actions of
 * the moment as targets on the painter's canvas, for `sillage serve`'s
 * record page (src/serve). A game adds its click targets in one file next
 * to its painter (render/games/<id>_targets.c) through sl_painter.targets;
 * render/targets.c asks it for candidates and keeps only those the rules
 * accept (each ACT line is parsed and applied to a copy of the state with
 * sl_entry_apply: the same check `record` makes). */
#ifndef SL_TARGETS_H
#define SL_TARGETS_H

#include "games/sl_game.h"
#include "sl_render.h"

struct sl_log;

#ifdef __cplusplus
extern "C" {
#endif

enum {
	SL_TARGET_SELECT = 1,   /* opens a selection (a ship, a unit, a system) */
	SL_TARGET_ACT = 2       /* records an entry */
};

#define SL_TARGET_NOWHERE (-1.0)   /* x of a target that is not on the board (a list button) */

typedef struct sl_target {
	int kind;              /* SL_TARGET_* */
	char player[24];       /* the side that may use it ("" = any side, e.g. a turn marker) */
	char sel[64];          /* SELECT: the selection it opens; ACT: the selection it belongs to ("" = none) */
	char group[24];        /* what kind of action, for the page's list: "move", "fire", "board", "phase", ... */
	double x, y, r;        /* hit circle on the natural canvas (painter pixels); x = SL_TARGET_NOWHERE: list only */
	char label[128];       /* what it does, in words: "Vestale: A,A to 13,3 facing SW" */
	char cost[48];         /* its cost, "" if none: "2 of 4 MP" */
	char odds[160];        /* for an attack: its chances in words, "" if none */
	char line[512];        /* ACT: the entry in .sil body syntax, dice the rules draw left out */
} sl_target;

typedef struct sl_targets {
	sl_target *v;
	int n, cap;
	int width, height;     /* the natural canvas the coordinates refer to */
} sl_targets;

/* The targets of the state after the log's last entry (state: that state,
 * as the replay engine or the recorder holds it), under selection `sel`
 * (NULL or "" = nothing selected: the pieces one may select, plus the
 * actions that need no selection). Only legal ACT targets are kept.
 * Returns 0 (out filled, maybe empty) or a negative sl_code with err set. */
int sl_targets_list(const struct sl_log *log, const void *state, const char *sel,
	sl_targets *out, sl_error *err);
/* The same with the log's end given apart (a position read through a .silb
 * index, issue 29): last the entry before the position (NULL at the start),
 * events the events before it; log's entries are not read. */
int sl_targets_list_at(const struct sl_log *log, const void *state, const struct sl_event *last,
	long events, const char *sel, sl_targets *out, sl_error *err);
/* Appends one target (copied); 0 or SL_ENOMEM. For the games' files. */
int sl_targets_push(sl_targets *t, const sl_target *tg);
void sl_targets_free(sl_targets *t);

#ifdef __cplusplus
}
#endif

#endif
