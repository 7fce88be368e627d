#include "report/badge.h"

#include <fmt/format.h>

#include <map>
#include <string>

namespace lbconform {

using nlohmann::json;

namespace {

int BadgeCount(const json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number_integer() ? it->get<int>() : 0;
}

// KindConforms: the kind was implemented, something was checked, nothing failed.
bool KindConforms(const json& counts) {
  return counts.value("implemented", false) && BadgeCount(counts, "passed") > 0 && BadgeCount(counts, "failed") == 0 &&
         BadgeCount(counts, "adapterErrors") == 0;
}

}  // namespace

json ShieldsBadge(const json& report_or_reports) {
  const json reports = report_or_reports.is_array() ? report_or_reports : json::array({report_or_reports});
  std::map<std::string, bool> kinds;  // kind → conforms in every report
  int passed = 0, total = 0;
  bool conforms = !reports.empty(), spotless = true;
  for (const json& report : reports) {
    conforms = conforms && report.value("conforms", false);
    const json totals = report.value("totals", json::object());
    passed += BadgeCount(totals, "passed");
    total += BadgeCount(totals, "passed") + BadgeCount(totals, "failed") + BadgeCount(totals, "skipped");
    spotless = spotless && BadgeCount(totals, "skipped") == 0;
    const json report_kinds = report.value("kinds", json::object());
    for (const auto& [kind, counts] : report_kinds.items()) {
      const auto [entry, inserted] = kinds.emplace(kind, true);
      entry->second = entry->second && KindConforms(counts);
    }
  }
  int conforming_kinds = 0;
  for (const auto& [kind, ok] : kinds) conforming_kinds += ok ? 1 : 0;
  const bool every_kind = conforming_kinds == static_cast<int>(kinds.size());
  const char* color = !conforms ? "red" : every_kind && spotless ? "brightgreen" : "yellowgreen";
  return {{"schemaVersion", 1},
          {"label", "lbconform"},
          {"message", fmt::format("{}/{} kinds, {}/{} passed", conforming_kinds, kinds.size(), passed, total)},
          {"color", color}};
}

}  // namespace lbconform
