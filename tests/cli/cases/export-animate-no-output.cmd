$SILLAGE animate tests/cli/data/example.sil
