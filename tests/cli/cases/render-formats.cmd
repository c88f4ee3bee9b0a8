cd $TMP && for f in png svg pdf; do $SILLAGE render --turn 1 -o board.$f $OLDPWD/tests/cli/data/example.sil || exit 1; done
head -c 8 board.png | od -An -c | tr -s " "; head -c 5 board.svg; echo; head -c 5 board.pdf; echo
