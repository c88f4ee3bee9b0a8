/* ti4_data.c - the facts of Twilight Imperium 4 the module plays with: system
 * tiles, units, factions, positions, and the TTS/TTPG map string. Facts only,
 * restated as data; each table names its source. */
#include "ti4.h"

#include <pthread.h>
#include <string.h>

/* ---- system tiles ------------------------------------------------------------
 * Source: base-game tiles 1-51 as listed in KeeganW/ti4 helpers/tile_data.py
 * (planet names, resources/influence, wormholes, anomalies), checked against
 * Bshah11/DataCleaner StructuredData/planets_systems_RAG.md; Prophecy of
 * Kings tiles 52-82 from KeeganW/ti4 src/data/tileData.js (tile 54, the
 * Vuil'raith Cabal's home, Acheron 4/0, also in AsyncTI4 ti4_web_new
 * data/planets.ts). Tile 73's first planet is Cealdri 0/2 (the source lists
 * it as a second "Lisis", the name of tile 72's planet). Planet ids are the
 * names in lowercase with everything but letters and digits dropped, and
 * roman numerals as digits. */
#define P(i, n, r, f) {i, n, r, f}
#define NOP {NULL, NULL, 0, 0}
static const ti4_tile tiles[] = {
	{1, "sol", 0, 0, 1, {P("jord", "Jord", 4, 2), NOP, NOP}},
	{2, "mentak", 0, 0, 1, {P("mollprimus", "Moll Primus", 4, 1), NOP, NOP}},
	{3, "yin", 0, 0, 1, {P("darien", "Darien", 4, 4), NOP, NOP}},
	{4, "muaat", 0, 0, 1, {P("muaat", "Muaat", 4, 1), NOP, NOP}},
	{5, "arborec", 0, 0, 1, {P("nestphar", "Nestphar", 3, 2), NOP, NOP}},
	{6, "l1z1x", 0, 0, 1, {P("zero", "[0.0.0]", 5, 0), NOP, NOP}},
	{7, "winnu", 0, 0, 1, {P("winnu", "Winnu", 3, 4), NOP, NOP}},
	{8, "nekro", 0, 0, 1, {P("mordai2", "Mordai II", 4, 0), NOP, NOP}},
	{9, "naalu", 0, 0, 2, {P("maaluuk", "Maaluuk", 2, 0), P("druaa", "Druaa", 3, 1), NOP}},
	{10, "letnev", 0, 0, 2, {P("arcprime", "Arc Prime", 4, 0), P("wrenterra", "Wren Terra", 2, 1), NOP}},
	{11, "saar", 0, 0, 2, {P("lisis2", "Lisis II", 1, 0), P("ragh", "Ragh", 2, 1), NOP}},
	{12, "jolnar", 0, 0, 2, {P("nar", "Nar", 2, 3), P("jol", "Jol", 1, 2), NOP}},
	{13, "sardakk", 0, 0, 2, {P("trenlak", "Tren'lak", 1, 0), P("quinarra", "Quinarra", 3, 1), NOP}},
	{14, "xxcha", 0, 0, 2, {P("archonren", "Archon Ren", 2, 3), P("archontau", "Archon Tau", 1, 1), NOP}},
	{15, "yssaril", 0, 0, 2, {P("retillion", "Retillion", 2, 3), P("shalloq", "Shalloq", 1, 2), NOP}},
	{16, "hacan", 0, 0, 3, {P("arretze", "Arretze", 2, 0), P("hercant", "Hercant", 1, 1),
		P("kamdorn", "Kamdorn", 0, 1)}},
	{17, NULL, 0, TI4_WH_DELTA, 0, {NOP, NOP, NOP}},          /* the Creuss gate */
	{18, NULL, 0, 0, 1, {P("mecatolrex", "Mecatol Rex", 1, 6), NOP, NOP}},
	{19, NULL, 0, 0, 1, {P("wellon", "Wellon", 1, 2), NOP, NOP}},
	{20, NULL, 0, 0, 1, {P("vefut2", "Vefut II", 2, 2), NOP, NOP}},
	{21, NULL, 0, 0, 1, {P("thibah", "Thibah", 1, 1), NOP, NOP}},
	{22, NULL, 0, 0, 1, {P("tarmann", "Tar'mann", 1, 1), NOP, NOP}},
	{23, NULL, 0, 0, 1, {P("saudor", "Saudor", 2, 2), NOP, NOP}},
	{24, NULL, 0, 0, 1, {P("meharxull", "Mehar Xull", 1, 3), NOP, NOP}},
	{25, NULL, 0, TI4_WH_BETA, 1, {P("quann", "Quann", 2, 1), NOP, NOP}},
	{26, NULL, 0, TI4_WH_ALPHA, 1, {P("lodor", "Lodor", 3, 1), NOP, NOP}},
	{27, NULL, 0, 0, 2, {P("newalbion", "New Albion", 1, 1), P("starpoint", "Starpoint", 3, 1), NOP}},
	{28, NULL, 0, 0, 2, {P("tequran", "Tequ'ran", 2, 0), P("torkan", "Torkan", 0, 3), NOP}},
	{29, NULL, 0, 0, 2, {P("qucenn", "Qucen'n", 1, 2), P("rarron", "Rarron", 0, 3), NOP}},
	{30, NULL, 0, 0, 2, {P("mellon", "Mellon", 0, 2), P("zohbat", "Zohbat", 3, 1), NOP}},
	{31, NULL, 0, 0, 2, {P("lazar", "Lazar", 1, 0), P("sakulag", "Sakulag", 2, 1), NOP}},
	{32, NULL, 0, 0, 2, {P("dalbootha", "Dal Bootha", 0, 2), P("xxehan", "Xxehan", 1, 1), NOP}},
	{33, NULL, 0, 0, 2, {P("corneeq", "Corneeq", 1, 2), P("resculon", "Resculon", 2, 0), NOP}},
	{34, NULL, 0, 0, 2, {P("centauri", "Centauri", 1, 3), P("gral", "Gral", 1, 1), NOP}},
	{35, NULL, 0, 0, 2, {P("bereg", "Bereg", 3, 1), P("lirta4", "Lirta IV", 2, 3), NOP}},
	{36, NULL, 0, 0, 2, {P("arnor", "Arnor", 2, 1), P("lor", "Lor", 1, 2), NOP}},
	{37, NULL, 0, 0, 2, {P("arinam", "Arinam", 1, 2), P("meer", "Meer", 0, 4), NOP}},
	{38, NULL, 0, 0, 2, {P("abyz", "Abyz", 3, 0), P("fria", "Fria", 2, 0), NOP}},
	{39, NULL, 0, TI4_WH_ALPHA, 0, {NOP, NOP, NOP}},
	{40, NULL, 0, TI4_WH_BETA, 0, {NOP, NOP, NOP}},
	{41, NULL, TI4_AN_RIFT, 0, 0, {NOP, NOP, NOP}},
	{42, NULL, TI4_AN_NEBULA, 0, 0, {NOP, NOP, NOP}},
	{43, NULL, TI4_AN_SUPERNOVA, 0, 0, {NOP, NOP, NOP}},
	{44, NULL, TI4_AN_ASTEROID, 0, 0, {NOP, NOP, NOP}},
	{45, NULL, TI4_AN_ASTEROID, 0, 0, {NOP, NOP, NOP}},
	{46, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{47, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{48, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{49, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{50, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{51, "creuss", 0, TI4_WH_DELTA, 1, {P("creuss", "Creuss", 4, 2), NOP, NOP}},
	/* Prophecy of Kings */
	{52, "mahact", 0, 0, 1, {P("ixth", "Ixth", 3, 5), NOP, NOP}},
	{53, "nomad", 0, 0, 1, {P("arcturus", "Arcturus", 4, 4), NOP, NOP}},
	{54, "cabal", 0, 0, 1, {P("acheron", "Acheron", 4, 0), NOP, NOP}},
	{55, "titans", 0, 0, 1, {P("elysium", "Elysium", 4, 1), NOP, NOP}},
	{56, "empyrean", TI4_AN_NEBULA, 0, 1, {P("thedark", "The Dark", 3, 4), NOP, NOP}},
	{57, "naazrokha", 0, 0, 2, {P("naazir", "Naazir", 2, 1), P("rokha", "Rokha", 1, 2), NOP}},
	{58, "argent", 0, 0, 3, {P("valk", "Valk", 2, 0), P("avar", "Avar", 1, 1), P("ylir", "Ylir", 0, 2)}},
	{59, NULL, 0, 0, 1, {P("archonvail", "Archon Vail", 1, 3), NOP, NOP}},
	{60, NULL, 0, 0, 1, {P("perimeter", "Perimeter", 2, 1), NOP, NOP}},
	{61, NULL, 0, 0, 1, {P("ang", "Ang", 2, 0), NOP, NOP}},
	{62, NULL, 0, 0, 1, {P("semlore", "Sem-Lore", 3, 2), NOP, NOP}},
	{63, NULL, 0, 0, 1, {P("vorhal", "Vorhal", 0, 2), NOP, NOP}},
	{64, NULL, 0, TI4_WH_BETA, 1, {P("atlas", "Atlas", 3, 1), NOP, NOP}},
	{65, NULL, 0, 0, 1, {P("primor", "Primor", 2, 1), NOP, NOP}},
	{66, NULL, 0, 0, 1, {P("hopesend", "Hope's End", 3, 0), NOP, NOP}},
	{67, NULL, TI4_AN_RIFT, 0, 1, {P("cormund", "Cormund", 2, 0), NOP, NOP}},
	{68, NULL, TI4_AN_NEBULA, 0, 1, {P("everra", "Everra", 3, 1), NOP, NOP}},
	{69, NULL, 0, 0, 2, {P("accoen", "Accoen", 2, 3), P("jeolir", "Jeol Ir", 2, 3), NOP}},
	{70, NULL, 0, 0, 2, {P("kraag", "Kraag", 2, 1), P("siig", "Siig", 0, 2), NOP}},
	{71, NULL, 0, 0, 2, {P("bakal", "Ba'kal", 3, 2), P("alioprima", "Alio Prima", 1, 1), NOP}},
	{72, NULL, 0, 0, 2, {P("lisis", "Lisis", 2, 2), P("velnor", "Velnor", 2, 1), NOP}},
	{73, NULL, 0, 0, 2, {P("cealdri", "Cealdri", 0, 2), P("xanhact", "Xanhact", 0, 1), NOP}},
	{74, NULL, 0, 0, 2, {P("vegamajor", "Vega Major", 2, 1), P("vegaminor", "Vega Minor", 1, 2), NOP}},
	{75, NULL, 0, 0, 3, {P("loki", "Loki", 1, 2), P("abaddon", "Abaddon", 1, 0),
		P("ashtroth", "Ashtroth", 2, 0)}},
	{76, NULL, 0, 0, 3, {P("rigel1", "Rigel I", 0, 1), P("rigel2", "Rigel II", 1, 2),
		P("rigel3", "Rigel III", 1, 1)}},
	{77, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{78, NULL, 0, 0, 0, {NOP, NOP, NOP}},
	{79, NULL, TI4_AN_ASTEROID, TI4_WH_ALPHA, 0, {NOP, NOP, NOP}},
	{80, NULL, TI4_AN_SUPERNOVA, 0, 0, {NOP, NOP, NOP}},
	{81, NULL, TI4_AN_SUPERNOVA, 0, 0, {NOP, NOP, NOP}},   /* Muaat's supernova */
	{82, NULL, 0, TI4_WH_ALPHA | TI4_WH_BETA | TI4_WH_GAMMA, 1,
		{P("mallice", "Mallice", 0, 3), NOP, NOP}},          /* the wormhole nexus */
};
#define NTILES ((int)(sizeof tiles / sizeof tiles[0]))

/* The same planet ids, in table order, for LIST fields (test_ti4 checks). */
const char *const ti4_planet_tokens[] = {
	"jord", "mollprimus", "darien", "muaat", "nestphar", "zero", "winnu", "mordai2",
	"maaluuk", "druaa", "arcprime", "wrenterra", "lisis2", "ragh", "nar", "jol",
	"trenlak", "quinarra", "archonren", "archontau", "retillion", "shalloq",
	"arretze", "hercant", "kamdorn", "mecatolrex", "wellon", "vefut2", "thibah",
	"tarmann", "saudor", "meharxull", "quann", "lodor", "newalbion", "starpoint",
	"tequran", "torkan", "qucenn", "rarron", "mellon", "zohbat", "lazar", "sakulag",
	"dalbootha", "xxehan", "corneeq", "resculon", "centauri", "gral", "bereg",
	"lirta4", "arnor", "lor", "arinam", "meer", "abyz", "fria", "creuss", "ixth", "arcturus",
	"acheron", "elysium", "thedark", "naazir", "rokha", "valk", "avar", "ylir", "archonvail",
	"perimeter", "ang", "semlore", "vorhal", "atlas", "primor", "hopesend", "cormund", "everra",
	"accoen", "jeolir", "kraag", "siig", "bakal", "alioprima", "lisis", "velnor", "cealdri",
	"xanhact", "vegamajor", "vegaminor", "loki", "abaddon", "ashtroth", "rigel1", "rigel2",
	"rigel3", "mallice",
	NULL
};

const ti4_tile *ti4_tile_find(int id)
{
	/* the table is in order of id from 1 (a position's tile is looked up at
	 * every move and count): the one at id - 1 when it is that one */
	if (id >= 1 && id <= NTILES && tiles[id - 1].id == id)
		return &tiles[id - 1];
	for (int i = 0; i < NTILES; i++)
		if (tiles[i].id == id)
			return &tiles[i];
	return NULL;
}

int ti4_ntiles(void) { return NTILES; }
const ti4_tile *ti4_tile_at(int i) { return i >= 0 && i < NTILES ? &tiles[i] : NULL; }

/* ---- units ------------------------------------------------------------------
 * Source: the unit table of julian94/julian94.github.io TI4/units.md and
 * Bshah11/DataCleaner StructuredData/generic_units_RAG.md (base units, not
 * upgraded); plastic limits per colour from the issue (LRR 23, component
 * limitations). Order: the order of dice in a roll. */
const ti4_unit_def ti4_units[TI4_NUT] = {
	/* tok   name          cost per cmb dice mv cap sus bomb bd afb ad cann cd lim ship gr st */
	{"ws", "war sun", 12, 1, 3, 3, 2, 6, 1, 3, 3, 0, 0, 0, 0, 2, 1, 0, 0},
	{"fs", "flagship", 8, 1, 5, 2, 1, 3, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0},
	{"dn", "dreadnought", 4, 1, 5, 1, 1, 1, 1, 5, 1, 0, 0, 0, 0, 5, 1, 0, 0},
	{"cr", "cruiser", 2, 1, 7, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 8, 1, 0, 0},
	{"cv", "carrier", 3, 1, 9, 1, 1, 4, 0, 0, 0, 0, 0, 0, 0, 4, 1, 0, 0},
	{"dd", "destroyer", 1, 1, 9, 1, 2, 0, 0, 0, 0, 9, 2, 0, 0, 8, 1, 0, 0},
	{"ff", "fighter", 1, 2, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 0, 0},
	{"mech", "mech", 2, 1, 6, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 4, 0, 1, 0},
	{"inf", "infantry", 1, 2, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 0, 1, 0},
	{"pds", "PDS", 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 1, 6, 0, 0, 1},
	{"sd", "space dock", 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 1},
};

const char *const ti4_unit_tokens[] = {"ws", "fs", "dn", "cr", "cv", "dd", "ff", "mech",
	"inf", "pds", "sd", NULL};

/* ---- factions -----------------------------------------------------------------
 * Source: the faction sheets as summarised in Bshah11/DataCleaner
 * StructuredData/factions/ (one page per faction) (home system, commodity value); flagships keep
 * the common 8 / 5x2 / move 1 / capacity 3 except the values listed. */
const ti4_faction_def ti4_factions[TI4_NFACTION] = {
	{"cabal", "The Vuil'raith Cabal", 54, 2, 3, 5, 1},     /* The Terror Between */
	{"letnev", "The Barony of Letnev", 10, 2, 3, 5, 3},   /* Arc Secundus */
	{"sol", "The Federation of Sol", 1, 4, 12, 0, 0},     /* Genesis */
	{"hacan", "The Emirates of Hacan", 16, 6, 3, 0, 0},
	{"nekro", "The Nekro Virus", 8, 3, 3, 0, 0},
	{"yssaril", "The Yssaril Tribes", 15, 3, 3, 0, 0},
	/* Source of the rest: ti4_cards.c (AsyncTI4 data/factions, base and pok, checked). The
	 * Creuss home is tile 51, placed in the home slot (formats/ti4.md). */
	{"arborec", "The Arborec", 5, 3, 5, 0, 0},
	{"creuss", "The Ghosts of Creuss", 51, 4, 3, 0, 0},
	{"jolnar", "The Universities of Jol-Nar", 12, 4, 3, 0, 0},
	{"l1z1x", "The L1Z1X Mindnet", 6, 2, 5, 0, 0},
	{"mentak", "The Mentak Coalition", 2, 2, 3, 0, 0},
	{"muaat", "The Embers of Muaat", 4, 4, 3, 0, 0},
	{"naalu", "The Naalu Collective", 9, 3, 6, 0, 0},
	{"saar", "The Clan of Saar", 11, 3, 3, 0, 0},
	{"sardakk", "Sardakk N'orr", 13, 3, 3, 0, 0},
	{"winnu", "The Winnu", 7, 3, 3, 0, 0},
	{"xxcha", "The Xxcha Kingdom", 14, 4, 3, 0, 0},
	{"yin", "The Yin Brotherhood", 3, 2, 3, 0, 0},
	{"argent", "The Argent Flight", 58, 3, 3, 0, 0},
	{"empyrean", "The Empyrean", 56, 4, 3, 0, 0},
	{"mahact", "The Mahact Gene-Sorcerers", 52, 3, 3, 0, 0},
	{"naazrokha", "The Naaz-Rokha Alliance", 57, 3, 4, 0, 0},
	{"nomad", "The Nomad", 53, 4, 3, 0, 0},
	{"titans", "The Titans of Ul", 55, 2, 3, 0, 0},
};
const char *const ti4_faction_ids[] = {"cabal", "letnev", "sol", "hacan", "nekro", "yssaril",
	"arborec", "creuss", "jolnar", "l1z1x", "mentak", "muaat", "naalu", "saar", "sardakk",
	"winnu", "xxcha", "yin", "argent", "empyrean", "mahact", "naazrokha", "nomad", "titans",
	NULL};
const char *const ti4_faction_tokens[] = {"cabal", "letnev", "sol", "hacan", "nekro",
	"yssaril", NULL};
const char *const ti4_tech_tokens[] = {"vortex", "dimensionaltear2", "warsun", "carrier2",
	"dreadnought2", "cruiser2", "destroyer2", "fighter2", "infantry2", "pds2", "spacedock2",
	NULL};
const char *const ti4_copy_tokens[] = {"devour", "agent", "amalgamation", "riftmeld", NULL};

/* ---- positions ------------------------------------------------------------------ */

int ti4_pos_index(int code)
{
	int r = code / 100, k = code % 100;
	if (code == 0)
		return 0;
	if (r < 1 || r > TI4_RINGS || k < 1 || k > 6 * r)
		return -1;
	return 1 + 3 * r * (r - 1) + k - 1;
}

int ti4_pos_code(int idx)
{
	if (idx <= 0)
		return 0;
	for (int r = 1; r <= TI4_RINGS; r++) {
		int first = 1 + 3 * r * (r - 1);
		if (idx < first + 6 * r)
			return r * 100 + idx - first + 1;
	}
	return -1;
}

/* Ring r starts r steps north of the centre and walks clockwise: r steps
 * SE, then S, SW, NW, N, NE (flat-top directions 2, 3, 4, 5, 0, 1). */
static sl_hex pos_hex_walk(int idx)
{
	int code = ti4_pos_code(idx), r = code / 100, k = code % 100 - 1;
	sl_hex h = sl_hex_make(0, 0);
	if (idx <= 0 || code < 0)
		return h;
	for (int i = 0; i < r; i++)
		h = sl_hex_neighbor(SL_HEX_FLAT, h, 0);
	for (int side = 0; side < 6 && k > 0; side++)
		for (int i = 0; i < r && k > 0; i++, k--)
			h = sl_hex_neighbor(SL_HEX_FLAT, h, (side + 2) % 6);
	return h;
}

/* the walk above for every position, made once (adjacency asks at every move) */
static sl_hex pos_hexes[TI4_NPOS];
static pthread_once_t pos_once = PTHREAD_ONCE_INIT;

static void pos_hexes_make(void)
{
	for (int i = 0; i < TI4_NPOS; i++)
		pos_hexes[i] = pos_hex_walk(i);
}

sl_hex ti4_pos_hex(int idx)
{
	if (idx < 0 || idx >= TI4_NPOS)
		return pos_hex_walk(idx);
	pthread_once(&pos_once, pos_hexes_make);
	return pos_hexes[idx];
}

int ti4_hex_pos(sl_hex h)
{
	for (int i = 0; i < TI4_NPOS; i++) {
		sl_hex g = ti4_pos_hex(i);
		if (g.q == h.q && g.r == h.r)
			return i;
	}
	return -1;
}

/* ---- the TTS / TTPG map string ---------------------------------------------------- */

int ti4_map_parse(const char *s, size_t n, int16_t tiles_out[TI4_NPOS], sl_error *err)
{
	size_t i = 0;
	int pos = 1, centre = 0;
	for (int k = 0; k < TI4_NPOS; k++)
		tiles_out[k] = 0;
	tiles_out[0] = 18;   /* Mecatol Rex unless {id} says otherwise */
	while (i < n) {
		size_t at;
		int v = 0, digits = 0, brace = 0;
		while (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == '\t' || s[i] == '\n'))
			i++;
		if (i >= n)
			break;
		at = i;
		if (s[i] == '{') {
			brace = 1;
			i++;
		}
		if (i < n && s[i] == '-')
			return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: negative tile "
				"ids are not tiles; 0 marks an empty slot", at);
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			if (v < 100000)
				v = v * 10 + (s[i] - '0');
			i++;
			digits++;
		}
		if (brace) {
			if (i >= n || s[i] != '}')
				return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: `{` opens "
					"the centre tile and needs digits then `}`", at);
			i++;
		}
		if (!digits || (i < n && s[i] != ' ' && s[i] != ',' && s[i] != '\t' && s[i] != '\n'))
			return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: `%.*s` is not "
				"a tile id (digits; hyperlanes and rotated tiles are not supported)", at,
				(int)((i < n ? i + 1 : n) - at), s + at);
		if (brace) {
			if (centre || pos != 1)
				return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: only the "
					"first token may be the centre in braces", at);
			centre = 1;
		}
		if (digits > 5)   /* never taken modulo anything: named as typed (issue 30) */
			return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: tile %.*s is not "
				"in the module's tile table (formats/ti4.md lists the tiles it knows)", at,
				(int)(i - at), s + at);
		if (v != 0 && !ti4_tile_find(v))
			return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: tile %d is not "
				"in the module's tile table (formats/ti4.md lists the tiles it knows)", at, v);
		if (brace) {
			tiles_out[0] = (int16_t)v;
			continue;
		}
		if (pos >= TI4_NPOS)
			return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset %zu: more than %d "
				"tiles (rings 1 to %d)", at, TI4_NPOS - 1, TI4_RINGS);
		tiles_out[pos++] = (int16_t)v;
	}
	if (pos == 1)
		return sl_error_set(err, SL_EILLEGAL, "ti4 map string: offset 0: no tiles");
	for (int a = 0; a < pos; a++)
		for (int b = a + 1; b < pos; b++)
			if (tiles_out[a] && tiles_out[a] == tiles_out[b])
				return sl_error_set(err, SL_EILLEGAL, "ti4 map string: tile %d appears twice "
					"(positions %03d and %03d)", tiles_out[a], ti4_pos_code(a), ti4_pos_code(b));
	return pos;
}
