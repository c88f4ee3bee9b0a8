# a malformed XWS file is refused with its line and column (exit 3)
printf '{"pilots": [{"id": "academypilot",}]}\n' > $TMP/s.json
cd $TMP && $SILLAGE import s.json
