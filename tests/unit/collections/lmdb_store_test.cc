// What only the LMDB store does: survive a reopen, refuse a missing database when asked not to
// create one, report a full map once and keep working, and share one database between processes.
#include "collections/lmdb_store.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <thread>
#include <vector>

#include "collections/record.h"

namespace rampart::collections {
namespace {

struct TempDir {
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("rampart-lmdb-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string str() const { return path.string(); }
  std::filesystem::path path;
  static inline int counter = 0;
};

// A record holding x=value; the store's GC removes anything that is not a record.
std::string rec(std::string_view value) {
  Record r;
  r.vars.set("x", value);
  return encode(r);
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

TEST(LmdbStore, SurvivesReopen) {
  TempDir dir;
  std::string error;
  {
    auto s = LmdbStore::open(dir.str(), {}, error);
    ASSERT_TRUE(s) << error;
    Update u = put("k", rec("v"));
    s->update(std::span(&u, 1), 0);
  }
  auto s = LmdbStore::open(dir.str(), {}, error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(x_of(s->get("k")), "v");
}

TEST(LmdbStore, CountsItsRecords) {
  TempDir dir;
  std::string error;
  auto s = LmdbStore::open(dir.str(), {}, error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->record_count(), 0u);
  Update u[] = {put("a", rec("1")), put("b", rec("2")), put("a", rec("3"))};
  s->update(u, 0);
  EXPECT_EQ(s->record_count(), 2u);
  s->erase("a");
  EXPECT_EQ(s->record_count(), 1u);
}

TEST(LmdbStore, ErrorsSayWhatToDo) {
  std::string error;
  EXPECT_FALSE(LmdbStore::open("/nonexistent/rampart", {}, error));
  EXPECT_NE(error.find("is not a directory: create it"), std::string::npos) << error;
  TempDir dir;
  LmdbOptions no_create;
  no_create.create = false;
  EXPECT_FALSE(LmdbStore::open(dir.str(), no_create, error));
  EXPECT_NE(error.find("no collection database"), std::string::npos) << error;
  EXPECT_FALSE(std::filesystem::exists(dir.path / "data.mdb"));
}

TEST(LmdbStore, FullMapIsLoggedOnceAndReadsKeepWorking) {
  TempDir dir;
  std::vector<std::string> logged;
  LmdbOptions options;
  options.map_size = 1u << 20;
  options.log_error = [&](std::string_view m) { logged.emplace_back(m); };
  std::string error;
  auto s = LmdbStore::open(dir.str(), options, error);
  ASSERT_TRUE(s) << error;
  Update first = put("first", rec("kept"));
  ASSERT_EQ(s->update(std::span(&first, 1), 0).status, WriteStatus::kOk);
  std::string big = rec(std::string(64 * 1024, 'x'));
  int full = 0;
  for (int i = 0; i < 64 && full < 3; ++i) {
    Update u = put("big" + std::to_string(i), big);
    if (s->update(std::span(&u, 1), 0).status == WriteStatus::kMapFull) ++full;
  }
  EXPECT_EQ(full, 3);
  ASSERT_EQ(logged.size(), 1u);
  EXPECT_NE(logged[0].find("SecCollectionMapSize"), std::string::npos);
  EXPECT_EQ(x_of(s->get("first")), "kept");
  EXPECT_TRUE(s->erase("big0"));  // space freed: small writes work again
  Update small = put("small", rec("ok"));
  EXPECT_EQ(s->update(std::span(&small, 1), 0).status, WriteStatus::kOk);
}

// LMDB reuses freed pages only two write transactions later, so the write that finds the map
// full may itself be dropped; the ones after it succeed once GC has freed expired records.
TEST(LmdbStore, FullMapRecoversOnceExpiredRecordsAreCollected) {
  TempDir dir;
  LmdbOptions options;
  options.map_size = 1u << 20;
  std::string error;
  auto s = LmdbStore::open(dir.str(), options, error);
  ASSERT_TRUE(s) << error;
  Record old;
  old.expires_at = 10;
  old.vars.set("pad", std::string(60 * 1024, 'x'));
  std::string bytes = encode(old);
  int written = 0;
  for (int i = 0; i < 64; ++i) {
    Update u = put("old" + std::to_string(i), bytes);
    if (s->update(std::span(&u, 1), 5).status == WriteStatus::kOk) ++written;
  }
  ASSERT_LT(written, 64);  // the map did fill up
  int attempts = 0;
  for (; attempts < 5; ++attempts) {
    Update fresh = put("fresh", rec(std::string(60 * 1024, 'y')));
    if (s->update(std::span(&fresh, 1), 100).status == WriteStatus::kOk) break;
  }
  EXPECT_LT(attempts, 3);
  EXPECT_EQ(x_of(s->get("fresh")), std::string(60 * 1024, 'y'));
}

// The requirement: 2 processes x 50 threads incrementing one counter lose nothing.
TEST(LmdbStore, TwoProcessesFiftyThreadsEachLoseNoIncrement) {
  TempDir dir;
  constexpr int kThreads = 50, kEach = 20;
  auto hammer = [&] {
    std::string error;
    auto s = LmdbStore::open(dir.str(), {}, error);  // opened after fork, as in httpd
    if (!s) return false;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&] {
        for (int i = 0; i < kEach; ++i) {
          Update u = increment("n");
          s->update(std::span(&u, 1), 0);
        }
      });
    for (auto& t : threads) t.join();
    return true;
  };
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(hammer() ? 0 : 1);
  EXPECT_TRUE(hammer());
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  std::string error;
  auto s = LmdbStore::open(dir.str(), {}, error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(x_of(s->get("n")), std::to_string(2 * kThreads * kEach));
}

// A process killed inside a read transaction leaves its reader slot behind while other
// processes (the other httpd children) keep the database open; clear_stale_readers frees it.
TEST(LmdbStore, StaleReaderSlotsOfKilledProcessesAreFreed) {
  TempDir dir;
  std::string error;
  auto s = LmdbStore::open(dir.str(), {}, error);
  ASSERT_TRUE(s) << error;
  int pipe_fd[2];
  ASSERT_EQ(pipe(pipe_fd), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    MDB_env* env = nullptr;
    mdb_env_create(&env);
    mdb_env_set_maxreaders(env, 1024);
    mdb_env_open(env, dir.str().c_str(), MDB_NOTLS, 0640);
    MDB_txn* txn = nullptr;
    char c = mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn) == 0 ? 'r' : 'e';
    (void)!write(pipe_fd[1], &c, 1);
    pause();  // killed here, mid-transaction
    _exit(0);
  }
  char c = 0;
  ASSERT_EQ(read(pipe_fd[0], &c, 1), 1);
  EXPECT_EQ(c, 'r');
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  close(pipe_fd[0]);
  close(pipe_fd[1]);
  EXPECT_EQ(s->clear_stale_readers(), 1);
  EXPECT_EQ(s->clear_stale_readers(), 0);
}

}  // namespace
}  // namespace rampart::collections
