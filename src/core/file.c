/* file.c - whole files in and out: read with a size limit, write atomically
 * (a temporary file beside the target, fsync, rename). */
#include "sl_core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int sl_write_file_atomic(const char *path, const void *data, size_t n, sl_error *err)
{
	size_t plen = strlen(path);
	char *tmp = sl_malloc(plen + 16);
	int fd, rc = SL_OK;
	const char *p = data;
	if (!tmp)
		return sl_error_set(err, SL_ENOMEM, "out of memory");
	snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		rc = sl_error_set(err, SL_EIO, "%s: cannot create a temporary file: %s", path, strerror(errno));
		goto out;
	}
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			rc = sl_error_set(err, SL_EIO, "%s: write error: %s", path, strerror(errno));
			break;
		}
		p += w;
		n -= (size_t)w;
	}
	if (rc == SL_OK && fsync(fd) != 0)
		rc = sl_error_set(err, SL_EIO, "%s: fsync: %s", path, strerror(errno));
	fchmod(fd, 0644);
	if (close(fd) != 0 && rc == SL_OK)
		rc = sl_error_set(err, SL_EIO, "%s: close: %s", path, strerror(errno));
	if (rc == SL_OK && rename(tmp, path) != 0)
		rc = sl_error_set(err, SL_EIO, "%s: rename: %s", path, strerror(errno));
	if (rc != SL_OK)
		unlink(tmp);
out:
	sl_free(tmp);
	return rc;
}
