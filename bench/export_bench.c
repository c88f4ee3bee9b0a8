/* export_bench.c - times for `make bench` (bench/export.sh): PNG and SVG
 * frames at 1024x1024, and a 200-frame APNG and GIF export, also written as
 * separate PNG files for apngasm to assemble.
 *   export_bench frame LOG REPEAT
 *   export_bench seq LOG FRAMES        (median ms a frame of a sequence, whole and cached)
 *   export_bench anim LOG OUTDIR FRAMES WIDTH   (writes anim.apng, anim.gif, png/f0001.png...) */
#include "sillage.h"
#include "render/sl_export.h"
#include "render/export.h"   /* the sequence renderer (private to render/) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int file_write(void *c, const unsigned char *d, size_t n)
{
	return fwrite(d, 1, n, c) == n ? 0 : -1;
}

static double cpu(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
		ru.ru_stime.tv_usec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_d);
	return n ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) : 0;
}

static int die(const sl_error *e)
{
	char m[800];
	sl_error_format(e, m, sizeof m);
	fprintf(stderr, "export_bench: %s\n", m);
	return 1;
}

int main(int argc, char **argv)
{
	sl_log *log;
	sl_replay *r;
	sl_error err;
	sl_buf d;
	sl_frame fr;
	sl_render_opts ro = {1024, 1024, SL_THEME_LIGHT, NULL, NULL};
	double t;
	sl_error_clear(&err);
	sl_buf_init(&d);
	if (argc < 4)
		return 2;
	if (sl_log_load(&log, argv[2], &err) || sl_replay_open(&r, log, 0, &err))
		return die(&err);
	if (strcmp(argv[1], "seq") == 0) {
		/* frames 1024x1024 (letterboxed) along the game, drawn whole as
		 * sl_render_pixels does, then by the sequence renderer */
		size_t *pos, npos, n = (size_t)atoi(argv[3]);
		double *ms_whole, *ms_seq;
		uint32_t *px = malloc(1024 * 1024 * 4);
		sl_render_seq *sq;
		const uint32_t *spx;
		int same = 1;
		if (sl_anim_positions(r, SL_PER_EVENT, 0, -1, &pos, &npos, &err))
			return die(&err);
		if (npos > n)
			npos = n;
		ms_whole = malloc(sizeof *ms_whole * npos);
		ms_seq = malloc(sizeof *ms_seq * npos);
		if (sl_render_seq_new(&sq, 1024, 1024, &ro, &err))
			return die(&err);
		for (size_t i = 0; i < npos; i++) {
			if (sl_export_frame(r, pos[i], &fr, &d, &err))
				return die(&err);
			t = now();
			if (sl_render_pixels(px, 1024, 1024, 4096, &fr, &ro, &err))
				return die(&err);
			ms_whole[i] = (now() - t) * 1000;
			t = now();
			if (sl_render_seq_draw(sq, &fr, &spx, &err))
				return die(&err);
			ms_seq[i] = (now() - t) * 1000;
			same &= memcmp(px, spx, 1024 * 1024 * 4) == 0;
		}
		printf("%s frames of a sequence 1024x1024 (%zu): whole %.1f ms, cached ground %.1f ms median;"
			" ratio %.1f; pixels %s\n", log->game->id, npos, median(ms_whole, npos),
			median(ms_seq, npos), median(ms_whole, npos) / median(ms_seq, npos),
			same ? "identical" : "DIFFER");
		sl_render_seq_free(sq);
		free(px);
		free(ms_whole);
		free(ms_seq);
		sl_free(pos);
	} else if (strcmp(argv[1], "frame") == 0) {
		int n = atoi(argv[3]);
		for (int f = 0; f < 2; f++) {
			unsigned char *out;
			size_t len = 0;
			if (sl_export_frame(r, log->n, &fr, &d, &err))
				return die(&err);
			t = now();
			for (int i = 0; i < n; i++) {
				if (sl_render_to_mem(f ? SL_FMT_SVG : SL_FMT_PNG, &fr, &ro, &out, &len, &err))
					return die(&err);
				sl_free(out);
			}
			printf("%s %s frame 1024x1024: %.1f ms (%zu bytes)\n", log->game->id, f ? "SVG" : "PNG",
				(now() - t) * 1000 / n, len);
		}
	} else {
		const char *dir = argv[3];
		int frames = atoi(argv[4]);
		sl_anim_opts ao;
		sl_anim_stats st;
		size_t *pos, npos;
		char path[1024];
		FILE *f;
		memset(&ao, 0, sizeof ao);
		ao.render.width = atoi(argv[5]);
		ao.per = SL_PER_EVENT;
		ao.delay_ms = 700;
		if (sl_anim_positions(r, SL_PER_EVENT, 0, -1, &pos, &npos, &err))
			return die(&err);
		if ((long)npos > frames)
			npos = (size_t)frames;
		ao.from = 0;
		ao.to = (long)pos[npos - 1];
		for (int g = 0; g < 2; g++) {
			double c0;
			snprintf(path, sizeof path, "%s/anim.%s", dir, g ? "gif" : "apng");
			f = fopen(path, "wb");
			t = now();
			c0 = cpu();
			if (!f || sl_anim_to_func(g ? SL_ANIM_GIF : SL_ANIM_APNG, r, &ao, file_write, f, &st, &err))
				return die(&err);
			printf("%s: %ld frames %dx%d in %.2f s, %ld bytes (CPU %.2f s)\n", g ? "GIF" : "APNG",
				st.frames, st.width, st.height, now() - t, ftell(f), cpu() - c0);
			fclose(f);
		}
		/* the same frames as separate PNG files, the canvas as the animation's */
		ro.width = st.width;
		ro.height = st.height;
		t = now();
		for (size_t i = 0; i < npos; i++) {
			if (sl_export_frame(r, pos[i], &fr, &d, &err))
				return die(&err);
			snprintf(path, sizeof path, "%s/png/f%04zu.png", dir, i + 1);
			if (sl_render_to_file(path, SL_FMT_PNG, &fr, &ro, &err))
				return die(&err);
		}
		printf("PNG files: %zu frames in %.2f s\n", npos, now() - t);
		sl_free(pos);
	}
	sl_buf_free(&d);
	sl_replay_free(r);
	sl_log_free(log);
	return 0;
}
