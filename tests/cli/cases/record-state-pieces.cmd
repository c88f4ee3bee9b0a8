# issue 24.4: "did you mean" knows every unit the state holds, those the rules made too (fmp's
# landing makes each player's units, named in no line yet): a unit that exists is never
# "corrected" to another, and a typo gets the nearest unit of the state
awk '/^turn 2/{exit} {print}' samples/fmp/ferrix.sil > $TMP/f.sil
cd $TMP && printf 'turn 2\ntide card=normal\nphase 2\nana: leave unit=ana-t1 ship=ana pode=2 to=8,6\nana: leave unit=ana-t2 ship=ana pode=2 to=8,6\nana: leave unit=ana-tx ship=ana pode=2 to=7,7\nana: move unit=ana-t3 to=9,9\n' | $SILLAGE record --quiet f.sil; echo "exit $?"
