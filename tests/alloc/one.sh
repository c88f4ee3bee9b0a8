#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify and stats
# print, render writes OUT.png (svg: OUT.svg), html OUT.html, report OUT.pdf,
# the importers, new-GAME and upgrade OUT.sil (LOG: a map string, an XWS squad;
# for new-ti4 a map string, for new-xwing the folder of the squads, else unused); targets-move and targets print serve's
# click targets (a sail ship's moves, a starship fight's next roll; an fmp
# tank's moves and shots, a ti4 space combat's rolls, an xwing ship's actions).
case $2 in
verify) exec "$1" verify "$3" ;;
render) exec "$1" render -o "$4.png" "$3" ;;
html) exec "$1" html -q -o "$4.html" "$3" ;;
svg) exec "$1" render -o "$4.svg" "$3" ;;
report) exec "$1" report -o "$4.pdf" "$3" ;;
stats) exec "$1" stats "$3" ;;
import-ti4) exec "$1" import --ti4-map "$(cat "$3")" -o "$4.sil" ;;
import-xws) exec "$1" import -o "$4.sil" "$3" "$3" ;;
targets-move) exec "$1" targets --turn 1 --phase 2 --sel ship:vestale "$3" ;;
targets) exec "$1" targets --event 3 "$3" ;;
targets-fmp) exec "$1" targets --event 80 --sel unit:ana-t1 "$3" ;;
targets-ti4) exec "$1" targets --event 34 "$3" ;;
new-sail) exec "$1" new sail --scenario kerlan-raid --turns 8 -o "$4.sil" ;;
new-starship) exec "$1" new starship --weapons-roll 6 --shields-roll 1 --ship Pelican -o "$4.sil" ;;
new-fmp) exec "$1" new fmp --players ana,bob,cyd -o "$4.sil" ;;
new-ti4) exec "$1" new ti4 --map "$(cat "$3")" --players ana:sol,bob:hacan,cyd:cabal --speaker bob -o "$4.sil" ;;
new-xwing) exec "$1" new xwing --xws "$(cat "$3")/gold-wing.json" --xws "$(cat "$3")/storm-flight.json" -o "$4.sil" ;;
upgrade) exec "$1" upgrade -o "$4.sil" "$3" ;;
targets-xwing) exec "$1" targets --event 13 --sel ship:gold "$3" ;;
esac
