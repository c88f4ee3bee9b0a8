/* sl_core.h - the core of sillage: errors, allocation, byte buffers, strings,
 * hashing, the game PRNG, hex geometry and fixed-point helpers.
 * Nothing here knows a game, a file format or Cairo. */
#ifndef SL_CORE_H
#define SL_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- errors ---------------------------------------------------------- */

/* Return codes: 0 is success, errors are negative (zlib style). */
typedef enum sl_code {
	SL_OK = 0,
	SL_EILLEGAL = -1,  /* an action broke a rule of the game */
	SL_ESYNTAX = -2,   /* text that does not parse */
	SL_EFORMAT = -3,   /* unreadable or unsupported input file */
	SL_EIO = -4,       /* read/write failed */
	SL_ENOMEM = -5,    /* allocation failed */
	SL_EDESYNC = -6,   /* a recorded hash does not match the replayed state */
	SL_ERANGE = -7,    /* a value or index outside what is allowed */
	SL_ELIMIT = -8,    /* input exceeds a safety limit */
	SL_EUSAGE = -9,    /* the caller asked for something meaningless */
	SL_EVERSION = -10  /* incompatible format or rules version */
} sl_code;

/* An error with its position. line/col are 1-based (0 = unknown);
 * offset is a byte offset in binary input (-1 = unknown).
 * The first error set is kept: sl_error_set on an error that already holds
 * one does nothing, so the most significant message survives. */
typedef struct sl_error {
	int code;
	char file[256];
	uint32_t line, col;
	int64_t offset;
	char msg[512];
} sl_error;

void sl_error_clear(sl_error *err);
/* Sets err (if err is non-NULL and empty) and returns code. */
int sl_error_set(sl_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int sl_error_setv(sl_error *err, int code, const char *fmt, va_list ap);
/* Like sl_error_set with a text position. */
int sl_error_at(sl_error *err, int code, const char *file, uint32_t line,
	uint32_t col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Formats "FILE:LINE:COL: msg", "FILE: offset 0x..: msg" or "msg" into out. */
void sl_error_format(const sl_error *err, char *out, size_t n);
const char *sl_code_name(int code);

/* ---- allocation ------------------------------------------------------ */

/* Every allocation in libsillage goes through this hook (like lua_Alloc):
 * fn(ud, ptr, size): size 0 frees ptr and returns NULL; otherwise behaves
 * like realloc. Tests install one that fails the Nth call. */
typedef void *(*sl_alloc_fn)(void *ud, void *ptr, size_t size);
void sl_set_allocator(sl_alloc_fn fn, void *ud);
void *sl_malloc(size_t n);
void *sl_calloc(size_t count, size_t n);
void *sl_realloc(void *p, size_t n);
void sl_free(void *p);
char *sl_strdup(const char *s);
char *sl_strndup(const char *s, size_t n);

/* ---- byte buffers ---------------------------------------------------- */

/* A growable byte buffer. A failed allocation sets failed and later writes
 * do nothing, so a writer checks once at the end (like cairo's status). */
typedef struct sl_buf {
	uint8_t *data;
	size_t len, cap;
	int failed;
} sl_buf;

void sl_buf_init(sl_buf *b);
void sl_buf_free(sl_buf *b);
void sl_buf_reset(sl_buf *b);
int sl_buf_reserve(sl_buf *b, size_t extra);
void sl_buf_put(sl_buf *b, const void *p, size_t n);
void sl_buf_putc(sl_buf *b, int c);
void sl_buf_puts(sl_buf *b, const char *s);
void sl_buf_printf(sl_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sl_buf_vprintf(sl_buf *b, const char *fmt, va_list ap);
void sl_buf_u8(sl_buf *b, uint8_t v);
void sl_buf_u32le(sl_buf *b, uint32_t v);
void sl_buf_u64le(sl_buf *b, uint64_t v);
void sl_buf_uvarint(sl_buf *b, uint64_t v);   /* LEB128 */
void sl_buf_svarint(sl_buf *b, int64_t v);    /* zigzag then LEB128 */
/* s as a JSON string literal, quotes included (control characters escaped). */
void sl_buf_json_str(sl_buf *b, const char *s);
/* NUL-terminated view of the contents (appends a hidden NUL). */
const char *sl_buf_cstr(sl_buf *b);
/* Hands the data to the caller (free with sl_free); the buffer is reset. */
uint8_t *sl_buf_take(sl_buf *b, size_t *out_len);

/* A bounded reader over bytes; any read past the end sets err and returns 0. */
typedef struct sl_reader {
	const uint8_t *p;
	size_t len, pos;
	int err;
} sl_reader;

void sl_reader_init(sl_reader *r, const void *p, size_t n);
uint32_t sl_read_u32le(sl_reader *r);
uint64_t sl_read_u64le(sl_reader *r);
const uint8_t *sl_read_bytes(sl_reader *r, size_t n);
/* Any length of varint; sl_read_uvarint inlines the one-byte case only. */
uint64_t sl_read_uvarint_any(sl_reader *r);

/* Inline: decoders call these once or more per field. */
static inline uint8_t sl_read_u8(sl_reader *r)
{
	if (r->err || r->pos >= r->len) {
		r->err = 1;
		return 0;
	}
	return r->p[r->pos++];
}

static inline uint64_t sl_read_uvarint(sl_reader *r)
{
	if (!r->err && r->pos < r->len && r->p[r->pos] < 0x80)
		return r->p[r->pos++];
	return sl_read_uvarint_any(r);
}

static inline int64_t sl_read_svarint(sl_reader *r)
{
	uint64_t u = sl_read_uvarint(r);
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

/* A varint (unsigned, or zigzag signed) that must lie in [lo, hi]: outside
 * it, r->err is set and lo returned (a state's restore checks every field). */
static inline int sl_read_uvarint_in(sl_reader *r, int lo, int hi)
{
	uint64_t v = sl_read_uvarint(r);
	if (r->err || v < (uint64_t)lo || v > (uint64_t)hi) {
		r->err = 1;
		return lo;
	}
	return (int)v;
}

static inline int sl_read_svarint_in(sl_reader *r, int lo, int hi)
{
	int64_t v = sl_read_svarint(r);
	if (r->err || v < lo || v > hi) {
		r->err = 1;
		return lo;
	}
	return (int)v;
}

/* ---- arena ------------------------------------------------------------ */

/* A bump allocator: pointers stay valid until sl_arena_free. Used for the
 * strings and lists that events point to. */
typedef struct sl_arena_chunk sl_arena_chunk;
typedef struct sl_arena {
	sl_arena_chunk *head;
	size_t used_bytes;  /* payload bytes handed out, for `info` */
} sl_arena;

void sl_arena_init(sl_arena *a);
void sl_arena_free(sl_arena *a);
/* NULL on allocation failure. Memory is 8-byte aligned and not zeroed. */
void *sl_arena_alloc(sl_arena *a, size_t n);
char *sl_arena_strndup(sl_arena *a, const char *s, size_t n);
void *sl_arena_memdup(sl_arena *a, const void *p, size_t n);

/* ---- hashing --------------------------------------------------------- */

/* 64-bit FNV-1a, specified in formats/hash.md. Seed with SL_HASH_INIT. */
#define SL_HASH_INIT UINT64_C(0xcbf29ce484222325)
uint64_t sl_hash64(const void *p, size_t n);
uint64_t sl_hash64_update(uint64_t h, const void *p, size_t n);

/* d as printf's "%.*f" of prec (0 to 18) digits writes it with a '.' (the C
 * locale's point), into out (cap bytes, cut and ended as snprintf does);
 * the length printf gives, or -1 for what it leaves to printf (NaN,
 * infinities, |d| of 2^63 or more). Exact (src/core/fixed.c). */
int sl_fixed(char *out, size_t cap, double d, int prec);
/* "%d"'s text of the integer v (negative when neg), as snprintf writes it
 * into cap bytes; returns the length it would have. */
int sl_fixed_int(char *out, size_t cap, int neg, unsigned long long v);
/* strtod in the C locale, to the bit and the end pointer: a decimal of at
 * most 19 digits, no exponent, whose digits make at most 2^53 and whose
 * decimals are at most 22 (every number cairo and sl_fixed write) is read
 * without glibc's multiple-precision arithmetic; anything else goes to
 * strtod itself. */
double sl_strtod(const char *p, char **end);

/* ---- text to show -------------------------------------------------------- */

/* Text from a log shown to a person (a terminal, a board, a page) goes
 * through these: C0 and C1 control characters, DEL and the bidirectional
 * controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) are
 * written as visible escapes (\e, \x07, \u{202e}), and so is a byte that
 * is not UTF-8. Tab and newline are kept when keep_lines is set. */
void sl_text_safe(sl_buf *out, const char *s, size_t n, int keep_lines);
/* 1 if sl_text_safe would change s[0..n) (tab and newline kept). */
int sl_text_unsafe(const char *s, size_t n);
/* s itself when it is safe, else its safe form in tmp (reset first);
 * NULL stays NULL. */
const char *sl_text_safe_cstr(const char *s, sl_buf *tmp);

/* ---- files ----------------------------------------------------------- */

/* A file written whole or not at all: PATH.tmpXXXXXX beside PATH, locked
 * while open, synced and renamed over PATH by sl_stage_commit. Opening one
 * removes the unlocked temporaries of PATH that a killed writer left. Every
 * call frees the stage on commit or abort. */
typedef struct sl_stage sl_stage;
int sl_stage_open(sl_stage **out, const char *path, sl_error *err);
/* Buffered; 0, or -1 once a write has failed (commit then says why). */
int sl_stage_write(sl_stage *s, const void *data, size_t n);
int sl_stage_commit(sl_stage *s, sl_error *err);
void sl_stage_abort(sl_stage *s);   /* removes the temporary; NULL is fine */
/* Writes bytes to path atomically through a stage. Returns 0 or SL_EIO
 * (SL_ENOMEM) with err set. */
int sl_write_file_atomic(const char *path, const void *data, size_t n, sl_error *err);
/* Reads a whole file (at most max bytes). *out is NUL-terminated; free with sl_free. */
int sl_read_file(const char *path, size_t max, char **out, size_t *out_len, sl_error *err);

/* ---- shared libraries opened on first use (dl.c) ------------------------ */

/* Opens soname (dlopen, kept open until the process ends): 0, or -1 with
 * why saying it is missing and which Debian package brings it. */
int sl_dl_open(void **h, const char *soname, const char *package, char *why, size_t whyn);
/* Finds the entry point name of h into *slot: 0, or -1 with why. */
int sl_dl_sym(void *h, const char *soname, const char *name, void **slot, char *why, size_t whyn);

/* ---- commitments (formats/commit.md) ----------------------------------- */

/* Hidden information is recorded as a commitment first and revealed later:
 * commitment = BLAKE2b-256("sillage-commit-1" NUL, domain NUL, salt,
 * content). The salt is SL_SALT_BYTES unpredictable bytes
 * (sl_random_bytes), so a commitment to one of a few contents (a dial, stay
 * or leave) cannot be guessed by trying them all. domain names what is
 * committed ("xwing-dial", "fmp-takeoff") so a reveal of one kind never
 * opens another. */
#define SL_COMMIT_BYTES 32
#define SL_SALT_BYTES 16
int sl_commit(uint8_t out[SL_COMMIT_BYTES], const char *domain,
	const uint8_t salt[SL_SALT_BYTES], const void *content, size_t n);
/* 1 if c is the commitment of (domain, salt, content), else 0 (constant time). */
int sl_commit_check(const uint8_t c[SL_COMMIT_BYTES], const char *domain,
	const uint8_t salt[SL_SALT_BYTES], const void *content, size_t n);
/* A link of a digest chain: out = BLAKE2b-256(tag NUL || prev || p[0..n)),
 * out and prev may be the same bytes. The log digest and the dice digest
 * of formats/hash.md and formats/prng.md are such chains. SL_OK or SL_EUSAGE. */
int sl_digest_link(uint8_t out[SL_COMMIT_BYTES], const char *tag, const uint8_t prev[SL_COMMIT_BYTES],
	const void *p, size_t n);
/* A player's share of die `counter` in a game whose dice every player
 * seeds (formats/prng.md, "A secret from each player"): BLAKE2b-256 keyed
 * with the player's seed over "sillage-share-1" NUL u64le(counter). And
 * the key the die is drawn with (sl_dice_draw) from the shares of every
 * player, in the header's player order: BLAKE2b-256("sillage-dice-key-1"
 * NUL || share 1 || share 2 ...). SL_OK or SL_EUSAGE. */
int sl_dice_share(uint8_t out[SL_COMMIT_BYTES], const uint8_t seed[SL_COMMIT_BYTES], uint64_t counter);
int sl_dice_key(uint8_t out[SL_COMMIT_BYTES], const uint8_t (*shares)[SL_COMMIT_BYTES], int n);
/* n unpredictable bytes from the system (not for game dice: those are
 * recorded; for salts and seeds). SL_OK or SL_EIO. */
int sl_random_bytes(void *out, size_t n);
/* Lower-case hex of p[0..n) into out (2n + 1 bytes, NUL-terminated). */
void sl_hexstr_encode(char *out, const uint8_t *p, size_t n);
/* Exactly 2n hex digits of s[0..len) into out[0..n); SL_OK or SL_ESYNTAX. */
int sl_hexstr_decode(uint8_t *out, size_t n, const char *s, size_t len);

/* ---- PRNG ------------------------------------------------------------ */

/* PCG32 (XSH RR 64/32), specified in formats/prng.md. The recorder draws
 * game dice from it; replay never does. */
typedef struct sl_prng {
	uint64_t state, inc;
} sl_prng;

void sl_prng_seed(sl_prng *r, uint64_t seed, uint64_t stream);
uint32_t sl_prng_next(sl_prng *r);
/* Uniform in [0, bound) without modulo bias; bound > 0. */
uint32_t sl_prng_below(sl_prng *r, uint32_t bound);
/* One die with `sides` faces: 1..sides. */
int sl_prng_die(sl_prng *r, int sides);

/* The recorder's fair dice (formats/prng.md): die number `counter` with
 * `faces` faces (1..255) drawn from a secret key of SL_DICE_KEY_BYTES,
 * BLAKE2b-512 keyed with it over "sillage-dice-1" NUL and the counter as
 * u64 little endian. Returns 1..faces, or SL_EUSAGE. Knowing earlier draws
 * tells nothing of the next one without the key. */
#define SL_DICE_KEY_BYTES 32
int sl_dice_draw(const uint8_t key[SL_DICE_KEY_BYTES], uint64_t counter, int faces);

/* ---- hex geometry ---------------------------------------------------- */

/* Axial coordinates (q, r); cube s = -q - r. */
typedef struct sl_hex {
	int q, r;
} sl_hex;

/* Offset coordinates as printed on a map: column and row. */
typedef struct sl_offset {
	int col, row;
} sl_offset;

typedef enum sl_hex_orient {
	SL_HEX_FLAT = 0,   /* flat top: sides N, NE, SE, S, SW, NW */
	SL_HEX_POINTY = 1  /* pointy top: sides NE, E, SE, SW, W, NW */
} sl_hex_orient;

/* Offset layout: which columns (flat) or rows (pointy) are shoved. */
typedef enum sl_hex_parity {
	SL_HEX_ODD = 0,  /* odd-q / odd-r: odd columns/rows sit half a hex down/right */
	SL_HEX_EVEN = 1  /* even-q / even-r */
} sl_hex_parity;

typedef struct sl_hex_layout {
	sl_hex_orient orient;
	sl_hex_parity parity;
} sl_hex_layout;

/* Directions are numbered 0..5 clockwise from the first side named above:
 * flat: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; pointy: 0 NE, 1 E, 2 SE, 3 SW,
 * 4 W, 5 NW. Turning clockwise adds 1 (mod 6). */
#define SL_HEX_DIRS 6
sl_hex sl_hex_make(int q, int r);
int sl_hex_eq(sl_hex a, sl_hex b);
sl_hex sl_hex_add(sl_hex a, sl_hex b);
sl_hex sl_hex_sub(sl_hex a, sl_hex b);
sl_hex sl_hex_dir(sl_hex_orient o, int dir);       /* unit step */
sl_hex sl_hex_neighbor(sl_hex_orient o, sl_hex h, int dir);
int sl_hex_distance(sl_hex a, sl_hex b);
int sl_hex_dir_rotate(int dir, int steps);         /* + clockwise */
/* Smallest angle between two directions in sixths of a turn: 0..3. */
int sl_hex_dir_diff(int a, int b);
const char *sl_hex_dir_name(sl_hex_orient o, int dir);
/* Parses a direction name (case-insensitive); -1 if none. */
int sl_hex_dir_parse(sl_hex_orient o, const char *s, size_t n);
/* Direction from a to its neighbour b, or -1 if not adjacent. */
int sl_hex_dir_to(sl_hex_orient o, sl_hex a, sl_hex b);

sl_hex sl_hex_from_offset(sl_hex_layout l, sl_offset o);
sl_offset sl_hex_to_offset(sl_hex_layout l, sl_hex h);

/* Hexes on the straight line from a to b inclusive (cube lerp with the
 * usual epsilon nudge, in integer arithmetic); writes at most max, returns
 * the count that the full line has (distance + 1). */
int sl_hex_line(sl_hex a, sl_hex b, sl_hex *out, int max);
/* The ring of radius r around c (r >= 0; r == 0 gives c), clockwise
 * starting from the hex reached by going r steps in direction 4 (flat SW /
 * pointy W). Writes at most max, returns 6*r (1 for r == 0). */
int sl_hex_ring(sl_hex_orient o, sl_hex c, int r, sl_hex *out, int max);

/* ---- fixed point ------------------------------------------------------- */

/* Fixed point with 2 decimal places (hundredths), e.g. 0.01 mm for X-Wing
 * positions. All rules arithmetic is integer. */
typedef int64_t sl_fx;
#define SL_FX_ONE 100
sl_fx sl_fx_from_int(int64_t v);
sl_fx sl_fx_mul(sl_fx a, sl_fx b);  /* rounds half away from zero */
sl_fx sl_fx_div(sl_fx a, sl_fx b);  /* b != 0; rounds half away from zero */
/* "12.34", "-0.05"; returns chars written (snprintf semantics). */
int sl_fx_format(sl_fx v, char *out, size_t n);
/* Parses "12", "12.3", "-0.05"; returns 0 or SL_ESYNTAX. */
int sl_fx_parse(const char *s, size_t n, sl_fx *out);

#ifdef __cplusplus
}
#endif
#endif
