# ti4 LRR 14.1: a blockaded space dock produces no ships (ground forces it may)
head -n 110 samples/ti4/acheron-hunger.sil > $TMP/g.sil
printf "vera: activate system=201\nvera: produce units=inf,inf pay=acheron\nvera: produce units=dd\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
