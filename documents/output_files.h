// Writing what the user asked for, all or nothing: every file lbconform
// writes goes to a temporary file beside its target and is renamed over it
// only once complete, so a full disk, a file-size limit or an interrupted run
// never leaves a truncated or mixed file.
#ifndef LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_
#define LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace lbconform {

// WriteFileAtomically writes `content` to `path` (a temporary file in the
// same folder, flushed and closed, then renamed). nullopt on success, else
// what went wrong; the target is then untouched and no temporary is left.
std::optional<std::string> WriteFileAtomically(const std::string& path, std::string_view content);

// WriteOutput writes `content` to `out` and flushes it: nullopt on success,
// else what went wrong (standard output to /dev/full, a closed pipe).
std::optional<std::string> WriteOutput(std::ostream& out, std::string_view content);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_
