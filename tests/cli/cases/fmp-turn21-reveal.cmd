# FMP 9.5: turn 21's choices are sealed before they are shown; Cyd sealed `leave`, so a
# reveal of `stay` with the same salt does not open the commitment and is refused
head -n 231 samples/fmp/ferrix.sil > $TMP/g.sil
printf 'cyd: reveal ship=cyd choice=stay salt="200f4b8a865c73f1b594cfff231e7ff4"\n' >> $TMP/g.sil
cd $TMP && $SILLAGE verify g.sil
