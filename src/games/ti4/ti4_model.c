/* ti4_model.c - the model of ti4's .silb archives (sl_game.h, sl_model;
 * formats/ti4.md, "The model of .silb archives").
 *
 * A TI4 round repeats its shape: every player picks a strategy card, each
 * card's primary is followed by every other player's secondary or decline
 * in seat order, the same card named again and again. Schema coding 2
 * (sl_mcs_generic2) learns that: the type under the type before, the
 * player under the player before, a card that repeats the previous event's
 * first piece as one flag, each field's recent values, the secret
 * objectives' commitments and salts as their bytes. State checks are
 * predicted from the state by every model.
 *
 * Version 2 codes a sealed secret objective by what opens it: a finished
 * log holds the score (the objective and the 16 bytes of salt) later in the
 * same segment, and the commitment is BLAKE2b of them (formats/commit.md),
 * so the encoder, looking to the segment's end (sl_model.ahead 2), codes
 * the objective and the salt at the draw and the decoder computes the 32
 * bytes of the commitment; the score is then one flag and which of the
 * player's opened draws it is. A draw that nothing in its segment opens
 * keeps its 32 bytes. Such a draw is never coded against the reference
 * setup of an archive of many games (sl_model.no_ref): its commitment is
 * the model's. Segments of version 1 decode as they were written (generic2
 * for every event), and version 0 ones generically (sl_mcs_use_version).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "core/sl_mc.h"
#include "ti4_int.h"

#define TI4_MODEL_VERSION 2
#define T4_DOMAIN "ti4-secret"

/* The vocabulary of version 1 (sl_model.words): the ids of the strategy
 * cards, factions, technologies, objectives, agendas, action cards, relics,
 * exploration cards and unit kinds of ti4_cards.c and ti4_data.c as they
 * were when version 1 was made, frozen: a word's index is in the archives
 * (tests/unit/test_silb.c checks the list's hash). 401 words. */
static const char *const ti4_words_v1[] = {
	"leadership", "diplomacy", "politics", "construction", "trade", "warfare", "technology",
	"imperial", "cabal", "letnev", "sol", "hacan", "nekro", "yssaril", "arborec", "creuss",
	"jolnar", "l1z1x", "mentak", "muaat", "naalu", "saar", "sardakk", "winnu", "xxcha", "yin",
	"argent", "empyrean", "mahact", "naazrokha", "nomad", "titans", "vortex", "dimensionaltear2",
	"warsun", "carrier2", "dreadnought2", "cruiser2", "destroyer2", "fighter2", "infantry2",
	"pds2", "spacedock2", "neuralmotivator", "psychoarchaeology", "dacxiveanimators", "biostims",
	"hypermetabolism", "x89bacterialweapon", "antimassdeflectors", "darkenergytap",
	"gravitydrive", "slingrelay", "fleetlogistics", "lightwavedeflector", "plasmascoring",
	"aidevelopmentalgorithm", "magendefensegrid", "selfassemblyroutines", "duraniumarmor",
	"assaultcannon", "sarweentools", "scanlinkdronenetwork", "gravitonlasersystem",
	"predictiveintelligence", "transitdiodes", "integratedeconomy", "bioplasmosis",
	"letaniwarrior2", "dimensionalsplicer", "wormholegenerator", "quantumdatahubnode",
	"productionbiomes", "eressiphons", "spatialconduitcylinder", "inheritancesystems",
	"superdreadnought2", "l4disruptors", "noneuclideanshielding", "mirrorcomputing",
	"salvageoperations", "magmusreactor", "prototypewarsun2", "neuroglaive",
	"hybridcrystalfighter2", "valefarassimilatorx", "valefarassimilatory", "chaosmapping",
	"floatingfactory2", "valkyrieparticleweave", "exotrireme2", "specops2", "advancedcarrier2",
	"lazaxgatefolding", "hegemonictradepolicy", "instincttraining", "nullificationfield",
	"yinspinner", "impulsecore", "transparasteelplating", "mageonimplants", "aeriehololattice",
	"strikewingalpha2", "voidwatch", "aetherstream", "geneticrecombination",
	"crimsonlegionnaire2", "prefabarcologies", "supercharge", "temporalcommandsuite", "memoria2",
	"heltitan2", "saturnengine2", "cornerthemarket", "developweaponry", "diversifyresearch",
	"erectamonument", "expandborders", "foundresearchoutposts", "intimidatecouncil",
	"leadfromthefront", "negotiatetraderoutes", "swaythecouncil", "amasswealth", "builddefenses",
	"discoverlostoutposts", "engineeramarvel", "exploredeepspace", "improveinfrastructure",
	"makehistory", "populatetheouterrim", "pushboundaries", "raiseafleet",
	"centralizegalactictrade", "conquertheweak", "formgalacticbraintrust", "foundagoldenage",
	"galvanizethepeople", "manipulategalacticlaw", "masterthesciences", "revolutionizewarfare",
	"subduethegalaxy", "unifythecolonies", "achievesupremacy", "becomealegend", "commandanarmada",
	"constructmassivecities", "controltheborderlands", "holdvastreserves",
	"patrolvastterritories", "protecttheborder", "reclaimancientmonuments", "ruledistantlands",
	"adaptnewstrategies", "becomethegatekeeper", "controltheregion", "cutsupplylines",
	"destroytheirgreatestship", "establishaperimeter", "forgeanalliance", "formaspynetwork",
	"fuelthewarmachine", "gatheramightyfleet", "learnthesecretsofthecosmos",
	"makeanexampleoftheirworld", "masterthelawsofphysics", "minerareminerals",
	"monopolizeproduction", "occupytheseatoftheempire", "sparkarebellion", "threatenenemies",
	"turntheirfleetstodust", "unveilflagship", "becomeamartyr", "betrayafriend", "bravethevoid",
	"darkentheskies", "defyspaceandtime", "demonstrateyourpower", "destroyhereticalworks",
	"dictatepolicy", "drivethedebate", "establishhegemony", "fightwithprecision",
	"fostercohesion", "hoardrawmaterials", "mechanizethemilitary", "occupythefringe",
	"produceenmasse", "proveendurance", "seizeanicon", "stakeyourclaim", "strengthenbonds",
	"antiintellectualrevolution", "classifieddocumentleaks", "committeeformation",
	"conventionsofwar", "demilitarizedzone", "enforcedtravelban", "executivesanctions",
	"fleetregulations", "holyplanetofixth", "homelanddefenseact", "imperialarbiter",
	"ministerofcommerce", "ministerofexploration", "ministerofindustry", "ministerofpeace",
	"ministerofpolicy", "ministerofsciences", "ministerofwar", "prophecyofixth",
	"publicizeweaponschematics", "regulatedconscription", "representativegovernment",
	"researchteambiotic", "researchteamcybernetic", "researchteampropulsion",
	"researchteamwarfare", "senatesanctuary", "shardofthethrone", "sharedresearch",
	"terraforminginitiative", "thecrownofemphidia", "thecrownofthalnos", "wormholereconstruction",
	"archivedsecret", "armsreduction", "colonialredistribution", "compensateddisarmament",
	"coremining", "economicequality", "incentiveprogram", "ixthianartifact",
	"judicialabolishment", "miscountdisclosed", "mutiny", "newconstitution", "publicexecution",
	"seedofanempire", "swordstoplowshares", "unconventionalmeasures", "wormholeresearch",
	"articlesofwar", "checksandbalances", "nexussovereignty", "politicalcensure", "searchwarrant",
	"armedforcesstandardization", "clandestineoperations", "covertlegislation",
	"galacticcrisispact", "ministerofantiquities", "rearmamentagreement",
	"researchgrantreallocation", "ancientburialsites", "assassinaterepresentative", "bribery",
	"bunker", "confusinglegaltext", "constructionrider", "courageoustotheend", "crippledefenses",
	"diplomacyrider", "directhit", "disable", "distinguishedcouncilor", "economicinitiative",
	"emergencyrepairs", "experimentalbattlestation", "fighterprototype", "fireteam", "flankspeed",
	"focusedresearch", "frontlinedeployment", "ghostship", "imperialrider", "inthesilenceofspace",
	"industrialinitiative", "infiltrate", "insubordination", "intercept", "leadershiprider",
	"loststarchart", "luckyshot", "maneuveringjets", "mininginitiative", "moraleboost", "parley",
	"plague", "politicalstability", "politicsrider", "publicdisgrace", "reactormeltdown",
	"reparations", "repeallaw", "riseofamessiah", "sabotage", "salvage", "shieldsholding",
	"signaljamming", "skilledretreat", "spy", "summit", "tacticalretreat", "technologyrider",
	"traderider", "unexpectedaction", "unstableplanet", "upgrade", "uprising", "veto",
	"wareffort", "warfarerider", "archaeologicalexpedition", "confoundinglegaltext", "coupdetat",
	"deadlyplot", "decoyoperation", "diplomaticpressure", "divertfunding", "explorationprobe",
	"manipulateinvestments", "navsuite", "refittroops", "revealprototype", "reverseengineer",
	"rout", "scuttle", "seizeartifact", "crashlanding", "ghostsquad", "harnessenergy",
	"impersonation", "insiderinformation", "masterplan", "plagiarize", "rally",
	"reflectiveshielding", "sideproject", "solarflare", "waylay", "blitz", "counterstroke",
	"fighterconscription", "forwardsupplybase", "hackelection", "sanction", "scramblefrequency",
	"warmachine", "dominusorb", "dynamiscore", "jrxs455o", "mawofworlds", "thenanoforge",
	"scepterofemelpar", "stellarconverter", "thecodex", "theobsidian", "theprophetstears",
	"culturalrelicfragment", "dysonsphere", "freelancers", "gammawormhole", "mercenaryoutfit",
	"paradiseworld", "tombofemphidia", "industrialrelicfragment", "abandonedwarehouses",
	"bioticresearchfacility", "cyberneticresearchfacility", "functioningbase", "localfabricators",
	"propulsionresearchfacility", "hazardousrelicfragment", "coremine", "expeditionaryforces",
	"lazaxsurvivors", "miningworld", "richmineraldeposits", "volatilefuelsource",
	"warfareresearchfacility", "derelictvessel", "enigmaticdevice", "gammarelay", "ionstorm",
	"lostcrew", "merchantstation", "mirage", "unknownrelicfragment", "ws", "fs", "dn", "cr", "cv",
	"dd", "ff", "mech", "inf", "pds", "sd", NULL
};

/* A sealed draw coded by its score: the objective and the salt. */
typedef struct t4_sec {
	char id[64];
	char salt[2 * SL_SALT_BYTES + 1];
} t4_sec;

/* What the rules' state says of the next event: the class of the moment
 * (t4_class) and the player the rules expect. */
#define T4_NCLS 12
#define T4_NT 32                 /* event types: 5 bits */
#define T4_NLIKELY 7             /* likely types of a moment, at most */

typedef struct t4_mctx {
	/* the position's part, first (sl_model.ctx_fresh): the draws coded by
	 * their scores and not yet scored; the type and player of the event
	 * before (+ 1, 0 none) */
	uint8_t nsec[TI4_MAXP];
	t4_sec sec[TI4_MAXP][TI4_NSEC];
	uint8_t prev_type, prev_player;
	uint8_t v2;              /* an event of this segment was coded by version 2 */
	/* what is learnt */
	sl_mc_freq types[T4_NCLS][T4_NLIKELY + 1];   /* [moment][the type before]: a likely type */
	sl_mc_cnt pl_want[T4_NCLS];   /* the player the rules expect */
	sl_mc_cnt pl_prev[T4_NCLS];   /* else the player of the event before */
	sl_mc_cnt card_open;     /* a secondary's card: the one open */
	sl_mc_cnt card_ready;    /* a primary's card: one of the player's ready ones */
	sl_mc_cnt pick_free;     /* a pick: a card nobody holds */
	sl_mc_freq cards[2];     /* [0] a primary's card, [1] a pick */
	sl_mc_freq part[2][8];   /* [secondary open][card] */
	sl_mc_cnt spres[8][3][SL_MAX_FIELDS];   /* a strategic field's presence, per card and part */
	sl_mc_cnt opres[T4_NT][SL_MAX_FIELDS];  /* any other field's, per type */
	sl_mc_cnt pay_in;        /* a payment among the ready planets */
	sl_mc_bit pay_n[SL_MC_UINT_PROBS];
	sl_mc_cnt at_in;         /* Construction's planets among the player's */
	sl_mc_bit at_n[SL_MC_UINT_PROBS];
	sl_mc_cnt sys2_in[2];    /* [Warfare]: Diplomacy's, Warfare's system among the likely ones */
	sl_mc_cnt speaker_in;    /* Politics: the new speaker, another player */
	sl_mc_cnt planet_in[2];  /* [land]: a planet among the likely ones */
	sl_mc_cnt obj_in[2];     /* [score]: an objective among the likely ones */
	sl_mc_cnt sys_in[2];     /* [0] activate, [1] move: among the likely systems */
	sl_mc_cnt stack;         /* a move of the whole stack */
	sl_mc_cnt opened;        /* a sealed draw coded by its score */
	sl_mc_cnt opens;         /* a score that opens one of them */
	sl_mc_cnt commit_here;   /* a draw's commit= present, coded as it is */
	sl_mc_cnt salt_here;     /* a score's salt= present, coded as it is */
} t4_mctx;

static int str_is(const sl_value *v, const char *s)
{
	return v->present && v->p && strlen(s) == v->n && memcmp(v->p, s, v->n) == 0;
}

static int val_set(sl_mcs *s, sl_value *v, const char *p)
{
	char *d = sl_arena_strndup(sl_mcs_arena(s), p, strlen(p));
	if (!d)
		return sl_mcs_fail(s, "out of memory");
	*v = (sl_value){.present = 1, .n = (uint16_t)strlen(d), .p = d};
	return SL_OK;
}

/* 1 when commit c (64 lower-case hex digits) is of objective id and salt. */
static int opens(const sl_value *c, const sl_value *id, const sl_value *salt)
{
	uint8_t sb[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
	char hex[2 * SL_COMMIT_BYTES + 1];
	if (!c->present || !id->present || !salt->present || !c->p || !id->p || !salt->p ||
	    c->n != 2 * SL_COMMIT_BYTES || id->n < 1 || id->n >= sizeof ((t4_sec *)0)->id ||
	    salt->n != 2 * SL_SALT_BYTES ||
	    sl_hexstr_decode(sb, SL_SALT_BYTES, salt->p, salt->n) != SL_OK ||
	    sl_commit(cm, T4_DOMAIN, sb, id->p, id->n) != SL_OK)
		return 0;
	sl_hexstr_encode(hex, cm, SL_COMMIT_BYTES);
	return str_is(c, hex);
}

/* Encoder: the score ahead, in the segment, that opens the sealed draw ev. */
static const sl_event *score_ahead(sl_mcs *s, const sl_event *ev)
{
	size_t n;
	const sl_event *next = sl_mcs_ahead(s, &n);
	for (size_t i = 0; i < n; i++) {
		const sl_event *r = &next[i];
		if (r->entry == SL_ENTRY_EVENT && r->type == TI4_EV_OBJECTIVE &&
		    r->player == ev->player && r->f[0].present && r->f[0].u.i == 1 &&
		    opens(&ev->f[2], &r->f[1], &r->f[2]))
			return r;
	}
	return NULL;
}

static int code_draw(sl_mcs *s, t4_mctx *m, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, full;
	const sl_event *r = NULL;
	sl_value id = {0}, salt = {0};
	t4_sec *q;
	if (sl_mcs_fields2_under(s, ev, 1u << 2, m->opres[ev->type % T4_NT]))
		return -1;
	if (ev->f[0].u.i != TI4_DECK_SECRET || p < 0 || p >= TI4_MAXP) {
		if (sl_mc_flag(c, &m->commit_here, ev->f[2].present))
			return sl_mcs_value2(s, TI4_EV_DRAW, 2, &ev->f[2]) ? -1 : SL_OK;
		return SL_OK;
	}
	full = m->nsec[p] >= TI4_NSEC;
	if (!dec && !full)
		r = score_ahead(s, ev);
	if (!sl_mc_flag(c, &m->opened, r != NULL)) {
		if (sl_mc_flag(c, &m->commit_here, ev->f[2].present))
			return sl_mcs_value2(s, TI4_EV_DRAW, 2, &ev->f[2]) ? -1 : SL_OK;
		return SL_OK;
	}
	if (full)
		return sl_mcs_fail(s, "a sealed draw of player %d coded by its score: %d held already",
			p + 1, TI4_NSEC);
	if (r) {
		id = r->f[1];
		salt = r->f[2];
	}
	if (sl_mcs_value2(s, TI4_EV_DRAW, 3, &id) || sl_mcs_value2(s, TI4_EV_OBJECTIVE, 2, &salt))
		return -1;
	if (!id.p || id.n < 1 || id.n >= sizeof q->id || !salt.p || salt.n != 2 * SL_SALT_BYTES)
		return sl_mcs_fail(s, "a sealed draw coded by its score: an objective of %u and a salt "
			"of %u characters", (unsigned)id.n, (unsigned)salt.n);
	q = &m->sec[p][m->nsec[p]++];
	memcpy(q->id, id.p, id.n);
	q->id[id.n] = 0;
	memcpy(q->salt, salt.p, salt.n);
	q->salt[salt.n] = 0;
	if (dec) {
		uint8_t sb[SL_SALT_BYTES], cm[SL_COMMIT_BYTES];
		char hex[2 * SL_COMMIT_BYTES + 1];
		if (sl_hexstr_decode(sb, SL_SALT_BYTES, q->salt, salt.n) != SL_OK ||
		    sl_commit(cm, T4_DOMAIN, sb, q->id, id.n) != SL_OK)
			return sl_mcs_fail(s, "a sealed draw coded by its score: the salt is not 32 hex digits");
		sl_hexstr_encode(hex, cm, SL_COMMIT_BYTES);
		return val_set(s, &ev->f[2], hex);
	}
	return SL_OK;
}

/* Found once (every event looks them up): the planet tokens in id order,
 * and the objective each frozen word is (-1: none). */
#define T4_NWORDS (sizeof ti4_words_v1 / sizeof *ti4_words_v1 - 1)
static int16_t tok_sorted[512], word_obj[T4_NWORDS];
static int ntok_sorted;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static int tok_cmp(const void *a, const void *b)
{
	return strcmp(ti4_planet_tokens[*(const int16_t *)a], ti4_planet_tokens[*(const int16_t *)b]);
}

static void tables_make(void)
{
	for (int k = 0; ti4_planet_tokens[k] && k < 512; k++)
		tok_sorted[ntok_sorted++] = (int16_t)k;
	qsort(tok_sorted, (size_t)ntok_sorted, sizeof *tok_sorted, tok_cmp);
	for (size_t w = 0; w < T4_NWORDS; w++)
		word_obj[w] = (int16_t)ti4_objective_index(ti4_words_v1[w]);
}

/* The objective of a score or a reveal: one of the public objectives
 * revealed that the player has not scored, or, revealed, one of the next
 * stage's not yet revealed (among the frozen words, in their order); else as
 * schema coding 2 codes it. */
static int code_objective_id(sl_mcs *s, t4_mctx *m, const ti4_state *st, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	const char *cand[sizeof ti4_words_v1 / sizeof *ti4_words_v1];
	int dec = sl_mcs_decoding(s), p = ev->player, score = ev->f[0].u.i == 1, n = 0, i = 0;
	if (score && p >= 0 && p < st->np) {
		for (int k = 0; k < st->r.npub && k < TI4_NPUB; k++) {
			int o = st->r.pub[k];
			if (o < ti4_nobjectives() && !(st->r.scored[p][o >> 3] >> (o & 7) & 1))
				cand[n++] = ti4_objectives[o].id;
		}
	} else if (!score) {
		int stage = st->r.npub < 5 ? 1 : 2;
		pthread_once(&tables_once, tables_make);
		for (int w = 0; ti4_words_v1[w]; w++) {
			int o = word_obj[w], k;
			if (o < 0 || ti4_objectives[o].stage != stage)
				continue;
			for (k = 0; k < st->r.npub && k < TI4_NPUB && st->r.pub[k] != o; k++)
				;
			if (k == st->r.npub || k == TI4_NPUB)
				cand[n++] = ti4_words_v1[w];
		}
	}
	if (!dec)
		for (i = 0; i < n && !str_is(&ev->f[1], cand[i]); i++)
			;
	if (n > 0 && sl_mc_flag(c, &m->obj_in[score], i < n)) {
		i = (int)sl_mc_uniform(c, (unsigned)i, (unsigned)n);
		return dec ? val_set(s, &ev->f[1], cand[i]) : SL_OK;
	}
	return sl_mcs_value2(s, TI4_EV_OBJECTIVE, 1, &ev->f[1]);
}

static int code_objective(sl_mcs *s, t4_mctx *m, const ti4_state *st, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, k = 0, n;
	if (sl_mcs_fields2_under(s, ev, 1u << 1 | 1u << 2, m->opres[ev->type % T4_NT]))
		return -1;
	n = p >= 0 && p < TI4_MAXP && ev->f[0].u.i == 1 ? m->nsec[p] : 0;
	if (!dec)
		for (k = 0; k < n && !(str_is(&ev->f[1], m->sec[p][k].id) &&
		    str_is(&ev->f[2], m->sec[p][k].salt)); k++)
			;
	if (n > 0 && sl_mc_flag(c, &m->opens, k < n)) {
		k = (int)sl_mc_uniform(c, (unsigned)k, (unsigned)n);
		if (dec && (val_set(s, &ev->f[1], m->sec[p][k].id) ||
		    val_set(s, &ev->f[2], m->sec[p][k].salt)))
			return -1;
		memmove(&m->sec[p][k], &m->sec[p][k + 1], (size_t)(n - k - 1) * sizeof m->sec[p][k]);
		m->nsec[p]--;
		return SL_OK;
	}
	if (code_objective_id(s, m, st, ev))
		return -1;
	if (sl_mc_flag(c, &m->salt_here, ev->f[2].present))
		return sl_mcs_value2(s, TI4_EV_OBJECTIVE, 2, &ev->f[2]) ? -1 : SL_OK;
	return SL_OK;
}

/* The player whose secondary of the open card comes next clockwise from
 * its holder, -1 when none is open. */
static int secondary_next(const ti4_state *st)
{
	if (st->r.strat < 0 || st->r.last < 0)
		return -1;
	for (int j = 1; j <= st->np; j++) {
		int q = (st->r.last + j) % st->np;
		if (!(st->r.sec_done >> q & 1) && !st->pl[q].eliminated)
			return q;
	}
	return -1;
}

/* The moment: 0 setup, 1 strategy phase, 2 a secondary open, 3 an action
 * phase turn to begin, 4 + step in a tactical action, 10 status, 11 agenda;
 * *want the player the rules expect next (-1: none known). */
static int t4_class(const ti4_state *st, int prev, int *want)
{
	int q;
	*want = -1;
	if (st->turn == 0 || !st->r.on)
		return 0;
	if (st->phase == 2) {
		*want = prev >= 0 && st->np > 0 ? (prev + 1) % st->np : -1;
		return 10;
	}
	if (st->phase == 3) {
		*want = st->r.next_voter >= 0 ? st->r.next_voter : st->r.speaker;
		return 11;
	}
	if (st->r.picking) {
		*want = ti4_next_picker(st);
		return 1;
	}
	if (st->turnp >= 0) {
		*want = st->turnp;
		return 4 + (st->step < 6 ? st->step : 5);
	}
	if ((q = secondary_next(st)) >= 0) {
		*want = q;
		return 2;
	}
	*want = ti4_next_actor(st);
	return 3;
}

/* The types each moment most likely has, in the order of the symbols that
 * code them (the last symbol: another type, as schema coding 2 codes it). */
static const int8_t t4_likely[T4_NCLS][T4_NLIKELY] = {
	{-1},
	{TI4_EV_PICK, -1},
	{TI4_EV_STRATEGIC, -1},
	{TI4_EV_ACTIVATE, TI4_EV_STRATEGIC, TI4_EV_PASS, TI4_EV_PLAY, TI4_EV_TRADE, -1},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_MOVE, TI4_EV_LOAD, TI4_EV_LAND, TI4_EV_PRODUCE, TI4_EV_END, TI4_EV_FIRE, TI4_EV_ASSIGN},
	{TI4_EV_OBJECTIVE, TI4_EV_DRAW, -1},
	{TI4_EV_AGENDA, -1},
};

static int likely_index(int cls, int t)
{
	int k;
	for (k = 0; k < T4_NLIKELY && t4_likely[cls][k] >= 0 && t4_likely[cls][k] != t; k++)
		;
	return k;   /* the count of likely types when t is none of them */
}

/* The type and the player: the type as one of the moment's likely types
 * (under the moment, and the place of the type before among them; with a
 * turn to begin, whether the player the rules expect holds a ready card),
 * else as schema coding 2 codes the type and player; then the player as
 * the one the rules expect, else the one before, else any (+ 1: 0 none). */
static int code_head(sl_mcs *s, t4_mctx *m, const ti4_state *st, const sl_header *h, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), want, cls, k, n, sub, pl, prev = m->prev_player - 1;
	cls = t4_class(st, prev, &want);
	if (want >= h->nplayers)
		want = -1;
	n = likely_index(cls, -1);
	if (cls == 3) {
		sub = 0;
		for (int q = 0; q < 8 && want >= 0; q++)
			sub |= st->r.owner[q] == want + 1 && !st->r.used[q];
	} else
		sub = m->prev_type ? likely_index(cls, m->prev_type - 1) : n;
	if (n == 0 || (k = sl_mc_sym(c, &m->types[cls][sub % (T4_NLIKELY + 1)], (2u << n) - 1,
	    dec ? 0 : likely_index(cls, ev->type))) == n) {
		if (sl_mcs_head2(s, ev))
			return -1;
	} else {
		ev->type = (uint16_t)t4_likely[cls][k];
		pl = dec ? 0 : ev->player;
		if (want >= 0 && sl_mc_flag(c, &m->pl_want[cls], pl == want))
			pl = want;
		else if (prev >= 0 && prev != want && prev < h->nplayers &&
		    sl_mc_flag(c, &m->pl_prev[cls], pl == prev))
			pl = prev;
		else
			pl = (int)sl_mc_uniform(c, (unsigned)(pl + 1), (unsigned)h->nplayers + 1) - 1;
		if (dec)
			ev->player = (int8_t)pl;
	}
	m->prev_type = (uint8_t)(ev->type + 1);
	m->prev_player = (uint8_t)(ev->player + 1);
	return SL_OK;
}

/* An ENUM of up to 8 tokens among the likely ones (mask), else as schema
 * coding 2 codes it. */
static int code_among(sl_mcs *s, sl_mc_cnt *in, sl_mc_freq *f, unsigned mask, int t, int k,
	sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), v = dec ? 0 : ev->f[k].u.i;
	if (mask && sl_mc_flag(c, in, !dec && v >= 0 && v < 8 && (mask >> v & 1))) {
		ev->f[k].present = 1;
		ev->f[k].u.i = sl_mc_sym(c, f, mask, v);
		return SL_OK;
	}
	return sl_mcs_value2(s, t, k, &ev->f[k]);
}

static int code_pay(sl_mcs *s, t4_mctx *m, const ti4_state *st, int p, int t, int k, sl_value *v);
static int code_planets(sl_mcs *s, const ti4_state *st, int p, int t, int k, sl_value *v,
	int ready, sl_mc_cnt *in, sl_mc_bit *nprobs);

/* Field k of type t, a position code: one of the positions cand[0..n-1] (a
 * flag under in, then which), else as schema coding 2 codes it. */
static int code_pos_in(sl_mcs *s, sl_mc_cnt *in, const int *cand, int n, int t, int k, sl_value *v)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), i = 0, at = dec || !v->present ? -1 : ti4_pos_index(v->u.i);
	if (!dec)
		for (i = 0; i < n && cand[i] != at; i++)
			;
	if (n > 0 && sl_mc_flag(c, in, i < n)) {
		i = (int)sl_mc_uniform(c, (unsigned)i, (unsigned)n);
		v->present = 1;
		v->u.i = ti4_pos_code(cand[i]);
		return SL_OK;
	}
	return sl_mcs_value2(s, t, k, v);
}

/* A strategic action: the open secondary's card, or one of the holder's
 * ready cards; the part under the card. */
static int code_strategic(sl_mcs *s, t4_mctx *m, const ti4_state *st, const sl_header *h,
	sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, open, card;
	unsigned mask = 0, skip = 3;
	sl_mc_cnt *pr;
	open = p >= 0 && p < st->np && st->r.strat >= 0 && st->r.strat < 8 &&
		!(st->r.sec_done >> p & 1);
	if (open) {
		if (sl_mc_flag(c, &m->card_open, !dec && ev->f[0].u.i == st->r.strat)) {
			ev->f[0].present = 1;
			ev->f[0].u.i = st->r.strat;
		} else if (sl_mcs_value2(s, TI4_EV_STRATEGIC, 0, &ev->f[0]))
			return -1;
	} else {
		for (int k = 0; k < 8; k++)
			if (p >= 0 && st->r.owner[k] == p + 1 && !st->r.used[k])
				mask |= 1u << k;
		if (code_among(s, &m->card_ready, &m->cards[0], mask, TI4_EV_STRATEGIC, 0, ev))
			return -1;
	}
	card = ev->f[0].u.i;
	if (dec && (card < 0 || card >= 8))
		return sl_mcs_fail(s, "strategy card %d of 8", card);
	ev->f[1].present = 1;
	ev->f[1].u.i = sl_mc_sym(c, &m->part[open][card], 7, dec ? 0 : ev->f[1].u.i);
	pr = m->spres[card][ev->f[1].u.i % 3];
	if (st->r.on) {
		skip |= 1u << 7;
		if (sl_mc_flag(c, &pr[7], ev->f[7].present) &&
		    code_pay(s, m, st, p, TI4_EV_STRATEGIC, 7, &ev->f[7]))
			return -1;
	}
	if (st->r.on && (card == 1 || card == 5) && p >= 0 && p < st->np) {
		/* Diplomacy: a system with a planet of the player's, not Mecatol Rex;
		 * Warfare: one with the player's command token */
		int cand[TI4_NPOS], n = 0;
		for (int i = 0; i < TI4_NPOS; i++) {
			int ok = 0;
			if (!ti4_tile_of(st, i))
				continue;
			if (card == 5)
				ok = st->cmd[i] >> p & 1;
			else
				for (int slot = 1; slot <= 3 && i != 0; slot++)
					ok |= ti4_planet_at(st, i, slot) && st->ctrl[i][slot - 1] == p;
			if (ok)
				cand[n++] = i;
		}
		skip |= 1u << 4;
		if (sl_mc_flag(c, &pr[4], ev->f[4].present) &&
		    code_pos_in(s, &m->sys2_in[card == 5], cand, n, TI4_EV_STRATEGIC, 4, &ev->f[4]))
			return -1;
	}
	if (st->r.on && card == 2 && p >= 0 && p < st->np && st->np <= h->nplayers) {
		/* Politics: the new speaker is another player */
		int cand[TI4_MAXP], n = 0, i = 0;
		for (int q = 0; q < st->np; q++)
			if (q != p && !st->pl[q].eliminated)
				cand[n++] = q;
		skip |= 1u << 5;
		if (sl_mc_flag(c, &pr[5], ev->f[5].present)) {
			if (!dec)
				for (i = 0; i < n && !str_is(&ev->f[5], h->players[cand[i]].id); i++)
					;
			if (n > 0 && sl_mc_flag(c, &m->speaker_in, i < n)) {
				i = (int)sl_mc_uniform(c, (unsigned)i, (unsigned)n);
				if (dec && val_set(s, &ev->f[5], h->players[cand[i]].id))
					return -1;
			} else if (sl_mcs_value2(s, TI4_EV_STRATEGIC, 5, &ev->f[5]))
				return -1;
		}
	}
	if (card == 3 && h->rules_version >= 3) {
		/* Construction: the planets of the structures, the player's */
		skip |= 1u << 9;
		if (sl_mc_flag(c, &pr[9], ev->f[9].present) &&
		    code_planets(s, st, p, TI4_EV_STRATEGIC, 9, &ev->f[9], 0, &m->at_in, m->at_n))
			return -1;
	}
	return sl_mcs_fields2_under(s, ev, skip, pr) ? -1 : SL_OK;
}

static int code_pick(sl_mcs *s, t4_mctx *m, const ti4_state *st, sl_event *ev)
{
	unsigned mask = 0;
	for (int k = 0; k < 8; k++)
		if (!st->r.owner[k])
			mask |= 1u << k;
	if (code_among(s, &m->pick_free, &m->cards[1], mask, TI4_EV_PICK, 0, ev))
		return -1;
	return sl_mcs_fields2_under(s, ev, 1, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
}

/* The systems an activation most likely names, in position order: those
 * without the player's command token that hold a dock of theirs or are next
 * to (or hold) a ship of theirs. Where a move most likely comes from: next
 * to the active system, with a ship of theirs and no token of theirs. */
static int likely_systems(const ti4_state *st, int p, int move, int *cand)
{
	int n = 0, ns = 0, ships[TI4_NPOS];
	uint8_t has[TI4_NPOS];
	for (int i = 0; i < TI4_NPOS; i++)
		if ((has[i] = ti4_ships_in(st, i, p) > st->u[i][0][p][TI4_FF]))
			ships[ns++] = i;
	for (int i = 0; i < TI4_NPOS; i++) {
		int ok = 0;
		if (!ti4_tile_of(st, i) || (st->cmd[i] >> p & 1))
			continue;
		if (move)
			ok = st->asys >= 0 && i != st->asys && has[i] && ti4_adjacent(st, st->asys, i);
		else {
			ok = has[i] || ti4_has_dock(st, i, p);
			for (int j = 0; j < ns && !ok; j++)
				ok = ti4_adjacent(st, i, ships[j]);
		}
		if (ok)
			cand[n++] = i;
	}
	return n;
}

/* Field k (a position code) of an activation or a move: one of the likely
 * systems (a flag, then which), else as schema coding 2 codes it. */
static int code_system(sl_mcs *s, t4_mctx *m, const ti4_state *st, int p, int move, int t,
	int k, sl_value *v)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), cand[TI4_NPOS], n = 0, i = 0, at;
	if (p >= 0 && p < st->np)
		n = likely_systems(st, p, move, cand);
	at = dec || !v->present ? -1 : ti4_pos_index(v->u.i);
	if (!dec)
		for (i = 0; i < n && cand[i] != at; i++)
			;
	if (n > 0 && sl_mc_flag(c, &m->sys_in[move], i < n)) {
		i = (int)sl_mc_uniform(c, (unsigned)i, (unsigned)n);
		v->present = 1;
		v->u.i = ti4_pos_code(cand[i]);
		return SL_OK;
	}
	return sl_mcs_value2(s, t, k, v);
}

/* Everything of p's in the space area of position i that a move takes
 * along (ships, fighters, ground forces; not structures), in unit order. */
static int stack_of(const ti4_state *st, int i, int p, uint8_t *b)
{
	int n = 0;
	for (int t = 0; t < TI4_NUT; t++)
		if (t != TI4_PDS && t != TI4_SD)
			for (int k = 0; k < st->u[i][0][p][t] && n < 64; k++)
				b[n++] = (uint8_t)t;
	return n;
}

static int code_move(sl_mcs *s, t4_mctx *m, const ti4_state *st, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, i, n = 0;
	uint8_t b[64];
	if (code_system(s, m, st, p, 1, TI4_EV_MOVE, 0, &ev->f[0]))
		return -1;
	i = ti4_pos_index(ev->f[0].u.i);
	if (i >= 0 && p >= 0 && p < st->np)
		n = stack_of(st, i, p, b);
	if (n > 0 && sl_mc_flag(c, &m->stack, !dec && ev->f[1].present && ev->f[1].n == n &&
	    memcmp(ev->f[1].p, b, (size_t)n) == 0)) {
		if (dec) {
			uint8_t *d = sl_arena_alloc(sl_mcs_arena(s), (size_t)n);
			if (!d)
				return sl_mcs_fail(s, "out of memory");
			memcpy(d, b, (size_t)n);
			ev->f[1] = (sl_value){.present = 1, .n = (uint16_t)n, .p = d};
		}
	} else if (sl_mcs_value2(s, TI4_EV_MOVE, 1, &ev->f[1]))
		return -1;
	return sl_mcs_fields2_under(s, ev, 3, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
}

static int planet_token(const ti4_planet *pl)
{
	int lo = 0, hi;
	pthread_once(&tables_once, tables_make);
	hi = ntok_sorted;
	while (lo < hi) {
		int mid = (lo + hi) / 2, d = strcmp(ti4_planet_tokens[tok_sorted[mid]], pl->id);
		if (d == 0)
			return tok_sorted[mid];
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* Field k of event type t, a list of planets exhausted to pay: when every
 * item is a different one of the player's ready planets (controlled, not
 * exhausted; in position and slot order), a flag, the count, then each as
 * which of those not yet named; else as schema coding 2 codes it. */
static int code_planets(sl_mcs *s, const ti4_state *st, int p, int t, int k, sl_value *v,
	int ready, sl_mc_cnt *in, sl_mc_bit *nprobs);

static int code_pay(sl_mcs *s, t4_mctx *m, const ti4_state *st, int p, int t, int k, sl_value *v)
{
	return code_planets(s, st, p, t, k, v, 1, &m->pay_in, m->pay_n);
}

/* code_pay's coding over the player's planets (ready: only those not
 * exhausted), under the flag in and the count's nprobs. */
static int code_planets(sl_mcs *s, const ti4_state *st, int p, int t, int k, sl_value *v,
	int ready, sl_mc_cnt *in, sl_mc_bit *nprobs)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), cand[3 * TI4_NPOS], n = 0, ok;
	uint8_t items[16], *it = NULL;
	uint32_t cnt;
	for (int i = 0; p >= 0 && p < st->np && i < TI4_NPOS; i++)
		for (int slot = 1; slot <= 3; slot++) {
			const ti4_planet *pl = ti4_planet_at(st, i, slot);
			int tok;
			if (pl && st->ctrl[i][slot - 1] == p && (!ready || !st->exh[i][slot - 1]) &&
			    (tok = planet_token(pl)) >= 0)
				cand[n++] = tok;
		}
	ok = !dec && v->present && v->p && v->n >= 1 && v->n <= 16 && v->n <= (unsigned)n;
	for (unsigned a = 0; ok && a < v->n; a++) {
		int found = 0;
		for (unsigned b = 0; b < a; b++)
			ok &= ((const uint8_t *)v->p)[b] != ((const uint8_t *)v->p)[a];
		for (int j = 0; j < n; j++)
			found |= cand[j] == ((const uint8_t *)v->p)[a];
		ok &= found;
	}
	if (n == 0 || !sl_mc_flag(c, in, ok))
		return sl_mcs_value2(s, t, k, v);
	cnt = sl_mc_uint(c, nprobs, dec ? 0 : v->n - 1u) + 1;
	if (dec && (cnt > 16 || cnt > (uint32_t)n || !sl_mc_dec_ok(c)))
		return sl_mcs_fail(s, "a payment of %lu of %d ready planets", (unsigned long)cnt, n);
	if (dec && !(it = sl_arena_alloc(sl_mcs_arena(s), cnt)))
		return sl_mcs_fail(s, "out of memory");
	for (uint32_t a = 0; a < cnt; a++) {
		int j = 0;
		if (!dec)
			for (j = 0; cand[j] != ((const uint8_t *)v->p)[a]; j++)
				;
		j = (int)sl_mc_uniform(c, (unsigned)j, (unsigned)(n - (int)a));
		items[a] = (uint8_t)cand[j];
		cand[j] = cand[n - (int)a - 1];   /* the named one leaves the candidates */
	}
	if (dec) {
		memcpy(it, items, cnt);
		*v = (sl_value){.present = 1, .n = (uint16_t)cnt, .p = it};
	}
	return SL_OK;
}

/* An optional payment, field k: its presence under the type, then code_pay. */
static int code_opt_pay(sl_mcs *s, t4_mctx *m, const ti4_state *st, sl_event *ev, int k)
{
	if (!sl_mc_flag(sl_mcs_coder(s), &m->opres[ev->type % T4_NT][k], ev->f[k].present))
		return SL_OK;
	return code_pay(s, m, st, ev->player, ev->type, k, &ev->f[k]);
}

/* The planet a load most likely leaves (one with the player's ground
 * forces, in the active system or next to it) or a landing most likely
 * takes (one of the active system's): a flag, then which of them in
 * position and slot order; else as schema coding 2 codes it. pay: the
 * landing has pay= (rules version 4 on), coded by code_pay. */
static int code_planet(sl_mcs *s, t4_mctx *m, const ti4_state *st, int land, int pay,
	sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, a = st->asys, n = 0, i = 0, cand[3 * TI4_NPOS];
	for (int j = 0; a >= 0 && p >= 0 && p < st->np && j < TI4_NPOS; j++) {
		if (land ? j != a : j != a && !ti4_adjacent(st, a, j))
			continue;
		for (int slot = 1; slot <= 3; slot++) {
			const ti4_planet *pl = ti4_planet_at(st, j, slot);
			int tok;
			if (!pl || (!land && ti4_ground_in(st, j, slot, p) == 0))
				continue;
			for (tok = 0; ti4_planet_tokens[tok] && strcmp(ti4_planet_tokens[tok], pl->id); tok++)
				;
			if (ti4_planet_tokens[tok])
				cand[n++] = tok;
		}
	}
	if (!dec)
		for (i = 0; i < n && !(ev->f[0].present && ev->f[0].u.i == cand[i]); i++)
			;
	if (n > 0 && sl_mc_flag(c, &m->planet_in[land], i < n)) {
		ev->f[0].present = 1;
		ev->f[0].u.i = cand[sl_mc_uniform(c, (unsigned)i, (unsigned)n)];
	} else if (sl_mcs_value2(s, ev->type, 0, &ev->f[0]))
		return -1;
	if (land && pay && code_opt_pay(s, m, st, ev, 2))
		return -1;
	return sl_mcs_fields2_under(s, ev, land && pay ? 5 : 1, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
}

static int t4_event(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev)
{
	t4_mctx *m = ctx;
	if (sl_mcs_version(s) < 2)
		return sl_mcs_generic2(s, ev);
	m->v2 = 1;
	if (code_head(s, m, st, h, ev))
		return -1;
	if (ev->type == TI4_EV_DRAW)
		return code_draw(s, m, ev);
	if (ev->type == TI4_EV_OBJECTIVE)
		return code_objective(s, m, st, ev);
	if (ev->type == TI4_EV_STRATEGIC)
		return code_strategic(s, m, st, h, ev);
	if (ev->type == TI4_EV_PICK)
		return code_pick(s, m, st, ev);
	if (ev->type == TI4_EV_MOVE)
		return code_move(s, m, st, ev);
	if (ev->type == TI4_EV_PRODUCE) {
		if (code_opt_pay(s, m, st, ev, 1))
			return -1;
		return sl_mcs_fields2_under(s, ev, 2, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
	}
	if (ev->type == TI4_EV_AGENDA && ((const ti4_state *)st)->r.on) {
		if (code_opt_pay(s, m, st, ev, 2))
			return -1;
		return sl_mcs_fields2_under(s, ev, 4, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
	}
	if (ev->type == TI4_EV_LOAD || ev->type == TI4_EV_LAND)
		return code_planet(s, m, st, ev->type == TI4_EV_LAND, h->rules_version >= 4, ev);
	if (ev->type == TI4_EV_ACTIVATE) {
		if (code_system(s, m, st, ev->player, 0, TI4_EV_ACTIVATE, 0, &ev->f[0]))
			return -1;
		return sl_mcs_fields2_under(s, ev, 1, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
	}
	return sl_mcs_fields2_under(s, ev, 0, m->opres[ev->type % T4_NT]) ? -1 : SL_OK;
}

/* The kind of the next entry (version 2, once an event of the segment
 * was coded by it; before, and in older segments, 0 as they were coded):
 * 1 when every player has passed (the status phase comes next), 2 in a
 * tactical action (no marker comes), 3 in the strategy phase, else 0. */
static int t4_hint(const void *stv, void *ctx)
{
	const ti4_state *st = stv;
	const t4_mctx *m = ctx;
	if (!m->v2 || st->turn == 0 || !st->r.on || st->phase != 1)
		return 0;
	if (st->r.picking)
		return 3;
	if (st->turnp >= 0)
		return 2;
	return ti4_next_actor(st) < 0 ? 1 : 0;
}

/* Version 2: a sealed draw is the model's, never the reference's. */
static int t4_no_ref(int version, int type)
{
	return version >= 2 && type == TI4_EV_DRAW;
}

const sl_model ti4_model = {
	TI4_MODEL_VERSION,
	sizeof(t4_mctx),
	t4_hint,              /* hint: 0 until version 2 codes an event, so older segments decode as before */
	t4_event,             /* schema coding 2; version 2: sealed draws by their scores */
	NULL,                 /* keyframes: the generic byte coding */
	NULL,
	ti4_words_v1,         /* version 2 keeps version 1's words */
	1,                    /* version 1 segments: generic2, as written */
	2,                    /* looks to the segment's end for the score of each draw */
	offsetof(t4_mctx, types),   /* the opened draws and the event before are the position's */
	t4_no_ref,
	2,                    /* the hint is version 2's */
};
