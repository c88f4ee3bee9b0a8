# version byte 3: refused as newer, not as damaged (the version is checked before the CRC)
cd $TMP && $SILLAGE convert $OLDPWD/tests/cli/data/example.sil -o e.silb &&
printf '\003' | dd of=e.silb bs=1 seek=8 conv=notrunc 2>/dev/null && $SILLAGE log e.silb
