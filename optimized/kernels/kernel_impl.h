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
  kAllHealthy, kAllLastResort, kPrimaryHealthy, kBackupHealthy, kPrimaryLastResort, kDrop
};
enum : std::uint8_t {  // ZonalAffinityStatus
  kDisabled, kIncompatibleClient, kNoZonalMatch, kApplied, kTrafficDropped, kNsiPacketDrop
};
enum : std::uint8_t { kRefined, kReplaced, kUnchanged };  // ZonalAffinityOutcome

template <class Ops>
LBCONFORM_KERNEL_ATTR inline void DecideOneGeneric(const KernelTables& t, const std::uint64_t* healthy,
                                                   std::int32_t zone, bool compatible,
                                                   std::uint64_t* eligible, std::uint64_t* modified,
                                                   std::uint64_t* test, std::uint64_t* matched,
                                                   KernelResult& r) {
  const std::uint32_t w = t.words;
  r.outcome = kNoOutcome;
  r.ratio_numerator = 0;
  r.ratio_denominator = 0;

  // Eligible backends.
  if (!t.failover_configured) {
    if (Ops::AndAny(eligible, healthy, t.all, w)) {
      r.kind = kAllHealthy;
    } else {
      Ops::Copy(eligible, t.all, w);
      r.kind = kAllLastResort;
    }
  } else {
    const std::uint32_t healthy_primaries = Ops::PopcountAnd(healthy, t.primary, w);
    const bool keep_primaries = t.failover_ratio_zero ? healthy_primaries > 0
                                                      : healthy_primaries >= t.min_healthy_primaries;
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

  // Zonal affinity.
  if (t.spillover == 0) {
    r.status = kDisabled;
    Ops::Copy(modified, eligible, w);
    return;
  }
  if (t.network_security_integration) {
    r.status = kNsiPacketDrop;
    Ops::Zero(modified, w);
    return;
  }
  if (!compatible) {
    r.status = kIncompatibleClient;
    Ops::Copy(modified, eligible, w);
    return;
  }
  if (r.kind == kDrop) {
    r.status = kTrafficDropped;
    Ops::Zero(modified, w);
    return;
  }
  const std::uint8_t test_class = r.kind == kBackupHealthy ? kTestBackup
                                  : (r.kind == kAllHealthy || r.kind == kAllLastResort) ? kTestAll
                                                                                        : kTestPrimary;
  const std::uint64_t* test_mask = test_class == kTestBackup ? t.backup
                                   : test_class == kTestAll  ? t.all
                                                             : t.primary;
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
  const bool last_resort = r.kind == kAllLastResort || r.kind == kPrimaryLastResort;
  // modified := matched ∩ eligible, provisionally; replaced below when needed.
  const std::uint32_t intersection = Ops::AndPopcount(modified, matched, eligible, w);
  if (t.spillover == 1) {  // STAY_WITHIN_ZONE
    if (intersection > 0) {
      r.outcome = kRefined;
    } else {
      r.outcome = kReplaced;
      Ops::Copy(modified, matched, w);
    }
    return;
  }
  if (t.spillover_ratio_zero) {  // SPILL_CROSS_ZONE, ratio 0
    if (intersection > 0 && !(t.english_revision && last_resort)) {
      r.outcome = kRefined;
    } else {
      r.outcome = kUnchanged;
      Ops::Copy(modified, eligible, w);
    }
    return;
  }
  // SPILL_CROSS_ZONE, ratio > 0: numerator >= the precomputed minimum.
  const std::uint32_t numerator =
      t.english_revision ? Ops::PopcountAnd(modified, healthy, w) : intersection;
  r.ratio_numerator = numerator;
  r.ratio_denominator = matched_count;
  if (numerator >= t.min_spill[test_class * t.zone_count + static_cast<std::uint32_t>(zone)]) {
    r.outcome = kRefined;
  } else {
    r.outcome = kUnchanged;
    Ops::Copy(modified, eligible, w);
  }
}

template <class Ops>
LBCONFORM_KERNEL_ATTR void DecideOneEntry(const KernelTables& t, const std::uint64_t* healthy,
                                          std::int32_t zone, bool compatible, KernelResult& r) {
  std::uint64_t scratch_test[Ops::kScratchWords];
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
  (void)scratch_test;
  DecideOneGeneric<Ops>(t, healthy, zone, compatible, r.eligible, r.modified, test, matched, r);
  delete[] heap;
}

template <class Ops>
LBCONFORM_KERNEL_ATTR void DecideBatchEntry(const KernelTables& t, const BatchInput& in,
                                            const BatchOutput& out) {
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
