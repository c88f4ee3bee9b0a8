# new sail: the scenarios we designed (the samples' set-ups), their length an option; replayed,
# sealed and verified; the same set-up lines as the sample's
cd $TMP
$SILLAGE new sail --scenario kerlan-raid --turns 8 -o k.sil || exit 9
$SILLAGE verify k.sil
grep -c '^ship ' k.sil
grep '^map ' k.sil
$SILLAGE new sail -o - | grep '^ship ' | sed 's/ !.*//' > h.txt
grep '^ship ' "$OLDPWD/samples/sail/heron-bank.sil" | sed 's/ !.*//' | diff - h.txt && echo same ships as the sample
