// The optimized engine for passthrough-timeline: the backend service is
// compiled once; each event flips a health bit or recomputes a threshold, runs
// the kernel, and walks the connections as structure-of-arrays against the
// new masks. Written from the clauses, independently of the reference.
#include <algorithm>
#include <numeric>

#include "optimized/compiled.h"
#include "optimized/optimized_engine.h"
#include "model/timeline_model.h"

namespace lbconform::optimized {
namespace {

bool TestBit(const std::uint64_t* mask, std::size_t bit) { return (mask[bit / 64] >> (bit % 64)) & 1U; }

void AssignBit(std::vector<std::uint64_t>& mask, std::size_t bit, bool on) {
  const std::uint64_t m = std::uint64_t{1} << (bit % 64);
  mask[bit / 64] = on ? (mask[bit / 64] | m) : (mask[bit / 64] & ~m);
}

bool AnyBit(const std::vector<std::uint64_t>& mask) {
  return std::any_of(mask.begin(), mask.end(), [](std::uint64_t w) { return w != 0; });
}

// Role codes: 0 primary, 1 backup, 2 neither (no failover, or dropped).
std::uint8_t Role(std::uint8_t eligible_kind) {
  switch (static_cast<EligibleKind>(eligible_kind)) {
    case EligibleKind::kPrimaryHealthy:
    case EligibleKind::kPrimaryLastResort: return 0;
    case EligibleKind::kBackupHealthy: return 1;
    default: return 2;
  }
}

// Persists tells whether a connection on an unhealthy VM outside the pool
// stays, per connection persistence (CT-3..CT-6, GAP-21).
bool Persists(const ConnectionTracking& t, ConnectionProtocol protocol, bool all_unhealthy) {
  if (t.persistence == PersistenceOnUnhealthy::kAlwaysPersist) return true;
  if (t.persistence == PersistenceOnUnhealthy::kNeverPersist) return all_unhealthy;
  const bool five_tuple = t.tracking_mode == TrackingMode::kPerConnection ||
                          t.session_affinity == SessionAffinity::kNone ||
                          t.session_affinity == SessionAffinity::kClientIpPortProto;
  return protocol != ConnectionProtocol::kUdp && five_tuple;
}

std::vector<Error> ValidateTimeline(const TimelineScenario& timeline) {
  std::vector<Error> errors;
  const Decimal one = Decimal::FromInteger(1);
  for (std::size_t i = 0; i < timeline.events.size(); ++i) {
    const TimelineEvent& e = timeline.events[i];
    if (e.type != EventType::kConfig || !e.failover_policy.failover_ratio) continue;
    const Decimal& r = *e.failover_policy.failover_ratio;
    if (r.negative() || one < r) {
      errors.push_back({ErrorCode::FAILOVER_RATIO_OUT_OF_RANGE, "/events/" + std::to_string(i) + "/failoverPolicy",
                        "failover ratio outside [0, 1]"});
    }
  }
  const ConnectionTracking& t = timeline.tracking;
  if (t.idle_timeout_sec) {
    const std::string path = "/backendService/connectionTrackingPolicy/idleTimeoutSec";
    if (*t.idle_timeout_sec < 600 || *t.idle_timeout_sec > 16 * 3600) {
      errors.push_back({ErrorCode::IDLE_TIMEOUT_OUT_OF_RANGE, path, "outside [600, 57600]"});
    }
    const bool short_key = t.tracking_mode == TrackingMode::kPerSession && t.session_affinity != SessionAffinity::kNone &&
                           t.session_affinity != SessionAffinity::kClientIpPortProto;
    if (!short_key) errors.push_back({ErrorCode::IDLE_TIMEOUT_NOT_SETTABLE, path, "tracking is 5-tuple"});
  }
  return errors;
}

}  // namespace

TimelineDecision OptimizedEngine::DecideTimeline(const TimelineScenario& timeline, Profile profile) const {
  std::vector<Error> errors = ValidateScenario(timeline.initial, profile);
  std::vector<Error> more = ValidateTimeline(timeline);
  errors.insert(errors.end(), more.begin(), more.end());
  if (!errors.empty()) return InvalidTimelineDecision(std::move(errors));

  const PassthroughScenario& initial = timeline.initial;
  CompiledPassthrough compiled = CompiledPassthrough::Compile(initial, profile);
  std::vector<std::uint64_t> healthy = compiled.HealthMask(initial);
  std::vector<std::size_t> bit_of(initial.instances.size());
  for (std::size_t i = 0; i < bit_of.size(); ++i) bit_of[i] = compiled.BitOf(initial.instances[i].name);
  const std::int32_t client_zone = compiled.ZoneIndex(initial.client.zone);
  const bool compatible = compiled.ClientCompatible(initial.client);
  FailoverPolicy policy = initial.failover_policy;
  const std::int64_t drain_for = timeline.draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile));

  TimelineDecision decision;
  decision.initial = compiled.ToDecision(compiled.Decide(kernel_, healthy, client_zone, compatible));
  std::uint8_t role = Role(static_cast<std::uint8_t>(decision.initial.eligible_kind));

  // Connections as structure-of-arrays, in the order they were opened.
  const std::size_t n = timeline.connection_ids.size();
  std::vector<std::uint32_t> conn_bit;
  std::vector<ConnectionProtocol> conn_protocol;
  std::vector<ConnectionState> conn_state;
  std::vector<std::int64_t> conn_until;
  conn_bit.reserve(n);
  conn_protocol.reserve(n);
  conn_state.reserve(n);
  conn_until.reserve(n);
  std::vector<std::size_t> by_id(n);
  std::iota(by_id.begin(), by_id.end(), 0);
  std::sort(by_id.begin(), by_id.end(),
            [&](std::size_t a, std::size_t b) { return timeline.connection_ids[a] < timeline.connection_ids[b]; });
  const std::vector<std::string>& names = compiled.vm_names();

  decision.steps.reserve(timeline.events.size());
  for (const TimelineEvent& event : timeline.events) {
    for (std::size_t c = 0; c < conn_state.size(); ++c) {
      if (conn_state[c] == ConnectionState::kDraining && event.at >= conn_until[c]) conn_state[c] = ConnectionState::kClosed;
    }
    switch (event.type) {
      case EventType::kHealth:
        AssignBit(healthy, bit_of[event.instance], event.health == HealthState::kHealthy);
        break;
      case EventType::kConfig:
        ApplyFailoverPolicyChange(event.failover_policy, policy);
        compiled.SetFailoverPolicy(policy);
        break;
      case EventType::kClose:
        if (conn_state[event.connection] == ConnectionState::kActive ||
            conn_state[event.connection] == ConnectionState::kDraining) {
          conn_state[event.connection] = ConnectionState::kClosed;
        }
        break;
      default:
        break;
    }
    const MaskDecision masks = compiled.Decide(kernel_, healthy, client_zone, compatible);
    const std::uint64_t* eligible = masks.eligible.data();
    const std::uint8_t new_role = Role(masks.codes.kind);
    Transition transition = Transition::kNone;
    if (role == 0 && new_role == 1) transition = Transition::kFailover;
    if (role == 1 && new_role == 0) transition = Transition::kFailback;
    role = new_role;
    const bool all_unhealthy = !AnyBit(healthy);
    for (std::size_t c = 0; c < conn_state.size(); ++c) {
      const bool in_pool = TestBit(eligible, conn_bit[c]);
      ConnectionState& state = conn_state[c];
      if (state == ConnectionState::kActive && !in_pool) {
        if (transition != Transition::kNone) {
          if (conn_protocol[c] != ConnectionProtocol::kTcp) {
            state = ConnectionState::kClosed;
          } else if (policy.disable_connection_drain_on_failover) {
            state = ConnectionState::kReset;
          } else if (drain_for == 0) {
            state = ConnectionState::kClosed;
          } else {
            state = ConnectionState::kDraining;
            conn_until[c] = event.at + drain_for;
          }
        } else if (!TestBit(healthy.data(), conn_bit[c]) &&
                   !Persists(timeline.tracking, conn_protocol[c], all_unhealthy)) {
          state = ConnectionState::kClosed;
        }
      } else if (state == ConnectionState::kDraining && in_pool) {
        state = ConnectionState::kActive;
      }
    }
    if (event.type == EventType::kConnect) {
      const auto bit = static_cast<std::uint32_t>(bit_of[event.instance]);
      conn_bit.push_back(bit);
      conn_protocol.push_back(event.protocol);
      conn_state.push_back(TestBit(masks.modified.data(), bit) ? ConnectionState::kActive : ConnectionState::kRefused);
      conn_until.push_back(0);
    }

    TimelineStep step;
    step.at = event.at;
    step.transition = transition;
    step.pool = compiled.ToDecision(masks);
    step.connections.reserve(conn_state.size());
    for (std::size_t c : by_id) {
      if (c >= conn_state.size()) continue;
      ConnectionStatus s{timeline.connection_ids[c], names[conn_bit[c]], conn_protocol[c], conn_state[c], std::nullopt};
      if (conn_state[c] == ConnectionState::kDraining) s.draining_until = conn_until[c];
      step.connections.push_back(std::move(s));
    }
    decision.steps.push_back(std::move(step));
  }
  return decision;
}

}  // namespace lbconform::optimized
