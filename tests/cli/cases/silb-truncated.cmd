# an archive cut short
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb &&
head -c 150 e.silb > t.silb && $SILLAGE state t.silb
