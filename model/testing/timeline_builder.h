// TimelineBuilder writes passthrough-timeline scenarios for tests:
//
//   TimelineBuilder(ScenarioBuilder()...Build())
//       .Connect(0, "c1", "vm-a1").Health(60, "vm-a1", kUnhealthy).Advance(400).Build();
#ifndef LBCONFORM_MODEL_TESTING_TIMELINE_BUILDER_H_
#define LBCONFORM_MODEL_TESTING_TIMELINE_BUILDER_H_

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "model/testing/scenario_builder.h"
#include "model/timeline_model.h"

namespace lbconform::testing {

class TimelineBuilder {
 public:
  explicit TimelineBuilder(PassthroughScenario initial) { timeline_.initial = std::move(initial); }

  TimelineBuilder& Connect(std::int64_t at, const std::string& id, const std::string& vm,
                           ConnectionProtocol protocol = ConnectionProtocol::kTcp) {
    TimelineEvent e = Event(at, EventType::kConnect);
    e.connection = timeline_.connection_ids.size();
    timeline_.connection_ids.push_back(id);
    e.instance = InstanceIndex(vm);
    e.protocol = protocol;
    return Push(e);
  }
  TimelineBuilder& Health(std::int64_t at, const std::string& vm, bool healthy) {
    TimelineEvent e = Event(at, EventType::kHealth);
    e.instance = InstanceIndex(vm);
    e.health = healthy ? HealthState::kHealthy : HealthState::kUnhealthy;
    return Push(e);
  }
  TimelineBuilder& Close(std::int64_t at, const std::string& id) {
    TimelineEvent e = Event(at, EventType::kClose);
    const auto it = std::find(timeline_.connection_ids.begin(), timeline_.connection_ids.end(), id);
    if (it == timeline_.connection_ids.end()) throw std::invalid_argument("no connection " + id);
    e.connection = static_cast<std::size_t>(it - timeline_.connection_ids.begin());
    return Push(e);
  }
  TimelineBuilder& Config(std::int64_t at, FailoverPolicyChange change) {
    TimelineEvent e = Event(at, EventType::kConfig);
    e.failover_policy = std::move(change);
    return Push(e);
  }
  TimelineBuilder& Advance(std::int64_t at) { return Push(Event(at, EventType::kAdvance)); }
  TimelineBuilder& Tracking(ConnectionTracking tracking) {
    timeline_.tracking = tracking;
    return *this;
  }
  TimelineBuilder& DrainingTimeout(std::int64_t seconds) {
    timeline_.draining_timeout_sec = seconds;
    return *this;
  }
  TimelineBuilder& DisableDrain(bool disable = true) {
    timeline_.initial.failover_policy.present = true;
    timeline_.initial.failover_policy.disable_connection_drain_on_failover = disable;
    return *this;
  }
  TimelineScenario Build() const { return timeline_; }

 private:
  static TimelineEvent Event(std::int64_t at, EventType type) {
    TimelineEvent e;
    e.at = at;
    e.type = type;
    return e;
  }
  TimelineBuilder& Push(const TimelineEvent& e) {
    timeline_.events.push_back(e);
    return *this;
  }
  std::size_t InstanceIndex(const std::string& vm) const {
    for (std::size_t i = 0; i < timeline_.initial.instances.size(); ++i) {
      if (timeline_.initial.instances[i].name == vm) return i;
    }
    throw std::invalid_argument("no VM " + vm);
  }

  TimelineScenario timeline_;
};

// ConnectionIn returns connection `id` as a step lists it.
inline ConnectionStatus ConnectionIn(const TimelineStep& step, const std::string& id) {
  for (const ConnectionStatus& c : step.connections) {
    if (c.id == id) return c;
  }
  throw std::invalid_argument("no connection " + id + " in this step");
}

}  // namespace lbconform::testing

#endif  // LBCONFORM_MODEL_TESTING_TIMELINE_BUILDER_H_
