$SILLAGE luck --chart $TMP/l.png samples/starship/first-voyage.sil && pngcheck -q $TMP/l.png && echo ok
$SILLAGE luck --chart $TMP/l.png samples/fmp/ferrix.sil
