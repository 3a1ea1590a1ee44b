#include "lookups/geo_db.h"

#include <maxminddb.h>

#include <cerrno>
#include <cstring>

#include "lookups/country_codes.h"

namespace rampart::lookups {

struct GeoDb::Handle {
  MMDB_s mmdb{};
};

namespace {

// The UTF-8 string at `path` (e.g. {"country", "iso_code"}), empty when absent.
std::string text_at(MMDB_entry_s& entry, const char* const* path) {
  MMDB_entry_data_s data;
  if (MMDB_aget_value(&entry, &data, path) != MMDB_SUCCESS || !data.has_data) return {};
  if (data.type != MMDB_DATA_TYPE_UTF8_STRING) return {};
  return std::string(data.utf8_string, data.data_size);
}

bool number_at(MMDB_entry_s& entry, const char* const* path, double& out) {
  MMDB_entry_data_s data;
  if (MMDB_aget_value(&entry, &data, path) != MMDB_SUCCESS || !data.has_data) return false;
  switch (data.type) {
    case MMDB_DATA_TYPE_DOUBLE:
      out = data.double_value;
      return true;
    case MMDB_DATA_TYPE_FLOAT:
      out = data.float_value;
      return true;
    case MMDB_DATA_TYPE_UINT16:
      out = data.uint16;
      return true;
    case MMDB_DATA_TYPE_UINT32:
      out = data.uint32;
      return true;
    case MMDB_DATA_TYPE_INT32:
      out = data.int32;
      return true;
    default:
      return false;
  }
}

}  // namespace

std::unique_ptr<GeoDb> GeoDb::open(const std::string& path, std::string& error) {
  std::unique_ptr<GeoDb> db(new GeoDb());
  db->db_ = std::make_unique<Handle>();
  db->path_ = path;
  int rc = MMDB_open(path.c_str(), MMDB_MODE_MMAP, &db->db_->mmdb);
  if (rc != MMDB_SUCCESS) {
    db->db_.reset();  // nothing to close
    error = "cannot open GeoIP database \"" + path + "\": " + MMDB_strerror(rc) +
            (rc == MMDB_IO_ERROR ? std::string(" (") + std::strerror(errno) + ")" : "") +
            ". Give a MaxMind DB file (.mmdb), e.g. GeoLite2-City.mmdb; legacy GeoIP .dat files "
            "are not supported";
    return nullptr;
  }
  return db;
}

GeoDb::~GeoDb() {
  if (db_) MMDB_close(&db_->mmdb);
}

bool GeoDb::lookup(std::string_view address, GeoRecord& out, std::string& error) const {
  std::string ip(address);
  if (ip.find('\0') != std::string::npos) {  // "192.0.2.1%00x" must not pass as 192.0.2.1
    error = "not an IP address";
    return false;
  }
  int gai_error = 0, mmdb_error = 0;
  MMDB_lookup_result_s r = MMDB_lookup_string(&db_->mmdb, ip.c_str(), &gai_error, &mmdb_error);
  if (gai_error != 0) {
    error = "not an IP address";
    return false;
  }
  if (mmdb_error != MMDB_SUCCESS) {
    error = MMDB_strerror(mmdb_error);
    return false;
  }
  if (!r.found_entry) {
    error = "not in the database";
    return false;
  }
  static constexpr const char* kCountry[] = {"country", "iso_code", nullptr};
  static constexpr const char* kRegisteredCountry[] = {"registered_country", "iso_code", nullptr};
  static constexpr const char* kCountryName[] = {"country", "names", "en", nullptr};
  static constexpr const char* kContinent[] = {"continent", "code", nullptr};
  static constexpr const char* kRegion[] = {"subdivisions", "0", "iso_code", nullptr};
  static constexpr const char* kCity[] = {"city", "names", "en", nullptr};
  static constexpr const char* kPostal[] = {"postal", "code", nullptr};
  static constexpr const char* kLatitude[] = {"location", "latitude", nullptr};
  static constexpr const char* kLongitude[] = {"location", "longitude", nullptr};
  static constexpr const char* kMetro[] = {"location", "metro_code", nullptr};
  MMDB_entry_s& e = r.entry;
  out = GeoRecord{};
  out.country_code = text_at(e, kCountry);
  // Anonymous proxies and satellite providers have no country, only a registered one.
  if (out.country_code.empty()) out.country_code = text_at(e, kRegisteredCountry);
  out.country_code3 = std::string(country_code3(out.country_code));
  out.country_name = text_at(e, kCountryName);
  out.country_continent = text_at(e, kContinent);
  out.region = text_at(e, kRegion);
  out.city = text_at(e, kCity);
  out.postal_code = text_at(e, kPostal);
  number_at(e, kLatitude, out.latitude);
  number_at(e, kLongitude, out.longitude);
  double metro = 0;
  if (number_at(e, kMetro, metro)) out.dma_code = static_cast<long>(metro);
  return true;
}

}  // namespace rampart::lookups
