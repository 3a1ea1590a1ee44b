"""Finds which rules fired for one stage, from the server's error log, the way go-ftw does.

Before and after each stage a marker request carries the header `X-CRS-Test: <uuid>`; the
marker rule (id 999999) logs that value. The stage's lines are those between the two marker
lines; a rule fired when `[id "N"]` (or JSON `"id": N`) appears among them.
"""

import re
import time

ID = re.compile(rb'\[id "(\d+)"\]|"id":\s*"?(\d+)"?')
MARKER_HEADER = "X-CRS-Test"


class ErrorLog:
    def __init__(self, path):
        self.path = path
        self.offset = 0

    def _read_new(self):
        try:
            with open(self.path, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return b""
        # Keep a partial last line for the next read.
        cut = data.rfind(b"\n") + 1
        self.offset += cut
        return data[:cut]

    def wait_for_marker(self, marker, timeout=3.0):
        """Every log line written up to and including the marker's line, or None."""
        needle = marker.encode()
        collected = []
        deadline = time.monotonic() + timeout
        while True:
            for line in self._read_new().splitlines():
                collected.append(line)
                if needle in line and MARKER_HEADER.lower().encode() in line.lower():
                    return collected
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.005)


def fired_ids(lines):
    ids = set()
    for line in lines:
        for m in ID.finditer(line):
            ids.add(int(m.group(1) or m.group(2)))
    ids.discard(999999)  # the marker rule itself
    return ids
