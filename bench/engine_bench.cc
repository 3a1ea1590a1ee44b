// Engine microbenchmarks (Google Benchmark), no httpd:
//   crs/<pl>/<request>   one transaction of the fixed corpus (bench/corpus.h) through CRS v4 at
//                        PL1 or PL4, blocking; items_per_second = transactions per second per core
//   transform/<name>/…   every t: function on a typical value and a 4 KB worst case
//   operator/<name>/…    the operators CRS uses, on a typical value and a 4 KB worst case
//   pm_file/<file>       @pmFromFile with each CRS .data file on 4 KB of benign text
//   compile/…            loading (parsing and compiling) the whole CRS rule set
//
//   build-bench/rampart_bench_engine [--benchmark_filter=crs/] [--benchmark_min_time=0.5s]
// CRS is read from $RAMPART_CRS (default /work/shared/crs).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench_request.h"
#include "corpus.h"
#include "engine/regex.h"
#include "operators/operator.h"
#include "transforms/transform.h"

namespace rb = rampart::bench;

namespace {

const rampart::Config& crs_config(int pl) {
  static auto pl1 = rb::load_or_die(rb::crs_config_text(1));
  static auto pl4 = rb::load_or_die(rb::crs_config_text(4));
  static auto none = rb::load_or_die(rb::crs_config_text(0));
  return pl == 1 ? *pl1 : pl == 4 ? *pl4 : *none;
}

void register_crs() {
  static const auto requests = rb::corpus();
  for (int pl : {0, 1, 4}) {
    for (const auto& named : requests) {
      std::string name =
          "crs/" + (pl ? "pl" + std::to_string(pl) : std::string("norules")) + "/" + named.name;
      benchmark::RegisterBenchmark(name.c_str(), [pl, &named](benchmark::State& state) {
        const auto& config = crs_config(pl);
        int status = rb::run_transaction(config, named.request);
        for (auto _ : state) benchmark::DoNotOptimize(rb::run_transaction(config, named.request));
        state.SetItemsProcessed(state.iterations());
        state.counters["status"] = status;  // 403 for the attack, 0 (passed) for the others
      })->Unit(benchmark::kMicrosecond);
    }
  }
}

// A typical CRS target value, and a 4 KB value dense in what decoders and matchers work on.
const std::string kTypical = "blue+shoes%20size%3D42&lang=en-US;q=0.9 /catalog/item.html";
const std::string kWorst =
    rb::repeat("%3Cscript%3E&#x3c;\\x3c\\u003c/*c*/ ../..\\\t  %u0041&lt;SeLeCt 0x41 '\"||\r\n",
               4096 / 64)
        .substr(0, 4096);

void register_transforms() {
  for (const auto& def : rampart::transforms::all()) {
    for (auto [label, input] : {std::pair{"typical", &kTypical}, std::pair{"worst4k", &kWorst}}) {
      std::string name = "transform/" + std::string(def.name) + "/" + label;
      // A copy of the binding: clang 14 cannot capture structured bindings (C++20 allows it).
      const std::string* text = input;
      benchmark::RegisterBenchmark(name.c_str(), [&def, text](benchmark::State& state) {
        rampart::transforms::TransformContext ctx;
        std::string out;
        for (auto _ : state) {
          out.clear();
          benchmark::DoNotOptimize(rampart::transforms::apply(def, *text, out, ctx));
        }
        state.SetBytesProcessed(state.iterations() * text->size());
      });
    }
  }
}

struct OperatorCase {
  const char* op;
  const char* param;
};

// Parameters as CRS writes them (one representative rule each).
const OperatorCase kOperators[] = {
    {"rx", "(?i)<script[^>]*>[\\s\\S]*?"},  // 941110-like
    {"rx",
     "(?i)(?:\\b(?:s(?:elect\\b.{1,100}?\\b(?:from|into)|ubstring\\b)|union\\b.{1,100}?"
     "\\bselect)\\b)"},
    {"pm", "document.cookie document.write .parentnode .innerhtml window.location -moz-binding"},
    {"detectSQLi", ""},
    {"detectXSS", ""},
    {"contains", "<script"},
    {"streq", "POST"},
    {"beginsWith", "/admin"},
    {"within", "GET HEAD POST OPTIONS"},
    {"validateByteRange", "1-255"},
    {"validateUrlEncoding", ""},
    {"validateUtf8Encoding", ""},
    {"ipMatch", "127.0.0.1,::1,10.0.0.0/8,192.168.0.0/16"},
    {"eq", "0"},
};

void register_operators() {
  for (const auto& c : kOperators) {
    const auto* def = rampart::operators::find(c.op);
    if (!def) continue;
    std::string error;
    rampart::operators::OperatorArgs args{c.param, false, ""};
    std::shared_ptr<rampart::operators::Operator> op = def->make(args, error);
    if (!op) {
      std::fprintf(stderr, "operator @%s %s: %s\n", c.op, c.param, error.c_str());
      continue;
    }
    std::string param = c.param;
    for (auto [label, input] : {std::pair{"typical", &kTypical}, std::pair{"worst4k", &kWorst}}) {
      std::string name =
          "operator/" + std::string(c.op) + "/" + label + "/" + std::string(c.param).substr(0, 24);
      const std::string* text = input;  // see register_transforms
      benchmark::RegisterBenchmark(name.c_str(), [op, param, text](benchmark::State& state) {
        rampart::RegexScratch scratch;
        for (auto _ : state) {
          rampart::operators::MatchState st;
          st.scratch = &scratch;
          st.set_var_name("ARGS:q");
          benchmark::DoNotOptimize(op->match(*text, param, st));
        }
        state.SetBytesProcessed(state.iterations() * text->size());
      });
    }
  }
}

void register_pm_files() {
  static const std::string rules = rb::crs_dir() + "/rules";
  static const std::string text =
      rb::repeat(rb::kLorem, 4096 / rb::kLorem.size() + 1).substr(0, 4096);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(rules))
    if (e.path().extension() == ".data") files.push_back(e.path().filename().string());
  std::sort(files.begin(), files.end());
  const auto* def = rampart::operators::find("pmFromFile");
  for (const auto& file : files) {
    std::string error;
    rampart::operators::OperatorArgs args{file, false, rules};
    std::shared_ptr<rampart::operators::Operator> op = def->make(args, error);
    if (!op) {
      std::fprintf(stderr, "@pmFromFile %s: %s\n", file.c_str(), error.c_str());
      continue;
    }
    benchmark::RegisterBenchmark(("pm_file/" + file).c_str(), [op](benchmark::State& state) {
      rampart::RegexScratch scratch;
      for (auto _ : state) {
        rampart::operators::MatchState st;
        st.scratch = &scratch;
        benchmark::DoNotOptimize(op->match(text, "", st));
      }
      state.SetBytesProcessed(state.iterations() * text.size());
    });
  }
}

void register_compile() {
  for (int pl : {1, 4}) {
    std::string name = "compile/crs-pl" + std::to_string(pl);
    benchmark::RegisterBenchmark(
        name.c_str(),
        [pl](benchmark::State& state) {
          for (auto _ : state) benchmark::DoNotOptimize(rb::load_or_die(rb::crs_config_text(pl)));
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(5);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_crs();
  register_transforms();
  register_operators();
  register_pm_files();
  register_compile();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
