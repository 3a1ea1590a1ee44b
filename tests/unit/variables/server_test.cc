// AUTH_TYPE, REMOTE_USER, REMOTE_HOST, PATH_INFO, USERAGENT_IP and SCRIPT_*: values only the
// connector knows (Transaction::set_server_variables, set_useragent_ip).
#include "engine_fixture.h"

namespace rampart::testing {
namespace {

ServerVariables cgi_vars() {
  ServerVariables v;
  v.auth_type = "Basic";
  v.remote_user = "alice";
  v.remote_host = "client.example.net";
  v.path_info = "/extra/path";
  v.script_filename = "/var/www/cgi-bin/env.cgi";
  v.script_stat = true;
  v.script_uid = 33;
  v.script_gid = 34;
  v.script_username = "www-data";
  v.script_groupname = "backup";
  v.script_mode = 0755;
  return v;
}

// Each rule denies with its own status when its variable has the expected value.
int status_for(const std::string& target, const std::string& expected, bool with_vars = true) {
  auto config = load_rules("SecRuleEngine On\nSecRule " + target + " \"@streq " + expected +
                           "\" \"id:1,phase:2,deny,status:418\"\n");
  Exchange ex(*config, get(""));
  if (with_vars) ex.tx().set_server_variables(cgi_vars());
  ex.tx().set_useragent_ip("198.51.100.7");
  return ex.run().status;
}

TEST(ServerVariables, Values) {
  EXPECT_EQ(status_for("AUTH_TYPE", "Basic"), 418);
  EXPECT_EQ(status_for("REMOTE_USER", "alice"), 418);
  EXPECT_EQ(status_for("REMOTE_HOST", "client.example.net"), 418);
  EXPECT_EQ(status_for("PATH_INFO", "/extra/path"), 418);
  EXPECT_EQ(status_for("USERAGENT_IP", "198.51.100.7"), 418);
  EXPECT_EQ(status_for("SCRIPT_FILENAME", "/var/www/cgi-bin/env.cgi"), 418);
  EXPECT_EQ(status_for("SCRIPT_BASENAME", "env.cgi"), 418);
  EXPECT_EQ(status_for("SCRIPT_UID", "33"), 418);
  EXPECT_EQ(status_for("SCRIPT_GID", "34"), 418);
  EXPECT_EQ(status_for("SCRIPT_USERNAME", "www-data"), 418);
  EXPECT_EQ(status_for("SCRIPT_GROUPNAME", "backup"), 418);
  EXPECT_EQ(status_for("SCRIPT_MODE", "0755"), 418);
}

// The connector may leave the names to be resolved only when a rule reads them.
TEST(ServerVariables, NamesResolvedOnDemand) {
  static int lookups = 0;
  ServerVariables v = cgi_vars();
  v.script_username = {};
  v.script_groupname = {};
  v.user_name = [](long long uid) {
    ++lookups;
    return uid == 33 ? std::string("www-data") : std::string();
  };
  v.group_name = [](long long gid) {
    ++lookups;
    return gid == 34 ? std::string("backup") : std::string();
  };
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule SCRIPT_USERNAME \"@streq www-data\" \"id:1,phase:2,pass,nolog,setvar:tx.u=1\"\n"
      "SecRule SCRIPT_GROUPNAME \"@streq backup\" \"id:2,phase:2,pass,nolog,setvar:tx.g=1\"\n");
  Exchange ex(*config, get(""));
  ex.tx().set_server_variables(v);
  ex.run();
  EXPECT_EQ(ex.tx_var("u"), "1");
  EXPECT_EQ(ex.tx_var("g"), "1");
  EXPECT_EQ(lookups, 2);
  auto other = load_rules("SecRuleEngine On\nSecRule ARGS \"@rx x\" \"id:1,phase:2,pass\"\n");
  Exchange quiet(*other, get("a=x"));
  quiet.tx().set_server_variables(v);
  quiet.run();
  EXPECT_EQ(lookups, 2);  // no rule asked: no lookup
}

// As in v2, what httpd does not have gives no value at all: the count is 0.
TEST(ServerVariables, UnknownGivesNoField) {
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule &REMOTE_USER|&AUTH_TYPE|&SCRIPT_UID \"!@eq 0\" \"id:1,phase:2,deny,status:418\"\n");
  Exchange ex(*config, get(""));
  EXPECT_FALSE(ex.run().disruptive());
}

// A mapped name without a file (a 404): SCRIPT_FILENAME yes, SCRIPT_UID no.
TEST(ServerVariables, FileThatDoesNotExist) {
  ServerVariables v;
  v.script_filename = "/var/www/html/missing.html";
  auto config = load_rules(
      "SecRuleEngine On\n"
      "SecRule &SCRIPT_UID \"@eq 0\" \"chain,id:1,phase:2,deny,status:418\"\n"
      "SecRule SCRIPT_BASENAME \"@streq missing.html\"\n");
  Exchange ex(*config, get(""));
  ex.tx().set_server_variables(v);
  EXPECT_EQ(ex.run().status, 418);
}

}  // namespace
}  // namespace rampart::testing
