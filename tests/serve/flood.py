#!/usr/bin/env python3
# flood.py - a hostile client for tests/serve/club.sh (issue 30): from one
# source address it opens IDLE connections that say nothing, HALF requests
# whose headers never end, and STREAMS of /api/events without a token, holds
# them for HOLD seconds, then prints what it got:
#   streams_ok=N streams_refused=N half_closed_by_server=N idle_refused=N
# usage: flood.py SRC_ADDR PORT GAME_PATH IDLE HALF STREAMS HOLD
import socket
import sys
import time

src, port, game = sys.argv[1], int(sys.argv[2]), sys.argv[3]
n_idle, n_half, n_streams, hold = (int(x) for x in sys.argv[4:8])


def conn():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((src, 0))
    s.settimeout(3)
    s.connect(("127.0.0.1", port))
    return s


def closed(s):
    """1 when the server closed (or refused) the connection."""
    s.setblocking(False)
    try:
        d = s.recv(4096)
        return d == b"" or None
    except BlockingIOError:
        return False
    except OSError:
        return True


streams, idle, half = [], [], []
ok = refused = 0
for i in range(n_streams):
    try:
        s = conn()
        s.sendall(("GET %s/api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % (game, port)).encode())
        head = b""
        while b"\r\n" not in head:
            d = s.recv(256)
            if not d:
                break
            head += d
        if head.startswith(b"HTTP/1.1 200"):
            ok += 1
            streams.append(s)
        else:
            refused += 1
            s.close()
    except OSError:
        refused += 1
for i in range(n_idle):
    try:
        idle.append(conn())
    except OSError:
        pass
for i in range(n_half):
    try:
        s = conn()
        s.sendall(("GET %s/api/state HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: " % (game, port)).encode())
        half.append(s)
    except OSError:
        pass
end = time.time() + hold
while time.time() < end:
    for s in half:   # a byte now and then: idle it is not, whole it never is
        try:
            s.send(b"a")
        except OSError:
            pass
    time.sleep(1)
idle_refused = sum(1 for s in idle if closed(s))
half_closed = sum(1 for s in half if closed(s))
print("streams_ok=%d streams_refused=%d half_closed_by_server=%d idle_refused=%d idle=%d half=%d"
      % (ok, refused, half_closed, idle_refused, len(idle), len(half)))
sys.stdout.flush()
for s in streams + idle + half:
    s.close()
