# issue 30: verify's lines on success show a hostile file name escaped, as its
# failure line does: an OSC 52 in the name never reaches the terminal
cp tests/cli/data/example.sil "$TMP/$(printf 'x\033]52;c;ZWNobyBoaQ==\007.sil')"
cd "$TMP"
"$SILLAGE" verify x*.sil > out.txt; echo "exit $?"
echo "escape bytes written: $(tr -cd '\033\007' < out.txt | wc -c)"
sed 's/ final hash.*//' out.txt
