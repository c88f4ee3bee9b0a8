/* fmp_int.h - what the files of the fmp module share; private to it. */
#ifndef FMP_INT_H
#define FMP_INT_H

#include "fmp.h"

#define FMP_RULES_VERSION 3   /* 2: tides drawn a turn ahead (H13), pontoons tied (H11);
                                 3: turn 21's secret take-off choice, the published fire
                                 and neutralisation rules (formats/fmp.md) */
#define FMP_MAX_PATH 32

/* Event types, in schema order. */
enum {
	FMP_EV_MAP, FMP_EV_TERRAIN, FMP_EV_ORE, FMP_EV_TIDE, FMP_EV_LAND, FMP_EV_MOVE,
	FMP_EV_LOAD, FMP_EV_UNLOAD, FMP_EV_ENTER, FMP_EV_LEAVE, FMP_EV_FIRE, FMP_EV_CAPTURE,
	FMP_EV_BUILD, FMP_EV_REBUILD, FMP_EV_NEUTRALISE, FMP_EV_TAKEOFF, FMP_EV_COMMIT,
	FMP_EV_REVEAL, FMP_NEV
};

extern const sl_schema fmp_schema;

int fmp_illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fmp_pid(const sl_header *h, int p);     /* player id, "nobody" for -1 */
const char *fmp_dir_name(int dir);
void fmp_neighbor(int col, int row, int dir, int *ncol, int *nrow);
int fmp_distance(int c1, int r1, int c2, int r2);
int fmp_find_unit(const fmp_state *s, const char *id, size_t n);   /* index or -1 */
int fmp_find_ship(const fmp_state *s, const sl_header *h, const char *id, size_t n);
/* What stands on a hex: a unit index (turrets excluded; a pontoon only if
 * nothing stands on it), or -1. */
int fmp_unit_at(const fmp_state *s, int col, int row);
int fmp_pontoon_at(const fmp_state *s, int col, int row);
int fmp_ship_at(const fmp_state *s, int col, int row);         /* astronef index or -1 */
/* Whether unit kind may stand on col,row at this tide (terrain only). */
int fmp_terrain_ok(const fmp_state *s, int kind, int col, int row);
/* Places a unit's kind may stand on: terrain ok, on the map, nothing else there. */
int fmp_hex_free(const fmp_state *s, int kind, int col, int row, int self);
int fmp_size(int kind);          /* places it takes in a transporter */
int fmp_capacity(int kind);      /* places it offers (0: not a transporter) */
int fmp_cargo_used(const fmp_state *s, int t);
/* Whether unit u (by index) is somewhere inside astronef k, at any depth. */
int fmp_inside_ship(const fmp_state *s, int u, int *ship);
int fmp_unit_under_fire(const fmp_state *s, const fmp_unit *u, int p);
int fmp_base_ap(int turn);
/* Astronefs player p holds on the planet (landed, not taken off). */
int fmp_ships_held(const fmp_state *s, int p);
/* Whether col,row could hold a new pontoon tied to land (H11). */
int fmp_pontoon_can_tie(const fmp_state *s, int col, int row);
/* Destroys unit u and its cargo. */
void fmp_kill(fmp_state *s, int u);
/* Sinks the pontoons no longer tied to land, with what stands on them
 * (H11). Returns how many units went down; lists their ids in desc. */
int fmp_sink_pontoons(fmp_state *s, sl_buf *desc);
/* Adds to s->known the players who now have an operational layer (H13). */
void fmp_update_known(fmp_state *s);
/* Sets the colour of u and of its cargo, at every depth (ore keeps none). */
void fmp_recolour(fmp_state *s, int u, int colour);

/* The rules proper, shared with the generator's self-check. */
int fmp_apply_in(void *st, const sl_header *h, const sl_event *ev,
	sl_buf *desc, sl_error *err);
int fmp_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err);
int fmp_play(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);   /* fmp_act.c: events of turns 1.. by players */
/* fmp_act.c: `commit` and `reveal`, the turn-21 choice (9.5), in phase 1. */
int fmp_choice(fmp_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
#define FMP_TAKEOFF_DOMAIN "fmp-takeoff"
/* The content committed for a choice: "stay" or "leave". */
const char *fmp_choice_name(int choice);

int fmp_serialize(const void *st, sl_buf *out);
int fmp_restore(void **out, const void *p, size_t n, sl_error *err);
void fmp_summary(const void *st, const sl_header *h, sl_buf *out);
void fmp_summary_json(const void *st, const sl_header *h, sl_buf *out);
void fmp_help(const void *st, const sl_header *h, sl_buf *out);
int fmp_generate(const void *st, const sl_header *h, sl_prng *rng,
	sl_arena *a, sl_event *out, sl_error *err);

int fmp_result(const void *st, const sl_header *h, sl_buf *out);   /* fmp_result.c */
int fmp_chances(const void *st, const sl_header *h, int type, int field, uint8_t *weights, int max);
/* The next tide card kept from the sides that do not know it (H13): sl_game.veil. */
int fmp_veil(const void *st, const sl_header *h, const sl_event *ev, int side, sl_buf *desc,
	uint32_t *hide);

#endif
