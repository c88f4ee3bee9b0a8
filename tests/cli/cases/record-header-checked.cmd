# issue 14.1: a header line is checked when it is typed: an unknown game, a rules version this
# build cannot replay and a second 'game' line are refused at that line, and the log stays readable
cd $TMP && printf 'game sail 1\nsil 1\ngame sail 2\ngame sial 1\ngame sail 1\ngame starship 1\nplayer fr "France"\nplayer gb "Britain"\nmap cols=3 rows=3\n' |
	$SILLAGE record --quiet g.sil; echo "record: exit $?"
$SILLAGE verify g.sil; head -2 g.sil
