# ti4 LRR 17 (22) commentary 5: Yssaril captured with a copied agent, but cannot spend it
head -n 80 samples/ti4/valefar.sil > $TMP/g.sil
printf "cyd: end\nbob: activate system=205\nbob: produce units=cr amalg=cr owner=cyd\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
