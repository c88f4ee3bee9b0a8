$SILLAGE verify --fast tests/cli/data/example.sil
