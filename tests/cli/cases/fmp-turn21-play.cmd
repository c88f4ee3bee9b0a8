# FMP 9.5: turn 21 is not played before every astronef's choice is revealed
head -n 233 samples/fmp/ferrix.sil > $TMP/g.sil
printf 'phase 2\n' >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
