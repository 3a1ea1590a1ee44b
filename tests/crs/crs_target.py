"""The CRS test target: a private httpd configured as CRS's own CI configures its Apache
container (tests/docker-compose.yml in the CRS tree and the image's defaults), in front of the
reflect backend, with either Rampart or, for comparison only, Debian's ModSecurity v2.

Settings taken from the container: DetectionOnly; blocking and detection paranoia level 4;
anomaly thresholds 5 (inbound) and 4 (outbound), CRS's defaults; PCRE match limits 100000;
arg_length 400, total_arg_length 6400, max_file_size 64100, combined_file_sizes 65535; response body access for
text/plain text/html text/xml application/json; the test marker rule 999999; every URL proxied
to the backend.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SOURCE, "tests", "integration"))

import harness  # noqa: E402  (tests/integration/harness.py: private httpd)

MODSEC = "/usr/lib/apache2/modules/mod_security2.so"
RECOMMENDED = os.environ.get("RAMPART_RECOMMENDED") or os.path.join(SOURCE, "rules", "rampart-recommended.conf")

TARGET = """\
{load_engine}
ProxyPass "/" "http://127.0.0.1:{backend}/"
ProxyPreserveHost On
ProxyTimeout 10

Include "{recommended}"

# As the CRS container: DetectionOnly, responses inspected, logs in the error log only.
SecRuleEngine DetectionOnly
SecResponseBodyAccess On
SecResponseBodyMimeType text/plain text/html text/xml application/json
SecRequestBodyLimit 13107200
SecRequestBodyNoFilesLimit 131072
SecResponseBodyLimit 1048576
SecResponseBodyLimitAction ProcessPartial
SecTmpDir "@ROOT@/tmp"
SecDataDir "@ROOT@/data"
SecAuditEngine Off
# The container's MODSEC_PCRE_MATCH_LIMIT(_RECURSION) defaults: with the recommended 1000, 942521's
# "performance" test input hits the limit, and the error line carries [id "942521"].
SecPcreMatchLimit 100000
SecPcreMatchLimitRecursion 100000
SecAuditLog "@ROOT@/logs/audit.log"

# The go-ftw marker: logs the stage id, and no other rule runs for the marker request.
SecRule REQUEST_HEADERS:X-CRS-Test "@rx ^.*$" \\
    "id:999999,phase:1,pass,t:none,log,msg:'X-CRS-Test %{{MATCHED_VAR}}',ctl:ruleRemoveById=1-999998"

Include "{crs}/crs-setup.conf.example"
SecAction "id:900000,phase:1,pass,nolog,t:none,\\
    setvar:tx.blocking_paranoia_level=4,\\
    setvar:tx.detection_paranoia_level=4"
SecAction "id:900110,phase:1,pass,nolog,t:none,\\
    setvar:tx.inbound_anomaly_score_threshold=5,\\
    setvar:tx.outbound_anomaly_score_threshold=4"
SecAction "id:900310,phase:1,pass,nolog,t:none,\\
    setvar:tx.arg_length=400,\\
    setvar:tx.total_arg_length=6400,\\
    setvar:tx.max_file_size=64100,\\
    setvar:tx.combined_file_sizes=65535"
Include "{crs}/rules/*.conf"
"""


def target_config(engine, crs, backend_port):
    if engine == "modsecurity":
        load = f"LoadModule security2_module {MODSEC}"
    else:
        load = ""  # harness.Httpd loads mod_rampart itself
    return TARGET.format(load_engine=load, backend=backend_port, recommended=RECOMMENDED,
                         crs=crs)


def make_httpd(engine, crs, backend_port):
    h = harness.Httpd(config=target_config(engine, crs, backend_port), proxy=True,
                      unique_id=True, rampart=(engine == "rampart"))
    for d in ("tmp", "data"):
        path = os.path.join(h.root, d)
        os.makedirs(path, exist_ok=True)
        os.chmod(path, 0o777)  # the children run as www-data
    return h
