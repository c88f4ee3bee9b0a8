$SILLAGE stats --ndjson --per event -m shields,win_chance,hits samples/starship/last-voyage.sil | sed -n '1,4p;40,42p'
