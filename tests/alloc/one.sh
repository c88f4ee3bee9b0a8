#!/bin/sh
# one.sh BIN VERB LOG OUT - one run for tests/alloc/run.sh: verify prints,
# render writes OUT.png, html OUT.html.
case $2 in
verify) exec "$1" verify "$3" ;;
render) exec "$1" render -o "$4.png" "$3" ;;
html) exec "$1" html -q -o "$4.html" "$3" ;;
esac
