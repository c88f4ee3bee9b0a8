/* silb_int.h - what the files of the .silb codec share; private to formats/. */
#ifndef SILB_INT_H
#define SILB_INT_H

#include "sl_log.h"

#define SILB_FILE_HEADER 16
#define SILB_FRAME 9               /* kind + length + CRC */
#define SILB_TRAILER_LEN 16        /* payload of TRAILER */
#define SILB_MAX_STRINGS 65536     /* strings in one scope's table */
#define SILB_MAX_META 1024
#define SILB_MAX_TOTAL_INFLATE ((size_t)2 << 30)

enum {
	SILB_K_HEADER = 0x01, SILB_K_ENTRY = 0x02, SILB_K_UNDO = 0x03, SILB_K_ANNOTATE = 0x04,
	SILB_K_SEGMENT = 0x10, SILB_K_INDEX = 0x11, SILB_K_TRAILER = 0x12,
	SILB_K_MSEGMENT = 0x13, SILB_K_BASE = 0x14,
	SILB_K_TAIL = 0x81
};
#define SILB_ANCILLARY 0x80

const char *silb_kind_name(int kind);
uint32_t silb_crc(const void *p, size_t n);
/* 1 when the CRC matches (always in fuzz builds, so mutations reach the parser). */
int silb_crc_ok(uint32_t want, const void *p, size_t n);

/* The 16-byte file header. */
void silb_put_file_header(sl_buf *b, int form);
/* Appends one framed record. */
void silb_put_record(sl_buf *b, int kind, const void *payload, size_t n);

/* A string table for one scope (a segment or a journal record). */
typedef struct silb_strtab {
	const char **s;
	uint16_t *len;
	uint8_t *ok;              /* reader side: SILB_OK_ID | SILB_OK_TEXT, checked once */
	size_t n, cap;
	/* writer side: open-addressing hash of the strings, indices + 1 */
	uint32_t *slots;
	size_t nslots;
} silb_strtab;
enum { SILB_OK_ID = 1, SILB_OK_TEXT = 2 };
void silb_strtab_reset(silb_strtab *t);
void silb_strtab_free(silb_strtab *t);
/* Bits of the largest value v (0 for 0); names in a NULL-terminated list. */
int silb_bits_for(unsigned v);
int silb_ntokens(const char *const *names);
/* SILB_OK_ID | SILB_OK_TEXT: what a string may be used as. */
int silb_str_ok(const char *s, size_t n);
/* Adds s (not copied) with its str_ok answer; 0, or -1 out of memory; a
 * full table (SILB_MAX_STRINGS) takes nothing more and says 0. */
int silb_strtab_add(silb_strtab *t, const char *s, size_t n, int ok);
/* Writer: index + 1 of s in the table, or 0 after adding a copy of it. */
size_t silb_strtab_find_or_add(silb_strtab *t, sl_arena *a, const char *s, size_t n, int *fail);

/* Where decoding an entry happens: the log that receives it (schema,
 * header, arena), the scope's string table, the last turn number. */
typedef struct silb_ctx {
	const sl_log *log;
	sl_arena *arena;
	silb_strtab tab;
	int last_turn;
	const sl_field_def *im_fd;   /* the last DICE/LIST field read, and its largest item */
	unsigned im_max;
	char msg[256];           /* why a decode failed */
} silb_ctx;

void silb_put_header(sl_buf *b, const sl_header *h, uint64_t init_hash);
/* Decodes a HEADER payload into h (owned strings). 0 or -1 with msg set. */
int silb_get_header(sl_reader *r, sl_header *h, uint64_t *init_hash, char *msg, size_t msgn);

/* Encodes an entry of ctx->log's game. */
void silb_put_entry(silb_ctx *c, sl_buf *b, const sl_event *ev);
/* Decodes one entry into ev (strings in c->arena). 0 or -1 with c->msg. */
int silb_get_entry(silb_ctx *c, sl_reader *r, sl_event *ev);
void silb_put_str(sl_buf *b, const char *s, size_t n);
/* A str checked as text: one line (newline 0) or '#' lines (newline 1). */
int silb_get_str(sl_reader *r, const char **s, size_t *n);
int silb_text_ok(const char *s, size_t n, int newlines);

/* Checks the 16-byte file header; sets *form. Errors at their offset. */
int silb_check_file_header(const uint8_t *p, size_t n, const char *name, int *form,
	sl_error *err);
/* Parses the record framed at p (n bytes left, at file offset off, number
 * recno): *kind, *pl, *plen. Returns its whole length, or <0 with err set. */
long silb_parse_record(const uint8_t *p, size_t n, size_t off, size_t recno,
	const char *name, int *kind, const uint8_t **pl, size_t *plen, sl_error *err);
/* Sets err to "name: offset 0x..: msg". */
int silb_fail(sl_error *err, const char *name, size_t off, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* A SEGMENT payload: its fields, then the inflated keyframe and entries. */
typedef struct silb_seg {
	uint64_t first, count, events_before, turn, phase, hash, rawlen;
	uint8_t *raw;             /* inflated bytes (owned) */
	const uint8_t *snap;      /* the keyframe inside raw */
	size_t snaplen;
	size_t at;                /* where the entries start in raw */
} silb_seg;
/* Parses and inflates; *budget is what may still be inflated (decreased).
 * 0 or -1 with msg set. Free with silb_seg_free. */
int silb_seg_open(silb_seg *sg, const uint8_t *pl, size_t plen, size_t *budget,
	char *msg, size_t msgn);
void silb_seg_free(silb_seg *sg);
/* A MSEGMENT payload's fields; the range code follows. */
typedef struct silb_mseg {
	uint64_t first, count, events_before, turn, phase, hash, version;
	int ref;                  /* keyframe against: 0 the initial state, 1 the BASE */
	uint32_t end_hash;        /* low 32 bits of the state hash after the last entry */
	uint64_t strlen;          /* string bytes, inflated */
	const uint8_t *zstr;      /* their raw deflate stream */
	size_t nzstr;
	const uint8_t *code;      /* the range code */
	size_t ncode;
} silb_mseg;
/* The strings of a modelled segment (raw deflate) into *out (strlen + 1
 * bytes, caller frees). 0 or -1 with msg. */
int silb_mseg_strings(const silb_mseg *sg, uint8_t **out, char *msg, size_t msgn);
int silb_mseg_parse(silb_mseg *sg, const uint8_t *pl, size_t plen, char *msg, size_t msgn);
/* A BASE payload decoded into a state (against the game's initial state
 * init). 0 or -1 with msg set. */
int silb_base_decode(sl_mcs *s, const uint8_t *pl, size_t plen, const void *init, void **out,
	char *msg, size_t msgn);
/* Decodes a modelled segment into log (entries appended, strings in its
 * arena): the keyframe against ref into *st (a new state), then the
 * entries, each applied to *st, to the end, then checked for bytes left
 * over. A seek gives stop_turn > 0: the entries are not kept, and decoding
 * stops after that turn's marker (SL_ERANGE if the segment lacks it). *keybytes gets the coded
 * size of the keyframe. 0, or an sl_code with msg set ("entry 3 of 40: ..."). */
int silb_mseg_decode(sl_mcs *s, const silb_mseg *sg, const void *ref, void **st, sl_log *log,
	int stop_turn, size_t *keybytes, char *msg, size_t msgn);
/* Appends an entry whose strings already live in the log's arena. */
int silb_log_push(sl_log *log, const sl_event *ev);

/* ---- modelled segments (silb_model.c) ---- */
/* A coding scope for log's game; decoded strings go to arena. */
int silb_mcs_new(sl_mcs **out, const sl_log *log, sl_arena *arena);
void silb_mcs_free(sl_mcs *s);
int silb_mcs_model_version(const sl_mcs *s);
/* A segment starts: every model back to its start. */
void silb_mcs_begin_enc(sl_mcs *s, sl_buf *out);
void silb_mcs_begin_dec(sl_mcs *s, const uint8_t *p, size_t n, const uint8_t *strs, size_t nstrs);
/* Encoder: the string bytes of the segment so far (the writer deflates them). */
void silb_mcs_strings(const sl_mcs *s, const uint8_t **p, size_t *n);
/* The keyframe against ref: encoding codes *st; decoding sets *st to a new
 * state restored from the decoded bytes, whose hash must be `hash`. */
int silb_mcs_keyframe(sl_mcs *s, const void *ref, void **st, uint64_t hash);
/* Codes one entry and applies it to st (events: events before it). On a
 * decoding or rules error, returns it with silb_mcs_msg. */
int silb_mcs_entry(sl_mcs *s, void *st, sl_event *ev, long events);
/* Ends the segment: the encoder flushes, the decoder must be at its end. */
int silb_mcs_finish(sl_mcs *s);
const char *silb_mcs_msg(const sl_mcs *s);
/* Coded bytes so far (written, or read). */
size_t silb_mcs_pos(const sl_mcs *s);

/* The state hash of the game's fresh state for log's header (0 if none). */
uint64_t silb_init_hash(const sl_log *log);

#endif
