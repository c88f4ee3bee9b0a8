/* new_sail.c - `sillage new sail`: the scenarios we designed for the sail
 * module (those of the samples, samples/sail/README.md), each a map, two
 * squadrons and a length, kept here as data: the map Kerlan Sound is our own
 * invented coast; the ships are ours. Options pick the scenario and its
 * length. */
#include "record/new.h"
#include "games/sl_game.h"

#include <stdio.h>
#include <string.h>

/* Kerlan Sound, 20 x 14 flat-top hexes (`.` sea, `~` shoal, `#` land). */
static const char *const kerlan_sound[] = {
	"....................",
	"....................",
	".............~~.....",
	"............~~~~....",
	"...~~........~~.....",
	"..~##~..............",
	"..~###~.........~...",
	"...~~~.....~~...~~..",
	"..........~#~.......",
	"~.........~##~....~#",
	"#~~......~###~..~~##",
	"##~.....~~####~~~###",
	"###~...~######~~####",
	"####~.~#############"
};
#define KERLAN_ROWS (int)(sizeof kerlan_sound / sizeof kerlan_sound[0])

typedef struct sail_scenario {
	const char *id, *title, *about;
	const char *ships;     /* the `ship` lines, French first */
	const char *opening;   /* a comment before turn 1, or NULL */
} sail_scenario;

static const sail_scenario scenarios[] = {
	{"heron-bank", "The Héron Bank",
	 "a French squadron runs for Kerlan Bay; the British squadron beats up from Île Merle to cut it off",
	 "ship id=tonnant name=\"Tonnant\" class=\"74\" side=fr at=17,2 facing=SW mp=3 draft=deep hull=8\n"
	 "ship id=intrepide name=\"Intrépide\" class=\"74\" side=fr at=19,3 facing=SW mp=3 draft=deep hull=8\n"
	 "ship id=vestale name=\"Vestale\" class=\"frigate\" side=fr at=15,1 facing=SW mp=4 draft=deep hull=5\n"
	 "ship id=alerte name=\"Alerte\" class=\"cutter\" side=fr at=20,5 facing=SW mp=6 draft=shallow hull=2\n"
	 "ship id=valiant name=\"Valiant\" class=\"74\" side=gb at=7,10 facing=N mp=3 draft=deep hull=8\n"
	 "ship id=audacious name=\"Audacious\" class=\"74\" side=gb at=9,11 facing=N mp=3 draft=deep hull=8\n"
	 "ship id=amethyst name=\"Amethyst\" class=\"frigate\" side=gb at=10,8 facing=N mp=5 draft=deep hull=5\n"
	 "ship id=swallow name=\"Swallow\" class=\"brig\" side=gb at=3,9 facing=NW mp=5 draft=shallow hull=3\n",
	 "The French squadron has the weather gauge and bears away for the shelter of Kerlan Bay;\n"
	 "# the British squadron off Île Merle beats up to cut it off."},
	{"kerlan-raid", "The Kerlan Raid",
	 "a British squadron stands into Kerlan Bay to cut out the ships at anchor, then has to claw off the lee shore",
	 "ship id=argonaute name=\"Argonaute\" class=\"74\" side=fr at=6,12 facing=NE mp=3 draft=deep hull=8\n"
	 "ship id=pomone name=\"Pomone\" class=\"frigate\" side=fr at=4,11 facing=NE mp=4 draft=deep hull=5\n"
	 "ship id=etourdie name=\"Étourdie\" class=\"gunboat\" side=fr at=8,11 facing=NE mp=5 draft=shallow hull=2\n"
	 "ship id=mutine name=\"Mutine\" class=\"gunboat\" side=fr at=3,10 facing=NE mp=5 draft=shallow hull=2\n"
	 "ship id=thunderer name=\"Thunderer\" class=\"74\" side=gb at=11,1 facing=SW mp=3 draft=deep hull=8\n"
	 "ship id=hebe name=\"Hebe\" class=\"frigate\" side=gb at=9,2 facing=SW mp=5 draft=deep hull=5\n"
	 "ship id=sprightly name=\"Sprightly\" class=\"cutter\" side=gb at=7,1 facing=S mp=6 draft=shallow hull=2\n"
	 "ship id=badger name=\"Badger\" class=\"brig\" side=gb at=13,2 facing=SW mp=5 draft=shallow hull=3\n",
	 "The French ships lie at anchor head to wind in Kerlan Bay; the British stand in from the north."},
};
#define NSCEN (int)(sizeof scenarios / sizeof scenarios[0])

static const char *const scenario_ids[] = {"heron-bank", "kerlan-raid", NULL};

static int sail_write(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err)
{
	const sl_game *g = sl_game_find("sail");
	const char *title = rec_new_get(opt, nopt, "title");
	const sail_scenario *s;
	long turns;
	int k, rc;
	if ((rc = rec_new_pick(opt, nopt, "scenario", scenario_ids, 0, &k, err))
	    || (rc = rec_new_int(opt, nopt, "turns", 0, 99, 12, &turns, err)))
		return rc;
	s = &scenarios[k];
	sl_buf_printf(out, "sil %d\ngame sail %d\n", SL_SIL_VERSION, g ? g->rules_version : 1);
	sl_buf_printf(out, "title %s\n", title ? title : s->title);
	sl_buf_puts(out, "player fr \"Marine royale\" #1f4fb4\nplayer gb \"Royal Navy\" #b22222\n");
	sl_buf_printf(out, "meta scenario %s: %s\n", s->title, s->about);
	sl_buf_printf(out, "meta map Kerlan Sound (20 x %d)\nmeta designer sillage\n\n", KERLAN_ROWS);
	sl_buf_printf(out, "map cols=20 rows=%d turns=%ld\n", KERLAN_ROWS, turns);
	for (int r = 0; r < KERLAN_ROWS; r++)
		sl_buf_printf(out, "terrain row=%d cells=\"%s\"\n", r + 1, kerlan_sound[r]);
	sl_buf_puts(out, s->ships);
	if (s->opening)
		sl_buf_printf(out, "# %s\n", s->opening);
	return 0;
}

static int sail_list(sl_buf *out, sl_error *err)
{
	for (int k = 0; k < NSCEN; k++)
		sl_buf_printf(out, "%-12s %s: %s (Kerlan Sound, 20 x %d; 4 + 4 ships)\n",
			scenarios[k].id, scenarios[k].title, scenarios[k].about, KERLAN_ROWS);
	return 0;
}

const rec_template rec_new_sail = {
	"sail",
	"--scenario NAME  heron-bank (the default) or kerlan-raid: `sillage new sail --list`\n"
	"--turns N  the game's length in turns, 0 for open-ended (default 12)\n"
	"--title TEXT  the log's title (default: the scenario's)",
	sail_list,
	sail_write,
	NULL,   /* deals nothing hidden */
};
