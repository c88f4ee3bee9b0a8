# issue 30: fmp's next tide card is known only to the players whose weather
# layer forecast it (H13); bob's view of the log, his html viewer and his
# render's caption never name it, ana's (a forecaster) does
F=samples/fmp/ferrix.sil
echo "bob:"; "$SILLAGE" log --side bob "$F" | grep 'Tide card for turn [345]'
echo "ana:"; "$SILLAGE" log --side ana "$F" | grep 'Tide card for turn [45]'
"$SILLAGE" html --side bob -q -o "$TMP/bob.html" "$F" || echo "html failed"
grep -c 'Tide card for turn 4: low' "$TMP/bob.html"
"$SILLAGE" html --side ana -q -o "$TMP/ana.html" "$F" || echo "html failed"
grep -c 'Tide card for turn 4: low' "$TMP/ana.html"
"$SILLAGE" log --side zed "$F"
