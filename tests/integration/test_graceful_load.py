"""Graceful restarts under load (bench/graceful_load.py, scripts/graceful.sh) cut to 10 for
CI: CRS v4 PL1 blocking behind httpd (mpm_event), 4 client threads sending ordinary and attack
requests without pause while the parent gets SIGUSR1 ten times. No request fails (connection
errors included), each gets its expected status, no child crashes, the parent survives, and
its heap (glibc's bytes in use, read through gdb when it is installed and we are root) does not
grow from reload 5 to reload 10 by 2 KiB a reload or more: Rampart rebuilds the engine, CRS
included, on every graceful, so a leak there would be megabytes. The parent's RSS only has a 10 %
bound: it moves by a MiB or two with what glibc keeps. The 50-reload run is in
docs/reliability.md.
"""

import os
import sys
import unittest

from harness import main, module_path

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
sys.path.insert(0, os.path.join(SOURCE, "bench"))

import graceful_load  # noqa: E402
import soak  # noqa: E402


@unittest.skipUnless(os.path.isdir(os.path.join(soak.CRS, "rules")), "no CRS tree")
class GracefulUnderLoad(unittest.TestCase):
    def test_10_gracefuls_lose_no_request(self):
        result = graceful_load.run(module_path(), reloads=10, clients=4)
        print(graceful_load.report(result))
        self.assertEqual(graceful_load.check(result), [])


if __name__ == "__main__":
    main()
