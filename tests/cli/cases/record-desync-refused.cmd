# issue 30 ("desyncs laundered on import"): a log whose recorded check is wrong is not taken
# by the recorder (record, serve --from) with fresh checks: a typed '!check' is compared with the state after the
# line; a mismatch is refused with its position and the rule (exit 1), the line is not
# recorded and, from a pipe, no later line is read. `targets` refuses the log as `render` does.
sed '27s/!1b1a6e5d/!00000000/' samples/sail/heron-bank.sil > $TMP/bad.sil
cd $TMP && $SILLAGE record --quiet j.silb < bad.sil; echo "record: exit $?"
$SILLAGE verify j.silb; echo "verify: exit $?"
$SILLAGE targets bad.sil; echo "targets: exit $?"
printf 'sil 1\ngame sail 1\nplayer fr "France"\nmap cols=3 rows=3 !3efeedb6\nmap cols=3 rows=3\n' | $SILLAGE record --quiet m.sil; echo "record: exit $?"
grep -c '^map' m.sil
printf 'map cols=3 rows=3 !b89eaf6a\n' | $SILLAGE record --quiet m.sil; echo "record: exit $?"
grep '^map' m.sil
timeout 20 $SILLAGE serve s.silb --from bad.sil --port 0 2>serve.err; echo "serve --from: exit $?"; tail -1 serve.err
