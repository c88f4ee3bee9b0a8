# text from a log never drives a terminal (issue 20.2): a title, a player's name and a note
# carrying OSC 0 (window title), ESC[2J (clear) and OSC 52 (clipboard) and a right-to-left
# override are shown escaped by info, log, state and errors on a terminal (script(1) gives
# one); through a pipe the bytes stay as recorded
sed -e 's/^title .*/title Two frigates \x1b]0;pwned\x07 off the \xe2\x80\xaegnp.exe point/' \
    -e 's/^player fr "Marine royale"/player fr "Marine \x1b[2Jroyale"/' tests/cli/data/example.sil > $TMP/x.sil
printf '@bookmark clip \033]52;c;ZWNobyBoaQ==\007 done\n' >> $TMP/x.sil
cd $TMP
script -qec "$SILLAGE info x.sil; $SILLAGE log x.sil; $SILLAGE state x.sil; $SILLAGE render -o /nonexistent/x.png x.sil" /dev/null > tty.txt
echo "escape bytes on the terminal: $(tr -cd '\033' < tty.txt | wc -c)"
tr -d '\r' < tty.txt | grep -a 'title\|bookmark:\|Marine' | head -n 4
echo "escape bytes through a pipe: $($SILLAGE log x.sil | tr -cd '\033' | wc -c)"
