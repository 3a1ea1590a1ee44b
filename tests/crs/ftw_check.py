"""Decides whether one stage passed, from its response and the rule ids that fired, with
go-ftw's meaning of each `output` field."""

import re


def _as_list(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def check(output, response, fired, log_text):
    """Returns "" when the stage passed, else why it failed."""
    expect_error = bool(output.get("expect_error"))
    if response.error:
        return "" if expect_error else f"request failed: {response.error}"
    if expect_error:
        return f"expected an error, got status {response.status}"
    statuses = [int(s) for s in _as_list(output.get("status"))]
    if statuses and response.status not in statuses:
        return f"status {response.status}, expected {statuses}"
    contains = output.get("response_contains")
    if contains and not re.search(contains, response.raw.decode("latin-1")):
        return f"response does not match {contains!r}"
    log = output.get("log") or {}
    expect = [int(i) for i in _as_list(log.get("expect_ids"))]
    missing = [i for i in expect if i not in fired]
    if missing:
        return f"expected ids {missing} did not fire (fired: {sorted(fired)})"
    unwanted = [int(i) for i in _as_list(log.get("no_expect_ids")) if int(i) in fired]
    if unwanted:
        return f"ids {unwanted} fired but must not"
    if output.get("isolated") and expect and set(fired) != set(expect):
        return f"isolated: fired {sorted(fired)}, expected only {expect}"
    for key, want in (("match_regex", True), ("log_contains", True),
                      ("no_match_regex", False), ("no_log_contains", False)):
        pattern = log.get(key) if key.endswith("regex") else output.get(key)
        if pattern and bool(re.search(pattern, log_text)) != want:
            return f"log {'does not match' if want else 'matches'} {pattern!r}"
    return ""
