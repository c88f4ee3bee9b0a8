#!/usr/bin/env python3
"""strip.py - copy the catalog files of an xwing-data2 tree into
data/xwing-data2/<variant>/, keeping names, numbers and ids only.

xwing-data2 (github.com/xwingtmg/xwing-data2, MIT, LICENSE beside the copies)
is the community data set behind the list builders. Its card text (abilities,
flavour text) and its image links are left out: a key is copied only if it is
on the lists below, so a key added upstream later is dropped until someone
decides it is a fact we want.

    python3 tools/xwing-data/strip.py SRC_TREE VARIANT COMMIT

SRC_TREE is a checkout (or `git archive`) of xwing-data2 at COMMIT; VARIANT is
2.0 or 2.5. The copies are written with sorted keys, one file per source file.
"""
import json
import os
import re
import sys

SHIP = ["name", "xws", "size", "faction", "stats", "actions", "dial", "dialCodes"]
PILOT = ["name", "xws", "initiative", "engagement", "limited", "cost", "loadout", "slots",
         "keywords", "charges", "force", "shipAbility", "shipActions", "shipStats",
         "standard", "extended", "epic", "hyperspace", "standardLoadout"]
UPGRADE = ["name", "xws", "limited", "cost", "restrictions", "standard", "extended", "epic",
           "hyperspace", "standardLoadoutOnly", "sides"]
SIDE = ["title", "type", "slots", "charges", "force", "grants", "attack", "actions", "device",
        "conditions", "shipAbility", "restrictions"]
NAMED = ["name", "type"]   # shipAbility, device: their names, never their text


def keep(obj, keys):
    return {k: obj[k] for k in keys if k in obj}


def named(obj):
    return keep(obj, NAMED) if isinstance(obj, dict) else obj


def strip_ship(d):
    out = keep(d, SHIP)
    pilots = []
    for p in d.get("pilots", []):
        q = keep(p, PILOT)
        if "shipAbility" in q:
            q["shipAbility"] = named(q["shipAbility"])
        pilots.append(q)
    out["pilots"] = pilots
    return out


def requirement(side):
    """The tokens an attack requires, the icons in "Attack ([Lock])": a fact
    of the card's attack, kept as attack.requires; the text itself is not."""
    m = re.match(r"\s*Attack\s*\(([^)]*)\)", side.get("ability", ""))
    return [w.lower() for w in re.findall(r"\[(\w+)\]", m.group(1))] if m else []


def strip_upgrade(u):
    out = keep(u, UPGRADE)
    sides = []
    for s in u.get("sides", []):
        t = keep(s, SIDE)
        if "attack" in t and requirement(s):
            t["attack"] = dict(t["attack"], requires=requirement(s))
        for k in ("device", "shipAbility"):
            if k in t:
                t[k] = named(t[k])
        sides.append(t)
    out["sides"] = sides
    return out


def write(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, sort_keys=True, indent=0, separators=(",", ":"), ensure_ascii=False)
        f.write("\n")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, variant, commit = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    dst = os.path.join(here, "..", "..", "data", "xwing-data2", variant)
    n = 0
    for sub in ("pilots", "upgrades"):
        base = os.path.join(src, "data", sub)
        for root, _, files in os.walk(base):
            for name in sorted(files):
                if not name.endswith(".json"):
                    continue
                rel = os.path.relpath(os.path.join(root, name), os.path.join(src, "data"))
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    text = f.read()
                try:
                    d = json.loads(text)
                except json.JSONDecodeError:
                    # one file of the final 2.0 commit has a doubled comma
                    d = json.loads(text.replace(",,", ","))
                d = strip_ship(d) if sub == "pilots" else [strip_upgrade(u) for u in d]
                write(os.path.join(dst, rel), d)
                n += 1
    write(os.path.join(dst, "source.json"),
          {"repository": "github.com/xwingtmg/xwing-data2", "commit": commit,
           "licence": "MIT (data/xwing-data2/LICENSE)", "files": n})
    print("%s: %d files from %s" % (variant, n, commit))


if __name__ == "__main__":
    main()
