/* sl_mcs.h - what the codecs of a schema's values need from the games layer:
 * the text and id checks of strings, a scope's string table, and the coding
 * scope of modelled segments (the range-coded entries and keyframes of a
 * .silb archive, formats/silb.md). Generic over schemas: nothing here knows
 * a game or a file layout. Rules modules use only the hook helpers that
 * sl_game.h declares; the .silb codec drives the scope through this header.
 * Nothing here is for applications: it is installed for codec writers. */
#ifndef SL_MCS_H
#define SL_MCS_H

#include "games/sl_game.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- strings ----------------------------------------------------------- */

/* UTF-8 with no NUL and no control character but tab. newlines: 0, one
 * line; 1, '#' comment lines joined by '\n'; 2, any text (newlines too). */
int sl_text_ok(const char *s, size_t n, int newlines);
/* A piece id or token: 1 to 63 bytes of [A-Za-z0-9_-]. */
int sl_id_ok(const char *s, size_t n);
enum { SL_STR_ID = 1, SL_STR_TEXT = 2 };
/* SL_STR_ID | SL_STR_TEXT: what a string may be used as. */
int sl_str_ok(const char *s, size_t n);

#define SL_STRTAB_MAX 65536   /* strings in one scope's table */

/* A string table for one scope (a segment or a journal record): strings
 * are referred to by index after their first use. Zero it to start. */
typedef struct sl_strtab {
	const char **s;
	uint16_t *len;
	uint8_t *ok;              /* reader side: SL_STR_ID | SL_STR_TEXT, checked once */
	size_t n, cap;
	/* writer side: open-addressing hash of the strings, indices + 1 */
	uint32_t *slots;
	size_t nslots;
} sl_strtab;
void sl_strtab_reset(sl_strtab *t);
void sl_strtab_free(sl_strtab *t);
/* Adds s (not copied) with its sl_str_ok answer; 0, or -1 out of memory; a
 * full table (SL_STRTAB_MAX) takes nothing more and says 0. */
int sl_strtab_add(sl_strtab *t, const char *s, size_t n, int ok);
/* Writer: index + 1 of s in the table, or 0 after adding a copy of it
 * (made in a; *fail set when out of memory). */
size_t sl_strtab_find_or_add(sl_strtab *t, sl_arena *a, const char *s, size_t n, int *fail);

/* Writer: index + 1 of s in the table, or 0 (nothing added). */
size_t sl_strtab_find(const sl_strtab *t, const char *s, size_t n);
/* dst becomes a copy of src (the strings are not copied: src's must
 * outlive dst's use of them), hashed for the writer. 0, or -1 out of memory. */
int sl_strtab_copy(sl_strtab *dst, const sl_strtab *src);

/* Bits of the largest value v (0 for 0); names in a NULL-terminated list. */
int sl_bits_for(unsigned v);
int sl_ntokens(const char *const *names);

/* ---- the coding scope of modelled segments ------------------------------ */

/* A scope for game g under header h (both must outlive it); name is used
 * in the positions of refusals; decoded strings go to arena. Returns SL_OK,
 * SL_ELIMIT (a schema of more than 256 event types) or SL_ENOMEM. Free with
 * sl_mcs_free. */
int sl_mcs_new(sl_mcs **out, const sl_game *g, const sl_header *h, const char *name,
	sl_arena *arena);
void sl_mcs_free(sl_mcs *s);
/* The game model's version (0: the generic coding only). */
int sl_mcs_model_version(const sl_mcs *s);
/* The model version a segment says it was coded with: SL_OK when this
 * reader decodes it (its model's version, or 0 for a model that only codes
 * events and came after generically coded archives), else SL_EVERSION. */
int sl_mcs_use_version(sl_mcs *s, int version);
/* A segment starts: every model back to its start. */
void sl_mcs_begin_enc(sl_mcs *s, sl_buf *out);
void sl_mcs_begin_dec(sl_mcs *s, const uint8_t *p, size_t n, const uint8_t *strs, size_t nstrs);
/* Encoder: the string bytes of the segment so far (the writer deflates them). */
void sl_mcs_strings(const sl_mcs *s, const uint8_t **p, size_t *n);
/* The keyframe against ref: encoding codes *st; decoding sets *st to a new
 * state restored from the decoded bytes, whose hash must be `hash`. */
int sl_mcs_keyframe(sl_mcs *s, const void *ref, void **st, uint64_t hash);
/* Codes one entry and applies it to st through sl_entry_apply (events:
 * events before it). On a decoding or rules error, returns it with
 * sl_mcs_msg. */
int sl_mcs_entry(sl_mcs *s, void *st, sl_event *ev, long events);
/* on: the codes begun from now on end short (sl_mc_enc_finish_short; a
 * MEMBER record's, formats/silb.md); off: as every other record's. */
void sl_mcs_set_short(sl_mcs *s, int on);
/* Ends the segment: the encoder flushes, the decoder must be at its end. */
int sl_mcs_finish(sl_mcs *s);
const char *sl_mcs_msg(const sl_mcs *s);

/* Primed models (an archive of many games, formats/silb.md "Archives of
 * many games"): the adaptive models and the string table as a dictionary
 * of games left them, so that a segment starts from what they taught
 * instead of from nothing. Take a snapshot after sl_mcs_finish of the
 * dictionary's segment (prev: the snapshot that segment was primed from,
 * or NULL); it owns copies of the strings, and the string bytes of every
 * segment it has seen (the last SL_MCS_SNAP_STRINGS of them: the preset
 * dictionary of the primed segments' string streams). A snapshot fits
 * only scopes of the same game and rules version. Free with
 * sl_mcs_snap_free. SL_OK or SL_ENOMEM. */
#define SL_MCS_SNAP_STRINGS 32768
typedef struct sl_mcs_snap sl_mcs_snap;
/* ev[0..nev-1]: the segment's entries; its setup (the events before the
 * first marker, or prev's when it has none) is kept as the reference that
 * a primed segment's setup is coded against. */
int sl_mcs_snap_take(sl_mcs *s, const sl_mcs_snap *prev, const sl_event *ev, size_t nev,
	sl_mcs_snap **out);
void sl_mcs_snap_free(sl_mcs_snap *p);
void sl_mcs_snap_strings(const sl_mcs_snap *p, const uint8_t **b, size_t *n);
/* The snapshot a scope's primed segments start from (NULL: none); p must
 * outlive s's use of it. */
void sl_mcs_set_prime(sl_mcs *s, const sl_mcs_snap *p);
const sl_mcs_snap *sl_mcs_get_prime(const sl_mcs *s);
/* Right after sl_mcs_begin_enc or _dec: the models and the table from the
 * prime, the position's part of them (the entry before, the game model's
 * ctx_fresh bytes) fresh. SL_OK, SL_EFORMAT (no prime, or one of another
 * schema: the message says so) or SL_ENOMEM. */
int sl_mcs_prime(sl_mcs *s);
/* Coded bytes so far (written, or read). */
size_t sl_mcs_pos(const sl_mcs *s);

#ifdef __cplusplus
}
#endif
#endif
