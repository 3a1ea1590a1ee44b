// @geoLookup: looks the value (an IPv4 or IPv6 address, usually REMOTE_ADDR) up in the
// SecGeoLookupDb database and fills GEO. Matches when the lookup succeeds; GEO is emptied first,
// so it never shows an earlier lookup's country after a failed one.
// Parameter: none. Example:
//   SecGeoLookupDb GeoLite2-City.mmdb
//   SecRule REMOTE_ADDR "@geoLookup" "id:1,phase:1,chain,deny,msg:'from %{GEO.COUNTRY_CODE}'"
//   SecRule GEO:COUNTRY_CODE "@pm XX YY"
// Message: Geo lookup for "<value>" succeeded at <var>.
// Without SecGeoLookupDb it never matches and logs why once per evaluation.
#include <cstdio>

#include "engine/transaction_state.h"
#include "log/alert.h"
#include "lookups/geo_db.h"
#include "lookups/report.h"
#include "operators/all.h"

namespace rampart::operators {

namespace {

std::string fixed6(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%f", v);  // v2 prints coordinates with %f
  return buf;
}

class GeoLookup final : public Operator {
 public:
  bool match(std::string_view value, std::string_view, MatchState& st) const override {
    const TransactionState& tx = *st.tx;
    const lookups::GeoDb* db = tx.settings().geo_db.get();
    if (db == nullptr) {
      lookups::report_error(tx, "Geo lookup for \"" + log::escape(value) +
                                    "\" attempted without a database.  Set SecGeoLookupDB.");
      return false;
    }
    tx.geo.clear();
    lookups::GeoRecord r;
    std::string error;
    if (!db->lookup(value, r, error)) {
      if (tx.debug_enabled(4))
        tx.debug(4, "Geo lookup for \"" + log::escape(value) + "\" failed at " +
                        std::string(st.var_name()) + ": " + error + ".");
      return false;
    }
    Collection& geo = tx.geo;
    geo.set("COUNTRY_CODE", r.country_code);
    geo.set("COUNTRY_CODE3", r.country_code3);
    geo.set("COUNTRY_NAME", r.country_name);
    geo.set("COUNTRY_CONTINENT", r.country_continent);
    geo.set("REGION", r.region);
    geo.set("CITY", r.city);
    geo.set("POSTAL_CODE", r.postal_code);
    geo.set("LATITUDE", fixed6(r.latitude));
    geo.set("LONGITUDE", fixed6(r.longitude));
    geo.set("DMA_CODE", std::to_string(r.dma_code));
    geo.set("AREA_CODE", "0");  // telephone area codes are not in MaxMind DB files
    st.message = "Geo lookup for \"" + log::escape(value) + "\" succeeded at ";
    st.message.append(st.var_name()).append(".");
    return true;
  }
};

}  // namespace

std::unique_ptr<Operator> make_geo_lookup(const OperatorArgs&, std::string&) {
  return std::make_unique<GeoLookup>();
}

}  // namespace rampart::operators
