// Directives of multipart file uploads (src/body/multipart.cc): where file parts go and whether
// they outlive the transaction — SecUploadDir, SecUploadKeepFiles, SecUploadFileMode,
// SecUploadFileLimit and SecTmpSaveUploadedFiles.
#pragma once

#include "config/directives.h"

namespace rampart::config {

std::optional<std::string> handle_upload_dir(DirectiveContext& ctx);
std::optional<std::string> handle_upload_keep_files(DirectiveContext& ctx);
std::optional<std::string> handle_upload_file_mode(DirectiveContext& ctx);
std::optional<std::string> handle_upload_file_limit(DirectiveContext& ctx);
std::optional<std::string> handle_tmp_save_uploaded_files(DirectiveContext& ctx);

}  // namespace rampart::config
