# --exact: every chance and expectation as a fraction in lowest terms (JSON strings "n/d"),
# then in the text, part way through a fight
$SILLAGE odds --json --exact --fight 2 samples/starship/first-voyage.sil && $SILLAGE odds --exact --event 5 --fight 1 samples/starship/last-voyage.sil
