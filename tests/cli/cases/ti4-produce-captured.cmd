# ti4 LRR 17.4 (22.4): before Otto takes a dreadnought back from the board, every
# one he does not field is on the Cabal's sheet; he cannot produce one
head -n 46 samples/ti4/acheron-hunger.sil > $TMP/g.sil
printf "otto: produce units=dn pay=arcprime\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
