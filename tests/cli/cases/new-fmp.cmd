# new fmp: the built-in map in the published board's size (37 x 23 = 851 hexes), ore on one
# hex in three and none on sea, the players in landing order; an astronef lands between the ore
cd $TMP
$SILLAGE new fmp --players ana,bob,cyd -o h.sil || exit 9
grep -c '^terrain ' h.sil
grep -c '^ore ' h.sil
grep '^player \|^map \|^# turn 1' h.sil
printf 'turn 1\nphase 2 first\nana: land at=20,12 pode=NE\n' >> h.sil
$SILLAGE convert --seal -o h.sil h.sil && $SILLAGE verify h.sil
$SILLAGE new fmp --map ferrix --players ana,bob -o - | grep -c '^ore '
