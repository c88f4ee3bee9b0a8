# rules version 3: Construction places structures within each planet's limits: a second space dock on
# Jord is refused (LRR 79.3), the line and the rule named, exit 1
cd $TMP && $SILLAGE new ti4 --map "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" --players ana:sol,bob:hacan,cyd:cabal --no-secrets -o g.sil >/dev/null || exit 9
cat >>g.sil <<'LINES'
turn 1
ana: pick card=leadership
bob: pick card=trade
cyd: pick card=politics
ana: pick card=construction
bob: pick card=warfare
cyd: pick card=technology
ana: strategic card=construction part=primary units=sd,pds at=jord,jord
LINES
$SILLAGE verify g.sil
