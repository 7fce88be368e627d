// The scenario decoders' shared reader. Its first part is for every layer
// above: the nesting limit of a document and the one check of it, and a
// resource's short name. The rest is internal to lbconform_json: strict or
// lenient JSON objects, enum and URL helpers, failing fast with one Error.
#ifndef LBCONFORM_DOCUMENTS_JSON_READER_H_
#define LBCONFORM_DOCUMENTS_JSON_READER_H_

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/model.h"

namespace lbconform {

// kMaxJsonDepth bounds the nesting of a scenario or decision document.
inline constexpr int kMaxJsonDepth = 64;

// JsonDepthWithin tells whether no array or object in `text` nests deeper
// than `max_depth`, without parsing it (brackets inside strings do not
// count), so documents nested too deeply are refused before any recursive
// code sees them.
bool JsonDepthWithin(std::string_view text, int max_depth = kMaxJsonDepth);

// LastPathSegment is a resource's short name ("…/instances/vm-1" → "vm-1").
std::string LastPathSegment(std::string_view url);

}  // namespace lbconform

namespace lbconform::json_reader {

using nlohmann::json;

// ------------------------------ Failing fast inside the decoder

// DecodeFailure carries the first problem out of the nested readers; it never
// leaves this file.
struct DecodeFailure {
  Error error;
};

[[noreturn]] inline void Fail(ErrorCode code, std::string path, std::string message) {
  throw DecodeFailure{{code, std::move(path), std::move(message)}};
}

inline std::string_view TypeName(const json& value) { return value.type_name(); }

// Object reads one JSON object. In strict mode every key must be read, so an
// unknown key (a typo) is an error; in lenient mode (Google Cloud API objects)
// unknown keys are ignored, as the API's own clients do.
class Object {
 public:
  Object(const json& value, std::string path, bool strict) : value_(value), path_(std::move(path)), strict_(strict) {
    if (!value_.is_object()) {
      Fail(ErrorCode::WRONG_TYPE, path_, fmt::format("expected an object, got {}", TypeName(value_)));
    }
  }

  const std::string& path() const { return path_; }
  std::string PathOf(std::string_view key) const { return fmt::format("{}/{}", path_, key); }

  const json* Find(std::string_view key) {
    read_.insert(std::string(key));
    auto it = value_.find(key);
    if (it == value_.end() || it->is_null()) return nullptr;
    return &*it;
  }

  const json& Require(std::string_view key) {
    const json* v = Find(key);
    if (v == nullptr) Fail(ErrorCode::MISSING_FIELD, PathOf(key), fmt::format("'{}' is required", key));
    return *v;
  }

  std::optional<std::string> String(std::string_view key) {
    const json* v = Find(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_string()) {
      Fail(ErrorCode::WRONG_TYPE, PathOf(key), fmt::format("expected a string, got {}", TypeName(*v)));
    }
    return v->get<std::string>();
  }

  std::string RequireString(std::string_view key) {
    Require(key);
    return *String(key);
  }

  bool Bool(std::string_view key, bool fallback) {
    const json* v = Find(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) {
      Fail(ErrorCode::WRONG_TYPE, PathOf(key), fmt::format("expected a boolean, got {}", TypeName(*v)));
    }
    return v->get<bool>();
  }

  // Ratio reads a JSON number as an exact decimal (docs/contract.md §2.1).
  Decimal Ratio(std::string_view key) {
    const json* v = Find(key);
    if (v == nullptr) return Decimal();
    // nlohmann says "integer" for unsigned values too: ask about unsigned first,
    // so a value above the int64 range keeps its magnitude instead of wrapping.
    if (v->is_number_unsigned()) {
      const auto u = v->get<std::uint64_t>();
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return Decimal::FromInteger(static_cast<std::int64_t>(u));
      }
      return *Decimal::FromDouble(static_cast<double>(u));  // far outside [0, 1] either way
    }
    if (v->is_number_integer()) return Decimal::FromInteger(v->get<std::int64_t>());
    if (v->is_number_float()) {
      if (auto d = Decimal::FromDouble(v->get<double>())) return *d;
      Fail(ErrorCode::MALFORMED_JSON, PathOf(key), "the number is not finite");
    }
    Fail(ErrorCode::WRONG_TYPE, PathOf(key), fmt::format("expected a number, got {}", TypeName(*v)));
  }

  // Finish rejects unread keys in strict mode.
  void Finish() const {
    if (!strict_) return;
    for (auto it = value_.begin(); it != value_.end(); ++it) {
      if (!read_.contains(it.key())) {
        Fail(ErrorCode::UNKNOWN_FIELD, PathOf(it.key()), fmt::format("'{}' is not a field of this object", it.key()));
      }
    }
  }

 private:
  const json& value_;
  std::string path_;
  bool strict_;
  std::set<std::string, std::less<>> read_;
};

inline const json& RequireArray(const json& value, const std::string& path) {
  if (!value.is_array()) {
    Fail(ErrorCode::WRONG_TYPE, path, fmt::format("expected an array, got {}", TypeName(value)));
  }
  return value;
}

template <typename Enum, std::size_t N>
Enum ParseEnum(const std::string& text, const std::array<Enum, N>& values, const std::string& path) {
  for (Enum e : values) {
    if (NameOf(e) == text) return e;
  }
  std::vector<std::string_view> names;
  for (Enum e : values) names.push_back(NameOf(e));
  Fail(ErrorCode::UNKNOWN_ENUM_VALUE, path, fmt::format("'{}' is not one of {}", text, fmt::join(names, ", ")));
}

// ------------------------------ Names and URLs

inline std::vector<std::string> Segments(std::string_view path) {
  std::vector<std::string> segments;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    if (end > start) segments.emplace_back(path.substr(start, end - start));
    start = end + 1;
  }
  return segments;
}

// LastSegment is LastPathSegment, which must not be empty.
inline std::string LastSegment(const std::string& text, const std::string& path) {
  std::string name = LastPathSegment(text);
  if (name.empty()) Fail(ErrorCode::INVALID_NAME, path, fmt::format("'{}' has no name", text));
  return name;
}

inline bool ZoneInRegion(const std::string& zone, const std::string& region) {
  return zone.size() > region.size() + 1 && zone.compare(0, region.size(), region) == 0 && zone[region.size()] == '-';
}

inline bool IsSuffix(const std::vector<std::string>& suffix, const std::vector<std::string>& whole) {
  return !suffix.empty() && suffix.size() <= whole.size() && std::equal(suffix.rbegin(), suffix.rend(), whole.rbegin());
}

// ------------------------------ Enumerations

inline constexpr std::array kHealthStates = {HealthState::kHealthy, HealthState::kUnhealthy};
inline constexpr std::array kSpillovers = {Spillover::kDisabled, Spillover::kStayWithinZone,
                                           Spillover::kSpillCrossZone};
inline constexpr std::array kSubsettingPolicies = {SubsettingPolicy::kNone,
                                                   SubsettingPolicy::kConsistentHashSubsetting};
inline constexpr std::array kClientTypes = {ClientType::kVm, ClientType::kVpnTunnel,
                                            ClientType::kInterconnectAttachment, ClientType::kPscEndpoint};
inline constexpr std::array kEligibleKinds = {EligibleKind::kAllHealthy,        EligibleKind::kAllLastResort,
                                              EligibleKind::kPrimaryHealthy,    EligibleKind::kBackupHealthy,
                                              EligibleKind::kPrimaryLastResort, EligibleKind::kDrop};
inline constexpr std::array kZonalStatuses = {
    ZonalAffinityStatus::kDisabled, ZonalAffinityStatus::kIncompatibleClient, ZonalAffinityStatus::kNoZonalMatch,
    ZonalAffinityStatus::kApplied,  ZonalAffinityStatus::kTrafficDropped,     ZonalAffinityStatus::kNsiPacketDrop};
inline constexpr std::array kOutcomes = {ZonalAffinityOutcome::kRefined, ZonalAffinityOutcome::kReplaced,
                                         ZonalAffinityOutcome::kUnchanged};

// The load-balancing schemes of the Compute API; only INTERNAL is passthrough.
inline constexpr std::array<std::string_view, 5> kOtherSchemes = {
    "EXTERNAL", "EXTERNAL_MANAGED", "INTERNAL_MANAGED", "INTERNAL_SELF_MANAGED", "INVALID_LOAD_BALANCING_SCHEME"};

// Seconds reads a time or duration: a whole number of seconds in
// [0, 1,000,000,000] (timelines' events, health reports, the plan's time).
inline std::int64_t Seconds(const json& value, const std::string& path) {
  constexpr std::int64_t kMax = 1'000'000'000;
  if (!value.is_number()) Fail(ErrorCode::WRONG_TYPE, path, fmt::format("expected a number, got {}", TypeName(value)));
  if (value.is_number_unsigned() && value.get<std::uint64_t>() <= static_cast<std::uint64_t>(kMax)) {
    return static_cast<std::int64_t>(value.get<std::uint64_t>());
  }
  if (value.is_number_integer() && !value.is_number_unsigned() && value.get<std::int64_t>() >= 0 &&
      value.get<std::int64_t>() <= kMax) {
    return value.get<std::int64_t>();
  }
  Fail(ErrorCode::TIME_OUT_OF_RANGE, path,
       fmt::format("{} is not a whole number of seconds in [0, {}]", value.dump(), kMax));
}

// Catching runs a reader; a failure becomes one error in `errors` (decoders
// of scenarios) or a sentence in `problem` (decoders of decisions).
template <typename Read>
auto Catching(Read read, std::vector<Error>& errors) -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const DecodeFailure& failure) {
    errors.push_back(failure.error);
  } catch (const json::exception& e) {
    errors.push_back({ErrorCode::WRONG_TYPE, "", e.what()});  // defensive: readers check types first
  }
  return std::nullopt;
}

template <typename Read>
auto Catching(Read read, std::string* problem) -> std::optional<decltype(read())> {
  std::vector<Error> errors;
  auto out = Catching(read, errors);
  if (!out && problem != nullptr) {
    const Error& e = errors.front();
    *problem = e.path.empty() && e.code == ErrorCode::WRONG_TYPE
                   ? e.message
                   : fmt::format("{} at {}: {}", NameOf(e.code), e.path, e.message);
  }
  return out;
}

// ReadPassthroughFields reads the passthrough scenario's fields of `root`
// (backendService, instances, client, deployment); the timeline kind shares them.
void ReadPassthroughFields(Object& root, PassthroughScenario& scenario);

}  // namespace lbconform::json_reader

#endif  // LBCONFORM_DOCUMENTS_JSON_READER_H_
