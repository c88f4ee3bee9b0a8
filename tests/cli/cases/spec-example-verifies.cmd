# the worked example in formats/sil.md is a legal game
awk "/^\`\`\`\$/{n++; next} n==1" formats/sil.md > $TMP/spec.sil && $SILLAGE verify --quiet $TMP/spec.sil && cmp $TMP/spec.sil tests/cli/data/example.sil
