# the win-chance chart as PNG and as SVG, checked by their first bytes
$SILLAGE odds samples/starship/last-voyage.sil --chart $TMP/c.png && head -c 8 $TMP/c.png | od -An -tx1
$SILLAGE odds samples/starship/last-voyage.sil --fight 2 --chart $TMP/c.svg && grep -c '<svg' $TMP/c.svg
