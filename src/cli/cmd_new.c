/* cmd_new.c - `sillage new GAME [options] -o FILE`: a new game from its
 * template (src/record/new*.c), checked by the rules before anything is
 * written; `new --list` and `new GAME --list` say what each game offers.
 * The game's own options come from its template's usage lines, so this file
 * knows no game. */
#include "cli.h"
#include "record/new.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_OPTS 64

typedef struct new_args {
	const char *out;
	int list, force, help;
	rec_new_opt opt[MAX_OPTS];
	int nopt;
} new_args;

/* One usage line, "  " first, wrapped within 80 columns (the rest of a
 * long line indented by 6). */
static void usage_line(FILE *f, const char *p, size_t n)
{
	int col = 2, first = 1;
	fputs("  ", f);
	while (n) {
		size_t w = 0;
		while (w < n && p[w] != ' ')
			w++;
		if (!first && col + 1 + (int)w > 80) {
			fputs("\n      ", f);
			col = 6;
		} else if (!first) {
			fputc(' ', f);
			col++;
		}
		fwrite(p, 1, w, f);
		col += (int)w;
		first = 0;
		p += w;
		n -= w;
		if (n && *p == ' ') {   /* keep a double space (name  help) as it is */
			p++;
			n--;
			if (n && *p == ' ' && col < 79) {
				fputc(' ', f);
				col++;
				p++;
				n--;
			}
		}
	}
	fputc('\n', f);
}

static void print_game(FILE *f, const rec_template *t, int with_list)
{
	sl_buf b;
	sl_error err;
	fprintf(f, "%s\n", t->game);
	for (const char *p = t->usage; p && *p;) {
		size_t n = strcspn(p, "\n");
		usage_line(f, p, n);
		p += n + (p[n] == '\n');
	}
	if (!with_list)
		return;
	sl_buf_init(&b);
	sl_error_clear(&err);
	if (t->list(&b, &err) == 0 && b.len) {
		fputs("  offers:\n", f);
		for (const char *p = (const char *)b.data, *e = p + b.len; p < e;) {
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
			fprintf(f, "    %.*s\n", (int)n, p);
			p += n + 1;
		}
	}
	sl_buf_free(&b);
}

/* Every game's options, for `new --help` and the man page. */
void cli_new_games(FILE *f)
{
	for (int i = 0; rec_new_templates[i]; i++)
		print_game(f, rec_new_templates[i], 0);
}

static int new_help(void)
{
	printf("usage: sillage new GAME [options] -o FILE\n"
	       "  start a new game from the game's template, checked by the rules\n\n"
	       "options of every game:\n"
	       "  -o, --output FILE   the new log: .sil text, .silb binary (by extension); - for\n"
	       "                      standard output (text; --format silb for binary)\n"
	       "  --force             overwrite FILE if it exists (else refused)\n"
	       "  --format sil|silb   with -o -: the format written\n"
	       "  --list              what GAME offers (scenarios, maps, factions...); without\n"
	       "                      GAME, every game's\n\n"
	       "options of each game:\n");
	cli_new_games(stdout);
	return EXIT_OK;
}

/* One argument at argv[*i]: a common option, or a game's --key[=value]. */
static int parse_one(const rec_template *t, int argc, char **argv, int *i, new_args *a)
{
	const char *s = argv[*i], *eq;
	char key[64];
	size_t len;
	if (strcmp(s, "-o") == 0 || strcmp(s, "--output") == 0) {
		if (*i + 1 >= argc)
			return cli_usage("new", "%s needs a value (%s FILE)", s, s);
		a->out = argv[++*i];
		return 0;
	}
	if (strncmp(s, "--output=", 9) == 0) {
		a->out = s + 9;
		return 0;
	}
	if (strcmp(s, "--list") == 0 || strcmp(s, "--force") == 0) {
		*(s[2] == 'l' ? &a->list : &a->force) = 1;
		return 0;
	}
	if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
		a->help = 1;
		return 0;
	}
	if (strcmp(s, "--format") == 0 || strncmp(s, "--format=", 9) == 0) {
		const char *v = s[8] == '=' ? s + 9 : *i + 1 < argc ? argv[++*i] : NULL;
		static const char *const fmts[] = {"sil", "silb", NULL};
		if (!v)
			return cli_usage("new", "--format needs a value (--format sil|silb)");
		return cli_format_opt(&cli_format, v, fmts, "new") ? EXIT_USAGE : 0;
	}
	if (strncmp(s, "--", 2) != 0 || !s[2])
		return cli_usage("new", "unexpected operand '%s' (the game's options are --KEY VALUE; "
			"`sillage new %s --list`)", s, t->game);
	if (a->nopt >= MAX_OPTS)
		return cli_usage("new", "more than %d options", MAX_OPTS);
	eq = strchr(s + 2, '=');
	len = eq ? (size_t)(eq - s - 2) : strlen(s + 2);
	if (len >= sizeof key)
		return cli_usage("new", "option too long: %.40s...", s);
	memcpy(key, s + 2, len);
	key[len] = 0;
	a->opt[a->nopt].key = s + 2;   /* cut at '=' below, in argv's own copy */
	a->opt[a->nopt].val = eq ? eq + 1 : NULL;
	if (eq)
		*(char *)eq = 0;
	else if (rec_new_takes_value(t, key) == 1
		 || (rec_new_takes_value(t, key) < 0 && *i + 1 < argc && argv[*i + 1][0] != '-')) {
		/* an unknown --key VALUE keeps its value, so the error names the key */
		if (*i + 1 >= argc)
			return cli_usage("new", "--%s needs a value", key);
		a->opt[a->nopt].val = argv[++*i];
	}
	a->nopt++;
	return 0;
}

static int list_all(void)
{
	for (int i = 0; rec_new_templates[i]; i++) {
		if (i)
			putchar('\n');
		print_game(stdout, rec_new_templates[i], 1);
	}
	return EXIT_OK;
}

static int unknown_game(const char *game)
{
	const char *names[16], *near;
	int n = 0;
	for (; rec_new_templates[n] && n < 15; n++)
		names[n] = rec_new_templates[n]->game;
	near = cli_suggest(game, strlen(game), names, n);
	if (near)
		return cli_usage("new", "no template for game '%s'; did you mean '%s'?", game, near);
	return cli_usage("new", "no template for game '%s' (`sillage new --list`)", game);
}

/* What was made, on standard error when the log went to standard output. */
static void say_made(const sl_log *log, const char *out)
{
	FILE *f = strcmp(out, "-") == 0 ? stderr : stdout;
	size_t ev = 0;
	for (size_t k = 0; k < log->n; k++)
		ev += log->ev[k].entry == SL_ENTRY_EVENT;
	fprintf(f, "%s: a new %s game", strcmp(out, "-") == 0 ? "<stdout>" : out, log->game->id);
	if (log->h.title && *log->h.title)
		fprintf(f, ", \"%s\"", log->h.title);
	fprintf(f, ": %d player%s, %zu setup entr%s, checked by the rules", log->h.nplayers,
		log->h.nplayers == 1 ? "" : "s", ev, ev == 1 ? "y" : "ies");
	if (strcmp(out, "-") != 0)
		fprintf(f, "; go on with `sillage record %s`", out);
	fputc('\n', f);
}

int cmd_new(int argc, char **argv)
{
	new_args a;
	const rec_template *t;
	rec_new_secret sec[SL_MAX_PLAYERS];
	int nsec = 0;
	sl_log *log = NULL;
	sl_error err;
	struct stat sb;
	int rc;
	if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)
		return argc < 2 ? (new_help(), EXIT_USAGE) : new_help();
	if (strcmp(argv[1], "--list") == 0)
		return argc == 2 ? list_all() : cli_usage("new", "--list takes no operand; "
			"`sillage new GAME --list` lists one game's");
	if (!(t = rec_new_find(argv[1])))
		return unknown_game(argv[1]);
	memset(&a, 0, sizeof a);
	for (int i = 2; i < argc; i++)
		if ((rc = parse_one(t, argc, argv, &i, &a)) != 0)
			return rc;
	if (a.help)
		return new_help();
	if (a.list) {
		print_game(stdout, t, 1);
		return EXIT_OK;
	}
	if (!a.out)
		return cli_usage("new", "say where to write the new game: -o FILE.sil, -o FILE.silb, "
			"or -o - for standard output");
	if (strcmp(a.out, "-") != 0 && !a.force && stat(a.out, &sb) == 0)
		return cli_usage("new", "%s exists: a new game does not overwrite a log (--force to "
			"replace it)", a.out);
	sl_error_clear(&err);
	/* hidden cards are dealt only where their salts can be kept: beside FILE */
	if ((rc = rec_new_build_dealt(&log, strcmp(a.out, "-") ? sec : NULL, &nsec, t, a.opt,
	    a.nopt, &err)) != 0) {
		rec_new_secrets_free(sec, nsec);
		rc = cli_report(&err);
		if (rc == EXIT_USAGE)
			fprintf(stderr, "(see 'sillage new %s --list')\n", t->game);
		return rc;
	}
	if (nsec && rec_new_write_secrets(a.out, sec, nsec, &err) != 0)
		rc = cli_report(&err);   /* no log without its secrets */
	else if ((rc = cli_save_log(log, a.out)) == EXIT_OK)
		say_made(log, a.out);
	else
		rec_new_remove_secrets(a.out, sec, nsec);   /* nor secrets without their log */
	if (nsec && rc == EXIT_OK)
		printf("%s: %d secret%s dealt sealed, each player's in %s.ID.secret (keep each to its "
			"player)\n", a.out, nsec, nsec == 1 ? "" : "s", a.out);
	rec_new_secrets_free(sec, nsec);
	sl_log_free(log);
	return rc;
}

/* ---- sillage upgrade FILE [-o OUT] ---------------------------------------- */

typedef struct upgrade_args {
	const char *out;
} upgrade_args;

static int upgrade_opt(int key, const char *arg, void *ctx)
{
	static const char *const logs[] = {"sil", "silb", NULL};
	if (key == 'o')
		((upgrade_args *)ctx)->out = arg;
	else if (key == 313)
		return cli_format_opt(&cli_format, arg, logs, NULL);
	return 0;
}

/* FILE with ".vN" before its extension: ferrix.sil -> ferrix.v1.sil. */
static void kept_name(char *buf, size_t n, const char *path, int version)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	if (!dot || (slash && dot < slash))
		snprintf(buf, n, "%s.v%d", path, version);
	else
		snprintf(buf, n, "%.*s.v%d%s", (int)(dot - path), path, version, dot);
}

/* Without -o: FILE is rewritten in place, its old bytes kept as FILE.vN. */
static int keep_original(const char *path, int from)
{
	char kept[4200];
	struct stat sb;
	sl_error err;
	char *data;
	size_t n;
	int rc;
	kept_name(kept, sizeof kept, path, from);
	if (stat(kept, &sb) == 0)
		return cli_usage("upgrade", "%s exists: give -o OUT, or move it away (it would keep the "
			"log as recorded)", kept);
	sl_error_clear(&err);
	if ((rc = sl_read_file(path, (size_t)1 << 30, &data, &n, &err)) == 0) {
		rc = sl_write_file_atomic(kept, data, n, &err);
		sl_free(data);
	}
	if (rc)
		return cli_report(&err);
	printf("%s: the log as recorded (rules version %d) kept as %s\n", path, from, kept);
	return EXIT_OK;
}

/* What upgrade did, and where today's rules first give another position
 * than the one recorded (on standard error when the log went to stdout). */
static void say_upgraded(const sl_log *log, const char *out, const rec_upgrade_info *info)
{
	FILE *f = strcmp(out, "-") == 0 ? stderr : stdout;
	const char *name = strcmp(out, "-") == 0 ? "<stdout>" : out;
	if (info->from == log->game->rules_version)
		fprintf(f, "%s: resealed under %s rules %d: %zu entries replayed and given fresh state "
			"checks\n", name, log->game->id, info->from, log->n);
	else
		fprintf(f, "%s: upgraded from %s rules %d to %d: %zu entries replayed by today's rules "
			"and sealed anew\n", name, log->game->id, info->from, log->game->rules_version,
			log->n);
	if (info->differ && info->from == log->game->rules_version) {
		const sl_event *ev = &log->ev[info->first_diff];
		fprintf(f, "%s: warning: %ld of the %ld recorded state checks differ from today's, the "
			"first at %s:%u (entry %ld): from there the positions are today's rules', not the "
			"recording's\n", name, info->differ, info->checked, log->name ? log->name : "log",
			ev->line, info->first_diff + 1);
	} else if (info->differ) {   /* another version may keep more in its state */
		fprintf(f, "%s: %ld of the %ld state checks recorded under version %d differ from "
			"today's (a new version's state may hold more, so compare `sillage state` of the "
			"two logs)\n", name, info->differ, info->checked, info->from);
	}
}

int cmd_upgrade(int argc, char **argv)
{
	upgrade_args a;
	sl_log *log = NULL;
	sl_error err;
	rec_upgrade_info info;
	int i, rc, from;
	memset(&a, 0, sizeof a);
	i = cli_parse(cli_find("upgrade"), argc, argv, upgrade_opt, &a);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (argc - i != 1)
		return cli_usage("upgrade", "expected one FILE");
	sl_error_clear(&err);
	if ((rc = cli_load(&log, argv[i], &err)) != 0)
		return cli_report_silb(&err, argv[i]);
	if (log->game && log->h.rules_version == sl_game_find(log->game->id)->rules_version
	    && !a.out) {
		printf("%s: already under %s rules version %d; nothing to upgrade\n", argv[i],
			log->game->id, log->h.rules_version);
		sl_log_free(log);
		return EXIT_OK;
	}
	rc = rec_upgrade(log, &info, &err);
	from = info.from;
	if (rc != 0) {
		rc = cli_report(&err);
		if (rc == EXIT_FAIL)
			fprintf(stderr, "sillage: %s: not upgraded from %s rules %d to %d: the entry above is "
				"refused by today's rules (nothing written; formats/%s.md says what changed)\n",
				argv[i], log->game->id, from, log->game->rules_version, log->game->id);
		sl_log_free(log);
		return rc;
	}
	if (!a.out && (rc = keep_original(argv[i], from)) != EXIT_OK) {
		sl_log_free(log);
		return rc;
	}
	if ((rc = cli_save_log(log, a.out ? a.out : argv[i])) == EXIT_OK)
		say_upgraded(log, a.out ? a.out : argv[i], &info);
	sl_log_free(log);
	return rc;
}
