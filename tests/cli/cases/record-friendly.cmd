# issue 14.6: ids and tokens match whatever their case, the acting player may be left out when
# only one player may make the event (the piece names it), a typo gets "did you mean", and an
# error shows the line with a caret under the column
cd $TMP && printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' >g.sil.dice
printf 'sil 1\ngame sail 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=FR at=2,1 facing=s mp=5 draft=SHALLOW hull=2\nship id=ant name="Ant" class=gunboat side=gb at=1,4 facing=NE mp=3 draft=deep hull=2\nturn 1\nphase 2\nmvoe ship=vif steps=A\nFr: move shp=vif steps=A\nfr: move ship=vfi steps=A\nfr: move ship=vif steps=AX\nmove ship=ant steps=A\nMOVE ship=VIF steps=a\n' |
	$SILLAGE record g.sil; echo "exit $?"
grep -v '^terrain' g.sil | tail -4
