/* kit.h - the drawing kit every game painter uses (private to render/):
 * a canvas with a theme palette and pinned fonts, hex grid geometry of
 * either orientation, terrain, pieces, ship hulls, facing arrows, labels with
 * a halo, a title bar, a legend and a wind rose. All sizes are in canvas
 * units (pixels of the painter's natural size; the driver scales). */
#ifndef SL_KIT_H
#define SL_KIT_H

#include <cairo.h>
#include <pango/pangocairo.h>

#include "sl_render.h"

/* ---- colours and theme ------------------------------------------------------ */

typedef struct sl_kit_rgb {
	double r, g, b;
} sl_kit_rgb;

typedef struct sl_kit_palette {
	sl_kit_rgb bg;          /* page */
	sl_kit_rgb ink;         /* main text */
	sl_kit_rgb muted;       /* secondary text, coordinates */
	sl_kit_rgb halo;        /* halo behind labels */
	sl_kit_rgb grid;        /* hex outlines */
	sl_kit_rgb sea, shoal, land, land_edge;
	sl_kit_rgb bar_bg, bar_ink, bar_muted;   /* title bar */
	sl_kit_rgb panel_bg, panel_edge;         /* legend boxes */
	sl_kit_rgb accent;      /* last move, highlights */
	sl_kit_rgb danger;      /* aground, damage */
	sl_kit_rgb warn;        /* in irons */
} sl_kit_palette;

sl_kit_rgb sl_kit_rgb_hex(uint32_t rrggbb);
sl_kit_rgb sl_kit_mix(sl_kit_rgb a, sl_kit_rgb b, double t);  /* a..b, t in 0..1 */
/* Black or white, whichever reads better on c. */
sl_kit_rgb sl_kit_contrast(sl_kit_rgb c);
double sl_kit_luma(sl_kit_rgb c);                             /* 0..1 */
void sl_kit_palette_for(int theme, sl_kit_palette *out);

/* ---- canvas ------------------------------------------------------------------ */

#define SL_KIT_FONT "DejaVu Sans"

/* ---- label boxes --------------------------------------------------------------
 * Every text, tag and token the kit draws leaves a mark: its box in canvas
 * units (whatever cairo transform was current), the zone it must stay in,
 * and what it is. The placer (sl_kit_place_*) reads the marks to keep a new
 * label off the earlier ones; tests/tools/labelcheck measures them. */
typedef struct sl_kit_box {
	double x0, y0, x1, y1;
} sl_kit_box;

enum {
	SL_KIT_MARK_LABEL = 1,   /* a text or tag: must not overlap a label or a keep */
	SL_KIT_MARK_KEEP = 2,    /* a piece's glyph, a tile number: must stay visible */
	SL_KIT_MARK_FRAME = 3,   /* a board's part (a tile): must stay in its zone, may be covered */
	SL_KIT_MARK_GROUND = 4   /* the map's own print (hex coordinates): in the frame, and
	                          * a label may cover it as a counter covers a printed number */
};

typedef struct sl_kit_mark {
	sl_kit_box box;
	sl_kit_box zone;         /* where it must stay (the canvas, a tile, the board) */
	double hex[3];           /* and, when hex[2] > 0, inside the flat-top hex of centre
	                          * hex[0],hex[1] and size hex[2] (a TI4 tile) */
	int kind;                /* SL_KIT_MARK_* */
	int moved;               /* 1: placed away from its anchor, with a leader */
	char what[40];           /* its text, cut: for a report */
} sl_kit_mark;

typedef struct sl_kit_marks {
	sl_kit_mark *m;
	int n, cap;
	int failed;              /* an allocation failed: the list is short */
	char **used;             /* glyph keys drawn (sl_kit_uses) */
	int nused, capused;
	char **listed;           /* legend rows' badges and texts (sl_kit_legend) */
	int nlisted, caplisted;
} sl_kit_marks;

/* Real <text> for an SVG (render/svgtext.c): the texts a canvas shows,
 * recorded, then put in the place of their glyph runs. */
typedef struct sl_svg_texts sl_svg_texts;
int sl_svg_texts_new(sl_svg_texts **out);   /* free with sl_svg_texts_free */
void sl_svg_texts_free(sl_svg_texts *t);
/* Records layout l drawn with its top-left at x,y of cr's user space, as s. */
void sl_svg_texts_add(sl_svg_texts *t, cairo_t *cr, PangoLayout *l, double x, double y,
	const char *s, double size, int bold, int italic, int condensed);
/* cairo's SVG svg[0..n) into out with a <text> for each recorded run and
 * no outline left unused; t NULL or empty: svg as it is. 0 or SL_ENOMEM. */
int sl_svg_texts_apply(const char *svg, size_t n, const sl_svg_texts *t, sl_buf *out);

typedef struct sl_kit_canvas {
	cairo_t *cr;
	int width, height;            /* natural size the painter draws in */
	int theme;
	sl_kit_palette pal;
	cairo_font_options_t *fopts;  /* gray antialias, no hinting: reproducible */
	PangoContext *pctx;           /* fixed 96 dpi, SL_KIT_FONT */
	cairo_matrix_t base;          /* user to device at init: canvas units */
	sl_kit_marks marks;           /* every label box drawn (see above) */
	sl_kit_box zone;              /* the zone new marks get (default: the canvas) */
	double zone_hex[3];           /* and the hex they get (size 0: none) */
	int nest;                     /* > 0: inside a tag or token, text not marked */
	int text_kind;                /* the kind sl_kit_text marks (0: SL_KIT_MARK_LABEL) */
	sl_svg_texts *svg;            /* non-NULL: the texts are recorded for <text> (not owned) */
	struct sl_kit_layouts *layouts;   /* the texts laid out so far (kit.c), owned */
	struct sl_kit_pieces *pieces;     /* pieces kept from frame to frame (piece.c), not owned */
	struct sl_kit_svg_pieces *svgp;   /* pieces of an SVG's pages kept as lines (piece.c), not owned */
} sl_kit_canvas;

/* ---- pieces kept (render/piece.c) ------------------------------------------------ */

/* Pieces of a frame kept from one frame to the next by the canvases of one
 * thread (an animation's seq sets c->pieces on its image canvases; NULL:
 * every piece drawn). */
typedef struct sl_kit_pieces sl_kit_pieces;
int sl_kit_pieces_new(sl_kit_pieces **out);
void sl_kit_pieces_free(sl_kit_pieces *ps);
/* The image surface the canvases draw into next (its pixels px, w x h,
 * stride bytes a row): only pieces drawn into it are kept. */
void sl_kit_pieces_target(sl_kit_pieces *ps, cairo_surface_t *surf, uint32_t *px, int w, int h,
	int stride);
/* A piece: what the painter draws until sl_kit_piece_end depends only on
 * key, the canvas's transform and the pixels under the box (x, y, w, h),
 * and lies inside the box. 1: a piece of that key was drawn over the same
 * pixels before, its pixels (and the marks it made) are put back, and the
 * caller draws nothing and does not call sl_kit_piece_end; 0: the caller
 * draws it, then calls sl_kit_piece_end (cairo's state is saved between
 * them). A piece that drew outside its box is drawn every time. */
int sl_kit_piece_begin(sl_kit_canvas *c, uint64_t key, double x, double y, double w, double h);
void sl_kit_piece_end(sl_kit_canvas *c);
/* Ends a piece a failed painter left open (cairo's state restored), not
 * keeping it; nothing when none is. */
void sl_kit_pieces_close(sl_kit_canvas *c);

/* Pieces of an SVG document's pages (the HTML viewer, render/seq.c
 * sl_svg_pages): a canvas with c->svgp marks each piece in cairo's SVG
 * with a marker (a paint of SL_KIT_SVG_MARKER's colour, one line of
 * cairo's, never shown: the reader takes it out) and logs what it marks:
 * a piece begun (drawn), ended, or put back (not drawn: the reader puts
 * the lines it read for that key in its place). A key is put back only
 * once the reader has kept its lines (sl_kit_svg_piece_keep): what a
 * piece draws in SVG is a function of the key, cairo's state (state_key)
 * and the box, as its pixels are of those and the pixels under. */
typedef struct sl_kit_svg_pieces sl_kit_svg_pieces;
enum { SL_KIT_SVG_BEGIN = 1, SL_KIT_SVG_END, SL_KIT_SVG_PUT };
typedef struct sl_kit_svg_event {
	int page, type;
	uint64_t key;
} sl_kit_svg_event;
int sl_kit_svg_pieces_new(sl_kit_svg_pieces **out);
void sl_kit_svg_pieces_free(sl_kit_svg_pieces *t);
/* The events logged from now on are of page `page` (w x h device units:
 * a piece is marked only where the clip holds the whole page); events_clear
 * empties the log (a new document). */
void sl_kit_svg_pieces_page(sl_kit_svg_pieces *t, int page, int w, int h);
void sl_kit_svg_pieces_events_clear(sl_kit_svg_pieces *t);
/* The log: n events, in the order of their markers in the document. */
const sl_kit_svg_event *sl_kit_svg_pieces_events(const sl_kit_svg_pieces *t, size_t *n);
/* 1 when an allocation failed since the log was cleared (the log and the
 * markers may disagree: the document is not to be read). */
int sl_kit_svg_pieces_failed(const sl_kit_svg_pieces *t);
/* Is cairo's line l[0..n) a marker? */
int sl_kit_svg_marker_line(const char *l, size_t n);
/* The reader's lines of key (n of them, ids of its table; or, when *texts
 * is not NULL, their texts: the reader let go of them since, and takes
 * them as new lines, then keeps their new ids); 0 if none kept. */
int sl_kit_svg_piece_lines(const sl_kit_svg_pieces *t, uint64_t key, const size_t **ids,
	char *const **texts, size_t *n);
/* The reader keeps key's lines (a copy); SL_ENOMEM. A key the reader
 * cannot keep (its lines name ids of their document) is marked so and
 * drawn from then on (ids NULL). */
int sl_kit_svg_piece_keep(sl_kit_svg_pieces *t, uint64_t key, const size_t *ids, size_t n);
/* The reader lets go of its lines (their ids will name no line): every
 * key keeps its lines' texts (text_of: an id's), to be read as new lines
 * when put back; SL_ENOMEM. */
int sl_kit_svg_pieces_forget(sl_kit_svg_pieces *t, const char *(*text_of)(void *ctx, size_t id),
	void *ctx);

/* Prepares a canvas over cr (not owned). Returns 0 or SL_ENOMEM. */
int sl_kit_canvas_init(sl_kit_canvas *c, cairo_t *cr, int width, int height, int theme);
void sl_kit_canvas_fini(sl_kit_canvas *c);
/* rc, or SL_ENOMEM (said in err) when a list of the canvas's marks came up
 * short (an allocation failed): labels placed without knowing every mark
 * are placed elsewhere, so the picture is not the one asked for. */
int sl_kit_status(const sl_kit_canvas *c, int rc, sl_error *err);
/* A new frame on a canvas kept from the last (render/seq.c): no marks, the
 * current transform as its canvas units, the zone its whole size. */
void sl_kit_begin(sl_kit_canvas *c);
void sl_kit_set(sl_kit_canvas *c, sl_kit_rgb rgb);
void sl_kit_set_a(sl_kit_canvas *c, sl_kit_rgb rgb, double alpha);
/* Fills the whole canvas with the page colour. */
void sl_kit_clear(sl_kit_canvas *c);
void sl_kit_round_rect(sl_kit_canvas *c, double x, double y, double w, double h, double r);

/* ---- text ------------------------------------------------------------------------ */

/* Anchor: one horizontal flag | one vertical flag. */
enum {
	SL_KIT_LEFT = 0, SL_KIT_CENTER = 1, SL_KIT_RIGHT = 2,
	SL_KIT_TOP = 0, SL_KIT_MIDDLE = 4, SL_KIT_BOTTOM = 8
};

typedef struct sl_kit_text_style {
	double size;           /* pixel height of the em */
	int bold;
	int italic;
	int condensed;         /* DejaVu Sans Condensed, for tight labels */
	int anchor;            /* SL_KIT_* flags */
	double max_width;      /* > 0: ellipsize at the end beyond this width */
	int halo;              /* stroke a halo of the palette's halo colour */
	sl_kit_rgb colour;
} sl_kit_text_style;

/* A style in the palette's ink at `size`, top-left anchored. */
sl_kit_text_style sl_kit_style(const sl_kit_canvas *c, double size, int bold);
/* Draws UTF-8 text anchored at x,y; returns its drawn width. */
double sl_kit_text(sl_kit_canvas *c, double x, double y, const char *s,
	const sl_kit_text_style *st);
/* As sl_kit_text within st->max_width, but a text too wide is first drawn
 * condensed, then smaller down to min_size, and cut with an ellipsis only
 * when even that does not fit (a name is read whole where it can be). */
double sl_kit_text_fit(sl_kit_canvas *c, double x, double y, const char *s,
	const sl_kit_text_style *st, double min_size);
/* Measures text as sl_kit_text would draw it. */
void sl_kit_text_extent(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st,
	double *w, double *h);
/* Text on a rounded pill of colour bg (ink chosen for contrast), centred at x,y. */
void sl_kit_tag(sl_kit_canvas *c, double x, double y, const char *s, double size,
	sl_kit_rgb bg);

/* ---- marks and the label placer ------------------------------------------------ */

/* Records a mark of kind (SL_KIT_MARK_*) for box b, given in the current
 * user space, in the current zone. */
void sl_kit_mark_box(sl_kit_canvas *c, int kind, double x0, double y0, double x1, double y1,
	const char *what);
/* A piece's glyph that labels must leave visible (a base, a tile number). */
void sl_kit_keep(sl_kit_canvas *c, double x0, double y0, double x1, double y1);
void sl_kit_keep_disc(sl_kit_canvas *c, double cx, double cy, double r);
/* The zone marks get from now on (canvas units); sl_kit_zone_reset: the
 * canvas, and no hex. */
void sl_kit_zone(sl_kit_canvas *c, double x0, double y0, double x1, double y1);
void sl_kit_zone_reset(sl_kit_canvas *c);
/* The flat-top hex (centre cx,cy, centre to corner r; r 0: none) marks must
 * lie in from now on, besides the zone. */
void sl_kit_zone_hex(sl_kit_canvas *c, double cx, double cy, double r);
/* 1 when box a lies inside the flat-top hex (cx, cy, r). */
int sl_kit_box_in_hex(const sl_kit_box *a, double cx, double cy, double r);
/* A glyph kind drawn (a legend must list it: a row's badge or a word of its text). */
void sl_kit_uses(sl_kit_canvas *c, const char *key);
/* A glyph kind a painter's own key lists (sl_kit_legend lists its rows itself). */
void sl_kit_lists(sl_kit_canvas *c, const char *key);
/* 1 when box a and b share more than a sliver. */
int sl_kit_box_overlap(const sl_kit_box *a, const sl_kit_box *b);
/* 1 when box a lies inside z (half a pixel of slack). */
int sl_kit_box_inside(const sl_kit_box *a, const sl_kit_box *z);

/* Sides tried first around the anchor. */
enum { SL_KIT_PL_BELOW = 0, SL_KIT_PL_RIGHT, SL_KIT_PL_ABOVE, SL_KIT_PL_LEFT,
       SL_KIT_PL_CENTER };

/* Where a label goes: it names what sits at x,y (gap units around it are
 * the thing itself), is tried first on side `first`, then on every side
 * and farther out, kept inside `within` (NULL: the current zone) and off
 * every earlier label and keep; once it lands away from the anchor a
 * leader line joins them. */
typedef struct sl_kit_place {
	double x, y;
	double gap;
	int first;               /* SL_KIT_PL_* */
	const sl_kit_box *within;
	double reach;            /* how far out to look (0: 6 label heights) */
	double min_size;         /* > 0: shrink the text down to this before overlapping */
	double hx, hy, hr;       /* hr > 0: and inside this flat-top hex (a tile) */
	int must_fit;            /* 1: no free place, nothing drawn (the caller tries wider) */
	/* optional: 1 to refuse a candidate box near the anchor (it would read as
	 * another's); one far out has its leader line and is not asked */
	int (*reject)(const sl_kit_box *b, const void *ud);
	const void *ud;
} sl_kit_place;

/* Places and draws text; *out (may be NULL) gets its box. Returns 0 when
 * it found a free place, 1 when it had to overlap (the least overlapping
 * place inside was taken; with must_fit, nothing was drawn). */
int sl_kit_place_text(sl_kit_canvas *c, const sl_kit_place *pl, const char *s,
	const sl_kit_text_style *st, sl_kit_box *out);
/* The same for a tag (sl_kit_tag). */
int sl_kit_place_tag(sl_kit_canvas *c, const sl_kit_place *pl, const char *s, double size,
	sl_kit_rgb bg, sl_kit_box *out);

/* A free box w x h for content the caller draws (with c->nest raised, so
 * that its texts are not marked again): found as for a text, its leader
 * drawn, marked as a label named `what`. Returns as sl_kit_place_text. */
int sl_kit_place_box(sl_kit_canvas *c, const sl_kit_place *pl, double w, double h,
	const char *what, sl_kit_box *out);

/* Tags placed as one block, in rows at most maxw wide (maxw 0: one a row,
 * a stack), left-aligned: the tokens beside a piece, the units in a system.
 * Shrinks them down to pl->min_size before overlapping. */
int sl_kit_place_tags(sl_kit_canvas *c, const sl_kit_place *pl, const char *const *s,
	const sl_kit_rgb *bg, int n, double size, double maxw, sl_kit_box *out);

/* ---- hex grid ------------------------------------------------------------------ */

/* A grid of cols x rows hexes, 1-based offset coordinates as printed, laid
 * out by the core's offset convention (sl_hex_from_offset on the 0-based
 * indices col-1,row-1, as the rules modules do), so what is drawn next to
 * what is exactly what the rules call neighbours. */
typedef struct sl_kit_grid {
	sl_hex_layout layout;
	int cols, rows;
	double size;           /* centre to corner */
	double ox, oy;         /* where the map's top-left bounding corner sits */
	double min_x, min_y;   /* internal: bounding box of the raw layout */
	double w, h;           /* extent of the whole map */
} sl_kit_grid;

/* Fills g for a map; ox,oy place its top-left corner. */
void sl_kit_grid_init(sl_kit_grid *g, sl_hex_layout layout, int cols, int rows,
	double size, double ox, double oy);
/* Extent of a cols x rows map at this size without building a grid. */
void sl_kit_grid_extent(sl_hex_layout layout, int cols, int rows, double size,
	double *w, double *h);
void sl_kit_hex_center(const sl_kit_grid *g, int col, int row, double *x, double *y);
/* Corner i (0..5) of the hex centred at cx,cy, clockwise. */
void sl_kit_hex_corner(const sl_kit_grid *g, double cx, double cy, int i,
	double *x, double *y);
/* Screen angle (radians, y down, 0 = east) of the hexside direction dir,
 * taken from the core's unit step so bows point at the rules' neighbour. */
double sl_kit_dir_angle(sl_hex_orient o, int dir);
/* Adds the hex outline to the current path (shrunk by inset units). */
void sl_kit_hex_path(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, double inset);
void sl_kit_hex_fill(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, sl_kit_rgb rgb);
void sl_kit_hex_outline(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row,
	sl_kit_rgb rgb, double line_width);
/* Diagonal hatching clipped to the hex. */
void sl_kit_hex_hatch(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row,
	sl_kit_rgb rgb, double spacing, double line_width);

enum { SL_KIT_COORD_COMMA = 0, SL_KIT_COORD_4DIGIT = 1 };   /* "12,7" or "1207" */
#define SL_KIT_MIN_LABEL_PX 4.5   /* a hex label smaller than this on the output is left out */
/* Small coordinate label near the top of the hex (none when it would come
 * out under SL_KIT_MIN_LABEL_PX tall). */
void sl_kit_hex_label(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int style);
/* Whole grid: every hex outlined, and labelled if labels. */
void sl_kit_grid_draw(sl_kit_canvas *c, const sl_kit_grid *g, int labels, int style);

/* ---- terrain --------------------------------------------------------------------- */

enum { SL_KIT_T_SEA = 0, SL_KIT_T_SHOAL, SL_KIT_T_LAND, SL_KIT_T_CLEAR,
       SL_KIT_T_FOREST, SL_KIT_T_MOUNTAIN, SL_KIT_T_SPACE };
sl_kit_rgb sl_kit_terrain_colour(const sl_kit_canvas *c, int terrain);
/* Terrain fill with its texture (shoal ripples, land speckle). */
void sl_kit_terrain(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int terrain);

/* ---- pieces ------------------------------------------------------------------------ */

/* A square counter in the player's colour with a contrasting outline and a
 * short text (may be NULL). */
void sl_kit_counter(sl_kit_canvas *c, double cx, double cy, double side,
	uint32_t colour, const char *text);
/* A round token. */
void sl_kit_token(sl_kit_canvas *c, double cx, double cy, double radius,
	uint32_t colour, const char *text);
/* An arrow from cx,cy of length len toward angle (radians). */
void sl_kit_arrow(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	double width, sl_kit_rgb rgb);
/* The same arrow filled at alpha (one simple polygon, so one fill: no
 * darker overlap and no group). */
void sl_kit_arrow_a(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	double width, sl_kit_rgb rgb, double alpha);
/* Facing arrow drawn on a hex toward hexside dir. */
void sl_kit_facing(sl_kit_canvas *c, const sl_kit_grid *g, int col, int row, int dir,
	sl_kit_rgb rgb);

enum { SL_KIT_HULL_NORMAL = 0, SL_KIT_HULL_STRUCK = 1, SL_KIT_HULL_WRECK = 2 };
/* A ship hull of length len centred at cx,cy with the bow toward angle,
 * filled in colour with a contrasting outline, masts along the keel. */
void sl_kit_hull(sl_kit_canvas *c, double cx, double cy, double angle, double len,
	uint32_t colour, int state);

/* ---- furniture --------------------------------------------------------------------- */

/* Title bar across the top, height h: title (bold, left), right-hand info,
 * and a second line (last event), both ellipsized to fit. */
void sl_kit_title_bar(sl_kit_canvas *c, double h, const char *title, const char *info,
	const char *line2);

/* The same with the right-hand info in several forms, longest first: the
 * first that leaves the title whole is drawn (else the last); a text that
 * does not fit is cut after a whole word with an ellipsis, never in a word. */
void sl_kit_title_bar_forms(sl_kit_canvas *c, double h, const char *title,
	const char *const *infos, int ninfo, const char *line2);
/* s into out, cut after a whole word with "\u2026" if wider than maxw. */
void sl_kit_fit_words(sl_kit_canvas *c, const char *s, const sl_kit_text_style *st, double maxw,
	char *out, size_t n);
/* The caption of a frame: "Event N: what" for an event, "Turn 6 begins (after
 * event N)" for a marker, "Before the first event" at the start. */
void sl_kit_caption(const sl_frame *fr, char *out, size_t n);

/* ---- the result (render/banner.c) ----------------------------------------------- */

/* 1 when fr's state is over by its game's result hook, with the sentence
 * appended to out; 0 while the game goes on (or it has no hook); SL_ENOMEM
 * when out could not hold it. */
int sl_kit_result_text(const sl_frame *fr, sl_buf *out);
/* The height *h of the result band below a board `width` wide: > 0 when
 * the frame is over (or o->keep_band asks for it on a game with a result
 * hook), else 0. Returns 0 or SL_ENOMEM. */
int sl_kit_band_height(const sl_frame *fr, const sl_render_opts *o, int width, double *h);
/* The box (x, y, w, h) of the band's card in the strip from y0, band tall. */
void sl_kit_result_box(const sl_kit_canvas *c, double y0, double band, double box[4]);
/* The result band (winner, how, score) in the strip from y0 below the
 * board, drawn by the driver under every painter's frame once the game is
 * over; nothing while it goes on. Returns 0 or SL_ENOMEM with err set. */
int sl_kit_result_band(sl_kit_canvas *c, const sl_frame *fr, double y0, double band,
	sl_error *err);

enum {
	SL_KIT_LEG_HEADING = 0,  /* bold text only */
	SL_KIT_LEG_SWATCH,       /* colour square */
	SL_KIT_LEG_BADGE,        /* colour disc with badge text */
	SL_KIT_LEG_LINE,         /* dashed line in colour */
	SL_KIT_LEG_TAG,          /* pill with badge text */
	SL_KIT_LEG_HATCH,        /* hatched square */
	SL_KIT_LEG_TEXT          /* plain (muted) text */
};

typedef struct sl_kit_legend_row {
	int kind;
	uint32_t colour;        /* 0xRRGGBB */
	const char *badge;      /* BADGE/TAG: short text */
	const char *text;
} sl_kit_legend_row;

/* Legend box of width w at x,y; returns its height. With draw == 0 only
 * measures. */
double sl_kit_legend(sl_kit_canvas *c, double x, double y, double w,
	const sl_kit_legend_row *rows, int n, int draw);
/* Its height, without a canvas (for a painter's size()). */
double sl_kit_legend_height(const sl_kit_legend_row *rows, int n);

/* A wind rose: a dial with the six hexside names of orientation o and a
 * big arrow toward `toward` (a hexside direction), caption below. Returns
 * the height used. */
double sl_kit_wind_rose(sl_kit_canvas *c, double cx, double cy, double radius,
	sl_hex_orient o, int toward, const char *caption);
/* A small north arrow. */
void sl_kit_compass(sl_kit_canvas *c, double cx, double cy, double radius);

/* A chart-like figure of natural size nw x nh drawn by paint(c, ud) on a
 * w x h canvas (the natural one scaled by w / nw), cleared first, as PNG,
 * SVG or PDF bytes in *out (sl_malloc'd; the caller frees them). */
typedef void (*sl_kit_paint_fn)(sl_kit_canvas *c, const void *ud);
int sl_kit_figure_to_mem(sl_format fmt, int nw, int nh, int w, int h, int theme,
	sl_kit_paint_fn paint, const void *ud, unsigned char **out, size_t *out_len, sl_error *err);

#endif
