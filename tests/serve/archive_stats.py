#!/usr/bin/env python3
# archive_stats.py - the club's statistics (GET /api/stats) against the same
# figures summed here, row by row in Python, from an archive `sillage batch
# --sqlite` wrote over the same finished journals: per player won, lost,
# drawn and closed; per game kind over and closed; per game kind, side and
# kind of roll the rolls, outcomes got and expected, above, and the luck
# percentile (Stouffer's z of the games, its normal percentile); each
# metric's average. Prints what it compared; exit 1 at the first difference.
# usage: python3 archive_stats.py BATCH.sqlite STATS.json
import json
import math
import sqlite3
import sys
from collections import defaultdict

db = sqlite3.connect(sys.argv[1])
st = json.load(open(sys.argv[2]))
bad = []


def same(what, got, want):
    if want is None or got is None:
        if got != want:
            bad.append("%s: %r, batch's %r" % (what, got, want))
    elif abs(float(got) - float(want)) > 1e-9 * max(1.0, abs(float(want))):
        bad.append("%s: %r, batch's %r" % (what, got, want))


games = {gid: (game, winner, over) for gid, game, winner, over in db.execute("SELECT id, game, winner, over FROM games")}
seats = defaultdict(list)
for gid, player, won in db.execute("SELECT game_id, player, won FROM players"):
    seats[gid].append((player, won))
players = defaultdict(lambda: defaultdict(int))
kinds = defaultdict(lambda: defaultdict(int))
for gid, (game, winner, over) in games.items():
    kinds[game]["games"] += 1
    kinds[game]["over" if over == 1 else "closed"] += 1
    for player, won in seats[gid]:
        p = players[player]
        p["games"] += 1
        if over != 1:
            p["closed"] += 1
        elif won:
            p["won"] += 1
        elif winner is not None or len(seats[gid]) == 1:
            p["lost"] += 1
        else:
            p["drawn"] += 1
for pid, want in players.items():
    got = st["players"].get(pid)
    if not got:
        bad.append("player %s missing" % pid)
        continue
    for f in ("won", "lost", "drawn", "closed"):
        same("%s %s" % (pid, f), got[f], want[f])
    same("%s games" % pid, got["games"] - got["open"], want["games"])
for game, want in kinds.items():
    for f in ("over", "closed"):
        same("%s %s" % (game, f), st["kinds"][game][f], want[f])
same("archived", st["archived"], len(games))

luck = defaultdict(lambda: {"games": 0, "rolls": 0, "dice": 0, "score": None, "expected": None, "z": []})
for gid, side, kind, rolls, dice, score, expected, z in db.execute(
        "SELECT game_id, side, kind, rolls, dice, score, expected, z FROM luck"):
    r = luck[(games[gid][0], side, kind)]
    r["games"] += 1
    r["rolls"] += rolls
    r["dice"] += dice
    if score is not None:
        r["score"] = (r["score"] or 0) + score
    if expected is not None:
        r["expected"] = (r["expected"] or 0) + expected
    if z is not None:
        r["z"].append(z)
rows = {(r["game"], r["side"], r["kind"]): r for r in st["luck"]}
if set(rows) != set(luck):
    bad.append("luck rows: %s, batch's %s" % (sorted(rows), sorted(luck)))
for key, want in luck.items():
    got = rows.get(key)
    if not got:
        continue
    what = "/".join(key)
    for f in ("games", "rolls", "dice"):
        same(what + " " + f, got[f], want[f])
    same(what + " actual", got["actual"], want["score"])
    same(what + " expected", got["expected"], want["expected"])
    above = None if want["score"] is None or want["expected"] is None else want["score"] - want["expected"]
    same(what + " above", got["above"], above)
    zs = want["z"]
    pct = None if not zs else 100.0 * 0.5 * (1.0 + math.erf(sum(zs) / math.sqrt(len(zs)) / math.sqrt(2.0)))
    same(what + " percentile", got["percentile"], pct)

metrics = defaultdict(list)
for gid, player, metric, value in db.execute("SELECT game_id, player, metric, value FROM metrics"):
    metrics[(games[gid][0], player, metric)].append(value)
mrows = {(r["game"], r["player"], r["metric"]): r for r in st["metrics"]}
if set(mrows) != set(metrics):
    bad.append("metric rows differ: %d, batch's %d" % (len(mrows), len(metrics)))
for key, values in metrics.items():
    got = mrows.get(key)
    if not got:
        continue
    v = [x for x in values if x is not None]
    same("/".join(key) + " games", got["games"], len(v))
    same("/".join(key) + " average", got["average"], sum(v) / len(v) if v else None)

if bad:
    print("\n".join(bad[:10]))
    sys.exit(1)
print("%d players, %d kinds, %d luck rows, %d metric rows" % (len(players), len(kinds), len(luck), len(metrics)))
