// Performance variables, in microseconds as text. PERF_PHASE1..5: time spent running each phase
// so far (the audit log's Stopwatch2 p1..p5); PERF_COMBINED: their sum plus the rest; PERF_ALL:
// all of them in Stopwatch2's form "combined=N, p1=N, …, gc=N"; PERF_RULES: the rules that took
// longer than SecRulePerfTime, keyed by rule id. PERF_SREAD, PERF_SWRITE (persistent-storage
// reads and writes), PERF_LOGGING and PERF_GC are 0: Rampart does not time those separately
// (LMDB reads cost well under a microsecond; storage is written after phase 5).
// Example: SecRule PERF_COMBINED "@gt 10000" "id:1,phase:5,log,msg:'slow request'"
#include "variables/families.h"

namespace rampart::variables {

namespace {
void number(const TransactionState& tx, std::vector<Field>& out, long long v) {
  out.push_back(Field{{}, tx.keep(std::to_string(v))});
}
long long combined(const TransactionState& tx) {
  long long sum = 0;
  for (int p = 1; p <= 5; ++p) sum += tx.audit.phase_us[p];
  return sum;
}
}  // namespace

void perf_phase1(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, tx.audit.phase_us[1]);
}
void perf_phase2(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, tx.audit.phase_us[2]);
}
void perf_phase3(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, tx.audit.phase_us[3]);
}
void perf_phase4(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, tx.audit.phase_us[4]);
}
void perf_phase5(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, tx.audit.phase_us[5]);
}
void perf_combined(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, combined(tx));
}
void perf_zero(const TransactionState& tx, std::vector<Field>& out) {
  number(tx, out, 0);
}
void perf_all(const TransactionState& tx, std::vector<Field>& out) {
  std::string s = "combined=" + std::to_string(combined(tx));
  for (int p = 1; p <= 5; ++p)
    s += ", p" + std::to_string(p) + "=" + std::to_string(tx.audit.phase_us[p]);
  s += ", sr=0, sw=0, l=0, gc=0";
  out.push_back(Field{{}, tx.keep(std::move(s))});
}
void perf_rules(const TransactionState& tx, std::vector<Field>& out) {
  for (const auto& [id, us] : tx.perf_rules)
    out.push_back(Field{tx.keep(id), tx.keep(std::to_string(us))});
}

}  // namespace rampart::variables
