// The known readings of the spec, each implemented whole as an engine: a
// deliberately wrong engine takes one plausible misreading and decides as that
// reading would, and an accepted one takes the other reading of a gap the
// vectors allow. The vectors must catch every misreading and pass every
// accepted reading, and every clause and gap must have a misreading that the
// vectors citing it catch (vectors/wrong_engines_test.cc). `lbconform check`
// asks them which reading an implementation's answer follows.
//
// The registry is one list per scenario kind, each in its own file, reached
// through the table of kinds in wrong_engines.cc:
//   wrong_engines_passthrough.cc  a compact, independent implementation of the
//                                 passthrough rules, one clause misread at a time
//   wrong_engines_timeline.cc     the reference's timeline, distorted the way a
//                                 misreading would
//   wrong_engines_slb.cc          the reference's planner, asked what a
//                                 misreading would ask, or its plan distorted
// A misreading changes the kinds it has a hook for; the reference decides the
// others.
#ifndef LBCONFORM_READINGS_WRONG_ENGINES_H_
#define LBCONFORM_READINGS_WRONG_ENGINES_H_

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/catalogue.h"
#include "model/engine.h"
#include "model/model.h"
#include "model/slb_model.h"
#include "model/timeline_model.h"

namespace lbconform::readings {

// DocumentHook answers a scenario document with a decision document, as an
// adapter would: a misreading of the document format itself.
using DocumentHook = std::function<nlohmann::json(const nlohmann::json& document, Profile profile)>;

// What the vectors must make of a misreading.
enum class Expectation {
  kCaught,    // some vector fails it
  kAccepted,  // the other reading of a gap the vectors deliberately allow: it passes every vector
};

struct WrongEngineInfo {
  std::string name;
  std::string misreads;  // space-separated clause and gap IDs it misreads, e.g. "FO-12 FO-13 GAP-2"
  std::string reading;   // what it does, in one line
  Expectation expectation = Expectation::kCaught;
  std::function<PassthroughDecision(const PassthroughScenario&, Profile)> passthrough;
  std::function<TimelineDecision(const TimelineScenario&, Profile)> timeline;
  std::function<SlbDecision(const SlbScenario&)> slb;
  // A misreading of a kind's document format itself (a default, a required
  // field, how a group or a zone is named) has to see the document: it
  // answers a scenario document with a decision document, as an adapter
  // would. When set, it decides that kind's cases instead of the hook above.
  DocumentHook passthrough_document = {};
  DocumentHook timeline_document = {};
  DocumentHook slb_document = {};
};

const std::vector<WrongEngineInfo>& PassthroughMisreadings();
const std::vector<WrongEngineInfo>& TimelineMisreadings();
const std::vector<WrongEngineInfo>& SlbMisreadings();

// AllMisreadings: every kind's list, in the order of model/kinds.def.
const std::vector<WrongEngineInfo>& AllMisreadings();

// ChangesKind tells whether a reading has a hook for `kind` (else it decides
// that kind as the reference does); KindsChanged lists those kinds, in
// catalogue order. A kind without misreadings yet is changed by none.
bool ChangesKind(const WrongEngineInfo& info, ScenarioKind kind);
std::vector<ScenarioKind> KindsChanged(const WrongEngineInfo& info);

// DocumentAnswer is what a reading that reads `kind`'s documents itself
// answers `document` (a JSON object), or nullopt when it decides the
// decoded scenario like any engine.
std::optional<nlohmann::json> DocumentAnswer(const WrongEngineInfo& info, ScenarioKind kind,
                                             const nlohmann::json& document, Profile profile);
// FindMisreading: the misreading of that name; aborts the test binary when unknown.
const WrongEngineInfo& FindMisreading(std::string_view name);
// Baseline: the compact passthrough implementation with no misreading; it must
// pass every vector, which shows the misreadings fail for their misreading alone.
WrongEngineInfo Baseline();

class WrongEngine final : public PassthroughEngine, public TimelineEngine, public SlbEngine {
 public:
  explicit WrongEngine(WrongEngineInfo info) : info_(std::move(info)), name_("wrong-" + info_.name) {}
  std::string_view name() const override { return name_; }
  PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const override;
  TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile) const override;
  SlbDecision Plan(const SlbScenario& scenario) const override;
  const WrongEngineInfo& info() const { return info_; }

 private:
  WrongEngineInfo info_;
  std::string name_;
};

}  // namespace lbconform::readings

#endif  // LBCONFORM_READINGS_WRONG_ENGINES_H_
