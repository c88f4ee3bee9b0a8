/* gfx_dl.c - cairo, pango and glib opened when the command first draws, not
 * when it starts (issue 29: start-up at most 10 ms and 8 MB). Linked, the
 * drawing stack (pango, cairo, harfbuzz, fontconfig, freetype, glib, pixman,
 * X11's client libraries: about 30 shared objects) was 8 ms of CPU and 5 MB
 * of every process, `verify` and `info` included. The library (libsillage)
 * still links them; only the command does not: every cairo_, pango_ and g_
 * function the library's drawing code calls is defined here with its
 * header's signature and forwards to the library opened by dlopen on the
 * first call, from any thread. A missing or unusable library is said with
 * its Debian package and ends the process with exit 3 (as a missing libav
 * does for video). The binary does not export these names (hidden), so
 * the libraries opened keep calling each other.
 * A new cairo_/pango_/Fc call in the library adds a line below; the link of
 * build/sillage fails until it does. Once they are open, fontconfig is
 * given our configuration (sl_render_pin_fonts) before pango first uses it. */
#include "core/sl_core.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>
#include <fontconfig/fontconfig.h>

#include "cli.h"

/* the shared objects, by the sonames Debian 12 ships, and their packages */
enum { GX_cairo, GX_pango, GX_pangocairo, GX_gobject, GX_glib, GX_fontconfig, GX_NLIB };
static const char *const gx_sonames[GX_NLIB] = {
	"libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libgobject-2.0.so.0",
	"libglib-2.0.so.0", "libfontconfig.so.1"
};
static const char *const gx_packages[GX_NLIB] = {
	"libcairo2", "libpango-1.0-0", "libpangocairo-1.0-0", "libglib2.0-0", "libglib2.0-0",
	"libfontconfig1"
};

/* every entry point the library calls: R(library, return type, name,
 * parameters, arguments), V(...) for those that return nothing */
#define GX_FUNCS(R, V) \
	V(cairo, cairo_arc, (cairo_t *a, double b, double c, double d, double e, double f), \
		(a, b, c, d, e, f)) \
	V(cairo, cairo_clip, (cairo_t *a), (a)) \
	V(cairo, cairo_clip_preserve, (cairo_t *a), (a)) \
	V(cairo, cairo_close_path, (cairo_t *a), (a)) \
	R(cairo, cairo_t *, cairo_create, (cairo_surface_t *a), (a)) \
	V(cairo, cairo_curve_to, (cairo_t *a, double b, double c, double d, double e, double f, double g), \
		(a, b, c, d, e, f, g)) \
	V(cairo, cairo_destroy, (cairo_t *a), (a)) \
	V(cairo, cairo_fill, (cairo_t *a), (a)) \
	V(cairo, cairo_fill_preserve, (cairo_t *a), (a)) \
	R(cairo, cairo_font_options_t *, cairo_font_options_create, (void), ()) \
	V(cairo, cairo_font_options_destroy, (cairo_font_options_t *a), (a)) \
	V(cairo, cairo_font_options_set_antialias, (cairo_font_options_t *a, cairo_antialias_t b), (a, b)) \
	V(cairo, cairo_font_options_set_hint_metrics, (cairo_font_options_t *a, cairo_hint_metrics_t b), \
		(a, b)) \
	V(cairo, cairo_font_options_set_hint_style, (cairo_font_options_t *a, cairo_hint_style_t b), (a, b)) \
	V(cairo, cairo_font_options_set_subpixel_order, (cairo_font_options_t *a, cairo_subpixel_order_t b), \
		(a, b)) \
	R(cairo, cairo_status_t, cairo_font_options_status, (cairo_font_options_t *a), (a)) \
	R(cairo, int, cairo_format_stride_for_width, (cairo_format_t a, int b), (a, b)) \
	V(cairo, cairo_get_matrix, (cairo_t *a, cairo_matrix_t *b), (a, b)) \
	R(cairo, cairo_surface_t *, cairo_get_target, (cairo_t *a), (a)) \
	R(cairo, cairo_antialias_t, cairo_get_antialias, (cairo_t *a), (a)) \
	V(cairo, cairo_clip_extents, (cairo_t *a, double *b, double *c, double *d, double *e), \
		(a, b, c, d, e)) \
	V(cairo, cairo_get_dash, (cairo_t *a, double *b, double *c), (a, b, c)) \
	R(cairo, int, cairo_get_dash_count, (cairo_t *a), (a)) \
	R(cairo, cairo_fill_rule_t, cairo_get_fill_rule, (cairo_t *a), (a)) \
	R(cairo, cairo_line_cap_t, cairo_get_line_cap, (cairo_t *a), (a)) \
	R(cairo, cairo_line_join_t, cairo_get_line_join, (cairo_t *a), (a)) \
	R(cairo, double, cairo_get_line_width, (cairo_t *a), (a)) \
	R(cairo, double, cairo_get_miter_limit, (cairo_t *a), (a)) \
	R(cairo, cairo_operator_t, cairo_get_operator, (cairo_t *a), (a)) \
	R(cairo, cairo_pattern_t *, cairo_get_source, (cairo_t *a), (a)) \
	R(cairo, double, cairo_get_tolerance, (cairo_t *a), (a)) \
	R(cairo, cairo_status_t, cairo_pattern_get_rgba, (cairo_pattern_t *a, double *b, double *c, \
		double *d, double *e), (a, b, c, d, e)) \
	R(cairo, cairo_pattern_type_t, cairo_pattern_get_type, (cairo_pattern_t *a), (a)) \
	R(cairo, cairo_surface_t *, cairo_image_surface_create, (cairo_format_t a, int b, int c), (a, b, c)) \
	R(cairo, cairo_surface_t *, cairo_image_surface_create_for_data, \
		(unsigned char *a, cairo_format_t b, int c, int d, int e), \
		(a, b, c, d, e)) \
	R(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *a), (a)) \
	R(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *a), (a)) \
	V(cairo, cairo_line_to, (cairo_t *a, double b, double c), (a, b, c)) \
	R(cairo, cairo_status_t, cairo_matrix_invert, (cairo_matrix_t *a), (a)) \
	V(cairo, cairo_matrix_transform_point, (const cairo_matrix_t *a, double *b, double *c), (a, b, c)) \
	V(cairo, cairo_move_to, (cairo_t *a, double b, double c), (a, b, c)) \
	V(cairo, cairo_new_path, (cairo_t *a), (a)) \
	V(cairo, cairo_new_sub_path, (cairo_t *a), (a)) \
	V(cairo, cairo_paint, (cairo_t *a), (a)) \
	V(cairo, cairo_pattern_add_color_stop_rgba, \
		(cairo_pattern_t *a, double b, double c, double d, double e, double f), \
		(a, b, c, d, e, f)) \
	R(cairo, cairo_pattern_t *, cairo_pattern_create_radial, \
		(double a, double b, double c, double d, double e, double f), \
		(a, b, c, d, e, f)) \
	V(cairo, cairo_pattern_destroy, (cairo_pattern_t *a), (a)) \
	R(cairo, int, cairo_pdf_surface_add_outline, \
		(cairo_surface_t *a, int b, const char *c, const char *d, cairo_pdf_outline_flags_t e), \
		(a, b, c, d, e)) \
	R(cairo, cairo_surface_t *, cairo_pdf_surface_create_for_stream, \
		(cairo_write_func_t a, void *b, double c, double d), \
		(a, b, c, d)) \
	V(cairo, cairo_pdf_surface_set_metadata, \
		(cairo_surface_t *a, cairo_pdf_metadata_t b, const char *c), \
		(a, b, c)) \
	V(cairo, cairo_rectangle, (cairo_t *a, double b, double c, double d, double e), (a, b, c, d, e)) \
	V(cairo, cairo_restore, (cairo_t *a), (a)) \
	V(cairo, cairo_rotate, (cairo_t *a, double b), (a, b)) \
	V(cairo, cairo_save, (cairo_t *a), (a)) \
	V(cairo, cairo_scale, (cairo_t *a, double b, double c), (a, b, c)) \
	V(cairo, cairo_set_dash, (cairo_t *a, const double *b, int c, double d), (a, b, c, d)) \
	V(cairo, cairo_set_font_options, (cairo_t *a, const cairo_font_options_t *b), (a, b)) \
	V(cairo, cairo_set_line_cap, (cairo_t *a, cairo_line_cap_t b), (a, b)) \
	V(cairo, cairo_set_line_join, (cairo_t *a, cairo_line_join_t b), (a, b)) \
	V(cairo, cairo_set_line_width, (cairo_t *a, double b), (a, b)) \
	V(cairo, cairo_set_source, (cairo_t *a, cairo_pattern_t *b), (a, b)) \
	V(cairo, cairo_set_source_rgb, (cairo_t *a, double b, double c, double d), (a, b, c, d)) \
	V(cairo, cairo_set_source_rgba, (cairo_t *a, double b, double c, double d, double e), \
		(a, b, c, d, e)) \
	V(cairo, cairo_show_page, (cairo_t *a), (a)) \
	R(cairo, cairo_status_t, cairo_status, (cairo_t *a), (a)) \
	R(cairo, const char *, cairo_status_to_string, (cairo_status_t a), (a)) \
	V(cairo, cairo_stroke, (cairo_t *a), (a)) \
	V(cairo, cairo_stroke_preserve, (cairo_t *a), (a)) \
	V(cairo, cairo_surface_destroy, (cairo_surface_t *a), (a)) \
	V(cairo, cairo_surface_finish, (cairo_surface_t *a), (a)) \
	V(cairo, cairo_surface_flush, (cairo_surface_t *a), (a)) \
	V(cairo, cairo_surface_mark_dirty, (cairo_surface_t *a), (a)) \
	R(cairo, cairo_status_t, cairo_surface_status, (cairo_surface_t *a), (a)) \
	R(cairo, cairo_status_t, cairo_surface_write_to_png_stream, \
		(cairo_surface_t *a, cairo_write_func_t b, void *c), \
		(a, b, c)) \
	R(cairo, cairo_surface_t *, cairo_svg_surface_create_for_stream, \
		(cairo_write_func_t a, void *b, double c, double d), \
		(a, b, c, d)) \
	V(cairo, cairo_svg_surface_restrict_to_version, (cairo_surface_t *a, cairo_svg_version_t b), (a, b)) \
	V(cairo, cairo_svg_surface_set_document_unit, (cairo_surface_t *a, cairo_svg_unit_t b), (a, b)) \
	V(cairo, cairo_translate, (cairo_t *a, double b, double c), (a, b, c)) \
	V(cairo, cairo_user_to_device, (cairo_t *a, double *b, double *c), (a, b, c)) \
	V(cairo, cairo_user_to_device_distance, (cairo_t *a, double *b, double *c), (a, b, c)) \
	R(fontconfig, FcBool, FcConfigBuildFonts, (FcConfig *a), (a)) \
	R(fontconfig, FcConfig *, FcConfigCreate, (void), ()) \
	V(fontconfig, FcConfigDestroy, (FcConfig *a), (a)) \
	R(fontconfig, FcFontSet *, FcConfigGetFonts, (FcConfig *a, FcSetName b), (a, b)) \
	R(fontconfig, FcBool, FcConfigParseAndLoadFromMemory, (FcConfig *a, const FcChar8 *b, FcBool c), \
		(a, b, c)) \
	R(fontconfig, FcBool, FcConfigSetCurrent, (FcConfig *a), (a)) \
	R(fontconfig, FcResult, FcPatternGetString, (const FcPattern *a, const char *b, int c, FcChar8 **d), \
		(a, b, c, d)) \
	V(gobject, g_object_unref, (gpointer a), (a)) \
	R(glib, gchar *, g_string_free, (GString *a, gboolean b), (a, b)) \
	V(pangocairo, pango_cairo_context_set_font_options, \
		(PangoContext *a, const cairo_font_options_t *b), \
		(a, b)) \
	V(pangocairo, pango_cairo_context_set_resolution, (PangoContext *a, double b), (a, b)) \
	R(pangocairo, PangoContext *, pango_cairo_create_context, (cairo_t *a), (a)) \
	R(pangocairo, PangoLayout *, pango_cairo_create_layout, (cairo_t *a), (a)) \
	V(pangocairo, pango_cairo_show_layout, (cairo_t *a, PangoLayout *b), (a, b)) \
	V(pangocairo, pango_cairo_update_context, (cairo_t *a, PangoContext *b), (a, b)) \
	R(pango, guint, pango_context_get_serial, (PangoContext *a), (a)) \
	V(pango, pango_font_description_free, (PangoFontDescription *a), (a)) \
	R(pango, PangoFontDescription *, pango_font_description_from_string, (const char *a), (a)) \
	R(pango, gint, pango_font_description_get_size, (const PangoFontDescription *a), (a)) \
	R(pango, PangoFontDescription *, pango_font_description_new, (void), ()) \
	V(pango, pango_font_description_set_absolute_size, (PangoFontDescription *a, double b), (a, b)) \
	V(pango, pango_font_description_set_family_static, (PangoFontDescription *a, const char *b), (a, b)) \
	V(pango, pango_font_description_set_stretch, (PangoFontDescription *a, PangoStretch b), (a, b)) \
	V(pango, pango_font_description_set_style, (PangoFontDescription *a, PangoStyle b), (a, b)) \
	V(pango, pango_font_description_set_weight, (PangoFontDescription *a, PangoWeight b), (a, b)) \
	R(pango, int, pango_glyph_string_get_width, (PangoGlyphString *a), (a)) \
	V(pango, pango_layout_get_extents, (PangoLayout *a, PangoRectangle *b, PangoRectangle *c), \
		(a, b, c)) \
	R(pango, PangoLayoutIter *, pango_layout_get_iter, (PangoLayout *a), (a)) \
	R(pango, int, pango_layout_get_line_count, (PangoLayout *a), (a)) \
	V(pango, pango_layout_get_size, (PangoLayout *a, int *b, int *c), (a, b, c)) \
	R(pango, const char *, pango_layout_get_text, (PangoLayout *a), (a)) \
	R(pango, gboolean, pango_layout_is_ellipsized, (PangoLayout *a), (a)) \
	V(pango, pango_layout_iter_free, (PangoLayoutIter *a), (a)) \
	R(pango, int, pango_layout_iter_get_baseline, (PangoLayoutIter *a), (a)) \
	V(pango, pango_layout_iter_get_line_extents, \
		(PangoLayoutIter *a, PangoRectangle *b, PangoRectangle *c), \
		(a, b, c)) \
	R(pango, PangoLayoutLine *, pango_layout_iter_get_line_readonly, (PangoLayoutIter *a), (a)) \
	R(pango, gboolean, pango_layout_iter_next_line, (PangoLayoutIter *a), (a)) \
	R(pango, PangoLayout *, pango_layout_new, (PangoContext *a), (a)) \
	V(pango, pango_layout_set_ellipsize, (PangoLayout *a, PangoEllipsizeMode b), (a, b)) \
	V(pango, pango_layout_set_font_description, (PangoLayout *a, const PangoFontDescription *b), (a, b)) \
	V(pango, pango_layout_set_height, (PangoLayout *a, int b), (a, b)) \
	V(pango, pango_layout_set_single_paragraph_mode, (PangoLayout *a, gboolean b), (a, b)) \
	V(pango, pango_layout_set_text, (PangoLayout *a, const char *b, int c), (a, b, c)) \
	V(pango, pango_layout_set_width, (PangoLayout *a, int b), (a, b)) \
	V(pango, pango_layout_set_wrap, (PangoLayout *a, PangoWrapMode b), (a, b))

#define GX_FIELD_R(lib, ret, name, p, a) __typeof__(&name) name;
#define GX_FIELD_V(lib, name, p, a) __typeof__(&name) name;
static struct {
	GX_FUNCS(GX_FIELD_R, GX_FIELD_V)
} gx;
#undef GX_FIELD_R
#undef GX_FIELD_V

/* glib's thread calls, for g_thread_new below (not a forwarder: defined apart) */
static struct {
	GThread *(*thread_new)(const gchar *, GThreadFunc, gpointer);
	GThread *(*thread_ref)(GThread *);
	GThread *(*thread_self)(void);
} gx_thr;

static pthread_once_t gx_once = PTHREAD_ONCE_INIT;
static int gx_ready;       /* set (release) once every entry point is found */
static char gx_why[512];   /* why not, when not */

static void gx_load(void)
{
	void *h[GX_NLIB];
	for (int k = 0; k < GX_NLIB; k++)
		if (sl_dl_open(&h[k], gx_sonames[k], gx_packages[k], gx_why, sizeof gx_why))
			return;
#define GX_SYM(lib, name) \
	if (sl_dl_sym(h[GX_##lib], gx_sonames[GX_##lib], #name, (void **)&gx.name, gx_why, sizeof gx_why)) \
		return;
#define GX_SYM_R(lib, ret, name, p, a) GX_SYM(lib, name)
#define GX_SYM_V(lib, name, p, a) GX_SYM(lib, name)
	GX_FUNCS(GX_SYM_R, GX_SYM_V)
#undef GX_SYM_R
#undef GX_SYM_V
#undef GX_SYM
	if (sl_dl_sym(h[GX_glib], gx_sonames[GX_glib], "g_thread_new", (void **)&gx_thr.thread_new, gx_why,
	        sizeof gx_why) ||
	    sl_dl_sym(h[GX_glib], gx_sonames[GX_glib], "g_thread_ref", (void **)&gx_thr.thread_ref, gx_why,
	        sizeof gx_why) ||
	    sl_dl_sym(h[GX_glib], gx_sonames[GX_glib], "g_thread_self", (void **)&gx_thr.thread_self, gx_why,
	        sizeof gx_why))
		return;
	__atomic_store_n(&gx_ready, 1, __ATOMIC_RELEASE);
}

int cli_gfx_open(char *why, size_t whyn)
{
	if (__atomic_load_n(&gx_ready, __ATOMIC_ACQUIRE))
		return 0;
	pthread_once(&gx_once, gx_load);
	if (__atomic_load_n(&gx_ready, __ATOMIC_ACQUIRE)) {
		sl_render_pin_fonts();   /* the verb has not drawn yet: pango has not begun */
		return 0;
	}
	snprintf(why, whyn, "%s", gx_why[0] ? gx_why : "cannot load cairo and pango");
	return -1;
}

/* The first drawing call of the process opens the libraries; one that
 * cannot ends it here, said (the verbs that draw ask cli_gfx_open first,
 * so this is for a path that did not). */
static inline void gx_need(void)
{
	char why[600];
	if (__builtin_expect(__atomic_load_n(&gx_ready, __ATOMIC_ACQUIRE), 1))
		return;
	if (cli_gfx_open(why, sizeof why) == 0)
		return;
	fprintf(stderr, "sillage: %s\n", why);
	exit(3);
}

/* Hidden: not exported even from a binary linked -rdynamic (make
 * alloc-faults), where glib's own calls would otherwise come back here
 * while it is being opened. The name in parentheses: a function-like macro
 * of a header is not expanded. */
#define GX_DEF_R(lib, ret, name, p, a) \
	__attribute__((visibility("hidden"))) ret(name) p \
	{ \
		gx_need(); \
		return gx.name a; \
	}
#define GX_DEF_V(lib, name, p, a) \
	__attribute__((visibility("hidden"))) void(name) p \
	{ \
		gx_need(); \
		gx.name a; \
	}
GX_FUNCS(GX_DEF_R, GX_DEF_V)

/* pango 1.50 starts two threads for every font description it has not seen
 * (a size, a weight: 21 in a frame of heron-bank, 42 threads), one for
 * fontconfig's best match and one for its sorted fallback list, so that a
 * desktop program's first frame need not wait; `render` waits for both at
 * once, and creating and ending the threads cost it more CPU than the two
 * searches (84 threads that do nothing are 2.7 ms of CPU on the build
 * machine). This g_thread_new is exported from the command (the Makefile's
 * --export-dynamic-symbol), so the pango opened above calls it instead of
 * glib's: those two searches run at once on the calling thread, as pango
 * did before 1.50 (the same fontconfig calls, the same fonts); the thread
 * returned is the caller's own, referenced once for pango's g_thread_unref.
 * Every other thread, glib's own or another name, is glib's as asked. */
__attribute__((visibility("default"))) GThread *g_thread_new(const gchar *name, GThreadFunc func,
	gpointer data)
{
	gx_need();
	if (name && (strcmp(name, "[pango] FcFontSetMatch") == 0 || strcmp(name, "[pango] FcFontSetSort") == 0)) {
		func(data);
		return gx_thr.thread_ref(gx_thr.thread_self());
	}
	return gx_thr.thread_new(name, func, data);
}
