// `rampart tune --audit-log LOG`: proposes CRS exclusion rules for the most frequent
// false-positive patterns in audit logs (tune/proposals.h), printed for review.
#pragma once

namespace rampart::tune {

// argv holds the arguments after "tune". Exit codes: 0 done (with or without proposals);
// 1 no entry could be read; 2 bad usage.
int main_tune(int argc, char** argv);

}  // namespace rampart::tune
