# the reading verbs walk an archive on standard input as they walk a file
# (issue 30): pack - of a .silb (refused as "not a sillage text log" before),
# stats - (before: "cannot open"), state and log give what the file gives
f=samples/ti4/valefar.sil
$SILLAGE pack "$f" -o "$TMP/a.silb"
$SILLAGE pack - -o - <"$TMP/a.silb" | cmp - "$TMP/a.silb" && echo "pack - of an archive: the same archive"
$SILLAGE stats "$TMP/a.silb" >"$TMP/s1" && $SILLAGE stats - <"$TMP/a.silb" >"$TMP/s2" &&
	cmp "$TMP/s1" "$TMP/s2" && echo "stats -: what the file gives"
$SILLAGE state --event 40 "$TMP/a.silb" | head -1
$SILLAGE state --event 40 - <"$TMP/a.silb" | head -1
$SILLAGE log "$f" >"$TMP/l1"
$SILLAGE log - <"$TMP/a.silb" | cmp - "$TMP/l1" && echo "log -: what the text gives"
