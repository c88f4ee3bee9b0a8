# ti4 LRR 17.3b (22.3b): captured fighters are supply tokens; no transaction returns them
head -n 78 samples/ti4/acheron-hunger.sil > $TMP/g.sil
printf "otto: trade with=vera tg=2 getrelease=ff\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
