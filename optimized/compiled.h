// A passthrough scenario compiled into bit masks: compile the backend service
// once, then decide each new connection with word operations.
#ifndef LBCONFORM_OPTIMIZED_COMPILED_H_
#define LBCONFORM_OPTIMIZED_COMPILED_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"
#include "optimized/kernels/kernel.h"

namespace lbconform::optimized {

// MaskDecision is a decision as masks (bit i = vm_names()[i]).
struct MaskDecision {
  std::vector<std::uint64_t> eligible;
  std::vector<std::uint64_t> modified;
  std::vector<std::uint64_t> test;
  std::vector<std::uint64_t> matched;
  KernelResult codes;
};

class CompiledPassthrough {
 public:
  // Compile builds the masks and thresholds. The scenario must be valid
  // (OptimizedEngine validates first).
  static CompiledPassthrough Compile(const PassthroughScenario& scenario, Profile profile);

  std::uint32_t words() const { return tables_.words; }
  const std::vector<std::string>& vm_names() const { return names_; }
  const KernelTables& tables() const { return tables_; }

  // SetFailoverPolicy recomputes the failover thresholds after a policy change
  // (a timeline's `config` event); the masks stay.
  void SetFailoverPolicy(const FailoverPolicy& policy);
  // BitOf is the bit of an instance name (it must be one of vm_names()).
  std::size_t BitOf(std::string_view name) const;

  // HealthMask is the scenario's own health as a mask.
  std::vector<std::uint64_t> HealthMask(const PassthroughScenario& scenario) const;
  // ZoneIndex is the index of a zone holding a VM, or -1.
  std::int32_t ZoneIndex(std::string_view zone) const;
  // ClientCompatible: a VM client in the load balancer's region.
  bool ClientCompatible(const Client& client) const;

  // Decide runs `kernel` on one health mask and client.
  MaskDecision Decide(const Kernel& kernel, const std::vector<std::uint64_t>& healthy, std::int32_t client_zone,
                      bool client_compatible) const;
  // DecideInto is the allocation-free hot path: `result` points at caller
  // buffers of words() words each.
  void DecideInto(const Kernel& kernel, const std::uint64_t* healthy, std::int32_t client_zone, bool client_compatible,
                  KernelResult& result) const {
    kernel.decide_one(tables_, healthy, client_zone, client_compatible, result);
  }
  // ToDecision turns masks into the model's decision (names in byte order).
  PassthroughDecision ToDecision(const MaskDecision& masks) const;

 private:
  void Refresh();  // point tables_ at the owned storage

  std::vector<std::string> names_;
  std::vector<std::string> zone_names_;
  std::string region_;
  std::vector<std::uint64_t> all_, primary_, backup_, zones_;
  std::vector<std::uint32_t> min_spill_;
  std::vector<std::uint32_t> class_in_zone_;
  std::vector<std::uint64_t> matched_;
  KernelTables tables_;
};

}  // namespace lbconform::optimized

#endif  // LBCONFORM_OPTIMIZED_COMPILED_H_
