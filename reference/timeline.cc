#include "reference/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "reference/reference_engine.h"
#include "reference/validation.h"

namespace lbconform::reference {
namespace {

bool InVmSet(const BackendNames& names, const std::string& vm) {
  return std::binary_search(names.begin(), names.end(), vm);
}

const Instance& VmOf(const PassthroughScenario& scenario, const Connection& connection) {
  return scenario.instances[connection.instance];
}

bool Healthy(const Instance& vm) { return vm.health == HealthState::kHealthy; }

}  // namespace

// ------------------------------ Validation

std::vector<Error> ValidateTimeline(const TimelineScenario& timeline, Trace& trace) {
  std::vector<Error> errors;
  // [FO-11] A `config` event cannot set a ratio outside [0.0, 1.0] either.
  for (std::size_t i = 0; i < timeline.events.size(); ++i) {
    const std::optional<Decimal>& ratio = timeline.events[i].failover_policy.failover_ratio;
    if (timeline.events[i].type == EventType::kConfig && ratio && !InUnitInterval(*ratio)) {
      errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE,
                        fmt::format("/events/{}/failoverPolicy/failoverRatio", i),
                        fmt::format("failoverRatio {} is outside [0.0, 1.0]", ratio->ToString())});
    }
  }
  const ConnectionTracking& tracking = timeline.tracking;
  if (tracking.idle_timeout_sec) {
    // [CT-7] At least 600 s (the default) and at most 16 hours.
    constexpr std::int64_t kDefaultIdleTimeoutSec = 600;
    const std::int64_t idle = *tracking.idle_timeout_sec;
    if (idle < 600 || idle > 57'600) {
      errors.push_back({ErrorCode::IDLE_TIMEOUT_OUT_OF_RANGE, "/backendService/connectionTrackingPolicy/idleTimeoutSec",
                        fmt::format("idleTimeoutSec {} is outside [600, 57600]", idle)});
    }
    // [CT-8] Settable only when tracking is less than 5-tuple.
    const bool less_than_five_tuple = tracking.tracking_mode == TrackingMode::kPerSession &&
                                      (tracking.session_affinity == SessionAffinity::kClientIpNoDestination ||
                                       tracking.session_affinity == SessionAffinity::kClientIp ||
                                       tracking.session_affinity == SessionAffinity::kClientIpProto);
    // GAP-62: 600 s, the default, is what the API reports for a 5-tuple
    // service that never set it, so it is not a setting.
    if (!less_than_five_tuple && idle != kDefaultIdleTimeoutSec) {
      errors.push_back({ErrorCode::IDLE_TIMEOUT_NOT_SETTABLE, "/backendService/connectionTrackingPolicy/idleTimeoutSec",
                        fmt::format("idleTimeoutSec needs PER_SESSION tracking with a 1-, 2- or 3-tuple "
                                    "session affinity (have {}, {})",
                                    NameOf(tracking.tracking_mode), NameOf(tracking.session_affinity))});
    }
  }
  trace.Add(Clause::CT_7, [&] {
    return std::string(errors.empty() ? "the timeline's failover policy changes and connection tracking policy "
                                        "are accepted"
                                      : "the timeline is rejected");
  });
  return errors;
}

// ------------------------------ Failover and failback

PoolRole RoleOf(EligibleKind kind) {
  switch (kind) {
    case EligibleKind::kPrimaryHealthy:
    case EligibleKind::kPrimaryLastResort:
      return PoolRole::kPrimary;
    case EligibleKind::kBackupHealthy:
      return PoolRole::kBackup;
    case EligibleKind::kAllHealthy:
    case EligibleKind::kAllLastResort:
    case EligibleKind::kDrop:
      return PoolRole::kNone;
  }
  return PoolRole::kNone;
}

Transition ClassifyTransition(PoolRole before, PoolRole after, Trace& trace) {
  // [FO-9] Failover takes primary VMs out of the active pool and puts healthy
  // failover VMs in; failback is the reverse. GAP-20: a dropped pool holds
  // VMs of neither role, so changes to or from it are neither.
  Transition transition = Transition::kNone;
  if (before == PoolRole::kPrimary && after == PoolRole::kBackup) transition = Transition::kFailover;
  if (before == PoolRole::kBackup && after == PoolRole::kPrimary) transition = Transition::kFailback;
  if (transition != Transition::kNone) {
    trace.Add(Clause::FO_9, [&] { return fmt::format("the active pool changed roles: {}", NameOf(transition)); });
  }
  return transition;
}

// ------------------------------ The per-event rules

void EndExpiredDraining(std::int64_t at, std::vector<Connection>& connections, Trace& trace) {
  // [FO-21] Sessions persist "up to" the draining timeout; GAP-23: at its end
  // the connection is closed, not reset.
  for (Connection& c : connections) {
    if (c.state == ConnectionState::kDraining && at >= c.draining_until) {
      c.state = ConnectionState::kClosed;
      trace.Add(Clause::FO_21,
                [&] { return fmt::format("{}: draining ended at t={}: CLOSED", c.id, c.draining_until); });
    }
  }
}

void DrainOrResetOutsideNewPool(std::int64_t at, const PassthroughScenario& scenario, const PassthroughDecision& pool,
                                std::int64_t draining_timeout, std::vector<Connection>& connections, Trace& trace) {
  // GAP-17: at a failover or failback, every active connection on a VM outside
  // the new active pool drains or is reset. [ZA-2] The active pool is the
  // original eligible set: zonal affinity does not touch established connections.
  const bool drain = !scenario.failover_policy.disable_connection_drain_on_failover;
  for (Connection& c : connections) {
    if (c.state != ConnectionState::kActive) continue;
    const Instance& vm = VmOf(scenario, c);
    if (InVmSet(pool.eligible, vm.name)) continue;
    if (c.protocol != ConnectionProtocol::kTcp) {
      // GAP-18: draining and resets are about TCP sessions.
      c.state = ConnectionState::kClosed;
      trace.Add(Clause::FO_21, [&] {
        return fmt::format("{} ({}) on {} left the active pool: not TCP, CLOSED", c.id, NameOf(c.protocol), vm.name);
      });
    } else if (drain && draining_timeout > 0) {
      // [FO-21] Draining is on by default: the session may stay up to the timeout.
      c.state = ConnectionState::kDraining;
      c.draining_until = at + draining_timeout;
      trace.Add(Clause::FO_21, [&] {
        return fmt::format("{} on {} left the active pool: DRAINING until t={}", c.id, vm.name, c.draining_until);
      });
    } else if (drain) {
      // [FO-21] GAP-23: a drain of 0 s ends as it starts.
      c.state = ConnectionState::kClosed;
      trace.Add(Clause::FO_21, [&] { return fmt::format("{} on {}: a 0 s drain, CLOSED", c.id, vm.name); });
    } else {
      // [FO-22] Draining disabled: sessions end quickly, with TCP resets.
      c.state = ConnectionState::kReset;
      trace.Add(Clause::FO_22, [&] {
        return fmt::format("{} on {} left the active pool, draining is disabled: RESET", c.id, vm.name);
      });
    }
  }
}

void RejoinPool(const PassthroughScenario& scenario, const PassthroughDecision& pool,
                std::vector<Connection>& connections, Trace& trace) {
  // GAP-19: draining keeps connections on VMs outside the pool; a VM back in
  // the pool carries its connections as before.
  for (Connection& c : connections) {
    if (c.state != ConnectionState::kDraining) continue;
    const Instance& vm = VmOf(scenario, c);
    if (!InVmSet(pool.eligible, vm.name)) continue;
    c.state = ConnectionState::kActive;
    trace.Add(Clause::CT_1, [&] { return fmt::format("{}: {} is back in the active pool: ACTIVE", c.id, vm.name); });
  }
}

bool MayPersistOnUnhealthy(const ConnectionTracking& tracking, ConnectionProtocol protocol,
                           bool every_backend_unhealthy) {
  switch (tracking.persistence) {
    case PersistenceOnUnhealthy::kDefaultForProtocol: {
      // [CT-3] TCP and SCTP only, and only with PER_CONNECTION tracking or a
      // 5-tuple session affinity. [CT-6] The 5-tuple affinities.
      const bool connection_oriented = protocol != ConnectionProtocol::kUdp;
      const bool five_tuple = tracking.tracking_mode == TrackingMode::kPerConnection ||
                              tracking.session_affinity == SessionAffinity::kNone ||
                              tracking.session_affinity == SessionAffinity::kClientIpPortProto;
      return connection_oriented && five_tuple;
    }
    case PersistenceOnUnhealthy::kNeverPersist:
      // [CT-4] Never, unless all backends are unhealthy (GAP-21: every VM).
      return every_backend_unhealthy;
    case PersistenceOnUnhealthy::kAlwaysPersist:
      // [CT-5] Always.
      return true;
  }
  return true;
}

void ApplyPersistenceOnUnhealthy(const PassthroughScenario& scenario, const ConnectionTracking& tracking,
                                 std::vector<Connection>& connections, Trace& trace) {
  // GAP-21: decided after every event, for every active connection on an
  // unhealthy VM, in the active pool or not: CT-3 makes no exception for a
  // last-resort pool (CT-4's "unless all backends are unhealthy" is
  // NEVER_PERSIST's alone), and a new connection there is a new tracking entry.
  const bool every_backend_unhealthy = std::none_of(scenario.instances.begin(), scenario.instances.end(), Healthy);
  for (Connection& c : connections) {
    if (c.state != ConnectionState::kActive) continue;
    const Instance& vm = VmOf(scenario, c);
    if (Healthy(vm)) continue;
    if (MayPersistOnUnhealthy(tracking, c.protocol, every_backend_unhealthy)) continue;
    c.state = ConnectionState::kClosed;
    const Clause rule = tracking.persistence == PersistenceOnUnhealthy::kNeverPersist ? Clause::CT_4 : Clause::CT_3;
    trace.Add(rule, [&] {
      return fmt::format("{} ({}) on unhealthy {} does not persist ({}): CLOSED", c.id, NameOf(c.protocol), vm.name,
                         NameOf(tracking.persistence));
    });
  }
}

Connection EstablishConnection(std::string id, std::size_t instance, ConnectionProtocol protocol,
                               const PassthroughScenario& scenario, const PassthroughDecision& pool, Trace& trace) {
  // [CT-2] A new connection goes to a modified eligible backend; [CT-1] the
  // choice is recorded and every later packet follows it.
  Connection c{std::move(id), instance, protocol, ConnectionState::kActive, 0};
  const std::string& vm = scenario.instances[instance].name;
  if (!InVmSet(pool.modified_eligible, vm)) c.state = ConnectionState::kRefused;
  trace.Add(c.state == ConnectionState::kActive ? Clause::CT_1 : Clause::CT_2, [&] {
    return c.state == ConnectionState::kActive
               ? fmt::format("{} ({}) established on {}", c.id, NameOf(protocol), vm)
               : fmt::format("{} ({}) to {}: REFUSED, {} is not a modified eligible backend", c.id, NameOf(protocol),
                             vm, vm);
  });
  return c;
}

// ------------------------------ The timeline

namespace {

std::vector<ConnectionStatus> Snapshot(const PassthroughScenario& scenario,
                                       const std::vector<Connection>& connections) {
  std::vector<ConnectionStatus> out;
  out.reserve(connections.size());
  for (const Connection& c : connections) {
    ConnectionStatus status{c.id, scenario.instances[c.instance].name, c.protocol, c.state, std::nullopt};
    if (c.state == ConnectionState::kDraining) status.draining_until = c.draining_until;
    out.push_back(std::move(status));
  }
  std::sort(out.begin(), out.end(), [](const ConnectionStatus& a, const ConnectionStatus& b) { return a.id < b.id; });
  return out;
}

}  // namespace

TimelineDecision ReferenceEngine::DecideTimeline(const TimelineScenario& timeline, Profile profile) const {
  Trace trace(trace_);
  std::vector<Error> errors = ValidateScenario(timeline.initial, profile, trace);
  std::vector<Error> timeline_errors = ValidateTimeline(timeline, trace);
  errors.insert(errors.end(), timeline_errors.begin(), timeline_errors.end());
  if (!errors.empty()) return InvalidTimelineDecision(std::move(errors));

  // GAP-7: the draining timeout is the profile's unless the timeline sets one.
  const std::int64_t draining_timeout = timeline.draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile));
  PassthroughScenario scenario = timeline.initial;
  Trace untraced(false);
  TimelineDecision decision;
  decision.trace = std::move(trace.steps());
  trace.steps().clear();
  decision.initial = DecideNewConnection(scenario, profile, untraced);
  PoolRole role = RoleOf(decision.initial.eligible_kind);
  std::vector<Connection> connections;

  for (const TimelineEvent& event : timeline.events) {
    EndExpiredDraining(event.at, connections, trace);
    switch (event.type) {
      case EventType::kHealth:
        scenario.instances[event.instance].health = event.health;
        break;
      case EventType::kConfig:
        ApplyFailoverPolicyChange(event.failover_policy, scenario.failover_policy);
        break;
      case EventType::kClose: {
        // [CT-1] The tracking entry lives as long as the connection. Connections
        // are indexed in the order they were opened (the decoder checked it).
        Connection& c = connections[event.connection];
        if (c.state == ConnectionState::kActive || c.state == ConnectionState::kDraining) {
          c.state = ConnectionState::kClosed;
        }
        break;
      }
      case EventType::kConnect:
      case EventType::kAdvance:
        break;
    }
    // [TD-3] The active pool and the modified eligible backends right now.
    PassthroughDecision pool = DecideNewConnection(scenario, profile, untraced);
    const PoolRole new_role = RoleOf(pool.eligible_kind);
    const Transition transition = ClassifyTransition(role, new_role, trace);
    role = new_role;
    if (transition != Transition::kNone) {
      DrainOrResetOutsideNewPool(event.at, scenario, pool, draining_timeout, connections, trace);
    }
    RejoinPool(scenario, pool, connections, trace);
    ApplyPersistenceOnUnhealthy(scenario, timeline.tracking, connections, trace);
    if (event.type == EventType::kConnect) {
      connections.push_back(EstablishConnection(timeline.connection_ids[event.connection], event.instance,
                                                event.protocol, scenario, pool, trace));
    }
    decision.steps.push_back(
        {event.at, transition, std::move(pool), Snapshot(scenario, connections), std::move(trace.steps())});
    trace.steps().clear();
  }
  return decision;
}

}  // namespace lbconform::reference
