# docs/examples built against an installed tree through pkg-config alone,
# linked with the shared library and with the static one; a second install
# to another prefix gets its own .pc
make -s install PREFIX=/opt/first DESTDIR=$TMP/inst >/dev/null 2>&1 || exit 9
make -s install PREFIX=/opt/sl DESTDIR=$TMP/inst >/dev/null 2>&1 || exit 9
grep '^prefix=' $TMP/inst/opt/first/lib/pkgconfig/sillage.pc $TMP/inst/opt/sl/lib/pkgconfig/sillage.pc | sed "s|$TMP/inst||"
(cd $TMP/inst/opt/sl/lib && ls libsillage*)
export PKG_CONFIG_SYSROOT_DIR=$TMP/inst PKG_CONFIG_PATH=$TMP/inst/opt/sl/lib/pkgconfig
syms=$(nm $TMP/inst/opt/sl/lib/libsillage.a 2>/dev/null); san=
case "$syms" in *__asan_*) san=-fsanitize=address,undefined ;; *__ubsan_*) san=-fsanitize=undefined ;; esac
export ASAN_OPTIONS=detect_leaks=0
for ex in turns frame; do
	cc -std=c11 -Wall -Werror $san docs/examples/$ex.c $(pkg-config --cflags --libs sillage) -o $TMP/$ex-shared || exit 9
	# the static library, asked of the linker by name beside pkg-config's --static list
	cc -std=c11 -Wall -Werror $san docs/examples/$ex.c $(pkg-config --cflags sillage) \
		$(pkg-config --static --libs sillage | sed 's/-lsillage/-Wl,-Bstatic -lsillage -Wl,-Bdynamic/') -o $TMP/$ex-static || exit 9
done
readelf -d $TMP/turns-shared | grep -o 'libsillage[^]]*'
readelf -d $TMP/turns-static | grep -c libsillage
export LD_LIBRARY_PATH=$TMP/inst/opt/sl/lib
$TMP/turns-shared samples/sail/heron-bank.sil > $TMP/shared.txt || exit 9
$TMP/turns-static samples/sail/heron-bank.sil > $TMP/static.txt || exit 9
cmp $TMP/shared.txt $TMP/static.txt && head -4 $TMP/shared.txt
$TMP/frame-shared samples/sail/heron-bank.sil 3 $TMP/a.png | sed "s|$TMP/||"
$TMP/frame-static samples/sail/heron-bank.sil 3 - > $TMP/b.png
cmp $TMP/a.png $TMP/b.png && pngcheck -q $TMP/a.png && echo "both PNGs alike and sound"
# a refused input is reported with its position and exit code
sed -n '1,16p' tests/cli/data/example.sil > $TMP/bad.sil
echo 'turn 3' >> $TMP/bad.sil
$TMP/turns-shared $TMP/bad.sil 2> $TMP/err.txt
echo "exit $?"
sed "s|$TMP/||" $TMP/err.txt
