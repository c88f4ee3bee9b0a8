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

/* The upgrades of pilot i ({slot: [ids]}) into its loadout. */
static int upgrade_list(sl_error *err, const char *file, size_t i, json_t *ups, xw_loadout *l)
{
	const char *key;
	json_t *list;
	char path[160];
	l->nup = 0;
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
			if (ui < 0) {
				const char *near = xw_nearest_id(xw_upgrade_ids, json_string_value(u));
				if (near)
					return bad(err, file, path, "unknown upgrade '%.40s' (did you mean %s?)",
						json_string_value(u), near);
				return bad(err, file, path, "unknown upgrade '%.40s' (not in the xwing "
					"catalog)", json_string_value(u));
			}
			if (l->nup >= XW_MAX_UPGRADES)
				return bad(err, file, path, "more than %d upgrades on one ship",
					XW_MAX_UPGRADES);
			l->up[l->nup++] = (int16_t)ui;
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
	if (*k < 0) {
		const char *near = xw_nearest_id(xw_pilot_ids, pid);
		if (near)
			return bad(err, file, path, "unknown pilot '%.40s' (did you mean %s?)", pid, near);
		return bad(err, file, path, "unknown pilot '%.40s' (not in the xwing catalog: "
			"formats/xwing.md)", pid);
	}
	t = &xw_ship_types[xw_pilots[*k].type];
	if (ship) {
		snprintf(path, sizeof path, "$.pilots[%zu].ship", i);
		if (!json_is_string(ship))
			return bad(err, file, path, "a ship id is a string");
		if (strcmp(json_string_value(ship), t->xws) != 0)
			return bad(err, file, path, "'%.40s', but %s flies a %s (%s)",
				json_string_value(ship), pid, t->name, t->xws);
	}
	if (faction && strcmp(faction, t->faction) != 0) {
		snprintf(path, sizeof path, "$.pilots[%zu].id", i);
		return bad(err, file, path, "%s flies for %s, not for the squad's faction %s", pid,
			t->faction, faction);
	}
	return 0;
}

typedef struct ship_map {
	int n;
	int pilot[XW_MAX_SHIPS], squad[XW_MAX_SHIPS];   /* of each ship line */
	xw_loadout lo[XW_MAX_SHIPS];
} ship_map;

/* One squad's pilots into m, checked as a squad of the point system sys. */
static int squad_read(sl_error *err, const char *file, json_t *root, int p, int sys,
	ship_map *m)
{
	json_t *pilots = json_object_get(root, "pilots"), *fac = json_object_get(root, "faction");
	const char *faction = json_is_string(fac) ? json_string_value(fac) : NULL;
	size_t i;
	json_t *pl;
	int first = m->n, pts, badship;
	char why[240], path[64];
	if (!json_is_object(root))
		return bad(err, file, "$", "an XWS squad is a JSON object");
	if (fac && !faction)
		return bad(err, file, "$.faction", "a faction is a string");
	if (!json_is_array(pilots))
		return bad(err, file, "$.pilots", "an XWS squad has an array of pilots");
	if (json_array_size(pilots) == 0)
		return bad(err, file, "$.pilots", "the squad has no pilot");
	json_array_foreach(pilots, i, pl) {
		int k = -1;
		if (m->n >= XW_MAX_SHIPS)
			return bad(err, file, "$.pilots", "more than %d ships in all", XW_MAX_SHIPS);
		if (pilot_of(err, file, i, pl, faction, &k)
		    || upgrade_list(err, file, i, json_object_get(pl, "upgrades"), &m->lo[m->n]))
			return SL_EFORMAT;
		m->lo[m->n].pilot = k;
		m->pilot[m->n] = (int)i;
		m->squad[m->n] = p;
		m->n++;
	}
	if (xw_squad_check(m->lo + first, m->n - first, sys, &pts, &badship, why, sizeof why)) {
		if (badship >= 0)
			snprintf(path, sizeof path, "$.pilots[%d]", m->pilot[first + badship]);
		else
			snprintf(path, sizeof path, "$");
		return bad(err, file, path, "%s", why);
	}
	return 0;
}

/* The ship lines, deployed as published (rules reference, Setup): in
 * initiative order, lowest first, the first player's before the second's on
 * a tie; each squad spread along its player's edge, every base wholly within
 * range 1 of it, facing the other edge. m is reordered to the lines. */
static void ship_lines(ship_map *m, sl_buf *out)
{
	ship_map o = *m;
	int count[REC_XWS_MAX] = {0, 0}, per[REC_XWS_MAX] = {0, 0}, used[XW_MAX_SHIPS] = {0};
	for (int k = 0; k < m->n; k++)
		per[m->squad[k]]++;
	for (int line = 0; line < m->n; line++) {
		int best = -1;
		for (int k = 0; k < m->n; k++) {
			int ik, ib;
			if (used[k])
				continue;
			ik = xw_pilots[o.lo[k].pilot].initiative;
			ib = best < 0 ? 99 : xw_pilots[o.lo[best].pilot].initiative;
			if (best < 0 || ik < ib || (ik == ib && o.squad[k] < o.squad[best]))
				best = k;
		}
		used[best] = 1;
		m->pilot[line] = o.pilot[best];
		m->squad[line] = o.squad[best];
		m->lo[line] = o.lo[best];
		{
			int p = o.squad[best], c = count[p]++;
			const xw_ship_type *t = &xw_ship_types[xw_pilots[o.lo[best].pilot].type];
			int32_t half = xw_base_len(t->size) / 2, y = XW_RANGE - half - 100;
			int32_t x = (int32_t)((int64_t)XW_MAT * (c + 1) / (per[p] + 1));
			sl_buf_printf(out, "ship id=%c%d pilot=%s side=p%d x=%d y=%d heading=%d",
				'a' + p, c + 1, xw_pilots[o.lo[best].pilot].xws, p + 1, x,
				p == 0 ? y : XW_MAT - y, p == 0 ? 0 : 1800);
			for (int u = 0; u < o.lo[best].nup; u++)
				sl_buf_printf(out, "%s%s", u ? "," : " upgrades=\"",
					xw_upgrades[o.lo[best].up[u]].xws);
			sl_buf_puts(out, o.lo[best].nup ? "\"\n" : "\n");
		}
	}
}

/* The obstacles of a standard game (rules reference, Setup: six, placed by
 * the players in turn, the first player first, each wholly beyond range 2
 * of every edge and beyond range 1 of the others): three asteroids and three
 * debris clouds with their printed outlines (`hazard`, rules version 4: the
 * Force Awakens core set's asteroids 0-2, the YT-2400's debris clouds 0-1,
 * the VT-49's 0), or with REC_XWS_DISCS the core set's as discs (D3). The
 * positions keep every gap 2 mm or more over its rule (measured on the
 * outlines); the rules check them again when the squads are applied. */
static void obstacle_lines(sl_buf *out, int flags)
{
	static const struct { const char *id, *kind; int32_t x, y, r; } ob[6] = {
		{"rock1", "asteroid", 30000, 40000, 3500}, {"rock2", "asteroid", 61440, 51440, 3500},
		{"dust1", "debris", 45720, 31000, 3000}, {"dust2", "debris", 45720, 60440, 3000},
		{"rock3", "asteroid", 28000, 62000, 3000}, {"dust3", "debris", 63440, 29440, 3000},
	};
	static const struct { const char *id, *shape; int32_t x, y, a; } hz[6] = {
		{"rock1", "tfa-a1", 32503, 53936, 3450}, {"dust1", "yt2400-d0", 58076, 44231, 1800},
		{"rock2", "tfa-a0", 44136, 28491, 3000}, {"dust2", "yt2400-d1", 27131, 27583, 1800},
		{"rock3", "tfa-a2", 64375, 64110, 2550}, {"dust3", "vt49-d0", 63970, 23884, 0},
	};
	sl_buf_puts(out, "# obstacles, placed in turn by p1 and p2\n");
	for (int k = 0; k < 6; k++)
		if (flags & REC_XWS_DISCS)
			sl_buf_printf(out, "obstacle id=%s kind=%s x=%d y=%d r=%d\n", ob[k].id,
				ob[k].kind, ob[k].x, ob[k].y, ob[k].r);
		else
			sl_buf_printf(out, "hazard id=%s shape=%s x=%d y=%d a=%d\n", hz[k].id,
				hz[k].shape, hz[k].x, hz[k].y, hz[k].a);
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

static void header_lines(sl_buf *out, json_t *const *roots, const char *const *files, int nsq,
	int sys, int flags)
{
	static const uint32_t colours[REC_XWS_MAX] = {0xc0392b, 0x2f6fd0};
	char name[REC_XWS_MAX][96];
	for (int s = 0; s < nsq; s++)
		header_name(roots[s], s, name[s], sizeof name[s]);
	sl_buf_printf(out, "sil %d\ngame xwing %d\n", SL_SIL_VERSION, sl_game_xwing.rules_version);
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
	sl_buf_printf(out, "meta xwing-points %s\n", xw_points_name(sys));
	if (nsq == REC_XWS_MAX)
		sl_buf_puts(out, "meta xwing-setup standard\n");
	sl_buf_puts(out, "\n");
	if (nsq == REC_XWS_MAX)
		obstacle_lines(out, flags);
	sl_buf_puts(out, "# ships deployed in initiative order, within range 1 of their edge\n");
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
		if (log->ev[k].type != 1) {   /* an obstacle */
			if ((rc = g->apply(st, &log->h, &log->ev[k], NULL, &e)) != 0) {
				if (rc != SL_ENOMEM && rc != SL_EIO)
					rc = e.code;
				else   /* no fault of the squad's */
					sl_error_set(&e, rc, "out of memory");
				*err = e;
				goto out;
			}
			continue;
		}
		if ((rc = g->apply(st, &log->h, &log->ev[k], NULL, &e)) != 0) {
			if (rc == SL_ENOMEM || rc == SL_EIO) {   /* no fault of the squad's */
				sl_error_set(&e, rc, "out of memory");
				*err = e;
				goto out;
			}
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

int rec_xws_import(sl_buf *out, const char *const *files, int nsq, int flags, sl_error *err)
{
	json_t *roots[REC_XWS_MAX] = {NULL, NULL};
	ship_map m;
	sl_buf text;
	int rc = 0, sys = XW_POINTS_20;
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
	{
		/* the point system: XWS "version" 2.5.x (as the 2.5 builders write), else 2.0 */
		json_t *v = json_object_get(roots[0], "version");
		if (json_is_string(v) && strncmp(json_string_value(v), "2.5", 3) == 0)
			sys = XW_POINTS_25;
	}
	for (int s = 0; s < nsq; s++)
		if ((rc = squad_read(err, files[s], roots[s], s, sys, &m)) != 0)
			goto out;
	header_lines(&text, roots, files, nsq, sys, flags);
	ship_lines(&m, &text);
	if (text.failed) {
		rc = sl_error_set(err, SL_EIO, "out of memory");
		goto out;
	}
	if ((rc = check_ships(&text, files, &m, err)) != 0)
		goto out;
	sl_buf_put(out, text.data, text.len);
	if (out->failed)   /* the caller's copy cut: said here, not written as an empty log */
		rc = sl_error_set(err, SL_ENOMEM, "out of memory");
out:
	for (int s = 0; s < REC_XWS_MAX; s++)
		json_decref(roots[s]);
	sl_buf_free(&text);
	return rc;
}
