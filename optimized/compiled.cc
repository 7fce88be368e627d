#include "optimized/compiled.h"

#include <algorithm>
#include <numeric>

namespace lbconform::optimized {
namespace {

void SetBit(std::vector<std::uint64_t>& mask, std::size_t bit) { mask[bit / 64] |= std::uint64_t{1} << (bit % 64); }

std::uint32_t Popcount(const std::uint64_t* mask, std::uint32_t words) {
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < words; ++i) count += static_cast<std::uint32_t>(__builtin_popcountll(mask[i]));
  return count;
}

}  // namespace

CompiledPassthrough CompiledPassthrough::Compile(const PassthroughScenario& scenario, Profile profile) {
  CompiledPassthrough c;
  c.region_ = scenario.region;
  // Bits follow VM names in byte order, so reading a mask yields sorted names.
  std::vector<std::size_t> order(scenario.instances.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return scenario.instances[a].name < scenario.instances[b].name; });
  const std::size_t n = order.size();
  const auto words = static_cast<std::uint32_t>((n + 63) / 64 == 0 ? 1 : (n + 63) / 64);
  c.all_.assign(words, 0);
  c.primary_ = c.backup_ = c.all_;
  for (std::size_t bit = 0; bit < n; ++bit) {
    const Instance& vm = scenario.instances[order[bit]];
    c.names_.push_back(vm.name);
    SetBit(c.all_, bit);
    SetBit(scenario.backends[vm.backend].failover ? c.backup_ : c.primary_, bit);
    auto zone = std::find(c.zone_names_.begin(), c.zone_names_.end(), vm.zone);
    if (zone == c.zone_names_.end()) {
      c.zone_names_.push_back(vm.zone);
      c.zones_.resize(c.zones_.size() + words, 0);
      zone = c.zone_names_.end() - 1;
    }
    const auto z = static_cast<std::size_t>(zone - c.zone_names_.begin());
    c.zones_[z * words + bit / 64] |= std::uint64_t{1} << (bit % 64);
  }

  KernelTables& t = c.tables_;
  t.words = words;
  t.zone_count = static_cast<std::uint32_t>(c.zone_names_.size());
  t.failover_configured =
      std::any_of(scenario.backends.begin(), scenario.backends.end(), [](const BackendGroup& b) { return b.failover; });
  c.SetFailoverPolicy(scenario.failover_policy);
  t.spillover = static_cast<std::uint8_t>(scenario.zonal_affinity.spillover);
  t.spillover_ratio_zero = scenario.zonal_affinity.spillover_ratio.is_zero();
  t.english_revision = profile == Profile::kEn20260402;
  t.network_security_integration = scenario.deployment.network_security_integration;
  // For each test class and zone: the least numerator meeting the spillover
  // ratio over that zone's VMs of the class (the denominator).
  const std::vector<std::uint64_t>* classes[] = {&c.primary_, &c.backup_, &c.all_};
  // One extra entry (and mask) after the table: the stand-in that kernels read
  // when zonal affinity does not apply, so they never branch around a load.
  c.min_spill_.assign(3 * t.zone_count + 1, 0);
  c.class_in_zone_.assign(3 * t.zone_count + 1, 0);
  c.matched_.assign((std::size_t{3} * t.zone_count + 1) * words, 0);
  for (std::uint32_t k = 0; k < 3; ++k) {
    for (std::uint32_t z = 0; z < t.zone_count; ++z) {
      std::uint32_t denominator = 0;
      for (std::uint32_t i = 0; i < words; ++i) {
        const std::uint64_t matched = (*classes[k])[i] & c.zones_[z * words + i];
        c.matched_[(k * t.zone_count + z) * words + i] = matched;
        denominator += static_cast<std::uint32_t>(__builtin_popcountll(matched));
      }
      c.class_in_zone_[k * t.zone_count + z] = denominator;
      c.min_spill_[k * t.zone_count + z] =
          denominator == 0 ? 0 : MinimumCountAtLeast(scenario.zonal_affinity.spillover_ratio, denominator);
    }
  }
  c.Refresh();
  return c;
}

void CompiledPassthrough::SetFailoverPolicy(const FailoverPolicy& policy) {
  KernelTables& t = tables_;
  t.failover_ratio_zero = policy.failover_ratio.is_zero();
  const std::uint32_t primaries = Popcount(primary_.data(), t.words);
  // With no primary VM the healthy ratio counts as 0, which never meets a
  // non-zero ratio: an unreachable threshold.
  t.min_healthy_primaries = primaries == 0 ? 1 : MinimumCountAtLeast(policy.failover_ratio, primaries);
  t.drop_traffic_if_unhealthy = policy.drop_traffic_if_unhealthy;
}

std::size_t CompiledPassthrough::BitOf(std::string_view name) const {
  return static_cast<std::size_t>(std::lower_bound(names_.begin(), names_.end(), name) - names_.begin());
}

void CompiledPassthrough::Refresh() {
  tables_.all = all_.data();
  tables_.primary = primary_.data();
  tables_.backup = backup_.data();
  tables_.zones = zones_.data();
  tables_.min_spill = min_spill_.data();
  tables_.class_in_zone = class_in_zone_.data();
  tables_.matched = matched_.data();
}

std::vector<std::uint64_t> CompiledPassthrough::HealthMask(const PassthroughScenario& scenario) const {
  std::vector<std::uint64_t> mask(tables_.words, 0);
  for (const Instance& vm : scenario.instances) {
    if (vm.health != HealthState::kHealthy) continue;
    const auto at = std::lower_bound(names_.begin(), names_.end(), vm.name);
    SetBit(mask, static_cast<std::size_t>(at - names_.begin()));
  }
  return mask;
}

std::int32_t CompiledPassthrough::ZoneIndex(std::string_view zone) const {
  for (std::size_t z = 0; z < zone_names_.size(); ++z) {
    if (zone_names_[z] == zone) return static_cast<std::int32_t>(z);
  }
  return -1;
}

bool CompiledPassthrough::ClientCompatible(const Client& client) const {
  return client.type == ClientType::kVm && client.region == region_;
}

MaskDecision CompiledPassthrough::Decide(const Kernel& kernel, const std::vector<std::uint64_t>& healthy,
                                         std::int32_t client_zone, bool client_compatible) const {
  MaskDecision d;
  d.eligible.assign(tables_.words, 0);
  d.modified = d.test = d.matched = d.eligible;
  d.codes.eligible = d.eligible.data();
  d.codes.modified = d.modified.data();
  d.codes.test = d.test.data();
  d.codes.matched = d.matched.data();
  kernel.decide_one(tables_, healthy.data(), client_zone, client_compatible, d.codes);
  return d;
}

PassthroughDecision CompiledPassthrough::ToDecision(const MaskDecision& masks) const {
  auto names = [&](const std::vector<std::uint64_t>& mask) {
    BackendNames out;
    for (std::size_t word = 0; word < mask.size(); ++word) {
      for (std::uint64_t bits = mask[word]; bits != 0; bits &= bits - 1) {
        out.push_back(names_[word * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))]);
      }
    }
    return out;
  };
  PassthroughDecision d;
  d.eligible_kind = static_cast<EligibleKind>(masks.codes.kind);
  d.eligible = names(masks.eligible);
  d.zonal_status = static_cast<ZonalAffinityStatus>(masks.codes.status);
  if (d.zonal_status == ZonalAffinityStatus::kNoZonalMatch || d.zonal_status == ZonalAffinityStatus::kApplied) {
    d.test_backends = names(masks.test);
    d.zonally_matched = names(masks.matched);
  }
  if (masks.codes.outcome != kNoOutcome) d.outcome = static_cast<ZonalAffinityOutcome>(masks.codes.outcome);
  if (masks.codes.ratio_denominator != 0) {
    d.computed_ratio = Fraction{masks.codes.ratio_numerator, masks.codes.ratio_denominator};
  }
  d.modified_eligible = names(masks.modified);
  return d;
}

}  // namespace lbconform::optimized
