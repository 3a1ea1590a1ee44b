// TIME* variables (local time when the transaction started; TIME is YYYYMMDDHHMMSS as v2.9
// really produces, though its manual says hh:mm:ss) and
// DURATION (microseconds since the transaction started).
#include <cstdio>
#include <ctime>

#include "variables/families.h"

namespace rampart::variables {

namespace {

std::tm local_start(const TransactionState& tx) {
  std::time_t t = std::chrono::system_clock::to_time_t(tx.started);
  std::tm tm{};
  localtime_r(&t, &tm);
  return tm;
}

void number(const TransactionState& tx, std::vector<Field>& out, long long n, bool two_digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, two_digits ? "%02lld" : "%lld", n);
  out.push_back(Field{{}, tx.keep(buf)});
}

}  // namespace

void time_full(const TransactionState& tx, std::vector<Field>& out) {
  std::tm tm = local_start(tx);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y%m%d%H%M%S", &tm);  // v2.9's actual format
  out.push_back(Field{{}, tx.keep(buf)});
}
void time_day(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_mday, true);
}
void time_epoch(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, std::chrono::system_clock::to_time_t(tx.started), false);
}
void time_hour(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_hour, true);
}
void time_min(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_min, true);
}
void time_mon(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_mon + 1, true);
}
void time_sec(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_sec, true);
}
void time_wday(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_wday, false);
}
void time_year(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, local_start(tx).tm_year + 1900, false);
}
void duration(const TransactionState& tx, std::vector<Field>& out) {
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::system_clock::now() - tx.started)
                .count();
  number(tx, out, us, false);
}

}  // namespace rampart::variables
