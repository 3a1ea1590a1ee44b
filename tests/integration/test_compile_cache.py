"""Compiled rules kept between configuration reads (apache/module.cc, CompileCache). httpd reads
its configuration twice at startup and once per graceful restart; Rampart reuses the regexes and
phrase automata an earlier read compiled, keyed by their text. A graceful restart after the rule
file and a @pmFromFile data file changed must apply the new rules and phrases, not cached ones;
an unchanged configuration keeps working across restarts; a bad pattern still stops the start
with file:line."""

import os
import signal
import time
import unittest

from harness import Httpd, HttpdError, main
from rss_util import children

RULES = """SecRuleEngine On
SecRule ARGS "@rx ^{word}$" "id:1001,phase:1,deny,status:403,log"
SecRule ARGS "@pmFromFile words.data" "id:1002,phase:1,deny,status:403,log"
"""


class CompileCacheAcrossReads(unittest.TestCase):
    def graceful(self, h, resumed):
        """apachectl graceful, then waits until the old generation's children are gone: until
        they notice the restart they may still accept a connection and answer it with the old
        rules."""
        old = set(children(h.pid()))
        os.kill(h.pid(), signal.SIGUSR1)
        self.assertTrue(h.wait_for_log("resuming normal operations", count=resumed, timeout=15),
                        h.error_log())
        deadline = time.monotonic() + 15
        while old & set(children(h.pid())) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertFalse(old & set(children(h.pid())), "the old children did not stop")

    def test_graceful_restart_applies_changed_rules_and_phrases(self):
        files = {"conf/rules.conf": RULES.format(word="evil1"), "conf/words.data": "badword1\n"}
        with Httpd(config="Include @ROOT@/conf/rules.conf\n", files=files) as h:
            self.assertEqual(h.request("GET", "/?a=evil1")[0], 403)
            self.assertEqual(h.request("GET", "/?a=badword1")[0], 403)
            self.assertEqual(h.request("GET", "/?a=evil2")[0], 200)

            pid = h.pid()
            h.write_file("conf/rules.conf", RULES.format(word="evil2"))
            h.write_file("conf/words.data", "badword2\n")
            self.graceful(h, resumed=2)
            self.assertEqual(h.request("GET", "/?a=evil2")[0], 403)
            self.assertEqual(h.request("GET", "/?a=badword2")[0], 403)
            self.assertEqual(h.request("GET", "/?a=evil1")[0], 200)
            self.assertEqual(h.request("GET", "/?a=badword1")[0], 200)

            self.graceful(h, resumed=3)  # unchanged: everything comes from the cache
            self.assertEqual(h.request("GET", "/?a=evil2")[0], 403)
            self.assertEqual(h.request("GET", "/?a=badword2")[0], 403)
            self.assertEqual(h.request("GET", "/?a=hello")[0], 200)
            self.assertEqual(h.pid(), pid)
            self.assertEqual(h.crashes(), [])

    def test_bad_pattern_still_stops_the_start(self):
        h = Httpd(config='SecRuleEngine On\nSecRule ARGS "@rx (unclosed" "id:1,deny"\n')
        try:
            with self.assertRaises(HttpdError) as caught:
                h.start()
        finally:
            h.cleanup(check=False)
        self.assertRegex(str(caught.exception), r"httpd\.conf:\d+: @rx: Error compiling pattern")


if __name__ == "__main__":
    main()
