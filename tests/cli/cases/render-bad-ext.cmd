cd $TMP && $SILLAGE render -o board.jpg $OLDPWD/tests/cli/data/example.sil
