"""`SetHandler rampart-status` through httpd: allowed requests, phase-1 and phase-2 denies and a
JSON body that fails to parse, then the counters scraped in Prometheus' text format (parsed
strictly: every line a HELP/TYPE comment or `name{labels} value`) and as JSON; the same under
mpm_prefork with two children serving requests, to show the per-process blocks are added up;
a graceful restart that keeps the counts; and access: httpd's `Require` refuses a client it
does not list, and only GET is answered."""

import http.client
import json
import math
import os
import re
import signal
import time
import unittest

from collections_util import make_data_dir
from harness import MODULES, Httpd, main, port_answers

RULES = """SecRuleEngine On
SecRequestBodyAccess On
SecRule REQUEST_HEADERS:Content-Type "@rx ^application/json" \
    "id:200001,phase:1,t:none,t:lowercase,pass,nolog,ctl:requestBodyProcessor=JSON"
SecRule REQUEST_FILENAME "@beginsWith /index" "id:1003,phase:1,pass,nolog"
SecRule ARGS:p1 "@streq block" "id:1001,phase:1,deny,status:403"
SecRule REQBODY_ERROR "!@eq 0" "id:200002,phase:2,t:none,deny,status:400"
SecRule ARGS:p2 "@streq block" "id:1002,phase:2,deny,status:403"
"""

STATUS = """<Location /rampart-status>
    SetHandler rampart-status
    Require ip 127.0.0.1
</Location>
"""

ACCESS = f"""LoadModule authz_host_module {MODULES}/mod_authz_host.so
{RULES}
{STATUS}
<Location /status-for-another-host>
    SetHandler rampart-status
    Require ip 127.0.0.2
</Location>
"""

CONFIG = f"LoadModule authz_host_module {MODULES}/mod_authz_host.so\n{RULES}\n{STATUS}"

# What the requests below must add up to (rule id -> transactions it matched in).
EXPECTED_HITS = {"1003": 10, "1001": 3, "1002": 2, "200001": 1, "200002": 1}
EXPECTED_BLOCKED = {"1": 3, "2": 3}  # phase 2: two ARGS:p2 denies and the bad JSON body
SENT = 10

SAMPLE_RE = re.compile(
    r'^([a-zA-Z_:][a-zA-Z0-9_:]*)'
    r'(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*)\})?'
    r' (\S+)$')
COMMENT_RE = re.compile(r"^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$")
LABEL_RE = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse_prometheus(text):
    """Strict parser of the text format (0.0.4): returns {(name, frozenset(labels)): value} and
    {family: type}. Raises ValueError on any line that is neither a comment nor a sample, on a
    sample whose family has no TYPE line before it, and on a value that is not a number."""
    if not text.endswith("\n"):
        raise ValueError("the exposition must end with a newline")
    samples, types = {}, {}
    for n, line in enumerate(text.splitlines(), 1):
        m = COMMENT_RE.match(line)
        if m:
            if m.group(1) == "TYPE":
                if m.group(2) in types:
                    raise ValueError(f"line {n}: second TYPE for {m.group(2)}")
                if m.group(3) not in ("counter", "gauge", "histogram", "summary", "untyped"):
                    raise ValueError(f"line {n}: unknown type {m.group(3)!r}")
                types[m.group(2)] = m.group(3)
            continue
        m = SAMPLE_RE.match(line)
        if not m:
            raise ValueError(f"line {n} is neither a comment nor a sample: {line!r}")
        name, labels, value = m.group(1), m.group(2) or "", m.group(3)
        family = name
        if family not in types:
            family = re.sub(r"_(bucket|sum|count)$", "", name)
            if types.get(family) != "histogram":
                raise ValueError(f"line {n}: {name} has no TYPE line before it")
        number = float(value)  # ValueError for anything else; accepts +Inf
        if math.isnan(number):
            raise ValueError(f"line {n}: NaN")
        key = (name, frozenset(LABEL_RE.findall(labels)))
        if key in samples:
            raise ValueError(f"line {n}: duplicate sample {line!r}")
        samples[key] = number
    return samples, types


def value(samples, name, **labels):
    return samples.get((name, frozenset(labels.items())))


def send_traffic(httpd, conns):
    """The requests EXPECTED_* describe, spread round-robin over `conns` keep-alive connections."""
    requests = ([("GET", "/index.html?a=1", None, None)] * 4 +
                [("GET", "/index.html?p1=block", None, None)] * 3 +
                [("GET", "/index.html?p2=block", None, None)] * 2 +
                [("POST", "/index.html", {"Content-Type": "application/json"}, b'{"a": [1, ')])
    assert len(requests) == SENT
    statuses = []
    for i, (method, path, headers, body) in enumerate(requests):
        conn = conns[i % len(conns)]
        try:
            status, _, _ = httpd.request(method, path, headers=headers, body=body, conn=conn)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # httpd closes the connection after a phase-1 deny (an error in post_read_request)
            # without saying so; the request was never read. Send it again on a new one.
            conn.close()
            status, _, _ = httpd.request(method, path, headers=headers, body=body, conn=conn)
        statuses.append(status)
    return statuses


class Scraper:
    """Scrapes /rampart-status until the counts are settled: phase 5 (and the counting after
    it) runs once the client already has its answer, so the last requests may still be in
    flight for a moment. One keep-alive connection: httpd counts each scrape before it reads
    the next one from the same connection, so scrapes do not race with each other."""

    def __init__(self, httpd):
        self.httpd = httpd
        self.conn = httpd.connection()

    def prometheus(self):
        status, headers, body = self.httpd.request("GET", "/rampart-status?format=prometheus",
                                                   conn=self.conn)
        if status != 200:
            raise AssertionError(f"status {status}: {body!r}")
        return headers, parse_prometheus(body.decode())

    def settled(self, timeout=10.0):
        return self.settled_at(1, timeout)

    def settled_at(self, rounds, timeout=10.0):
        """Waits until `rounds` runs of send_traffic are all counted."""
        deadline = time.monotonic() + timeout
        while True:
            headers, (samples, types) = self.prometheus()
            hits_ok = all(value(samples, "rampart_rule_hits_total", id=i) == rounds * n
                          for i, n in EXPECTED_HITS.items())
            total = value(samples, "rampart_transactions_total")
            p1 = value(samples, "rampart_phase_duration_seconds_count", phase="1")
            if hits_ok and total is not None and total >= rounds * SENT and p1 == total:
                break
            if time.monotonic() > deadline:
                break  # the assertions then say what is off
            time.sleep(0.1)
        self.conn.close()
        return headers, samples, types


class StatusCounts(unittest.TestCase):
    mpm = "event"
    connections = 1

    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=CONFIG, mpm=cls.mpm)
        cls.httpd.start()
        conns = [cls.httpd.connection() for _ in range(cls.connections)]
        try:
            cls.statuses = send_traffic(cls.httpd, conns)
            cls.headers, cls.samples, cls.types = Scraper(cls.httpd).settled()
        except BaseException:
            cls.httpd.cleanup(check=False)  # tearDownClass does not run after a failed setUpClass
            raise
        finally:
            for c in conns:
                c.close()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_requests_got_their_answers(self):
        self.assertEqual(self.statuses, [200] * 4 + [403] * 3 + [403] * 2 + [400])

    def test_prometheus_content_type(self):
        self.assertEqual(self.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
        self.assertEqual(self.headers.get("cache-control"), "no-store")

    def test_every_family_is_typed(self):
        self.assertEqual(self.types["rampart_transactions_total"], "counter")
        self.assertEqual(self.types["rampart_blocked_total"], "counter")
        self.assertEqual(self.types["rampart_rule_hits_total"], "counter")
        self.assertEqual(self.types["rampart_phase_duration_seconds"], "histogram")
        self.assertEqual(self.types["rampart_request_body_errors_total"], "counter")
        self.assertEqual(self.types["rampart_pcre_limit_transactions_total"], "counter")
        self.assertEqual(self.types["rampart_collection_store_errors_total"], "counter")
        for name in self.types:
            self.assertTrue(name.startswith("rampart_"), name)

    def test_transactions_blocks_and_body_errors(self):
        s = self.samples
        self.assertGreaterEqual(value(s, "rampart_transactions_total"), SENT)
        for phase, n in EXPECTED_BLOCKED.items():
            self.assertEqual(value(s, "rampart_blocked_total", phase=phase), n, f"phase {phase}")
        for phase in ("3", "4"):
            self.assertEqual(value(s, "rampart_blocked_total", phase=phase), 0)
        self.assertEqual(value(s, "rampart_request_body_errors_total"), 1)
        self.assertEqual(value(s, "rampart_pcre_limit_transactions_total"), 0)

    def test_rule_hits_per_id(self):
        got = {dict(labels)["id"]: v for (name, labels), v in self.samples.items()
               if name == "rampart_rule_hits_total"}
        self.assertEqual(got, {i: float(n) for i, n in EXPECTED_HITS.items()})

    def test_histograms(self):
        s = self.samples
        total = value(s, "rampart_transactions_total")
        # Phase 1 runs for every transaction; phase 2 for all but the three blocked in phase 1.
        self.assertEqual(value(s, "rampart_phase_duration_seconds_count", phase="1"), total)
        self.assertEqual(value(s, "rampart_phase_duration_seconds_count", phase="2"), total - 3)
        for phase in "12345":
            buckets = sorted(
                ((float(dict(labels)["le"]), v) for (name, labels), v in s.items()
                 if name == "rampart_phase_duration_seconds_bucket" and
                 dict(labels)["phase"] == phase))
            self.assertEqual(buckets[-1][0], math.inf)
            self.assertEqual([b[1] for b in buckets], sorted(b[1] for b in buckets),
                             "buckets are cumulative")
            self.assertEqual(buckets[-1][1],
                             value(s, "rampart_phase_duration_seconds_count", phase=phase))
            self.assertGreaterEqual(value(s, "rampart_phase_duration_seconds_sum", phase=phase), 0)

    def test_json(self):
        status, headers, body = self.httpd.request("GET", "/rampart-status",
                                                   headers={"Accept": "application/json"})
        self.assertEqual(status, 200)
        self.assertEqual(headers["content-type"], "application/json")
        doc = json.loads(body)
        self.assertGreaterEqual(doc["transactions"], SENT)
        self.assertEqual({k: doc["blocked"][k] for k in EXPECTED_BLOCKED}, EXPECTED_BLOCKED)
        self.assertEqual(doc["rule_hits"], EXPECTED_HITS)
        self.assertEqual(doc["request_body_errors"], 1)
        p1 = doc["phase_duration_us"]["1"]
        self.assertEqual(p1["buckets"]["+Inf"], p1["count"])
        self.assertGreaterEqual(p1["count"], SENT)

    def test_format_choice(self):
        # No format and no Accept (curl, a browser): JSON. Prometheus' own Accept: its format.
        _, headers, body = self.httpd.request("GET", "/rampart-status")
        self.assertEqual(headers["content-type"], "application/json")
        json.loads(body)
        prom_accept = ("application/openmetrics-text;version=1.0.0;q=0.5,"
                       "text/plain;version=0.0.4;q=0.3,*/*;q=0.2")
        _, headers, body = self.httpd.request("GET", "/rampart-status",
                                              headers={"Accept": prom_accept})
        self.assertTrue(headers["content-type"].startswith("text/plain; version=0.0.4"))
        parse_prometheus(body.decode())
        _, headers, body = self.httpd.request("GET", "/rampart-status?format=json",
                                              headers={"Accept": "text/plain"})
        self.assertEqual(headers["content-type"], "application/json")
        status, _, _ = self.httpd.request("GET", "/rampart-status?format=xml")
        self.assertEqual(status, 400)


class StatusCountsPrefork(StatusCounts):
    """Two keep-alive connections at once: under prefork each holds a child, so the requests
    are counted by two processes and the handler must add both blocks up."""
    mpm = "prefork"
    connections = 2

    def test_two_processes_counted(self):
        self.assertGreaterEqual(value(self.samples, "rampart_processes"), 2)


class StatusAcrossRestarts(unittest.TestCase):
    """A graceful restart keeps the counts (the segment belongs to the parent process); new
    children add to them."""

    def test_graceful_restart_keeps_counts(self):
        with Httpd(config=CONFIG) as h:
            send_traffic(h, [h.connection()])
            _, before, _ = Scraper(h).settled()
            os.kill(h.pid(), signal.SIGUSR1)
            self.assertEqual(len(h.wait_for_log("resuming normal operations", count=2,
                                                timeout=10)), 2)
            deadline = time.monotonic() + 10
            while not port_answers(h.port) and time.monotonic() < deadline:
                time.sleep(0.05)
            send_traffic(h, [h.connection()])
            _, after, _ = Scraper(h).settled_at(2)
            for i, n in EXPECTED_HITS.items():
                self.assertEqual(value(after, "rampart_rule_hits_total", id=i), 2 * n, f"id {i}")
            self.assertEqual(value(after, "rampart_blocked_total", phase="1"), 6)
            self.assertGreater(value(after, "rampart_transactions_total"),
                               value(before, "rampart_transactions_total") + SENT - 1)


class StatusCollectionStore(unittest.TestCase):
    """With SecDataDir, the number of records in the LMDB store is reported."""

    def test_records_are_counted(self):
        h = Httpd()
        data = make_data_dir(h)
        h.extra = (f'SecRuleEngine On\nSecDataDir "{data}"\n'
                   'SecRule ARGS:r "@rx ." "id:1,phase:1,pass,nolog,initcol:resource=%{ARGS.r},'
                   'setvar:resource.n=+1"\n' + STATUS.replace("Require ip 127.0.0.1",
                                                              "Require all granted"))
        with h:
            _, (samples, _) = Scraper(h).prometheus()
            self.assertEqual(value(samples, "rampart_collection_store_records"), 0)
            for r in ("a", "b", "c", "a"):
                self.assertEqual(h.request("GET", f"/?r={r}")[0], 200)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                _, (samples, _) = Scraper(h).prometheus()
                if value(samples, "rampart_collection_store_records") == 3:
                    break
                time.sleep(0.1)
            self.assertEqual(value(samples, "rampart_collection_store_records"), 3)
            doc = json.loads(h.request("GET", "/rampart-status")[2])
            self.assertEqual(doc["collection_store"]["records"], 3)
            self.assertEqual(doc["collection_store"]["errors"], 0)

    def test_no_store_no_records_sample(self):
        with Httpd(config=CONFIG) as h:
            _, (samples, types) = Scraper(h).prometheus()
            self.assertEqual(types["rampart_collection_store_records"], "gauge")
            self.assertIsNone(value(samples, "rampart_collection_store_records"))


class StatusAccess(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.httpd = Httpd(config=ACCESS)
        cls.httpd.start()

    @classmethod
    def tearDownClass(cls):
        cls.httpd.cleanup()

    def test_require_refuses_an_unlisted_client(self):
        status, _, body = self.httpd.request("GET", "/status-for-another-host?format=prometheus")
        self.assertEqual(status, 403)
        self.assertNotIn(b"rampart_", body)

    def test_listed_client_gets_it(self):
        self.assertEqual(self.httpd.request("GET", "/rampart-status")[0], 200)

    def test_only_get(self):
        status, headers, _ = self.httpd.request("POST", "/rampart-status", body=b"x=1",
                                                headers={"Content-Type": "text/plain"})
        self.assertEqual(status, 405)
        self.assertIn("GET", headers.get("allow", ""))
        status, _, body = self.httpd.request("HEAD", "/rampart-status")
        self.assertEqual(status, 200)
        self.assertEqual(body, b"")


if __name__ == "__main__":
    main()
