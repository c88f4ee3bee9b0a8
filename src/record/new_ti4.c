/* new_ti4.c - `sillage new ti4`: a Twilight Imperium galaxy from a TTS/TTPG
 * map string (its `0` slots are the homes), the players and their factions,
 * each home system in its slot with the faction's starting units, and the
 * speaker named. The map string is judged by the rules (import_ti4.c). */
#include "record/new.h"
#include "record/import.h"
#include "games/ti4/ti4.h"

#include "record/recorder.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Starting units, from each faction sheet (Prophecy of Kings), as the
 * "Starting Fleet" sections of Mumbokatten/Twilight-Imperium-IV-guides- list
 * them; facts, in ti4_factions' order. Ships start in the home system's space
 * area; ground forces and structures on its planets. */
typedef struct start_units {
	uint8_t n[TI4_NUT];
} start_units;

static const start_units starting[TI4_NFACTION] = {
	[TI4_F_CABAL] = {{[TI4_DN] = 1, [TI4_CV] = 1, [TI4_CR] = 1, [TI4_FF] = 3, [TI4_INF] = 3,
		[TI4_SD] = 1}},
	[TI4_F_LETNEV] = {{[TI4_DN] = 1, [TI4_CV] = 1, [TI4_DD] = 1, [TI4_FF] = 1, [TI4_INF] = 3,
		[TI4_SD] = 1}},
	[TI4_F_SOL] = {{[TI4_CV] = 2, [TI4_DD] = 1, [TI4_FF] = 3, [TI4_INF] = 5, [TI4_SD] = 1}},
	[TI4_F_HACAN] = {{[TI4_CV] = 2, [TI4_CR] = 1, [TI4_FF] = 2, [TI4_INF] = 4, [TI4_SD] = 1}},
	[TI4_F_NEKRO] = {{[TI4_DN] = 1, [TI4_CV] = 1, [TI4_CR] = 1, [TI4_FF] = 2, [TI4_INF] = 2,
		[TI4_SD] = 1}},
	[TI4_F_YSSARIL] = {{[TI4_CV] = 2, [TI4_CR] = 1, [TI4_FF] = 2, [TI4_INF] = 5, [TI4_PDS] = 1,
		[TI4_SD] = 1}},
};

static const uint32_t colours[TI4_MAXP] = {0x9c36b5, 0xc92a2a, 0x1971c2, 0x2b8a3e, 0xe67700,
	0x495057};

typedef struct seat {
	char id[24];
	int faction;
	int home;      /* position index */
	int at;        /* @POS given: its position index, else -1 */
} seat;

static int faction_of(const char *s, size_t n, sl_error *err)
{
	char name[32];
	const char *near;
	snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), s);
	for (int f = 0; f < TI4_NFACTION; f++)
		if (strcmp(ti4_faction_tokens[f], name) == 0)
			return f;
	near = rec_suggest(name, strlen(name), ti4_faction_tokens, TI4_NFACTION);
	if (near)
		return sl_error_set(err, SL_EUSAGE, "--players: no faction '%s'; did you mean '%s'?",
			name, near);
	return sl_error_set(err, SL_EUSAGE, "--players: no faction '%s' (`sillage new ti4 --list`)",
		name);
}

/* "ana:sol,bob:hacan@205,..." into seats. */
static int parse_players(const char *s, seat *seats, int *np, sl_error *err)
{
	*np = 0;
	while (*s) {
		size_t n = strcspn(s, ","), id = strcspn(s, ":,");
		seat *t = &seats[*np];
		const char *f, *at;
		size_t fn;
		if (*np >= TI4_MAXP)
			return sl_error_set(err, SL_EUSAGE, "--players: at most %d players", TI4_MAXP);
		if (id == n || id == 0 || id >= sizeof t->id)
			return sl_error_set(err, SL_EUSAGE, "--players: '%.*s' is not ID:FACTION (e.g. "
				"ana:sol)", (int)n, s);
		for (size_t k = 0; k < id; k++)
			if (!isalnum((unsigned char)s[k]) && s[k] != '_' && s[k] != '-')
				return sl_error_set(err, SL_EUSAGE, "--players: a player id is letters, digits,"
					" '_' and '-': '%.*s'", (int)id, s);
		snprintf(t->id, sizeof t->id, "%.*s", (int)id, s);
		f = s + id + 1;
		at = memchr(f, '@', (size_t)(s + n - f));
		fn = at ? (size_t)(at - f) : (size_t)(s + n - f);
		if ((t->faction = faction_of(f, fn, err)) < 0)
			return t->faction;
		t->at = -1;
		if (at && (t->at = ti4_pos_index(atoi(at + 1))) < 0)
			return sl_error_set(err, SL_EUSAGE, "--players: %s: '@%.*s' is not a position "
				"(000, 101 to 424)", t->id, (int)(s + n - at - 1), at + 1);
		for (int q = 0; q < *np; q++) {
			if (strcmp(seats[q].id, t->id) == 0)
				return sl_error_set(err, SL_EUSAGE, "--players: %s is named twice", t->id);
			if (seats[q].faction == t->faction)
				return sl_error_set(err, SL_EILLEGAL, "--players: %s is named twice (%s and "
					"%s); each faction is played once", ti4_factions[t->faction].name,
					seats[q].id, t->id);
		}
		(*np)++;
		s += n + (s[n] == ',');
	}
	if (*np < 2)
		return sl_error_set(err, SL_EUSAGE, "--players: at least 2 players (ID:FACTION,...)");
	return 0;
}

/* Each seat's home: a home tile already on the map, the `0` slot @POS names,
 * or the next free `0` slot in spiral order. */
static int place_homes(int16_t *tiles, int npos, seat *seats, int np, sl_error *err)
{
	int slots = 0;
	for (int i = 1; i < npos; i++)
		slots += tiles[i] == 0;
	for (int p = 0; p < np; p++) {
		int want = ti4_factions[seats[p].faction].home_tile, i = seats[p].at;
		seats[p].home = -1;
		for (int k = 0; k < npos; k++)
			if (tiles[k] == want)
				seats[p].home = k;
		if (seats[p].home >= 0 && (i < 0 || i == seats[p].home))
			continue;
		if (i >= 0) {
			if (i >= npos || tiles[i] != 0)
				return sl_error_set(err, SL_EILLEGAL, "--players: %s's home at %03d: that "
					"position holds %s%.0d, not a `0` slot for a home system", seats[p].id,
					ti4_pos_code(i), i >= npos ? "nothing (past the map)" : "tile ",
					i >= npos ? 0 : tiles[i]);
			tiles[i] = (int16_t)want;
			seats[p].home = i;
		}
	}
	for (int p = 0; p < np; p++) {
		int i = 1;
		if (seats[p].home >= 0)
			continue;
		while (i < npos && tiles[i] != 0)
			i++;
		if (i == npos)
			return sl_error_set(err, SL_EILLEGAL, "--players: %d players, but the map has %d "
				"home slots (`0`): no home for %s", np, slots, seats[p].id);
		tiles[i] = (int16_t)ti4_factions[seats[p].faction].home_tile;
		seats[p].home = i;
	}
	return 0;
}

/* "pid: place units=a,b,... at=WHERE" for the n units given, if any. */
static void place_line(sl_buf *out, const char *pid, const uint8_t *n, const char *where)
{
	int k = 0;
	for (int u = 0; u < TI4_NUT; u++)
		k += n[u];
	if (!k)
		return;
	sl_buf_printf(out, "%s: place units=", pid);
	k = 0;
	for (int u = 0; u < TI4_NUT; u++)
		for (int c = 0; c < n[u]; c++)
			sl_buf_printf(out, "%s%s", k++ ? "," : "", ti4_unit_tokens[u]);
	sl_buf_printf(out, " at=%s\n", where);
}

/* The faction line and the starting units of one seat: ships in the home
 * system's space area; the space dock and PDS on its first planet; infantry
 * and mechs shared out over its planets, the first planet first. */
static void seat_lines(sl_buf *out, const seat *t)
{
	const start_units *su = &starting[t->faction];
	const ti4_tile *tile = ti4_tile_find(ti4_factions[t->faction].home_tile);
	uint8_t space[TI4_NUT] = {0}, ground[3][TI4_NUT];
	char where[16];
	int np = tile && tile->np ? tile->np : 1;
	memset(ground, 0, sizeof ground);
	for (int u = 0; u < TI4_NUT; u++) {
		if (ti4_units[u].ship)
			space[u] = su->n[u];
		else if (ti4_units[u].structure)
			ground[0][u] = su->n[u];
		else
			for (int c = 0; c < su->n[u]; c++)
				ground[c % np][u]++;
	}
	sl_buf_printf(out, "%s: faction faction=%s home=%03d\n", t->id,
		ti4_faction_tokens[t->faction], ti4_pos_code(t->home));
	snprintf(where, sizeof where, "%03d", ti4_pos_code(t->home));
	place_line(out, t->id, space, where);
	for (int k = 0; k < np && tile; k++)
		place_line(out, t->id, ground[k], tile->p[k].id);
}

static void header(sl_buf *out, const rec_new_opt *opt, int nopt, const seat *seats, int np,
	int speaker)
{
	const char *title = rec_new_get(opt, nopt, "title");
	sl_buf_printf(out, "sil 1\ngame ti4 %d\n", sl_game_ti4.rules_version);
	if (title)
		sl_buf_printf(out, "title %s\n", title);
	else {
		sl_buf_puts(out, "title ");
		for (int p = 0; p < np; p++)
			sl_buf_printf(out, "%s%s", p ? (p == np - 1 ? " and " : ", ") : "",
				ti4_factions[seats[p].faction].name);
		sl_buf_putc(out, '\n');
	}
	for (int p = 0; p < np; p++)
		sl_buf_printf(out, "player %s \"%c%s (%s)\" #%06x\n", seats[p].id,
			toupper((unsigned char)seats[p].id[0]), seats[p].id + 1,
			ti4_factions[seats[p].faction].name, colours[p]);
	sl_buf_printf(out, "meta speaker %s\n", seats[speaker].id);
}

static int write_map(sl_buf *out, const int16_t *tiles, int npos)
{
	sl_buf_puts(out, "galaxy map=\"");
	if (tiles[0] != 18)
		sl_buf_printf(out, "{%d} ", tiles[0]);
	for (int i = 1; i < npos; i++)
		sl_buf_printf(out, "%s%d", i > 1 ? " " : "", tiles[i]);
	sl_buf_puts(out, "\"\n");
	return 0;
}

static int ti4_write(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err)
{
	const char *map = rec_new_get(opt, nopt, "map"), *pl = rec_new_get(opt, nopt, "players");
	const char *sp = rec_new_get(opt, nopt, "speaker");
	int16_t tiles[TI4_NPOS];
	seat seats[TI4_MAXP];
	sl_buf canon;
	int npos, np, speaker = 0, rc;
	if (!map)
		return sl_error_set(err, SL_EUSAGE, "new ti4: give the galaxy with --map \"...\" (a "
			"TTS/TTPG map string, 0 for each home slot)");
	if (!pl)
		return sl_error_set(err, SL_EUSAGE, "new ti4: give the players with --players "
			"ana:sol,bob:hacan,...");
	sl_buf_init(&canon);
	rc = rec_ti4_map(&canon, map, err);   /* the rules judge the string as typed */
	if (rc == 0 && (npos = ti4_map_parse((const char *)canon.data, canon.len, tiles, err)) < 0)
		rc = npos;
	sl_buf_free(&canon);
	if (rc) {
		if (err->code == SL_EILLEGAL && strncmp(err->msg, "--map", 5) != 0) {
			char m[sizeof err->msg];
			memcpy(m, err->msg, sizeof m);
			snprintf(err->msg, sizeof err->msg, "--map: %.*s", (int)sizeof m - 8, m);
		}
		return rc;
	}
	if ((rc = parse_players(pl, seats, &np, err)) || (rc = place_homes(tiles, npos, seats, np, err)))
		return rc;
	if (sp) {
		for (speaker = 0; speaker < np && strcmp(seats[speaker].id, sp) != 0; speaker++)
			;
		if (speaker == np)
			return sl_error_set(err, SL_EUSAGE, "--speaker %s: not one of the players", sp);
	}
	header(out, opt, nopt, seats, np, speaker);
	sl_buf_printf(out, "# the speaker is %s; homes in their slots, starting units from the "
		"faction sheets\n\n", seats[speaker].id);
	write_map(out, tiles, npos);
	for (int p = 0; p < np; p++)
		seat_lines(out, &seats[p]);
	return 0;
}

static int ti4_list(sl_buf *out, sl_error *err)
{
	for (int f = 0; f < TI4_NFACTION; f++) {
		const start_units *su = &starting[f];
		int k = 0;
		sl_buf_printf(out, "%-8s %s, home system tile %d; starts with ", ti4_faction_tokens[f],
			ti4_factions[f].name, ti4_factions[f].home_tile);
		for (int u = 0; u < TI4_NUT; u++)
			if (su->n[u])
				sl_buf_printf(out, "%s%d %s", k++ ? ", " : "", su->n[u], ti4_unit_tokens[u]);
		sl_buf_putc(out, '\n');
	}
	return 0;
}

const rec_template rec_new_ti4 = {
	"ti4",
	"--map STRING  the galaxy: a TTS/TTPG map string, `0` for each home slot\n"
	"--players LIST  ID:FACTION in seat order, e.g. ana:sol,bob:hacan; ID:FACTION@POS puts "
	"that home in the `0` slot at POS\n"
	"--speaker ID  the speaker (default: the first player)\n"
	"--title TEXT  the log's title (default: the factions)",
	ti4_list,
	ti4_write,
};
