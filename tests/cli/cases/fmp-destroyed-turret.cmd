# FMP 9.1: after the capture of Bob's astronef (turrets destroyed), nothing
# leaves through pode 2; the recorder refuses the line with the clause
head -n 144 samples/fmp/ferrix.sil > $TMP/g.sil
printf "ana: leave unit=bob-c1 ship=bob pode=2 to=15,11\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
