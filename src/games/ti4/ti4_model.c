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
#include <stddef.h>
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

typedef struct t4_mctx {
	/* the draws coded by their scores and not yet scored (the position's,
	 * first: sl_model.ctx_fresh) */
	uint8_t nsec[TI4_MAXP];
	t4_sec sec[TI4_MAXP][TI4_NSEC];
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
	if (sl_mcs_fields2(s, ev, 1u << 2))
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

static int code_objective(sl_mcs *s, t4_mctx *m, sl_event *ev)
{
	sl_mc *c = sl_mcs_coder(s);
	int dec = sl_mcs_decoding(s), p = ev->player, k = 0, n;
	if (sl_mcs_fields2(s, ev, 1u << 1 | 1u << 2))
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
	if (sl_mcs_value2(s, TI4_EV_OBJECTIVE, 1, &ev->f[1]))
		return -1;
	if (sl_mc_flag(c, &m->salt_here, ev->f[2].present))
		return sl_mcs_value2(s, TI4_EV_OBJECTIVE, 2, &ev->f[2]) ? -1 : SL_OK;
	return SL_OK;
}

static int t4_event(sl_mcs *s, void *ctx, void *st, const sl_header *h, sl_event *ev)
{
	t4_mctx *m = ctx;
	(void)st;
	(void)h;
	if (sl_mcs_version(s) < 2)
		return sl_mcs_generic2(s, ev);
	if (sl_mcs_head2(s, ev))
		return -1;
	if (ev->type == TI4_EV_DRAW)
		return code_draw(s, m, ev);
	if (ev->type == TI4_EV_OBJECTIVE)
		return code_objective(s, m, ev);
	return sl_mcs_fields2(s, ev, 0) ? -1 : SL_OK;
}

/* Version 2: a sealed draw is the model's, never the reference's. */
static int t4_no_ref(int version, int type)
{
	return version >= 2 && type == TI4_EV_DRAW;
}

const sl_model ti4_model = {
	TI4_MODEL_VERSION,
	sizeof(t4_mctx),
	NULL,                 /* hint: none, so version 0 archives decode as before */
	t4_event,             /* schema coding 2; version 2: sealed draws by their scores */
	NULL,                 /* keyframes: the generic byte coding */
	NULL,
	ti4_words_v1,         /* version 2 keeps version 1's words */
	1,                    /* version 1 segments: generic2, as written */
	2,                    /* looks to the segment's end for the score of each draw */
	offsetof(t4_mctx, opened),   /* the opened draws are the position's */
	t4_no_ref,
};
