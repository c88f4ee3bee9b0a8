# issue 24.4: the recorder says the truth. Each undo names the entry it removed (a turn
# marker too, in the log's "# undone:" lines); '@note' after undo or state goes on the last
# entry even when a line before was refused; 'close' closes a log where no die was drawn (the
# header says so); a closed log refuses undo, entries and notes, and says it is closed when
# opened again
cp tests/cli/data/example.sil $TMP/g.sil
cd $TMP && printf 'gb: move ship=hms_lark steps=A\nundo\nundo\nundo\nundo\nturn 1\nfr: move ship=nobody steps=A\nundo\n@bookmark after a refused line and undo\nfr: move ship=nobody steps=A\nstate\n@note after state\nclose\n' | $SILLAGE record g.sil; echo "exit $?"
sed -n '/^ship id=hms_lark/,$p' g.sil; grep -c '^meta dice-seed' g.sil
printf 'undo\nturn 1\n@note late\nquit\n' | $SILLAGE record g.sil; echo "exit $?"
$SILLAGE verify g.sil | tail -1 | cut -c1-60
