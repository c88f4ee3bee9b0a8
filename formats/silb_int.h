/* silb_int.h - what the files of the .silb codec share; private to formats/. */
#ifndef SILB_INT_H
#define SILB_INT_H

#include "sl_log.h"
#include "games/sl_mcs.h"   /* string tables, the modelled coding scope */

#define SILB_FILE_HEADER 16
#define SILB_FRAME 9               /* kind + length + CRC */
#define SILB_TRAILER_LEN 16        /* payload of TRAILER */
#define SILB_MAX_META 1024
#define SILB_MAX_TOTAL_INFLATE ((size_t)2 << 30)

enum {
	SILB_K_HEADER = 0x01, SILB_K_ENTRY = 0x02, SILB_K_UNDO = 0x03, SILB_K_ANNOTATE = 0x04,
	SILB_K_SEGMENT = 0x10, SILB_K_INDEX = 0x11, SILB_K_TRAILER = 0x12,
	SILB_K_MSEGMENT = 0x13, SILB_K_BASE = 0x14,
	/* archives of many games (form 2) */
	SILB_K_DICT = 0x15, SILB_K_MHEADER = 0x16, SILB_K_PSEGMENT = 0x17, SILB_K_DIRECTORY = 0x18,
	SILB_K_MEMBER = 0x19, SILB_K_DGAME = 0x1a,
	SILB_K_TAIL = 0x81
};
#define SILB_ANCILLARY 0x80

const char *silb_kind_name(int kind);
uint32_t silb_crc(const void *p, size_t n);
/* 1 when the CRC matches (always in fuzz builds, so mutations reach the parser). */
int silb_crc_ok(uint32_t want, const void *p, size_t n);

/* The 16-byte file header. */
/* version: the log's format version (sl_header.format_version, 1 or 2). */
void silb_put_file_header(sl_buf *b, int form, int version);
/* Appends one framed record. */
void silb_put_record(sl_buf *b, int kind, const void *payload, size_t n);

/* Where decoding an entry happens: the log that receives it (schema,
 * header, arena), the scope's string table, the last turn number. */
typedef struct silb_ctx {
	const sl_log *log;
	sl_arena *arena;
	sl_strtab tab;
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

/* Checks the 16-byte file header; sets *form. Errors at their offset. */
int silb_check_file_header(const uint8_t *p, size_t n, const char *name, int *form,
	sl_error *err);
/* Parses the record framed at p (n bytes left, at file offset off, number
 * recno): *kind, *pl, *plen. Returns its whole length, or <0 with err set. */
long silb_parse_record(const uint8_t *p, size_t n, size_t off, size_t recno,
	const char *name, int *kind, const uint8_t **pl, size_t *plen, sl_error *err);
/* zlib's allocator through sl_calloc / sl_free. */
void *silb_zalloc(void *op, unsigned items, unsigned size);
void silb_zfree(void *op, void *p);
/* n bytes at off of fd, all of them ("the file ends early" at off). */
int silb_pread(int fd, size_t off, void *p, size_t n, const char *name, sl_error *err);
/* The TRAILER that ends a file of `size` bytes (fd; at least a file header,
 * three frames and a trailer long): *off and *len of the record it points at,
 * an archive's INDEX (many = 0) or an archive of many games' DIRECTORY (many =
 * 1), which starts at lo or later and ends where the trailer begins. */
int silb_read_trailer(int fd, size_t size, size_t lo, int many, const char *path, size_t *off,
	uint32_t *len, sl_error *err);
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
	/* a PSEGMENT: its models start from the scope's prime, and its
	 * strings inflate with the prime's string bytes as preset dictionary */
	int primed;
	const uint8_t *zdict;
	size_t nzdict;
	sl_mcs_snap **snap_out;   /* a dictionary's segment: the models it leaves */
	/* a MEMBER record's: no keyframe (the game's start, the initial state),
	 * and a code that ends short (sl_mc_enc_finish_short) */
	int nokey, short_end;
} silb_mseg;
/* silb_mseg_parse of a record of `kind` (MSEGMENT or PSEGMENT): a PSEGMENT
 * takes its preset dictionary from s's prime (refused without one). */
int silb_mseg_parse_kind(silb_mseg *sg, int kind, const sl_mcs *s, const uint8_t *pl, size_t plen,
	char *msg, size_t msgn);
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
 * stops after that turn's marker (SL_ERANGE if the segment lacks it); stop_turn < 0 stops
 * after event number -stop_turn of the log the same way. *keybytes gets the coded
 * size of the keyframe. 0, or an sl_code with msg set ("entry 3 of 40: ..."). */
int silb_mseg_decode(sl_mcs *s, const silb_mseg *sg, const void *ref, void **st, sl_log *log,
	int stop_turn, size_t *keybytes, long *at, char *msg, size_t msgn);
/* Appends an entry whose strings already live in the log's arena. */
int silb_log_push(sl_log *log, const sl_event *ev);

/* ---- archives of many games (silb_many.c) ---- */

/* Raw deflate of p with a preset dictionary (may be empty), appended to
 * out as its inflated length (uvarint) then the bytes: SL_OK or SL_ENOMEM. */
int silb_deflate_dict(sl_buf *out, const uint8_t *p, size_t n, const uint8_t *dict, size_t ndict);
/* Inflates exactly `want` bytes from z (nz bytes) with the preset
 * dictionary into *out (caller frees). 0, or -1 / SL_ENOMEM with msg. */
int silb_inflate_dict(const uint8_t *z, size_t nz, size_t want, const uint8_t *dict, size_t ndict,
	uint8_t **out, char *msg, size_t msgn);

/* What a member is coded against: the dictionary's primed models (NULL:
 * none) and the header bytes that MHEADER records deflate against. */
typedef struct silb_dict {
	sl_mcs_snap *snap;
	uint8_t *hdict;
	size_t nhdict;
	size_t nlast;             /* the last header's bytes, at the end of hdict: the
	                             reference a MEMBER's header is coded against */
	sl_log **games;           /* a reader's: the dictionary's games, decoded (a DGAME
	                             member is one of them; NULL for one of no entries) */
	size_t ngames;
} silb_dict;

/* A DGAME member (the dictionary's game k, and a tail): a new log of it
 * into *out, named name. 0, or -1 / SL_ENOMEM with msg. */
int silb_dgame_log(const uint8_t *pl, size_t plen, const silb_dict *d, const char *name, sl_log **out,
	char *msg, size_t msgn);

/* A MEMBER payload (formats/silb.md, "MEMBER payload"): *fmt, the header h
 * (owned strings), the tail comment (*tail, *ntail; NULL when none) and
 * its segment sg (first, events, turn, phase 0; no keyframe; primed when
 * the dictionary has models). 0, or -1 / SL_ENOMEM with msg. */
int silb_member1_parse(const uint8_t *pl, size_t plen, const silb_dict *d, int *fmt, sl_header *h,
	uint64_t *init_hash, const char **tail, size_t *ntail, silb_mseg *sg, char *msg, size_t msgn);

/* A member's records (MHEADER, BASE, segments, TAIL, INDEX; no file header,
 * no trailer; INDEX offsets from the member's first byte) appended to out.
 * snap_out (may be NULL): the models after the member's last segment (a
 * dictionary's primer: it must hold one segment). */
int silb_member_write(const sl_log *log, const silb_dict *d, sl_buf *out, sl_mcs_snap **snap_out,
	sl_error *err);

/* A member read whole or streamed: its bytes (n, at file offset org), the
 * dictionary. As sl_silb_stream_flags otherwise (sink may be NULL). */
int silb_member_read(sl_log **out, const char *name, const uint8_t *data, size_t n, size_t org,
	const silb_dict *d, unsigned flags, sl_silb_info *info, sl_silb_sink sink, void *ud, sl_error *err);
/* The archive's dictionary, decoded at the first call (kept by a). */
int silb_sila_dict(sl_sila *a, const silb_dict **d, sl_error *err);
int silb_sila_fd(const sl_sila *a);
const char *silb_sila_path(const sl_sila *a);
size_t silb_sila_size(const sl_sila *a);

/* Decodes an MHEADER payload: *fmt the format version, h the header. 0 or
 * -1 / SL_ENOMEM with msg. */
int silb_mheader_get(const uint8_t *pl, size_t plen, const silb_dict *d, int *fmt, sl_header *h,
	uint64_t *init_hash, char *msg, size_t msgn);

/* The state hash of the game's fresh state for log's header (0 if none). */
uint64_t silb_init_hash(const sl_log *log);

#endif
