#include "check/shrinks.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <utility>
#include <vector>

#include "reference/reference_engine.h"

namespace lbconform::check {
namespace {

const reference::ReferenceEngine& Reference() {
  static const reference::ReferenceEngine engine(/*trace=*/false);
  return engine;
}

using Chunk = std::pair<std::size_t, std::size_t>;  // first, count

// Chunks of [0, n) to remove: all, halves, quarters, …, single elements; a
// list of hundreds shrinks in a few dozen tries, and then one at a time.
std::vector<Chunk> ChunksOf(std::size_t n) {
  std::vector<Chunk> chunks;
  for (std::size_t size = n; size >= 1; size /= 2) {
    for (std::size_t first = 0; first < n; first += size) chunks.emplace_back(first, std::min(size, n - first));
    if (size == 1) break;
  }
  return chunks;
}

template <typename T>
void EraseChunk(std::vector<T>& items, Chunk chunk) {
  const auto first = items.begin() + static_cast<std::ptrdiff_t>(chunk.first);
  items.erase(first, first + static_cast<std::ptrdiff_t>(chunk.second));
}

// Removals: one scenario per chunk of `n` items, made lazily by `remove`.
template <typename T, typename Remove>
rc::Seq<T> Removals(const T& value, std::size_t n, Remove remove) {
  return rc::seq::map(rc::seq::fromContainer(ChunksOf(n)),
                      [value, remove](const Chunk& chunk) { return remove(value, chunk); });
}

// ------------------------------ Passthrough

struct PrimaryCounts {
  std::uint32_t primaries = 0, healthy = 0;
};

PrimaryCounts CountPrimaries(const PassthroughScenario& s) {
  PrimaryCounts counts;
  for (const Instance& vm : s.instances) {
    if (vm.backend < s.backends.size() && !s.backends[vm.backend].failover) {
      ++counts.primaries;
      if (vm.health == HealthState::kHealthy) ++counts.healthy;
    }
  }
  return counts;
}

std::optional<Fraction> ComputedRatio(const PassthroughScenario& s, Profile profile) {
  if (s.zonal_affinity.spillover != Spillover::kSpillCrossZone) return std::nullopt;
  const PassthroughDecision d = Reference().Decide(s, profile);
  if (!d.valid() || !d.computed_ratio || d.computed_ratio->denominator == 0) return std::nullopt;
  return d.computed_ratio;
}

// How a scenario's ratios lie to its counted fractions, to be kept by its shrinks.
struct Aims {
  std::optional<int> failover_side, spillover_side;
};

Aims AimsOf(const PassthroughScenario& s, Profile profile) {
  Aims aims;
  const PrimaryCounts counts = CountPrimaries(s);
  if (s.failover_policy.present && counts.primaries > 0)
    aims.failover_side = SideOf(counts.healthy, counts.primaries, s.failover_policy.failover_ratio);
  if (const std::optional<Fraction> computed = ComputedRatio(s, profile)) {
    aims.spillover_side = SideOf(computed->numerator, computed->denominator, s.zonal_affinity.spillover_ratio);
  }
  return aims;
}

// Reaimed: `s` with its ratios moved beside its own fractions as `aims` says.
PassthroughScenario Reaimed(PassthroughScenario s, const Aims& aims, Profile profile) {
  if (aims.failover_side) {
    const PrimaryCounts counts = CountPrimaries(s);
    if (counts.primaries > 0)
      s.failover_policy.failover_ratio = NearFraction(counts.healthy, counts.primaries, *aims.failover_side);
  }
  if (aims.spillover_side) {
    if (const std::optional<Fraction> computed = ComputedRatio(s, profile)) {
      s.zonal_affinity.spillover_ratio = NearFraction(computed->numerator, computed->denominator, *aims.spillover_side);
    }
  }
  return s;
}

PassthroughScenario WithoutVms(PassthroughScenario s, Chunk chunk) {
  EraseChunk(s.instances, chunk);
  return s;
}

PassthroughScenario WithoutGroups(PassthroughScenario s, Chunk chunk) {
  const std::size_t end = chunk.first + chunk.second;
  std::vector<Instance> kept;
  for (Instance vm : s.instances) {
    if (vm.backend >= chunk.first && vm.backend < end) continue;
    if (vm.backend >= end) vm.backend -= chunk.second;
    kept.push_back(std::move(vm));
  }
  s.instances = std::move(kept);
  EraseChunk(s.backends, chunk);
  return s;
}

// SmallerFractions: `s` with the VMs that `counted` selects cut to h of them
// healthy and u unhealthy, for every smaller h and u (fewest first), the
// other VMs kept; with their ratio re-aimed, a misreading of the arithmetic
// moves to the smallest fraction it fails on, which chunks or single removals
// reach only by passing fractions it does not. Over 16 counted VMs, only the
// same fraction in lowest terms (10 of 12 healthy become 5 of 6).
template <typename Counted>
std::vector<PassthroughScenario> SmallerFractions(const PassthroughScenario& s, Counted counted) {
  std::vector<std::size_t> healthy, unhealthy;
  for (std::size_t i = 0; i < s.instances.size(); ++i) {
    if (counted(s.instances[i])) (s.instances[i].health == HealthState::kHealthy ? healthy : unhealthy).push_back(i);
  }
  auto cut = [&](std::size_t h, std::size_t u) {
    PassthroughScenario smaller = s;
    smaller.instances.clear();
    std::size_t kept_healthy = 0, kept_unhealthy = 0;
    for (std::size_t i = 0; i < s.instances.size(); ++i) {
      const Instance& vm = s.instances[i];
      if (counted(vm)) {
        std::size_t& kept = vm.health == HealthState::kHealthy ? kept_healthy : kept_unhealthy;
        if (kept >= (vm.health == HealthState::kHealthy ? h : u)) continue;
        ++kept;
      }
      smaller.instances.push_back(vm);
    }
    return smaller;
  };
  std::vector<PassthroughScenario> out;
  const std::size_t total = healthy.size() + unhealthy.size();
  if (total > 16) {
    const std::size_t divisor = std::gcd(healthy.size(), unhealthy.size());
    if (divisor > 1) out.push_back(cut(healthy.size() / divisor, unhealthy.size() / divisor));
    return out;
  }
  for (std::size_t n = 1; n < total; ++n) {
    for (std::size_t h = 0; h <= std::min(n, healthy.size()); ++h) {
      if (n - h <= unhealthy.size()) out.push_back(cut(h, n - h));
    }
  }
  return out;
}

// Options switched off, one at a time.
std::vector<PassthroughScenario> SimplerOptions(const PassthroughScenario& s) {
  std::vector<PassthroughScenario> out;
  auto with = [&](auto change) {
    PassthroughScenario simpler = s;
    change(simpler);
    out.push_back(std::move(simpler));
  };
  if (s.failover_policy.drop_traffic_if_unhealthy)
    with([](auto& x) { x.failover_policy.drop_traffic_if_unhealthy = false; });
  if (s.deployment.network_security_integration)
    with([](auto& x) { x.deployment.network_security_integration = false; });
  if (s.deployment.symmetric_hashing) with([](auto& x) { x.deployment.symmetric_hashing.reset(); });
  if (s.deployment.packet_mirroring_collector) with([](auto& x) { x.deployment.packet_mirroring_collector = false; });
  if (s.subsetting != SubsettingPolicy::kNone) with([](auto& x) { x.subsetting = SubsettingPolicy::kNone; });
  for (std::size_t i = 0; i < s.instances.size(); ++i) {
    if (s.instances[i].health != HealthState::kHealthy)
      with([i](auto& x) { x.instances[i].health = HealthState::kHealthy; });
  }
  return out;
}

// ------------------------------ Timelines

// TimelineWithout: `t` without the marked events and VMs; the events that
// name a removed VM or connection go too, and every index is renumbered.
TimelineScenario TimelineWithout(TimelineScenario t, std::vector<bool> drop_event, const std::vector<bool>& drop_vm) {
  const std::size_t connections = t.connection_ids.size();
  std::vector<bool> drop_connection(connections, false);
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    const TimelineEvent& e = t.events[i];
    const bool names_vm = e.type == EventType::kHealth || e.type == EventType::kConnect;
    if (names_vm && e.instance < drop_vm.size() && drop_vm[e.instance]) drop_event[i] = true;
    if (e.type == EventType::kConnect && drop_event[i] && e.connection < connections)
      drop_connection[e.connection] = true;
  }
  std::vector<std::size_t> vm_index(drop_vm.size()), connection_index(connections);
  std::vector<Instance> vms;
  for (std::size_t v = 0; v < t.initial.instances.size(); ++v) {
    vm_index[v] = vms.size();
    if (v >= drop_vm.size() || !drop_vm[v]) vms.push_back(t.initial.instances[v]);
  }
  std::vector<std::string> ids;
  for (std::size_t c = 0; c < connections; ++c) {
    connection_index[c] = ids.size();
    if (!drop_connection[c]) ids.push_back(t.connection_ids[c]);
  }
  std::vector<TimelineEvent> events;
  for (std::size_t i = 0; i < t.events.size(); ++i) {
    TimelineEvent e = t.events[i];
    if (drop_event[i]) continue;
    const bool names_connection = e.type == EventType::kConnect || e.type == EventType::kClose;
    if (names_connection && e.connection < connections) {
      if (drop_connection[e.connection]) continue;
      e.connection = connection_index[e.connection];
    }
    if ((e.type == EventType::kHealth || e.type == EventType::kConnect) && e.instance < vm_index.size())
      e.instance = vm_index[e.instance];
    events.push_back(e);
  }
  t.initial.instances = std::move(vms);
  t.connection_ids = std::move(ids);
  t.events = std::move(events);
  return t;
}

TimelineScenario WithoutEvents(const TimelineScenario& t, Chunk chunk) {
  std::vector<bool> drop(t.events.size(), false);
  std::fill(drop.begin() + static_cast<std::ptrdiff_t>(chunk.first),
            drop.begin() + static_cast<std::ptrdiff_t>(chunk.first + chunk.second), true);
  return TimelineWithout(t, drop, std::vector<bool>(t.initial.instances.size(), false));
}

TimelineScenario WithoutTimelineVms(const TimelineScenario& t, Chunk chunk) {
  std::vector<bool> drop(t.initial.instances.size(), false);
  std::fill(drop.begin() + static_cast<std::ptrdiff_t>(chunk.first),
            drop.begin() + static_cast<std::ptrdiff_t>(chunk.first + chunk.second), true);
  return TimelineWithout(t, std::vector<bool>(t.events.size(), false), drop);
}

TimelineScenario WithoutTimelineGroups(const TimelineScenario& t, Chunk chunk) {
  const std::size_t end = chunk.first + chunk.second;
  std::vector<bool> drop(t.initial.instances.size(), false);
  for (std::size_t v = 0; v < drop.size(); ++v) {
    const std::size_t g = t.initial.instances[v].backend;
    drop[v] = g >= chunk.first && g < end;
  }
  TimelineScenario out = TimelineWithout(t, std::vector<bool>(t.events.size(), false), drop);
  for (Instance& vm : out.initial.instances) {
    if (vm.backend >= end) vm.backend -= chunk.second;
  }
  EraseChunk(out.initial.backends, chunk);
  return out;
}

// ------------------------------ Service LB policies

SlbScenario WithoutBackends(SlbScenario s, Chunk chunk) {
  EraseChunk(s.backends, chunk);
  return s;
}

SlbScenario WithoutClients(SlbScenario s, Chunk chunk) {
  EraseChunk(s.clients, chunk);
  return s;
}

// WithoutUnusedZone: `s` without zone z (no backend in it), and without its
// region once that has no zone left.
SlbScenario WithoutUnusedZone(SlbScenario s, std::size_t z) {
  const std::string zone = s.zones[z];
  const std::size_t r = s.zone_region[z];
  s.zones.erase(s.zones.begin() + static_cast<std::ptrdiff_t>(z));
  s.zone_region.erase(s.zone_region.begin() + static_cast<std::ptrdiff_t>(z));
  for (ClientLocation& c : s.clients) {
    if (z < c.rtt_micros.size()) c.rtt_micros.erase(c.rtt_micros.begin() + static_cast<std::ptrdiff_t>(z));
  }
  std::vector<std::string>& zones = s.regions[r].zones;
  zones.erase(std::remove(zones.begin(), zones.end(), zone), zones.end());
  if (zones.empty()) {
    s.regions.erase(s.regions.begin() + static_cast<std::ptrdiff_t>(r));
    for (std::size_t& region : s.zone_region) {
      if (region > r) --region;
    }
  }
  return s;
}

std::vector<SlbScenario> SimplerSlb(const SlbScenario& s) {
  std::vector<SlbScenario> out;
  // Two backends at once, which a rule on the share of backends (the 50% of
  // SLB-15) needs, and chunks of neighbours rarely give.
  for (std::size_t i = 0; s.backends.size() <= 10 && i < s.backends.size(); ++i) {
    for (std::size_t j = i + 2; j < s.backends.size(); ++j) {
      SlbScenario smaller = s;
      smaller.backends.erase(smaller.backends.begin() + static_cast<std::ptrdiff_t>(j));
      smaller.backends.erase(smaller.backends.begin() + static_cast<std::ptrdiff_t>(i));
      out.push_back(std::move(smaller));
    }
  }
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    const bool used =
        std::any_of(s.backends.begin(), s.backends.end(), [&](const SlbBackend& b) { return b.zone == s.zones[z]; });
    if (!used && s.zones.size() > 1) out.push_back(WithoutUnusedZone(s, z));
  }
  for (std::size_t b = 0; b < s.backends.size(); ++b) {  // DEFAULT instead of PREFERRED
    if (s.backends[b].preference == Preference::kDefault) continue;
    out.push_back(s);
    out.back().backends[b].preference = Preference::kDefault;
  }
  for (std::size_t c = 0; c < s.clients.size(); ++c) {  // less load: half, or 1 request per second
    for (Milli offered : {s.clients[c].offered / 2, Milli{1'000}}) {
      if (offered >= s.clients[c].offered) continue;
      out.push_back(s);
      out.back().clients[c].offered = offered;
    }
  }
  for (std::size_t b = 0; b < s.backends.size(); ++b) {
    if (s.backends[b].health.empty()) continue;
    SlbScenario simpler = s;
    simpler.backends[b].health.clear();
    out.push_back(std::move(simpler));
    if (s.backends[b].health.size() > 1) {  // the last report alone
      simpler = s;
      simpler.backends[b].health.erase(simpler.backends[b].health.begin(), simpler.backends[b].health.end() - 1);
      out.push_back(std::move(simpler));
    }
  }
  return out;
}

}  // namespace

Decimal NearFraction(std::uint32_t k, std::uint32_t n, int side) {
  const double nearest = static_cast<double>(k) / static_cast<double>(n);
  if (side == 0) return *Decimal::FromDouble(nearest);
  const double beside = std::nextafter(nearest, side > 0 ? 2.0 : -1.0);
  return *Decimal::FromDouble(std::clamp(beside, 0.0, 1.0));
}

std::optional<int> SideOf(std::uint32_t k, std::uint32_t n, const Decimal& ratio) {
  if (n == 0) return std::nullopt;
  for (int side : {0, -1, 1}) {
    if (NearFraction(k, n, side) == ratio) return side;
  }
  return std::nullopt;
}

rc::Seq<PassthroughScenario> PassthroughShrinks(const PassthroughScenario& s, Profile profile) {
  const Aims aims = AimsOf(s, profile);
  const bool aimed = aims.failover_side || aims.spillover_side;
  // Each removal with its ratios re-aimed; then, when that changed them, as drawn.
  auto removed = [aims, aimed, profile](rc::Seq<PassthroughScenario> removals) {
    return rc::seq::mapcat(std::move(removals), [aims, aimed, profile](PassthroughScenario&& smaller) {
      if (!aimed) return rc::seq::just(std::move(smaller));
      PassthroughScenario reaimed = Reaimed(smaller, aims, profile);
      if (reaimed.failover_policy.failover_ratio == smaller.failover_policy.failover_ratio &&
          reaimed.zonal_affinity.spillover_ratio == smaller.zonal_affinity.spillover_ratio) {
        return rc::seq::just(std::move(smaller));
      }
      return rc::seq::just(std::move(reaimed), std::move(smaller));
    });
  };
  std::vector<PassthroughScenario> fractions = SmallerFractions(
      s, [&s](const Instance& vm) { return vm.backend < s.backends.size() && !s.backends[vm.backend].failover; });
  for (PassthroughScenario& in_zone :
       SmallerFractions(s, [&s](const Instance& vm) { return !s.client.zone.empty() && vm.zone == s.client.zone; })) {
    fractions.push_back(std::move(in_zone));
  }
  // A smaller fraction with its ratios on each side of it: the smallest
  // fraction a misreading fails on may lie on another side (float-ratio: 1/3
  // with the double just above it, where the side drawn needed 5/6).
  auto every_side = [aims, aimed, profile](PassthroughScenario&& smaller) {
    std::vector<PassthroughScenario> out;
    for (int shift = 0; aimed && shift < 3; ++shift) {
      auto rotated = [shift](std::optional<int> side) -> std::optional<int> {
        if (!side) return side;
        const int order[] = {*side, *side == 0 ? -1 : 0, *side == 1 ? -1 : 1};
        return order[shift];
      };
      PassthroughScenario reaimed =
          Reaimed(smaller, Aims{rotated(aims.failover_side), rotated(aims.spillover_side)}, profile);
      const bool seen = std::any_of(out.begin(), out.end(), [&](const PassthroughScenario& o) {
        return o.failover_policy.failover_ratio == reaimed.failover_policy.failover_ratio &&
               o.zonal_affinity.spillover_ratio == reaimed.zonal_affinity.spillover_ratio;
      });
      if (!seen) out.push_back(std::move(reaimed));
    }
    out.push_back(std::move(smaller));
    return rc::seq::fromContainer(std::move(out));
  };
  return rc::seq::concat(rc::seq::mapcat(rc::seq::fromContainer(std::move(fractions)), every_side),
                         removed(Removals(s, s.backends.size(), WithoutGroups)),
                         removed(Removals(s, s.instances.size(), WithoutVms)),
                         rc::seq::fromContainer(SimplerOptions(s)));
}

rc::Seq<TimelineScenario> TimelineShrinks(const TimelineScenario& t) {
  std::vector<TimelineScenario> simpler;
  if (t.draining_timeout_sec) {
    simpler.push_back(t);
    simpler.back().draining_timeout_sec.reset();
  }
  return rc::seq::concat(
      Removals(t, t.events.size(), WithoutEvents), Removals(t, t.initial.backends.size(), WithoutTimelineGroups),
      Removals(t, t.initial.instances.size(), WithoutTimelineVms), rc::seq::fromContainer(std::move(simpler)));
}

rc::Seq<SlbScenario> SlbShrinks(const SlbScenario& s) {
  return rc::seq::concat(Removals(s, s.backends.size(), WithoutBackends), Removals(s, s.clients.size(), WithoutClients),
                         rc::seq::fromContainer(SimplerSlb(s)));
}

}  // namespace lbconform::check
