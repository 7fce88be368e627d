#include "documents/scenario_json.h"

#include "documents/json_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

namespace lbconform {

using nlohmann::json;

namespace {

using namespace json_reader;  // NOLINT: the reader is this file's own vocabulary

// ------------------------------ The passthrough scenario

void ReadBackendService(Object& root, PassthroughScenario& scenario) {
  Object service(root.Require("backendService"), "/backendService", /*strict=*/false);
  scenario.name = service.String("name").value_or("");
  const std::string region = service.RequireString("region");
  scenario.region = LastSegment(region, service.PathOf("region"));

  if (auto scheme = service.String("loadBalancingScheme")) {
    if (*scheme != "INTERNAL") {
      const bool known = std::find(kOtherSchemes.begin(), kOtherSchemes.end(), *scheme) != kOtherSchemes.end();
      Fail(known ? ErrorCode::UNSUPPORTED_LOAD_BALANCING_SCHEME : ErrorCode::UNKNOWN_ENUM_VALUE,
           service.PathOf("loadBalancingScheme"),
           fmt::format("loadBalancingScheme '{}': the passthrough kind needs INTERNAL", *scheme));
    }
  }

  if (const json* backends = service.Find("backends")) {
    RequireArray(*backends, service.PathOf("backends"));
    if (backends->size() > kMaxBackends) {
      Fail(ErrorCode::TOO_MANY_OBJECTS, service.PathOf("backends"),
           fmt::format("{} backends; at most {}", backends->size(), kMaxBackends));
    }
    for (std::size_t i = 0; i < backends->size(); ++i) {
      Object backend((*backends)[i], fmt::format("{}/{}", service.PathOf("backends"), i), false);
      BackendGroup group;
      group.group = backend.RequireString("group");
      group.name = LastSegment(group.group, backend.PathOf("group"));
      group.zone = ZoneInUrl(group.group);
      group.failover = backend.Bool("failover", false);
      const std::vector<std::string> segments = Segments(group.group);
      for (const BackendGroup& other : scenario.backends) {
        const std::vector<std::string> other_segments = Segments(other.group);
        if (IsSuffix(segments, other_segments) || IsSuffix(other_segments, segments)) {
          Fail(ErrorCode::DUPLICATE_BACKEND_GROUP, backend.PathOf("group"),
               fmt::format("'{}' names the same group as '{}'", group.group, other.group));
        }
      }
      scenario.backends.push_back(std::move(group));
    }
  }

  if (const json* policy_json = service.Find("failoverPolicy")) {
    Object policy(*policy_json, service.PathOf("failoverPolicy"), false);
    scenario.failover_policy.present = true;
    scenario.failover_policy.failover_ratio = policy.Ratio("failoverRatio");
    scenario.failover_policy.drop_traffic_if_unhealthy = policy.Bool("dropTrafficIfUnhealthy", false);
    scenario.failover_policy.disable_connection_drain_on_failover =
        policy.Bool("disableConnectionDrainOnFailover", false);
  }

  if (const json* traffic_json = service.Find("networkPassThroughLbTrafficPolicy")) {
    Object traffic(*traffic_json, service.PathOf("networkPassThroughLbTrafficPolicy"), false);
    if (const json* zonal_json = traffic.Find("zonalAffinity")) {
      Object zonal(*zonal_json, traffic.PathOf("zonalAffinity"), false);
      if (auto spillover = zonal.String("spillover")) {
        scenario.zonal_affinity.spillover = ParseEnum(*spillover, kSpillovers, zonal.PathOf("spillover"));
      }
      scenario.zonal_affinity.spillover_ratio = zonal.Ratio("spilloverRatio");
    }
  }

  if (const json* subsetting_json = service.Find("subsetting")) {
    Object subsetting(*subsetting_json, service.PathOf("subsetting"), false);
    if (auto policy = subsetting.String("policy")) {
      scenario.subsetting = ParseEnum(*policy, kSubsettingPolicies, subsetting.PathOf("policy"));
    }
  }
}

std::size_t ResolveGroup(const std::string& reference, const PassthroughScenario& scenario,
                         const std::string& path) {
  const std::vector<std::string> wanted = Segments(reference);
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < scenario.backends.size(); ++i) {
    if (!IsSuffix(wanted, Segments(scenario.backends[i].group))) continue;
    if (found) {
      Fail(ErrorCode::AMBIGUOUS_GROUP_REFERENCE, path,
           fmt::format("'{}' matches several backends; give more of the group URL", reference));
    }
    found = i;
  }
  if (!found) {
    Fail(ErrorCode::UNKNOWN_GROUP_REFERENCE, path,
         fmt::format("'{}' is not a backend of the backend service", reference));
  }
  return *found;
}

void ReadInstances(Object& root, PassthroughScenario& scenario) {
  const json* instances = root.Find("instances");
  if (instances == nullptr) return;
  RequireArray(*instances, "/instances");
  if (instances->size() > kMaxInstances) {
    Fail(ErrorCode::TOO_MANY_OBJECTS, "/instances",
         fmt::format("{} instances; at most {}", instances->size(), kMaxInstances));
  }
  std::set<std::string, std::less<>> names;
  for (std::size_t i = 0; i < instances->size(); ++i) {
    Object vm((*instances)[i], fmt::format("/instances/{}", i), /*strict=*/true);
    Instance instance;
    const std::string name = vm.RequireString("name");
    instance.name = LastSegment(name, vm.PathOf("name"));
    if (!names.insert(instance.name).second) {
      Fail(ErrorCode::DUPLICATE_INSTANCE_NAME, vm.PathOf("name"),
           fmt::format("instance '{}' appears twice", instance.name));
    }
    if (auto zone = vm.String("zone")) {
      instance.zone = LastSegment(*zone, vm.PathOf("zone"));
    } else {
      instance.zone = ZoneInUrl(name);  // ".../zones/Z/instances/N"
      if (instance.zone.empty()) {
        Fail(ErrorCode::MISSING_FIELD, vm.PathOf("zone"), "'zone' is required unless 'name' is a zonal URL");
      }
    }
    if (!ZoneInRegion(instance.zone, scenario.region)) {
      Fail(ErrorCode::ZONE_NOT_IN_REGION, vm.PathOf("zone"),
           fmt::format("zone '{}' is not in the backend service's region '{}'", instance.zone,
                       scenario.region));
    }
    instance.backend = ResolveGroup(vm.RequireString("group"), scenario, vm.PathOf("group"));
    const std::string& group_zone = scenario.backends[instance.backend].zone;
    if (!group_zone.empty() && group_zone != instance.zone) {
      Fail(ErrorCode::INSTANCE_ZONE_MISMATCH, vm.PathOf("zone"),
           fmt::format("instance in '{}' but its group is in '{}'", instance.zone, group_zone));
    }
    instance.health = ParseEnum(vm.RequireString("healthState"), kHealthStates, vm.PathOf("healthState"));
    vm.Finish();
    scenario.instances.push_back(std::move(instance));
  }
}

void ReadClient(Object& root, PassthroughScenario& scenario) {
  Object client(root.Require("client"), "/client", /*strict=*/true);
  scenario.client.type = ParseEnum(client.RequireString("type"), kClientTypes, client.PathOf("type"));
  if (auto zone = client.String("zone")) scenario.client.zone = LastSegment(*zone, client.PathOf("zone"));
  if (auto region = client.String("region")) {
    scenario.client.region = LastSegment(*region, client.PathOf("region"));
  }
  if (scenario.client.type == ClientType::kVm) {
    if (scenario.client.zone.empty()) {
      Fail(ErrorCode::MISSING_FIELD, client.PathOf("zone"), "a VM client needs its zone");
    }
    if (scenario.client.region.empty()) {
      // A zone "us-west1-a" is in region "us-west1".
      const std::size_t dash = scenario.client.zone.rfind('-');
      if (dash == std::string::npos || dash == 0) {
        Fail(ErrorCode::MISSING_FIELD, client.PathOf("region"), "cannot derive the client's region");
      }
      scenario.client.region = scenario.client.zone.substr(0, dash);
    }
    if (!ZoneInRegion(scenario.client.zone, scenario.client.region)) {
      Fail(ErrorCode::ZONE_NOT_IN_REGION, client.PathOf("zone"),
           fmt::format("zone '{}' is not in region '{}'", scenario.client.zone, scenario.client.region));
    }
  }
  client.Finish();
}

void ReadDeployment(Object& root, PassthroughScenario& scenario) {
  const json* value = root.Find("deployment");
  if (value == nullptr) return;
  Object deployment(*value, "/deployment", /*strict=*/true);
  scenario.deployment.packet_mirroring_collector = deployment.Bool("packetMirroringCollector", false);
  scenario.deployment.network_security_integration =
      deployment.Bool("networkSecurityIntegration", false);
  if (const json* symmetric_json = deployment.Find("symmetricHashing")) {
    Object symmetric(*symmetric_json, deployment.PathOf("symmetricHashing"), true);
    SymmetricHashing hashing;
    symmetric.Require("peerZonalAffinityEnabled");
    hashing.peer_zonal_affinity_enabled = symmetric.Bool("peerZonalAffinityEnabled", false);
    hashing.sender_to_receiver_same_zone_only = symmetric.Bool("senderToReceiverSameZoneOnly", false);
    symmetric.Finish();
    scenario.deployment.symmetric_hashing = hashing;
  }
  deployment.Finish();
}

PassthroughScenario ReadScenario(const json& document) {
  Object root(document, "", /*strict=*/true);
  const std::string kind = root.RequireString("kind");
  if (kind != "passthrough") {
    Fail(ErrorCode::UNKNOWN_KIND, "/kind", fmt::format("unknown scenario kind '{}'", kind));
  }
  root.String("description");  // free text for people, ignored
  PassthroughScenario scenario;
  ReadPassthroughFields(root, scenario);
  root.Finish();
  return scenario;
}

json Names(const BackendNames& names) { return json(names); }

}  // namespace

void json_reader::ReadPassthroughFields(Object& root, PassthroughScenario& scenario) {
  ReadBackendService(root, scenario);
  ReadInstances(root, scenario);
  ReadClient(root, scenario);
  ReadDeployment(root, scenario);
}

// ------------------------------ Public entry points

std::string LastPathSegment(std::string_view url) {
  const std::size_t slash = url.rfind('/');
  return std::string(slash == std::string_view::npos ? url : url.substr(slash + 1));
}

std::string ZoneInUrl(std::string_view url) {
  const std::vector<std::string> segments = Segments(url);
  for (std::size_t i = 0; i + 2 < segments.size(); ++i) {
    if (segments[i] == "zones") return segments[i + 1];
  }
  return "";
}

PassthroughDecision DecideDecoded(const PassthroughEngine& engine, const DecodedScenario& decoded, Profile profile) {
  return decoded.scenario ? engine.Decide(*decoded.scenario, profile) : InvalidDecision(decoded.errors);
}

std::optional<json> ParseJsonDocument(std::string_view text, std::vector<Error>& errors) {
  if (text.size() > kMaxInputBytes) {
    errors.push_back({ErrorCode::INPUT_TOO_LARGE, "",
                      fmt::format("{} bytes; at most {}", text.size(), kMaxInputBytes)});
    return std::nullopt;
  }
  if (!DepthWithinLimit(text)) {
    errors.push_back({ErrorCode::JSON_TOO_DEEP, "",
                      fmt::format("nesting deeper than {} levels", kMaxJsonDepth)});
    return std::nullopt;
  }
  // Track the keys of every open object to catch duplicates.
  std::vector<std::set<std::string>> open_objects;
  std::optional<std::string> duplicate;
  auto callback = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
        open_objects.emplace_back();
        break;
      case json::parse_event_t::object_end:
        if (!open_objects.empty()) open_objects.pop_back();
        break;
      case json::parse_event_t::key:
        if (!open_objects.empty() && parsed.is_string() &&
            !open_objects.back().insert(parsed.get<std::string>()).second && !duplicate) {
          duplicate = parsed.get<std::string>();
        }
        break;
      default:
        break;
    }
    return true;
  };
  json document = json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/false);
  if (document.is_discarded()) {
    errors.push_back({ErrorCode::MALFORMED_JSON, "", "the document is not valid JSON"});
    return std::nullopt;
  }
  if (duplicate) {
    errors.push_back({ErrorCode::DUPLICATE_KEY, "", fmt::format("key '{}' appears twice in one object",
                                                                *duplicate)});
    return std::nullopt;
  }
  return document;
}

DecodedScenario DecodeScenario(std::string_view text) {
  DecodedScenario result;
  std::optional<json> document = ParseJsonDocument(text, result.errors);
  if (!document) return result;
  return DecodeScenarioDocument(*document);
}

DecodedScenario DecodeScenarioDocument(const json& document) {
  DecodedScenario result;
  result.scenario = Catching([&] { return ReadScenario(document); }, result.errors);
  return result;
}

json EncodeScenario(const PassthroughScenario& scenario) {
  json backends = json::array();
  for (const BackendGroup& backend : scenario.backends) {
    backends.push_back({{"group", backend.group}, {"failover", backend.failover}});
  }
  json service = {
      {"name", scenario.name},
      {"region", scenario.region},
      {"loadBalancingScheme", "INTERNAL"},
      {"backends", backends},
      {"failoverPolicy",
       {{"failoverRatio", scenario.failover_policy.failover_ratio.ToDouble()},
        {"dropTrafficIfUnhealthy", scenario.failover_policy.drop_traffic_if_unhealthy},
        {"disableConnectionDrainOnFailover",
         scenario.failover_policy.disable_connection_drain_on_failover}}},
      {"networkPassThroughLbTrafficPolicy",
       {{"zonalAffinity",
         {{"spillover", NameOf(scenario.zonal_affinity.spillover)},
          {"spilloverRatio", scenario.zonal_affinity.spillover_ratio.ToDouble()}}}}},
      {"subsetting", {{"policy", NameOf(scenario.subsetting)}}},
  };
  if (!scenario.failover_policy.present) service.erase("failoverPolicy");
  json instances = json::array();
  for (const Instance& instance : scenario.instances) {
    // The group is written in full so that the reference resolves uniquely.
    instances.push_back({{"name", instance.name},
                         {"zone", instance.zone},
                         {"group", scenario.backends[instance.backend].group},
                         {"healthState", NameOf(instance.health)}});
  }
  json client = {{"type", NameOf(scenario.client.type)}};
  if (!scenario.client.region.empty()) client["region"] = scenario.client.region;
  if (!scenario.client.zone.empty()) client["zone"] = scenario.client.zone;
  json document = {{"kind", "passthrough"},
                   {"backendService", service},
                   {"instances", instances},
                   {"client", client}};
  const Deployment& deployment = scenario.deployment;
  if (deployment.packet_mirroring_collector || deployment.network_security_integration ||
      deployment.symmetric_hashing) {
    json d = {{"packetMirroringCollector", deployment.packet_mirroring_collector},
              {"networkSecurityIntegration", deployment.network_security_integration}};
    if (deployment.symmetric_hashing) {
      d["symmetricHashing"] = {
          {"peerZonalAffinityEnabled", deployment.symmetric_hashing->peer_zonal_affinity_enabled},
          {"senderToReceiverSameZoneOnly",
           deployment.symmetric_hashing->sender_to_receiver_same_zone_only}};
    }
    document["deployment"] = d;
  }
  return document;
}

json EncodeDecision(const PassthroughDecision& decision, EncodeOptions options) {
  json errors = json::array();
  for (const Error& e : decision.errors) {
    errors.push_back({{"code", NameOf(e.code)}, {"path", e.path}, {"message", e.message}});
  }
  if (!decision.valid()) return {{"valid", false}, {"errors", errors}};
  json zonal = {{"status", NameOf(decision.zonal_status)}};
  if (decision.zonal_status == ZonalAffinityStatus::kNoZonalMatch ||
      decision.zonal_status == ZonalAffinityStatus::kApplied) {
    zonal["testBackends"] = Names(decision.test_backends);
    zonal["zonallyMatched"] = Names(decision.zonally_matched);
  }
  if (decision.outcome) zonal["outcome"] = NameOf(*decision.outcome);
  if (decision.computed_ratio) {
    zonal["computedRatio"] =
        fmt::format("{}/{}", decision.computed_ratio->numerator, decision.computed_ratio->denominator);
  }
  json out = {{"valid", true},
              {"errors", errors},
              {"eligible", {{"kind", NameOf(decision.eligible_kind)}, {"backends", Names(decision.eligible)}}},
              {"zonalAffinity", zonal},
              {"modifiedEligible", Names(decision.modified_eligible)}};
  if (options.trace) {
    json trace = json::array();
    for (const TraceStep& step : decision.trace) {
      trace.push_back({{"clause", IdOf(step.clause)}, {"text", step.text}});
    }
    out["trace"] = trace;
  }
  return out;
}

std::optional<PassthroughDecision> DecodeDecision(const json& document, std::string* problem) {
  return Catching([&]() -> PassthroughDecision {
    Object root(document, "", /*strict=*/false);
    PassthroughDecision decision;
    if (!root.Bool("valid", false)) {
      const json& errors = RequireArray(root.Require("errors"), "/errors");
      for (std::size_t i = 0; i < errors.size(); ++i) {
        Object e(errors[i], fmt::format("/errors/{}", i), false);
        const std::string code = e.RequireString("code");
        auto parsed = ErrorCodeFromName(code);
        if (!parsed) Fail(ErrorCode::UNKNOWN_ENUM_VALUE, e.PathOf("code"), "unknown error code " + code);
        decision.errors.push_back({*parsed, e.String("path").value_or(""), e.String("message").value_or("")});
      }
      if (decision.errors.empty()) Fail(ErrorCode::MISSING_FIELD, "/errors", "valid:false needs an error");
      return decision;
    }
    auto names = [](const json& value, const std::string& path) {
      RequireArray(value, path);
      BackendNames out;
      for (const json& n : value) {
        if (!n.is_string()) Fail(ErrorCode::WRONG_TYPE, path, "backend names are strings");
        out.push_back(n.get<std::string>());
      }
      return out;
    };
    Object eligible(root.Require("eligible"), "/eligible", false);
    decision.eligible_kind = ParseEnum(eligible.RequireString("kind"), kEligibleKinds, "/eligible/kind");
    decision.eligible = names(eligible.Require("backends"), "/eligible/backends");
    Object zonal(root.Require("zonalAffinity"), "/zonalAffinity", false);
    decision.zonal_status = ParseEnum(zonal.RequireString("status"), kZonalStatuses, "/zonalAffinity/status");
    if (const json* v = zonal.Find("testBackends")) decision.test_backends = names(*v, "/zonalAffinity/testBackends");
    if (const json* v = zonal.Find("zonallyMatched")) decision.zonally_matched = names(*v, "/zonalAffinity/zonallyMatched");
    if (auto outcome = zonal.String("outcome")) decision.outcome = ParseEnum(*outcome, kOutcomes, "/zonalAffinity/outcome");
    decision.modified_eligible = names(root.Require("modifiedEligible"), "/modifiedEligible");
    return decision;
  }, problem);
}

std::string DumpJson(const json& value, int indent) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false, json::error_handler_t::replace);
}

}  // namespace lbconform
