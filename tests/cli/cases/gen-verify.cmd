cd $TMP && $SILLAGE gen -g sail --events 500 --seed 3 --seal -o g.sil && $SILLAGE verify --quiet g.sil && echo verified
