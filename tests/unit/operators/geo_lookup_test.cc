// @geoLookup and SecGeoLookupDb against a .mmdb file written by the test itself
// (tests/integration/mmdb_writer.py: 192.0.2.0/24 a US city, 198.51.100.0/24 Germany without a
// city, 2001:db8::/32 France).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "engine/rule_harness.h"
#include "lookups/geo_db.h"
#include "lookups/temp_dir.h"

namespace rampart::testing {
namespace {

std::string writer() {
  return (std::filesystem::path(RAMPART_TEST_DATA).parent_path().parent_path() / "integration" /
          "mmdb_writer.py")
      .string();
}

class GeoLookup : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = dir_.path("test.mmdb");
    int rc = std::system(("python3 " + writer() + " " + db_).c_str());
    ASSERT_EQ(rc, 0) << "could not write the test database with " << writer();
  }
  // Runs `rules` after SecGeoLookupDb with REMOTE_ADDR 192.0.2.10 and ARGS:ip = `ip`.
  Outcome run(const std::string& rules, const std::string& ip = "") {
    return run_rules("SecGeoLookupDb " + db_ + "\n" + rules, get(ip.empty() ? "" : "ip=" + ip));
  }
  std::string geo(const Outcome& o, const std::string& key) {
    const std::string* v = o.ex->state().geo.get(key);
    return v ? *v : "<unset>";
  }
  TempDir dir_{"geo"};
  std::string db_;
};

TEST_F(GeoLookup, CityRecordFillsEveryField) {
  Outcome o = run("SecRule REMOTE_ADDR \"@geoLookup\" \"id:1,phase:1,pass,log\"\n");
  EXPECT_TRUE(o.logged("Geo lookup for \"192.0.2.10\" succeeded at REMOTE_ADDR.")) << o.line(0);
  EXPECT_EQ(geo(o, "COUNTRY_CODE"), "US");
  EXPECT_EQ(geo(o, "COUNTRY_CODE3"), "USA");
  EXPECT_EQ(geo(o, "COUNTRY_NAME"), "United States");
  EXPECT_EQ(geo(o, "COUNTRY_CONTINENT"), "NA");
  EXPECT_EQ(geo(o, "REGION"), "IL");
  EXPECT_EQ(geo(o, "CITY"), "Springfield");
  EXPECT_EQ(geo(o, "POSTAL_CODE"), "62701");
  EXPECT_EQ(geo(o, "LATITUDE"), "39.781700");
  EXPECT_EQ(geo(o, "LONGITUDE"), "-89.650100");
  EXPECT_EQ(geo(o, "DMA_CODE"), "648");
  EXPECT_EQ(geo(o, "AREA_CODE"), "0");
}

TEST_F(GeoLookup, CountryRecordLeavesCityFieldsEmpty) {
  Outcome o = run("SecRule ARGS:ip \"@geoLookup\" \"id:1,phase:1,pass,nolog\"\n", "198.51.100.7");
  EXPECT_EQ(geo(o, "COUNTRY_CODE"), "DE");
  EXPECT_EQ(geo(o, "COUNTRY_CODE3"), "DEU");
  EXPECT_EQ(geo(o, "COUNTRY_CONTINENT"), "EU");
  EXPECT_EQ(geo(o, "CITY"), "");
  EXPECT_EQ(geo(o, "LATITUDE"), "0.000000");
}

TEST_F(GeoLookup, Ipv6Address) {
  Outcome o = run("SecRule ARGS:ip \"@geoLookup\" \"id:1,phase:1,pass,nolog\"\n", "2001:db8::1");
  EXPECT_EQ(geo(o, "COUNTRY_CODE"), "FR");
}

TEST_F(GeoLookup, GeoFieldsInMacrosAndTargetsDenyByCountry) {
  Outcome o =
      run("SecRule REMOTE_ADDR \"@geoLookup\" "
          "\"id:1,phase:1,deny,chain,msg:'Blocked country %{GEO.COUNTRY_CODE}'\"\n"
          "SecRule GEO:COUNTRY_CODE \"@streq US\" \"t:none\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
  EXPECT_TRUE(o.logged("[msg \"Blocked country US\"]")) << o.line(0);
}

TEST_F(GeoLookup, AddressNotInTheDatabaseDoesNotMatchAndEmptiesGeo) {
  Outcome o =
      run("SecRule REMOTE_ADDR \"@geoLookup\" \"id:1,phase:1,pass,nolog\"\n"
          "SecRule ARGS:ip \"@geoLookup\" \"id:2,phase:1,pass,log\"\n"
          "SecRule &GEO:COUNTRY_CODE \"@eq 0\" \"id:3,phase:1,pass,log,msg:'geo cleared'\"\n",
          "203.0.113.9");
  EXPECT_FALSE(o.logged("id \"2\"")) << o.line(0);
  EXPECT_TRUE(o.logged("geo cleared"));
}

TEST_F(GeoLookup, NotAnAddressDoesNotMatch) {
  for (const char* v : {"not-an-ip", "", "999.1.1.1", "192.0.2.1%00"}) {
    Outcome o = run("SecRule ARGS:ip \"@geoLookup\" \"id:1,phase:1,pass,log\"\n", v);
    EXPECT_FALSE(o.logged("succeeded")) << v;
  }
}

TEST_F(GeoLookup, NegatedOperatorMatchesWhenTheLookupFails) {
  Outcome o = run("SecRule ARGS:ip \"!@geoLookup\" \"id:1,phase:1,deny\"\n", "203.0.113.9");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kDeny);
}

TEST(GeoLookupConfig, WithoutDatabaseNeverMatchesAndSaysWhatToSet) {
  Outcome o = run_rules("SecRule REMOTE_ADDR \"@geoLookup\" \"id:1,phase:1,deny\"\n");
  EXPECT_EQ(o.result.kind, Intervention::Kind::kNone);
  EXPECT_TRUE(o.logged("attempted without a database.  Set SecGeoLookupDB.")) << o.line(0);
  EXPECT_TRUE(o.logged("[id \"1\"]"));
}

TEST(GeoLookupConfig, MissingOrBrokenDatabaseIsAConfigError) {
  EXPECT_NE(load_error("SecGeoLookupDb /nonexistent/GeoLite2-City.mmdb\n")
                .find("SecGeoLookupDb: cannot open GeoIP database"),
            std::string::npos);
  TempDir dir("geo-broken");
  std::string bad = dir.write("bad.mmdb", std::string(4096, 'x'));
  std::string err = load_error("SecGeoLookupDb " + bad + "\n");
  EXPECT_NE(err.find("MaxMind DB"), std::string::npos) << err;
}

TEST(GeoLookupConfig, RelativePathIsTakenFromTheConfigFile) {
  // load_rules names the file /rules/test.conf, so a relative name resolves under /rules.
  EXPECT_NE(load_error("SecGeoLookupDb GeoLite2-City.mmdb\n").find("/rules/GeoLite2-City.mmdb"),
            std::string::npos);
}

TEST_F(GeoLookup, DatabaseIsInheritedByChildContexts) {
  auto parent = load_rules("SecRuleEngine On\nSecGeoLookupDb " + db_ + "\n");
  auto child = load_rules("SecRule REMOTE_ADDR \"@geoLookup\" \"id:1,phase:1,deny\"\n");
  auto merged = Config::merge(*parent, *child);
  Exchange ex(*merged, Request());
  EXPECT_EQ(ex.run().kind, Intervention::Kind::kDeny);
}

TEST_F(GeoLookup, GeoDbLookupReportsWhy) {
  std::string error;
  auto db = lookups::GeoDb::open(db_, error);
  ASSERT_TRUE(db) << error;
  lookups::GeoRecord r;
  EXPECT_TRUE(db->lookup("192.0.2.255", r, error));
  EXPECT_FALSE(db->lookup("192.0.3.1", r, error));
  EXPECT_EQ(error, "not in the database");
  EXPECT_FALSE(db->lookup("nope", r, error));
  EXPECT_EQ(error, "not an IP address");
  EXPECT_FALSE(db->lookup("localhost", r, error));  // never resolved through DNS
  EXPECT_EQ(error, "not an IP address");
}

}  // namespace
}  // namespace rampart::testing
