$SILLAGE batch samples | cut -c1-200
$SILLAGE batch --csv --per turn samples/sail/kerlan-raid.sil | sed -n '1,3p;$p'
$SILLAGE batch --per turn samples/starship/first-voyage.sil
