"""Sends raw request bytes over TCP and reads one HTTP response, with bounded waits.

go-ftw talks to the server with its own HTTP code so that malformed requests go out unchanged;
so do we. The response is read until its Content-Length or the end of its chunked body (to
the server closing the connection when it says `Connection: close`); `error` is set when
nothing usable came back (go-ftw's `expect_error` then counts as met).
"""

import socket
import time
from dataclasses import dataclass


@dataclass
class Response:
    status: int = 0
    raw: bytes = b""       # status line, headers and body as received
    error: str = ""


def _parse_status(raw):
    line = raw.split(b"\r\n", 1)[0]
    parts = line.split(b" ", 2)
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/") or not parts[1].isdigit():
        return 0
    return int(parts[1])


def _complete(raw, head_only):
    """True when raw holds a whole response (by Content-Length or chunked framing)."""
    end = raw.find(b"\r\n\r\n")
    if end < 0:
        return False
    if head_only:
        return True
    head = raw[:end].decode("latin-1").lower()
    body = raw[end + 4:]
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip() == "content-length" and value.strip().isdigit():
            return len(body) >= int(value.strip())
        if name.strip() == "transfer-encoding" and "chunked" in value:
            return body.endswith(b"0\r\n\r\n")
    status = _parse_status(raw)
    return status in (204, 304) or 100 <= status < 200


def _closes(raw):
    """True when the response head carries `Connection: close`."""
    end = raw.find(b"\r\n\r\n")
    head = raw[:end if end >= 0 else len(raw)].decode("latin-1").lower()
    return any(line.partition(":")[0].strip() == "connection" and
               "close" in line.partition(":")[2] for line in head.split("\r\n")[1:])


def send(host, port, data, timeout=5.0, head_request=False):
    deadline = time.monotonic() + timeout
    resp = Response()
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.sendall(data)
            chunks = []
            while time.monotonic() < deadline:
                s.settimeout(max(0.05, deadline - time.monotonic()))
                try:
                    piece = s.recv(65536)
                except socket.timeout:
                    break
                except ConnectionResetError:
                    break
                if not piece:
                    break
                chunks.append(piece)
                raw = b"".join(chunks)
                # A response that says `Connection: close` is read to EOF: httpd runs
                # log_transaction (phase 5) before it closes, so the stage's phase-5 lines are in
                # the log before the end marker is sent (980170-2 raced it otherwise).
                if _complete(raw, head_request) and not _closes(raw):
                    break
            resp.raw = b"".join(chunks)
    except OSError as e:
        resp.error = str(e)
        return resp
    resp.status = _parse_status(resp.raw)
    if resp.status == 0:
        resp.error = "no HTTP response" if not resp.raw else "malformed HTTP response"
    return resp
