# new takes each option's value as one line of text (issue 30, found by fuzz_new): a newline
# in --title would write a setup line the options never named, a byte that is not UTF-8 was
# refused at a line of the generated text (exit 3): both are a bad option (exit 2), nothing written
cd $TMP
$SILLAGE new sail --title "$(printf 'x\nship evil')" -o a.sil; echo "exit $?"
$SILLAGE new starship --ship "$(printf 'Vespe\377')" -o a.sil; echo "exit $?"
$SILLAGE new fmp --players ana,bob --title "$(printf 'tab\there')" -o a.sil; echo "exit $?"
$SILLAGE new ti4 --players "$(printf 'ana:sol,bob:hacan\342\200\256')" --map "0 0" -o a.sil; echo "exit $?"
ls
