/* new_starship.c - `sillage new starship`: a voyage of the gamebook's ship
 * (La Galaxie Tragique, §341), from one of the adventure sheets we designed
 * for the samples or from your own: the ship's name and the two dice of its
 * sheet, rolled at the table. The encounters are the book's and are recorded
 * as they come (`sillage record`). */
#include "record/new.h"
#include "games/sl_game.h"

#include <stdio.h>
#include <string.h>

typedef struct voyage {
	const char *id, *title, *about;
	int weapons_roll, shields_roll;   /* the sheet's two d6 */
} voyage;

/* The samples' sheets (samples/starship/): our rolls, not the book's. */
static const voyage voyages[] = {
	{"first-voyage", "The Traveller's first voyage",
	 "a middling sheet: weapons 6 + 3, shields 12 + 2", 3, 2},
	{"last-voyage", "The last voyage of the Traveller",
	 "weak guns, strong shields: weapons 6 + 1, shields 12 + 5", 1, 5},
};
#define NVOY (int)(sizeof voyages / sizeof voyages[0])
static const char *const voyage_ids[] = {"first-voyage", "last-voyage", NULL};

/* A ship's name goes in a quoted TEXT field: no quote, backslash or control. */
static int check_name(const char *key, const char *s, size_t max, sl_error *err)
{
	if (!*s || strlen(s) > max)
		return sl_error_set(err, SL_EUSAGE, "--%s: 1 to %zu bytes", key, max);
	for (const char *p = s; *p; p++)
		if (*p == '"' || *p == '\\' || (unsigned char)*p < 32)
			return sl_error_set(err, SL_EUSAGE, "--%s: no quotes, backslashes or control "
				"characters", key);
	return 0;
}

static int starship_write(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err)
{
	const sl_game *g = sl_game_find("starship");
	const char *ship = rec_new_get(opt, nopt, "ship"), *captain = rec_new_get(opt, nopt, "captain");
	const char *title = rec_new_get(opt, nopt, "title");
	const voyage *v;
	long wr, sr;
	int k, rc;
	if ((rc = rec_new_pick(opt, nopt, "scenario", voyage_ids, 0, &k, err)))
		return rc;
	v = &voyages[k];
	/* §341: the sheet's weapons strength is 6 + one die, its shields 12 + one die */
	if ((rc = rec_new_int(opt, nopt, "weapons-roll", 1, 6, v->weapons_roll, &wr, err))
	    || (rc = rec_new_int(opt, nopt, "shields-roll", 1, 6, v->shields_roll, &sr, err))
	    || (ship && (rc = check_name("ship", ship, 47, err)))
	    || (captain && (rc = check_name("captain", captain, 60, err))))
		return rc;
	sl_buf_printf(out, "sil %d\ngame starship %d\n", SL_SIL_VERSION, g ? g->rules_version : 1);
	if (title)
		sl_buf_printf(out, "title %s\n", title);
	else if (rec_new_get(opt, nopt, "scenario") || (!ship && wr == v->weapons_roll
		 && sr == v->shields_roll))
		sl_buf_printf(out, "title %s\n", v->title);
	else   /* a sheet of your own */
		sl_buf_printf(out, "title The voyage of the %s\n", ship ? ship : "Traveller");
	sl_buf_printf(out, "player reader \"%s\" #1f6fd1\n", captain ? captain : "The captain");
	sl_buf_puts(out, "meta book La Galaxie Tragique (Defis Fantastiques 4)\n");
	sl_buf_printf(out, "# the adventure sheet: weapons 6 + %ld = %ld, shields 12 + %ld = %ld\n\n",
		wr, 6 + wr, sr, 12 + sr);
	sl_buf_printf(out, "ship name=\"%s\" weapons_roll=%ld shields_roll=%ld\n",
		ship ? ship : "Traveller", wr, sr);
	return 0;
}

static int starship_list(sl_buf *out, sl_error *err)
{
	for (int k = 0; k < NVOY; k++)
		sl_buf_printf(out, "%-13s %s: %s\n", voyages[k].id, voyages[k].title, voyages[k].about);
	return 0;
}

const rec_template rec_new_starship = {
	"starship",
	"--scenario NAME  the adventure sheet: first-voyage (the default) or last-voyage\n"
	"--weapons-roll D  the die of your sheet's weapons strength (6 + D), rolled at the table\n"
	"--shields-roll D  the die of your sheet's shields (12 + D), rolled at the table\n"
	"--ship NAME  the ship's name (default Traveller)\n"
	"--captain NAME  the player's name (default The captain)\n"
	"--title TEXT  the log's title (default: the scenario's)",
	starship_list,
	starship_write,
	NULL,   /* deals nothing hidden */
};
