# a typo in a direction: reported with its line and column
sed "s/facing=NW/facing=NX/" tests/cli/data/example.sil > $TMP/bad.sil
cd $TMP && $SILLAGE verify bad.sil
