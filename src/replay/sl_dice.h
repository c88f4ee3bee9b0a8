/* sl_dice.h - the recorder's fair dice in a log (formats/prng.md): the seed
 * commitment in the header, the "# dice" lines that say which counter drew
 * which die, and the check of every drawn die once the seed is revealed. */
#ifndef SL_DICE_H
#define SL_DICE_H

#include "formats/sl_log.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SL_DICE_DOMAIN "sillage-seed"          /* sl_commit domain of the seed */
#define SL_DICE_META_COMMIT "dice-commit"      /* header meta: 64 hex digits */
#define SL_DICE_META_SEED "dice-seed"          /* revealed at close: 64 hex digits */
#define SL_DICE_META_SALT "dice-salt"          /* revealed at close: 32 hex digits */
#define SL_DICE_META_COUNT "dice-count"        /* at close: the dice drawn, decimal */
#define SL_DICE_SHARE_DOMAIN "sillage-share"   /* sl_commit domain of a player's seed */
/* a player's share: "dice-commit-ID", then "dice-seed-ID", "dice-salt-ID" */
#define SL_DICE_META_DIGEST "dice-digest"      /* at close: their digest, 64 hex digits */
#define SL_DICE_DIGEST_TAG "sillage-dice-digest-1"
#define SL_DICE_LINE "# dice "                 /* a comment line naming draws */

/* What the header says of the dice. */
typedef struct sl_dice_header {
	int committed, revealed;
	uint8_t commit[SL_COMMIT_BYTES];
	uint8_t seed[SL_DICE_KEY_BYTES];
	uint8_t salt[SL_SALT_BYTES];
	/* a secret from each player (formats/prng.md): the players who seed
	 * the dice, their commitments and, once each closes, their seeds */
	int nshares;
	int share_player[SL_MAX_PLAYERS];
	uint8_t share_commit[SL_MAX_PLAYERS][SL_COMMIT_BYTES];
	uint8_t share_seed[SL_MAX_PLAYERS][SL_DICE_KEY_BYTES];
	uint8_t share_salt[SL_MAX_PLAYERS][SL_SALT_BYTES];
	int share_revealed[SL_MAX_PLAYERS];
	int bound;                /* close bound the count and the digest */
	uint64_t count;
	uint8_t digest[SL_COMMIT_BYTES];
} sl_dice_header;

/* Reads the dice meta of h; SL_ESYNTAX (err says which) when one is not
 * well formed or a reveal has no commitment. */
int sl_dice_read_header(const sl_header *h, sl_dice_header *out, sl_error *err);

/* The value of die `counter` with `faces` faces under dh (its seed, or
 * every player's share): 1..faces, or a negative code. */
int sl_dice_value(const sl_dice_header *dh, uint64_t counter, int faces);

/* Walks a log's entries in order, checking the "# dice" lines. */
typedef struct sl_dice_check {
	const sl_log *log;        /* header, schema and name */
	sl_dice_header dh;
	long draws;               /* dice drawn by the recorder, recorded anywhere */
	long in_events;           /* of them, in the log's events */
	long undone;              /* entries taken back by undo (# undone lines) */
	long gaps;                /* counters drawn but recorded nowhere */
	uint64_t next;            /* one past the last counter seen */
	long event_no;            /* events seen, for positions in binary logs */
	int version;              /* the log's format: 2 marks the draws in the entries */
	uint8_t digest[SL_COMMIT_BYTES];   /* of the draws seen, in order (formats/prng.md) */
	/* Optional: the rules' weights (sl_game.chances) at the state before
	 * ev, for the lines that drew a value out of weights (a card): with it
	 * the check also sees that the recorded weights and the value drawn
	 * are those of the rules. Set it after sl_dice_check_begin. */
	int (*weights)(void *ud, const sl_event *ev, int field, uint8_t *w, int max);
	void *ud;
} sl_dice_check;

int sl_dice_check_begin(sl_dice_check *c, const sl_log *log, sl_error *err);
/* One entry (its comment, and its dice when its own line names them).
 * SL_EILLEGAL with err at the entry when a drawn die differs from what the
 * revealed seed gives, or a counter goes back. */
int sl_dice_check_entry(sl_dice_check *c, const sl_event *ev, sl_error *err);
/* The comment after the last entry, then the gaps: SL_EILLEGAL when a
 * revealed log has counters recorded nowhere. */
int sl_dice_check_end(sl_dice_check *c, const char *tail, sl_error *err);
/* After sl_dice_check_end: the draws recorded and their digest, what
 * 'close' binds in the header. */
void sl_dice_check_result(const sl_dice_check *c, uint64_t *count, uint8_t digest[SL_COMMIT_BYTES]);

#ifdef __cplusplus
}
#endif
#endif
