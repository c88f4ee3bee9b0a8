# repair needs -o, and never writes over its input
$SILLAGE repair tests/cli/data/example.sil; $SILLAGE repair -o x.silb x.silb; $SILLAGE repair -o /tmp/never.sil tests/cli/data/example.sil
