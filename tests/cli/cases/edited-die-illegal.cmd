# a die that makes the move illegal (the Aigle grounds, then moves on) is refused with the rule
sed "s/dice=4/dice=1/" tests/cli/data/example.sil > $TMP/edited.sil && cd $TMP && $SILLAGE verify edited.sil
