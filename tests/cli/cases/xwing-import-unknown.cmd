# an XWS pilot the catalog does not hold is refused with its JSON path and the id nearest (exit 3)
printf '{"name":"x","faction":"rebelalliance","pilots":[{"id":"redsquadronveteran"},{"id":"lukeskywalkr","ship":"t65xwing"}]}' > $TMP/s.json
cd $TMP && $SILLAGE import s.json
