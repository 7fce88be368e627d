#include "model/model.h"

#include <algorithm>
#include <utility>

namespace lbconform {

PassthroughDecision InvalidDecision(std::vector<Error> errors) {
  PassthroughDecision decision;
  decision.errors = std::move(errors);
  decision.eligible_kind = EligibleKind::kDrop;
  return decision;
}

namespace {

std::vector<ErrorCode> SortedCodes(const PassthroughDecision& d) {
  std::vector<ErrorCode> codes;
  for (const Error& e : d.errors) codes.push_back(e.code);
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  return codes;
}

}  // namespace

bool SameDecision(const PassthroughDecision& a, const PassthroughDecision& b) {
  if (a.valid() != b.valid()) return false;
  if (!a.valid()) return SortedCodes(a) == SortedCodes(b);
  return a.eligible_kind == b.eligible_kind && a.eligible == b.eligible && a.zonal_status == b.zonal_status &&
         a.test_backends == b.test_backends && a.zonally_matched == b.zonally_matched && a.outcome == b.outcome &&
         a.computed_ratio == b.computed_ratio && a.modified_eligible == b.modified_eligible;
}

std::optional<std::string> NormativeDiff(const PassthroughDecision& expected, const PassthroughDecision& actual) {
  if (expected.valid() != actual.valid()) return "valid";
  if (!expected.valid()) {
    if (SortedCodes(expected) != SortedCodes(actual)) return "errors[].code";
    return std::nullopt;
  }
  if (expected.eligible_kind != actual.eligible_kind) return "eligible.kind";
  if (expected.eligible != actual.eligible) return "eligible.backends";
  if (expected.zonal_status != actual.zonal_status) return "zonalAffinity.status";
  if (expected.outcome != actual.outcome) return "zonalAffinity.outcome";
  if (expected.modified_eligible != actual.modified_eligible) return "modifiedEligible";
  return std::nullopt;
}

std::string_view NameOf(HealthState value) { return value == HealthState::kHealthy ? "HEALTHY" : "UNHEALTHY"; }

std::string_view NameOf(Spillover value) {
  switch (value) {
    case Spillover::kDisabled:
      return "ZONAL_AFFINITY_DISABLED";
    case Spillover::kStayWithinZone:
      return "ZONAL_AFFINITY_STAY_WITHIN_ZONE";
    case Spillover::kSpillCrossZone:
      return "ZONAL_AFFINITY_SPILL_CROSS_ZONE";
  }
  return "?";
}

std::string_view NameOf(SubsettingPolicy value) {
  return value == SubsettingPolicy::kNone ? "NONE" : "CONSISTENT_HASH_SUBSETTING";
}

std::string_view NameOf(ClientType value) {
  switch (value) {
    case ClientType::kVm:
      return "VM";
    case ClientType::kVpnTunnel:
      return "VPN_TUNNEL";
    case ClientType::kInterconnectAttachment:
      return "INTERCONNECT_ATTACHMENT";
    case ClientType::kPscEndpoint:
      return "PSC_ENDPOINT";
  }
  return "?";
}

std::string_view NameOf(EligibleKind value) {
  switch (value) {
    case EligibleKind::kAllHealthy:
      return "ALL_HEALTHY";
    case EligibleKind::kAllLastResort:
      return "ALL_LAST_RESORT";
    case EligibleKind::kPrimaryHealthy:
      return "PRIMARY_HEALTHY";
    case EligibleKind::kBackupHealthy:
      return "BACKUP_HEALTHY";
    case EligibleKind::kPrimaryLastResort:
      return "PRIMARY_LAST_RESORT";
    case EligibleKind::kDrop:
      return "DROP";
  }
  return "?";
}

std::string_view NameOf(ZonalAffinityStatus value) {
  switch (value) {
    case ZonalAffinityStatus::kDisabled:
      return "DISABLED";
    case ZonalAffinityStatus::kIncompatibleClient:
      return "INCOMPATIBLE_CLIENT";
    case ZonalAffinityStatus::kNoZonalMatch:
      return "NO_ZONAL_MATCH";
    case ZonalAffinityStatus::kApplied:
      return "APPLIED";
    case ZonalAffinityStatus::kTrafficDropped:
      return "TRAFFIC_DROPPED";
    case ZonalAffinityStatus::kNsiPacketDrop:
      return "NSI_PACKET_DROP";
  }
  return "?";
}

std::string_view NameOf(ZonalAffinityOutcome value) {
  switch (value) {
    case ZonalAffinityOutcome::kRefined:
      return "REFINED";
    case ZonalAffinityOutcome::kReplaced:
      return "REPLACED";
    case ZonalAffinityOutcome::kUnchanged:
      return "UNCHANGED";
  }
  return "?";
}

}  // namespace lbconform
