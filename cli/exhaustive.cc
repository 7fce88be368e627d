#include "cli/exhaustive.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "documents/scenario_json.h"

namespace lbconform {
namespace {

constexpr const char* kZoneNames[] = {"us-west1-a", "us-west1-b", "us-west1-c",
                                      "us-west1-d", "us-west1-e", "us-west1-f"};
constexpr int kClientOptions = 6;  // zone 0, empty zone, other region, VPN, Interconnect, PSC
constexpr int kDeployOptions = 3;  // plain, Network Security Integration, subsetting
constexpr int kProfiles = 2;

// A cell's options: 0 = no group, 1 = empty group, then (count, healthy)
// pairs for count 1..max in order.
int CellOptions(int max_vms) {
  int options = 2;
  for (int c = 1; c <= max_vms; ++c) options += c + 1;
  return options;
}

struct CellChoice {
  bool group = false;
  int count = 0;
  int healthy = 0;
};

CellChoice DecodeCell(int option) {
  if (option == 0) return {};
  if (option == 1) return {true, 0, 0};
  int rest = option - 2;
  for (int c = 1;; ++c) {
    if (rest < c + 1) return {true, c, rest};
    rest -= c + 1;
  }
}

int SpilloverOptions(const ExhaustiveScope& scope) {
  return 3 + static_cast<int>(scope.spillover_ratios.size());  // disabled, stay, spill 0, spill r
}

}  // namespace

bool NamedScope(const std::string& name, ExhaustiveScope& scope) {
  scope = ExhaustiveScope{};
  if (name == "ci") {  // 2 zones, ≤ 2 VMs per cell: 11,063,808 scenarios
    scope.max_vms_per_cell = 2;
    return true;
  }
  if (name == "campaign") {
    scope.zones = 2;
    scope.max_vms_per_cell = 3;
    scope.failover_ratios.push_back("0.1");
    scope.failover_ratios.push_back("0.9");
    scope.spillover_ratios.push_back("0.3333333333333333");
    scope.spillover_ratios.push_back("0.75");
    return true;
  }
  return false;
}

std::uint64_t ScopeSize(const ExhaustiveScope& scope) {
  std::uint64_t size = 1;
  for (int cell = 0; cell < 2 * scope.zones; ++cell)
    size *= static_cast<std::uint64_t>(CellOptions(scope.max_vms_per_cell));
  size *= kClientOptions;
  size *= scope.failover_ratios.size();
  size *= 2;  // dropTrafficIfUnhealthy
  size *= static_cast<std::uint64_t>(SpilloverOptions(scope));
  size *= kDeployOptions;
  size *= kProfiles;
  return size;
}

ExhaustiveCase CaseAt(const ExhaustiveScope& scope, std::uint64_t index) {
  auto take = [&index](std::uint64_t radix) {
    const std::uint64_t digit = index % radix;
    index /= radix;
    return digit;
  };
  ExhaustiveCase out;
  out.profile = take(kProfiles) == 0 ? Profile::kSpecDocs : Profile::kEn20260402;
  PassthroughScenario& s = out.scenario;
  s.name = "be-exhaustive";
  s.region = "us-west1";
  const auto deploy = take(kDeployOptions);
  s.deployment.network_security_integration = deploy == 1;
  s.subsetting = deploy == 2 ? SubsettingPolicy::kConsistentHashSubsetting : SubsettingPolicy::kNone;
  const auto spill = take(static_cast<std::uint64_t>(SpilloverOptions(scope)));
  if (spill == 0) {
    s.zonal_affinity.spillover = Spillover::kDisabled;
  } else if (spill == 1) {
    s.zonal_affinity.spillover = Spillover::kStayWithinZone;
  } else {
    s.zonal_affinity.spillover = Spillover::kSpillCrossZone;
    if (spill > 2) s.zonal_affinity.spillover_ratio = *Decimal::FromString(scope.spillover_ratios[spill - 3]);
  }
  s.failover_policy.present = true;
  s.failover_policy.drop_traffic_if_unhealthy = take(2) == 1;
  s.failover_policy.failover_ratio = *Decimal::FromString(scope.failover_ratios[take(scope.failover_ratios.size())]);
  switch (take(kClientOptions)) {
    case 0:
      s.client = {ClientType::kVm, "us-west1", kZoneNames[0]};
      break;
    case 1:
      s.client = {ClientType::kVm, "us-west1", kZoneNames[scope.zones]};
      break;
    case 2:
      s.client = {ClientType::kVm, "us-east1", "us-east1-b"};
      break;
    case 3:
      s.client = {ClientType::kVpnTunnel, "us-west1", ""};
      break;
    case 4:
      s.client = {ClientType::kInterconnectAttachment, "us-west1", ""};
      break;
    default:
      s.client = {ClientType::kPscEndpoint, "us-west1", ""};
      break;
  }
  const auto cell_options = static_cast<std::uint64_t>(CellOptions(scope.max_vms_per_cell));
  for (int zone = 0; zone < scope.zones; ++zone) {
    for (int role = 0; role < 2; ++role) {
      const CellChoice cell = DecodeCell(static_cast<int>(take(cell_options)));
      if (!cell.group) continue;
      BackendGroup group;
      group.zone = kZoneNames[zone];
      group.name = fmt::format("ig-{}-{}", role == 0 ? "p" : "f", zone);
      group.group = "zones/" + group.zone + "/instanceGroups/" + group.name;
      group.failover = role == 1;
      s.backends.push_back(group);
      for (int k = 0; k < cell.count; ++k) {
        s.instances.push_back({fmt::format("vm-{}{}-{}", role == 0 ? "p" : "f", zone, k), group.zone,
                               s.backends.size() - 1,
                               k < cell.healthy ? HealthState::kHealthy : HealthState::kUnhealthy});
      }
    }
  }
  return out;
}

ExhaustiveResult RunExhaustive(const ExhaustiveScope& scope, std::uint64_t begin, std::uint64_t end,
                               const std::vector<const PassthroughEngine*>& engines,
                               const std::function<void(const ExhaustiveFinding&)>& report,
                               const std::function<void(std::uint64_t)>& progress) {
  ExhaustiveResult result;
  for (std::uint64_t index = begin; index < end; ++index) {
    const ExhaustiveCase c = CaseAt(scope, index);
    const PassthroughDecision reference_decision = engines.front()->Decide(c.scenario, c.profile);
    if (!reference_decision.valid()) ++result.invalid;
    for (std::size_t e = 1; e < engines.size(); ++e) {
      const PassthroughDecision optimized_decision = engines[e]->Decide(c.scenario, c.profile);
      if (!SameDecision(reference_decision, optimized_decision)) {
        ++result.disagreements;
        report({index, c.profile, std::string(engines[e]->name()), std::string(engines.front()->name()),
                EncodeScenario(c.scenario), EncodeDecision(reference_decision), EncodeDecision(optimized_decision)});
      }
    }
    ++result.checked;
    if ((result.checked & 0xffff) == 0) progress(result.checked);
  }
  progress(result.checked);
  return result;
}

std::string FindingText(const ExhaustiveFinding& f) {
  return fmt::format("index {} profile {}: {} disagrees with {}\nscenario: {}\n{}: {}\n{}: {}\n", f.index,
                     NameOf(f.profile), f.engine, f.reference, DumpJson(f.scenario), f.reference, DumpJson(f.expected),
                     f.engine, DumpJson(f.actual));
}

nlohmann::json FindingJson(const ExhaustiveFinding& f) {
  return {{"index", f.index},       {"profile", NameOf(f.profile)}, {"engine", f.engine}, {"reference", f.reference},
          {"scenario", f.scenario}, {"expected", f.expected},       {"actual", f.actual}};
}

nlohmann::json ExhaustiveParameters(const std::string& scope_name, const ExhaustiveScope& scope) {
  return {{"scope", scope_name},
          {"zones", scope.zones},
          {"maxVmsPerCell", scope.max_vms_per_cell},
          {"failoverRatios", scope.failover_ratios},
          {"spilloverRatios", scope.spillover_ratios}};
}

std::string ExhaustiveSpaceDigest(const ExhaustiveScope& scope) {
  constexpr std::uint64_t kSamples = 64;
  const std::uint64_t size = ScopeSize(scope);
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a 64
  auto mix = [&hash](std::string_view bytes) {
    for (unsigned char c : bytes) {
      hash ^= c;
      hash *= 0x100000001b3ULL;
    }
  };
  mix(std::to_string(size));
  for (std::uint64_t k = 0; k < kSamples && size > 0; ++k) {
    // Spread over the space, the last index included; a prime stride mixes every digit of CaseAt.
    const std::uint64_t index = k + 1 == kSamples ? size - 1 : (k * 1'000'003ULL) % size;
    const ExhaustiveCase c = CaseAt(scope, index);
    mix(NameOf(c.profile));
    mix(DumpJson(EncodeScenario(c.scenario)));
  }
  return fmt::format("fnv1a64:{:016x}", hash);
}

}  // namespace lbconform
