$SILLAGE luck samples/sail/kerlan-raid.sil
