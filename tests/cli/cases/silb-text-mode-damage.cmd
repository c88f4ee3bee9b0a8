# a CR-LF -> LF transfer breaks the signature at its \r
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb &&
sed 's/\r$//' e.silb > d.silb && $SILLAGE info d.silb
