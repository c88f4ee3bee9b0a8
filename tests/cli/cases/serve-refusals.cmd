# issue 19: serve's usage errors, each exit 2 before anything listens: a journal that is not
# .silb, --game with --from, an unknown game, a new log without a game, another address
# without --tokens, a bad port; and an unreadable --from (exit 3)
cd $TMP
$SILLAGE serve g.sil; echo "exit $?"
$SILLAGE serve --game sail --from s.sil g.silb; echo "exit $?"
$SILLAGE serve --game sial g.silb; echo "exit $?"
$SILLAGE serve --port 0 g.silb; echo "exit $?"
$SILLAGE serve --bind 0.0.0.0 --game sail g.silb; echo "exit $?"
$SILLAGE serve --port 70000 g.silb; echo "exit $?"
$SILLAGE serve --port 0 --from missing.sil g.silb; echo "exit $?"
ls
