$SILLAGE verify tests/cli/data/no-such-file.sil
