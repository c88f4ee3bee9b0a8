# make install puts the command, library, headers, pkg-config file and man page in place,
# and a program builds against the installed library through pkg-config
make -s install PREFIX=/usr DESTDIR=$TMP/inst >/dev/null 2>&1 || exit 9
(cd $TMP/inst && find . -type f | sort)
printf "#include <sillage/sillage.h>\n#include <stdio.h>\nint main(void) { const sl_game *g = sl_game_find(\"sail\"); printf(\"%%s %%d\\\\n\", g->id, g->rules_version); return 0; }\n" > $TMP/use.c
export PKG_CONFIG_SYSROOT_DIR=$TMP/inst PKG_CONFIG_PATH=$TMP/inst/usr/lib/pkgconfig
# under make asan the library carries the sanitizers
syms=$(nm $TMP/inst/usr/lib/libsillage.a 2>/dev/null); san=
case "$syms" in *__asan_*) san=-fsanitize=address,undefined ;; *__ubsan_*) san=-fsanitize=undefined ;; esac
cc -std=c11 $san $TMP/use.c $(pkg-config --cflags --libs sillage) -o $TMP/use && LD_LIBRARY_PATH=$TMP/inst/usr/lib ASAN_OPTIONS=detect_leaks=0 $TMP/use
