#!/usr/bin/env python3
"""make_samples.py - writes the xwing sample games from their scripts.

A script says what each player decides: the dials, the actions, who attacks
whom with what. The dice are rolled here from a seeded generator, as a player
rolls them at the table, and counted the way the rules count them: the script
asks `sillage verify` (the rules) how many dice a shot rolls and how many
faceup cards it deals, the way a player counts range and arcs on the mat.
Commitments use BLAKE2b-256 (hashlib) as formats/commit.md specifies; the
salts of these samples are derived from the sample's name, so they are not
secret. Usage (from the repository root, after `make`):

    python3 samples/xwing/make_samples.py build/sillage
"""
import hashlib
import math
import json
import os
import random
import re
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/sillage"
VERBOSE = os.environ.get("VERBOSE")
INIT = {"graysquadronbomber": 2, "goldsquadronveteran": 3, "redsquadronveteran": 3,
        "bluesquadronescort": 2, "blacksquadronace": 3, "obsidiansquadronpilot": 2,
        "academypilot": 1, "stormsquadronace": 3, "tempestsquadronpilot": 2,
        "squadsevenveteran": 3, "104thbattalionpilot": 2, "outerrimsmuggler": 1,
        "cavernangelszealot": 1}
ATK = ["hit"] * 3 + ["crit"] + ["focus"] * 2 + ["blank"] * 2
DEF = ["evade"] * 3 + ["focus"] * 2 + ["blank"] * 3
DAMAGE = ["blindedpilot", "consolefire", "damagedengine", "damagedsensorarray",
          "disabledpowerregulator", "fuelleak", "hullbreach", "loosestabilizer",
          "panickedpilot", "structuraldamage", "stunnedpilot", "woundedpilot",
          "weaponsfailure", "directhit"]


def commit(salt, code):
    msg = b"sillage-commit-1\0" + b"xwing-dial\0" + salt + code.encode()
    return hashlib.blake2b(msg, digest_size=32).hexdigest()


class Game:
    def __init__(self, name, header, seed):
        self.name = name
        self.lines = list(header)
        self.rng = random.Random(seed)
        self.ships = []          # (id, side, pilot)
        self.round = 0
        self.salts = {}
        self.tmp = tempfile.mkdtemp(prefix="xwsample")

    def path(self):
        return os.path.join(self.tmp, self.name + ".sil")

    def check(self, extra=None):
        """None if the log (plus extra lines) replays, else the error."""
        with open(self.path(), "w") as f:
            f.write("\n".join(self.lines + (extra or [])) + "\n")
        p = subprocess.run([BIN, "verify", "--quiet", self.path()], capture_output=True, text=True)
        return None if p.returncode == 0 else p.stderr.strip()

    def add(self, line, must=True):
        err = self.check([line])
        if err is None:
            self.lines.append(line)
            return True
        if must:
            raise SystemExit("%s: refused: %s\n  %s" % (self.name, line, err))
        if VERBOSE:
            print("  (skipped: %s -> %s)" % (line, err.split(": ", 3)[-1]))
        return False

    def state(self):
        self.check()
        p = subprocess.run([BIN, "state", "--json", self.path()], capture_output=True, text=True)
        return json.loads(p.stdout)["state"]

    def ship(self, sid, pilot, side, x, y, h, upgrades=None):
        self.ships.append((sid, side, pilot))
        line = "ship id=%s pilot=%s side=%s x=%d y=%d heading=%d" % (sid, pilot, side, x, y, h)
        if upgrades:
            line += " upgrades=" + upgrades
        self.add(line)

    def comment(self, text):
        for t in text.split("\n"):
            self.lines.append("# " + t)

    def order(self, st):
        alive = [s for s in st["ships"] if s["status"] == "in play"]
        first = self.ships[0][1]
        return sorted(alive, key=lambda s: (s["initiative"], s["side"] != first,
                                            [x[0] for x in self.ships].index(s["id"])))

    def play_round(self, dials, system=(), actions=None, attacks=(), notes=None):
        """dials: ship -> code; system: effect lines; actions: ship -> list of
        action field strings; attacks: (ship, target, weapon) in the order tried."""
        actions = actions or {}
        notes = notes or {}
        self.round += 1
        self.lines.append("")
        if self.round in notes.get("_round", {}):
            self.comment(notes["_round"][self.round])
        self.add("turn %d" % self.round)
        st = self.state()
        side_of = {s[0]: s[1] for s in self.ships}
        for s in st["ships"]:
            if s["status"] != "in play":
                continue
            sid = s["id"]
            code = dials.get(sid) or choose(self, st, sid, self.rng)
            salt = hashlib.blake2b(("%s/%d/%s" % (self.name, self.round, sid)).encode(),
                                   digest_size=16).digest()
            self.salts[sid] = (salt, code)
            self.add('%s: dial ship=%s commit="%s"' % (side_of[sid], sid, commit(salt, code)))
        self.add("phase 2")
        lines = []
        for item in system:
            lines += item(self, self.state()) if callable(item) else [item]
        for line in lines:
            if "delta=-ALL" in line:
                sid = re.search(r"ship=(\S+)", line).group(1)
                n = {x["id"]: x for x in self.state()["ships"]}[sid]["ion"]
                if not n:
                    continue
                line = line.replace("delta=-ALL", "delta=-%d" % n)
            self.add(line, must=False)
        self.add("phase 3")
        for s in self.order(self.state()):
            sid = s["id"]
            side = side_of[sid]
            cur = {x["id"]: x for x in self.state()["ships"]}[sid]
            if cur["status"] != "in play":
                continue
            salt, code = self.salts[sid]
            for a in actions.get(sid + ":sensors", []):
                pass
            if cur["dial"].startswith("face down on its card") and cur["ionized"]:
                move = "%s: move ship=%s maneuver=1FB" % (side, sid)
            else:
                self.add("%s: reveal ship=%s dial=%s salt=%s" % (side, sid, code, salt.hex()))
                for a in actions.get(sid + ":sensors", []):
                    self.add("%s: action ship=%s action=%s sensors=1" % (side, sid, a), must=False)
                move = "%s: move ship=%s" % (side, sid)
            self.move(move)
            acts = list(actions.get(sid, []))
            if "AUTO" in acts:
                acts.remove("AUTO")
                now = {x["id"]: x for x in self.state()["ships"]}
                me = now[sid]
                foes = [f for f in now.values() if f["side"] != me["side"] and f["status"] == "in play"]
                if foes and me["pilot"] in ("graysquadronbomber", "goldsquadronveteran",
                                            "outerrimsmuggler"):
                    near = min(foes, key=lambda f: math.hypot(f["x"] - me["x"], f["y"] - me["y"]))
                    q = quadrant(me, near)
                    if q != me["turret"]:
                        acts.insert(0, "?rotate arc=" + q)
                if foes:
                    near = min(foes, key=lambda f: math.hypot(f["x"] - me["x"], f["y"] - me["y"]))
                    acts.append("?lock target=" + near["id"])
                acts.append("?focus")
            for a in acts:
                must = not a.startswith("?")
                self.add("%s: action ship=%s action=%s" % (side, sid, a.lstrip("?")), must=must)
        self.add("phase 4")
        self.engaged = set()
        for (a, t, w) in attacks:
            self.attack(side_of[a], a, t, w)
        self.add("phase 5")

    def move(self, line):
        err = self.check([line])
        if err and "dice= needs" in err:
            n = int(re.search(r"needs (\d+) attack", err).group(1))
            line += " dice=" + ",".join(self.rng.choice(ATK) for _ in range(n))
            err = self.check([line])
        if err and "faceup damage" in err:
            n = int(re.search(r"(\d+) faceup damage", err).group(1))
            line += " crits=" + ",".join(self.rng.choice(DAMAGE) for _ in range(n))
        self.add(line)

    def attack(self, side, a, t, w):
        st = {x["id"]: x for x in self.state()["ships"]}
        if st[a].get("engaged_done") or a in self.engaged:
            return
        if st[a]["status"] == "destroyed" and False:
            return
        base = "%s: attack ship=%s target=%s weapon=%s" % (side, a, t, w)
        err = self.check([base + " atk=blank def=blank"])
        m = re.search(r"rolls (\d+) attack", err or "")
        if not m:
            if err and "defence" in err:
                natk = 1
            else:
                if VERBOSE:
                    print("  (no shot: %s -> %s)" % (base, (err or "ok").split(": ", 3)[-1]))
                return
        else:
            natk = int(m.group(1))
        atk = [self.rng.choice(ATK) for _ in range(natk)]
        fields = " atk=" + ",".join(atk)
        spend = []
        if st[a]["lock"] == t and "blank" in atk:
            idx = [str(i + 1) for i, f in enumerate(atk) if f == "blank"]
            fields += " reroll=" + ",".join(idx) + " rerolled=" + ",".join(
                self.rng.choice(ATK) for _ in idx)
            spend.append("lock")
        if st[a]["focus"] > 0 and "focus" in atk:
            spend.append("focus")
        if spend:
            fields += " aspend=" + ",".join(spend)
        err = self.check([base + fields + " def=blank"])
        m = re.search(r"rolls (\d+) defence", err or "")
        ndef = int(m.group(1)) if m else 1
        dfc = [self.rng.choice(DEF) for _ in range(ndef)]
        if ndef:
            fields += " def=" + ",".join(dfc)
        ds = []
        if st[t]["focus"] > 0 and "focus" in dfc:
            ds.append("focus")
        if st[t]["evade"] > 0:
            ds.append("evade")
        if ds:
            fields += " dspend=" + ",".join(ds)
        err = self.check([base + fields])
        if err and "faceup damage" in err:
            n = int(re.search(r"(\d+) faceup damage", err).group(1))
            fields += " crits=" + ",".join(self.rng.choice(DAMAGE) for _ in range(n))
        if self.add(base + fields, must=False):
            self.engaged.add(a)

    def write(self, out):
        with open(out, "w") as f:
            f.write("\n".join(self.lines) + "\n")
        subprocess.run([BIN, "convert", "--seal", "-o", out, out], check=True,
                       capture_output=True)


HERE = os.path.dirname(os.path.abspath(__file__))


ALL = ("gold", "red", "black", "storm")

# The dials and base sizes of the catalog (src/games/xwing/xwing_catalog.c).
DIALS = {
    "graysquadronbomber": "1BB 1FB 1NB 2TW 2BW 2FB 2NW 2YW 3TR 3BW 3FW 3NW 3YR 4FR 4KR",
    "goldsquadronveteran": "1BB 1FB 1NB 2TW 2BW 2FB 2NW 2YW 3TR 3BW 3FW 3NW 3YR 4FR 4KR",
    "redsquadronveteran": "1BB 1FB 1NB 2TW 2BB 2FB 2NB 2YW 3ER 3TW 3BW 3FW 3NW 3YW 3RR 4FW 4KR",
    "blacksquadronace": "1TW 1YW 2TW 2BB 2FB 2NB 2YW 3TW 3BW 3FB 3NW 3YW 3KR 4FW 4KR 5FW",
    "stormsquadronace": "1BB 1FW 1NB 2TW 2BB 2FB 2NB 2YW 3ER 3TW 3BW 3FB 3NW 3YW 3RR 4FW 4KR 5FW",
    "squadsevenveteran": "1BB 1FB 1NB 2TW 2BB 2FB 2NB 2YW 3TR 3BW 3FW 3NW 3YR 4FR 4KR",
    "outerrimsmuggler": "1BW 1FB 1NW 2TW 2BB 2FB 2NB 2YW 3LR 3TW 3BW 3FB 3NW 3YW 3PR 4FW 4KR",
}
BASE = {"squadsevenveteran": 60.0, "outerrimsmuggler": 80.0}
BANK = [80.0, 130.0, 180.0]
TURN = [35.0, 62.5, 90.0]


def end_pose(x, y, h, code, L):
    """Where a maneuver ends (mm, degrees), the formulas of formats/xwing.md."""
    s, b = int(code[0]), code[1]
    def arc(R, th, side):
        t = math.radians(th)
        return side * (R * (1 - math.cos(t)) + L / 2 * math.sin(t)), \
            L / 2 + R * math.sin(t) + L / 2 * math.cos(t), side * th
    if b in "FK":
        dx, dy, dh = 0, L + 40 * s, 180 if b == "K" else 0
    elif b in "BN":
        dx, dy, dh = arc(BANK[s - 1], 45, -1 if b == "B" else 1)
    elif b in "TY":
        dx, dy, dh = arc(TURN[s - 1], 90, -1 if b == "T" else 1)
    elif b in "LP":
        dx, dy, dh = arc(BANK[s - 1], 45, -1 if b == "L" else 1)
        dh += 180 if dh > 0 else -180
    elif b in "ER":
        dx, dy, dh = arc(TURN[s - 1], 90, -1 if b == "E" else 1)
        dh += 90 if dh > 0 else -90
    else:
        dx, dy, dh = 0, 0, 0
    t = math.radians(h)
    return (x + dx * math.cos(t) + dy * math.sin(t), y - dx * math.sin(t) + dy * math.cos(t),
            (h + dh) % 360)


def choose(g, st, sid, rng):
    """A pilot's choice: toward the nearest enemy, ending with it ahead, on the mat."""
    ships = {x["id"]: x for x in st["ships"]}
    me = ships[sid]
    L = BASE.get(me["pilot"], 40.0)
    x, y, h = me["x"] / 100, me["y"] / 100, me["heading"] / 10
    foes = [s for s in st["ships"] if s["side"] != me["side"] and s["status"] == "in play"]
    best, pick = None, "2FB"
    for code in DIALS[me["pilot"]].split():
        if code[2] == "R" and me["stress"]:
            continue
        ex, ey, eh = end_pose(x, y, h, code, L)
        margin = min(ex, ey, 914.4 - ex, 914.4 - ey) - L
        score = -1e6 if margin < 30 else min(margin, 120) * 2
        for o in st["obstacles"]:
            if math.hypot(ex - o["x"] / 100, ey - o["y"] / 100) < o["r"] / 100 + L:
                score -= 400
        for o in st["ships"]:
            if o["id"] != sid and o["status"] == "in play":
                if math.hypot(o["x"] / 100 - ex, o["y"] / 100 - ey) < L + 45:
                    score -= 300     # a bump costs the action: keep clear
        if foes:
            f = min(foes, key=lambda f: math.hypot(f["x"] / 100 - ex, f["y"] / 100 - ey))
            fx, fy = f["x"] / 100, f["y"] / 100
            d = math.hypot(fx - ex, fy - ey)
            ang = math.degrees(math.atan2(fx - ex, fy - ey)) - eh
            ang = (ang + 180) % 360 - 180
            score += -abs(d - 190) * 0.5 - abs(ang) * 1.0
        score += rng.random() * 25 - (60 if code[2] == "R" else 0)
        if best is None or score > best:
            best, pick = score, code
    return pick


def quadrant(me, other):
    """The arc of `me` that holds the centre of `other`."""
    t = math.radians(me["heading"] / 10)
    vx, vy = other["x"] - me["x"], other["y"] - me["y"]
    fx, rx = vx * math.sin(t) + vy * math.cos(t), vx * math.cos(t) - vy * math.sin(t)
    if fx >= abs(rx):
        return "front"
    if -fx >= abs(rx):
        return "rear"
    return "right" if rx > 0 else "left"


SIDE = {"gold": 0, "red": 0, "black": 1, "storm": 1,
        "gold2": 0, "gold4": 0, "arc": 1, "hauler": 1}


def shots(order):
    """Every enemy pair in the order tried; the rules refuse what cannot fire."""
    out = []
    for a in order:
        for t in order:
            if SIDE[a] != SIDE[t]:
                for w in (("ioncannonturret", "primary") if a.startswith("gold") else
                          ("primary", "rear") if a == "arc" else ("primary",)):
                    out.append((a, t, w))
    return out


def ion_ambush(seed):
    g = Game("ion-ambush", [
        "sil 1", "game xwing 1", "title Ion ambush at the Varn relay", "date 2026-12-01",
        'player reb "Rebel Alliance" #c0392b', 'player imp "Galactic Empire" #2f6fd0',
        "meta scenario Ion ambush at the Varn relay: a Y-wing's ion turret against two TIEs",
        "meta designer sillage samples",
        "seed %d" % seed, ""], seed)
    g.add("obstacle id=relay kind=asteroid x=22000 y=47000 r=3500")
    g.add("obstacle id=shard kind=asteroid x=75000 y=42000 r=2500")
    g.add("obstacle id=haze kind=debris x=60000 y=66000 r=3000")
    g.ship("gold", "graysquadronbomber", "reb", 40000, 12000, 0, "ioncannonturret")
    g.ship("red", "redsquadronveteran", "reb", 52000, 10000, 0)
    g.ship("black", "blacksquadronace", "imp", 41000, 80000, 1800)
    g.ship("storm", "stormsquadronace", "imp", 53000, 82000, 1800, "advancedsensors")
    notes = {"_round": {
        1: "Both squadrons close in, head on.",
        2: "The Y-wing locks the TIE fighter and its ion turret looks for a shot at range 2.\n"
           "From here on the pilots steer for the nearest enemy; samples/xwing/README.md\n"
           "tells which rounds show which clause of the ionization rule."}}
    act = {k: ["?focus"] for k in ALL}
    g.play_round({"gold": "2FB", "red": "2FB", "black": "3FB", "storm": "3FB"},
                 actions=act, notes=notes)
    g.play_round({"gold": "1FB", "red": "2NB", "black": "2FB", "storm": "2BB"},
                 actions={"gold": ["?lock target=black"], "red": ["?focus"],
                          "black": ["?barrelroll dir=left"], "storm": ["?focus"]},
                 attacks=shots(["storm", "black", "red", "gold"]), notes=notes)
    auto = {k: ["AUTO"] for k in ALL}
    fire = shots(["storm", "black", "red", "gold"])

    def pulse(g, st):
        """After planning: ionize a ship that has a dial (storm if it can)."""
        for sid in ("storm", "black", "red", "gold"):
            s = {x["id"]: x for x in st["ships"]}[sid]
            if s["status"] == "in play" and not s["ionized"] and s["dial"] == "face down":
                return ['effect ship=%s token=ion delta=1 source="Ion pulse of the Varn relay"' % sid]
        return []

    def flush(g, st):
        """Before activation: clear the tokens of a ship ionized at planning."""
        if g.flushed:
            return []
        for s in st["ships"]:
            if s["status"] == "in play" and s["dial"].startswith("face down on its card"):
                g.flushed = True
                return ['effect ship=%s token=ion delta=-%d source="Emergency ion flush"'
                        % (s["id"], s["ion"])]
        return []

    g.flushed = False
    g.play_round({}, actions=auto, attacks=fire, notes=notes)
    g.play_round({}, system=[pulse], actions=auto, attacks=fire, notes=notes)
    for r in range(4):
        g.play_round({}, system=[flush] if r else [], actions=auto, attacks=fire, notes=notes)
    return g


def freighter_run(seed):
    g = Game("freighter-run", [
        "sil 1", "game xwing 1", "title The freighter run at Orrin Gap", "date 2026-12-01",
        'player gold "Gold Squadron" #e8590c', 'player run "Blockade runners" #2f6fd0',
        "meta scenario The freighter run at Orrin Gap: two ion-armed Y-wings try to stop a",
        "meta scenario2 light freighter (large base: 3 ion tokens) and its ARC-170 escort (medium: 2)",
        "meta designer sillage samples",
        "seed %d" % seed, ""], seed)
    g.add("obstacle id=gap1 kind=asteroid x=30000 y=52000 r=3000")
    g.add("obstacle id=gap2 kind=asteroid x=62000 y=50000 r=3200")
    g.add("obstacle id=wake kind=debris x=46000 y=30000 r=2800")
    g.ship("gold2", "goldsquadronveteran", "gold", 36000, 10000, 0, "ioncannonturret")
    g.ship("gold4", "graysquadronbomber", "gold", 56000, 10000, 0, "ioncannonturret")
    g.ship("hauler", "outerrimsmuggler", "run", 46000, 80000, 1800)
    g.ship("arc", "squadsevenveteran", "run", 62000, 82000, 1800)
    notes = {"_round": {1: "Two Y-wings of Gold Squadron meet the freighter and its escort.\n"
                           "samples/xwing/README.md tells which rounds show which clause."}}
    auto = {k: ["AUTO"] for k in ("gold2", "gold4", "hauler", "arc")}
    fire = shots(["gold2", "arc", "gold4", "hauler"])
    for r in range(7):
        g.play_round({}, actions=auto, attacks=fire, notes=notes)
    return g


def good_run(text):
    # the thresholds by size: a medium or large ship flies the ion maneuver
    return (("hauler skips Reveal Dial" in text or "arc skips Reveal Dial" in text)
            and "== Turn 7 begins" in text)


def log_of(g):
    g.check()
    return subprocess.run([BIN, "log", g.path()], capture_output=True, text=True).stdout


def good_ambush(text):
    # every case of seed 001: the ion maneuver flown twice or more, a ship
    # ionized after planning (the pulse), one that lost its tokens before
    # activating; four ships still flying in round 6
    return (text.count("skips Reveal Dial") >= 2 and "Ion pulse of the Varn relay" in text
            and "was ionized at planning but is no longer" in text
            and "== Turn 8 begins" in text)


if __name__ == "__main__":
    which = sys.argv[2:] or ["ion-ambush", "freighter-run"]
    if "ion-ambush" in which:
        # the first seed whose dice tell the whole story (the dice are the
        # table's; the rules are never bent)
        for seed in range(1001, 1400):
            g = ion_ambush(seed)
            text = log_of(g)
            print(seed, [k in text for k in ("skips Reveal Dial", "Ion pulse",
                "was ionized at planning but is no longer")], text.count("skips Reveal Dial"))
            if good_ambush(text):
                print("ion-ambush: seed", seed)
                g.write(os.path.join(HERE, "ion-ambush.sil"))
                break
        else:
            raise SystemExit("ion-ambush: no seed tells the story")
    if "freighter-run" in which:
        for seed in range(2001, 2400):
            g = freighter_run(seed)
            text = log_of(g)
            print(seed, "hauler skips Reveal Dial" in text, "arc skips Reveal Dial" in text)
            if good_run(text):
                print("freighter-run: seed", seed)
                g.write(os.path.join(HERE, "freighter-run.sil"))
                break
        else:
            raise SystemExit("freighter-run: no seed tells the story")
