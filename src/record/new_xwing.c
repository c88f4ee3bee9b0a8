/* new_xwing.c - `sillage new xwing`: a game of X-Wing from two XWS squad
 * files (the format squad builders export), through the XWS importer that
 * `import` uses too (import_xws.c): each squad along its player's edge,
 * every id looked up in the catalog and each ship checked by the rules, after
 * the six obstacles of a standard setup (printed outlines, or discs). */
#include "record/new.h"
#include "record/import.h"
#include "games/xwing/xwing.h"

#include <stdio.h>
#include <string.h>

static int xwing_write(sl_buf *out, const rec_new_opt *opt, int nopt, sl_error *err)
{
	const char *files[REC_XWS_MAX];
	int n = 0, flags = 0;
	for (int i = 0; i < nopt; i++)
		if (strcmp(opt[i].key, "discs") == 0)
			flags |= REC_XWS_DISCS;
		else if (strcmp(opt[i].key, "xws") == 0) {
			if (n == REC_XWS_MAX)
				return sl_error_set(err, SL_EUSAGE, "new xwing: --xws given more than twice "
					"(a game is two squads)");
			files[n++] = opt[i].val;
		}
	if (n != REC_XWS_MAX)
		return sl_error_set(err, SL_EUSAGE, "new xwing: give the two squads, --xws A.json "
			"--xws B.json (XWS files from a squad builder)");
	return rec_xws_import(out, files, n, flags, err);
}

/* The pilots and upgrades of the module's catalog, by XWS id. */
static int xwing_list(sl_buf *out, sl_error *err)
{
	(void)err;
	for (int k = 0; k < xw_npilots; k++) {
		const xw_pilot *p = &xw_pilots[k];
		const xw_ship_type *t = &xw_ship_types[p->type];
		sl_buf_printf(out, "pilot %-36s %s, %s (%s), initiative %d", p->xws, p->name, t->name,
			t->faction, p->initiative);
		if (p->cost20 >= 0)
			sl_buf_printf(out, ", 2.0: %d points", p->cost20);
		if (p->cost25 >= 0)
			sl_buf_printf(out, ", 2.5: %d points, loadout %d", p->cost25, p->loadout25);
		sl_buf_putc(out, '\n');
	}
	for (int u = 0; u < xw_nupgrades; u++)
		sl_buf_printf(out, "upgrade %-34s %s (%s)\n", xw_upgrades[u].xws, xw_upgrades[u].name,
			xw_slot_names[xw_upgrades[u].kind]);
	return 0;
}

const rec_template rec_new_xwing = {
	"xwing",
	"--xws FILE  a squad in XWS JSON (twice: the first sets up along the bottom edge, the "
	"second along the top)\n"
	"--discs  the six obstacles as discs (`obstacle`, decision D3) instead of their printed "
	"outlines (`hazard`)",
	xwing_list,
	xwing_write,
	NULL,   /* deals nothing hidden */
};
