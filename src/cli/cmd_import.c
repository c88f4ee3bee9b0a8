/* cmd_import.c - `sillage import`: XWS squad files (the community's JSON
 * format that squad builders export) into the setup of an xwing log. The
 * JSON is read with jansson (a kept library); every pilot and upgrade id is
 * looked up in the module's catalog and the setup it makes is checked by
 * the rules before anything is written. Errors name the JSON path. */
#include "cli.h"
#include "games/xwing/xwing.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SQUADS 2

typedef struct import_args {
	const char *out;
} import_args;

static int import_opt(int key, const char *arg, void *ctx)
{
	import_args *a = ctx;
	if (key == 'o') {
		a->out = arg;
		return 0;
	}
	return -1;
}

/* "FILE: $.path: message" on stderr; exit 3 (an unsupported input). */
static int bad(const char *file, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int bad(const char *file, const char *path, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "sillage: %s: %s: ", file, path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_INPUT;
}

static const char *faction_of_type(const char *ship_xws)
{
	for (int t = 0; t < xw_nship_types; t++)
		if (strcmp(xw_ship_types[t].xws, ship_xws) == 0)
			return xw_ship_types[t].faction;
	return NULL;
}

/* One squad into ship lines for player `p` (0 bottom edge, 1 top edge). */
static int squad_lines(const char *file, json_t *root, int p, sl_buf *out, int *nships,
	int pilot_of_line[XW_MAX_SHIPS], int squad_of_line[XW_MAX_SHIPS])
{
	json_t *pilots = json_object_get(root, "pilots"), *fac = json_object_get(root, "faction");
	const char *faction = json_is_string(fac) ? json_string_value(fac) : NULL;
	size_t i;
	json_t *pl;
	char path[160];
	if (!json_is_object(root))
		return bad(file, "$", "an XWS squad is a JSON object");
	if (json_object_get(root, "faction") && !faction)
		return bad(file, "$.faction", "a faction is a string");
	if (!json_is_array(pilots))
		return bad(file, "$.pilots", "an XWS squad has an array of pilots");
	if (json_array_size(pilots) == 0)
		return bad(file, "$.pilots", "the squad has no pilot");
	json_array_foreach(pilots, i, pl) {
		json_t *id = json_object_get(pl, "id"), *ship = json_object_get(pl, "ship");
		json_t *ups = json_object_get(pl, "upgrades");
		const char *pid, *key;
		const xw_ship_type *t;
		json_t *list;
		int k, n = 0, count;
		unsigned mask = 0;
		if (!json_is_object(pl)) {
			snprintf(path, sizeof path, "$.pilots[%zu]", i);
			return bad(file, path, "a pilot is a JSON object");
		}
		if (!id)
			id = json_object_get(pl, "name");   /* XWS before 2.0 named pilots by "name" */
		snprintf(path, sizeof path, "$.pilots[%zu].id", i);
		if (!json_is_string(id))
			return bad(file, path, "a pilot needs its XWS id, a string");
		pid = json_string_value(id);
		k = xw_pilot_find(pid);
		if (k < 0)
			return bad(file, path, "unknown pilot '%.40s' (not in the xwing catalog: "
				"formats/xwing.md)", pid);
		t = &xw_ship_types[xw_pilots[k].type];
		if (ship) {
			snprintf(path, sizeof path, "$.pilots[%zu].ship", i);
			if (!json_is_string(ship))
				return bad(file, path, "a ship id is a string");
			if (strcmp(json_string_value(ship), t->xws) != 0)
				return bad(file, path, "'%.40s', but %s flies a %s (%s)",
					json_string_value(ship), pid, t->name, t->xws);
		}
		if (faction && strcmp(faction, faction_of_type(t->xws)) != 0) {
			snprintf(path, sizeof path, "$.pilots[%zu].id", i);
			return bad(file, path, "%s flies for %s, not for the squad's faction %s", pid,
				t->faction, faction);
		}
		if (ups && !json_is_object(ups)) {
			snprintf(path, sizeof path, "$.pilots[%zu].upgrades", i);
			return bad(file, path, "upgrades are an object of slot: [ids]");
		}
		if (ups)
			json_object_foreach(ups, key, list) {
				size_t j;
				json_t *u;
				snprintf(path, sizeof path, "$.pilots[%zu].upgrades.%.30s", i, key);
				if (!json_is_array(list))
					return bad(file, path, "a slot holds an array of upgrade ids");
				json_array_foreach(list, j, u) {
					int ui;
					snprintf(path, sizeof path, "$.pilots[%zu].upgrades.%.30s[%zu]", i, key, j);
					if (!json_is_string(u))
						return bad(file, path, "an upgrade id is a string");
					ui = xw_upgrade_find(json_string_value(u));
					if (ui < 0)
						return bad(file, path, "unknown upgrade '%.40s' (not in the xwing "
							"catalog)", json_string_value(u));
					mask |= 1u << ui;
				}
			}
		if (*nships >= XW_MAX_SHIPS)
			return bad(file, "$.pilots", "more than %d ships in all", XW_MAX_SHIPS);
		count = 0;
		for (int q = 0; q < *nships; q++)
			count += squad_of_line[q] == p;
		pilot_of_line[*nships] = (int)i;
		squad_of_line[*nships] = p;
		(*nships)++;
		/* along the player's edge, 120 mm apart, facing the other edge */
		sl_buf_printf(out, "ship id=%c%d pilot=%s side=p%d x=%d y=%d heading=%d", 'a' + p,
			count + 1, pid, p + 1, 10000 + count * 12000,
			p == 0 ? 8000 : XW_MAT - 8000, p == 0 ? 0 : 1800);
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

/* XWS squads into an xwing log. */
static int import_xws(int argc, char **argv)
{
	import_args a;
	json_t *roots[MAX_SQUADS] = {NULL, NULL};
	const char *files[MAX_SQUADS] = {NULL, NULL};
	int i, nsq, rc = EXIT_OK, nships = 0, pilot_of[XW_MAX_SHIPS], squad_of[XW_MAX_SHIPS];
	sl_buf text;
	sl_log *log = NULL;
	void *st = NULL;
	sl_error err;
	const sl_game *g = sl_game_find("xwing");
	static const uint32_t colours[MAX_SQUADS] = {0xc0392b, 0x2f6fd0};

	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("import"), argc, argv, import_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	nsq = argc - i;
	if (nsq < 1 || nsq > MAX_SQUADS)
		return cli_usage("import", "give one or two XWS squad files");
	sl_buf_init(&text);
	for (int s = 0; s < nsq; s++) {
		json_error_t je;
		files[s] = argv[i + s];
		roots[s] = json_load_file(files[s], JSON_REJECT_DUPLICATES, &je);
		if (!roots[s]) {
			fprintf(stderr, "sillage: %s:%d:%d: not an XWS squad: %s\n", files[s], je.line,
				je.column, je.text);
			rc = EXIT_INPUT;
			goto out;
		}
	}
	sl_buf_puts(&text, "sil 1\ngame xwing 1\n");
	{
		char n0[96], n1[96];
		header_name(roots[0], 0, n0, sizeof n0);
		if (nsq > 1) {
			header_name(roots[1], 1, n1, sizeof n1);
			sl_buf_printf(&text, "title %s against %s\n", n0, n1);
		} else {
			sl_buf_printf(&text, "title %s\n", n0);
		}
		for (int s = 0; s < nsq; s++) {
			header_name(roots[s], s, s ? n1 : n0, 96);
			sl_buf_printf(&text, "player p%d \"%s\" #%06x\n", s + 1, s ? n1 : n0, colours[s]);
		}
	}
	for (int s = 0; s < nsq; s++) {
		const char *base = strrchr(files[s], '/');
		sl_buf_printf(&text, "meta xws%d %s\n", s + 1, base ? base + 1 : files[s]);
	}
	sl_buf_puts(&text, "\n# setup from XWS: each squad along its player's edge, 120 mm apart;\n"
		"# move the ships to the scenario's deployment before `turn 1`\n");
	for (int s = 0; s < nsq; s++)
		if ((rc = squad_lines(files[s], roots[s], s, &text, &nships, pilot_of, squad_of)) != 0)
			goto out;
	if (text.failed) {
		rc = EXIT_IO;
		goto out;
	}
	/* the rules check the setup (slots, room on the mat) before it is written */
	sl_error_clear(&err);
	if (sl_sil_read(&log, "<import>", (const char *)text.data, text.len, &err) != 0
	    || g->init(&st, &log->h, &err) != 0) {
		rc = cli_report(&err);
		goto out;
	}
	for (size_t k = 0, ship = 0; k < log->n; k++) {
		if (log->ev[k].entry != SL_ENTRY_EVENT)
			continue;
		if (g->apply(st, &log->h, &log->ev[k], NULL, &err) != 0) {
			char path[64];
			snprintf(path, sizeof path, "$.pilots[%d]", pilot_of[ship]);
			rc = bad(files[squad_of[ship]], path, "%s", err.msg);
			goto out;
		}
		ship++;
	}
	if (a.out && strcmp(a.out, "-") != 0) {   /* -o -: standard output */
		if (sl_write_file_atomic(a.out, text.data, text.len, &err) != 0) {
			rc = cli_report(&err);
			goto out;
		}
	} else if (fwrite(text.data, 1, text.len, stdout) != text.len) {
		rc = EXIT_IO;
	}
out:
	if (st)
		g->destroy(st);
	sl_log_free(log);
	for (int s = 0; s < MAX_SQUADS; s++)
		json_decref(roots[s]);
	sl_buf_free(&text);
	return rc;
}

/* One verb for every importer: --ti4-map names the ti4 one, files the XWS one. */
int cmd_import(int argc, char **argv)
{
	for (int k = 1; k < argc && strcmp(argv[k], "--") != 0; k++)
		if (strcmp(argv[k], "--ti4-map") == 0 || strncmp(argv[k], "--ti4-map=", 10) == 0)
			return cli_import_ti4(argc, argv);
	return import_xws(argc, argv);
}
