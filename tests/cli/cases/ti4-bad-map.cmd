# ti4: a bad map string is refused with the offset of the bad token
printf 'sil 1\ngame ti4 1\nplayer a "A" #112233\nplayer b "B" #445566\n\ngalaxy map="26 25 19 83A 21"\n' > $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
