# xwing 1: a reveal whose dial and salt do not open the commitment made at
# planning is refused: the first reveal of the ion-ambush sample, edited
grep -n "reveal ship=gold" samples/xwing/ion-ambush.sil | head -1 | cut -d: -f1 > $TMP/n
n=$(cat $TMP/n)
head -n $((n - 1)) samples/xwing/ion-ambush.sil > $TMP/g.sil
sed -n "${n}p" samples/xwing/ion-ambush.sil | sed 's/dial=2FB/dial=1FB/; s/ !.*$//' >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
