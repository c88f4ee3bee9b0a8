# new ti4 (--no-secrets: new-ti4-secrets deals them): a published 5-player map string (0 = home slots), three factions: each home into a
# 0 slot in turn, the faction sheet's starting units, the speaker named; replayed and verified
R=$PWD; cd $TMP && $SILLAGE new ti4 --map "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" --players ana:sol,bob:hacan,cyd:cabal --speaker bob --no-secrets -o g.sil || exit 9
cat g.sil
$SILLAGE verify g.sil
