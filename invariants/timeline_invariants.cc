#include "invariants/timeline_invariants.h"

#include <algorithm>
#include <map>

namespace lbconform::properties {
namespace {

bool Contains(const BackendNames& names, const std::string& vm) {
  return std::binary_search(names.begin(), names.end(), vm);
}

std::string At(std::size_t step, const std::string& id, const char* what) {
  return "step " + std::to_string(step) + ", connection " + id + ": " + what;
}

// MayPersist is CT-3..CT-6 with GAP-21's 'all backends': every configured VM.
// The other reading of GAP-21 closes more, never fewer, connections.
bool MayPersist(const ConnectionTracking& t, ConnectionProtocol protocol, bool every_vm_unhealthy) {
  switch (t.persistence) {
    case PersistenceOnUnhealthy::kAlwaysPersist:
      return true;
    case PersistenceOnUnhealthy::kNeverPersist:
      return every_vm_unhealthy;
    case PersistenceOnUnhealthy::kDefaultForProtocol:
      break;
  }
  const bool five_tuple = t.tracking_mode == TrackingMode::kPerConnection ||
                          t.session_affinity == SessionAffinity::kNone ||
                          t.session_affinity == SessionAffinity::kClientIpPortProto;
  return protocol != ConnectionProtocol::kUdp && five_tuple;
}

}  // namespace

std::optional<std::string> TimelineViolation(const TimelineScenario& timeline, Profile profile,
                                             const TimelineDecision& d) {
  if (!d.valid()) return std::nullopt;
  if (d.steps.size() != timeline.events.size()) return std::string("one step per event");
  const std::int64_t timeout = timeline.draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile));
  FailoverPolicy policy = timeline.initial.failover_policy;
  std::map<std::string, std::string> vm_of;            // the VM each connection was opened to
  std::map<std::string, std::int64_t> draining_since;  // when each drain began
  std::map<std::string, ConnectionProtocol> protocol_of;
  std::map<std::string, bool> healthy;  // each VM's health now
  for (const Instance& vm : timeline.initial.instances) healthy[vm.name] = vm.health == HealthState::kHealthy;
  for (std::size_t i = 0; i < d.steps.size(); ++i) {
    const TimelineEvent& event = timeline.events[i];
    const TimelineStep& step = d.steps[i];
    const TimelineStep* before = i == 0 ? nullptr : &d.steps[i - 1];
    if (event.type == EventType::kConfig) ApplyFailoverPolicyChange(event.failover_policy, policy);
    if (event.type == EventType::kConnect) {
      vm_of[timeline.connection_ids[event.connection]] = timeline.initial.instances[event.instance].name;
      protocol_of[timeline.connection_ids[event.connection]] = event.protocol;
    }
    if (event.type == EventType::kHealth) {
      healthy[timeline.initial.instances[event.instance].name] = event.health == HealthState::kHealthy;
    }
    const bool every_vm_unhealthy =
        std::none_of(healthy.begin(), healthy.end(), [](const auto& vm) { return vm.second; });
    for (const ConnectionStatus& c : step.connections) {
      auto opened = vm_of.find(c.id);
      if (opened == vm_of.end()) return At(i, c.id, "listed but never opened");
      if (c.instance != opened->second) return At(i, c.id, "moved to another VM (CT-1)");
      const ConnectionStatus* was = nullptr;
      if (before != nullptr) {
        for (const ConnectionStatus& b : before->connections) {
          if (b.id == c.id) was = &b;
        }
      }
      if (was == nullptr && c.state == ConnectionState::kActive && !Contains(step.pool.modified_eligible, c.instance)) {
        return At(i, c.id, "a new connection outside the modified eligible backends (CT-2)");
      }
      // GAP-21: persistence is a state, with no exception for a VM in the pool.
      if (was != nullptr && c.state == ConnectionState::kActive && !healthy[c.instance] &&
          !MayPersist(timeline.tracking, protocol_of[c.id], every_vm_unhealthy)) {
        return At(i, c.id, "active on an unhealthy VM although it may not persist (CT-3..CT-5, GAP-21)");
      }
      const bool in_pool = Contains(step.pool.eligible, c.instance);
      if (step.transition != Transition::kNone && policy.disable_connection_drain_on_failover && !in_pool) {
        if (c.state == ConnectionState::kActive)
          return At(i, c.id, "active outside the pool after a transition with draining off (FO-22)");
        if (c.state == ConnectionState::kDraining && was != nullptr && was->state == ConnectionState::kActive) {
          return At(i, c.id, "started draining although draining is off (FO-22)");
        }
      }
      if (c.state == ConnectionState::kDraining) {
        if (was == nullptr || was->state != ConnectionState::kDraining) draining_since[c.id] = step.at;
        if (!c.draining_until) return At(i, c.id, "draining without an end time");
        if (*c.draining_until != draining_since[c.id] + timeout)
          return At(i, c.id, "a drain not of the timeout (FO-21)");
        if (step.at >= *c.draining_until) return At(i, c.id, "draining past its end time (FO-21)");
      } else if (c.draining_until) {
        return At(i, c.id, "an end time without draining");
      }
    }
  }
  return std::nullopt;
}

}  // namespace lbconform::properties
