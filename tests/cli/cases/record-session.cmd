# record a game from standard input: an illegal move is refused with the
# rule, undo removes the last entry (and says which), and the file holds exactly what was
# accepted, with what was undone and which counter drew each die (the dice secret is given
# beside the log so that the draws are known)
printf 'seed 0909090909090909090909090909090909090909090909090909090909090909\nsalt 09090909090909090909090909090909\n' >$TMP/game.sil.dice
cd $TMP && $SILLAGE record game.sil <<EOF
sil 1
game sail 1
player fr "France" #1f4fb4
player gb "Britain"
map cols=5 rows=4
terrain row=1 cells="....."
terrain row=2 cells="..~.."
terrain row=3 cells="....."
terrain row=4 cells="....."
ship id=vif name="Vif" class=cutter side=fr at=3,1 facing=S mp=5 draft=shallow hull=2
ship id=hms_ant name="Ant" class=gunboat side=gb at=1,4 facing=NE mp=3 draft=deep hull=2
turn 1
phase 2
gb: move ship=hms_ant steps=A
# the cutter crosses the bank
fr: move ship=vif steps=A dice=?
@note rolled by the recorder
fr: move ship=vif steps=A
undo
fr: move ship=vif steps=A dice=?
EOF
echo "exit $?"; cat game.sil; $SILLAGE verify game.sil
