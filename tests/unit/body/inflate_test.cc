// Inflater: gzip and deflate (zlib-wrapped and raw) response bodies, fed in pieces; truncated and
// damaged streams; the output limit and the ratio bound against decompression bombs.
#include "body/inflate.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>

namespace rampart::body {
namespace {

// window: 15 + 16 gzip, 15 zlib, -15 raw deflate.
std::string compress(const std::string& data, int window) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, window, 9, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, data.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}
std::string gzip(const std::string& s) {
  return compress(s, 15 + 16);
}

const std::string kPage = [] {
  std::string s;
  for (int i = 0; i < 2000; ++i) s += "<p>line " + std::to_string(i) + " of the page</p>\n";
  return s;
}();

struct Decoded {
  std::string text;
  Inflater::Status status = Inflater::Status::kOk;
  bool finished = false;
  std::string error;
};

Decoded decode(ContentCoding coding, const std::string& data, size_t piece = 0,
               size_t limit = 1 << 24) {
  Inflater in(coding, limit);
  Decoded d;
  if (piece == 0) piece = data.size() ? data.size() : 1;
  for (size_t i = 0; i < data.size() && d.status == Inflater::Status::kOk; i += piece)
    d.status = in.feed(std::string_view(data).substr(i, piece), d.text);
  d.finished = in.finished();
  d.error = in.error();
  return d;
}

TEST(ContentCoding, Names) {
  EXPECT_EQ(parse_content_coding(""), ContentCoding::kIdentity);
  EXPECT_EQ(parse_content_coding("identity"), ContentCoding::kIdentity);
  EXPECT_EQ(parse_content_coding("gzip"), ContentCoding::kGzip);
  EXPECT_EQ(parse_content_coding(" X-GZIP "), ContentCoding::kGzip);
  EXPECT_EQ(parse_content_coding("Deflate"), ContentCoding::kDeflate);
  EXPECT_EQ(parse_content_coding("br"), ContentCoding::kOther);
  EXPECT_EQ(parse_content_coding("gzip, br"), ContentCoding::kOther);
}

TEST(Inflater, GzipWhole) {
  Decoded d = decode(ContentCoding::kGzip, gzip(kPage));
  EXPECT_EQ(d.status, Inflater::Status::kOk);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, kPage);
}

TEST(Inflater, GzipOneByteAtATime) {
  Decoded d = decode(ContentCoding::kGzip, gzip(kPage), 1);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, kPage);
}

TEST(Inflater, GzipMembersFollowEachOther) {
  Decoded d = decode(ContentCoding::kGzip, gzip("first half, ") + gzip("second half"), 7);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, "first half, second half");
}

TEST(Inflater, TrailingGarbageIsIgnored) {
  Decoded d = decode(ContentCoding::kGzip, gzip("body") + "\nnot gzip");
  EXPECT_EQ(d.status, Inflater::Status::kOk);
  EXPECT_EQ(d.text, "body");
}

TEST(Inflater, DeflateZlibWrapped) {
  Decoded d = decode(ContentCoding::kDeflate, compress(kPage, 15), 3);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, kPage);
}

TEST(Inflater, DeflateRaw) {
  Decoded d = decode(ContentCoding::kDeflate, compress(kPage, -15), 1);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, kPage);
}

TEST(Inflater, TruncatedStreamGivesThePrefix) {
  std::string z = gzip(kPage);
  Decoded d = decode(ContentCoding::kGzip, z.substr(0, z.size() / 2), 100);
  EXPECT_EQ(d.status, Inflater::Status::kOk);
  EXPECT_FALSE(d.finished);  // the connector sees a body that ended too early
  EXPECT_FALSE(d.text.empty());
  EXPECT_EQ(kPage.compare(0, d.text.size(), d.text), 0);
}

TEST(Inflater, DamagedStreamStopsWithAReason) {
  std::string z = gzip(kPage);
  for (size_t i = 20; i < 60; ++i) z[i] = static_cast<char>(0xff);
  Decoded d = decode(ContentCoding::kGzip, z);
  EXPECT_EQ(d.status, Inflater::Status::kError);
  EXPECT_FALSE(d.error.empty());
  EXPECT_EQ(kPage.compare(0, d.text.size(), d.text), 0);
}

TEST(Inflater, NotGzipAtAll) {
  Decoded d = decode(ContentCoding::kGzip, "<html>plain</html>");
  EXPECT_EQ(d.status, Inflater::Status::kError);
  EXPECT_TRUE(d.text.empty());
}

TEST(Inflater, LimitBoundsTheCopy) {
  Decoded d = decode(ContentCoding::kGzip, gzip(kPage), 0, 1000);
  EXPECT_EQ(d.status, Inflater::Status::kLimit);
  EXPECT_EQ(d.text, kPage.substr(0, 1000));
}

TEST(Inflater, ExactlyAtTheLimitIsNotOver) {
  Decoded d = decode(ContentCoding::kGzip, gzip(kPage), 5, kPage.size());
  EXPECT_EQ(d.status, Inflater::Status::kOk);
  EXPECT_TRUE(d.finished);
  EXPECT_EQ(d.text, kPage);
}

TEST(Inflater, BombStopsAtTheLimit) {
  std::string bomb = gzip(std::string(64 << 20, '\0'));  // 64 MiB of zeros, about 64 KiB
  ASSERT_LT(bomb.size(), 200u << 10);
  Decoded d = decode(ContentCoding::kGzip, bomb, 4096, 512 << 10);
  EXPECT_EQ(d.status, Inflater::Status::kLimit);
  EXPECT_EQ(d.text.size(), 512u << 10);
}

TEST(Inflater, BombStopsAtTheRatioEvenUnderAHugeLimit) {
  std::string bomb = gzip(std::string(64 << 20, '\0'));
  Decoded d = decode(ContentCoding::kGzip, bomb, 4096, size_t{1} << 30);
  EXPECT_EQ(d.status, Inflater::Status::kLimit);
  EXPECT_LT(d.text.size(), 8u << 20);  // stopped long before the 64 MiB
}

// Damaged and random input in random pieces: never more than the limit, never a crash.
TEST(Inflater, RandomDamageStaysBounded) {
  std::mt19937 rng(5);
  const std::string valid = gzip(kPage);
  for (int round = 0; round < 300; ++round) {
    std::string data = valid;
    if (round % 3 == 0) {
      for (char& c : data) c = static_cast<char>(rng());
    } else {
      for (int i = 0; i < 1 + round % 7; ++i) data[rng() % data.size()] = static_cast<char>(rng());
    }
    ContentCoding coding = round % 2 ? ContentCoding::kGzip : ContentCoding::kDeflate;
    Decoded d = decode(coding, data, 1 + rng() % 700, 20000);
    EXPECT_LE(d.text.size(), 20000u);
  }
}

}  // namespace
}  // namespace rampart::body
