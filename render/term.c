/* term.c - the board in a terminal through libchafa (Debian's libchafa-dev):
 * kitty or sixel graphics where the terminal speaks them, else Unicode
 * block and sextant symbols in as many colours as it has. The stepper falls
 * back to its text when this says no. */
#include "export.h"

#include "core/sl_core.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chafa.h>

#define CELL_W 8    /* pixels a character cell stands for, in pixel modes */
#define CELL_H 16

extern char **environ;

/* libchafa is opened (dlopen) the first time a board is drawn here, not
 * when a program using the library starts: no other verb maps or relocates
 * it (issue 29). A missing library is SL_EFORMAT, naming it; the stepper
 * then falls back to its text. Each entry point used, by chafa.h's type: */
#define CH_SONAME "libchafa.so.0"   /* Debian's package libchafa0 */
#define CH_FUNCS(X) \
	X(chafa_canvas_config_new) X(chafa_canvas_config_set_canvas_mode) X(chafa_canvas_config_set_cell_geometry) \
	X(chafa_canvas_config_set_geometry) X(chafa_canvas_config_set_pixel_mode) X(chafa_canvas_config_set_symbol_map) \
	X(chafa_canvas_config_unref) X(chafa_canvas_draw_all_pixels) X(chafa_canvas_new) \
	X(chafa_canvas_print) X(chafa_canvas_unref) X(chafa_symbol_map_add_by_tags) \
	X(chafa_symbol_map_new) X(chafa_symbol_map_unref) X(chafa_term_db_detect) \
	X(chafa_term_db_get_default) X(chafa_term_info_have_seq) X(chafa_term_info_unref)

#define CH_FIELD(name) __typeof__(&name) name;
static struct {
	CH_FUNCS(CH_FIELD)
} chf;
#undef CH_FIELD

static pthread_once_t ch_once = PTHREAD_ONCE_INIT;
static char ch_why[400];   /* empty once every entry point is found */

static void ch_load(void)
{
	void *h;
	if (sl_dl_open(&h, CH_SONAME, "libchafa0", ch_why, sizeof ch_why))
		return;
#define CH_SYM(name) \
	if (sl_dl_sym(h, CH_SONAME, #name, (void **)&chf.name, ch_why, sizeof ch_why)) \
		return;
	CH_FUNCS(CH_SYM)
#undef CH_SYM
}

static int ch_ready(sl_error *err)
{
	if (pthread_once(&ch_once, ch_load) != 0)
		return sl_error_set(err, SL_EFORMAT, "term: cannot load libchafa");
	if (ch_why[0])
		return sl_error_set(err, SL_EFORMAT, "term: %s", ch_why);
	return SL_OK;
}

int sl_term_mode_from_name(const char *s)
{
	if (!s || !strcmp(s, "auto"))
		return SL_TERM_AUTO;
	if (!strcmp(s, "text"))
		return SL_TERM_TEXT;
	if (!strcmp(s, "symbols"))
		return SL_TERM_SYMBOLS;
	if (!strcmp(s, "sixel"))
		return SL_TERM_SIXEL;
	if (!strcmp(s, "kitty"))
		return SL_TERM_KITTY;
	return -1;
}

int sl_render_terminal(const sl_frame *fr, const sl_render_opts *o, int mode, int cols,
	int rows, sl_buf *out, int *used_mode, sl_error *err)
{
	ChafaTermDb *db;
	ChafaTermInfo *ti;
	ChafaCanvasConfig *cfg = NULL;
	ChafaSymbolMap *sym = NULL;
	ChafaCanvas *cv = NULL;
	GString *gs;
	sl_render_opts ro = *o;
	uint32_t *px = NULL;
	int nw, nh, cw, ch, pw, ph, rc;
	ChafaCanvasMode cmode;
	if (mode == SL_TERM_TEXT)
		return sl_error_set(err, SL_EUSAGE, "term: text asked for, no board drawn");
	if (cols < 8 || rows < 4)
		return sl_error_set(err, SL_ERANGE, "term: a %dx%d terminal is too small for a board",
			cols, rows);
	if ((rc = ch_ready(err)) < 0)
		return rc;
	ro.width = ro.height = 0;
	if ((rc = sl_render_measure(fr, &ro, &nw, &nh, err)) < 0)
		return rc;
	db = chf.chafa_term_db_get_default();
	ti = chf.chafa_term_db_detect(db, environ);
	if (mode == SL_TERM_AUTO) {
		if (chf.chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1))
			mode = SL_TERM_KITTY;
		else if (chf.chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_BEGIN_SIXELS))
			mode = SL_TERM_SIXEL;
		else
			mode = SL_TERM_SYMBOLS;
	}
	cmode = chf.chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT) ?
		CHAFA_CANVAS_MODE_TRUECOLOR :
		chf.chafa_term_info_have_seq(ti, CHAFA_TERM_SEQ_SET_COLOR_FGBG_256) ?
		CHAFA_CANVAS_MODE_INDEXED_256 : CHAFA_CANVAS_MODE_INDEXED_16;
	/* the board's shape in cells (a cell is twice as high as wide) */
	cw = cols;
	ch = (int)((double)cw * nh / nw / 2 + 0.5);
	if (ch > rows) {
		ch = rows;
		cw = (int)((double)ch * 2 * nw / nh + 0.5);
	}
	if (cw < 1)
		cw = 1;
	if (ch < 1)
		ch = 1;
	pw = cw * CELL_W;
	ph = ch * CELL_H;
	if (!(px = sl_malloc((size_t)pw * ph * 4))) {
		chf.chafa_term_info_unref(ti);
		return sl_error_set(err, SL_ENOMEM, "term: out of memory");
	}
	if ((rc = sl_render_pixels(px, pw, ph, pw * 4, fr, &ro, err)) < 0)
		goto out;
	for (size_t k = 0; k < (size_t)pw * ph; k++)
		px[k] |= 0xff000000u;   /* RGB24 leaves the alpha byte undefined */
	cfg = chf.chafa_canvas_config_new();
	chf.chafa_canvas_config_set_geometry(cfg, cw, ch);
	chf.chafa_canvas_config_set_cell_geometry(cfg, CELL_W, CELL_H);
	chf.chafa_canvas_config_set_canvas_mode(cfg, cmode);
	chf.chafa_canvas_config_set_pixel_mode(cfg, mode == SL_TERM_KITTY ? CHAFA_PIXEL_MODE_KITTY :
		mode == SL_TERM_SIXEL ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_SYMBOLS);
	sym = chf.chafa_symbol_map_new();
	chf.chafa_symbol_map_add_by_tags(sym, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE |
		CHAFA_SYMBOL_TAG_SEXTANT);
	chf.chafa_canvas_config_set_symbol_map(cfg, sym);
	cv = chf.chafa_canvas_new(cfg);
	chf.chafa_canvas_draw_all_pixels(cv, CHAFA_PIXEL_BGRA8_UNASSOCIATED, (const guint8 *)px, pw, ph,
		pw * 4);
	gs = chf.chafa_canvas_print(cv, ti);
	if (gs) {
		sl_buf_put(out, gs->str, gs->len);
		g_string_free(gs, TRUE);
	}
	if (used_mode)
		*used_mode = mode;
	rc = out->failed ? sl_error_set(err, SL_ENOMEM, "term: out of memory") : SL_OK;
out:
	if (cv)
		chf.chafa_canvas_unref(cv);
	if (sym)
		chf.chafa_symbol_map_unref(sym);
	if (cfg)
		chf.chafa_canvas_config_unref(cfg);
	chf.chafa_term_info_unref(ti);
	sl_free(px);
	return rc;
}
