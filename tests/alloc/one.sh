#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify and stats
# print, render writes OUT.png (svg: OUT.svg), html OUT.html, report OUT.pdf,
# the importers OUT.sil (LOG: a map string, an XWS squad); targets-move and targets print serve's
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
targets-xwing) exec "$1" targets --event 13 --sel ship:gold "$3" ;;
esac
