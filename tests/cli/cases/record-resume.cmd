# a recording resumed later carries on from the file
cd $TMP && cp $OLDPWD/tests/cli/data/example.sil g.sil && $SILLAGE convert --seal -o g.sil g.sil &&
printf "phase 3\nphase 5 movement\ngb: move ship=hms_lark steps=AS\nturn 2\n" | $SILLAGE record --quiet g.sil; echo "exit $?"; tail -4 g.sil | cut -c1-40
