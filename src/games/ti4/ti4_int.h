/* ti4_int.h - what the files of the ti4 module share; private to it. */
#ifndef TI4_INT_H
#define TI4_INT_H

#include "ti4.h"

#define TI4_RULES_VERSION 5

/* Event types, in schema order. */
enum {
	TI4_EV_GALAXY, TI4_EV_FACTION, TI4_EV_PLACE,
	TI4_EV_ACTIVATE, TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_CANNON, TI4_EV_BARRAGE, TI4_EV_FIRE,
	TI4_EV_ASSIGN, TI4_EV_RETREAT, TI4_EV_BOMBARD, TI4_EV_LAND, TI4_EV_PRODUCE,
	TI4_EV_RECLAIM, TI4_EV_END, TI4_EV_PASS, TI4_EV_TRADE, TI4_EV_REPLENISH, TI4_EV_AGENT,
	TI4_EV_VORTEX, TI4_EV_RESEARCH, TI4_EV_COPY, TI4_EV_ELIMINATE, TI4_EV_SCORE,
	/* rules version 2; at most 32 types in all, so that the modelled .silb
	 * coding of version 1 archives (5 bits a type) stays the same */
	TI4_EV_SEAT, TI4_EV_PICK, TI4_EV_STRATEGIC, TI4_EV_PLAY, TI4_EV_OBJECTIVE, TI4_EV_AGENDA,
	TI4_EV_DRAW, TI4_NEV
};

/* ti4_round.c: rules version 2's events and phases. */
extern const char *const ti4_strategy_tokens[];
extern const char *const ti4_part_tokens[];     /* primary secondary decline */
extern const char *const ti4_kind_tokens[];     /* action component leader relic note */
extern const char *const ti4_objdo_tokens[];    /* reveal score */
extern const char *const ti4_agdo_tokens[];     /* reveal vote outcome */
extern const char *const ti4_deck_tokens[];     /* action secret explore relic */
enum { TI4_PART_PRIMARY = 0, TI4_PART_SECONDARY, TI4_PART_DECLINE };
enum { TI4_KIND_ACTION = 0, TI4_KIND_COMPONENT, TI4_KIND_LEADER, TI4_KIND_RELIC, TI4_KIND_NOTE };
enum { TI4_DECK_ACTION = 0, TI4_DECK_SECRET, TI4_DECK_EXPLORE, TI4_DECK_RELIC };
void ti4_round_init(ti4_state *s, const sl_header *h);
/* The player who picks a strategy card now (LRR 83.2), -1 when every pick is made. */
int ti4_next_picker(const ti4_state *s);
/* a planet's influence and resources by id (its tile data), -1 if none */
int ti4_pay_planets(ti4_state *s, const sl_header *h, int p, const sl_value *v, int *res,
	int *inf, sl_error *err);
int ti4_round_event(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
/* Before an action-phase event of rules version 2: the player may act now. */
int ti4_round_may_act(const ti4_state *s, const sl_header *h, const sl_event *ev,
	sl_error *err);
/* After every event and marker: custodians, the winner. */
void ti4_round_after(ti4_state *s, const sl_header *h, sl_buf *desc);
int ti4_round_mark(ti4_state *s, const sl_header *h, int turn, int phase, sl_error *err);
void ti4_round_serialize(const ti4_state *s, sl_buf *b);
void ti4_round_restore(ti4_state *s, sl_reader *r);
int ti4_result(const void *st, const sl_header *h, sl_buf *out);
/* Rules version 2's lines of `state` and members of `state --json` (nothing in version 1). */
void ti4_round_summary(const ti4_state *s, const sl_header *h, sl_buf *o);
void ti4_round_json(const ti4_state *s, const sl_header *h, sl_buf *o);

extern const sl_schema ti4_schema;
extern const sl_schema ti4_schema_v2;   /* versions 1 and 2: `strategic` without its v3 fields */
extern const sl_schema ti4_schema_v3;   /* version 3: `strategic` and `land` without their v4 fields */

/* ti4_v3.c: what rules version 3 changes. */
void ti4_v3_init(ti4_state *s, const sl_header *h);
void ti4_v3_serialize(const ti4_state *s, sl_buf *b);
void ti4_v3_restore(ti4_state *s, sl_reader *r);
/* The player the active player p fights in a space combat at i (LRR 78, 62):
 * version 3, the first other player with ships there in initiative order;
 * before, the first by seat. -1 if none. */
int ti4_combat_opponent(const ti4_state *s, int i, int p);
/* The refusal for p, who is not a side of the combat under way. */
int ti4_not_a_side(const ti4_state *s, const sl_header *h, int p, const char *rule,
	sl_error *err);
/* Construction and Warfare carried out (version 3): the primary of card c
 * (3 or 5) and each secondary. */
int ti4_v3_primary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int ti4_v3_secondary(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
/* After every event: Warfare's production window closes with any event but a
 * `produce` or a `strategic`. */
void ti4_v3_after(ti4_state *s, const sl_event *ev);
/* Version 3: the printed values of faction f's own unit of type t before its
 * upgrade (Spec Ops I, Advanced Carrier I, ...), NULL when f has none (or
 * before version 3); whether p produces war suns without the technology
 * (the Muaat's Prototype War Sun I). */
const ti4_stats *ti4_v3_base_unit(const ti4_state *s, int f, int t);
int ti4_v3_may_produce_warsun(const ti4_state *s, int p);
/* The generator's Construction and Warfare primaries (version 3): fills
 * out's fields for card c of player p. */
void ti4_v3_gen_primary(const ti4_state *s, sl_arena *a, int p, int c, sl_event *out);

/* ti4_v4.c: what rules version 4 changes (nothing before it). The landing of
 * ev (planet slot of i, `ground` ground forces) on Mecatol Rex with the
 * custodians token on it: its six influence paid (LRR 27.2), the token and
 * its point taken (27.3); pay= elsewhere refused. */
int ti4_v4_land(ti4_state *s, const sl_header *h, const sl_event *ev, int i, int slot,
	int ground, sl_buf *desc, sl_error *err);
/* Whether gaining control of Mecatol Rex takes the token (versions 2 and 3). */
int ti4_v4_custodians_on_control(const ti4_state *s);
/* LRR 24.4a: structure t of p, none in reinforcements, taken back from the
 * planet from's item *used (then ++), in a system without p's command token
 * (nor token_sys, the secondary's). Before version 4: refused. */
int ti4_v4_take_structure(ti4_state *s, const sl_header *h, int p, int t, const sl_value *from,
	int *used, int token_sys, sl_buf *desc, sl_error *err);
/* Version 4's printed faction units read for their production (Letani
 * Warrior I, Hel-Titan I), NULL otherwise; the production of p's units other
 * than space docks in area a of system i (0 before version 4). */
const ti4_stats *ti4_v4_base_unit(const ti4_state *s, int f, int t);
int ti4_v4_production(const ti4_state *s, int i, int a, int p);
/* The PRODUCTION value of p's unit t other than a space dock (version 4; 0 before). */
int ti4_unit_production(const ti4_state *s, int p, int t);
/* Refused when from= names more planets than were taken from. */
int ti4_v4_from_left(const sl_header *h, const sl_value *from, int used, sl_error *err);

/* ti4_v5.c: what rules version 5 changes (nothing before it). The Saar's
 * Floating Factory (LRR 79.4a): whether p's unit t is one (a space dock of
 * the Saar); its printed values before Floating Factory II; the production
 * of p's factories in the space area of i; the area a structure t of p
 * placed on planet slot goes to (0 for a factory, else slot). */
int ti4_v5_factory(const ti4_state *s, int p, int t);
const ti4_stats *ti4_v5_base_unit(const ti4_state *s, int f, int t);
int ti4_v5_factory_production(const ti4_state *s, int i, int p);
int ti4_v5_structure_area(const ti4_state *s, int p, int t, int slot);
/* Whether p's unit t moves as a ship does (ships, and a Floating Factory). */
int ti4_v5_mover(const ti4_state *s, int p, int t);
/* LRR 79.4a: every blockaded Floating Factory is destroyed (after each event). */
void ti4_v5_factories_blockaded(ti4_state *s, const sl_header *h, sl_buf *desc);
/* Ground forces of p on planet area a of system i, Hel-Titans included in version 5. */
int ti4_ground_in(const ti4_state *s, int i, int a, int p);

int ti4_illegal(sl_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *ti4_pid(const sl_header *h, int p);
/* A planet id: its position index and slot 1..3, or -1. */
int ti4_planet_find(const ti4_state *s, const char *id, int *slot);
const ti4_planet *ti4_planet_at(const ti4_state *s, int i, int slot);  /* NULL if none */
int ti4_adjacent(const ti4_state *s, int a, int b);   /* neighbours or wormhole-linked */
/* The slot of p's dock at i, TI4_AREAS for a Floating Factory in its space
 * area (rules version 5), 0 none. */
int ti4_has_dock(const ti4_state *s, int i, int p);
int ti4_is_cabal(const ti4_state *s, int p);
int ti4_plastic(const ti4_state *s, int i, int a, int p, int t); /* plastic pieces there */
int ti4_neighbours(const ti4_state *s, int p, int q);
/* A place named in an event: a position code (its space area) or a planet id. */
int ti4_place_parse(const ti4_state *s, const sl_value *v, int *pos, int *area);

int ti4_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);
int ti4_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err);
int ti4_play(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err);   /* ti4_act.c */
void ti4_update_blockades(ti4_state *s, const sl_header *h, sl_buf *desc);

int ti4_serialize(const void *st, sl_buf *out);
int ti4_restore(void **out, const void *p, size_t n, sl_error *err);
void ti4_summary(const void *st, const sl_header *h, sl_buf *out);
void ti4_summary_json(const void *st, const sl_header *h, sl_buf *out);
void ti4_help(const void *st, const sl_header *h, sl_buf *out);
int ti4_generate(const void *st, const sl_header *h, sl_prng *rng,
	sl_arena *a, sl_event *out, sl_error *err);

/* What the rules tell the .silb coder (ti4_model.c). */
extern const sl_model ti4_model;

#endif
