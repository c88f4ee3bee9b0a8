/* ti4.c - Twilight Imperium 4: schema, galaxy helpers (adjacency, wormholes,
 * planets), setup (galaxy, factions, starting units), round and status
 * phase markers, blockades (LRR 14) and the module table. The actions of
 * play are in ti4_act.c. */
#include "ti4_int.h"

#include <string.h>

/* ---- schema ----------------------------------------------------------------- */

#define U(name, help) {name, SL_K_LIST, 0, 0, 0, 64, ti4_unit_tokens, help}
#define UO(name, help) {name, SL_K_LIST, 1, 0, 0, 64, ti4_unit_tokens, help}
#define POS(name, help) {name, SL_K_INT, 0, 0, 418, 0, NULL, help}
#define PLN(name, opt, help) {name, SL_K_ENUM, opt, 0, 0, 0, ti4_planet_tokens, help}
#define WHO(name, opt, help) {name, SL_K_PIECE, opt, 0, 0, 16, NULL, help}
#define DICE(help) {"dice", SL_K_DICE, 0, 0, 10, 64, NULL, help}

static const sl_field_def f_galaxy[] = {
	{"map", SL_K_TEXT, 0, 0, 0, 1024, NULL,
		"TTS/TTPG map string: tile ids from 101 in spiral order, {id} first for the centre, 0 empty"},
};
static const sl_field_def f_faction[] = {
	{"faction", SL_K_ENUM, 0, 0, 0, 0, ti4_faction_tokens, "the faction the player plays"},
	POS("home", "position of its home system (e.g. 301)"),
};
static const sl_field_def f_place[] = {
	U("units", "units taken from reinforcements, e.g. dn,cv,ff,ff,inf"),
	WHO("at", 0, "a position (its space area), e.g. 301, or a planet id, e.g. jord"),
};
static const sl_field_def f_activate[] = { POS("system", "the system activated") };
static const sl_field_def f_move[] = {
	POS("from", "the system the ships leave"),
	U("units", "ships with the fighters and ground forces they transport"),
	{"rift", SL_K_DICE, 1, 0, 10, 64, NULL,
		"through or out of a gravity rift: one die per moving ship in unit order (1-3 destroyed)"},
};
static const sl_field_def f_load[] = {
	PLN("planet", 0, "the planet ground forces leave for the space area"),
	U("units", "ground forces: inf, mech"),
};
static const sl_field_def f_cannon[] = {
	DICE("one die per SPACE CANNON die, in unit order"),
	WHO("target", 1, "the player fired upon (offense, when the active player fires)"),
	PLN("planet", 1, "space cannon defense: the planet whose landed ground forces are fired upon"),
};
static const sl_field_def f_barrage[] = { DICE("one die per ANTI-FIGHTER BARRAGE die") };
static const sl_field_def f_fire[] = {
	DICE("one die per combat die, ships (or ground forces) in unit order"),
	PLN("planet", 1, "ground combat: the planet"),
};
static const sl_field_def f_assign[] = {
	UO("sustain", "units that sustain damage, one hit each"),
	UO("destroy", "units destroyed, one hit each"),
};
static const sl_field_def f_retreat[] = { POS("to", "an adjacent system to retreat to") };
static const sl_field_def f_bombard[] = {
	PLN("planet", 0, "the planet bombarded"),
	DICE("one die per BOMBARDMENT die"),
};
static const sl_field_def f_land[] = {
	PLN("planet", 0, "the planet invaded"),
	U("units", "ground forces from the space area: inf, mech"),
	/* rules version 4 (appended: earlier logs read with the first 2, ti4_schema_v3) */
	{"pay", SL_K_LIST, 1, 0, 0, 16, ti4_planet_tokens,
		"Mecatol Rex: planets exhausted for the custodians token's 6 influence (LRR 27.2)"},
	{"tg", SL_K_INT, 1, 0, 99, 0, NULL, "Mecatol Rex: trade goods spent as influence (LRR 27.2)"},
};
#define NLAND_V3 2
static const sl_field_def f_produce[] = {
	U("units", "units produced"),
	{"pay", SL_K_LIST, 1, 0, 0, 16, ti4_planet_tokens, "planets exhausted for their resources"},
	{"tg", SL_K_INT, 1, 0, 99, 0, NULL, "trade goods spent"},
	UO("amalg", "Amalgamation: produced units paid by returning a captured unit of the type"),
	WHO("owner", 1, "Amalgamation: whose captured ships or mechs are returned"),
	PLN("planet", 1, "the planet ground forces are placed on (a planet with the dock)"),
};
static const sl_field_def f_reclaim[] = {
	{"unit", SL_K_ENUM, 0, 0, 0, 0, ti4_unit_tokens, "the type none of which are in reinforcements"},
	WHO("from", 0, "a system (position) or planet without the player's command token"),
};
static const sl_field_def f_trade[] = {
	WHO("with", 0, "the other player (a neighbour)"),
	{"tg", SL_K_INT, 1, 0, 99, 0, NULL, "trade goods given"},
	{"comm", SL_K_INT, 1, 0, 99, 0, NULL, "commodities given (the other gets trade goods)"},
	{"gettg", SL_K_INT, 1, 0, 99, 0, NULL, "trade goods received"},
	{"getcomm", SL_K_INT, 1, 0, 99, 0, NULL, "commodities received"},
	UO("release", "captured ships or mechs of the other player returned to them"),
	UO("getrelease", "the player's captured units the other returns"),
	{"note", SL_K_TEXT, 1, 0, 0, 64, NULL, "a promissory note changing hands (its name)"},
};
static const sl_field_def f_agent[] = {
	WHO("target", 0, "the player who just replenished commodities"),
	{"unit", SL_K_ENUM, 0, 0, 0, 0, ti4_unit_tokens, "the unit captured from their reinforcements"},
};
static const sl_field_def f_vortex[] = {
	WHO("target", 0, "the other player"),
	{"unit", SL_K_ENUM, 0, 0, 0, 0, ti4_unit_tokens, "the unit type captured from reinforcements"},
	POS("at", "a system adjacent to your space dock holding that player's unit of the type"),
};
static const sl_field_def f_research[] = {
	{"tech", SL_K_ENUM, 0, 0, 0, 0, ti4_tech_tokens, "the technology gained"},
	{"riftmeld", SL_K_ENUM, 1, 0, 0, 0, ti4_unit_tokens, "Riftmeld: the captured unit returned"},
	WHO("owner", 1, "Riftmeld: whose captured unit is returned"),
};
static const sl_field_def f_copy[] = {
	{"ability", SL_K_ENUM, 0, 0, 0, 0, ti4_copy_tokens, "devour (Nekro), agent (Yssaril)"},
};
static const sl_field_def f_eliminate[] = { WHO("who", 0, "the player eliminated (LRR 33)") };
static const sl_field_def f_score[] = {
	{"vp", SL_K_INT, 0, 1, 3, 0, NULL, "victory points gained"},
	{"why", SL_K_TEXT, 1, 0, 0, 80, NULL, "the objective or reason"},
};

/* rules version 2 */
#define CARD(name, opt, help) {name, SL_K_PIECE, opt, 0, 0, 40, NULL, help}
static const sl_field_def f_seat[] = {
	CARD("faction", 0, "the faction (formats/ti4.md: the 24 ids)"),
	POS("home", "the empty home slot (a `0` of the map string) its home system goes into"),
	{"techs", SL_K_TEXT, 1, 0, 0, 200, NULL,
		"Winnu, Argent: the starting technologies chosen, comma-separated"},
};
static const sl_field_def f_pick[] = {
	{"card", SL_K_ENUM, 0, 0, 0, 0, ti4_strategy_tokens, "the strategy card chosen"},
};
static const sl_field_def f_strategic[] = {
	{"card", SL_K_ENUM, 0, 0, 0, 0, ti4_strategy_tokens, "the strategy card"},
	{"part", SL_K_ENUM, 0, 0, 0, 0, ti4_part_tokens, "primary (its holder), secondary, decline"},
	CARD("tech", 1, "Technology: the technology researched"),
	CARD("tech2", 1, "Technology primary: a second technology (6 resources)"),
	{"system", SL_K_INT, 1, 0, 418, 0, NULL, "Diplomacy, Warfare: the system"},
	WHO("speaker", 1, "Politics: the new speaker"),
	CARD("objective", 1, "Imperial: the public objective scored"),
	{"pay", SL_K_LIST, 1, 0, 0, 16, ti4_planet_tokens, "planets exhausted (influence or resources)"},
	/* rules version 3 (appended: a version 2 log reads with the first 8, ti4_schema_v2) */
	UO("units", "Construction: the structures placed (pds, sd), in order"),
	{"at", SL_K_LIST, 1, 0, 0, 4, ti4_planet_tokens, "Construction: the planet of each structure"},
	{"tactic", SL_K_INT, 1, 0, 16, 0, NULL, "Warfare: the tactic pool after redistributing"},
	{"fleet", SL_K_INT, 1, 0, 16, 0, NULL, "Warfare: the fleet pool after redistributing (the strategy pool has the rest)"},
	/* rules version 4 (appended: a version 3 log reads with the first 12, ti4_schema_v3) */
	{"from", SL_K_LIST, 1, 0, 0, 2, ti4_planet_tokens,
		"Construction: with none in reinforcements, the planet each such structure is taken from (LRR 24.4a)"},
};
#define NSTRAT_V2 8
#define NSTRAT_V3 12
static const sl_field_def f_play[] = {
	{"kind", SL_K_ENUM, 0, 0, 0, 0, ti4_kind_tokens, "action (card), component, leader, relic, note"},
	CARD("card", 0, "what is played: an action card id, or the name of the ability"),
	{"note", SL_K_TEXT, 1, 0, 0, 120, NULL, "its target or effect, as declared"},
};
static const sl_field_def f_objective[] = {
	{"do", SL_K_ENUM, 0, 0, 0, 0, ti4_objdo_tokens, "reveal (the speaker) or score"},
	CARD("id", 0, "the objective"),
	{"salt", SL_K_TEXT, 1, 0, 0, 64, NULL, "a secret objective: the salt of its commitment"},
};
static const sl_field_def f_agenda[] = {
	{"do", SL_K_ENUM, 0, 0, 0, 0, ti4_agdo_tokens, "reveal, vote, outcome"},
	CARD("what", 1, "the agenda revealed, or the outcome voted for / resolved (for, against, "
		"a player, a planet...)"),
	{"planets", SL_K_LIST, 1, 0, 0, 16, ti4_planet_tokens, "vote: planets exhausted for influence"},
};
static const sl_field_def f_draw[] = {
	{"deck", SL_K_ENUM, 0, 0, 0, 0, ti4_deck_tokens, "action, secret, explore, relic"},
	{"n", SL_K_INT, 1, 1, 9, 0, NULL, "action cards drawn (1)"},
	{"commit", SL_K_TEXT, 1, 0, 0, 64, NULL, "secret: the commitment of the objective drawn"},
	CARD("card", 1, "explore, relic: the card drawn (public)"),
};

#define NF(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define PL (SL_EV_PLAY | SL_EV_PLAYER)
/* The events; NSTRAT, NLAND: how many of `strategic`'s and `land`'s fields
 * the version knows. */
#define TI4_EVENTS(NSTRAT, NLAND) { \
	{"galaxy", SL_EV_SETUP | SL_EV_NOPLAYER, NF(f_galaxy), f_galaxy, "the galaxy, first of all"}, \
	{"faction", SL_EV_SETUP | SL_EV_PLAYER, NF(f_faction), f_faction, \
		"the player's faction and home system"}, \
	{"place", SL_EV_SETUP | SL_EV_PLAYER, NF(f_place), f_place, "starting units"}, \
	{"activate", PL, NF(f_activate), f_activate, "tactical action: a command token activates a system"}, \
	{"move", PL, NF(f_move), f_move, "movement: ships (and what they transport) into the active system"}, \
	{"load", PL, NF(f_load), f_load, "movement: ground forces leave a planet for a ship"}, \
	{"cannon", PL, NF(f_cannon), f_cannon, "SPACE CANNON: offense after movement or defense on a landing"}, \
	{"barrage", PL, NF(f_barrage), f_barrage, "ANTI-FIGHTER BARRAGE, before the first combat round"}, \
	{"fire", PL, NF(f_fire), f_fire, "a combat roll of the round (space or ground)"}, \
	{"assign", PL, NF(f_assign), f_assign, "hits taken: units sustaining damage and destroyed"}, \
	{"retreat", PL, NF(f_retreat), f_retreat, "a retreat announced, carried out at the end of the round"}, \
	{"bombard", PL, NF(f_bombard), f_bombard, "invasion: BOMBARDMENT of a planet"}, \
	{"land", PL, NLAND, f_land, "invasion: ground forces land on a planet"}, \
	{"produce", PL, NF(f_produce), f_produce, "production at a space dock of the active system"}, \
	{"reclaim", PL, NF(f_reclaim), f_reclaim, \
		"a unit of a type none are left of is taken from the board (LRR 17, commentary 8)"}, \
	{"end", PL, 0, NULL, "the end of the player's turn"}, \
	{"pass", PL, 0, NULL, "the player passes for the rest of the action phase"}, \
	{"trade", PL, NF(f_trade), f_trade, "a transaction with a neighbour (LRR 94)"}, \
	{"replenish", PL, 0, NULL, "commodities replenished to the faction's value"}, \
	{"agent", PL, NF(f_agent), f_agent, "the Cabal agent (The Stillness of Stars) captures"}, \
	{"vortex", PL, NF(f_vortex), f_vortex, "Vortex: capture a unit from reinforcements (action)"}, \
	{"research", PL, NF(f_research), f_research, "a technology gained (Riftmeld may pay)"}, \
	{"copy", PL, NF(f_copy), f_copy, "Nekro or Yssaril copies a Cabal ability"}, \
	{"eliminate", SL_EV_PLAY | SL_EV_NOPLAYER, NF(f_eliminate), f_eliminate, \
		"a player is eliminated (LRR 33)"}, \
	{"score", PL, NF(f_score), f_score, "victory points"}, \
	{"seat", SL_EV_SETUP | SL_EV_PLAYER, NF(f_seat), f_seat, \
		"rules 2: the faction, its home system into its slot, starting units and technologies"}, \
	{"pick", PL, NF(f_pick), f_pick, "strategy phase: a strategy card chosen"}, \
	{"strategic", PL, NSTRAT, f_strategic, \
		"a strategy card's primary (its holder's action) or secondary"}, \
	{"play", PL, NF(f_play), f_play, "an action card, a component action, a leader, relic or note"}, \
	{"objective", SL_EV_PLAYER, NF(f_objective), f_objective, "an objective revealed or scored"}, \
	{"agenda", PL, NF(f_agenda), f_agenda, "agenda phase: reveal, vote, outcome"}, \
	{"draw", SL_EV_PLAYER, NF(f_draw), f_draw, "cards drawn: action cards, a sealed secret, exploration, relic"}, \
}
static const sl_event_def ti4_events[TI4_NEV] = TI4_EVENTS(NF(f_strategic), NF(f_land));
static const sl_event_def ti4_events_v3[TI4_NEV] = TI4_EVENTS(NSTRAT_V3, NLAND_V3);
static const sl_event_def ti4_events_v2[TI4_NEV] = TI4_EVENTS(NSTRAT_V2, NLAND_V3);

static const char *const ti4_phases[] = {"action", "status", "agenda"};

const sl_schema ti4_schema = {
	TI4_NEV, ti4_events, 3, ti4_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};
const sl_schema ti4_schema_v3 = {
	TI4_NEV, ti4_events_v3, 3, ti4_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};
const sl_schema ti4_schema_v2 = {
	TI4_NEV, ti4_events_v2, 3, ti4_phases, {SL_HEX_FLAT, SL_HEX_ODD}
};

/* ---- helpers ------------------------------------------------------------------ */

int ti4_illegal(sl_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sl_error_setv(err, SL_EILLEGAL, fmt, ap);
	va_end(ap);
	return SL_EILLEGAL;
}

const char *ti4_pid(const sl_header *h, int p)
{
	static const char *const num[SL_MAX_PLAYERS] = {"0", "1", "2", "3", "4", "5", "6", "7"};
	if (p < 0)
		return "nobody";
	if (h && p < h->nplayers && h->players[p].id)
		return h->players[p].id;
	return p < SL_MAX_PLAYERS ? num[p] : "?";
}

const ti4_tile *ti4_tile_of(const ti4_state *s, int i)
{
	if (i < 0 || i >= TI4_NPOS || s->tile[i] <= 0)
		return NULL;
	return ti4_tile_find(s->tile[i]);
}

const ti4_planet *ti4_planet_at(const ti4_state *s, int i, int slot)
{
	const ti4_tile *t = ti4_tile_of(s, i);
	if (!t || slot < 1 || slot > t->np)
		return NULL;
	return &t->p[slot - 1];
}

int ti4_planet_find(const ti4_state *s, const char *id, int *slot)
{
	for (int i = 0; i < TI4_NPOS; i++) {
		const ti4_tile *t = ti4_tile_of(s, i);
		for (int k = 0; t && k < t->np; k++)
			if (strcmp(t->p[k].id, id) == 0) {
				*slot = k + 1;
				return i;
			}
	}
	*slot = 0;
	return -1;
}

int ti4_adjacent(const ti4_state *s, int a, int b)
{
	const ti4_tile *ta = ti4_tile_of(s, a), *tb = ti4_tile_of(s, b);
	if (a == b || !ta || !tb)
		return 0;
	if (sl_hex_distance(ti4_pos_hex(a), ti4_pos_hex(b)) == 1)
		return 1;
	return (ta->wormhole & tb->wormhole) != 0;   /* LRR 101: matching wormholes */
}

int ti4_has_dock(const ti4_state *s, int i, int p)
{
	for (int k = 1; k <= 3; k++)
		if (s->u[i][k][p][TI4_SD])
			return k;
	return s->u[i][0][p][TI4_SD] ? TI4_AREAS : 0;   /* version 5: a Floating Factory */
}

int ti4_is_cabal(const ti4_state *s, int p)
{
	return p >= 0 && p < TI4_MAXP && s->pl[p].faction == TI4_F_CABAL;
}

int ti4_plastic(const ti4_state *s, int i, int a, int p, int t)
{
	int n = s->u[i][a][p][t];
	if (t == TI4_FF)
		n -= s->tok[i][a][p][0];
	else if (t == TI4_INF)
		n -= s->tok[i][a][p][1];
	return n;
}

int ti4_ships_in(const ti4_state *s, int i, int p)
{
	int n = 0;
	for (int t = 0; t < TI4_NUT; t++)
		if (ti4_units[t].ship)
			n += s->u[i][0][p][t];
	return n;
}

static int has_units_in(const ti4_state *s, int i, int p)
{
	for (int a = 0; a < TI4_AREAS; a++)
		for (int t = 0; t < TI4_NUT; t++)
			if (s->u[i][a][p][t])
				return 1;
	for (int k = 0; k < 3; k++)
		if (s->ctrl[i][k] == p)
			return 1;
	return 0;
}

/* LRR 60: neighbours have units or planets in the same or adjacent systems. */
int ti4_neighbours(const ti4_state *s, int p, int q)
{
	for (int i = 0; i < TI4_NPOS; i++) {
		if (!has_units_in(s, i, p))
			continue;
		for (int j = 0; j < TI4_NPOS; j++)
			if ((i == j || ti4_adjacent(s, i, j)) && has_units_in(s, j, q))
				return 1;
	}
	return 0;
}

int ti4_dock_blockaded(const ti4_state *s, int i, int p)
{
	if (!ti4_has_dock(s, i, p) || ti4_ships_in(s, i, p))
		return 0;
	if (s->ckind == 1 && s->asys == i)
		return 0;   /* not during an ongoing space combat */
	for (int q = 0; q < s->np; q++)
		if (q != p && ti4_ships_in(s, i, q))
			return 1;
	return 0;
}

int ti4_captured_count(const ti4_state *s, int c)
{
	const uint8_t *b = &s->cap[c][0][0];   /* the sheet's rows, one after the other */
	int n = s->captok[c][0] + s->captok[c][1];
#pragma GCC unroll 66
	for (int k = 0; k < TI4_MAXP * TI4_NUT; k++)   /* the analysis asks at every entry */
		n += b[k];
	return n;
}

int ti4_check_places(const ti4_state *s)
{
	for (int p = 0; p < s->np; p++) {
		if (s->pl[p].faction < 0)
			continue;
		for (int t = 0; t < TI4_NUT; t++) {
			int n = s->reinf[p][t] + s->box[p][t];
			for (int i = 0; i < TI4_NPOS; i++)
				for (int a = 0; a < TI4_AREAS; a++)
					n += ti4_plastic(s, i, a, p, t);
			for (int c = 0; c < TI4_MAXP; c++)
				n += s->cap[c][p][t];
			if (n != ti4_units[t].limit)
				return p * TI4_NUT + t + 1;
		}
	}
	return 0;
}

/* LRR 14, LRR 17.2c (22.2c): recomputed after every change. A player whose
 * dock another player blockades gets back nothing; the blockader gets back
 * at once every ship and mech of theirs the blockaded player holds. */
/* bl[p] bit q: q blockades one of p's docks (ti4_dock_blockaded), each
 * position looked at once: its docks, then who has ships there */
static void blockaders(const ti4_state *s, uint8_t *bl)
{
	/* This runs after every entry (batch's hottest loop): a position without
	 * a system holds no unit (ti4_place_parse, movement: units enter systems
	 * only, and a tile is never taken away), and most systems hold no dock,
	 * which one pass over their dock counts tells */
	for (int i = 0; i < TI4_NPOS; i++) {
		unsigned docks = 0, ships = 0, any = 0;
		if (!s->tile[i])
			continue;
		const uint8_t *sd = &s->u[i][0][0][TI4_SD];   /* every area's and player's, */
#pragma GCC unroll 24
		for (int k = 0; k < TI4_AREAS * TI4_MAXP; k++)   /* a row of TI4_NUT apart */
			any |= sd[k * TI4_NUT];
		if (!any)
			continue;
		for (int p = 0; p < s->np; p++)
			if (ti4_has_dock(s, i, p))
				docks |= 1u << p;
		if (!docks || (s->ckind == 1 && s->asys == i))
			continue;   /* no blockade during an ongoing space combat */
		for (int q = 0; q < s->np; q++)
			if (ti4_ships_in(s, i, q))
				ships |= 1u << q;
		for (int p = 0; p < s->np; p++)
			if ((docks >> p & 1) && !(ships >> p & 1))
				bl[p] |= (uint8_t)(ships & ~(1u << p));
	}
}

void ti4_update_blockades(ti4_state *s, const sl_header *h, sl_buf *desc)
{
	uint8_t bl[TI4_MAXP] = {0};
	ti4_v5_factories_blockaded(s, h, desc);   /* version 5: LRR 79.4a */
	blockaders(s, bl);
	for (int p = 0; p < s->np; p++) {
		uint8_t b = bl[p];
		for (int q = 0; q < s->np; q++) {
			int n = 0;
			if (!(b >> q & 1) || s->pl[q].eliminated)
				continue;
			for (int t = 0; t < TI4_NUT; t++) {
				if (t == TI4_FF || t == TI4_INF)
					continue;   /* 17.3c: tokens never come back by a blockade */
				n += s->cap[p][q][t];
				s->reinf[q][t] += s->cap[p][q][t];
				s->cap[p][q][t] = 0;
			}
			if (n && desc)
				sl_buf_printf(desc, "; %s blockades a space dock of %s: %d captured unit%s "
					"return%s to %s's reinforcements (LRR 17.2c (22.2c))", ti4_pid(h, q),
					ti4_pid(h, p), n, n == 1 ? "" : "s", n == 1 ? "s" : "", ti4_pid(h, q));
		}
		if (desc && (b & ~s->blk[p]))
			for (int q = 0; q < s->np; q++)
				if ((b & ~s->blk[p]) >> q & 1)
					sl_buf_printf(desc, "; %s now blockades %s (LRR 14)", ti4_pid(h, q),
						ti4_pid(h, p));
		s->blk[p] = b;
	}
}

/* ---- setup ------------------------------------------------------------------------ */

static int ev_galaxy(ti4_state *s, const sl_event *ev, sl_buf *desc, sl_error *err)
{
	int n, tiles = 0;
	if (s->galaxy)
		return ti4_illegal(err, "ti4 setup: the galaxy is already given");
	n = ti4_map_parse(ev->f[0].p, ev->f[0].n, s->tile, err);
	if (n < 0)
		return n;
	for (int i = 0; i < TI4_NPOS; i++)
		tiles += s->tile[i] > 0;
	s->galaxy = 1;
	s->r.npos_map = (uint8_t)n;
	if (desc)
		sl_buf_printf(desc, "The galaxy: %d systems around tile %d at 000, out to ring %d",
			tiles, s->tile[0], ti4_pos_code(n - 1) / 100);
	return 0;
}

static int ev_faction(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, f = ev->f[0].u.i, i = ti4_pos_index(ev->f[1].u.i);
	const ti4_tile *t;
	if (s->r.on && i >= 0 && i < s->r.npos_map && s->tile[i] == 0)
		for (int q = 0; q < TI4_MAXP; q++)
			if (s->pl[q].faction == f)
				return ti4_illegal(err, "ti4 setup: %s is already played by %s",
					ti4_factions[f].name, ti4_pid(h, q));
	if (!s->galaxy)
		return ti4_illegal(err, "ti4 setup: the galaxy comes before the factions");
	if (p >= TI4_MAXP)
		return ti4_illegal(err, "ti4 setup: at most %d players", TI4_MAXP);
	if (s->pl[p].faction >= 0)
		return ti4_illegal(err, "ti4 setup: %s already plays %s", ti4_pid(h, p),
			ti4_factions[s->pl[p].faction].name);
	for (int q = 0; q < TI4_MAXP; q++)
		if (s->pl[q].faction == f)
			return ti4_illegal(err, "ti4 setup: %s is already played by %s",
				ti4_factions[f].name, ti4_pid(h, q));
	if (s->r.on && i >= 0 && i < s->r.npos_map && s->tile[i] == 0)
		s->tile[i] = (int16_t)ti4_factions[f].home_tile;   /* rules 2: the home into its slot */
	t = i >= 0 ? ti4_tile_of(s, i) : NULL;
	if (!t || t->id != ti4_factions[f].home_tile)
		return ti4_illegal(err, "ti4 setup: the home system of %s is tile %d; position %03d "
			"holds %s", ti4_factions[f].name, ti4_factions[f].home_tile, ev->f[1].u.i,
			t ? "another tile" : "no tile");
	s->pl[p].faction = (int8_t)f;
	s->pl[p].home = (int8_t)i;
	s->pl[p].tactic = 3;   /* LRR setup: 3 tactic, 3 fleet, 2 strategy */
	s->pl[p].fleet = 3;
	s->pl[p].strategy = 2;
	s->pl[p].agent_ready = 1;
	for (int u = 0; u < TI4_NUT; u++)
		s->reinf[p][u] = ti4_units[u].limit;
	for (int k = 0; k < t->np; k++)
		s->ctrl[i][k] = (int8_t)p;
	if (desc)
		sl_buf_printf(desc, "%s plays %s, home system tile %d at %03d", ti4_pid(h, p),
			ti4_factions[f].name, t->id, ev->f[1].u.i);
	return 0;
}

int ti4_place_parse(const ti4_state *s, const sl_value *v, int *pos, int *area)
{
	const char *p = v->p;
	int digits = 1, code = 0;
	for (int k = 0; k < v->n; k++)
		if (p[k] < '0' || p[k] > '9')
			digits = 0;
		else if (code <= 99999)
			code = code * 10 + p[k] - '0';
		else
			code = 1000000;   /* no position: never taken modulo 2^32 (issue 30) */
	if (digits && v->n) {
		*pos = ti4_pos_index(code);
		*area = 0;
		return *pos >= 0 && ti4_tile_of(s, *pos) ? 0 : -1;
	}
	*pos = ti4_planet_find(s, p, area);
	return *pos >= 0 ? 0 : -1;
}

static int ev_place(ti4_state *s, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	int p = ev->player, i, a, cnt[TI4_NUT] = {0};
	const uint8_t *l = ev->f[0].p;
	if (p >= TI4_MAXP || s->pl[p].faction < 0)
		return ti4_illegal(err, "ti4 setup: %s has no faction yet", ti4_pid(h, p));
	if (ti4_place_parse(s, &ev->f[1], &i, &a))
		return ti4_illegal(err, "ti4 setup: `%s` is neither a position of the galaxy nor a "
			"planet on it", (const char *)ev->f[1].p);
	for (int k = 0; k < ev->f[0].n; k++)
		cnt[l[k]]++;
	if (a > 0 && s->ctrl[i][a - 1] >= 0 && s->ctrl[i][a - 1] != p)
		return ti4_illegal(err, "ti4 setup: %s is controlled by %s; units are placed on the "
			"player's own planets or on free ones", (const char *)ev->f[1].p,
			ti4_pid(h, s->ctrl[i][a - 1]));
	for (int t = 0; t < TI4_NUT; t++) {
		if (!cnt[t])
			continue;
		if (a > 0 && ti4_v5_factory(s, p, t))
			return ti4_illegal(err, "ti4 LRR 79.4a: the Floating Factory is placed in a space "
				"area, not on a planet");
		if (a == 0 && !ti4_units[t].ship && !ti4_units[t].ground && !ti4_v5_factory(s, p, t))
			return ti4_illegal(err, "ti4 setup: a %s stands on a planet, not in space",
				ti4_units[t].name);
		if (a > 0 && ti4_units[t].ship)
			return ti4_illegal(err, "ti4 setup: a %s is a ship; ships are placed in the "
				"space area", ti4_units[t].name);
		if (cnt[t] > s->reinf[p][t])
			return ti4_illegal(err, "ti4 LRR 23: %s has %d %s left in reinforcements, not %d",
				ti4_pid(h, p), s->reinf[p][t], ti4_units[t].name, cnt[t]);
		s->reinf[p][t] -= (uint8_t)cnt[t];
		s->u[i][a][p][t] += (uint8_t)cnt[t];
	}
	if (a > 0 && s->ctrl[i][a - 1] < 0)
		s->ctrl[i][a - 1] = (int8_t)p;
	if (desc)
		sl_buf_printf(desc, "%s places %d unit%s at %s", ti4_pid(h, p), ev->f[0].n,
			ev->f[0].n == 1 ? "" : "s", (const char *)ev->f[1].p);
	return 0;
}

/* ---- apply and mark ----------------------------------------------------------------- */

int ti4_apply_in(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	ti4_state *s = st;
	const sl_event_def *d;
	int rc, repl = -1;
	if (ev->entry != SL_ENTRY_EVENT)
		return ti4_illegal(err, "ti4: a turn or phase marker is not an event");
	if (ev->type >= TI4_NEV)
		return ti4_illegal(err, "ti4: unknown event type %u", ev->type);
	d = &ti4_events[ev->type];
	for (int i = 0; i < d->nfields; i++)
		if (!d->fields[i].optional && !ev->f[i].present)
			return ti4_illegal(err, "ti4: %s needs %s=", d->name, d->fields[i].name);
	if (s->r.on && s->r.winner >= 0)
		return ti4_illegal(err, "ti4 LRR 98: the game is over: %s won", ti4_pid(h, s->r.winner));
	if (d->flags & SL_EV_SETUP) {
		if (s->turn > 0)
			return ti4_illegal(err, "ti4 setup: %s comes before round 1", d->name);
	} else if (s->turn == 0 && !(s->r.on && (ev->type == TI4_EV_DRAW
		|| (ev->type == TI4_EV_OBJECTIVE && ev->f[0].u.i == 0)))) {
		return ti4_illegal(err, "ti4: %s comes after `turn 1` (round 1)", d->name);
	}
	if ((d->flags & SL_EV_NOPLAYER) && ev->player >= 0)
		return ti4_illegal(err, "ti4: %s is nobody's action; name no player", d->name);
	if ((d->flags & SL_EV_PLAYER) && ev->player < 0)
		return ti4_illegal(err, "ti4: %s needs the acting player (\"id: %s ...\")", d->name,
			d->name);
	if (ev->player >= TI4_MAXP)
		return ti4_illegal(err, "ti4: at most %d players", TI4_MAXP);
	for (int p = 0; p < TI4_MAXP; p++)
		if (s->pl[p].replenished)
			repl = p;
	switch (ev->type) {
	case TI4_EV_GALAXY: rc = ev_galaxy(s, ev, desc, err); break;
	case TI4_EV_FACTION: rc = ev_faction(s, h, ev, desc, err); break;
	case TI4_EV_PLACE: rc = ev_place(s, h, ev, desc, err); break;
	case TI4_EV_SEAT: rc = ti4_round_event(s, h, ev, desc, err); break;
	default:
		if (ev->player >= 0 && s->pl[ev->player].faction < 0)
			return ti4_illegal(err, "ti4: %s has no faction", ti4_pid(h, ev->player));
		if (ev->player >= 0 && s->pl[ev->player].eliminated)
			return ti4_illegal(err, "ti4 LRR 33: %s is eliminated", ti4_pid(h, ev->player));
		rc = ev->type >= TI4_EV_SEAT ? ti4_round_event(s, h, ev, desc, err)
			: ti4_play(s, h, ev, desc, err);
		break;
	}
	if (rc)
		return rc;
	/* the Cabal agent answers a replenishment at once: the window closes */
	if (repl >= 0 && ev->type != TI4_EV_REPLENISH && ev->type != TI4_EV_AGENT)
		s->pl[repl].replenished = 0;
	ti4_update_blockades(s, h, desc);
	ti4_round_after(s, h, desc);
	ti4_v3_after(s, ev);
	return 0;
}

int ti4_mark_in(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	ti4_state *s = st;
	int rc;
	if (phase < 1 || phase > (s->r.on ? 3 : 2))
		return ti4_illegal(err, "ti4: a round has phases 1 (action) and 2 (status)%s, not %d",
			s->r.on ? " and 3 (agenda)" : "", phase);
	if (s->r.on && s->r.winner >= 0)
		return ti4_illegal(err, "ti4 LRR 98: the game is over: %s won", ti4_pid(h, s->r.winner));
	if (phase == 3) {
		if ((rc = ti4_round_mark(s, h, turn, phase, err)))
			return rc;
		s->phase = 3;
		return 0;
	}
	if (phase == 1 && turn == s->turn && s->phase == 1)
		return 0;
	if (s->turnp >= 0)
		return ti4_illegal(err, "ti4 LRR 3: %s's turn is not over (`end`)", ti4_pid(h, s->turnp));
	if (phase == 1) {
		if (turn != s->turn + 1)
			return ti4_illegal(err, "ti4: round %d cannot follow round %d", turn, s->turn);
		if (turn == 1) {
			int np = h ? h->nplayers : 0;
			if (!s->galaxy)
				return ti4_illegal(err, "ti4 setup: no galaxy; `galaxy map=...` comes first");
			if (np < 2 || np > TI4_MAXP)
				return ti4_illegal(err, "ti4: 2 to %d players, not %d", TI4_MAXP, np);
			for (int p = 0; p < np; p++)
				if (s->pl[p].faction < 0)
					return ti4_illegal(err, "ti4 setup: %s has no faction", ti4_pid(h, p));
			s->np = np;
		} else if (s->phase != 2 && s->phase != 3) {
			return ti4_illegal(err, "ti4 LRR 81: the status phase (phase 2) ends round %d",
				s->turn);
		}
		if ((rc = ti4_round_mark(s, h, turn, phase, err)))
			return rc;
		s->turn = turn;
		s->phase = 1;
		return 0;
	}
	if (s->turn == 0 || turn != s->turn || s->phase != 1)
		return ti4_illegal(err, "ti4: phase %d of round %d, but the game is in round %d "
			"phase %d", phase, turn, s->turn, s->phase);
	for (int p = 0; p < s->np; p++)
		if (!s->pl[p].passed && !s->pl[p].eliminated)
			return ti4_illegal(err, "ti4 LRR 3.3: the action phase ends when every player "
				"has passed; %s has not", ti4_pid(h, p));
	if ((rc = ti4_round_mark(s, h, turn, phase, err)))
		return rc;
	/* LRR 81, status phase: tokens back from the board, 2 gained, planets and
	 * cards readied, damage repaired. */
	s->phase = 2;
	memset(s->cmd, 0, sizeof s->cmd);
	memset(s->exh, 0, sizeof s->exh);
	memset(s->dmg, 0, sizeof s->dmg);
	for (int p = 0; p < s->np; p++) {
		ti4_player *pl = &s->pl[p];
		if (pl->eliminated)
			continue;
		pl->tactic = (uint8_t)(pl->tactic + 2 > 16 ? 16 : pl->tactic + 2);
		pl->passed = 0;
		pl->agent_ready = ti4_is_cabal(s, p) || (pl->copies >> TI4_C_AGENT & 1);
		pl->vortex_ready = pl->techs >> TI4_T_VORTEX & 1;
	}
	s->last = -1;
	return 0;
}

/* ---- the module table ---------------------------------------------------------------- */

static int ti4_init(void **out, const sl_header *h, sl_error *err)
{
	ti4_state *s = sl_calloc(1, sizeof *s);
	(void)h;
	*out = NULL;
	if (!s)
		return sl_error_set(err, SL_ENOMEM, "ti4: out of memory");
	for (int p = 0; p < TI4_MAXP; p++) {
		s->pl[p].faction = -1;
		s->retreat[p] = -1;
		s->pend_area[p] = -1;
	}
	memset(s->ctrl, -1, sizeof s->ctrl);
	ti4_round_init(s, h);
	ti4_v3_init(s, h);
	s->turnp = -1;
	s->asys = -1;
	s->att = s->def = -1;
	s->last = -1;
	*out = s;
	return 0;
}

static int ti4_apply(void *st, const sl_header *h, const sl_event *ev, sl_buf *desc,
	sl_error *err)
{
	return sl_flat_apply(st, sizeof(ti4_state), ti4_apply_in, h, ev, desc, err);
}

static int mark_and_blockades(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	int rc = ti4_mark_in(st, h, turn, phase, err);
	if (rc == 0) {
		ti4_update_blockades(st, h, NULL);
		ti4_round_after(st, h, NULL);
	}
	return rc;
}

static int ti4_mark(void *st, const sl_header *h, int turn, int phase, sl_error *err)
{
	return sl_flat_mark(st, sizeof(ti4_state), mark_and_blockades, h, turn, phase, err);
}

static void ti4_position(const void *st, int *turn, int *phase)
{
	const ti4_state *s = st;
	*turn = s->turn;
	*phase = s->phase;
}

/* Rules versions 1 (tactical play only), 2 (the whole round) and 3 replay
 * as they were recorded: the module branches on the header's version
 * (ti4_round_init, ti4_v3_init). */
static int ti4_compat(int recorded)
{
	return recorded >= 1 && recorded <= 4 ? SL_COMPAT_SAME : SL_COMPAT_NO;
}

#define TI4_GAME(version, schema) { \
	SL_GAME_API, \
	"ti4", \
	"Twilight Imperium 4: tactical actions on a real galaxy, blockades, capture (LRR 17)", \
	version, \
	schema, \
	ti4_compat, \
	ti4_init, \
	sl_free, \
	ti4_apply, \
	ti4_mark, \
	ti4_serialize, \
	ti4_restore, \
	ti4_summary, \
	ti4_summary_json, \
	ti4_help, \
	ti4_generate, \
	ti4_position, \
	&ti4_model,   /* .silb: schema coding 2 (version 0 archives: the generic coding) */ \
	ti4_result,   /* rules version 2 on: the first to the goal in victory points */ \
	NULL,   /* chances: every ti4 die is rolled at the table */ \
	NULL,   /* veil: nothing hidden but what commitments seal */ \
}
const sl_game sl_game_ti4 = TI4_GAME(TI4_RULES_VERSION, &ti4_schema);
/* Logs of versions 1 to 3 are read with the schema they were written with
 * (sl_game_find_version): `strategic` without version 3's and 4's fields,
 * `land` without version 4's, so their binary form decodes as it did. */
const sl_game sl_game_ti4_v1 = TI4_GAME(1, &ti4_schema_v2);
const sl_game sl_game_ti4_v2 = TI4_GAME(2, &ti4_schema_v2);
const sl_game sl_game_ti4_v3 = TI4_GAME(3, &ti4_schema_v3);
