/* dl.c - a shared library opened when a verb first needs it (issue 29): the
 * video, terminal, server and archive code each open theirs by name rather
 * than link it, so that no other verb maps or relocates it, and a missing
 * library is said with the Debian package that brings it. glibc's dlopen
 * does the work; this is only the one way all four say what is missing. */
#include "sl_core.h"

#include <dlfcn.h>
#include <stdio.h>

int sl_dl_open(void **h, const char *soname, const char *package, char *why, size_t whyn)
{
	if ((*h = dlopen(soname, RTLD_NOW | RTLD_LOCAL)))
		return 0;
	const char *e = dlerror();
	snprintf(why, whyn, "cannot load %s (Debian package %s): %s", soname, package, e ? e : "not found");
	return -1;
}

int sl_dl_sym(void *h, const char *soname, const char *name, void **slot, char *why, size_t whyn)
{
	if ((*slot = dlsym(h, name)))
		return 0;
	snprintf(why, whyn, "%s has no %s", soname, name);
	return -1;
}
