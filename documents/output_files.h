// Writing what the user asked for, without ever destroying what the path
// names. A new path or a regular file is written to a temporary file beside it
// and renamed over it only once complete, so a full disk, a file-size limit or
// an interrupted run never leaves a truncated or mixed file. Anything else —
// a symlink, a device, a FIFO — is written through, as a shell's `>` would,
// and keeps its type: `--report /dev/null`, `--junit /dev/stdout` and a FIFO
// work as they do for any other command.
#ifndef LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_
#define LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace lbconform {

// WriteOutputFile writes `content` to `path`: nullopt on success, else what
// went wrong.
// - A new path or a regular file: atomically (a temporary file in the same
//   folder, flushed and closed, then renamed). A replaced file keeps its
//   permission bits (and its owner, where lbconform may set it). On failure
//   the target is untouched and no temporary is left.
// - A symlink, a character or block device, a FIFO: opened for writing and
//   written through (a symlink is followed, and its missing target created).
//   A regular file reached so is truncated first, but appended to when it
//   cannot be truncated (append-only). What is this process's own standard
//   output or error (`/dev/stdout`, `/proc/self/fd/2`) is written through
//   that stream, after what was printed there. A FIFO waits for its reader.
// - A directory: refused.
std::optional<std::string> WriteOutputFile(const std::string& path, std::string_view content);

// WriteOutput writes `content` to `out` and flushes it: nullopt on success,
// else what went wrong (standard output to /dev/full, a closed pipe).
std::optional<std::string> WriteOutput(std::ostream& out, std::string_view content);

}  // namespace lbconform

#endif  // LBCONFORM_DOCUMENTS_OUTPUT_FILES_H_
