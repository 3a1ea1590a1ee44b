// The Store contract, run against both implementations: get, atomic update, scan, erase and
// bounded, resumable garbage collection.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <thread>
#include <vector>

#include "collections/lmdb_store.h"
#include "collections/memory_store.h"
#include "collections/record.h"

namespace rampart::collections {
namespace {

std::string record(int64_t expires_at, std::string_view value = "v") {
  Record r;
  r.expires_at = expires_at;
  r.vars.set("x", value);
  return encode(r);
}

// A record holding x=value; the stores' GC removes anything that is not a record.
std::string rec(std::string_view value) {
  return record(0, value);
}
std::string x_of(const std::optional<std::string>& bytes) {
  if (!bytes) return "<none>";
  auto r = decode(*bytes);
  return r && r->vars.get("x") ? *r->vars.get("x") : "<corrupt>";
}

Update put(std::string key, std::string bytes) {
  return Update{std::move(key), [bytes](std::optional<std::string_view>) { return bytes; }};
}

Update increment(std::string key) {
  return Update{std::move(key),
                [](std::optional<std::string_view> cur) -> std::optional<std::string> {
                  long long n = cur ? std::stoll(*decode(*cur)->vars.get("x")) : 0;
                  return rec(std::to_string(n + 1));
                }};
}

struct TempDir {
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("rampart-store-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::filesystem::path path;
  static inline int counter = 0;
};

class StoreTest : public ::testing::TestWithParam<bool> {  // true: LMDB
 protected:
  void SetUp() override {
    if (GetParam()) {
      std::string error;
      lmdb_ = LmdbStore::open(dir_.path.string(), LmdbOptions{}, error);
      ASSERT_TRUE(lmdb_) << error;
    }
  }
  Store& store() { return GetParam() ? static_cast<Store&>(*lmdb_) : memory_; }
  size_t count() {
    size_t n = 0;
    store().scan("", [&](std::string_view, std::string_view) { return ++n, true; });
    return n;
  }

  TempDir dir_;
  std::unique_ptr<LmdbStore> lmdb_;
  MemoryStore memory_;
};

TEST_P(StoreTest, GetWhatWasWritten) {
  EXPECT_FALSE(store().get("a").has_value());
  Update u = put("a", record(0, "one"));
  ASSERT_EQ(store().update(std::span(&u, 1), 100).status, WriteStatus::kOk);
  auto got = store().get("a");
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*decode(*got)->vars.get("x"), "one");
}

TEST_P(StoreTest, UpdateSeesTheCurrentValue) {
  Update first = put("k", rec("1"));
  store().update(std::span(&first, 1), 0);
  std::optional<std::string> seen;
  Update inc{"k", [&](std::optional<std::string_view> cur) -> std::optional<std::string> {
               seen = cur ? std::optional<std::string>(std::string(*cur)) : std::nullopt;
               return rec("2");
             }};
  store().update(std::span(&inc, 1), 0);
  EXPECT_EQ(x_of(seen), "1");
  EXPECT_EQ(x_of(store().get("k")), "2");
}

TEST_P(StoreTest, NothingToWriteLeavesTheRecord) {
  Update first = put("k", rec("1"));
  store().update(std::span(&first, 1), 0);
  Update none{"k", [](std::optional<std::string_view>) { return std::optional<std::string>(); }};
  EXPECT_EQ(store().update(std::span(&none, 1), 0).status, WriteStatus::kOk);
  EXPECT_EQ(x_of(store().get("k")), "1");
}

TEST_P(StoreTest, SeveralUpdatesInOneCall) {
  std::vector<Update> updates{put("a", rec("1")), put("b", rec("2"))};
  store().update(updates, 0);
  EXPECT_EQ(x_of(store().get("a")), "1");
  EXPECT_EQ(x_of(store().get("b")), "2");
}

TEST_P(StoreTest, ScanByPrefixInKeyOrder) {
  std::vector<Update> updates{put("p/b", rec("2")), put("p/a", rec("1")), put("q/a", rec("3"))};
  store().update(updates, 0);
  std::vector<std::string> keys;
  store().scan("p/", [&](std::string_view k, std::string_view) {
    keys.emplace_back(k);
    return true;
  });
  EXPECT_EQ(keys, (std::vector<std::string>{"p/a", "p/b"}));
}

TEST_P(StoreTest, Erase) {
  Update u = put("a", rec("1"));
  store().update(std::span(&u, 1), 0);
  EXPECT_TRUE(store().erase("a"));
  EXPECT_FALSE(store().erase("a"));
  EXPECT_FALSE(store().get("a").has_value());
}

TEST_P(StoreTest, GarbageCollectionIsBoundedAndResumes) {
  std::vector<Update> updates;
  for (int i = 0; i < 100; ++i) {
    char key[8];
    std::snprintf(key, sizeof key, "k%03d", i);
    updates.push_back(put(key, record(i % 2 == 0 ? 50 : 0)));  // even ones expire at 50
  }
  updates.push_back(put("zz-corrupt", "not a record"));
  store().update(updates, 10);  // now=10: nothing expired yet
  EXPECT_EQ(count(), 101u);
  EXPECT_LE(store().collect_garbage(10, 100), 10u);
  for (int pass = 0; pass < 30; ++pass) store().collect_garbage(10, 100);
  EXPECT_EQ(count(), 50u);  // the 50 that never expire; expired and unreadable ones are gone
}

TEST_P(StoreTest, WritesCollectGarbageIncrementally) {
  std::vector<Update> updates;
  for (int i = 0; i < 40; ++i) updates.push_back(put("old" + std::to_string(i), record(5)));
  store().update(updates, 1);
  for (int i = 0; i < 10; ++i) {
    Update u = put("fresh", record(0));
    store().update(std::span(&u, 1), 100);
  }
  EXPECT_EQ(count(), 1u);  // 10 writes x kGcStepsPerWrite records examined
}

TEST_P(StoreTest, ConcurrentIncrementsAreNotLost) {
  constexpr int kThreads = 8, kEach = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) {
        Update inc = increment("n");
        store().update(std::span(&inc, 1), 0);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(x_of(store().get("n")), std::to_string(kThreads * kEach));
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "Lmdb" : "Memory"; });

}  // namespace
}  // namespace rampart::collections
