# pack a text log into an archive; seek to a turn inflates one segment and
# finds the state `state --turn` finds by replaying the whole log
cd $TMP && $SILLAGE gen -g sail --events 6000 --seed 9 -o g.sil && $SILLAGE pack g.sil && ls g.silb &&
$SILLAGE seek --turn 40 g.silb | head -1 && $SILLAGE state --turn 40 g.sil | head -1 &&
$SILLAGE seek --turn 999 g.silb
