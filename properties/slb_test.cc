// Service LB policy: every engine plans as the reference does, the plan keeps
// the normative invariants (invariants/slb_invariants.h), and a stateful
// property replays health reports over time to check auto-capacity drain and
// undrain: never half or more drained, drained only as a candidate, undrained
// only after 60 s at 35% or more.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include <nlohmann/json.hpp>

#include "check/scenario_generators.h"
#include "documents/slb_json.h"
#include "engines/engines.h"
#include "invariants/slb_invariants.h"

namespace lbconform {
namespace {

std::string Show(const SlbScenario& s, const SlbDecision& d) {
  return "scenario:\n" + DumpJson(EncodeSlbScenario(s), 2) + "\nplan:\n" +
         DumpJson(EncodeSlbDecision(d, {}, d.valid() ? &s : nullptr), 2);
}

void AssertAgreeAndHold(const SlbScenario& s) {
  const SlbDecision reference = EnginesOf<SlbEngine>().front()->Plan(s);
  for (const SlbEngine* engine : EnginesOf<SlbEngine>()) {
    const SlbDecision other = engine->Plan(s);
    if (!SameSlbDecision(reference, other)) {
      RC_FAIL(std::string(engine->name()) + " disagrees on " +
              NormativeSlbDiff(reference, other).value_or("a non-normative field") + "\n" + Show(s, reference) + "\n" +
              std::string(engine->name()) + ":\n" + Show(s, other));
    }
  }
  if (auto violation = properties::SlbViolation(s, reference)) RC_FAIL(*violation + "\n" + Show(s, reference));
}

RC_GTEST_PROP(SlbEquivalence, EveryEngineMatchesTheReferenceAndKeepsTheInvariants, (const SlbScenario& s)) {
  const SlbDecision d = EnginesOf<SlbEngine>().front()->Plan(s);
  RC_TAG(d.valid() ? std::string(NameOf(d.policy.algorithm)) : std::string("INVALID"));
  RC_CLASSIFY(d.valid() && d.dropped() > 0, "dropped");
  RC_CLASSIFY(
      d.valid() && std::any_of(d.backends.begin(), d.backends.end(), [](const BackendState& b) { return b.drained; }),
      "drained");
  AssertAgreeAndHold(s);
}

// ------------------------------ Stateful: drain and undrain over time

struct Model {
  SlbScenario scenario;
};
struct Sut {
  bool drained_seen = false;
  bool undrained_seen = false;
};
using Command = rc::state::Command<Model, Sut>;

// HealthReport: one backend reports a healthy count, some seconds later.
struct HealthReport : Command {
  std::size_t backend = 0;
  std::int64_t after = 0;
  std::uint32_t reported = 0;

  explicit HealthReport(const Model& m) {
    backend = static_cast<std::size_t>(
        *rc::gen::inRange<int>(0, static_cast<int>(std::max<std::size_t>(m.scenario.backends.size(), 1))));
    // Reports at one instant are simultaneous (the last per backend counts),
    // so each command moves time on.
    after = *rc::gen::element<std::int64_t>(1, 20, 59, 60, 61, 120);
    const std::uint32_t members = m.scenario.backends.empty() ? 0 : m.scenario.backends[backend].members;
    reported = static_cast<std::uint32_t>(*rc::gen::inRange<int>(0, static_cast<int>(members) + 1));
  }
  void checkPreconditions(const Model& m) const override { RC_PRE(backend < m.scenario.backends.size()); }
  void apply(Model& m) const override {
    SlbBackend& b = m.scenario.backends[backend];
    m.scenario.at += after;
    b.health.push_back({m.scenario.at, b.members, std::min(reported, b.members)});
  }
  void run(const Model& m, Sut& sut) const override {
    Model next = m;
    apply(next);
    AssertAgreeAndHold(next.scenario);
    const SlbDecision before = EnginesOf<SlbEngine>().front()->Plan(m.scenario);
    const SlbDecision after_report = EnginesOf<SlbEngine>().front()->Plan(next.scenario);
    RC_ASSERT(after_report.valid());
    for (std::size_t i = 0; i < next.scenario.backends.size(); ++i) {
      const BackendState& was = before.backends[i];
      const BackendState& now = after_report.backends[i];
      const SlbBackend& b = next.scenario.backends[i];
      if (now.drained && !was.drained) {
        // [SLB-14] Drained only as a candidate, at the moment of draining.
        sut.drained_seen = true;
        RC_ASSERT(now.drained_since.has_value());
        std::uint32_t members = b.members, healthy = b.healthy;
        for (const HealthSample& h : b.health) {
          if (h.at <= *now.drained_since) {
            members = h.members;
            healthy = h.healthy;
          }
        }
        RC_ASSERT(members > 0 && healthy * 4 < members);
      }
      if (was.drained && !now.drained) {
        // [SLB-19] Undrained only after 60 s at 35% or more.
        sut.undrained_seen = true;
        RC_ASSERT(next.scenario.at - *was.drained_since >= 60);
        std::uint32_t members = b.members, healthy = b.healthy;
        for (const HealthSample& h : b.health) {
          if (h.at <= next.scenario.at - 60) {
            members = h.members;
            healthy = h.healthy;
          }
        }
        RC_ASSERT(members > 0 && healthy * 100 >= members * 35);
      }
    }
  }
  void show(std::ostream& os) const override {
    os << "backend " << backend << " reports " << reported << " healthy, +" << after << " s";
  }
};

TEST(SlbStateful, DrainAndUndrainOverTime) {
  const bool ok = rc::check("health reports over time keep auto-capacity drain's rules on every engine", [] {
    Model model;
    model.scenario = *check::GenSlbScenario(false);
    model.scenario.policy.present = true;
    model.scenario.policy_refs = {"projects/p/locations/global/serviceLbPolicies/pol"};
    model.scenario.policy.auto_capacity_drain = true;
    for (SlbBackend& b : model.scenario.backends) {
      b.health.clear();
      if (b.members == 0) b.members = 4;
      b.healthy = b.members;
    }
    RC_PRE(!model.scenario.backends.empty());
    model.scenario.at = 0;
    Sut sut;
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<HealthReport>());
    RC_CLASSIFY(sut.drained_seen, "a backend drained");
    RC_CLASSIFY(sut.undrained_seen, "a backend undrained");
  });
  EXPECT_TRUE(ok);
}

// The invariants catch a wrong zonesServed and a STRICT plan that drops only
// the excess over its closest region's capacity (GAP-34, GAP-50).
TEST(SlbInvariants, CatchWrongZonesAndStrictPartialDrop) {
  const nlohmann::json doc = nlohmann::json::parse(R"({
    "kind": "service-lb-policy", "loadBalancer": "CROSS_REGION_INTERNAL_APPLICATION",
    "backendService": {"name": "bs", "serviceLbPolicy": "pol", "backends": [
      {"group": "zones/east-a/instanceGroups/e", "balancingMode": "RATE", "maxRate": 100},
      {"group": "zones/west-a/instanceGroups/w", "balancingMode": "RATE", "maxRate": 100}]},
    "serviceLbPolicy": {"name": "pol", "isolationConfig": {"isolationGranularity": "REGION", "isolationMode": "STRICT"}},
    "backendGroups": [{"group": "e", "kind": "ZONAL_INSTANCE_GROUP", "zone": "east-a", "members": 1},
                      {"group": "w", "kind": "ZONAL_INSTANCE_GROUP", "zone": "west-a", "members": 1}],
    "topology": {"regions": [{"name": "east", "zones": ["east-a", "east-b"]}, {"name": "west", "zones": ["west-a"]}]},
    "clients": [{"name": "c1", "requestsPerSecond": 300, "rttMs": {"east-a": 1, "east-b": 2, "west-a": 50}}]})");
  const DecodedSlb decoded = DecodeSlbDocument(doc);
  ASSERT_TRUE(decoded.scenario);
  const SlbScenario& s = *decoded.scenario;
  const SlbDecision good = EnginesOf<SlbEngine>().front()->Plan(s);
  ASSERT_EQ(properties::SlbViolation(s, good), std::nullopt);
  SlbDecision wrong_zones = good;
  wrong_zones.clients[0].zones_served.push_back("east-b");
  EXPECT_NE(properties::SlbViolation(s, wrong_zones), std::nullopt);
  SlbDecision partial_drop = good;  // 100 served in east, 200 dropped
  partial_drop.clients[0].assignments = {{0, 100'000}};
  partial_drop.clients[0].dropped = 200'000;
  partial_drop.backends[0].assigned = 100'000;
  EXPECT_NE(properties::SlbViolation(s, partial_drop), std::nullopt);
}

}  // namespace
}  // namespace lbconform
