cd $TMP && $SILLAGE animate $OLDPWD/tests/cli/data/example.sil -o out.avi
