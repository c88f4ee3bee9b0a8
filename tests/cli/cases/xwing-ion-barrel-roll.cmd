# xwing ion: in round 4 of the ion-ambush sample the TIE fighter, ionized at
# planning, has flown the ion maneuver; a barrel roll in its action step is
# refused with the clause (it may only focus)
head -n 109 samples/xwing/ion-ambush.sil > $TMP/g.sil
printf "imp: action ship=black action=barrelroll dir=left\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
