# a long synthetic xwing game from the generator is legal from setup to the last round
cd $TMP && $SILLAGE gen -g xwing --events 3000 --seed 9 --seal -o g.sil && $SILLAGE verify --quiet g.sil && echo verified
