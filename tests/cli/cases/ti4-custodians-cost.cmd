# rules version 4: the custodians token costs six influence before ground forces land on Mecatol
# Rex (LRR 27.1, 27.2): a landing that pays nothing, then one that pays 2, are refused with the
# line and the rule named, exit 1
cd $TMP && $SILLAGE new ti4 --map "39 22 19 20 21 25 27 47 34 38 23 30 26 31 24 41 32 49 46 29 0 44 40 36 0 48 43 0 37 42 0 33 35 45 0 28" --players ana:sol,bob:hacan,cyd:cabal --no-secrets -o g.sil >/dev/null || exit 9
cat >>g.sil <<'LINES'
ana: place units=cv,inf,inf at=0
turn 1
ana: pick card=leadership
bob: pick card=trade
cyd: pick card=politics
ana: pick card=construction
bob: pick card=warfare
cyd: pick card=technology
ana: activate system=0
LINES
cp g.sil h.sil
echo 'ana: land planet=mecatolrex units=inf,inf' >> g.sil
$SILLAGE verify g.sil
echo 'ana: land planet=mecatolrex units=inf,inf pay=jord' >> h.sil
$SILLAGE verify h.sil
