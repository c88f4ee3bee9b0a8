# xwing rules v3: after an attack the damage cards are due; the facedown one is
# hidden from a side's view (the veil), any
# other entry is refused while a card is due, and serve's targets offer the
# draw of the next card (the recorder draws it)
cp tests/cli/data/xwing-v3-damage.sil $TMP/d.sil
cd $TMP && $SILLAGE log --side imp d.sil | tail -n 2
$SILLAGE targets d.sil
printf "phase 5\n" >> d.sil
$SILLAGE verify d.sil
