// Connections over time: connection tracking (CT-*), connection persistence on
// unhealthy backends, and draining on failover and failback (FO-21, FO-22).
#ifndef LBCONFORM_REFERENCE_TIMELINE_H_
#define LBCONFORM_REFERENCE_TIMELINE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "model/timeline_model.h"
#include "reference/failover.h"

namespace lbconform::reference {

// Connection is one row of the load balancer's connection tracking table, as
// the timeline follows it.
struct Connection {
  std::string id;
  std::size_t instance = 0;  // index into the scenario's instances
  ConnectionProtocol protocol = ConnectionProtocol::kTcp;
  ConnectionState state = ConnectionState::kActive;
  std::int64_t draining_until = 0;  // when kDraining
};

// ValidateTimeline returns the rules the timeline breaks beyond the initial
// scenario's own (ValidateScenario): failover ratios set by `config` events
// and the connection tracking policy.
std::vector<Error> ValidateTimeline(const TimelineScenario& timeline, Trace& trace);

// RoleOf is the role of the VMs in an active pool: primary, backup, or none
// (no failover configured, or the pool is dropped).
enum class PoolRole { kPrimary, kBackup, kNone };
PoolRole RoleOf(EligibleKind kind);

// ClassifyTransition says whether a new active pool is a failover, a failback
// or neither [FO-9], GAP-20.
Transition ClassifyTransition(PoolRole before, PoolRole after, Trace& trace);

// The per-event rules, in the order the timeline applies them.
void EndExpiredDraining(std::int64_t at, std::vector<Connection>& connections, Trace& trace);
void DrainOrResetOutsideNewPool(std::int64_t at, const PassthroughScenario& scenario, const PassthroughDecision& pool,
                                std::int64_t draining_timeout, std::vector<Connection>& connections, Trace& trace);
void RejoinPool(const PassthroughScenario& scenario, const PassthroughDecision& pool,
                std::vector<Connection>& connections, Trace& trace);
void ApplyPersistenceOnUnhealthy(const PassthroughScenario& scenario, const ConnectionTracking& tracking,
                                 std::vector<Connection>& connections, Trace& trace);
Connection EstablishConnection(std::string id, std::size_t instance, ConnectionProtocol protocol,
                               const PassthroughScenario& scenario, const PassthroughDecision& pool, Trace& trace);

// MayPersistOnUnhealthy is CT-3..CT-6 for one connection.
bool MayPersistOnUnhealthy(const ConnectionTracking& tracking, ConnectionProtocol protocol,
                           bool every_backend_unhealthy);

}  // namespace lbconform::reference

#endif  // LBCONFORM_REFERENCE_TIMELINE_H_
