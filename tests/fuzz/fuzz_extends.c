/* fuzz_extends.c - libFuzzer target for `verify --extends` and the log
 * digest (issue 30; formats/hash.md, "The log digest"). The first line of
 * the input is also tried as a digest `N:HEX` (sl_chain_parse: one that
 * parses formats back to itself). Then any text that reads as a log and
 * verifies through the verb itself is the later log B; the input's bytes
 * pick a length k, and:
 *   - its first k entries, written as a log A, are continued by B
 *     (`verify --extends A B` exits 0), and so is the digest `k:HEX` that
 *     sl_chain gives after them;
 *   - that digest one hex digit off, or a digest of more entries than B
 *     holds, is not (exit 1);
 *   - A with two neighbouring entries that differ swapped is not (exit 1),
 *     and the two chains part exactly at the first of them.
 * The verb reads files, so A and B are written to /tmp first; its words go
 * to /dev/null. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "replay/sl_chain.h"
#include "src/cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path_a[64], path_b[64];

static int put(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	fwrite(s, 1, n, f);
	return fclose(f);
}

static int verify(const char *extends, const char *file)
{
	char *argv[5];
	int argc = 0;
	argv[argc++] = (char *)"verify";
	if (extends) {
		argv[argc++] = (char *)"--extends";
		argv[argc++] = (char *)extends;
	}
	argv[argc++] = (char *)file;
	argv[argc] = NULL;
	return cmd_verify(argc, argv);
}

/* the first k entries of log as a log of their own, written to path_a */
static int write_prefix(const sl_log *log, size_t k)
{
	sl_log a = *log;
	sl_buf out;
	int rc;
	a.n = k;
	a.tail_comment = NULL;
	sl_buf_init(&out);
	rc = sl_sil_write(&a, &out) != SL_OK || out.failed ? -1 : put(path_a, (const char *)out.data, out.len);
	sl_buf_free(&out);
	return rc;
}

static void chain_of(const sl_log *log, size_t k, sl_chain *c)
{
	if (sl_chain_begin(c, &log->h) != SL_OK)
		abort();
	for (size_t i = 0; i < k; i++)
		if (sl_chain_entry(c, log->game->schema, &log->ev[i]) != SL_OK)
			abort();
}

/* A digest of the input's first line must format back to what parses. */
static void digest_text(const uint8_t *data, size_t size)
{
	char s[160], back[SL_CHAIN_TEXT];
	size_t n = 0;
	sl_chain c, c2;
	while (n < size && n < sizeof s - 1 && data[n] != '\n')
		n++;
	memcpy(s, data, n);
	s[n] = 0;
	if (sl_chain_parse(&c, s) != SL_OK)
		return;
	sl_chain_format(&c, back);
	if (sl_chain_parse(&c2, back) != SL_OK || c2.n != c.n || memcmp(c2.d, c.d, sizeof c.d) != 0)
		abort();
}

static void swapped(sl_log *log, size_t k)
{
	sl_buf x, y;
	sl_chain ca, cb;
	size_t j;
	sl_buf_init(&x);
	sl_buf_init(&y);
	for (j = 0; j + 1 < k; j++) {   /* the first two neighbours that differ as text */
		sl_event e1 = log->ev[j], e2 = log->ev[j + 1];
		e1.comment = e1.note = e1.bookmark = e2.comment = e2.note = e2.bookmark = NULL;
		sl_buf_reset(&x);
		sl_buf_reset(&y);
		sl_sil_write_entry(log, &e1, &x);
		sl_sil_write_entry(log, &e2, &y);
		if (x.len != y.len || memcmp(x.data, y.data, x.len) != 0)
			break;
	}
	sl_buf_free(&x);
	sl_buf_free(&y);
	if (j + 1 >= k)
		return;
	{
		sl_event t = log->ev[j];
		sl_chain sj, sj1;   /* the swapped log's digests after j and j + 1 entries */
		log->ev[j] = log->ev[j + 1];
		log->ev[j + 1] = t;
		chain_of(log, j, &sj);
		chain_of(log, j + 1, &sj1);
		if (write_prefix(log, k) == 0 && verify(path_a, path_b) != 1)
			abort();   /* a changed entry went unseen */
		log->ev[j + 1] = log->ev[j];
		log->ev[j] = t;
		chain_of(log, j, &ca);
		chain_of(log, j + 1, &cb);
		if (memcmp(sj.d, ca.d, sizeof ca.d) != 0)
			abort();   /* the same first j entries, another digest */
		if (memcmp(sj1.d, cb.d, sizeof cb.d) == 0)
			abort();   /* the entry that differs digests as the original */
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	sl_log *log = NULL;
	sl_error err;
	sl_chain c;
	char d[SL_CHAIN_TEXT];
	uint32_t pick = 2166136261u;
	size_t k, m;
	if (!ready) {
		snprintf(path_a, sizeof path_a, "/tmp/fuzz-extends-%ld-a.sil", (long)getpid());
		snprintf(path_b, sizeof path_b, "/tmp/fuzz-extends-%ld-b.sil", (long)getpid());
		if (!freopen("/dev/null", "w", stdout))
			abort();
		ready = 1;
	}
	digest_text(data, size);
	sl_error_clear(&err);
	if (size > 65536 || sl_sil_read(&log, "fuzz.sil", (const char *)data, size, &err) != SL_OK)
		return 0;
	if (log->n > 2000 || put(path_b, (const char *)data, size) || verify(NULL, path_b) != 0) {
		sl_log_free(log);
		return 0;
	}
	for (size_t i = 0; i < size; i++)
		pick = (pick ^ data[i]) * 16777619u;
	k = pick % (log->n + 1);
	if (write_prefix(log, k) == 0 && verify(path_a, path_b) != 0)
		abort();   /* B's own first k entries, not continued */
	chain_of(log, k, &c);
	sl_chain_format(&c, d);
	if (verify(d, path_b) != 0)
		abort();
	m = strlen(d) - 1 - (pick >> 8) % 64;   /* one of the 64 hex digits */
	d[m] = d[m] == '0' ? '1' : '0';
	if (verify(d, path_b) != 1)
		abort();   /* a digest one digit off, taken */
	chain_of(log, log->n, &c);
	c.n++;
	sl_chain_format(&c, d);
	if (verify(d, path_b) != 1)
		abort();   /* a digest of more entries than B holds, taken */
	swapped(log, k);
	sl_log_free(log);
	return 0;
}
