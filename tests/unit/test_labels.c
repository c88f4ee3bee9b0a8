/* test_labels.c - the kit's label placer (render/kit.c): a label goes
 * where it covers no earlier label nor a kept glyph, inside its zone and
 * its tile, moves away with a leader when crowded, draws nothing when it
 * must fit and cannot; every box drawn is marked. */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_second_label_moves_off_the_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_glyph_and_frame, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inside_a_tile, setup, teardown),
		cmocka_unit_test_setup_teardown(test_must_fit_draws_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_crowded_goes_out_with_a_leader, setup, teardown),
		cmocka_unit_test_setup_teardown(test_legend_lists_and_uses, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
