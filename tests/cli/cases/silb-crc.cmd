# one flipped byte inside the compressed segment: the record's CRC catches it
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb &&
printf 'X' | dd of=e.silb bs=1 seek=200 conv=notrunc 2>/dev/null && $SILLAGE verify e.silb
