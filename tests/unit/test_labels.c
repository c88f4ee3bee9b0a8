/* test_labels.c - the kit's label placer (render/kit.c): a label goes
 * where it covers no earlier label nor a kept glyph, inside its zone and
 * its tile, moves away with a leader when crowded, draws nothing when it
 * must fit and cannot; every box drawn is marked. Pieces kept from frame to
 * frame (render/piece.c) give the pixels and marks drawing them gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "render/kit.h"

static cairo_surface_t *surf;
static cairo_t *cr;
static sl_kit_canvas cv;

static int setup(void **ctx)
{
	(void)ctx;
	surf = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, NULL);
	cr = cairo_create(surf);
	return sl_kit_canvas_init(&cv, cr, 300, 200, SL_THEME_LIGHT) == SL_OK ? 0 : -1;
}

static int teardown(void **ctx)
{
	(void)ctx;
	sl_kit_canvas_fini(&cv);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return 0;
}

static int overlaps_any(const sl_kit_box *b, int upto)
{
	for (int i = 0; i < upto; i++)
		if (sl_kit_box_overlap(b, &cv.marks.m[i].box))
			return 1;
	return 0;
}

static void test_second_label_moves_off_the_first(void **ctx)
{
	sl_kit_text_style st = sl_kit_style(&cv, 12, 1);
	sl_kit_place pl = {.x = 150, .y = 100, .gap = 10, .first = SL_KIT_PL_BELOW};
	sl_kit_box a, b;
	(void)ctx;
	assert_int_equal(sl_kit_place_text(&cv, &pl, "Redoutable", &st, &a), 0);
	assert_true(a.y0 >= 110 - 0.5);   /* below the anchor's gap */
	assert_int_equal(sl_kit_place_text(&cv, &pl, "Bucentaure", &st, &b), 0);
	assert_false(sl_kit_box_overlap(&a, &b));
	assert_int_equal(cv.marks.n, 2);
	assert_int_equal(cv.marks.m[1].kind, SL_KIT_MARK_LABEL);
}

static void test_kept_glyph_and_frame(void **ctx)
{
	sl_kit_text_style st = sl_kit_style(&cv, 12, 0);
	sl_kit_place pl = {.x = 295, .y = 195, .gap = 0, .first = SL_KIT_PL_CENTER};
	sl_kit_box canvas = {0, 0, 300, 200}, b;
	(void)ctx;
	sl_kit_keep(&cv, 270, 170, 300, 200);   /* a piece in the corner */
	assert_int_equal(sl_kit_place_text(&cv, &pl, "a long label", &st, &b), 0);
	assert_true(sl_kit_box_inside(&b, &canvas));
	assert_false(overlaps_any(&b, 1));
}

static void test_inside_a_tile(void **ctx)
{
	sl_kit_text_style st = sl_kit_style(&cv, 10, 0);
	sl_kit_place pl = {.x = 150, .y = 100 + 40, .first = SL_KIT_PL_CENTER, .reach = 30,
		.min_size = 6, .hx = 150, .hy = 100, .hr = 50};
	sl_kit_box b;
	(void)ctx;
	/* at the tile's narrow bottom the name does not fit: higher, or smaller */
	assert_int_equal(sl_kit_place_text(&cv, &pl, "#44 asteroid field", &st, &b), 0);
	assert_true(sl_kit_box_in_hex(&b, 150, 100, 50));
	assert_true(cv.marks.m[0].hex[2] == 50);
}

static void test_must_fit_draws_nothing(void **ctx)
{
	sl_kit_rgb bg = sl_kit_rgb_hex(0x2f9e44);
	sl_kit_box tiny = {0, 0, 10, 10};
	sl_kit_place pl = {.x = 5, .y = 5, .first = SL_KIT_PL_CENTER, .within = &tiny, .must_fit = 1};
	(void)ctx;
	sl_kit_keep(&cv, 0, 0, 10, 10);
	assert_int_equal(sl_kit_place_tag(&cv, &pl, "foc 1", 11, bg, NULL), 1);
	assert_int_equal(cv.marks.n, 1);   /* the keep alone */
}

static void test_crowded_goes_out_with_a_leader(void **ctx)
{
	sl_kit_text_style st = sl_kit_style(&cv, 12, 1);
	sl_kit_place pl = {.x = 150, .y = 100, .gap = 8, .first = SL_KIT_PL_BELOW, .reach = 80};
	sl_kit_box b;
	(void)ctx;
	sl_kit_keep(&cv, 100, 60, 200, 140);   /* a crowd all round the anchor */
	assert_int_equal(sl_kit_place_text(&cv, &pl, "Vestale", &st, &b), 0);
	assert_false(overlaps_any(&b, 1));
	assert_int_equal(cv.marks.m[1].moved, 1);
}

static void test_legend_lists_and_uses(void **ctx)
{
	const sl_kit_legend_row rows[] = {
		{SL_KIT_LEG_HEADING, 0, NULL, "Legend"},
		{SL_KIT_LEG_TAG, 0xc92a2a, "str", "stress tokens"},
		{SL_KIT_LEG_TEXT, 0, NULL, "Name*: shallow draft"},
	};
	int str = 0, name = 0;
	(void)ctx;
	sl_kit_uses(&cv, "str");
	sl_kit_uses(&cv, "str");
	sl_kit_legend(&cv, 0, 0, 200, rows, 3, 1);
	assert_int_equal(cv.marks.nused, 1);
	for (int i = 0; i < cv.marks.nlisted; i++) {
		str |= strcmp(cv.marks.listed[i], "str") == 0;
		name |= strcmp(cv.marks.listed[i], "Name*: shallow draft") == 0;
	}
	assert_true(str && name);
}

/* ---- pieces kept (render/piece.c) ---- */

typedef struct img {
	uint32_t px[300 * 200];
	cairo_surface_t *surf;
	cairo_t *cr;
	sl_kit_canvas cv;
} img;

static void img_open(img *m, sl_kit_pieces *ps)
{
	m->surf = cairo_image_surface_create_for_data((unsigned char *)m->px, CAIRO_FORMAT_RGB24, 300,
		200, 300 * 4);
	m->cr = cairo_create(m->surf);
	assert_int_equal(sl_kit_canvas_init(&m->cv, m->cr, 300, 200, SL_THEME_LIGHT), SL_OK);
	m->cv.pieces = ps;
	if (ps)
		sl_kit_pieces_target(ps, m->surf, m->px, 300, 200, 300 * 4);
}

static void img_close(img *m)
{
	sl_kit_canvas_fini(&m->cv);
	cairo_destroy(m->cr);
	cairo_surface_destroy(m->surf);
}

/* A frame: a page, a red block under part of the legend when red, the
 * line cap given, the legend; the surface flushed. */
static void legend_frame(img *m, int red, cairo_line_cap_t cap)
{
	static const sl_kit_legend_row rows[] = {
		{SL_KIT_LEG_HEADING, 0, NULL, "Legend"},
		{SL_KIT_LEG_LINE, 0x1c7ed6, NULL, "lock, to its target"},
		{SL_KIT_LEG_SWATCH, 0xffd43b, NULL, "the move just made"},
		{SL_KIT_LEG_BADGE, 0xe03131, "B", "bomb"},
		{SL_KIT_LEG_TAG, 0xc92a2a, "str", "stress tokens"},
	};
	sl_kit_begin(&m->cv);
	sl_kit_clear(&m->cv);
	if (red) {
		cairo_rectangle(m->cr, 60, 40, 50, 20);
		cairo_set_source_rgb(m->cr, 1, 0, 0);
		cairo_fill(m->cr);
	}
	cairo_set_line_cap(m->cr, cap);
	sl_kit_legend(&m->cv, 10, 10, 220, rows, 5, 1);
	cairo_surface_flush(m->surf);
}

/* On a cleared page, the piece key of box (at, at, side, side) filling the
 * square (sq, sq, sqside, sqside) in blue: what sl_kit_piece_begin said. */
static int blue_piece(img *m, uint64_t key, double at, double side, double sq, double sqside)
{
	int kept;
	sl_kit_clear(&m->cv);
	if (!(kept = sl_kit_piece_begin(&m->cv, key, at, at, side, side))) {
		cairo_rectangle(m->cr, sq, sq, sqside, sqside);
		cairo_set_source_rgb(m->cr, 0, 0, 1);
		cairo_fill(m->cr);
		sl_kit_piece_end(&m->cv);
	}
	cairo_surface_flush(m->surf);
	return kept;
}

static void test_pieces_put_back_what_is_drawn(void **ctx)
{
	static img a, b;   /* a draws every piece; b keeps them */
	sl_kit_pieces *ps;
	const int red[] = {0, 0, 1, 1, 0, 0};
	const cairo_line_cap_t cap[] = {CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_ROUND,
		CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND};
	(void)ctx;
	assert_int_equal(sl_kit_pieces_new(&ps), SL_OK);
	img_open(&a, NULL);
	img_open(&b, ps);
	/* the same pixels and marks: kept, then under other pixels, then with
	 * another line cap (a row inherits it), then kept again */
	for (int f = 0; f < 6; f++) {
		legend_frame(&a, red[f], cap[f]);
		legend_frame(&b, red[f], cap[f]);
		assert_memory_equal(a.px, b.px, sizeof a.px);
		assert_int_equal(a.cv.marks.n, b.cv.marks.n);
		assert_memory_equal(a.cv.marks.m, b.cv.marks.m, sizeof *a.cv.marks.m * (size_t)a.cv.marks.n);
	}
	/* a piece is put back over the same pixels, not over others */
	sl_kit_begin(&b.cv);
	assert_int_equal(blue_piece(&b, 7, 100, 40, 110, 20), 0);
	memcpy(a.px, b.px, sizeof a.px);
	assert_int_equal(blue_piece(&b, 7, 100, 40, 110, 20), 1);
	assert_memory_equal(a.px, b.px, sizeof a.px);
	assert_int_equal(blue_piece(&b, 8, 100, 40, 110, 20), 0);   /* another key */
	/* one that draws outside its box is drawn every time */
	for (int k = 0; k < 2; k++)
		assert_int_equal(blue_piece(&b, 9, 100, 20, 90, 60), 0);
	img_close(&a);
	img_close(&b);
	sl_kit_pieces_free(ps);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_second_label_moves_off_the_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_glyph_and_frame, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inside_a_tile, setup, teardown),
		cmocka_unit_test_setup_teardown(test_must_fit_draws_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_crowded_goes_out_with_a_leader, setup, teardown),
		cmocka_unit_test_setup_teardown(test_legend_lists_and_uses, setup, teardown),
		cmocka_unit_test(test_pieces_put_back_what_is_drawn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
