# ti4: a published TTS map string (a 5-player map without trade goods, posted on
# r/twilightimperium, "5 Player Balanced Maps without Initial Trade Goods or
# Warp Zone", No. 1; 0 marks the home slots) imported, replayed and drawn
$SILLAGE import --ti4-map "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" --players a,b,c,d,e --title "A published 5-player map" -o $TMP/map.sil || exit 9
cat $TMP/map.sil
$SILLAGE state $TMP/map.sil | sed -n 2p
$SILLAGE render -o $TMP/map.png $TMP/map.sil && head -c 8 $TMP/map.png | od -An -c | head -1
