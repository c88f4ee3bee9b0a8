# games into SQLite; the same file again (and as .silb) adds nothing
root=$PWD
cd $TMP || exit 9
ln -s "$root/samples" samples
$SILLAGE batch -q --sqlite g.db samples || exit 9
$SILLAGE batch --sqlite g.db samples/sail/heron-bank.sil
$SILLAGE convert -o hb.silb samples/sail/heron-bank.sil
$SILLAGE batch --sqlite g.db hb.silb
sqlite3 g.db 'SELECT COUNT(*) FROM games; SELECT COUNT(*) FROM players; SELECT game, file, winner FROM games ORDER BY id;'
# the ready queries of docs/batch.md, run as they are written there
sed -n '/^-- ready: /,/;$/p' $root/docs/batch.md > q.sql
grep -c '^-- ready: ' q.sql
sqlite3 -header -column g.db < q.sql
