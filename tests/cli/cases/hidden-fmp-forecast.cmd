# issue 30: a move that brings a weather layer into play says which tide it
# forecasts (H13); a side that does not know the next card reads that a
# layer forecasts it, never which card
F=samples/fmp/ferrix.sil
echo "all:"; "$SILLAGE" log "$F" | grep -c 'forecasts the tide of turn [0-9]*: '
echo "bob:"; "$SILLAGE" log --side bob "$F" | grep -c 'forecasts the tide of turn [0-9]*: '
echo "bob still told:"; "$SILLAGE" log --side bob "$F" | grep -c 'forecasts the tide of turn'
