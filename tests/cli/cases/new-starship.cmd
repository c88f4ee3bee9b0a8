# new starship: an adventure sheet (a scenario, or your own dice), replayed and verified
cd $TMP
$SILLAGE new starship --weapons-roll 6 --shields-roll 1 --ship Pelican --captain Ana -o v.sil || exit 9
cat v.sil
$SILLAGE state v.sil | head -3
