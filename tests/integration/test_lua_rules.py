"""SecRuleScript through a real httpd: a Lua rule reads an argument with m.getvar and denies;
a script error is logged and the request goes on."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Httpd  # noqa: E402

BLOCK = """function main()
  local v = m.getvar("ARGS.user", "lowercase")
  if v == "root" then
    m.setvar("tx.lua_hit", "1")
    return "Lua: user root is not allowed"
  end
  return nil
end
"""

BROKEN = "function main() return nil .. 'x' end\n"


class LuaRules(unittest.TestCase):
    def test_lua_rule_denies_and_errors_are_not_fatal(self):
        config = """SecRuleEngine On
SecRuleScript @ROOT@/conf/block.lua "id:500,phase:2,deny,status:403"
SecRuleScript @ROOT@/conf/broken.lua "id:501,phase:2,deny,status:403"
"""
        with Httpd(config=config, files={"conf/block.lua": BLOCK,
                                         "conf/broken.lua": BROKEN}) as h:
            self.assertEqual(h.request("GET", "/?user=ROOT")[0], 403)
            lines = h.wait_for_log('[id "500"]')
            self.assertTrue(lines, h.error_log())
            self.assertIn("Lua: user root is not allowed", lines[0])
            self.assertEqual(h.request("GET", "/?user=alice")[0], 200)
            self.assertTrue(h.wait_for_log("broken.lua: error in main()"), h.error_log())


if __name__ == "__main__":
    unittest.main()
