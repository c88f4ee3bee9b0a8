/* rec_sealfile.c - FILE.seal, the secrets of the hidden choices the
 * recorder sealed (rec_seal.c), as `sillage serve` keeps them: one line
 * "seal PLAYER KEY CONTENT SALT" a choice, mode 0600, written whole and
 * synced before the commitment is recorded; and each game's commitment and
 * reveal events. Read by rec_seal.c and by rec_legal.c (a move whose
 * reveal the recorder writes first). */
#include "recorder.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each game's commitment and reveal, as formats/<game>.md names them. */
static const rec_seal_kind kinds[] = {
	/* formats/xwing.md: "dial ship commit" at planning, "reveal ship dial salt" before the move */
	{"xwing", "dial", "commit", "dial", "reveal", "dial", "salt", "ship", "xwing-dial", "move"},
	/* formats/fmp.md: "commit ship hash", then "reveal ship choice salt" (turn 21) */
	{"fmp", "commit", "hash", "choice", "reveal", "choice", "salt", "ship", "fmp-takeoff", NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL}
};

const rec_seal_kind *rec_seal_kind_of(const recorder *rc)
{
	for (int k = 0; rc->log && kinds[k].game; k++)
		if (strcmp(kinds[k].game, rc->log->game->id) == 0)
			return &kinds[k];
	return NULL;
}

/* ---- FILE.seal --------------------------------------------------------------------- */

static void seal_path(const recorder *rc, char *out, size_t n)
{
	snprintf(out, n, "%s.seal", rc->path);
}

/* The seals held: how many into v (at most REC_MAX_SEALS), -1 unreadable. */
int rec_seals_load(const recorder *rc, rec_sealed *v)
{
	char path[4200], line[512];
	FILE *f;
	int n = 0;
	seal_path(rc, path, sizeof path);
	if (!(f = fopen(path, "r")))
		return errno == ENOENT ? 0 : -1;
	while (n < REC_MAX_SEALS && fgets(line, sizeof line, f)) {
		memset(&v[n], 0, sizeof v[n]);
		if (line[0] != '#' && sscanf(line, "seal %63s %63s %63s %32s", v[n].player, v[n].key, v[n].content,
			v[n].salt) == 4)
			n++;
	}
	fclose(f);
	return n;
}

/* Written whole, 0600, synced, then renamed over FILE.seal. */
int rec_seals_save(const recorder *rc, const rec_sealed *v, int n)
{
	char path[4200], tmp[4300];
	sl_buf b;
	int fd, ok;
	seal_path(rc, path, sizeof path);
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0) {
		rec_warn(rc, "sillage: %s: cannot create: %s\n", path, strerror(errno));
		return -1;
	}
	sl_buf_init(&b);
	sl_buf_printf(&b, "# sillage: the sealed choices of %s, secret until revealed (formats/commit.md)\n", rc->path);
	for (int k = 0; k < n; k++)
		sl_buf_printf(&b, "seal %s %s %s %s\n", v[k].player, v[k].key, v[k].content, v[k].salt);
	ok = !b.failed && write(fd, b.data, b.len) == (ssize_t)b.len && fsync(fd) == 0;
	sl_buf_free(&b);
	ok &= close(fd) == 0;
	if (!ok || rename(tmp, path) != 0) {
		rec_warn(rc, "sillage: %s: cannot write: %s\n", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* The seal of key (of player, when named), or -1. */
int rec_seal_find(const rec_sealed *v, int n, const char *player, const char *key)
{
	for (int k = 0; k < n; k++)
		if (strcmp(v[k].key, key) == 0 && (!player[0] || strcmp(v[k].player, player) == 0))
			return k;
	return -1;
}

