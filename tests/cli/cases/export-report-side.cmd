$SILLAGE report tests/cli/data/example.sil --side nobody -o $TMP/r.pdf
