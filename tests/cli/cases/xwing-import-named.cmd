# a real 2.5 list with named pilots and upgrades comes in whole, checked by the rules
printf '{"name":"Red group","faction":"rebelalliance","version":"2.5.0","pilots":[{"id":"lukeskywalker","ship":"t65xwing","upgrades":{"torpedo":["protontorpedoes"],"astromech":["r2d2"]}},{"id":"wedgeantilles","ship":"t65xwing"},{"id":"biggsdarklighter","ship":"t65xwing"}]}' > $TMP/s.json
cd $TMP && $SILLAGE import s.json -o m.sil && $SILLAGE verify m.sil && grep '^ship' m.sil
