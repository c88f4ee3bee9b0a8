/* png_bench.c - `make bench` (bench/png.sh), issue 29: the still PNG
 * writer of `render` (render/png.c) against cairo's own (libpng over zlib
 * at its default level), on the same pixels. Each FILE is a PNG that
 * `sillage render` wrote; it is read back (cairo's reader) into the RGB24
 * surface it was drawn on and written again by each, REPEAT times, ours
 * and cairo's in turn (the machine's load falls on both alike). CPU is
 * this process's (user + system) a frame; the bytes are each writer's.
 *   png_bench REPEAT FILE...
 * prints one line a file, then the totals:
 *   FILE ours_ms cairo_ms ours_bytes cairo_bytes
 * and checks that what we write decodes to the very pixels (exit 1 if not). */
#include "sillage.h"
#include "render/export.h"   /* sl_png_rgb (private to render/) */

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
	unsigned char *data;
	size_t n, cap;
} mem;

static int mem_put(void *c, const unsigned char *d, size_t n)
{
	mem *m = c;
	if (m->n + n > m->cap) {
		size_t cap = (m->n + n) * 2;
		unsigned char *p = realloc(m->data, cap);
		if (!p)
			return -1;
		m->data = p;
		m->cap = cap;
	}
	memcpy(m->data + m->n, d, n);
	m->n += n;
	return 0;
}

static cairo_status_t mem_put_cairo(void *c, const unsigned char *d, unsigned int n)
{
	return mem_put(c, d, n) ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

static cairo_status_t mem_get_cairo(void *c, unsigned char *d, unsigned int n)
{
	mem *m = c;   /* n counts down what is left to read */
	if (n > m->cap - m->n)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(d, m->data + m->n, n);
	m->n += n;
	return CAIRO_STATUS_SUCCESS;
}

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* the file as drawn: an RGB24 surface (cairo reads an RGB PNG as RGB24) */
static cairo_surface_t *load(const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS ||
	    cairo_image_surface_get_format(s) != CAIRO_FORMAT_RGB24) {
		fprintf(stderr, "png_bench: %s: not an RGB PNG cairo reads\n", path);
		cairo_surface_destroy(s);
		return NULL;
	}
	return s;
}

/* ours decoded again by cairo (libpng) gives the very pixels */
static int same_pixels(cairo_surface_t *a, const mem *png)
{
	mem rd = {png->data, 0, png->n};
	cairo_surface_t *b = cairo_image_surface_create_from_png_stream(mem_get_cairo, &rd);
	int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a), ok;
	ok = cairo_surface_status(b) == CAIRO_STATUS_SUCCESS && cairo_image_surface_get_width(b) == w &&
	     cairo_image_surface_get_height(b) == h;
	for (int y = 0; ok && y < h; y++) {
		const uint32_t *pa = (const uint32_t *)(cairo_image_surface_get_data(a) +
			(size_t)y * cairo_image_surface_get_stride(a));
		const uint32_t *pb = (const uint32_t *)(cairo_image_surface_get_data(b) +
			(size_t)y * cairo_image_surface_get_stride(b));
		for (int x = 0; ok && x < w; x++)
			ok = (pa[x] & 0xffffff) == (pb[x] & 0xffffff);
	}
	cairo_surface_destroy(b);
	return ok;
}

int main(int argc, char **argv)
{
	int rep = argc > 2 ? atoi(argv[1]) : 0;
	double tours = 0, tcairo = 0;
	size_t bours = 0, bcairo = 0;
	if (rep < 1) {
		fprintf(stderr, "usage: png_bench REPEAT FILE...\n");
		return 2;
	}
	for (int a = 2; a < argc; a++) {
		cairo_surface_t *s = load(argv[a]);
		mem ours = {0}, theirs = {0};
		double t0, t1 = 0, t2 = 0;
		if (!s)
			return 1;
		for (int k = 0; k < rep; k++) {
			ours.n = theirs.n = 0;
			t0 = cpu_ms();
			if (sl_png_rgb((const uint32_t *)cairo_image_surface_get_data(s), cairo_image_surface_get_width(s),
				cairo_image_surface_get_height(s), cairo_image_surface_get_stride(s), mem_put, &ours, NULL)) {
				fprintf(stderr, "png_bench: %s: our writer failed\n", argv[a]);
				return 1;
			}
			t1 += cpu_ms() - t0;
			t0 = cpu_ms();
			if (cairo_surface_write_to_png_stream(s, mem_put_cairo, &theirs) != CAIRO_STATUS_SUCCESS) {
				fprintf(stderr, "png_bench: %s: cairo's writer failed\n", argv[a]);
				return 1;
			}
			t2 += cpu_ms() - t0;
		}
		if (!same_pixels(s, &ours)) {
			fprintf(stderr, "png_bench: %s: our PNG does not decode to the frame's pixels\n", argv[a]);
			return 1;
		}
		printf("%s %.2f %.2f %zu %zu\n", argv[a], t1 / rep, t2 / rep, ours.n, theirs.n);
		tours += t1 / rep;
		tcairo += t2 / rep;
		bours += ours.n;
		bcairo += theirs.n;
		free(ours.data);
		free(theirs.data);
		cairo_surface_destroy(s);
	}
	printf("total %.2f %.2f %zu %zu\n", tours, tcairo, bours, bcairo);
	return 0;
}
