/* test_numbers.c - a property over every game's schema (issue 30): a number
 * typed in a log is taken exactly or refused with the column where it
 * starts, never wrapped. For every integer, hex and dice field of every
 * event of every registered game: the bounds, one past them, 2^31, 2^32 + k,
 * negatives, huge digit strings, leading zeros, signs and whitespace; then
 * the header's numbers (versions, seed, colours), and the tile numbers of a
 * TI4 map string (`new ti4 --map`, `import --ti4-map`). The XWS importer
 * takes no JSON number: its ids, factions and version are strings. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "formats/sl_log.h"
#include "games/sl_game.h"
#include "games/ti4/ti4.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* a log of game g with two players, no entries */
static sl_log *empty_log(const sl_game *g)
{
	char text[256];
	sl_log *log = NULL;
	sl_error err;
	snprintf(text, sizeof text, "sil 1\ngame %s %d\nplayer p1 \"One\" #112233\n"
		"player p2 \"Two\" #445566\n\n", g->id, g->rules_version);
	sl_error_clear(&err);
	if (sl_sil_read(&log, "t.sil", text, strlen(text), &err))
		fail_msg("%s: %s", g->id, err.msg);
	return log;
}

/* a value of field fd that its kind accepts */
static void plain_value(const sl_schema *sc, const sl_field_def *fd, char *out, size_t n)
{
	switch (fd->kind) {
	case SL_K_INT:
		snprintf(out, n, "%" PRId32, fd->min <= 0 && fd->max >= 0 ? 0 : fd->min);
		break;
	case SL_K_ENUM:
	case SL_K_LIST:
		snprintf(out, n, "%s", fd->names && fd->names[0] ? fd->names[0] : "x");
		break;
	case SL_K_DIR:
		snprintf(out, n, "%s", sl_hex_dir_name(sc->grid.orient, 0));
		break;
	case SL_K_HEX:
		snprintf(out, n, "1,1");
		break;
	case SL_K_DICE:
		snprintf(out, n, "1");
		break;
	case SL_K_TEXT:
		snprintf(out, n, "\"t\"");
		break;
	default:
		snprintf(out, n, "x");
	}
}

/* The line of event e with field f = val and every other field plain; *col
 * gets the 1-based column where val starts. */
static void make_line(const sl_schema *sc, const sl_event_def *def, int f, const char *val,
	char *line, size_t n, uint32_t *col)
{
	size_t len = 0;
	if (def->flags & SL_EV_PLAYER)
		len += (size_t)snprintf(line + len, n - len, "p1: ");
	len += (size_t)snprintf(line + len, n - len, "%s", def->name);
	for (int k = 0; k < def->nfields; k++) {
		char v[64];
		if (len >= n)
			return;
		len += (size_t)snprintf(line + len, n - len, " %s=", def->fields[k].name);
		if (k == f) {
			*col = (uint32_t)len + 1;
			len += (size_t)snprintf(line + len, n - len, "%s", val);
		} else {
			plain_value(sc, &def->fields[k], v, sizeof v);
			len += (size_t)snprintf(line + len, n - len, "%s", v);
		}
	}
}

typedef struct probe {
	char text[48];
	int ok;        /* the reader must take it */
	int64_t want;  /* and read exactly this */
} probe;

static int add(probe *p, int n, int ok, int64_t want, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int add(probe *p, int n, int ok, int64_t want, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p[n].text, sizeof p[n].text, fmt, ap);
	va_end(ap);
	p[n].ok = ok;
	p[n].want = want;
	return n + 1;
}

/* The probes of an integer within [lo, hi]. */
static int int_probes(probe *p, int64_t lo, int64_t hi)
{
	int n = 0;
	n = add(p, n, 1, lo, "%" PRId64, lo);
	n = add(p, n, 1, hi, "%" PRId64, hi);
	n = add(p, n, 1, hi, "+%" PRId64, hi);
	if (hi >= 0)
		n = add(p, n, 1, hi, "000%" PRId64, hi);
	n = add(p, n, 0, 0, "%" PRId64, lo - 1);
	n = add(p, n, 0, 0, "%" PRId64, hi + 1);
	if (hi < 2147483648LL)
		n = add(p, n, 0, 0, "2147483648");
	n = add(p, n, 0, 0, "%" PRId64, (int64_t)4294967296LL + (lo > 0 ? lo : 0));
	n = add(p, n, 0, 0, "%" PRId64, (int64_t)4294967296LL + hi);
	n = add(p, n, 0, 0, "-%" PRId64, (int64_t)4294967296LL - (lo > 0 ? lo : 0));
	n = add(p, n, 0, 0, "99999999999999999999999999");
	n = add(p, n, 0, 0, "-99999999999999999999999999");
	n = add(p, n, 0, 0, " %" PRId64, lo);
	n = add(p, n, 0, 0, "--%" PRId64, lo > 0 ? lo : 1);
	n = add(p, n, 0, 0, "+-1");
	n = add(p, n, 0, 0, "0x10");
	return n;
}

/* A refusal must point into the value typed: at its first character or at
 * the one that makes it wrong ("0x10": the x). */
static void expect(const sl_game *g, sl_log *log, const char *line, uint32_t col,
	const probe *p, int64_t got, int rc, const sl_error *err)
{
	uint32_t end = col + (uint32_t)strlen(p->text);
	if (p->ok) {
		if (rc != 1)
			fail_msg("%s: `%s` refused: %s", g->id, line, err->msg);
		if (got != p->want)
			fail_msg("%s: `%s` read as %" PRId64 ", typed %" PRId64, g->id, line, got,
				p->want);
	} else {
		if (rc >= 0)
			fail_msg("%s: `%s` taken (as %" PRId64 ")", g->id, line, got);
		if (err->col < col || err->col > end)
			fail_msg("%s: `%s` refused at column %u, not within the value (columns %u..%u: "
				"%s)", g->id, line, err->col, col, end, err->msg);
	}
	(void)log;
}

static void one_field(const sl_game *g, sl_log *log, const sl_event_def *def, int f, int *tried)
{
	const sl_schema *sc = g->schema;
	const sl_field_def *fd = &def->fields[f];
	probe p[32];
	int np = 0;
	if (fd->kind == SL_K_INT)
		np = int_probes(p, fd->min, fd->max);
	else if (fd->kind == SL_K_HEX || fd->kind == SL_K_DICE)
		np = int_probes(p, fd->kind == SL_K_HEX ? -32768 : 1,
			fd->kind == SL_K_HEX ? 32767 : fd->max);
	for (int i = 0; i < np; i++) {
		char val[2100], line[4096];
		uint32_t col = 0;
		sl_event ev;
		sl_error err;
		int64_t got = 0;
		int rc;
		if (fd->kind == SL_K_HEX)
			snprintf(val, sizeof val, "%s,3", p[i].text);   /* the column probed */
		else
			snprintf(val, sizeof val, "%s", p[i].text);
		make_line(sc, def, f, val, line, sizeof line, &col);
		sl_error_clear(&err);
		rc = sl_sil_parse_line(log, line, strlen(line), 1, &ev, &err);
		if (rc == 1)
			got = fd->kind == SL_K_INT ? ev.f[f].u.i : fd->kind == SL_K_HEX ?
				ev.f[f].u.hex.col : ev.f[f].n ? ((const uint8_t *)ev.f[f].p)[0] : -1;
		/* a plain value elsewhere the game's schema refuses is not ours to judge */
		if (rc < 0 && p[i].ok && err.col != col)
			continue;
		expect(g, log, line, col, &p[i], got, rc, &err);
		(*tried)++;
		if (fd->kind == SL_K_HEX) {   /* and the row */
			snprintf(val, sizeof val, "3,%s", p[i].text);
			make_line(sc, def, f, val, line, sizeof line, &col);
			col += 2;
			sl_error_clear(&err);
			rc = sl_sil_parse_line(log, line, strlen(line), 1, &ev, &err);
			got = rc == 1 ? ev.f[f].u.hex.row : 0;
			if (!(rc < 0 && p[i].ok && err.col != col))
				expect(g, log, line, col, &p[i], got, rc, &err);
		}
	}
}

static void test_schema_numbers(void **state)
{
	int tried = 0;
	(void)state;
	for (int gi = 0; sl_games[gi]; gi++) {
		const sl_game *g = sl_games[gi];
		sl_log *log = empty_log(g);
		for (int e = 0; e < g->schema->nevents; e++)
			for (int f = 0; f < g->schema->events[e].nfields; f++)
				one_field(g, log, &g->schema->events[e], f, &tried);
		sl_log_free(log);
	}
	/* the property reached every game: no schema may slip out unseen */
	assert_true(tried > 500);
	print_message("numbers: %d typed values taken exactly or refused at their column\n", tried);
}

/* The header's numbers: versions, seeds, colours; wrapped never. */
static void test_header_numbers(void **state)
{
	static const struct { const char *line; int ok; uint32_t col; } cases[] = {
		{"sil 1", 1, 0},
		{"sil 4294967297", 0, 5},
		{"sil -1", 0, 5},
		{"sil 99999999999999999999999", 0, 5},
		{"game sail 4294967297", 0, 11},
		{"game sail 0", 0, 11},
		{"game sail +1", 1, 0},
		{"player p1 \"A\" #1000000", 0, 0},
		{"sil 01", 1, 0},
		{"sil +1", 1, 0},   /* a sign is taken, as in `game sail +1` */
		{"game sail 2147483648", 0, 11},
		{"game sail -1", 0, 11},
		{"seed 9223372036854775807", 1, 0},
		{"seed 9223372036854775808", 0, 6},
		{"seed 18446744073709551617", 0, 6},
		{"seed -1", 0, 6},
		{"seed 0xffffffffffffffff", 1, 0},
		{"seed 0x1ffffffffffffffff", 0, 0},
		{"seed 00077", 1, 0},
		{"seed 4294967297", 1, 0},
	};
	/* the seed a taken line holds, exactly */
	static const struct { const char *line; uint64_t seed; } seeds[] = {
		{"seed 9223372036854775807", 9223372036854775807ull},
		{"seed 0xffffffffffffffff", 0xffffffffffffffffull},
		{"seed 00077", 77},
		{"seed 4294967297", 4294967297ull},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		sl_header h;
		sl_error err;
		int rc;
		memset(&h, 0, sizeof h);
		sl_error_clear(&err);
		rc = sl_sil_parse_header_line(&h, "t.sil", cases[i].line, strlen(cases[i].line), 1,
			&err);
		if (cases[i].ok && rc < 0)
			fail_msg("`%s` refused: %s", cases[i].line, err.msg);
		if (!cases[i].ok && rc >= 0)
			fail_msg("`%s` taken", cases[i].line);
		if (!cases[i].ok && cases[i].col && err.col != cases[i].col)
			fail_msg("`%s` refused at column %u, not %u (%s)", cases[i].line, err.col,
				cases[i].col, err.msg);
		sl_header_free(&h);
	}
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		sl_header h;
		sl_error err;
		memset(&h, 0, sizeof h);
		sl_error_clear(&err);
		if (sl_sil_parse_header_line(&h, "t.sil", seeds[i].line, strlen(seeds[i].line), 1, &err) < 0)
			fail_msg("`%s` refused: %s", seeds[i].line, err.msg);
		if (!h.has_seed || h.seed != seeds[i].seed)
			fail_msg("`%s` gave the seed %" PRIu64, seeds[i].line, h.seed);
		sl_header_free(&h);
	}
}

/* A map string's tile numbers: the second tile of a valid string replaced
 * by each value; a taken one is that tile exactly, a refused one is named
 * at its offset (the token's first byte), never wrapped onto a tile. */
static void test_map_numbers(void **state)
{
	static const struct { const char *tile; int ok, tile_at_1; } cases[] = {
		{"0", 1, 0}, {"1", 1, 1}, {"82", 1, 82}, {"019", 1, 19}, {"00082", 1, 82},
		{"83", 0, 0}, {"000018", 0, 0}, {"65554", 0, 0},   /* 65 536 + 18: no int16 wrap */
		{"4294967314", 0, 0},                               /* 2^32 + 18 */
		{"2147483648", 0, 0}, {"99999999999999999999999", 0, 0},
		{"-1", 0, 0}, {"+18", 0, 0}, {"18x", 0, 0}, {"1e1", 0, 0}, {"0x12", 0, 0},
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char map[128], off[32];
		int16_t tiles[TI4_NPOS];
		sl_error err;
		int rc;
		snprintf(map, sizeof map, "{18} 26 %s 27", cases[i].tile);
		sl_error_clear(&err);
		rc = ti4_map_parse(map, strlen(map), tiles, &err);
		if (cases[i].ok && rc < 0)
			fail_msg("map `%s` refused: %s", map, err.msg);
		if (cases[i].ok && tiles[2] != cases[i].tile_at_1)
			fail_msg("map `%s`: tile %d, not %d", map, tiles[2], cases[i].tile_at_1);
		if (cases[i].ok)
			continue;
		if (rc >= 0)
			fail_msg("map `%s` taken (tile %d)", map, tiles[2]);
		snprintf(off, sizeof off, "offset %d:", (int)strlen("{18} 26 "));
		if (!strstr(err.msg, off))
			fail_msg("map `%s` refused, but not at its %s %s", map, off, err.msg);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schema_numbers),
		cmocka_unit_test(test_header_numbers),
		cmocka_unit_test(test_map_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
