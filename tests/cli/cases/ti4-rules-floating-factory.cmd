# rules version 5: the Saar's Floating Factory (LRR 79.4a) stands in a space area and moves as a
# ship with move 1: a placement on a planet, then a move from two systems away, are refused with
# the line and the rule named, exit 1; the move from next door is accepted
cd $TMP && $SILLAGE new ti4 --map "{18} 26 27 42 25 41 44 0 30 31 43 0 32 33 39 0 34 35 36" --players ana:saar,bob:hacan,cyd:titans --no-secrets -o g.sil >/dev/null || exit 9
cp g.sil p.sil
echo 'ana: place units=sd at=ragh' >> p.sil
$SILLAGE verify p.sil; echo "exit $?"
cat >>g.sil <<'LINES'
turn 1
ana: pick card=leadership
bob: pick card=trade
cyd: pick card=politics
ana: pick card=warfare
bob: pick card=technology
cyd: pick card=imperial
LINES
cp g.sil h.sil
printf 'ana: activate system=203\nana: move from=201 units=sd\n' >> g.sil
$SILLAGE verify g.sil; echo "exit $?"
printf 'ana: activate system=202\nana: move from=201 units=sd\n' >> h.sil
$SILLAGE verify -q h.sil && echo "the move from 201 to 202 is accepted"
