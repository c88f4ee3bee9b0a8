# new ti4 refuses, with the reason and nothing written: a faction named twice, a home on a
# tile that is not a 0 slot, more players than homes (exit 1); a bad map string (exit 1);
# an unknown faction or option (exit 2)
M="39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28"
$SILLAGE new ti4 --map "$M" --players ana:sol,bob:sol -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --map "$M" --players ana:sol,bob:hacan@101 -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --map "$M" --players a:sol,b:hacan,c:cabal,d:nekro,e:letnev,f:yssaril -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --map "26 25 19 2x 21" --players a:sol,b:hacan -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --map "$M" --players a:sool,b:hacan -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --mapp "$M" --players a:sol,b:hacan -o $TMP/a.sil; echo "exit $?"
$SILLAGE new ti4 --map "$M" --players a:sol,b:hacan --speaker zed -o $TMP/a.sil; echo "exit $?"
# a Winnu choice holding a quote would end the seat line's quoted field: refused as the option (fuzz_ti4setup)
$SILLAGE new ti4 --map "$M" --players 'a:sol,b:winnu+antimassdeflectors"' -o $TMP/a.sil; echo "exit $?"
ls $TMP
