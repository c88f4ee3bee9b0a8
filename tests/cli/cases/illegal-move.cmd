# the Aigle, running SW at the west edge, cannot sail off the map in phase 5
cp tests/cli/data/example.sil $TMP/g.sil
printf "phase 5 movement\nfr: move ship=aigle steps=A\n" >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
