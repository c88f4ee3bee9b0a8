$SILLAGE odds tests/cli/data/example.sil
