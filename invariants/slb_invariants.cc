#include "invariants/slb_invariants.h"

#include <algorithm>
#include <map>
#include <set>

namespace lbconform::properties {
namespace {

std::int64_t Rtt(const SlbScenario& s, std::size_t client, const std::string& zone) {
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    if (s.zones[z] == zone) return s.clients[client].rtt_micros[z];
  }
  return 0;
}

std::string ClosestRegion(const SlbScenario& s, std::size_t client) {
  std::string best;
  std::int64_t best_rtt = INT64_MAX;
  for (std::size_t z = 0; z < s.zones.size(); ++z) {
    const std::string& region = s.regions[s.zone_region[z]].name;
    const std::int64_t rtt = s.clients[client].rtt_micros[z];
    if (rtt < best_rtt || (rtt == best_rtt && region < best)) {
      best_rtt = rtt;
      best = region;
    }
  }
  return best;
}

}  // namespace

std::optional<std::string> SlbViolation(const SlbScenario& s, const SlbDecision& d) {
  if (!d.valid()) return std::nullopt;
  const std::size_t n = s.backends.size();
  if (d.backends.size() != n || d.clients.size() != s.clients.size())
    return std::string("one state per backend and client");
  // Conservation.
  std::vector<Milli> by_backend(n, 0);
  for (std::size_t c = 0; c < d.clients.size(); ++c) {
    const ClientPlan& plan = d.clients[c];
    Milli sum = plan.dropped;
    std::set<std::string> regions;
    std::set<std::string> zones;
    for (const Assignment& a : plan.assignments) {
      if (a.backend >= n || a.load <= 0) return plan.name + ": an assignment to no backend, or of nothing";
      sum += a.load;
      by_backend[a.backend] += a.load;
      regions.insert(s.backends[a.backend].region);
      if (!s.backends[a.backend].zone.empty()) zones.insert(s.backends[a.backend].zone);
    }
    if (std::set<std::string>(plan.zones_served.begin(), plan.zones_served.end()) != zones ||
        plan.zones_served.size() != zones.size()) {
      return plan.name + ": zonesServed is not the zones that got load";
    }
    if (plan.dropped < 0 || sum != s.clients[c].offered) return plan.name + ": assigned + dropped != offered";
    if (std::set<std::string>(plan.regions_served.begin(), plan.regions_served.end()) != regions ||
        plan.regions_served.size() != regions.size()) {
      return plan.name + ": regionsServed is not the regions that got load";
    }
  }
  std::size_t drained = 0;
  for (std::size_t b = 0; b < n; ++b) {
    const BackendState& st = d.backends[b];
    if (by_backend[b] != st.assigned) return st.name + ": assigned differs from the client locations' sum";
    if (st.drained) {
      ++drained;
      if (st.effective_capacity != 0 || st.assigned != 0) return st.name + ": drained but has capacity or load";
    }
  }
  if (n > 0 && drained * 2 >= n) return std::string("auto-capacity drain drained half of the backends or more");

  const ResolvedPolicy& p = d.policy;
  const bool strict = p.isolation_enforced && p.isolation_mode == IsolationMode::kStrict;
  for (std::size_t c = 0; c < d.clients.size(); ++c) {
    const ClientPlan& plan = d.clients[c];
    if (strict) {
      const std::string closest = ClosestRegion(s, c);
      for (const std::string& r : plan.regions_served) {
        if (r != closest) return plan.name + ": STRICT sent traffic out of the closest region";
      }
      bool can_serve = false;
      for (std::size_t b = 0; b < n; ++b) {
        can_serve = can_serve || (s.backends[b].region == closest && d.backends[b].effective_capacity > 0 &&
                                  d.backends[b].healthy > 0);
      }
      if (can_serve == (plan.dropped > 0) && plan.offered > 0)
        return plan.name + ": STRICT dropped what it could serve, or served what it could not";
      if (plan.dropped > 0 && plan.dropped != plan.offered)
        return plan.name + ": STRICT dropped only part: its closest region overloads or drops everything";
    }
    std::set<std::string> allowed(plan.regions_served.begin(), plan.regions_served.end());
    auto usable = [&](std::size_t b) {
      const BackendState& st = d.backends[b];
      return st.effective_capacity > 0 && !st.below_failover_threshold && (!strict || st.healthy > 0) &&
             (!p.isolation_enforced || allowed.contains(s.backends[b].region));
    };
    auto full = [&](std::size_t b) { return d.backends[b].assigned >= d.backends[b].effective_capacity; };
    bool used_default = false;
    for (const Assignment& a : plan.assignments)
      used_default = used_default || s.backends[a.backend].preference == Preference::kDefault;
    if (used_default) {
      for (std::size_t b = 0; b < n; ++b) {
        if (s.backends[b].preference == Preference::kPreferred && usable(b) && !full(b)) {
          return plan.name + ": a DEFAULT backend got load while PREFERRED " + s.backends[b].name + " had room";
        }
      }
    }
    if (p.algorithm == Algorithm::kWaterfallByZone) {
      for (const Assignment& a : plan.assignments) {
        const SlbBackend& used = s.backends[a.backend];
        if (used.preference != Preference::kDefault || d.backends[a.backend].below_failover_threshold) continue;
        for (std::size_t b = 0; b < n; ++b) {
          const SlbBackend& other = s.backends[b];
          if (other.region != used.region || other.preference != Preference::kDefault || !usable(b) || full(b))
            continue;
          if (Rtt(s, c, other.zone) < Rtt(s, c, used.zone)) {
            return plan.name + ": WATERFALL_BY_ZONE used " + used.zone + " while nearer " + other.zone + " had room";
          }
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace lbconform::properties
