#include "config/upload_directives.h"

#include <charconv>
#include <filesystem>

#include "engine/collection.h"

namespace rampart::config {

// A relative directory is taken from the directory of the file that names it.
std::optional<std::string> handle_upload_dir(DirectiveContext& ctx) {
  std::filesystem::path dir(ctx.words[0]);
  if (dir.is_relative()) dir = std::filesystem::path(ctx.where.file).parent_path() / dir;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    return "'" + dir.string() +
           "' is not a directory: create it (writable by the httpd user, on the same file "
           "system as SecTmpDir) or fix the path";
  ctx.cfg.settings.upload_dir = dir.string();
  return std::nullopt;
}

std::optional<std::string> handle_upload_keep_files(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    ctx.cfg.settings.upload_keep_files = UploadKeepFiles::kOn;
  } else if (iequals(v, "Off")) {
    ctx.cfg.settings.upload_keep_files = UploadKeepFiles::kOff;
  } else if (iequals(v, "RelevantOnly")) {
    ctx.cfg.settings.upload_keep_files = UploadKeepFiles::kRelevantOnly;
  } else {
    return "takes On, Off or RelevantOnly, got '" + v + "'";
  }
  return std::nullopt;
}

// Octal, as chmod takes it; "default" is v2's 0600.
std::optional<std::string> handle_upload_file_mode(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "default")) {
    ctx.cfg.settings.upload_file_mode = 0600;
    return std::nullopt;
  }
  unsigned mode = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), mode, 8);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size() || mode > 07777)
    return "takes an octal file mode such as 0600 or 0640, got '" + v + "'";
  ctx.cfg.settings.upload_file_mode = static_cast<int>(mode);
  return std::nullopt;
}

std::optional<std::string> handle_upload_file_limit(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  size_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size())
    return "takes the number of files to keep per request (a whole number), got '" + v + "'";
  ctx.cfg.settings.upload_file_limit = n;
  return std::nullopt;
}

std::optional<std::string> handle_tmp_save_uploaded_files(DirectiveContext& ctx) {
  const std::string& v = ctx.words[0];
  if (iequals(v, "On")) {
    ctx.cfg.settings.tmp_save_uploaded_files = true;
  } else if (iequals(v, "Off")) {
    ctx.cfg.settings.tmp_save_uploaded_files = false;
  } else {
    return "takes On or Off, got '" + v + "'";
  }
  return std::nullopt;
}

}  // namespace rampart::config
