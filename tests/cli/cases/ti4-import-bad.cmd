# ti4: a bad map string is refused with the offset of the bad token (exit 1)
$SILLAGE import --ti4-map "26 25 19 2x 21"
