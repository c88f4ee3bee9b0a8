/* new_ti4.c - `sillage new ti4`: a Twilight Imperium galaxy from a TTS/TTPG
 * map string (its `0` slots are the homes), the players and their factions
 * (any of the 24), a `seat` line each (rules version 2: the home system into
 * its slot, the starting units and technologies of ti4_cards.c), and the
 * speaker named. The map string is judged by the rules (import_ti4.c). */
#include "record/new.h"
#include "record/import.h"
#include "games/ti4/ti4.h"

#include "record/recorder.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static const uint32_t colours[TI4_MAXP] = {0x9c36b5, 0xc92a2a, 0x1971c2, 0x2b8a3e, 0xe67700,
	0x495057};

typedef struct seat {
	char id[24];
	int faction;
	int home;      /* position index */
	int at;        /* @POS given: its position index, else -1 */
	char techs[128];   /* +TECH+TECH: the starting technologies chosen, comma-separated */
} seat;

static int faction_of(const char *s, size_t n, sl_error *err)
{
	char name[32];
	const char *near;
	snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), s);
	for (int f = 0; f < TI4_NFACTION; f++)
		if (strcmp(ti4_faction_ids[f], name) == 0)
			return f;
	near = rec_suggest(name, strlen(name), ti4_faction_ids, TI4_NFACTION);
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
		t->techs[0] = 0;
		if (memchr(f, '+', fn)) {
			const char *pl = memchr(f, '+', fn);
			size_t tn = (size_t)(f + fn - pl - 1);
			snprintf(t->techs, sizeof t->techs, "%.*s", (int)(tn < 127 ? tn : 127), pl + 1);
			for (char *c = t->techs; *c; c++)
				if (*c == '+')
					*c = ',';
				else if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
					/* it goes into a quoted field of the seat line: nothing else may */
					return sl_error_set(err, SL_EUSAGE, "--players: %s: a technology id is "
						"letters, digits, '_' and '-': '%s'", t->id, t->techs);
			fn = (size_t)(pl - f);
		}
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

/* Each seat's home: the `0` slot @POS names, or the next free `0` slot in
 * spiral order. The slots stay `0` in the map string: `seat` fills them. */
static int place_homes(const int16_t *tiles, int npos, seat *seats, int np, sl_error *err)
{
	int slots = 0, taken[TI4_NPOS] = {0};
	for (int i = 1; i < npos; i++)
		slots += tiles[i] == 0;
	for (int p = 0; p < np; p++) {
		int i = seats[p].at;
		seats[p].home = -1;
		if (i < 0)
			continue;
		if (i >= npos || tiles[i] != 0 || taken[i])
			return sl_error_set(err, SL_EILLEGAL, "--players: %s's home at %03d: that "
				"position holds %s%.0d, not a free `0` slot for a home system", seats[p].id,
				ti4_pos_code(i), i >= npos ? "nothing (past the map)" : taken[i] ?
				"another home" : "tile ", i >= npos || taken[i] ? 0 : tiles[i]);
		taken[i] = 1;
		seats[p].home = i;
	}
	for (int p = 0; p < np; p++) {
		int i = 1;
		if (seats[p].home >= 0)
			continue;
		while (i < npos && (tiles[i] != 0 || taken[i]))
			i++;
		if (i == npos)
			return sl_error_set(err, SL_EILLEGAL, "--players: %d players, but the map has %d "
				"home slots (`0`): no home for %s", np, slots, seats[p].id);
		taken[i] = 1;
		seats[p].home = i;
	}
	return 0;
}

/* The seat line: the rules place the home system, units and technologies.
 * The Winnu and the Argent choose their starting technologies: the first
 * ones of their lists unless ID:FACTION+TECH+TECH names them. */
static void seat_line(sl_buf *out, const seat *t)
{
	const ti4_faction_data *d = &ti4_faction_data_tab[t->faction];
	sl_buf_printf(out, "%s: seat faction=%s home=%03d", t->id, d->id, ti4_pos_code(t->home));
	if (d->choose) {
		char buf[256];
		const char *c = t->techs[0] ? t->techs : d->choice;
		int k = 0, n = 0;
		for (; c[k] && n < (t->techs[0] ? 99 : d->choose); k++)
			n += c[k] == ',';
		snprintf(buf, sizeof buf, "%.*s", c[k] ? k - 1 : k, c);
		sl_buf_printf(out, " techs=\"%s\"", buf);
	}
	sl_buf_putc(out, '\n');
}

static void header(sl_buf *out, const rec_new_opt *opt, int nopt, const seat *seats, int np,
	int speaker)
{
	const char *title = rec_new_get(opt, nopt, "title");
	sl_buf_printf(out, "sil %d\ngame ti4 %d\n", SL_SIL_VERSION, sl_game_ti4.rules_version);
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
	sl_buf_printf(out, "# the speaker is %s; each seat puts its home system into its `0` slot "
		"with the faction sheet's starting units and technologies\n\n", seats[speaker].id);
	write_map(out, tiles, npos);
	for (int p = 0; p < np; p++)
		seat_line(out, &seats[p]);
	return 0;
}

static int ti4_list(sl_buf *out, sl_error *err)
{
	for (int f = 0; f < TI4_NFACTION; f++) {
		const ti4_faction_data *d = &ti4_faction_data_tab[f];
		sl_buf_printf(out, "%-9s %s%s, home system tile %d, commodities %d; starts with ",
			d->id, ti4_factions[f].name, d->pok ? " (PoK)" : "", ti4_factions[f].home_tile,
			ti4_factions[f].commodities);
		for (int k = 0; k < 4 && d->start[k].units; k++)
			sl_buf_printf(out, "%s%s%s%s", k ? "; " : "", d->start[k].at ? d->start[k].at : "",
				d->start[k].at ? ": " : "", d->start[k].units);
		sl_buf_putc(out, '\n');
	}
	return 0;
}

/* A uniform index below n (n >= 1) from the system's CSPRNG; -1 if it fails. */
static int draw_below(int n)
{
	uint32_t v, lim = UINT32_MAX - UINT32_MAX % (uint32_t)n;
	do
		if (sl_random_bytes(&v, sizeof v))
			return -1;
	while (v >= lim);
	return (int)(v % (uint32_t)n);
}

/* One secret objective drawn for a seat: the `draw` line with its
 * commitment, and the player's file with the objective and the salt. */
static int deal_one(sl_buf *out, rec_new_secret *sec, const char *id, int o, sl_error *err)
{
	uint8_t salt[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
	char hs[2 * SL_SALT_BYTES + 1], hc[2 * SL_COMMIT_BYTES + 1];
	const char *obj = ti4_objectives[o].id;
	if (sl_random_bytes(salt, sizeof salt)
	    || sl_commit(cm, "ti4-secret", salt, obj, strlen(obj)))
		return sl_error_set(err, SL_EIO, "new ti4: cannot draw a secret objective's salt");
	sl_hexstr_encode(hs, salt, sizeof salt);
	sl_hexstr_encode(hc, cm, sizeof cm);
	sl_buf_printf(out, "%s: draw deck=secret commit=%s\n", id, hc);
	snprintf(sec->player, sizeof sec->player, "%.31s", id);
	snprintf(sec->what, sizeof sec->what, "%s", obj);
	memcpy(sec->salt, hs, sizeof sec->salt);
	sl_buf_init(&sec->text);
	sl_buf_printf(&sec->text, "# sillage new ti4: %s's secret objective, dealt sealed (the log "
		"holds only its commitment); keep this file to yourself (formats/ti4.md)\n"
		"secret %s %s %s\n# %s: scored in its phase with\n#   %s: objective do=score "
		"id=%s salt=%s\n", id, obj, hs, hc, ti4_objectives[o].name, id, obj, hs);
	return 0;
}

/* LRR setup: a secret objective each, drawn from the 40 without repeats,
 * sealed (formats/ti4.md: the one each player keeps of the two dealt). */
static int ti4_deal(sl_buf *out, rec_new_secret *sec, int *nsec, const rec_new_opt *opt,
	int nopt, sl_error *err)
{
	seat seats[TI4_MAXP];
	int pool[128], n = 0, np, rc;
	*nsec = 0;
	if (rec_new_flag(opt, nopt, "no-secrets"))
		return 0;
	if ((rc = parse_players(rec_new_get(opt, nopt, "players"), seats, &np, err)))
		return rc;
	for (int o = 0; o < ti4_nobjectives() && n < 128; o++)
		if (ti4_objectives[o].stage == 0)
			pool[n++] = o;
	sl_buf_puts(out, "# a secret objective each, sealed: its salt is in FILE.ID.secret\n");
	for (int p = 0; p < np && n > 0; p++) {
		int k = draw_below(n);
		if (k < 0)
			return sl_error_set(err, SL_EIO, "new ti4: the system gives no random bytes");
		if ((rc = deal_one(out, &sec[p], seats[p].id, pool[k], err)))
			return rc;
		++*nsec;
		pool[k] = pool[--n];
	}
	return 0;
}

const rec_template rec_new_ti4 = {
	"ti4",
	"--map STRING  the galaxy: a TTS/TTPG map string, `0` for each home slot\n"
	"--players LIST  ID:FACTION in seat order, e.g. ana:sol,bob:hacan; ID:FACTION@POS puts "
	"that home in the `0` slot at POS; ID:winnu+TECH (argent+TECH+TECH) chooses the starting "
	"technologies\n"
	"--speaker ID  the speaker (default: the first player)\n"
	"--title TEXT  the log's title (default: the factions)\n"
	"--no-secrets  deal no secret objectives (a table that deals its own cards records each "
	"with `draw deck=secret commit=...`)",
	ti4_list,
	ti4_write,
	ti4_deal,   /* a sealed secret objective each, its salt in FILE.ID.secret */
};
