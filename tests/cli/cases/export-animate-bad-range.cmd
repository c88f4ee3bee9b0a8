$SILLAGE animate tests/cli/data/example.sil -o $TMP/a.gif --from t7 -q
