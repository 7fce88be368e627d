// Timelines: every engine agrees with the reference, and a stateful property
// (rc::state) grows a timeline command by command — health flips,
// connections, closes, ratio and draining changes, time passing — checking
// after each command that every engine agrees and that the invariants of
// invariants/timeline_invariants.h hold.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include <nlohmann/json.hpp>

#include "check/scenario_generators.h"
#include "documents/timeline_json.h"
#include "engines/engines.h"
#include "invariants/timeline_invariants.h"
#include "model/testing/timeline_builder.h"

namespace lbconform {
namespace {

std::string Show(const TimelineScenario& timeline, const TimelineDecision& decision) {
  return "timeline:\n" + DumpJson(EncodeTimeline(timeline), 2) + "\ndecision:\n" +
         DumpJson(EncodeTimelineDecision(decision, {}, decision.valid() ? &timeline : nullptr), 2);
}

void AssertEnginesAgree(const TimelineScenario& timeline, Profile profile, const TimelineDecision& reference) {
  for (const TimelineEngine* engine : EnginesOf<TimelineEngine>()) {
    const TimelineDecision other = engine->DecideTimeline(timeline, profile);
    if (!SameTimelineDecision(reference, other)) {
      RC_FAIL(std::string(engine->name()) + " disagrees with the reference on " +
              NormativeTimelineDiff(reference, other).value_or("a non-normative field") + "\n" +
              Show(timeline, reference) + "\n" + std::string(engine->name()) + ":\n" + Show(timeline, other));
    }
  }
}

void AssertInvariants(const TimelineScenario& timeline, Profile profile, const TimelineDecision& decision) {
  if (auto violation = properties::TimelineViolation(timeline, profile, decision)) {
    RC_FAIL(*violation + "\n" + Show(timeline, decision));
  }
}

RC_GTEST_PROP(TimelineEquivalence, EveryEngineMatchesTheReference,
              (const TimelineScenario& timeline, Profile profile)) {
  const TimelineDecision reference = EnginesOf<TimelineEngine>().front()->DecideTimeline(timeline, profile);
  RC_TAG(reference.valid() ? "valid" : "invalid");
  RC_CLASSIFY(std::any_of(reference.steps.begin(), reference.steps.end(),
                          [](const TimelineStep& s) { return s.transition != Transition::kNone; }),
              "failover or failback");
  AssertEnginesAgree(timeline, profile, reference);
  if (reference.valid()) AssertInvariants(timeline, profile, reference);
}

// ------------------------------ The stateful property

struct Model {
  TimelineScenario timeline;
  Profile profile = Profile::kSpecDocs;
  std::int64_t now = 0;
};

// Sut records what the commands reached; the engines under test are stateless.
struct Sut {
  int commands = 0;
  bool transition = false;
  bool draining = false;
};

using Command = rc::state::Command<Model, Sut>;

// AddEvent is every command: one event of a kind, drawn for the model.
template <EventType kType>
struct AddEvent : Command {
  TimelineEvent event;

  // The generator falls back to time passing when the event is impossible
  // (no VM, no connection yet); the precondition then discards the command.
  explicit AddEvent(const Model& m) : event(*check::GenEvent(m.timeline, m.now, kType)) {}
  void checkPreconditions(const Model& m) const override {
    RC_PRE(event.type == kType);
    if (kType == EventType::kClose) RC_PRE(event.connection < m.timeline.connection_ids.size());
    if (kType == EventType::kHealth || kType == EventType::kConnect) {
      RC_PRE(event.instance < m.timeline.initial.instances.size());
    }
    RC_PRE(event.at >= m.now);
  }
  void apply(Model& m) const override {
    TimelineEvent e = event;
    if (e.type == EventType::kConnect) {
      // Shrinking drops earlier commands: a connection takes the next free index.
      e.connection = m.timeline.connection_ids.size();
      m.timeline.connection_ids.push_back("c" + std::to_string(e.connection));
    }
    m.timeline.events.push_back(e);
    m.now = e.at;
  }
  void run(const Model& m, Sut& sut) const override {
    Model next = m;
    apply(next);
    ++sut.commands;
    const TimelineDecision reference = EnginesOf<TimelineEngine>().front()->DecideTimeline(next.timeline, next.profile);
    RC_ASSERT(reference.valid());  // valid service, valid ratios, no idle timeout
    AssertEnginesAgree(next.timeline, next.profile, reference);
    AssertInvariants(next.timeline, next.profile, reference);
    const TimelineStep& last = reference.steps.back();
    sut.transition = sut.transition || last.transition != Transition::kNone;
    sut.draining =
        sut.draining || std::any_of(last.connections.begin(), last.connections.end(),
                                    [](const ConnectionStatus& c) { return c.state == ConnectionState::kDraining; });
  }
  void show(std::ostream& os) const override {
    os << "t=" << event.at << " " << NameOf(event.type) << " instance=" << event.instance
       << " connection=" << event.connection;
  }
};

TEST(TimelineStateful, CommandsKeepTheInvariantsOnEveryEngine) {
  const bool ok = rc::check("timeline commands keep the invariants on every engine", [] {
    Model model;
    check::GenOptions options;
    options.allow_invalid = false;
    options.with_failover = *rc::gen::element(true, true, false);
    options.populated = true;
    model.timeline.initial = *check::GenScenario(options);
    model.timeline.tracking = *check::GenConnectionTracking();
    model.timeline.tracking.idle_timeout_sec.reset();
    model.profile = *rc::gen::arbitrary<Profile>();
    Sut sut;
    rc::state::check(model, sut,
                     rc::state::gen::execOneOfWithArgs<
                         AddEvent<EventType::kHealth>, AddEvent<EventType::kHealth>, AddEvent<EventType::kHealth>,
                         AddEvent<EventType::kConnect>, AddEvent<EventType::kConnect>, AddEvent<EventType::kConnect>,
                         AddEvent<EventType::kClose>, AddEvent<EventType::kConfig>, AddEvent<EventType::kAdvance>>());
    RC_CLASSIFY(sut.commands >= 20, ">= 20 commands");
    RC_CLASSIFY(sut.transition, "failover or failback");
    RC_CLASSIFY(sut.draining, "a connection drained");
  });
  EXPECT_TRUE(ok);
}

// GAP-21: the invariants hold persistence to a state with no pool exception.
// Every VM is unhealthy and the last resort holds vm-1, yet a UDP connection
// there may not persist: listing it ACTIVE after the next event breaks them.
TEST(TimelineInvariants, GAP_21_ActiveUdpOnAnUnhealthyLastResortVmIsAViolation) {
  using testing::kUnhealthy;
  const TimelineScenario timeline = testing::TimelineBuilder(testing::ScenarioBuilder()
                                                                 .Group("ig-a", "us-west1-a")
                                                                 .Vm("vm-1", "ig-a", kUnhealthy)
                                                                 .Vm("vm-2", "ig-a", kUnhealthy)
                                                                 .Build())
                                        .Connect(0, "u1", "vm-1", ConnectionProtocol::kUdp)
                                        .Advance(10)
                                        .Build();
  TimelineDecision decision = EnginesOf<TimelineEngine>().front()->DecideTimeline(timeline, Profile::kSpecDocs);
  ASSERT_TRUE(decision.valid());
  EXPECT_EQ(properties::TimelineViolation(timeline, Profile::kSpecDocs, decision), std::nullopt);
  ASSERT_EQ(decision.steps[1].connections.at(0).state, ConnectionState::kClosed);
  decision.steps[1].connections[0].state = ConnectionState::kActive;  // the old reading: the pool keeps it
  const auto violation = properties::TimelineViolation(timeline, Profile::kSpecDocs, decision);
  ASSERT_TRUE(violation.has_value());
  EXPECT_NE(violation->find("GAP-21"), std::string::npos) << *violation;
}

// The generators reach what the invariants are about.
TEST(TimelineCoverage, GeneratorReachesEveryStateAndTransition) {
  std::set<ConnectionState> states;
  std::set<Transition> transitions;
  const auto gen = check::GenTimeline([] {
    check::GenOptions o;
    o.allow_invalid = false;
    o.with_failover = true;
    return o;
  }());
  const TimelineEngine* reference = EnginesOf<TimelineEngine>().front();
  for (int i = 0; i < 3000; ++i) {
    const TimelineScenario t = gen(rc::Random(static_cast<std::uint64_t>(i)), 50).value();
    const TimelineDecision d = reference->DecideTimeline(t, Profile::kSpecDocs);
    for (const TimelineStep& s : d.steps) {
      transitions.insert(s.transition);
      for (const ConnectionStatus& c : s.connections) states.insert(c.state);
    }
  }
  EXPECT_EQ(states.size(), 5U);
  EXPECT_EQ(transitions.size(), 3U);
}

}  // namespace
}  // namespace lbconform
