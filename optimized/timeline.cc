// The optimized engine for passthrough-timeline: the backend service is
// compiled once; each event flips a health bit or recomputes a threshold, runs
// the kernel, and walks the connections as structure-of-arrays against the
// new masks. Written from the clauses, independently of the reference.
#include <algorithm>
#include <numeric>

#include "model/timeline_model.h"
#include "optimized/compiled.h"
#include "optimized/optimized_engine.h"

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
    case EligibleKind::kPrimaryLastResort:
      return 0;
    case EligibleKind::kBackupHealthy:
      return 1;
    default:
      return 2;
  }
}

// Persists tells whether a connection on an unhealthy VM stays, per
// connection persistence (CT-3..CT-6, GAP-21).
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
    const bool short_key = t.tracking_mode == TrackingMode::kPerSession &&
                           t.session_affinity != SessionAffinity::kNone &&
                           t.session_affinity != SessionAffinity::kClientIpPortProto;
    // 600 s is the API's default, which a 5-tuple service's describe reports.
    if (!short_key && *t.idle_timeout_sec != 600) {
      errors.push_back({ErrorCode::IDLE_TIMEOUT_NOT_SETTABLE, path, "tracking is 5-tuple"});
    }
  }
  return errors;
}

Transition TransitionBetween(std::uint8_t role_before, std::uint8_t role_after) {
  if (role_before == 0 && role_after == 1) return Transition::kFailover;
  if (role_before == 1 && role_after == 0) return Transition::kFailback;
  return Transition::kNone;
}

// TimelineRun decides a valid timeline event by event: the backend service
// compiled once, the health mask and failover policy as they are now, and the
// connections as structure-of-arrays in the order they were opened.
class TimelineRun {
 public:
  TimelineRun(const TimelineScenario& timeline, Profile profile, const Kernel& kernel);
  TimelineDecision Decide();

 private:
  TimelineStep Step(const TimelineEvent& event);
  void EndDrains(std::int64_t at);
  void Apply(const TimelineEvent& event);
  void UpdateConnections(const std::uint64_t* eligible, Transition transition, std::int64_t at);
  ConnectionState LeavePool(std::size_t c, std::int64_t at);
  void Open(const TimelineEvent& event, const MaskDecision& masks);
  std::vector<ConnectionStatus> ConnectionsById() const;

  const TimelineScenario& timeline_;
  const Kernel& kernel_;
  CompiledPassthrough compiled_;
  std::vector<std::uint64_t> healthy_;
  std::vector<std::size_t> bit_of_;  // instance index → bit
  std::int32_t client_zone_;
  bool compatible_;
  FailoverPolicy policy_;
  std::int64_t drain_for_;
  std::uint8_t role_ = 2;
  std::vector<std::size_t> by_id_;  // connections in id order
  std::vector<std::uint32_t> conn_bit_;
  std::vector<ConnectionProtocol> conn_protocol_;
  std::vector<ConnectionState> conn_state_;
  std::vector<std::int64_t> conn_until_;
};

TimelineRun::TimelineRun(const TimelineScenario& timeline, Profile profile, const Kernel& kernel)
    : timeline_(timeline),
      kernel_(kernel),
      compiled_(CompiledPassthrough::Compile(timeline.initial, profile)),
      healthy_(compiled_.HealthMask(timeline.initial)),
      bit_of_(timeline.initial.instances.size()),
      client_zone_(compiled_.ZoneIndex(timeline.initial.client.zone)),
      compatible_(compiled_.ClientCompatible(timeline.initial.client)),
      policy_(timeline.initial.failover_policy),
      drain_for_(timeline.draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile))),
      by_id_(timeline.connection_ids.size()) {
  for (std::size_t i = 0; i < bit_of_.size(); ++i) bit_of_[i] = compiled_.BitOf(timeline.initial.instances[i].name);
  std::iota(by_id_.begin(), by_id_.end(), 0);
  std::sort(by_id_.begin(), by_id_.end(),
            [&](std::size_t a, std::size_t b) { return timeline.connection_ids[a] < timeline.connection_ids[b]; });
  const std::size_t n = timeline.connection_ids.size();
  conn_bit_.reserve(n);
  conn_protocol_.reserve(n);
  conn_state_.reserve(n);
  conn_until_.reserve(n);
}

TimelineDecision TimelineRun::Decide() {
  TimelineDecision decision;
  decision.initial = compiled_.ToDecision(compiled_.Decide(kernel_, healthy_, client_zone_, compatible_));
  role_ = Role(static_cast<std::uint8_t>(decision.initial.eligible_kind));
  decision.steps.reserve(timeline_.events.size());
  for (const TimelineEvent& event : timeline_.events) decision.steps.push_back(Step(event));
  return decision;
}

// Step: drains that end, the event's change, the new pool, what it means for
// each connection, then the new connection (if any) against the new pool.
TimelineStep TimelineRun::Step(const TimelineEvent& event) {
  EndDrains(event.at);
  Apply(event);
  const MaskDecision masks = compiled_.Decide(kernel_, healthy_, client_zone_, compatible_);
  const std::uint8_t new_role = Role(masks.codes.kind);
  const Transition transition = TransitionBetween(role_, new_role);
  role_ = new_role;
  UpdateConnections(masks.eligible.data(), transition, event.at);
  if (event.type == EventType::kConnect) Open(event, masks);
  TimelineStep step;
  step.at = event.at;
  step.transition = transition;
  step.pool = compiled_.ToDecision(masks);
  step.connections = ConnectionsById();
  return step;
}

void TimelineRun::EndDrains(std::int64_t at) {
  for (std::size_t c = 0; c < conn_state_.size(); ++c) {
    if (conn_state_[c] == ConnectionState::kDraining && at >= conn_until_[c]) conn_state_[c] = ConnectionState::kClosed;
  }
}

// Apply: a health change, a failover-policy change or a close; a connect is
// opened after the pool is decided.
void TimelineRun::Apply(const TimelineEvent& event) {
  switch (event.type) {
    case EventType::kHealth:
      AssignBit(healthy_, bit_of_[event.instance], event.health == HealthState::kHealthy);
      break;
    case EventType::kConfig:
      ApplyFailoverPolicyChange(event.failover_policy, policy_);
      compiled_.SetFailoverPolicy(policy_);
      break;
    case EventType::kClose:
      if (conn_state_[event.connection] == ConnectionState::kActive ||
          conn_state_[event.connection] == ConnectionState::kDraining) {
        conn_state_[event.connection] = ConnectionState::kClosed;
      }
      break;
    default:
      break;
  }
}

// UpdateConnections: at a failover or failback, active connections outside the
// pool leave it; draining ones back in the pool become active again (GAP-19);
// then every active connection on an unhealthy VM, in the pool or not, persists
// or closes as connection persistence says (GAP-21).
void TimelineRun::UpdateConnections(const std::uint64_t* eligible, Transition transition, std::int64_t at) {
  const bool all_unhealthy = !AnyBit(healthy_);
  for (std::size_t c = 0; c < conn_state_.size(); ++c) {
    const bool in_pool = TestBit(eligible, conn_bit_[c]);
    ConnectionState& state = conn_state_[c];
    if (state == ConnectionState::kActive && !in_pool && transition != Transition::kNone) {
      state = LeavePool(c, at);
    } else if (state == ConnectionState::kDraining && in_pool) {
      state = ConnectionState::kActive;
    }
    if (state == ConnectionState::kActive && !TestBit(healthy_.data(), conn_bit_[c]) &&
        !Persists(timeline_.tracking, conn_protocol_[c], all_unhealthy)) {
      state = ConnectionState::kClosed;
    }
  }
}

// LeavePool is the state of active connection `c` leaving the pool at a
// failover or failback: it drains, is reset or closes (FO-21, FO-22, GAP-18).
ConnectionState TimelineRun::LeavePool(std::size_t c, std::int64_t at) {
  if (conn_protocol_[c] != ConnectionProtocol::kTcp) return ConnectionState::kClosed;
  if (policy_.disable_connection_drain_on_failover) return ConnectionState::kReset;
  if (drain_for_ == 0) return ConnectionState::kClosed;
  conn_until_[c] = at + drain_for_;
  return ConnectionState::kDraining;
}

// Open: the new connection is established only on a modified eligible VM (CT-2).
void TimelineRun::Open(const TimelineEvent& event, const MaskDecision& masks) {
  const auto bit = static_cast<std::uint32_t>(bit_of_[event.instance]);
  conn_bit_.push_back(bit);
  conn_protocol_.push_back(event.protocol);
  conn_state_.push_back(TestBit(masks.modified.data(), bit) ? ConnectionState::kActive : ConnectionState::kRefused);
  conn_until_.push_back(0);
}

std::vector<ConnectionStatus> TimelineRun::ConnectionsById() const {
  const std::vector<std::string>& names = compiled_.vm_names();
  std::vector<ConnectionStatus> out;
  out.reserve(conn_state_.size());
  for (std::size_t c : by_id_) {
    if (c >= conn_state_.size()) continue;
    ConnectionStatus s{timeline_.connection_ids[c], names[conn_bit_[c]], conn_protocol_[c], conn_state_[c],
                       std::nullopt};
    if (conn_state_[c] == ConnectionState::kDraining) s.draining_until = conn_until_[c];
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

TimelineDecision OptimizedEngine::DecideTimeline(const TimelineScenario& timeline, Profile profile) const {
  std::vector<Error> errors = ValidateScenario(timeline.initial, profile);
  std::vector<Error> more = ValidateTimeline(timeline);
  errors.insert(errors.end(), more.begin(), more.end());
  if (!errors.empty()) return InvalidTimelineDecision(std::move(errors));
  return TimelineRun(timeline, profile, kernel_).Decide();
}

}  // namespace lbconform::optimized
