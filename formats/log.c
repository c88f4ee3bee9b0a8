/* log.c - the in-memory log: entries in an arena, append/pop, file I/O. */
#include "sl_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

sl_log *sl_log_new(const sl_game *game)
{
	sl_log *log = sl_calloc(1, sizeof *log);
	if (!log)
		return NULL;
	log->game = game;
	sl_arena_init(&log->arena);
	return log;
}

void sl_log_free(sl_log *log)
{
	if (!log)
		return;
	sl_header_free(&log->h);
	sl_free(log->ev);
	sl_arena_free(&log->arena);
	sl_free(log->tail_comment);
	sl_free(log->name);
	sl_free(log);
}

static const char *adopt_str(sl_log *log, const char *s, int *fail)
{
	const char *d;
	if (!s)
		return NULL;
	d = sl_arena_strndup(&log->arena, s, strlen(s));
	if (!d)
		*fail = 1;
	return d;
}

int sl_log_append(sl_log *log, const sl_event *ev)
{
	sl_event e = *ev;
	int fail = 0;
	if (log->n >= SL_LOG_MAX_ENTRIES)
		return SL_ELIMIT;
	if (log->n == log->cap) {
		size_t cap = log->cap ? log->cap * 2 : 256;
		sl_event *p = sl_realloc(log->ev, cap * sizeof *p);
		if (!p)
			return SL_ENOMEM;
		log->ev = p;
		log->cap = cap;
	}
	e.comment = adopt_str(log, ev->comment, &fail);
	e.note = adopt_str(log, ev->note, &fail);
	e.bookmark = adopt_str(log, ev->bookmark, &fail);
	if (e.entry == SL_ENTRY_EVENT) {
		const sl_event_def *def = &log->game->schema->events[e.type];
		for (int k = 0; k < def->nfields; k++) {
			sl_value *v = &e.f[k];
			if (!v->present || !v->p)
				continue;
			if (def->fields[k].kind == SL_K_TEXT || def->fields[k].kind == SL_K_PIECE)
				v->p = sl_arena_strndup(&log->arena, v->p, v->n);
			else
				v->p = sl_arena_memdup(&log->arena, v->p, v->n);
			if (!v->p)
				fail = 1;
		}
	}
	if (fail)
		return SL_ENOMEM;
	log->ev[log->n++] = e;
	return SL_OK;
}

void sl_log_pop(sl_log *log)
{
	if (log->n > 0)
		log->n--;   /* its arena bytes stay until the log is freed */
}

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

int sl_log_load(sl_log **out, const char *path, sl_error *err)
{
	char *text;
	size_t n;
	int rc;
	*out = NULL;
	rc = sl_read_file(path, SL_SIL_MAX_FILE, &text, &n, err);
	if (rc)
		return rc;
	/* the codec is picked by content: a .silb starts with byte 0x89, which
	 * is never the first byte of UTF-8 text */
	if (sl_silb_sniff(text, n))
		rc = sl_silb_read(out, path, text, n, 0, NULL, err);
	else
		rc = sl_sil_read(out, path, text, n, err);
	sl_free(text);
	return rc;
}
