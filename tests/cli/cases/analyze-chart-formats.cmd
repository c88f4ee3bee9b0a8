# a chart of each format, checked by real readers
$SILLAGE chart samples/sail/heron-bank.sil -o $TMP/c.png -m hull,sailed --style area || exit 9
pngcheck -q $TMP/c.png && echo "png ok"
$SILLAGE chart samples/fmp/ferrix.sil -o $TMP/c.svg -m ap,spent,score || exit 9
rsvg-convert -o $TMP/svg.png $TMP/c.svg && pngcheck -q $TMP/svg.png && echo "svg ok"
$SILLAGE chart samples/starship/last-voyage.sil -o $TMP/c.pdf -m win_chance --per event || exit 9
pdfinfo $TMP/c.pdf | grep -q '^Pages: *1$' && echo "pdf ok"
