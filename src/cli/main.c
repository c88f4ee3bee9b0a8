/* main.c - the sillage command: the verb table, option parsing, --help. */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHERE_OPTS \
	{"event", 'e', "N", "the position just after event N (0 = before the first)"}, \
	{"turn", 't', "T", "the start of turn T (after its marker); 'end' for the last position"}, \
	{"phase", 'p', "P", "with --turn: the start of phase P of that turn"}

static const cli_opt json_opts[] = {
	{"json", 'j', NULL, "print JSON instead of text"},
	{NULL, 0, NULL, NULL}};
static const cli_opt verify_opts[] = {
	{"quiet", 'q', NULL, "print nothing when the log is sound"},
	{"strict", 300, NULL, "also refuse a .silb journal (open, not packed), whose end cannot be checked"},
	{"extends", 301, "FILE-OR-DIGEST", "also say whether this log continues an earlier copy (a log, or the 'N:HEX' digest --digest printed), and at which entry they part"},
	{"digest", 302, NULL, "also print the log's digest 'N:HEX', to keep or mail (formats/hash.md)"},
	{"json", 'j', NULL, "print the outcome as a JSON object (also when the check fails)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt state_opts[] = {
	WHERE_OPTS,
	{"json", 'j', NULL, "print the state as a JSON object"},
	{NULL, 0, NULL, NULL}};
static const cli_opt targets_opts[] = {
	WHERE_OPTS,
	{"sel", 's', "ID", "what is selected, as a SELECT target names it (sail: ship:ID); none: the pieces to select"},
	{"json", 'j', NULL, "print the targets as a JSON object, as serve's /api/targets gives them"},
	{NULL, 0, NULL, NULL}};
static const cli_opt log_opts[] = {
	{"json", 'j', NULL, "print a JSON array of entries"},
	{"side", 'S', "PLAYER", "the entries as PLAYER may read them, where the game hides information (fmp's next tide)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt render_opts[] = {
	WHERE_OPTS,
	{"output", 'o', "OUT", "output file; .png, .svg or .pdf picks the format (default: FILE's name with .png); - for standard output, with --format"},
	{"size", 's', "WxH", "canvas size in pixels (W, or WxH; default: the painter's own)"},
	{"theme", 'T', "light|dark", "colour theme (default light)"},
	{"side", 'S', "PLAYER", "draw the board as PLAYER sees it, where the game hides information"},
	{"overlay", 'O', "NAMES", "comma separated overlays the painter offers; 'heat' (any hex map): where pieces went, fought and were lost"},
	{"force", 'F', NULL, "draw a log whose recorded state checks fail (with a warning)"},
	{"from", 301, "N|tT", "--overlay heat: count from just after event N, or from the start of turn T (default: the start)"},
	{"to", 302, "N|tT", "--overlay heat: count up to event N, or to the end of turn T (default: the position drawn)"},
	{"svg-outlines", 314, NULL, "SVG: draw every glyph as an outline (default: real <text> in DejaVu Sans, selectable and searchable)"},
	CLI_FORMAT_OPT("png|svg|pdf"),
	{NULL, 0, NULL, NULL}};
#define EXPORT_RENDER_OPTS \
	{"size", 's', "WxH", "canvas size in pixels (W, or WxH; default: the painter's own)"}, \
	{"theme", 'T', "light|dark", "colour theme (default light)"}, \
	{"side", 'S', "PLAYER", "draw the board as PLAYER sees it, where the game hides information"}, \
	{"overlay", 'O', "NAMES", "comma separated overlays the painter offers"}, \
	{"force", 'F', NULL, "draw a log whose recorded state checks fail (with a warning)"}

static const cli_opt animate_opts[] = {
	{"output", 'o', "OUT", "output file; .apng (or .png), .gif, .mp4 (H.264) or .webm (VP9) picks the format; - for standard output, with --format"},
	{"per", 300, "event|turn|phase", "a frame after every event (default), every turn or every phase"},
	{"from", 301, "N|tT", "start just after event N (0: before any), or at the start of turn T (default: t1, the board as set up)"},
	{"to", 302, "N|tT", "stop just after event N, or at the end of turn T (default: the end)"},
	{"delay", 303, "MS", "how long each frame shows, in milliseconds (default 700)"},
	{"hold", 304, "MS", "added to the last frame of a turn and to the last frame (default 1500)"},
	{"loop", 305, "N", "play N times; 0 = forever (default 0)"},
	{"jobs", 306, "N", "threads drawing the frames (default: one per core); the file is the same whatever N"},
	EXPORT_RENDER_OPTS,
	{"quiet", 'q', NULL, "no progress bar and no summary"},
	CLI_FORMAT_OPT("apng|gif"),
	{NULL, 0, NULL, NULL}};
static const cli_opt html_opts[] = {
	{"output", 'o', "OUT", "the page to write (default: FILE's name with .html; - for standard output)"},
	EXPORT_RENDER_OPTS,
	{"quiet", 'q', NULL, "no summary"},
	{"branch", 330, "FORK", "also show FORK, a log that shares FILE's first entries (`sillage fork`), as a variation to step into; repeat for more (up to 16)"},
	{"embed", 331, NULL, "a page to embed in a club site's <iframe>: the board first, the event list only when there is room, no change to the address, a postMessage interface (docs/guide.md)"},
	{"from", 301, "N|tT", "a page of part of the game: its first step the position just after event N, or at the start of turn T (default: the start); a .silb is read from the keyframe before it"},
	{"to", 302, "N|tT", "its last step just after event N, or at the end of turn T (default: the end)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt report_opts[] = {
	{"output", 'o', "OUT", "the PDF to write (default: FILE's name with .pdf; - for standard output)"},
	EXPORT_RENDER_OPTS,
	{NULL, 0, NULL, NULL}};
static const cli_opt step_opts[] = {
	{"event", 'e', "N", "start just after event N (default: the start)"},
	{"turn", 't', "T", "start at the start of turn T"},
	{"board", 310, "auto|text|symbols|sixel|kitty", "how the board is drawn on a terminal: through libchafa as the terminal allows (auto, the default), in Unicode blocks, sixel or kitty graphics, or only as text"},
	EXPORT_RENDER_OPTS,
	{NULL, 0, NULL, NULL}};
static const cli_opt annotate_opts[] = {
	{"at", 'a', "N", "the Nth event, as `sillage log` numbers them"},
	{"entry", 'E', "N", "the Nth entry instead (turn and phase markers count; `log --json` gives each its number)"},
	{"note", 'n', "TEXT", "a comment on the entry (one line; replaces its note)"},
	{"bookmark", 'b', "TEXT", "a bookmark: the position named TEXT (replaces its bookmark)"},
	{"clear", 'c', NULL, "remove the entry's glyph, note and bookmark first"},
	{"output", 'o', "OUT", "write the annotated log there (default: FILE itself, rewritten atomically)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt fork_opts[] = {
	{"at", 'a', "N", "the branch keeps every entry up to and with the Nth event (0: the header only)"},
	{"output", 'o', "NEW", "the new log (.sil text, .silb an archive); required"},
	{NULL, 0, NULL, NULL}};
static const cli_opt convert_opts[] = {
	{"output", 'o', "OUT", "where to write (default: standard output)"},
	{"seal", 'k', NULL, "(re)compute the state check of every event and turn; says how many recorded ones differed"},
	CLI_CODING_OPT,
	CLI_FORMAT_OPT("sil|silb"),
	{NULL, 0, NULL, NULL}};
static const cli_opt record_opts[] = {
	{"game", 'g', "ID", "start a new log for this game (writes 'sil 1' and 'game ID VERSION')"},
	{"quiet", 'q', NULL, "print only errors"},
	{"sync", 310, "event|turn|none", "FILE.silb: fsync the journal after every change (event, the default), at each turn marker and undo (turn), or only at the end (none)"},
	{"no-pack", 311, NULL, "FILE.silb: leave the journal as it is at the end instead of packing it into an archive"},
	CLI_CODING_OPT,
	{NULL, 0, NULL, NULL}};
static const cli_opt serve_opts_list[] = {
	{"game", 'g', "ID", "start a new log for this game (writes 'sil 1' and 'game ID VERSION')"},
	{"from", 314, "SETUP.sil", "start a new log from the header and setup of this text log, each line checked"},
	{"port", 'p', "N", "the TCP port (default 8080; 0: any free port, the one taken is printed)"},
	{"bind", 316, "ADDR", "the address to listen on (default 127.0.0.1); another than 127.0.0.1, ::1 or localhost needs --tokens"},
	{"tokens", 315, NULL, "a secret link per player (and one for the host), kept in FILE.tokens: a player acts only for their side"},
	{"quiet", 'q', NULL, "log refusals only, not each accepted action"},
	{"dir", 317, "DIR", "a club: every DIR/NAME.silb under /g/NAME/, a lobby at /, a link per player (tokens on), the finished games in DIR/club.sqlite (the tables of batch --sqlite) read by /stats"},
	{"cache-mb", 318, "N", "the drawn boards kept, in MiB (default 64)"},
	{"per-ip", 319, "N", "connections from one client address (default 64, streams half of it; none: no limit, behind a proxy)"},
	{"watchers", 320, "N", "live streams in all, every game together (default 1024)"},
	{"sendmail", 321, "PATH", "the program whose-turn e-mails go through (default /usr/sbin/sendmail)"},
	{"allow-private-hooks", 322, NULL, "a webhook may name a loopback or private address (refused otherwise)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt gen_opts[] = {
	{"game", 'g', "ID", "the rules module (see `sillage games`)"},
	{"events", 'n', "N", "stop after N events (default 1000; the game may end sooner)"},
	{"seed", 'r', "S", "the seed of the generator (default 1)"},
	{"output", 'o', "OUT", "where to write (default: standard output); OUT.silb writes a binary archive, streamed"},
	{"seal", 'k', NULL, "record a state check after every event and turn"},
	{"players", 'P', "N", "the number of players (default 2; ti4: 2 to 6)"},
	{"from", 314, "FILE", "go on from this log (a setup from `sillage new`): its header, no 'gen open'"},
	CLI_CODING_OPT,
	CLI_FORMAT_OPT("sil|silb"),
	{NULL, 0, NULL, NULL}};
static const cli_opt odds_opts[] = {
	{"event", 'e', "N", "rate the voyage up to event N and give the odds at that point"},
	{"json", 'j', NULL, "print the odds and the luck as a JSON object (numbers at full double precision)"},
	{"exact", 'x', NULL, "also give every chance and expectation as an exact fraction (in JSON: a string \"n/d\")"},
	{"chart", 'c', "OUT", "draw your chance to win attack by attack instead; .png, .svg or .pdf"},
	{"fight", 'f', "K", "only fight K (1 = the first encounter)"},
	{"theme", 'T', "light|dark", "colour theme of the chart (default light)"},
	CLI_FORMAT_OPT("png|svg|pdf"),
	{NULL, 0, NULL, NULL}};
static const cli_opt pack_opts[] = {
	{"output", 'o', "OUT.silb", "where to write (default: FILE itself if it is a .silb, else FILE's name with .silb; - for standard output)"},
	CLI_CODING_OPT,
	{"archive", 320, "OUT.sila", "write the FILEs (many) into one archive of many games instead, each named by its file's base name; see `sillage ls`"},
	{"append", 321, NULL, "with --archive: add the FILEs to that archive; its dictionary and its games stay as they are (no FILE: undo an append cut short)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt ls_opts[] = {
	{"json", 'j', NULL, "print a JSON object"},
	{NULL, 0, NULL, NULL}};
static const cli_opt repair_opts[] = {
	{"output", 'o', "OUT", "where to write the sound part (.silb or .sil; - for standard output, with --format); required"},
	CLI_CODING_OPT,
	CLI_FORMAT_OPT("sil|silb"),
	{NULL, 0, NULL, NULL}};
static const cli_opt seek_opts[] = {
	{"turn", 't', "T", "the start of turn T (after its marker; 0 = before the setup)"},
	{"json", 'j', NULL, "print the state as a JSON object"},
	{NULL, 0, NULL, NULL}};
static const cli_opt stats_opts[] = {
	{"per", 'P', "event|turn|game", "a row per event, per turn (the default) or one for the game"},
	{"metric", 'm', "NAMES", "only these metrics (comma separated, or the option again)"},
	{"csv", 'c', NULL, "print CSV: a header line, then a row per side and step"},
	{"json", 'j', NULL, "print one JSON object: the metrics (name, unit, kind) and the rows"},
	{"ndjson", 'n', NULL, "print a JSON object per row and side, one a line"},
	{"from", 322, "N|tT", "only the span from just after event N, or from the start of turn T (a .silb is read from the keyframe before it, not replayed whole)"},
	{"to", 323, "N|tT", "up to just after event N, or to the end of turn T (default: the end)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt chart_opts[] = {
	{"output", 'o', "OUT", "the chart to write; .png, .svg or .pdf picks the format (required)"},
	{"metric", 'm', "NAMES", "the metrics to draw, a panel each (comma separated, or the option again)"},
	{"per", 'P', "event|turn", "a point per turn (the default: levels at its end, amounts over it) or per event"},
	{"style", 'y', "line|area|bar", "how to draw (default: levels as lines, per-turn amounts as bars)"},
	{"theme", 'T', "light|dark", "colour theme (default light)"},
	{"width", 'w', "PX", "width in pixels (default: from the number of points)"},
	CLI_FORMAT_OPT("png|svg|pdf"),
	{NULL, 0, NULL, NULL}};
static const cli_opt luck_opts[] = {
	{"json", 'j', NULL, "print the table as a JSON object"},
	{"chart", 'c', "OUT", "draw each side's cumulative actual minus expected outcome instead; .png, .svg or .pdf"},
	{"theme", 'T', "light|dark", "colour theme of the chart (default light)"},
	{"width", 'w', "PX", "width of the chart in pixels"},
	CLI_FORMAT_OPT("png|svg|pdf"),
	{NULL, 0, NULL, NULL}};
static const cli_opt diff_opts[] = {
	{"json", 'j', NULL, "print the difference as a JSON object"},
	{"ignore-checks", 320, NULL, "replay without comparing the recorded state checks (an edited copy whose checks are stale); the rules are still checked"},
	{"at", 321, "N|tT|tT.P", "compare the states at a position instead: after event N, after turn T's marker or its phase P's; once: A and B both there; twice: A at the first, B (or A again, with one FILE) at the second. A .silb reads the one segment that holds it"},
	{NULL, 0, NULL, NULL}};
static const cli_opt batch_opts[] = {
	{"output", 'o', "OUT", "where to write the lines (default: standard output, unless --sqlite)"},
	{"per", 'P', "game|turn", "a line per game (the default) or per turn of each game"},
	{"csv", 'c', NULL, "CSV in long form (file,game,turn,side,name,unit,value) instead of NDJSON"},
	{"jobs", 'j', "N", "analyse N games at a time (default 1); the output is the same for any N"},
	{"sqlite", 'S', "DB", "also add each game to the SQLite database DB (made if missing; a game already there is skipped)"},
	{"quiet", 'q', NULL, "no progress bar and no summary"},
	{NULL, 0, NULL, NULL}};
static const cli_opt import_opts[] = {
	{"ti4-map", 320, "STRING", "ti4: a TTS/TTPG map string: tile ids from 101 in spiral order, {id} first for a custom centre, 0 an empty slot"},
	{"players", 'P', "IDS", "ti4: comma separated player ids (default p1,p2,p3)"},
	{"title", 321, "TEXT", "ti4: the log's title"},
	{"output", 'o', "OUT", "where to write the new log (default: standard output)"},
	{NULL, 0, NULL, NULL}};
static const cli_opt new_opts[] = {
	{"output", 'o', "FILE", "the new log: .sil text, .silb binary (by extension); - for standard output (text, or --format silb)"},
	{"list", 322, NULL, "what GAME offers (scenarios, maps, factions, pilots) and its options; without GAME, every game's"},
	{"force", 323, NULL, "overwrite FILE if it exists (a new game never replaces a log otherwise)"},
	CLI_FORMAT_OPT("sil|silb"),
	{NULL, 0, NULL, NULL}};
static const cli_opt upgrade_opts[] = {
	{"output", 'o', "OUT", "write the upgraded log there (.sil or .silb; - for standard output, with --format) instead of rewriting FILE"},
	CLI_FORMAT_OPT("sil|silb"),
	{NULL, 0, NULL, NULL}};
static const cli_opt none_opts[] = {
	{NULL, 0, NULL, NULL}};
static const cli_opt help_opts[] = {
	{"man", 'm', NULL, "print the manual page (roff) generated from this table"},
	{NULL, 0, NULL, NULL}};

const cli_verb cli_verbs[] = {
	{"games", cmd_games, "list the rules modules and their versions", "", json_opts,
	 "Each game is a versioned rules module; a log names the module and the version it was recorded under."},
	{"info", cmd_info, "show a log's header, players, turns, events and size", "FILE...", json_opts,
	 "Replays the log to count turns and events and to check that it is sound. With several files, each "
	 "in turn (a blank line between; with --json one object a line); the exit code is the worst of them."},
	{"verify", cmd_verify, "replay a log, checking every rule and every recorded state check", "FILE", verify_opts,
	 "Exit 0 when every event is legal and every state check matches; 1 naming the first event where the "
	 "replayed state and the recorded one part, with both hashes. A fork (`sillage fork`) must also still "
	 "hold the entries it was forked with: its first entries digest to its 'meta fork-digest' (exit 1 if not). "
	 "An archive of many games is verified game by game, each alone, a line each; one game of it is ARCHIVE:NAME."},
	{"state", cmd_state, "print the game state at an event or a turn", "FILE", state_opts,
	 "Without a position, the state at the end of the log."},
	{"log", cmd_log, "list every event described in words, with turns, phases and annotations", "FILE", log_opts,
	 "Each event is told as a player would say it, numbered as --event counts."},
	{"render", cmd_render, "draw the board at an event or a turn as PNG, SVG or PDF", "FILE", render_opts,
	 "Without a position, the board at the end of the log."},
	{"animate", cmd_animate, "write an animation of the game, a frame per event, turn or phase (APNG, GIF, MP4 or WebM)", "FILE",
	 animate_opts,
	 "Each frame stores only the rectangle of the board that changed. The frame before a new turn, and the "
	 "last frame, are held longer (--hold). A progress bar shows on a terminal."},
	{"html", cmd_html, "write a self-contained HTML replay viewer of the game", "FILE", html_opts,
	 "One file that opens in any browser with no network: the board (SVG) at every step, play and pause, "
	 "step forward and back, jump to a turn, a slider, the events in words (click one to go there), notes and "
	 "bookmarks, keyboard arrows (Left/Right: event, Up/Down or PageUp/PageDown: turn, Space: play, Home/End), "
	 "and links to a step: game.html#event=120. Every text from the log is escaped. Glyphs (! ? !! ?? !? ?!) "
	 "and notes show beside their move. With --branch, each fork's variation is listed at the move it leaves "
	 "the main line: click it (or press V there) to step through it, Escape to go back to the main line. "
	 "With --from or --to, a page of that part of the game (not with --branch): its first step is the board "
	 "at --from, before the first entry it lists; a FILE.silb is read from the keyframe before --from, through "
	 "the index, and replayed no further than --to. A position the log lacks, or --from after --to, is a usage "
	 "error (exit 2). The log is read as the page is written, a segment or a few thousand lines at a time, so "
	 "that memory does not grow with the game."},
	{"report", cmd_report, "write a printable PDF report of the game", "FILE", report_opts,
	 "A cover (game, players, result), then the board at the start of every turn with that turn's events "
	 "beside it, and every bookmarked position on a page of its own, larger. The PDF outline lists turns and "
	 "bookmarks."},
	{"step", cmd_step, "step through a game in the terminal", "FILE", step_opts,
	 "Shows the current event and the state summary. Keys (or one command a line on standard input, for "
	 "scripts): n or Right next event, p or Left previous, ] or Down next turn, [ or Up previous turn, "
	 "g N jump to turn N, e N jump to event N, / TEXT find the next event whose description holds TEXT, "
	 "w FILE.png write the board, s show the state, h help, q quit. On a .silb archive it reads one "
	 "segment at a time through the index, never the whole log (the rules of the entries replayed are "
	 "checked, their recorded checks not: `verify` does that)."},
	{"convert", cmd_convert, "rewrite a log in canonical form, text or binary", "FILE", convert_opts,
	 "Canonical text is stable: converting a canonical file gives back the same bytes. -o OUT.silb writes "
	 "a binary archive, any other name text; FILE may be either: .sil -> .silb -> .sil gives back the same bytes."},
	{"record", cmd_record, "record a game action by action, refusing illegal ones", "FILE", record_opts,
	 "Reads lines in the log's text syntax from standard input; on a terminal, with a prompt that says "
	 "the turn and phase, line editing, history and Tab completion (libedit). Each line is checked when it "
	 "is typed, header lines too (an unknown game or a rules version this build cannot replay is refused), "
	 "and a refused line changes nothing. Commands: 'undo' takes back the last entry or header line and "
	 "says which, 'help' lists the legal actions of the moment, 'state' shows the state, 'close' reveals "
	 "the dice seed and ends, 'quit' ends (exit 0). A die written '?' is drawn by the recorder from a "
	 "secret seed kept in FILE.dice, committed to in the header and revealed by 'close', at a counter that "
	 "never goes back (formats/prng.md); verify then checks every drawn die. The file on disk always holds "
	 "exactly the accepted entries, each with a state check, from the moment the header names the game; a "
	 "folder that cannot be written fails at once (exit 4). A FILE ending in .silb is a binary journal: "
	 "each change is appended and synced (--sync) before it is reported, a crash loses at most the change "
	 "being written, and the journal is packed into an archive at the end."},
	{"serve", cmd_serve, "record a game by clicks in a browser; others watch it live", "FILE.silb | --dir DIR",
	 serve_opts_list,
	 "Starts a local web server (libmicrohttpd) and prints the URLs to open: record (the board and the "
	 "legal actions of the moment to click, a text line for the log syntax), watch (follows the game live, "
	 "steps back through it) and overlay (the board alone, for a stream). Every action passes the same "
	 "check as `record` and is synced to the journal FILE.silb before the browser is told; reopening FILE "
	 "carries on where it stopped, and a kill loses nothing that was acknowledged. Dice left out are drawn "
	 "by the recorder's fair roller (FILE.dice). Hidden choices (an X-Wing dial, FMP's turn-21 choice) are "
	 "sealed: the server keeps the secret in FILE.seal until it records the reveal. Bad requests are "
	 "answered 4xx with a log line on standard error and change nothing. SIGINT or SIGTERM stops it "
	 "(exit 0); a port taken is exit 4. The HTTP API is docs/serve.md."},
	{"gen", cmd_gen, "write a long legal synthetic game from a rules module", "", gen_opts,
	 "For benchmarks and fuzzing: every entry comes from the module's legal-action generator. The header "
	 "says 'meta gen open', asking the module for an open-ended game that lasts --events (sail: an open sea, "
	 "64 ships, no combat). -o FILE.silb streams the archive: memory holds one segment, not the game."},
	{"targets", cmd_targets, "the click targets of the moment, as serve's record page offers them", "FILE",
	 targets_opts,
	 "The legal actions at the end of the log (or at --event/--turn) as the record page of `serve` draws "
	 "them: pieces to select, and under --sel the actions of that piece, each with its cost, its odds and "
	 "the entry it records (dice the rules draw left out, for the fair roller). Only actions the rules "
	 "accept are listed: each was applied to a copy of the state. A position of a .silb archive is read "
	 "through its index (the one segment that holds it)."},
	{"odds", cmd_odds, "exact odds, luck and a win-chance chart of starship fights", "FILE", odds_opts,
	 "For starship voyages: each fight's chance of winning from its start and after every attack and "
	 "damage roll, solved exactly over the fight's Markov chain (no sampling), the expected number of "
	 "attacks left, and each side's luck (hits and damage against their expectation, and the change in "
	 "your chance to win that its rolls made)."},
	{"pack", cmd_pack, "write a log as a compressed, seekable .silb archive", "FILE (or: --archive OUT FILE...)", pack_opts,
	 "Segments of about 1024 entries, each deflated and opening on a keyframe (the state and its hash), "
	 "then an index and a trailer: a viewer reaches any turn by reading one segment. A journal left by "
	 "`record` is packed in place. See formats/silb.md."},
	{"ls", cmd_ls, "list the games of an archive of many games", "ARCHIVE", ls_opts,
	 "An archive of many games (`sillage pack --archive club.sila a.sil b.sil ...`) holds each game as a "
	 "member coded against a dictionary of a few of them: each is read alone, as ARCHIVE:NAME, by every "
	 "verb that reads a log (state, seek, render, log, verify, convert...), reading the dictionary and "
	 "that game only. `sillage verify ARCHIVE` checks every game, each alone. See formats/silb.md."},
	{"repair", cmd_repair, "copy the sound part of a damaged .silb file and say what was dropped", "FILE", repair_opts,
	 "Keeps every record before the first damaged one (a journal cut by a crash keeps each change it "
	 "reported); names the offset and the reason of the damage and the bytes dropped. Exit 3 when not even "
	 "the header is sound."},
	{"seek", cmd_seek, "show the state at a turn of a .silb archive, inflating one segment", "FILE", seek_opts,
	 "Reads the file header, trailer, index and header, then the one segment holding the turn; prints the "
	 "state summary and hash as `state --turn` does from the whole log."},
	{"stats", cmd_stats, "a table of each game's metrics per player, by event, turn or game", "FILE", stats_opts,
	 "The metrics are declared by each game's analysis (src/analyze/games/): sail's hull, ships fighting, "
	 "struck, sunk and aground, hexes sailed by point of sail, tacks and damage; fmp's action points, units, "
	 "turrets, ore aboard, shots, losses, captures and score; starship's shields, win chance, hits and damage. "
	 "A level (hull) is given at the end of the span, a sum (hexes sailed) over it. The log is replayed with "
	 "every rule and state check first. With --from or --to, the rows of that part of the game only, each "
	 "the same as in the table of the whole game (a turn cut by the span summed over the part shown); on a "
	 "FILE.silb the span is read from the keyframe of the segment that holds its start, through the index, "
	 "and replayed from there to its end only (its rules checked, not the rest of the log: `verify` does that). "
	 "A position the log lacks, or --from after --to, is a usage error (exit 2)."},
	{"chart", cmd_chart, "draw metrics over the game: a panel each, a line or bars per player", "FILE", chart_opts,
	 "One panel per --metric, each with its own axis and unit, over the turns (ticks at each turn); a series "
	 "per player in the player's colour; bookmarks drawn as flagged dashed lines."},
	{"luck", cmd_luck, "every recorded roll against its odds: chi-square per player and kind", "FILE", luck_opts,
	 "For each side and kind of roll (sail: wind, grounding; starship: attack, damage): how often each face "
	 "came up, tested against a fair die (or the die's own odds) with its p-value (fair, unusual below 0.05, "
	 "loaded below 0.001): Pearson's chi-square where every face expects 5 dice or more, else the exact "
	 "multinomial test (a binomial test per face, Bonferroni, past 2 million ways), and 'too few dice to "
	 "judge' below the fewest dice where any roll could be unusual (3 for a d6). Then what the rolls gave (groundings, hits, damage) against what they promised, with a z-score. "
	 "--chart draws the running actual minus expected outcome of each side."},
	{"diff", cmd_diff, "the first entry where two logs of one game part, and how the state differs there", "A B",
	 diff_opts,
	 "Both logs are replayed side by side with every rule checked; entries are compared by content (comments, "
	 "notes and bookmarks aside). Prints the two entries and the lines of the state summary only one side has "
	 "after them. Exit 0 when the logs agree, 1 when they part. With --at, the states at positions "
	 "are compared instead (two of one log, or two logs at one): each side's event, turn, phase and state "
	 "hash, then the summary lines only one has; exit 0 when they agree, 1 when they differ; a .silb is "
	 "read through its index."},
	{"batch", cmd_batch, "analyse many logs: a line per game or turn, CSV, or an SQLite archive", "FILE...|DIR",
	 batch_opts,
	 "Each FILE, and every .sil and .silb under each DIR (sorted by path), is replayed with every rule and "
	 "check and summed up: game, title, players, result, turns, events, each player's metric totals and the "
	 "luck of each side and kind of roll. A file that cannot be read or replayed gives an error line naming "
	 "it, and the batch goes on (exit 1 at the end). Lines come in the order of the inputs whatever --jobs "
	 "says; a progress bar shows on a terminal. --sqlite keeps games, players, metrics, turns and luck in a "
	 "database (docs/batch.md: the schema, ready queries, and runs over several machines with GNU parallel)."},
	{"import", cmd_import, "start a log from a published setup: XWS squads (xwing) or a TTS map string (ti4)",
	 "[SQUAD.json [SQUAD2.json]]", import_opts,
	 "With SQUAD.json files: reads the community's XWS format that squad builders export (version, faction, "
	 "pilots by id with their upgrades by slot) with jansson, looks every id up in the xwing catalog, places "
	 "each squad along its player's edge and checks the setup with the rules; an unknown id or a malformed "
	 "file is refused with its JSON path (exit 3). With --ti4-map: writes the header, the players and the "
	 "`galaxy` line of a new Twilight Imperium log; the ti4 rules judge the string, and a bad token is refused "
	 "with its offset (exit 1; formats/ti4.md). Either way the result is a log to record from."},
	{"new", cmd_new, "start a new game from the game's template: a scenario, a map, squads or factions",
	 "GAME [options] -o FILE", new_opts,
	 "Writes the header and the setup entries of a new game, replayed and sealed by the rules before "
	 "anything is written, so the log is ready for `sillage record FILE` or `sillage serve FILE`. Each game "
	 "takes its own options (--KEY VALUE, listed below and by `sillage new GAME --list`, with what the game "
	 "offers). A bad option is exit 2, an unreadable input file (an XWS squad) exit 3, a setup the rules "
	 "refuse exit 1 with the reason, a file that cannot be written exit 4; nothing is written then."},
	{"annotate", cmd_annotate, "mark a move good or bad (! ? !! ?? !? ?!), comment on it, bookmark it",
	 "FILE --at N [GLYPH]", annotate_opts,
	 "Sets the glyph of event N (as `sillage log` numbers them; `none` removes it), and with --note or "
	 "--bookmark its comment or bookmark, then writes the log back in its own form (text in canonical form, as "
	 "convert writes it; a .silb journal stays a journal). Annotations are outside every state check and the log digest (formats/hash.md), so an "
	 "annotated log verifies as before and still extends what was sent. The log must replay as recorded "
	 "first (exit 1 otherwise); a bad glyph or an entry it does not have is exit 2."},
	{"fork", cmd_fork, "start a what-if branch that keeps the game's first N events", "FILE --at N -o NEW",
	 fork_opts,
	 "Writes NEW with FILE's header and its entries up to and with event N, their state checks as recorded, "
	 "and three header lines: 'meta fork-of FILE', 'meta fork-at N' and 'meta fork-digest E:HEX', FILE's log "
	 "digest after the E entries kept, so that `sillage verify --extends E:HEX NEW` proves the branch shares "
	 "them. Record on NEW as on any log (`sillage record NEW`); `sillage html FILE --branch NEW` shows both "
	 "lines in one viewer. What FILE's close revealed of its dice is left out; when a kept entry drew a die "
	 "from the recorder's secret, the branch's dice are rolled at the table (the secret is FILE's, and its "
	 "next draws are FILE's own)."},
	{"upgrade", cmd_upgrade, "rewrite a log recorded under an earlier rules version under today's", "FILE",
	 upgrade_opts,
	 "Every entry is replayed by the current rules of the log's game and given a fresh state check; the "
	 "header names the current version. Without -o, FILE is rewritten in place and the log as recorded is "
	 "kept beside it as FILE.vN (N its old version). When today's rules refuse an entry, its FILE:LINE:COL "
	 "and the rule are named and nothing is written (exit 1). Which earlier versions replay as they are, "
	 "and what upgrade does to the others, is in each formats/GAME.md."},
	{"version", cmd_version, "print the version of sillage (also --version, -V)", "", none_opts, NULL},
	{"help", cmd_help, "list the verbs, or explain one", "[VERB]", help_opts, NULL},
	{NULL, NULL, NULL, NULL, NULL, NULL}};

const cli_verb *cli_find(const char *name)
{
	for (const cli_verb *v = cli_verbs; v->name; v++)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

/* Writes text wrapped at 80 columns: the first line after `first` columns
 * already used, the next ones indented by `indent` spaces. */
static void wrap(FILE *f, const char *text, int first, int indent)
{
	int col = first;
	const char *p = text;
	while (*p) {
		size_t n = strcspn(p, " ");
		if (col > indent && col + 1 + (int)n > 80) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent || (p != text && col == indent && first != indent)) {
			if (p != text) {
				fputc(' ', f);
				col++;
			}
		}
		fwrite(p, 1, n, f);
		col += (int)n;
		p += n;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

static void print_verb_help(FILE *f, const cli_verb *v)
{
	fprintf(f, "usage: sillage %s [options] %s\n  ", v->name, v->usage);
	wrap(f, v->summary, 2, 2);
	if (v->details) {
		fputs("\n  ", f);
		wrap(f, v->details, 2, 2);
	}
	fprintf(f, "\noptions:\n");
	for (const cli_opt *o = v->opts; o->name; o++) {
		char left[64];
		int w;
		if (o->key < 256)
			snprintf(left, sizeof left, "-%c, --%s%s%s", o->key, o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		else
			snprintf(left, sizeof left, "    --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		w = fprintf(f, "  %-26s ", left);
		if (w > 29) {   /* a long option: its help on the next line */
			fprintf(f, "\n%29s", "");
			w = 29;
		}
		wrap(f, o->help, 29, 29);
	}
	fprintf(f, "  %-26s %s\n", "-h, --help", "show this help");
}

/* Says what is wrong with the option argv[optind - 1] that getopt refused. */
static void bad_option(const cli_verb *v, const char *arg, int optopt_)
{
	const char *names[40];
	int n = 0;
	for (const cli_opt *o = v->opts; o->name && n < 38; o++)
		names[n++] = o->name;
	names[n++] = "help";
	names[n] = NULL;
	if (arg && strncmp(arg, "--", 2) == 0) {
		const char *name = arg + 2, *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		const char *near;
		for (const cli_opt *o = v->opts; o->name; o++) {
			if (strlen(o->name) != len || strncmp(o->name, name, len) != 0)
				continue;
			if (eq && !o->arg) {
				cli_usage(v->name, "--%s takes no value (write --%s, not %s)", o->name, o->name, arg);
				return;
			}
			cli_usage(v->name, "--%s needs a value (--%s %s)", o->name, o->name, o->arg ? o->arg : "");
			return;
		}
		near = cli_suggest(name, len, names, n);
		if (near)
			cli_usage(v->name, "unknown option --%.*s; did you mean --%s?", (int)len, name, near);
		else
			cli_usage(v->name, "unknown option --%.*s", (int)len, name);
		return;
	}
	for (const cli_opt *o = v->opts; o->name; o++)
		if (o->key == optopt_ && o->arg) {
			cli_usage(v->name, "-%c needs a value (-%c %s)", optopt_, optopt_, o->arg);
			return;
		}
	if (optopt_ > 0 && optopt_ < 256)
		cli_usage(v->name, "unknown option -%c", optopt_);
	else
		cli_usage(v->name, "unknown option %s", arg ? arg : "");
}

int cli_parse(const cli_verb *v, int argc, char **argv,
	int (*fn)(int key, const char *arg, void *ctx), void *ctx)
{
	struct option lo[32];
	char so[96];
	int n = 0, k = 0, c;
	for (const cli_opt *o = v->opts; o->name && n < 30; o++, n++) {
		lo[n].name = o->name;
		lo[n].has_arg = o->arg ? required_argument : no_argument;
		lo[n].flag = NULL;
		lo[n].val = o->key;
		if (o->key < 256) {
			so[k++] = (char)o->key;
			if (o->arg)
				so[k++] = ':';
		}
	}
	lo[n].name = "help";
	lo[n].has_arg = no_argument;
	lo[n].flag = NULL;
	lo[n].val = 'h';
	memset(&lo[n + 1], 0, sizeof lo[0]);
	so[k++] = 'h';
	so[k] = 0;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == 'h') {
			print_verb_help(stdout, v);
			return -2;
		}
		if (c == '?' || c == ':') {
			bad_option(v, optind > 0 && optind <= argc ? argv[optind - 1] : NULL, optopt);
			return -1;
		}
		if (fn(c, optarg, ctx) != 0)
			return -1;
	}
	return optind;
}

int cli_usage(const char *verb, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "sillage: %s%s", verb ? verb : "", verb ? ": " : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (verb)
		fprintf(stderr, "\n(see 'sillage %s --help')\n", verb);
	else
		fprintf(stderr, "\n(see 'sillage help')\n");
	return EXIT_USAGE;
}

int cli_exit_code(int code)
{
	switch (code) {
	case SL_OK: return EXIT_OK;
	case SL_EILLEGAL: case SL_EDESYNC: return EXIT_FAIL;
	case SL_EUSAGE: case SL_ERANGE: return EXIT_USAGE;
	case SL_ESYNTAX: case SL_EFORMAT: case SL_ELIMIT: case SL_EVERSION: return EXIT_INPUT;
	default: return EXIT_IO;
	}
}

int cli_report(const sl_error *err)
{
	char msg[1025];
	size_t n;
	sl_error_format(err, msg, sizeof msg - 1);   /* room for the newline */
	n = strlen(msg);
	msg[n++] = '\n';
	fputs("sillage: ", stderr);
	cli_write_text(stderr, msg, n);
	return cli_exit_code(err->code);
}

static void roff_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
	}
}

/* The options of each game's `new` template, as an indented block. */
static void man_new_games(FILE *f)
{
	char *text = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&text, &n);
	if (!m)
		return;
	cli_new_games(m);
	fclose(m);
	fputs(".PP\nThe options of each game:\n.nf\n", f);
	roff_text(f, text);
	fputs(".fi\n", f);
	free(text);
}

static void print_man(FILE *f)
{
	fputs(".\\\" Generated by `sillage help --man` from src/cli/main.c: edit there.\n", f);
	fputs(".TH SILLAGE 1 \"2026\" \"sillage " SILLAGE_VERSION "\" \"User Commands\"\n", f);
	fputs(".SH NAME\nsillage \\- record, replay, verify and draw turn\\-based tabletop wargames\n", f);
	fputs(".SH SYNOPSIS\n.B sillage\n.I VERB\n[options] FILE\n", f);
	fputs(".SH DESCRIPTION\nsillage keeps a game as a compact event log (text \\fI.sil\\fR), replays it "
	      "deterministically to any event or turn, checks every rule, and draws the board with Cairo.\n", f);
	fputs(".SH VERBS\n", f);
	for (const cli_verb *v = cli_verbs; v->name; v++) {
		fprintf(f, ".SS \"%s %s\"\n", v->name, v->usage);
		roff_text(f, v->summary);
		fputs(".\n", f);
		if (v->details) {
			fputs(".PP\n", f);
			roff_text(f, v->details);
			fputc('\n', f);
		}
		for (const cli_opt *o = v->opts; o->name; o++) {
			fputs(".TP\n", f);
			if (o->key < 256)
				fprintf(f, ".B \\-%c, \\-\\-%s", o->key, o->name);
			else
				fprintf(f, ".B \\-\\-%s", o->name);
			if (o->arg) {
				fputs(" ", f);
				roff_text(f, o->arg);
			}
			fputc('\n', f);
			roff_text(f, o->help);
			fputc('\n', f);
		}
		if (strcmp(v->name, "new") == 0)
			man_new_games(f);
	}
	fputs(".SH EXIT STATUS\n0 success; 1 an illegal action, a failed check or a desync; 2 a usage error; "
	      "3 an unreadable or unsupported input file; 4 an I/O error.\n", f);
	fputs(".SH DIAGNOSTICS\nErrors go to standard error as \\fBsillage: FILE:LINE:COL: message\\fR for text "
	      "input, naming the rule that was broken where there is one, and as \\fBsillage: FILE: offset 0x...: "
	      "reason\\fR for a binary .silb file.\n", f);
	fputs(".SH EXAMPLES\n"
	      "Check a log, then see who won:\n.PP\n.nf\n.RS\nsillage verify game.sil\nsillage info game.sil\n.RE\n.fi\n"
	      ".PP\nThe board at the start of turn 3, and at the end (with the result band):\n.PP\n.nf\n.RS\n"
	      "sillage render game.sil \\-\\-turn 3 \\-o turn3.png\nsillage render game.sil \\-o end.svg\n.RE\n.fi\n"
	      ".PP\nA page to step through the game, an animation a frame per turn, a printable report:\n.PP\n.nf\n.RS\n"
	      "sillage html game.sil \\-o game.html\nsillage animate game.sil \\-\\-per turn \\-o game.gif\n"
	      "sillage report game.sil \\-o game.pdf\n.RE\n.fi\n"
	      ".PP\nThe dice against their odds, and a club's games into SQLite:\n.PP\n.nf\n.RS\n"
	      "sillage luck game.sil\nsillage batch \\-\\-sqlite club.db games/\n.RE\n.fi\n"
	      ".PP\nAny verb writes to standard output with \\-o \\- (and \\-\\-format where the name picks it):\n"
	      ".PP\n.nf\n.RS\nsillage render game.sil \\-o \\- \\-\\-format png | display\n.RE\n.fi\n", f);
	fputs(".SH ENVIRONMENT\n.TP\n.B FONTCONFIG_FILE, FONTCONFIG_PATH, FONTCONFIG_SYSROOT\n"
	      "With none set, the pictures' fonts (DejaVu Sans) are found in /usr/share/fonts, "
	      "/usr/local/share/fonts, ~/.local/share/fonts and ~/.fonts through the system's font caches, "
	      "without the rules of /etc/fonts (they decide nothing in a picture, and reading them was "
	      "a quarter of a render's CPU); with one set, or with no DejaVu Sans in those folders, "
	      "through the fontconfig configuration it names or the system's.\n", f);
	fputs(".SH FILES\n\\fIformats/sil.md\\fR specifies the text log, \\fIformats/silb.md\\fR the binary log; "
	      "\\fIformats/<game>.md\\fR each game's events. \\fBmake install\\fR puts them, with \\fIREADME.md\\fR "
	      "and \\fIdocs/*.md\\fR, under \\fI$PREFIX/share/doc/sillage/\\fR.\n", f);
	fputs(".SH SEE ALSO\nThe user guide, docs/guide.md (installed as share/doc/sillage/docs/guide.md).\n", f);
}

static int help_opt(int key, const char *arg, void *ctx)
{
	*(int *)ctx = key == 'm';
	return 0;
}

int cmd_help(int argc, char **argv)
{
	int man = 0, i = cli_parse(cli_find("help"), argc, argv, help_opt, &man);
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (man) {
		print_man(stdout);
		return EXIT_OK;
	}
	if (i < argc) {
		const cli_verb *v = cli_find(argv[i]);
		if (!v)
			return cli_usage(NULL, "unknown verb '%s'", argv[i]);
		print_verb_help(stdout, v);
		return EXIT_OK;
	}
	printf("usage: sillage VERB [options] FILE...\n\nverbs:\n");
	for (const cli_verb *v = cli_verbs; v->name; v++) {   /* within 80 columns */
		printf("  %-9s ", v->name);
		wrap(stdout, v->summary, 12, 12);
	}
	printf("\n'sillage VERB --help' explains a verb. Exit codes: 0 ok, 1 illegal action or\n"
	       "failed check, 2 usage, 3 unreadable input, 4 I/O error.\n");
	return EXIT_OK;
}

int cmd_version(int argc, char **argv)
{
	int i = argc > 1 ? cli_parse(cli_find("version"), argc, argv, help_opt, &(int){0}) : 1;
	if (i < 0)
		return i == -2 ? EXIT_OK : EXIT_USAGE;
	if (i < argc)
		return cli_usage("version", "unexpected operand '%s'", argv[i]);
	printf("sillage %s\n", SILLAGE_VERSION);
	return EXIT_OK;
}

/* The verbs that draw whatever their options: cairo and pango are opened
 * before they run, so that a missing one is said before any output is
 * begun. The others open them on their first drawing call, if they make
 * one (stats --chart, odds --chart...): verify, info, seek, state... never. */
static int draws(const char *verb)
{
	static const char *const v[] = {"render", "animate", "html", "report", "chart", "serve"};
	for (size_t k = 0; k < sizeof v / sizeof *v; k++)
		if (strcmp(verb, v[k]) == 0)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	const cli_verb *v;
	cli_alloc_faults_init();
	if (argc < 2) {
		cmd_help(1, argv);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
		return cmd_help(1, argv);
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
		return cmd_version(1, argv);
	v = cli_find(argv[1]);
	if (!v) {
		const char *names[64], *near;
		int n = 0;
		for (const cli_verb *w = cli_verbs; w->name && n < 63; w++)
			names[n++] = w->name;
		names[n] = NULL;
		near = cli_suggest(argv[1], strlen(argv[1]), names, n);
		if (near)
			return cli_usage(NULL, "unknown verb '%s'; did you mean '%s'?", argv[1], near);
		return cli_usage(NULL, "unknown verb '%s'", argv[1]);
	}
	if (draws(v->name)) {
		char why[600];
		if (cli_gfx_open(why, sizeof why)) {
			fprintf(stderr, "sillage: %s\n", why);
			return EXIT_INPUT;
		}
	}
	return v->fn(argc - 1, argv + 1);
}
