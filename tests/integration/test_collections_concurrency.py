"""Persistent collections "must show" 2: concurrent clients incrementing one GLOBAL counter on
mpm_event and mpm_prefork (several processes, several threads) lose no increment."""

import threading
import unittest

from collections_util import make_data_dir, variable
from harness import Httpd, main

CLIENTS = 8
REQUESTS = 25


def config(data_dir):
    return f"""SecRuleEngine On
SecDataDir "{data_dir}"
SecAction "id:1,phase:1,pass,nolog,initcol:global=global,setvar:global.hits=+1"
"""


class GlobalCounter(unittest.TestCase):
    def run_clients(self, h):
        failures = []

        def client():
            c = h.connection()
            try:
                for _ in range(REQUESTS):
                    status = h.request("GET", "/", conn=c)[0]
                    if status != 200:
                        failures.append(status)
            except Exception as e:  # reported below; a thread must not die silently
                failures.append(repr(e))
            finally:
                c.close()

        threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        self.assertFalse(any(t.is_alive() for t in threads), "a client hung")
        self.assertEqual(failures, [])

    def test_event_and_prefork(self):
        for mpm in ("event", "prefork"):
            with self.subTest(mpm=mpm):
                h = Httpd(mpm=mpm)
                data = make_data_dir(h)
                h.extra = config(data)
                with h:
                    self.run_clients(h)
                    h.stop()  # every phase 5 (and its write-back) has run
                    self.assertEqual(variable(data, "GLOBAL", "global", "hits"),
                                     str(CLIENTS * REQUESTS), h.error_log())
                    self.assertEqual(variable(data, "GLOBAL", "global", "UPDATE_COUNTER"),
                                     str(CLIENTS * REQUESTS))


if __name__ == "__main__":
    main()
