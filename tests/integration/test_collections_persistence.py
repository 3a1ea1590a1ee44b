"""Persistent collections "must show" 3: counters survive an httpd restart; expired records are
removed by the garbage collection that every write does, and by `rampart collections gc`."""

import time
import unittest

from collections_util import cli, dump, make_data_dir, variable
from harness import Httpd, main


def config(data_dir):
    return f"""SecRuleEngine On
SecDataDir "{data_dir}"
SecAction "id:1,phase:1,pass,nolog,initcol:ip=%{{REMOTE_ADDR}},setvar:ip.visits=+1"
# ?short=1 makes a RESOURCE record that expires after one second.
SecRule ARGS:short "@streq 1" "id:2,phase:1,pass,nolog,initcol:resource=%{{ARGS.name}},\\
    setvar:resource.hits=+1,setvar:resource.TIMEOUT=1"
"""


def resources(data_dir):
    return [r["key"] for r in dump(data_dir) if r["collection"] == "RESOURCE"]


class Persistence(unittest.TestCase):
    def test_counter_survives_restart(self):
        h = Httpd()
        data = make_data_dir(h)
        h.extra = config(data)
        with h:
            for _ in range(3):
                self.assertEqual(h.request("GET", "/")[0], 200)
            h.stop()
            self.assertEqual(variable(data, "IP", "127.0.0.1", "visits"), "3")
            h.start()
            self.assertEqual(h.request("GET", "/")[0], 200)
            h.stop()
            self.assertEqual(variable(data, "IP", "127.0.0.1", "visits"), "4")

    def test_expired_records_are_collected(self):
        h = Httpd()
        data = make_data_dir(h)
        h.extra = config(data)
        with h:
            for name in ("a", "b", "c"):
                h.request("GET", f"/?short=1&name={name}")
            deadline = time.monotonic() + 5
            while len(resources(data)) < 3 and time.monotonic() < deadline:
                time.sleep(0.1)  # phase 5 runs after the response
            self.assertEqual(sorted(resources(data)), ["a", "b", "c"])
            time.sleep(2.2)
            # Writes (the IP counter) collect expired records as they go.
            for _ in range(3):
                h.request("GET", "/")
            deadline = time.monotonic() + 5
            while resources(data) and time.monotonic() < deadline:
                time.sleep(0.1)
            self.assertEqual(resources(data), [])
            self.assertEqual(variable(data, "IP", "127.0.0.1", "visits"), "6")
            # And by hand.
            h.request("GET", "/?short=1&name=d")
            time.sleep(2.2)
            rc, out, err = cli("gc", data_dir=data)
            self.assertEqual(rc, 0, err)
            self.assertIn("removed 1 expired record", out)
            self.assertEqual(resources(data), [])


if __name__ == "__main__":
    main()
