# An event whose two dice fields are both left out (starship's `ship`: the
# weapons and the shields roll): the recorder finds how many dice each takes
# with the other standing in, and draws both (it used to try one field while
# the other was still missing, and refused the line).
cd $TMP && printf 'seed 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nsalt 000102030405060708090a0b0c0d0e0f\n' >g.sil.dice
printf 'sil 1\ngame starship 1\nship\nturn 1\nclose\n' | $SILLAGE record --quiet g.sil; echo "record: exit $?"
grep '^# dice\|^ship' g.sil
$SILLAGE verify g.sil | tail -1
