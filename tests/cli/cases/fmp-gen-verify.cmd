# a long synthetic fmp game from the generator is legal from landing to take-off
cd $TMP && $SILLAGE gen -g fmp --events 5000 --seed 5 --seal -o g.sil && $SILLAGE verify --quiet g.sil && echo verified
