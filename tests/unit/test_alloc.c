/* test_alloc.c - a failed allocation is reported as SL_ENOMEM "out of
 * memory" and frees what it had taken: every allocation of reading,
 * replaying with every check, hashing and drawing a sample fails in turn
 * (issue 20.4; `make alloc-faults` does the same through the command). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sillage.h"

static unsigned long fail_at, calls;
static long live;

static void *counting(void *ud, void *ptr, size_t size)
{
	void *p;
	(void)ud;
	if (size == 0) {
		live -= ptr != NULL;
		free(ptr);
		return NULL;
	}
	if (++calls == fail_at)
		return NULL;
	p = realloc(ptr, size);
	live += p && !ptr;
	return p;
}

static const char *const samples[] = {
	"samples/starship/first-voyage.sil",
	"samples/sail/heron-bank.sil",
	"samples/fmp/ferrix.sil",
};

/* One run of the job with allocation n failed (0: none). Returns the code;
 * *hash gets the final hash, *png the PNG's size (0 when not drawn). */
static int job(const char *path, int silb, int draw, uint64_t *hash, size_t *png, char *msg, size_t msgn)
{
	sl_log *log = NULL, *from = NULL;
	sl_replay *r = NULL;
	sl_error err;
	sl_buf b;
	int rc;
	*hash = 0;
	*png = 0;
	sl_error_clear(&err);
	sl_buf_init(&b);
	if ((rc = sl_log_load(&from, path, &err)))
		goto out;
	if (silb) {
		if ((rc = sl_silb_write_archive(from, &b, &err)))
			goto out;
		if ((rc = sl_silb_read(&log, path, b.data, b.len, 0, NULL, &err)))
			goto out;
	} else {
		log = from;
		from = NULL;
	}
	if ((rc = sl_replay_open(&r, log, SL_REPLAY_CHECK, &err)))
		goto out;
	if ((rc = sl_replay_hash_get(r, hash, &err)))
		goto out;
	if (draw) {
		sl_frame fr;
		sl_buf desc;
		unsigned char *data = NULL;
		sl_buf_init(&desc);
		rc = sl_export_frame(r, log->n, &fr, &desc, &err);
		if (rc == SL_OK)
			rc = sl_render_to_mem(SL_FMT_PNG, &fr, NULL, &data, png, &err);
		sl_free(data);
		sl_buf_free(&desc);
	}
out:
	snprintf(msg, msgn, "%s", err.msg);
	sl_replay_free(r);
	sl_log_free(log);
	sl_log_free(from);
	sl_buf_free(&b);
	return rc;
}

/* SL_TEST_ALLOC_STEP=K fails every Kth allocation only (1, every one, by
 * default): `make valgrind` sets it, where every one would take minutes. */
static unsigned long step(void)
{
	const char *s = getenv("SL_TEST_ALLOC_STEP");
	unsigned long k = s ? strtoul(s, NULL, 10) : 1;
	return k ? k : 1;
}

static void each_allocation(int silb, int draw)
{
	unsigned long by = step();
	for (size_t k = 0; k < sizeof samples / sizeof *samples; k++) {
		uint64_t want, got;
		size_t wpng, gpng;
		char msg[512];
		unsigned long total;
		sl_set_allocator(counting, NULL);
		fail_at = 0;
		calls = 0;
		live = 0;
		assert_int_equal(job(samples[k], silb, draw, &want, &wpng, msg, sizeof msg), SL_OK);
		assert_int_equal(live, 0);
		total = calls;
		for (unsigned long n = 1; n <= total; n += by) {
			int rc;
			fail_at = n;
			calls = 0;
			live = 0;
			rc = job(samples[k], silb, draw, &got, &gpng, msg, sizeof msg);
			if (rc != SL_OK && (rc != SL_ENOMEM || !strstr(msg, "out of memory")))
				fail_msg("%s%s: allocation %lu of %lu failed: code %d, '%s'", samples[k],
					silb ? " (.silb)" : "", n, total, rc, msg);
			if (rc == SL_OK && (got != want || gpng != wpng))
				fail_msg("%s: allocation %lu failed: success with hash %016llx (not %016llx), "
					"PNG of %zu bytes (not %zu)", samples[k], n, (unsigned long long)got,
					(unsigned long long)want, gpng, wpng);
			if (live != 0)
				fail_msg("%s: allocation %lu failed: %ld blocks left allocated", samples[k], n, live);
		}
		sl_set_allocator(NULL, NULL);
	}
}

static void test_read_replay_text(void **state)
{
	(void)state;
	each_allocation(0, 0);
}

static void test_read_replay_silb(void **state)
{
	(void)state;
	each_allocation(1, 0);
}

static void test_draw(void **state)
{
	(void)state;
	each_allocation(0, 1);
}

/* A hash that cannot be computed is an error, not a hash of 0. */
static void test_hash_fails_loudly(void **state)
{
	sl_log *log;
	sl_replay *r;
	sl_error err;
	uint64_t h = 1;
	(void)state;
	sl_error_clear(&err);
	assert_int_equal(sl_log_load(&log, samples[0], &err), SL_OK);
	assert_int_equal(sl_replay_open(&r, log, SL_REPLAY_CHECK, &err), SL_OK);
	sl_set_allocator(counting, NULL);
	calls = 0;
	fail_at = 1;
	assert_int_equal(sl_replay_hash_get(r, &h, &err), SL_ENOMEM);
	assert_string_equal(err.msg, "out of memory: cannot hash the state");
	sl_set_allocator(NULL, NULL);
	sl_replay_free(r);
	sl_log_free(log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hash_fails_loudly),
		cmocka_unit_test(test_read_replay_text),
		cmocka_unit_test(test_read_replay_silb),
		cmocka_unit_test(test_draw),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
