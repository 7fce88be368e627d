#include "check/coverage_pairs.h"

#include <algorithm>
#include <map>
#include <span>

#include "check/document_forms.h"
#include "check/slb_forms.h"
#include "check/timeline_forms.h"

#ifdef LBCONFORM_TOY_KIND
#include "check/testing/toy_cases.h"
#endif

namespace lbconform::check {
namespace {

// ------------------------------ passthrough

constexpr std::string_view kPassthroughTraced[] = {
    "TD-1",  "TD-2",  "FO-8",  "FO-9",  "FO-12", "FO-13", "FO-14", "FO-18", "FO-19",   "FO-20",   "ZA-3",    "ZA-7",
    "ZA-8",  "ZA-9",  "ZA-10", "ZA-11", "ZA-12", "ZA-22", "ZA-23", "ZA-24", "ZA-25",   "ZA-26",   "ZA-32",   "ZA-33",
    "ZA-34", "ZA-36", "ZA-37", "ZA-38", "ZA-39", "ZA-40", "ZA-41", "ZA-42", "ZA-EN-1", "ZA-EN-2", "ZA-EN-3",
};

constexpr BoundaryClass kPassthroughBoundaries[] = {
    {"TD-1", "pool ALL_HEALTHY"},
    {"TD-2", "pool ALL_LAST_RESORT"},
    {"FO-12", "pool PRIMARY_HEALTHY"},
    {"FO-13", "pool BACKUP_HEALTHY"},
    {"FO-14", "pool PRIMARY_LAST_RESORT"},
    {"FO-20", "pool DROP"},
    {"FO-5", "250 primary VMs with failover"},
    {"FO-5", "250 backup VMs"},
    {"FO-5", "more than 250 primary VMs, no group over 250"},
    {"FO-5", "more than 250 backup VMs, no group over 250"},
    {"FO-6", "50 primary groups with failover"},
    {"FO-6", "50 failover groups"},
    {"FO-6", "more than 50 primary groups with failover"},
    {"FO-6", "more than 50 primary groups without failover"},
    {"FO-6", "more than 50 failover groups"},
    {"FO-6", "more than 50 groups of both roles together"},
    {"FO-12", "failover ratio = k/n exactly"},
    {"FO-12", "failover ratio just below k/n"},
    {"FO-12", "failover ratio just above k/n"},
    {"FO-13", "all primary VMs unhealthy"},
    {"FO-15", "failover ratio 1"},
    {"FO-17", "failover ratio 0"},
    {"FO-19", "all VMs unhealthy"},
    {"FO-20", "dropTrafficIfUnhealthy"},
    {"ZA-9", "client VM"},
    {"ZA-10", "client VPN_TUNNEL"},
    {"ZA-10", "client INTERCONNECT_ATTACHMENT"},
    {"ZA-8", "client PSC_ENDPOINT"},
    {"ZA-12", "zonal affinity ZONAL_AFFINITY_DISABLED → DISABLED"},
    {"ZA-21", "zonal affinity ZONAL_AFFINITY_STAY_WITHIN_ZONE → APPLIED"},
    {"ZA-21", "zonal affinity ZONAL_AFFINITY_SPILL_CROSS_ZONE → APPLIED"},
    {"ZA-9", "zonal affinity ZONAL_AFFINITY_STAY_WITHIN_ZONE → INCOMPATIBLE_CLIENT"},
    {"ZA-9", "zonal affinity ZONAL_AFFINITY_SPILL_CROSS_ZONE → INCOMPATIBLE_CLIENT"},
    {"ZA-23", "zonal affinity ZONAL_AFFINITY_STAY_WITHIN_ZONE → NO_ZONAL_MATCH"},
    {"ZA-23", "zonal affinity ZONAL_AFFINITY_SPILL_CROSS_ZONE → NO_ZONAL_MATCH"},
    {"ZA-7", "zonal affinity ZONAL_AFFINITY_STAY_WITHIN_ZONE → NSI_PACKET_DROP"},
    {"ZA-7", "zonal affinity ZONAL_AFFINITY_SPILL_CROSS_ZONE → NSI_PACKET_DROP"},
    {"FO-20", "zonal affinity ZONAL_AFFINITY_STAY_WITHIN_ZONE → TRAFFIC_DROPPED"},
    {"FO-20", "zonal affinity ZONAL_AFFINITY_SPILL_CROSS_ZONE → TRAFFIC_DROPPED"},
    {"ZA-19", "zonal outcome REFINED"},
    {"ZA-19", "zonal outcome REPLACED"},
    {"ZA-19", "zonal outcome UNCHANGED"},
    {"ZA-29", "spillover ratio 0"},
    {"ZA-39", "spillover ratio = k/n exactly"},
    {"ZA-39", "spillover ratio just below k/n"},
    {"ZA-39", "spillover ratio just above k/n"},
};

// ------------------------------ passthrough-timeline

constexpr std::string_view kTimelineTraced[] = {"CT-1", "CT-2",  "CT-3",  "CT-4", "CT-7",
                                                "FO-9", "FO-21", "FO-22", "ZA-3"};

constexpr BoundaryClass kTimelineBoundaries[] = {
    {"CT-1", "connection ACTIVE"},
    {"CT-1", "connection CLOSED"},
    {"CT-2", "connection REFUSED"},
    {"FO-21", "connection DRAINING"},
    {"FO-22", "connection RESET"},
    {"CT-3", "connect TCP × persistence DEFAULT_FOR_PROTOCOL"},
    {"CT-3", "connect UDP × persistence DEFAULT_FOR_PROTOCOL"},
    {"CT-3", "connect SCTP × persistence DEFAULT_FOR_PROTOCOL"},
    {"CT-4", "connect TCP × persistence NEVER_PERSIST"},
    {"CT-4", "connect UDP × persistence NEVER_PERSIST"},
    {"CT-4", "connect SCTP × persistence NEVER_PERSIST"},
    {"CT-5", "connect TCP × persistence ALWAYS_PERSIST"},
    {"CT-5", "connect UDP × persistence ALWAYS_PERSIST"},
    {"CT-5", "connect SCTP × persistence ALWAYS_PERSIST"},
    {"CT-6", "persistence DEFAULT_FOR_PROTOCOL × tracking PER_CONNECTION"},
    {"CT-6", "persistence DEFAULT_FOR_PROTOCOL × tracking PER_SESSION"},
    {"CT-6", "persistence NEVER_PERSIST × tracking PER_CONNECTION"},
    {"CT-6", "persistence NEVER_PERSIST × tracking PER_SESSION"},
    {"CT-6", "persistence ALWAYS_PERSIST × tracking PER_CONNECTION"},
    {"CT-6", "persistence ALWAYS_PERSIST × tracking PER_SESSION"},
    {"FO-9", "transition FAILOVER"},
    {"FO-9", "transition FAILBACK"},
    {"FO-14", "pool into PRIMARY_LAST_RESORT"},
    {"FO-14", "pool out of PRIMARY_LAST_RESORT"},
    {"FO-19", "pool into ALL_LAST_RESORT"},
    {"FO-19", "pool out of ALL_LAST_RESORT"},
    {"FO-20", "pool into DROP"},
    {"FO-20", "pool out of DROP"},
    {"FO-21", "event exactly when a drain ends"},
    {"FO-22", "drain of 0 s"},
    {"TL-4.2-a", "mixed events at one time"},
    {"TL-4.2-c", "settings changed mid-timeline"},
    {"TL-2.4-k", "a config event's ratio outside [0, 1]"},
    {"TL-2.4-k", "a config event's ratio 0 or 1"},
};

// ------------------------------ service-lb-policy

constexpr std::string_view kSlbTraced[] = {"SLB-1",  "SLB-7",  "SLB-10", "SLB-15",
                                           "SLB-19", "SLB-25", "SLB-27", "SLB-28"};

constexpr BoundaryClass kSlbBoundaries[] = {
    {"SLB-1", "load balancer CLASSIC_APPLICATION"},
    {"SLB-1", "load balancer CLASSIC_PROXY_NETWORK"},
    {"SLB-1", "load balancer REGIONAL_EXTERNAL_APPLICATION"},
    {"SLB-1", "load balancer REGIONAL_INTERNAL_APPLICATION"},
    {"SLB-1", "load balancer EXTERNAL_PASSTHROUGH_NETWORK"},
    {"SLB-4", "backend type REGIONAL_MANAGED_INSTANCE_GROUP"},
    {"SLB-5", "backend type ZONAL_NEG_GCE_VM_IP"},
    {"SLB-6", "backend type SERVERLESS_NEG"},
    {"SLB-6", "backend type INTERNET_NEG"},
    {"SLB-6", "backend type PRIVATE_SERVICE_CONNECT_NEG"},
    {"SLB-8", "algorithm WATERFALL_BY_REGION"},
    {"SLB-11", "algorithm SPRAY_TO_REGION"},
    {"SLB-12", "algorithm WATERFALL_BY_ZONE"},
    {"SLB-36", "algorithm SPRAY_TO_WORLD"},
    {"SLB-8", "load fits in one zone, WATERFALL_BY_REGION"},
    {"SLB-11", "load fits in one zone, SPRAY_TO_REGION"},
    {"SLB-12", "load fits in one zone, WATERFALL_BY_ZONE"},
    {"SLB-36", "load fits in one zone, SPRAY_TO_WORLD"},
    {"SLB-12", "a regional backend under WATERFALL_BY_ZONE"},
    {"SLB-8", "a client offering 0.001"},
    {"SLB-10", "demand above capacity"},
    {"SLB-14", "healthy share one member below 25%"},
    {"SLB-14", "healthy share exactly 25%"},
    {"SLB-14", "healthy share one member above 25%"},
    {"SLB-15", "auto-capacity drain"},
    {"SLB-15", "backend drained"},
    {"SLB-16", "drain candidate kept"},
    {"SLB-17", "a backend without members, capacity per member"},
    {"SLB-17", "a backend without members, capacity per group"},
    {"SLB-17", "a drained backend without members"},
    {"SLB-19", "health changes over time"},
    {"SLB-19", "healthy share one member below 35%"},
    {"SLB-19", "healthy share exactly 35%"},
    {"SLB-19", "healthy share one member above 35%"},
    {"SLB-21", "backend below the failover threshold"},
    {"SLB-22", "healthy share one member below the failover threshold"},
    {"SLB-22", "healthy share = failover threshold"},
    {"SLB-22", "healthy share one member above the failover threshold"},
    {"SLB-26", "isolation NEAREST"},
    {"SLB-27", "isolation STRICT"},
    {"SLB-27", "STRICT, demand above capacity"},
    {"SLB-27", "load dropped"},
    {"SLB-30", "preferred backend"},
    {"SLB-33", "capacityScaler 0"},
    {"SLB-33", "capacityScaler 0.1"},
    {"SLB-33", "capacityScaler 1"},
    {"SLB-34", "maxUtilization 0"},
    {"SLB-34", "maxUtilization 1"},
    {"SLB-34", "an effective capacity of 0.001"},
    {"SL-3-c", "rejected: MISSING_FIELD"},  // a policy named but not given (GAP-57)
    {"SL-1.5-h", "a policy given under another name than the one named"},
};

// A kind's universe: its boundary classes (input errors its generators
// write among them, with the statement that makes them errors), the clauses
// its reference trace cites, and the error codes of its rules: a spec-stage
// code belongs to the kinds whose clauses have its clause's prefix.
struct PairsRow {
  ScenarioKind kind;
  std::span<const BoundaryClass> boundaries;
  std::span<const FormClass> forms;  // the document forms' classes, with the statements that make them equivalent
  std::span<const std::string_view> traced;
  std::span<const std::string_view> rule_prefixes;
};

constexpr std::string_view kPassthroughRules[] = {"FO-", "ZA-"};
constexpr std::string_view kTimelineRules[] = {"FO-", "ZA-", "CT-"};
constexpr std::string_view kSlbRules[] = {"SLB-"};

constexpr PairsRow kPairs[] = {
    {ScenarioKind::kPassthrough, kPassthroughBoundaries, kDocumentFormClasses, kPassthroughTraced, kPassthroughRules},
    {ScenarioKind::kPassthroughTimeline, kTimelineBoundaries, kTimelineFormClasses, kTimelineTraced, kTimelineRules},
    {ScenarioKind::kServiceLbPolicy, kSlbBoundaries, kSlbFormClasses, kSlbTraced, kSlbRules},
#ifdef LBCONFORM_TOY_KIND
    {ScenarioKind::kToy, kToyBoundaryClasses, {}, {}, {}},
#endif
};
static_assert(OneRowPerKind(kPairs), "check/coverage_pairs.cc: a row per kind of model/kinds.def, in its order");

std::vector<CoveragePair> Universe(const PairsRow& row) {
  std::vector<CoveragePair> pairs;
  for (const BoundaryClass& b : row.boundaries) pairs.push_back({std::string(b.clause), std::string(b.boundary)});
  for (const FormClass& f : row.forms) pairs.push_back({std::string(f.anchor), std::string(f.boundary)});
  for (std::string_view clause : row.traced) pairs.push_back({std::string(clause), std::string(kInTheTrace)});
  for (const ErrorCodeInfo& error : AllErrorCodes()) {
    if (error.stage == "spec" && std::any_of(row.rule_prefixes.begin(), row.rule_prefixes.end(),
                                             [&](std::string_view p) { return error.clause.starts_with(p); })) {
      pairs.push_back({std::string(error.clause), "rejected: " + std::string(error.name)});
    }
  }
  std::sort(pairs.begin(), pairs.end(),
            [](const CoveragePair& a, const CoveragePair& b) { return a.Label() < b.Label(); });
  return pairs;
}

}  // namespace

std::string CoveragePair::Label() const { return clause + "  " + boundary; }

const std::vector<CoveragePair>& CoveragePairsOf(ScenarioKind kind) {
  static const std::map<ScenarioKind, std::vector<CoveragePair>> universes = [] {
    std::map<ScenarioKind, std::vector<CoveragePair>> all;
    for (const PairsRow& row : kPairs) all[row.kind] = Universe(row);
    return all;
  }();
  return universes.at(kind);
}

std::set<std::string> PairsReached(ScenarioKind kind, const std::vector<std::string>& boundaries,
                                   const std::set<Clause>& trace, std::vector<std::string>* outside) {
  // Each kind's labels by boundary class (a class belongs to one clause) and
  // by traced clause, built once: this runs for every case checked.
  struct Index {
    std::map<std::string, std::string, std::less<>> by_class, by_traced_clause;
  };
  static const std::map<ScenarioKind, Index> indexes = [] {
    std::map<ScenarioKind, Index> all;
    for (const PairsRow& row : kPairs) {
      for (const CoveragePair& pair : CoveragePairsOf(row.kind)) {
        (pair.boundary == kInTheTrace ? all[row.kind].by_traced_clause[pair.clause]
                                      : all[row.kind].by_class[pair.boundary]) = pair.Label();
      }
    }
    return all;
  }();
  const Index& index = indexes.at(kind);
  std::set<std::string> reached;
  auto add = [&](const std::map<std::string, std::string, std::less<>>& labels, std::string_view key) {
    if (const auto it = labels.find(key); it != labels.end()) {
      reached.insert(it->second);
    } else if (outside != nullptr) {
      outside->emplace_back(key);
    }
  };
  for (const std::string& boundary : boundaries) add(index.by_class, boundary);
  for (Clause clause : trace) add(index.by_traced_clause, IdOf(clause));
  return reached;
}

}  // namespace lbconform::check
