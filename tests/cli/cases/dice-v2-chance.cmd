# issue 24.2: a value drawn out of the rules' weights (fmp's tide card, H4) is marked in its
# entry in a format 2 log ('card=high@1:14/15'); the card undone keeps its '# dice' line; a
# card changed afterwards, the checks sealed again, fails verify; the marks survive .silb.
cd $TMP && sed -n 1,51p $OLDPWD/samples/fmp/ferrix.sil | sed 's/^sil 1/sil 2/' >a.sil
$SILLAGE convert --seal -o f.sil a.sil 2>/dev/null; echo "resealed as format 2: exit $?"
printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >f.sil.dice
printf 'tide\nundo\ntide\nclose\n' | $SILLAGE record --quiet f.sil; echo "fmp: exit $?"
tail -4 f.sil; $SILLAGE verify --quiet f.sil && echo verified
$SILLAGE convert -o f.silb f.sil && $SILLAGE convert -o back.sil f.silb && cmp f.sil back.sil && echo "silb: same log"
sed 's/^tide card=high@1:14\/15/tide card=low@1:14\/15/' f.sil >g.sil && $SILLAGE convert --seal -o h.sil g.sil 2>/dev/null; $SILLAGE verify h.sil; echo "changed card: exit $?"
sed 's/^tide card=high@1:14\/15/tide card=high/' f.sil >i.sil && $SILLAGE convert --seal -o j.sil i.sil 2>/dev/null; $SILLAGE verify j.sil; echo "card relabelled as chosen: exit $?"
