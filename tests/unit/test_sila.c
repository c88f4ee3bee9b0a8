/* test_sila.c - archives of many games (formats/silb.md, "Archives of many
 * games"): every game reads back alone as its canonical text, seeks to
 * every turn as the whole replay does (a long game's later segments too),
 * a damaged game is refused at its offset while the others still read,
 * appending keeps the bytes before the old directory, and the refusals. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "sillage.h"

#include "test_logs.inc"

static void put_file(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

static char *get_file(const char *path, size_t *n)
{
	char *d;
	sl_error err;
	sl_error_clear(&err);
	assert_int_equal(sl_read_file(path, 1u << 28, &d, n, &err), SL_OK);
	return d;
}

#define NGAMES 12
static const char *const ids[] = {"sail", "ti4", "xwing"};
static const int rules[] = {1, 5, 4};

/* NGAMES games of game k: the first primes the dictionary with... the
 * writer's choice; game 5 is long (several segments, a BASE). */
static sl_log **games_of(int k, int n)
{
	sl_log **v = calloc((size_t)n, sizeof *v);
	assert_non_null(v);
	for (int i = 0; i < n; i++)
		v[i] = generated_of(ids[k], rules[k], i == 5 && k == 0 ? 12000 : 150 + 10 * i, (uint64_t)i + 1);
	return v;
}

static void write_archive(const char *path, sl_log **v, int from, int to, int append)
{
	sl_sila_writer *w;
	sl_error err;
	sl_buf b;
	const sl_log *pr[2] = {v[0], v[1]};
	sl_error_clear(&err);
	sl_buf_init(&b);
	if (append)
		assert_int_equal(sl_sila_writer_append(&w, path, &err), SL_OK);
	else
		assert_int_equal(sl_sila_writer_new(&w, pr, 2, &err), SL_OK);
	for (int i = from; i < to; i++) {
		char name[32];
		snprintf(name, sizeof name, "g%02d", i);
		if (sl_sila_writer_add(w, name, v[i], &err))
			fail_msg("add %s: %s", name, err.msg);
	}
	assert_int_equal(sl_sila_writer_finish(w, &b, &err), SL_OK);
	if (!append)
		put_file(path, b.data, b.len);
	sl_buf_free(&b);
}

/* Each game alone gives its text back, through every reader; seeks agree. */
static void check_games(const char *path, sl_log **v, int n)
{
	sl_sila *a;
	sl_error err;
	char name[256];
	sl_error_clear(&err);
	assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
	assert_int_equal(sl_sila_count(a), (size_t)n);
	for (int i = 0; i < n; i++) {
		sl_log *back;
		char *want = text_of(v[i]), *got;
		sl_silb *f;
		sl_replay *r;
		const sl_sila_member *m = sl_sila_at(a, (size_t)i);
		snprintf(name, sizeof name, "%s:g%02d", path, i);
		assert_string_equal(m->name, name + strlen(path) + 1);
		if (sl_sila_read(a, (size_t)i, &back, 0, NULL, NULL, NULL, &err))
			fail_msg("%s: %s", name, err.msg);
		got = text_of(back);
		assert_string_equal(got, want);
		sl_free(got);
		sl_log_free(back);
		/* by its name, as every verb reads it */
		if (sl_log_load(&back, name, &err))
			fail_msg("%s: %s", name, err.msg);
		got = text_of(back);
		assert_string_equal(got, want);
		sl_free(got);
		sl_free(want);
		assert_int_equal(m->events, sl_log_count(back) ? m->events : 0);
		/* every turn through the member's own index */
		if (sl_replay_open(&r, back, 0, &err))
			fail_msg("%s: replay: %s", name, err.msg);
		if (sl_silb_open(&f, name, &err))
			fail_msg("open %s: %s", name, err.msg);
		assert_int_equal(sl_silb_turns(f), sl_replay_turns(r));
		assert_int_equal(sl_silb_events(f), sl_replay_events(r));
		for (int t = 0; t <= sl_silb_turns(f); t++) {
			void *st;
			uint64_t h;
			long pos = t ? sl_replay_pos_of_turn(r, t, 0) : 0;
			if (sl_replay_seek(r, (size_t)pos, &err))
				fail_msg("%s: replay to turn %d (%ld): %s", name, t, pos, err.msg);
			if (sl_silb_seek_turn(f, t, &st, NULL, &err))
				fail_msg("%s turn %d: %s", name, t, err.msg);
			assert_int_equal(sl_game_hash(back->game, st, &h), SL_OK);
			assert_true(h == sl_replay_hash(r));
			back->game->destroy(st);
		}
		sl_silb_close(f);
		sl_replay_free(r);
		sl_log_free(back);
	}
	sl_sila_close(a);
}

static void test_round_trip(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64];
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	for (int k = 0; k < 3; k++) {
		sl_log **v = games_of(k, NGAMES);
		write_archive(path, v, 0, NGAMES, 0);
		check_games(path, v, NGAMES);
		/* the archive is smaller than its games each packed alone */
		{
			size_t each = 0, n;
			char *d = get_file(path, &n);
			for (int i = 0; i < NGAMES; i++) {
				sl_buf b;
				sl_error err;
				sl_buf_init(&b);
				sl_error_clear(&err);
				assert_int_equal(sl_silb_write_archive(v[i], &b, &err), SL_OK);
				each += b.len;
				sl_buf_free(&b);
			}
			if (!(n < each))
				fail_msg("%s: archive %zu bytes, the games alone %zu", ids[k], n, each);
			sl_free(d);
		}
		for (int i = 0; i < NGAMES; i++)
			sl_log_free(v[i]);
		free(v);
	}
	unlink(path);
	rmdir(dir);
}

/* Appending writes over the old directory only, and the old games read as before. */
static void test_append(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64];
	sl_log **v = games_of(1, NGAMES);
	size_t n0, n1;
	char *before, *after;
	sl_sila *a;
	sl_error err;
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	write_archive(path, v, 0, 6, 0);
	before = get_file(path, &n0);
	assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
	{
		const sl_sila_member *m = sl_sila_at(a, 5);
		size_t keep = m->offset + m->bytes;   /* the old directory starts here */
		sl_sila_close(a);
		write_archive(path, v, 6, NGAMES, 1);
		after = get_file(path, &n1);
		assert_true(n1 > n0 && keep < n0);
		assert_memory_equal(before, after, n0);   /* the old trailer too: kept whole */
	}
	check_games(path, v, NGAMES);
	/* an append cut short (the file ends inside what it wrote): refused,
	 * then the next append goes back to the last sound trailer */
	{
		sl_sila_writer *w;
		sl_buf none;
		put_file(path, after, n0 + (n1 - n0) / 2);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_open(&a, path, &err), SL_EFORMAT);
		assert_non_null(strstr(err.msg, "an append cut short?"));
		sl_error_clear(&err);
		sl_buf_init(&none);
		assert_int_equal(sl_sila_writer_append(&w, path, &err), SL_OK);
		assert_int_equal(sl_sila_writer_finish(w, &none, &err), SL_OK);
		sl_free(after);
		after = get_file(path, &n1);
		assert_int_equal(n1, n0);
		assert_memory_equal(before, after, n0);
		check_games(path, v, 6);
		write_archive(path, v, 6, NGAMES, 1);
		check_games(path, v, NGAMES);
	}
	/* a name taken, another game: refused, the archive unchanged */
	{
		sl_sila_writer *w;
		sl_log *other = generated_of("sail", 1, 50, 9);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_writer_append(&w, path, &err), SL_OK);
		assert_int_equal(sl_sila_writer_add(w, "g03", v[3], &err), SL_EUSAGE);
		assert_non_null(strstr(err.msg, "already holds a game named 'g03'"));
		sl_error_clear(&err);
		assert_int_equal(sl_sila_writer_add(w, "x", other, &err), SL_EUSAGE);
		assert_non_null(strstr(err.msg, "a sail game"));
		sl_error_clear(&err);
		assert_int_equal(sl_sila_writer_add(w, ".x", v[3], &err), SL_EUSAGE);
		sl_sila_writer_free(w);
		sl_log_free(other);
	}
	sl_free(before);
	sl_free(after);
	unlink(path);
	rmdir(dir);
	for (int i = 0; i < NGAMES; i++)
		sl_log_free(v[i]);
	free(v);
}

/* A byte changed inside one game: that game is refused with an offset in
 * it, every other game still reads; the whole file is refused by a reader
 * of one-game files, naming the way to a game. */
static void test_damaged_member(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64], name[96];
	sl_log **v = games_of(0, 6);
	sl_sila *a;
	sl_error err;
	size_t n, off, end;
	char *d;
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	write_archive(path, v, 0, 6, 0);
	sl_error_clear(&err);
	assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
	off = sl_sila_at(a, 3)->offset;
	end = off + sl_sila_at(a, 3)->bytes;
	sl_sila_close(a);
	d = get_file(path, &n);
	d[off + (end - off) / 2] ^= 0x20;
	put_file(path, d, n);
	assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
	for (size_t i = 0; i < 6; i++) {
		sl_log *back = NULL;
		sl_error_clear(&err);
		int rc = sl_sila_read(a, i, &back, 0, NULL, NULL, NULL, &err);
		if (i != 3) {
			if (rc)
				fail_msg("game %zu: %s", i, err.msg);
			sl_log_free(back);
			continue;
		}
		assert_int_equal(rc, SL_EFORMAT);
		assert_null(back);
		assert_true(err.offset >= (int64_t)off && err.offset < (int64_t)end);
		assert_non_null(strstr(err.msg, "CRC mismatch"));
		snprintf(name, sizeof name, "%s:g03", path);
		assert_string_equal(err.file, name);
	}
	sl_sila_close(a);
	{   /* the archive itself is not one game */
		sl_log *log = NULL;
		sl_error_clear(&err);
		assert_int_equal(sl_silb_read(&log, path, d, n, 0, NULL, &err), SL_EFORMAT);
		assert_non_null(strstr(err.msg, "an archive of many games: name one of them"));
		assert_int_equal(err.offset, 9);
	}
	/* a game it does not hold */
	{
		sl_log *log = NULL;
		snprintf(name, sizeof name, "%s:nope", path);
		sl_error_clear(&err);
		assert_int_equal(sl_log_load(&log, name, &err), SL_EFORMAT);
		assert_non_null(strstr(err.msg, "holds no game named 'nope'"));
	}
	sl_free(d);
	unlink(path);
	rmdir(dir);
	for (int i = 0; i < 6; i++)
		sl_log_free(v[i]);
	free(v);
}

/* Every truncation of a small archive is refused, never crashes; and the
 * names a game may have. */
static void test_truncations_and_names(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64];
	sl_log **v = games_of(1, 3);
	size_t n;
	char *d;
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	write_archive(path, v, 0, 3, 0);
	d = get_file(path, &n);
	for (size_t cut = 0; cut < n; cut += 7) {
		sl_sila *a = NULL;
		sl_error err;
		sl_error_clear(&err);
		put_file(path, d, cut);
		if (sl_sila_open(&a, path, &err) == SL_OK) {
			/* a cut that keeps a trailer-like tail: each game must still be checked */
			for (size_t i = 0; i < sl_sila_count(a); i++) {
				sl_log *back = NULL;
				if (sl_sila_read(a, i, &back, 0, NULL, NULL, NULL, &err) == SL_OK)
					sl_log_free(back);
				sl_error_clear(&err);
			}
			sl_sila_close(a);
		} else
			assert_true(err.code == SL_EFORMAT || err.code == SL_ELIMIT);
	}
	assert_true(sl_sila_name_ok("game-01.final", 13));
	assert_false(sl_sila_name_ok("", 0));
	assert_false(sl_sila_name_ok(".hidden", 7));
	assert_false(sl_sila_name_ok("a:b", 3));
	assert_false(sl_sila_name_ok("a/b", 3));
	sl_free(d);
	unlink(path);
	rmdir(dir);
	for (int i = 0; i < 3; i++)
		sl_log_free(v[i]);
	free(v);
}

/* A record rebuilt with its CRC: kind, payload. */
static void put_rec(sl_buf *b, int kind, const void *p, size_t n)
{
	size_t at = b->len;
	uint32_t crc;
	sl_buf_u8(b, (uint8_t)kind);
	sl_buf_u32le(b, (uint32_t)n);
	sl_buf_put(b, p, n);
	crc = (uint32_t)crc32(0, b->data + at, (uInt)(5 + n));
	sl_buf_u32le(b, crc);
}

/* Forged counts with sound CRCs: a directory of a million games in a few
 * bytes, a dictionary of more games than a reader takes. Refused at once,
 * at the record's offset, without allocating what they claim. */
static void test_forged(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64];
	sl_log **v = games_of(0, 2);
	sl_sila *a;
	sl_error err;
	size_t n, dof;
	char *d;
	sl_buf b;
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	write_archive(path, v, 0, 2, 0);
	d = get_file(path, &n);
	dof = 0;   /* the TRAILER's u64: the DIRECTORY's offset */
	for (int k = 7; k >= 0; k--)
		dof = dof << 8 | (uint8_t)d[n - 20 + k];
	{   /* the directory: a million games */
		uint8_t pay[8] = {0x80, 0x80, 0x40, 0x00, 0x03, 0x00};   /* 1 << 20 games, 0 raw bytes, deflate */
		sl_buf_init(&b);
		sl_buf_put(&b, d, dof);
		put_rec(&b, 0x18, pay, 6);
		{
			uint8_t tr[16] = {0};
			for (int k = 0; k < 8; k++)
				tr[k] = (uint8_t)(dof >> (8 * k));
			tr[8] = 6 + 9;
			put_rec(&b, 0x12, tr, 16);
		}
		put_file(path, b.data, b.len);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_open(&a, path, &err), SL_EFORMAT);
		assert_int_equal(err.offset, (int64_t)dof);
		assert_non_null(strstr(err.msg, "out of range for the file"));
		sl_buf_free(&b);
	}
	{   /* the dictionary: 65 games */
		size_t dl = (size_t)(uint8_t)d[17] | (size_t)(uint8_t)d[18] << 8;
		const uint8_t *dp = (const uint8_t *)d + 21;
		sl_buf pay;
		sl_log *log = NULL;
		char name[96];
		sl_buf_init(&pay);
		sl_buf_init(&b);
		sl_buf_put(&pay, dp, dl);
		assert_int_equal(pay.data[1 + pay.data[0] + 1], 2);   /* "sail", rules 1, then 2 games */
		pay.data[1 + pay.data[0] + 1] = 65;
		sl_buf_put(&b, d, 16);
		put_rec(&b, 0x15, pay.data, pay.len);
		sl_buf_put(&b, d + 16 + dl + 9, n - 16 - dl - 9);
		put_file(path, b.data, b.len);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_open(&a, path, &err), SL_EFORMAT);
		assert_non_null(strstr(err.msg, "kind DICT"));
		snprintf(name, sizeof name, "%s:g00", path);
		sl_error_clear(&err);
		assert_int_equal(sl_log_load(&log, name, &err), SL_EFORMAT);
		sl_buf_free(&b);
		sl_buf_free(&pay);
	}
	sl_free(d);
	unlink(path);
	rmdir(dir);
	for (int i = 0; i < 2; i++)
		sl_log_free(v[i]);
	free(v);
}

/* A short game is one MEMBER record (formats/silb.md, "MEMBER payload"),
 * a long one the records of an archive, a game of the dictionary a DGAME
 * (its tail comment kept); each read alone gives its
 * text and seeks (check_games); a byte of its range code changed under a
 * sound CRC is refused at the record's offset, naming it, while the other
 * games read; a header run forged past the reference header likewise. */
static void test_member_record(void **s)
{
	char dir[] = "/tmp/sila-XXXXXX", path[64], name[96];
	sl_log **v = games_of(0, 7);
	sl_sila *a;
	sl_error err;
	size_t n, off[7], len[7];
	char *d;
	(void)s;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/club.sila", dir);
	v[1]->tail_comment = sl_strdup("# the end of game 1");
	write_archive(path, v, 0, 7, 0);
	check_games(path, v, 7);
	sl_error_clear(&err);
	assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
	for (int i = 0; i < 7; i++) {
		off[i] = sl_sila_at(a, (size_t)i)->offset;
		len[i] = sl_sila_at(a, (size_t)i)->bytes;
		/* the directory says so: no INDEX for a MEMBER */
		assert_int_equal(sl_sila_at(a, (size_t)i)->index_bytes == 0, i != 5);
	}
	sl_sila_close(a);
	d = get_file(path, &n);
	for (int i = 0; i < 7; i++)
		/* games 0 and 1: the dictionary's; game 5: 12000 events */
		assert_int_equal((uint8_t)d[off[i]], i < 2 ? 0x1a : i == 5 ? 0x16 : 0x19);
	{   /* a DGAME that names a game the dictionary does not hold */
		sl_buf b;
		uint8_t pay[1] = {3};
		sl_log *back = NULL;
		sl_buf_init(&b);
		sl_buf_put(&b, d, off[0]);
		put_rec(&b, 0x1a, pay, 1);   /* the same length: 10 bytes */
		assert_int_equal(len[0], 10);
		sl_buf_put(&b, d + off[0] + len[0], n - off[0] - len[0]);
		put_file(path, b.data, b.len);
		sl_buf_free(&b);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
		assert_int_equal(sl_sila_read(a, 0, &back, 0, NULL, NULL, NULL, &err), SL_EFORMAT);
		assert_int_equal(err.offset, (int64_t)off[0]);
		assert_non_null(strstr(err.msg, "kind DGAME): the dictionary holds no game 3"));
		sl_error_clear(&err);
		assert_int_equal(sl_sila_read(a, 1, &back, 0, NULL, NULL, NULL, &err), SL_OK);
		sl_log_free(back);
		sl_sila_close(a);
	}
	for (int forge = 0; forge < 2; forge++) {
		sl_buf b;
		uint8_t *pl;
		size_t plen = len[2] - 9;
		sl_buf_init(&b);
		sl_buf_put(&b, d, off[2]);
		pl = (uint8_t *)d + off[2] + 5;
		{
			uint8_t *copy = malloc(plen);
			assert_non_null(copy);
			memcpy(copy, pl, plen);
			if (forge == 0)
				copy[plen - 3] ^= 0x5a;   /* inside the range code */
			else {
				/* the header's runs (flag 4): the first run's gap past the end */
				assert_true(copy[0] & 4);
				assert_true(copy[1] >= 1);
				copy[2] = 0x7f;
			}
			put_rec(&b, 0x19, copy, plen);
			free(copy);
		}
		sl_buf_put(&b, d + off[2] + len[2], n - off[2] - len[2]);
		put_file(path, b.data, b.len);
		sl_buf_free(&b);
		sl_error_clear(&err);
		assert_int_equal(sl_sila_open(&a, path, &err), SL_OK);
		for (size_t i = 0; i < 7; i++) {
			sl_log *back = NULL;
			int rc;
			sl_error_clear(&err);
			rc = sl_sila_read(a, i, &back, 0, NULL, NULL, NULL, &err);
			if (i != 2) {
				if (rc)
					fail_msg("game %zu: %s", i, err.msg);
				sl_log_free(back);
				continue;
			}
			assert_int_not_equal(rc, SL_OK);
			assert_null(back);
			assert_int_equal(err.offset, (int64_t)off[2]);
			assert_non_null(strstr(err.msg, "kind MEMBER"));
			if (forge == 1)
				assert_non_null(strstr(err.msg, "lies outside the reference header"));
			snprintf(name, sizeof name, "%s:g02", path);
			assert_string_equal(err.file, name);
		}
		sl_sila_close(a);
		{   /* seeking it alone is refused too, at the same place */
			sl_silb *f = NULL;
			void *st = NULL;
			sl_error_clear(&err);
			snprintf(name, sizeof name, "%s:g02", path);
			if (sl_silb_open(&f, name, &err) == SL_OK) {
				/* to its last event: the whole code decoded */
				assert_int_not_equal(sl_silb_seek_event(f, sl_silb_events(f), &st, NULL, &err), SL_OK);
				sl_silb_close(f);
			}
			if (err.offset != (int64_t)off[2])
				fail_msg("forge %d: seek: %s (offset %lld)", forge, err.msg, (long long)err.offset);
		}
	}
	sl_free(d);
	unlink(path);
	rmdir(dir);
	for (int i = 0; i < 7; i++)
		sl_log_free(v[i]);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_damaged_member),
		cmocka_unit_test(test_truncations_and_names),
		cmocka_unit_test(test_forged),
		cmocka_unit_test(test_member_record),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
