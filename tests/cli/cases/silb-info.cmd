# info on an archive: sizes, bytes per event, the deflate ratio and the text it stands for
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb && $SILLAGE info e.silb
