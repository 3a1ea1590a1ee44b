// `rampart replay`: evaluates a rule set offline, without httpd, against recorded requests (raw
// HTTP, HAR, or Rampart/ModSecurity audit logs) and prints what each request would meet: the
// rules that fired, the anomaly scores, the verdict and the time. --diff compares two rule sets;
// --profile reports where the rules spend their time.
#pragma once

namespace rampart::replay {

// argv holds the arguments after "replay". Exit codes: 0 done; 1 with --diff, some request's
// verdict differs (as diff(1)), or nothing could be replayed; 2 bad usage or a rule file error.
int main_replay(int argc, char** argv);

}  // namespace rampart::replay
