// ScenarioBuilder writes passthrough scenarios for tests in a few lines:
//
//   ScenarioBuilder()
//       .Group("ig-a", "us-west1-a").Group("ig-b", "us-west1-a", kFailover)
//       .Vm("vm-a1", "ig-a", kHealthy).Vm("vm-b1", "ig-b", kUnhealthy)
//       .FailoverRatio("0.5").ClientVm("us-west1-a").Build();
#ifndef LBCONFORM_MODEL_TESTING_SCENARIO_BUILDER_H_
#define LBCONFORM_MODEL_TESTING_SCENARIO_BUILDER_H_

#include <stdexcept>
#include <string>
#include <utility>

#include "model/model.h"

namespace lbconform::testing {

inline constexpr bool kFailover = true;
inline constexpr bool kPrimary = false;
inline constexpr bool kHealthy = true;
inline constexpr bool kUnhealthy = false;

inline Decimal Dec(const std::string& text) {
  auto d = Decimal::FromString(text);
  if (!d) throw std::invalid_argument("bad decimal " + text);
  return *d;
}

class ScenarioBuilder {
 public:
  ScenarioBuilder() {
    scenario_.name = "be-ilb";
    scenario_.region = "us-west1";
    scenario_.client = {ClientType::kVm, "us-west1", "us-west1-a"};
  }

  ScenarioBuilder& Region(std::string region) {
    scenario_.region = std::move(region);
    return *this;
  }
  ScenarioBuilder& Group(const std::string& name, const std::string& zone, bool failover = kPrimary) {
    scenario_.backends.push_back({"zones/" + zone + "/instanceGroups/" + name, name, zone, failover});
    return *this;
  }
  ScenarioBuilder& Vm(const std::string& name, const std::string& group, bool healthy) {
    for (std::size_t i = 0; i < scenario_.backends.size(); ++i) {
      if (scenario_.backends[i].name == group) {
        scenario_.instances.push_back(
            {name, scenario_.backends[i].zone, i, healthy ? HealthState::kHealthy : HealthState::kUnhealthy});
        return *this;
      }
    }
    throw std::invalid_argument("no group " + group);
  }
  // Vms adds `count` VMs named `<group>-<i>`, the first `healthy` healthy.
  ScenarioBuilder& Vms(const std::string& group, int count, int healthy) {
    for (int i = 0; i < count; ++i) Vm(group + "-" + std::to_string(i), group, i < healthy);
    return *this;
  }
  ScenarioBuilder& FailoverRatio(const std::string& ratio) {
    scenario_.failover_policy.present = true;
    scenario_.failover_policy.failover_ratio = Dec(ratio);
    return *this;
  }
  ScenarioBuilder& DropTrafficIfUnhealthy(bool drop = true) {
    scenario_.failover_policy.present = true;
    scenario_.failover_policy.drop_traffic_if_unhealthy = drop;
    return *this;
  }
  ScenarioBuilder& ZonalAffinity(Spillover spillover, const std::string& ratio = "0") {
    scenario_.zonal_affinity = {spillover, Dec(ratio)};
    return *this;
  }
  ScenarioBuilder& ClientVm(const std::string& zone, const std::string& region = "us-west1") {
    scenario_.client = {ClientType::kVm, region, zone};
    return *this;
  }
  ScenarioBuilder& Client(ClientType type) {
    scenario_.client = {type, scenario_.region, ""};
    return *this;
  }
  ScenarioBuilder& Subsetting(SubsettingPolicy policy) {
    scenario_.subsetting = policy;
    return *this;
  }
  Deployment& deployment() { return scenario_.deployment; }
  ScenarioBuilder& Deploy(Deployment d) {
    scenario_.deployment = std::move(d);
    return *this;
  }
  // SetHealth changes one VM's health, for sequences of events.
  ScenarioBuilder& SetHealth(const std::string& vm, bool healthy) {
    for (Instance& instance : scenario_.instances) {
      if (instance.name == vm) {
        instance.health = healthy ? HealthState::kHealthy : HealthState::kUnhealthy;
        return *this;
      }
    }
    throw std::invalid_argument("no VM " + vm);
  }
  PassthroughScenario Build() const { return scenario_; }

 private:
  PassthroughScenario scenario_;
};

}  // namespace lbconform::testing

#endif  // LBCONFORM_MODEL_TESTING_SCENARIO_BUILDER_H_
