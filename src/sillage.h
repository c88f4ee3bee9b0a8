/* sillage.h - the whole public API of libsillage in one include
 * (docs/api.md). Installed as <sillage/sillage.h>. */
#ifndef SILLAGE_H
#define SILLAGE_H

#include "core/sl_core.h"
#include "core/sl_mc.h"
#include "games/sl_game.h"
#include "formats/sl_log.h"
#include "replay/sl_replay.h"
#include "render/sl_render.h"
#include "render/sl_chart.h"
#include "render/sl_export.h"
#include "render/sl_targets.h"
#include "analyze/sl_odds.h"
#include "analyze/sl_stats.h"

#define SILLAGE_VERSION "0.1.0"

#endif
