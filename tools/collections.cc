// rampart collections --data-dir DIR COMMAND …
//   list [COLLECTION]                 one line per record: collection, key, expiry, variables
//   show COLLECTION KEY               every variable of one record
//   delete COLLECTION KEY [VARIABLE]  remove a record (unblocks / resets it) or one variable
//   dump                              every record as JSON
//   gc                                remove expired records now
// --app NAME picks the SecWebAppId of SESSION and USER records (default "default").
// Safe while httpd runs: LMDB lets this process read and write alongside the httpd children.
#include "collections.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "actions/collection_ref.h"
#include "collections/expiry.h"
#include "collections/key.h"
#include "collections/lmdb_store.h"
#include "collections/record.h"
#include "engine/collection.h"

namespace rampart::tools {

namespace {

using collections::Record;

int usage() {
  std::fprintf(stderr,
               "usage: rampart collections --data-dir DIR [--app NAME] COMMAND\n"
               "  list [COLLECTION]                 records, with expiry and variable count\n"
               "  show COLLECTION KEY               the variables of one record\n"
               "  delete COLLECTION KEY [VARIABLE]  remove a record (e.g. unblock an IP) or one "
               "variable\n"
               "  dump                              every record as JSON\n"
               "  gc                                remove expired records now\n"
               "COLLECTION is IP, GLOBAL, RESOURCE, SESSION or USER; --app is the SecWebAppId of\n"
               "SESSION and USER records (default: default).\n");
  return 2;
}

int64_t now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string printable(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c >= 0x7f) {  // bytes, not UTF-8 text: keep JSON ASCII and lossless
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string expiry_text(const Record& r, int64_t t) {
  if (r.expires_at == 0) return "never expires";
  if (collections::record_expired(r, t)) return "expired (removed at the next gc)";
  return "expires in " + std::to_string(r.expires_at - t) + "s";
}

struct Options {
  std::string data_dir, app = "default";
  std::vector<std::string> args;
};

std::string scope_of(const Options& o, std::string_view collection) {
  return actions::is_app_scoped_collection(collection) ? o.app : "";
}

int list(collections::Store& store, const Options& o) {
  std::string prefix;
  if (o.args.size() > 1) prefix = collections::collection_prefix(scope_of(o, o.args[1]), o.args[1]);
  int64_t t = now();
  size_t n = 0;
  store.scan(prefix, [&](std::string_view key, std::string_view value) {
    auto parts = collections::split_record_key(key);
    auto record = collections::decode(value);
    if (!parts || !record) return true;
    std::printf("%s%s%s %s  (%s, %zu variables)\n", std::string(parts->scope).c_str(),
                parts->scope.empty() ? "" : "/", std::string(parts->collection).c_str(),
                printable(parts->key).c_str(), expiry_text(*record, t).c_str(),
                record->vars.entries().size());
    ++n;
    return true;
  });
  std::fprintf(stderr, "%zu record%s\n", n, n == 1 ? "" : "s");
  return 0;
}

int show(collections::Store& store, const Options& o) {
  if (o.args.size() != 3) return usage();
  std::string key = collections::record_key(scope_of(o, o.args[1]), o.args[1], o.args[2]);
  auto bytes = store.get(key);
  auto record = bytes ? collections::decode(*bytes) : std::nullopt;
  if (!record) {
    std::fprintf(stderr, "no record %s %s\n", to_upper(o.args[1]).c_str(), o.args[2].c_str());
    return 1;
  }
  std::printf("%s %s  (%s)\n", to_upper(o.args[1]).c_str(), printable(o.args[2]).c_str(),
              expiry_text(*record, now()).c_str());
  for (const auto& e : record->vars.entries())
    std::printf("  %s = %s\n", printable(e.name).c_str(), printable(e.value).c_str());
  return 0;
}

int erase(collections::Store& store, const Options& o) {
  if (o.args.size() != 3 && o.args.size() != 4) return usage();
  std::string key = collections::record_key(scope_of(o, o.args[1]), o.args[1], o.args[2]);
  std::string what = to_upper(o.args[1]) + " " + o.args[2];
  if (o.args.size() == 3) {
    if (!store.erase(key)) {
      std::fprintf(stderr, "no record %s\n", what.c_str());
      return 1;
    }
    std::printf("deleted %s\n", what.c_str());
    return 0;
  }
  const std::string& var = o.args[3];
  bool found = false;
  collections::Update u{key,
                        [&](std::optional<std::string_view> current) -> std::optional<std::string> {
                          found = false;
                          auto record = current ? collections::decode(*current) : std::nullopt;
                          if (!record || !record->vars.get(var)) return std::nullopt;
                          found = true;
                          record->vars.erase(var);
                          record->vars.erase(std::string(collections::kExpirePrefix) + var);
                          return collections::encode(*record);
                        }};
  auto result = store.update(std::span(&u, 1), now());
  if (result.status != collections::WriteStatus::kOk) {
    std::fprintf(stderr, "%s\n", result.message.c_str());
    return 1;
  }
  if (!found) {
    std::fprintf(stderr, "no variable %s in %s\n", var.c_str(), what.c_str());
    return 1;
  }
  std::printf("deleted %s from %s\n", var.c_str(), what.c_str());
  return 0;
}

int dump(collections::Store& store) {
  std::printf("[");
  bool first = true;
  store.scan("", [&](std::string_view key, std::string_view value) {
    auto parts = collections::split_record_key(key);
    auto record = collections::decode(value);
    if (!parts || !record) return true;
    std::printf(
        "%s\n  {\"app\": %s, \"collection\": %s, \"key\": %s, \"expires_at\": %lld, "
        "\"variables\": {",
        first ? "" : ",", json_string(parts->scope).c_str(), json_string(parts->collection).c_str(),
        json_string(parts->key).c_str(), static_cast<long long>(record->expires_at));
    bool first_var = true;
    for (const auto& e : record->vars.entries()) {
      std::printf("%s%s: %s", first_var ? "" : ", ", json_string(e.name).c_str(),
                  json_string(e.value).c_str());
      first_var = false;
    }
    std::printf("}}");
    first = false;
    return true;
  });
  std::printf("%s]\n", first ? "" : "\n");
  return 0;
}

int gc(collections::Store& store) {
  size_t removed = 0, pass = 0;
  // Bounded passes: each examines up to 10000 records; stop when a pass finds nothing.
  for (int i = 0; i < 1000; ++i) {
    pass = store.collect_garbage(10000, now());
    removed += pass;
    if (pass == 0) break;
  }
  std::printf("removed %zu expired record%s\n", removed, removed == 1 ? "" : "s");
  return 0;
}

}  // namespace

int collections_main(int argc, char** argv) {
  Options o;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--data-dir") == 0 && i + 1 < argc) {
      o.data_dir = argv[++i];
    } else if (std::strcmp(argv[i], "--app") == 0 && i + 1 < argc) {
      o.app = argv[++i];
    } else {
      o.args.emplace_back(argv[i]);
    }
  }
  if (o.data_dir.empty() || o.args.empty()) return usage();
  const std::string& cmd = o.args[0];
  if (cmd != "list" && cmd != "show" && cmd != "delete" && cmd != "dump" && cmd != "gc")
    return usage();
  if ((cmd == "show" || cmd == "delete" || (cmd == "list" && o.args.size() > 1)) &&
      !actions::is_persistent_collection(o.args[1])) {
    std::fprintf(stderr, "unknown collection '%s': use IP, GLOBAL, RESOURCE, SESSION or USER\n",
                 o.args[1].c_str());
    return 2;
  }
  collections::LmdbOptions options;
  options.map_size = 0;    // adopt the size httpd gave the database
  options.create = false;  // never create files here: they would belong to root, not httpd
  std::string error;
  auto store = collections::LmdbStore::open(o.data_dir, options, error);
  if (!store) {
    std::fprintf(stderr, "rampart collections: %s\n", error.c_str());
    return 1;
  }
  if (cmd == "list") return list(*store, o);
  if (cmd == "show") return show(*store, o);
  if (cmd == "delete") return erase(*store, o);
  if (cmd == "dump") return dump(*store);
  return gc(*store);
}

}  // namespace rampart::tools
