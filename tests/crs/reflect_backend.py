"""The backend behind the CRS test target, answering as CRS's `albedo` does: 200 with an empty
body for any request, and for `POST /reflect` the response a JSON spec describes (`status`,
`headers`, `body` or base64 `encodedBody`), which the RESPONSE-95x tests use to make the server
leak error messages. Like Go's net/http, a body sent without Content-Type gets a sniffed one."""

import base64
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HTML_START = re.compile(
    rb"^\s*<(?:!DOCTYPE HTML|HTML|HEAD|SCRIPT|IFRAME|H1|DIV|FONT|TABLE|A|STYLE|TITLE|B|BODY|BR|P"
    rb"|!--)[ >]", re.I)


def sniff(body):
    if HTML_START.match(body):
        return "text/html; charset=utf-8"
    if body.lstrip().startswith(b"<?xml"):
        return "text/xml; charset=utf-8"
    if any(b < 0x20 and b not in b"\t\n\r\x0c\x1b" for b in body[:512]):
        return "application/octet-stream"
    return "text/plain; charset=utf-8"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = self.headers.get("Content-Length")
        return self.rfile.read(int(length)) if length and length.isdigit() else b""

    def _answer(self):
        body = self._read_body()
        path = self.path.split("?", 1)[0]
        if self.command == "POST" and path.rstrip("/") == "/reflect":
            return self._reflect(body)
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _reflect(self, body):
        try:
            spec = json.loads(body or b"{}")
        except ValueError:
            return self._plain(400, b"Invalid JSON in request body")
        status = int(spec.get("status") or 200)
        if not 100 <= status < 600:
            return self._plain(400, f"Invalid status code: {status}".encode())
        payload = spec.get("body") or ""
        out = payload.encode() if payload else base64.b64decode(spec.get("encodedBody") or "")
        headers = spec.get("headers") or {}
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if out and not any(k.lower() == "content-type" for k in headers):
            self.send_header("Content-Type", sniff(out))
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def _plain(self, status, text):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(text)))
        self.end_headers()
        self.wfile.write(text)

    def __getattr__(self, name):  # every method, however odd, gets the same answer
        if name.startswith("do_"):
            return self._answer
        raise AttributeError(name)


class ReflectBackend:
    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
