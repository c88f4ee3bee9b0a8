# XWS squad files (jansson) into the setup of an xwing log, checked by the rules
$SILLAGE import samples/xwing/xws/gold-wing.json samples/xwing/xws/storm-flight.json -o $TMP/g.sil && cat $TMP/g.sil && $SILLAGE verify --quiet $TMP/g.sil && echo verified
