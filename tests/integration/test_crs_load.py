"""CRS v4 loads as a site owner installs it (docs/crs.md): the recommended base config,
crs-setup.conf, the plugin includes, the REQUEST-900/RESPONSE-999 exclusion files and every rule
file, in blocking mode at paranoia level 1. It starts with no warning or error, blocks an attack,
passes a benign request, and survives `apachectl graceful` with nothing lost.

CRS comes from ../shared/crs (never copied into the repository); without it the test is skipped.
"""

import os
import shutil
import signal
import time
import unittest

from harness import Httpd, main

SOURCE = os.environ.get("RAMPART_SOURCE", ".")
CRS = os.environ.get("RAMPART_CRS_DIR") or os.path.join(SOURCE, "..", "shared", "crs")
RELOADS = 5

# A plugin as CRS's plugin mechanism lays them out: config, before and after files.
PLUGIN_CONFIG = 'SecAction "id:9500010,phase:1,pass,nolog,setvar:tx.demo-plugin_enabled=1"\n'
PLUGIN_BEFORE = ('SecRule REQUEST_URI "@beginsWith /plugin-probe" '
                 '"id:9500020,phase:1,deny,status:406,log,msg:\'demo plugin before CRS\'"\n')
PLUGIN_AFTER = ""


def crs_config(root):
    return f"""Include "{SOURCE}/rules/rampart-recommended.conf"
SecRuleEngine On
SecTmpDir "{root}/tmp"
SecDataDir "{root}/data"
SecAuditEngine Off
Include "{root}/crs/crs-setup.conf"
Include "{root}/crs/plugins/*-config.conf"
Include "{root}/crs/plugins/*-before.conf"
Include "{root}/crs/rules/REQUEST-900-EXCLUSION-RULES-BEFORE-CRS.conf"
Include "{CRS}/rules/*.conf"
Include "{root}/crs/rules/RESPONSE-999-EXCLUSION-RULES-AFTER-CRS.conf"
Include "{root}/crs/plugins/*-after.conf"
"""


@unittest.skipUnless(os.path.isdir(os.path.join(CRS, "rules")), "no CRS tree at ../shared/crs")
class CrsLoads(unittest.TestCase):
    def setUp(self):
        self.httpd = Httpd()
        root = self.httpd.root
        rules = os.path.join(CRS, "rules")
        # The files a site owner copies from their .example and edits.
        with open(os.path.join(CRS, "crs-setup.conf.example")) as f:
            self.httpd.write_file("crs/crs-setup.conf", f.read())
        for name in ("REQUEST-900-EXCLUSION-RULES-BEFORE-CRS", "RESPONSE-999-EXCLUSION-RULES-AFTER-CRS"):
            shutil.copyfile(os.path.join(rules, name + ".conf.example"),
                            os.path.join(root, "crs", "rules-copy-" + name))
            os.makedirs(os.path.join(root, "crs", "rules"), exist_ok=True)
            os.replace(os.path.join(root, "crs", "rules-copy-" + name),
                       os.path.join(root, "crs", "rules", name + ".conf"))
        self.httpd.write_file("crs/plugins/demo-config.conf", PLUGIN_CONFIG)
        self.httpd.write_file("crs/plugins/demo-before.conf", PLUGIN_BEFORE)
        self.httpd.write_file("crs/plugins/demo-after.conf", PLUGIN_AFTER)
        for d in ("tmp", "data"):
            os.makedirs(os.path.join(root, d), exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(os.path.join(root, d), "www-data", "www-data")
        self.httpd.extra = crs_config(root)

    def tearDown(self):
        self.httpd.cleanup()

    def problems(self):
        """Error-log lines that are neither a rule's own message nor httpd's routine notices."""
        bad = []
        for line in self.httpd.error_log().splitlines():
            if "ModSecurity: Access denied" in line or "ModSecurity: Warning" in line:
                continue
            if ":notice]" in line or ":info]" in line:
                continue
            bad.append(line)
        return bad

    def test_starts_clean_blocks_and_reloads(self):
        h = self.httpd
        rc, out = h.configtest()
        self.assertEqual(rc, 0, out)
        self.assertNotIn("warning", out.lower(), out)
        started = time.monotonic()
        h.start()
        print(f"httpd with CRS (PL1, blocking) answered {time.monotonic() - started:.2f} s after "
              "`apache2 -k start`")
        self.assertEqual(self.problems(), [])

        def check_round():
            self.assertEqual(h.request("GET", "/?q=hello+world")[0], 200)
            self.assertEqual(h.request("GET", "/?id=1%27%20UNION%20SELECT%20password%20FROM%20users--")[0], 403)
            self.assertEqual(h.request("GET", "/plugin-probe")[0], 406)

        check_round()
        self.assertTrue(h.wait_for_log('[id "949110"]'))
        self.assertTrue(h.wait_for_log('[id "9500020"]'))
        pid = h.pid()
        for n in range(1, RELOADS + 1):
            os.kill(pid, signal.SIGUSR1)  # apachectl graceful
            self.assertTrue(h.wait_for_log("resuming normal operations", count=n + 1, timeout=15),
                            h.error_log())
            check_round()
        self.assertEqual(h.pid(), pid)
        self.assertEqual(h.crashes(), [])
        self.assertEqual(self.problems(), [])


if __name__ == "__main__":
    main()
