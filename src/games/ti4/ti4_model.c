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
 * The model codes only events (no hint, no keyframes), so the archives
 * written before it (model version 0, the generic coding) decode as they
 * did: sl_mcs_use_version. */
#include "ti4_int.h"

#define TI4_MODEL_VERSION 1

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

const sl_model ti4_model = {
	TI4_MODEL_VERSION,
	0,
	NULL,                 /* hint: none, so version 0 archives decode as before */
	sl_model_event2,      /* every event in schema coding 2 */
	NULL,                 /* keyframes: the generic byte coding */
	NULL,
	ti4_words_v1,
	0,                    /* oldest: this version (and the version 0 rule) */
	0,                    /* ahead: none */
	0,                    /* ctx_fresh: no ctx */
};
