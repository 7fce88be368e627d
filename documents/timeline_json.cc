#include "documents/timeline_json.h"

#include <map>

#include "documents/json_reader.h"

namespace lbconform {

using nlohmann::json;

namespace {

using namespace json_reader;  // NOLINT: the reader is this file's own vocabulary

constexpr std::array kProtocols = {ConnectionProtocol::kTcp, ConnectionProtocol::kUdp, ConnectionProtocol::kSctp};
constexpr std::array kTrackingModes = {TrackingMode::kPerConnection, TrackingMode::kPerSession};
constexpr std::array kPersistences = {PersistenceOnUnhealthy::kDefaultForProtocol,
                                      PersistenceOnUnhealthy::kNeverPersist, PersistenceOnUnhealthy::kAlwaysPersist};
constexpr std::array kAffinities = {SessionAffinity::kNone, SessionAffinity::kClientIp, SessionAffinity::kClientIpProto,
                                    SessionAffinity::kClientIpPortProto, SessionAffinity::kClientIpNoDestination};
constexpr std::array kEventTypes = {EventType::kHealth, EventType::kConnect, EventType::kClose, EventType::kConfig,
                                    EventType::kAdvance};
constexpr std::array kStates = {ConnectionState::kActive, ConnectionState::kDraining, ConnectionState::kClosed,
                                ConnectionState::kReset, ConnectionState::kRefused};
constexpr std::array kTransitions = {Transition::kNone, Transition::kFailover, Transition::kFailback};

// Integer reads an API integer field; its range is a spec rule checked later.
std::int64_t Integer(const json& value, const std::string& path) {
  if (value.is_number_unsigned()) {
    const auto u = value.get<std::uint64_t>();
    return u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
               ? std::numeric_limits<std::int64_t>::max()
               : static_cast<std::int64_t>(u);
  }
  if (value.is_number_integer()) return value.get<std::int64_t>();
  Fail(ErrorCode::WRONG_TYPE, path, fmt::format("expected an integer, got {}", value.dump()));
}

void ReadConnectionTracking(Object& root, TimelineScenario& timeline) {
  Object service(root.Require("backendService"), "/backendService", /*strict=*/false);
  ConnectionTracking& tracking = timeline.tracking;
  if (auto affinity = service.String("sessionAffinity")) {
    tracking.session_affinity = ParseEnum(*affinity, kAffinities, service.PathOf("sessionAffinity"));
  }
  const json* policy_json = service.Find("connectionTrackingPolicy");
  if (policy_json == nullptr) return;
  Object policy(*policy_json, service.PathOf("connectionTrackingPolicy"), false);
  if (auto mode = policy.String("trackingMode")) {
    tracking.tracking_mode = ParseEnum(*mode, kTrackingModes, policy.PathOf("trackingMode"));
  }
  if (auto persistence = policy.String("connectionPersistenceOnUnhealthyBackends")) {
    tracking.persistence =
        ParseEnum(*persistence, kPersistences, policy.PathOf("connectionPersistenceOnUnhealthyBackends"));
  }
  if (const json* idle = policy.Find("idleTimeoutSec")) {
    tracking.idle_timeout_sec = Integer(*idle, policy.PathOf("idleTimeoutSec"));
  }
}

std::size_t FindInstance(const TimelineScenario& timeline, const std::string& reference, const std::string& path) {
  const std::string name = LastSegment(reference, path);
  for (std::size_t i = 0; i < timeline.initial.instances.size(); ++i) {
    if (timeline.initial.instances[i].name == name) return i;
  }
  Fail(ErrorCode::UNKNOWN_INSTANCE_REFERENCE, path, fmt::format("'{}' is not one of the instances", reference));
}

void ReadEvents(Object& root, TimelineScenario& timeline) {
  const json& events = RequireArray(root.Require("events"), "/events");
  if (events.size() > kMaxTimelineEvents) {
    Fail(ErrorCode::TOO_MANY_OBJECTS, "/events",
         fmt::format("{} events; at most {}", events.size(), kMaxTimelineEvents));
  }
  std::map<std::string, std::size_t, std::less<>> connection_index;
  std::size_t step_entries = 0;
  std::int64_t previous = 0;
  for (std::size_t i = 0; i < events.size(); ++i) {
    Object e(events[i], fmt::format("/events/{}", i), /*strict=*/true);
    TimelineEvent event;
    event.at = Seconds(e.Require("at"), e.PathOf("at"));
    if (event.at < previous) {
      Fail(ErrorCode::EVENTS_OUT_OF_ORDER, e.PathOf("at"),
           fmt::format("t={} comes after an event at t={}", event.at, previous));
    }
    previous = event.at;
    event.type = ParseEnum(e.RequireString("type"), kEventTypes, e.PathOf("type"));
    switch (event.type) {
      case EventType::kHealth:
        event.instance = FindInstance(timeline, e.RequireString("instance"), e.PathOf("instance"));
        event.health = ParseEnum(e.RequireString("healthState"), kHealthStates, e.PathOf("healthState"));
        break;
      case EventType::kConnect: {
        const std::string id = e.RequireString("connection");
        if (id.empty()) Fail(ErrorCode::INVALID_NAME, e.PathOf("connection"), "a connection id cannot be empty");
        if (connection_index.contains(id)) {
          Fail(ErrorCode::DUPLICATE_CONNECTION_ID, e.PathOf("connection"),
               fmt::format("connection '{}' is opened twice", id));
        }
        event.connection = timeline.connection_ids.size();
        connection_index.emplace(id, event.connection);
        timeline.connection_ids.push_back(id);
        event.instance = FindInstance(timeline, e.RequireString("instance"), e.PathOf("instance"));
        if (auto protocol = e.String("protocol"))
          event.protocol = ParseEnum(*protocol, kProtocols, e.PathOf("protocol"));
        break;
      }
      case EventType::kClose: {
        const std::string id = e.RequireString("connection");
        auto it = connection_index.find(id);
        if (it == connection_index.end()) {
          Fail(ErrorCode::UNKNOWN_CONNECTION, e.PathOf("connection"),
               fmt::format("no earlier event opened connection '{}'", id));
        }
        event.connection = it->second;
        break;
      }
      case EventType::kConfig: {
        Object policy(e.Require("failoverPolicy"), e.PathOf("failoverPolicy"), /*strict=*/true);
        if (policy.Find("failoverRatio") != nullptr)
          event.failover_policy.failover_ratio = policy.Ratio("failoverRatio");
        if (policy.Find("dropTrafficIfUnhealthy") != nullptr) {
          event.failover_policy.drop_traffic_if_unhealthy = policy.Bool("dropTrafficIfUnhealthy", false);
        }
        if (policy.Find("disableConnectionDrainOnFailover") != nullptr) {
          event.failover_policy.disable_connection_drain_on_failover =
              policy.Bool("disableConnectionDrainOnFailover", false);
        }
        policy.Finish();
        break;
      }
      case EventType::kAdvance:
        break;
    }
    e.Finish();
    timeline.events.push_back(std::move(event));
    // Each step lists the active pool (up to every instance) and every
    // connection opened so far, so the decision holds the sum of those
    // counts: bounded, so the engines' memory and time stay linear in it.
    step_entries += timeline.initial.instances.size() + timeline.connection_ids.size();
    if (step_entries > kMaxTimelineStepEntries) {
      Fail(ErrorCode::TOO_MANY_OBJECTS, e.PathOf("at"),
           fmt::format("the steps up to this event would list {} instances and connections in all; at most {} "
                       "(events × (instances + connections opened so far))",
                       step_entries, kMaxTimelineStepEntries));
    }
  }
}

TimelineScenario ReadTimeline(const json& document) {
  Object root(document, "", /*strict=*/true);
  const std::string kind = root.RequireString("kind");
  if (kind != NameOf(ScenarioKind::kPassthroughTimeline)) {
    Fail(ErrorCode::UNKNOWN_KIND, "/kind", fmt::format("expected kind 'passthrough-timeline', got '{}'", kind));
  }
  root.String("description");  // free text for people, ignored
  TimelineScenario timeline;
  ReadPassthroughFields(root, timeline.initial);
  ReadConnectionTracking(root, timeline);
  if (const json* timeout = root.Find("drainingTimeoutSec")) {
    timeline.draining_timeout_sec = Seconds(*timeout, "/drainingTimeoutSec");
  }
  ReadEvents(root, timeline);
  root.Finish();
  return timeline;
}

json PoolJson(const PassthroughDecision& pool) {
  json out = EncodeDecision(pool);
  out.erase("valid");
  out.erase("errors");
  return out;
}

}  // namespace

DecodedTimeline DecodeTimelineDocument(const json& document) {
  DecodedTimeline result;
  result.timeline = Catching([&] { return ReadTimeline(document); }, result.errors);
  return result;
}

json EncodeTimeline(const TimelineScenario& timeline) {
  json document = EncodeScenario(timeline.initial);
  document["kind"] = NameOf(ScenarioKind::kPassthroughTimeline);
  const ConnectionTracking& tracking = timeline.tracking;
  json& service = document["backendService"];
  service["sessionAffinity"] = NameOf(tracking.session_affinity);
  service["connectionTrackingPolicy"] = {{"trackingMode", NameOf(tracking.tracking_mode)},
                                         {"connectionPersistenceOnUnhealthyBackends", NameOf(tracking.persistence)}};
  if (tracking.idle_timeout_sec) service["connectionTrackingPolicy"]["idleTimeoutSec"] = *tracking.idle_timeout_sec;
  if (timeline.draining_timeout_sec) document["drainingTimeoutSec"] = *timeline.draining_timeout_sec;
  json events = json::array();
  for (const TimelineEvent& event : timeline.events) {
    json e = {{"at", event.at}, {"type", NameOf(event.type)}};
    switch (event.type) {
      case EventType::kHealth:
        e["instance"] = timeline.initial.instances[event.instance].name;
        e["healthState"] = NameOf(event.health);
        break;
      case EventType::kConnect:
        e["connection"] = timeline.connection_ids[event.connection];
        e["instance"] = timeline.initial.instances[event.instance].name;
        e["protocol"] = NameOf(event.protocol);
        break;
      case EventType::kClose:
        e["connection"] = timeline.connection_ids[event.connection];
        break;
      case EventType::kConfig: {
        json policy = json::object();
        const FailoverPolicyChange& change = event.failover_policy;
        if (change.failover_ratio) policy["failoverRatio"] = change.failover_ratio->ToDouble();
        if (change.drop_traffic_if_unhealthy) policy["dropTrafficIfUnhealthy"] = *change.drop_traffic_if_unhealthy;
        if (change.disable_connection_drain_on_failover) {
          policy["disableConnectionDrainOnFailover"] = *change.disable_connection_drain_on_failover;
        }
        e["failoverPolicy"] = policy;
        break;
      }
      case EventType::kAdvance:
        break;
    }
    events.push_back(std::move(e));
  }
  document["events"] = std::move(events);
  return document;
}

namespace {

json EncodeTimelineDecisionFor(const TimelineDecision& decision, const TimelineScenario* timeline,
                               EncodeOptions options) {
  if (!decision.valid()) return EncodeDecision(InvalidDecision(decision.errors));
  json steps = json::array();
  for (std::size_t i = 0; i < decision.steps.size(); ++i) {
    const TimelineStep& step = decision.steps[i];
    json out = {{"at", step.at}};
    if (timeline != nullptr && i < timeline->events.size())
      out["event"] = DescribeEvent(*timeline, timeline->events[i]);
    out["transition"] = NameOf(step.transition);
    json pool = PoolJson(step.pool);
    for (auto& [key, value] : pool.items()) out[key] = std::move(value);
    json connections = json::array();
    for (const ConnectionStatus& c : step.connections) {
      json cj = {{"id", c.id}, {"instance", c.instance}, {"protocol", NameOf(c.protocol)}, {"state", NameOf(c.state)}};
      if (c.draining_until) cj["drainingUntil"] = *c.draining_until;
      connections.push_back(std::move(cj));
    }
    out["connections"] = std::move(connections);
    CollectTraceClauses(step.trace, options);
    if (options.trace) {
      json trace = json::array();
      for (const TraceStep& t : step.trace) trace.push_back({{"clause", IdOf(t.clause)}, {"text", t.text}});
      out["trace"] = std::move(trace);
    }
    steps.push_back(std::move(out));
  }
  json out = {
      {"valid", true}, {"errors", json::array()}, {"initial", PoolJson(decision.initial)}, {"steps", std::move(steps)}};
  CollectTraceClauses(decision.trace, options);
  if (options.trace) {
    json trace = json::array();
    for (const TraceStep& step : decision.trace) trace.push_back({{"clause", IdOf(step.clause)}, {"text", step.text}});
    out["trace"] = trace;
  }
  return out;
}

}  // namespace

json EncodeTimelineDecision(const TimelineDecision& decision, EncodeOptions options, const TimelineScenario* timeline) {
  return EncodeTimelineDecisionFor(decision, timeline, options);
}

std::optional<TimelineDecision> DecodeTimelineDecision(const json& document, std::string* problem) {
  auto pool_of = [&](const json& value, const std::string& path) {
    if (!value.is_object()) Fail(ErrorCode::WRONG_TYPE, path, "expected an object");
    json whole = value;
    whole["valid"] = true;
    whole["errors"] = json::array();
    std::string why;
    auto pool = DecodeDecision(whole, &why);
    if (!pool) Fail(ErrorCode::WRONG_TYPE, path, why);
    return *pool;
  };
  return Catching(
      [&]() -> TimelineDecision {
        Object root(document, "", /*strict=*/false);
        TimelineDecision decision;
        if (!root.Bool("valid", false)) {
          std::string why;
          auto invalid = DecodeDecision(document, &why);
          if (!invalid) Fail(ErrorCode::WRONG_TYPE, "", why);
          decision.errors = invalid->errors;
          return decision;
        }
        decision.initial = pool_of(root.Require("initial"), "/initial");
        const json& steps = RequireArray(root.Require("steps"), "/steps");
        for (std::size_t i = 0; i < steps.size(); ++i) {
          const std::string path = fmt::format("/steps/{}", i);
          Object s(steps[i], path, false);
          TimelineStep step;
          step.at = Seconds(s.Require("at"), s.PathOf("at"));
          step.transition = ParseEnum(s.RequireString("transition"), kTransitions, s.PathOf("transition"));
          step.pool = pool_of(steps[i], path);
          const json& connections = RequireArray(s.Require("connections"), s.PathOf("connections"));
          for (std::size_t c = 0; c < connections.size(); ++c) {
            Object cj(connections[c], fmt::format("{}/connections/{}", path, c), false);
            ConnectionStatus status;
            status.id = cj.RequireString("id");
            status.instance = cj.RequireString("instance");
            if (auto protocol = cj.String("protocol"))
              status.protocol = ParseEnum(*protocol, kProtocols, cj.PathOf("protocol"));
            status.state = ParseEnum(cj.RequireString("state"), kStates, cj.PathOf("state"));
            if (const json* until = cj.Find("drainingUntil"))
              status.draining_until = Seconds(*until, cj.PathOf("drainingUntil"));
            step.connections.push_back(std::move(status));
          }
          decision.steps.push_back(std::move(step));
        }
        return decision;
      },
      problem);
}

}  // namespace lbconform
