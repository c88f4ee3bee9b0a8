-- archive_dump.sql - every row of an archive of docs/batch.md, each game known by its digest
-- (not its id, which is the order games came in): two archives of the same games dump the same
SELECT 'games', digest, file, game, rules, title, date, turns, events, winner, result, over, leader
  FROM games ORDER BY digest;
SELECT 'players', g.digest, p.seat, p.player, p.name, p.colour, p.won, p.leads
  FROM players p JOIN games g ON g.id = p.game_id ORDER BY g.digest, p.seat;
SELECT 'metrics', g.digest, m.player, m.metric, m.unit, m.kind, m.value
  FROM metrics m JOIN games g ON g.id = m.game_id ORDER BY g.digest, m.player, m.metric;
SELECT 'turns', g.digest, t.turn, t.player, t.metric, t.value
  FROM turns t JOIN games g ON g.id = t.game_id ORDER BY g.digest, t.turn, t.player, t.metric;
SELECT 'luck', g.digest, l.side, l.kind, l.rolls, l.dice, l.chi2, l.df, l.p, l.scored, l.score, l.expected, l.z
  FROM luck l JOIN games g ON g.id = l.game_id ORDER BY g.digest, l.side, l.kind;
SELECT 'errors', file, message FROM errors ORDER BY file;
