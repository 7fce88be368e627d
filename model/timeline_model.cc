#include "model/timeline_model.h"

#include <utility>

namespace lbconform {

TimelineDecision InvalidTimelineDecision(std::vector<Error> errors) {
  TimelineDecision decision;
  decision.errors = std::move(errors);
  return decision;
}

namespace {

bool SameStep(const TimelineStep& a, const TimelineStep& b) {
  return a.at == b.at && a.transition == b.transition && SameDecision(a.pool, b.pool) && a.connections == b.connections;
}

}  // namespace

bool SameTimelineDecision(const TimelineDecision& a, const TimelineDecision& b) {
  if (a.valid() != b.valid()) return false;
  if (!a.valid()) return SameDecision(InvalidDecision(a.errors), InvalidDecision(b.errors));
  if (!SameDecision(a.initial, b.initial) || a.steps.size() != b.steps.size()) return false;
  for (std::size_t i = 0; i < a.steps.size(); ++i) {
    if (!SameStep(a.steps[i], b.steps[i])) return false;
  }
  return true;
}

std::optional<std::string> NormativeTimelineDiff(const TimelineDecision& expected, const TimelineDecision& actual) {
  if (expected.valid() != actual.valid()) return "valid";
  if (!expected.valid()) return NormativeDiff(InvalidDecision(expected.errors), InvalidDecision(actual.errors));
  if (auto diff = NormativeDiff(expected.initial, actual.initial)) return "initial." + *diff;
  if (expected.steps.size() != actual.steps.size()) return "steps (count)";
  for (std::size_t i = 0; i < expected.steps.size(); ++i) {
    const TimelineStep& e = expected.steps[i];
    const TimelineStep& a = actual.steps[i];
    const std::string where = "steps[" + std::to_string(i) + "].";
    if (e.at != a.at) return where + "at";
    if (e.transition != a.transition) return where + "transition";
    if (auto diff = NormativeDiff(e.pool, a.pool)) return where + *diff;
    if (e.connections.size() != a.connections.size()) return where + "connections (count)";
    for (std::size_t c = 0; c < e.connections.size(); ++c) {
      const ConnectionStatus& ec = e.connections[c];
      const ConnectionStatus& ac = a.connections[c];
      const std::string cw = where + "connections[" + std::to_string(c) + "].";
      if (ec.id != ac.id) return cw + "id";
      if (ec.instance != ac.instance) return cw + "instance";
      if (ec.state != ac.state) return cw + "state";
      if (ec.draining_until != ac.draining_until) return cw + "drainingUntil";
    }
  }
  return std::nullopt;
}

std::string_view NameOf(ConnectionProtocol value) {
  switch (value) {
    case ConnectionProtocol::kTcp:
      return "TCP";
    case ConnectionProtocol::kUdp:
      return "UDP";
    case ConnectionProtocol::kSctp:
      return "SCTP";
  }
  return "?";
}

std::string_view NameOf(TrackingMode value) {
  return value == TrackingMode::kPerConnection ? "PER_CONNECTION" : "PER_SESSION";
}

std::string_view NameOf(PersistenceOnUnhealthy value) {
  switch (value) {
    case PersistenceOnUnhealthy::kDefaultForProtocol:
      return "DEFAULT_FOR_PROTOCOL";
    case PersistenceOnUnhealthy::kNeverPersist:
      return "NEVER_PERSIST";
    case PersistenceOnUnhealthy::kAlwaysPersist:
      return "ALWAYS_PERSIST";
  }
  return "?";
}

std::string_view NameOf(SessionAffinity value) {
  switch (value) {
    case SessionAffinity::kNone:
      return "NONE";
    case SessionAffinity::kClientIp:
      return "CLIENT_IP";
    case SessionAffinity::kClientIpProto:
      return "CLIENT_IP_PROTO";
    case SessionAffinity::kClientIpPortProto:
      return "CLIENT_IP_PORT_PROTO";
    case SessionAffinity::kClientIpNoDestination:
      return "CLIENT_IP_NO_DESTINATION";
  }
  return "?";
}

std::string_view NameOf(EventType value) {
  switch (value) {
    case EventType::kHealth:
      return "health";
    case EventType::kConnect:
      return "connect";
    case EventType::kClose:
      return "close";
    case EventType::kConfig:
      return "config";
    case EventType::kAdvance:
      return "advance";
  }
  return "?";
}

std::string_view NameOf(ConnectionState value) {
  switch (value) {
    case ConnectionState::kActive:
      return "ACTIVE";
    case ConnectionState::kDraining:
      return "DRAINING";
    case ConnectionState::kClosed:
      return "CLOSED";
    case ConnectionState::kReset:
      return "RESET";
    case ConnectionState::kRefused:
      return "REFUSED";
  }
  return "?";
}

std::string_view NameOf(Transition value) {
  switch (value) {
    case Transition::kNone:
      return "NONE";
    case Transition::kFailover:
      return "FAILOVER";
    case Transition::kFailback:
      return "FAILBACK";
  }
  return "?";
}

std::string DescribeEvent(const TimelineScenario& timeline, const TimelineEvent& event) {
  const auto& vms = timeline.initial.instances;
  switch (event.type) {
    case EventType::kHealth:
      return vms[event.instance].name + " becomes " + std::string(NameOf(event.health));
    case EventType::kConnect:
      return timeline.connection_ids[event.connection] + " opens to " + vms[event.instance].name + " (" +
             std::string(NameOf(event.protocol)) + ")";
    case EventType::kClose:
      return "the client closes " + timeline.connection_ids[event.connection];
    case EventType::kConfig:
      return "failoverPolicy changes";
    case EventType::kAdvance:
      return "time passes";
  }
  return "?";
}

void ApplyFailoverPolicyChange(const FailoverPolicyChange& change, FailoverPolicy& policy) {
  policy.present = true;
  if (change.failover_ratio) policy.failover_ratio = *change.failover_ratio;
  if (change.drop_traffic_if_unhealthy) policy.drop_traffic_if_unhealthy = *change.drop_traffic_if_unhealthy;
  if (change.disable_connection_drain_on_failover) {
    policy.disable_connection_drain_on_failover = *change.disable_connection_drain_on_failover;
  }
}

}  // namespace lbconform
