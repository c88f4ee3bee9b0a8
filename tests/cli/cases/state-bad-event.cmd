cd tests/cli/data && $SILLAGE state --event x example.sil
