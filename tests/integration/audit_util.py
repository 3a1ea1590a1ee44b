"""Reading audit logs in the integration tests: a strict parser of native entries (v2's
`--<boundary>-<PART>--` sections), JSON Lines, Concurrent index lines, and `rampart log`.

    entries = parse_native(text)      # [{"boundary", "order": "ABFHZ", "parts": {"A": "...", ...}}]
    entries = parse_json_lines(text)  # [dict, ...]

Both raise ValueError on anything malformed, so a test that parses a log proves every entry in
it is whole and not interleaved with another.
"""

import json
import os
import re
import subprocess

CLI = os.environ.get("RAMPART_CLI", "rampart")

SEPARATOR = re.compile(r"^--([0-9a-f]{8})-([A-Z])--$")
# The order v2 writes parts in (whatever the order in SecAuditLogParts).
PART_ORDER = "ABCIFEHJKZ"
# v2's index line: host remote user local_user [time] "request" status bytes "referer" "ua"
# unique_id "session" file offset size md5:hex
INDEX_LINE = re.compile(
    r'^(\S+) (\S+) (\S+) (\S+) \[([^\]]+)\] "(.*)" (\d{3}) (\d+) "-" "-" (\S+) "-" '
    r"(/\S+) 0 (\d+) md5:([0-9a-f]{32}) $")


def parse_native(text):
    entries, current, part, lines = [], None, None, []

    def close_part():
        if current is not None and part is not None:
            current["parts"][part] = "\n".join(lines)

    for n, line in enumerate(text.split("\n"), 1):
        m = SEPARATOR.match(line)
        if not m:
            if current is None:
                if line.strip():
                    raise ValueError(f"line {n}: text outside an entry: {line[:80]!r}")
                continue
            lines.append(line)
            continue
        boundary, letter = m.groups()
        if letter == "A":
            if current is not None:
                raise ValueError(f"line {n}: entry {current['boundary']} has no part Z")
            current, part, lines = {"boundary": boundary, "order": "A", "parts": {}}, "A", []
            continue
        if current is None or boundary != current["boundary"]:
            raise ValueError(f"line {n}: part {letter} of another entry ({boundary})")
        close_part()
        if PART_ORDER.index(letter) <= PART_ORDER.index(current["order"][-1]):
            raise ValueError(f"line {n}: part {letter} after {current['order']}")
        current["order"] += letter
        part, lines = letter, []
        if letter == "Z":
            entries.append(current)
            current, part = None, None
    if current is not None:
        raise ValueError(f"the log ends inside entry {current['boundary']}")
    return entries


def header_fields(entry):
    """Part A: [time] unique_id remote_addr remote_port local_addr local_port."""
    m = re.match(r"^\[([^\]]+)\] (\S+) (\S+) (\d+) (\S+) (\d+)$", entry["parts"]["A"].strip())
    if not m:
        raise ValueError(f"malformed part A: {entry['parts']['A']!r}")
    return m.groups()


def trailer_lines(entry, name):
    """The values of part H lines `name: value`."""
    prefix = name + ": "
    return [l[len(prefix):] for l in entry["parts"].get("H", "").split("\n") if l.startswith(prefix)]


def parse_json_lines(text):
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise ValueError(f"line {n}: not JSON ({e}): {line[:80]!r}") from None
    return out


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def rampart_log(*args):
    """Runs `rampart log`; returns (exit status, stdout, stderr)."""
    p = subprocess.run([CLI, "log", *args], capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
