cd $TMP && $SILLAGE animate $OLDPWD/tests/cli/data/example.sil -o a.apng --per turn --size 320 && $SILLAGE animate $OLDPWD/tests/cli/data/example.sil -o a.gif --from 0 --size 320
