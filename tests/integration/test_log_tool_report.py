"""`rampart log --report` writes one self-contained HTML page; headless Chromium renders it and
the rendered DOM holds the timeline chart, the top-rule and top-IP tables and the drill-down of
each transaction. The logs come from the real ModSecurity v2 (logtool_v2.py)."""

import os
import re
import shutil
import subprocess
import tempfile
import unittest

import harness
import logtool_v2

CLI = os.environ.get("RAMPART_CLI", "rampart")
CHROMIUM = shutil.which("chromium")


def render(html_path, tmp, *extra):
    profile = tempfile.mkdtemp(prefix="chromium-", dir=tmp)
    p = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         f"--user-data-dir={profile}", *extra, "file://" + html_path],
        capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


@unittest.skipUnless(logtool_v2.available(), "mod_security2 is not installed (scripts/setup.sh)")
@unittest.skipUnless(CHROMIUM, "chromium is not installed (scripts/setup.sh)")
class Report(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        modes = {k: logtool_v2.MODES[k] for k in ("serial-native", "concurrent-json")}
        cls.logs = logtool_v2.write_v2_logs(cls.tmp.name, modes)
        cls.html = os.path.join(cls.tmp.name, "report.html")
        p = subprocess.run([CLI, "log", "--report", cls.html, "--report-last", "8",
                            *cls.logs.values()], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        cls.stderr = p.stderr
        with open(cls.html, encoding="utf-8") as f:
            cls.page = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_page_is_self_contained(self):
        self.assertIn("wrote", self.stderr)
        self.assertIn("12 transactions, 8 in full", self.stderr)
        # No external asset: nothing loaded through src= or href=, no <link>, a CSP that forbids it.
        self.assertIsNone(re.search(r'(src|href)\s*=\s*"[a-z]+:', self.page))
        self.assertNotIn("<link", self.page)
        self.assertIn("default-src 'none'", self.page)

    def test_rendered_dom(self):
        rc, dom, err = render(self.html, self.tmp.name, "--dump-dom")
        self.assertEqual(rc, 0, err)
        self.assertIn('<svg id="timeline"', dom)
        self.assertGreaterEqual(dom.count('class="b"'), 1)  # a blocked bar
        top_rules = dom[dom.index('id="top-rules"'):]
        top_rules = top_rules[:top_rules.index("</table>")]
        for rule in ("1000", "1001", "1002"):
            self.assertIn(f'<a class="f">{rule}</a>', top_rules)
        self.assertIn('<a class="f">127.0.0.2</a>', dom)  # top-IP table
        self.assertEqual(dom.count('<details class="tx"'), 8)  # --report-last 8
        self.assertIn('id="total">12<', dom)
        self.assertIn('id="blocked">6<', dom)
        # The attacker's payload is text, not markup, after rendering too.
        self.assertIn("surname=&lt;script&gt;alert(1)&lt;/script&gt;", dom)
        self.assertNotIn("<script>alert(1)", dom)
        # The script ran: it counted the transactions it shows.
        self.assertIn('<span id="shown">8</span>', dom)

    def test_screenshot(self):
        png = os.path.join(self.tmp.name, "report.png")
        rc, _, err = render(self.html, self.tmp.name, "--window-size=1280,1400",
                            f"--screenshot={png}")
        self.assertEqual(rc, 0, err)
        with open(png, "rb") as f:
            data = f.read()
        self.assertTrue(data.startswith(b"\x89PNG"))
        self.assertGreater(len(data), 20000)  # a blank page is a few KB
        if os.environ.get("RAMPART_KEEP_REPORT"):
            shutil.copy(png, os.environ["RAMPART_KEEP_REPORT"])


if __name__ == "__main__":
    harness.main()
