# issue 24.2: `verify --extends` says whether a log received later continues a copy kept earlier
# (the log itself, or the digest 'N:HEX' that --digest and 'close' print), and where they part.
# The checks of a format 2 log chain the entries before them, so an entry edited in the past
# must be sealed again with every check after it; the digest is a BLAKE2b chain over the
# entries, their draws and the dice commitment, which a forger cannot match.
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
H='sil 2\ngame sail 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=4 rows=4\nterrain row=1 cells="...."\nterrain row=2 cells=".~.."\nterrain row=3 cells="...."\nterrain row=4 cells="...."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nship id=lark name="Lark" class=sloop side=gb at=4,4 facing=N mp=5 draft=deep hull=2\n'
printf "${H}turn 1\nphase 2\nfr: move ship=vif steps=A dice=?\n" | $SILLAGE record --quiet g.sil; echo "first half: exit $?"
cp g.sil sent.sil; $SILLAGE verify --quiet --digest sent.sil
D1=$($SILLAGE verify --quiet --digest sent.sil | sed 's/.*digest \([^ ]*\) .*/\1/')
printf 'gb: move ship=lark steps=A\nclose\n' | $SILLAGE record g.sil | grep '^digest'; echo "second half: exit $?"
$SILLAGE verify --quiet --extends sent.sil g.sil; echo "continues the copy: exit $?"
$SILLAGE verify --extends "$D1" g.sil | head -1; echo "continues the digest: exit $?"
# an entry of the past edited afterwards, every check sealed again: it verifies alone, but
# not as a continuation of what was sent
sed 's/^\(ship id=lark.*\)hull=2/\1hull=3/' g.sil >x.sil
$SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify --quiet y.sil; echo "edited, alone: exit $?"
$SILLAGE verify --quiet --extends sent.sil y.sil; echo "edited, against the copy: exit $?"
$SILLAGE verify --quiet --extends "$D1" y.sil; echo "edited, against the digest: exit $?"
# the same game recorded again with another seed of one's choosing (its dice may come out
# better): consistent, so verify alone passes; the digest mailed at close binds the commitment
D2=$($SILLAGE verify --quiet --digest g.sil | sed 's/.*digest \([^ ]*\) .*/\1/')
printf 'seed 1f1e1d1c1b1a191817161514131211100f0e0d0c0b0a09080706050403020100\nsalt 000102030405060708090a0b0c0d0e0f\n' >f.sil.dice
printf "${H}turn 1\nphase 2\nfr: move ship=vif steps=A dice=?\ngb: move ship=lark steps=A\nclose\n" | $SILLAGE record --quiet f.sil
$SILLAGE verify --quiet f.sil; echo "forged, alone: exit $?"
$SILLAGE verify --quiet --extends "$D2" f.sil; echo "forged, against the close digest: exit $?"
# a shorter log, and a digest that is not one
head -n 16 sent.sil >short.sil; $SILLAGE verify --quiet --extends sent.sil short.sil; echo "shorter: exit $?"
$SILLAGE verify --quiet --extends 3:abc g.sil; echo "bad digest: exit $?"
