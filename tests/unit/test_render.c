/* test_render.c - the render driver and the sail painter over a hand-built
 * state: PNG/SVG/PDF bytes, sizes, limits, write failures, file output.
 * Set SL_RENDER_DUMP=DIR to keep the images for a look. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fontconfig/fontconfig.h>

#include "render/sl_render.h"
#include "src/games/sail/sail.h"

/* ---- a fake game: just what the painter may read ----------------------------- */

static const char *const phases[] = {"wind", "movement", "fire", "boarding", "movement",
	"fire"};
static const sl_schema schema = {0, NULL, 6, phases, {SL_HEX_FLAT, SL_HEX_ODD}};
static sl_game fake_game;

static sl_header header;
static sail_state state;
static sl_frame frame;

/* The neighbour of a printed (1-based) hex, counted as the sail module does. */
static sl_offset step(sl_offset o, int dir)
{
	sl_hex_layout l = {SL_HEX_FLAT, SL_HEX_ODD};
	o.col--;
	o.row--;
	o = sl_hex_to_offset(l, sl_hex_neighbor(SL_HEX_FLAT, sl_hex_from_offset(l, o), dir));
	o.col++;
	o.row++;
	return o;
}

static sail_ship *add_ship(const char *id, const char *name, int side, int col, int row,
	int facing, int mp)
{
	sail_ship *s = &state.ships[state.nships++];
	memset(s, 0, sizeof *s);
	snprintf(s->id, sizeof s->id, "%s", id);
	snprintf(s->name, sizeof s->name, "%s", name);
	snprintf(s->cls, sizeof s->cls, "74");
	s->side = side;
	s->col = col;
	s->row = row;
	s->facing = facing;
	s->mp = mp;
	s->left = mp;
	s->hull = s->hull_max = 5;
	return s;
}

static void build(int cols, int rows)
{
	sl_offset o;
	sail_ship *s;

	memset(&fake_game, 0, sizeof fake_game);
	fake_game.api = SL_GAME_API;
	fake_game.id = "sail";
	fake_game.name = "Sail";
	fake_game.rules_version = 1;
	fake_game.schema = &schema;

	memset(&header, 0, sizeof header);
	header.format_version = 1;
	header.game = "sail";
	header.title = "Off the Tessel shoals";
	header.nplayers = 2;
	header.players[0] = (sl_player){"fr", "France", 0x1f4e9c};
	header.players[1] = (sl_player){"gb", "Britain", 0xc0392b};

	memset(&state, 0, sizeof state);
	state.cols = cols;
	state.rows = rows;
	state.turns = 12;
	state.turn = 3;
	state.phase = 2;
	state.wind = 4;   /* toward SW */
	/* land along the east edge, a shoal bank in the south-west */
	for (int r = 1; r <= rows; r++)
		for (int c = 1; c <= cols; c++)
			if (c >= cols - 1 && c > 2 && (r > rows / 3 || c == cols))
				state.terrain[r - 1][c - 1] = SAIL_LAND;
			else if (r >= rows - 3 && r > 1 && c >= 2 && c <= 5)
				state.terrain[r - 1][c - 1] = SAIL_SHOAL;
	if (cols >= 4 && rows >= 3)
		state.terrain[2][3] = SAIL_SHOAL;

	add_ship("redoutable", "Redoutable", 0, 4, 4, 4, 5);     /* run */
	s = add_ship("bucentaure", "Bucentaure", 0, 0, 0, 3, 6); /* the last move */
	add_ship("victory", "Victory", 1, 8, 4, 0, 5);           /* close-hauled */
	s->left = 2;
	s = add_ship("temeraire", "Temeraire", 1, 9, 2, 1, 4);   /* head to wind */
	s->in_irons = 1;
	s->left = 1;
	s = add_ship("swiftsure", "Swiftsure", 1, 3, rows - 1, 2, 4);  /* aground */
	s->grounded = 1;
	s->shallow = 1;
	s->hull = 3;
	s = add_ship("achille", "Achille", 0, 7, rows - 1, 5, 5);
	s->struck = 1;
	s->hull = 1;
	s = add_ship("fougueux", "Fougueux", 0, 5, 2, 3, 5);
	s->sunk = 1;
	s->hull = 0;

	/* Bucentaure: from 6,2 heading SE (close-hauled, 3), turns to S, then
	 * broad reach (1), then tacks nothing: a plain two-hex move */
	state.last_ship = 1;
	o.col = 6;
	o.row = 2;
	state.path_col[0] = o.col;
	state.path_row[0] = o.row;
	o = step(o, 2);
	state.path_col[1] = o.col;
	state.path_row[1] = o.row;
	state.path_cost[1] = 3;
	o = step(o, 3);
	state.path_col[2] = o.col;
	state.path_row[2] = o.row;
	state.path_cost[2] = 1;
	state.npath = 3;
	state.ships[1].col = o.col;
	state.ships[1].row = o.row;
	state.ships[1].left = 2;

	memset(&frame, 0, sizeof frame);
	frame.game = &fake_game;
	frame.header = &header;
	frame.state = &state;
	frame.event_no = 17;
	frame.last_desc = "Bucentaure sails SE 1 hex (3 pts), turns to S, 1 hex (1 pt)";
}

static int setup(void **ctx)
{
	(void)ctx;
	build(12, 9);
	return 0;
}

static void dump(const char *name, const unsigned char *p, size_t n)
{
	const char *dir = getenv("SL_RENDER_DUMP");
	char path[512];
	FILE *f;
	if (!dir)
		return;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (f) {
		fwrite(p, 1, n, f);
		fclose(f);
	}
}

/* ---- PNG decode from memory ------------------------------------------------------- */

typedef struct mem_reader {
	const unsigned char *p;
	size_t n, pos;
} mem_reader;

static cairo_status_t read_mem(void *closure, unsigned char *data, unsigned int len)
{
	mem_reader *r = closure;
	if (r->n - r->pos < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->p + r->pos, len);
	r->pos += len;
	return CAIRO_STATUS_SUCCESS;
}

static void decode_png(const unsigned char *p, size_t n, int *w, int *h)
{
	mem_reader r = {p, n, 0};
	cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_mem, &r);
	assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	cairo_surface_destroy(s);
}

static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

/* ---- tests ------------------------------------------------------------------------ */

static void test_png_natural_and_sized(void **ctx)
{
	sl_render_opts o = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	int w, h, nw, nh;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	assert_true(n > sizeof png_sig);
	assert_memory_equal(p, png_sig, sizeof png_sig);
	decode_png(p, n, &nw, &nh);
	assert_true(nw > 400 && nh > 300);
	dump("sail-light.png", p, n);
	sl_free(p);

	o.width = 640;   /* height follows the aspect */
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	decode_png(p, n, &w, &h);
	assert_int_equal(w, 640);
	assert_int_equal(h, (int)((double)640 * nh / nw + 0.5));
	sl_free(p);

	o.width = 0;
	o.height = 300;
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	decode_png(p, n, &w, &h);
	assert_int_equal(h, 300);
	assert_int_equal(w, (int)((double)300 * nw / nh + 0.5));
	sl_free(p);

	o.width = 500;   /* both: exactly that, letterboxed */
	o.height = 500;
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	decode_png(p, n, &w, &h);
	assert_int_equal(w, 500);
	assert_int_equal(h, 500);
	sl_free(p);
}

/* The board alone (the stream overlay): cut to the map, with alpha: the
 * corners between the map's edge hexes clear, the map's middle opaque. */
static void test_board_only(void **ctx)
{
	sl_render_opts o = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	int fw, fh, w, h;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	decode_png(p, n, &fw, &fh);
	sl_free(p);
	o.board_only = 1;
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	assert_int_equal(p[25], 6);   /* IHDR colour type: truecolour with alpha */
	{
		mem_reader r = {p, n, 0};
		cairo_surface_t *s = cairo_image_surface_create_from_png_stream(read_mem, &r);
		const uint32_t *px;
		int stride;
		assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
		w = cairo_image_surface_get_width(s);
		h = cairo_image_surface_get_height(s);
		px = (const uint32_t *)cairo_image_surface_get_data(s);
		stride = cairo_image_surface_get_stride(s) / 4;
		assert_true(w < fw && h < fh);                            /* no title, no panel */
		assert_int_equal(px[0] >> 24, 0);                         /* a corner: clear */
		assert_int_equal(px[(h / 2) * stride + w / 2] >> 24, 255);   /* the map: opaque */
		cairo_surface_destroy(s);
	}
	dump("sail-board-only.png", p, n);
	sl_free(p);
	assert_int_equal(sl_render_to_mem(SL_FMT_SVG, &frame, &o, &p, &n, &err), SL_OK);
	{
		size_t k = 0;
		while (k + 4 <= n && memcmp(p + k, "<svg", 4) != 0)
			k++;
		assert_true(k + 4 <= n);
	}
	sl_free(p);
}

static void test_natural_size_of_a_20x14_map(void **ctx)
{
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	int w, h;
	(void)ctx;
	build(20, 14);
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, NULL, &p, &n, &err), SL_OK);
	decode_png(p, n, &w, &h);
	assert_true(w >= 1000 && w <= 1300);
	assert_true(h >= 600 && h <= 1100);
	dump("sail-20x14.png", p, n);
	sl_free(p);
	build(12, 9);
}

static void test_dark_theme(void **ctx)
{
	sl_render_opts o = {0, 0, SL_THEME_DARK, NULL, NULL, NULL, 0, 0, 0};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_OK);
	assert_memory_equal(p, png_sig, sizeof png_sig);
	dump("sail-dark.png", p, n);
	sl_free(p);
	o.theme = 7;
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_EUSAGE);
	assert_null(p);
}

static void test_svg(void **ctx)
{
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	char *s;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_SVG, &frame, NULL, &p, &n, &err), SL_OK);
	s = malloc(n + 1);
	assert_non_null(s);
	memcpy(s, p, n);
	s[n] = 0;
	assert_non_null(strstr(s, "<svg"));
	assert_non_null(strstr(s, "</svg>"));
	/* the names are real text in DejaVu Sans, no glyph outline is left */
	assert_non_null(strstr(s, ">Redoutable</text>"));
	assert_non_null(strstr(s, "font-family=\"DejaVu Sans"));
	assert_null(strstr(s, "xlink:href=\"#g0-"));
	dump("sail.svg", p, n);
	free(s);
	sl_free(p);
}

/* --svg-outlines: cairo's glyph outlines, no <text> at all. */
static void test_svg_outlines(void **ctx)
{
	sl_render_opts o = {0, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 1};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	char *s;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_SVG, &frame, &o, &p, &n, &err), SL_OK);
	s = malloc(n + 1);
	assert_non_null(s);
	memcpy(s, p, n);
	s[n] = 0;
	assert_null(strstr(s, "<text"));
	assert_non_null(strstr(s, "xlink:href=\"#g"));
	free(s);
	sl_free(p);
}

static void test_pdf(void **ctx)
{
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PDF, &frame, NULL, &p, &n, &err), SL_OK);
	assert_true(n > 5);
	assert_memory_equal(p, "%PDF", 4);
	dump("sail.pdf", p, n);
	sl_free(p);
}

static void test_oversized_refused(void **ctx)
{
	sl_render_opts o = {SL_RENDER_MAX_SIDE + 1, 0, SL_THEME_LIGHT, NULL, NULL, NULL, 0, 0, 0};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_ERANGE);
	assert_int_equal(err.code, SL_ERANGE);
	assert_non_null(strstr(err.msg, "width"));
	assert_non_null(strstr(err.msg, "8192"));
	assert_null(p);

	/* a height that the aspect pushes over the limit */
	o.width = 0;
	o.height = SL_RENDER_MAX_SIDE;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, &o, &p, &n, &err), SL_ERANGE);
	assert_non_null(strstr(err.msg, "width"));

	o.width = -5;
	o.height = 0;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_SVG, &frame, &o, &p, &n, &err), SL_ERANGE);
	assert_non_null(strstr(err.msg, "-5"));
}

typedef struct collect {
	unsigned char *p;
	size_t n, cap;
	int fail_after;   /* calls before failing, -1 never */
	int calls;
} collect;

static int collect_write(void *closure, const unsigned char *data, size_t n)
{
	collect *c = closure;
	if (c->fail_after >= 0 && c->calls++ >= c->fail_after)
		return -1;
	if (c->n + n > c->cap) {
		c->cap = (c->n + n) * 2;
		c->p = realloc(c->p, c->cap);
		assert_non_null(c->p);
	}
	memcpy(c->p + c->n, data, n);
	c->n += n;
	return 0;
}

static void test_func_and_mem_agree(void **ctx)
{
	collect c = {NULL, 0, 0, -1, 0};
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_func(SL_FMT_PNG, &frame, NULL, collect_write, &c, &err),
		SL_OK);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, NULL, &p, &n, &err), SL_OK);
	assert_int_equal(c.n, n);
	assert_memory_equal(c.p, p, n);
	free(c.p);
	sl_free(p);
}

static void test_failing_writer(void **ctx)
{
	static const sl_format fmts[] = {SL_FMT_PNG, SL_FMT_SVG, SL_FMT_PDF};
	(void)ctx;
	for (int i = 0; i < 3; i++)
		for (int after = 0; after <= 1; after++) {
			collect c = {NULL, 0, 0, after, 0};
			sl_error err;
			sl_error_clear(&err);
			assert_int_equal(sl_render_to_func(fmts[i], &frame, NULL, collect_write, &c,
				&err), SL_EIO);
			assert_int_equal(err.code, SL_EIO);
			assert_true(err.msg[0] != 0);
			free(c.p);
		}
}

static void test_format_from_path(void **ctx)
{
	(void)ctx;
	assert_int_equal(sl_render_format_from_path("board.png"), SL_FMT_PNG);
	assert_int_equal(sl_render_format_from_path("out/Board.PNG"), SL_FMT_PNG);
	assert_int_equal(sl_render_format_from_path("a.b/turn3.svg"), SL_FMT_SVG);
	assert_int_equal(sl_render_format_from_path("x.pdf"), SL_FMT_PDF);
	assert_int_equal(sl_render_format_from_path("x.gif"), -1);
	assert_int_equal(sl_render_format_from_path("png"), -1);
	assert_int_equal(sl_render_format_from_path(".png"), -1);
	assert_int_equal(sl_render_format_from_path("dir.png/file"), -1);
	assert_int_equal(sl_render_format_from_path("x.png.bak"), -1);
	assert_int_equal(sl_render_format_from_path(NULL), -1);
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	assert_non_null(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void test_to_file(void **ctx)
{
	char dir[] = "/tmp/sl_render_XXXXXX", path[256], bad[300];
	sl_error err;
	struct stat st;
	FILE *f;
	unsigned char sig[8];
	(void)ctx;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/board.png", dir);
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_file(path, SL_FMT_PNG, &frame, NULL, &err), SL_OK);
	f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(fread(sig, 1, 8, f), 8);
	fclose(f);
	assert_memory_equal(sig, png_sig, 8);
	assert_int_equal(count_entries(dir), 1);   /* no temp file left */

	/* a failed render leaves nothing behind and keeps the old file */
	{
		sl_render_opts o = {SL_RENDER_MAX_SIDE * 2, 0, 0, NULL, NULL, NULL, 0, 0, 0};
		sl_error_clear(&err);
		assert_int_equal(sl_render_to_file(path, SL_FMT_PNG, &frame, &o, &err), SL_ERANGE);
		assert_int_equal(count_entries(dir), 1);
		assert_int_equal(stat(path, &st), 0);
		assert_true(st.st_size > 8);
	}

	snprintf(bad, sizeof bad, "%s/no/such/dir/x.png", dir);
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_file(bad, SL_FMT_PNG, &frame, NULL, &err), SL_EIO);
	assert_non_null(strstr(err.msg, "x.png"));

	unlink(path);
	rmdir(dir);
}

static void test_painter_registry(void **ctx)
{
	sl_game other;
	sl_frame fr = frame;
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	assert_true(sl_render_has_painter("sail"));
	assert_false(sl_render_has_painter("chess"));
	other = fake_game;
	other.id = "chess";
	fr.game = &other;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &fr, NULL, &p, &n, &err), SL_EUSAGE);
	assert_non_null(strstr(err.msg, "chess"));
	fr.game = &fake_game;
	fr.state = NULL;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &fr, NULL, &p, &n, &err), SL_EUSAGE);
}

static void test_setup_frame_and_edges(void **ctx)
{
	sl_error err;
	unsigned char *p = NULL;
	size_t n = 0;
	(void)ctx;
	/* before turn 1, no last move, a one-hex map, ships off the map */
	build(1, 1);
	state.turn = state.phase = 0;
	state.last_ship = -1;
	state.npath = 0;
	frame.event_no = 0;
	frame.last_desc = NULL;
	frame.header = NULL;
	sl_error_clear(&err);
	assert_int_equal(sl_render_to_mem(SL_FMT_PNG, &frame, NULL, &p, &n, &err), SL_OK);
	sl_free(p);
	/* the biggest map still fits */
	build(SAIL_MAX_COLS, SAIL_MAX_ROWS);
	assert_int_equal(sl_render_to_mem(SL_FMT_SVG, &frame, NULL, &p, &n, &err), SL_OK);
	sl_free(p);
	build(12, 9);
}

/* ---- the fonts' configuration (render/fonts.c) ------------------------------- */

/* Whether the current configuration was read from a file named name (NULL:
 * from none at all). */
static int config_read_from(const char *name)
{
	FcStrList *l = FcConfigGetConfigFiles(FcConfigGetCurrent());
	FcChar8 *f;
	int found = 0, any = 0;
	while ((f = FcStrListNext(l))) {
		any = 1;
		found |= name && strcmp((const char *)f, name) == 0;
	}
	FcStrListDone(l);
	return name ? found : !any;
}

/* 0 if the pinned configuration is current and matches SL_KIT_FONT itself.
 * Runs in a child: it changes the process's fontconfig for good. */
static int pinned_child(void)
{
	FcPattern *p, *m;
	FcResult r;
	FcChar8 *family = NULL;
	int rc;
	unsetenv("FONTCONFIG_FILE");
	unsetenv("FONTCONFIG_PATH");
	unsetenv("FONTCONFIG_SYSROOT");
	sl_render_pin_fonts();
	sl_render_pin_fonts();   /* again: a no-op */
	if (!config_read_from(NULL))
		return 1;   /* the system's files were read */
	p = FcNameParse((const FcChar8 *)"DejaVu Sans");
	FcConfigSubstitute(NULL, p, FcMatchPattern);
	FcDefaultSubstitute(p);
	m = FcFontMatch(NULL, p, &r);
	rc = !m || FcPatternGetString(m, FC_FAMILY, 0, &family) != FcResultMatch ||
	     strcmp((const char *)family, "DejaVu Sans") != 0 ? 2 : 0;
	if (m)
		FcPatternDestroy(m);
	FcPatternDestroy(p);
	return rc;
}

/* 0 if a FONTCONFIG_FILE the user set is the configuration read. */
static int user_file_child(const char *file)
{
	setenv("FONTCONFIG_FILE", file, 1);
	sl_render_pin_fonts();
	return config_read_from(file) ? 0 : 1;
}

static int in_child(int (*fn)(const char *), const char *arg)
{
	int status;
	pid_t pid = fork();
	if (pid == 0)
		_exit(fn(arg));
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int pinned_child_arg(const char *unused)
{
	(void)unused;
	return pinned_child();
}

/* These two run first, in children, before this process has drawn (and so
 * loaded a fontconfig configuration the children would inherit). */
static void test_fonts_pinned(void **ctx)
{
	(void)ctx;
	if (!getenv("FONTCONFIG_FILE") && access("/usr/share/fonts", F_OK) != 0)
		skip();   /* no system font directory: the pin keeps the system's */
	assert_int_equal(in_child(pinned_child_arg, NULL), 0);
}

static void test_fonts_user_file_kept(void **ctx)
{
	char dir[] = "/tmp/sl-fonts-XXXXXX", file[64];
	FILE *f;
	(void)ctx;
	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/fonts.conf", dir);
	assert_non_null(f = fopen(file, "w"));
	fputs("<?xml version=\"1.0\"?>\n<fontconfig><dir>/usr/share/fonts</dir></fontconfig>\n", f);
	fclose(f);
	assert_int_equal(in_child(user_file_child, file), 0);
	unlink(file);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fonts_pinned),
		cmocka_unit_test(test_fonts_user_file_kept),
		cmocka_unit_test_setup(test_png_natural_and_sized, setup),
		cmocka_unit_test_setup(test_board_only, setup),
		cmocka_unit_test_setup(test_natural_size_of_a_20x14_map, setup),
		cmocka_unit_test_setup(test_dark_theme, setup),
		cmocka_unit_test_setup(test_svg, setup),
		cmocka_unit_test_setup(test_svg_outlines, setup),
		cmocka_unit_test_setup(test_pdf, setup),
		cmocka_unit_test_setup(test_oversized_refused, setup),
		cmocka_unit_test_setup(test_func_and_mem_agree, setup),
		cmocka_unit_test_setup(test_failing_writer, setup),
		cmocka_unit_test(test_format_from_path),
		cmocka_unit_test_setup(test_to_file, setup),
		cmocka_unit_test_setup(test_painter_registry, setup),
		cmocka_unit_test_setup(test_setup_frame_and_edges, setup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
