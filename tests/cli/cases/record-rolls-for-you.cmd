# issue 14.7: the recorder rolls what the rules say must be rolled: starship's attack and
# damage with no roll, sail's wind with neither roll nor direction, a sail move into a shoal
# with no die (each drawn from the dice secret, so that the draws are known here)
D='seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n'
cd $TMP && printf "$D" >s.sil.dice && printf "$D" >w.sil.dice
printf 'sil 1\ngame starship 1\nship name="Traveller" weapons_roll=3 shields_roll=2\nturn 1\nencounter enemy="Krellan raider" weapons=7 shields=8 paragraph=56\nattack by=player\ndamage\nattack by=enemy\n' |
	$SILLAGE record --quiet s.sil; echo "starship: exit $?"
grep -v '^meta' s.sil | tail -6
printf 'sil 1\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=4\nterrain row=1 cells="..."\nterrain row=2 cells=".~."\nterrain row=3 cells="..."\nterrain row=4 cells="..."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nturn 1\nphase 2\nfr: move ship=vif steps=A\nturn 2\nwind\n' |
	$SILLAGE record --quiet w.sil; echo "sail: exit $?"
tail -6 w.sil; $SILLAGE verify --quiet w.sil && echo verified
# fmp: a tide with no card draws the next card out of the deck (H4), weighed by the cards left;
# the card undone is not drawn again; verify checks the card against the deck and the seed
sed -n 1,51p $OLDPWD/samples/fmp/ferrix.sil >f.sil && printf "$D" >f.sil.dice
printf 'tide\nundo\ntide\nclose\n' | $SILLAGE record --quiet f.sil; echo "fmp: exit $?"
tail -4 f.sil; $SILLAGE verify --quiet f.sil && echo verified
sed 's/^tide card=high/tide card=low/' f.sil >g.sil && $SILLAGE convert --seal -o h.sil g.sil 2>/dev/null; $SILLAGE verify h.sil; echo "changed card: exit $?"
