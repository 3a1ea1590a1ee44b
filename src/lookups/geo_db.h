// SecGeoLookupDb: a MaxMind DB (.mmdb, GeoIP2/GeoLite2 City or Country) opened once when the
// directive is read, memory-mapped read-only and shared by every thread and every child process
// (libmaxminddb lookups on an open database need no lock). It hangs off the Config that loaded
// it and is closed with it.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace rampart::lookups {

// What @geoLookup puts in GEO. Text fields are empty when the database does not know them.
struct GeoRecord {
  std::string country_code, country_code3, country_name, country_continent;
  std::string region, city, postal_code;
  double latitude = 0, longitude = 0;
  long dma_code = 0;  // location.metro_code (US only)
};

class GeoDb {
 public:
  // Opens `path`; nullptr and `error` (what went wrong and what to do) on failure.
  static std::unique_ptr<GeoDb> open(const std::string& path, std::string& error);
  ~GeoDb();
  GeoDb(const GeoDb&) = delete;
  GeoDb& operator=(const GeoDb&) = delete;

  // Looks `address` (IPv4 or IPv6 text) up. False when it is not an address, is not in the
  // database, or the record is unreadable; `error` then says which.
  bool lookup(std::string_view address, GeoRecord& out, std::string& error) const;

  const std::string& path() const { return path_; }

 private:
  GeoDb() = default;
  struct Handle;
  std::unique_ptr<Handle> db_;
  std::string path_;
};

}  // namespace rampart::lookups
