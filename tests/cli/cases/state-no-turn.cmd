cd tests/cli/data && $SILLAGE state --turn 9 example.sil
