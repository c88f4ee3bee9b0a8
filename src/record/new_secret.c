/* new_secret.c - the secrets a new game deals sealed: each player's in its
 * own file beside the log, LOGPATH.ID.secret (mode 0600), as a player's
 * share of the dice is kept in LOGPATH.ID.dice (formats/prng.md). */
#include "record/new.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void rec_new_secrets_free(rec_new_secret *sec, int nsec)
{
	for (int k = 0; sec && k < nsec; k++)
		sl_buf_free(&sec[k].text);
}

/* One file: a temporary one made 0600 by mkstemp, synced, then renamed. */
static int write_private(const char *path, const sl_buf *b, sl_error *err)
{
	char tmp[4200];
	int fd, ok;
	if (b->failed)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp)
		return sl_error_set(err, SL_EIO, "%s: the name is too long", path);
	if ((fd = mkstemp(tmp)) < 0)
		return sl_error_set(err, SL_EIO, "%s: cannot create: %s", path, strerror(errno));
	ok = write(fd, b->data, b->len) == (ssize_t)b->len && fsync(fd) == 0;
	if (close(fd) != 0)
		ok = 0;
	if (!ok || rename(tmp, path) != 0) {
		int e = errno;
		unlink(tmp);
		return sl_error_set(err, SL_EIO, "%s: cannot write: %s", path, strerror(e));
	}
	return 0;
}

static int secret_path(char *path, size_t n, const char *logpath, const rec_new_secret *sec)
{
	return snprintf(path, n, "%s.%s.secret", logpath, sec->player) >= (int)n ? -1 : 0;
}

void rec_new_remove_secrets(const char *logpath, const rec_new_secret *sec, int nsec)
{
	char path[4200];
	for (int k = 0; k < nsec; k++)
		if (secret_path(path, sizeof path, logpath, &sec[k]) == 0)
			unlink(path);
}

int rec_new_write_secrets(const char *logpath, const rec_new_secret *sec, int nsec,
	sl_error *err)
{
	char path[4200];
	int rc;
	for (int k = 0; k < nsec; k++) {
		if (secret_path(path, sizeof path, logpath, &sec[k]))
			rc = sl_error_set(err, SL_EIO, "%s: the name is too long", logpath);
		else
			rc = write_private(path, &sec[k].text, err);
		if (rc) {   /* all or none: the ones written go again */
			rec_new_remove_secrets(logpath, sec, k);
			return rc;
		}
	}
	return 0;
}
