# issues 14.2 and 14.5: on a terminal the recorder edits lines with libedit: Tab completes
# header words, event names, field names and values the log holds, Up brings back the last
# line; the header reaches the disk as soon as it names the game, before any event
S=sl-edit-$$
cd $TMP && tmux new-session -d -s $S -x 160 -y 40 "$SILLAGE record g.sil; sleep 30" || exit 9
trap 'tmux kill-session -t $S 2>/dev/null' EXIT
wait_for() { for i in $(seq 1 50); do tmux capture-pane -p -t $S | grep -qF -- "$1" && return 0; sleep 0.1; done; echo "never saw: $1"; tmux capture-pane -p -t $S; exit 1; }
wait_for "header>"
tmux send-keys -t $S "sil 1" Enter
wait_for "header> sil 1"
tmux send-keys -t $S "gam" Tab "sail 1" Enter
wait_for "sail setup>"
$SILLAGE info g.sil | head -2 | cut -c1-30
tmux send-keys -t $S 'player fr "France"' Enter
wait_for 'sail setup> player fr "France"'
tmux send-keys -t $S "ma" Tab "co" Tab "3 ro" Tab "3" Enter
wait_for "A map of 3 x 3"
tmux send-keys -t $S 'ship id=vif name="Vif" class=cutter side=fr at=2,1 fac' Tab "S mp=5 dr" Tab "sh" Tab " hull=2" Enter
wait_for "Vif (cutter"
tmux send-keys -t $S "turn 1" Enter
wait_for "sail turn 1, wind>"
tmux send-keys -t $S "phase 2" Enter
wait_for "sail turn 1, movement>"
tmux send-keys -t $S "fr: mo" Tab "sh" Tab "v" Tab "steps=A,A,A,A,A,A,A,A" Enter
wait_for "would leave the map"
tmux send-keys -t $S Up BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace Enter
wait_for "#3 Vif"
tmux send-keys -t $S "quit" Enter
wait_for "events recorded"
tmux capture-pane -p -t $S | grep -E "^sail |^header|sillage:|^#" | sed 's/ *$//'
tail -1 g.sil
