// The one algorithm every kernel runs, written once over a word-operations
// policy `Ops` (a simdjson "generic/" / Highway style template). Include it
// only from a kernel translation unit, inside an anonymous namespace, after
// defining LBCONFORM_KERNEL_ATTR; it uses builtins only, never std inline
// functions, so no code compiled for one instruction set leaks into another.
//
// It decides exactly what reference/ decides, by other means: masks instead
// of name sets, precomputed integer thresholds instead of ratio comparisons.
// The equivalence properties and the exhaustive check hold it to that.

enum : std::uint8_t {  // EligibleKind
  kAllHealthy,
  kAllLastResort,
  kPrimaryHealthy,
  kBackupHealthy,
  kPrimaryLastResort,
  kDrop
};
enum : std::uint8_t {  // ZonalAffinityStatus
  kDisabled,
  kIncompatibleClient,
  kNoZonalMatch,
  kApplied,
  kTrafficDropped,
  kNsiPacketDrop
};
enum : std::uint8_t { kRefined, kReplaced, kUnchanged };  // ZonalAffinityOutcome

// DecideEligible: the original eligible backends and their kind — every
// healthy VM or, with none, every VM without failover; with failover the
// failover-ratio table (FO-12..FO-14, FO-20, GAP-1).
template <class Ops>
LBCONFORM_KERNEL_ATTR inline void DecideEligible(const KernelTables& t, const std::uint64_t* healthy,
                                                 std::uint64_t* eligible, KernelResult& r) {
  const std::uint32_t w = t.words;
  if (!t.failover_configured) {
    if (Ops::AndAny(eligible, healthy, t.all, w)) {
      r.kind = kAllHealthy;
    } else {
      Ops::Copy(eligible, t.all, w);
      r.kind = kAllLastResort;
    }
    return;
  }
  const std::uint32_t healthy_primaries = Ops::PopcountAnd(healthy, t.primary, w);
  const bool keep_primaries =
      t.failover_ratio_zero ? healthy_primaries > 0 : healthy_primaries >= t.min_healthy_primaries;
  if (keep_primaries) {
    Ops::AndAny(eligible, healthy, t.primary, w);
    r.kind = kPrimaryHealthy;
  } else if (Ops::AndAny(eligible, healthy, t.backup, w)) {
    r.kind = kBackupHealthy;  // eligible already holds the healthy backups
  } else if (healthy_primaries == 0) {
    if (t.drop_traffic_if_unhealthy) {
      Ops::Zero(eligible, w);
      r.kind = kDrop;
    } else {
      Ops::Copy(eligible, t.primary, w);
      r.kind = kPrimaryLastResort;
    }
  } else {
    Ops::AndAny(eligible, healthy, t.primary, w);  // no table row: healthy primaries
    r.kind = kPrimaryHealthy;
  }
}

// ZonalAffinityEndsEarly decides the statuses reached before any zonal match
// is tested (disabled, Network Security Integration, incompatible client,
// dropped traffic); false when the match must be tested.
template <class Ops>
LBCONFORM_KERNEL_ATTR inline bool ZonalAffinityEndsEarly(const KernelTables& t, bool compatible,
                                                         const std::uint64_t* eligible, std::uint64_t* modified,
                                                         KernelResult& r) {
  const std::uint32_t w = t.words;
  if (t.spillover == 0) {
    r.status = kDisabled;
    Ops::Copy(modified, eligible, w);
  } else if (t.network_security_integration) {
    r.status = kNsiPacketDrop;
    Ops::Zero(modified, w);
  } else if (!compatible) {
    r.status = kIncompatibleClient;
    Ops::Copy(modified, eligible, w);
  } else if (r.kind == kDrop) {
    r.status = kTrafficDropped;
    Ops::Zero(modified, w);
  } else {
    return false;
  }
  return true;
}

// TestClassOf: the backends tested for a zonal match follow the eligible kind.
LBCONFORM_KERNEL_ATTR inline std::uint8_t TestClassOf(std::uint8_t kind) {
  return kind == kBackupHealthy                            ? kTestBackup
         : (kind == kAllHealthy || kind == kAllLastResort) ? kTestAll
                                                           : kTestPrimary;
}

// SpillByRatio: SPILL_CROSS_ZONE with a ratio above 0 refines when the
// numerator meets the precomputed minimum; `modified` holds the intersection.
template <class Ops>
LBCONFORM_KERNEL_ATTR inline void SpillByRatio(const KernelTables& t, const std::uint64_t* healthy, std::int32_t zone,
                                               std::uint8_t test_class, std::uint32_t intersection,
                                               std::uint32_t matched_count, const std::uint64_t* eligible,
                                               std::uint64_t* modified, KernelResult& r) {
  const std::uint32_t w = t.words;
  const std::uint32_t numerator = t.english_revision ? Ops::PopcountAnd(modified, healthy, w) : intersection;
  r.ratio_numerator = numerator;
  r.ratio_denominator = matched_count;
  if (numerator >= t.min_spill[test_class * t.zone_count + static_cast<std::uint32_t>(zone)]) {
    r.outcome = kRefined;
  } else {
    r.outcome = kUnchanged;
    Ops::Copy(modified, eligible, w);
  }
}

// ApplyZonalMatch: the modified eligible backends once the zonal match is
// known (`modified` holds matched ∩ eligible, `intersection` its size).
template <class Ops>
LBCONFORM_KERNEL_ATTR inline void ApplyZonalMatch(const KernelTables& t, const std::uint64_t* healthy,
                                                  std::int32_t zone, std::uint8_t test_class,
                                                  std::uint32_t intersection, std::uint32_t matched_count,
                                                  const std::uint64_t* eligible, const std::uint64_t* matched,
                                                  std::uint64_t* modified, KernelResult& r) {
  const std::uint32_t w = t.words;
  if (t.spillover == 1) {  // STAY_WITHIN_ZONE
    if (intersection > 0) {
      r.outcome = kRefined;
    } else {
      r.outcome = kReplaced;
      Ops::Copy(modified, matched, w);
    }
  } else if (t.spillover_ratio_zero) {  // SPILL_CROSS_ZONE, ratio 0
    const bool last_resort = r.kind == kAllLastResort || r.kind == kPrimaryLastResort;
    if (intersection > 0 && !(t.english_revision && last_resort)) {
      r.outcome = kRefined;
    } else {
      r.outcome = kUnchanged;
      Ops::Copy(modified, eligible, w);
    }
  } else {
    SpillByRatio<Ops>(t, healthy, zone, test_class, intersection, matched_count, eligible, modified, r);
  }
}

template <class Ops>
LBCONFORM_KERNEL_ATTR inline void DecideOneGeneric(const KernelTables& t, const std::uint64_t* healthy,
                                                   std::int32_t zone, bool compatible, std::uint64_t* eligible,
                                                   std::uint64_t* modified, std::uint64_t* test, std::uint64_t* matched,
                                                   KernelResult& r) {
  const std::uint32_t w = t.words;
  r.outcome = kNoOutcome;
  r.ratio_numerator = 0;
  r.ratio_denominator = 0;
  DecideEligible<Ops>(t, healthy, eligible, r);
  if (ZonalAffinityEndsEarly<Ops>(t, compatible, eligible, modified, r)) return;
  const std::uint8_t test_class = TestClassOf(r.kind);
  const std::uint64_t* test_mask = test_class == kTestBackup ? t.backup : test_class == kTestAll ? t.all : t.primary;
  if (test != nullptr) Ops::Copy(test, test_mask, w);
  std::uint32_t matched_count = 0;
  if (zone >= 0) {
    matched_count = Ops::AndPopcount(matched, test_mask, t.zones + static_cast<std::size_t>(zone) * w, w);
  } else {
    Ops::Zero(matched, w);
  }
  if (matched_count == 0) {
    r.status = kNoZonalMatch;
    Ops::Copy(modified, eligible, w);
    return;
  }
  r.status = kApplied;
  // modified := matched ∩ eligible, provisionally; replaced when needed.
  const std::uint32_t intersection = Ops::AndPopcount(modified, matched, eligible, w);
  ApplyZonalMatch<Ops>(t, healthy, zone, test_class, intersection, matched_count, eligible, matched, modified, r);
}

template <class Ops>
LBCONFORM_KERNEL_ATTR void DecideOneEntry(const KernelTables& t, const std::uint64_t* healthy, std::int32_t zone,
                                          bool compatible, KernelResult& r) {
  std::uint64_t scratch_matched[Ops::kScratchWords];
  std::uint64_t* heap = nullptr;
  std::uint64_t* test = r.test;
  std::uint64_t* matched = r.matched;
  if (matched == nullptr) {
    if (t.words <= Ops::kScratchWords) {
      matched = scratch_matched;
    } else {
      heap = new std::uint64_t[t.words];
      matched = heap;
    }
  }
  DecideOneGeneric<Ops>(t, healthy, zone, compatible, r.eligible, r.modified, test, matched, r);
  delete[] heap;
}

// ------------------------------ Batch, fixed width
//
// DecideBatchFixed is the batch path for services of W words (W ≤ 8, i.e.
// up to 512 VMs), written once over the translation unit's `Lanes<W>`: a
// mask type `Vec` with Load, Store, And, Or, Select (all-ones/zeros mask),
// Any and Popcount. The service's configuration is constant over a batch, so
// it becomes template parameters (kFailover; kSpill: 0 disabled, 1 stay, 2
// spill ratio 0, 3 spill ratio > 0); the eligible and modified sets are
// chosen with masks, not data-dependent branches; zonally matched masks and
// their sizes come precomputed per (class, zone).
template <std::uint32_t W, bool kFailover, int kSpill>
LBCONFORM_KERNEL_ATTR void DecideBatchFixed(const KernelTables& t, const BatchInput& in, const BatchOutput& out) {
  using L = Lanes<W>;
  using V = typename L::Vec;
  const V primary = L::Load(t.primary);
  const V backup = L::Load(t.backup);
  const V all = L::Load(t.all);
  for (std::size_t i = 0; i < in.count; ++i) {
    const V h = L::Load(in.healthy + i * W);
    V eligible;
    std::uint8_t kind;
    if constexpr (kFailover) {
      const V healthy_primary = L::And(h, primary);
      const V healthy_backup = L::And(h, backup);
      const std::uint32_t healthy_primaries = L::Popcount(healthy_primary);
      const bool keep = t.failover_ratio_zero ? healthy_primaries != 0 : healthy_primaries >= t.min_healthy_primaries;
      const bool backups = !keep && L::Any(healthy_backup);
      const bool primaries_left = !keep && !backups && healthy_primaries != 0;  // no table row
      const bool none = !keep && !backups && healthy_primaries == 0;
      const bool drop = none && t.drop_traffic_if_unhealthy;
      eligible = L::Or(L::Or(L::Select(healthy_primary, keep || primaries_left), L::Select(healthy_backup, backups)),
                       L::Select(primary, none && !drop));
      kind = (keep || primaries_left) ? kPrimaryHealthy : backups ? kBackupHealthy : drop ? kDrop : kPrimaryLastResort;
    } else {
      const V healthy = L::And(h, all);
      const bool any = L::Any(healthy);
      eligible = L::Or(L::Select(healthy, any), L::Select(all, !any));
      kind = any ? kAllHealthy : kAllLastResort;
    }
    out.kind[i] = kind;
    out.outcome[i] = kNoOutcome;
    V modified = eligible;
    if constexpr (kSpill == 0) {
      out.status[i] = kDisabled;
    } else {
      const std::int32_t zone = in.client_zone[i];
      const std::uint8_t test_class = !kFailover ? kTestAll : kind == kBackupHealthy ? kTestBackup : kTestPrimary;
      const std::uint32_t cell = test_class * t.zone_count + static_cast<std::uint32_t>(zone);
      const std::uint8_t status = t.network_security_integration             ? kNsiPacketDrop
                                  : in.client_compatible[i] == 0             ? kIncompatibleClient
                                  : kind == kDrop                            ? kTrafficDropped
                                  : (zone < 0 || t.class_in_zone[cell] == 0) ? kNoZonalMatch
                                                                             : kApplied;
      out.status[i] = status;
      const bool applied = status == kApplied;
      // The zero entry after the tables stands in when not applied.
      const std::uint32_t entry = applied ? cell : 3 * t.zone_count;
      const V matched = L::Load(t.matched + static_cast<std::size_t>(entry) * W);
      const V intersection = L::And(matched, eligible);
      bool refine;
      bool replace = false;
      if constexpr (kSpill == 1) {
        refine = L::Any(intersection);
        replace = !refine;
      } else if constexpr (kSpill == 2) {
        const bool last_resort = kind == kAllLastResort || kind == kPrimaryLastResort;
        refine = L::Any(intersection) && !(t.english_revision && last_resort);
      } else {
        const std::uint32_t numerator = L::Popcount(t.english_revision ? L::And(intersection, h) : intersection);
        refine = numerator >= t.min_spill[entry];
      }
      if (applied) out.outcome[i] = refine ? kRefined : replace ? kReplaced : kUnchanged;
      const bool dropped = status == kNsiPacketDrop || status == kTrafficDropped;
      const bool keep_eligible = applied ? !(refine || replace) : !dropped;
      modified = L::Or(L::Or(L::Select(intersection, applied && refine), L::Select(matched, applied && replace)),
                       L::Select(eligible, keep_eligible));
    }
    L::Store(out.eligible + i * W, eligible);
    L::Store(out.modified + i * W, modified);
  }
}

// ScalarLanes is the portable Lanes<W>: W words in an array.
template <std::uint32_t W>
struct ScalarLanes {
  struct Vec {
    std::uint64_t w[W];
  };
  static Vec Load(const std::uint64_t* p) {
    Vec v;
    for (std::uint32_t j = 0; j < W; ++j) v.w[j] = p[j];
    return v;
  }
  static void Store(std::uint64_t* p, const Vec& v) {
    for (std::uint32_t j = 0; j < W; ++j) p[j] = v.w[j];
  }
  static Vec And(const Vec& a, const Vec& b) {
    Vec v;
    for (std::uint32_t j = 0; j < W; ++j) v.w[j] = a.w[j] & b.w[j];
    return v;
  }
  static Vec Or(const Vec& a, const Vec& b) {
    Vec v;
    for (std::uint32_t j = 0; j < W; ++j) v.w[j] = a.w[j] | b.w[j];
    return v;
  }
  // Select is `a` when `take`, else the empty mask, without a branch.
  static Vec Select(const Vec& a, bool take) {
    const std::uint64_t mask = 0 - static_cast<std::uint64_t>(take);
    Vec v;
    for (std::uint32_t j = 0; j < W; ++j) v.w[j] = a.w[j] & mask;
    return v;
  }
  static bool Any(const Vec& a) {
    std::uint64_t any = 0;
    for (std::uint32_t j = 0; j < W; ++j) any |= a.w[j];
    return any != 0;
  }
  static std::uint32_t Popcount(const Vec& a) {
    std::uint32_t count = 0;
    for (std::uint32_t j = 0; j < W; ++j) count += static_cast<std::uint32_t>(__builtin_popcountll(a.w[j]));
    return count;
  }
};

template <std::uint32_t W>
LBCONFORM_KERNEL_ATTR void DecideBatchWidth(const KernelTables& t, const BatchInput& in, const BatchOutput& out) {
  const int spill = t.spillover == 0 ? 0 : t.spillover == 1 ? 1 : t.spillover_ratio_zero ? 2 : 3;
  if (t.failover_configured) {
    switch (spill) {
      case 0:
        return DecideBatchFixed<W, true, 0>(t, in, out);
      case 1:
        return DecideBatchFixed<W, true, 1>(t, in, out);
      case 2:
        return DecideBatchFixed<W, true, 2>(t, in, out);
      default:
        return DecideBatchFixed<W, true, 3>(t, in, out);
    }
  }
  switch (spill) {
    case 0:
      return DecideBatchFixed<W, false, 0>(t, in, out);
    case 1:
      return DecideBatchFixed<W, false, 1>(t, in, out);
    case 2:
      return DecideBatchFixed<W, false, 2>(t, in, out);
    default:
      return DecideBatchFixed<W, false, 3>(t, in, out);
  }
}

template <class Ops>
LBCONFORM_KERNEL_ATTR void DecideBatchGeneric(const KernelTables& t, const BatchInput& in, const BatchOutput& out) {
  const std::uint32_t w = t.words;
  std::uint64_t scratch[Ops::kScratchWords];
  std::uint64_t* matched = w <= Ops::kScratchWords ? scratch : new std::uint64_t[w];
  KernelResult r;
  for (std::size_t i = 0; i < in.count; ++i) {
    const std::size_t offset = i * w;
    DecideOneGeneric<Ops>(t, in.healthy + offset, in.client_zone[i], in.client_compatible[i] != 0,
                          out.eligible + offset, out.modified + offset, nullptr, matched, r);
    out.kind[i] = r.kind;
    out.status[i] = r.status;
    out.outcome[i] = r.outcome;
  }
  if (matched != scratch) delete[] matched;
}

template <class Ops>
LBCONFORM_KERNEL_ATTR void DecideBatchEntry(const KernelTables& t, const BatchInput& in, const BatchOutput& out) {
  switch (t.words) {
    case 1:
      return DecideBatchWidth<1>(t, in, out);
    case 2:
      return DecideBatchWidth<2>(t, in, out);
    case 3:
      return DecideBatchWidth<3>(t, in, out);
    case 4:
      return DecideBatchWidth<4>(t, in, out);
    case 5:
      return DecideBatchWidth<5>(t, in, out);
    case 6:
      return DecideBatchWidth<6>(t, in, out);
    case 7:
      return DecideBatchWidth<7>(t, in, out);
    case 8:
      return DecideBatchWidth<8>(t, in, out);
    default:
      return DecideBatchGeneric<Ops>(t, in, out);
  }
}
