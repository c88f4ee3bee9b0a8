/* sl_game.h - the event model and the interface every rules module implements.
 * A game is a versioned table of functions plus its event schema; the codecs
 * are generic over schemas, so a codec never knows a game and a game never
 * parses log text. */
#ifndef SL_GAME_H
#define SL_GAME_H

#include "core/sl_core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SL_GAME_API 2        /* version of struct sl_game (2: model) */
#define SL_MAX_FIELDS 16     /* fields of one event type (ti4 `strategic` has 13) */
#define SL_MAX_PLAYERS 8
#define SL_MAX_ITEMS 255     /* items in one DICE or LIST value */
#define SL_MAX_SNAPSHOT (1u << 20)   /* bytes of one serialized state */

/* ---- schema -------------------------------------------------------------- */

typedef enum sl_kind {
	SL_K_INT = 1,   /* signed integer within [min, max]                 "-3"      */
	SL_K_ENUM,      /* one name out of `names`                          "deep"    */
	SL_K_DIR,       /* a hexside direction of the schema's grid         "SW"      */
	SL_K_HEX,       /* a hex as printed on the map: column,row          "12,7"    */
	SL_K_PIECE,     /* a piece id: [A-Za-z0-9_-]+, resolved by the game  "redoutable" */
	SL_K_DICE,      /* die results 1..max, comma separated              "3,5"     */
	SL_K_TEXT,      /* free UTF-8 text, quoted in the log               "\"Le Fier\"" */
	SL_K_LIST       /* tokens out of `names`, comma separated           "A,AS,TP" */
} sl_kind;

typedef struct sl_field_def {
	const char *name;
	sl_kind kind;
	int optional;               /* may be absent */
	int32_t min, max;           /* INT: range; DICE: max = faces */
	int max_items;              /* DICE/LIST: most items (<= SL_MAX_ITEMS); TEXT: most bytes */
	const char *const *names;   /* ENUM/LIST: NULL-terminated token names */
	const char *help;           /* one line for docs and `record help` */
} sl_field_def;

enum {
	SL_EV_SETUP = 1u << 0,      /* only before turn 1 */
	SL_EV_PLAY = 1u << 1,       /* only from turn 1 on */
	SL_EV_PLAYER = 1u << 2,     /* needs an acting player ("fr: move ...") */
	SL_EV_NOPLAYER = 1u << 3    /* must not name one */
};

typedef struct sl_event_def {
	const char *name;
	unsigned flags;
	int nfields;
	const sl_field_def *fields;
	const char *help;
} sl_event_def;

typedef struct sl_schema {
	int nevents;
	const sl_event_def *events;
	int nphases;                 /* phases are numbered 1..nphases */
	const char *const *phases;   /* their names */
	sl_hex_layout grid;          /* for DIR names and HEX fields */
} sl_schema;

/* ---- events ------------------------------------------------------------- */

typedef struct sl_value {
	uint8_t present;
	uint16_t n;                  /* DICE/LIST: item count; TEXT/PIECE: byte length */
	union {
		int32_t i;           /* INT value, ENUM index, DIR 0..5 */
		struct { int16_t col, row; } hex;
	} u;
	const void *p;               /* TEXT/PIECE: NUL-terminated chars; DICE/LIST: n bytes */
} sl_value;

/* A value the recorder drew (format 2 logs, formats/prng.md): which item of
 * which field, at which counter of the dice secret, the die and its faces.
 * For a DICE field the die is the item itself and out_of the field's faces;
 * for a value drawn out of weights (an ENUM, sl_game.chances) item is 0,
 * value the die of out_of faces and the field's value the one it gives. */
typedef struct sl_draw {
	uint64_t counter;
	uint8_t field, item;
	uint8_t value, out_of;
} sl_draw;

typedef enum sl_entry {
	SL_ENTRY_EVENT = 0,
	SL_ENTRY_TURN = 1,           /* "turn N": N in mark */
	SL_ENTRY_PHASE = 2           /* "phase K": K in mark */
} sl_entry;

/* One line of a log: an event or a turn/phase marker. Strings and lists
 * point into the arena of whoever built the event (the log, the recorder).
 * Public on purpose, like sl_value and sl_header: events are built and read
 * field by field by rules modules, generators and applications, and a log's
 * entries are handed out as arrays of them. */
typedef struct sl_event {
	uint8_t entry;               /* sl_entry */
	int8_t player;               /* index into the header's players, -1 = none */
	uint16_t type;               /* EVENT: index into schema->events */
	int32_t mark;                /* TURN/PHASE: the number */
	uint32_t line;               /* source line in a text log, 0 if none */
	uint8_t has_check;
	uint8_t glyph;               /* a move's assessment, SL_GLYPH_* (0 none):
	                                outside every check, like a note */
	uint64_t check;              /* recorded state hash: low 32 bits after an
	                                event, all 64 at a turn marker */
	const char *comment;         /* "#" lines just before it, joined by '\n' */
	const char *note;            /* @note annotation */
	const char *bookmark;        /* @bookmark label */
	sl_value f[SL_MAX_FIELDS];   /* in schema order */
	uint16_t ndraws;             /* format 2: the drawn values, by field then item */
	const sl_draw *draws;
} sl_event;

typedef struct sl_player {
	char *id;                    /* short id used in the log: "fr" */
	char *name;                  /* display name */
	uint32_t colour;             /* 0xRRGGBB */
} sl_player;

typedef struct sl_meta {
	char *key, *value;
} sl_meta;

/* The header of a log, whatever its encoding. Strings are owned by the
 * header (sl_header_free). */
typedef struct sl_header {
	int format_version;
	char *game;                  /* module id */
	int rules_version;           /* version the log was recorded under */
	char *title, *date;
	int nplayers;
	sl_player players[SL_MAX_PLAYERS];
	int nmeta;
	sl_meta *meta;
	int has_seed;
	uint64_t seed;
	char *comment;               /* "#" lines in the header */
} sl_header;

void sl_header_free(sl_header *h);
int sl_header_player(const sl_header *h, const char *id); /* index or -1 */

/* ---- the rules module interface --------------------------------------- */

enum { SL_COMPAT_SAME = 0, SL_COMPAT_WARN = 1, SL_COMPAT_NO = 2 };

/* All state functions are pure over their arguments: no I/O, no globals,
 * integers only. A state is opaque to everyone but the game and its painter.
 * The table is public on purpose: it is what a rules module fills in, and
 * applications call its functions (init, summary, help...) directly. */
typedef struct sl_game {
	int api;                      /* SL_GAME_API */
	const char *id, *name;
	int rules_version;
	const sl_schema *schema;

	/* How a log recorded under `recorded` rules version replays here:
	 * SL_COMPAT_*. NULL: only logs of this very version replay. */
	int (*compat)(int recorded);

	/* A fresh state before any setup event. Caller frees with destroy. */
	int (*init)(void **out, const sl_header *h, sl_error *err);
	void (*destroy)(void *st);

	/* Validates ev against the rules then applies it. On error nothing in
	 * st changed and err names the rule ("sail 6: ..."). If desc is
	 * non-NULL, appends one sentence a player would say about the event
	 * (that is also how `describe` works: apply to a copy). */
	int (*apply)(void *st, const sl_header *h, const sl_event *ev,
		sl_buf *desc, sl_error *err);

	/* A turn (phase == 1 at its start) or phase marker. Validated like
	 * apply: the engine has already checked the numbering. */
	int (*mark)(void *st, const sl_header *h, int turn, int phase,
		sl_error *err);

	/* Canonical serialization: equal states give equal bytes. The hash of
	 * a state is sl_hash64 of these bytes; snapshots are these bytes. */
	int (*serialize)(const void *st, sl_buf *out);
	int (*restore)(void **out, const void *p, size_t n, sl_error *err);

	/* Human summary (text) and the same as a JSON object. */
	void (*summary)(const void *st, const sl_header *h, sl_buf *out);
	void (*summary_json)(const void *st, const sl_header *h, sl_buf *out);

	/* The legal actions of the moment, for a player at the prompt. */
	void (*help)(const void *st, const sl_header *h, sl_buf *out);

	/* The next entry of a synthetic legal game: an event (dice drawn from
	 * rng, values allocated in a) or a turn/phase marker. Returns 1 when
	 * the game is over, 0 when *out holds the next entry, <0 on error. */
	int (*generate)(const void *st, const sl_header *h, sl_prng *rng,
		sl_arena *a, sl_event *out, sl_error *err);

	/* Current turn and phase (0, 0 during setup). */
	void (*position)(const void *st, int *turn, int *phase);

	/* Optional (NULL): what the rules know about the next entry, for the
	 * modelled segments of a .silb archive (see sl_model below). */
	const struct sl_model *model;

	/* Optional (NULL: the game never says it is over): 1 when the game is
	 * over, with one sentence in out naming the result as the rules define
	 * it ("France wins: ..."); 0 while it goes on (out untouched). Pure, like
	 * summary; a recorder accepts only notes once it returns 1. */
	int (*result)(const void *st, const sl_header *h, sl_buf *out);

	/* Optional (NULL: none): what the rules draw at random for field
	 * `field` (an ENUM) of an event of `type` at st, for a recorder to draw
	 * when the line leaves it out: the weight of each value (a deck's cards
	 * left) in weights[0..n-1]. Returns n, or 0 when nothing is drawn there.
	 * The weights sum to at most 255. */
	int (*chances)(const void *st, const sl_header *h, int type, int field,
		uint8_t *weights, int max);

	/* Optional (NULL: every event is public, as the log shows it): what
	 * `side` (a player index, or SL_VIEW_PUBLIC for a spectator who is no
	 * player) may know of ev, at st, the state just after it. Returns 0
	 * when side may see ev whole; 1 when some of it is hidden from side:
	 * desc, which holds the event's description as the whole log reads it
	 * on entry, is rewritten into the sentence side may read, and *hide
	 * gets the fields to keep from side (bit k: field k), which a writer
	 * prints as `?`. Pure, like summary. */
	int (*veil)(const void *st, const sl_header *h, const sl_event *ev, int side,
		sl_buf *desc, uint32_t *hide);
} sl_game;

/* The views a reader may ask for: a player index (0..), a spectator who is
 * none of the players, or everything (the omniscient view of a review). */
#define SL_VIEW_PUBLIC (-1)
#define SL_VIEW_ALL (-2)

/* ---- modelled coding (optional) ------------------------------------------
 * A .silb archive codes its entries with a range coder (core/sl_mc.h)
 * whose probabilities come from models. The generic coder models every
 * field from the schema alone; a rules module can do better by asking its
 * rules what is possible at this point (which pieces may still act, which
 * steps are legal) and coding the choice among those. The model runs on
 * the state before the entry, on both sides: the decoder has the same
 * state because it applies every entry it decodes. Every hook is one
 * function for both directions (sl_mcs_decoding tells which); decoding, it
 * must produce a value of the schema for any bits, and the entry is then
 * applied by the rules like any other, so a model never decides what is
 * legal. formats/silb.md specifies the generic coding; each game's format
 * page specifies its model. */
typedef struct sl_mcs sl_mcs;       /* one segment's coding scope (sl_mcs.h) */
#define SL_MODEL_APPLIED 1
struct sl_mc;

typedef struct sl_model {
	/* Written in every modelled segment: a reader refuses a segment coded
	 * with another version of the model instead of misreading it. */
	int version;
	/* Bytes of adaptive state the hooks keep per segment, zeroed at its
	 * start (every sl_mc model is valid when zeroed). */
	size_t ctx_size;
	/* 0..3, a context for the kind of the next entry: e.g. 0 when no
	 * piece may act any more in this phase. NULL: always 0. Called before
	 * every entry, so it may bring what it keeps in ctx up to date. */
	int (*hint)(const void *st, void *ctx);
	/* Codes one event: encoding reads *ev, decoding fills it (strings in
	 * sl_mcs_arena). It may hand any event to sl_mcs_generic after a flag
	 * of its own. Returns SL_OK (the caller then applies the event through
	 * the rules), SL_MODEL_APPLIED when the hook applied it to st itself,
	 * which it may do only for an event whose every rule it has checked
	 * with the rules' own functions while coding it (sail's moves: the
	 * ship may move, each step passed sail_step_check), or an error set
	 * with sl_mcs_fail. */
	int (*event)(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev);
	/* Keyframes: 1 if st can be coded against ref by `state` (the same
	 * pieces, map and so on), 0 to leave it to the generic byte coder. */
	int (*state_fits)(const void *ref, const void *st);
	/* Codes st against ref. Decoding, *out gets a new state (destroy
	 * frees it) that the caller serializes, restores and checks against
	 * the keyframe's hash, so the hook need not check what it builds. */
	int (*state)(sl_mcs *s, void *ctx, const void *ref, const void *st, void **out);
	/* Optional (NULL): the words a new string of schema coding 2 is most
	 * likely to be (card and faction ids), NULL-terminated; after the
	 * header's player ids they are the vocabulary a new string is coded
	 * from by its index. Part of the model's format: frozen for a version
	 * (a new word is a new model version). */
	const char *const *words;
	/* The oldest model version (1 or more) whose segments the hooks still
	 * decode, looking at sl_mcs_version; 0: only this one (and the version
	 * 0 rule of sl_mcs_use_version). */
	int oldest;
	/* 1: the event hook looks ahead (sl_mcs_ahead): a writer fed entry by
	 * entry holds the entries up to the next turn marker before coding them,
	 * so the hook sees the rest of the round; 2: it holds them to the end of
	 * the segment (at most 4 096 entries), so the hook sees the rest of it.
	 * The decoder sees nothing ahead: what the encoder finds there it says
	 * in the code. */
	int ahead;
	/* Bytes at the start of ctx that follow the game's position (which
	 * pieces may act, what was revealed) rather than what the models have
	 * learnt: zeroed when a segment of an archive of many games starts from
	 * models primed over other games (sl_mcs_prime); the rest is kept.
	 * 0: the whole ctx is kept. */
	size_t ctx_fresh;
	/* Optional (NULL: none): 1 when a setup event of a primed segment is
	 * not coded against the reference's event at its place because that
	 * event is of `type` (formats/silb.md, "Archives of many games"): the
	 * event hook codes it as in any segment (ti4's version 2: a sealed
	 * draw, whose commitment it computes). version: the segment's. */
	int (*no_ref)(int version, int type);
	/* 0: the hint (if any) is the model's from its first version; N > 0:
	 * a hint added by version N, which gives 0 to the segments of older
	 * versions (so the model counts as one that codes only events, as its
	 * first versions were, for the version 0 rule and a reference setup). */
	int hint_from;
} sl_model;

/* For the hooks: the range coder, the direction, where decoded strings
 * go, the generic coding of an event's type, player and fields, and the
 * error of a decoded value no encoder writes. */
struct sl_mc *sl_mcs_coder(sl_mcs *s);
int sl_mcs_decoding(const sl_mcs *s);
sl_arena *sl_mcs_arena(sl_mcs *s);
int sl_mcs_generic(sl_mcs *s, sl_event *ev);
/* Schema coding 2 (formats/silb.md): the generic coding with more context,
 * for models of version 1 and later that code their events with it: the
 * type under the type before, the player under the player before, a piece
 * that repeats the previous event's first piece as one flag, a string of
 * lower-case hex digits as its bytes, other strings by their place among
 * the field's recent values, integers and hexes as the change from the
 * field's value before. */
int sl_mcs_generic2(sl_mcs *s, sl_event *ev);
/* Schema coding 2 in parts, for a hook that codes some fields itself:
 * the type and player; then the fields whose bit in skip is clear (the
 * hook codes the others, before or after); one value as field k of event
 * type t (its models, as the fields' coding would). */
int sl_mcs_head2(sl_mcs *s, sl_event *ev);
int sl_mcs_fields2(sl_mcs *s, sl_event *ev, unsigned skip);
/* sl_mcs_fields2 with the presence of each optional field k under the
 * hook's counted flag pres[k] (pres: SL_MAX_FIELDS of them, the hook's
 * context, e.g. per strategy card) instead of the field's own bit. */
struct sl_mc_cnt;
int sl_mcs_fields2_under(sl_mcs *s, sl_event *ev, unsigned skip, struct sl_mc_cnt *pres);
int sl_mcs_value2(sl_mcs *s, int t, int k, sl_value *v);
/* The model version of the segment being coded: the model's own when
 * encoding, the segment's (sl_mcs_use_version) when decoding. */
int sl_mcs_version(const sl_mcs *s);
/* Encoder only: the entries after the one being coded that the writer
 * holds (up to the next turn marker at least, when the model asks for
 * them with sl_model.ahead; possibly none). Decoding: NULL, 0. */
const sl_event *sl_mcs_ahead(const sl_mcs *s, size_t *n);
void sl_mcs_set_ahead(sl_mcs *s, const sl_event *next, size_t n);
/* An sl_model event hook that codes every event with schema coding 2. */
int sl_model_event2(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev);
int sl_mcs_fail(sl_mcs *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- applying an entry ------------------------------------------------ */

/* Applies one entry to a state: first the structural rules every game
 * shares (turns go up by one from 1, phases go forward within a turn,
 * setup events before turn 1 and play events from it), then the game's
 * mark or apply. A 'phase 1' marker during phase 1 restates the phase that
 * the turn marker opened and changes nothing. On a refusal nothing in st changed and err holds the
 * entry's position ("NAME:LINE:1: event N (fr: move): rule") built from
 * name (the file, may be NULL), ev->line and event_no (1-based, for
 * events). The engine, the archive writers and coders and the recorder
 * all go through this one function. */
int sl_entry_apply(const sl_game *g, const sl_header *h, const char *name, void *st,
	const sl_event *ev, long event_no, sl_buf *desc, sl_error *err);
/* Sets err to msg at the entry's position, as sl_entry_apply does, and
 * returns code. */
int sl_entry_fail(const sl_game *g, const sl_header *h, const char *name, const sl_event *ev,
	long event_no, int code, const char *msg, sl_error *err);

/* ---- registry ------------------------------------------------------------ */

/* The static table of modules, ending in NULL. */
extern const sl_game *const sl_games[];
const sl_game *sl_game_find(const char *id);
/* The table that reads a log recorded under rules_version: the module's
 * table of that version when its schema changed since, else sl_game_find. */
const sl_game *sl_game_find_version(const char *id, int rules_version);

/* Helpers for modules and codecs. */
int sl_schema_event(const sl_schema *s, const char *name, size_t n); /* index or -1 */
int sl_schema_token(const char *const *names, const char *s, size_t n); /* index or -1 */
const char *sl_phase_name(const sl_schema *s, int phase);
/* How a log recorded under rules version `recorded` replays with g:
 * SL_COMPAT_SAME for the same version, else what g->compat says (NULL: NO). */
int sl_game_compat(const sl_game *g, int recorded);
/* The state hash (sl_hash64 over serialize). Returns 0 on failure. */
int sl_game_hash(const sl_game *g, const void *st, uint64_t *out);
/* Continues FNV-1a hash h over the canonical bytes of an event's content
 * (type, player, field values; not comments or annotations): see
 * formats/hash.md. */
uint64_t sl_event_digest(const sl_schema *s, const sl_event *ev, uint64_t h);
/* The state check recorded for an entry: after an event, the low 32 bits
 * of FNV-1a over the state bytes then the event's content; after a turn
 * marker, the 64-bit state hash. */
int sl_entry_check(const sl_game *g, const void *st, const sl_event *ev, uint64_t *out);
/* The check of a log of format `version` (sl_header.format_version): 1 as
 * sl_entry_check; 2 chains it: FNV-1a over the state bytes, then the
 * previous check `prev` (u64le), then the event's content with its draws
 * (formats/hash.md). */
int sl_entry_check_v(const sl_game *g, int version, const void *st, const sl_event *ev,
	uint64_t prev, uint64_t *out);
/* What the chain carries past ev: its check when it has one (a phase marker
 * has none), else prev. */
uint64_t sl_chain_next(const sl_event *ev, uint64_t prev);

/* The assessments a player gives a move, as chess annotators write them
 * (and PGN numbers them, $1..$6): @glyph lines in .sil (formats/sil.md). */
enum {
	SL_GLYPH_NONE = 0,
	SL_GLYPH_GOOD = 1,           /* !  */
	SL_GLYPH_MISTAKE = 2,        /* ?  */
	SL_GLYPH_BRILLIANT = 3,      /* !! */
	SL_GLYPH_BLUNDER = 4,        /* ?? */
	SL_GLYPH_INTERESTING = 5,    /* !? */
	SL_GLYPH_DUBIOUS = 6,        /* ?! */
	SL_GLYPH_MAX = 6
};
/* "!", "?", ... for 1..SL_GLYPH_MAX; NULL otherwise. */
const char *sl_glyph_text(int glyph);
/* Its name in words ("interesting move"), for captions and screen readers;
 * NULL for none. */
const char *sl_glyph_name(int glyph);
/* The glyph written s[0..n) ("!?"), or 0 if it is none of the six. */
int sl_glyph_parse(const char *s, size_t n);
/* Seals ev (not a phase marker): its check under h's format version from
 * the chain value *chain, which then moves past ev. */
int sl_entry_seal(const sl_game *g, const sl_header *h, const void *st, uint64_t *chain, sl_event *ev);
/* Continues FNV-1a h over ev's draws: u16le count, then per draw u8 field,
 * u8 item, u64le counter, u8 value, u8 out_of. */
uint64_t sl_draws_digest(const sl_event *ev, uint64_t h);
/* Builders for code that makes events (generators, tests). sl_event_init
 * clears *out and makes it an event of `type` by `player` (-1: none);
 * text and bytes are copied into the arena (SL_ENOMEM if it is full). */
void sl_event_init(sl_event *out, int type, int player);
void sl_value_int(sl_value *v, int32_t i);           /* INT, ENUM, DIR */
void sl_value_hex(sl_value *v, int col, int row);    /* HEX */
int sl_value_text(sl_arena *a, sl_value *v, const char *s);            /* TEXT, PIECE */
int sl_value_bytes(sl_arena *a, sl_value *v, const uint8_t *b, int n); /* DICE, LIST */
/* ev's draws: copies of d[0..n) in the arena, sorted by field then item. */
int sl_event_set_draws(sl_arena *a, sl_event *ev, const sl_draw *d, int n);
/* 0 when ev's draws name present fields, in order, each a die the DICE
 * field holds (value and faces agree) or an ENUM value drawn out of 1..255;
 * else -1 with msg saying which. */
int sl_draws_valid(const sl_schema *s, const sl_event *ev, char *msg, size_t msgn);
/* Readers: a TEXT/PIECE value as chars and length ("" and 0 when absent),
 * a DICE/LIST value as items and count (NULL and 0 when absent). */
const char *sl_value_str(const sl_value *v, size_t *n);
const uint8_t *sl_value_items(const sl_value *v, int *n);
/* Dice left to draw: a DICE item 0 is a die written '?'. The most faces of
 * such a die in ev (0: none), and a copy of ev in *out with each of them
 * stood in by face v (at most its field's own), for a trial of the rules
 * before any die is drawn (the recorder, the click targets). SL_ENOMEM if
 * the arena is full. */
int sl_event_unknown_faces(const sl_schema *s, const sl_event *ev);
int sl_event_stand_in(sl_arena *a, const sl_schema *s, const sl_event *ev, int v, sl_event *out);

/* For modules whose state is one flat block of `size` bytes (no pointers):
 * fn runs on st, which is put back as it was if fn fails (from a backup the
 * thread keeps), and the description fn writes reaches desc only when it
 * succeeds. That is how apply and mark
 * keep their promise that a refused entry changes nothing. */
typedef int (*sl_flat_apply_fn)(void *copy, const sl_header *h, const sl_event *ev,
	sl_buf *desc, sl_error *err);
typedef int (*sl_flat_mark_fn)(void *copy, const sl_header *h, int turn, int phase,
	sl_error *err);
int sl_flat_apply(void *st, size_t size, sl_flat_apply_fn fn, const sl_header *h,
	const sl_event *ev, sl_buf *desc, sl_error *err);
int sl_flat_mark(void *st, size_t size, sl_flat_mark_fn fn, const sl_header *h,
	int turn, int phase, sl_error *err);
/* For a replay that is thrown away at its first refused entry (a batch's
 * walk of a whole log): the next sl_flat_apply or sl_flat_mark on this
 * thread, not one made inside it, takes no backup, so a refusal then leaves
 * st as fn left it, not as it was. Each call consumes the switch; on is 0
 * to clear it. */
void sl_flat_unguarded(int on);
/* A deep copy through serialize/restore. */
int sl_game_clone(const sl_game *g, const void *st, void **out, sl_error *err);
/* A deep copy of ev in one allocation (its strings, lists and draws inside
 * it), for a reader that keeps an event past its arena; the caller frees
 * *out with sl_free. Returns 0 or SL_ENOMEM (*out NULL). */
int sl_event_copy(const sl_event *ev, sl_event **out);

#ifdef __cplusplus
}
#endif
#endif
