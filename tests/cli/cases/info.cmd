cd tests/cli/data && $SILLAGE info example.sil
