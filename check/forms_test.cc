// The document forms of timelines and service LB policies (timeline_forms.h,
// slb_forms.h): each form is an equivalence (the reference decides the
// rewritten document exactly as the one it rewrote), check draws every form,
// and a misreading of a form is found by `check` within its default budget.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "check/case_generators.h"
#include "check/check.h"
#include "check/document_forms.h"
#include "check/slb_forms.h"
#include "check/timeline_forms.h"
#include "readings/wrong_engines.h"
#include "reference/reference_engine.h"
#include "vectors/checks.h"
#include "vectors/runner.h"

namespace lbconform {
namespace {

using check::CheckCase;
using nlohmann::json;

const reference::ReferenceEngine& Reference() {
  static const reference::ReferenceEngine engine(/*trace=*/false);
  return engine;
}

// Draw: `count` cases of `kind` for `profile` as check draws them (a third
// of them already in another form), from a fixed seed.
std::vector<CheckCase> Draw(ScenarioKind kind, Profile profile, int count, std::uint64_t seed) {
  const rc::Gen<CheckCase> gen = *check::GenCheckCase(kind, profile);
  std::vector<CheckCase> cases;
  for (int i = 0; i < count; ++i) cases.push_back(gen(rc::Random(seed * 7919 + i), i % 101).value());
  return cases;
}

// Decided: the reference's decision; of a rejected document, its error
// codes alone (their paths may name an entry a form moved or renamed).
json Decided(const json& document, Profile profile) {
  json decision = vectors::DecideVector(Reference(), document, profile);
  if (decision.value("valid", false)) {
    // A plan's informative per-region totals come in the topology's order,
    // which decides nothing (SL-1.2-b): compared as sets.
    if (decision.contains("regions") && decision["regions"].is_array()) {
      auto by_name = [](const json& a, const json& b) { return a.value("name", "") < b.value("name", ""); };
      for (json& region : decision["regions"]) {
        if (region.contains("zones")) std::sort(region["zones"].begin(), region["zones"].end(), by_name);
      }
      std::sort(decision["regions"].begin(), decision["regions"].end(), by_name);
    }
    return decision;
  }
  json codes = json::array();
  for (const json& error : decision["errors"]) codes.push_back(error["code"]);
  return codes;
}

// Canonical: the case is in the form its generator wrote it.
bool Canonical(const CheckCase& c) {
  return std::none_of(c.boundaries.begin(), c.boundaries.end(),
                      [](const std::string& boundary) { return boundary.starts_with("document: "); });
}

// ExpectEquivalent: for `count` drawn cases in their canonical form, each
// with a form drawn for it (not canonical), the reference decides the
// rewritten document as the canonical one; the classes of the forms so
// proven go to `proven`.
template <typename Form>
void ExpectEquivalent(ScenarioKind kind, Profile profile, int count, rc::Gen<Form> forms,
                      std::function<void(const Form&, CheckCase&)> apply, std::set<std::string>& proven) {
  int i = 0;
  for (const CheckCase& drawn : Draw(kind, profile, count, 11)) {
    const Form form = forms(rc::Random(977 + i++), 0).value();
    if (form.Canonical() || !Canonical(drawn)) continue;
    CheckCase c = drawn;
    apply(form, c);
    EXPECT_EQ(Decided(c.document, profile), Decided(drawn.document, profile))
        << NameOf(profile) << "\nbefore: " << drawn.document.dump() << "\nafter:  " << c.document.dump();
    if (::testing::Test::HasFailure()) return;  // one case says it
    proven.insert(c.boundaries.begin() + static_cast<std::ptrdiff_t>(drawn.boundaries.size()), c.boundaries.end());
  }
}

// ExpectEveryClassProven: each class of `table` was among the forms proven.
template <std::size_t N>
void ExpectEveryClassProven(const check::FormClass (&table)[N], const std::set<std::string>& proven) {
  for (const check::FormClass& form : table) {
    EXPECT_TRUE(proven.contains(std::string(form.boundary))) << form.anchor << " " << form.boundary;
  }
}

TEST(CheckForms, TimelineFormsAreEquivalences) {
  std::set<std::string> proven;
  for (Profile profile : AllProfiles()) {
    ExpectEquivalent<check::TimelineForm>(
        ScenarioKind::kPassthroughTimeline, profile, 900, check::GenTimelineForm(),
        [profile](const check::TimelineForm& form, CheckCase& c) {
          check::ApplyTimelineForm(form, profile, c.document, c.boundaries);
        },
        proven);
  }
  ExpectEveryClassProven(check::kTimelineFormClasses, proven);
}

TEST(CheckForms, SlbFormsAreEquivalences) {
  std::set<std::string> proven;
  ExpectEquivalent<check::SlbForm>(
      ScenarioKind::kServiceLbPolicy, Profile::kSpecDocs, 3000, check::GenSlbForm(),
      [](const check::SlbForm& form, CheckCase& c) { check::ApplySlbForm(form, c.document, c.boundaries); }, proven);
  ExpectEveryClassProven(check::kSlbFormClasses, proven);
}

// Every class of a kind's table is reached by check's cases of one seed.
template <std::size_t N>
void ExpectEveryClassDrawn(ScenarioKind kind, const check::FormClass (&table)[N]) {
  std::set<std::string> reached;
  for (Profile profile : AllProfiles()) {
    for (const CheckCase& c : Draw(kind, profile, 700, 1)) reached.insert(c.boundaries.begin(), c.boundaries.end());
  }
  for (const check::FormClass& form : table) {
    EXPECT_TRUE(reached.contains(std::string(form.boundary))) << form.anchor << " " << form.boundary;
  }
  // And every form class a case reached is in the table (the catalogue's).
  std::set<std::string> listed;
  for (const check::FormClass& form : table) listed.insert(std::string(form.boundary));
  for (const std::string& boundary : reached) {
    if (boundary.starts_with("document: ")) {
      EXPECT_TRUE(listed.contains(boundary)) << boundary;
    }
  }
}

TEST(CheckForms, EveryTimelineFormIsDrawn) {
  ExpectEveryClassDrawn(ScenarioKind::kPassthroughTimeline, check::kTimelineFormClasses);
}

TEST(CheckForms, EveryPassthroughFormIsDrawn) {
  ExpectEveryClassDrawn(ScenarioKind::kPassthrough, check::kDocumentFormClasses);
}

TEST(CheckForms, EverySlbFormIsDrawn) { ExpectEveryClassDrawn(ScenarioKind::kServiceLbPolicy, check::kSlbFormClasses); }

// Every anchor of the tables is a statement of its kind's page.
TEST(CheckForms, EveryAnchorIsAStatement) {
  auto page = [](const char* name) {
    std::ifstream in(std::string(LBCONFORM_SOURCE_DIR) + "/docs/spec/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  const std::string timeline = page("passthrough-timeline.md"), passthrough = page("passthrough.md"),
                    slb = page("service-lb-policy.md");
  for (const check::FormClass& form : check::kTimelineFormClasses) {
    const std::string id = "<a id=\"" + std::string(form.anchor) + "\"";
    EXPECT_TRUE(timeline.find(id) != std::string::npos || passthrough.find(id) != std::string::npos) << form.anchor;
  }
  for (const check::FormClass& form : check::kDocumentFormClasses) {
    EXPECT_NE(passthrough.find("<a id=\"" + std::string(form.anchor) + "\""), std::string::npos) << form.anchor;
  }
  for (const check::FormClass& form : check::kSlbFormClasses) {
    EXPECT_NE(slb.find("<a id=\"" + std::string(form.anchor) + "\""), std::string::npos) << form.anchor;
  }
}

// ------------------------------ Misreadings of a form, found by check

// ReadingImplementation answers as a registered reading does through an
// adapter (lbconform_wrong_adapter): a misreading of the document format
// answers the document itself, any other decides the decoded scenario.
class ReadingImplementation final : public vectors::Implementation {
 public:
  explicit ReadingImplementation(std::string_view name)
      : engine_(readings::FindMisreading(name)), in_process_(engine_) {}
  std::string name() const override { return in_process_.name(); }
  std::string version() const override { return in_process_.version(); }
  std::optional<std::vector<ScenarioKind>> kinds() const override { return in_process_.kinds(); }
  vectors::Answer Decide(const vectors::CaseRequest& request) override {
    const json& document = request.test->input;
    if (document.is_object()) {
      if (auto answer = readings::DocumentAnswer(engine_.info(), request.test->kind, document, request.profile)) {
        return {vectors::Answer::Kind::kDecision, *answer, ""};
      }
    }
    return in_process_.Decide(request);
  }

 private:
  readings::WrongEngine engine_;
  vectors::EngineImplementation in_process_;
};

// CheckInProcess: check with its default budget and seed 1; the shrunk case
// of its one finding, or null when it found none.
json ShrunkFinding(std::string_view misreading, ScenarioKind kind) {
  ReadingImplementation implementation(misreading);
  CheckOptions options;
  options.kinds = {kind};
  options.cases = kDefaultCheckCases;
  options.seed = 1;
  std::ostringstream out, err;
  const CheckResult result = RunCheck(implementation, options, out, err);
  EXPECT_EQ(result.findings.size(), 1u) << misreading << "\n" << out.str() << err.str();
  return result.findings.empty() ? json() : result.findings.front().scenario;
}

// Misreadings only a form can show: a plan time left out read as 0, not as
// the latest health report (SL-1.1-j), and an event's instance URL compared
// whole with the VMs' names (TL-2.4-g). Canonical cases always write `at`
// and name VMs by name.
TEST(CheckForms, MisreadingsOfAFormAreFound) {
  const json plan = ShrunkFinding("plan-time-absent-is-zero", ScenarioKind::kServiceLbPolicy);
  EXPECT_TRUE(plan.is_object() && (!plan.contains("at") || plan["at"].is_null())) << plan.dump();
  const json timeline = ShrunkFinding("event-instance-compared-whole", ScenarioKind::kPassthroughTimeline);
  EXPECT_NE(timeline.dump().find("/instances/"), std::string::npos) << timeline.dump();
}

}  // namespace
}  // namespace lbconform
