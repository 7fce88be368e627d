// The vocabulary of the passthrough-timeline kind: a passthrough scenario, the
// connection tracking settings, and timed events (health changes, connections
// opening and closing, failover-policy changes, time passing); the decision
// is the state after each event. Plain data, shared by every engine.
#ifndef LBCONFORM_MODEL_TIMELINE_MODEL_H_
#define LBCONFORM_MODEL_TIMELINE_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace lbconform {

// ------------------------------ Scenario

enum class ConnectionProtocol { kTcp, kUdp, kSctp };
enum class TrackingMode { kPerConnection, kPerSession };
enum class PersistenceOnUnhealthy { kDefaultForProtocol, kNeverPersist, kAlwaysPersist };
enum class SessionAffinity { kNone, kClientIp, kClientIpProto, kClientIpPortProto, kClientIpNoDestination };

// ConnectionTracking is `backendService.sessionAffinity` and
// `backendService.connectionTrackingPolicy` (API defaults as initialisers).
struct ConnectionTracking {
  SessionAffinity session_affinity = SessionAffinity::kNone;
  TrackingMode tracking_mode = TrackingMode::kPerConnection;
  PersistenceOnUnhealthy persistence = PersistenceOnUnhealthy::kDefaultForProtocol;
  std::optional<std::int64_t> idle_timeout_sec;  // set only when given
};

enum class EventType { kHealth, kConnect, kClose, kConfig, kAdvance };

// FailoverPolicyChange is a `config` event: the fields it gives replace the
// failover policy's current values.
struct FailoverPolicyChange {
  std::optional<Decimal> failover_ratio;
  std::optional<bool> drop_traffic_if_unhealthy;
  std::optional<bool> disable_connection_drain_on_failover;
};

struct TimelineEvent {
  std::int64_t at = 0;  // seconds since the start of the timeline
  EventType type = EventType::kAdvance;
  std::size_t instance = 0;                                // kHealth, kConnect: index into instances
  HealthState health = HealthState::kHealthy;              // kHealth
  std::size_t connection = 0;                              // kConnect, kClose: index into connection ids
  ConnectionProtocol protocol = ConnectionProtocol::kTcp;  // kConnect
  FailoverPolicyChange failover_policy;                    // kConfig
};

inline constexpr std::int64_t kMaxTimelineSeconds = 1'000'000'000;  // json_reader.h Seconds' limit
inline constexpr std::size_t kMaxTimelineEvents = 10'000;
// Every step of a decision lists the active pool (up to every instance) and
// every connection opened so far; the sum over the steps of instances plus
// connections so far is bounded (10,000 events on 90 instances with 10
// connections, or 100 events on 10,000 instances), so output, memory and time
// stay linear in it.
inline constexpr std::size_t kMaxTimelineStepEntries = 1'000'000;

struct TimelineScenario {
  PassthroughScenario initial;  // the state before the first event
  ConnectionTracking tracking;
  std::optional<std::int64_t> draining_timeout_sec;  // overrides the profile (GAP-7)
  std::vector<std::string> connection_ids;           // in order of their connect events
  std::vector<TimelineEvent> events;
};

// ------------------------------ Decision

enum class ConnectionState {
  kActive,    // tracked, packets reach its VM
  kDraining,  // on a VM outside the active pool, kept until `draining_until` (FO-21)
  kClosed,    // ended without a reset: closed by the client, not persisted, or drained
  kReset,     // ended by the load balancer with a TCP reset (FO-22)
  kRefused,   // never established: its VM was not a modified eligible backend (CT-2)
};

enum class Transition { kNone, kFailover, kFailback };

struct ConnectionStatus {
  std::string id;
  std::string instance;
  ConnectionProtocol protocol = ConnectionProtocol::kTcp;
  ConnectionState state = ConnectionState::kActive;
  std::optional<std::int64_t> draining_until;  // when kDraining
  friend bool operator==(const ConnectionStatus&, const ConnectionStatus&) = default;
};

// TimelineStep is the state right after one event.
struct TimelineStep {
  std::int64_t at = 0;
  Transition transition = Transition::kNone;
  PassthroughDecision pool;                   // eligible, zonal affinity and modified eligible
  std::vector<ConnectionStatus> connections;  // every connection so far, by id (byte order)
  std::vector<TraceStep> trace;               // informative: the rules applied at this event
};

struct TimelineDecision {
  std::vector<Error> errors;        // empty when valid
  PassthroughDecision initial;      // the state before the first event
  std::vector<TimelineStep> steps;  // one per event
  std::vector<TraceStep> trace;     // informative: validation, before the first event

  bool valid() const { return errors.empty(); }
};

TimelineDecision InvalidTimelineDecision(std::vector<Error> errors);

// SameTimelineDecision compares every field but messages, paths and traces;
// NormativeTimelineDiff names the first normative field that differs.
bool SameTimelineDecision(const TimelineDecision& a, const TimelineDecision& b);
std::optional<std::string> NormativeTimelineDiff(const TimelineDecision& expected, const TimelineDecision& actual);

std::string_view NameOf(ConnectionProtocol value);
std::string_view NameOf(TrackingMode value);
std::string_view NameOf(PersistenceOnUnhealthy value);
std::string_view NameOf(SessionAffinity value);
std::string_view NameOf(EventType value);
std::string_view NameOf(ConnectionState value);
std::string_view NameOf(Transition value);

// DescribeEvent is one event in words ("vm-a1 becomes UNHEALTHY").
std::string DescribeEvent(const TimelineScenario& timeline, const TimelineEvent& event);

// ApplyFailoverPolicyChange is what a `config` event does to the policy.
void ApplyFailoverPolicyChange(const FailoverPolicyChange& change, FailoverPolicy& policy);

// TimelineEngine returns the state after each event of a timeline.
class TimelineEngine : public virtual Engine {
 public:
  virtual TimelineDecision DecideTimeline(const TimelineScenario& timeline, Profile profile) const = 0;
};

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_TIMELINE_MODEL_H_
