/* import_xws.c - XWS squad files (the community's JSON format that squad
 * builders export) into the setup of an xwing log, for `import` and `new
 * xwing`. The JSON is read with jansson (a kept library); every pilot and
 * upgrade id is looked up in the module's catalog and each ship it makes is
 * applied by the rules before the text is handed back. Errors name the file
 * and the JSON path. */
#include "record/import.h"
#include "formats/sl_log.h"
#include "games/sl_game.h"
#include "games/xwing/xwing.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* err = "FILE: $.path: message", SL_EFORMAT (an unsupported input). */
static int bad(sl_error *err, const char *file, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int bad(sl_error *err, const char *file, const char *path, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (sl_error_set(err, SL_EFORMAT, "%s: %s", path, msg) == SL_EFORMAT && err && !err->file[0])
		snprintf(err->file, sizeof err->file, "%s", file);
	return SL_EFORMAT;
}

static const char *faction_of_type(const char *ship_xws)
{
	for (int t = 0; t < xw_nship_types; t++)
		if (strcmp(xw_ship_types[t].xws, ship_xws) == 0)
			return xw_ship_types[t].faction;
	return NULL;
}

/* The upgrades of pilot i ({slot: [ids]}) as a mask of the catalog's. */
static int upgrade_mask(sl_error *err, const char *file, size_t i, json_t *ups, unsigned *mask)
{
	const char *key;
	json_t *list;
	char path[160];
	*mask = 0;
	if (!ups)
		return 0;
	if (!json_is_object(ups)) {
		snprintf(path, sizeof path, "$.pilots[%zu].upgrades", i);
		return bad(err, file, path, "upgrades are an object of slot: [ids]");
	}
	json_object_foreach(ups, key, list) {
		size_t j;
		json_t *u;
		snprintf(path, sizeof path, "$.pilots[%zu].upgrades.%.30s", i, key);
		if (!json_is_array(list))
			return bad(err, file, path, "a slot holds an array of upgrade ids");
		json_array_foreach(list, j, u) {
			int ui;
			snprintf(path, sizeof path, "$.pilots[%zu].upgrades.%.30s[%zu]", i, key, j);
			if (!json_is_string(u))
				return bad(err, file, path, "an upgrade id is a string");
			ui = xw_upgrade_find(json_string_value(u));
			if (ui < 0)
				return bad(err, file, path, "unknown upgrade '%.40s' (not in the xwing "
					"catalog)", json_string_value(u));
			*mask |= 1u << ui;
		}
	}
	return 0;
}

/* Pilot i of a squad: its catalog index in *k, checked against the squad's
 * faction and the ship it names. */
static int pilot_of(sl_error *err, const char *file, size_t i, json_t *pl, const char *faction,
	int *k)
{
	json_t *id = json_object_get(pl, "id"), *ship = json_object_get(pl, "ship");
	const xw_ship_type *t;
	const char *pid;
	char path[160];
	if (!json_is_object(pl)) {
		snprintf(path, sizeof path, "$.pilots[%zu]", i);
		return bad(err, file, path, "a pilot is a JSON object");
	}
	if (!id)
		id = json_object_get(pl, "name");   /* XWS before 2.0 named pilots by "name" */
	snprintf(path, sizeof path, "$.pilots[%zu].id", i);
	if (!json_is_string(id))
		return bad(err, file, path, "a pilot needs its XWS id, a string");
	pid = json_string_value(id);
	*k = xw_pilot_find(pid);
	if (*k < 0)
		return bad(err, file, path, "unknown pilot '%.40s' (not in the xwing catalog: "
			"formats/xwing.md)", pid);
	t = &xw_ship_types[xw_pilots[*k].type];
	if (ship) {
		snprintf(path, sizeof path, "$.pilots[%zu].ship", i);
		if (!json_is_string(ship))
			return bad(err, file, path, "a ship id is a string");
		if (strcmp(json_string_value(ship), t->xws) != 0)
			return bad(err, file, path, "'%.40s', but %s flies a %s (%s)",
				json_string_value(ship), pid, t->name, t->xws);
	}
	if (faction && strcmp(faction, faction_of_type(t->xws)) != 0) {
		snprintf(path, sizeof path, "$.pilots[%zu].id", i);
		return bad(err, file, path, "%s flies for %s, not for the squad's faction %s", pid,
			t->faction, faction);
	}
	return 0;
}

typedef struct ship_map {
	int n;
	int pilot[XW_MAX_SHIPS], squad[XW_MAX_SHIPS];   /* of each ship line */
} ship_map;

/* One squad into ship lines for player p (0 bottom edge, 1 top edge). */
static int squad_lines(sl_error *err, const char *file, json_t *root, int p, sl_buf *out,
	ship_map *m)
{
	json_t *pilots = json_object_get(root, "pilots"), *fac = json_object_get(root, "faction");
	const char *faction = json_is_string(fac) ? json_string_value(fac) : NULL;
	size_t i;
	json_t *pl;
	int count = 0;
	if (!json_is_object(root))
		return bad(err, file, "$", "an XWS squad is a JSON object");
	if (fac && !faction)
		return bad(err, file, "$.faction", "a faction is a string");
	if (!json_is_array(pilots))
		return bad(err, file, "$.pilots", "an XWS squad has an array of pilots");
	if (json_array_size(pilots) == 0)
		return bad(err, file, "$.pilots", "the squad has no pilot");
	json_array_foreach(pilots, i, pl) {
		unsigned mask = 0;
		int k = -1, n = 0;
		if (pilot_of(err, file, i, pl, faction, &k)
		    || upgrade_mask(err, file, i, json_object_get(pl, "upgrades"), &mask))
			return SL_EFORMAT;
		if (m->n >= XW_MAX_SHIPS)
			return bad(err, file, "$.pilots", "more than %d ships in all", XW_MAX_SHIPS);
		m->pilot[m->n] = (int)i;
		m->squad[m->n] = p;
		m->n++;
		/* along the player's edge, 120 mm apart, facing the other edge */
		sl_buf_printf(out, "ship id=%c%d pilot=%s side=p%d x=%d y=%d heading=%d", 'a' + p,
			count + 1, xw_pilots[k].xws, p + 1, 10000 + count * 12000,
			p == 0 ? 8000 : XW_MAT - 8000, p == 0 ? 0 : 1800);
		count++;
		for (int u = 0; u < XW_NUPGRADE; u++)
			if (mask & (1u << u))
				sl_buf_printf(out, "%s%s", n++ ? "," : " upgrades=", xw_upgrades[u].xws);
		sl_buf_putc(out, '\n');
	}
	return 0;
}

static void header_name(json_t *root, int p, char *out, size_t n)
{
	json_t *name = json_object_get(root, "name"), *fac = json_object_get(root, "faction");
	if (json_is_string(name) && *json_string_value(name))
		snprintf(out, n, "%s", json_string_value(name));
	else if (json_is_string(fac))
		snprintf(out, n, "%s", json_string_value(fac));
	else
		snprintf(out, n, "Player %d", p + 1);
	for (char *c = out; *c; c++)
		if (*c == '"' || *c == '\\' || (unsigned char)*c < 32)
			*c = '\'';
}

static void header_lines(sl_buf *out, json_t *const *roots, const char *const *files, int nsq)
{
	static const uint32_t colours[REC_XWS_MAX] = {0xc0392b, 0x2f6fd0};
	char name[REC_XWS_MAX][96];
	for (int s = 0; s < nsq; s++)
		header_name(roots[s], s, name[s], sizeof name[s]);
	sl_buf_puts(out, "sil 1\ngame xwing 1\n");
	if (nsq > 1)
		sl_buf_printf(out, "title %s against %s\n", name[0], name[1]);
	else
		sl_buf_printf(out, "title %s\n", name[0]);
	for (int s = 0; s < nsq; s++)
		sl_buf_printf(out, "player p%d \"%s\" #%06x\n", s + 1, name[s], colours[s]);
	for (int s = 0; s < nsq; s++) {
		const char *base = strrchr(files[s], '/');
		sl_buf_printf(out, "meta xws%d %s\n", s + 1, base ? base + 1 : files[s]);
	}
	sl_buf_puts(out, "\n# setup from XWS: each squad along its player's edge, 120 mm apart;\n"
		"# move the ships to the scenario's deployment before `turn 1`\n");
}

/* The rules check each ship (slots, room on the mat); a refusal names the
 * pilot's JSON path. */
static int check_ships(const sl_buf *text, const char *const *files, const ship_map *m,
	sl_error *err)
{
	const sl_game *g = sl_game_find("xwing");
	sl_log *log = NULL;
	void *st = NULL;
	sl_error e;
	int rc = 0;
	sl_error_clear(&e);
	if (!g)
		return sl_error_set(err, SL_EFORMAT, "this build has no xwing rules module");
	if (sl_sil_read(&log, "<import>", (const char *)text->data, text->len, &e) != 0
	    || g->init(&st, &log->h, &e) != 0) {
		*err = e;
		rc = e.code;
		goto out;
	}
	for (size_t k = 0, ship = 0; k < log->n; k++) {
		char path[64];
		if (log->ev[k].entry != SL_ENTRY_EVENT)
			continue;
		if (g->apply(st, &log->h, &log->ev[k], NULL, &e) != 0) {
			snprintf(path, sizeof path, "$.pilots[%d]", ship < (size_t)m->n ? m->pilot[ship] : 0);
			rc = bad(err, files[ship < (size_t)m->n ? m->squad[ship] : 0], path, "%s", e.msg);
			goto out;
		}
		ship++;
	}
out:
	if (st)
		g->destroy(st);
	sl_log_free(log);
	return rc;
}

int rec_xws_import(sl_buf *out, const char *const *files, int nsq, sl_error *err)
{
	json_t *roots[REC_XWS_MAX] = {NULL, NULL};
	ship_map m;
	sl_buf text;
	int rc = 0;
	if (nsq < 1 || nsq > REC_XWS_MAX)
		return sl_error_set(err, SL_EUSAGE, "give one or two XWS squad files");
	memset(&m, 0, sizeof m);
	sl_buf_init(&text);
	for (int s = 0; s < nsq; s++) {
		json_error_t je;
		roots[s] = json_load_file(files[s], JSON_REJECT_DUPLICATES, &je);
		if (!roots[s] && je.line < 1) {   /* not opened: jansson says why */
			rc = sl_error_set(err, SL_EFORMAT, "%s", je.text);
			goto out;
		}
		if (!roots[s]) {
			rc = sl_error_at(err, SL_EFORMAT, files[s], (uint32_t)je.line,
				(uint32_t)(je.column > 0 ? je.column : 1), "not an XWS squad: %s", je.text);
			goto out;
		}
	}
	header_lines(&text, roots, files, nsq);
	for (int s = 0; s < nsq; s++)
		if ((rc = squad_lines(err, files[s], roots[s], s, &text, &m)) != 0)
			goto out;
	if (text.failed) {
		rc = sl_error_set(err, SL_EIO, "out of memory");
		goto out;
	}
	if ((rc = check_ships(&text, files, &m, err)) != 0)
		goto out;
	sl_buf_put(out, text.data, text.len);
out:
	for (int s = 0; s < REC_XWS_MAX; s++)
		json_decref(roots[s]);
	sl_buf_free(&text);
	return rc;
}
