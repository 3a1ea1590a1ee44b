// GEO: the fields @geoLookup found for the address it was given (COUNTRY_CODE, COUNTRY_CODE3,
// COUNTRY_NAME, COUNTRY_CONTINENT, REGION, CITY, POSTAL_CODE, LATITUDE, LONGITUDE, DMA_CODE,
// AREA_CODE). Empty until a @geoLookup succeeds in this transaction.
//   SecRule REMOTE_ADDR "@geoLookup" "id:1,phase:1,chain,deny"
//   SecRule GEO:COUNTRY_CODE "@streq XX"
#include "engine/collection.h"
#include "engine/transaction_state.h"
#include "variables/families.h"

namespace rampart::variables {

void geo_collection(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& e : tx.geo.entries()) out.push_back(Field{tx.keep(e.name), tx.keep(e.value)});
}

void geo_lookup(const TransactionState& tx, std::string_view key, std::vector<Field>& out) {
  if (const Collection::Entry* e = tx.geo.entry(key))
    out.push_back(Field{tx.keep(e->name), tx.keep(e->value)});
}

}  // namespace rampart::variables
