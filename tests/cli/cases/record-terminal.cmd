# record at a prompt on a real terminal (tmux): the prompt shows the turn and phase, an
# illegal action is refused on screen, and the file holds exactly the accepted entries
S=sl-rec-$$
cp tests/cli/data/example.sil $TMP/g.sil
cd $TMP && tmux new-session -d -s $S -x 160 -y 30 "$SILLAGE record g.sil; sleep 30" || exit 9
trap 'tmux kill-session -t $S 2>/dev/null' EXIT
wait_for() { for i in $(seq 1 50); do tmux capture-pane -p -t $S | grep -qF "$1" && return 0; sleep 0.1; done; echo "never saw: $1"; tmux capture-pane -p -t $S; exit 1; }
wait_for "sail turn 1, movement>"
tmux send-keys -t $S "gb: move ship=hms_lark steps=A,A,A,A,A,A" Enter
wait_for "only 0 are left"
tmux send-keys -t $S "phase 3" Enter
wait_for "sail turn 1, fire>"
tmux send-keys -t $S "quit" Enter
wait_for "entries, 8 events recorded"
tmux capture-pane -p -t $S | grep -E "^sail |sillage:|recorded" | sed 's/ *$//'
tail -2 g.sil | cut -c1-16
