# --fight K: the luck table is fight K's, in the text as in --json (starship-odds-json)
$SILLAGE odds --fight 2 samples/starship/first-voyage.sil
