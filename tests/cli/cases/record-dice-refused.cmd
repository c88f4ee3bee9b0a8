# issue 14.4: a line the rules refuse whatever the dice draws no die (the next line gets
# counter 0); a refused line's reason is the rules' own
cd $TMP && printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' >g.sil.dice
printf 'sil 1\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nturn 1\nphase 2\nfr: move ship=vif steps=A,A,A,A,A,A,A,A,A dice=?\nfr: move ship=vif steps=A dice=?\nclose\n' |
	$SILLAGE record --quiet g.sil; echo "exit $?"
tail -2 g.sil; $SILLAGE verify g.sil
