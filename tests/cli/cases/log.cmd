cd tests/cli/data && $SILLAGE log example.sil
