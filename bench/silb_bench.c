/* silb_bench.c - timings of the binary log on one archive: open, seek to
 * random turns (median, p99), decode of the whole file, replay throughput
 * over the decoded log, seeks of that replay to random entries (median,
 * p99), and decode + replay streamed segment by segment.
 * Run by bench/silb.sh (`make bench`), which makes the archive first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sillage.h"

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* sl_silb_stream's sink: a streamed replay fed segment by segment (what
 * `verify` does), so the whole log is never held. */
static int feed(void *ud, const sl_log *log, const sl_event *ev, size_t n, sl_error *err)
{
	sl_replay **r = ud;
	if (!*r)
		return sl_replay_stream(r, log, SL_REPLAY_CHECK, err);
	return sl_replay_feed(*r, ev, n, err);
}

static int die(const sl_error *err)
{
	char msg[1024];
	sl_error_format(err, msg, sizeof msg);
	fprintf(stderr, "silb_bench: %s\n", msg);
	return 1;
}

int main(int argc, char **argv)
{
	const char *path;
	int nseek = 1000, max_turn;
	double t0, t[1001], open_t[101];
	sl_silb *f;
	sl_error err;
	sl_log *log;
	sl_replay *r;
	sl_prng rng;
	size_t decoded_max = 0;   /* bytes of the largest segment a seek decoded */
	if (argc < 2) {
		fprintf(stderr, "usage: silb_bench FILE.silb [SEEKS] [MAX_TURN]\n");
		return 2;
	}
	path = argv[1];
	if (argc > 2)
		nseek = atoi(argv[2]) > 0 && atoi(argv[2]) <= 1000 ? atoi(argv[2]) : 1000;
	sl_error_clear(&err);
	for (int i = 0; i < 101; i++) {
		t0 = now();
		if (sl_silb_open(&f, path, &err))
			return die(&err);
		open_t[i] = now() - t0;
		sl_silb_close(f);
	}
	qsort(open_t, 101, sizeof *open_t, cmp_d);
	printf("open_ms %.3f\n", open_t[50] * 1e3);
	if (sl_silb_open(&f, path, &err))
		return die(&err);
	max_turn = sl_silb_turns(f);
	if (argc > 3 && atoi(argv[3]) > 0 && atoi(argv[3]) < max_turn)
		max_turn = atoi(argv[3]);
	sl_prng_seed(&rng, 42, 7);
	for (int i = 0; i < nseek; i++) {
		int turn = 1 + (int)sl_prng_below(&rng, (uint32_t)max_turn);
		void *st;
		size_t inflated;
		t0 = now();
		if (sl_silb_seek_turn(f, turn, &st, &inflated, &err))
			return die(&err);
		t[i] = now() - t0;
		sl_silb_log(f)->game->destroy(st);
		if (inflated > decoded_max)
			decoded_max = inflated;
	}
	qsort(t, (size_t)nseek, sizeof *t, cmp_d);
	printf("seeks %d\nseek_turns 1..%d\nseek_median_ms %.3f\nseek_p99_ms %.3f\nseek_max_decoded_bytes %zu\n",
		nseek, max_turn, t[nseek / 2] * 1e3, t[(nseek * 99) / 100] * 1e3, decoded_max);
	sl_silb_close(f);
	t0 = now();
	if (sl_silb_load(&log, path, 0, NULL, &err))
		return die(&err);
	printf("decode_s %.3f\n", now() - t0);
	t0 = now();
	if (sl_replay_open(&r, log, 0, &err))
		return die(&err);
	t0 = now() - t0;
	printf("replay_s %.3f\nreplay_events_per_s %.0f\nreplay_keyframes %zu\n", t0,
		(double)sl_replay_events(r) / t0, sl_replay_keyframes(r));
	/* sl_replay_seek to random entries: a keyframe restored, then fewer
	 * than SL_REPLAY_KEYFRAME_EVERY entries replayed */
	for (int i = 0; i < nseek; i++) {
		size_t pos = sl_prng_below(&rng, (uint32_t)log->n + 1);
		t0 = now();
		if (sl_replay_seek(r, pos, &err))
			return die(&err);
		t[i] = now() - t0;
	}
	qsort(t, (size_t)nseek, sizeof *t, cmp_d);
	printf("replay_seek_median_ms %.3f\nreplay_seek_p99_ms %.3f\n", t[nseek / 2] * 1e3,
		t[(nseek * 99) / 100] * 1e3);
	sl_replay_free(r);
	sl_log_free(log);
	/* read, inflate, decode and replay with checks, one segment at a time */
	r = NULL;
	t0 = now();
	if (sl_silb_stream(&log, path, feed, &r, NULL, &err))
		return die(&err);
	t0 = now() - t0;
	printf("stream_replay_s %.3f\nstream_replay_events_per_s %.0f\n", t0,
		(double)sl_replay_events(r) / t0);
	sl_replay_free(r);
	sl_log_free(log);
	return 0;
}
