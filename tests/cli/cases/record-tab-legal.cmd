# issue 24.5: on a terminal, Tab offers what the rules allow now. Tab on an empty line repeats
# the last action's kind while the rules allow it (the Aigle moved: 'move ship='); then only
# the ship that may still move (the Aigle has moved), completed at once; the next field, and
# the step lists the rules take (their common start, A, put in). At the start of a line once
# no ship may move: the commands and the events some piece may make now or after the next
# phase marker (no setup event in play, no 'move')
S=sl-tab-$$
cp tests/cli/data/example.sil $TMP/g.sil
cd $TMP && tmux new-session -d -s $S -x 160 -y 30 "$SILLAGE record g.sil; sleep 30" || exit 9
trap 'tmux kill-session -t $S 2>/dev/null' EXIT
wait_for() { for i in $(seq 1 50); do tmux capture-pane -p -t $S | grep -qF -- "$1" && return 0; sleep 0.1; done; echo "never saw: $1"; tmux capture-pane -p -t $S; exit 1; }
wait_for "sail turn 1, movement>"
tmux send-keys -t $S Tab Tab Tab Tab
wait_for "AS,AS"
tmux send-keys -t $S Enter
wait_for "#9 Lark"
tmux send-keys -t $S Tab Tab
wait_for "strike"
tmux send-keys -t $S C-u "quit" Enter
wait_for "events recorded"
tmux capture-pane -p -t $S | sed 's/ *$//' | grep -v '^$'
