"""Fleet-wide collections (docs/fleet.md): two httpd instances on two ports share one Redis
(started here on a free 127.0.0.1 port, no persistence). 16 clients spread their requests over
both servers, 250 each, incrementing a GLOBAL and an IP counter: both end at exactly 4,000, read
back through either server. rules/bruteforce.conf blocks the 11th failed login on one server
when the 10 before went to the other."""

import os
import threading
import unittest

from harness import Httpd, main
from redis_util import RedisServer

CLIENTS = 16
REQUESTS = 250
GLOBAL_KEY = "rampart:default::GLOBAL:global"
IP_KEY = "rampart:default::IP:127.0.0.1"


def counter_config(redis_url):
    return f"""SecRuleEngine On
SecCollectionStore ip {redis_url}
SecCollectionStore global {redis_url}
SecRule REQUEST_URI "@streq /count" \\
    "id:10,phase:1,deny,status:403,log,initcol:global=global,initcol:ip=%{{REMOTE_ADDR}},\\
    msg:'counts global=%{{global.hits}} ip=%{{ip.hits}}'"
SecAction "id:11,phase:1,pass,nolog,initcol:global=global,initcol:ip=%{{REMOTE_ADDR}},\\
    setvar:global.hits=+1,setvar:ip.hits=+1"
"""


def bruteforce_config(redis_url):
    rules = os.path.join(os.environ.get("RAMPART_SOURCE", "."), "rules", "bruteforce.conf")
    return f"""SecRuleEngine On
SecCollectionStore ip {redis_url}
Include "{rules}"
Redirect 401 /login
"""


class Fleet(unittest.TestCase):
    def setUp(self):
        self.redis = RedisServer().start()
        self.addCleanup(self.redis.cleanup)

    def servers(self, config):
        out = []
        for _ in range(2):
            h = Httpd(config=config)
            h.start()
            self.addCleanup(h.cleanup)
            out.append(h)
        return out

    def test_counters_add_up_across_two_servers(self):
        servers = self.servers(counter_config(self.redis.url))
        failures = []

        # A connection per request: mpm_event closes idle keep-alive connections when busy, and
        # a request lost that way could not be told from one counted.
        def client(n):
            try:
                for i in range(REQUESTS):
                    which = (n + i) % 2  # every client alternates between the servers
                    status = servers[which].request("GET", "/")[0]
                    if status != 200:
                        failures.append(status)
            except Exception as e:  # reported below; a thread must not die silently
                failures.append(repr(e))

        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=240)
        self.assertFalse(any(t.is_alive() for t in threads), "a client hung")
        self.assertEqual(failures, [])
        total = str(CLIENTS * REQUESTS)
        # The last write-backs run just after their responses: wait for them (bounded).
        self.assertEqual(self.redis.wait_for(GLOBAL_KEY, "hits", total), total,
                         servers[0].error_log() + servers[1].error_log())
        self.assertEqual(self.redis.hget(IP_KEY, "hits"), total)
        self.assertEqual(self.redis.hget(GLOBAL_KEY, "UPDATE_COUNTER"), total)
        for h in servers:
            self.assertEqual(h.request("GET", "/count")[0], 403)
            lines = h.wait_for_log("counts global=")
            self.assertTrue(lines, h.error_log())
            self.assertIn(f"counts global={total} ip={total}", lines[0])

    def test_bruteforce_block_crosses_servers(self):
        a, b = self.servers(bruteforce_config(self.redis.url))
        for _ in range(10):
            self.assertEqual(a.request("POST", "/login", body="user=admin&pw=x")[0], 401)
        # The 10th write-back runs just after its response.
        self.assertEqual(self.redis.wait_for(IP_KEY, "bruteforce_failures", "10"), "10")
        self.assertEqual(b.request("POST", "/login", body="user=admin&pw=x")[0], 403)
        lines = b.wait_for_log('[id "9511"]')
        self.assertEqual(len(lines), 1, b.error_log())
        self.assertIn("Brute force: 11 failed logins from 127.0.0.1", lines[0])
        self.assertEqual(self.redis.wait_for(IP_KEY, "block", "1"), "1")
        self.assertEqual(a.request("GET", "/")[0], 403)  # blocked on the other server too
        self.assertEqual(b.request("GET", "/")[0], 403)


if __name__ == "__main__":
    main()
