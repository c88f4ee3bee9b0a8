#!/usr/bin/env python3
"""derive.py - the outlines of the X-Wing obstacles as integer polygons.

    python3 tools/xwing-obstacles/derive.py           # writes src/games/xwing/xwing_shapes*.inc
    python3 tools/xwing-obstacles/derive.py --check   # exit 1 if an .inc is stale

Reads the committed vertex lists data/xwing/obstacles/*.v: the lines of one
ring of a flat obstacle token's mesh, copied unchanged from FlyCasual's
Wavefront files (data/xwing/obstacles/SOURCE.md names each file, its commit
and the licence). A token is a prism: its top and bottom faces are the same
outline, so one ring of side vertices, in the mesh's order, is the boundary.
Where the mesh lists its loop out of order (a shape marked "chain": the top
cap's boundary loop of a Maya export), the loop is ordered by chain() first;
a shape marked "faces" was put in order from the mesh's cap faces when it was
copied (cap_loop.py). Either way the whole loop is checked to be simple.

For each shape: the ring's (x, z) is seen from above (x right, -z up: the
mesh's right-handed frame looked at from +y), scaled from the mesh's unit to
0.01 mm (the module's geometry unit), moved so that the area centroid is the
origin, turned counter-clockwise, then simplified (Douglas-Peucker, the
outline kept within TOL of the mesh's) to at most MAXV vertices, and checked
to be a simple polygon (no two edges crossing). The printed numbers are the
vertices and the circumscribed radius (the farthest vertex, rounded up).
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DATA = os.path.join(ROOT, "data", "xwing", "obstacles")
OUT = os.path.join(ROOT, "src", "games", "xwing", "xwing_shapes.inc")
OUT6 = os.path.join(ROOT, "src", "games", "xwing", "xwing_shapes6.inc")

# The TTS X-Wing mod's in-game unit: 40 mm (a small base) is 1.445 units
# (tjakubo/TTS_xwing, Dim: mm_igu_ratio = 0.036125). The Blender meshes of
# the mod carry no unit of their own and are drawn at that scale; the Maya and
# PNG-silhouette exports say theirs in a header line (meters, centimeters).
IGU_MM = 1 / 0.036125
UNITS = {"igu": IGU_MM, "meters": 1000.0, "centimeters": 10.0}

# Rules version 6 on: the Blender meshes measured (data/xwing/obstacles/
# SOURCE.md, "The scale, measured again"). The unit above made the Force
# Awakens asteroids and gas clouds 1-3 2.8 and 1.6 times too long; FlyCasual's
# prefabs draw the asteroids at one unit to the centimetre and gas clouds 1-3
# at 1.7 cm, and the VASSAL X-Wing module's token images (2.825 pixels to the
# mm, checked on the twelve meshes that name their unit) agree within 10%;
# gas clouds 4-6 are 3 cm to the unit by those images (within 2%), where
# FlyCasual's 2.4 and 3.5 are not. The meshes that name their unit keep it.
UNITS6 = {"igu": None, "meters": 1000.0, "centimeters": 10.0,
          "tfa": 10.0, "gas13": 17.0, "gas46": 30.0}
V6 = {"tfa-a0": "tfa", "tfa-a1": "tfa", "tfa-a2": "tfa", "tfa-a3": "tfa",
      "tfa-a4": "tfa", "tfa-a5": "tfa", "gas-1": "gas13", "gas-2": "gas13",
      "gas-3": "gas13", "gas-4": "gas46", "gas-5": "gas46", "gas-6": "gas46"}

# id, kind (enum xw_obstacle_kind: 0 asteroid, 1 debris, 2 gas), file, unit
SHAPES = [
    ("tfa-a0", 0, "tfa-a0.v", "igu"),
    ("yt2400-d0", 1, "yt2400-d0.v", "meters"),
    ("gas-1", 2, "gas-1.v", "igu"),
    ("tfa-a1", 0, "tfa-a1.v", "igu"),
    ("tfa-a2", 0, "tfa-a2.v", "igu"),
    ("yt2400-d1", 1, "yt2400-d1.v", "meters"),
    ("vt49-d0", 1, "vt49-d0.v", "meters"),
    ("tfa-a3", 0, "tfa-a3.v", "igu"),
    ("tfa-a4", 0, "tfa-a4.v", "igu"),
    ("gas-2", 2, "gas-2.v", "igu"),
    ("core-a1", 0, "core-a1.v", "centimeters", "chain"),
    ("vt49-d1", 1, "vt49-d1.v", "meters"),
    ("gas-3", 2, "gas-3.v", "igu"),
    ("vt49-d2", 1, "vt49-d2.v", "meters"),
    ("gas-4", 2, "gas-4.v", "igu", "chain"),
    ("gas-5", 2, "gas-5.v", "igu", "chain"),
    ("gas-6", 2, "gas-6.v", "igu", "chain"),
    # the mesh of commit db5e5023 (PNGSilhouette, "# Units meters"), which
    # FlyCasual's prefab scales by 100 as it does yt2400-d0 and -d1
    ("yt2400-d2", 1, "yt2400-d2.v", "meters"),
    # the first core set's asteroids A2-A6 (Maya exports as A1's): their top
    # cap's boundary loop in the order of its faces (cap_loop.py)
    ("core-a2", 0, "core-a2.v", "centimeters", "faces"),
    ("core-a3", 0, "core-a3.v", "centimeters", "faces"),
    ("core-a4", 0, "core-a4.v", "centimeters", "faces"),
    ("core-a5", 0, "core-a5.v", "centimeters", "faces"),
    ("core-a6", 0, "core-a6.v", "centimeters", "faces"),
]
# rules version 6 on: the same shapes in the same order, then these
SHAPES6_MORE = [
    ("tfa-a5", 0, "tfa-a5.v", "tfa"),
]
TOL = 40        # 0.4 mm
MAXV = 48       # XW_POLY_MAX in xwing.h


def chain(pts):
    """Order a boundary loop whose vertices are listed out of ring order: from
    the first, always the nearest vertex not yet taken. Used only where the
    mesh's loop is not in ring order (the first core set's Maya exports, whose
    top cap lists its boundary with one pair swapped); the result must still
    pass the simple-polygon check of derive()."""
    left = pts[1:]
    out = [pts[0]]
    while left:
        k = min(range(len(left)), key=lambda i: (left[i][0] - out[-1][0]) ** 2 + (left[i][1] - out[-1][1]) ** 2)
        out.append(left.pop(k))
    return out


def ring(path, unit, units=UNITS):
    scale = unit if isinstance(unit, float) else units[unit]
    pts = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 4 and w[0] == "v":
                x, z = float(w[1]), float(w[3])
                p = (x * scale * 100.0, -z * scale * 100.0)
                if not pts or p != pts[-1]:
                    pts.append(p)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    return pts


def area_centroid(pts):
    a = cx = cy = 0.0
    n = len(pts)
    for i in range(n):
        x0, y0 = pts[i]
        x1, y1 = pts[(i + 1) % n]
        c = x0 * y1 - x1 * y0
        a += c
        cx += (x0 + x1) * c
        cy += (y0 + y1) * c
    a /= 2.0
    return a, cx / (6.0 * a), cy / (6.0 * a)


def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    dd = dx * dx + dy * dy
    t = 0.0 if dd == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / dd))
    qx, qy = a[0] + t * dx, a[1] + t * dy
    return math.hypot(p[0] - qx, p[1] - qy)


def dp(pts, tol):
    """Douglas-Peucker on an open chain (both ends kept)."""
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        best, at = -1.0, -1
        for k in range(i + 1, j):
            d = seg_dist(pts[k], pts[i], pts[j])
            if d > best:
                best, at = d, k
        if at >= 0 and best > tol:
            keep[at] = True
            stack.append((i, at))
            stack.append((at, j))
    return [p for p, k in zip(pts, keep) if k]


def simplify(pts, tol):
    # split the ring at its two farthest-apart points, simplify each half
    n = len(pts)
    far = max(range(n), key=lambda k: pts[k][0] ** 2 + pts[k][1] ** 2)
    opp = max(range(n), key=lambda k: (pts[k][0] - pts[far][0]) ** 2 + (pts[k][1] - pts[far][1]) ** 2)
    r = pts[far:] + pts[:far]
    m = (opp - far) % n
    a = dp(r[:m + 1], tol)
    b = dp(r[m:] + r[:1], tol)
    return a[:-1] + b[:-1]


def crosses(a, b, c, d):
    def orient(p, q, r):
        v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (v > 0) - (v < 0)
    return (orient(a, b, c) * orient(a, b, d) < 0) and (orient(c, d, a) * orient(c, d, b) < 0)


def simple(poly):
    n = len(poly)
    for i in range(n):
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue
            if crosses(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]):
                return False
    return True


def derive(sid, path, unit, order=None, units=UNITS):
    pts = ring(path, unit, units)
    if order == "chain":
        pts = chain(pts)
    if order in ("chain", "faces"):
        full = [(int(round(x)), int(round(y))) for x, y in pts]
        if not simple(full):
            sys.exit("derive.py: %s: the %s loop crosses itself" % (sid, order))
    a, cx, cy = area_centroid(pts)
    pts = [(x - cx, y - cy) for x, y in pts]
    if a < 0:
        pts.reverse()
    tol = TOL
    while True:
        poly = [(int(round(x)), int(round(y))) for x, y in simplify(pts, tol)]
        if len(poly) <= MAXV:
            break
        tol += 10
    if not simple(poly):
        sys.exit("derive.py: %s: the simplified outline crosses itself" % sid)
    r = int(math.ceil(max(math.hypot(x, y) for x, y in poly)))
    return poly, r, tol, abs(a)


def render(six=False):
    name = "xwing_shapes6.inc" if six else "xwing_shapes.inc"
    out = ["/* %s - generated by tools/xwing-obstacles/derive.py from" % name,
           " * the .v files of data/xwing/obstacles (FlyCasual's obstacle meshes, MIT; SOURCE.md there).",
           " * Do not edit: rerun the script. Vertices in 0.01 mm about the area centroid,",
           " * counter-clockwise; r the circumscribed radius. */"]
    if six:
        out[-1] = out[-1][:-3] + " Rules version 6 on: the"
        out.append(" * Blender meshes at their measured units (UNITS6), asteroid 5 added. */")
    for sid, kind, fname, unit, *order in SHAPES + (SHAPES6_MORE if six else []):
        if six and sid in V6:
            unit = V6[sid]
        poly, r, tol, area = derive(sid, os.path.join(DATA, fname), unit, *order,
                                    units=UNITS6 if six else UNITS)
        xs = ", ".join(str(p[0]) for p in poly)
        ys = ", ".join(str(p[1]) for p in poly)
        out.append("/* %s: %d vertices, within %.2f mm of the mesh outline, area %.0f mm2 */"
                   % (sid, len(poly), tol / 100.0, area / 10000.0))
        out.append("{\"%s\", %d, %d, %d,\n\t{%s},\n\t{%s}}," % (sid, kind, len(poly), r, xs, ys))
    return "\n".join(out) + "\n"


def main():
    for out, text in ((OUT, render()), (OUT6, render(True))):
        if "--check" in sys.argv[1:]:
            with open(out) as f:
                if f.read() != text:
                    sys.exit("derive.py: %s is stale: rerun tools/xwing-obstacles/derive.py" % out)
            continue
        with open(out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
