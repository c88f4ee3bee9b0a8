/* tg_kit.h - what the games' click-target files share (private to
 * render/games): an event built field by field written as a body line,
 * a trial of an event or marker on a scratch copy of a flat state (the
 * rules' own check, sl_entry_apply), and a target pushed in one call. */
#ifndef TG_KIT_H
#define TG_KIT_H

#include "../painter.h"
#include "../sl_targets.h"

#include <stddef.h>

typedef struct tg_ctx {
	const sl_frame *fr;
	const sl_game *g;
	const sl_header *h;
	const void *st;        /* the state of the frame */
	size_t size;           /* its bytes: the games here keep one flat block */
	void *scratch;         /* a copy to try entries on; after a success, the state after */
	sl_targets *out;
	sl_buf desc;           /* the rules' sentence of the last success */
	char err[256];         /* the rules' refusal of the last failure */
	int oom;               /* an allocation failed: an answer is unknown, not "refused";
	                          the hook then fails with SL_ENOMEM (tg_end_rc) */
} tg_ctx;

/* Sets up ctx (allocates the scratch state); 0 or SL_ENOMEM with err set. */
int tg_begin(tg_ctx *c, const sl_frame *fr, size_t size, sl_targets *out, sl_error *err);
void tg_end(tg_ctx *c);
/* Frees ctx and gives the hook's return: rc when negative, SL_ENOMEM (err
 * set) when an allocation failed on the way, else 0. */
int tg_end_rc(tg_ctx *c, int rc, const char *game, sl_error *err);

/* A TEXT or PIECE value pointing at s (which must outlive the event). */
void tg_str(sl_value *v, const char *s);
/* A DICE or LIST value pointing at n bytes b (which must outlive the event). */
void tg_bytes(sl_value *v, const uint8_t *b, int n);

/* Whether the rules accept ev (an event or a marker) at the frame's state:
 * 1 yes (c->scratch then holds the state after it, c->desc its sentence),
 * 0 no (c->err says why). */
int tg_try(tg_ctx *c, const sl_event *ev);
/* A marker: "turn N" (phase 0) or "phase K". */
void tg_marker(sl_event *ev, int turn, int phase);

/* Pushes the marker "turn N" (phase 0) or "phase K" as a list target for
 * `player` ("" any) when the rules accept it: 1 pushed, 0 refused, or
 * SL_ENOMEM. */
int tg_offer_marker(tg_ctx *c, int turn, int phase, const char *player, const char *label);

/* The entry in body syntax ("ana: move unit=ana-t1 path=SE,SE"), fields
 * that are absent left out; into buf (always NUL-terminated). */
void tg_line(tg_ctx *c, const sl_event *ev, char *buf, size_t n);

/* Pushes a target; x < 0 (SL_TARGET_NOWHERE) for a list-only one. label,
 * cost, odds and line may be NULL. 0 or SL_ENOMEM. */
int tg_push(tg_ctx *c, int kind, const char *player, const char *sel, const char *group,
	double x, double y, double r, const char *label, const char *cost, const char *odds,
	const char *line);
/* Pushes an ACT target for ev with its line, the rules' sentence (c->desc)
 * as the label unless label is given. */
int tg_push_act(tg_ctx *c, const sl_event *ev, const char *sel, const char *group,
	double x, double y, double r, const char *label, const char *cost, const char *odds);

/* The player id of seat p ("" when none). */
const char *tg_pid(const tg_ctx *c, int p);
/* snprintf that never warns about truncation. */
void tg_fmt(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The games' hooks (sl_painter.targets), each in render/games/<id>_targets.c. */
int tg_fmp_targets(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);
int tg_ti4_targets(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);
int tg_xwing_targets(const sl_frame *fr, const char *sel, struct sl_targets *out, sl_error *err);
/* The painters' geometry the target files need. */
int tg_ti4_where(const sl_frame *fr, int i, int slot, double *x, double *y, double *r);
double tg_xwing_at(const sl_frame *fr, int32_t x, int32_t y, double *sx, double *sy);

/* Tries ev with its DICE field `field` filled by n dice of value v, for n
 * = 1..max: the count the rules take (the recorder draws that many), or 0
 * when none is accepted. ev's field is left absent again. */
int tg_try_dice(tg_ctx *c, sl_event *ev, int field, int v, int max);

#endif
