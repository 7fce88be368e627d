// The timeline misreadings. A few distort the reference's timeline; most run
// Misread below, a compact timeline of its own (the pool of each moment is the
// reference's passthrough decision, the rest is this file's own code) in which
// one rule of docs/spec/passthrough-timeline.md is read another way.
#include <algorithm>

#include "documents/documents.h"
#include "model/catalogue.h"
#include "readings/wrong_engines.h"
#include "reference/reference_engine.h"

namespace lbconform::readings {
namespace {

TimelineDecision ReferenceTimeline(const TimelineScenario& timeline, Profile profile) {
  return reference::ReferenceEngine(/*trace=*/false).DecideTimeline(timeline, profile);
}

// Distorted: a timeline misreading that rewrites each connection of each step.
WrongEngineInfo Distorted(const char* name, const char* misreads, const char* reading,
                          std::function<void(ConnectionStatus&)> distort) {
  WrongEngineInfo info{name, misreads, reading, Expectation::kCaught, {}, {}, {}};
  info.timeline = [distort](const TimelineScenario& timeline, Profile profile) {
    TimelineDecision d = ReferenceTimeline(timeline, profile);
    for (TimelineStep& step : d.steps) {
      for (ConnectionStatus& c : step.connections) distort(c);
    }
    return d;
  };
  return info;
}

WrongEngineInfo FailbackNotReported() {
  WrongEngineInfo info{
      "failback-not-reported", "FO-9", "a failback is not recognised as one", Expectation::kCaught, {}, {}, {}};
  info.timeline = [](const TimelineScenario& timeline, Profile profile) {
    TimelineDecision d = ReferenceTimeline(timeline, profile);
    for (TimelineStep& step : d.steps) {
      if (step.transition == Transition::kFailback) step.transition = Transition::kNone;
    }
    return d;
  };
  return info;
}

// EventInstanceComparedWhole reads an event's `instance` as a whole name, not
// as a URL whose last segment is the name (TL-2.4-g): `zones/Z/instances/vm-1`
// names no VM, UNKNOWN_INSTANCE_REFERENCE.
WrongEngineInfo EventInstanceComparedWhole() {
  WrongEngineInfo info{"event-instance-compared-whole",
                       "GAP-58",
                       "an event's instance URL compared whole with the VMs' names: an unknown VM",
                       Expectation::kCaught,
                       {},
                       {},
                       {}};
  info.timeline_document = [](const nlohmann::json& input, Profile profile) {
    nlohmann::json document = input;
    if (document.contains("events") && document["events"].is_array()) {
      for (nlohmann::json& event : document["events"]) {
        if (!event.is_object() || !event.contains("instance") || !event["instance"].is_string()) continue;
        std::string whole = event["instance"].get<std::string>();
        std::replace(whole.begin(), whole.end(), '/', '|');  // a name no VM has, unless it has no '/'
        event["instance"] = whole;
      }
    }
    return DecideDocument(reference::ReferenceEngine(/*trace=*/false), document, profile);
  };
  return info;
}

WrongEngineInfo DrainingAlwaysTenMinutes() {
  WrongEngineInfo info{"draining-always-ten-minutes",
                       "FO-21 GAP-7",
                       "the API's 10 minutes whatever the profile",
                       Expectation::kCaught,
                       {},
                       {},
                       {}};
  info.timeline = [](const TimelineScenario& timeline, Profile) {
    return ReferenceTimeline(timeline, Profile::kApi10Min);
  };
  return info;
}

// ------------------------------ Misread: the timeline with one rule read another way

// Knobs: each is one misreading; all false is the spec's reading (rules R1..R8).
struct Knobs {
  // Validation (CT-7, CT-8).
  bool idle_up_to_a_day = false;      // idleTimeoutSec up to 86,400 s
  bool idle_settable_always = false;  // idleTimeoutSec with any tracking
  bool idle_default_is_set = false;   // GAP-62: 600 s with 5-tuple tracking is a setting, refused
  bool size_as_product = false;       // the 1,000,000 bound read as events x (instances + connections)
  // Persistence (R7).
  bool udp_persists = false;                  // DEFAULT_FOR_PROTOCOL keeps UDP like TCP
  bool never_persist_ignored = false;         // NEVER_PERSIST read as DEFAULT_FOR_PROTOCOL
  bool always_persist_tcp_only = false;       // ALWAYS_PERSIST read as "TCP always persists"
  bool per_connection_only_5_tuple = false;   // PER_SESSION is never 5-tuple, whatever the affinity
  bool last_resort_keeps = false;             // a VM in the active pool keeps its connections
  bool never_persist_dropped_closes = false;  // "all backends unhealthy" needs a last resort, not a drop
  bool persistence_ends_draining = false;     // persistence also closes draining connections
  bool zonal_affinity_moves = false;          // connections off the modified eligible set close
  // Drains (R1, R5, R6).
  bool deadline_without_event_time = false;  // drainingUntil = the timeout, not at + timeout
  bool drain_end_exclusive = false;          // a drain ends only after its end time
  bool drain_end_reset = false;              // a drain that ends is RESET
  bool drain_ends_after_event = false;       // R1 after the event and the pool, not before
  bool zero_drain_is_reset = false;          // a 0 s drain is draining off: RESET
  bool zero_drain_uses_profile = false;      // drainingTimeoutSec 0 read as unset
  bool draining_off_closes = false;          // draining off closes without a reset
  bool draining_setting_read_once = false;   // disableConnectionDrainOnFailover of t = 0 throughout
  bool draining_off_resets_drains = false;   // turning draining off resets the drains under way
  bool transition_restarts_drain = false;    // a later transition gives drains a new end time
  bool unhealthy_drains = false;             // a VM that becomes unhealthy drains, failover or not
  bool non_tcp_drains = false;               // UDP and SCTP drain like TCP
  bool rejoin_keeps_draining = false;        // a VM back in the pool keeps its drains
  // Transitions (R4) and new connections (R2, R8).
  bool role_remembered_across_drop = false;     // primary, dropped, backup is a failover
  bool empty_primary_pool_has_no_role = false;  // no primary VM: no failover or failback
  bool close_ignored = false;                   // the client's close does not end the connection
  bool connect_before_same_time = false;        // a connect is judged against the pool before its time's events
};

enum class Role { kPrimary, kBackup, kNone };

Role RoleOf(const PassthroughDecision& pool, const Knobs& k) {
  switch (pool.eligible_kind) {
    case EligibleKind::kPrimaryHealthy:
      return Role::kPrimary;
    case EligibleKind::kPrimaryLastResort:
      return k.empty_primary_pool_has_no_role && pool.eligible.empty() ? Role::kNone : Role::kPrimary;
    case EligibleKind::kBackupHealthy:
      return Role::kBackup;
    default:
      return Role::kNone;
  }
}

bool FiveTuple(const ConnectionTracking& t, const Knobs& k) {
  if (t.tracking_mode == TrackingMode::kPerConnection) return true;
  if (k.per_connection_only_5_tuple) return false;
  return t.session_affinity == SessionAffinity::kNone || t.session_affinity == SessionAffinity::kClientIpPortProto;
}

bool MayPersist(const ConnectionTracking& t, ConnectionProtocol protocol, bool all_unhealthy, bool dropped,
                const Knobs& k) {
  PersistenceOnUnhealthy mode = t.persistence;
  if (k.never_persist_ignored && mode == PersistenceOnUnhealthy::kNeverPersist) {
    mode = PersistenceOnUnhealthy::kDefaultForProtocol;
  }
  switch (mode) {
    case PersistenceOnUnhealthy::kAlwaysPersist:
      return !k.always_persist_tcp_only || protocol == ConnectionProtocol::kTcp;
    case PersistenceOnUnhealthy::kNeverPersist:
      return all_unhealthy && !(k.never_persist_dropped_closes && dropped);
    case PersistenceOnUnhealthy::kDefaultForProtocol:
      return (protocol != ConnectionProtocol::kUdp || k.udp_persists) && FiveTuple(t, k);
  }
  return true;
}

// AcceptedIdleTimeout: the idle timeout a validation misreading lets through,
// cleared so that the reference accepts it too (it changes no decision, CT-9).
void AcceptedIdleTimeout(TimelineScenario& timeline, const Knobs& k) {
  const std::optional<std::int64_t> idle = timeline.tracking.idle_timeout_sec;
  if (!idle || !(k.idle_up_to_a_day || k.idle_settable_always)) return;
  const bool in_range = *idle >= 600 && *idle <= (k.idle_up_to_a_day ? 86'400 : 57'600);
  const bool settable = k.idle_settable_always || !FiveTuple(timeline.tracking, k);
  if (in_range && settable) timeline.tracking.idle_timeout_sec.reset();
}

struct Conn {
  std::string id;
  std::size_t vm = 0;
  ConnectionProtocol protocol = ConnectionProtocol::kTcp;
  ConnectionState state = ConnectionState::kActive;
  std::int64_t until = 0;
};

bool Contains(const BackendNames& names, const std::string& vm) {
  return std::binary_search(names.begin(), names.end(), vm);
}

// MisreadTimeline replays a timeline as docs/spec/passthrough-timeline.md's
// rules R1..R8 say, each rule its own method, with the knobs' misreadings.
class MisreadTimeline {
 public:
  MisreadTimeline(const TimelineScenario& timeline, Profile profile, const Knobs& k)
      : timeline_(timeline),
        profile_(profile),
        k_(k),
        state_(timeline.initial),
        no_drain_at_start_(state_.failover_policy.disable_connection_drain_on_failover),
        timeout_(Timeout(timeline, profile, k)) {}

  TimelineDecision Run() {
    TimelineDecision d;
    d.initial = engine_.Decide(state_, profile_);
    PassthroughDecision previous = d.initial;
    PassthroughDecision before_this_time = d.initial;
    std::int64_t this_time = -1;
    role_ = RoleOf(d.initial, k_);
    for (const TimelineEvent& event : timeline_.events) {
      if (event.at != this_time) {
        this_time = event.at;
        before_this_time = previous;
      }
      if (!k_.drain_ends_after_event) EndDrains(event.at);          // R1
      Apply(event);                                                 // R2
      PassthroughDecision pool = engine_.Decide(state_, profile_);  // R3
      const Transition transition = TransitionTo(pool);             // R4
      const bool all_unhealthy = AllUnhealthy();
      for (Conn& c : conns_) Update(c, pool, transition, event.at, all_unhealthy);  // R5..R7
      if (event.type == EventType::kConnect) {                                      // R8
        Connect(event, k_.connect_before_same_time ? before_this_time : pool);
      }
      if (k_.drain_ends_after_event) EndDrains(event.at);
      d.steps.push_back(Step(event.at, transition, pool));
      previous = std::move(pool);
    }
    return d;
  }

 private:
  static std::int64_t Timeout(const TimelineScenario& timeline, Profile profile, const Knobs& k) {
    std::int64_t timeout = timeline.draining_timeout_sec.value_or(DrainingTimeoutSeconds(profile));
    if (k.zero_drain_uses_profile && timeout == 0) timeout = DrainingTimeoutSeconds(profile);
    return timeout;
  }

  bool Healthy(const Conn& c) const { return state_.instances[c.vm].health == HealthState::kHealthy; }
  const std::string& VmName(const Conn& c) const { return state_.instances[c.vm].name; }

  void EndDrains(std::int64_t at) {
    for (Conn& c : conns_) {
      const bool ended = k_.drain_end_exclusive ? at > c.until : at >= c.until;
      if (c.state == ConnectionState::kDraining && ended) {
        c.state = k_.drain_end_reset ? ConnectionState::kReset : ConnectionState::kClosed;
      }
    }
  }

  void Apply(const TimelineEvent& event) {
    switch (event.type) {
      case EventType::kHealth:
        state_.instances[event.instance].health = event.health;
        break;
      case EventType::kConfig:
        ApplyFailoverPolicyChange(event.failover_policy, state_.failover_policy);
        if (k_.draining_off_resets_drains &&
            event.failover_policy.disable_connection_drain_on_failover.value_or(false)) {
          for (Conn& c : conns_) {
            if (c.state == ConnectionState::kDraining) c.state = ConnectionState::kReset;
          }
        }
        break;
      case EventType::kClose: {
        Conn& c = conns_[event.connection];
        const bool open = c.state == ConnectionState::kActive || c.state == ConnectionState::kDraining;
        if (open && !k_.close_ignored) c.state = ConnectionState::kClosed;
        break;
      }
      case EventType::kConnect:
      case EventType::kAdvance:
        break;
    }
  }

  Transition TransitionTo(const PassthroughDecision& pool) {
    const Role new_role = RoleOf(pool, k_);
    Transition transition = Transition::kNone;
    if (role_ == Role::kPrimary && new_role == Role::kBackup) transition = Transition::kFailover;
    if (role_ == Role::kBackup && new_role == Role::kPrimary) transition = Transition::kFailback;
    if (!(k_.role_remembered_across_drop && pool.eligible_kind == EligibleKind::kDrop)) role_ = new_role;
    return transition;
  }

  bool AllUnhealthy() const {
    const auto& vms = state_.instances;
    return std::none_of(vms.begin(), vms.end(), [](const Instance& vm) { return vm.health == HealthState::kHealthy; });
  }

  void Update(Conn& c, const PassthroughDecision& pool, Transition transition, std::int64_t at,
              bool all_unhealthy) const {
    const bool in_pool = Contains(pool.eligible, VmName(c));
    if (c.state == ConnectionState::kDraining && !in_pool && transition != Transition::kNone &&
        k_.transition_restarts_drain) {
      c.until = at + timeout_;
    }
    const bool leaves = transition != Transition::kNone || (k_.unhealthy_drains && !Healthy(c));
    if (c.state == ConnectionState::kActive && !in_pool && leaves) {  // R5
      Leave(c, at);
    } else if (c.state == ConnectionState::kDraining && in_pool && !k_.rejoin_keeps_draining) {  // R6
      c.state = ConnectionState::kActive;
    }
    const bool persistence_applies =
        c.state == ConnectionState::kActive || (k_.persistence_ends_draining && c.state == ConnectionState::kDraining);
    const bool kept_by_pool = k_.last_resort_keeps && in_pool;
    if (persistence_applies && !Healthy(c) && !kept_by_pool &&
        !MayPersist(timeline_.tracking, c.protocol, all_unhealthy, pool.eligible_kind == EligibleKind::kDrop, k_)) {
      c.state = ConnectionState::kClosed;  // R7
    }
    if (k_.zonal_affinity_moves && c.state == ConnectionState::kActive &&
        !Contains(pool.modified_eligible, VmName(c))) {
      c.state = ConnectionState::kClosed;
    }
  }

  // Leave: an ACTIVE connection whose VM leaves the pool at a transition (R5).
  void Leave(Conn& c, std::int64_t at) const {
    const bool no_drain = k_.draining_setting_read_once ? no_drain_at_start_
                                                        : state_.failover_policy.disable_connection_drain_on_failover;
    if (c.protocol != ConnectionProtocol::kTcp && !k_.non_tcp_drains) {
      c.state = ConnectionState::kClosed;
    } else if (no_drain) {
      c.state = k_.draining_off_closes ? ConnectionState::kClosed : ConnectionState::kReset;
    } else if (timeout_ == 0) {
      c.state = k_.zero_drain_is_reset ? ConnectionState::kReset : ConnectionState::kClosed;
    } else {
      c.state = ConnectionState::kDraining;
      c.until = k_.deadline_without_event_time ? timeout_ : at + timeout_;
    }
  }

  void Connect(const TimelineEvent& event, const PassthroughDecision& judged) {
    const bool allowed = Contains(judged.modified_eligible, state_.instances[event.instance].name);
    conns_.push_back({timeline_.connection_ids[event.connection], event.instance, event.protocol,
                      allowed ? ConnectionState::kActive : ConnectionState::kRefused, 0});
  }

  TimelineStep Step(std::int64_t at, Transition transition, const PassthroughDecision& pool) const {
    TimelineStep step;
    step.at = at;
    step.transition = transition;
    step.pool = pool;
    for (const Conn& c : conns_) {
      ConnectionStatus status{c.id, VmName(c), c.protocol, c.state, std::nullopt};
      if (c.state == ConnectionState::kDraining) status.draining_until = c.until;
      step.connections.push_back(std::move(status));
    }
    std::sort(step.connections.begin(), step.connections.end(),
              [](const ConnectionStatus& a, const ConnectionStatus& b) { return a.id < b.id; });
    return step;
  }

  const TimelineScenario& timeline_;
  Profile profile_;
  const Knobs& k_;
  const reference::ReferenceEngine engine_{/*trace=*/false};
  PassthroughScenario state_;
  bool no_drain_at_start_;
  std::int64_t timeout_;
  Role role_ = Role::kNone;
  std::vector<Conn> conns_;
};

TimelineDecision Misread(const TimelineScenario& given, Profile profile, const Knobs& k) {
  TimelineScenario timeline = given;
  const std::size_t entries = timeline.initial.instances.size() + timeline.connection_ids.size();
  if (k.size_as_product && timeline.events.size() * entries > 1'000'000) {
    return InvalidTimelineDecision({{ErrorCode::TOO_MANY_OBJECTS, "/events", "read as a product"}});
  }
  if (k.idle_default_is_set && timeline.tracking.idle_timeout_sec == 600 && FiveTuple(timeline.tracking, k)) {
    return InvalidTimelineDecision({{ErrorCode::IDLE_TIMEOUT_NOT_SETTABLE,
                                     "/backendService/connectionTrackingPolicy/idleTimeoutSec", "600 read as set"}});
  }
  AcceptedIdleTimeout(timeline, k);
  TimelineDecision checked = ReferenceTimeline(timeline, profile);
  if (!checked.valid()) return checked;
  return MisreadTimeline(timeline, profile, k).Run();
}

WrongEngineInfo Misreading(const char* name, const char* misreads, const char* reading, Knobs knobs,
                           Expectation expectation = Expectation::kCaught) {
  WrongEngineInfo info{name, misreads, reading, expectation, {}, {}, {}};
  info.timeline = [knobs](const TimelineScenario& timeline, Profile profile) {
    return Misread(timeline, profile, knobs);
  };
  return info;
}

template <typename Set>
Knobs With(Set set) {
  Knobs k;
  set(k);
  return k;
}

}  // namespace

const std::vector<WrongEngineInfo>& TimelineMisreadings() {
  static const std::vector<WrongEngineInfo> kAll = {
      Distorted("draining-is-reset", "FO-21", "failover resets connections even with draining on",
                [](ConnectionStatus& c) {
                  if (c.state != ConnectionState::kDraining) return;
                  c.state = ConnectionState::kReset;
                  c.draining_until.reset();
                }),
      Distorted("connect-anywhere", "CT-2", "a new connection lands on any VM, eligible or not",
                [](ConnectionStatus& c) {
                  if (c.state == ConnectionState::kRefused) c.state = ConnectionState::kActive;
                }),
      FailbackNotReported(),
      DrainingAlwaysTenMinutes(),
      EventInstanceComparedWhole(),
      // Connection tracking and persistence.
      Misreading("close-ignored", "CT-1", "the client's close leaves the tracking entry in place",
                 With([](Knobs& k) { k.close_ignored = true; })),
      Misreading("udp-persists", "CT-3", "DEFAULT_FOR_PROTOCOL keeps UDP connections on unhealthy VMs like TCP",
                 With([](Knobs& k) { k.udp_persists = true; })),
      Misreading("never-persist-ignored", "CT-4", "NEVER_PERSIST read as DEFAULT_FOR_PROTOCOL",
                 With([](Knobs& k) { k.never_persist_ignored = true; })),
      Misreading("always-persist-tcp-only", "CT-5", "ALWAYS_PERSIST read as 'TCP always persists', UDP and SCTP not",
                 With([](Knobs& k) { k.always_persist_tcp_only = true; })),
      Misreading("per-session-never-5-tuple", "CT-6",
                 "PER_SESSION tracking is never 5-tuple, even with CLIENT_IP_PORT_PROTO",
                 With([](Knobs& k) { k.per_connection_only_5_tuple = true; })),
      Misreading("idle-timeout-up-to-a-day", "CT-7", "idleTimeoutSec accepted up to 86,400 s",
                 With([](Knobs& k) { k.idle_up_to_a_day = true; })),
      Misreading("idle-timeout-always-settable", "CT-8", "idleTimeoutSec accepted with 5-tuple tracking too",
                 With([](Knobs& k) { k.idle_settable_always = true; })),
      Misreading("size-bound-as-product", "CT-1",
                 "the 1,000,000-entry bound read as events x (instances + connections), not a running sum",
                 With([](Knobs& k) { k.size_as_product = true; })),
      Misreading("idle-timeout-default-is-set", "CT-8 GAP-62",
                 "idleTimeoutSec 600, the default a 5-tuple service's describe reports, refused as a setting",
                 With([](Knobs& k) { k.idle_default_is_set = true; })),
      Misreading("last-resort-keeps-connections", "CT-3 GAP-21",
                 "a connection on an unhealthy VM of the active pool (a last resort) persists, UDP too",
                 With([](Knobs& k) { k.last_resort_keeps = true; })),
      Misreading("established-follow-zonal-affinity", "ZA-2",
                 "an active connection on a VM outside the modified eligible set closes",
                 With([](Knobs& k) { k.zonal_affinity_moves = true; })),
      // Draining.
      Misreading("drain-deadline-without-event-time", "FO-21",
                 "drainingUntil is the timeout, not the event's time plus it",
                 With([](Knobs& k) { k.deadline_without_event_time = true; })),
      Misreading("drain-end-exclusive", "FO-21 GAP-23", "a drain ends only after its end time, not at it",
                 With([](Knobs& k) { k.drain_end_exclusive = true; })),
      Misreading("drain-end-is-reset", "GAP-23", "a connection whose drain ends is RESET, not CLOSED",
                 With([](Knobs& k) { k.drain_end_reset = true; })),
      Misreading("zero-second-drain-is-reset", "FO-21 GAP-23", "a 0 s drain is read as draining off: RESET",
                 With([](Knobs& k) { k.zero_drain_is_reset = true; })),
      Misreading("zero-second-drain-uses-profile", "FO-21 GAP-7",
                 "drainingTimeoutSec 0 read as unset: the profile's timeout",
                 With([](Knobs& k) { k.zero_drain_uses_profile = true; })),
      Misreading("draining-off-closes", "FO-22", "with draining disabled the connections are closed, not reset",
                 With([](Knobs& k) { k.draining_off_closes = true; })),
      Misreading("draining-setting-read-once", "FO-22 GAP-22",
                 "disableConnectionDrainOnFailover is read once, at t = 0; config events do not change it",
                 With([](Knobs& k) { k.draining_setting_read_once = true; })),
      Misreading("draining-off-resets-drains", "FO-22 GAP-22",
                 "turning draining off resets the connections already draining",
                 With([](Knobs& k) { k.draining_off_resets_drains = true; })),
      Misreading("persistence-ends-draining", "CT-4 GAP-22",
                 "connection persistence also closes a draining connection on an unhealthy VM",
                 With([](Knobs& k) { k.persistence_ends_draining = true; })),
      Misreading("transition-restarts-drain", "FO-21 GAP-17",
                 "a later failover or failback gives the connections still draining a new end time",
                 With([](Knobs& k) { k.transition_restarts_drain = true; })),
      Misreading("unhealthy-vm-drains", "FO-21 GAP-17",
                 "a TCP connection on a VM that becomes unhealthy drains, failover or not",
                 With([](Knobs& k) { k.unhealthy_drains = true; })),
      Misreading("drain-ends-after-the-event", "FO-21 GAP-23",
                 "a drain ending at an event's time ends after that event, so a VM back in the pool revives it",
                 With([](Knobs& k) { k.drain_ends_after_event = true; })),
      Misreading("connect-before-same-time-events", "CT-2",
                 "events at one time are simultaneous: a connect is judged against the pool before any of them",
                 With([](Knobs& k) { k.connect_before_same_time = true; })),
      // The other readings of the gaps the vectors deliberately allow.
      Misreading("non-tcp-drains", "GAP-18", "UDP and SCTP connections drain (or are reset) like TCP",
                 With([](Knobs& k) { k.non_tcp_drains = true; }), Expectation::kAccepted),
      Misreading("rejoin-keeps-draining", "GAP-19", "a VM back in the pool keeps draining its connections to their end",
                 With([](Knobs& k) { k.rejoin_keeps_draining = true; }), Expectation::kAccepted),
      Misreading("role-remembered-across-drop", "GAP-20",
                 "a dropped pool keeps the role of the pool before it: primary, dropped, backup is a failover",
                 With([](Knobs& k) { k.role_remembered_across_drop = true; }), Expectation::kAccepted),
      Misreading("empty-primary-pool-has-no-role", "GAP-20",
                 "with no primary VM, the empty primary last resort has no role: no failover or failback",
                 With([](Knobs& k) { k.empty_primary_pool_has_no_role = true; }), Expectation::kAccepted),
      Misreading("never-persist-dropped-closes", "GAP-21",
                 "NEVER_PERSIST's 'unless all backends are unhealthy' needs a last-resort pool: a dropped pool closes",
                 With([](Knobs& k) { k.never_persist_dropped_closes = true; }), Expectation::kAccepted),
  };
  return kAll;
}

}  // namespace lbconform::readings
