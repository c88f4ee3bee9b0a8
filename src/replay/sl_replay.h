/* sl_replay.h - the deterministic replay engine: open a log, index it with
 * keyframes, seek to an event, turn or phase, step both ways, verify. */
#ifndef SL_REPLAY_H
#define SL_REPLAY_H

#include "formats/sl_log.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sl_replay sl_replay;

enum {
	SL_REPLAY_CHECK = 1u << 0,  /* compare the state checks recorded in the log */
	/* a stream fed to its first refused entry and then freed (a batch's walk):
	 * entries are applied without a backup (sl_flat_unguarded), so after a
	 * refusal the state is not the one before the entry and must not be read */
	SL_REPLAY_ONCE = 1u << 1
};

/* Keyframes kept by sl_replay_open: one at the start, one at a turn marker
 * once SL_REPLAY_KEYFRAME_TURN entries have passed since the last, and one
 * wherever SL_REPLAY_KEYFRAME_EVERY entries have passed. A seek restores the
 * last keyframe at or before its target and replays fewer than
 * SL_REPLAY_KEYFRAME_EVERY entries; a snapshot at every turn cost more than
 * the replay itself on long games (sail: ~93 entries a turn). */
#define SL_REPLAY_KEYFRAME_EVERY 2048   /* entries between keyframes at most */
#define SL_REPLAY_KEYFRAME_TURN 1024    /* entries before a turn marker takes one */

/* Replays the whole log once (every rule checked) and keeps keyframes as
 * above. The log must outlive the replay. On an illegal entry or a failed
 * check, returns its code with err at the entry's position and *out NULL.
 * The caller frees *out with sl_replay_free. */
int sl_replay_open(sl_replay **out, const sl_log *log, unsigned flags, sl_error *err);
void sl_replay_free(sl_replay *r);

/* A replay that keeps neither the entries nor keyframes, for verifying a log
 * too long to hold (an archive read segment by segment): it starts at the
 * initial state and sl_replay_feed applies entries in order, with the same
 * rules, checks, counts and error positions as sl_replay_open. log gives the
 * header, game and name; its entries are not read, and it must outlive the
 * replay. It cannot seek or describe. The caller frees *out with
 * sl_replay_free. */
int sl_replay_stream(sl_replay **out, const sl_log *log, unsigned flags, sl_error *err);
/* The same from a state part-way through the log (an archive's keyframe,
 * issue 29): st (taken over, destroyed even on failure) after pos entries
 * holding `events` events. The recorded checks are not compared (the chain
 * of checks before pos is not known): `verify` does that. */
int sl_replay_stream_at(sl_replay **out, const sl_log *log, void *st, size_t pos, long events,
	sl_error *err);
/* Applies n more entries; on the first that fails, returns its code with err
 * at its position (the replay stays at the entry before it). */
int sl_replay_feed(sl_replay *r, const sl_event *ev, size_t n, sl_error *err);
/* Applies one more entry as sl_replay_feed does, and appends its
 * description as sl_replay_describe_as gives it for view (the state before
 * the entry describes it; the veil reads the state after). For the verbs
 * that walk a log once instead of holding it (log, render). */
int sl_replay_feed_describe(sl_replay *r, const sl_event *ev, int view, sl_buf *out,
	uint32_t *hide, sl_error *err);

const sl_log *sl_replay_log(const sl_replay *r);
/* A warning to show (rules version differs), or NULL. */
const char *sl_replay_warning(const sl_replay *r);
/* Counts gathered while opening. */
long sl_replay_events(const sl_replay *r);     /* events (not markers) */
int sl_replay_turns(const sl_replay *r);       /* highest turn reached */
long sl_replay_checks(const sl_replay *r);     /* state checks verified */
size_t sl_replay_keyframes(const sl_replay *r);

/* Position: the number of entries applied (0 = initial state, log->n = end). */
size_t sl_replay_pos(const sl_replay *r);
const void *sl_replay_state(const sl_replay *r);
int sl_replay_seek(sl_replay *r, size_t pos, sl_error *err);
int sl_replay_step(sl_replay *r, long delta, sl_error *err);

/* Position just after event n (1-based), or -1 if there is no such event. */
long sl_replay_pos_of_event(const sl_replay *r, long n);
/* Events among the first pos entries. */
long sl_replay_event_at(const sl_replay *r, size_t pos);
/* Position just after the marker that starts `turn` (phase <= 1) or
 * phase `phase` of `turn`; -1 if the log has no such marker. */
long sl_replay_pos_of_turn(const sl_replay *r, int turn, int phase);
/* Turn and phase at the current position. */
void sl_replay_where(const sl_replay *r, int *turn, int *phase);
/* The hash of the current state; 0 when it cannot be computed (out of
 * memory): a caller that shows or compares it uses sl_replay_hash_get. */
uint64_t sl_replay_hash(sl_replay *r);
/* The hash of the current state into *out; SL_ENOMEM (with err set) when
 * serializing the state fails. */
int sl_replay_hash_get(sl_replay *r, uint64_t *out, sl_error *err);

/* Appends the description of entry i (0-based), as seen from the state
 * before it. Leaves the replay at position i + 1. */
int sl_replay_describe(sl_replay *r, size_t i, sl_buf *out, sl_error *err);
/* As sl_replay_describe, as `view` may read it (a player index,
 * SL_VIEW_PUBLIC or SL_VIEW_ALL; the game's veil hook): what is hidden from
 * that view is left out of out, and *hide (may be NULL) gets the fields of
 * the entry to keep from it (bit k: field k; 0 when nothing is hidden). */
int sl_replay_describe_as(sl_replay *r, size_t i, int view, sl_buf *out, uint32_t *hide,
	sl_error *err);
/* Describes a marker entry without touching a state. */
void sl_replay_describe_marker(const sl_log *log, const sl_event *ev, sl_buf *out);

/* Applies one entry to a state with every structural rule (turn order,
 * setup before play) and the game's rules; the recorder uses it to test an
 * action before accepting it. The log gives the header, schema and the
 * name used in positions. The same as sl_entry_apply (src/games/sl_game.h)
 * with the log's game, header and name. */
int sl_replay_apply(const sl_log *log, void *st, const sl_event *ev, long event_no,
	sl_buf *desc, sl_error *err);

#ifdef __cplusplus
}
#endif
#endif
