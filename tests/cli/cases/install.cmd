# make install puts the command, library, headers, pkg-config file and man page in place,
# and a program builds against the installed library through pkg-config
make -s install PREFIX=/usr DESTDIR=$TMP/inst >/dev/null 2>&1 || exit 9
(cd $TMP/inst && find . -type f | grep -v /share/doc/ | sort)
# the docs the man page points at (the folders whole: any doc added later is there too)
for d in README.md docs/guide.md docs/api.md formats/sil.md formats/sail.md; do
	[ -f $TMP/inst/usr/share/doc/sillage/$d ] && echo "doc $d"; done
[ $(ls $TMP/inst/usr/share/doc/sillage/docs | wc -l) = $(ls docs/*.md | wc -l) ] && echo "docs/*.md all there"
printf "#include <sillage/sillage.h>\n#include <stdio.h>\nint main(void) { const sl_game *g = sl_game_find(\"sail\"); printf(\"%%s %%d\\\\n\", g->id, g->rules_version); return 0; }\n" > $TMP/use.c
export PKG_CONFIG_SYSROOT_DIR=$TMP/inst PKG_CONFIG_PATH=$TMP/inst/usr/lib/pkgconfig
# under make asan the library carries the sanitizers
syms=$(nm $TMP/inst/usr/lib/libsillage.a 2>/dev/null); san=
case "$syms" in *__asan_*) san=-fsanitize=address,undefined ;; *__ubsan_*) san=-fsanitize=undefined ;; esac
cc -std=c11 $san $TMP/use.c $(pkg-config --cflags --libs sillage) -o $TMP/use && LD_LIBRARY_PATH=$TMP/inst/usr/lib ASAN_OPTIONS=detect_leaks=0 $TMP/use
# the .pc: the include folder only, and only what static linking needs; a static build runs
grep -E '^(Cflags|Requires.private):' $TMP/inst/usr/lib/pkgconfig/sillage.pc
cc -std=c11 $san $TMP/use.c $(pkg-config --cflags sillage) $TMP/inst/usr/lib/libsillage.a \
	$(pkg-config --static --libs sillage | sed 's/-lsillage//') -o $TMP/use-static && ASAN_OPTIONS=detect_leaks=0 $TMP/use-static
# the man page has its examples, and the docs it points at are installed
grep -c '^\.SH EXAMPLES' $TMP/inst/usr/share/man/man1/sillage.1
