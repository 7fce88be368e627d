#include "documents/scenario_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "documents/json_reader.h"

namespace lbconform {

using nlohmann::json;

namespace {

using namespace json_reader;  // NOLINT: the reader is this file's own vocabulary

// ------------------------------ Group references

// GroupIndex finds the backends whose group URL ends with given path segments
// (IsSuffix) in time linear in the reference's length, whatever the number of
// backends: a trie of every group's segments, last segment first. Each node
// counts the groups whose URL ends with the segments on its path.
class GroupIndex {
 public:
  struct Matches {
    std::size_t count = 0;
    std::size_t first = 0;  // the lowest backend index among them
  };

  // Add indexes `url` as backend `backend` (added in increasing order). It
  // returns the first backend already indexed that names the same group (one
  // URL's segments end the other's), as the duplicate check wants.
  std::optional<std::size_t> Add(const std::string& url, std::size_t backend) {
    const std::vector<std::string> segments = Segments(url);
    if (segments.empty()) return std::nullopt;
    std::optional<std::size_t> same;
    auto keep_first = [&](std::size_t candidate) { same = same ? std::min(*same, candidate) : candidate; };
    std::size_t node = 0;
    for (auto it = segments.rbegin(); it != segments.rend(); ++it) {
      auto child = nodes_[node].children.find(*it);
      std::size_t next = nodes_.size();
      if (child == nodes_[node].children.end()) {
        nodes_[node].children.emplace(*it, next);
        nodes_.emplace_back();
      } else {
        next = child->second;
      }
      node = next;
      if (nodes_[node].ends_here) keep_first(*nodes_[node].ends_here);  // an indexed URL ends this one
    }
    if (nodes_[node].count > 0) keep_first(nodes_[node].first);  // this URL ends an indexed one
    node = 0;
    for (auto it = segments.rbegin(); it != segments.rend(); ++it) {
      node = nodes_[node].children.find(*it)->second;
      if (nodes_[node].count++ == 0) nodes_[node].first = backend;
    }
    if (!nodes_[node].ends_here) nodes_[node].ends_here = backend;
    return same;
  }

  Matches Find(const std::string& reference) const {
    const std::vector<std::string> segments = Segments(reference);
    if (segments.empty()) return {};
    std::size_t node = 0;
    for (auto it = segments.rbegin(); it != segments.rend(); ++it) {
      auto child = nodes_[node].children.find(*it);
      if (child == nodes_[node].children.end()) return {};
      node = child->second;
    }
    return {nodes_[node].count, nodes_[node].first};
  }

 private:
  struct Node {
    std::map<std::string, std::size_t, std::less<>> children;
    std::size_t count = 0;
    std::size_t first = 0;
    std::optional<std::size_t> ends_here;
  };
  std::vector<Node> nodes_ = std::vector<Node>(1);
};

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
    GroupIndex groups;
    for (std::size_t i = 0; i < backends->size(); ++i) {
      Object backend((*backends)[i], fmt::format("{}/{}", service.PathOf("backends"), i), false);
      BackendGroup group;
      group.group = backend.RequireString("group");
      group.name = LastSegment(group.group, backend.PathOf("group"));
      group.zone = ZoneInUrl(group.group);
      group.failover = backend.Bool("failover", false);
      if (const std::optional<std::size_t> other = groups.Add(group.group, i)) {
        Fail(ErrorCode::DUPLICATE_BACKEND_GROUP, backend.PathOf("group"),
             fmt::format("'{}' names the same group as '{}'", group.group, scenario.backends[*other].group));
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

std::size_t ResolveGroup(const std::string& reference, const GroupIndex& groups, const std::string& path) {
  const GroupIndex::Matches matches = groups.Find(reference);
  if (matches.count > 1) {
    Fail(ErrorCode::AMBIGUOUS_GROUP_REFERENCE, path,
         fmt::format("'{}' matches several backends; give more of the group URL", reference));
  }
  if (matches.count == 0) {
    Fail(ErrorCode::UNKNOWN_GROUP_REFERENCE, path,
         fmt::format("'{}' is not a backend of the backend service", reference));
  }
  return matches.first;
}

void ReadInstances(Object& root, PassthroughScenario& scenario) {
  const json* instances = root.Find("instances");
  if (instances == nullptr) return;
  RequireArray(*instances, "/instances");
  if (instances->size() > kMaxInstances) {
    Fail(ErrorCode::TOO_MANY_OBJECTS, "/instances",
         fmt::format("{} instances; at most {}", instances->size(), kMaxInstances));
  }
  GroupIndex groups;
  for (std::size_t b = 0; b < scenario.backends.size(); ++b) groups.Add(scenario.backends[b].group, b);
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
      // GAP-59: a zonal instance URL and the zone field must agree.
      if (const std::string url_zone = ZoneInUrl(name); !url_zone.empty() && url_zone != instance.zone) {
        Fail(ErrorCode::INSTANCE_ZONE_MISMATCH, vm.PathOf("zone"),
             fmt::format("zone '{}' but the instance's URL names zone '{}'", instance.zone, url_zone));
      }
    } else {
      instance.zone = ZoneInUrl(name);  // ".../zones/Z/instances/N"
      if (instance.zone.empty()) {
        Fail(ErrorCode::MISSING_FIELD, vm.PathOf("zone"), "'zone' is required unless 'name' is a zonal URL");
      }
    }
    if (!ZoneInRegion(instance.zone, scenario.region)) {
      Fail(ErrorCode::ZONE_NOT_IN_REGION, vm.PathOf("zone"),
           fmt::format("zone '{}' is not in the backend service's region '{}'", instance.zone, scenario.region));
    }
    const std::string group_reference = vm.RequireString("group");
    LastSegment(group_reference, vm.PathOf("group"));  // GAP-58: a name, even as a reference
    instance.backend = ResolveGroup(group_reference, groups, vm.PathOf("group"));
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
  scenario.deployment.network_security_integration = deployment.Bool("networkSecurityIntegration", false);
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

// StrictDocumentBuilder is a SAX handler that builds the document as
// nlohmann's own DOM parser does, and refuses at once a key its object already
// has (one ordered-map lookup per key, so the whole parse stays linear) and a
// number whose text is not the shortest decimal of the double it reads as (a
// ratio's digits beyond a double's would otherwise be rounded away silently).
class StrictDocumentBuilder {
 public:
  struct InexactNumber {
    std::string text;
    std::string shortest;
  };

  explicit StrictDocumentBuilder(json& root) : root_(root) {}

  const std::optional<std::string>& duplicate_key() const { return duplicate_key_; }
  const std::optional<InexactNumber>& inexact_number() const { return inexact_number_; }

  bool null() { return Add(nullptr) != nullptr; }
  bool boolean(bool value) { return Add(value) != nullptr; }
  bool number_integer(json::number_integer_t value) { return Add(value) != nullptr; }
  bool number_unsigned(json::number_unsigned_t value) { return Add(value) != nullptr; }
  bool number_float(json::number_float_t value, const std::string& text) {
    const std::optional<Decimal> written = Decimal::FromString(text);
    const std::optional<Decimal> shortest = Decimal::FromDouble(value);
    if (!shortest) return false;  // out of the double range: malformed
    if (!written || *written != *shortest) {
      inexact_number_ = InexactNumber{text, shortest->ToString()};
      return false;
    }
    return Add(value) != nullptr;
  }
  bool string(std::string& value) { return Add(std::move(value)) != nullptr; }
  bool binary(json::binary_t& value) { return Add(std::move(value)) != nullptr; }
  bool start_object(std::size_t /*elements*/) {
    open_.push_back(Add(json::object()));
    return true;
  }
  bool key(std::string& name) {
    json& object = *open_.back();
    if (object.contains(name)) {
      duplicate_key_ = name;
      return false;
    }
    pending_value_ = &object[name];
    return true;
  }
  bool end_object() {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t /*elements*/) {
    open_.push_back(Add(json::array()));
    return true;
  }
  bool end_array() {
    open_.pop_back();
    return true;
  }
  template <typename Exception>
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& /*error*/) {
    return false;
  }

 private:
  // Add places a value in the innermost open array or object (at the key just
  // read), or makes it the root; the address stays valid while it is open.
  json* Add(json value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    json& parent = *open_.back();
    if (parent.is_array()) {
      parent.push_back(std::move(value));
      return &parent.back();
    }
    *pending_value_ = std::move(value);
    return pending_value_;
  }

  json& root_;
  std::vector<json*> open_;
  json* pending_value_ = nullptr;
  std::optional<std::string> duplicate_key_;
  std::optional<InexactNumber> inexact_number_;
};

}  // namespace

void json_reader::ReadPassthroughFields(Object& root, PassthroughScenario& scenario) {
  ReadBackendService(root, scenario);
  ReadInstances(root, scenario);
  ReadClient(root, scenario);
  ReadDeployment(root, scenario);
}

// ------------------------------ Public entry points

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
  return ParseJsonDocument(text, errors, kMaxJsonDepth);
}

std::optional<json> ParseJsonDocument(std::string_view text, std::vector<Error>& errors, int max_depth) {
  if (text.size() > kMaxInputBytes) {
    errors.push_back(
        {ErrorCode::INPUT_TOO_LARGE, "", fmt::format("{} bytes; at most {}", text.size(), kMaxInputBytes)});
    return std::nullopt;
  }
  if (!JsonDepthWithin(text, max_depth)) {
    errors.push_back({ErrorCode::JSON_TOO_DEEP, "", fmt::format("nesting deeper than {} levels", max_depth)});
    return std::nullopt;
  }
  json document;
  StrictDocumentBuilder builder(document);
  const bool parsed = json::sax_parse(text.begin(), text.end(), &builder);
  if (builder.duplicate_key()) {
    errors.push_back(
        {ErrorCode::DUPLICATE_KEY, "", fmt::format("key '{}' appears twice in one object", *builder.duplicate_key())});
    return std::nullopt;
  }
  if (builder.inexact_number()) {
    errors.push_back({ErrorCode::INEXACT_NUMBER, "",
                      fmt::format("the number {} has more digits than a double holds; write it as {}",
                                  builder.inexact_number()->text, builder.inexact_number()->shortest)});
    return std::nullopt;
  }
  if (!parsed) {
    errors.push_back({ErrorCode::MALFORMED_JSON, "", "the document is not valid JSON"});
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
        {"disableConnectionDrainOnFailover", scenario.failover_policy.disable_connection_drain_on_failover}}},
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
  json document = {{"kind", "passthrough"}, {"backendService", service}, {"instances", instances}, {"client", client}};
  const Deployment& deployment = scenario.deployment;
  if (deployment.packet_mirroring_collector || deployment.network_security_integration ||
      deployment.symmetric_hashing) {
    json d = {{"packetMirroringCollector", deployment.packet_mirroring_collector},
              {"networkSecurityIntegration", deployment.network_security_integration}};
    if (deployment.symmetric_hashing) {
      d["symmetricHashing"] = {
          {"peerZonalAffinityEnabled", deployment.symmetric_hashing->peer_zonal_affinity_enabled},
          {"senderToReceiverSameZoneOnly", deployment.symmetric_hashing->sender_to_receiver_same_zone_only}};
    }
    document["deployment"] = d;
  }
  return document;
}

void CollectTraceClauses(const std::vector<TraceStep>& trace, EncodeOptions options) {
  if (options.trace_clauses == nullptr) return;
  for (const TraceStep& step : trace) options.trace_clauses->insert(step.clause);
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
              {"errors", std::move(errors)},
              {"eligible", {{"kind", NameOf(decision.eligible_kind)}, {"backends", Names(decision.eligible)}}},
              {"zonalAffinity", std::move(zonal)},
              {"modifiedEligible", Names(decision.modified_eligible)}};
  CollectTraceClauses(decision.trace, options);
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
  return Catching(
      [&]() -> PassthroughDecision {
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
        if (const json* v = zonal.Find("testBackends"))
          decision.test_backends = names(*v, "/zonalAffinity/testBackends");
        if (const json* v = zonal.Find("zonallyMatched"))
          decision.zonally_matched = names(*v, "/zonalAffinity/zonallyMatched");
        if (auto outcome = zonal.String("outcome"))
          decision.outcome = ParseEnum(*outcome, kOutcomes, "/zonalAffinity/outcome");
        decision.modified_eligible = names(root.Require("modifiedEligible"), "/modifiedEligible");
        return decision;
      },
      problem);
}

std::string DumpJson(const json& value, int indent) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false, json::error_handler_t::replace);
}

}  // namespace lbconform
