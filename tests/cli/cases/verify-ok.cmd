cd tests/cli/data && $SILLAGE verify example.sil
