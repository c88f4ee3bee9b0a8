# ti4 LRR 17.5 (22.5): Otto blockades the Cabal's dock at Acheron; Vera cannot
# capture his units, not even from his reinforcements with her agent
head -n 110 samples/ti4/acheron-hunger.sil > $TMP/g.sil
printf "otto: replenish\nvera: agent target=otto unit=dd\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
