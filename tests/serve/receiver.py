#!/usr/bin/env python3
# receiver.py - a webhook receiver for tests/serve/club.sh on a free loopback
# port: prints "port N", then appends each POST's body (one line) to OUT.
# /slow answers after 20 s, /fail answers 500, anything else 204.
# usage: receiver.py OUT SECONDS (it stops by itself after SECONDS)
import http.server
import sys
import threading
import time

out = sys.argv[1]


class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(n).decode("utf-8", "replace")
        with open(out, "a") as f:
            f.write("%s %s %s\n" % (self.path, self.headers.get("Content-Type", ""), body.replace("\n", " ")))
        if self.path == "/slow":
            time.sleep(20)
        self.send_response(500 if self.path == "/fail" else 204)
        self.end_headers()

    def log_message(self, *a):
        pass


s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
print("port %d" % s.server_address[1], flush=True)
threading.Timer(float(sys.argv[2]), s.shutdown).start()
s.serve_forever()
