# issue 14.8: help follows the game chosen (--game starship gives starship's setup at once),
# sail's "no step possible" says which rule stops each step, fmp's play-phase help lists the
# units of the player that may act and what each may do
cd $TMP && echo help | $SILLAGE record --quiet --game starship s.sil | head -1
printf 'sil 1\ngame sail 1\nplayer fr "F"\nmap cols=3 rows=3\nterrain row=1 cells="..."\nterrain row=2 cells="..."\nterrain row=3 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=N mp=2 draft=shallow hull=2\nturn 1\nphase 2\nhelp\n' |
	$SILLAGE record --quiet q.sil | grep vif
sed -n 1,78p $OLDPWD/samples/fmp/ferrix.sil >f.sil && echo help | $SILLAGE record --quiet f.sil | grep -E "plays|may act"
