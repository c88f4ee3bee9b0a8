# issue 24.4: a line without its player is tried as the only player who may make it; when no
# player may, as the player whose pieces it names, and the rule it breaks is reported (not
# "'move' needs the acting player first"); a line naming pieces of two sides keeps the old
# words
cd $TMP && printf 'sil 1\ngame sail 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells="..."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nship id=ant name="Ant" class=gunboat side=gb at=1,4 facing=NE mp=3 draft=deep hull=2\nturn 1\nphase 2\nmove ship=ant steps=A\nmove ship=vif steps=A,A,A,A\nphase 3\nfire ship=vif target=ant hits=1\nfire ship=ant target=ant hits=1\nboard ship=vif target=ant result=captured\n' | $SILLAGE record --quiet g.sil; echo "exit $?"
