/* sl_export.h - sharing a whole game: animations (APNG through our own
 * writer on libdeflate, GIF through giflib), the self-contained HTML replay viewer
 * and the printable PDF report. One driver walks positions through the
 * replay engine and asks the game's painter for each frame. Every exporter
 * writes to a callback (*_to_func) or, atomically, to a file (*_to_file). */
#ifndef SL_EXPORT_H
#define SL_EXPORT_H

#include "render/sl_render.h"
#include "replay/sl_replay.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- raw frame encoders ---------------------------------------------------
 * Frames are whole pictures, w x h words 0x??RRGGBB (the top byte is
 * ignored), rows `stride` bytes apart. The encoder keeps the last picture,
 * stores only the rectangle that changed (unchanged pixels inside it
 * transparent, drawn over what is shown: dispose none, blend over) and
 * merges a frame identical to the one before into that one's delay. */

typedef struct sl_apng sl_apng;
/* loops: 0 = forever. The bytes go out at sl_apng_finish (the frame count
 * sits before the first image). Free with sl_apng_free in every case. */
int sl_apng_new(sl_apng **out, int w, int h, int loops, sl_write_fn fn, void *closure,
	sl_error *err);
/* Deflates frames on n threads of its own (default 1; 0: inline), set
 * before the first frame; the bytes are the same whatever n. */
void sl_apng_threads(sl_apng *a, int n);
int sl_apng_frame(sl_apng *a, const uint32_t *px, int stride, int delay_ms, sl_error *err);
int sl_apng_finish(sl_apng *a, sl_error *err);
void sl_apng_free(sl_apng *a);

typedef struct sl_gif sl_gif;
/* The fixed palette: `colours` (the painter's and the players' colours,
 * 0xRRGGBB, may be NULL) then the most frequent colours of the first
 * frame, 255 in all (index 255 is never a colour). Each later frame uses
 * as transparent the lowest index it does not use. Bytes go out as frames
 * come. Free with sl_gif_free in every case. */
int sl_gif_new(sl_gif **out, int w, int h, int loops, const uint32_t *colours, int ncolours,
	sl_write_fn fn, void *closure, sl_error *err);
/* Encodes frames on n threads of its own (default 1; 0: inline), set
 * before the first frame; the bytes are the same whatever n. */
void sl_gif_threads(sl_gif *g, int n);
int sl_gif_frame(sl_gif *g, const uint32_t *px, int stride, int delay_ms, sl_error *err);
int sl_gif_finish(sl_gif *g, sl_error *err);
void sl_gif_free(sl_gif *g);

/* ---- animations of a game ------------------------------------------------- */

typedef enum sl_anim_format {
	SL_ANIM_APNG = 0,
	SL_ANIM_GIF = 1,
	SL_ANIM_MP4 = 2,       /* H.264 through libavcodec (libx264) */
	SL_ANIM_WEBM = 3       /* VP9 through libavcodec (libvpx) */
} sl_anim_format;
enum { SL_PER_EVENT = 0, SL_PER_TURN = 1, SL_PER_PHASE = 2 };

/* .apng or .png -> APNG, .gif -> GIF, .mp4 -> MP4, .webm -> WebM, -1 otherwise. */
int sl_anim_format_from_path(const char *path);

typedef struct sl_anim_opts {
	sl_render_opts render;
	int per;               /* SL_PER_*: a frame after every event, turn or phase */
	long from, to;         /* positions (entries applied); to < 0 = the end */
	int delay_ms;          /* each frame; 0 = 700 */
	int turn_hold_ms;      /* added to the last frame of a turn and the last frame */
	int loops;             /* 0 = forever */
	/* Called after each frame (may be NULL). */
	void (*progress)(void *ud, long done, long total);
	void *progress_ud;
	int jobs;              /* threads drawing frames; 0 = one per core. The
	                        * bytes are the same whatever the count. */
} sl_anim_opts;

typedef struct sl_anim_stats {
	long frames;           /* frames shown */
	int width, height;
	double changed;        /* share of the pixels after the first frame that changed */
} sl_anim_stats;

/* The positions an animation shows: `from`, then every position in
 * (from, to] just after an event (per event), a turn marker (per turn) or
 * a phase or turn marker (per phase), then `to` if not already there.
 * *out is allocated with sl_malloc; the caller frees it. */
int sl_anim_positions(sl_replay *r, int per, long from, long to, size_t **out, size_t *n,
	sl_error *err);

/* Draws every position and encodes it. Moves the replay. stats may be NULL. */
int sl_anim_to_func(sl_anim_format f, sl_replay *r, const sl_anim_opts *o, sl_write_fn fn,
	void *closure, sl_anim_stats *stats, sl_error *err);
int sl_anim_to_file(const char *path, sl_anim_format f, sl_replay *r, const sl_anim_opts *o,
	sl_anim_stats *stats, sl_error *err);

/* A frame's description with the entry's glyph first ("?! Aigle reaches
 * ..."), so that a caption cut short keeps it; nothing without a glyph.
 * SL_OK or SL_ENOMEM. sl_export_frame does it already. */
int sl_export_glyph_desc(const sl_event *ev, sl_buf *desc);

/* ---- the HTML replay viewer ------------------------------------------------ */

typedef struct sl_html_stats {
	long frames;           /* positions (entries + 1) */
	size_t svg_bytes;      /* the frames as separate SVG documents would take */
	size_t lines;          /* distinct SVG lines kept */
	size_t bytes;          /* the whole page */
} sl_html_stats;

/* One self-contained page: the board (SVG) at every position, the events
 * in words, annotations and bookmarks, controls. Every text from the log is
 * escaped. Moves the replay. stats may be NULL. */
int sl_html_to_func(sl_replay *r, const sl_render_opts *o, sl_write_fn fn, void *closure,
	sl_html_stats *stats, sl_error *err);
int sl_html_to_file(const char *path, sl_replay *r, const sl_render_opts *o,
	sl_html_stats *stats, sl_error *err);

/* A variation shown beside the main line: another log of the same game
 * whose first entries are the main line's (a `sillage fork`); where it
 * leaves the main line is found by the log digest, entry by entry. */
typedef struct sl_html_branch {
	sl_replay *r;          /* its replay, moved by the export */
	const char *name;      /* what the viewer calls it (a file name, a title) */
} sl_html_branch;

typedef struct sl_html_opts {
	const sl_html_branch *branches;
	size_t nbranches;
	int embed;             /* a page to embed in an <iframe>: compact, no
	                          address rewriting, a postMessage interface */
} sl_html_opts;

/* The same page with branches (each refused with SL_EUSAGE when it is not
 * a branch of r's game or adds nothing) and the embed layout. ho may be
 * NULL (sl_html_to_file). */
int sl_html_to_func_ex(sl_replay *r, const sl_render_opts *o, const sl_html_opts *ho, sl_write_fn fn,
	void *closure, sl_html_stats *stats, sl_error *err);
int sl_html_to_file_ex(const char *path, sl_replay *r, const sl_render_opts *o, const sl_html_opts *ho,
	sl_html_stats *stats, sl_error *err);

/* The same page fed position by position as a log is walked, so that the
 * log is never held (issue 30) and a page can show a part of a game (html
 * --from/--to, issue 29): the entries and steps go to temporary files as
 * they come and the page is written at the end. new takes the log's header
 * and game (head: its entries are not read; it must outlive the feed), the
 * frame at the last position the page will show (end: a game over there
 * keeps the result band's room on every step; may be NULL) and the number
 * of positions (steps: past 200 001, or past a series of 24 MB, about
 * 120 000 steps of sail, the page has no chart); no branches in ho (they
 * are fed: sl_html_feed_branch).
 * Then first, once: the state at the page's first position, after pos
 * entries holding `events` events, at `turn` (origin: the chart's, as
 * sl_series_feed_new_at takes it; may be NULL), with the entry before it and
 * its words (last NULL at the start of the game); then entry for each entry
 * from there, with the state after it, its words (as sl_replay_describe_as
 * gives them, without the glyph), the turn, phase and events after it; then
 * finish writes the page (a part of a game names its first step's event and
 * turn in the data, "start"). A whole game fed gives the bytes of
 * sl_html_to_func (up to the chart's size above). Free with
 * sl_html_feed_free in every case. */
typedef struct sl_html_feed sl_html_feed;
int sl_html_feed_new(sl_html_feed **out, const sl_log *head, const sl_render_opts *o, const sl_html_opts *ho,
	const sl_frame *end, size_t steps, sl_error *err);
int sl_html_feed_first(sl_html_feed *f, const void *state, size_t pos, long events, int turn,
	const void *origin, const sl_event *last, const char *last_desc, sl_error *err);
int sl_html_feed_entry(sl_html_feed *f, const void *state, const sl_event *ev, const char *desc, int turn,
	int phase, long events, sl_error *err);
/* Before first: another line's end (a branch's), whose game over keeps
 * the result band's room too. */
int sl_html_feed_band(sl_html_feed *f, const sl_frame *end, sl_error *err);
/* After the main line's entries, before finish: a branch (html --branch),
 * its log's head (header and game; kept until branch_end), name, the
 * entries it shares with the main line (at: the caller finds them, by the
 * log digest), its state there with the events before it, the entry before
 * it and its words (last NULL when at is 0); then sl_html_feed_entry for
 * each of its entries past at, then branch_end. Such a page is the bytes of
 * sl_html_to_func_ex with those branches. */
int sl_html_feed_branch(sl_html_feed *f, const sl_log *head, const char *name, size_t at, const void *state,
	long events, const sl_event *last, const char *last_desc, sl_error *err);
int sl_html_feed_branch_end(sl_html_feed *f, sl_error *err);
int sl_html_feed_finish(sl_html_feed *f, sl_write_fn fn, void *closure, sl_html_stats *stats, sl_error *err);
/* The same into a file, written whole or not at all. */
int sl_html_feed_finish_file(sl_html_feed *f, const char *path, sl_html_stats *stats, sl_error *err);
void sl_html_feed_free(sl_html_feed *f);
/* ---- the PDF report -------------------------------------------------------- */

/* A cover (game, players, result), then the board at the end of every
 * turn's action with that turn's events beside it (a game whose fights are
 * analysed, starship: a page per fight, its exchanges, dice and odds chart),
 * and every bookmarked position on a page of its own, larger. Moves the
 * replay. */
int sl_report_to_func(sl_replay *r, const sl_render_opts *o, sl_write_fn fn, void *closure,
	sl_error *err);
int sl_report_to_file(const char *path, sl_replay *r, const sl_render_opts *o, sl_error *err);

/* The same report written as the log is walked, never held (issue 30): the
 * caller has walked it once (the end: events, turns and the board there) and
 * walks it again, from its start, each time `walk` is called (twice: the
 * turns' pages, then the bookmarks'; see below for starship), handing each entry to the sink before
 * it is applied (here: the position before it) and after (its words for the
 * view; here: the position after it). A game whose fights are analysed
 * (sl_odds_available: starship) is walked four times: its fights rated and
 * counted, then their pages (or, when there are none, the turns'), then the
 * bookmarks'. */
typedef struct sl_report_sink {
	int (*before)(void *ud, const sl_event *ev, const sl_frame *here, sl_error *err);
	int (*after)(void *ud, const sl_event *ev, const char *desc, const sl_frame *here, sl_error *err);
	void *ud;
} sl_report_sink;
typedef struct sl_report_walk {
	const sl_log *log;            /* header and game */
	long events;
	int turns;
	size_t entries;
	const sl_frame *end;          /* the board after the last entry */
	int (*walk)(void *src, const sl_report_sink *sink, sl_error *err);
	void *src;
} sl_report_walk;
int sl_report_walk_to_file(const char *path, const sl_report_walk *w, const sl_render_opts *o,
	sl_error *err);

/* ---- the board in a terminal ------------------------------------------------- */

enum { SL_TERM_AUTO = 0, SL_TERM_TEXT = 1, SL_TERM_SYMBOLS = 2, SL_TERM_SIXEL = 3, SL_TERM_KITTY = 4 };
/* "auto", "text", "symbols", "sixel", "kitty" -> SL_TERM_*, -1 otherwise. */
int sl_term_mode_from_name(const char *s);
/* Appends to out the escape sequences that draw fr in at most cols x rows
 * character cells, through libchafa: kitty or sixel graphics, or Unicode
 * blocks and sextants in the terminal's colours (mode SL_TERM_AUTO asks the
 * environment, TERM and the like, which the terminal speaks). *used_mode
 * (may be NULL) says which. SL_TERM_TEXT draws nothing and says so. */
int sl_render_terminal(const sl_frame *fr, const sl_render_opts *o, int mode, int cols,
	int rows, sl_buf *out, int *used_mode, sl_error *err);

/* Moves the replay to pos and fills fr with the frame there, the last entry
 * described into desc (reset first; fr points into it and the replay).
 * Cheapest when pos moves forward. */
int sl_export_frame(sl_replay *r, size_t pos, sl_frame *fr, sl_buf *desc, sl_error *err);
/* As sl_export_frame, the last entry described as `view` may read it (a
 * player index, SL_VIEW_PUBLIC or SL_VIEW_ALL: sl_game's veil hook). */
int sl_export_frame_as(sl_replay *r, size_t pos, int view, sl_frame *fr, sl_buf *desc,
	sl_error *err);
/* The view a render's options ask for: SL_VIEW_ALL without --side, else
 * the index of the player o->side names (SL_VIEW_PUBLIC if it names none). */
int sl_export_view(const sl_header *h, const sl_render_opts *o);

#ifdef __cplusplus
}
#endif
#endif
