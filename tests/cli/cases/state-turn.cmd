cd tests/cli/data && $SILLAGE state --turn 1 example.sil
