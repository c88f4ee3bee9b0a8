/* file.c - whole files in and out: read with a size limit, write atomically
 * through a staged file (a locked temporary beside the target, fsync,
 * rename) that cleans up after writers killed on the way. */
#include "sl_core.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int sl_read_file(const char *path, size_t max, char **out, size_t *out_len, sl_error *err)
{
	FILE *f = fopen(path, "rb");
	sl_buf b;
	char chunk[65536];
	size_t n;
	*out = NULL;
	if (!f)
		return sl_error_set(err, errno == ENOENT ? SL_EFORMAT : SL_EIO,
			"%s: cannot open: %s", path, strerror(errno));
	sl_buf_init(&b);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (b.len + n > max) {
			fclose(f);
			sl_buf_free(&b);
			return sl_error_set(err, SL_ELIMIT, "%s: larger than %zu bytes", path, max);
		}
		sl_buf_put(&b, chunk, n);
	}
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		sl_buf_free(&b);
		return sl_error_set(err, SL_EIO, "%s: read error: %s", path, strerror(e));
	}
	fclose(f);
	if (b.failed) {
		sl_buf_free(&b);
		return sl_error_set(err, SL_ENOMEM, "%s: out of memory", path);
	}
	*out = (char *)sl_buf_take(&b, out_len);
	if (!*out) {
		*out = sl_strdup("");
		*out_len = 0;
	}
	return *out ? SL_OK : SL_ENOMEM;
}

/* ---- staged files ----------------------------------------------------------
 * A staged file is written as PATH.tmpXXXXXX beside PATH, locked (flock) for
 * as long as it is open, then synced and renamed over PATH. A writer killed
 * on the way leaves its temporary behind unlocked: the next stage of the same
 * PATH removes every temporary of that name it can lock, and one that is
 * locked belongs to a writer still at work and stays. A PATH that exists and
 * is no regular file (a device such as /dev/null or /dev/stdout, a FIFO, a
 * socket) is written in place: renaming over it would replace the device with
 * a file, for every program on the machine when the writer is root. */

#define STAGE_BUF 65536

struct sl_stage {
	int fd;
	char *path, *tmp;
	size_t n;
	int err;                 /* errno of the first failed write, 0 if none */
	int direct;              /* PATH itself is written (no regular file): no rename */
	unsigned char buf[STAGE_BUF];
};

/* Removes PATH.tmpXXXXXX files that no writer holds. */
static void clean_stale(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t bn = strlen(base), dn = slash ? (size_t)(slash - path) : 0;
	char dir[4096], full[4096 + 256];
	DIR *d;
	struct dirent *e;
	if (dn >= sizeof dir || bn > 200)
		return;
	if (!slash)
		strcpy(dir, ".");
	else {
		dn = dn ? dn : 1;   /* "/x": the root */
		memcpy(dir, path, dn);
		dir[dn] = 0;
	}
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		const char *x = e->d_name + bn;
		int ok = strncmp(e->d_name, base, bn) == 0 && strncmp(x, ".tmp", 4) == 0 && strlen(x) == 10;
		int fd;
		for (int k = 4; ok && k < 10; k++)
			ok = isalnum((unsigned char)x[k]) != 0;
		if (!ok)
			continue;
		snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
		if ((fd = open(full, O_RDWR | O_NOFOLLOW | O_CLOEXEC)) < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			unlink(full);   /* no writer holds it: left by one that died */
		close(fd);
	}
	closedir(d);
}

int sl_stage_open(sl_stage **out, const char *path, sl_error *err)
{
	sl_stage *s;
	size_t plen = strlen(path);
	mode_t mask;
	*out = NULL;
	if (!(s = sl_calloc(1, sizeof *s)) || !(s->path = sl_strdup(path)) ||
	    !(s->tmp = sl_malloc(plen + 11))) {
		sl_stage_abort(s);
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	}
	s->fd = -1;
	{
		struct stat st;
		if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
			sl_free(s->tmp);
			s->tmp = NULL;   /* nothing of ours to unlink */
			if (S_ISDIR(st.st_mode) ||
			    (s->fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) < 0) {
				int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
				sl_stage_abort(s);
				return sl_error_set(err, SL_EIO, "%s: cannot write there: %s", path,
					strerror(e));
			}
			s->direct = 1;
			*out = s;
			return SL_OK;
		}
	}
	clean_stale(path);
	for (int tries = 0; tries < 4; tries++) {
		struct stat st;
		snprintf(s->tmp, plen + 11, "%s.tmpXXXXXX", path);
		if ((s->fd = mkstemp(s->tmp)) < 0)
			break;
		/* locked at once; if a cleaner got in first it unlinked the file */
		if (flock(s->fd, LOCK_EX) == 0 && fstat(s->fd, &st) == 0 && st.st_nlink > 0)
			break;
		close(s->fd);
		s->fd = -1;
	}
	if (s->fd < 0) {
		int e = errno;
		sl_free(s->tmp);
		s->tmp = NULL;   /* nothing of ours to unlink */
		sl_stage_abort(s);
		return sl_error_set(err, SL_EIO, "%s: cannot create a file there: %s", path, strerror(e));
	}
	mask = umask(0);
	umask(mask);
	fchmod(s->fd, 0666 & ~mask);
	*out = s;
	return SL_OK;
}

static int stage_drain(sl_stage *s)
{
	const unsigned char *p = s->buf;
	while (s->n > 0 && !s->err) {
		ssize_t w = write(s->fd, p, s->n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			s->err = w < 0 ? errno : EIO;
			break;
		}
		p += w;
		s->n -= (size_t)w;
	}
	s->n = 0;
	return s->err ? -1 : 0;
}

int sl_stage_write(sl_stage *s, const void *data, size_t n)
{
	const unsigned char *p = data;
	while (n > 0 && !s->err) {
		size_t k = STAGE_BUF - s->n < n ? STAGE_BUF - s->n : n;
		memcpy(s->buf + s->n, p, k);
		s->n += k;
		p += k;
		n -= k;
		if (s->n == STAGE_BUF)
			stage_drain(s);
	}
	return s->err ? -1 : 0;
}

int sl_stage_commit(sl_stage *s, sl_error *err)
{
	int rc = SL_OK;
	stage_drain(s);
	if (s->err)
		rc = sl_error_set(err, SL_EIO, "%s: write failed: %s", s->path, strerror(s->err));
	else if (s->direct)
		;   /* a device or a pipe: written, nothing to sync or rename */
	else if (fsync(s->fd) != 0)
		rc = sl_error_set(err, SL_EIO, "%s: fsync: %s", s->path, strerror(errno));
	else if (rename(s->tmp, s->path) != 0)
		rc = sl_error_set(err, SL_EIO, "%s: cannot put the file in place: %s", s->path,
			strerror(errno));
	if (rc == SL_OK) {
		sl_free(s->tmp);   /* renamed: nothing to unlink */
		s->tmp = NULL;
	}
	sl_stage_abort(s);
	return rc;
}

void sl_stage_abort(sl_stage *s)
{
	if (!s)
		return;
	if (s->tmp)
		unlink(s->tmp);
	if (s->fd >= 0)
		close(s->fd);   /* and the lock with it */
	sl_free(s->tmp);
	sl_free(s->path);
	sl_free(s);
}

int sl_write_file_atomic(const char *path, const void *data, size_t n, sl_error *err)
{
	sl_stage *s;
	int rc = sl_stage_open(&s, path, err);
	if (rc)
		return rc;
	sl_stage_write(s, data, n);
	return sl_stage_commit(s, err);
}
