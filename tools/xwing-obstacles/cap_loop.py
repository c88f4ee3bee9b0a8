#!/usr/bin/env python3
"""cap_loop.py - the top cap's boundary loop of a flat token's Wavefront mesh.

    python3 tools/xwing-obstacles/cap_loop.py MESH.obj > data/xwing/obstacles/ID.v

For the first core set's asteroids (FlyCasual's Asteroids/A1.obj to A6.obj,
Maya exports): their vertices are listed face by face, each position many
times over, so no run of lines is the outline in ring order. The top cap is
the faces whose every vertex lies at the mesh's highest y; with the faces of
no area dropped (the exporter's quads whose corners coincide in pairs), an
edge of the cap whose reverse no cap face has is on its boundary, and those
edges must make one cycle through every boundary position once, or the
script stops. It prints, for each position in the cycle's order (the faces'
own direction, from the first boundary edge in the file), the first `v` line
of the file at that position and the top y, unchanged: the .v file that
derive.py reads in its order. Summary (vertices, cap faces, boundary edges)
on stderr.
"""
import sys


def read(path):
    lines, verts, faces = [], [], []
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "v" and len(w) >= 4:
                lines.append(line.rstrip("\r\n"))
                verts.append((w[1], w[2], w[3]))
            elif w[0] == "f":
                faces.append([int(t.split("/")[0]) for t in w[1:]])
    return lines, verts, faces


def vidx(i, n):
    return i - 1 if i > 0 else n + i     # OBJ indices: 1-based, or negative from the end


def cap_loop(path):
    lines, verts, faces = read(path)
    n = len(verts)
    top = max(verts, key=lambda v: float(v[1]))[1]
    ytop = float(top)
    pos = lambda i: (float(verts[i][0]), float(verts[i][2]))
    cap = []
    for f in faces:
        ix = [vidx(i, n) for i in f]
        if not all(float(verts[i][1]) == ytop for i in ix):
            continue
        ps = []
        for i in ix:
            if not ps or pos(i) != ps[-1]:
                ps.append(pos(i))
        if len(ps) > 1 and ps[0] == ps[-1]:
            ps.pop()
        if len(ps) >= 3:
            cap.append(ps)
    edges = []
    seen = set()
    for ps in cap:
        for a, b in zip(ps, ps[1:] + ps[:1]):
            if (a, b) in seen:
                sys.exit("cap_loop.py: %s: the edge %s-%s is in two cap faces the same way" % (path, a, b))
            seen.add((a, b))
            edges.append((a, b))
    bnd = [(a, b) for a, b in edges if (b, a) not in seen]
    if not bnd:
        sys.exit("cap_loop.py: %s: the cap at y = %s has no boundary" % (path, top))
    nxt = {}
    for a, b in bnd:
        if a in nxt:
            sys.exit("cap_loop.py: %s: the boundary branches at %s" % (path, a))
        nxt[a] = b
    cyc = [bnd[0][0]]
    while nxt.get(cyc[-1]) != cyc[0]:
        if cyc[-1] not in nxt or len(cyc) > len(bnd):
            sys.exit("cap_loop.py: %s: the boundary is not one cycle" % path)
        cyc.append(nxt[cyc[-1]])
    if len(cyc) != len(bnd):
        sys.exit("cap_loop.py: %s: the boundary is %d edges, its cycle %d: not one cycle"
                 % (path, len(bnd), len(cyc)))
    first = {}
    for i in range(n):
        if verts[i][1] == top and pos(i) not in first:
            first[pos(i)] = lines[i]
    out = [first[p] for p in cyc]
    sys.stderr.write("%s: %d vertices, top y = %s, %d cap faces with area, %d boundary edges, one cycle\n"
                     % (path, n, top, len(cap), len(bnd)))
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cap_loop.py MESH.obj")
    for line in cap_loop(sys.argv[1]):
        print(line)


if __name__ == "__main__":
    main()
