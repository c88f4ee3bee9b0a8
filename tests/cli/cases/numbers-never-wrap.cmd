# issue 30: a number beyond what its field holds is refused, never taken
# modulo 2^32: at=4294967501 is not position 205 (2^32 + 205), a map
# string's 7-digit tile is named as typed, a header version past 2^32 is
# refused at its column
F=$(pwd)/samples/ti4/valefar.sil
cd "$TMP"
{ sed -n 1,15p "$F" | sed 's/ !.*//'; echo 'ana: place units=dn,dn at=4294967501'; } > "wrap.sil"
"$SILLAGE" verify "wrap.sil"; echo "exit $?"
{ sed -n 1,15p "$F" | sed 's/ !.*//'; echo 'ana: place units=dn,dn at=205'; } > "ok.sil"
"$SILLAGE" verify -q "ok.sil"; echo "exit $?"
"$SILLAGE" import --ti4-map "{18} 1000026 27" -o - 2>&1; echo "exit $?"
{ echo 'sil 1'; echo 'game sail 4294967297'; } > "hdr.sil"
"$SILLAGE" verify "hdr.sil"; echo "exit $?"
