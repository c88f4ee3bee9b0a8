# issue 14.9: a game ends and has a result. sail: the side left with ships fighting wins, or at
# the turn limit the victory points of formats/sail.md; record then takes only notes, and
# 'quit' exits 0 although a line was refused. starship: the voyage ends when your ship
# explodes; fmp: every astronef gone, the scores (H12). info, log and verify --json show it.
H='sil 1\ngame sail 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=4 rows=3 turns=1\nterrain row=1 cells="...."\nterrain row=2 cells="...."\nterrain row=3 cells="...."\nship id=vif name="Vif" class=cutter side=fr at=1,1 facing=S mp=5 draft=shallow hull=2\nship id=ant name="Ant" class=gunboat side=gb at=3,1 facing=S mp=3 draft=deep hull=2\nship id=elf name="Elf" class=gunboat side=gb at=4,3 facing=S mp=3 draft=deep hull=3\nturn 1\nphase 3\n'
cd $TMP && printf "$H"'fr: fire ship=vif target=ant hits=2\ngb: fire ship=elf target=vif hits=2\n' | $SILLAGE record --quiet sunk.sil; echo "record: exit $?"
$SILLAGE info sunk.sil | grep result; $SILLAGE log sunk.sil | tail -1
printf '@note a hard fight\ngb: strike ship=elf\nquit\n' | $SILLAGE record sunk.sil; echo "after the end: exit $?"
tail -2 sunk.sil
printf "$H"'fr: fire ship=vif target=ant hits=2\nphase 6\nfr: fire ship=vif target=elf hits=1\n' | $SILLAGE record --quiet limit.sil
$SILLAGE verify --json limit.sil | sed 's/.*"result"/"result"/'
printf 'gb: fire ship=elf target=vif hits=0\n' | $SILLAGE record limit.sil | grep over
$SILLAGE verify --json limit.sil | sed 's/.*"result"/"result"/'
cd $OLDPWD
$SILLAGE verify --json samples/starship/last-voyage.sil | sed 's/.*"result"/"result"/'
$SILLAGE info --json samples/fmp/ferrix.sil | sed 's/.*"result"/"result"/'
$SILLAGE info samples/starship/first-voyage.sil | grep result
