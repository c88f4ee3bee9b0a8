#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify prints,
# render writes OUT.png, html OUT.html; targets-move and targets print serve's
# click targets (a sail ship's moves, a starship fight's next roll; an fmp
# tank's moves and shots, a ti4 space combat's rolls, an xwing ship's actions).
case $2 in
verify) exec "$1" verify "$3" ;;
render) exec "$1" render -o "$4.png" "$3" ;;
html) exec "$1" html -q -o "$4.html" "$3" ;;
targets-move) exec "$1" targets --turn 1 --phase 2 --sel ship:vestale "$3" ;;
targets) exec "$1" targets --event 3 "$3" ;;
targets-fmp) exec "$1" targets --event 80 --sel unit:ana-t1 "$3" ;;
targets-ti4) exec "$1" targets --event 34 "$3" ;;
targets-xwing) exec "$1" targets --event 13 --sel ship:gold "$3" ;;
esac
