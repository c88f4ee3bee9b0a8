cd tests/cli/data && $SILLAGE state --json example.sil
