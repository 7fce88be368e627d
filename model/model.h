// The vocabulary of the passthrough kind: a scenario (one new connection to an
// internal passthrough Network Load Balancer) and its decision, as in
// docs/contract.md §2.2 and §3.2. Plain data, shared by every engine; no JSON here.
#ifndef LBCONFORM_MODEL_MODEL_H_
#define LBCONFORM_MODEL_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/catalogue.h"
#include "model/decimal.h"
#include "model/engine.h"

namespace lbconform {

// ------------------------------ Scenario

enum class HealthState { kHealthy, kUnhealthy };
enum class Spillover { kDisabled, kStayWithinZone, kSpillCrossZone };
enum class SubsettingPolicy { kNone, kConsistentHashSubsetting };
enum class ClientType { kVm, kVpnTunnel, kInterconnectAttachment, kPscEndpoint };

// BackendGroup is one `backendService.backends[]` entry.
struct BackendGroup {
  std::string group;  // as given: full URL, partial URL or short name
  std::string name;   // last path segment
  std::string zone;   // from a zonal group URL ("zones/Z/..."), else empty
  bool failover = false;
};

// Instance is one backend VM (or GCE_VM_IP endpoint).
struct Instance {
  std::string name;         // last path segment of `instances[].name`
  std::string zone;         // last path segment of `instances[].zone`
  std::size_t backend = 0;  // index into PassthroughScenario::backends
  HealthState health = HealthState::kUnhealthy;
};

struct FailoverPolicy {
  bool present = false;                    // the `failoverPolicy` object was given
  Decimal failover_ratio;                  // API default 0.0
  bool drop_traffic_if_unhealthy = false;  // API default false
  bool disable_connection_drain_on_failover = false;
};

struct ZonalAffinityPolicy {
  Spillover spillover = Spillover::kDisabled;  // API default ZONAL_AFFINITY_DISABLED
  Decimal spillover_ratio;                     // API default 0.0
};

struct SymmetricHashing {
  bool peer_zonal_affinity_enabled = false;
  bool sender_to_receiver_same_zone_only = false;
};

// Deployment holds the facts about where the load balancer is used that the
// zonal-affinity text makes rules about (field `deployment` of the scenario).
struct Deployment {
  bool packet_mirroring_collector = false;
  bool network_security_integration = false;
  std::optional<SymmetricHashing> symmetric_hashing;
};

struct Client {
  ClientType type = ClientType::kVm;
  std::string region;  // may be empty for VPN tunnels and Interconnect attachments
  std::string zone;    // required for VM clients
};

struct PassthroughScenario {
  std::string name;
  std::string region;
  std::vector<BackendGroup> backends;
  FailoverPolicy failover_policy;
  ZonalAffinityPolicy zonal_affinity;
  SubsettingPolicy subsetting = SubsettingPolicy::kNone;
  std::vector<Instance> instances;
  Client client;
  Deployment deployment;
};

// ------------------------------ Decision

enum class EligibleKind {
  kAllHealthy,         // TD-1
  kAllLastResort,      // TD-2
  kPrimaryHealthy,     // FO-12 (and GAP-1)
  kBackupHealthy,      // FO-13
  kPrimaryLastResort,  // FO-14
  kDrop,               // FO-20
};

enum class ZonalAffinityStatus {
  kDisabled,
  kIncompatibleClient,
  kNoZonalMatch,
  kApplied,
  kTrafficDropped,  // GAP-6: eligible set dropped before zonal affinity
  kNsiPacketDrop,   // GAP-10: Network Security Integration drops packets
};

enum class ZonalAffinityOutcome { kRefined, kReplaced, kUnchanged };

struct Error {
  ErrorCode code;
  std::string path;     // JSON pointer into the scenario, informative
  std::string message;  // informative
};

struct TraceStep {
  Clause clause;
  std::string text;
};

struct Fraction {
  std::uint32_t numerator = 0;
  std::uint32_t denominator = 1;
  friend bool operator==(const Fraction&, const Fraction&) = default;
};

// BackendNames is a sorted (byte order), duplicate-free list of VM names.
using BackendNames = std::vector<std::string>;

struct PassthroughDecision {
  std::vector<Error> errors;  // empty when valid
  EligibleKind eligible_kind = EligibleKind::kAllLastResort;
  BackendNames eligible;
  ZonalAffinityStatus zonal_status = ZonalAffinityStatus::kDisabled;
  BackendNames test_backends;                   // computed when the zonal match is tested
  BackendNames zonally_matched;                 // likewise
  std::optional<ZonalAffinityOutcome> outcome;  // when APPLIED
  std::optional<Fraction> computed_ratio;       // SPILL_CROSS_ZONE, ratio > 0
  BackendNames modified_eligible;
  std::vector<TraceStep> trace;  // informative

  bool valid() const { return errors.empty(); }
};

// InvalidDecision is the decision for a rejected scenario.
PassthroughDecision InvalidDecision(std::vector<Error> errors);

// SameDecision compares every field except messages, paths and the trace: the
// engines of this project must agree on all of it. `NormativeDiff` compares
// only the normative fields (docs/contract.md §3.2) and names the first that differs.
bool SameDecision(const PassthroughDecision& a, const PassthroughDecision& b);
std::optional<std::string> NormativeDiff(const PassthroughDecision& expected, const PassthroughDecision& actual);

std::string_view NameOf(HealthState value);
std::string_view NameOf(Spillover value);
std::string_view NameOf(SubsettingPolicy value);
std::string_view NameOf(ClientType value);
std::string_view NameOf(EligibleKind value);
std::string_view NameOf(ZonalAffinityStatus value);
std::string_view NameOf(ZonalAffinityOutcome value);

// ------------------------------ Engine

// PassthroughEngine decides one new connection. The scenario has passed the
// decoder; spec-level validation is the engine's job.
class PassthroughEngine : public virtual Engine {
 public:
  virtual PassthroughDecision Decide(const PassthroughScenario& scenario, Profile profile) const = 0;
};

}  // namespace lbconform

#endif  // LBCONFORM_MODEL_MODEL_H_
