/* sl_render.h - draw a game state as PNG, SVG or PDF through Cairo.
 * One driver, one painter per game (render/games/<id>.c), per-format writers
 * to a file or to a write callback (stb_image_write's *_to_func idea). */
#ifndef SL_RENDER_H
#define SL_RENDER_H

#include "games/sl_game.h"

struct sl_heat;

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sl_format {
	SL_FMT_PNG = 0,
	SL_FMT_SVG = 1,
	SL_FMT_PDF = 2
} sl_format;

/* Makes fontconfig's current configuration the system's font directories
 * and caches without its rules (render/fonts.c says why and when it keeps
 * the system's). For a process whose fontconfig is its own: call it once,
 * before anything uses fontconfig or pango (it replaces a current
 * configuration); the command does when it opens the drawing libraries.
 * Safe to call again, from any thread. */
void sl_render_pin_fonts(void);

/* Picks the format from a file name's extension; -1 if none fits. */
int sl_render_format_from_path(const char *path);

/* Receives encoded bytes; returns 0, or non-zero to abort: SL_ENOMEM aborts
 * with SL_ENOMEM ("out of memory"), anything else with SL_EIO. */
typedef int (*sl_write_fn)(void *closure, const unsigned char *data, size_t n);

enum { SL_THEME_LIGHT = 0, SL_THEME_DARK = 1 };

#define SL_RENDER_MAX_SIDE 8192   /* a larger canvas is refused */

typedef struct sl_render_opts {
	int width, height;     /* pixels (points for SVG/PDF); 0 = from the other or the painter's own */
	int theme;             /* SL_THEME_* */
	const char *side;      /* player id whose view to draw, NULL = all */
	const char *overlay;   /* comma separated overlay names the painter offers, NULL = none */
	/* Where pieces went, fought and were lost (src/analyze/sl_stats.h), drawn
	 * over the board of a painter with a hex map; NULL = none. */
	const struct sl_heat *heat;
	/* The result band (winner, how, score) is drawn below the board of a
	 * frame whose game is over; non-zero: keep its room on every frame (a
	 * sequence whose last frame is over, so that all have one size). */
	int keep_band;
	/* Non-zero: the board alone (no title, panels, legend or result band),
	 * cropped to it, on a transparent canvas (PNG with alpha, SVG without a
	 * page): the stream overlay. A painter without a board of its own
	 * refuses it (SL_EUSAGE). */
	int board_only;
	/* SVG only: non-zero draws every glyph as an outline, as cairo does; 0
	 * (the default) writes the texts as <text> elements in the font family
	 * SL_KIT_FONT ("DejaVu Sans"), selectable and searchable. */
	int svg_outlines;
} sl_render_opts;

/* What a painter draws: a state and where it sits in the game. */
typedef struct sl_frame {
	const sl_game *game;
	const sl_header *header;
	const void *state;
	long event_no;         /* events applied so far (0 = before any) */
	const sl_event *last;  /* the last event applied, NULL at the start */
	const char *last_desc; /* its description, NULL if none */
	/* A frame that stands for several events (an animation per turn or per
	 * phase): the states just after each earlier event it covers, oldest
	 * first, so the painter can draw every move of the turn (may be NULL). */
	const void *const *trail;
	int ntrail;
} sl_frame;

/* Renders one frame. Returns 0 or a negative sl_code with err set. */
int sl_render_to_func(sl_format fmt, const sl_frame *fr, const sl_render_opts *o,
	sl_write_fn fn, void *closure, sl_error *err);
/* Same, into a file (written whole or not at all: temp file then rename). */
int sl_render_to_file(const char *path, sl_format fmt, const sl_frame *fr,
	const sl_render_opts *o, sl_error *err);
/* Same, into memory; *out is allocated with sl_malloc, caller frees with sl_free. */
int sl_render_to_mem(sl_format fmt, const sl_frame *fr, const sl_render_opts *o,
	unsigned char **out, size_t *out_len, sl_error *err);

/* The size in pixels a frame is drawn at under o (the painter's own, --size
 * applied). Returns 0 or a negative sl_code with err set. */
int sl_render_size(const sl_frame *fr, const sl_render_opts *o, int *w, int *h, sl_error *err);

/* Whether a painter exists for this game id. */
int sl_render_has_painter(const char *game_id);
/* The overlays the painter of game_id offers, NULL-terminated (an empty
 * list when it offers none or there is no painter). */
const char *const *sl_render_overlays(const char *game_id);
/* Whether the driver can draw the heat overlay over this game's board (the
 * painter maps hexes to the canvas): "heat" is offered beside the above. */
int sl_render_has_heat(const char *game_id);

#ifdef __cplusplus
}
#endif
#endif
