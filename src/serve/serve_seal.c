/* serve_seal.c - hidden choices in `sillage serve`: an X-Wing dial, an FMP
 * turn-21 stay-or-leave. The player names the choice in clear; the server
 * draws the salt, records only the commitment (formats/commit.md) and keeps
 * the secret in FILE.seal (0600, synced before the commitment is recorded)
 * until it records the reveal itself. The words of a log line are read
 * here too (the player, the event, a field). */
#include "serve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each game's commitment and reveal events, as formats/<game>.md names them. */
static const serve_seal_kind kinds[] = {
	/* formats/xwing.md: "dial ship commit" at planning, "reveal ship dial salt" */
	{"xwing", "dial", "commit", "dial", "reveal", "dial", "salt", "ship", "xwing-dial"},
	/* formats/fmp.md: "commit ship hash", then "reveal ship choice salt" (turn 21) */
	{"fmp", "commit", "hash", "choice", "reveal", "choice", "salt", "ship", "fmp-takeoff"},
	/* formats/ti4.md: "draw deck=secret commit" dealt by the new-game page (no
	 * sealing in play), "objective do=score id salt": the id is the key and the
	 * content, the salt is filled in */
	{"ti4", "draw", "commit", "card", "objective", "id", "salt", "id", "ti4-secret"},
	{NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL}
};

const serve_seal_kind *serve_seal_kind_of(const char *game)
{
	for (int k = 0; kinds[k].game; k++)
		if (strcmp(kinds[k].game, game) == 0)
			return &kinds[k];
	return NULL;
}

/* ---- the words of a line: "PLAYER: event name=value name="quoted" ..." ---- */

static const char *skip_blank(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The end of the word at p (a quoted value kept whole). */
static const char *word_end(const char *p)
{
	int q = 0;
	for (; *p && (q || (*p != ' ' && *p != '\t')); p++)
		if (*p == '"')
			q = !q;
	return p;
}

int serve_line_player(const char *line, char *out, size_t n)
{
	const char *p = skip_blank(line), *e = word_end(p);
	if (e == p || e[-1] != ':' || memchr(p, '=', (size_t)(e - p)) || (size_t)(e - p) > n)
		return -1;
	snprintf(out, n, "%.*s", (int)(e - p - 1), p);
	return 0;
}

const char *serve_line_event(const char *line, size_t *n)
{
	const char *p = skip_blank(line), *e = word_end(p);
	if (e > p && e[-1] == ':') {   /* after "PLAYER:" */
		p = skip_blank(e);
		e = word_end(p);
	}
	*n = (size_t)(e - p);
	return e > p ? p : NULL;
}

/* The start of the word "name=..." in line, or NULL. */
static char *field_at(const char *line, const char *name)
{
	size_t m = strlen(name);
	const char *p = skip_blank(line);
	while (*p) {
		const char *e = word_end(p);
		if ((size_t)(e - p) > m && strncmp(p, name, m) == 0 && p[m] == '=')
			return (char *)(uintptr_t)p;
		p = skip_blank(e);
	}
	return NULL;
}

int serve_line_field(const char *line, const char *name, char *out, size_t n)
{
	const char *p = field_at(line, name), *e, *v;
	size_t len;
	if (!p)
		return -1;
	v = p + strlen(name) + 1;
	e = word_end(v);
	len = (size_t)(e - v);
	if (len >= 2 && v[0] == '"' && v[len - 1] == '"') {
		v++;
		len -= 2;
	}
	if (len >= n)
		return -1;
	memcpy(out, v, len);
	out[len] = 0;
	return 0;
}

void serve_line_drop(char *line, const char *name)
{
	char *p = field_at(line, name), *e;
	if (!p)
		return;
	e = (char *)(uintptr_t)skip_blank(word_end(p));
	while (p > line && (p[-1] == ' ' || p[-1] == '\t') && !*e)
		p--;   /* the last word: the blank before it goes too */
	memmove(p, e, strlen(e) + 1);
}

/* ---- FILE.seal -------------------------------------------------------------- */

int serve_seal_load(server *s)
{
	FILE *f = fopen(s->seal_path, "r");
	char line[512];
	s->nseals = 0;
	if (!f) {
		if (errno == ENOENT)
			return 0;
		fprintf(stderr, "sillage: serve: %s: %s\n", s->seal_path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		serve_seal sl;
		serve_seal *v;
		memset(&sl, 0, sizeof sl);
		if (line[0] == '#' || sscanf(line, "seal %63s %63s %63s %32s", sl.player, sl.key, sl.content, sl.salt) != 4)
			continue;
		v = sl_realloc(s->seals, sizeof *v * (size_t)(s->nseals + 1));
		if (!v) {
			fclose(f);
			return -1;
		}
		s->seals = v;
		s->seals[s->nseals++] = sl;
	}
	fclose(f);
	return 0;
}

int serve_seal_save(server *s)
{
	sl_buf b;
	int r;
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage serve: the sealed choices of %s, secret until revealed (docs/serve.md)\n",
		s->o.path);
	for (int k = 0; k < s->nseals; k++)
		sl_buf_printf(&b, "seal %s %s %s %s\n", s->seals[k].player, s->seals[k].key, s->seals[k].content,
			s->seals[k].salt);
	r = b.failed ? -1 : serve_private_write(s->seal_path, (const char *)b.data, b.len);
	if (r)
		fprintf(stderr, "sillage: serve: %s: cannot write: %s\n", s->seal_path, strerror(errno));
	sl_buf_free(&b);
	return r;
}
