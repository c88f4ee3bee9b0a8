/* imgdiff.c - compares two PNG images for the image tests:
 *   imgdiff A.png B.png [--tolerance N] [--max-diff-ratio R] [--top]
 * A pixel differs when any channel differs by more than N (0..255, default
 * 16). Exit 0 when the sizes match and the share of differing pixels is at
 * most R (default 0.002), 1 when not, 2 on bad usage, 3 when an input is
 * unreadable. */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
	fprintf(stderr, "usage: imgdiff A.png B.png [--tolerance N] [--max-diff-ratio R] [--top]\n"
		"  --top: B may be taller than A (a frame with the result band's room below the board):\n"
		"         A is compared with B's top rows\n");
	return 2;
}

static cairo_surface_t *load(const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create_from_png(path);
	cairo_surface_t *img;
	cairo_t *cr;
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "imgdiff: %s: %s\n", path,
			cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return NULL;
	}
	/* one pixel format for both: ARGB32 over an opaque white page */
	img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(s),
		cairo_image_surface_get_height(s));
	cr = cairo_create(img);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_surface(cr, s, 0, 0);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	cairo_surface_flush(img);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "imgdiff: %s: out of memory\n", path);
		cairo_surface_destroy(img);
		return NULL;
	}
	return img;
}

int main(int argc, char **argv)
{
	const char *pa = NULL, *pb = NULL;
	long tol = 16;
	double max_ratio = 0.002, ratio;
	cairo_surface_t *a, *b;
	int w, h, rc, top = 0;
	long long differ = 0, worst = 0;

	for (int i = 1; i < argc; i++) {
		char *end;
		if (strcmp(argv[i], "--tolerance") == 0 && i + 1 < argc) {
			tol = strtol(argv[++i], &end, 10);
			if (*end || tol < 0 || tol > 255)
				return usage();
		} else if (strcmp(argv[i], "--max-diff-ratio") == 0 && i + 1 < argc) {
			max_ratio = strtod(argv[++i], &end);
			if (*end || max_ratio < 0 || max_ratio > 1)
				return usage();
		} else if (strcmp(argv[i], "--top") == 0) {
			top = 1;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return usage();
		} else if (!pa) {
			pa = argv[i];
		} else if (!pb) {
			pb = argv[i];
		} else {
			return usage();
		}
	}
	if (!pa || !pb)
		return usage();
	a = load(pa);
	b = a ? load(pb) : NULL;
	if (!a || !b) {
		if (a)
			cairo_surface_destroy(a);
		return 3;
	}
	w = cairo_image_surface_get_width(a);
	h = cairo_image_surface_get_height(a);
	if (w != cairo_image_surface_get_width(b) || h > cairo_image_surface_get_height(b) ||
	    (!top && h != cairo_image_surface_get_height(b))) {
		printf("%s: size %dx%d, %s: size %dx%d: sizes differ\n", pa, w, h, pb,
			cairo_image_surface_get_width(b), cairo_image_surface_get_height(b));
		cairo_surface_destroy(a);
		cairo_surface_destroy(b);
		return 1;
	}
	{
		const unsigned char *da = cairo_image_surface_get_data(a);
		const unsigned char *db = cairo_image_surface_get_data(b);
		int sa = cairo_image_surface_get_stride(a), sb = cairo_image_surface_get_stride(b);
		for (int y = 0; y < h; y++) {
			const uint32_t *ra = (const uint32_t *)(const void *)(da + (size_t)y * sa);
			const uint32_t *rb = (const uint32_t *)(const void *)(db + (size_t)y * sb);
			for (int x = 0; x < w; x++) {
				long m = 0;
				for (int sh = 0; sh < 32; sh += 8) {
					long d = (long)((ra[x] >> sh) & 255) - (long)((rb[x] >> sh) & 255);
					if (d < 0)
						d = -d;
					if (d > m)
						m = d;
				}
				if (m > worst)
					worst = m;
				if (m > tol)
					differ++;
			}
		}
	}
	ratio = w && h ? (double)differ / ((double)w * h) : 0;
	rc = ratio <= max_ratio ? 0 : 1;
	printf("%s: %dx%d, %lld pixels (%.4f%%) differ by more than %ld (largest %lld): %s\n",
		pb, w, h, differ, ratio * 100, tol, worst, rc ? "DIFFERENT" : "ok");
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	return rc;
}
