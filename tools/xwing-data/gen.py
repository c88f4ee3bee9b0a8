#!/usr/bin/env python3
"""gen.py - derive src/games/xwing/xwing_catalog_data.inc from the committed
copies of xwing-data2 (data/xwing-data2/2.0 and 2.5, made by strip.py).

    python3 tools/xwing-data/gen.py            # writes the .inc
    python3 tools/xwing-data/gen.py --check    # exit 1 if the .inc is stale

Every ship of every faction, every pilot and every upgrade of either point
system is kept: the union of both sets, keyed by XWS id, with the 2.0 cost
(-1 where the card was not in 2.0) and the 2.5 cost and loadout (-1 where it
is not in 2.5). Stats, dials and actions come from the 2.5 files where the
card is in both. The first ids of the pilot and upgrade tables are the ones
the module had before (rules version 1), in their old order, so the indexes
an old state holds keep their meaning.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "data", "xwing-data2")
OUT = os.path.join(ROOT, "src", "games", "xwing", "xwing_catalog_data.inc")

LEGACY_PILOTS = ["redsquadronveteran", "bluesquadronescort", "cavernangelszealot",
                 "goldsquadronveteran", "graysquadronbomber", "blacksquadronace",
                 "obsidiansquadronpilot", "academypilot", "stormsquadronace",
                 "tempestsquadronpilot", "squadsevenveteran", "104thbattalionpilot",
                 "outerrimsmuggler"]
LEGACY_UPGRADES = ["ioncannonturret", "advancedsensors"]
# The C enums of xwing.h, in order: a name the data uses and this list lacks
# is an error, so a new kind of card is seen and decided on.
ACTIONS = ["Focus", "Evade", "Lock", "Barrel Roll", "Boost", "Rotate Arc", "Reload", "Cloak",
           "SLAM", "Coordinate", "Jam", "Calculate", "Reinforce"]
SLOTS = ["Astromech", "Cannon", "Cargo", "Command", "Configuration", "Crew", "Device",
         "Force Power", "Gunner", "Hardpoint", "Hyperdrive", "Illicit", "Missile",
         "Modification", "Sensor", "Tactical Relay", "Talent", "Team", "Tech", "Title",
         "Torpedo", "Turret"]
ARCS = ["Front Arc", "Rear Arc", "Left Arc", "Right Arc", "Single Turret Arc",
        "Double Turret Arc", "Full Front Arc", "Bullseye Arc"]
COLOURS = {"Blue": 0, "White": 1, "Red": 2, "Purple": 3}
SIZES = {"Small": 0, "Medium": 1, "Large": 2, "Huge": 3}
FACTIONS = ["rebelalliance", "galacticempire", "scumandvillainy", "resistance", "firstorder",
            "galacticrepublic", "separatistalliance"]


def ident(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def cstr(s):
    if s is None:
        return "NULL"
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load(variant):
    base = os.path.join(DATA, variant)
    ships, upgrades = [], []
    for root, _, files in os.walk(os.path.join(base, "pilots")):
        for f in sorted(files):
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                d = json.load(fh)
            d["faction"] = ident(d["faction"])   # a few files spell it out
            ships.append(d)
    for f in sorted(os.listdir(os.path.join(base, "upgrades"))):
        with open(os.path.join(base, "upgrades", f), encoding="utf-8") as fh:
            upgrades.extend(json.load(fh))
    return ships, upgrades


def action(a):
    t = a["type"]
    if t not in ACTIONS:
        sys.exit("gen.py: action %r is not in ACTIONS" % t)
    link = a.get("linked")
    lt = ACTIONS.index(link["type"]) if link else -1
    lc = COLOURS[link["difficulty"]] if link else 0
    return "{%d, %d, %d, %d}" % (ACTIONS.index(t), COLOURS[a["difficulty"]], lt, lc)


def actions(lst):
    lst = lst[:8]
    return "%d, {%s}" % (len(lst), ", ".join(action(a) for a in lst) or "{0, 0, 0, 0}")


def ship_row(d):
    stats = d["stats"]
    arcs = [(ARCS.index(s["arc"]), s["value"]) for s in stats if s["type"] == "attack"]
    stat = {s["type"]: s["value"] for s in stats if s["type"] != "attack"}
    val = dict(arcs)
    front = val.get(0, val.get(6, 0))
    turret = 2 if 5 in val else 1 if 4 in val else 0
    if not front and turret:
        front = val.get(5, val.get(4, 0))
    rear = val.get(1, 0)
    arcs = arcs[:4]
    return ("{%s, %s, %s, %d, %d, %d, %d, %d, %d, %d, %d, %d, {%s}, %s, %s, %d}" % (
        cstr(d["xws"]), cstr(d["name"]), cstr(d["faction"]), SIZES[d["size"]],
        front, rear, turret, stat.get("agility", 0), stat.get("hull", 0),
        stat.get("shields", 0), stat.get("energy", 0), len(arcs),
        ", ".join("{%d, %d}" % a for a in arcs) or "{0, 0}", actions(d["actions"]),
        cstr(" ".join(d.get("dial", []))), 1 if d["xws"] == "tieadvancedx1" else 0))


def slot_list(slots):
    for s in slots:
        if s not in SLOTS:
            sys.exit("gen.py: slot %r is not in SLOTS" % s)
    return [SLOTS.index(s) for s in slots]


def restrictions(lst):
    """AND of clauses, each kind=alternatives: F faction, S size, H ship,
    K keyword, A action (type:colour), C arc, E equipped slot, N name,
    B ship ability, O force side, Z standardized, L non-limited pilot."""
    out, solitary = [], 0
    for r in lst:
        clause = []
        for k, v in sorted(r.items()):
            if k == "factions":
                clause.append("F=" + "|".join(ident(x) for x in v))
            elif k == "sizes":
                clause.append("S=" + "|".join(str(SIZES[x]) for x in v))
            elif k == "ships":
                clause.append("H=" + "|".join(v))
            elif k == "keywords":
                clause.append("K=" + "|".join(ident(x) for x in v))
            elif k == "action":
                c = v.get("difficulty")
                clause.append("A=%d%s" % (ACTIONS.index(v["type"]),
                                          ":%d" % COLOURS[c] if c else ""))
            elif k == "arcs":
                clause.append("C=" + "|".join(str(ARCS.index(x)) for x in v))
            elif k == "equipped":
                clause.append("E=" + "|".join(str(SLOTS.index(x)) for x in v))
            elif k == "names":
                clause.append("N=" + "|".join(ident(x) for x in v))
            elif k == "shipAbility":
                clause.append("B=" + "|".join(ident(x) for x in v))
            elif k == "force_side":
                clause.append("O=" + "|".join(v))
            elif k == "standardized":
                clause.append("Z=1")
            elif k == "non-limited":
                clause.append("L=%d" % (1 if v else 0))
            elif k == "solitary":
                solitary = 1
            else:
                sys.exit("gen.py: restriction %r unknown" % k)
        if clause:
            out.append(",".join(clause))
    return ";".join(out) or None, solitary


def cost_of(u):
    """(base, variable): the base cost or -1, and 'kind:v0,v1,..' for a cost
    that depends on the ship (i initiative 0-6, a agility 0-3, z size S,M,L)."""
    if u is None or "cost" not in u:
        return -1, None
    c = u["cost"]
    if "value" in c:   # "?": a card whose cost was never published
        return (c["value"] if isinstance(c["value"], int) else -1), None
    v = c["values"]
    if c["variable"] == "size":
        keys, kind = ["Small", "Medium", "Large"], "z"
    elif c["variable"] == "agility":
        keys, kind = [str(i) for i in range(4)], "a"
    else:
        keys, kind = [str(i) for i in range(7)], "i"
    return -2, kind + ":" + ",".join(str(v.get(k, -1)) for k in keys)


def grants(side):
    out = []
    for g in side.get("grants", []):
        t, v = g["type"], g.get("value")
        if t == "action":
            out.append("a=%d:%d" % (ACTIONS.index(v["type"]), COLOURS[v["difficulty"]]))
        elif t == "stat":
            out.append("s=%s:%d" % (v, g.get("amount", 1)))
        elif t == "slot":
            name = next((s for s in SLOTS if s.lower() == v.lower()), None)
            out.append("l=%d:%d" % (SLOTS.index(name), g.get("amount", 1)))
        elif t == "force":
            out.append("o=" + "|".join(v["side"]))
        elif t == "arc":
            out.append("c=%d" % ARCS.index(v))
    return ";".join(out) or None


def charges(obj, key):
    c = obj.get(key)
    return (c["value"], c.get("recovers", 0)) if c else (0, 0)


def upgrade_row(u20, u25):
    u = u25 or u20
    side = u["sides"][0]
    slots = slot_list(side["slots"])[:3]
    kind = SLOTS.index(side["type"]) if side["type"] in SLOTS else slot_list([side["type"]])[0]
    c20, v20 = cost_of(u20)
    c25, v25 = cost_of(u25)
    res, sol = restrictions(u.get("restrictions", []))
    ch, chr_ = charges(side, "charges")
    fo, _ = charges(side, "force")
    at = side.get("attack")
    req = sum({"lock": 1, "focus": 2, "calculate": 4}.get(r, 0) for r in
              (at or {}).get("requires", []))
    atk = ("%d, %d, %d, %d, %d, %d" % (at["value"], at["minrange"], at["maxrange"],
                                       ARCS.index(at["arc"]), 1 if at.get("ordnance") else 0,
                                       req)
           if at else "0, 0, 0, 0, 0, 0")
    dev = side.get("device", {}).get("type")
    return ("{%s, %s, %d, %d, {%s}, %d, %d, %d, %s, %s, %s, %d, %d, %d, %d, %s, %s, %s, %s, %d}" % (
        cstr(u["xws"]), cstr(u["name"]), kind, len(slots),
        ", ".join(str(s) for s in slots) or "0", u.get("limited", 0), c20, c25, cstr(v20),
        cstr(v25), cstr(res), sol, ch, chr_, fo, atk.replace(", ", ", ", 4), cstr(grants(side)),
        actions(side.get("actions", [])), cstr(dev), len(u["sides"])))


def pilot_row(p20, p25, types):
    p = p25 or p20
    t = types[(p["_faction"], p["_ship"])]
    slots = slot_list(p.get("slots", []))
    slots20 = slot_list(p20.get("slots", [])) if p20 else slots
    ch, chr_ = charges(p, "charges")
    fo, for_ = charges(p, "force")
    ab = p.get("shipAbility", {}).get("name")
    kw = ",".join(ident(k) for k in p.get("keywords", [])) or None
    std = ",".join(p.get("standardLoadout", [])) or None
    return ("{%s, %s, %d, %d, %d, %d, %d, %d, %d, %d, {%s}, %d, {%s}, %d, %d, %d, %d, %s, %s, %s, %s}" % (
        cstr(p["xws"]), cstr(p["name"]), t, p["initiative"], p.get("engagement", -1),
        p.get("limited", 0), p20.get("cost", -1) if p20 else -1,
        p25.get("cost", -1) if p25 else -1, p25.get("loadout", -1) if p25 else -1,
        len(slots), ", ".join(str(s) for s in slots) or "0",
        len(slots20), ", ".join(str(s) for s in slots20) or "0", ch, chr_, fo, for_, cstr(ab),
        cstr(kw), cstr(std), actions(p["shipActions"]) if "shipActions" in p else "0, {{0, 0, 0, 0}}"))


def union(a, b, key, legacy):
    """Rows of both lists by key: legacy ids first, then the rest sorted."""
    ka = {key(x): x for x in a}
    kb = {key(x): x for x in b}
    keys = [k for k in legacy] + sorted((set(ka) | set(kb)) - set(legacy))
    return [(k, ka.get(k), kb.get(k)) for k in keys]


def build():
    s20, u20 = load("2.0")
    s25, u25 = load("2.5")
    pilots = {"2.0": [], "2.5": []}
    types, type_rows = {}, []
    for variant, ships in (("2.0", s20), ("2.5", s25)):
        for d in ships:
            for p in d["pilots"]:
                p["_faction"], p["_ship"] = d["faction"], d["xws"]
                pilots[variant].append(p)
    by_type = {}
    for d in s20 + s25:   # 2.5 last: it wins
        by_type[(d["faction"], d["xws"])] = d
    legacy_types = [("rebelalliance", "t65xwing"), ("rebelalliance", "btla4ywing"),
                    ("galacticempire", "tielnfighter"), ("galacticempire", "tieadvancedx1"),
                    ("galacticrepublic", "arc170starfighter"),
                    ("rebelalliance", "modifiedyt1300lightfreighter")]
    order = legacy_types + sorted(set(by_type) - set(legacy_types),
                                  key=lambda k: (FACTIONS.index(k[0]), k[1]))
    for k in order:
        types[k] = len(type_rows)
        type_rows.append(ship_row(by_type[k]))
    prow = []
    for k, a, b in union(pilots["2.0"], pilots["2.5"], lambda p: p["xws"], LEGACY_PILOTS):
        prow.append((k, pilot_row(a, b, types)))
    urow = []
    for k, a, b in union(u20, u25, lambda u: u["xws"], LEGACY_UPGRADES):
        urow.append((k, upgrade_row(a, b)))
    src = {}
    for v in ("2.0", "2.5"):
        with open(os.path.join(DATA, v, "source.json")) as fh:
            src[v] = json.load(fh)["commit"]
    lines = ["/* xwing_catalog_data.inc - generated by tools/xwing-data/gen.py from",
             " * data/xwing-data2 (xwing-data2, MIT: data/xwing-data2/LICENSE):",
             " * 2.0 at %s, 2.5 at %s." % (src["2.0"], src["2.5"]),
             " * Do not edit: change the data or the script and run it again. */", "",
             "const xw_ship_type xw_ship_types[] = {"]
    lines += ["\t" + r + "," for r in type_rows]
    lines += ["};", "const int xw_nship_types = %d;" % len(type_rows), "",
              "const xw_pilot xw_pilots[] = {"]
    lines += ["\t" + r + "," for _, r in prow]
    lines += ["};", "const int xw_npilots = %d;" % len(prow), "",
              "const xw_upgrade_def xw_upgrades[] = {"]
    lines += ["\t" + r + "," for _, r in urow]
    lines += ["};", "const int xw_nupgrades = %d;" % len(urow), "",
              "const char *const xw_pilot_ids[] = {"]
    lines += ["\t%s," % cstr(k) for k, _ in prow] + ["\tNULL", "};"]
    lines += ["const char *const xw_upgrade_ids[] = {"]
    lines += ["\t%s," % cstr(k) for k, _ in urow] + ["\tNULL", "};"]
    dup = {k for k, _ in prow if [x for x, _ in prow].count(k) > 1}
    if dup:
        sys.exit("gen.py: pilot ids twice: %s" % sorted(dup))
    return "\n".join(lines) + "\n"


def main():
    text = build()
    if "--check" in sys.argv:
        with open(OUT, encoding="utf-8") as fh:
            if fh.read() != text:
                sys.exit("gen.py: %s is stale: run python3 tools/xwing-data/gen.py" % OUT)
        return
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write(text)
    print("wrote %s" % OUT)


if __name__ == "__main__":
    main()
