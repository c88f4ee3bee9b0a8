#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify prints,
# render writes OUT.png, html OUT.html; targets-move and targets print serve's
# click targets (a sail ship's moves, a starship fight's next roll).
case $2 in
verify) exec "$1" verify "$3" ;;
render) exec "$1" render -o "$4.png" "$3" ;;
html) exec "$1" html -q -o "$4.html" "$3" ;;
targets-move) exec "$1" targets --turn 1 --phase 2 --sel ship:vestale "$3" ;;
targets) exec "$1" targets --event 3 "$3" ;;
esac
