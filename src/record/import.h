/* import.h - the importers of published setups that `sillage import` and
 * `sillage new` share: XWS squad files (xwing, import_xws.c) and the TTS/TTPG
 * map string of a Twilight Imperium galaxy (ti4, import_ti4.c). Private to
 * src/record, src/serve and src/cli. */
#ifndef SL_RECORD_IMPORT_H
#define SL_RECORD_IMPORT_H

#include "core/sl_core.h"

#define REC_XWS_MAX 2   /* squads in one game */

/* Appends to out the .sil text of a new xwing log from nsq (1 or 2) XWS squad
 * files: the header (title and players named after the squads, `meta xwsN`),
 * then, for two squads, the six obstacles of a standard setup (with their
 * printed outlines, `hazard`; as discs, `obstacle`, with REC_XWS_DISCS), then
 * a ship line per pilot, each squad along its player's edge, 120 mm apart. Every id is looked up in the module's catalog and each ship is
 * applied by the rules. Errors (SL_EFORMAT, exit 3) name the file and the
 * JSON path ("FILE: $.pilots[1].id: unknown pilot ...") or the file's
 * line:col for JSON that does not parse; SL_EIO for out of memory. */
#define REC_XWS_DISCS 1   /* flags: the obstacles as discs (D3), not outlines */
int rec_xws_import(sl_buf *out, const char *const *files, int nsq, int flags, sl_error *err);

/* The map string s in canonical form (tokens joined by single spaces, commas
 * and runs of blanks folded) appended to out, after the ti4 rules judged it
 * (the `galaxy` event applied to a fresh state). A bad token is SL_EILLEGAL
 * with its byte offset in s, in the rules' words. */
int rec_ti4_map(sl_buf *out, const char *s, sl_error *err);

#endif
