# rules version 3: with bob's and cyd's destroyers both in the system ana activates, ana fights
# cyd first (initiative 3 before bob's 5; LRR 78, 62.1); bob's roll is refused until then, exit 1
cd $TMP && $SILLAGE new ti4 --map "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" --players ana:sol,bob:hacan,cyd:cabal --no-secrets -o g.sil >/dev/null || exit 9
cat >>g.sil <<'LINES'
bob: place units=dd at=302
cyd: place units=dd at=302
turn 1
ana: pick card=leadership
bob: pick card=trade
cyd: pick card=politics
ana: pick card=construction
bob: pick card=warfare
cyd: pick card=technology
ana: activate system=302
ana: move from=303 units=cv
ana: fire dice=10
LINES
$SILLAGE log g.sil | tail -1
echo 'bob: fire dice=9' >>g.sil
$SILLAGE verify g.sil
