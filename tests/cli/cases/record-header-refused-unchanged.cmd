# issue 14.2: a refused header line changes nothing (no half-declared player), 'undo' takes
# back header lines until the first event, and a meta key of the recorder's own is refused
cd $TMP && printf 'sil 1\ngame sail 1\nplayer gb "Royal Navy" red\nplayer gb "Royal Navy" #b22222\nplayer fr "France"\nundo\nplayer fr "Marine royale" #1f4fb4\nmeta dice-commit 00\nmap cols=3 rows=3\nplayer es "Spain"\nquit\n' |
	$SILLAGE record g.sil; echo "record: exit $?"
cat g.sil
