cd $TMP && $SILLAGE render --size 20000x100 -o board.png $OLDPWD/tests/cli/data/example.sil; ls
