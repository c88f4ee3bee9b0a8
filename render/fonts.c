/* fonts.c - the fontconfig configuration pango draws with: the system's font
 * directories and caches, without the system's rules (issue 29).
 * Every picture names one family (SL_KIT_FONT, with its own size, weight,
 * style and stretch) and draws with unhinted grey antialiasing that the
 * canvas sets itself, so the ~35 files of /etc/fonts (aliases, hinting and
 * language rules for desktop text) decide nothing in our pixels, yet they
 * were the largest part of fontconfig's cost in a `render`: parsing them
 * (pango's "FcInit" thread) and running their rules on each label's pattern,
 * about a quarter of a 1024-pixel frame's CPU. The configuration made here
 * lists the directories and cache directories Debian's fonts.conf names
 * (the caches fc-cache wrote are read as they are) and nothing else; it
 * becomes fontconfig's current one (sl_render_pin_fonts, which the command
 * calls when it opens the drawing libraries, before pango's font map is
 * made), so pango's FcInit finds it and loads nothing. Fallback for a character our
 * family lacks still searches every installed font, as before.
 * The system's configuration is kept, as before, when FONTCONFIG_FILE,
 * FONTCONFIG_PATH or FONTCONFIG_SYSROOT is set (the user chose one) and
 * when the directories hold no SL_KIT_FONT (the rules' aliases then choose
 * its stand-in). */
#include "sl_render.h"
#include "kit.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <fontconfig/fontconfig.h>

static const char pinned_conf[] =
	"<?xml version=\"1.0\"?>\n"
	"<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
	"<fontconfig>\n"
	"<dir>/usr/share/fonts</dir>\n"
	"<dir>/usr/local/share/fonts</dir>\n"
	"<dir prefix=\"xdg\">fonts</dir>\n"
	"<dir>~/.fonts</dir>\n"
	"<cachedir>/var/cache/fontconfig</cachedir>\n"
	"<cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
	"<cachedir>~/.fontconfig</cachedir>\n"
	"</fontconfig>\n";

/* Whether the configuration's fonts include a face of family. */
static int has_family(FcConfig *config, const char *family)
{
	FcFontSet *set = FcConfigGetFonts(config, FcSetSystem);
	for (int i = 0; set && i < set->nfont; i++) {
		FcChar8 *f;
		for (int k = 0; FcPatternGetString(set->fonts[i], FC_FAMILY, k, &f) == FcResultMatch; k++)
			if (strcmp((const char *)f, family) == 0)
				return 1;
	}
	return 0;
}

static void pin(void)
{
	FcConfig *config;
	if (getenv("FONTCONFIG_FILE") || getenv("FONTCONFIG_PATH") || getenv("FONTCONFIG_SYSROOT"))
		return;
	if (!(config = FcConfigCreate()))
		return;
	if (FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)pinned_conf, FcFalse) &&
	    FcConfigBuildFonts(config) && has_family(config, SL_KIT_FONT))
		FcConfigSetCurrent(config);
	FcConfigDestroy(config);   /* the current configuration holds its own reference */
}

void sl_render_pin_fonts(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, pin);
}
