$SILLAGE convert tests/cli/data/example.sil | cmp - tests/cli/data/example.sil && echo same bytes
