# an archive an earlier sillage wrote (no over, leader, leads): batch adds the columns, old rows NULL
cd $TMP || exit 9
sqlite3 old.db "CREATE TABLE games (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, file TEXT NOT NULL, game TEXT NOT NULL, rules INTEGER NOT NULL, title TEXT, date TEXT, turns INTEGER NOT NULL, events INTEGER NOT NULL, winner TEXT, result TEXT); CREATE TABLE players (game_id INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, player TEXT NOT NULL, name TEXT, colour TEXT, won INTEGER NOT NULL, PRIMARY KEY (game_id, seat)); INSERT INTO games VALUES (1, '0000000000000001', 'old.sil', 'sail', 1, 't', NULL, 3, 9, 'fr', 'fr ahead'); INSERT INTO players VALUES (1, 0, 'fr', 'F', '#000000', 1);" || exit 9
$SILLAGE batch -q --sqlite old.db "$OLDPWD/samples/starship/first-voyage.sil" || exit 9
sqlite3 old.db 'SELECT id, game, winner, over, leader FROM games ORDER BY id; SELECT game_id, player, won, leads FROM players ORDER BY game_id, seat;'
