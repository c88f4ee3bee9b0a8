# ti4 LRR 17 (22) commentary 5: Nekro captured with a copied Devour, but cannot
# spend what it holds (Amalgamation is the Cabal's)
head -n 80 samples/ti4/valefar.sil > $TMP/g.sil
printf "cyd: produce units=dd amalg=dd owner=bob\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
