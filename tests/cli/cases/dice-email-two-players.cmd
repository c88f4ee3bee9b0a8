# issue 24.2: a game by e-mail where each player adds a secret of their own to the dice
# (formats/prng.md, "A secret from each player"). Anne (fr) and Bob (gb) each keep a share
# (g.sil.fr.dice, g.sil.gb.dice: fixed here so that the test is repeatable) and commit to it
# in the header; a die needs both shares, so the player whose recorder asks for it cannot
# foresee it: the line waits, with the asker's share, for the other's recorder to draw it.
# The log travels between two folders as it would by mail; each side checks what it gets with
# `verify --extends`. At the end both reveal; verify checks every die, and each cheat fails.
cd $TMP && mkdir anne bob
printf 'seed 1111111111111111111111111111111111111111111111111111111111111111\nsalt 11111111111111111111111111111111\n' >anne/g.sil.fr.dice
printf 'seed 2222222222222222222222222222222222222222222222222222222222222222\nsalt 22222222222222222222222222222222\n' >bob/g.sil.gb.dice
H='sil 2\ngame sail 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=4 rows=4\nterrain row=1 cells="...."\nterrain row=2 cells=".~~."\nterrain row=3 cells="...."\nterrain row=4 cells="...."\nship id=vif name="Vif" class=cutter side=fr at=2,1 facing=S mp=5 draft=shallow hull=2\nship id=lark name="Lark" class=sloop side=gb at=3,1 facing=S mp=5 draft=shallow hull=2\n'
mail() { cp "$1/g.sil" "$2/g.sil"; }
echo '1. Anne writes the setup and commits to her share; mails the log'
(cd anne && printf "${H}share fr\n" | $SILLAGE record --quiet g.sil); mail anne bob
echo '2. Bob commits to his share before any die; mails it back'
(cd bob && printf 'share gb\n' | $SILLAGE record --quiet g.sil); mail bob anne
grep '^meta' anne/g.sil
echo '3. Anne moves into the shoal: the die waits for Bob'
(cd anne && printf 'turn 1\nphase 2\nfr: move ship=vif steps=A dice=?\n' | $SILLAGE record --quiet g.sil); echo "exit $?"
tail -2 anne/g.sil; cp anne/g.sil anne/sent.sil
echo '   while it waits, her recorder records nothing more'
(cd anne && printf 'turn 2\n' | $SILLAGE record --quiet g.sil); cmp anne/g.sil anne/sent.sil && echo '   unchanged'
mail anne bob
echo "4. Bob's recorder draws Anne's die with both shares, then Bob's own move waits for Anne"
(cd bob && $SILLAGE verify --quiet --extends ../anne/sent.sil g.sil && printf 'gb: move ship=lark steps=A dice=?\n' | $SILLAGE record --quiet g.sil); echo "exit $?"
tail -4 bob/g.sil; mail bob anne
echo "5. Anne's recorder draws Bob's die; she checks the log continues hers, then reveals her share"
(cd anne && $SILLAGE verify --quiet --extends sent.sil g.sil && printf 'close\n' | $SILLAGE record --quiet g.sil); echo "exit $?"
tail -2 anne/g.sil; ls anne; mail anne bob
echo '6. Bob reveals his: the log is closed, and every die is checked'
(cd bob && printf 'close\n' | $SILLAGE record --quiet g.sil); echo "exit $?"; ls bob
grep '^meta' bob/g.sil; $SILLAGE verify bob/g.sil; echo "verify: exit $?"
cd bob
echo 'cheats, each sealed again where checks would catch it:'
sed 's/dice=1@1/dice=6@1/' g.sil >x.sil; $SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify --quiet y.sil; echo "a die changed: exit $?"
sed 's/^meta dice-seed-gb 2/meta dice-seed-gb 3/' g.sil >x.sil; $SILLAGE verify --quiet x.sil; echo "a share changed at the reveal: exit $?"
sed 's/dice=1@1/dice=1/' g.sil >x.sil; $SILLAGE convert --seal -o y.sil x.sil 2>/dev/null; $SILLAGE verify --quiet y.sil; echo "a die relabelled as rolled: exit $?"
cd ..
echo "a share forged in the pending line (Anne's, not her seed's): Bob's recorder draws with it; the close shows it"
mkdir forge && printf 'seed 2222222222222222222222222222222222222222222222222222222222222222\nsalt 22222222222222222222222222222222\n' >forge/g.sil.gb.dice
sed 's/^# share fr 0:..../# share fr 0:0000/' anne/sent.sil >forge/g.sil
(cd forge && printf 'quit\n' | $SILLAGE record --quiet g.sil); grep '^fr: move' forge/g.sil
printf 'seed 1111111111111111111111111111111111111111111111111111111111111111\nsalt 11111111111111111111111111111111\n' >forge/g.sil.fr.dice
(cd forge && printf 'close\n' | $SILLAGE record --quiet g.sil; $SILLAGE verify --quiet g.sil); echo "forged share: exit $?"
echo 'a share added once dice are drawn is refused'
(cd anne && printf 'share gb\n' | $SILLAGE record --quiet g.sil); echo "share after close: exit $?"
