# a die changed in a sealed log is named even when the outcome stays the same:
# the shallow Aigle clears the shoal on a 4 or a 2 alike
cd $TMP && $SILLAGE convert --seal -o sealed.sil $OLDPWD/tests/cli/data/example.sil &&
sed "s/dice=4/dice=2/" sealed.sil > edited.sil && $SILLAGE verify edited.sil
